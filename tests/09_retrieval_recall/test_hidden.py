"""Edge cases, and one test for each common mistake (see solutions/09_retrieval_recall/mistakes.py)."""

import math
from collections import deque
from enum import IntEnum
from typing import NamedTuple

import pytest

from kata.judging.checks import check_raises, check_returns, expect
from kata.katas.labelled_set import chunkings, document, questions
from tests.support.answers import close_scores, scored
from tests.support.oracles import bm25

CHUNKS = ["cats purr", "the cat sat on the mat", "a cat and a cat", "dogs bark"]
DOC = "Ferries leave at nine. Tickets cost four euros. The museum opens at ten and closes at six."
SENTENCES = [(0, 22), (23, 47), (48, 90)]
WINDOWS = [(0, 30), (31, 58), (59, 82), (83, 90)]
QUESTIONS = [
    ("When do the ferries leave?", 0, 22),
    ("How much do tickets cost?", 23, 47),
    ("When does the museum close?", 76, 89),
]


def check_scores(bm25_scores, query, chunks, expected, why, *args):
    scores = scored(bm25_scores, query, chunks, *args)
    expect(close_scores(scores, expected), f"the scores {expected} (to a relative 1e-9): {why}")


# The scores ---------------------------------------------------------------------------------


def test_a_word_in_every_chunk_adds_a_small_positive_score(bm25_scores):
    n = 3
    idf = math.log(1 + 0.5 / 3.5)  # df = N = 3
    check_scores(
        bm25_scores,
        "the",
        ["the a", "the b", "the c"],
        [idf * 2.5 / 2.5] * n,
        "'the' is in all 3 chunks, so idf = ln(1 + 0.5 / 3.5) > 0: holding a query word never lowers a score",
    )


def test_the_average_length_counts_every_chunk_even_empty_ones(bm25_scores):
    chunks = ["cat sat", "", "dog dog dog dog"]
    check_scores(
        bm25_scores,
        "cat",
        chunks,
        bm25("cat", chunks),
        "avgdl = (2 + 0 + 4) / 3 = 2: the mean over all the chunks, not over those that hold 'cat'",
    )


def test_k1_scales_the_length_normalisation_and_b_mixes_it(bm25_scores):
    chunks = ["cat cat dog", "cat", "dog dog dog dog dog dog"]
    check_scores(
        bm25_scores,
        "cat",
        chunks,
        bm25("cat", chunks, 1.2, 0.5),
        "the denominator is f + k1 * (1 - b + b * |c| / avgdl), here with k1 = 1.2 and b = 0.5",
        1.2,
        0.5,
    )


def test_a_word_three_times_in_the_query_adds_its_term_three_times(bm25_scores):
    single = bm25("mat", CHUNKS)[1]
    check_scores(
        bm25_scores,
        "mat mat mat",
        CHUNKS,
        [0.0, 3 * single, 0.0, 0.0],
        "the query holds 'mat' three times, so chunk 1's score is three times its score for 'mat'",
    )


def test_length_is_counted_in_words_not_characters(bm25_scores):
    chunks = ["cat sat", "cat extraordinarily"]
    check_scores(
        bm25_scores,
        "cat",
        chunks,
        bm25("cat", chunks),
        "both chunks have two words, so both have the average length and score the same",
    )


def test_words_are_runs_of_letters_and_digits_in_lower_case(bm25_scores):
    chunks = ["CAT-2 cat's", "c.a.t", "Cat2"]
    check_scores(
        bm25_scores,
        "cat 2",
        chunks,
        bm25("cat 2", chunks),
        "'CAT-2 cat's' is the words cat, 2, cat, s; 'c.a.t' is c, a, t; 'Cat2' is one word, cat2",
    )


def test_k1_zero_makes_every_occurrence_count_as_one(bm25_scores):
    chunks = ["cat cat cat", "cat dog"]
    check_scores(
        bm25_scores,
        "cat",
        chunks,
        bm25("cat", chunks, 0, 0.75),
        "with k1 = 0 each term is idf * f / f = idf, whatever f and the length",
        0,
        0.75,
    )


