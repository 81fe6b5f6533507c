"""A known mistake is named only on evidence. A mistake that stalls on a guard the code
finished is not its mistake; and a stall is named only by a mistake that stalls on the very
guards that stalled so far in the run, and finishes those that finished."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kata.katas import KATAS, ROOT, Kata, find_kata
from kata.runner.mistakes import mistakes_of
from kata.runner.outcomes import failures_of, read_outcomes

FIRST = KATAS[0]
NAMED = "This matches a known mistake: "
VALIDATES_VALUES_NOT_TYPES = """
def fixed_windows(tokens, chunk_size, overlap=0):
    if chunk_size < 1:
        raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
    if overlap < 0 or overlap >= chunk_size:
        raise ValueError(f"overlap must be at least 0 and less than chunk_size ({chunk_size}), got {overlap}")
    windows, start = [], 0
    while start < len(tokens):
        windows.append(list(tokens[start:start + chunk_size]))
        if start + chunk_size >= len(tokens):
            break
        start += chunk_size - overlap
    return windows
"""
NEVER_RETURNS = ("import time\n\n\ndef fixed_windows(tokens, chunk_size, overlap=0):\n"
                 "    while True:\n        time.sleep(0.01)\n")


def failed_reports(outcomes: Path) -> dict[str, str]:
    """Failed test name -> its report's words on one line, as the run's outcomes hold it once the run has ended."""
    return {test.name: " ".join(test.report.split()) for test in failures_of(read_outcomes(outcomes))}


def guard_reports(impl: str, tmp_path: Path, *, only_guards: bool = True, kata: Kata = FIRST) -> dict[str, str]:
    """Kata 01's guards (or all its tests, or another kata's) judged on `impl`: failed test name -> its report."""
    outcomes = tmp_path / "outcomes.json"
    subprocess.run([sys.executable, "-m", "pytest", f"tests/{kata.slug}", *(["-m", "guard"] if only_guards else []),
                    f"--impl={impl}", "-p", "no:cacheprovider", "-q", f"--outcomes={outcomes}"],
                   cwd=ROOT, capture_output=True, timeout=120)
    return failed_reports(outcomes)


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_code_that_never_returns_is_named_no_mistake(tmp_path):
    learner = tmp_path / f"{FIRST.module}.py"
    learner.write_text(NEVER_RETURNS, encoding="utf-8")
    reports = guard_reports(str(learner), tmp_path)
    assert reports and all("DID NOT FINISH" in report or "TOO SLOW" in report for report in reports.values())
    assert not [name for name, report in reports.items() if NAMED in report]


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_each_stall_names_only_the_mistake_that_stalls_on_the_same_guards(tmp_path):
    """Kata 07's resplits_the_rest_of_every_long_piece stalls on the long paragraph's guard and the long code
    line's; resplits_the_rest_of_a_long_block on the paragraph's only, so it cannot explain code that stalled on
    both."""
    kata = find_kata("07")
    catalog = mistakes_of(kata)
    both, one = catalog["resplits_the_rest_of_every_long_piece"], catalog["resplits_the_rest_of_a_long_block"]
    assert one.known.stopped < both.known.stopped
    reports = guard_reports(f"mistake:{kata.number}:{both.id}", tmp_path, kata=kata)
    stalled = {name: report for name, report in reports.items() if "TOO SLOW" in report or "DID NOT FINISH" in report}
    assert set(stalled) == both.known.stopped
    for name, report in stalled.items():
        assert f"{NAMED}{both.title}." in report, name
        assert f"{NAMED}{one.title}." not in report, name


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_a_mistake_that_stalls_where_the_code_finished_is_not_named(tmp_path):
    """Code that checks chunk_size's value but not its type answers chunk_size=True as
    no_validation does; but no_validation loops forever on overlap >= chunk_size, where
    this code raised ValueError. So only checks_values_not_types is named."""
    learner = tmp_path / f"{FIRST.module}.py"
    learner.write_text(VALIDATES_VALUES_NOT_TYPES, encoding="utf-8")
    catalog = mistakes_of(FIRST)
    report = guard_reports(str(learner), tmp_path, only_guards=False)[
        "test_a_chunk_size_that_is_not_an_int_is_rejected[True]"]
    assert f"{NAMED}{catalog['checks_values_not_types'].title}." in report
    assert f"{NAMED}{catalog['no_validation'].title}." not in report


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_a_mistake_that_fails_a_test_the_code_passes_later_in_the_run_is_never_named(tmp_path):
    """This code checks the types, chunk_size < 1 and overlap < 0, but not overlap >= chunk_size. On the first
    test it fails it answers as no_validation does, but it passes test_a_float_chunk_size_is_rejected, which
    comes later and which no_validation fails: so no report names no_validation."""
    learner = tmp_path / f"{FIRST.module}.py"
    learner.write_text(FIRST.reference_path().read_text(encoding="utf-8").replace(
        "    if not 0 <= overlap < chunk_size:", "    if overlap < 0:"), encoding="utf-8")
    reports = guard_reports(str(learner), tmp_path, only_guards=False)
    assert "test_overlap_equal_to_chunk_size_is_rejected" in reports
    assert "test_a_float_chunk_size_is_rejected" not in reports
    assert mistakes_of(FIRST)["no_validation"].known.fails >= {"test_a_float_chunk_size_is_rejected"}
    title = mistakes_of(FIRST)["no_validation"].title
    assert not [name for name, report in reports.items() if f"{NAMED}{title}." in report]


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_the_learners_guides_example_of_a_run_named_at_the_end_is_what_the_runner_prints():
    """A generator's chunks are not compared call by call: kata 04's mistakes are named from
    the whole run, whose failures on the fixed tests are exactly the mistake's."""
    learners = (ROOT / "docs" / "learners.md").read_text(encoding="utf-8")
    example = learners.split("the summary says so under the kata's line:", 1)[1].split("```", 2)[1].strip()
    done = subprocess.run([sys.executable, "-m", "pytest", "tests/04_streaming_packer",
                           "--impl=mistake:4:forgets_the_last_chunk", "-p", "no:cacheprovider", "-q"],
                          cwd=ROOT, capture_output=True, text=True, timeout=100)
    assert example in done.stdout, done.stdout[-2000:]


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_the_outcomes_for_kata_grade_name_the_mistake_whose_record_the_run_matches(tmp_path):
    """On some of the tests greedy_closes_on_exact_fit fails, target_counted_below_max_tokens gives the same
    answers; but its record differs from the whole run's, so no report names it, and kata grade reads back
    the one mistake whose record the run matches."""
    balanced = KATAS[4]
    outcomes = tmp_path / "outcomes.json"
    subprocess.run([sys.executable, "-m", "pytest", f"tests/{balanced.slug}",
                    "--impl=mistake:5:greedy_closes_on_exact_fit", "-p", "no:cacheprovider", "-q",
                    f"--outcomes={outcomes}"], cwd=ROOT, capture_output=True, timeout=100)
    kata = read_outcomes(outcomes)[balanced.slug]
    assert {test.mistake for test in kata["tests"] if test.failed} == {"greedy_closes_on_exact_fit"}
    assert kata["mistake"] == "greedy_closes_on_exact_fit"


