"""pytest --junitxml on a learner's checkout: a kata whose code cannot run counts as each of its tests.

The terminal tells such a kata in one line; a JUnit reader counts test cases, so one case for a kata
not started beside 56 for a solved one would weigh the unstarted kata as a single test.
"""

from __future__ import annotations

import subprocess
import sys
from xml.etree import ElementTree

import pytest

from kata.katas import find_kata
from tests.support.consumers import junit_schema_errors

pytestmark = pytest.mark.timeout(120)
ONE, TWO = find_kata("01"), find_kata("02")


def junit_run(repo, tmp_path, *arguments: str) -> tuple[subprocess.CompletedProcess, list[ElementTree.Element]]:
    junit = tmp_path / "learner.xml"
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", f"--junitxml={junit}", *arguments],
        cwd=repo,
        capture_output=True,
        text=True,
        timeout=110,
    )
    return run, list(ElementTree.parse(junit).iter("testcase"))


def collected(repo, kata) -> int:
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "--collect-only",
            "-q",
            "--impl=reference",
            f"tests/{kata.slug}",
        ],
        cwd=repo,
        capture_output=True,
        text=True,
        timeout=110,
    )
    return sum(f"tests/{kata.slug}/" in line for line in run.stdout.splitlines())


def test_a_kata_not_started_is_a_failed_case_for_each_of_its_tests(repo, tmp_path):
    run, cases = junit_run(repo, tmp_path, f"tests/{ONE.slug}")
    assert len(cases) == collected(repo, ONE) > 1
    assert all(case.find("failure") is not None for case in cases)
    assert {case.find("failure").get("message") for case in cases} == {
        f"not started: write your solution in problems/{ONE.slug}/{ONE.module}.py"
    }
    assert cases[0].get("classname") == f"tests.{ONE.slug}.test_examples"
    # the terminal still tells the kata in one line, in the table of katas
    assert "not started: write your solution" in run.stdout and "NotStarted" not in run.stdout
    assert junit_schema_errors(tmp_path / "learner.xml") == []


def test_a_solved_kata_and_one_not_started_weigh_their_tests(repo, tmp_path):
    (repo / "problems" / ONE.slug / f"{ONE.module}.py").write_text(ONE.reference_path().read_text())
    _, cases = junit_run(repo, tmp_path, f"tests/{ONE.slug}", f"tests/{TWO.slug}")
    passed = [case for case in cases if case.find("failure") is None]
    assert (len(passed), len(cases)) == (collected(repo, ONE), collected(repo, ONE) + collected(repo, TWO))


def test_a_kata_that_cannot_run_is_told_once_in_the_terminal_as_without_junit(repo, tmp_path):
    (repo / "problems" / ONE.slug / f"{ONE.module}.py").write_text("def fixed_windows(:\n")
    run, cases = junit_run(repo, tmp_path, f"tests/{ONE.slug}")
    assert len(cases) == collected(repo, ONE)
    assert all((case.find("failure").get("message") or "").startswith("cannot run") for case in cases)
    plain = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", f"tests/{ONE.slug}"],
        cwd=repo,
        capture_output=True,
        text=True,
        timeout=110,
    )

    for said in ("has a syntax error", "FAILED tests/"):  # told once, and in the table of katas
        assert run.stdout.count(said) == plain.stdout.count(said) > 0, said