def test_an_empty_query_scores_every_chunk_zero(bm25_scores):
    check_scores(bm25_scores, "?!", CHUNKS, [0.0, 0.0, 0.0, 0.0], "'?!' has no word, so nothing adds to any score")


def test_chunks_without_words_score_zero_without_dividing_by_zero(bm25_scores):
    check_scores(
        bm25_scores,
        "cat",
        ["", "...", "  "],
        [0.0, 0.0, 0.0],
        "no chunk has a word, so avgdl is 0 and every score is 0.0",
    )


def test_a_word_absent_from_a_chunk_adds_nothing_even_when_k1_is_zero(bm25_scores):
    check_scores(
        bm25_scores,
        "cat",
        ["cat", "dog"],
        [math.log(2), 0.0],
        "with k1 = 0 chunk 0 scores idf(cat) = ln(1 + 1.5 / 1.5) = ln 2; chunk 1 does not hold 'cat', so "
        "its term is never computed (it would be 0 / 0) and it scores 0.0",
        0,
        0.75,
    )


def test_an_empty_chunk_scores_zero_even_when_b_is_one(bm25_scores):
    chunks = ["cat sat", ""]
    check_scores(
        bm25_scores,
        "cat",
        chunks,
        [bm25("cat", chunks, 1.5, 1)[0], 0.0],
        "with b = 1 the empty chunk's normalisation is k1 * (0 + 1 * 0 / avgdl) = 0, and it holds no "
        "'cat': it adds no term (the term would be 0 / 0) and scores 0.0",
        1.5,
        1,
    )


def test_the_query_is_split_into_words_like_the_chunks(bm25_scores):
    check_scores(
        bm25_scores,
        "Cat, MAT?",
        CHUNKS,
        bm25("cat mat", CHUNKS),
        "tokenize('Cat, MAT?') is ['cat', 'mat']: the same words, and the same scores, as 'cat mat'",
    )


def test_a_chunks_length_counts_its_words_not_its_spaces(bm25_scores):
    chunks = ["cat's mat", "cat and mat"]
    check_scores(
        bm25_scores,
        "cat",
        chunks,
        bm25("cat", chunks),
        "'cat's mat' is the three words cat, s and mat, as long as 'cat and mat': both score the same",
    )


def test_df_counts_the_chunks_that_hold_a_word_not_its_occurrences(bm25_scores):
    chunks = ["cat cat cat cat", "dog cat", "dog"]
    check_scores(
        bm25_scores,
        "cat",
        chunks,
        bm25("cat", chunks),
        "'cat' occurs five times but in two of the three chunks: df = 2, idf = ln(1 + 1.5 / 2.5)",
    )


def test_a_word_twice_in_a_chunk_counts_twice(bm25_scores):
    chunks = ["cat cat dog", "cat dog dog"]
    check_scores(
        bm25_scores,
        "cat",
        chunks,
        bm25("cat", chunks),
        "f(cat) is 2 in chunk 0 and 1 in chunk 1, which have the same length: chunk 0 scores more",
    )


# Six chunks that hold the three words once each, in the six orders, then chunks that give the
# three words different idfs. Added in each chunk's own order, the same three terms make sums
# that differ in their last bit; added in the query's order, they are equal.
PERMUTATIONS = [
    "ferry ticket harbour",
    "ticket harbour ferry",
    "harbour ferry ticket",
    "ferry harbour ticket",
    "harbour ticket ferry",
    "ticket ferry harbour",
]
REORDERED = PERMUTATIONS + ["ferry times", "ticket office", "ticket prices", "ticket desk", "ticket queue"]


def test_chunks_with_the_same_words_in_other_orders_score_exactly_the_same(bm25_scores):
    scores = scored(bm25_scores, "ferry ticket harbour", REORDERED)
    expect(
        close_scores(scores, bm25("ferry ticket harbour", REORDERED))
        and all(score == scores[0] for score in scores[:6]),
        "chunks 0 to 5 to score exactly the same (==), and every score as BM25 defines it (to a relative 1e-9)",
        details="Chunks 0 to 5 hold ferry, ticket and harbour once each and have three words: add each "
        "chunk's terms in the order the words first appear in the query, so that the six chunks add "
        "the same numbers in the same order. In the order of each chunk's own words, the sums can "
        f"differ in their last bit. Chunks 0 to 5 score {scores[:6]}.",
    )


