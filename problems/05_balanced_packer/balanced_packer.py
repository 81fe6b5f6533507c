"""Kata 05: balanced packing. Read README.md beside this file, then write the function."""

from collections.abc import Sequence


def balanced_pack(sizes: Sequence[int], max_tokens: int) -> list[list[int]]:
    """Pack consecutive sentences into as many chunks as greedy packing makes, with the smallest budget.

    - sizes[i] is the token count of sentence i. Return the chunks as lists of sentence
      indices, in order; every index appears exactly once, in exactly one chunk.
    - Let k be the number of chunks that kata 02's greedy rule makes with budget max_tokens
      (the open chunk closes exactly when it is non-empty and the next sentence would push
      its total above the budget). Let b* be the smallest integer b with 1 <= b <= max_tokens
      for which the greedy rule also makes exactly k chunks. Return the greedy packing with
      budget b*. A sentence larger than b* is a chunk of its own, as in kata 02.
    - No sentences give [].
    - sizes is any sequence (list, tuple, range); it is never modified. Every chunk is a
      new list.
    - Raises TypeError when max_tokens or a size is not an int (bool is not accepted; an
      IntEnum member is an int), or sizes is not a sequence.
    - Raises ValueError when max_tokens < 1 or a size is negative. max_tokens is checked
      first, even when there are no sentences. Each message names the parameter (for a
      size, sizes[i] with its index) and the bad value.
    - Time O(n log max_tokens): max_tokens may be 10**18 or more; keep the search in ints.

    >>> balanced_pack([3, 4, 2, 5, 1], 7)
    [[0], [1, 2], [3, 4]]
    """
    raise NotImplementedError
