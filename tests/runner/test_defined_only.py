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


# Two faults: a bool passes for an int, and the loop steps on after its last full window (a redundant tail).
TWO_FAULTS = """
def fixed_windows(tokens, chunk_size, overlap=0):
    for name, value in (("chunk_size", chunk_size), ("overlap", overlap)):
        if not isinstance(value, int):  # True and False pass: bool is an int
            raise TypeError(f"{name} must be an int, got {value!r}")
    if chunk_size < 1:
        raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
    if not 0 <= overlap < chunk_size:
        raise ValueError(f"overlap must be at least 0 and less than chunk_size ({chunk_size}), got {overlap}")
    windows, start = [], 0
    while start < len(tokens):
        windows.append(list(tokens[start : start + chunk_size]))
        start += chunk_size - overlap
    return windows
"""


def test_the_tests_left_out_are_skipped_saying_so_and_the_mistakes_are_still_named(tmp_path):
    """--leave-out: an adapter's run skips the tests of what its library never reads (here the type of the
    tokens, which this file does not check). Skipped, not deselected: the run still holds every hidden test,
    so code with two faults gets its two names, as in a whole run (deselected, the run would be partial, and a
    partial run names a mistake only when one explains every failure: none here)."""
    windows = find_kata("01")
    adapter = tmp_path / "two_faults.py"
    adapter.write_text(TWO_FAULTS, encoding="utf-8")
    left_out = f"tests/{windows.slug}/test_hidden.py::test_tokens_that_are_not_a_sequence_are_rejected"
    run = subprocess.run(
        [sys.executable, "-m", "pytest", f"tests/{windows.slug}", f"--impl={adapter}", "-p", "no:cacheprovider"]
        + ["-q", "--defined-only", f"--leave-out={left_out}", f"--outcomes={tmp_path / 'outcomes.json'}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    tests = read_outcomes(tmp_path / "outcomes.json")[windows.slug]["tests"]
    skipped = {test.test for test in tests if test.skipped}
    reasons = {test.reason for test in tests if test.skipped}
    assert skipped and all(test.startswith(left_out) for test in skipped), skipped
    assert reasons == {"left out of this run (--leave-out): not what it judges"}, reasons
    said = " ".join(run.stdout.split())
    assert "This matches a known mistake: Accepts True and False" in said, run.stdout[-3000:]
    assert "This matches a known mistake: Emits extra windows" in said, run.stdout[-3000:]


def test_tests_are_left_out_of_a_defined_only_run_only():
    run = subprocess.run(
        [sys.executable, "-m", "pytest", f"tests/{RETRIEVAL.slug}", "-p", "no:cacheprovider", "--impl=reference"]
        + [f"--leave-out=tests/{RETRIEVAL.slug}/test_examples.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 4, run.stdout[-2000:]
    assert "--leave-out leaves tests out of a --defined-only run only" in run.stderr
