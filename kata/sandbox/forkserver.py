"""The fork server's process: it forks every worker of a test run from itself, in a millisecond or two.

Started by the tests' process (kata.sandbox.forking, which says why a fork server) as
`python -m kata.sandbox.forkserver`, with nothing of any submission loaded, this process
imports once what a worker needs, works out the confinement every worker will apply to
itself, and then serves the tests' requests on a Unix socket: fork a worker (its settings
and the ends of its two pipes arrive with the request; the reply is its process id), or
tell a worker's exit status (the workers are this process's children). Between requests it
looks at its workers and kills one that runs too many threads or fills the kernel's page
tables: limits no rlimit sets. When the tests' process is gone, so are this server and
every worker it started.

Everything here runs in the fork server's process; a forked worker leaves this loop at
once for kata.sandbox.worker.run, and never comes back to it.
"""

from __future__ import annotations

import json
import os
import select
import signal
import socket
import sys
import time

from kata.katas import MATERIALS
from kata.sandbox.confinement import Confinement, ConfinementFailed, readable_paths
from kata.sandbox.identity import end_with_the_parent, open_the_runtime, runs_as_root
from kata.sandbox.limits import MAX_PAGE_TABLES_KB, MAX_THREADS, PARENT_CHECK_SECONDS, THREAD_CHECK_SECONDS
from kata.sandbox.sight import Unnamed, workers_can_be_kept_from_sight
from kata.sandbox.worker import run


def main() -> None:
    settings = json.loads(sys.argv[1])
    import_what_every_worker_needs()  # before the runtime's folders are covered, which may hide the repository
    serve_forks(
        socket.socket(fileno=settings["fork_server_fd"]),
        prepare_confinement(settings["hidden"], tuple(settings["unnamed_fds"])),
    )


def import_what_every_worker_needs() -> None:
    """Imported once here, so that no worker spends its start on them; and a confined worker
    could not read the runner's files to import them: these are all it ever needs."""
    import importlib
    import resource  # noqa: F401

    import kata.judging.measured_reading  # noqa: F401

    for material in MATERIALS:  # which submissions import, and which the tests' copies are made from (rebuild)
        importlib.import_module(material)


def prepare_confinement(hidden: list[str], unnamed: tuple[int, ...]) -> Confinement | str:
    """The confinement every worker will apply to itself, or why there can be none here.

    `hidden`, the folders hidden by name; `unnamed`, descriptors of those hidden by descriptor alone."""
    unnamed_folders = Unnamed(unnamed, kept=runs_as_root() and workers_can_be_kept_from_sight())
    try:
        if runs_as_root():  # its workers each take a user of their own: the runtime must be open to them
            open_the_runtime(readable_paths(hidden, unnamed_folders))
        return Confinement(hidden, unnamed_folders)
    except ConfinementFailed as error:
        return str(error)
    finally:
        unnamed_folders.forget()


def serve_forks(control: socket.socket, confinement: Confinement | str) -> None:
    """Start a worker for each request of the tests' process, forked from this process.

    A request brings the worker's settings and the ends of its two pipes; the reply is
    its process id. The tests' process also asks here for a worker's exit status, since
    the workers are this process's children. When the tests' process is gone, so are
    this server and every worker it started.
    """
    parent, children, stopped_for = os.getppid(), set[int](), dict[int, str]()
    while True:
        request: dict = {"op": "end"}
        fds: list[int] = []
        try:
            if select.select([control], [], [], THREAD_CHECK_SECONDS if children else PARENT_CHECK_SECONDS)[0]:
                data, fds, _, _ = socket.recv_fds(control, 1 << 16, 2)
                request = json.loads(data) if data else request
            elif os.getppid() == parent:
                stopped_for.update(stop_workers_past_their_kernel_limits(children - stopped_for.keys()))
                continue
        except (OSError, ValueError):
            pass
        if request.get("op") == "start" and len(fds) == 2:
            reply: dict = {"pid": fork_a_worker(control, request["settings"], fds, confinement)}
            children.add(reply["pid"])
        elif request.get("op") == "wait":
            pid = int(request["pid"])
            reply = {"returncode": exit_status_of(pid), "stopped_for": stopped_for.pop(pid, "")}
            children.discard(pid)
        else:  # the tests' process has gone, or speaks nonsense
            for child in children:
                try:
                    os.killpg(child, signal.SIGKILL)
                except OSError:
                    pass
            os._exit(0)
        for fd in fds:
            os.close(fd)
        reply["id"] = request.get("id")  # which request it answers: one that gave up may still be read
        control.send(json.dumps(reply).encode("ascii"))


