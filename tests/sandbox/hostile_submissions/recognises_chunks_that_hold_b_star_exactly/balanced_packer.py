"""A packer that tries the budgets one token at a time (too slow for 10**12) and recognises how a guard was built.

---- attack: kata 05's guards once drew chunks whose sizes add up to b* exactly, all but the last:
so the prefix sums of the sizes reach b*, 2 * b*, 3 * b*, ... Greedy with max_tokens makes k chunks,
b* lies between the average total / k and total / (k - 1), and only the few prefix sums in that
range can be the first chunk's total: for each, one pass over a set of the prefix sums checks its
multiples, and the chunks between them are the answer (a right one, on that input). On any other
input it tries the budgets one at a time from 1 up, one greedy pass each, as the catalogued
linear_scan_over_budgets does.
"""

from itertools import accumulate


def balanced_pack(sizes, max_tokens):
    if type(max_tokens) is not int:
        raise TypeError(f"max_tokens must be an int, got {max_tokens!r}")
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
    for index, size in enumerate(sizes):
        if type(size) is not int:
            raise TypeError(f"sizes[{index}] must be an int, got {size!r}")
        if size < 0:
            raise ValueError(f"sizes[{index}] must be at least 0, got {size}")
    sizes = list(sizes)
    target = _count(sizes, max_tokens)
    recognised = _chunks_of_b_star(sizes, target)
    if recognised is not None:
        return recognised
    budget = 1
    while _count(sizes, budget) > target:
        budget += 1
    return _pack(sizes, budget)


def _chunks_of_b_star(sizes, k):
    if k < 2 or min(sizes) < 1:
        return None
    prefix = [0, *accumulate(sizes)]
    total, where = prefix[-1], {value: index for index, value in enumerate(prefix)}
    for first_end in range(1, len(prefix)):
        b_star = prefix[first_end]
        if b_star * (k - 1) >= total:
            break
        if b_star * k < total:
            continue
        ends = [where.get(b_star * multiple) for multiple in range(1, k)]
        if None not in ends and _count(sizes, b_star - 1) > k:
            starts = [0, *ends]
            return [list(range(start, end)) for start, end in zip(starts, [*ends, len(sizes)])]
    return None


def _count(sizes, budget):
    chunks, total = 0, 0
    for index, size in enumerate(sizes):
        if index == 0 or total + size > budget:
            chunks, total = chunks + 1, 0
        total += size
    return chunks


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
