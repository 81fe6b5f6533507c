"""The sentence a wrong answer's report uses to point at where the answer first differs."""

from __future__ import annotations

import subprocess
import sys

import pytest

from kata.judging.calls import Judged, log
from kata.judging.checks import WrongAnswer, check_returns, describe_difference
from kata.judging.vocabulary import LINE_LIMIT, SHOWN, counted, show, show_call
from kata.katas import ROOT
from kata.runner.outcomes import failures_of, read_outcomes


def test_a_list_with_an_extra_item_names_the_counts_and_the_first_extra_one():
    assert describe_difference([["a", "b"], ["b"]], [["a", "b"]]) == (
        "It returned 2 items where 1 item was expected; the first extra one is ['b']."
    )


def test_a_list_with_a_missing_item_names_the_counts_and_the_first_missing_one():
    assert describe_difference([[1]], [[1], [2], [3]]) == (
        "It returned 1 item where 3 items were expected; the first missing one is [2]."
    )


def test_an_empty_answer_counts_zero_items():
    assert describe_difference([], [[1], [2]]) == (
        "It returned 0 items where 2 items were expected; the first missing one is [1]."
    )


def test_the_first_different_item_is_named_by_its_index():
    assert describe_difference([[1], [2], [9]], [[1], [2], [3]]) == (
        "The first difference is at index 2: [9] instead of [3]."
    )


def test_an_item_of_the_wrong_type_is_named_by_both_types():
    assert describe_difference([[1], (2,)], [[1], [2]]) == "Item 1 is a tuple, but a list was expected."


def test_an_answer_of_the_wrong_type_is_named_by_both_types():
    assert describe_difference((1, 2), [1, 2]) == "It returned a tuple where a list was expected."


def test_the_readmes_example_of_a_failure_is_what_the_runner_writes():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    example = readme.split("## Reading a failure", 1)[1].split("```", 2)[1].strip()
    tail_too_many = Judged(
        "fixed_windows", lambda tokens, size, overlap: [tokens[0:3], tokens[2:5], tokens[4:7], tokens[6:7]], source=None
    )
    try:
        with pytest.raises(WrongAnswer) as raised:
            check_returns(tail_too_many, list("abcdefg"), 3, 1, expected=[list("abc"), list("cde"), list("efg")])
    finally:
        log.forget()
    assert f"WRONG ANSWER\n{raised.value}" == example


def test_a_call_on_large_inputs_is_summarised_on_one_line_that_fits_a_screen():
    query = " ".join(f"w{i}" for i in range(3_000))
    chunks = [" ".join(f"w{i * 20 + j}" for j in range(20)) for i in range(5_000)]
    shown = show_call("bm25_scores", (query, chunks), {"k1": 1.5})
    assert len(shown) <= LINE_LIMIT and "\n" not in shown, shown
    assert shown.startswith("bm25_scores('w0 w1 w2 ") and shown.endswith(", k1=1.5)"), shown
    assert "(16,889 characters)" in shown and "(5,000 items)" in shown, shown


def test_a_long_answer_shows_its_first_items_its_last_and_its_count():
    windows = [list(range(start, start + 12)) for start in range(0, 120_000, 10)]
    shown = show(windows)
    assert len(shown) <= SHOWN, shown
    assert shown.startswith("[[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], [10, 11, ") and shown.endswith(" (12,000 items)")
    assert "…, [119990, 119991, " in shown, shown


def test_a_small_answer_is_shown_whole_as_python_prints_it():
    windows = [list("abc"), list("cde"), list("efg"), ["g"]]
    assert show(windows) == repr(windows)
    assert show(("a",)) == "('a',)" and show({"a": [1]}) == "{'a': [1]}"


def test_a_long_string_shows_its_start_and_its_length():
    shown = show("word " * 10_000)
    assert shown.startswith("'word word ") and shown.endswith("…' (50,000 characters)") and len(shown) <= SHOWN


def test_an_answer_whose_lists_share_their_items_is_summarised_at_once_and_short():
    # Sixty small lists, each holding the one before it twice: 2**60 paths for a walk that opens every item.
    shared = ["a"]
    for _ in range(60):
        shared = [shared, shared]
    shown = show([shared, shared, shared])
    assert len(shown) <= SHOWN, shown
    assert shown.startswith("[[[…] (2 items), ") and shown.endswith("] (3 items)"), shown


def test_a_summary_of_nested_lists_stays_near_its_budget():
    nested = [[[index] * 50 for index in range(20)] for _ in range(30)]
    shown = show(nested)
    assert len(shown) <= SHOWN, shown
    assert shown.endswith("(20 items)] (30 items)"), shown


def test_a_value_whose_repr_raises_is_shown_as_what_it_is():
    class Hostile:
        def __repr__(self):
            raise RuntimeError("no")

    assert show([Hostile()]) == "[<Hostile whose repr raised RuntimeError>]"


@pytest.mark.parametrize(
    "count, noun, words",
    [(1, "test", "1 test"), (0, "chunk", "0 chunks"), (2, "time", "2 times"), (25_000, "chunk", "25,000 chunks")],
)
def test_a_count_takes_the_singular_only_for_one(count, noun, words):
    assert counted(count, noun) == words


REPEATS_THE_LAST_SENTENCE = """
def pack_sentences(sizes, max_tokens):
    chunks, current, total = [], [], 0
    for index, size in enumerate(sizes):
        if current and total + size > max_tokens:
            chunks.append(current)
            current, total = [current[-1]], sizes[current[-1]]  # the last sentence again, as an overlap
        current.append(index)
        total += size
    if current:
        chunks.append(current)
    return chunks
"""


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_chunks_that_repeat_a_sentence_are_told_so_and_never_that_a_chunk_could_take_itself(tmp_path):
    """Kata 02: a chunker that starts each chunk with the last sentence of the one before. Where the chunks are
    not every sentence once in order, "sentence i would have fit" would judge a chunk against a sentence it
    already holds ("The chunk [0] holds 0 tokens; sentence 0 ... would have fit"); the repeat is named instead."""
    learner = tmp_path / "packer.py"
    learner.write_text(REPEATS_THE_LAST_SENTENCE, encoding="utf-8")
    outcomes = tmp_path / "outcomes.json"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "tests/02_token_budget_packer/test_properties.py",
            f"--impl={learner}",
            "-p",
            "no:cacheprovider",
            "-q",
            f"--outcomes={outcomes}",
        ],
        cwd=ROOT,
        capture_output=True,
        timeout=100,
    )
    reports = {test.name: " ".join(test.report.split()) for test in failures_of(read_outcomes(outcomes))}
    assert "every sentence exactly once, in order" in reports["test_the_chunks_in_order_list_every_sentence_once"]
    assert "test_no_chunk_could_have_taken_the_next_sentence" not in reports, reports
    assert not [name for name, report in reports.items() if "would have fit" in report], reports
