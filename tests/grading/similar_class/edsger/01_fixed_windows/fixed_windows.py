def check_int(name, value):
    """From the lecture: an int, and not a bool."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {value!r}")


def _starts(length, size, step):
    start = 0
    while True:
        yield start
        if start + size >= length:
            return
        start += step


def fixed_windows(tokens, chunk_size, overlap=0):
    for name, value in (("chunk_size", chunk_size), ("overlap", overlap)):
        check_int(name, value)
    if chunk_size < 1:
        raise ValueError("chunk_size must be at least 1, got " + str(chunk_size))
    if overlap not in range(chunk_size):
        raise ValueError("overlap must be at least 0 and less than chunk_size, got " + str(overlap))
    if len(tokens) == 0:
        return []
    return [list(tokens[s:s + chunk_size]) for s in _starts(len(tokens), chunk_size, chunk_size - overlap)]
