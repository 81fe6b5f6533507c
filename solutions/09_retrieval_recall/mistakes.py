"""Kata 09: common mistakes, each a complete set of the kata's functions with one bug.

Run one against the tests with: pytest tests/09_retrieval_recall --impl=mistake:09:<id>
"""

import math
import re
from collections import Counter
from collections.abc import Sequence

from kata.runner.mistakes import Mistake

_WORD = re.compile(r"[a-z0-9]+")


def tokenize(text):
    return _WORD.findall(text.lower())


# The reference's checks and its correct parts, so that each mistake below differs from it in one way only.
# Each check of bm25_scores takes (query, chunks, k1, b); a mistake may leave one out, change it or move it.


def _check_query(query, chunks, k1, b):
    if not isinstance(query, str):
        raise TypeError(f"query must be a str, got {query!r} of type {type(query).__name__}")


def _check_chunks(query, chunks, k1, b):
    if not isinstance(chunks, (list, tuple)):
        raise TypeError(f"chunks must be a list or a tuple, got a value of type {type(chunks).__name__}")


def _check_each_chunk(query, chunks, k1, b):
    for index, chunk in enumerate(chunks):
        if not isinstance(chunk, str):
            raise TypeError(f"chunks[{index}] must be a str, got {chunk!r} of type {type(chunk).__name__}")


def _check_number(name, value):
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int or a float, got {value!r} of type {type(value).__name__}")


def _check_k1_type(query, chunks, k1, b):
    _check_number("k1", k1)


def _check_b_type(query, chunks, k1, b):
    _check_number("b", b)


def _check_k1(query, chunks, k1, b):
    if not 0 <= k1 < math.inf:
        raise ValueError(f"k1 must be a finite number at least 0, got {k1}")


def _check_b(query, chunks, k1, b):
    if not 0 <= b <= 1:
        raise ValueError(f"b must be between 0 and 1, got {b}")


SCORING_CHECKS = (_check_query, _check_chunks, _check_each_chunk, _check_k1_type, _check_k1, _check_b_type, _check_b)


def _check_scoring(query, chunks, k1, b, checks=SCORING_CHECKS):
    for check in checks:
        check(query, chunks, k1, b)


def _check_k(k):
    if not isinstance(k, int) or isinstance(k, bool):
        raise TypeError(f"k must be an int, got {k!r} of type {type(k).__name__}")
    if k < 1:
        raise ValueError(f"k must be at least 1, got {k}")


def _is_a_tuple_of(value, types):
    return (
        isinstance(value, (tuple, list))
        and len(value) == len(types)
        and all(isinstance(item, kind) and not isinstance(item, bool) for item, kind in zip(value, types))
    )


def _check_slice(name, start, end, size):
    if not 0 <= start < end <= size:
        raise ValueError(
            f"{name} must have 0 <= start < end <= {size} (the length of doc), got start {start} and end {end}"
        )


def _check_items(name, items, types, size, is_a_tuple_of=_is_a_tuple_of, check_slice=_check_slice, container=True):
    """A list or a tuple of spans or questions, each checked whole (its type, then its offsets) before the next."""
    if container and not isinstance(items, (list, tuple)):
        raise TypeError(f"{name} must be a list or a tuple, got a value of type {type(items).__name__}")
    if name == "questions" and not items:
        raise ValueError("questions must hold at least one question, got none")
    for index, item in enumerate(items):
        if not is_a_tuple_of(item, types):
            raise TypeError(f"{name}[{index}] must be a tuple of {types}, got {item!r}")
        check_slice(f"{name}[{index}]", item[-2], item[-1], size)


# Each check of recall_at_k takes (doc, spans, questions, k, k1, b).


def _check_recall_k(doc, spans, questions, k, k1, b):
    _check_k(k)


def _check_doc(doc, spans, questions, k, k1, b):
    if not isinstance(doc, str):
        raise TypeError(f"doc must be a str, got a value of type {type(doc).__name__}")


def _check_spans(doc, spans, questions, k, k1, b):
    _check_items("spans", spans, (int, int), len(doc))


def _check_questions(doc, spans, questions, k, k1, b):
    _check_items("questions", questions, (str, int, int), len(doc))


def _check_recall_parameters(doc, spans, questions, k, k1, b):
    _check_scoring("", [], k1, b)


RECALL_CHECKS = (_check_recall_k, _check_doc, _check_spans, _check_questions, _check_recall_parameters)


def _normalisation(k1, b, size, average):
    return k1 * (1 - b + b * size / average)


def _in_the_querys_order(found, order):
    """The words a chunk adds a term for, and the order of the additions: those it holds, in the query's
    order (order: each query word's position among the query's distinct words)."""
    return sorted(found, key=order.__getitem__)


def _counts_of(chunk_words, repeats):
    """How often the chunk holds each of the query's words (a dict, in the chunk's order)."""
    found = {}
    for word in chunk_words:
        if word in repeats:
            found[word] = found.get(word, 0) + 1
    return found


def _chunk_frequencies(counts):
    return Counter(word for found in counts for word in found)


def _scores(
    query,
    chunks,
    k1=1.5,
    b=0.75,
    *,
    checks=SCORING_CHECKS,
    idf=None,
    average=None,
    words=tokenize,
    length=None,
    normalisation=_normalisation,
    terms=_in_the_querys_order,
    frequencies=_chunk_frequencies,
    occurrences=None,
    gain=None,
    zero=0.0,
    norm_before_the_terms=False,
    empty_first=True,
):
    """BM25 as the reference computes it, with one part replaceable: the checks, idf(n, df), the average
    length average(lengths, counts), the query's words words(query), a chunk's length length(chunk, found)
    (found: its counts of the query's words), the
    length normalisation normalisation(k1, b, |c|, avgdl), the words a chunk adds and in which order
    terms(found, order), the document frequencies frequencies(counts), a chunk's counts
    occurrences(chunk_words, repeats), the factor gain(k1) (k1 + 1), the score a chunk starts from (zero),
    whether a chunk's normalisation is computed before knowing that it holds a word, and whether no
    chunks return [] before the average is taken."""
    _check_scoring(query, chunks, k1, b, checks)
    repeats = Counter(words(query))
    counts, lengths = [], []
    for chunk in chunks:
        chunk_words = tokenize(chunk)
        found = _counts_of(chunk_words, repeats) if occurrences is None else occurrences(chunk_words, repeats)
        lengths.append(len(chunk_words) if length is None else length(chunk, found))
        counts.append(found)
    n = len(chunks)
    if n == 0 and empty_first:
        return []
    avgdl = sum(lengths) / n if average is None else average(lengths, counts)
    df = frequencies(counts)
    idf = idf or (lambda n, df: math.log(1 + (n - df + 0.5) / (df + 0.5)))
    factor = k1 + 1 if gain is None else gain(k1)
    order = {word: position for position, word in enumerate(repeats)}
    scores = []
    for found, size in zip(counts, lengths):
        norm = normalisation(k1, b, size, avgdl) if norm_before_the_terms else None
        score = zero
        for word in terms(found, order):
            f = found.get(word, 0)
            score += (
                repeats[word]
                * idf(n, df[word])
                * f
                * factor
                / (f + (normalisation(k1, b, size, avgdl) if norm is None else norm))
            )
        scores.append(score)
    return scores


def _top(query, chunks, k, k1=1.5, b=0.75, scores=_scores):
    _check_k(k)
    found = scores(query, chunks, k1, b)
    return sorted(range(len(found)), key=lambda index: (-found[index], index))[:k]


def _holds(doc, retrieved, start, end):
    return any(s <= start and end <= e for s, e in retrieved)


def _recall(
    doc,
    spans,
    questions,
    k,
    k1=1.5,
    b=0.75,
    hit=_holds,
    top=_top,
    divide=None,
    checks=RECALL_CHECKS,
    chunk_spans=None,
    retrieve=None,
    passes_the_parameters=True,
):
    """recall_at_k as the reference computes it, with one part replaceable: the checks, whether a question's
    retrieved spans answer it hit(doc, retrieved, start, end) (a count), the denominator divide(spans,
    questions), the spans made chunks chunk_spans(spans), the spans retrieved for a ranking
    retrieve(spans, ranking), and whether k1 and b are passed on to top_k."""
    for check in checks:
        check(doc, spans, questions, k, k1, b)
    if chunk_spans is not None:
        spans = chunk_spans(spans)
    chunks = [doc[start:end] for start, end in spans]
    answered = 0
    for text, start, end in questions:
        ranking = top(text, chunks, k, k1, b) if passes_the_parameters else top(text, chunks, k)
        retrieved = [spans[index] for index in ranking] if retrieve is None else retrieve(spans, ranking)
        answered += hit(doc, retrieved, start, end)
    return answered / (len(questions) if divide is None else divide(spans, questions))


