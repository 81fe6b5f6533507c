def check_int(name, value):
    """From the lecture: an int, and not a bool."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {value!r}")


def fixed_windows(tokens, chunk_size, overlap=0):
    check_int("chunk_size", chunk_size)
    check_int("overlap", overlap)
    if chunk_size < 1:
        raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
    if overlap < 0 or overlap >= chunk_size:
        raise ValueError(f"overlap must be at least 0 and less than chunk_size, got {overlap}")
    windows = []
    begin = 0
    while begin < len(tokens):
        windows.append(list(tokens[begin:begin + chunk_size]))
        if begin + chunk_size >= len(tokens):
            break
        begin += chunk_size - overlap
    return windows
