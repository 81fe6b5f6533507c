"""The inputs `kata bench` times, one builder per kata, keyed by the kata's slug.

A builder turns a size n into the arguments of one call. Each input is shaped so
that the classic slow mistake of its kata shows: kata 01 has many windows (copying
the rest of the input on every step is quadratic), kata 02 and kata 03 have a few
huge chunks (adding up the open chunk again for each sentence is quadratic).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from collections.abc import Callable


@dataclass(frozen=True)
class BenchInput:
    function: str  # which of the kata's functions is timed
    call: str  # the call, in words, with n
    first_size: int
    build: Callable[[int], tuple]  # n -> the positional arguments


# Words drawn from a small vocabulary, as in real text: the input is mostly references to
# the same few strings, so it stays small enough for the processor's caches, whose limits
# would otherwise show up as growth.
VOCABULARY = [f"w{i}" for i in range(1000)]


def _tokens(n: int) -> tuple:
    return [VOCABULARY[i % len(VOCABULARY)] for i in range(n)], 16, 4


def _sentence_sizes(n: int) -> tuple:
    sizes = random.Random(n).choices(range(1, 10), k=n)
    return sizes, n  # about five chunks, each thousands of sentences long


def _text(n: int) -> tuple:
    """n words in sentences of 4 to 15 words, six sentences to a paragraph."""
    rng = random.Random(n)
    sentences, words = [], 0
    while words < n:
        length = min(rng.randint(4, 15), n - words)
        sentences.append(" ".join(VOCABULARY[(words + i) % len(VOCABULARY)] for i in range(length)) + ".")
        words += length
    paragraphs = (" ".join(sentences[start:start + 6]) for start in range(0, len(sentences), 6))
    return "\n\n".join(paragraphs), max(n // 4, 1)


BENCH_INPUTS = {
    "01_fixed_windows": BenchInput(
        "fixed_windows", "fixed_windows(n tokens, chunk_size=16, overlap=4)", 1_000, _tokens),
    "02_token_budget_packer": BenchInput(
        "pack_sentences", "pack_sentences(n sizes of 1 to 9 tokens, max_tokens=n)", 1_000, _sentence_sizes),
    "03_recursive_chunker": BenchInput(
        "chunk_text", "chunk_text(n words in sentences, max_tokens=n // 4)", 1_000, _text),
}