def test_a_tuple_of_chunks_is_accepted(bm25_scores):
    check_scores(bm25_scores, "cat mat", tuple(CHUNKS), bm25("cat mat", CHUNKS), "chunks may be any sequence of str")


# The top k ----------------------------------------------------------------------------------


def test_equal_chunks_tie_and_the_lower_index_comes_first(top_k):
    check_returns(
        top_k,
        "cat",
        ["dog", "the cat", "the cat", "cat the"],
        3,
        expected=[1, 2, 3],
        why="chunks 1, 2 and 3 hold 'cat' once in two words: equal scores, in index order.",
    )


def test_chunks_with_the_same_words_in_other_orders_tie_in_index_order(top_k):
    check_returns(
        top_k,
        "ferry ticket harbour",
        REORDERED,
        8,
        expected=[0, 1, 2, 3, 4, 5, 6, 7],
        why="chunks 0 to 5 hold ferry, ticket and harbour once each in three words, in six orders: "
        "their scores are exactly equal (each chunk adds its terms in the query's order), so they "
        "come in index order; then 'ferry times', and the first of the four equal ticket chunks.",
    )


def test_a_score_higher_by_a_hair_still_ranks_first(top_k):
    check_returns(
        top_k,
        "cat",
        ["cat dog", "cat"],
        2,
        1e-13,
        expected=[1, 0],
        why="with k1 = 1e-13 the shorter chunk scores more by about 9e-15, in the 14th digit, far above "
        "rounding (a few 1e-17 here): a higher score ranks first, by any margin, and only equal "
        "scores go by index. Rounding the scores, or comparing them with a tolerance, ties them.",
    )


def test_k_is_a_limit_not_a_count_of_extra_chunks(top_k):
    check_returns(top_k, "cat mat", CHUNKS, 2, expected=[1, 2])


def test_one_chunk_and_a_large_k(top_k):
    check_returns(top_k, "cat", ["dogs"], 5, expected=[0], why="the only chunk is returned, though it scores 0.0.")


def test_no_chunks_give_no_indices(top_k):
    check_returns(top_k, "cat", [], 3, expected=[])


# Their scores with the defaults are 0.654, 0.730 and 0.704: the order [1, 2, 0] changes with k1 and with b.
CAT_AND_DOG = ["cat", "cat cat", "the dog barks at night"]


def test_top_k_ranks_with_k1_1_5_and_b_0_75_when_none_are_given(top_k):
    check_returns(
        top_k,
        "cat dog",
        CAT_AND_DOG,
        3,
        expected=[1, 2, 0],
        why="with the defaults k1 = 1.5 and b = 0.75 the scores are 0.654, 0.730 and 0.704; with k1 = 1.2 "
        "(Elasticsearch's default) the long chunk 2 would come first, and with k1 = 2 chunk 0 would "
        "pass it.",
    )


def test_top_k_passes_k1_and_b_to_the_scores(top_k):
    check_returns(
        top_k,
        "cat dog",
        CAT_AND_DOG,
        3,
        0.5,
        0.75,
        expected=[2, 1, 0],
        why="with k1 = 0.5 a repeated word stops adding sooner, and the chunk with 'dog' comes first "
        "(the defaults rank [1, 2, 0]).",
    )
    check_returns(
        top_k,
        "cat dog",
        CAT_AND_DOG,
        3,
        1.5,
        1.0,
        expected=[0, 1, 2],
        why="with b = 1 length is penalised in full, and the one-word chunk comes first (the defaults rank [1, 2, 0]).",
    )


class Count(IntEnum):
    ONE = 1
    THREE = 3


def test_an_intenum_member_counts_as_its_int_value(top_k, recall_at_k):
    check_returns(
        top_k,
        "cat mat",
        CHUNKS,
        Count.THREE,
        expected=[1, 2, 0],
        why="an IntEnum member is an int (a subclass of int other than bool): k = 3, as in the statement's example.",
    )
    check_returns(
        recall_at_k,
        DOC,
        SENTENCES,
        QUESTIONS,
        Count.ONE,
        expected=1.0,
        why="an IntEnum member is an int: k = 1, and a chunk per sentence answers all three questions.",
    )


