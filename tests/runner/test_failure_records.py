"""Every failure has one structured record, made where the test fails; nothing reads a verdict back out of a
report's words."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from kata.judging.vocabulary import Verdict
from kata.katas import KATAS, ROOT
from kata.runner.failures import TEST_KINDS
from kata.runner.outcomes import failures_of, read_outcomes

FIRST = KATAS[0]
# Whole katas' suites in a subprocess: the limit is the subprocess's, not a kata test's 10 s.
pytestmark = pytest.mark.timeout(240)
TAIL_AND_TERSE = """
def fixed_windows(tokens, chunk_size, overlap=0):
    if not isinstance(chunk_size, int) or not isinstance(overlap, int):
        raise TypeError("ints please")
    if chunk_size < 1 or overlap < 0 or overlap >= chunk_size:
        raise ValueError("bad arguments")
    windows, start = [], 0
    while start < len(tokens):
        windows.append(list(tokens[start:start + chunk_size]))
        start += chunk_size - overlap
    return windows
"""
# A report's words read back for what they say: its first line, or a verdict's words at its start.
READING_A_REPORT = re.compile(
    r"(report|longrepr|text|stopped)\S*\.startswith\(Verdict|split\(\"\\n\", 1\)\[0\]"
    r"|splitlines\(\)\[0\]"
)


def test_no_module_reads_a_verdict_out_of_a_reports_words():
    readers = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "kata").rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if READING_A_REPORT.search(line)
    ]
    assert not readers, readers


def test_each_failure_of_a_run_has_its_record_and_its_cause(tmp_path):
    learner = tmp_path / f"{FIRST.module}.py"
    learner.write_text(TAIL_AND_TERSE, encoding="utf-8")
    outcomes = tmp_path / "outcomes.json"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            f"tests/{FIRST.slug}",
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
    kata = read_outcomes(outcomes)[FIRST.slug]
    failed = failures_of({FIRST.slug: kata})
    assert failed and all(test.failure is not None and test.cause is not None for test in failed)
    for test in failed:
        record = test.failure
        assert record["test"] == test.test and record["kind"] in TEST_KINDS and record["verdict"] == test.verdict
        assert record["verdict"] in Verdict.ALL and record["call"].startswith("fixed_windows(")
        assert record["explanation"] == test.report and record["came_back"].startswith(("returned", "raised"))
    named = {mistake for cause in kata["causes"] for mistake in cause["mistakes"]}
    assert "redundant_tail_window" in named and "message_omits_the_value" in named
    assert sorted(test for cause in kata["causes"] for test in cause["tests"]) == sorted(t.test for t in failed)


def test_every_failure_shows_each_failing_tests_own_report_and_by_default_one_paragraph_per_cause(tmp_path):
    learner = tmp_path / f"{FIRST.module}.py"
    learner.write_text(TAIL_AND_TERSE, encoding="utf-8")

    def run(*options: str) -> str:
        return subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                f"tests/{FIRST.slug}",
                f"--impl={learner}",
                "-p",
                "no:cacheprovider",
                *options,
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=100,
        ).stdout

    by_cause, every = run(), run("--every-failure")
    header = "_ test_windows_share_one_token _"
    assert header not in by_cause and "FAILED tests/" not in by_cause and "failures, by cause" in by_cause
    assert "Each failing test's own report: run again with --every-failure." in by_cause
    assert header in every and "FAILED tests/" in every and "failures, by cause" in every
    assert "run again with --every-failure" not in every


def test_a_four_gigabyte_allocation_is_graded_too_much_memory(tmp_path):
    """Every call asks for 4 GB at once: each failure's record says TOO MUCH MEMORY, and so does the grade."""
    from kata.grading.grades import grade_from_tests
    from kata.judging.vocabulary import KataStatus

    learner = tmp_path / f"{FIRST.module}.py"
    learner.write_text(
        "def fixed_windows(tokens, chunk_size, overlap=0):\n    block = bytearray(4 * 2**30)\n"
        "    return [list(tokens)]\n",
        encoding="utf-8",
    )
    outcomes = tmp_path / "outcomes.json"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            f"tests/{FIRST.slug}",
            f"--impl={learner}",
            "--isolate",
            "-p",
            "no:cacheprovider",
            "-q",
            f"--outcomes={outcomes}",
        ],
        cwd=ROOT,
        capture_output=True,
        timeout=200,
    )
    tests = read_outcomes(outcomes)[FIRST.slug]["tests"]
    assert tests and all(test.failure["verdict"] == Verdict.TOO_MUCH_MEMORY for test in tests)
    assert grade_from_tests("alice", FIRST.slug, tests).status == KataStatus.TOO_MUCH_MEMORY
