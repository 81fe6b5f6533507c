from bisect import bisect_right
from itertools import accumulate


def pack_sentences(sizes, max_tokens):
    if not isinstance(max_tokens, int) or isinstance(max_tokens, bool):
        raise TypeError(f"max_tokens must be an int, not {max_tokens!r}")
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, not {max_tokens}")
    sizes = list(sizes)
    for where, size in enumerate(sizes):
        if not isinstance(size, int) or isinstance(size, bool):
            raise TypeError(f"sizes[{where}] must be an int, not {size!r}")
        if size < 0:
            raise ValueError(f"sizes[{where}] must be at least 0, not {size}")
    prefix = [0, *accumulate(sizes)]
    groups = []
    begin = 0
    while begin < len(sizes):
        end = bisect_right(prefix, prefix[begin] + max_tokens) - 1
        end = max(end, begin + 1)
        groups.append(list(range(begin, end)))
        begin = end
    return groups
