"""Recurses without end, with the recursion limit raised so far that the C stack overflows."""

import sys

sys.setrecursionlimit(10**7)


def fixed_windows(tokens, chunk_size, overlap=0):
    return fixed_windows(tokens, chunk_size, overlap)