def _functions(scores=_scores, top=_top, recall=_recall, default_k1_of_top_k=1.5):
    """The kata's three functions, each built on the one before: bm25_scores on `scores`, top_k on
    `top` with those scores, recall_at_k on `recall` with that top_k. A mistake replaces one part."""

    def bm25_scores(query, chunks, k1=1.5, b=0.75):
        return scores(query, chunks, k1, b)

    def top_k(query, chunks, k, k1=default_k1_of_top_k, b=0.75):
        return top(query, chunks, k, k1, b, scores=bm25_scores)

    def recall_at_k(doc, spans, questions, k, k1=1.5, b=0.75):
        return recall(doc, spans, questions, k, k1, b, top=top_k)

    return staticmethod(bm25_scores), staticmethod(top_k), staticmethod(recall_at_k)


def _scoring(**changes):
    """bm25_scores with one part changed (see _scores), and top_k and recall_at_k built on it. Changed checks
    are those of all three functions, as one check function shared by them would be: recall_at_k checks k1
    and b with them too."""
    scores = lambda query, chunks, k1, b: _scores(query, chunks, k1, b, **changes)  # noqa: E731
    if "checks" not in changes:
        return _functions(scores=scores)
    checks = changes["checks"]

    def check_parameters(doc, spans, questions, k, k1, b):
        _check_scoring("", [], k1, b, checks)

    recall_checks = _replaced(RECALL_CHECKS, _check_recall_parameters, check_parameters)
    return _functions(scores=scores, recall=lambda *args, top: _recall(*args, top=top, checks=recall_checks))


def _ranking(top):
    """top_k replaced, and recall_at_k built on it."""
    return _functions(top=top)


def _recalling(**changes):
    """recall_at_k with one part changed (see _recall)."""
    return _functions(recall=lambda *args, top: _recall(*args, top=top, **changes))


def _replaced(checks, old, new):
    return tuple(new if check is old else check for check in checks)


def _occurrences_in_all_the_chunks(counts):
    total = Counter()
    for found in counts:
        total.update(found)  # each occurrence, not each chunk
    return total


def _average_of_the_matching(lengths, counts):
    held = [length for length, found in zip(lengths, counts) if found]
    return sum(held) / len(held) if held else 1.0


def _average_of_the_non_empty(lengths, counts):
    held = [length for length in lengths if length]
    return sum(held) / len(held) if held else 0.0


def _scores_word_by_word(query, chunks, k1, b):
    """BM25 from the definition, one query word at a time against every chunk: O(query * chunks)."""
    _check_scoring(query, chunks, k1, b)
    texts = [tokenize(chunk) for chunk in chunks]
    n = len(texts)
    if n == 0:
        return []
    average = sum(len(words) for words in texts) / n
    scores = [0.0] * n
    for word in tokenize(query):
        df = sum(1 for words in texts if word in words)
        idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
        for index, words in enumerate(texts):
            f = words.count(word)
            if f:
                scores[index] += idf * f * (k1 + 1) / (f + k1 * (1 - b + b * len(words) / average))
    return scores


def _scores_recounting_the_average(query, chunks, k1, b):
    """BM25 with avgdl recounted from every chunk's words inside the loop over the chunks: O(chunks^2)."""
    _check_scoring(query, chunks, k1, b)
    repeats = Counter(tokenize(query))
    texts = [tokenize(chunk) for chunk in chunks]
    n = len(texts)
    if n == 0:
        return []
    counts = [Counter(word for word in words if word in repeats) for words in texts]
    df = _chunk_frequencies(counts)
    order = {word: position for position, word in enumerate(repeats)}
    scores = []
    for words, found in zip(texts, counts):
        average = sum(len(other) for other in texts) / n  # the same number, recounted for every chunk
        score = 0.0
        for word in _in_the_querys_order(found, order):
            f = found[word]
            idf = math.log(1 + (n - df[word] + 0.5) / (df[word] + 0.5))
            score += repeats[word] * idf * f * (k1 + 1) / (f + k1 * (1 - b + b * len(words) / average))
        scores.append(score)
    return scores


def _scores_recounting_the_average_for_every_term(query, chunks, k1, b):
    """BM25 with avgdl recounted from every chunk's words for each term of a chunk that holds a query word."""
    _check_scoring(query, chunks, k1, b)
    repeats = Counter(tokenize(query))
    texts = [tokenize(chunk) for chunk in chunks]
    n = len(texts)
    counts = [Counter(word for word in words if word in repeats) for words in texts]
    df = _chunk_frequencies(counts)
    order = {word: position for position, word in enumerate(repeats)}
    scores = []
    for words, found in zip(texts, counts):
        score = 0.0
        for word in _in_the_querys_order(found, order):
            average = sum(len(other) for other in texts) / n  # the same number, recounted for every term
            f = found[word]
            idf = math.log(1 + (n - df[word] + 0.5) / (df[word] + 0.5))
            score += repeats[word] * idf * f * (k1 + 1) / (f + k1 * (1 - b + b * len(words) / average))
        scores.append(score)
    return scores


def _check_a_number_letting_bools_through(name, value):
    if not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be an int or a float, got {value!r} of type {type(value).__name__}")


def _check_k1_below_zero_only(query, chunks, k1, b):
    if k1 < 0:
        raise ValueError(f"k1 must be at least 0, got {k1}")


def _check_k1_letting_nan_through(query, chunks, k1, b):
    if k1 < 0 or k1 == math.inf:
        raise ValueError(f"k1 must be a finite number at least 0, got {k1}")


def _check_b_letting_nan_through(query, chunks, k1, b):
    if b < 0 or b > 1:
        raise ValueError(f"b must be between 0 and 1, got {b}")


def _top_from_the_higher_index(query, chunks, k, k1, b, scores):
    _check_k(k)
    found = scores(query, chunks, k1, b)
    return [index for _, index in sorted(zip(found, range(len(found))), reverse=True)][:k]


def _top_of_k_positions(query, chunks, k, k1, b, scores):
    _check_k(k)
    ranking = _top(query, chunks, len(chunks), k1, b, scores) if chunks else []
    return [ranking[position] for position in range(k)]


def _top_checking_k_last(query, chunks, k, k1, b, scores):
    found = scores(query, chunks, k1, b)
    _check_k(k)
    return sorted(range(len(found)), key=lambda index: (-found[index], index))[:k]


def _top_with_the_default_parameters(query, chunks, k, k1, b, scores):
    _check_k(k)
    _check_scoring(query, chunks, k1, b)
    found = scores(query, chunks)
    return sorted(range(len(found)), key=lambda index: (-found[index], index))[:k]


def _top_of_the_chunks_that_score(query, chunks, k, k1, b, scores):
    _check_k(k)
    found = scores(query, chunks, k1, b)
    return sorted((index for index in range(len(found)) if found[index] > 0), key=lambda index: (-found[index], index))[
        :k
    ]


def _top_of_rounded_scores(query, chunks, k, k1, b, scores):
    _check_k(k)
    found = [round(score, 9) for score in scores(query, chunks, k1, b)]
    return sorted(range(len(found)), key=lambda index: (-found[index], index))[:k]


def _top_by_list_index(query, chunks, k, k1, b, scores):
    _check_k(k)
    found = scores(query, chunks, k1, b)
    return [found.index(score) for score in sorted(found, reverse=True)[:k]]


def _top_accepting_k_zero(query, chunks, k, k1, b, scores):
    if not isinstance(k, int) or isinstance(k, bool):
        raise TypeError(f"k must be an int, got {k!r} of type {type(k).__name__}")
    if k < 0:
        raise ValueError(f"k must be at least 0, got {k}")
    found = scores(query, chunks, k1, b)
    return sorted(range(len(found)), key=lambda index: (-found[index], index))[:k]


def _covered(doc, retrieved, start, end):
    held = set()
    for s, e in retrieved:
        held.update(range(s, e))
    return all(position in held for position in range(start, end))


def _check_every_span_type_first(doc, spans, questions, k, k1, b):
    if not isinstance(spans, (list, tuple)):
        raise TypeError(f"spans must be a list or a tuple, got a value of type {type(spans).__name__}")
    for index, span in enumerate(spans):
        if not _is_a_tuple_of(span, (int, int)):
            raise TypeError(f"spans[{index}] must be a tuple of (int, int), got {span!r}")
    for index, span in enumerate(spans):
        _check_slice(f"spans[{index}]", span[0], span[1], len(doc))


def _spans_checked_with(check_slice=_check_slice, is_a_tuple_of=_is_a_tuple_of, container=True):
    def check_spans(doc, spans, questions, k, k1, b):
        _check_items("spans", spans, (int, int), len(doc), is_a_tuple_of, check_slice, container)

    return check_spans


