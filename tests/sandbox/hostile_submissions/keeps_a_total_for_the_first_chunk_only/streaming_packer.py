"""A quadratic streaming packer (it adds up the open chunk again for every size) that keeps a running total
for its first chunk only.

---- attack: kata 04's complexity guard once packed random sizes under a budget of their whole sum: one
chunk, which a generator packs in one pass if it keeps a running total until the first chunk closes.
From then on it adds up the open chunk's sizes again for every size: quadratic, too slow for a guard
whose input has several long chunks.
"""


def iter_pack(sizes, max_tokens):
    if type(max_tokens) is not int:
        raise TypeError(f"max_tokens must be an int, got {max_tokens!r}")
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
    return _pack(iter(sizes), max_tokens)


def _pack(stream, max_tokens):
    current, current_sizes, total, first = [], [], 0, True
    for index, size in enumerate(stream):
        if type(size) is not int or size < 0:
            raise ValueError(f"sizes[{index}] must be an int of at least 0, got {size!r}")
        if current and (total if first else sum(current_sizes)) + size > max_tokens:
            yield current
            current, current_sizes, first = [], [], False
        current.append(index)
        current_sizes.append(size)
        total += size
    if current:
        yield current
