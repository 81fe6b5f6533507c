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
# A loop that never ends, as a stalled `while` is: its CPU limit stops each guard. (Code that sleeps is stopped by
# the wall clock's backstop instead, several times later; a stop is a stop to the naming, whichever limit made it.)
NEVER_RETURNS = "def fixed_windows(tokens, chunk_size, overlap=0):\n    while True:\n        pass\n"


def failed_reports(outcomes: Path) -> dict[str, str]:
    """Failed test name -> its report's words on one line, as the run's outcomes hold it once the run has ended."""
    return {test.name: " ".join(test.report.split()) for test in failures_of(read_outcomes(outcomes))}


def guard_reports(impl: str, tmp_path: Path, *, only_guards: bool = True, kata: Kata = FIRST) -> dict[str, str]:
    """Kata 01's guards (or all its tests, or another kata's) judged on `impl`: failed test name -> its report."""
    outcomes = tmp_path / "outcomes.json"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            f"tests/{kata.slug}",
            *(["-m", "guard"] if only_guards else []),
            f"--impl={impl}",
            "-p",
            "no:cacheprovider",
            "-q",
            f"--outcomes={outcomes}",
        ],
        cwd=ROOT,
        capture_output=True,
        timeout=120,
    )
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
        "test_a_chunk_size_that_is_not_an_int_is_rejected[True]"
    ]
    assert f"{NAMED}{catalog['checks_values_not_types'].title}." in report
    assert f"{NAMED}{catalog['no_validation'].title}." not in report


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_a_mistake_that_fails_a_test_the_code_passes_later_in_the_run_is_never_named(tmp_path):
    """This code checks the types, chunk_size < 1 and overlap < 0, but not overlap >= chunk_size. On the first
    test it fails it answers as no_validation does, but it passes test_a_float_chunk_size_is_rejected, which
    comes later and which no_validation fails: so no report names no_validation."""
    learner = tmp_path / f"{FIRST.module}.py"
    learner.write_text(
        FIRST.reference_path()
        .read_text(encoding="utf-8")
        .replace("    if not 0 <= overlap < chunk_size:", "    if overlap < 0:"),
        encoding="utf-8",
    )
    reports = guard_reports(str(learner), tmp_path, only_guards=False)
    assert "test_overlap_equal_to_chunk_size_is_rejected" in reports
    assert "test_a_float_chunk_size_is_rejected" not in reports
    assert mistakes_of(FIRST)["no_validation"].known.fails >= {"test_a_float_chunk_size_is_rejected"}
    title = mistakes_of(FIRST)["no_validation"].title
    assert not [name for name, report in reports.items() if f"{NAMED}{title}." in report]


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_the_learners_guides_two_causes_are_what_the_runner_prints(tmp_path):
    """The guide's file with terse messages and the classic tail window: the runner prints the guide's words."""
    learners = (ROOT / "docs" / "learners.md").read_text(encoding="utf-8")
    code = learners.split("`while start < len(tokens)`:", 1)[1].split("```python", 1)[1].split("```", 1)[0]
    example = learners.split("tells three causes", 1)[1].split("```", 2)[1].strip()
    learner = tmp_path / f"{FIRST.module}.py"
    learner.write_text(code, encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            f"tests/{FIRST.slug}",
            f"--impl={learner}",
            "--no-header",
            "-p",
            "no:cacheprovider",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=100,
    )
    assert example in done.stdout, done.stdout[-3000:]
    assert len(done.stdout.splitlines()) <= 60, done.stdout
    catalog = mistakes_of(FIRST)
    for mistake_id in ("redundant_tail_window", "message_omits_the_value"):
        assert " ".join(done.stdout.split()).count(f"{NAMED}{catalog[mistake_id].title}.") == 1, mistake_id


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_the_outcomes_for_kata_grade_name_the_mistake_whose_record_the_run_matches(tmp_path):
    """On some of the tests greedy_closes_on_exact_fit fails, target_counted_below_max_tokens gives the same
    answers; but its record differs from the whole run's, so no report names it, and kata grade reads back
    the one mistake whose record the run matches."""
    balanced = KATAS[4]
    outcomes = tmp_path / "outcomes.json"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            f"tests/{balanced.slug}",
            "--impl=mistake:5:greedy_closes_on_exact_fit",
            "-p",
            "no:cacheprovider",
            "-q",
            f"--outcomes={outcomes}",
        ],
        cwd=ROOT,
        capture_output=True,
        timeout=100,
    )
    kata = read_outcomes(outcomes)[balanced.slug]
    assert {test.mistake for test in kata["tests"] if test.failed} == {"greedy_closes_on_exact_fit"}
    assert kata["mistake"] == "greedy_closes_on_exact_fit"