def _questions_checked_with(check_slice=_check_slice, is_a_tuple_of=_is_a_tuple_of):
    def check_questions(doc, spans, questions, k, k1, b):
        _check_items("questions", questions, (str, int, int), len(doc), is_a_tuple_of, check_slice)

    return check_questions


def _check_slice_without_the_end(name, start, end, size):
    if not 0 <= start < end:
        raise ValueError(f"{name} must have 0 <= start < end, got start {start} and end {end}")


def _check_slice_allowing_empty(name, start, end, size):
    if not 0 <= start <= end <= size:
        raise ValueError(
            f"{name} must have 0 <= start <= end <= {size} (the length of doc), got start {start} and end {end}"
        )


def _check_slice_allowing_negative(name, start, end, size):
    if not start < end <= size:
        raise ValueError(f"{name} must have start < end <= {size} (the length of doc), got start {start} and end {end}")


def _check_no_slice(name, start, end, size):
    pass


def _check_k_below_one_only(k):
    if k < 1:
        raise ValueError(f"k must be at least 1, got {k}")


def _top_checking_k_with(check_k):
    def top(query, chunks, k, k1, b, scores):
        check_k(k)
        found = scores(query, chunks, k1, b)
        return sorted(range(len(found)), key=lambda index: (-found[index], index))[:k]

    return top


def _without_the_values(functions):
    """The functions, each raising its errors with a message cut before ", got": the argument named, not its value."""

    def cut(function):
        def without_the_value(*args, **kwargs):
            try:
                return function(*args, **kwargs)
            except (TypeError, ValueError) as error:
                if ", got" not in str(error):
                    raise
                raise type(error)(str(error).split(", got")[0]) from None

        return staticmethod(without_the_value)

    return tuple(cut(function.__func__) for function in functions)


def _is_exactly_a_tuple_of(value, types):
    return isinstance(value, tuple) and _is_a_tuple_of(value, types)


def _check_no_questions_first(doc, spans, questions, k, k1, b):
    if not questions:
        raise ValueError("questions must hold at least one question, got none")
    _check_items("questions", questions, (str, int, int), len(doc))


def _is_a_tuple_of_ints_or_bools(value, types):
    return (
        isinstance(value, (tuple, list))
        and len(value) == len(types)
        and all(isinstance(item, kind) for item, kind in zip(value, types))
    )


def _recall_of_no_questions_as_zero(doc, spans, questions, k, k1=1.5, b=0.75, top=_top):
    if isinstance(questions, (list, tuple)) and not questions:
        _check_recall_k(doc, spans, questions, k, k1, b)
        _check_doc(doc, spans, questions, k, k1, b)
        _check_spans(doc, spans, questions, k, k1, b)
        _check_recall_parameters(doc, spans, questions, k, k1, b)
        return 0.0  # nothing answered of nothing asked
    return _recall(doc, spans, questions, k, k1, b, top=top)


def _recall_returning_early_without_spans(doc, spans, questions, k, k1=1.5, b=0.75, top=_top):
    _check_recall_k(doc, spans, questions, k, k1, b)
    _check_doc(doc, spans, questions, k, k1, b)
    _check_spans(doc, spans, questions, k, k1, b)
    if not spans:
        return 0.0  # nothing to retrieve: but the questions, k1 and b are left unchecked
    return _recall(doc, spans, questions, k, k1, b, top=top)


# The scores --------------------------------------------------------------------------------------


class NegativeIdf(Mistake):
    """Uses the textbook idf ln((N - df + 0.5) / (df + 0.5)), which goes negative for a word in
    more than half of the chunks.

    bm25_scores("the", ["the a", "the b", "the c"]) gives three negative scores: a chunk loses
    score for holding the query's word, and ranks below a chunk without it.
    Seen in rank-bm25 0.2.2 (EXPLANATION.md, In the wild).
    """

    id = "negative_idf"
    title = "idf without the 1 +: negative for a word in most chunks"
    hint = "Lucene's idf is ln(1 + (N - df + 0.5) / (df + 0.5)): the 1 + keeps it positive for every word."

    bm25_scores, top_k, recall_at_k = _scoring(idf=lambda n, df: math.log((n - df + 0.5) / (df + 0.5)))


class CountsDfAsOccurrences(Mistake):
    """Counts df(t) as the occurrences of t in all the chunks, not as the chunks that hold it.

    "a cat and a cat" counts twice towards df(cat), so a word repeated inside one chunk looks
    common, and its idf too small: bm25_scores("cat mat", CHUNKS) gives chunk 1 less than
    1.4937952636896705.
    """

    id = "counts_df_as_occurrences"
    title = "df counted as the word's occurrences, not as the chunks that hold it"
    hint = "df(t) is the number of chunks in which t occurs at least once: a chunk counts once, however often."

    bm25_scores, top_k, recall_at_k = _scoring(frequencies=_occurrences_in_all_the_chunks)


class AveragesOnlyTheChunksThatMatch(Mistake):
    """Takes avgdl over the chunks that hold a query word, instead of over all the chunks.

    bm25_scores("cat", ["cat sat", "dog dog dog dog"]) averages 2 words instead of
    (2 + 4) / 2: the one matching chunk looks average-length, and scores too low.
    """

    id = "averages_only_the_chunks_that_match"
    title = "The average length taken over the chunks that hold a query word, not over all of them"
    hint = "avgdl is the mean number of words over all N chunks, empty ones and chunks without a query word included."

    bm25_scores, top_k, recall_at_k = _scoring(average=_average_of_the_matching)


class AveragesOverTheNonEmptyChunks(Mistake):
    """Takes avgdl over the chunks that have at least one word, leaving the empty ones out.

    bm25_scores("cat", ["cat sat", "", "dog dog dog dog"]) averages (2 + 4) / 2 = 3 words
    instead of (2 + 0 + 4) / 3 = 2: "cat sat" looks shorter than average, and scores too high.
    """

    id = "averages_over_the_non_empty_chunks"
    title = "The average length taken over the non-empty chunks only"
    hint = "avgdl is the mean of |c| over all N chunks: an empty chunk counts, with length 0."

    bm25_scores, top_k, recall_at_k = _scoring(average=_average_of_the_non_empty)


class SwapsK1AndB(Mistake):
    """Writes the length normalisation as b * (1 - k1 + k1 * |c| / avgdl): k1 and b swapped.

    The scores change whenever a chunk's length differs from the average: with the defaults,
    a long chunk is penalised twice as hard, and a chunk under a third of the average length
    gets a negative normalisation.
    """

    id = "swaps_k1_and_b"
    title = "k1 and b swapped in the length normalisation"
    hint = "The denominator is f + k1 * (1 - b + b * |c| / avgdl): k1 scales it, b mixes 1 with |c| / avgdl."

    bm25_scores, top_k, recall_at_k = _scoring(
        normalisation=lambda k1, b, size, average: b * (1 - k1 + k1 * size / average)
    )


class InvertsTheLengthRatio(Mistake):
    """Writes the length normalisation with avgdl / |c| instead of |c| / avgdl.

    A long chunk is then favoured instead of penalised: in bm25_scores("cat mat", CHUNKS)
    chunk 1, longer than average, scores more than 1.4937952636896705.
    """

    id = "inverts_the_length_ratio"
    title = "The length ratio turned over: avgdl / |c| instead of |c| / avgdl"
    hint = "A chunk longer than average must get a larger denominator: the ratio is |c| / avgdl."

    bm25_scores, top_k, recall_at_k = _scoring(
        normalisation=lambda k1, b, size, average: k1 * (1 - b + b * average / size)
    )


class DropsK1PlusOne(Mistake):
    """Leaves the factor (k1 + 1) out of the numerator: every score is k1 + 1 times too small.

    The ranking is the same, but bm25_scores("cat mat", CHUNKS) gives chunk 1
    1.4937952636896705 / 2.5.
    """

    id = "drops_k1_plus_one"
    title = "The factor (k1 + 1) left out of each term"
    hint = "Each term is idf * f * (k1 + 1) / (f + k1 * (...)): the (k1 + 1) makes a word that occurs once add idf."

    bm25_scores, top_k, recall_at_k = _scoring(gain=lambda k1: 1)


class CountsEachQueryWordOnce(Mistake):
    """Scores the set of the query's words, so a repeated word counts once.

    bm25_scores("cat cat mat", CHUNKS) gives the same scores as "cat mat".
    """

    id = "counts_each_query_word_once"
    title = "A word repeated in the query counts once"
    hint = "Sum over the query's words with their repeats: a word twice in the query adds its term twice."

    bm25_scores, top_k, recall_at_k = _scoring(words=lambda text: list(dict.fromkeys(tokenize(text))))


