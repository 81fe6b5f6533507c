"""`kata grade` holds each student's tests' process to a cap on its memory, read from outside.

kata.sandbox.tests_memory does the reading. The hostile student answers kata 08 as the
reference does, until its twentieth call: then it hands the tests' embedder three million
sentences (12 MB on the wire, under the budget of kata.sandbox.kept), which the tests' side
keeps and embeds, a vector of 256 numbers each (6 GB). The grader ends that student's run
within seconds of its passing the cap; the tests that ran keep their outcomes, each test not
run says why (the tests' process, not a worker), the honest classmate graded beside it is
graded as alone, and nothing is left running. The cap is made small here, so that the test
is quick.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kata.grading import grader
from kata.grading.submissions import submissions_in
from kata.judging.vocabulary import KataStatus, Verdict, grader_stopped_the_tests, grader_stopped_the_tests_detail
from kata.katas import find_kata
from kata.runner.outcomes import TestOutcome
from kata.sandbox import confinement, tests_memory
from kata.sandbox.tests_memory import TestsMemoryWatch, memory_of_the_tests_kib
from tests.support.isolated_runs import GROWS_THE_TESTS_PROCESS

KATA = find_kata("8")
CAP_MB = 300  # the kata's reference runs in a tests' process of about 60 MB

pytestmark = [
    pytest.mark.timeout(300),
    pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="no /proc to read memory from"),
]


def a_class(folder: Path) -> Path:
    reference = KATA.reference_path().read_text(encoding="utf-8")
    for student, source in (("grows_the_tests", reference + GROWS_THE_TESTS_PROCESS), ("honest", reference)):
        path = folder / student / KATA.slug / f"{KATA.module}.py"
        path.parent.mkdir(parents=True)
        path.write_text(source, encoding="utf-8")
    return folder


def command_line(pid: str) -> str:
    try:
        return (Path("/proc") / pid / "cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8", "replace")
    except OSError:
        return ""


def parent_of(pid: str) -> str:
    try:
        return (Path("/proc") / pid / "stat").read_text().rsplit(")", 1)[1].split()[1]
    except (OSError, IndexError):
        return ""


def workers_left() -> list[str]:
    """The fork servers of this Python whose tests' process has gone (a run's workers are their children),
    by pid and command line. One whose parent is still this Python belongs to a run still going (another
    test's, on this machine: `pytest`, or a `kata` command that runs pytest in its own process); an orphan's
    parent is whatever adopted it."""
    found = []
    for entry in Path("/proc").iterdir():
        line = command_line(entry.name) if entry.name.isdigit() else ""
        if (
            line.startswith(sys.executable)
            and "kata.sandbox.forkserver" in line
            and not command_line(parent_of(entry.name)).startswith(sys.executable)
        ):
            found.append(f"{entry.name}: {line[:200]}")
    return found


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    work = tmp_path_factory.mktemp("tests-memory")
    students = submissions_in(a_class(work / "class"), work / "unpacked")
    counts = grader.tests_per_kata([KATA])
    before = set(workers_left())
    watches: list[TestsMemoryWatch] = []

    class Watch(TestsMemoryWatch):  # remembered, to tell how soon each run ended once it passed the cap
        def __enter__(self):
            watches.append(self)
            return super().__enter__()

    patch = pytest.MonkeyPatch()
    patch.setattr(grader, "TESTS_MEMORY_MB", CAP_MB)
    patch.setattr(grader, "TestsMemoryWatch", Watch)
    try:
        grades = grader.grade_students(
            students, [KATA], counts, work, jobs=2, call_seconds=1.0, memory_mb=512, confined=not confinement.problem()
        )
    finally:
        patch.undo()
    time.sleep(1.5)  # the fork server of a killed run ends its workers within a second
    ended = [watch.ended_at - watch.passed_at for watch in watches if watch.passed_kib]
    left = set(workers_left()) - before
    if left:  # another test's run (pytest -n) may have just ended, its fork server on its way out: a left one stays
        time.sleep(3)
        left &= set(workers_left())
    return {grade.student: grade for grade in grades}, counts[KATA.slug], ended, left


def test_the_run_past_the_cap_keeps_the_tests_that_ran_and_the_others_say_why(graded):
    grades, count, _, _ = graded
    grade = grades["grows_the_tests"]
    assert grade.run == count
    assert 10 <= grade.passed < count, [test.test for test in grade.tests if not test.passed][:3]
    not_run = [test for test in grade.tests if not test.passed]
    assert not_run and all(test.verdict == Verdict.TOO_MUCH_MEMORY for test in not_run)
    words = " ".join(not_run[0].report.split())
    assert (
        f"the grader stopped the tests' process of this run (the process that runs the tests and reads what "
        f"the workers send, not a worker) when its memory passed {CAP_MB} MB" in words
    )
    assert grade.status == KataStatus.TOO_MUCH_MEMORY
    assert f"the grader stopped the tests' process (not a worker) when its memory passed {CAP_MB} MB" in grade.detail


def test_the_classmate_is_graded_as_alone(graded):
    grades, count, _, _ = graded
    assert (grades["honest"].status, grades["honest"].passed, grades["honest"].run) == (KataStatus.SOLVED, count, count)


def test_the_run_ends_soon_after_the_cap_and_nothing_is_left(graded):
    _, _, ended, left = graded
    assert len(ended) == 1, "one run passed the cap"
    assert ended[0] <= tests_memory.TESTS_STOP_SECONDS + 1, f"the run ended {ended[0]:.1f} s after it passed the cap"
    assert not left, left


def test_the_watch_ends_a_process_past_the_cap_within_a_few_checks(monkeypatch):
    monkeypatch.setattr(tests_memory, "TESTS_STOP_SECONDS", 1.0)
    grows = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import signal, time\n"
            "signal.signal(signal.SIGINT, signal.SIG_IGN)\n"  # it will not stop when asked
            "kept = bytearray(200 * 1024 * 1024)\n"
            "time.sleep(60)",
        ],
        start_new_session=True,
    )
    started = time.monotonic()
    with TestsMemoryWatch(grows.pid, 100) as watch:
        grows.wait(timeout=30)
    assert watch.passed_kib > 100 * 1024 and watch.killed
    assert time.monotonic() - started < 5
    assert memory_of_the_tests_kib(grows.pid) == 0


def test_the_watch_kills_at_once_a_process_that_grows_to_twice_the_cap_while_asked_to_stop(monkeypatch):
    monkeypatch.setattr(tests_memory, "TESTS_STOP_SECONDS", 60.0)
    grows = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import signal, time\n"
            "signal.signal(signal.SIGINT, signal.SIG_IGN)\n"
            "kept = [bytearray(120 * 1024 * 1024)]\n"
            "time.sleep(0.5)\n"
            "kept.append(bytearray(200 * 1024 * 1024))\n"
            "time.sleep(60)",
        ],
        start_new_session=True,
    )
    with TestsMemoryWatch(grows.pid, 100) as watch:
        grows.wait(timeout=30)
    assert watch.killed and watch.ended_at - watch.passed_at < 5


def test_a_process_that_watches_itself_and_does_not_stop_writes_its_last_words_and_is_killed():
    # pytest --isolate watches its own process (kata.plugin.own_memory): stuck past the cap, nobody else can say why.
    grows = subprocess.run(
        [
            sys.executable,
            "-c",
            "import signal, time\n"
            "from kata.sandbox import tests_memory\n"
            "tests_memory.TESTS_STOP_SECONDS = 1.0\n"
            "signal.signal(signal.SIGINT, signal.SIG_IGN)\n"
            "import os\n"
            "with tests_memory.TestsMemoryWatch(os.getpid(), 100, last_words='grew past 100 MB'):\n"
            "    kept = bytearray(200 * 1024 * 1024)\n"
            "    time.sleep(60)",
        ],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert grows.returncode == -9 and grows.stderr.strip() == "grew past 100 MB", (grows.returncode, grows.stderr)


def test_a_cap_that_is_not_a_whole_number_of_megabytes_is_refused():
    with pytest.raises(ValueError, match="cap_mb must be a whole number of MB, 1 or more, got 0"):
        TestsMemoryWatch(os.getpid(), 0)


def test_a_kata_whose_run_was_stopped_keeps_its_skipped_tests_out_and_says_both():
    outcome = {
        "tests": [
            TestOutcome(f"tests/{KATA.slug}/test_hidden.py::test_a", True),
            TestOutcome(
                f"tests/{KATA.slug}/test_hidden.py::test_b", False, skipped=True, reason="tiktoken is not installed"
            ),
        ],
        "mistake": "",
        "problem": None,
        "stopped": grader_stopped_the_tests("300 MB"),
        "stopped_verdict": Verdict.TOO_MUCH_MEMORY,
        "stopped_detail": grader_stopped_the_tests_detail("300 MB"),
    }
    grade = grader.grade_of_kata("carol", KATA, outcome, 5)
    assert (grade.passed, grade.run, grade.skipped, grade.status) == (1, 4, 1, KataStatus.TOO_MUCH_MEMORY)
    assert [test.verdict for test in grade.tests[1:]] == [Verdict.TOO_MUCH_MEMORY] * 3
    assert grade.detail == (
        "the grader stopped the tests' process (not a worker) when its memory passed 300 MB; "
        "the tests it had not run score nothing; 1 test skipped: tiktoken is not installed"
    )
