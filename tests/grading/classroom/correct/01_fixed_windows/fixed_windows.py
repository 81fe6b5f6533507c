"""A correct solution, written differently from the reference: one slice per start position."""

from collections.abc import Sequence


def fixed_windows(tokens, chunk_size, overlap=0):
    for name, value in (("chunk_size", chunk_size), ("overlap", overlap)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"{name} must be an int, got {value!r}")
    if chunk_size < 1:
        raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
    if overlap < 0 or overlap >= chunk_size:
        raise ValueError(f"overlap must be in [0, chunk_size), got {overlap}")
    if not isinstance(tokens, Sequence):
        raise TypeError(f"tokens must be a sequence, got {type(tokens).__name__}")
    step = chunk_size - overlap
    starts = range(0, max(len(tokens) - overlap, 1), step) if tokens else []
    return [list(tokens[start:start + chunk_size]) for start in starts]