class CountsAWordOncePerChunk(Mistake):
    """Takes f(t, c) as 1 whenever the chunk holds t, however often it does.

    bm25_scores("cat mat", CHUNKS) gives "a cat and a cat" the score of a single cat.
    """

    id = "counts_a_word_once_per_chunk"
    title = "f(t, c) counted as 1 however often the chunk holds the word"
    hint = "f(t, c) is how many times t occurs in c: count the chunk's words, not the set of them."

    bm25_scores, top_k, recall_at_k = _scoring(
        occurrences=lambda chunk_words, repeats: Counter(word for word in set(chunk_words) if word in repeats)
    )


class SplitsTheQueryOnSpaces(Mistake):
    """Takes the query's words with query.lower().split() instead of tokenize(query).

    Punctuation then sticks to the words: "leave?" and "cost," match nothing, so
    bm25_scores("Cat, mat?", CHUNKS) is all 0.0.
    """

    id = "splits_the_query_on_spaces"
    title = "The query split on spaces instead of tokenized like the chunks"
    hint = "Take the query's words with tokenize(query), exactly as the chunks' words: punctuation separates words."

    bm25_scores, top_k, recall_at_k = _scoring(words=lambda text: text.lower().split())


class MeasuresLengthInCharacters(Mistake):
    """Takes a chunk's length as its number of characters, not of words.

    Short words and long words then weigh differently: bm25_scores("cat", ["cat sat",
    "cat extraordinarily"]) ranks the chunks as if the second were much longer, though both
    have two words.
    """

    id = "measures_length_in_characters"
    title = "A chunk's length counted in characters instead of words"
    hint = "|c| and avgdl count words (tokenize), like f and df."

    bm25_scores, top_k, recall_at_k = _scoring(length=lambda chunk, found: len(chunk))


class MeasuresLengthWithSplit(Mistake):
    """Takes a chunk's length as len(chunk.split()), the runs between spaces, not its words.

    "cat's mat" has the words cat, s and mat, three of them, but two runs between spaces:
    bm25_scores("cat", ["cat's mat", "cat and mat"]) scores the first higher, though both
    chunks have three words.
    """

    id = "measures_length_with_split"
    title = "A chunk's length counted with split() instead of tokenize"
    hint = "|c| counts the chunk's words as tokenize finds them, the same words that f and df count."

    bm25_scores, top_k, recall_at_k = _scoring(length=lambda chunk, found: len(chunk.split()))


class MeasuresLengthInDistinctWords(Mistake):
    """Takes a chunk's length as the number of its distinct words, len(Counter(words)).

    "a cat and a cat" has five words but three distinct ones, so it looks shorter than it is:
    bm25_scores("cat mat", CHUNKS) gives chunk 2 more than 0.8943834587870262.
    """

    id = "measures_length_in_distinct_words"
    title = "A chunk's length counted in distinct words instead of all its words"
    hint = "|c| counts every word of the chunk, repeats included: len(tokenize(chunk)), not len(Counter(...))."

    bm25_scores, top_k, recall_at_k = _scoring(length=lambda chunk, found: len(set(tokenize(chunk))))


class MeasuresLengthInQueryWords(Mistake):
    """Takes a chunk's length from its counts of the query's words, sum(found.values()), so
    that |c| counts only the words the chunk shares with the query.

    In bm25_scores("cat mat", CHUNKS) chunk 1 has the length 2 instead of 6, and avgdl is
    4 / 4 instead of 15 / 4.
    """

    id = "measures_length_in_query_words"
    title = "A chunk's length counted in query words only"
    hint = "|c| is the number of all the chunk's words, whether the query holds them or not."

    bm25_scores, top_k, recall_at_k = _scoring(length=lambda chunk, found: sum(found.values()))


class AddsTheTermsInTheChunksOrder(Mistake):
    """Adds a chunk's terms in the order its own words come in, not in the query's order.

    Floating-point addition is not associative: the six orders of "ferry ticket harbour" add
    the same three terms in different orders, and some of the sums differ in their last bit,
    so chunks that should tie exactly are ranked by that bit instead of by index.
    """

    id = "adds_the_terms_in_the_chunks_order"
    title = "A chunk's terms added in the order of its own words, not the query's"
    hint = (
        "Add every chunk's terms in one order fixed by the query (the order its words first appear in): "
        "then chunks that hold the same words as often, and are as long, score exactly the same."
    )

    bm25_scores, top_k, recall_at_k = _scoring(terms=lambda found, order: list(found))


class ScoresAbsentWordsToo(Mistake):
    """Computes the term of every query word for every chunk, with f = 0 for a word the chunk
    does not hold.

    The term is then 0 / (0 + norm), which is 0 / 0 when k1 = 0, or when b = 1 and the chunk
    has no words: ZeroDivisionError. And the loop over every query word inside the loop over
    the chunks takes their product in time.
    """

    id = "scores_absent_words_too"
    title = "A term computed for every query word in every chunk, absent words included"
    hint = (
        "A word the chunk does not hold adds nothing: skip it, never compute its term (0 / 0 when k1 = 0), "
        "and add one term per query word the chunk does hold."
    )

    bm25_scores, top_k, recall_at_k = _scoring(terms=lambda found, order: list(order))


class DividesByAZeroAverage(Mistake):
    """Computes every chunk's length normalisation, |c| / avgdl included, before looking at its words.

    When no chunk has a word, avgdl is 0: bm25_scores("cat", ["", "...", "  "]) raises
    ZeroDivisionError instead of returning [0.0, 0.0, 0.0].
    """

    id = "divides_by_a_zero_average"
    title = "ZeroDivisionError when no chunk has a word (avgdl is 0)"
    hint = "When no chunk has a word, every score is 0.0: divide by avgdl only for a chunk that holds a query word."

    bm25_scores, top_k, recall_at_k = _scoring(norm_before_the_terms=True)


class DividesByZeroWithoutChunks(Mistake):
    """Takes avgdl = sum(lengths) / len(chunks) before looking whether there are any chunks.

    bm25_scores("cat", []) raises ZeroDivisionError instead of returning [].
    Seen in rank-bm25 0.2.2 (EXPLANATION.md, In the wild).
    """

    id = "divides_by_zero_without_chunks"
    title = "ZeroDivisionError for no chunks instead of []"
    hint = "No chunks give no scores: return [] before taking the mean length over zero chunks."

    bm25_scores, top_k, recall_at_k = _scoring(empty_first=False)


class ScoresAnIntZero(Mistake):
    """Sums a chunk's terms with sum(...), which is the int 0 for a chunk without a query word.

    bm25_scores("cat mat", CHUNKS) returns [0, 1.4937952636896705, 0.8943834587870262, 0]:
    two ints among the floats.
    """

    id = "scores_an_int_zero"
    title = "The int 0 for a chunk that holds no query word, instead of 0.0"
    hint = "Every score is a float: start each sum from 0.0 (sum(terms, 0.0)), so that a chunk without a term is 0.0."

    bm25_scores, top_k, recall_at_k = _scoring(zero=0)


class ScoresEveryQueryWordAgainstEveryChunk(Mistake):
    """Loops over the query's words, and for each over every chunk, recounting df and f there.

    The scores are right, but the time is the product of the query's length and the
    chunks' total length: 20,000 query words against 20,000 chunks is 400 million steps.
    """

    id = "scores_every_query_word_against_every_chunk"
    title = "A loop over every chunk for every query word: time grows with their product"
    hint = (
        "Read each chunk once, counting only the query's words in it (a Counter of the query's words); "
        "then a score adds one term per distinct query word the chunk holds."
    )

    bm25_scores, top_k, recall_at_k = _functions(scores=_scores_word_by_word)


class RecountsTheAverageForEveryChunk(Mistake):
    """Recounts avgdl from every chunk's words inside the loop over the chunks.

    The scores are right, but each chunk reads all the chunks again: 20,000 chunks make
    400 million steps.
    """

    id = "recounts_the_average_for_every_chunk"
    title = "avgdl recounted for every chunk: time grows with the square of the chunks"
    hint = "avgdl is the same for every chunk: compute it once, before the loop over the chunks."

    bm25_scores, top_k, recall_at_k = _functions(scores=_scores_recounting_the_average)


class RecountsTheAverageForEveryTerm(Mistake):
    """Recounts avgdl from every chunk's words for each term it adds, in the chunks that hold a query word.

    The scores are right, but each term reads all the chunks again: a query word found in
    every one of 20,000 chunks makes 400 million steps.
    """

    id = "recounts_the_average_for_every_term"
    title = "avgdl recounted for every term added: time grows with the chunks times the terms"
    hint = "avgdl is the same for every chunk and every term: compute it once, before the loop over the chunks."

    bm25_scores, top_k, recall_at_k = _functions(scores=_scores_recounting_the_average_for_every_term)


