"""Kata 09, reference solution: BM25 scores, the top k chunks, and recall@k of a chunking."""

import math
import re
from collections import Counter
from collections.abc import Sequence

_WORD = re.compile(r"[a-z0-9]+")


def tokenize(text: str) -> list[str]:
    """The words of text, lower-cased: maximal runs of a-z and 0-9 in text.lower(). (Provided.)"""
    return _WORD.findall(text.lower())


def bm25_scores(query: str, chunks: Sequence[str], k1: float = 1.5, b: float = 0.75) -> list[float]:
    """The Okapi BM25 score of every chunk for the query, in chunk order.

    With N chunks, |c| the number of words of chunk c, avgdl the mean of |c| over all N
    chunks, df(t) the number of chunks holding the word t and f(t, c) its count in c:

        idf(t)   = ln(1 + (N - df(t) + 0.5) / (df(t) + 0.5))
        score(c) = sum over the query's words q, repeats included, of
                   idf(q) * f(q, c) * (k1 + 1) / (f(q, c) + k1 * (1 - b + b * |c| / avgdl))

    A query word that the chunk does not hold adds nothing, and its term is never computed
    (it would be 0 / 0 with k1 = 0). A chunk's terms are added in the order in which their
    words first appear in the query. Raises TypeError when query is not a str, chunks not a
    list or a tuple, or a chunk not a str; then for k1, TypeError when it is not an int or a
    float (bool included) and ValueError when it is not a finite number >= 0; then for b,
    TypeError likewise and ValueError when it is not in [0, 1] (nan refused for both).
    Checked in that order.

    Time O(L + q): L characters in the chunks, q in the query. Each chunk is read once, and
    only the query's words are counted in it; each score then adds one term per distinct
    query word the chunk holds.
    """
    _check_query_and_chunks(query, chunks)
    _check_parameters(k1, b)
    repeats = Counter(tokenize(query))  # the query's words, in the order they first appear, with their counts
    # For each query word, the chunks that hold it and how often: (chunk index, f) pairs, in chunk order.
    holders: dict[str, list[tuple[int, int]]] = {word: [] for word in repeats}
    lengths = []
    for index, chunk in enumerate(chunks):
        chunk_words = tokenize(chunk)
        lengths.append(len(chunk_words))
        found: dict[str, int] = {}
        for word in chunk_words:
            if word in holders:  # only the query's words are counted
                found[word] = found.get(word, 0) + 1
        for word, count in found.items():
            holders[word].append((index, count))
    n = len(chunks)
    if n == 0:
        return []
    average = sum(lengths) / n
    scores = [0.0] * n
    # One query word at a time, in the query's order: every chunk adds its terms in that same
    # order, so two chunks that hold the same words as often, and are as long, score exactly
    # the same, whatever the order of their own words. Only the chunks that hold the word add
    # a term: a chunk that holds a word has a length, so average > 0 wherever this divides by it.
    for word, times in repeats.items():
        held = holders[word]
        df = len(held)
        idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
        for index, f in held:
            norm = k1 * (1 - b + b * lengths[index] / average)
            scores[index] += times * idf * f * (k1 + 1) / (f + norm)
    return scores


def top_k(query: str, chunks: Sequence[str], k: int, k1: float = 1.5, b: float = 0.75) -> list[int]:
    """The indices of the k chunks that score highest for the query, best first.

    Equal scores: the lower index first. Fewer than k chunks: all of them. Raises
    TypeError when k is not an int (bool included) and ValueError when k < 1, checked
    first; then what bm25_scores raises.

    Time O(L + q + N log N): the scores, and one sort of the N chunks.
    """
    _check_k(k)
    scores = bm25_scores(query, chunks, k1, b)
    # sorted() is stable, so the key (-score, index) puts equal scores in index order.
    ranked = sorted(range(len(scores)), key=lambda index: (-scores[index], index))
    return ranked[:k]


