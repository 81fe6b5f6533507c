"""Kata 09: retrieval recall. Read README.md beside this file, then write the three functions."""

import re
from collections.abc import Sequence

_WORD = re.compile(r"[a-z0-9]+")


def tokenize(text: str) -> list[str]:
    """The words of text, lower-cased: maximal runs of a-z and 0-9 in text.lower(). Provided: keep it."""
    return _WORD.findall(text.lower())


def bm25_scores(query: str, chunks: Sequence[str], k1: float = 1.5, b: float = 0.75) -> list[float]:
    """The Okapi BM25 score of every chunk for the query, in chunk order.

    - N chunks; |c| the number of words of chunk c (tokenize); avgdl the mean of |c| over
      all N chunks; f(t, c) the count of word t in c; df(t) the number of chunks holding t.
    - idf(t) = ln(1 + (N - df(t) + 0.5) / (df(t) + 0.5))
    - score(c) = sum over the words q of tokenize(query), repeats included, of
      idf(q) * f(q, c) * (k1 + 1) / (f(q, c) + k1 * (1 - b + b * |c| / avgdl));
      a word the chunk does not hold adds nothing and its term is never computed (0 / 0
      when k1 = 0), so such a chunk scores 0.0.
    - A chunk's terms are added in the order of the query's words, the same for every
      chunk: chunks that hold the query's words equally often and are as long score
      exactly the same (==), whatever the order of their own words.
    - Raises TypeError when query is not a str, chunks is not a list or a tuple (a str is
      refused), a chunk is not a str, or k1 or b is not an int or a float (bool included);
      ValueError when k1 is not a finite number >= 0 or b is not in [0, 1] (nan refused
      for both). Checked in the order query, chunks, each chunk, k1 (its type, then its
      value), b (the same).
    - Time proportional to the total length of the chunks plus the query, never to their
      product.

    >>> bm25_scores("cat mat", ["cats purr", "the cat sat on the mat", "a cat and a cat", "dogs bark"])
    [0.0, 1.4937952636896705, 0.8943834587870262, 0.0]
    """
    raise NotImplementedError


def top_k(query: str, chunks: Sequence[str], k: int, k1: float = 1.5, b: float = 0.75) -> list[int]:
    """The indices of the k chunks with the highest scores, best first; equal scores in index order.

    The scores are ranked as computed, never rounded. Fewer than k chunks: all of them.
    Raises TypeError when k is not an int (bool included) and ValueError when k < 1,
    checked first; then what bm25_scores raises.

    >>> top_k("cat mat", ["cats purr", "the cat sat on the mat", "a cat and a cat", "dogs bark"], 3)
    [1, 2, 0]
    """
    raise NotImplementedError


def recall_at_k(doc: str, spans: Sequence[tuple[int, int]], questions: Sequence[tuple[str, int, int]], k: int,
                k1: float = 1.5, b: float = 0.75) -> float:
    """The fraction of the questions whose evidence lies whole inside one of their top k chunks.

    - Chunk i is doc[start:end] for spans[i] = (start, end), a repeated span a chunk of its
      own; questions[j] is (text, start, end), its evidence doc[start:end], a place in doc.
      Both must be non-empty slices: 0 <= start < end <= len(doc).
    - A question is answered when one chunk of top_k(text, chunks, k, k1, b) contains the
      whole evidence; it counts once. Return answered / len(questions).
    - Errors, checked in this order: k (TypeError, ValueError when < 1); doc (TypeError);
      spans, a list or tuple, and each span a tuple or list of two ints (TypeError), in
      range (ValueError), each span whole before the next; questions, a list or tuple
      (TypeError), not empty (ValueError), each a tuple or list of a str and two ints
      (TypeError), in range (ValueError); then k1 and b as in bm25_scores, all checked even
      when there are no spans. Messages name the argument, as spans[1], and the value.
    """
    raise NotImplementedError
