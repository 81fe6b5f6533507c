"""Edge cases, and one test for each common mistake (see solutions/09_retrieval_recall/mistakes.py)."""

import math

import pytest
from answers import close_scores, scored
from oracles import bm25

from kata.judging.checks import check_raises, check_returns, expect
from kata.labelled_set import chunkings, document, questions

CHUNKS = ["cats purr", "the cat sat on the mat", "a cat and a cat", "dogs bark"]
DOC = "Ferries leave at nine. Tickets cost four euros. The museum opens at ten and closes at six."
SENTENCES = [(0, 22), (23, 47), (48, 90)]
WINDOWS = [(0, 30), (31, 58), (59, 82), (83, 90)]
QUESTIONS = [("When do the ferries leave?", 0, 22), ("How much do tickets cost?", 23, 47),
             ("When does the museum close?", 76, 89)]


def check_scores(bm25_scores, query, chunks, expected, why, *args):
    scores = scored(bm25_scores, query, chunks, *args)
    expect(close_scores(scores, expected), f"the scores {expected} (to a relative 1e-9): {why}")


# The scores ---------------------------------------------------------------------------------


def test_a_word_in_every_chunk_adds_a_small_positive_score(bm25_scores):
    n = 3
    idf = math.log(1 + 0.5 / 3.5)  # df = N = 3
    check_scores(bm25_scores, "the", ["the a", "the b", "the c"], [idf * 2.5 / 2.5] * n,
                 "'the' is in all 3 chunks, so idf = ln(1 + 0.5 / 3.5) > 0: holding a query word never "
                 "lowers a score")


def test_the_average_length_counts_every_chunk_even_empty_ones(bm25_scores):
    chunks = ["cat sat", "", "dog dog dog dog"]
    check_scores(bm25_scores, "cat", chunks, bm25("cat", chunks),
                 "avgdl = (2 + 0 + 4) / 3 = 2: the mean over all the chunks, not over those that hold 'cat'")


def test_k1_scales_the_length_normalisation_and_b_mixes_it(bm25_scores):
    chunks = ["cat cat dog", "cat", "dog dog dog dog dog dog"]
    check_scores(bm25_scores, "cat", chunks, bm25("cat", chunks, 1.2, 0.5),
                 "the denominator is f + k1 * (1 - b + b * |c| / avgdl), here with k1 = 1.2 and b = 0.5", 1.2, 0.5)


def test_a_word_three_times_in_the_query_adds_its_term_three_times(bm25_scores):
    single = bm25("mat", CHUNKS)[1]
    check_scores(bm25_scores, "mat mat mat", CHUNKS, [0.0, 3 * single, 0.0, 0.0],
                 "the query holds 'mat' three times, so chunk 1's score is three times its score for 'mat'")


def test_length_is_counted_in_words_not_characters(bm25_scores):
    chunks = ["cat sat", "cat extraordinarily"]
    check_scores(bm25_scores, "cat", chunks, bm25("cat", chunks),
                 "both chunks have two words, so both have the average length and score the same")


def test_words_are_runs_of_letters_and_digits_in_lower_case(bm25_scores):
    chunks = ["CAT-2 cat's", "c.a.t", "Cat2"]
    check_scores(bm25_scores, "cat 2", chunks, bm25("cat 2", chunks),
                 "'CAT-2 cat's' is the words cat, 2, cat, s; 'c.a.t' is c, a, t; 'Cat2' is one word, cat2")


def test_k1_zero_makes_every_occurrence_count_as_one(bm25_scores):
    chunks = ["cat cat cat", "cat dog"]
    check_scores(bm25_scores, "cat", chunks, bm25("cat", chunks, 0, 0.75),
                 "with k1 = 0 each term is idf * f / f = idf, whatever f and the length", 0, 0.75)


def test_an_empty_query_scores_every_chunk_zero(bm25_scores):
    check_scores(bm25_scores, "?!", CHUNKS, [0.0, 0.0, 0.0, 0.0], "'?!' has no word, so nothing adds to any score")


def test_chunks_without_words_score_zero_without_dividing_by_zero(bm25_scores):
    check_scores(bm25_scores, "cat", ["", "...", "  "], [0.0, 0.0, 0.0],
                 "no chunk has a word, so avgdl is 0 and every score is 0.0")


def test_a_tuple_of_chunks_is_accepted(bm25_scores):
    check_scores(bm25_scores, "cat mat", tuple(CHUNKS), bm25("cat mat", CHUNKS), "chunks may be any sequence of str")


# The top k ----------------------------------------------------------------------------------


def test_equal_chunks_tie_and_the_lower_index_comes_first(top_k):
    check_returns(top_k, "cat", ["dog", "the cat", "the cat", "cat the"], 3, expected=[1, 2, 3],
                  why="chunks 1, 2 and 3 hold 'cat' once in two words: equal scores, in index order.")


