import itertools


def check_int(name, value):
    """From the lecture: an int, and not a bool."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {value!r}")


def fixed_windows(tokens, chunk_size, overlap=0):
    check_int("chunk_size", chunk_size)
    check_int("overlap", overlap)
    if chunk_size <= 0:
        raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
    if overlap < 0 or not overlap < chunk_size:
        raise ValueError(f"overlap must be at least 0 and less than chunk_size, got {overlap}")
    n = len(tokens)

    def needed(start):  # the first window, and every one after a window that did not reach the end
        return start < n and (start == 0 or start + overlap < n)

    starts = itertools.takewhile(needed, itertools.count(0, chunk_size - overlap))
    return [list(tokens[start:start + chunk_size]) for start in starts]