# Recall@k -----------------------------------------------------------------------------------


def test_a_chunk_holding_part_of_the_evidence_is_not_a_hit(recall_at_k):
    check_returns(
        recall_at_k,
        DOC,
        [(0, 13), (14, 47)],
        [("When do ferries leave?", 0, 22)],
        1,
        expected=0.0,
        why="the top chunk 'Ferries leave' holds only part of 'Ferries leave at nine.'",
    )


def test_evidence_split_between_two_retrieved_chunks_is_not_a_hit(recall_at_k):
    check_returns(
        recall_at_k,
        DOC,
        WINDOWS,
        [("How much do tickets cost?", 23, 47)],
        2,
        expected=0.0,
        why="the two retrieved windows hold the evidence only between them.",
    )


def test_evidence_held_only_by_two_touching_chunks_together_is_not_a_hit(recall_at_k):
    check_returns(
        recall_at_k,
        DOC,
        [(0, 35), (35, 90)],
        [("tickets cost four euros", 23, 47)],
        2,
        expected=0.0,
        why="'Ferries leave at nine. Tickets cost' and ' four euros. The museum ...' are both retrieved "
        "and touch, so together they hold 'Tickets cost four euros.', but neither holds it whole.",
    )


def test_recall_divides_by_the_questions_not_the_chunks(recall_at_k):
    check_returns(
        recall_at_k,
        DOC,
        WINDOWS,
        QUESTIONS,
        1,
        expected=1 / 3,
        why="one question of three is answered; there are four chunks, which do not matter here.",
    )


def test_a_question_counts_once_however_many_chunks_contain_its_evidence(recall_at_k):
    spans = [(0, 22), (0, 47), (0, 90)]
    questions = [("When do the ferries leave?", 0, 22), ("How much do tickets cost?", 23, 47)]
    check_returns(
        recall_at_k,
        DOC,
        spans,
        questions,
        3,
        expected=1.0,
        why="every chunk starts at 0: the ferries are in three retrieved chunks and the tickets in two, "
        "and each question counts once.",
    )
    check_returns(
        recall_at_k,
        DOC,
        spans,
        questions + [("ferries", 48, 90)],
        1,
        expected=2 / 3,
        why="'ferries' is in all three chunks and the shortest, (0, 22), ranks first: it does not hold "
        "the third question's evidence, (48, 90).",
    )


def test_the_evidence_in_the_second_retrieved_chunk_answers_the_question(recall_at_k):
    check_returns(
        recall_at_k,
        DOC,
        SENTENCES,
        [("When do ferries leave, and what do tickets cost?", 23, 47)],
        2,
        expected=1.0,
        why="the first two sentences tie (two query words each, four words each): the top 2 are chunks 0 "
        "and 1, and chunk 1, the second, holds the evidence.",
    )


def test_a_repeated_span_is_a_chunk_of_its_own(recall_at_k):
    check_returns(
        recall_at_k,
        DOC,
        [(0, 35), (0, 35), (23, 47)],
        [("When do the ferries leave, and what do tickets cost?", 23, 47)],
        2,
        expected=0.0,
        why="'Ferries leave at nine. Tickets cost' is chunk 0 and again chunk 1; it holds four of the "
        "query's words and ranks first twice, so the top 2 are chunks 0 and 1, and neither holds the "
        "evidence, which chunk 2 holds. A repeated span is scored, counted and retrieved like any "
        "other.",
    )


def test_the_same_words_elsewhere_in_the_document_are_not_the_evidence(recall_at_k):
    doc = "Boats leave at nine. Buses leave at ten. Trains leave at nine."
    check_returns(
        recall_at_k,
        doc,
        [(0, 20), (21, 40)],
        [("When do trains leave?", 48, 62)],
        2,
        expected=0.0,
        why="the evidence is 'leave at nine.' of the trains, offsets 48 to 62, which no chunk holds; the "
        "chunk 'Boats leave at nine.' holds the same words, at another place, about boats.",
    )


def test_evidence_at_the_very_edges_of_a_chunk_is_inside_it(recall_at_k):
    check_returns(
        recall_at_k,
        DOC,
        [(23, 47)],
        [("tickets", 23, 47)],
        1,
        expected=1.0,
        why="the chunk is exactly the evidence: start <= start and end <= end.",
    )


