def check_int(name, value):
    """From the lecture: an int, and not a bool."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {value!r}")


def pack_sentences(sizes, max_tokens):
    check_int("max_tokens", max_tokens)
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
    sizes = list(sizes)
    for i in range(len(sizes)):
        check_int(f"sizes[{i}]", sizes[i])
        if sizes[i] < 0:
            raise ValueError(f"sizes[{i}] must be at least 0, got {sizes[i]}")
    result = []
    start = 0
    while start < len(sizes):
        stop, total = start + 1, sizes[start]
        while stop < len(sizes) and total + sizes[stop] <= max_tokens:
            total += sizes[stop]
            stop += 1
        result.append(list(range(start, stop)))
        start = stop
    return result
