"""Kata 09: common mistakes, each a complete set of the kata's functions with one bug.

Run one against the tests with: pytest tests/09_retrieval_recall --impl=mistake:09:<id>
"""

import math
import re
from collections import Counter

from kata.runner.mistakes import Mistake

_WORD = re.compile(r"[a-z0-9]+")


def tokenize(text):
    return _WORD.findall(text.lower())


# The reference's checks and its correct parts, so that each mistake below differs from it in one way only.

def _check_scoring(query, chunks, k1, b):
    if not isinstance(query, str):
        raise TypeError(f"query must be a str, got {query!r} of type {type(query).__name__}")
    for index, chunk in enumerate(chunks):
        if not isinstance(chunk, str):
            raise TypeError(f"chunks[{index}] must be a str, got {chunk!r} of type {type(chunk).__name__}")
    for name, value in (("k1", k1), ("b", b)):
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise TypeError(f"{name} must be an int or a float, got {value!r} of type {type(value).__name__}")
    if not 0 <= k1 < math.inf:
        raise ValueError(f"k1 must be a finite number at least 0, got {k1}")
    if not 0 <= b <= 1:
        raise ValueError(f"b must be between 0 and 1, got {b}")


def _check_k(k):
    if not isinstance(k, int) or isinstance(k, bool):
        raise TypeError(f"k must be an int, got {k!r} of type {type(k).__name__}")
    if k < 1:
        raise ValueError(f"k must be at least 1, got {k}")


def _is_a_tuple_of(value, types):
    return (isinstance(value, (tuple, list)) and len(value) == len(types)
            and all(isinstance(item, kind) and not isinstance(item, bool) for item, kind in zip(value, types)))


def _check_recall(doc, spans, questions, k, k1, b):
    _check_k(k)
    if not isinstance(doc, str):
        raise TypeError(f"doc must be a str, got a value of type {type(doc).__name__}")
    for name, items, types in (("spans", spans, (int, int)), ("questions", questions, (str, int, int))):
        if not isinstance(items, (list, tuple)):
            raise TypeError(f"{name} must be a list or a tuple, got a value of type {type(items).__name__}")
        if name == "questions" and not items:
            raise ValueError("questions must hold at least one question, got none")
        for index, item in enumerate(items):
            if not _is_a_tuple_of(item, types):
                raise TypeError(f"{name}[{index}] must be a tuple of {types}, got {item!r}")
            start, end = item[-2:]
            if not 0 <= start < end <= len(doc):
                raise ValueError(f"{name}[{index}] must have 0 <= start < end <= {len(doc)} (the length of doc), "
                                 f"got start {start} and end {end}")
    _check_scoring("", [], k1, b)


def _normalisation(k1, b, size, average):
    return k1 * (1 - b + b * size / average)


def _scores(query, chunks, k1=1.5, b=0.75, idf=None, average=None, words=tokenize, length=len,
            normalisation=_normalisation):
    """BM25 as the reference computes it, with one part replaceable: idf(n, df), the average
    length average(lengths, counts), the query's words words(query), a chunk's length
    length(chunk), or the length normalisation normalisation(k1, b, |c|, avgdl)."""
    _check_scoring(query, chunks, k1, b)
    repeats = Counter(words(query))
    counts, lengths = [], []
    for chunk in chunks:
        chunk_words = tokenize(chunk)
        lengths.append(length(chunk_words) if length is len else length(chunk))
        counts.append(Counter(word for word in chunk_words if word in repeats))
    n = len(chunks)
    if n == 0:
        return []
    avgdl = sum(lengths) / n if average is None else average(lengths, counts)
    df = Counter(word for found in counts for word in found)
    idf = idf or (lambda n, df: math.log(1 + (n - df + 0.5) / (df + 0.5)))
    order = {word: position for position, word in enumerate(repeats)}
    scores = []
    for found, size in zip(counts, lengths):
        score = 0.0
        for word in sorted(found, key=order.__getitem__):
            f = found[word]
            score += repeats[word] * idf(n, df[word]) * f * (k1 + 1) / (f + normalisation(k1, b, size, avgdl))
        scores.append(score)
    return scores


