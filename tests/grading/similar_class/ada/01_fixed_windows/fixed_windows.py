def fixed_windows(tokens, chunk_size, overlap=0):
    if type(chunk_size) is not int:
        raise TypeError(f"chunk_size must be an int, got {chunk_size!r}")
    if type(overlap) is not int:
        raise TypeError(f"overlap must be an int, got {overlap!r}")
    if chunk_size < 1:
        raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
    if overlap < 0 or overlap >= chunk_size:
        raise ValueError(f"overlap must be in [0, chunk_size), got {overlap}")
    stride = chunk_size - overlap
    starts = []
    for s in range(0, len(tokens), stride):
        starts.append(s)
        if s + chunk_size >= len(tokens):
            break
    return [list(tokens[s:s + chunk_size]) for s in starts]
