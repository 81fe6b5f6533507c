"""A guard cannot be recognised, nor answered in advance: hostile submissions, isolated and confined.

Each submission is quadratic, and once scored full marks on the guards: three recognised the guards'
fixed inputs and answered from their pattern (and would use the guards' seed, could they see it), one
prepared a guard's answer in an earlier test's call and kept it in its worker, and three answered in one
pass the shape that random inputs built around a known answer still had (a sum within the budget, sizes
all above it, pairs that fill it), and quadratically elsewhere. The guards' inputs are drawn at run time from a seed
the worker never sees (tests/support/guard_inputs.py), are generic where a shape was known (many chunks
of varying lengths, that only packing finds), and every guard runs in a worker started for it alone
(kata.judging.guards): each is judged too slow.
"""

from __future__ import annotations

import os

import pytest

from kata.sandbox.forking import worker_environment
from tests.support.guard_inputs import SEED_VARIABLE
from tests.support.isolated_runs import hostile_report, needs_confinement

pytestmark = [needs_confinement, pytest.mark.timeout(180)]


def too_slow_in(report: str, test: str) -> bool:
    """Whether the report shows `test` failed, judged too slow past a limit, with the seed of its input.

    The limit may be the guard's, for the worker's CPU time, or the one of a reply's wall time on a loaded machine.
    """
    failure = report.split(f"_ {test} _", 1)[-1].split("\n____", 1)[0]
    return (
        "FAILED tests/" in report
        and f"::{test}" in report
        and failure.lstrip("_ \n").startswith("TOO SLOW")
        and "after its limit of" in failure
        and f"{SEED_VARIABLE}=" in failure
    )


@pytest.fixture
def seed_in_the_tests_environment(monkeypatch):
    """The guards' seed, replayed in the tests' process: the hostile submissions look for it in theirs."""
    monkeypatch.setenv(SEED_VARIABLE, "20261202")


def test_a_packer_that_recognises_the_guards_inputs_is_too_slow(tmp_path, seed_in_the_tests_environment):
    report = hostile_report(tmp_path, "02_token_budget_packer", "recognises_a_guard_by_its_sizes", "test_guards")
    assert too_slow_in(report, "test_a_million_sentences_in_long_chunks"), report[-3000:]
    assert "1 failed, 2 passed" in report, report[-3000:]  # packed slowly but right: chunks of a few
    assert "seed 20261202" in report, report[-3000:]


def test_a_windower_that_recognises_the_guards_inputs_is_too_slow(tmp_path, seed_in_the_tests_environment):
    report = hostile_report(tmp_path, "01_fixed_windows", "recognises_a_guard_by_its_tokens", "test_guards")
    for test in ("test_two_million_tokens_in_large_windows", "test_many_small_windows_over_a_long_input"):
        assert too_slow_in(report, test), report[-3000:]
    assert "2 failed, 1 passed" in report, report[-3000:]


def test_a_semantic_chunker_that_recognises_the_guards_inputs_is_too_slow(tmp_path, seed_in_the_tests_environment):
    report = hostile_report(tmp_path, "08_semantic_chunker", "recognises_a_guard_by_its_sentences", "test_guards")
    for test in (
        "test_forty_thousand_sentences_on_one_topic_in_long_chunks",
        "test_forty_thousand_sentences_in_topics_of_one_to_four",
        "test_the_loop_ends_on_a_long_run_of_oversized_sentences",
    ):
        assert too_slow_in(report, test), report[-3000:]
    assert "3 failed" in report, report[-3000:]


def test_a_balanced_packer_that_recognises_the_guards_inputs_is_too_slow(tmp_path, seed_in_the_tests_environment):
    report = hostile_report(tmp_path, "05_balanced_packer", "recognises_a_guard_by_its_pattern", "test_guards")
    for test in (
        "test_twenty_thousand_equal_sentences_under_a_budget_of_a_trillion",
        "test_twenty_thousand_sentences_of_one_and_a_billion_tokens",
        "test_a_hundred_and_fifty_thousand_chunks_under_a_budget_of_a_trillion",
    ):
        assert too_slow_in(report, test), report[-3000:]
    assert "3 failed" in report, report[-3000:]


def test_a_semantic_chunker_that_recognises_how_the_guards_inputs_are_built_is_too_slow(
    tmp_path, seed_in_the_tests_environment
):
    """It re-sums the open chunk (quadratic in a chunk's length) and answers one topic under a budget that every
    word fits, vectors on changing axes and sentences all above the budget from their shape: no guard is one."""
    report = hostile_report(tmp_path, "08_semantic_chunker", "recognises_a_guard_by_its_topics", "test_guards")
    assert too_slow_in(report, "test_forty_thousand_sentences_on_one_topic_in_long_chunks"), report[-3000:]
    assert "1 failed, 2 passed" in report, report[-3000:]  # short chunks elsewhere: re-summing them is cheap