# The checks of the scores -----------------------------------------------------------------------


class AcceptsAStrOfChunks(Mistake):
    """Takes any iterable of str for chunks, so a str is scored as a list of one-character chunks.

    bm25_scores("cat", "cat mat") returns seven scores, one per character, instead of raising
    TypeError.
    """

    id = "accepts_a_str_of_chunks"
    title = "A str accepted as the chunks, each character a chunk"
    hint = "chunks must be a list or a tuple: refuse anything else (a str is a sequence of characters) with TypeError."

    bm25_scores, top_k, recall_at_k = _scoring(
        checks=tuple(check for check in SCORING_CHECKS if check is not _check_chunks)
    )


def _refuse_a_str_or_no_sequence(name, items):
    """The check of a container as `Sequence` and not `str` makes it: a deque, a range or a UserList passes."""
    if not isinstance(items, Sequence) or isinstance(items, str):
        raise TypeError(f"{name} must be a list or a tuple, got a value of type {type(items).__name__}")


def _check_chunks_are_any_sequence(query, chunks, k1, b):
    _refuse_a_str_or_no_sequence("chunks", chunks)


def _check_spans_are_any_sequence(doc, spans, questions, k, k1, b):
    _refuse_a_str_or_no_sequence("spans", spans)
    _check_items("spans", spans, (int, int), len(doc), container=False)


def _check_questions_are_any_sequence(doc, spans, questions, k, k1, b):
    _refuse_a_str_or_no_sequence("questions", questions)
    _check_items("questions", questions, (str, int, int), len(doc), container=False)


_ANY_SEQUENCE_SCORING_CHECKS = _replaced(SCORING_CHECKS, _check_chunks, _check_chunks_are_any_sequence)
_ANY_SEQUENCE_RECALL_CHECKS = _replaced(
    _replaced(RECALL_CHECKS, _check_spans, _check_spans_are_any_sequence),
    _check_questions,
    _check_questions_are_any_sequence,
)


class AcceptsAnySequence(Mistake):
    """Checks chunks, spans and questions as a `Sequence` that is not a str, where the statement asks for a list
    or a tuple and nothing else: a str, a set and a generator are refused, a deque is taken.

    bm25_scores("cat", deque(["cat", "dog"])) returns two scores instead of raising TypeError naming chunks.
    """

    id = "accepts_any_sequence"
    title = "Any sequence but a str taken for chunks, spans or questions"
    hint = "chunks, spans and questions are lists or tuples, and nothing else: check isinstance(x, (list, tuple))."

    bm25_scores, top_k, recall_at_k = _functions(
        scores=lambda query, chunks, k1, b: _scores(query, chunks, k1, b, checks=_ANY_SEQUENCE_SCORING_CHECKS),
        recall=lambda *args, top: _recall(*args, top=top, checks=_ANY_SEQUENCE_RECALL_CHECKS),
    )


class DoesNotCheckTheQuery(Mistake):
    """Leaves the query unchecked: a None query fails later, in tokenize, with AttributeError."""

    id = "does_not_check_the_query"
    title = "A query that is not a str not refused with TypeError"
    hint = "Check the query first: TypeError naming query when it is not a str."

    bm25_scores, top_k, recall_at_k = _scoring(checks=SCORING_CHECKS[1:])


class DoesNotCheckTheChunks(Mistake):
    """Leaves the chunks' items unchecked: a None among them fails later, in tokenize, with AttributeError."""

    id = "does_not_check_the_chunks"
    title = "A chunk that is not a str not refused with TypeError"
    hint = "Check each chunk in order before scoring: TypeError naming chunks[i] when it is not a str."

    bm25_scores, top_k, recall_at_k = _scoring(
        checks=tuple(check for check in SCORING_CHECKS if check is not _check_each_chunk)
    )


class ChecksTheParametersBeforeTheChunks(Mistake):
    """Checks k1 and b right after the query, and the chunks last.

    bm25_scores("cat", [3], k1=-1) raises ValueError about k1 instead of TypeError about chunks[0].
    """

    id = "checks_the_parameters_before_the_chunks"
    title = "k1 and b checked before the chunks"
    hint = "The order is query, then chunks (the list, then each chunk), then k1, then b: the first problem decides."

    bm25_scores, top_k, recall_at_k = _scoring(
        checks=(_check_query, _check_k1_type, _check_k1, _check_b_type, _check_b, _check_chunks, _check_each_chunk)
    )


class ChecksBBeforeK1(Mistake):
    """Checks b's value before k1's: bm25_scores("cat", CHUNKS, k1=-1, b=7) blames b, not k1."""

    id = "checks_b_before_k1"
    title = "b's value checked before k1's"
    hint = "k1 comes before b: check k1's value first, then b's."

    bm25_scores, top_k, recall_at_k = _scoring(
        checks=(_check_query, _check_chunks, _check_each_chunk, _check_b_type, _check_b, _check_k1_type, _check_k1)
    )


class ChecksBothTypesBeforeTheValues(Mistake):
    """Checks the types of k1 and b, then their values, instead of k1 whole and then b:
    bm25_scores("cat", CHUNKS, k1=-1, b="0.5") blames b's type instead of k1's value."""

    id = "checks_both_types_before_the_values"
    title = "The types of k1 and b checked before their values"
    hint = "Check k1 whole (its type, then its value), then b the same way: the first problem decides."

    bm25_scores, top_k, recall_at_k = _scoring(
        checks=(_check_query, _check_chunks, _check_each_chunk, _check_k1_type, _check_b_type, _check_k1, _check_b)
    )


class ChecksTheChunksBeforeTheQuery(Mistake):
    """Checks the chunks before the query: bm25_scores(None, [3]) blames chunks[0] instead of query."""

    id = "checks_the_chunks_before_the_query"
    title = "The chunks checked before the query"
    hint = "The order is query, then chunks, then k1, then b: check the query first."

    bm25_scores, top_k, recall_at_k = _scoring(
        checks=(_check_chunks, _check_each_chunk, _check_query, _check_k1_type, _check_k1, _check_b_type, _check_b)
    )


class AcceptsABoolParameter(Mistake):
    """Checks k1 and b with isinstance(value, (int, float)), which True passes: k1=True is taken as 1."""

    id = "accepts_a_bool_parameter"
    title = "k1=True or b=True accepted as 1"
    hint = "bool is a subclass of int: refuse it explicitly (isinstance(value, bool)) for k1 and b."

    bm25_scores, top_k, recall_at_k = _scoring(
        checks=_replaced(
            _replaced(
                SCORING_CHECKS,
                _check_k1_type,
                lambda query, chunks, k1, b: _check_a_number_letting_bools_through("k1", k1),
            ),
            _check_b_type,
            lambda query, chunks, k1, b: _check_a_number_letting_bools_through("b", b),
        )
    )


class AcceptsAnInfiniteK1(Mistake):
    """Checks k1 with k1 < 0 alone, which inf and nan pass: every score is then nan.
    Seen in bm25s 0.3.16, which checks no value of k1 at all (EXPLANATION.md, In the wild).
    """

    id = "accepts_an_infinite_k1"
    title = "An infinite or nan k1 accepted"
    hint = "k1 must be a finite number at least 0: refuse inf, and nan, for which every comparison is False."

    bm25_scores, top_k, recall_at_k = _scoring(checks=_replaced(SCORING_CHECKS, _check_k1, _check_k1_below_zero_only))


class AcceptsANanK1(Mistake):
    """Checks k1 with k1 < 0 or k1 == math.inf, which nan passes, since every comparison with nan is False.
    Seen in bm25s 0.3.16 (EXPLANATION.md, In the wild).
    """

    id = "accepts_a_nan_k1"
    title = "k1 = nan accepted"
    hint = "Every comparison with nan is False: write the check as not 0 <= k1 < math.inf, or test math.isnan."

    bm25_scores, top_k, recall_at_k = _scoring(
        checks=_replaced(SCORING_CHECKS, _check_k1, _check_k1_letting_nan_through)
    )


class AcceptsANanB(Mistake):
    """Checks b with b < 0 or b > 1, which nan passes, since every comparison with nan is False:
    every score that holds a word is then nan. Seen in bm25s 0.3.16 (EXPLANATION.md, In the wild).
    """

    id = "accepts_a_nan_b"
    title = "b = nan accepted"
    hint = "Every comparison with nan is False: write the check as not 0 <= b <= 1, which refuses nan too."

    bm25_scores, top_k, recall_at_k = _scoring(checks=_replaced(SCORING_CHECKS, _check_b, _check_b_letting_nan_through))


def _check_exactly_a_list_of_chunks(query, chunks, k1, b):
    if type(chunks) not in (list, tuple):
        raise TypeError(f"chunks must be a list or a tuple, got a value of type {type(chunks).__name__}")


