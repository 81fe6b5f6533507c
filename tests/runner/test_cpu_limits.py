"""Every limit of the code under test counts its CPU time; a paced guard's limit follows the tests' own pass.

Nothing else running on the machine moves a verdict: a call is stopped at its limit of CPU time, the
wall clock is only a far backstop for code that sleeps (and is reported in its own words), and a paced
guard stops the code at PACE_FACTOR times the CPU time of the tests' plain pass over the same input
(kata.judging.clocks, kata.judging.limits, kata.judging.guards).
"""

from __future__ import annotations

import multiprocessing
import subprocess
import sys
import time
from pathlib import Path
from xml.etree import ElementTree

import pytest

from kata.judging.calls import CallDidNotFinish, DidNotFinish, Judged, log
from kata.judging.clocks import CODE_CLOCK
from kata.judging.guards import paced
from kata.judging.limits import PACE_FACTOR, PACE_FLOOR_SECONDS, Pace, Watchdog, can_watch, idle_limit, waited
from kata.judging.vocabulary import too_slow
from kata.katas import ROOT

pytestmark = pytest.mark.skipif(not can_watch(), reason="the watchdog needs setitimer and the main thread")


def spin(seconds: float) -> float:
    """Use this much CPU time of the calling thread, and return it."""
    started = time.thread_time()
    while time.thread_time() - started < seconds:
        pass
    return seconds


