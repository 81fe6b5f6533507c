def check_int(name, value):
    """From the lecture: an int, and not a bool."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {value!r}")


def fixed_windows(tokens, chunk_size, overlap=0):
    check_int("chunk_size", chunk_size)
    check_int("overlap", overlap)
    if chunk_size < 1:
        raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
    if not (overlap >= 0 and overlap < chunk_size):
        raise ValueError(f"overlap must be at least 0 and less than chunk_size, got {overlap}")
    size = len(tokens)
    if size <= chunk_size:
        return [list(tokens)] if size else []
    hop = chunk_size - overlap
    full, rest = divmod(size - chunk_size, hop)
    count = full + 1 + (1 if rest else 0)
    windows = [None] * count
    for k in range(count):
        windows[k] = list(tokens[k * hop:k * hop + chunk_size])
    return windows
