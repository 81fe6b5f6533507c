"""Kata 09's `bm25_scores` on rank_bm25's `BM25Okapi` (Apache licence 2.0): its idf, with its floor for
negative values, and its score of every document for a query. The library ranks nothing and measures no
recall: `top_k` and `recall_at_k` are not defined here, and their tests are skipped (--defined-only).

Converts the kata's text to what the library reads and back: each chunk and the query become their words
by the kata's own `tokenize` (its statement provides it), and the scores, a NumPy array, a list of floats.
Nothing of the algorithm is changed.
"""

import re

from rank_bm25 import BM25Okapi

LIBRARY = ("rank-bm25", "0.2.2")
UNREAD_BY_THE_LIBRARY = ("query", "chunks")  # it reads their words: the tests of their types are left out
_WORD = re.compile(r"[a-z0-9]+")


def tokenize(text):
    """The words of text, lower-cased: the kata's provided tokenizer."""
    return _WORD.findall(text.lower())


def bm25_scores(query, chunks, k1=1.5, b=0.75):
    index = BM25Okapi([tokenize(chunk) for chunk in chunks], k1=k1, b=b)
    return [float(score) for score in index.get_scores(tokenize(query))]