def _top(query, chunks, k, k1=1.5, b=0.75, scores=_scores):
    _check_k(k)
    found = scores(query, chunks, k1, b)
    return sorted(range(len(found)), key=lambda index: (-found[index], index))[:k]


def _recall(doc, spans, questions, k, k1=1.5, b=0.75, hit=None, top=_top, divide=None):
    _check_recall(doc, spans, questions, k, k1, b)
    chunks = [doc[start:end] for start, end in spans]
    answered = 0
    for text, start, end in questions:
        retrieved = [spans[index] for index in top(text, chunks, k, k1, b)]
        if hit is None:
            answered += any(s <= start and end <= e for s, e in retrieved)
        else:
            answered += hit(retrieved, start, end)
    return answered / (len(questions) if divide is None else divide(spans, questions))


def _functions(scores=_scores, top=_top, recall=_recall):
    """The kata's three functions, each built on the one before: bm25_scores on `scores`, top_k on
    `top` with those scores, recall_at_k on `recall` with that top_k. A mistake replaces one part."""
    def bm25_scores(query, chunks, k1=1.5, b=0.75):
        return scores(query, chunks, k1, b)

    def top_k(query, chunks, k, k1=1.5, b=0.75):
        return top(query, chunks, k, k1, b, scores=bm25_scores)

    def recall_at_k(doc, spans, questions, k, k1=1.5, b=0.75):
        return recall(doc, spans, questions, k, k1, b, top=top_k)

    return staticmethod(bm25_scores), staticmethod(top_k), staticmethod(recall_at_k)


def _average_of_the_matching(lengths, counts):
    held = [length for length, found in zip(lengths, counts) if found]
    return sum(held) / len(held) if held else 1.0


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


def _top_from_the_higher_index(query, chunks, k, k1, b, scores):
    _check_k(k)
    found = scores(query, chunks, k1, b)
    return [index for _, index in sorted(zip(found, range(len(found))), reverse=True)][:k]


def _top_of_k_positions(query, chunks, k, k1, b, scores):
    _check_k(k)
    ranking = _top(query, chunks, len(chunks), k1, b, scores) if chunks else []
    return [ranking[position] for position in range(k)]


def _covered(retrieved, start, end):
    held = set()
    for s, e in retrieved:
        held.update(range(s, e))
    return all(position in held for position in range(start, end))


class NegativeIdf(Mistake):
    """Uses the textbook idf ln((N - df + 0.5) / (df + 0.5)), which goes negative for a word in
    more than half of the chunks.

    bm25_scores("the", ["the a", "the b", "the c"]) gives three negative scores: a chunk loses
    score for holding the query's word, and ranks below a chunk without it.
    """

    id = "negative_idf"
    title = "idf without the 1 +: negative for a word in most chunks"
    hint = "Lucene's idf is ln(1 + (N - df + 0.5) / (df + 0.5)): the 1 + keeps it positive for every word."

    bm25_scores, top_k, recall_at_k = _functions(
        scores=lambda query, chunks, k1, b: _scores(query, chunks, k1, b,
                                                    idf=lambda n, df: math.log((n - df + 0.5) / (df + 0.5))))


class AveragesOnlyTheChunksThatMatch(Mistake):
    """Takes avgdl over the chunks that hold a query word, instead of over all the chunks.

    bm25_scores("cat", ["cat sat", "", "dog dog dog dog"]) averages 2 words instead of
    (2 + 0 + 4) / 3: the one matching chunk looks average-length, and scores too low.
    """

    id = "averages_only_the_chunks_that_match"
    title = "The average length taken over the chunks that hold a query word, not over all of them"
    hint = "avgdl is the mean number of words over all N chunks, empty ones and chunks without a query word included."

    bm25_scores, top_k, recall_at_k = _functions(
        scores=lambda query, chunks, k1, b: _scores(query, chunks, k1, b, average=_average_of_the_matching))


