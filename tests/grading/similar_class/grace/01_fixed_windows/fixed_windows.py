"""My windows."""


def check(name, value):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(name + " must be an int, got " + repr(value))


def fixed_windows(tokens, chunk_size, overlap=0):
    check("chunk_size", chunk_size)
    check("overlap", overlap)
    if chunk_size <= 0:
        raise ValueError("chunk_size must be at least 1, got " + str(chunk_size))
    if not (0 <= overlap < chunk_size):
        raise ValueError("overlap must be at least 0 and below chunk_size, got " + str(overlap))
    result = []
    position = 0
    n = len(tokens)
    while True:
        if position >= n:
            return result
        result.append([tokens[i] for i in range(position, min(position + chunk_size, n))])
        if position + chunk_size >= n:
            return result
        position = position + chunk_size - overlap
