"""Kata 03's `chunk_text` on semchunk's `chunk` (MIT licence), which splits a text on the largest boundary it
finds (blank lines, newlines, whitespace, sentence ends, other punctuation, characters) and merges the pieces
into chunks of at most `chunk_size` tokens by its `token_counter`: here the kata's `count_tokens` (words), with
`max_tokens` as the chunk size and `overlap_tokens` as its overlap in tokens (an overlap of 0 is none).
semchunk cuts pieces and merges them itself: `split_units` is not defined here, and its tests are skipped
(--defined-only).

Converts semchunk's chunks to the kata's: the whitespace between a chunk's words becomes one space, as the
kata joins its units. Nothing of the algorithm is changed.
"""

import semchunk

LIBRARY = ("semchunk", "4.1.1")


def count_tokens(text):
    """The words of text: the kata's provided count."""
    return len(text.split())


def chunk_text(text, max_tokens, overlap_tokens=0):
    chunks = semchunk.chunk(text, chunk_size=max_tokens, token_counter=count_tokens, overlap=overlap_tokens or None)
    return [" ".join(chunk.split()) for chunk in chunks]
