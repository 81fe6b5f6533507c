"""Every test's outcome in one run, written as JSON (pytest --outcomes=FILE) and read back here.

The one way a command learns what a pytest run did: `kata grade` reads each student's
scores from it, `kata list` and `kata watch` a kata's first failure, and the catalog's
records (kata.runner.known_failures) what a mistake fails. Each test keeps whether it
passed and how long its call (or its failed setup) took; a failure also keeps its verdict (the first line of the
runner's report), the report, and the id of the catalogued mistake it matched. A kata
whose whole suite ran also keeps the one catalogued mistake, if there is one, whose
record fails exactly the tests with fixed inputs that the code failed.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING

from kata.judging.vocabulary import Verdict, counted
from kata.katas import find_kata, kata_of_test
from kata.runner.failures import showing_order
from kata.runner.mistakes import mistakes_of

if TYPE_CHECKING:
    from collections.abc import Callable

    import pytest


@dataclass
class TestOutcome:
    """How one test went: the one record of it that the runner writes, and that kata grade, the command
    (kata list, watch) and the catalog's records of failures read back."""

    __test__ = False  # a record, not a test class for pytest to collect

    test: str  # the pytest node id, e.g. tests/01_fixed_windows/test_hidden.py::test_overlap_zero
    passed: bool
    seconds: float = 0.0  # how long its call (or its failed setup) took
    verdict: str = ""  # for a failure: its verdict (kata.judging.vocabulary.Verdict), from its record
    report: str = ""  # for a failure: the runner's report (a submission's words may be in it)
    mistake: str = ""  # for a failure: the id of the catalogued mistake its report names, if one
    skipped: bool = False  # skipped, for an optional extra that is not installed: it counts for no one
    reason: str = ""  # why it was skipped
    failure: dict | None = None  # for a failure: its record (kata.runner.failures.Failure) as a dict
    cause: int | None = None  # for a failure: the index of its cause among its kata's "causes"

    @property
    def name(self) -> str:
        """The test's name, with its parameters: "test_overlap_zero", "test_bad_sizes[None]"."""
        return self.test.rsplit("::", 1)[-1]

    @property
    def failed(self) -> bool:
        return not self.passed and not self.skipped

    @classmethod
    def from_json(cls, data: dict) -> TestOutcome:
        known = {field.name for field in fields(cls)}
        return cls(**{key: value for key, value in data.items() if key in known})


def record_verdict(item: pytest.Item, report: pytest.TestReport, verdict: str) -> None:
    """Keep a failure's verdict on its report, and later its causes' mistakes (they reach JUnit XML too)."""
    report.user_properties = [*item.user_properties, ("verdict", verdict)]


def outcome_of(report: pytest.TestReport) -> TestOutcome | None:
    """A test's outcome, from its setup's report (when that failed or skipped) or its call's; else None.
    A skipped test (an optional extra not installed) keeps its reason: it counts for no one."""
    if report.when not in ("setup", "call"):
        return None
    if report.skipped:
        return TestOutcome(report.nodeid, False, report.duration, skipped=True, reason=skip_reason(report))
    if report.when == "setup" and report.passed:
        return None
    if not report.failed:
        return TestOutcome(report.nodeid, True, report.duration)
    return TestOutcome(
        report.nodeid,
        False,
        report.duration,
        verdict=str(dict(report.user_properties).get("verdict", Verdict.ERROR)),
        report=str(report.longrepr),  # a submission's words may be in it: readers make it printable
        mistake=str(next((value for name, value in report.user_properties if name == "mistake"), "")),
    )


def write_outcomes(
    path: Path,
    session: pytest.Session,
    outcomes: dict[str, TestOutcome],
    unavailable: dict,
    selected: dict,
    status_of: Callable[[Exception], str],
    failing_exactly: Callable[[str], list[str]],
    causes: Callable[[str], list[dict]],
) -> None:
    """{"katas": {slug: {"status": ..., "problem": ..., "selected": n, "tests": [...], "mistake": id,
    "causes": [...]}}}.

    What kata grade reads back. A kata that could not run has its status (`status_of(problem)`:
    not started, or cannot run) and its problem; the others have None for both.
    `failing_exactly(slug)` gives the ids of the mistakes whose record the run matches; the
    kata's "mistake" is the one such id, or "" when none or several do. `causes(slug)` gives its
    failures' causes (kata.runner.causes.Cause.as_json), each failing test the index of its own.
    """
    katas: dict[str, dict] = {}
    for slug, count in selected.items():
        problem = unavailable.get(slug)
        exactly = failing_exactly(slug) if problem is None else []
        katas[slug] = {
            "status": status_of(problem) if problem is not None else None,
            "problem": str(problem) if problem is not None else None,
            "selected": count,
            "tests": [],
            "mistake": exactly[0] if len(exactly) == 1 else "",
            "causes": causes(slug) if problem is None else [],
        }
    for outcome in outcomes.values():
        kata = kata_of_test(Path(session.config.rootpath, outcome.test.split("::", 1)[0]))
        if kata is not None and kata.slug in katas and katas[kata.slug]["problem"] is None:
            katas[kata.slug]["tests"].append(asdict(outcome))
    path.write_text(json.dumps({"katas": katas}, indent=1), encoding="utf-8")


def read_outcomes(path: Path) -> dict[str, dict]:
    """A run's outcomes by kata slug, as write_outcomes wrote them, each test a TestOutcome; OSError or
    ValueError when there are none."""
    written = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(written, dict) or not isinstance(written.get("katas"), dict):
        raise ValueError(f"{path} holds no outcomes of a run")
    for kata in written["katas"].values():
        kata["tests"] = [TestOutcome.from_json(test) for test in kata["tests"]]
    return written["katas"]


def failures_of(katas: dict[str, dict]) -> list[TestOutcome]:
    """The outcome of every test that failed (not skipped), in the order the tests ran."""
    return [test for kata in katas.values() for test in kata["tests"] if test.failed]


def skip_reason(report: pytest.TestReport) -> str:
    """Why pytest skipped the test, without pytest's "Skipped: " in front."""
    longrepr = report.longrepr
    reason = longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else str(longrepr)
    return reason.removeprefix("Skipped: ")


def failures_by_cause(tests: list[TestOutcome]) -> list[list[TestOutcome]]:
    """The failing tests, one list per cause, in the order of the first failure of each (a failure the run
    grouped in no cause is a cause of its own)."""
    causes: dict[object, list[TestOutcome]] = {}
    for test in tests:
        if test.failed:
            causes.setdefault(test.cause if test.cause is not None else test.test, []).append(test)
    return list(causes.values())


def shown_of(tests: list[TestOutcome]) -> TestOutcome:
    """The failure that shows its cause, as the run's own section of causes chooses it."""
    return min(
        tests,
        key=lambda test: showing_order((test.failure or {}).get("call", ""), (test.failure or {}).get("kind", "")),
    )


def cause_title(kata: str, tests: list[TestOutcome]) -> str:
    """ "12 failing tests: <the known mistake's title>", or their verdict when no mistake explains them."""
    mistake = mistakes_of(find_kata(kata)).get(tests[0].mistake) if tests[0].mistake else None
    return f"{counted(len(tests), 'failing test')}: {mistake.title if mistake is not None else tests[0].verdict}"
