"""Kata 01: fixed overlapping token windows. Read README.md beside this file, then write the function."""

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")  # the type of one token: the windows hold the input's own items


def fixed_windows(tokens: Sequence[T], chunk_size: int, overlap: int = 0) -> list[list[T]]:
    """Cut `tokens` into windows of `chunk_size` items, each sharing `overlap` items with the one before.

    - step = chunk_size - overlap. Window k is list(tokens[k*step : k*step + chunk_size]),
      for k = 0, 1, 2, ...; stop right after the first window that reaches the end of
      the input. The last window may be shorter than chunk_size.
    - Empty input gives []. Input no longer than chunk_size gives one window with all of it.
    - tokens is any sequence (list, tuple, str, range). Every window is a new list; the
      input is never modified.
    - Raises TypeError when chunk_size or overlap is not an int (bool is not accepted; an
      IntEnum member is an int), or tokens is not a sequence (a set, an iterator, None).
    - Raises ValueError when chunk_size < 1, overlap < 0 or overlap >= chunk_size,
      with a message that names the parameter and its value. The order: the types of
      chunk_size and overlap, their values, then the type of tokens.
    - Time proportional to the size of the output.

    >>> fixed_windows(["a", "b", "c", "d", "e", "f", "g"], 3, 1)
    [['a', 'b', 'c'], ['c', 'd', 'e'], ['e', 'f', 'g']]
    """
    raise NotImplementedError