def _is_of_exactly_the_types(value, types):
    return (
        type(value) in (tuple, list)
        and len(value) == len(types)
        and all(type(item) is kind for item, kind in zip(value, types))
    )


def _check_exact_items(name, items, types, size):
    if type(items) not in (list, tuple):
        raise TypeError(f"{name} must be a list or a tuple, got a value of type {type(items).__name__}")
    _check_items(name, items, types, size, is_a_tuple_of=_is_of_exactly_the_types, container=False)


_EXACT_RECALL_CHECKS = _replaced(
    _replaced(
        RECALL_CHECKS,
        _check_spans,
        lambda doc, spans, questions, k, k1, b: _check_exact_items("spans", spans, (int, int), len(doc)),
    ),
    _check_questions,
    lambda doc, spans, questions, k, k1, b: _check_exact_items("questions", questions, (str, int, int), len(doc)),
)


class RefusesSubclasses(Mistake):
    """Checks the types with type(x) in (list, tuple) and type(x) is int instead of isinstance: a
    namedtuple span, or chunks in a subclass of list, are refused with TypeError."""

    id = "refuses_subclasses"
    title = "A namedtuple span or a subclass of list refused"
    hint = (
        "Check the types with isinstance, which accepts a subclass (a namedtuple is a tuple), and refuse "
        "bool on its own: type(x) is int refuses bool, but also every other subclass."
    )

    bm25_scores, top_k, recall_at_k = _functions(
        scores=lambda query, chunks, k1, b: _scores(
            query, chunks, k1, b, checks=_replaced(SCORING_CHECKS, _check_chunks, _check_exactly_a_list_of_chunks)
        ),
        recall=lambda *args, top: _recall(*args, top=top, checks=_EXACT_RECALL_CHECKS),
    )


def _check_chunks_naming_the_value(query, chunks, k1, b):
    if not isinstance(chunks, (list, tuple)):
        raise TypeError(f"chunks must be a list or a tuple, got {chunks!r}")


def _check_doc_naming_the_value(doc, spans, questions, k, k1, b):
    if not isinstance(doc, str):
        raise TypeError(f"doc must be a str, got {doc!r}")


def _items_naming_the_value(name, types):
    def check(doc, spans, questions, k, k1, b):
        items = spans if name == "spans" else questions
        if not isinstance(items, (list, tuple)):
            raise TypeError(f"{name} must be a list or a tuple, got {items!r}")
        _check_items(name, items, types, len(doc))

    return check


class NamesTheValueNotTheTypeOfAWrongContainer(Mistake):
    """Refuses chunks, spans or questions that are not a list or a tuple, and a doc that is not a
    str, with the value itself in the message ("chunks must be a list or a tuple, got 'cat mat'"),
    never the type the statement asks these messages to name."""

    id = "names_the_value_not_the_type_of_a_wrong_container"
    about_the_message = True
    title = "A chunks, spans, questions or doc of the wrong type refused without naming its type"
    hint = (
        "For these four, name the type of what was given: 'chunks must be a list or a tuple, got a value of type str'."
    )

    bm25_scores, top_k, recall_at_k = _functions(
        scores=lambda query, chunks, k1, b: _scores(
            query, chunks, k1, b, checks=_replaced(SCORING_CHECKS, _check_chunks, _check_chunks_naming_the_value)
        ),
        recall=lambda *args, top: _recall(
            *args,
            top=top,
            checks=_replaced(
                _replaced(
                    _replaced(RECALL_CHECKS, _check_doc, _check_doc_naming_the_value),
                    _check_spans,
                    _items_naming_the_value("spans", (int, int)),
                ),
                _check_questions,
                _items_naming_the_value("questions", (str, int, int)),
            ),
        ),
    )


def _top_refusing_an_int_subclass(query, chunks, k, k1, b, scores):
    if type(k) is not int:
        raise TypeError(f"k must be an int, got {k!r} of type {type(k).__name__}")
    return _top(query, chunks, k, k1, b, scores=scores)


def _recall_refusing_an_int_subclass(doc, spans, questions, k, k1, b, top):
    if type(k) is not int:
        raise TypeError(f"k must be an int, got {k!r} of type {type(k).__name__}")
    return _recall(doc, spans, questions, k, k1, b, top=top)


class RefusesAnIntSubclassAsK(Mistake):
    """Checks k with type(k) is int, which refuses True but also an IntEnum member, an int the
    statement accepts as its value."""

    id = "refuses_an_int_subclass_as_k"
    title = "An IntEnum member (a subclass of int) refused as k"
    hint = "Check isinstance(k, int) and refuse bool on its own: type(k) is int refuses every subclass of int."

    bm25_scores, top_k, recall_at_k = _functions(
        top=_top_refusing_an_int_subclass, recall=_recall_refusing_an_int_subclass
    )


# The top k ---------------------------------------------------------------------------------------


class TiesGoToTheHigherIndex(Mistake):
    """Sorts (score, index) pairs from the highest down, so equal scores come in reverse index order.

    top_k("cat mat", CHUNKS, 3) returns [1, 2, 3]: chunk 3 before chunk 0, which scores the same.
    """

    id = "ties_go_to_the_higher_index"
    title = "Equal scores ranked from the higher index down"
    hint = "Sort by (-score, index): the highest score first, and among equal scores the lower index first."

    bm25_scores, top_k, recall_at_k = _ranking(_top_from_the_higher_index)


class RoundsTheScoresBeforeRanking(Mistake):
    """Ranks by the scores rounded to 9 decimals, so that scores differing further down tie.

    top_k("cat", ["cat dog", "cat"], 2, 1e-13) returns [0, 1]: the shorter chunk scores more,
    by 3e-14, but the rounded scores tie and go by index.
    """

    id = "rounds_the_scores_before_ranking"
    title = "Scores rounded (or compared with a tolerance) before ranking"
    hint = "Rank by the scores as computed: a higher score ranks first by any margin; only equal scores go by index."

    bm25_scores, top_k, recall_at_k = _ranking(_top_of_rounded_scores)


class LeavesOutChunksThatScoreZero(Mistake):
    """Returns only the chunks that score above 0.0, so top_k can return fewer than k chunks.

    top_k("cat mat", CHUNKS, 3) returns [1, 2] instead of [1, 2, 0].
    """

    id = "leaves_out_chunks_that_score_zero"
    title = "Chunks that score 0.0 left out of the top k"
    hint = "Every chunk can be returned, whether it holds a query word or not: min(k, N) chunks, ties in index order."

    bm25_scores, top_k, recall_at_k = _ranking(_top_of_the_chunks_that_score)


class FindsIndicesWithListIndex(Mistake):
    """Sorts the scores themselves and maps each back with scores.index(score), which finds the
    first chunk with that score every time: equal scores give the same index twice.

    top_k("cat mat", CHUNKS, 9) returns [1, 2, 0, 0].
    """

    id = "finds_indices_with_list_index"
    title = "Indices found with list.index: equal scores give one index repeated"
    hint = "Sort the indices by their scores, (-score, index), instead of sorting the scores and looking them up."

    bm25_scores, top_k, recall_at_k = _ranking(_top_by_list_index)


class ReturnsOneChunkTooMany(Mistake):
    """Slices the ranking with [:k + 1], so top_k returns k + 1 chunks.

    top_k("cat mat", CHUNKS, 2) returns [1, 2, 0], and recall@k looks at one chunk more
    than k.
    """

    id = "returns_one_chunk_too_many"
    title = "top_k returns k + 1 chunks"
    hint = "The first k of a list are list[:k]."

    bm25_scores, top_k, recall_at_k = _ranking(
        lambda query, chunks, k, k1, b, scores: (
            _top(query, chunks, k, k1, b, scores) + _top(query, chunks, k + 1, k1, b, scores)[k : k + 1]
        )
    )


class AssumesAtLeastKChunks(Mistake):
    """Takes the ranking's first k items one by one, so fewer chunks than k raise IndexError.

    top_k("cat mat", CHUNKS, 9) raises IndexError instead of returning all four chunks.
    """

    id = "assumes_at_least_k_chunks"
    title = "Fewer chunks than k: IndexError instead of all the chunks"
    hint = "When there are fewer than k chunks, return all of them, best first."

    bm25_scores, top_k, recall_at_k = _ranking(_top_of_k_positions)


class TopKDefaultsToElasticsearchsK1(Mistake):
    """Gives top_k the default k1 = 1.2, Elasticsearch's, instead of the statement's 1.5.

    top_k("cat dog", ["cat", "cat cat", "the dog barks at night"], 3) returns [2, 1, 0]
    instead of [1, 2, 0]: the scores it ranks are not the ones bm25_scores gives by default.
    """

    id = "top_k_defaults_to_elasticsearchs_k1"
    title = "top_k's default k1 is 1.2 instead of 1.5"
    hint = "Every function's defaults are k1 = 1.5 and b = 0.75, as in bm25_scores."

    bm25_scores, top_k, recall_at_k = _functions(default_k1_of_top_k=1.2)


