from functools import reduce


def check_int(name, value):
    """From the lecture: an int, and not a bool."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {value!r}")


def pack_sentences(sizes, max_tokens):
    check_int("max_tokens", max_tokens)
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")

    def add(state, item):
        chunks, total = state
        index, size = item
        check_int(f"sizes[{index}]", size)
        if size < 0:
            raise ValueError(f"sizes[{index}] must be at least 0, got {size}")
        if chunks and total + size <= max_tokens:
            chunks[-1].append(index)
            return chunks, total + size
        chunks.append([index])
        return chunks, size

    return reduce(add, enumerate(sizes), ([], 0))[0]
