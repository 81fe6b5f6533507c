"""Kata 05, reference solution: balanced packing (same chunk count, smallest budget)."""

from collections.abc import Sequence


def balanced_pack(sizes: Sequence[int], max_tokens: int) -> list[list[int]]:
    """Pack consecutive sentences into as many chunks as greedy packing makes, but as evenly as possible.

    Let k be the number of chunks that kata 02's greedy rule makes with budget max_tokens
    (a chunk closes exactly when it is non-empty and the next sentence would push its
    total above the budget). Return the greedy packing with budget b*, the smallest
    integer b with 1 <= b <= max_tokens for which the greedy rule also makes exactly k
    chunks. Chunks are lists of sentence indices; no sentences give []. The input is
    never modified.

    Raises TypeError when max_tokens or a size is not an int (bool is refused; another subclass
    of int, such as an IntEnum member, is an int) or sizes is not a sequence, and ValueError
    when max_tokens < 1 or a size is negative; max_tokens is checked first, then sizes.

    Time O(n log max_tokens): a binary search over the budgets 1..max_tokens, with one
    greedy count, O(n), at each step. Memory: the output only.
    """
    _require_int("max_tokens", max_tokens)
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
    if not isinstance(sizes, Sequence):  # a set has no order, an iterator cannot be read twice
        raise TypeError(f"sizes must be a sequence of ints (a list, a tuple, a range), not a {type(sizes).__name__}")
    for index, size in enumerate(sizes):
        _require_int(f"sizes[{index}]", size)
        if size < 0:
            raise ValueError(f"sizes[{index}] must be at least 0, got {size}")

    target = _count_chunks(sizes, max_tokens)
    # The count never rises as the budget grows, and no budget up to max_tokens makes
    # fewer than `target` chunks (greedy's count is the fewest possible), so the budgets
    # that make exactly `target` are one range, [b*, max_tokens]. Binary search its lower
    # end, keeping two facts true: budget `high` makes `target` chunks, and every budget
    # below `low` makes more.
    low, high = 1, max_tokens
    while low < high:
        middle = (low + high) // 2  # low <= middle < high: either branch shrinks the range
        if _count_chunks(sizes, middle) <= target:
            high = middle  # middle keeps the count: b* is middle or below it
        else:
            low = middle + 1  # middle makes more chunks, and so does every budget below it
    return _pack(sizes, low)  # low == high == b*


def _count_chunks(sizes: Sequence[int], budget: int) -> int:
    """How many chunks the greedy rule makes with this budget, without building them."""
    if len(sizes) == 0:
        return 0
    chunks, total = 1, sizes[0]  # the first sentence opens the first chunk, whatever its size
    for size in sizes[1:]:
        total += size
        # The open chunk is never empty here, so it closes exactly when this sentence pushes
        # it above the budget; the sentence then opens the next chunk.
        if total > budget:
            chunks += 1
            total = size
    return chunks


def _pack(sizes: Sequence[int], budget: int) -> list[list[int]]:
    """Kata 02's greedy packing: the chunks as lists of sentence indices."""
    chunks = []
    current: list[int] = []
    total = 0
    for index, size in enumerate(sizes):
        if current and total + size > budget:
            chunks.append(current)
            current, total = [], 0  # a new list, so the closed chunk keeps its items
        current.append(index)
        total += size
    if current:
        chunks.append(current)
    return chunks


def _require_int(name: str, value: object) -> None:
    # bool is a subclass of int, but balanced_pack(sizes, True) is surely a mistake; any other subclass
    # of int (an IntEnum member) is an int like any other
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got {value!r} of type {type(value).__name__}")