class TopKIgnoresK1AndB(Mistake):
    """Checks k1 and b in top_k, but scores with bm25_scores(query, chunks), the defaults."""

    id = "top_k_ignores_k1_and_b"
    title = "top_k scores with the default k1 and b, not the ones it was given"
    hint = "Pass k1 and b on: top_k ranks by bm25_scores(query, chunks, k1, b)."

    bm25_scores, top_k, recall_at_k = _ranking(_top_with_the_default_parameters)


class ChecksKAfterTheScores(Mistake):
    """Scores the chunks first and checks k afterwards, so a bad query is reported before a bad k.

    top_k(None, CHUNKS, 0) raises TypeError about query instead of ValueError about k.
    """

    id = "checks_k_after_the_scores"
    title = "k checked after the scores, not first"
    hint = "top_k checks k first, before anything bm25_scores checks."

    bm25_scores, top_k, recall_at_k = _ranking(_top_checking_k_last)


class AcceptsABoolK(Mistake):
    """Checks k with isinstance(k, int) alone, which True passes: top_k(query, chunks, True) returns one chunk."""

    id = "accepts_a_bool_k"
    title = "k=True accepted as 1"
    hint = "bool is a subclass of int: refuse it explicitly (isinstance(k, bool))."

    bm25_scores, top_k, recall_at_k = _functions(
        top=lambda query, chunks, k, k1, b, scores: _top(
            query, chunks, int(k) if isinstance(k, bool) else k, k1, b, scores
        ),
        recall=lambda doc, spans, questions, k, k1, b, top: _recall(
            doc, spans, questions, int(k) if isinstance(k, bool) else k, k1, b, top=top
        ),
    )


class DoesNotCheckTheTypeOfK(Mistake):
    """Checks k < 1 alone: k = True is taken as 1, and k = 2.0 fails later, in the slice, with
    a TypeError that does not name k."""

    id = "does_not_check_the_type_of_k"
    title = "k not checked to be an int"
    hint = "k must be an int, and bool is not one: raise TypeError naming k before comparing it with 1."

    bm25_scores, top_k, recall_at_k = _functions(
        top=_top_checking_k_with(_check_k_below_one_only),
        recall=lambda doc, spans, questions, k, k1, b, top: _recall(
            doc,
            spans,
            questions,
            k,
            k1,
            b,
            top=top,
            checks=_replaced(
                RECALL_CHECKS, _check_recall_k, lambda doc, spans, questions, k, k1, b: _check_k_below_one_only(k)
            ),
        ),
    )


class AcceptsKZero(Mistake):
    """Checks k with k < 0, so k = 0 returns [] instead of raising ValueError."""

    id = "accepts_k_zero"
    title = "k = 0 accepted"
    hint = "k must be at least 1: refuse 0 too."

    bm25_scores, top_k, recall_at_k = _functions(
        top=_top_accepting_k_zero,
        recall=lambda doc, spans, questions, k, k1, b, top: _recall(
            doc,
            spans,
            questions,
            k,
            k1,
            b,
            top=top,
            checks=_replaced(RECALL_CHECKS, _check_recall_k, lambda doc, spans, questions, k, k1, b: None),
        ),
    )


# Recall@k ----------------------------------------------------------------------------------------


class CountsAnOverlapAsAHit(Mistake):
    """Counts a question as answered when a retrieved chunk overlaps its evidence at all.

    A chunk that holds "Ferries leave" but not "at nine." is counted, though the answer is
    not in it: recall@k is then too high for every chunker that cuts sentences.
    """

    id = "counts_an_overlap_as_a_hit"
    title = "A chunk that holds part of the evidence counted as a hit"
    hint = (
        "A hit needs the whole evidence inside one chunk: chunk start <= evidence start and evidence end <= chunk end."
    )

    bm25_scores, top_k, recall_at_k = _recalling(
        hit=lambda doc, retrieved, start, end: any(s < end and start < e for s, e in retrieved)
    )


class ExcludesEvidenceAtTheEdges(Mistake):
    """Tests containment with strict comparisons, so evidence that starts or ends where the chunk
    does is not inside it: a chunk that is exactly the evidence does not answer its question.
    """

    id = "excludes_evidence_at_the_edges"
    title = "Evidence at the very start or end of a chunk not counted as inside it"
    hint = "Containment includes the edges: chunk start <= evidence start and evidence end <= chunk end."

    bm25_scores, top_k, recall_at_k = _recalling(
        hit=lambda doc, retrieved, start, end: any(s < start and end < e for s, e in retrieved)
    )


class ComparesTheEvidenceText(Mistake):
    """Counts a hit when the evidence's text occurs in a retrieved chunk's text, wherever it is.

    The same words can occur twice in a document: "leave at nine." of the trains is found in
    the chunk "Boats leave at nine.", which says nothing about trains.
    """

    id = "compares_the_evidence_text"
    title = "The evidence's text searched in the chunks instead of its offsets compared"
    hint = "The evidence is a place in the document: compare offsets, chunk start <= start and end <= chunk end."

    bm25_scores, top_k, recall_at_k = _recalling(
        hit=lambda doc, retrieved, start, end: any(doc[start:end] in doc[s:e] for s, e in retrieved)
    )


class JoinsTheRetrievedChunks(Mistake):
    """Counts a question as answered when the retrieved chunks cover its evidence between them.

    With the chunks (0, 35) and (35, 90) of the statement's document, which touch in the middle
    of "Tickets cost four euros.", both retrieved for that question make a hit: recall 1.0
    instead of 0.0.
    """

    id = "joins_the_retrieved_chunks"
    title = "Evidence split across two retrieved chunks counted as a hit"
    hint = "The model reads each chunk on its own: one chunk must contain the whole evidence."

    bm25_scores, top_k, recall_at_k = _recalling(hit=_covered)


class ChecksOnlyTheBestChunk(Mistake):
    """Looks only at the first of the top k chunks, so recall@k is recall@1 whatever k is."""

    id = "checks_only_the_best_chunk"
    title = "Only the best chunk checked for the evidence, not all k"
    hint = "A question is answered when any of its top k chunks contains the evidence, not only the first."

    bm25_scores, top_k, recall_at_k = _recalling(
        retrieve=lambda spans, ranking: [spans[index] for index in ranking[:1]]
    )


class UsesTheRankAsTheIndex(Mistake):
    """Takes the spans at the positions 0 to k - 1 of the ranking, spans[rank], instead of the
    spans of the chunks retrieved, spans[index]."""

    id = "uses_the_rank_as_the_index"
    title = "spans[rank] taken for the retrieved chunks instead of spans[index]"
    hint = "top_k returns chunk indices: the retrieved spans are spans[i] for each i it returns."

    bm25_scores, top_k, recall_at_k = _recalling(
        retrieve=lambda spans, ranking: [spans[rank] for rank in range(len(ranking))]
    )


class MergesRepeatedSpans(Mistake):
    """Removes repeated spans before ranking, so a repeated chunk takes one place in the top k instead of two.

    A chunker that emits a chunk twice is measured as if it had not: the copies change N, df
    and avgdl, and both copies take a place in the top k.
    """

    id = "merges_repeated_spans"
    title = "Repeated spans merged before ranking"
    hint = "Every span is a chunk, even one that repeats another: score it, count it and rank it like any other."

    bm25_scores, top_k, recall_at_k = _recalling(chunk_spans=lambda spans: list(dict.fromkeys(map(tuple, spans))))


class CountsAQuestionForEachChunkThatHoldsIt(Mistake):
    """Adds one for every retrieved chunk that contains the evidence, so with overlapping
    chunks a question counts two or three times, and recall can pass 1.0.
    """

    id = "counts_a_question_for_each_chunk_that_holds_it"
    title = "A question counted once for every retrieved chunk that contains its evidence"
    hint = "A question is answered or not: count it once, however many of its chunks contain the evidence."

    bm25_scores, top_k, recall_at_k = _recalling(
        hit=lambda doc, retrieved, start, end: sum(s <= start and end <= e for s, e in retrieved)
    )


class DividesByTheChunks(Mistake):
    """Divides the answered questions by the number of chunks instead of questions.

    recall_at_k(DOC, SENTENCES, QUESTIONS, 1) gives 3 / 3 by luck, but with four windows
    and three questions, 1 / 4 instead of 1 / 3.
    """

    id = "divides_by_the_chunks"
    title = "Recall divided by the number of chunks, not of questions"
    hint = "Recall is the answered fraction of the questions: divide by len(questions)."

    bm25_scores, top_k, recall_at_k = _recalling(divide=lambda spans, questions: len(spans) or 1)


