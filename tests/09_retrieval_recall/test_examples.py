"""The examples printed in problems/09_retrieval_recall/README.md, in the same order."""

import pytest

from kata.judging.checks import check_raises, check_returns, expect
from tests.support.answers import close_scores, scored

pytestmark = pytest.mark.examples

CHUNKS = ["cats purr", "the cat sat on the mat", "a cat and a cat", "dogs bark"]
DOC = "Ferries leave at nine. Tickets cost four euros. The museum opens at ten and closes at six."
SENTENCES = [(0, 22), (23, 47), (48, 90)]
WINDOWS = [(0, 30), (31, 58), (59, 82), (83, 90)]
QUESTIONS = [
    ("When do the ferries leave?", 0, 22),
    ("How much do tickets cost?", 23, 47),
    ("When does the museum close?", 76, 89),
]


def check_scores(bm25_scores, query, chunks, expected, why):
    scores = scored(bm25_scores, query, chunks)
    expect(close_scores(scores, expected), f"the scores {expected} (to a relative 1e-9): {why}")


def test_each_chunk_scores_the_query_words_it_holds(bm25_scores):
    check_scores(
        bm25_scores,
        "cat mat",
        CHUNKS,
        [0.0, 1.4937952636896705, 0.8943834587870262, 0.0],
        "N = 4, avgdl = 15 / 4; idf(cat) = ln 2 (in chunks 1 and 2; 'cats' is another word), "
        "idf(mat) = ln(1 + 3.5 / 1.5); chunk 1 holds each once, chunk 2 holds cat twice, "
        "chunks 0 and 3 hold neither",
    )


def test_a_word_repeated_in_the_query_adds_its_term_again(bm25_scores):
    check_scores(
        bm25_scores,
        "cat cat mat",
        CHUNKS,
        [0.0, 2.0395804452329345, 1.7887669175740524, 0.0],
        "cat occurs twice in the query, so its term is added twice",
    )


def test_the_best_chunks_come_first_and_equal_scores_in_index_order(top_k):
    check_returns(
        top_k,
        "cat mat",
        CHUNKS,
        3,
        expected=[1, 2, 0],
        why="chunks 1 and 2 score 1.49 and 0.89; chunks 0 and 3 both score 0.0, so 0 comes first.",
    )


def test_fewer_chunks_than_k_gives_them_all(top_k):
    check_returns(top_k, "cat mat", CHUNKS, 9, expected=[1, 2, 0, 3], why="there are only 4 chunks.")


def test_a_word_in_most_chunks_still_has_a_positive_idf(bm25_scores):
    check_scores(
        bm25_scores,
        "the",
        ["the cat", "the dog", "the end", "a bird"],
        [0.3566749439387324, 0.3566749439387324, 0.3566749439387324, 0.0],
        "'the' is in 3 of 4 chunks: idf = ln(1 + 1.5 / 3.5), small but positive",
    )


def test_no_chunks_give_no_scores(bm25_scores):
    check_returns(bm25_scores, "cat", [], expected=[])


def test_a_chunk_per_sentence_answers_every_question(recall_at_k):
    check_returns(
        recall_at_k,
        DOC,
        SENTENCES,
        QUESTIONS,
        1,
        expected=1.0,
        why="each question's top chunk is its own sentence, which holds the whole evidence.",
    )


def test_five_word_windows_cut_the_evidence_and_answer_one_question_in_three(recall_at_k):
    check_returns(
        recall_at_k,
        DOC,
        WINDOWS,
        QUESTIONS,
        2,
        expected=1 / 3,
        why="the first window holds 'Ferries leave at nine.'; the ticket price is split between the "
        "first two windows, which only hold it together; 'museum' finds the second window, but "
        "'closes at six' is in the third and fourth.",
    )


def test_no_spans_answer_nothing(recall_at_k):
    check_returns(recall_at_k, DOC, [], QUESTIONS, 3, expected=0.0)


def test_k_below_one_is_refused(top_k):
    check_raises(top_k, "cat", CHUNKS, 0, error=ValueError, mentions=["k", "0"])


def test_a_reversed_span_is_refused(recall_at_k):
    check_raises(recall_at_k, DOC, [(0, 22), (30, 23)], QUESTIONS, 1, error=ValueError, mentions=["spans[1]", "30"])


def test_evidence_past_the_end_of_the_document_is_refused(recall_at_k):
    check_raises(recall_at_k, DOC, SENTENCES, [("When?", 0, 91)], 1, error=ValueError, mentions=["questions[0]", "91"])


def test_no_questions_is_refused(recall_at_k):
    check_raises(recall_at_k, DOC, SENTENCES, [], 1, error=ValueError, mentions=["questions"])


def test_a_bool_in_a_span_is_refused(recall_at_k):
    check_raises(recall_at_k, DOC, [(0, True)], QUESTIONS, 1, error=TypeError, mentions=["spans[0]", "True"])


def test_a_negative_k1_is_refused(bm25_scores):
    check_raises(bm25_scores, "cat", CHUNKS, k1=-1, error=ValueError, mentions=["k1", "-1"])


def test_a_str_of_chunks_is_refused(bm25_scores):
    check_raises(bm25_scores, "cat", "cat mat", error=TypeError, mentions=["chunks", "str"])


def test_a_query_that_is_not_a_str_is_refused(bm25_scores):
    check_raises(bm25_scores, 5, CHUNKS, error=TypeError, mentions=["query", "5"])
