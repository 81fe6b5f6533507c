"""No command of the learner's loop hangs on anything the learner writes.

A loop or a huge value at the top level of the learner's module (left from experimenting,
or a test call) is stopped while the module loads: the kata cannot run, the line says
why, and the other katas are checked as usual. `kata watch` recovers on the next save,
and stopping it (Ctrl-C or SIGTERM) stops the check under way with it. And a loop that
never advances costs the full limit for one call once per run, not once per test.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from xml.etree import ElementTree

import pytest

from kata.judging.limits import CALL_SECONDS, LOAD_SECONDS, STALLED_CALL_SECONDS
from kata.katas import KATAS, ROOT, TESTS
from kata.runner.processes import process_group

CLASSROOM = TESTS / "grading" / "classroom"

FIRST, SECOND = KATAS[0], KATAS[1]
LOOPS_AT_IMPORT = "while True:\n    pass\n"
TRIES_AGAIN_AT_IMPORT = (
    "while True:\n    try:\n        while True:\n            pass\n    except BaseException:\n        pass\n"
)
HUGE_AT_IMPORT = "TABLE = [0] * 150_000_000\n"


def row(output: str, kata) -> str:
    """What `kata list` says of a kata's status."""
    found = re.search(rf"^{kata.number}\s+{kata.name}\s+{kata.difficulty}\s+(.*)$", output, re.M)
    assert found, f"no row for {kata.slug} in:\n{output}"
    return found.group(1)


def children_of(pid: int) -> list[int]:
    """The process's children, whichever of its threads started them."""
    children = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            children += [int(child) for child in (task / "children").read_text().split()]
        except OSError:
            pass
    return children


def descendants_of(pid: int) -> list[int]:
    found = children_of(pid)
    return found + [grandchild for child in found for grandchild in descendants_of(child)]


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def is_running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except OSError:
        return False


@pytest.mark.slow
@pytest.mark.timeout(90)
@pytest.mark.parametrize(
    "source, says",
    [
        (LOOPS_AT_IMPORT, f"did not finish within {LOAD_SECONDS:g} s: a loop at the top level of the module?"),
        (HUGE_AT_IMPORT, "used more than 512 MB of memory: a large value built at the top level of the module?"),
    ],
)
def test_a_module_that_does_not_load_cannot_run_and_the_other_katas_are_checked(repo, run_kata, solve, source, says):
    solve(repo, FIRST, source)
    solve(repo, SECOND)
    listed = run_kata(repo, "list", timeout=80, COLUMNS="200")
    assert listed.returncode == 0, listed.stdout + listed.stderr
    assert row(listed.stdout, FIRST) == f"cannot run: loading problems/{FIRST.slug}/{FIRST.module}.py {says}", (
        "the reason is shown whole where the columns allow it"
    )
    assert row(listed.stdout, SECOND).startswith("solved")
    checked = run_kata(repo, "check", FIRST.number, timeout=80)
    assert checked.returncode == 1
    assert f"cannot run: loading problems/{FIRST.slug}/{FIRST.module}.py {says}" in checked.stdout


