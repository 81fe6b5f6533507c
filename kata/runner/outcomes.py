"""Every test's outcome in one run, written as JSON for `kata grade` (pytest --outcomes=FILE).

A failure keeps its verdict (the first line of the runner's report), the report
itself cut to a few lines, and the ids of the catalogued mistakes it matched. A kata
whose whole suite ran also keeps the one catalogued mistake, if there is one, whose
record fails exactly the tests with fixed inputs that the code failed.
"""

from __future__ import annotations

import json
from pathlib import Path

from kata.catalog import kata_of_test

LIMIT_VERDICTS = ("DID NOT FINISH", "TOO SLOW", "TOO MUCH MEMORY")  # a limit stopped the code (time or memory)
VERDICTS = ("WRONG ANSWER", "ERROR", *LIMIT_VERDICTS, "NOT STARTED")
MESSAGE_LINES = 12

_outcomes: dict[str, dict] = {}  # node id -> outcome, in the order the tests ran


def record_verdict(item, report, text: str | None) -> None:
    """Keep a failure's verdict and matched mistakes on its report (they reach JUnit XML too)."""
    first_line = (text or "").split("\n", 1)[0]
    verdict = first_line if first_line in VERDICTS else "ERROR"
    report.user_properties = [*item.user_properties, ("verdict", verdict)]


def note_outcome(report) -> None:
    if report.when not in ("setup", "call") or report.skipped:
        return
    if report.when == "setup" and report.passed:
        return
    properties = dict(report.user_properties)
    outcome = {"test": report.nodeid, "passed": report.passed}
    if report.failed:
        outcome["verdict"] = properties.get("verdict", "ERROR")
        # Made printable in kata.grading.grades.
        outcome["message"] = "\n".join(str(report.longrepr).splitlines()[:MESSAGE_LINES])
        outcome["mistake"] = next((value for name, value in report.user_properties if name == "mistake"), "")
    _outcomes[report.nodeid] = outcome


def write_outcomes(path: Path, session, unavailable: dict, selected: dict, verdict_of, failing_exactly) -> None:
    """{"katas": {slug: {"problem": ..., "selected": n, "tests": [...], "mistake": id}}}: what kata grade reads back.

    `failing_exactly(slug)` gives the ids of the mistakes whose record the run matches; the
    kata's "mistake" is the one such id, or "" when none or several do.
    """
    katas: dict[str, dict] = {}
    for slug, count in selected.items():
        problem = unavailable.get(slug)
        exactly = failing_exactly(slug) if problem is None else []
        katas[slug] = {"problem": f"{verdict_of(problem)}: {problem}" if problem is not None else None,
                       "selected": count, "tests": [], "mistake": exactly[0] if len(exactly) == 1 else ""}
    for outcome in _outcomes.values():
        kata = kata_of_test(Path(session.config.rootpath, outcome["test"].split("::", 1)[0]))
        if kata is not None and kata.slug in katas and katas[kata.slug]["problem"] is None:
            katas[kata.slug]["tests"].append(outcome)
    path.write_text(json.dumps({"katas": katas}, indent=1), encoding="utf-8")
    _outcomes.clear()
