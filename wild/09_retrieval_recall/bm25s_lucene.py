"""Kata 09's `bm25_scores` on bm25s's `BM25` with `method="lucene"` (MIT licence), the idf and the score the
kata's statement gives: the corpus indexed, then every document scored for the query. bm25s ranks with
`retrieve`, but the kata's ranking breaks ties by index, so only the scores are judged: `top_k` and
`recall_at_k` are not defined here, and their tests are skipped (--defined-only).

Converts the kata's text to what the library reads and back: each chunk and the query become their words
by the kata's own `tokenize` (its statement provides it), and the scores, a NumPy array of 32-bit floats,
a list of Python floats. Nothing of the algorithm is changed.
"""

import re

import bm25s

LIBRARY = ("bm25s", "0.3.16")
UNREAD_BY_THE_LIBRARY = ("query", "chunks")  # it reads their words: the tests of their types are left out
_WORD = re.compile(r"[a-z0-9]+")


def tokenize(text):
    """The words of text, lower-cased: the kata's provided tokenizer."""
    return _WORD.findall(text.lower())


def bm25_scores(query, chunks, k1=1.5, b=0.75):
    index = bm25s.BM25(k1=k1, b=b, method="lucene")
    index.index([tokenize(chunk) for chunk in chunks], show_progress=False)
    return [float(score) for score in index.get_scores(tokenize(query))]