@pytest.mark.slow
@pytest.mark.timeout(90)
def test_a_module_that_swallows_the_stop_still_ends_the_run_with_a_reason(repo, run_kata, solve):
    solve(repo, FIRST, TRIES_AGAIN_AT_IMPORT)
    started = time.monotonic()
    done = run_kata(repo, "check", FIRST.number, timeout=60)
    assert done.returncode != 0 and time.monotonic() - started < 30
    assert "did not finish within" in done.stdout + done.stderr


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_watch_recovers_on_the_next_save_and_sigterm_stops_the_check_under_way(repo, start_kata, solve, screens_of):
    solve(repo, FIRST, LOOPS_AT_IMPORT)
    watcher = start_kata(repo, "watch", FIRST.number)
    screens = screens_of(watcher)
    first = screens.next_screen()
    assert "cannot run: loading" in first and "a loop at the top level of the module?" in first
    assert "Still checking" not in first, "a module that cannot load has no other tests to check"
    solve(repo, FIRST)
    assert f"Solved: {FIRST.number} {FIRST.name}" in screens.next_screen()
    solve(repo, FIRST, LOOPS_AT_IMPORT)  # and while this save is being checked, stop watch
    deadline = time.monotonic() + 20
    while not children_of(watcher.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    checks = children_of(watcher.pid)
    assert checks, "watch started no check after the save"
    watcher.send_signal(signal.SIGTERM)
    assert watcher.wait(timeout=15) == 0, "SIGTERM is a clean exit"
    assert "Stopped watching." in screens.rest()
    time.sleep(0.2)
    assert not [pid for pid in checks if is_running(pid)], "the check under way outlived watch"
    assert os.path.exists(repo)


def test_ctrl_c_or_sigterm_while_a_run_is_starting_stops_that_run(monkeypatch):
    started = []
    real_popen = subprocess.Popen

    def popen_interrupted_before_it_returns(*arguments, **options):
        started.append(real_popen(*arguments, **options))
        signal.raise_signal(signal.SIGTERM)  # Python runs the handler here, before Popen has returned
        return started[-1]

    def stop_as_ctrl_c_does(number, frame):
        raise KeyboardInterrupt

    monkeypatch.setattr(subprocess, "Popen", popen_interrupted_before_it_returns)
    previous = signal.signal(signal.SIGTERM, stop_as_ctrl_c_does)
    try:
        with pytest.raises(KeyboardInterrupt), process_group([sys.executable, "-c", "import time; time.sleep(60)"]):
            time.sleep(60)  # never reached: the interruption is delivered as the group starts
    finally:
        signal.signal(signal.SIGTERM, previous)
    outlived = [process for process in started if process.poll() is None]
    for process in outlived:
        process.kill()
    assert started and not outlived, "the run started as the command was interrupted outlived it"


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_sigterm_stops_kata_grade_and_every_run_it_started(tmp_path, start_kata):
    submissions = tmp_path / "submissions"
    for student in ("ann", "bob", "cy"):
        shutil.copytree(CLASSROOM / "infinite_loop", submissions / student)
    grader = start_kata(
        ROOT, "grade", str(submissions), "--katas", "1", "--jobs", "2", "--out", str(tmp_path / "grades.json")
    )
    deadline, started = time.monotonic() + 60, set()
    while time.monotonic() < deadline and len([pid for pid in started if "--isolate" in command_line(pid)]) < 2:
        started.update(descendants_of(grader.pid))
        time.sleep(0.05)
    assert len([pid for pid in started if "--isolate" in command_line(pid)]) == 2, "grading started no two runs"
    for _ in range(10):  # their workers too
        started.update(descendants_of(grader.pid))
        time.sleep(0.05)
    grader.send_signal(signal.SIGTERM)
    assert grader.wait(timeout=20) == 130, "stopped grading exits as Ctrl-C does"
    time.sleep(0.2)
    assert not [(pid, command_line(pid)) for pid in started if is_running(pid)], "a run outlived kata grade"
    assert not (tmp_path / "grades.json").exists(), "a stopped grading writes no grades"


@pytest.mark.slow
@pytest.mark.timeout(90)
def test_after_one_stalled_call_the_katas_next_stalls_are_stopped_sooner(tmp_path):
    """no_validation loops forever when overlap >= chunk_size, which many tests try."""
    junit = tmp_path / "junit.xml"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            f"tests/{FIRST.slug}",
            f"--impl=mistake:{FIRST.number}:no_validation",
            "-p",
            "no:cacheprovider",
            "-q",
            f"--junitxml={junit}",
        ],
        cwd=ROOT,
        capture_output=True,
        timeout=80,
    )
    reports = [" ".join((failure.text or "").split()) for failure in ElementTree.parse(junit).iter("failure")]
    stalls = [report for report in reports if "DID NOT FINISH" in report]
    assert len(stalls) >= 3, reports
    assert f"its limit of {CALL_SECONDS:g} s of CPU time for one call;" in stalls[0]
    shorter = (
        f"its limit of {STALLED_CALL_SECONDS:g} s of CPU time for one call (shorter: an earlier call in this "
        "run stalled)"
    )
    assert all(shorter in report for report in stalls[1:]), stalls[1]


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_watch_shows_the_first_failure_while_the_rest_of_the_run_goes_on(repo, start_kata, solve, screens_of):
    catalog = (repo / "solutions" / FIRST.slug / "mistakes.py").read_text()
    solve(repo, FIRST, catalog + f"\n{FIRST.functions[0]} = NoValidation.{FIRST.functions[0]}\n")
    watcher = start_kata(repo, "watch", FIRST.number)
    screen = screens_of(watcher).next_screen()
    shown_at_once = screen.index("Still checking the other tests...")
    assert screen.index("Checking 01 fixed_windows...") < screen.index("First failure:") < shown_at_once
    assert shown_at_once < screen.index("Status: failing"), "the first failure came only with the end of the run"


