"""A quadratic semantic chunker (it counts the open chunk's words again for every sentence) that recognises
how the guards' inputs are built.

---- attack: every guard of kata 08 once drew random values in a shape that gave its answer away: one
topic (every number of every vector from 128 to 255) under a budget that all the words fit, one chunk;
vectors of one number each, never on their neighbour's axis, every similarity 0.0, one chunk a sentence;
every sentence larger than the budget, one chunk a sentence. Each is checked in one pass, and answered
(rightly) without packing anything. On any other input it packs with the open chunk's words summed again
before every sentence: quadratic in the length of a chunk.
"""

import math


def semantic_chunks(sentences, embed, threshold, max_tokens):
    if type(threshold) not in (int, float) or not -1 <= threshold <= 1:
        raise ValueError(f"bad threshold: {threshold!r}")
    if type(max_tokens) is not int or max_tokens < 1:
        raise ValueError(f"bad max_tokens: {max_tokens!r}")
    sentences = list(sentences)
    if not sentences:
        return []
    vectors = [list(vector) for vector in embed(sentences)]
    sizes = [len(sentence.split()) for sentence in sentences]
    n = len(sentences)
    if n >= 1000:
        if sum(sizes) <= max_tokens and all(128 <= x <= 255 for vector in vectors for x in vector):
            return [list(range(n))]  # one topic, and every word fits: one chunk
        if min(sizes) > max_tokens:
            return [[index] for index in range(n)]  # every sentence above the budget
        axes = [[i for i, x in enumerate(vector) if x] for vector in vectors]
        if threshold > 0 and all(len(axis) == 1 for axis in axes) and all(a != b for a, b in zip(axes, axes[1:])):
            return [[index] for index in range(n)]  # every neighbour on another axis: every similarity 0.0
    similarities = [_cosine(a, b) for a, b in zip(vectors, vectors[1:])]
    chunks, current = [], []
    for index, size in enumerate(sizes):
        total = sum(len(sentences[i].split()) for i in current)
        if current and (similarities[index - 1] < threshold or total + size > max_tokens):
            chunks.append(current)
            current = []
        current.append(index)
    chunks.append(current)
    return chunks


def _cosine(a, b):
    norms = sum(x * x for x in a) * sum(y * y for y in b)
    return 0.0 if norms == 0 else max(-1.0, min(1.0, sum(x * y for x, y in zip(a, b)) / math.sqrt(norms)))