def test_overlapping_spans_in_any_order_are_chunks_like_any_other(recall_at_k):
    spans = [(48, 90), (0, 47), (23, 90)]
    check_returns(
        recall_at_k,
        DOC,
        spans,
        QUESTIONS,
        1,
        expected=1.0,
        why="ferries: only chunk 1 holds the word, and the evidence; tickets: chunks 1 and 2 hold "
        "'tickets' and 'cost', and chunk 1, the shorter, ranks first and holds the evidence; museum: "
        "chunks 0 and 2 hold 'the' and 'museum', and chunk 0, the shorter, holds the evidence.",
    )


def test_lists_are_accepted_for_spans_and_questions(recall_at_k):
    check_returns(recall_at_k, DOC, [list(span) for span in SENTENCES], [list(q) for q in QUESTIONS], 1, expected=1.0)


class Evidence(NamedTuple):
    text: str
    start: int
    end: int


class Offsets(NamedTuple):
    start: int
    end: int


class ChunkList(list):
    """A subclass of list, as a pipeline's own collection of chunks may be."""


def test_namedtuple_spans_and_questions_are_accepted(recall_at_k):
    check_returns(
        recall_at_k,
        DOC,
        [Offsets(*span) for span in SENTENCES],
        [Evidence(*q) for q in QUESTIONS],
        1,
        expected=1.0,
        why="a namedtuple is a tuple (isinstance), so it is a span or a question like any "
        "other: one chunk per sentence answers all three questions.",
    )


def test_a_subclass_of_list_is_accepted_for_the_chunks(bm25_scores):
    check_scores(
        bm25_scores,
        "cat mat",
        ChunkList(CHUNKS),
        [0.0, 1.4937952636896705, 0.8943834587870262, 0.0],
        "a subclass of list is a list (isinstance): the chunks are scored as in the statement's example",
    )


def test_recall_passes_k1_and_b_to_the_ranking(recall_at_k):
    doc = "cat. cat cat. the dog barks at night."
    spans = [(0, 4), (5, 13), (14, 37)]  # the chunks 'cat.', 'cat cat.' and 'the dog barks at night.'
    check_returns(
        recall_at_k,
        doc,
        spans,
        [("cat dog", 14, 37)],
        1,
        0.5,
        0.75,
        expected=1.0,
        why="with k1 = 0.5 'the dog barks at night.' ranks first and holds the evidence; with the default "
        "k1 = 1.5, 'cat cat.' would.",
    )
    check_returns(
        recall_at_k,
        doc,
        spans,
        [("cat dog", 0, 4)],
        1,
        1.5,
        1.0,
        expected=1.0,
        why="with b = 1 'cat.' ranks first and holds the evidence; with the default b = 0.75, 'cat cat.' would.",
    )


# The statement's comparison of chunkers on the labelled set ---------------------------------

# chunking: (chunks, questions whose evidence lies whole in some chunk, answered with k = 3), of 24
COMPARISON = {
    "fixed windows (kata 01), 50 words": (50, 18, 9),
    "fixed windows (kata 01), 50 words, overlap 10": (62, 23, 12),
    "sentences (kata 03), 50 words": (60, 23, 14),
    "Markdown sections (kata 07), 50 words": (88, 21, 14),
}


@pytest.mark.parametrize("name", COMPARISON)
def test_the_statements_table_of_recall_on_the_harbour_guide(recall_at_k, name):
    spans, (count, whole, answered) = chunkings()[name], COMPARISON[name]
    assert len(spans) == count and len(questions()) == 24
    check_returns(
        recall_at_k,
        document(),
        spans,
        questions(),
        len(spans),
        expected=whole / 24,
        why=f"with k = {count}, every chunk, {whole} of the 24 evidences lie whole in some chunk of the {name}.",
    )
    check_returns(
        recall_at_k,
        document(),
        spans,
        questions(),
        3,
        expected=answered / 24,
        why=f"{answered} of the 24 questions find their evidence in one of their top 3 chunks.",
    )


