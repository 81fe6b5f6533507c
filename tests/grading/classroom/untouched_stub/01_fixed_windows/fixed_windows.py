"""Kata 01: fixed overlapping token windows. Read README.md beside this file, then write the function."""


def fixed_windows(tokens, chunk_size, overlap=0):
    """Cut `tokens` into windows of `chunk_size` items, each sharing `overlap` items with the one before.

    - step = chunk_size - overlap. Window k is list(tokens[k*step : k*step + chunk_size]),
      for k = 0, 1, 2, ...; stop right after the first window that reaches the end of
      the input. The last window may be shorter than chunk_size.
    - Empty input gives []. Input no longer than chunk_size gives one window with all of it.
    - tokens is any sequence (list, tuple, str). Every window is a new list; the input
      is never modified.
    - Raises TypeError when chunk_size or overlap is not an int (bool is not accepted).
    - Raises ValueError when chunk_size < 1, overlap < 0 or overlap >= chunk_size,
      with a message that names the parameter and its value.
    - Time proportional to the size of the output.

    >>> fixed_windows(["a", "b", "c", "d", "e", "f", "g"], 3, 1)
    [['a', 'b', 'c'], ['c', 'd', 'e'], ['e', 'f', 'g']]
    """
    raise NotImplementedError
