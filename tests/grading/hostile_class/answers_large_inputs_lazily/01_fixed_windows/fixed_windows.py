"""Answers small inputs right, and large ones (the guards') with the right number of windows and the
right last one, but empty windows before it: a check of the count and the last window alone would pass
it. It checks its arguments as slow_honest does, so the two should earn the same grade."""


def fixed_windows(tokens, chunk_size, overlap=0):
    if type(chunk_size) is not int or type(overlap) is not int:
        raise TypeError("chunk_size and overlap must be ints")
    if chunk_size < 1 or not 0 <= overlap < chunk_size:
        raise ValueError("need chunk_size >= 1 and 0 <= overlap < chunk_size")
    step = chunk_size - overlap
    starts = list(range(0, max(len(tokens) - overlap, 1), step)) if tokens else []
    if len(tokens) > 100_000:
        return [[] for _ in starts[:-1]] + [list(tokens[starts[-1]:starts[-1] + chunk_size])]
    return [list(tokens[start:start + chunk_size]) for start in starts]
