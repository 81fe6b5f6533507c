"""A careful solution with one classic slip: it keeps stepping after the window that reaches the end."""


def fixed_windows(tokens, chunk_size, overlap=0):
    for name, value in (("chunk_size", chunk_size), ("overlap", overlap)):
        if type(value) is not int:
            raise TypeError(f"{name} must be an int, got {value!r}")
    if chunk_size < 1:
        raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
    if overlap < 0 or overlap >= chunk_size:
        raise ValueError(f"overlap must be in [0, chunk_size), got {overlap}")
    return [list(tokens[start:start + chunk_size]) for start in range(0, len(tokens), chunk_size - overlap)]
