"""`kata check` runs the kata's tests through pytest, with the runner's reports and exit status."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

import pytest

from kata.command.runs import pytest_command
from kata.katas import KATAS, TESTS

KATA = KATAS[0]

pytestmark = pytest.mark.timeout(60)  # pytest or kata in a subprocess: slower than a kata's test

WRONG = """
def fixed_windows(tokens, chunk_size, overlap=0):
    return [list(tokens)] if tokens else []
"""


def test_check_on_the_untouched_stub_says_not_started_and_fails(repo, run_kata):
    run = run_kata(repo, "check", KATA.number)
    assert run.returncode == 1
    assert "Testing your code in problems/" in run.stdout
    assert f"{KATA.number} {KATA.name}" in run.stdout and "not started" in run.stdout
    assert f"kata hint {KATA.number}" in run.stdout


def test_pytest_on_the_untouched_stubs_says_not_started_once_per_kata_and_why_tests_are_deselected(repo):
    shutil.copytree(TESTS / "runner", repo / "tests" / "runner", ignore=shutil.ignore_patterns("__pycache__"))
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider"],
        cwd=repo,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 1
    for kata in KATAS:
        assert run.stdout.count(f"not started: write your solution in problems/{kata.slug}/") == 1, run.stdout
    deselected = re.search(r"collected \d+ items / (\d+) deselected", run.stdout)
    assert deselected, run.stdout
    assert (
        f"{deselected[1]} deselected: the runner's own tests (pytest -m cli, pytest -m meta, pytest -m wild)"
        in run.stdout
    )
    assert f"{len(KATAS)} katas not started: one line each in the table of katas at the end" in run.stdout
    assert "FAILED" not in run.stdout and f"{len(KATAS)} failed" in run.stdout


def test_a_syntax_error_is_shown_with_its_line_and_a_caret_under_the_place(repo, run_kata, solve):
    solve(repo, KATA, "def fixed_windows(tokens, chunk_size, overlap=0):\n    return [list(tokens)\n")
    run = run_kata(repo, "check", KATA.number)
    assert run.returncode == 1
    assert "has a syntax error on line 2: '[' was never closed.\n    return [list(tokens)\n           ^\n" in run.stdout


def test_check_examples_pass_on_a_correct_solution_and_the_full_check_comes_next(repo, run_kata, solve):
    solve(repo, KATA)
    run = run_kata(repo, "check", KATA.name, "--examples")
    assert run.returncode == 0, run.stdout
    assert "deselected" in run.stdout and " passed" in run.stdout
    assert f"The examples pass. Now every test: kata check {KATA.number}" in run.stdout
    results = repo / ".kata" / "results.json"
    assert not results.exists() or KATA.slug not in results.read_text(), "the examples alone were taken as the suite"


def test_check_shows_the_runners_report_and_passes_options_after_a_double_dash_to_pytest(repo, run_kata, solve):
    solve(repo, KATA, WRONG)
    run = run_kata(repo, "check", KATA.number, "--examples", "--", "-x")
    assert run.returncode == 1
    assert "WRONG ANSWER" in run.stdout and "Called fixed_windows(" in run.stdout
    assert "stopping after 1 failures" in run.stdout and "1 failed" in run.stdout
    assert (
        f"{KATA.number} {KATA.name}" in run.stdout
        and "failing: the run stopped early; 0 of the 1 test run pass" in run.stdout
    )


def test_a_failing_check_offers_the_next_hint_then_says_every_hint_was_seen(repo, run_kata, solve):
    solve(repo, KATA, WRONG)
    first = run_kata(repo, "check", KATA.number, "--examples")
    assert f"Stuck? kata hint {KATA.number} shows the next hint (1 of" in first.stdout
    run_kata(repo, "hint", KATA.number, "--all")
    after = run_kata(repo, "check", KATA.number, "--examples")
    assert "Stuck?" not in after.stdout and "You have seen all" in after.stdout and "--all" in after.stdout


def test_a_check_that_cannot_run_the_code_offers_no_hint(repo, run_kata, solve):
    solve(repo, KATA, "def fixed_windows(:\n")
    run = run_kata(repo, "check", KATA.number)
    assert run.returncode == 1 and "syntax error" in run.stdout
    assert "kata hint" not in run.stdout


def test_check_runs_pytest_on_the_katas_tests_with_impl_and_the_examples_marker():
    command = pytest_command([KATA], impl="reference", examples=True, extra=("-x",))
    assert command[1:] == ["-m", "pytest", f"tests/{KATA.slug}", "--impl=reference", "-m", "examples", "-x"]


TWO_WAYS_WRONG = """
def fixed_windows(tokens, chunk_size, overlap=0):
    if not tokens:
        raise IndexError("nothing to cut")
    raise KeyError(chunk_size)
"""


def test_a_property_that_fails_in_two_ways_is_reported_in_plain_words_once(repo, run_kata, solve):
    # Hypothesis would report both failures as one exception group, with the runner's traceback.
    solve(repo, KATA, TWO_WAYS_WRONG)
    run = run_kata(repo, "check", KATA.number, "--", "-k", "test_every_window_but_the_last_is_full")
    assert run.returncode == 1
    assert "Called fixed_windows(" in run.stdout and "Failing test case:" in run.stdout, run.stdout
    assert "ExceptionGroup" not in run.stdout and "distinct failures" not in run.stdout, run.stdout
    assert "kata/" not in run.stdout.replace("kata/hint", ""), "the runner's own frames reached the report"


def test_pytest_typed_in_a_katas_problem_folder_runs_that_katas_tests(repo):
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
        cwd=repo / "problems" / KATA.slug,
        capture_output=True,
        text=True,
        timeout=60,
        env={key: value for key, value in os.environ.items() if key != "KATA_IMPL"},
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"{KATA.number} {KATA.name}" in done.stdout and "not started" in done.stdout
    assert "collected 0 items" not in done.stdout and "no tests ran" not in done.stdout


def test_pytest_typed_in_a_katas_problem_folder_counts_its_tests_in_the_katas_summary(repo):
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--impl=reference"],
        cwd=repo / "problems" / KATA.slug,
        capture_output=True,
        text=True,
        timeout=60,
        env={key: value for key, value in os.environ.items() if key != "KATA_IMPL"},
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(rf"^{KATA.number} {KATA.name}\s+passing: all \d+ selected tests pass", done.stdout, re.M), (
        done.stdout[-1500:]
    )
