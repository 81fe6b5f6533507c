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
from pathlib import Path
from typing import TYPE_CHECKING

from kata.catalog import kata_of_test
from kata.vocabulary import Verdict

if TYPE_CHECKING:
    from collections.abc import Callable

    import pytest


def record_verdict(item: pytest.Item, report: pytest.TestReport, text: str | None) -> None:
    """Keep a failure's verdict and matched mistakes on its report (they reach JUnit XML too)."""
    first_line = (text or "").split("\n", 1)[0]
    verdict = first_line if first_line in Verdict.ALL else Verdict.ERROR
    report.user_properties = [*item.user_properties, ("verdict", verdict)]


def outcome_of(report: pytest.TestReport) -> dict | None:
    """A test's outcome for kata grade, from its setup's report (when that failed or skipped) or its call's;
    else None. A skipped test (an optional extra not installed) keeps its reason: it counts for no one."""
    if report.when not in ("setup", "call"):
        return None
    if report.skipped:
        return {"test": report.nodeid, "passed": False, "skipped": True, "reason": skip_reason(report),
                "seconds": report.duration}
    if report.when == "setup" and report.passed:
        return None
    properties = dict(report.user_properties)
    outcome = {"test": report.nodeid, "passed": report.passed, "seconds": report.duration}
    if report.failed:
        outcome["verdict"] = properties.get("verdict", Verdict.ERROR)
        outcome["report"] = str(report.longrepr)  # a submission's words may be in it: readers make it printable
        outcome["mistake"] = next((value for name, value in report.user_properties if name == "mistake"), "")
    return outcome


def write_outcomes(path: Path, session: pytest.Session, outcomes: dict[str, dict], unavailable: dict, selected: dict,
                   status_of: Callable[[Exception], str], failing_exactly: Callable[[str], list[str]]) -> None:
    """{"katas": {slug: {"status": ..., "problem": ..., "selected": n, "tests": [...], "mistake": id}}}.

    What kata grade reads back. A kata that could not run has its status (`status_of(problem)`:
    not started, or cannot run) and its problem; the others have None for both.
    `failing_exactly(slug)` gives the ids of the mistakes whose record the run matches; the
    kata's "mistake" is the one such id, or "" when none or several do.
    """
    katas: dict[str, dict] = {}
    for slug, count in selected.items():
        problem = unavailable.get(slug)
        exactly = failing_exactly(slug) if problem is None else []
        katas[slug] = {"status": status_of(problem) if problem is not None else None,
                       "problem": str(problem) if problem is not None else None,
                       "selected": count, "tests": [], "mistake": exactly[0] if len(exactly) == 1 else ""}
    for outcome in outcomes.values():
        kata = kata_of_test(Path(session.config.rootpath, outcome["test"].split("::", 1)[0]))
        if kata is not None and kata.slug in katas and katas[kata.slug]["problem"] is None:
            katas[kata.slug]["tests"].append(outcome)
    path.write_text(json.dumps({"katas": katas}, indent=1), encoding="utf-8")


def read_outcomes(path: Path) -> dict[str, dict]:
    """A run's outcomes by kata slug, as write_outcomes wrote them; OSError or ValueError when there are none."""
    written = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(written, dict) or not isinstance(written.get("katas"), dict):
        raise ValueError(f"{path} holds no outcomes of a run")
    return written["katas"]


def failures_of(katas: dict[str, dict]) -> list[dict]:
    """The outcome of every test that failed (not skipped), in the order the tests ran."""
    return [test for kata in katas.values() for test in kata["tests"] if not test["passed"] and not is_skipped(test)]


def is_skipped(outcome: dict) -> bool:
    return bool(outcome.get("skipped"))


def skip_reason(report: pytest.TestReport) -> str:
    """Why pytest skipped the test, without pytest's "Skipped: " in front."""
    longrepr = report.longrepr
    reason = longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else str(longrepr)
    return reason.removeprefix("Skipped: ")


def name_of_test(outcome: dict) -> str:
    """The test's name, with its parameters: "test_overlap_zero", "test_bad_sizes[None]"."""
    return outcome["test"].rsplit("::", 1)[-1]
