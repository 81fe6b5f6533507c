"""Tests of the tests: every kata's suite passes its reference, fails its untouched stub,
and catches every catalogued mistake with a report that names it.

Run with `pytest -m meta`. Each case runs the kata's suite in a fresh pytest process,
as a learner would, and reads what it printed.
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from kata.judging.limits import idle_limit
from kata.judging.vocabulary import LINE_LIMIT, Verdict
from kata.katas import KATAS, ROOT
from kata.maintenance.known_failures import as_learner_file, failures_of_run, run_suite
from kata.runner.mistakes import mistakes_of
from kata.runner.outcomes import failures_of, read_outcomes
from tests.support.pristine import write_pristine_stubs

pytestmark = pytest.mark.timeout(300)  # a run of a whole suite, several for some

MISTAKES = [(kata, mistake) for kata in KATAS for mistake in mistakes_of(kata).values()]
STALLING = [(kata, mistake) for kata, mistake in MISTAKES if mistake.stalls()]


def cases(pairs):
    """Each (kata, mistake) as a case; the cases of one mistake share an xdist group, so that under
    `--dist loadgroup` they run on one worker and share one run of the suite (run_of)."""
    return [
        pytest.param(
            kata,
            mistake,
            id=f"{kata.number}:{mistake.id}",
            marks=pytest.mark.xdist_group(f"{kata.number}:{mistake.id}"),
        )
        for kata, mistake in pairs
    ]


@dataclass(frozen=True)
class SuiteRun:
    """The kata's whole suite, run on a mistake as a learner's file: what it printed, and its outcomes file."""

    stdout: str
    outcomes: Path


_RUNS: dict[tuple[str, str], SuiteRun] = {}


def run_of(kata, mistake, tmp_path_factory) -> SuiteRun:
    """The whole suite run once on the mistake, whichever of its tests asks first: each reads the run, none
    changes it."""
    key = (kata.slug, mistake.id)
    if key not in _RUNS:
        folder = tmp_path_factory.mktemp(f"{kata.number}-{mistake.id}")
        run = run_suite(kata, f"--impl={as_learner_file(kata, mistake, folder)}", outcomes=folder / "outcomes.json")
        _RUNS[key] = SuiteRun(run.stdout, folder / "outcomes.json")
    return _RUNS[key]


@cache
def guards_of(kata) -> frozenset[str]:
    """The node ids of the kata's guards (its tests marked guard, wherever they are), as pytest collects them."""
    listed = subprocess.run(
        [sys.executable, "-m", "pytest", f"tests/{kata.slug}", "-m", "guard", "--collect-only", "-q"]
        + ["-p", "no:cacheprovider", "--impl=reference"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    guards = frozenset(line for line in listed.stdout.splitlines() if line.startswith(f"tests/{kata.slug}/"))
    assert listed.returncode == 0 and guards, f"the guards of {kata.slug} could not be listed:\n{listed.stdout}"
    return guards


def failures(outcomes: Path) -> dict[str, str]:
    """Failed test name -> its report, from a run's outcomes."""
    return {test.name: test.report for test in failures_of(read_outcomes(outcomes))}


def words(text: str) -> str:
    """The text's words on one line: a report wraps its sentences where it likes."""
    return " ".join(text.split())


def names_the_run_contradicts(kata, outcomes: Path) -> list[str]:
    """Each name a failure's report gives whose record the whole run contradicts: a mistake recorded as failing
    a test with fixed inputs that the code passed."""
    tests = [test for run in read_outcomes(outcomes).values() for test in run["tests"]]
    fixed = [test for test in tests if "/test_properties.py::" not in test.test]
    passed = {test.name for test in fixed if test.passed}
    return [
        f"{test.name} names {mistake.id}"
        for test in tests
        if test.failed
        for mistake in mistakes_of(kata).values()
        if f"This matches a known mistake: {mistake.title}." in words(test.report) and mistake.known.fails & passed
    ]


def causes_named(kata, outcomes: Path) -> list[list[str]]:
    """The ids each cause of the run's failures names, in the order of the causes ([] for a cause not named)."""
    return [cause["mistakes"] for cause in read_outcomes(outcomes)[kata.slug]["causes"]]


def durations_of(outcomes: Path) -> dict[str, float]:
    """Test name -> seconds its call took, from a run's outcomes."""
    return {test.name: test.seconds for kata in read_outcomes(outcomes).values() for test in kata["tests"]}


@pytest.mark.parametrize("kata", KATAS, ids=[kata.slug for kata in KATAS])
def test_the_reference_passes_every_test(kata):
    run = run_suite(kata, "--impl=reference")
    assert run.returncode == 0, f"the reference of {kata.slug} fails its tests:\n{run.stdout[-3000:]}"


@pytest.mark.parametrize("kata", KATAS, ids=[kata.slug for kata in KATAS])
def test_the_untouched_stub_is_reported_as_not_started(kata, tmp_path):
    run = run_suite(kata, f"--impl={write_pristine_stubs(tmp_path, (kata,))}")
    assert run.returncode == 1, (
        f"learner mode on the stub of {kata.slug} exited {run.returncode}:\n{run.stdout[-3000:]}"
    )
    assert re.search(rf"^{kata.number} {kata.name}\s+not started:", run.stdout, re.M), run.stdout[-3000:]


@pytest.mark.parametrize("kata", KATAS, ids=[kata.slug for kata in KATAS])
def test_the_catalog_has_at_least_five_mistakes_each_in_the_editorial(kata):
    catalog = mistakes_of(kata)
    editorial = (kata.reference_path().parent / "EXPLANATION.md").read_text(encoding="utf-8")
    assert len(catalog) >= 5, f"{kata.slug} catalogues only {len(catalog)} mistakes"
    missing = [mistake_id for mistake_id in catalog if f"`{mistake_id}`" not in editorial]
    assert not missing, f"the editorial of {kata.slug} does not list {missing}"


@pytest.mark.parametrize("kata, mistake", cases(MISTAKES))
def test_the_suite_catches_the_mistake_and_names_it(kata, mistake, tmp_path_factory):
    run = run_of(kata, mistake, tmp_path_factory)
    outcomes = run.outcomes
    failed = failures(outcomes)
    assert failed, f"mistake {mistake.id!r} of {kata.slug} passes every test: add a test that catches it"
    # Every failure is a verdict in plain words: a traceback means the test's own code broke on the answer.
    broken = {name: report for name, report in failed.items() if not report.startswith(Verdict.ALL)}
    assert not broken, (
        f"on mistake {mistake.id!r} of {kata.slug}, the tests' own code failed in {sorted(broken)}:\n"
        f"{next(iter(broken.values()))[:1500]}"
    )
    # Every report fits a screen: long arguments and answers are summarised, sentences wrapped.
    long_lines = {
        name: line for name, report in failed.items() for line in report.splitlines() if len(line) > LINE_LIMIT
    }
    assert not long_lines, (
        f"on mistake {mistake.id!r} of {kata.slug}, report lines over {LINE_LIMIT} characters: {long_lines}"
    )
    # The mistake is named from what it fails: that record must be what it does fail.
    assert failures_of_run(outcomes) == mistake.known, (
        f"{kata.slug}'s known_failures.json is out of date for {mistake.id!r}: "
        f"run python -m kata.maintenance known-failures {kata.number}"
    )
    # A name is given only where the whole run agrees with the named mistake's record.
    contradicted = names_the_run_contradicts(kata, outcomes)
    assert not contradicted, f"on mistake {mistake.id!r} of {kata.slug}, the run contradicts the names {contradicted}"
    # Every cause named is the mistake put in (with at most one other that the tests cannot tell from it).
    causes = [named for named in causes_named(kata, outcomes) if named]
    assert causes and all(mistake.id in named for named in causes), (
        f"mistake {mistake.id!r} of {kata.slug} fails {len(failed)} tests, told as the causes {causes}.\n"
        f"First report:\n{next(iter(failed.values()))}"
    )
    assert f"This matches a known mistake: {mistake.title}." in words(run.stdout), run.stdout[-3000:]


@pytest.mark.parametrize("kata, mistake", cases(STALLING))
def test_a_guard_stops_the_stalling_mistake_within_its_limit(kata, mistake, tmp_path_factory):
    run = run_of(kata, mistake, tmp_path_factory)
    guards = guards_of(kata)
    stopped = {
        test.name: test.report
        for test in failures_of(read_outcomes(run.outcomes))
        if test.test in guards and test.report.startswith(Verdict.LIMITS)
    }
    assert stopped, f"no guard stopped the stalling mistake {mistake.id!r} of {kata.slug}:\n{run.stdout[-3000:]}"
    durations = durations_of(run.outcomes)
    for name, report in stopped.items():
        if report.startswith(Verdict.TOO_MUCH_MEMORY):
            continue  # stopped by a memory bound, not by a clock
        # Stopped by its limit of CPU time, not by the wall clock's backstop, and so within the backstop's wall time
        # (with a margin for giving the stalled loop's memory back): wall time alone says how busy the machine is.
        limit = float(re.search(r"its limit of ([\d.]+) s of CPU time", " ".join(report.split())).group(1))
        assert durations[name] < idle_limit(limit) + 1.5, (
            f"the guard {name} took {durations[name]:.1f} s to stop {mistake.id!r}; its limit is {limit:g} s of CPU "
            f"time, and the wall clock's backstop {idle_limit(limit):g} s"
        )


# Katas whose functions take a list they must leave as it was (04 reads an iterator; 03 and 07 a str).
TAKE_LISTS = [kata for kata in KATAS if kata.number in ("01", "02", "05", "06", "08")]
CHANGES_ITS_INPUT = """

import functools as _functools


def _reversing_the_lists_it_was_given(function):
    @_functools.wraps(function)
    def changes_its_input(*args, **kwargs):
        answer = function(*args, **kwargs)
        for arg in args:
            if type(arg) is list:
                arg.reverse()
        return answer
    return changes_its_input

"""


@pytest.mark.parametrize("kata", TAKE_LISTS, ids=[kata.slug for kata in TAKE_LISTS])
def test_a_right_answer_from_code_that_changes_its_input_is_reported_as_a_changed_input(kata, tmp_path):
    """The properties compute what they expect from the input after the call: a changed
    input must be reported as what it is, never as a wrong answer."""
    learner_file = tmp_path / f"{kata.module}.py"
    learner_file.write_text(
        kata.reference_path().read_text(encoding="utf-8")
        + CHANGES_ITS_INPUT
        + "".join(f"{name} = _reversing_the_lists_it_was_given({name})\n" for name in kata.functions),
        encoding="utf-8",
    )
    run_suite(kata, f"--impl={learner_file}", outcomes=tmp_path / "outcomes.json")
    failed = failures(tmp_path / "outcomes.json")
    assert failed, f"reversing its input lists after answering fails no test of {kata.slug}"
    misleading = {
        name: report for name, report in failed.items() if "the input list to be left as it was" not in report
    }
    assert not misleading, (
        f"in {kata.slug}, a right answer from code that reverses its input afterwards is "
        f"reported otherwise in {sorted(misleading)}:\n{next(iter(misleading.values()))[:1500]}"
    )