def test_a_mistake_that_passes_a_test_the_code_failed_still_explains_the_failures_they_share():
    """The code failed test_a and test_b; a mistake that fails test_a alone explains test_a, and test_b is left
    to another cause: code with two faults gets two causes, not none."""
    from kata.runner.diagnosis import FAILED

    only_a = _mistake("fails a", {"test_a"})
    causes = _causes({"test_a": [only_a], "test_b": []}, {"test_a": FAILED, "test_b": FAILED})
    assert [(named(cause), failing_in(cause)) for cause in causes] == [(["fails a"], ["test_a"]), ([], ["test_b"])]


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_a_failure_that_three_mistakes_explain_names_the_one_the_whole_run_agrees_with(tmp_path):
    """On the first tests greedy_closes_on_exact_fit fails, upper_bound_below_max_tokens and
    target_counted_below_max_tokens give the same answers; the tests run later pass where those two fail,
    so when the run ends the report names greedy_closes_on_exact_fit alone."""
    balanced = KATAS[4]
    outcomes = tmp_path / "outcomes.json"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            f"tests/{balanced.slug}",
            "--impl=mistake:5:greedy_closes_on_exact_fit",
            "-p",
            "no:cacheprovider",
            "-q",
            f"--outcomes={outcomes}",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=100,
    )
    reports = failed_reports(outcomes)
    catalog = mistakes_of(balanced)
    three_way = reports["test_when_no_smaller_budget_keeps_the_count_the_answer_is_greedys_own_packing"]
    assert f"{NAMED}{catalog['greedy_closes_on_exact_fit'].title}." in three_way
    for other in ("upper_bound_below_max_tokens", "target_counted_below_max_tokens"):
        assert not any(f"{NAMED}{catalog[other].title}." in report for report in reports.values()), other
    shown = " ".join(done.stdout.split())
    assert f"{NAMED}{catalog['greedy_closes_on_exact_fit'].title}." in shown  # the terminal's causes too


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_a_skipped_test_is_not_counted_as_not_run_and_the_end_of_the_run_still_names(tmp_path):
    """Without tiktoken, kata 06's cl100k test skips: the run is still the kata's whole suite."""
    six = KATAS[5]
    (tmp_path / "tiktoken.py").write_text('raise ImportError("tiktoken is not installed")\n', encoding="utf-8")
    mistake = next(iter(mistakes_of(six).values()))
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            f"tests/{six.slug}",
            f"--impl=mistake:6:{mistake.id}",
            "-p",
            "no:cacheprovider",
            "-q",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=100,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
    )
    status = [line for line in done.stdout.splitlines() if line.startswith(f"{six.number} {six.name}")][-1]
    assert "not run" not in status and status.endswith("pass (1 skipped)"), status
    assert f"{NAMED}{mistake.title}." in " ".join(done.stdout.split()), done.stdout[-2000:]


def _mistake(title: str, fails: set[str], stopped: frozenset[str] = frozenset()):
    from types import SimpleNamespace

    from kata.runner.known_failures import KnownFailures

    return SimpleNamespace(
        id=title, title=title, hint="", known=KnownFailures(frozenset(fails), stopped), stalls=lambda: bool(stopped)
    )


def _failure(name: str, verdict: str = "WRONG ANSWER"):
    from kata.runner.failures import Failure

    return Failure(f"tests/01_fixed_windows/test_hidden.py::{name}", "hidden", verdict, call=f"f({name!r})")


def _causes(candidates, record, verdict: str = "WRONG ANSWER"):
    from kata.runner.causes import group_into_causes

    failures = [_failure(name, verdict) for name in candidates]
    return group_into_causes(failures, {failure.test: candidates[failure.name] for failure in failures}, record)


def named(cause) -> list[str]:
    return [mistake.id for mistake in cause.mistakes]


def failing_in(cause) -> list[str]:
    return [failure.name for failure in cause.failures]


def test_a_candidate_that_fails_a_test_passed_later_in_the_run_is_not_named():
    from kata.runner.diagnosis import FAILED, PASSED

    record = {"test_a": FAILED, "test_b": PASSED}  # test_b ran after the failure of test_a
    candidates = [_mistake("fails a", {"test_a"}), _mistake("fails both", {"test_a", "test_b"})]
    assert [named(cause) for cause in _causes({"test_a": candidates}, record)] == [["fails a"]]


