def check_int(name, value):
    """From the lecture: an int, and not a bool."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {value!r}")


def _chunks(sizes, budget):
    chunk, used = [], 0
    for index, size in enumerate(sizes):
        check_int("sizes[" + str(index) + "]", size)
        if size < 0:
            raise ValueError("sizes[" + str(index) + "] must be at least 0, got " + str(size))
        if used + size > budget and chunk:
            yield chunk
            chunk, used = [], 0
        chunk.append(index)
        used += size
    if chunk:
        yield chunk


def pack_sentences(sizes, max_tokens):
    check_int("max_tokens", max_tokens)
    if max_tokens < 1:
        raise ValueError("max_tokens must be at least 1, got " + str(max_tokens))
    return list(_chunks(sizes, max_tokens))
