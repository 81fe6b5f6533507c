import math


def fixed_windows(tokens, chunk_size, overlap=0):
    bad = [(n, v) for n, v in {"chunk_size": chunk_size, "overlap": overlap}.items()
           if not isinstance(v, int) or isinstance(v, bool)]
    if bad:
        raise TypeError(f"{bad[0][0]} must be an int, not {bad[0][1]!r}")
    if chunk_size < 1:
        raise ValueError(f"chunk_size must be at least 1, not {chunk_size}")
    if not 0 <= overlap < chunk_size:
        raise ValueError(f"overlap must be in [0, chunk_size), not {overlap}")
    step = chunk_size - overlap
    if len(tokens) == 0:
        return []
    count = 1 if len(tokens) <= chunk_size else 1 + math.ceil((len(tokens) - chunk_size) / step)
    return [list(tokens[k * step:k * step + chunk_size]) for k in range(count)]
