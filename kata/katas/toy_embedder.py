"""A toy sentence embedder for kata 08: deterministic, pure Python, and good enough to show topics.

Each sentence becomes a bag of words hashed into a fixed-size vector: its text is lowercased,
its words are the runs of letters, digits and underscores (`re.findall(r"\\w+", ...)`), and
each word adds 1.0 to the position `zlib.crc32(word) % dimensions`. So two sentences that
share words point the same way, and the cosine similarity of two sentences whose words all
differ is 0.0 (unless two of their words happen to land on the same position, which is rare).

The vectors are raw counts, not normalised: a sentence that repeats a word, or simply has more
words, gets a longer vector. A sentence with no word at all (`""`, `"---"`) gets the zero vector.

It is a stand-in for a real embedding model, which needs no download and gives the same numbers
on every machine: `toy_embed` takes a batch of sentences, like a model's `encode`.

    >>> from kata.katas.toy_embedder import toy_embed
    >>> vectors = toy_embed(["Cats purr.", "Cats sleep."])
    >>> len(vectors), len(vectors[0])
    (2, 256)
"""

from __future__ import annotations

import re
import zlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

DIMENSIONS = 256
_WORD = re.compile(r"\w+")


def toy_embed(sentences: Sequence[str], dimensions: int = DIMENSIONS) -> list[list[float]]:
    """One vector of `dimensions` floats per sentence, in order: the sentence's word counts, hashed.

    `sentences` is a list (or any sequence) of str. Raises TypeError for a sentence that is
    not a str, naming it as sentences[i], and for a `dimensions` that is not an int (bool
    included); ValueError when `dimensions < 1`.
    """
    if not isinstance(dimensions, int) or isinstance(dimensions, bool):
        raise TypeError(f"dimensions must be an int, got {dimensions!r} of type {type(dimensions).__name__}")
    if dimensions < 1:
        raise ValueError(f"dimensions must be at least 1, got {dimensions}")
    if isinstance(sentences, str):
        raise TypeError("sentences must be a list of str, not one str: toy_embed embeds a batch")
    vectors = []
    for index, sentence in enumerate(sentences):
        if not isinstance(sentence, str):
            raise TypeError(f"sentences[{index}] must be a str, got {sentence!r} of type {type(sentence).__name__}")
        vector = [0.0] * dimensions
        for word in _WORD.findall(sentence.lower()):
            vector[zlib.crc32(word.encode("utf-8")) % dimensions] += 1.0
        vectors.append(vector)
    return vectors
