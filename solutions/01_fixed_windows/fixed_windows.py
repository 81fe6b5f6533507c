"""Kata 01, reference solution: fixed overlapping token windows."""

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")  # the type of one token: the windows hold the input's own items


def fixed_windows(tokens: Sequence[T], chunk_size: int, overlap: int = 0) -> list[list[T]]:
    """Cut `tokens` into windows of `chunk_size` items, each sharing `overlap` items with the one before.

    Window k is tokens[k*step : k*step + chunk_size] with step = chunk_size - overlap.
    The windows stop right after the first one that reaches the end of the input, so
    no window lies wholly inside the one before it; the last window may be shorter.
    Empty input gives [].

    Raises TypeError when chunk_size or overlap is not an int (bool included; a subclass
    of int such as an IntEnum member is an int), ValueError unless chunk_size >= 1 and
    0 <= overlap < chunk_size, and TypeError when tokens is not a sequence (a set, a
    generator, None), in that order.

    Time and memory are proportional to the size of the output.
    """
    _require_int("chunk_size", chunk_size)
    _require_int("overlap", overlap)
    if chunk_size < 1:
        raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
    if not 0 <= overlap < chunk_size:
        raise ValueError(f"overlap must be at least 0 and less than chunk_size ({chunk_size}), got {overlap}")
    if not isinstance(tokens, Sequence):  # a set has no order, a generator no length: neither can be sliced
        raise TypeError(f"tokens must be a sequence (a list, a tuple, a str or a range), got {type(tokens).__name__}")

    step = chunk_size - overlap  # at least 1, so every window starts further on: the loop ends
    windows = []
    start = 0
    while start < len(tokens):
        end = start + chunk_size
        windows.append(list(tokens[start:end]))
        if end >= len(tokens):
            break  # this window reaches the end; a later one would lie inside it
        start += step
    return windows


def _require_int(name: str, value: object) -> None:
    # bool is a subclass of int, but fixed_windows(tokens, True) is surely a mistake
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got {value!r} of type {type(value).__name__}")