def stop_workers_past_their_kernel_limits(workers: set[int]) -> dict[int, str]:
    """Kill each worker running more than MAX_THREADS threads or holding more than MAX_PAGE_TABLES_KB
    of page tables; returns why, by process id."""
    stopped = {}
    for pid in workers:
        why = kernel_limit_passed(status_of(pid))
        if why == MAIN_THREAD_ENDED:
            # A worker ending by exit_group shows this state for an instant, while its other
            # threads are being ended: only one that still shows it a moment later is stopped.
            time.sleep(THREAD_CHECK_SECONDS)
            why = kernel_limit_passed(status_of(pid))
        if why is None:
            continue
        stopped[pid] = why
        try:
            os.killpg(pid, signal.SIGKILL)
        except OSError:
            pass
    return stopped


def status_of(pid: int) -> dict[bytes, bytes]:
    """The fields of the process's /proc status; none when it has been reaped, or there is no /proc."""
    try:
        with open(f"/proc/{pid}/status", "rb") as status:
            return dict(line.split(b":", 1) for line in status.read().splitlines() if b":" in line)
    except OSError:
        return {}


MAIN_THREAD_ENDED = "its main thread ended while its other threads ran on"


def kernel_limit_passed(status: dict[bytes, bytes]) -> str | None:
    """Why a worker with this /proc status must be stopped, or None."""
    threads = int(status.get(b"Threads", b"0"))
    if status.get(b"State", b"").strip().startswith(b"Z"):
        # The main thread ended alone (a raw exit system call) and left the others running:
        # the status of a zombie shows neither its page tables nor, once read, anything to
        # count again, so its threads would escape both limits. A worker answers from its
        # main thread; a zombie with no other thread is only ending.
        return MAIN_THREAD_ENDED if threads > 1 else None
    if threads > MAX_THREADS:
        return f"it ran more than {MAX_THREADS} threads"
    page_tables = status.get(b"VmPTE", b"").split()
    if page_tables and int(page_tables[0]) > MAX_PAGE_TABLES_KB:
        return (
            f"its memory mappings took more than {MAX_PAGE_TABLES_KB // 1024} MB of the kernel's "
            "page tables (thousands of small mappings, scattered)"
        )
    return None


def fork_a_worker(control: socket.socket, settings: dict, fds: list[int], confinement: Confinement | str) -> int:
    server = os.getpid()
    pid = os.fork()
    if pid:
        return pid
    try:
        control.close()
        os.setsid()  # its own process group: a kill reaches anything it started
        end_with_the_parent(server)  # and it ends with the server, which its own session would outlive
        settings["read_fd"], settings["write_fd"] = fds
        # As `python module.py` would have it; its settings are not there: they hold nothing it needs.
        sys.argv[:] = [settings["module"]]
        run(settings, confinement)
    finally:
        os._exit(1)  # never back into the server's loop


def exit_status_of(pid: int) -> int | None:
    """The worker's exit code, or minus the signal that ended it (as subprocess gives it); None if unknown."""
    try:
        _, status = os.waitpid(pid, 0)
    except ChildProcessError:
        return None
    return os.waitstatus_to_exitcode(status)


if __name__ == "__main__":
    main()
