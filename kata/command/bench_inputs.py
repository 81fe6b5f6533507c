"""The inputs `kata bench` times, one kind per kata, named by the kata's record (kata.katas).

A builder turns a size n into the arguments of one call. Each input is shaped so that the
classic slow mistake of its kata shows: many windows (copying the rest of the input on
every step is quadratic), a few huge chunks (adding up the open chunk again for each
sentence is quadratic), a long query against many chunks (scoring every query word against
every chunk), many hits among many children (a pass over the children for every hit).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from kata.katas.toy_tokenizer import ToyTokenizer

# Words drawn from a small vocabulary, as in real text: the input is mostly references to
# the same few strings, so it stays small enough for the processor's caches, whose limits
# would otherwise show up as growth.
VOCABULARY = [f"w{i}" for i in range(1000)]


class Stream(list):
    """Sizes handed to the code as a fresh iterator over them, for each call (kata 04 reads a stream)."""


def _tokens(n: int) -> tuple:
    return [VOCABULARY[i % len(VOCABULARY)] for i in range(n)], 16, 4


def _sizes(n: int) -> list[int]:
    return random.Random(n).choices(range(1, 10), k=n)


def _sentence_sizes(n: int) -> tuple:
    return _sizes(n), n  # about five chunks, each thousands of sentences long


def _stream_of_sizes(n: int) -> tuple:
    return Stream(_sizes(n)), n


def _sentences(n: int) -> list[str]:
    """Sentences of 4 to 15 words, n words in all."""
    rng = random.Random(n)
    sentences, words = [], 0
    while words < n:
        length = min(rng.randint(4, 15), n - words)
        sentences.append(" ".join(VOCABULARY[(words + i) % len(VOCABULARY)] for i in range(length)) + ".")
        words += length
    return sentences


def _text(n: int) -> tuple:
    """n words in sentences, six sentences to a paragraph."""
    sentences = _sentences(n)
    paragraphs = (" ".join(sentences[start : start + 6]) for start in range(0, len(sentences), 6))
    return "\n\n".join(paragraphs), max(n // 4, 1)


def _sections(n: int) -> tuple:
    """n short sections, packed 16 to a chunk by GPT-like counting: re-encoding everything packed so far shows."""
    return ["the cat"] * n, 32, ToyTokenizer()


def _markdown(n: int) -> tuple:
    """A document of n words under one heading, in paragraphs of eight words, and a budget as large as it:
    one chunk, so that counting the open chunk again for each paragraph shows."""
    paragraphs = [
        " ".join(VOCABULARY[(8 * index + i) % len(VOCABULARY)] for i in range(8)) for index in range(max(n // 8, 1))
    ]
    return "\n\n".join(["# Notes", *paragraphs]), n + 1


def _one_topic(n: int) -> tuple:
    """n sentences of one word on one topic, under a budget of n words: one chunk."""
    return ["w"] * n, lambda batch: [[1.0]] * len(batch), 0.5, n


def _query_and_chunks(n: int) -> tuple:
    """n // 20 chunks of 20 distinct words and a query of n // 10 of those words."""
    chunks = [" ".join(f"w{i * 20 + j}" for j in range(20)) for i in range(max(n // 20, 1))]
    return " ".join(f"w{i}" for i in range(max(n // 10, 1))), chunks


def _hits_among_children(n: int) -> tuple:
    """n children, ten to a parent, and a hit on every parent's first child."""
    parents_count = max(n // 10, 1)
    doc = "w " * (10 * parents_count)
    children = [(i // 10, 2 * i, 2 * i + 1) for i in range(10 * parents_count)]
    parents = [(20 * p, 20 * p + 19) for p in range(parents_count)]
    return doc, list(range(0, 10 * parents_count, 10)), children, parents, 1, 0.5, 10**9


# The kinds of input a kata's record names (kata.katas.Timed.inputs).
BUILDERS: dict[str, Callable[[int], tuple]] = {
    "tokens": _tokens,
    "sentence sizes": _sentence_sizes,
    "a stream of sentence sizes": _stream_of_sizes,
    "text": _text,
    "sections": _sections,
    "markdown": _markdown,
    "sentences on one topic": _one_topic,
    "a query and chunks": _query_and_chunks,
    "hits among children": _hits_among_children,
}