def test_a_failure_that_more_than_two_agreeing_mistakes_explain_names_none_of_them():
    from kata.runner.diagnosis import FAILED

    three = [_mistake(title, {"test_a"}) for title in ("one", "two", "three")]
    assert [named(cause) for cause in _causes({"test_a": three}, {"test_a": FAILED})] == [[]]
    assert [named(cause) for cause in _causes({"test_a": three[:2]}, {"test_a": FAILED})] == [["one", "two"]]


def test_the_fewest_mistakes_that_explain_the_most_failures_are_chosen():
    """wide explains a, b and c; narrow only b: wide alone explains everything, so narrow is not named."""
    from kata.runner.diagnosis import FAILED

    wide, narrow = _mistake("wide", {"test_a", "test_b", "test_c"}), _mistake("narrow", {"test_b"})
    record = dict.fromkeys(("test_a", "test_b", "test_c"), FAILED)
    causes = _causes({"test_a": [wide], "test_b": [narrow, wide], "test_c": [wide]}, record)
    assert [(named(cause), failing_in(cause)) for cause in causes] == [(["wide"], ["test_a", "test_b", "test_c"])]


def test_two_faults_are_two_causes_in_the_order_of_their_first_failure():
    from kata.runner.diagnosis import FAILED

    tail, message = _mistake("tail", {"test_a", "test_c"}), _mistake("message", {"test_b"})
    record = dict.fromkeys(("test_a", "test_b", "test_c"), FAILED)
    causes = _causes({"test_a": [tail], "test_b": [message], "test_c": [tail]}, record)
    assert [(named(cause), failing_in(cause)) for cause in causes] == [
        (["tail"], ["test_a", "test_c"]),
        (["message"], ["test_b"]),
    ]


def test_a_stop_is_named_only_by_a_mistake_stopped_on_exactly_the_tests_the_code_was_stopped_on():
    """A stop shows no answer: code that never returns is stopped wherever a stalling mistake is."""
    from kata.runner.diagnosis import STOPPED

    stalls_on_a = _mistake("a", {"test_a"}, frozenset({"test_a"}))
    record = {"test_a": STOPPED, "test_b": STOPPED}
    causes = _causes({"test_a": [stalls_on_a], "test_b": []}, record, verdict="DID NOT FINISH")
    assert [(named(cause), failing_in(cause)) for cause in causes] == [([], ["test_a", "test_b"])]


def test_a_mistake_stopped_on_a_large_input_does_not_name_a_wrong_answer_there():
    """A guard's large input is not run again on the mistakes: a mistake whose record fails the test too names the
    failure only if it failed it alike. Slow code stopped on the input says nothing of a wrong answer to it (a
    library scoring in 32-bit floats was named after a mistake that recounts the average for every term)."""
    from kata.runner.causes import group_into_causes
    from kata.runner.diagnosis import FAILED, STOPPED

    slow = _mistake("slow", {"test_big"}, stopped=frozenset({"test_big"}))
    wrong = _failure("test_big", "WRONG ANSWER")
    stop = _failure("test_big", "TOO SLOW")
    assert [named(cause) for cause in group_into_causes([wrong], {}, {"test_big": FAILED}, [slow])] == [[]]
    assert [named(cause) for cause in group_into_causes([stop], {}, {"test_big": STOPPED}, [slow])] == [["slow"]]


def test_a_mistake_stopped_where_the_code_answered_is_not_named():
    """Code that checks its arguments but words its messages badly fails the tests of bad arguments quickly; a
    mistake that checks nothing loops forever on them. Their answers agree elsewhere (both take a negative
    overlap), but there the code did something else (chonkie was named no_validation)."""
    from kata.runner.diagnosis import FAILED

    loops = _mistake(
        "checks nothing", {"test_bad_overlap", "test_equal_overlap"}, stopped=frozenset({"test_equal_overlap"})
    )
    record = {"test_bad_overlap": FAILED, "test_equal_overlap": FAILED}  # the code raised there, badly worded
    assert [named(cause) for cause in _causes({"test_bad_overlap": [loops]}, record)] == [[]]


def test_a_mistake_that_answers_where_the_code_was_stopped_is_still_named():
    """A second fault can stall the code where the mistake alone answers (GraphRAG 2.1.0 checks nothing, as
    no_validation, and its loop also never ends on its last window): the mistake is not ruled out."""
    from kata.runner.diagnosis import FAILED, STOPPED

    answers = _mistake("checks nothing", {"test_bad_overlap", "test_equal_overlap"})
    record = {"test_bad_overlap": FAILED, "test_equal_overlap": STOPPED}
    named_causes = [named(cause) for cause in _causes({"test_bad_overlap": [answers]}, record)]
    assert named_causes == [["checks nothing"]]