def recall_at_k(
    doc: str,
    spans: Sequence[tuple[int, int]],
    questions: Sequence[tuple[str, int, int]],
    k: int,
    k1: float = 1.5,
    b: float = 0.75,
) -> float:
    """The fraction of the questions whose evidence lies whole inside one of their top k chunks.

    Chunk i is doc[start:end] for spans[i] = (start, end). A question (text, start, end)
    is answered when one chunk among top_k(text, chunks, k, k1, b) contains its evidence
    doc[start:end] whole (chunk start <= evidence start and evidence end <= chunk end);
    a question counts once however many of its chunks do. Raises TypeError or ValueError
    for k, then doc, then each span, then each question, then k1 and b (see README.md).

    Time O(Q * (L + N log N)) for Q questions: every question scores every chunk.
    """
    _check_k(k)
    if not isinstance(doc, str):
        raise TypeError(f"doc must be a str, got a value of type {type(doc).__name__}")
    _require_sequence("spans", spans)
    for index, span in enumerate(spans):
        if not _is_a_tuple_of(span, (int, int)):
            raise TypeError(f"spans[{index}] must be a tuple (start, end) of two ints, got {span!r}")
        _check_slice(f"spans[{index}]", span[0], span[1], len(doc))
    _require_sequence("questions", questions)
    if len(questions) == 0:
        raise ValueError("questions must hold at least one question, got none")
    for index, question in enumerate(questions):
        if not _is_a_tuple_of(question, (str, int, int)):
            raise TypeError(
                f"questions[{index}] must be a tuple (text, start, end) of a str and two ints, got {question!r}"
            )
        _check_slice(f"questions[{index}]", question[1], question[2], len(doc))
    _check_parameters(k1, b)
    chunks = [doc[start:end] for start, end in spans]
    answered = 0
    for text, start, end in questions:
        if any(spans[i][0] <= start and end <= spans[i][1] for i in top_k(text, chunks, k, k1, b)):
            answered += 1
    return answered / len(questions)


def _check_query_and_chunks(query: object, chunks: Sequence[object]) -> None:
    if not isinstance(query, str):
        raise TypeError(f"query must be a str, got {query!r} of type {type(query).__name__}")
    # A str is a sequence of one-character strs: taking one for the chunks would score each
    # character as a chunk. A list or a tuple of str, nothing else.
    _require_sequence("chunks", chunks)
    for index, chunk in enumerate(chunks):
        if not isinstance(chunk, str):
            raise TypeError(f"chunks[{index}] must be a str, got {chunk!r} of type {type(chunk).__name__}")


def _check_parameters(k1: float, b: float) -> None:
    """k1, its type and then its value, then b the same way."""
    _check_number("k1", k1)
    if not 0 <= k1 < math.inf:  # also refuses nan, for which every comparison is False
        raise ValueError(f"k1 must be a finite number at least 0, got {k1}")
    _check_number("b", b)
    if not 0 <= b <= 1:  # nan too
        raise ValueError(f"b must be between 0 and 1, got {b}")


def _check_number(name: str, value: object) -> None:
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int or a float, got {value!r} of type {type(value).__name__}")


def _check_k(k: object) -> None:
    if not isinstance(k, int) or isinstance(k, bool):
        raise TypeError(f"k must be an int, got {k!r} of type {type(k).__name__}")
    if k < 1:
        raise ValueError(f"k must be at least 1, got {k}")


def _require_sequence(name: str, value: object) -> None:
    if not isinstance(value, (list, tuple)):
        raise TypeError(f"{name} must be a list or a tuple, got a value of type {type(value).__name__}")


def _is_a_tuple_of(value: object, types: tuple[type, ...]) -> bool:
    """A tuple or list of len(types) items, each exactly of its type (bool is not an int)."""
    return (
        isinstance(value, (tuple, list))
        and len(value) == len(types)
        and all(isinstance(item, kind) and not isinstance(item, bool) for item, kind in zip(value, types))
    )


def _check_slice(name: str, start: int, end: int, size: int) -> None:
    """A non-empty slice of the document: 0 <= start < end <= size."""
    if not 0 <= start < end <= size:
        raise ValueError(
            f"{name} must have 0 <= start < end <= {size} (the length of doc), got start {start} and end {end}"
        )