class SwapsK1AndB(Mistake):
    """Writes the length normalisation as b * (1 - k1 + k1 * |c| / avgdl): k1 and b swapped.

    The scores change whenever a chunk's length differs from the average: with the defaults,
    a long chunk is penalised twice as hard, and a chunk under a third of the average length
    gets a negative normalisation.
    """

    id = "swaps_k1_and_b"
    title = "k1 and b swapped in the length normalisation"
    hint = "The denominator is f + k1 * (1 - b + b * |c| / avgdl): k1 scales it, b mixes 1 with |c| / avgdl."

    bm25_scores, top_k, recall_at_k = _functions(
        scores=lambda query, chunks, k1, b: _scores(
            query, chunks, k1, b, normalisation=lambda k1, b, size, average: b * (1 - k1 + k1 * size / average)))


class CountsEachQueryWordOnce(Mistake):
    """Scores the set of the query's words, so a repeated word counts once.

    bm25_scores("cat cat mat", CHUNKS) gives the same scores as "cat mat".
    """

    id = "counts_each_query_word_once"
    title = "A word repeated in the query counts once"
    hint = "Sum over the query's words with their repeats: a word twice in the query adds its term twice."

    bm25_scores, top_k, recall_at_k = _functions(
        scores=lambda query, chunks, k1, b: _scores(query, chunks, k1, b,
                                                    words=lambda text: list(dict.fromkeys(tokenize(text)))))


class MeasuresLengthInCharacters(Mistake):
    """Takes a chunk's length as its number of characters, not of words.

    Short words and long words then weigh differently: bm25_scores("cat", ["cat sat",
    "cat extraordinarily"]) ranks the chunks as if the second were much longer, though both
    have two words.
    """

    id = "measures_length_in_characters"
    title = "A chunk's length counted in characters instead of words"
    hint = "|c| and avgdl count words (tokenize), like f and df."

    bm25_scores, top_k, recall_at_k = _functions(
        scores=lambda query, chunks, k1, b: _scores(query, chunks, k1, b, length=lambda chunk: len(chunk)))


class ScoresEveryQueryWordAgainstEveryChunk(Mistake):
    """Loops over the query's words, and for each over every chunk, recounting df and f there.

    The scores are right, but the time is the product of the query's length and the
    chunks' total length: 3,000 query words against 5,000 chunks of 20 words is 300 million
    word comparisons.
    """

    id = "scores_every_query_word_against_every_chunk"
    title = "A loop over every chunk for every query word: time grows with their product"
    hint = ("Read each chunk once, counting only the query's words in it (a Counter of the query's words); "
            "then a score adds one term per distinct query word the chunk holds.")

    bm25_scores, top_k, recall_at_k = _functions(scores=_scores_word_by_word)


class TiesGoToTheHigherIndex(Mistake):
    """Sorts (score, index) pairs from the highest down, so equal scores come in reverse index order.

    top_k("cat mat", CHUNKS, 3) returns [1, 2, 3]: chunk 3 before chunk 0, which scores the same.
    """

    id = "ties_go_to_the_higher_index"
    title = "Equal scores ranked from the higher index down"
    hint = "Sort by (-score, index): the highest score first, and among equal scores the lower index first."

    bm25_scores, top_k, recall_at_k = _functions(top=_top_from_the_higher_index)


class ReturnsOneChunkTooMany(Mistake):
    """Slices the ranking with [:k + 1], so top_k returns k + 1 chunks.

    top_k("cat mat", CHUNKS, 3) returns [1, 2, 0, 3], and recall@k looks at one chunk more
    than k.
    """

    id = "returns_one_chunk_too_many"
    title = "top_k returns k + 1 chunks"
    hint = "The first k of a list are list[:k]."

    bm25_scores, top_k, recall_at_k = _functions(
        top=lambda query, chunks, k, k1, b, scores: _top(query, chunks, k, k1, b, scores)
        + _top(query, chunks, k + 1, k1, b, scores)[k:k + 1])


