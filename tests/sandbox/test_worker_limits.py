"""A worker's own limits: a worker that ends, its address space, its printed output, its stdin and environment.

The worker is killed and replaced when it ends or runs out of memory, and the call fails
with a verdict that says so; the next test gets a fresh worker (kata.sandbox.client).
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from kata.judging.calls import UsedTooMuchMemory, log
from kata.judging.elsewhere import elsewhere
from kata.sandbox import remove_folder
from kata.sandbox.client import WorkerEnded
from kata.sandbox.pool import start_a_test

# A worker that ends -------------------------------------------------------------------------

EXITS = """
import os

def f():
    os._exit(7)

def g():
    return "answered"
"""


def test_os_exit_during_a_call_raises_worker_ended_naming_the_exit_status(start_worker):
    worker = start_worker(EXITS, ("f", "g"))
    with pytest.raises(WorkerEnded, match=r"os\._exit\(7\)"):
        worker.call("f", (), {})
    assert worker.process is None


@pytest.mark.parametrize("signal_name", ["SIGKILL", "SIGTERM"])
def test_a_worker_ended_from_outside_between_requests_is_not_blamed_on_the_code(start_worker, signal_name):
    """A classmate's signal, or the machine's: the call after it names neither os._exit nor the
    broken pipe it meets, as if the student's code had raised it."""
    worker = start_worker(EXITS, ("f", "g"))
    assert worker.call("g", (), {}) == "answered"
    os.kill(worker.process.pid, getattr(signal, signal_name))
    time.sleep(0.2)
    with pytest.raises(
        WorkerEnded,
        match=f"its worker was ended from outside, by the signal {signal_name}, while "
        "it waited for a request: not by the code under test",
    ):
        worker.call("g", (), {})
    assert worker.process is None


SIGNALS_ITSELF = """
import os
import signal
import sys
import threading

def queue(name):  # blocked, the signal waits for the next request, which unblocks it
    signal.pthread_sigmask(signal.SIG_BLOCK, [getattr(signal, name)])
    os.kill(os.getpid(), getattr(signal, name))
    return "queued"

def deliver():
    signal.pthread_sigmask(signal.SIG_UNBLOCK, list(signal.valid_signals()))
    return "not ended"

def kill_itself_once_it_has_answered():
    main = threading.main_thread().ident
    def waits_for_the_next_request():
        while sys._current_frames()[main].f_code.co_name != "receive":
            os.sched_yield()
        os.kill(os.getpid(), signal.SIGKILL)
    threading.Thread(target=waits_for_the_next_request, daemon=True).start()
    return list(range(2_000_000))  # the tests parse it meanwhile, before they stop the worker
"""


@pytest.mark.parametrize("signal_name", ["SIGALRM", "SIGTERM"])
def test_a_signal_the_worker_sent_itself_is_not_read_as_sent_from_outside(start_worker, signal_name):
    """Queued while blocked, it waits through the rest between two requests, and ends the worker
    in the next: the code under test did it, and the words only say which signal ended it."""
    worker = start_worker(SIGNALS_ITSELF, ("queue", "deliver"))
    assert worker.call("queue", (signal_name,), {}) == "queued"
    time.sleep(0.2)
    with pytest.raises(WorkerEnded) as ended:
        worker.call("deliver", (), {})
    assert str(ended.value) == f"the worker process was ended by the signal {signal_name}"


def test_a_worker_that_kills_itself_once_it_has_answered_is_not_read_as_ended_from_outside(start_worker):
    """It may end before the tests stop it, while they read its answer: it was not seen stopped."""
    worker = start_worker(SIGNALS_ITSELF, ("kill_itself_once_it_has_answered",))
    assert len(worker.call("kill_itself_once_it_has_answered", (), {})) == 2_000_000
    with pytest.raises(WorkerEnded) as ended:
        worker.call("kill_itself_once_it_has_answered", (), {})
    assert "from outside" not in str(ended.value)
    assert "ended by the signal SIGKILL" in str(ended.value)


def test_no_call_runs_in_a_worker_while_judging_is_not_told_of_the_workers(start_worker, monkeypatch):
    """Judging would then stop no call at its limit at once, and measure a generator's memory in the
    tests' process instead of the worker's: the run fails closed instead of judging wrongly."""
    worker = start_worker(EXITS, ("f", "g"))
    monkeypatch.setattr(elsewhere, "_waiting_in", frozenset())
    monkeypatch.setattr(elsewhere, "_read_there", frozenset())
    with pytest.raises(RuntimeError, match=r"judging was not told of the worker processes \(elsewhere\.connect\)"):
        worker.call("g", (), {})
    assert worker.process is None