def test_k_is_a_limit_not_a_count_of_extra_chunks(top_k):
    check_returns(top_k, "cat mat", CHUNKS, 2, expected=[1, 2])


def test_one_chunk_and_a_large_k(top_k):
    check_returns(top_k, "cat", ["dogs"], 5, expected=[0], why="the only chunk is returned, though it scores 0.0.")


def test_no_chunks_give_no_indices(top_k):
    check_returns(top_k, "cat", [], 3, expected=[])


def test_top_k_passes_k1_and_b_to_the_scores(top_k):
    chunks = ["cat " * 10 + "dog", "cat dog dog dog dog dog dog dog dog dog dog"]
    check_returns(top_k, "cat", chunks, 1, 0.0, 0.75, expected=[0],
                  why="with k1 = 0 both score idf alone, and tie: the lower index wins.")
    check_returns(top_k, "cat", chunks, 1, 1.5, 1.0, expected=[0],
                  why="with k1 = 1.5 and b = 1 the chunk with ten 'cat' wins.")


# Recall@k -----------------------------------------------------------------------------------


def test_a_chunk_holding_part_of_the_evidence_is_not_a_hit(recall_at_k):
    check_returns(recall_at_k, DOC, [(0, 13), (14, 47)], [("When do ferries leave?", 0, 22)], 1, expected=0.0,
                  why="the top chunk 'Ferries leave' holds only part of 'Ferries leave at nine.'")


def test_evidence_split_between_two_retrieved_chunks_is_not_a_hit(recall_at_k):
    check_returns(recall_at_k, DOC, WINDOWS, [("How much do tickets cost?", 23, 47)], 2, expected=0.0,
                  why="the two retrieved windows hold the evidence only between them.")


def test_evidence_held_only_by_two_touching_chunks_together_is_not_a_hit(recall_at_k):
    check_returns(recall_at_k, DOC, [(0, 35), (35, 90)], [("tickets cost four euros", 23, 47)], 2, expected=0.0,
                  why="'Ferries leave at nine. Tickets cost' and ' four euros. The museum ...' are both retrieved "
                      "and touch, so together they hold 'Tickets cost four euros.', but neither holds it whole.")


def test_recall_divides_by_the_questions_not_the_chunks(recall_at_k):
    check_returns(recall_at_k, DOC, WINDOWS, QUESTIONS, 1, expected=1 / 3,
                  why="one question of three is answered; there are four chunks, which do not matter here.")


def test_a_question_counts_once_however_many_chunks_contain_its_evidence(recall_at_k):
    spans = [(0, 22), (0, 47), (0, 90)]
    questions = [("When do the ferries leave?", 0, 22), ("How much do tickets cost?", 23, 47)]
    check_returns(recall_at_k, DOC, spans, questions, 3, expected=1.0,
                  why="every chunk starts at 0: the ferries are in three retrieved chunks and the tickets in two, "
                      "and each question counts once.")
    check_returns(recall_at_k, DOC, spans, questions + [("ferries", 48, 90)], 1, expected=2 / 3,
                  why="'ferries' is in all three chunks and the shortest, (0, 22), ranks first: it does not hold "
                      "the third question's evidence, (48, 90).")


def test_evidence_at_the_very_edges_of_a_chunk_is_inside_it(recall_at_k):
    check_returns(recall_at_k, DOC, [(23, 47)], [("tickets", 23, 47)], 1, expected=1.0,
                  why="the chunk is exactly the evidence: start <= start and end <= end.")


def test_overlapping_spans_in_any_order_are_chunks_like_any_other(recall_at_k):
    spans = [(48, 90), (0, 47), (23, 90)]
    check_returns(recall_at_k, DOC, spans, QUESTIONS, 1, expected=1.0,
                  why="ferries: only chunk 1 holds the word, and the evidence; tickets: chunks 1 and 2 hold "
                      "'tickets' and 'cost', and chunk 1, the shorter, ranks first and holds the evidence; museum: "
                      "chunks 0 and 2 hold 'the' and 'museum', and chunk 0, the shorter, holds the evidence.")


def test_lists_are_accepted_for_spans_and_questions(recall_at_k):
    check_returns(recall_at_k, DOC, [list(span) for span in SENTENCES], [list(q) for q in QUESTIONS], 1,
                  expected=1.0)


def test_recall_passes_k1_and_b_to_the_ranking(recall_at_k):
    doc = "cat cat cat cat cat cat cat cat dog. cat dog."
    check_returns(recall_at_k, doc, [(0, 36), (37, 45)], [("cat", 37, 45)], 1, 0.0, 0.75, expected=0.0,
                  why="with k1 = 0 both chunks score idf alone and tie, and the first wins, which does not hold "
                      "the evidence.")


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
    check_returns(recall_at_k, document(), spans, questions(), len(spans), expected=whole / 24,
                  why=f"with k = {count}, every chunk, {whole} of the 24 evidences lie whole in some chunk of "
                      f"the {name}.")
    check_returns(recall_at_k, document(), spans, questions(), 3, expected=answered / 24,
                  why=f"{answered} of the 24 questions find their evidence in one of their top 3 chunks.")