def test_a_bm25_that_recognises_how_the_guards_inputs_are_built_is_too_slow(tmp_path, seed_in_the_tests_environment):
    """It recounts avgdl for every chunk (quadratic in the chunks) and answers chunks of one word each, whose
    terms are then their idf, from one pass: no guard's chunks are all one word."""
    report = hostile_report(
        tmp_path, "09_retrieval_recall", "recognises_a_guard_by_its_chunks", "test_guards", after_the_reference=True
    )
    for test in (
        "test_a_query_of_twenty_thousand_words_against_twenty_thousand_chunks",
        "test_the_top_five_of_twenty_thousand_chunks_for_twenty_thousand_words",
        "test_a_one_word_query_against_twenty_thousand_chunks",
        "test_a_one_word_query_that_every_chunk_holds",
    ):
        assert too_slow_in(report, test), report[-3000:]
    assert "4 failed" in report, report[-3000:]


def test_an_answer_prepared_in_an_earlier_tests_worker_does_not_reach_a_guard(tmp_path):
    earlier_then_the_guard = "test_sentences_are_packed_greedily_under_the_budget or test_a_million_sentences_in_long"
    report = hostile_report(tmp_path, "02_token_budget_packer", "precomputes_a_guard", earlier_then_the_guard)
    assert too_slow_in(report, "test_a_million_sentences_in_long_chunks"), report[-3000:]


def test_a_packer_that_recognises_the_shape_of_the_guards_answers_is_too_slow(tmp_path):
    """Random values do not hide a shape: sizes whose sum is the budget, each above it, pairs that fill it."""
    report = hostile_report(tmp_path, "02_token_budget_packer", "recognises_a_guard_by_its_answer", "test_guards")
    assert too_slow_in(report, "test_a_million_sentences_in_long_chunks"), report[-3000:]
    assert "1 failed, 2 passed" in report, report[-3000:]  # the shortcuts no longer apply; the short chunks pack


def test_a_chunker_that_recognises_a_text_within_its_budget_is_too_slow(tmp_path):
    report = hostile_report(
        tmp_path, "03_recursive_chunker", "recognises_a_guard_by_its_text", "test_a_megabyte_of_text_in_chunks"
    )
    assert too_slow_in(report, "test_a_megabyte_of_text_in_chunks_of_thousands_of_words"), report[-3000:]


def test_a_streaming_packer_that_is_linear_on_one_chunk_only_is_too_slow(tmp_path):
    report = hostile_report(tmp_path, "04_streaming_packer", "keeps_a_total_for_the_first_chunk_only", "two_hundred")
    assert too_slow_in(report, "test_two_hundred_thousand_sizes_in_long_chunks"), report[-3000:]


def test_the_guards_seed_does_not_reach_a_worker(monkeypatch):
    monkeypatch.setenv(SEED_VARIABLE, "20261202")
    assert SEED_VARIABLE not in worker_environment()
    assert os.environ[SEED_VARIABLE] == "20261202"


def test_a_markdown_chunker_that_recognises_a_document_that_fits_one_chunk_is_too_slow(
    tmp_path, seed_in_the_tests_environment
):
    """It counts the open chunk's words again for every block, and answers a document whose words all fit the
    budget, once the paragraphs' guard, as one chunk: that guard's chunks are now long, but more than one."""
    report = hostile_report(tmp_path, "07_markdown_chunker", "recognises_a_document_that_fits_one_chunk", "test_guards")
    assert too_slow_in(report, "test_twenty_four_thousand_paragraphs_in_three_long_chunks"), report[-3000:]
    assert "1 failed, 3 passed" in report, report[-3000:]


def test_a_balanced_packer_that_recognises_chunks_that_hold_b_star_exactly_is_too_slow(
    tmp_path, seed_in_the_tests_environment
):
    """It tries the budgets one by one, and finds b* in one pass where the prefix sums reach b*, 2 * b*, ...
    exactly, as the guards' chunks once did: their sizes are now random, and their chunks' totals differ."""
    report = hostile_report(tmp_path, "05_balanced_packer", "recognises_chunks_that_hold_b_star_exactly", "test_guards")
    for test in (
        "test_twenty_thousand_equal_sentences_under_a_budget_of_a_trillion",
        "test_twenty_thousand_sentences_of_one_and_a_billion_tokens",
        "test_a_hundred_and_fifty_thousand_chunks_under_a_budget_of_a_trillion",
    ):
        assert too_slow_in(report, test), report[-3000:]
    assert "3 failed" in report, report[-3000:]


def test_an_assembly_that_recognises_the_shape_of_the_guards_hits_is_too_slow(tmp_path, seed_in_the_tests_environment):
    """It scans every child for every hit, and answered the guard's hits of old (each parent's first child, in
    parent order) from one pass: the hits are drawn at random now, and judged by an independent oracle."""
    report = hostile_report(
        tmp_path, "10_small_to_big", "recognises_a_guard_by_its_first_children", "test_guards", after_the_reference=True
    )
    assert too_slow_in(report, "test_twenty_thousand_hits_among_two_hundred_thousand_children"), report[-3000:]
    assert "2 failed" in report, report[-3000:]  # and the wide window's guard: it scans every child per hit
