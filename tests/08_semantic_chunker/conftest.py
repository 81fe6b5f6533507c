"""What kata 08's tests share: embedders that count their calls and record what they were given.

The statement's examples pass `toy_embed` or a lambda; the tests pass the same functions
wrapped in a `CountingEmbedder`, which behaves the same, remembers every batch it was
called with (the contract allows one call), and shows in reports as the expression the
statement uses: toy_embed, or lambda batch: [[1.0, 0.0], ...].
"""

from __future__ import annotations

import pytest

from kata.toy_embedder import toy_embed


class CountingEmbedder:
    """A batch embedder that records each batch it is called with, then answers with `function(batch)`."""

    def __init__(self, function, label: str):
        self.function = function
        self.label = label
        self.batches = []  # one entry per call: the batch as it came in

    def __call__(self, batch):
        self.batches.append(batch if type(batch) is not list else list(batch))
        return self.function(batch)

    @property
    def calls(self) -> int:
        return len(self.batches)

    def __repr__(self) -> str:
        return self.label


class Embedders:
    """Ways to build a fresh CountingEmbedder; each test builds its own, so the counts start at 0."""

    @staticmethod
    def toy() -> CountingEmbedder:
        """The project's toy embedder, as the statement's examples use it."""
        return CountingEmbedder(toy_embed, "toy_embed")

    @staticmethod
    def fixed(vectors) -> CountingEmbedder:
        """Answers every call with these vectors, whatever the batch: `lambda batch: vectors`."""
        vectors = [list(vector) if isinstance(vector, list) else vector for vector in vectors]
        return CountingEmbedder(lambda batch: [list(v) if isinstance(v, list) else v for v in vectors],
                                f"lambda batch: {vectors!r}")

    @staticmethod
    def same(vector, label: str) -> CountingEmbedder:
        """Answers with the same vector for every sentence of the batch, cheaply (for the guards)."""
        return CountingEmbedder(lambda batch: [vector] * len(batch), label)

    @staticmethod
    def of(function, label: str) -> CountingEmbedder:
        return CountingEmbedder(function, label)


@pytest.fixture(scope="session")
def embedder():
    """Builds embedders that count their calls: embedder.toy(), embedder.fixed([[1.0, 0.0], ...])."""
    return Embedders
