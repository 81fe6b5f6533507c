def check_int(name, value):
    """From the lecture: an int, and not a bool."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {value!r}")


def pack_sentences(sizes, max_tokens):
    check_int("max_tokens", max_tokens)
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
    packed = []
    open_chunk = []
    tokens_in_it = 0
    for i, size in enumerate(sizes):
        check_int(f"sizes[{i}]", size)
        if size < 0:
            raise ValueError(f"sizes[{i}] must be at least 0, got {size}")
        if open_chunk and tokens_in_it + size > max_tokens:
            packed.append(open_chunk)
            open_chunk = []
            tokens_in_it = 0
        open_chunk.append(i)
        tokens_in_it += size
    if open_chunk:
        packed.append(open_chunk)
    return packed
