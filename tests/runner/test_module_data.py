"""The tests' module-level data is put back after each test: code under test cannot change what later tests expect.

Kata 09's tests pass the list CHUNKS, defined once at the top of their module, and some compute
what they expect from it (bm25("cat mat", CHUNKS)). A submission that refills that list with words
of its choice fails the test that passed it, but later tests must not expect what it chose.
"""

from __future__ import annotations

import re

import pytest

from tests.support.isolated_runs import kata_report

ZEROS = """
def bm25_scores(query, chunks, k1=1.5, b=0.75):
    if not isinstance(query, str):
        raise TypeError(f"query must be a str, got {query!r}")
    {change}
    return [0.0] * len(chunks)


def top_k(query, chunks, k, k1=1.5, b=0.75):
    raise NotImplementedError


def recall_at_k(questions, chunks, k, k1=1.5, b=0.75):
    raise NotImplementedError
"""
# The tests' CHUNKS, refilled with one word each, in the caller's own list: all-zero scores are then right.
REFILLS_THE_TESTS_CHUNKS = (
    'if type(chunks) is list and chunks == ["cats purr", "the cat sat on the mat", '
    '"a cat and a cat", "dogs bark"]:\n        chunks[:] = ["x", "x", "x", "x"]'
)


def passed(report: str) -> int:
    found = re.search(r"(\d+) passed", report)
    return int(found.group(1)) if found else 0


@pytest.mark.slow
@pytest.mark.timeout(240)
@pytest.mark.parametrize("options", [(), ("--isolate",)], ids=["in process", "isolated"])
def test_code_that_changes_the_tests_own_list_passes_no_test_more_than_code_that_does_not(tmp_path, options):
    honest = kata_report(
        tmp_path / "zeros.py", ZEROS.replace("{change}", "pass"), "09_retrieval_recall", "test_hidden", *options
    )
    refilling = kata_report(
        tmp_path / "refills.py",
        ZEROS.replace("{change}", REFILLS_THE_TESTS_CHUNKS),
        "09_retrieval_recall",
        "test_hidden",
        *options,
    )
    assert passed(honest) > 0, honest[-2000:]
    assert passed(refilling) <= passed(honest), refilling[-3000:]