# Errors, in their order ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "mentions"),
    [
        ((5, CHUNKS), {}, TypeError, ["query", "5"]),
        (("cat", ["a", None]), {}, TypeError, ["chunks[1]", "None"]),
        (("cat", CHUNKS), {"k1": True}, TypeError, ["k1", "True"]),
        (("cat", CHUNKS), {"b": "0.5"}, TypeError, ["b", "0.5"]),
        (("cat", CHUNKS), {"k1": float("inf")}, ValueError, ["k1", "inf"]),
        (("cat", CHUNKS), {"k1": math.nan}, ValueError, ["k1", "nan"]),
        (("cat", CHUNKS), {"b": math.nan}, ValueError, ["b", "nan"]),
        (("cat", CHUNKS), {"b": 1.5}, ValueError, ["b", "1.5"]),
        (("cat", CHUNKS), {"b": -0.1}, ValueError, ["b", "-0.1"]),
        ((None, [3]), {}, TypeError, ["query"]),
        (("cat", "cat mat"), {}, TypeError, ["chunks", "str"]),
        (("cat", {"cat", "mat"}), {}, TypeError, ["chunks", "set"]),
        (("cat", (chunk for chunk in CHUNKS)), {}, TypeError, ["chunks", "generator"]),
        (("cat", deque(CHUNKS)), {}, TypeError, ["chunks", "deque"]),
        (("cat", None), {}, TypeError, ["chunks", "NoneType"]),
        (("cat", [3]), {"k1": -1}, TypeError, ["chunks[0]"]),
        (("cat", CHUNKS), {"k1": -1, "b": 7}, ValueError, ["k1"]),
        (("cat", CHUNKS), {"k1": -1, "b": "0.5"}, ValueError, ["k1", "-1"]),
    ],
    ids=[
        "query",
        "chunk",
        "bool_k1",
        "str_b",
        "infinite_k1",
        "nan_k1",
        "nan_b",
        "b_above_1",
        "b_below_0",
        "query_first",
        "str_chunks",
        "set_of_chunks",
        "generator_of_chunks",
        "deque_of_chunks",
        "no_chunks_at_all",
        "chunks_before_k1",
        "k1_before_b",
        "k1_value_before_b_type",
    ],
)
def test_bm25_scores_refuses_bad_arguments_in_order(bm25_scores, args, kwargs, error, mentions):
    check_raises(bm25_scores, *args, error=error, mentions=mentions, **kwargs)


@pytest.mark.parametrize(
    ("k", "error"), [(True, TypeError), (2.0, TypeError), (-3, ValueError)], ids=["bool", "float", "negative"]
)
def test_top_k_refuses_a_bad_k(top_k, k, error):
    check_raises(top_k, "cat", CHUNKS, k, error=error, mentions=["k", str(k)])


def test_top_k_checks_k_before_the_query(top_k):
    check_raises(top_k, None, CHUNKS, 0, error=ValueError, mentions=["k"])


def test_top_k_refuses_a_str_of_chunks(top_k):
    check_raises(
        top_k,
        "cat",
        "cat mat",
        2,
        error=TypeError,
        mentions=["chunks", "str"],
        why="a str is a sequence of characters, not of chunks: chunks must be a list or a tuple.",
    )


NAN_PARAMETERS = pytest.mark.parametrize(
    ("k1", "b", "mentions"), [(math.nan, 0.75, ["k1", "nan"]), (1.5, math.nan, ["b", "nan"])], ids=["nan_k1", "nan_b"]
)


@NAN_PARAMETERS
def test_top_k_refuses_a_nan_k1_or_b(top_k, k1, b, mentions):
    check_raises(top_k, "cat", CHUNKS, 2, k1, b, error=ValueError, mentions=mentions)


@NAN_PARAMETERS
def test_recall_at_k_refuses_a_nan_k1_or_b(recall_at_k, k1, b, mentions):
    check_raises(recall_at_k, DOC, SENTENCES, QUESTIONS, 1, k1, b, error=ValueError, mentions=mentions)


