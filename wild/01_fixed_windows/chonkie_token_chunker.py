"""Kata 01 on chonkie's TokenChunker (MIT licence): its constructor checks chunk_size and chunk_overlap, and
its `_token_group_generator` cuts the windows, as `TokenChunker.chunk` does between encoding a text and
decoding each window.

Converts nothing: the generator slices any sequence, so the kata's tokens go to it as they are, and the
windows come back as it yields them. Nothing of the algorithm is changed.
"""

from chonkie import TokenChunker

LIBRARY = ("chonkie", "1.7.0")


def fixed_windows(tokens, chunk_size, overlap=0):
    chunker = TokenChunker(chunk_size=chunk_size, chunk_overlap=overlap)
    return list(chunker._token_group_generator(tokens))
