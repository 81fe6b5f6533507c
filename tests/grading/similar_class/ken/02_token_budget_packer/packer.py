def check_int(name, value):
    """From the lecture: an int, and not a bool."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {value!r}")


def pack_sentences(sizes, max_tokens):
    check_int("max_tokens", max_tokens)
    if max_tokens <= 0:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
    cuts = [0]  # where each chunk starts
    running = 0
    for position, size in enumerate(sizes):
        check_int(f"sizes[{position}]", size)
        if size < 0:
            raise ValueError(f"sizes[{position}] must be at least 0, got {size}")
        if position > cuts[-1] and running + size > max_tokens:
            cuts.append(position)
            running = 0
        running += size
    if len(sizes) == 0:
        return []
    cuts.append(len(sizes))
    return [list(range(first, end)) for first, end in zip(cuts, cuts[1:])]