class AssumesAtLeastKChunks(Mistake):
    """Takes the ranking's first k items one by one, so fewer chunks than k raise IndexError.

    top_k("cat mat", CHUNKS, 9) raises IndexError instead of returning all four chunks.
    """

    id = "assumes_at_least_k_chunks"
    title = "Fewer chunks than k: IndexError instead of all the chunks"
    hint = "When there are fewer than k chunks, return all of them, best first."

    bm25_scores, top_k, recall_at_k = _functions(top=_top_of_k_positions)


class CountsAnOverlapAsAHit(Mistake):
    """Counts a question as answered when a retrieved chunk overlaps its evidence at all.

    A chunk that holds "Ferries leave" but not "at nine." is counted, though the answer is
    not in it: recall@k is then too high for every chunker that cuts sentences.
    """

    id = "counts_an_overlap_as_a_hit"
    title = "A chunk that holds part of the evidence counted as a hit"
    hint = ("A hit needs the whole evidence inside one chunk: "
            "chunk start <= evidence start and evidence end <= chunk end.")

    bm25_scores, top_k, recall_at_k = _functions(
        recall=lambda *args, top: _recall(*args, top=top,
                                          hit=lambda retrieved, start, end: any(s < end and start < e
                                                                                for s, e in retrieved)))


class JoinsTheRetrievedChunks(Mistake):
    """Counts a question as answered when the retrieved chunks cover its evidence between them.

    With the chunks (0, 35) and (35, 90) of the statement's document, which touch in the middle
    of "Tickets cost four euros.", both retrieved for that question make a hit: recall 1.0
    instead of 0.0.
    """

    id = "joins_the_retrieved_chunks"
    title = "Evidence split across two retrieved chunks counted as a hit"
    hint = "The model reads each chunk on its own: one chunk must contain the whole evidence."

    bm25_scores, top_k, recall_at_k = _functions(recall=lambda *args, top: _recall(*args, top=top, hit=_covered))


class DividesByTheChunks(Mistake):
    """Divides the answered questions by the number of chunks instead of questions.

    recall_at_k(DOC, SENTENCES, QUESTIONS, 1) gives 3 / 3 by luck, but with four windows
    and three questions, 1 / 4 instead of 1 / 3.
    """

    id = "divides_by_the_chunks"
    title = "Recall divided by the number of chunks, not of questions"
    hint = "Recall is the answered fraction of the questions: divide by len(questions)."

    bm25_scores, top_k, recall_at_k = _functions(
        recall=lambda *args, top: _recall(*args, top=top, divide=lambda spans, questions: len(spans) or 1))


class CountsAQuestionForEachChunkThatHoldsIt(Mistake):
    """Adds one for every retrieved chunk that contains the evidence, so with overlapping
    chunks a question counts two or three times, and recall can pass 1.0.
    """

    id = "counts_a_question_for_each_chunk_that_holds_it"
    title = "A question counted once for every retrieved chunk that contains its evidence"
    hint = "A question is answered or not: count it once, however many of its chunks contain the evidence."

    bm25_scores, top_k, recall_at_k = _functions(
        recall=lambda *args, top: _recall(*args, top=top, hit=lambda retrieved, start, end: sum(
            s <= start and end <= e for s, e in retrieved)))


class AcceptsABoolK(Mistake):
    """Checks k with isinstance(k, int), which True passes: top_k(query, chunks, True) returns one chunk."""

    id = "accepts_a_bool_k"
    title = "k=True accepted as 1"
    hint = "bool is a subclass of int: refuse it explicitly (isinstance(k, bool))."

    bm25_scores, top_k, recall_at_k = _functions(
        top=lambda query, chunks, k, k1, b, scores: _top(query, chunks, int(k) if isinstance(k, bool) else k,
                                                        k1, b, scores),
        recall=lambda doc, spans, questions, k, k1, b, top: _recall(
            doc, spans, questions, int(k) if isinstance(k, bool) else k, k1, b, top=top))
