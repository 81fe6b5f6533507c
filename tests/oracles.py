"""Independent oracles for the tests: plain, obviously correct, and never the reference solutions.

They are written differently from the references on purpose (boundaries first, then
chunks; dynamic programming instead of greedy), so that a bug shared with a reference
would be a coincidence rather than a copy.
"""

from __future__ import annotations


def greedy_chunks(sizes, budget):
    """Kata 02's rule: a chunk closes when it is non-empty and the next size would push it past the budget.

    Returns the chunks as lists of indices, built from the list of indices where a chunk starts.
    """
    starts = []
    total = 0
    for index, size in enumerate(sizes):
        if index == 0 or total + size > budget:
            starts.append(index)
            total = 0
        total += size
    ends = starts[1:] + [len(sizes)]
    return [list(range(start, end)) for start, end in zip(starts, ends)]


def fewest_chunks(sizes, budget):
    """The fewest chunks of any in-order split where each chunk fits the budget or is one sentence.

    Dynamic programming over prefixes: best[j] is the fewest chunks for sizes[:j].
    O(n^2); meant for the short inputs of property tests.
    """
    n = len(sizes)
    best = [0] + [n + 1] * n
    for end in range(1, n + 1):
        total = 0
        for start in range(end - 1, -1, -1):
            total += sizes[start]
            if total > budget and start != end - 1:
                break
            best[end] = min(best[end], best[start] + 1)
    return best[n]