def test_a_call_after_the_worker_ended_fails_at_once_without_starting_a_process(start_worker):
    worker = start_worker(EXITS, ("f", "g"))
    with pytest.raises(WorkerEnded):
        worker.call("f", (), {})
    with pytest.raises(WorkerEnded, match=r"os\._exit\(7\)"):
        worker.call("g", (), {})
    assert worker.process is None


def test_in_the_next_test_a_worker_that_ended_is_started_afresh(start_worker):
    worker = start_worker(EXITS, ("f", "g"))
    with pytest.raises(WorkerEnded):
        worker.call("f", (), {})
    start_a_test()
    assert worker.call("g", (), {}) == "answered"
    assert worker.process is not None


# Memory, printed output, stdin and environment -----------------------------------------------

ALLOCATES = """
def f():
    return len(bytearray(400_000_000))

def g():
    return "answered"
"""


def test_allocating_past_the_address_space_raises_used_too_much_memory(start_worker, no_limit_passed):
    worker = start_worker(ALLOCATES, ("f", "g"), memory_mb=256)
    with pytest.raises(UsedTooMuchMemory, match="256 MB"):
        worker.call("f", (), {})
    assert worker.process is None


def test_after_running_out_of_memory_the_next_call_gets_a_fresh_worker(start_worker, no_limit_passed):
    worker = start_worker(ALLOCATES, ("f", "g"), memory_mb=256)
    worker.start_if_needed()
    first = worker.process.pid
    with pytest.raises(UsedTooMuchMemory):
        worker.call("f", (), {})
    log.stopped_by = None
    start_a_test()
    assert worker.call("g", (), {}) == "answered"
    assert worker.process.pid != first


def test_printed_output_is_cut_to_a_few_thousand_characters(start_worker):
    worker = start_worker("""
        def f():
            print("x" * 1_000_000)
            return "answered"
    """)
    assert worker.call("f", (), {}) == "answered"
    assert len(worker.output) <= 4100
    assert worker.output.startswith("xxx") and "[... 996001 more characters not kept]" in worker.output


def test_the_submission_has_no_stdin_to_wait_on(start_worker):
    worker = start_worker("""
        def f():
            try:
                return input()
            except EOFError as error:
                return type(error).__name__
    """)
    assert worker.call("f", (), {}) == "EOFError"


def test_the_submission_sees_a_small_environment_without_the_graders_secrets(start_worker, monkeypatch):
    monkeypatch.setenv("GRADER_TOKEN", "do not show the students")
    worker = start_worker("""
        import os

        def f():
            return sorted(os.environ), os.getcwd(), os.environ["HOME"]
    """)
    names, folder, home = worker.call("f", (), {})
    assert "GRADER_TOKEN" not in names
    capped = {"KATA_MAX_LANDLOCK_ABI"} & set(os.environ)  # passed on when set, so that workers use the cap
    assert set(names) <= {
        "PATH",
        "HOME",
        "TMPDIR",
        "LANG",
        "LC_CTYPE",
        "PYTHONPATH",
        "PYTHONHASHSEED",
        "PYTHONSAFEPATH",
        *capped,
    }, names
    assert home == folder and Path(folder).name.startswith("kata-worker-")


# A worker's folder -----------------------------------------------------------------------------


def test_a_folder_nested_thousands_deep_is_removed(tmp_path, monkeypatch):
    """shutil.rmtree recurses once per level; an unconfined worker may nest folders deeper than Python recurses."""
    top = tmp_path / "worker"
    top.mkdir()
    try:
        monkeypatch.chdir(top)
        for _ in range(3000):
            os.mkdir("d")
            os.chdir("d")
        monkeypatch.chdir(tmp_path)
        remove_folder(top)
        assert not top.exists()
    finally:
        # Whatever failed above: left behind, the folder would make pytest's own cleanup of its
        # temporary folders, in a later session, fail with RecursionError.
        unnest(top)
        monkeypatch.chdir(tmp_path)


def unnest(top: Path) -> None:
    """Remove top/d/d/.../d one level at a time, from the deepest up, with no recursion."""
    if not top.exists():
        return
    os.chdir(top)
    depth = 0
    while os.path.isdir("d"):
        os.chdir("d")
        depth += 1
    for _ in range(depth):
        os.chdir("..")
        os.rmdir("d")
    os.chdir(top.parent)
    top.rmdir()
