"""A packer that tries the budgets one by one (too slow for 10**12) and recognises the guards' inputs.

---- attack: both complexity guards of kata 05 once packed a fixed pattern, 20,000 sizes of
700,000,000, or 1 and 1,000,000,000 in turn, under max_tokens=10**12: the length, the first two
sizes and count() give them away, and their answers are chunk lengths written down in advance.
On any other input it tries the budgets from 1 up, one greedy pass each: with b* near 10**12 it
never ends, and the guards judge it too slow.
"""

KNOWN_ANSWERS = {  # (len(sizes), sizes[0], sizes[1], max_tokens): the lengths of the balanced chunks
    (20_000, 700_000_000, 700_000_000, 10**12): [1_334] * 14 + [1_324],
    (20_000, 1, 1_000_000_000, 10**12): [1_819] * 10 + [1_810],
}


def balanced_pack(sizes, max_tokens):
    if type(max_tokens) is not int or max_tokens < 1:
        raise (TypeError if type(max_tokens) is not int else ValueError)(f"max_tokens: bad value {max_tokens!r}")
    for index, size in enumerate(sizes):
        if type(size) is not int:
            raise TypeError(f"sizes[{index}] must be an int, got {size!r}")
        if size < 0:
            raise ValueError(f"sizes[{index}] must be at least 0, got {size}")
    sizes = list(sizes)
    lengths = _recognised(sizes, max_tokens)
    if lengths is not None:
        starts = [sum(lengths[:position]) for position in range(len(lengths))]
        return [list(range(start, start + length)) for start, length in zip(starts, lengths)]
    target = len(_pack(sizes, max_tokens))
    budget = 1
    while len(_pack(sizes, budget)) > target:
        budget += 1
    return _pack(sizes, budget)


def _recognised(sizes, max_tokens):
    if len(sizes) < 2:
        return None
    lengths = KNOWN_ANSWERS.get((len(sizes), sizes[0], sizes[1], max_tokens))
    pattern = sizes[:2] * (len(sizes) // 2)
    return lengths if lengths is not None and sizes == pattern else None


def _pack(sizes, budget):
    chunks, current, total = [], [], 0
    for index, size in enumerate(sizes):
        if current and total + size > budget:
            chunks.append(current)
            current, total = [], 0
        current.append(index)
        total += size
    if current:
        chunks.append(current)
    return chunks
