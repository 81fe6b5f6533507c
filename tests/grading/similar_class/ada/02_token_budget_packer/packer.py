def pack_sentences(sizes, max_tokens):
    if type(max_tokens) is not int:
        raise TypeError(f"max_tokens must be an int, got {max_tokens!r}")
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
    out, room = [], 0
    for i, s in enumerate(sizes):
        if type(s) is not int:
            raise TypeError(f"sizes[{i}] must be an int, got {s!r}")
        if s < 0:
            raise ValueError(f"sizes[{i}] must be at least 0, got {s}")
        if out and s <= room:
            out[-1].append(i)
            room -= s
        else:
            out.append([i])
            room = max_tokens - s
    return out
