"""What kata 08's tests share: embedders that count their calls and record what they were given.

The statement's examples pass `toy_embed` or a lambda; the tests pass the same functions
wrapped in a `CountingEmbedder`, which behaves the same, remembers every batch it was
called with (the contract allows one call), and shows in reports as the expression the
statement uses: toy_embed, or lambda batch: [[1.0, 0.0], ...].
"""

from __future__ import annotations

import pytest

from kata.judging.vocabulary import SHOWN_BESIDE, counted, show
from kata.katas.toy_embedder import toy_embed
from tests.support.answers import is_exactly

SHOWN_CALLS = 6  # calls; up to this many, each batch's size is listed (and, if small, its sentences)
SHOWN_SENTENCES = 12  # sentences in all the batches; up to this many, the batches are shown whole


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

    def called_once_with(self, sentences) -> bool:
        """One call, with a list of exactly these sentences, read strictly (a list of str, compared as such)."""
        return self.calls == 1 and is_exactly(self.batches[0], list(sentences))

    def described(self) -> str:
        """How many calls embed got, and with how many sentences each: what every report about the calls says.

        "embed was called 625 times, with 32 sentences each." or "embed was called 2 times, with 3
        and 1 sentences: ['a', 'b', 'c'], ['d']." or "embed was not called."
        """
        if not self.batches:
            return "embed was not called."
        sizes = [_size(batch) for batch in self.batches]
        times = "once" if self.calls == 1 else f"{self.calls:,} times"
        if len(set(sizes)) == 1:
            sentences = counted(sizes[0], "sentence") + ("" if self.calls == 1 else " each")
        elif self.calls <= SHOWN_CALLS:
            sentences = f"{_listed([f'{size:,}' for size in sizes])} sentences"
        else:
            runs: dict[int, int] = {}
            for size in sizes:
                runs[size] = runs.get(size, 0) + 1
            sentences = _listed([f"{counted(size, 'sentence')} ({_times(count)})" for size, count in runs.items()])
        text = f"embed was called {times}, with {sentences}"
        if self.calls <= SHOWN_CALLS and sum(sizes) <= SHOWN_SENTENCES:
            text += ": " + ", ".join(show(batch, SHOWN_BESIDE) for batch in self.batches)
        return text + "."

    def __repr__(self) -> str:
        return self.label


def _size(batch) -> int:
    try:
        return len(batch)
    except TypeError:  # not a sized batch at all: it counts as none, and is shown as it is
        return 0


def _listed(words: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _times(count: int) -> str:
    return "once" if count == 1 else f"{count:,} times"


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
        return CountingEmbedder(
            lambda batch: [list(v) if isinstance(v, list) else v for v in vectors], f"lambda batch: {vectors!r}"
        )

    @staticmethod
    def same(vector, label: str) -> CountingEmbedder:
        """Answers with the same vector for every sentence of the batch, cheaply (for the guards)."""
        return CountingEmbedder(lambda batch: [vector] * len(batch), label)

    @staticmethod
    def drawn(vectors, label: str) -> CountingEmbedder:
        """Answers a batch with the first len(batch) of these vectors, cheaply (for the guards, whose vectors are
        drawn at run time): one call with every sentence gets them all, in order."""
        return CountingEmbedder(lambda batch: vectors[: len(batch)], label)

    @staticmethod
    def of(function, label: str) -> CountingEmbedder:
        return CountingEmbedder(function, label)


@pytest.fixture(scope="session")
def embedder():
    """Builds embedders that count their calls: embedder.toy(), embedder.fixed([[1.0, 0.0], ...])."""
    return Embedders
