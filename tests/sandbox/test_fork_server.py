"""The fork server (kata.sandbox.forking, forkserver): one per run, restarted, gone with its run.

It also stops a worker past the limits no rlimit sets: too many threads, a main thread
that ended while the others run on, page tables filled by scattered mappings.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kata.katas import ROOT
from kata.sandbox import forking
from kata.sandbox.client import WorkerCouldNotStart, WorkerEnded
from kata.sandbox.limits import PARENT_CHECK_SECONDS

# Starting workers: each is forked from one server per run --------------------------------------

PARENT = """
    import os

    def f():
        return os.getppid(), os.getpid()
"""


def test_every_worker_is_forked_from_the_runs_one_fork_server(start_worker):
    first, second = start_worker(PARENT, name="first.py"), start_worker(PARENT, name="second.py")
    (first_parent, first_pid), (second_parent, second_pid) = first.call("f", (), {}), second.call("f", (), {})
    assert first_parent == second_parent == forking.fork_server().process.pid
    assert first_pid != second_pid


def test_a_fork_server_that_has_ended_is_started_again(start_worker):
    worker = start_worker(PARENT)
    server = forking.fork_server()
    server.process.kill()
    server.process.wait()
    parent, _ = worker.call("f", (), {})
    assert parent == forking.fork_server().process.pid != server.process.pid


KILLED_RUN = """
import sys, time
from pathlib import Path
from kata.sandbox import forking, pool
from kata.sandbox.client import WorkerClient

pool.connect_to_judging()
worker = WorkerClient(Path(sys.argv[1]), ("f",))
worker.start_if_needed()
print(forking.fork_server().process.pid, worker.process.pid, flush=True)
worker.call("f", (), {})  # never returns: the run is killed meanwhile
"""


def test_when_the_tests_process_is_killed_its_fork_server_and_stalled_worker_end_too(tmp_path):
    submission = tmp_path / "submission" / "stalls.py"
    submission.parent.mkdir()
    submission.write_text("def f():\n    while True:\n        pass\n")
    run = subprocess.Popen(
        [sys.executable, "-c", KILLED_RUN, str(submission)], stdout=subprocess.PIPE, text=True, cwd=ROOT
    )
    try:
        pids = [int(pid) for pid in run.stdout.readline().split()]
        assert len(pids) == 2, "the run did not start its worker"
        time.sleep(0.2)  # the worker is in its loop
    finally:
        run.kill()
        run.wait()
    deadline = time.monotonic() + 3 * PARENT_CHECK_SECONDS + 2
    while any(is_running(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(is_running(pid) for pid in pids), "the fork server or its worker outlived the killed run"


KILLED_SERVER = KILLED_RUN.replace(
    'worker.call("f", (), {})  # never returns: the run is killed meanwhile',
    """\
import os, signal, threading
threading.Thread(target=worker.call, args=("f", (), {}), daemon=True).start()
time.sleep(0.3)  # the worker is in its loop
os.kill(forking.fork_server().process.pid, signal.SIGKILL)  # the server alone, as a stop or an OOM kill may
time.sleep(60)""",
)


def test_a_worker_whose_fork_server_is_killed_ends_too(tmp_path):
    """A worker has a session of its own, so a kill of its fork server's group does not reach it: in the middle
    of a call, it spun on, orphaned, for as long as the machine ran, until it ended with its fork server."""
    submission = tmp_path / "submission" / "stalls.py"
    submission.parent.mkdir()
    submission.write_text("def f():\n    while True:\n        pass\n")
    run = subprocess.Popen(
        [sys.executable, "-c", KILLED_SERVER, str(submission)], stdout=subprocess.PIPE, text=True, cwd=ROOT
    )
    pids: list[int] = []
    try:
        pids = [int(pid) for pid in run.stdout.readline().split()]
        assert len(pids) == 2, "the run did not start its worker"
        deadline = time.monotonic() + 5
        while is_running(pids[1]) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not is_running(pids[1]), "the worker outlived its fork server"
    finally:
        run.kill()
        run.wait()
        if len(pids) == 2 and is_running(pids[1]):
            os.kill(pids[1], signal.SIGKILL)


def is_running(pid: int) -> bool:
    """True if the process exists and (where /proc tells) is not a zombie waiting to be reaped."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return True  # no /proc: the process exists
    return state not in ("Z", "X")


# The limits no rlimit sets, which the fork server watches: threads and page tables ---------------

THREAD_BOMB = """
import threading

def f():
    threading.stack_size(64 * 1024)  # the smallest stacks, so that the address space limit comes last
    for _ in range(20_000):
        threading.Thread(target=threading.Event().wait, daemon=True).start()
    return "started"
"""


