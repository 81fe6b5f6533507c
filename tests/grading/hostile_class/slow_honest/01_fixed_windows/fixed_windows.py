"""Right answers, but copies the rest of the input for every window: quadratic, so the complexity guards stop it."""


def fixed_windows(tokens, chunk_size, overlap=0):
    if type(chunk_size) is not int or type(overlap) is not int:
        raise TypeError("chunk_size and overlap must be ints")
    if chunk_size < 1 or not 0 <= overlap < chunk_size:
        raise ValueError("need chunk_size >= 1 and 0 <= overlap < chunk_size")
    windows, rest = [], list(tokens)
    while rest:
        windows.append(rest[:chunk_size])
        if len(rest) <= chunk_size:
            break
        rest = rest[chunk_size - overlap:]
    return windows
