"""What a worker makes the tests' process keep, across the calls of a run, is bounded (kata.sandbox.kept).

The tests hand a worker objects it calls back (kata 08's embed), which may keep what they are
sent, and the tests' side held each for the worker's whole life: a submission that called
embed in a loop grew the tests' process from 390 MB to 4.9 GB, test after test. Each attack
here fails without the bounds: what the worker sends in its calls, the handles the tests hold
for it, and what a new test lets go of.
"""

from __future__ import annotations

import gc
import re
import subprocess
import sys
import time
import weakref

import pytest

from kata.judging.calls import Judged, UsedTooMuchMemory, log
from kata.judging.limits import Watchdog
from kata.katas import ROOT, find_kata
from kata.runner.plain_words import explain
from kata.sandbox import kept
from kata.sandbox.client import IsolatedFunction, WorkerEnded
from kata.sandbox.pool import start_a_test
from tests.support.isolated_runs import GROWS_THE_TESTS_PROCESS, hostile_report, needs_confinement, watchdog_or_skip

CALLS_A_KEEPER_IN_A_LOOP = """
def f(keep):
    calls = 0
    while True:  # ever more distinct words, each a string the tests' side must make and may keep
        keep([f"w{calls}-{index}" for index in range(20_000)])
        calls += 1

def g():
    return "answered"
"""


class Keeper:
    """A callable of the tests that remembers every batch it is given, as kata 08's CountingEmbedder does."""

    def __init__(self):
        self.batches = []

    def __call__(self, batch):
        self.batches.append(batch)
        return len(batch)


def judged_call(worker, name: str, *args):
    """Call the worker's function as a test does: under a watchdog, through a Judged wrapper."""
    watchdog = watchdog_or_skip(30)
    watchdog.start()
    try:
        return Judged(name, IsolatedFunction(worker, name), worker.source, isolated=True)(*args)
    finally:
        watchdog.stop()


def test_a_worker_calling_a_keeping_callback_in_a_loop_is_stopped_past_the_budget(
    start_worker, no_limit_passed, monkeypatch
):
    monkeypatch.setattr(kept, "CALLBACK_MB", 2)  # the bound, made small so that the test is quick
    worker = start_worker(CALLS_A_KEEPER_IN_A_LOOP, ("f", "g"))
    keeper = Keeper()
    with pytest.raises(kept.TestsKeptTooMuch) as stopped:
        judged_call(worker, "f", keeper)
    sent = sum(len(word) + 3 for batch in keeper.batches for word in batch)
    assert 1 * 1024 * 1024 < sent <= 2 * 1024 * 1024, "the budget bounds what the tests were sent, and no more"
    assert worker.process is None, "the worker is stopped"
    assert stopped.value.limit.startswith("sent it more than 2 MB in its calls to the tests' objects")
    assert stopped.value.limit.endswith(f"in the run of {worker.source}")


def test_the_report_names_the_tests_process_and_whose_run_it_is(start_worker, no_limit_passed, monkeypatch):
    monkeypatch.setattr(kept, "CALLBACK_MB", 1)
    worker = start_worker(CALLS_A_KEEPER_IN_A_LOOP, ("f", "g"), name="alices_chunker.py")
    with pytest.raises(UsedTooMuchMemory) as stopped:
        judged_call(worker, "f", Keeper())
    text = " ".join(explain(_AnItem(), stopped.value).body.split())
    assert text.startswith("TOO MUCH MEMORY")
    assert (
        "The tests' process stopped this run: the code under test sent it more than 1 MB in its calls to the "
        "tests' objects, which may keep what they are sent (embed remembers each batch), in the run of "
        f"{worker.source}. Its later calls in this run fail at once."
    ) in text
    assert "its worker process used up" not in text


def test_after_the_budget_every_later_call_of_the_run_fails_at_once(start_worker, no_limit_passed, monkeypatch):
    monkeypatch.setattr(kept, "CALLBACK_MB", 1)
    worker = start_worker(CALLS_A_KEEPER_IN_A_LOOP, ("f", "g"))
    with pytest.raises(kept.TestsKeptTooMuch):
        judged_call(worker, "f", Keeper())
    log.stopped_by = None
    start_a_test()  # the next test of the run: the worker would be started again, and is not
    with pytest.raises(kept.TestsKeptTooMuch, match="sent it more than 1 MB"):
        judged_call(worker, "g")
    assert worker.process is None


def test_a_run_that_calls_back_as_a_kata_does_is_not_stopped(start_worker, no_limit_passed):
    worker = start_worker("""
        def f(keep):
            return keep(["Cats purr.", "Cats sleep.", "Markets fell."] * 1000)
    """)
    for _ in range(50):  # kata 08's reference sends 0.2 MB in a whole run; this sends 2 MB
        start_a_test()
        assert judged_call(worker, "f", Keeper()) == 3000


def test_a_new_test_lets_go_of_the_objects_the_last_one_passed(start_worker, no_limit_passed):
    worker = start_worker(
        """
        KEPT = []

        def f(keep):
            KEPT.append(keep)  # the worker holds on to the tests' object, across tests
            return keep(["a", "b"])

        def g():
            return KEPT[0](["c"])
    """,
        ("f", "g"),
    )
    keeper = Keeper()
    assert judged_call(worker, "f", keeper) == 2
    left = weakref.ref(keeper)
    del keeper
    log.forget()  # the last call and its arguments, which judging keeps for the test's report
    start_a_test()
    gc.collect()
    assert left() is None, "the tests' process still holds the last test's object, and all it kept"
    with pytest.raises(WorkerEnded, match="handle 1 names an object of an earlier test, let go since"):
        judged_call(worker, "g")  # the worker's handle names nothing now, and the call says so