def test_a_worker_that_starts_thousands_of_threads_is_stopped(start_worker):
    """Each thread takes a process id: thousands would leave none for a classmate's run."""
    worker = start_worker(THREAD_BOMB)
    with pytest.raises(WorkerEnded, match="the worker process was stopped: it ran more than 64 threads"):
        worker.call("f", (), {})


def test_a_worker_that_starts_thousands_of_threads_while_loading_is_stopped(start_worker):
    worker = start_worker(THREAD_BOMB + "\nf()\n")
    with pytest.raises(WorkerCouldNotStart, match="it ran more than 64 threads"):
        worker.start_if_needed()


# The main thread ends alone (the exit system call, not exit_group) and a thread of its own
# answers in its place, then starts hundreds more: the fork server read the status of a zombie
# main thread as that of a worker that had ended, and counted its threads no more.
ENDS_ITS_MAIN_THREAD = """
import ctypes
import gc
import sys
import threading
import time


def take_over():
    time.sleep(0.2)  # the main thread has ended by now
    worker = next(thing for thing in gc.get_objects() if type(thing).__name__ == "WorkerProcess")
    values = sys.modules["kata.sandbox.values"]
    worker.channel.send({"returned": values.Encoder(worker.codec).encode("started"), "output": ""})
    threading.stack_size(64 * 1024)
    for _ in range(400):
        threading.Thread(target=time.sleep, args=(60,), daemon=True).start()
    worker.serve_forever()


def f():
    threading.Thread(target=take_over).start()
    ctypes.CDLL(None).syscall(60, 0)  # SYS_exit: this thread only
"""


def test_a_worker_whose_main_thread_ends_while_its_threads_run_on_is_stopped(start_worker):
    worker = start_worker(ENDS_ITS_MAIN_THREAD)
    with pytest.raises(
        WorkerEnded, match="the worker process was stopped: its main thread ended while its other threads ran on"
    ):
        worker.call("f", (), {})


SCATTERS_ITS_MAPPINGS = """
import ctypes
import mmap

libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
kept = []


def f():
    for gibibyte in range(1024, 1024 + 70_000):  # from 1 TiB up, one page in each GiB
        page = libc.mmap(gibibyte << 30, 4096, mmap.PROT_READ, mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS, -1, 0)
        if page in (None, ctypes.c_void_p(-1).value):
            return "refused"
        kept.append(ctypes.c_char.from_address(page).value)  # maps the zero page, which no resident count has
    return "mapped"
"""


def test_a_worker_whose_scattered_mappings_fill_the_kernels_page_tables_is_stopped(start_worker):
    """Each page, a gigabyte from the next, takes page tables of its own: kernel memory that neither
    the address space limit (4 KiB a page) nor the resident memory counts, half a gigabyte in all."""
    worker = start_worker(SCATTERS_ITS_MAPPINGS)
    with pytest.raises(
        WorkerEnded,
        match="the worker process was stopped: its memory mappings took more than 16 MB of the kernel's page tables",
    ):
        worker.call("f", (), {})


def test_a_worker_may_run_a_few_threads(start_worker):
    worker = start_worker("""
from concurrent.futures import ThreadPoolExecutor

def f():
    with ThreadPoolExecutor(max_workers=8) as pool:
        return sum(pool.map(len, ["ab"] * 1000))
""")
    assert worker.call("f", (), {}) == 2000


def test_a_reply_that_comes_after_its_request_gave_up_is_never_read_as_the_next_ones(monkeypatch):
    """A loaded machine can make the fork server answer after FORK_SERVER_SECONDS: that late reply (a worker's
    exit status) must not be taken for the answer to the next request (a new worker's pid)."""
    import json as _json
    import socket as _socket
    import threading as _threading

    from kata.sandbox.forking import ForkServer, ForkServerFailed

    ours, theirs = _socket.socketpair(_socket.AF_UNIX, _socket.SOCK_DGRAM)
    server = object.__new__(ForkServer)
    server.control = ours
    ours.settimeout(0.2)

    def answer_late_then_right():
        first = _json.loads(theirs.recv(1 << 16))
        second = _json.loads(theirs.recv(1 << 16))  # sent once the first request gave up
        theirs.send(_json.dumps({"returncode": 0, "stopped_for": "", "id": first.get("id")}).encode())
        theirs.send(_json.dumps({"returncode": 7, "stopped_for": "", "id": second.get("id")}).encode())

    thread = _threading.Thread(target=answer_late_then_right, daemon=True)
    thread.start()
    with pytest.raises(ForkServerFailed):
        server.exit_status(111)
    ours.settimeout(5)
    assert server.exit_status(222) == (7, "")
    thread.join(5)
    ours.close()
    theirs.close()
