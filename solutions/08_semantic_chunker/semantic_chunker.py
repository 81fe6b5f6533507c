"""Kata 08, reference solution: semantic chunking, cut where the topic changes."""

import math
import operator
from collections.abc import Callable, Sequence


def semantic_chunks(
    sentences: Sequence[str],
    embed: Callable[[list[str]], Sequence[Sequence[float]]],
    threshold: float,
    max_tokens: int,
) -> list[list[int]]:
    """Chunk sentences so that each chunk holds one topic and at most `max_tokens` words.

    `embed` is called once, with a list of all the sentences, and returns one vector per
    sentence. similarity(i) is the cosine similarity of the vectors of sentences i and i + 1,
    clamped to [-1, 1], and 0.0 when either vector is all zeros. A boundary falls between i and
    i + 1 when similarity(i) < threshold. Each segment between boundaries is packed with kata
    02's greedy rule, a sentence's size being its number of whitespace-separated words. The
    result lists chunks of sentence indices, in order, each index exactly once; no sentences
    give [] without calling embed.

    Raises TypeError when threshold is not an int or a float, max_tokens is not an int (bool
    is not accepted for either), embed is not callable, sentences is not a sequence or is a
    str, or a sentence is not a str; ValueError
    when threshold is outside [-1, 1], max_tokens < 1, or embed returns the wrong number of
    vectors or vectors of different lengths. The arguments are checked before embed is called.

    Time O(n * d) for n sentences and vectors of d numbers, plus the one call to embed.
    """
    if not isinstance(threshold, (int, float)) or isinstance(threshold, bool):  # True would pass as 1
        raise TypeError(f"threshold must be an int or a float, got {threshold!r} of type {type(threshold).__name__}")
    if not -1 <= threshold <= 1:  # also rejects nan, for which every comparison is False
        raise ValueError(f"threshold must be between -1 and 1, got {threshold}")
    if not isinstance(max_tokens, int) or isinstance(max_tokens, bool):
        raise TypeError(f"max_tokens must be an int, got {max_tokens!r} of type {type(max_tokens).__name__}")
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
    if not callable(embed):
        raise TypeError(f"embed must be callable, got {embed!r} of type {type(embed).__name__}")
    if isinstance(sentences, str) or not isinstance(sentences, Sequence):  # a str is one text, not its sentences
        raise TypeError(
            f"sentences must be a sequence of str, such as a list, got a value of type {type(sentences).__name__}"
        )
    sentences = list(sentences)  # a new list of our own: embed gets a list, and the caller's is never touched
    for index, sentence in enumerate(sentences):
        if not isinstance(sentence, str):
            raise TypeError(f"sentences[{index}] must be a str, got {sentence!r} of type {type(sentence).__name__}")
    if not sentences:
        return []  # no model call for nothing: some models reject an empty batch

    sizes = [len(sentence.split()) for sentence in sentences]  # measured before embed could change the list
    vectors = _embed_once(embed, sentences)
    similarities = _neighbour_similarities(vectors)

    chunks = []
    current: list[int] = []  # indices of the open chunk
    total = 0  # the sum of the sizes in `current`
    for index, size in enumerate(sizes):
        # similarity(index - 1) compares this sentence with the one before it: a drop
        # puts the boundary AFTER sentence index - 1, so this sentence opens the new chunk.
        topic_changes = index > 0 and similarities[index - 1] < threshold
        if current and (topic_changes or total + size > max_tokens):
            chunks.append(current)
            current, total = [], 0  # a new list, and the budget starts again in every chunk
        current.append(index)
        total += size
    chunks.append(current)  # there was at least one sentence, so the last chunk is not empty
    return chunks


def _embed_once(embed: Callable[[list[str]], Sequence[Sequence[float]]], sentences: list[str]) -> list[Sequence[float]]:
    """All the vectors from one call (one batch is one model call), checked for count and length."""
    vectors = list(embed(sentences))
    if len(vectors) != len(sentences):
        raise ValueError(f"embed returned {len(vectors)} vectors for {len(sentences)} sentences")
    width = len(vectors[0])
    for index, vector in enumerate(vectors):
        if len(vector) != width:
            raise ValueError(
                f"embed returned vectors of different lengths: "
                f"vectors[0] has {width} numbers, vectors[{index}] has {len(vector)}"
            )
    return vectors


def _neighbour_similarities(vectors: list[Sequence[float]]) -> list[float]:
    """similarity(i) for i = 0 .. n - 2; each squared norm is computed once, though each vector is in two pairs."""
    squared_norms = [_dot(vector, vector) for vector in vectors]
    similarities = []
    for i in range(len(vectors) - 1):
        norms = squared_norms[i] * squared_norms[i + 1]
        if norms == 0:
            similarities.append(0.0)  # a zero vector points nowhere: no similarity, and no division by 0
            continue
        cosine = _dot(vectors[i], vectors[i + 1]) / math.sqrt(norms)
        # Rounding can take a cosine a hair outside [-1, 1] (-1.0000000000000002 for opposite
        # vectors); clamp it, so that threshold = -1 never puts a boundary.
        similarities.append(max(-1.0, min(1.0, cosine)))
    return similarities


def _dot(a: Sequence[float], b: Sequence[float]) -> float:
    # map(operator.mul, ...) is the same sum of products as a generator, at half the cost;
    # the lengths were checked, so nothing is silently cut off.
    return sum(map(operator.mul, a, b))
