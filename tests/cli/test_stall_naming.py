"""A stall is named as a known mistake only on evidence: the mistake stalls on the very
guards that stalled so far in the run, and finishes those that finished."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest

from kata.catalog import KATAS, ROOT
from kata.mistakes import mistakes_of

FIRST = KATAS[0]
NAMED = "This matches a known mistake: "
NEVER_RETURNS = "import time\n\n\ndef fixed_windows(tokens, chunk_size, overlap=0):\n    while True:\n        time.sleep(0.01)\n"


def guard_reports(impl: str, tmp_path: Path) -> dict[str, str]:
    """Kata 01's guards judged on `impl`: failed test name -> its report."""
    junit = tmp_path / "junit.xml"
    subprocess.run([sys.executable, "-m", "pytest", f"tests/{FIRST.slug}", "-m", "guard", f"--impl={impl}",
                    "-p", "no:cacheprovider", "-q", f"--junitxml={junit}"], cwd=ROOT, capture_output=True, timeout=120)
    return {case.get("name"): (problem.text or "") for case in ElementTree.parse(junit).iter("testcase")
            for problem in [*case.iter("failure"), *case.iter("error")]}


@pytest.mark.slow
def test_code_that_never_returns_is_named_no_mistake(tmp_path):
    learner = tmp_path / f"{FIRST.module}.py"
    learner.write_text(NEVER_RETURNS, encoding="utf-8")
    reports = guard_reports(str(learner), tmp_path)
    assert reports and all("DID NOT FINISH" in report or "TOO SLOW" in report for report in reports.values())
    assert not [name for name, report in reports.items() if NAMED in report]


@pytest.mark.slow
def test_each_stall_names_only_the_mistake_that_stalls_on_the_same_guards(tmp_path):
    """copies_the_rest_each_step stalls on both large-input guards; consumes_the_input on
    one of them only, so it cannot explain code that stalled on both."""
    catalog = mistakes_of(FIRST)
    copies, consumes = catalog["copies_the_rest_each_step"], catalog["consumes_the_input"]
    assert consumes.stalls_in < copies.stalls_in
    reports = guard_reports(f"mistake:{FIRST.number}:{copies.id}", tmp_path)
    stalled = {name: report for name, report in reports.items() if "TOO SLOW" in report}
    assert set(stalled) == copies.stalls_in
    for name, report in stalled.items():
        assert f"{NAMED}{copies.title}." in report, name
        assert f"{NAMED}{consumes.title}." not in report, name