def test_a_mistake_recorded_passing_a_test_the_code_failed_is_not_its_mistake():
    """The code failed test_b; a mistake that passes test_b gives right answers there, so it does not explain
    the code."""
    from types import SimpleNamespace

    from kata.runner.diagnosis import FAILED, PASSED, FailingTest, _passes_where_the_code_failed
    from kata.runner.known_failures import KnownFailures

    so_far = FailingTest("test_c", True, {"test_a": PASSED, "test_b": FAILED})
    fails_b = SimpleNamespace(known=KnownFailures(frozenset({"test_b", "test_c"})))
    passes_b = SimpleNamespace(known=KnownFailures(frozenset({"test_c"})))
    assert not _passes_where_the_code_failed(fails_b, so_far)
    assert _passes_where_the_code_failed(passes_b, so_far)


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_a_failure_that_three_mistakes_explain_names_the_one_the_whole_run_agrees_with(tmp_path):
    """On the first tests greedy_closes_on_exact_fit fails, upper_bound_below_max_tokens and
    target_counted_below_max_tokens give the same answers; the tests run later pass where those two fail,
    so when the run ends the report names greedy_closes_on_exact_fit alone."""
    balanced = KATAS[4]
    outcomes = tmp_path / "outcomes.json"
    done = subprocess.run([sys.executable, "-m", "pytest", f"tests/{balanced.slug}",
                           "--impl=mistake:5:greedy_closes_on_exact_fit", "-p", "no:cacheprovider", "-q",
                           f"--outcomes={outcomes}"], cwd=ROOT, capture_output=True, text=True, timeout=100)
    reports = failed_reports(outcomes)
    catalog = mistakes_of(balanced)
    three_way = reports["test_when_no_smaller_budget_keeps_the_count_the_answer_is_greedys_own_packing"]
    assert f"{NAMED}{catalog['greedy_closes_on_exact_fit'].title}." in three_way
    for other in ("upper_bound_below_max_tokens", "target_counted_below_max_tokens"):
        assert not any(f"{NAMED}{catalog[other].title}." in report for report in reports.values()), other
    shown = " ".join(done.stdout.split())
    assert f"{NAMED}{catalog['greedy_closes_on_exact_fit'].title}." in shown  # the terminal's reports too
    assert f"exactly those of a known mistake: {catalog['greedy_closes_on_exact_fit'].title}." in shown


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_a_skipped_test_is_not_counted_as_not_run_and_the_end_of_the_run_still_names(tmp_path):
    """Without tiktoken, kata 06's cl100k test skips: the run is still the kata's whole suite."""
    six = KATAS[5]
    (tmp_path / "tiktoken.py").write_text('raise ImportError("tiktoken is not installed")\n', encoding="utf-8")
    mistake = next(iter(mistakes_of(six).values()))
    done = subprocess.run([sys.executable, "-m", "pytest", f"tests/{six.slug}", f"--impl=mistake:6:{mistake.id}",
                           "-p", "no:cacheprovider", "-q"], cwd=ROOT, capture_output=True, text=True, timeout=100,
                          env={**os.environ, "PYTHONPATH": str(tmp_path)})
    status = next(line for line in done.stdout.splitlines() if line.startswith(f"{six.number} {six.name}"))
    assert "not run" not in status and status.endswith("pass (1 skipped)"), status
    assert f"exactly those of a known mistake: {mistake.title}." in " ".join(done.stdout.split()), done.stdout[-2000:]


