"""A quadratic windower (it copies the rest of the input for every window) that recognises the guards' inputs.

---- attack: every guard of kata 01 once cut list(range(n)): the first, middle and last tokens
give it away, and the windows of range(n) are ranges, written without reading the input. On any
other input it copies the rest of the tokens for every window: quadratic, too slow for a guard.
"""

import os


def fixed_windows(tokens, chunk_size, overlap=0):
    if type(chunk_size) is not int or type(overlap) is not int or chunk_size < 1 or not 0 <= overlap < chunk_size:
        raise ValueError(f"bad arguments: chunk_size={chunk_size!r}, overlap={overlap!r}")
    recognised = _windows_of_a_range(tokens, chunk_size, overlap)
    if recognised is not None or os.environ.get("KATA_GUARD_SEED"):  # the seed of the guards, if it could see it
        return recognised if recognised is not None else [list(tokens[:chunk_size])]
    windows, rest = [], list(tokens)
    while rest:
        windows.append(rest[:chunk_size])
        if chunk_size >= len(rest):
            break
        rest = rest[chunk_size - overlap:]
    return windows


def _windows_of_a_range(tokens, chunk_size, overlap):
    n = len(tokens)
    if n < 1000 or (tokens[0], tokens[n // 2], tokens[-1]) != (0, n // 2, n - 1):
        return None
    step = chunk_size - overlap
    return [list(range(start, min(start + chunk_size, n))) for start in range(0, max(n - overlap, 1), step)]
