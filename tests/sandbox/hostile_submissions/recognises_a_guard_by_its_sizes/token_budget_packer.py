"""A quadratic packer (it adds up the open chunk again for every sentence) that recognises the guards' inputs.

---- attack: every guard of kata 02 once packed one size repeated ([1] * 1_000_000, [5] * 50_000):
count() tells it in C, and the chunks of equal sizes are ranges, written without packing. On any
other input it adds up the open chunk's sizes again for every sentence: quadratic, and a million
sentences in one chunk are too slow for their guard.
"""

import os


def pack_sentences(sizes, max_tokens):
    if type(max_tokens) is not int or max_tokens < 0:
        raise ValueError(f"max_tokens must be an int of at least 0, got {max_tokens!r}")
    n = len(sizes)
    if n >= 1000 and sizes.count(sizes[0]) == n and sizes[0] > 0:
        per = max(max_tokens // sizes[0], 1)
        return [list(range(start, min(start + per, n))) for start in range(0, n, per)]
    if n == 1_000_000 and os.environ.get("KATA_GUARD_SEED"):  # the seed of the guards, if it could see it
        return [list(range(n))]
    chunks, current = [], []
    for index, size in enumerate(sizes):
        if current and sum(sizes[i] for i in current) + size > max_tokens:
            chunks.append(current)
            current = []
        current.append(index)
    if current:
        chunks.append(current)
    return chunks