# Errors, in their order ---------------------------------------------------------------------


@pytest.mark.parametrize(("args", "kwargs", "error", "mentions"), [
    ((5, CHUNKS), {}, TypeError, ["query", "5"]),
    (("cat", ["a", None]), {}, TypeError, ["chunks[1]", "None"]),
    (("cat", CHUNKS), {"k1": True}, TypeError, ["k1", "True"]),
    (("cat", CHUNKS), {"b": "0.5"}, TypeError, ["b", "0.5"]),
    (("cat", CHUNKS), {"k1": math.inf}, ValueError, ["k1", "inf"]),
    (("cat", CHUNKS), {"k1": math.nan}, ValueError, ["k1", "nan"]),
    (("cat", CHUNKS), {"b": 1.5}, ValueError, ["b", "1.5"]),
    (("cat", CHUNKS), {"b": -0.1}, ValueError, ["b", "-0.1"]),
    ((None, [3]), {}, TypeError, ["query"]),
    (("cat", [3]), {"k1": -1}, TypeError, ["chunks[0]"]),
    (("cat", CHUNKS), {"k1": -1, "b": 7}, ValueError, ["k1"]),
], ids=["query", "chunk", "bool_k1", "str_b", "infinite_k1", "nan_k1", "b_above_1", "b_below_0",
        "query_first", "chunks_before_k1", "k1_before_b"])
def test_bm25_scores_refuses_bad_arguments_in_order(bm25_scores, args, kwargs, error, mentions):
    check_raises(bm25_scores, *args, error=error, mentions=mentions, **kwargs)


@pytest.mark.parametrize(("k", "error"), [(True, TypeError), (2.0, TypeError), (-3, ValueError)],
                         ids=["bool", "float", "negative"])
def test_top_k_refuses_a_bad_k(top_k, k, error):
    check_raises(top_k, "cat", CHUNKS, k, error=error, mentions=["k", str(k)])


def test_top_k_checks_k_before_the_query(top_k):
    check_raises(top_k, None, CHUNKS, 0, error=ValueError, mentions=["k"])


@pytest.mark.parametrize(("args", "error", "mentions"), [
    ((DOC, SENTENCES, QUESTIONS, True), TypeError, ["k", "True"]),
    ((b"doc", SENTENCES, QUESTIONS, 1), TypeError, ["doc"]),
    ((DOC, {(0, 22)}, QUESTIONS, 1), TypeError, ["spans"]),
    ((DOC, [(0, 22, 30)], QUESTIONS, 1), TypeError, ["spans[0]"]),
    ((DOC, [(0, 22), (5, 5)], QUESTIONS, 1), ValueError, ["spans[1]", "5"]),
    ((DOC, [(0, 22), (-1, 5)], QUESTIONS, 1), ValueError, ["spans[1]", "-1"]),
    ((DOC, [(0, 91)], QUESTIONS, 1), ValueError, ["spans[0]", "91"]),
    ((DOC, SENTENCES, "questions", 1), TypeError, ["questions"]),
    ((DOC, SENTENCES, [("a", 0, 5), ("b", 0)], 1), TypeError, ["questions[1]"]),
    ((DOC, SENTENCES, [(7, 0, 5)], 1), TypeError, ["questions[0]"]),
    ((DOC, SENTENCES, [("a", 0, 5), ("b", 9, 9)], 1), ValueError, ["questions[1]", "9"]),
    ((DOC, SENTENCES, (), 1), ValueError, ["questions"]),
    ((DOC, [(5, 2)], [], 0), ValueError, ["k"]),
    ((7, [(5, 2)], [], 1), TypeError, ["doc"]),
    ((DOC, [(5, 2)], [], 1), ValueError, ["spans[0]"]),
    ((DOC, SENTENCES, [("a", 9, 2)], 1, -1), ValueError, ["questions[0]"]),
], ids=["bool_k", "bytes_doc", "set_of_spans", "three_item_span", "empty_span", "negative_start", "past_the_end",
        "str_questions", "short_question", "question_not_str", "empty_evidence", "no_questions", "k_first",
        "doc_second", "spans_before_questions", "questions_before_k1"])
def test_recall_at_k_refuses_bad_arguments_in_order(recall_at_k, args, error, mentions):
    check_raises(recall_at_k, *args, error=error, mentions=mentions)


def test_recall_at_k_checks_k1_and_b_even_when_no_chunk_is_scored(recall_at_k):
    check_raises(recall_at_k, DOC, [], QUESTIONS, 1, 1.5, 2, error=ValueError, mentions=["b", "2"])
