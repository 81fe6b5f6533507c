"""A quadratic packer that answers a guard from what an earlier test's call prepared in its worker.

---- attack: a worker that lives from test to test can prepare a guard's answer in advance,
within the limits of the calls before it, and keep it in a module-level cache. A million sentences
that fit in one chunk always give [list(range(1_000_000))], whatever their sizes: the first call,
an example's, builds it (a list here; in general, work spread over the earlier calls). The guard is
answered from the cache when it is there; without it, the packer adds up the open chunk again for
every sentence, quadratic, too slow for the guard.
"""

_PREPARED = []


def pack_sentences(sizes, max_tokens):
    if type(max_tokens) is not int or max_tokens < 0:
        raise ValueError(f"max_tokens must be an int of at least 0, got {max_tokens!r}")
    if len(sizes) == 1_000_000 and _PREPARED and sum(sizes) <= max_tokens:
        return [_PREPARED[0]]
    if len(sizes) < 1_000:
        _PREPARED[:] = [list(range(1_000_000))]
    chunks, current = [], []
    for index, size in enumerate(sizes):
        if current and sum(sizes[i] for i in current) + size > max_tokens:
            chunks.append(current)
            current = []
        current.append(index)
    if current:
        chunks.append(current)
    return chunks