@pytest.mark.parametrize(
    ("args", "error", "mentions"),
    [
        ((DOC, SENTENCES, QUESTIONS, True), TypeError, ["k", "True"]),
        ((b"doc", SENTENCES, QUESTIONS, 1), TypeError, ["doc", "bytes"]),
        ((DOC, {(0, 22)}, QUESTIONS, 1), TypeError, ["spans", "set"]),
        ((DOC, None, QUESTIONS, 1), TypeError, ["spans", "NoneType"]),
        ((DOC, [(0, 22, 30)], QUESTIONS, 1), TypeError, ["spans[0]", "(0, 22, 30)"]),
        ((DOC, [(0, 22), (5, 5)], QUESTIONS, 1), ValueError, ["spans[1]", "5"]),
        ((DOC, [(0, 22), (-1, 7)], QUESTIONS, 1), ValueError, ["spans[1]", "-1", "7"]),
        ((DOC, [(3, 91)], QUESTIONS, 1), ValueError, ["spans[0]", "3", "91"]),
        ((DOC, [(5, 2), (0, True)], QUESTIONS, 1), ValueError, ["spans[0]", "5", "2"]),
        ((DOC, (span for span in SENTENCES), QUESTIONS, 1), TypeError, ["spans", "generator"]),
        ((DOC, deque(SENTENCES), QUESTIONS, 1), TypeError, ["spans", "deque"]),
        ((DOC, SENTENCES, "questions", 1), TypeError, ["questions", "str"]),
        ((DOC, SENTENCES, "", 1), TypeError, ["questions", "str"]),
        ((DOC, SENTENCES, None, 1), TypeError, ["questions", "NoneType"]),
        ((DOC, SENTENCES, {("a", 0, 5)}, 1), TypeError, ["questions", "set"]),
        ((DOC, SENTENCES, (question for question in QUESTIONS), 1), TypeError, ["questions", "generator"]),
        ((DOC, SENTENCES, deque(QUESTIONS), 1), TypeError, ["questions", "deque"]),
        ((DOC, SENTENCES, [("a", 0, 5), ("b", 0)], 1), TypeError, ["questions[1]", "('b', 0)"]),
        ((DOC, SENTENCES, [(7, 0, 5)], 1), TypeError, ["questions[0]", "(7, 0, 5)"]),
        ((DOC, SENTENCES, [("a", 0, 5), ("b", 9, 9)], 1), ValueError, ["questions[1]", "9"]),
        ((DOC, SENTENCES, [("a", 0, 5), ("b", 31, 94)], 1), ValueError, ["questions[1]", "31", "94"]),
        ((DOC, SENTENCES, (), 1), ValueError, ["questions"]),
        ((DOC, [(5, 2)], [], 0), ValueError, ["k"]),
        ((7, [(5, 2)], [], 1), TypeError, ["doc", "int"]),
        ((DOC, [(5, 2)], [], 1), ValueError, ["spans[0]"]),
        ((DOC, SENTENCES, [("a", 9, 2)], 1, -1), ValueError, ["questions[0]"]),
        ((DOC, [], [("a", 9, 2)], 1), ValueError, ["questions[0]"]),
        ((DOC, [], [], 1), ValueError, ["questions"]),
    ],
    ids=[
        "bool_k",
        "bytes_doc",
        "set_of_spans",
        "no_spans_at_all",
        "three_item_span",
        "empty_span",
        "negative_start",
        "past_the_end",
        "each_span_whole_before_the_next",
        "generator_of_spans",
        "deque_of_spans",
        "str_questions",
        "empty_str_questions",
        "no_questions_at_all",
        "set_of_questions",
        "generator_of_questions",
        "deque_of_questions",
        "short_question",
        "question_not_str",
        "empty_evidence",
        "evidence_past_the_end",
        "no_questions",
        "k_first",
        "doc_second",
        "spans_before_questions",
        "questions_before_k1",
        "questions_checked_without_spans",
        "no_questions_without_spans",
    ],
)
def test_recall_at_k_refuses_bad_arguments_in_order(recall_at_k, args, error, mentions):
    check_raises(recall_at_k, *args, error=error, mentions=mentions)


def test_recall_at_k_checks_k1_and_b_even_when_no_chunk_is_scored(recall_at_k):
    check_raises(recall_at_k, DOC, [], QUESTIONS, 1, 1.5, 2, error=ValueError, mentions=["b", "2"])