def test_the_handles_made_in_answering_a_worker_are_bounded(start_worker, no_limit_passed, monkeypatch):
    monkeypatch.setattr(kept, "MAX_HANDLES", 200)
    worker = start_worker("""
        def f(maker):
            while True:
                maker.make()  # each answer is an object of the tests, which they hold a handle to
    """)

    class Maker:
        def make(self):
            return Keeper()

    with pytest.raises(kept.TestsKeptTooMuch, match="made it hold more than 200 objects at once, made in answering"):
        judged_call(worker, "f", Maker())
    assert len(worker.kept.stopped) > 0


class _AnItem:
    """The little of a pytest item that explain() reads for a memory stop."""

    name = "test_f"

    def get_closest_marker(self, name):
        return None

    def iter_markers(self, name=None):
        return iter(())


def test_a_reply_that_grows_the_tests_process_is_not_reported_as_the_worker_running_out(start_worker, no_limit_passed):
    """The words of a memory stop name the process that grew: here the tests' process, reading the reply."""
    worker = start_worker("""
        def f():
            return list(range(3_000_000))  # 23 MB on the wire, 110 MB once read
    """)
    watchdog = Watchdog(seconds=30, memory_mb=48, call_seconds=None)
    watchdog.start()
    try:
        with pytest.raises(UsedTooMuchMemory) as stopped:
            answer = Judged("f", IsolatedFunction(worker, "f"), worker.source, isolated=True)()
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline:  # the watchdog's next tick sees what the reply grew to
                answer.count(None)
    finally:
        watchdog.stop()
    text = " ".join(explain(_AnItem(), stopped.value).body.split())
    assert "the tests' process grew by more than 48 MB, reading what the worker sent it" in text
    assert "worker process used up" not in text


def test_a_worker_that_runs_out_of_its_address_space_is_named_as_such(start_worker, no_limit_passed):
    worker = start_worker(
        """
        def f():
            return len(bytearray(400_000_000))
    """,
        memory_mb=256,
    )
    with pytest.raises(UsedTooMuchMemory) as stopped:
        judged_call(worker, "f")
    text = " ".join(explain(_AnItem(), stopped.value).body.split())
    assert "its worker process used up its limit of 256 MB of address space" in text


@needs_confinement
@pytest.mark.timeout(120)
def test_a_kata_08_submission_that_floods_the_embedders_is_stopped_by_its_limits_never_as_the_workers_memory(tmp_path):
    """The hostile submission, with kata 08's examples: each call sends batch after batch (25 MB costs both
    processes about 0.2 s of CPU), so each ends at its time limit, or, once what the run sent passes the budget
    (the tests of a worker that calls a keeping callable show that stop), with the budget's words; never as the
    worker's own memory limit, and the tests' objects of one test are let go at the next."""
    report = hostile_report(
        tmp_path, "08_semantic_chunker", "keeps_the_embedders_busy", "test_examples", after_the_reference=True
    )
    stop = (
        "The tests' process stopped this run: the code under test sent it more than 256 MB in its calls to the "
        "tests' objects"
    )
    # The failures' own reports, not the summary after them, whose lines repeat each message where the terminal is wide.
    failures = report.split("short test summary info")[0].split("_ test_")[1:]
    assert "12 failed" in report and len(failures) == 12, report[-2000:]
    assert all("DID NOT FINISH" in failure or stop in " ".join(failure.split()) for failure in failures), report[-3000:]
    assert "worker process used up" not in report


@pytest.mark.timeout(120)
def test_pytest_isolate_stops_its_own_run_when_its_process_grows_past_the_cap(tmp_path):
    """`pytest --isolate` watches its own process as `kata grade` watches a student's run: the kata 08
    submission that makes the tests embed three million sentences is stopped soon after 300 MB (the reference
    runs in about 60 MB), the run says why in one line, and no worker is left."""
    kata = find_kata("8")
    submission = tmp_path / f"{kata.module}.py"
    submission.write_text(kata.reference_path().read_text(encoding="utf-8") + GROWS_THE_TESTS_PROCESS, encoding="utf-8")
    started = time.monotonic()
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            f"tests/{kata.slug}",
            f"--impl={submission}",
            "--isolate",
            "--tests-memory=300",
            "-p",
            "no:cacheprovider",
            "-q",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=100,
    )
    took = time.monotonic() - started
    words = " ".join(run.stdout.split())
    assert run.returncode != 0, run.stdout[-2000:]
    assert (
        "The run was stopped: this tests' process, which runs the tests and reads what the workers send (not "
        "a worker), grew past its limit of 300 MB"
    ) in words, run.stdout[-3000:] + run.stderr[-2000:]
    assert re.search(
        r"^08 semantic_chunker +not finished: the run stopped early; \d+ of the \d+ tests run pass, "
        r"\d+ not run$",
        run.stdout,
        re.M,
    ), run.stdout[-2000:]
    assert took < 60, f"the run took {took:.0f} s"


@pytest.mark.parametrize(
    ("options", "error"),
    [
        (
            ["--isolate", "--tests-memory=-5"],
            "--tests-memory=-5: give a whole number of MB, 1 or more, or 0 for no limit",
        ),
        (["--tests-memory=300"], "--tests-memory goes with --isolate"),
    ],
    ids=["negative", "without_isolate"],
)
def test_a_bad_tests_memory_option_is_refused_in_one_line(options, error):
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "tests/01_fixed_windows",
            "--impl=reference",
            *options,
            "-p",
            "no:cacheprovider",
            "-q",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 4 and error in run.stderr, run.stderr
