"""Kata 02: greedy token-budget sentence packer. Read README.md beside this file, then write the function."""

from collections.abc import Sequence


def pack_sentences(sizes: Sequence[int], max_tokens: int) -> list[list[int]]:
    """Pack consecutive sentences into chunks of at most `max_tokens` tokens.

    - sizes[i] is the token count of sentence i. Return the chunks as lists of sentence
      indices, in order; every index appears exactly once, in exactly one chunk.
    - Go through the sentences in order. The open chunk is closed exactly when it is
      non-empty and adding the next sentence would push its total above max_tokens
      (an exact fit stays). A sentence larger than max_tokens gets a chunk of its own.
    - No chunk is ever empty; no sentences give [].
    - sizes is any sequence (list, tuple, range); it is never modified. Every chunk is
      a new list. Sizes are ints of any size: keep the totals in ints.
    - Raises TypeError when max_tokens or a size is not an int (bool is not accepted; an
      IntEnum member is an int), or sizes is not a sequence (a set, an iterator, None).
    - Raises ValueError when max_tokens < 1 or a size is negative. max_tokens is checked
      first, even when there are no sentences. Each message names the parameter (for a
      size, sizes[i] with its index) and the bad value.
    - One pass: O(n) time.

    >>> pack_sentences([3, 4, 2, 5, 1], 7)
    [[0, 1], [2, 3], [4]]
    """
    raise NotImplementedError