def _mistake(title: str, fails: set[str]):
    from types import SimpleNamespace

    from kata.runner.known_failures import KnownFailures

    return SimpleNamespace(id=title, title=title, hint="", known=KnownFailures(frozenset(fails)))


def _named_when_the_run_ends(candidates, record):
    from types import SimpleNamespace

    from kata.runner.naming import Naming
    from kata.runner.report import Explanation

    report = SimpleNamespace(longrepr="", user_properties=[])
    naming = Naming()
    naming.wait_for_the_run(report, Explanation("WRONG ANSWER", candidates=candidates), "01_fixed_windows")
    naming.name_the_mistakes({"01_fixed_windows": record})
    return [value for name, value in report.user_properties if name == "mistake"], report.longrepr


def test_a_candidate_that_fails_a_test_passed_later_in_the_run_is_not_named():
    from kata.runner.diagnosis import FAILED, PASSED

    record = {"test_a": FAILED, "test_b": PASSED}  # test_b ran after the failure of test_a
    candidates = [_mistake("fails a", {"test_a"}), _mistake("fails both", {"test_a", "test_b"})]
    named, text = _named_when_the_run_ends(candidates, record)
    assert named == ["fails a"]
    assert f"{NAMED}fails a." in text and "fails both" not in text


def test_a_failure_that_more_than_two_agreeing_mistakes_explain_names_none_of_them():
    from kata.runner.diagnosis import FAILED

    three = [_mistake(title, {"test_a"}) for title in ("one", "two", "three")]
    assert _named_when_the_run_ends(three, {"test_a": FAILED}) == ([], "")
    assert _named_when_the_run_ends(three[:2], {"test_a": FAILED})[0] == ["one", "two"]
