"""A kata's tests take at most KATA_SECONDS of wall time in all, in one run (pytest --kata-seconds).

Every test has its limits, but code that waits or sleeps in every call, just under the limit of
one call, made each of a kata's tests take the whole of its own, and a class's grading wait for
hours on one student. Past the kata's time, the rest of its tests fail at once without running,
each saying so, and no mistake is named from them; the other katas keep their own time. The
time is made short here, so that the test is quick.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from kata.judging.vocabulary import Verdict
from kata.katas import ROOT, find_kata

pytestmark = pytest.mark.timeout(180)  # pytest in a subprocess, whose sleeping kata takes the whole of its time

SLEEPS_IN_EVERY_CALL = """

import functools as _functools
import time as _time


def _sleeps_first(function):
    @_functools.wraps(function)
    def sleeps_then_answers(*args, **kwargs):
        _time.sleep(0.2)  # a fifth of the limit of one call: no call of it ever runs past it
        return function(*args, **kwargs)
    return sleeps_then_answers


fixed_windows = _sleeps_first(fixed_windows)
"""
SLEEPY, HONEST = find_kata("1"), find_kata("2")


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """Kata 01 sleeping in every call and kata 02 as the reference has it, with 2 s for each kata's tests."""
    folder = tmp_path_factory.mktemp("sleepy")
    for kata, added in ((SLEEPY, SLEEPS_IN_EVERY_CALL), (HONEST, "")):
        (folder / kata.slug).mkdir()
        (folder / kata.slug / f"{kata.module}.py").write_text(
            kata.reference_path().read_text(encoding="utf-8") + added, encoding="utf-8"
        )
    outcomes = folder / "outcomes.json"
    started = time.monotonic()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            f"tests/{SLEEPY.slug}",
            f"tests/{HONEST.slug}",
            f"--impl={folder}",
            "--kata-seconds=2",
            f"--outcomes={outcomes}",
            "-p",
            "no:cacheprovider",
            "-q",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=170,
    )
    took = time.monotonic() - started
    return done, json.loads(outcomes.read_text(encoding="utf-8"))["katas"], took


def test_a_kata_past_its_time_fails_the_rest_of_its_tests_at_once_saying_so(run):
    done, katas, _ = run
    tests = katas[SLEEPY.slug]["tests"]
    not_run = [test for test in tests if "Not run: this kata's tests had already run" in test["report"]]
    assert tests[0]["passed"] and not_run, done.stdout[-2000:]
    assert len(not_run) > len(tests) // 2  # almost all: 2 s are a few tests at most
    assert tests[-len(not_run) :] == not_run  # all of them after the time ran out
    assert {test["verdict"] for test in not_run} == {Verdict.DID_NOT_FINISH}
    words = " ".join(not_run[0]["report"].split())
    assert (
        "this kata's tests had already run for more than 2 s in all, so the rest of them, this one among them, "
        "fail without running" in words
    )
    assert katas[SLEEPY.slug]["mistake"] == "" and not any(test["mistake"] for test in not_run)


def test_another_kata_keeps_its_own_time(run):
    _, katas, _ = run
    assert katas[HONEST.slug]["tests"] and all(test["passed"] for test in katas[HONEST.slug]["tests"])


def test_the_run_ends_soon_after_the_katas_time(run):
    _, _, took = run
    # 2 s, then the test under way, within its own limit of 10 s; the honest kata's tests, a few seconds
    assert took < 60, f"the run took {took:.0f} s"


@pytest.mark.parametrize("value", ["0", "-1", "nan"])
def test_a_katas_time_that_is_not_above_zero_is_refused_in_one_line(value):
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            f"tests/{HONEST.slug}",
            "--impl=reference",
            f"--kata-seconds={value}",
            "-p",
            "no:cacheprovider",
            "-q",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 4
    assert f"--kata-seconds={float(value):g}: give a number of seconds above 0" in done.stderr
