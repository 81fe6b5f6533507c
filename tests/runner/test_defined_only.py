"""--defined-only: a file that does part of a kata (a library's adapter, wild/) is judged on the functions it
defines; each test that calls another is skipped, saying which, and nothing else changes."""

from __future__ import annotations

import subprocess
import sys

from kata.katas import ROOT, find_kata
from kata.runner.outcomes import read_outcomes

RETRIEVAL = find_kata("09")
SCORES_ONLY = "def bm25_scores(query, chunks, k1=1.5, b=0.75):\n    return [0.0 for _ in chunks]\n"


def pytest_on(file, *options: str, outcomes=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pytest", f"tests/{RETRIEVAL.slug}", f"--impl={file}", "-p", "no:cacheprovider", "-q"]
        + [*options, *([f"--outcomes={outcomes}"] if outcomes else [])],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_tests_of_the_functions_a_file_does_not_define_are_skipped_saying_which(tmp_path):
    adapter = tmp_path / "scores_only.py"
    adapter.write_text(SCORES_ONLY, encoding="utf-8")
    pytest_on(adapter, "--defined-only", outcomes=tmp_path / "outcomes.json")
    tests = read_outcomes(tmp_path / "outcomes.json")[RETRIEVAL.slug]["tests"]
    skipped = [test for test in tests if test.skipped]
    ran = [test for test in tests if not test.skipped]
    assert skipped and ran
    said = ("top_k() is not defined in the file judged", "recall_at_k() is not defined in the file judged")
    assert all(test.reason.startswith(said) for test in skipped), {test.reason for test in skipped}
    assert {test.reason.split("(", 1)[0] for test in skipped} == {"top_k", "recall_at_k"}
    assert any(not test.passed for test in ran)  # its scores are judged, and wrong


def test_without_the_option_a_file_that_lacks_a_function_cannot_run(tmp_path):
    adapter = tmp_path / "scores_only.py"
    adapter.write_text(SCORES_ONLY, encoding="utf-8")
    run = pytest_on(adapter)
    assert run.returncode == 1 and "defines no function top_k()" in " ".join(run.stdout.split()), run.stdout[-2000:]


def test_the_option_judges_a_file_in_this_process_only():
    for options in (["--impl=learner", "--defined-only"], ["--defined-only", "--isolate"]):
        run = subprocess.run(
            [sys.executable, "-m", "pytest", f"tests/{RETRIEVAL.slug}", "-p", "no:cacheprovider", *options],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert run.returncode == 4, run.stdout[-2000:]
        assert "--defined-only judges one kata's .py file (--impl=FILE), in this process" in run.stderr


def test_a_file_that_defines_none_of_the_functions_cannot_run_even_so(tmp_path):
    empty = tmp_path / "nothing.py"
    empty.write_text("ANSWER = 42\n", encoding="utf-8")
    run = pytest_on(empty, "--defined-only")
    assert run.returncode == 1 and "defines no function bm25_scores()" in " ".join(run.stdout.split()), run.stdout[
        -2000:
    ]
