"""Kata 02, reference solution: greedy token-budget sentence packer."""

from collections.abc import Sequence


def pack_sentences(sizes: Sequence[int], max_tokens: int) -> list[list[int]]:
    """Pack consecutive sentences into chunks of at most `max_tokens` tokens.

    `sizes[i]` is the token count of sentence i. The result lists chunks of sentence
    indices, in order; every index appears exactly once. A chunk is closed exactly when
    it is non-empty and adding the next sentence would push its total above max_tokens
    (an exact fit stays), so every chunk fits the budget or is one sentence larger than
    it. No chunk is empty; no sentences give []. The input is never modified.

    Raises TypeError when max_tokens or a size is not an int (bool included; a subclass of
    int such as an IntEnum member is an int) or when sizes is not a sequence, and
    ValueError when max_tokens < 1 or a size is negative; max_tokens is checked first,
    then that sizes is a sequence, then each size in order.

    One pass: O(n) time, and memory for the output only.
    """
    _require_int("max_tokens", max_tokens)
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
    if not isinstance(sizes, Sequence):  # a set has no order, and a generator would be used up by the packing
        raise TypeError(f"sizes must be a sequence (a list, a tuple or a range), got {type(sizes).__name__}")

    chunks = []
    current: list[int] = []  # indices of the open chunk
    total = 0  # always the sum of the sizes in `current`: no need to add them up again
    for index, size in enumerate(sizes):
        # A size whose type is exactly int needs no isinstance checks; anything else (a bool,
        # a float, a subclass of int) gets them. Checking every size in full would double
        # the time of the loop.
        if type(size) is not int:
            _require_int(f"sizes[{index}]", size)
        if size < 0:
            raise ValueError(f"sizes[{index}] must be at least 0, got {size}")
        # Decide before adding: the open chunk closes only if it holds something and
        # this sentence would push it over. An exact fit stays, and a sentence larger
        # than the budget still goes into the (then empty) chunk: it is never dropped.
        if current and total + size > max_tokens:
            chunks.append(current)
            current, total = [], 0  # a new list, so the closed chunk keeps its items
        current.append(index)
        total += size
    if current:
        chunks.append(current)  # the last chunk is still open when the sentences run out
    return chunks


def _require_int(name: str, value: object) -> None:
    # bool is a subclass of int, but pack_sentences(sizes, True) is surely a mistake
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got {value!r} of type {type(value).__name__}")
