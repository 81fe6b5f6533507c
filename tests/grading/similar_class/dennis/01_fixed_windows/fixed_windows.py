def check_int(name, value):
    """From the lecture: an int, and not a bool."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {value!r}")


def fixed_windows(tokens, chunk_size, overlap=0):
    check_int("chunk_size", chunk_size)
    check_int("overlap", overlap)
    if not chunk_size >= 1:
        raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
    if not 0 <= overlap < chunk_size:
        raise ValueError(f"overlap must be in [0, chunk_size), got {overlap}")
    step = chunk_size - overlap
    n = len(tokens)
    if n == 0:
        return []
    last_start = max(0, -(-(n - chunk_size) // step)) * step  # the ceiling of a division
    return [list(tokens[i:i + chunk_size]) for i in range(0, last_start + 1, step)]