# Correct, but a twentieth of a second of CPU time per call: no one call nears its limit, and a property's
# dozens of examples together pass a short limit for the whole test.
SLOW_BUT_CORRECT = """
import time
import sys
sys.path.insert(0, {solution!r})
from fixed_windows import fixed_windows as reference


def fixed_windows(tokens, chunk_size, overlap):
    started = time.thread_time()
    while time.thread_time() - started < 0.05:
        pass
    return reference(tokens, chunk_size, overlap)
"""


def property_reports(tmp_path, *options: str) -> list[str]:
    """The failure reports of kata 01's first property test, run on SLOW_BUT_CORRECT with the options."""
    submission, junit = tmp_path / "fixed_windows.py", tmp_path / "junit.xml"
    submission.write_text(SLOW_BUT_CORRECT.format(solution=str(ROOT / "solutions" / FIRST.slug)))
    first_property = next(
        line.split("(")[0][4:]
        for line in (ROOT / "tests" / FIRST.slug / "test_properties.py").read_text().splitlines()
        if line.startswith("def test_")
    )
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            f"tests/{FIRST.slug}/test_properties.py::{first_property}",
            f"--impl={submission}",
            "-p",
            "no:cacheprovider",
            f"--junitxml={junit}",
            *options,
        ],
        cwd=ROOT,
        capture_output=True,
        timeout=60,
        env={**os.environ, "HYPOTHESIS_STORAGE_DIRECTORY": str(tmp_path / "hypothesis")},
    )
    # The words as one line: the report wraps its sentences where it likes.
    return [" ".join((failure.text or "").split()) for failure in ElementTree.parse(junit).iter("failure")]


@pytest.mark.slow
@pytest.mark.timeout(90)
def test_many_quick_calls_past_the_tests_limit_are_reported_as_such_not_as_a_call_that_stalled(tmp_path):
    [report] = property_reports(tmp_path, "--timeout=0.5")
    counted_calls = re.search(
        r"The test ran past its limit of 0\.5 s of CPU time for this test over (\d+) calls of "
        r"your code, "
        r"though no one call ran past the limit for one call; the last was: fixed_windows\(",
        report,
    )
    assert counted_calls and int(counted_calls.group(1)) > 1, report
    assert "answers at once" not in report and "Does every iteration of your loop advance" not in report, report


@pytest.mark.slow
@pytest.mark.timeout(90)
def test_a_profile_of_more_examples_gives_a_property_test_more_time_in_proportion(tmp_path):
    """thorough tries 1000 examples where the limits are set for 60: 0.12 s becomes 2 s."""
    [report] = property_reports(tmp_path, "--timeout=0.12", "--hypothesis-profile=thorough")
    assert "The test ran past its limit of 2 s of CPU time for this test over" in report, report