def sleep(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def busy() -> None:
    while True:
        pass


@pytest.fixture
def watched():
    """Start a watchdog as a test's would be (limits of CPU time); stop it and forget its stops afterwards."""
    started = []

    def start(**limits) -> Watchdog:
        watchdog = Watchdog(**limits)
        watchdog.start()
        started.append(watchdog)
        return watchdog

    log.forget()
    yield start
    for watchdog in started:
        watchdog.stop()
    log.stopped_by = None
    log.forget()


def judged(function) -> Judged:
    """The function as the tests call the code under test; its source is this file, where the limit stops it."""
    return Judged(function.__name__, function, source=Path(__file__))


def test_the_code_is_judged_on_the_cpu_time_of_its_own_thread():
    assert CODE_CLOCK.counts_cpu and CODE_CLOCK.name == "CPU time"


def test_a_call_that_spins_past_its_limit_is_stopped_in_cpu_time(watched):
    watched(seconds=10, call_seconds=0.3)
    with pytest.raises(CallDidNotFinish) as stopped:
        judged(spin)(5)
    assert stopped.value.limit == "0.3 s of CPU time for one call"


def test_a_call_that_sleeps_is_stopped_by_the_wall_clock_backstop_and_says_so(watched):
    watched(seconds=10, call_seconds=0.2)
    started = time.monotonic()
    with pytest.raises(CallDidNotFinish) as stopped:
        judged(sleep)(30)
    assert idle_limit(0.2) <= time.monotonic() - started < idle_limit(0.2) + 1
    assert stopped.value.limit.startswith(f"{idle_limit(0.2):g} s of wall time for one call, in which it used only")
    assert stopped.value.limit.endswith("(it sleeps, or waits for something)")


def test_a_call_that_worked_but_was_starved_by_a_busy_machine_is_not_said_to_sleep():
    # Two cores running seven processes: a spinning call gets under a third of a core (0.88 s of CPU time in 3 s),
    # and meets the backstop first; at a hundredth of a second it is said to sleep.
    words = waited(3, 0.88, "one call")
    assert words.startswith("3 s of wall time for one call, in which it used only 0.88 s of")
    assert words.endswith(
        "(it was working, but this machine is too busy with other work to run it: check again when it is not)"
    )
    assert waited(3, 0.01, "one call").endswith("(it sleeps, or waits for something)")
    # A sleeping call uses next to nothing: said in words a learner reads, never as 9.5e-05.
    assert "used only less than 0.001 s of" in waited(1.4, 9.5e-05, "one call")
    # TOO SLOW then claims nothing of the CPU-time limit, which did not stop it.
    assert "nothing else running on the machine" not in too_slow("f([1])", words, on_the_wall_clock=True)
    assert "nothing else running on the machine" in too_slow("f([1])", "0.5 s of CPU time for one call")


def test_a_call_that_sleeps_less_than_the_backstop_is_not_stopped_by_its_limit_of_cpu_time(watched):
    watched(seconds=10, call_seconds=0.2)
    assert judged(sleep)(0.5) == 0.5


def test_a_paced_guard_stops_the_code_at_its_factor_times_the_pace(watched):
    watchdog = watched(seconds=10, call_seconds=None)
    expected = paced(lambda: spin(0.05))
    assert watchdog.pace is not None and watchdog.pace.seconds >= 0.05 and expected == 0.05
    with pytest.raises(DidNotFinish) as stopped:
        judged(spin)(30 * watchdog.pace.seconds)
    spent = watchdog.spent_since_the_pace()
    assert spent is not None and watchdog.pace.budget <= spent < watchdog.pace.budget + 0.2
    assert f"{PACE_FACTOR:g} times what the tests' own plain pass over it took here" in stopped.value.limit


def test_a_paced_guard_lets_code_well_within_its_budget_finish(watched):
    watchdog = watched(seconds=10, call_seconds=None)
    paced(lambda: spin(0.05))
    assert watchdog.pace is not None
    assert judged(spin)(watchdog.pace.budget / 3) > 0


def test_a_paced_guard_counts_only_the_codes_time_not_the_tests_own_checks(watched):
    watchdog = watched(seconds=10, call_seconds=None)
    paced(lambda: spin(0.05))
    assert watchdog.pace is not None
    judged(spin)(watchdog.pace.budget / 3)
    spin(watchdog.pace.budget)  # the tests' own work after the call: a check of a large answer
    assert watchdog._budget_passed(None) is None


def test_a_generators_work_counts_as_the_codes_while_the_tests_read_it(watched):
    def slowly():
        while True:
            spin(0.05)
            yield 1

    watchdog = watched(seconds=10, call_seconds=None)
    paced(lambda: spin(0.02))
    with pytest.raises(DidNotFinish):
        for _ in judged(slowly)():
            pass
    assert watchdog.pace is not None and watchdog.spent_since_the_pace() >= watchdog.pace.budget


def test_a_pace_is_refused_once_the_code_has_run():
    """Timed after the call, the pace would not have bounded the call."""
    log.forget()
    try:
        judged(spin)(0)
        with pytest.raises(RuntimeError, match="before it calls the code under test"):
            paced(lambda: 1)
    finally:
        log.forget()


def test_a_tiny_pace_gets_the_floor():
    assert Pace(0.0001).budget == PACE_FLOOR_SECONDS
    assert "the least a guard gives" in Pace(0.0001).words()
    assert Pace(0.2, factor=10).budget == pytest.approx(2.0)


def test_a_paced_guard_is_no_stricter_on_a_busy_machine(tmp_path):
    """Four busy processes on two cores give the tests a third of a core: the reference still passes kata 01's
    paced guards, whose limits count its CPU time against the tests' own pass, timed under the same load."""
    load = [multiprocessing.Process(target=busy, daemon=True) for _ in range(2 * (multiprocessing.cpu_count() or 1))]
    for process in load:
        process.start()
    try:
        run = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "tests/01_fixed_windows/test_guards.py",
                "--impl=reference",
                "-p",
                "no:cacheprovider",
                "-q",
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
    finally:
        for process in load:
            process.kill()
    assert run.returncode == 0, run.stdout[-2000:]


@pytest.mark.parametrize("value", ["0", "-1", "nan"])
def test_a_pace_factor_that_is_not_above_zero_is_refused_in_one_line(value):
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "tests/01_fixed_windows/test_examples.py",
            "--impl=reference",
            "-p",
            "no:cacheprovider",
            f"--pace-factor={value}",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 4 and f"--pace-factor={float(value):g}: give a number above 0" in run.stderr, run.stderr


def test_a_paced_guards_figures_are_in_its_junit_properties(tmp_path):
    junit = tmp_path / "junit.xml"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "tests/01_fixed_windows/test_guards.py",
            "--impl=reference",
            "-p",
            "no:cacheprovider",
            "-q",
            f"--junitxml={junit}",
        ],
        cwd=ROOT,
        capture_output=True,
        timeout=120,
    )
    paced_cases = {
        case.get("name"): {item.get("name"): item.get("value") for item in case.iter("property")}
        for case in ElementTree.parse(junit).iter("testcase")
    }
    figures = paced_cases["test_two_million_tokens_in_large_windows"]
    assert figures["clock"] == "CPU time" and set(figures) == {
        "clock",
        "pace_seconds",
        "budget_seconds",
        "used_seconds",
        "travel_seconds",
    }
    budget = max(PACE_FLOOR_SECONDS, PACE_FACTOR * float(figures["pace_seconds"]))
    assert float(figures["budget_seconds"]) == pytest.approx(budget, abs=0.001)
    assert 0 < float(figures["used_seconds"]) < float(figures["budget_seconds"])
    assert paced_cases["test_the_loop_ends_on_a_long_input_with_the_largest_overlap"] == {}  # not paced


CATCHES_THE_STOP = """
def fixed_windows(tokens, chunk_size, overlap=0):
    try:
        while True:
            pass
    except BaseException:
        raise ValueError("overlap must be at least 0, got 0")
"""


def test_code_that_catches_its_stop_and_raises_something_else_is_reported_as_stopped(tmp_path):
    """What reaches pytest after a stop may be another exception (here the code's own; in a property, the
    FlakyStrategyDefinition of Hypothesis stopped while drawing): the verdict is the stop, on any machine."""
    submission, junit = tmp_path / "fixed_windows.py", tmp_path / "junit.xml"
    submission.write_text(CATCHES_THE_STOP, encoding="utf-8")
    subprocess.run(
        [sys.executable, "-m", "pytest", "tests/01_fixed_windows/test_examples.py", f"--impl={submission}"]
        + ["--call-seconds=0.2", "-p", "no:cacheprovider", f"--junitxml={junit}"],
        cwd=ROOT,
        capture_output=True,
        timeout=120,
    )
    reports = [" ".join((failure.text or "").split()) for failure in ElementTree.parse(junit).iter("failure")]
    assert reports and all(report.startswith("DID NOT FINISH") for report in reports), reports[0][:500]
    assert not any("raised ValueError" in report for report in reports)