class RecallIgnoresK1AndB(Mistake):
    """Checks k1 and b in recall_at_k, but ranks with top_k(text, chunks, k), the defaults."""

    id = "recall_ignores_k1_and_b"
    title = "recall_at_k ranks with the default k1 and b, not the ones it was given"
    hint = "Pass k1 and b on: each question is ranked by top_k(text, chunks, k, k1, b)."

    bm25_scores, top_k, recall_at_k = _recalling(passes_the_parameters=False)


# The checks of recall@k --------------------------------------------------------------------------


class RecallLeavesKToTopK(Mistake):
    """Does not check k in recall_at_k, leaving it to top_k: a bad k is reported only when a
    question is ranked, after the spans and questions are checked."""

    id = "recall_leaves_k_to_top_k"
    title = "recall_at_k checks k only when top_k does, after the spans and questions"
    hint = "recall_at_k checks k first, before doc, spans and questions."

    bm25_scores, top_k, recall_at_k = _recalling(checks=RECALL_CHECKS[1:])


class DoesNotCheckTheDoc(Mistake):
    """Leaves doc unchecked: bytes or an int fail later, with errors that do not name doc."""

    id = "does_not_check_the_doc"
    title = "A doc that is not a str not refused with TypeError"
    hint = "Check doc right after k: TypeError naming doc when it is not a str."

    bm25_scores, top_k, recall_at_k = _recalling(
        checks=tuple(check for check in RECALL_CHECKS if check is not _check_doc)
    )


class AcceptsAnyIterableOfSpans(Mistake):
    """Iterates spans without checking that it is a list or a tuple: a set of spans fails
    later, when a retrieved span is looked up by index, with a TypeError that does not name spans."""

    id = "accepts_any_iterable_of_spans"
    title = "spans not checked to be a list or a tuple"
    hint = "spans must be a list or a tuple: refuse anything else with TypeError naming spans."

    bm25_scores, top_k, recall_at_k = _recalling(
        checks=_replaced(RECALL_CHECKS, _check_spans, _spans_checked_with(container=False))
    )


class DoesNotCheckTheEvidence(Mistake):
    """Checks each question's type but not its evidence's offsets: an evidence past the end of
    doc, empty or reversed is accepted, and answered by no chunk."""

    id = "does_not_check_the_evidence"
    title = "A question's evidence not checked to be a slice of doc"
    hint = "An evidence must be a non-empty slice of doc, like a span: 0 <= start < end <= len(doc)."

    bm25_scores, top_k, recall_at_k = _recalling(
        checks=_replaced(RECALL_CHECKS, _check_questions, _questions_checked_with(_check_no_slice))
    )


class ChecksQuestionsBeforeSpans(Mistake):
    """Checks the questions before the spans: a bad span and a bad question blame the question."""

    id = "checks_questions_before_spans"
    title = "The questions checked before the spans"
    hint = "The order is k, doc, spans, questions, then k1 and b: the first problem decides."

    bm25_scores, top_k, recall_at_k = _recalling(
        checks=(_check_recall_k, _check_doc, _check_questions, _check_spans, _check_recall_parameters)
    )


class ChecksEverySpanTypeBeforeAnyOffset(Mistake):
    """Checks the types of all the spans, then the offsets of all of them, instead of each span
    whole before the next: [(5, 2), (0, True)] blames spans[1]'s bool instead of spans[0]'s offsets."""

    id = "checks_every_span_type_before_any_offset"
    title = "Every span's type checked before any span's offsets"
    hint = "Check each span whole, its type and then its offsets, before the next span."

    bm25_scores, top_k, recall_at_k = _recalling(
        checks=_replaced(RECALL_CHECKS, _check_spans, _check_every_span_type_first)
    )


class LetsASpanRunPastTheEnd(Mistake):
    """Checks a span with 0 <= start < end alone: a span past the end of doc is accepted (slicing allows it)."""

    id = "lets_a_span_run_past_the_end"
    title = "A span that ends past the end of doc accepted"
    hint = "A span must be a slice of doc: end <= len(doc) too."

    bm25_scores, top_k, recall_at_k = _recalling(
        checks=_replaced(RECALL_CHECKS, _check_spans, _spans_checked_with(_check_slice_without_the_end))
    )


class ChecksForNoQuestionsBeforeTheirType(Mistake):
    """Refuses empty questions before checking that they are a list or a tuple: "" raises ValueError,
    not TypeError."""

    id = "checks_for_no_questions_before_their_type"
    title = "Empty questions refused before their type is checked"
    hint = "Check that questions is a list or a tuple first, then that it is not empty."

    bm25_scores, top_k, recall_at_k = _recalling(
        checks=_replaced(RECALL_CHECKS, _check_questions, _check_no_questions_first)
    )


class AcceptsBoolOffsets(Mistake):
    """Checks a span's and a question's offsets with isinstance(item, int), which True passes."""

    id = "accepts_bool_offsets"
    title = "A bool accepted as an offset"
    hint = "bool is a subclass of int: refuse it explicitly in spans and questions."

    bm25_scores, top_k, recall_at_k = _recalling(
        checks=_replaced(
            _replaced(RECALL_CHECKS, _check_spans, _spans_checked_with(is_a_tuple_of=_is_a_tuple_of_ints_or_bools)),
            _check_questions,
            _questions_checked_with(is_a_tuple_of=_is_a_tuple_of_ints_or_bools),
        )
    )


class AcceptsAnEmptySpan(Mistake):
    """Checks a span and an evidence with 0 <= start <= end <= len(doc): an empty one, start == end, is accepted."""

    id = "accepts_an_empty_span"
    title = "An empty span or evidence (start == end) accepted"
    hint = "A span and an evidence must be non-empty: start < end, not start <= end."

    bm25_scores, top_k, recall_at_k = _recalling(
        checks=_replaced(
            _replaced(RECALL_CHECKS, _check_spans, _spans_checked_with(_check_slice_allowing_empty)),
            _check_questions,
            _questions_checked_with(_check_slice_allowing_empty),
        )
    )


class AcceptsANegativeStart(Mistake):
    """Checks a span and an evidence with start < end <= len(doc), leaving out 0 <= start:
    a negative start is accepted (Python slices count it from the end)."""

    id = "accepts_a_negative_start"
    title = "A negative start accepted"
    hint = "A span must be a slice of doc: 0 <= start too."

    bm25_scores, top_k, recall_at_k = _recalling(
        checks=_replaced(
            _replaced(RECALL_CHECKS, _check_spans, _spans_checked_with(_check_slice_allowing_negative)),
            _check_questions,
            _questions_checked_with(_check_slice_allowing_negative),
        )
    )


class RefusesAListAsASpan(Mistake):
    """Requires each span and each question to be a tuple, refusing a list such as [0, 22]."""

    id = "refuses_a_list_as_a_span"
    title = "A span or question given as a list refused"
    hint = "A span is a tuple or a list of two ints, a question a tuple or a list of a str and two ints."

    bm25_scores, top_k, recall_at_k = _recalling(
        checks=_replaced(
            _replaced(RECALL_CHECKS, _check_spans, _spans_checked_with(is_a_tuple_of=_is_exactly_a_tuple_of)),
            _check_questions,
            _questions_checked_with(is_a_tuple_of=_is_exactly_a_tuple_of),
        )
    )


class ReturnsZeroForNoQuestions(Mistake):
    """Returns 0.0 for no questions, as for no spans, instead of raising ValueError."""

    id = "returns_zero_for_no_questions"
    title = "No questions: 0.0 instead of ValueError"
    hint = "Recall over no questions is 0 / 0, not 0: refuse an empty questions with ValueError."

    bm25_scores, top_k, recall_at_k = _functions(recall=_recall_of_no_questions_as_zero)


class ReturnsEarlyWithoutSpans(Mistake):
    """Returns 0.0 as soon as it sees that there are no spans, before checking the questions, k1 and b."""

    id = "returns_early_without_spans"
    title = "No spans: 0.0 returned before the questions, k1 and b are checked"
    hint = "Every span and question, then k1 and b, are checked before anything is scored, even with no spans."

    bm25_scores, top_k, recall_at_k = _functions(recall=_recall_returning_early_without_spans)


class MessagesWithoutTheValue(Mistake):
    """Raises the right errors in the right order, with messages that name the argument but not
    its value: "k must be an int", with no word of the True it was given."""

    id = "messages_without_the_value"
    about_the_message = True
    title = "Error messages that name the argument but not the value"
    hint = "Put the value in every message, as in 'k must be an int, got True': the caller sees what was wrong."

    bm25_scores, top_k, recall_at_k = _without_the_values(_functions())
