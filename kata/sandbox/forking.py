"""The tests' side of the fork server: starting this run's one, and asking it for workers.

A fresh Python takes tens of milliseconds to start and import the worker's modules, and a
submission that stalls or crashes needs a fresh worker for every test it meets: for a
class, that was a good part of the grading time. So each test run starts one server
process (kata.sandbox.forkserver, with nothing of any submission loaded) and the server
forks every worker from itself, modules already imported. The ends of a worker's pipes
travel to the server over a Unix socket; the server answers with the worker's process id,
and later with its exit status, since the workers are its children.

Why not multiprocessing's own "forkserver" start method: its children are multiprocessing
Processes, which unpickle what they are sent (the very thing a worker must never do with a
message that a classmate's code could shape), and its server neither confines what it
forks nor counts their threads; the few lines here do exactly what a worker needs.

Everything here runs in the tests' process; the server's side of each request is
kata.sandbox.forkserver.serve_forks.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
from typing import TYPE_CHECKING

from kata.katas import ROOT
from kata.sandbox import sight
from kata.sandbox.limits import ALSO_HIDDEN_VARIABLE, FORK_SERVER_SECONDS, MAX_ABI_VARIABLE

if TYPE_CHECKING:
    from collections.abc import Callable


class ForkServerFailed(Exception):
    """The fork server did not start, or stopped answering."""


class ForkedProcess:
    """A worker forked by the server: what subprocess.Popen would tell of it."""

    def __init__(self, server: ForkServer, pid: int):
        self.server = server
        self.pid = pid
        self.returncode: int | None = None
        self.stopped_for = ""  # why the server stopped it, when it did ("it ran more than 64 threads")

    def wait(self) -> int | None:
        """The worker's exit status, once it has ended (kill it first).

        Minus the signal that ended it, as Popen gives it.
        """
        if self.returncode is None:
            try:
                self.returncode, self.stopped_for = self.server.exit_status(self.pid)
            except ForkServerFailed:
                pass  # a server that has ended cannot tell: the status stays unknown
        return self.returncode


class ForkServer:
    requests = 0  # the requests sent so far: each reply repeats its request's number

    def __init__(self, environment: dict[str, str], hidden: list[str]):
        """A server whose workers read nothing of `hidden`. The repository's and the temporary folder's names
        are no secret, and go by name; any other folder (a class's, the grading folder's) goes as a descriptor
        alone, for nothing of its name to be in the server's memory, which every worker is forked from."""
        by_name = [path for path in hidden if is_public(path)]
        unnamed = [
            os.open(path, os.O_PATH | os.O_CLOEXEC)
            for path in hidden
            if not is_public(path)
            and not any(sight.inside(os.path.realpath(path), os.path.realpath(outer)) for outer in by_name)
            and os.path.exists(path)
        ]
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)  # one message per datagram
        try:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-s",
                    "-m",
                    "kata.sandbox.forkserver",
                    json.dumps({"fork_server_fd": theirs.fileno(), "hidden": by_name, "unnamed_fds": unnamed}),
                ],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                pass_fds=(theirs.fileno(), *unnamed),
                cwd=tempfile.gettempdir(),
                env=environment,
                start_new_session=True,
            )
        except OSError as error:
            ours.close()
            raise ForkServerFailed(f"the fork server of the worker processes could not start ({error})") from None
        finally:
            theirs.close()
            for fd in unnamed:
                os.close(fd)
        self.control = ours
        self.control.settimeout(FORK_SERVER_SECONDS)

    def start(self, settings: dict, read_fd: int, write_fd: int) -> ForkedProcess:
        """Fork a worker with these settings, reading requests from read_fd and writing replies to write_fd."""
        number, request = self._numbered({"op": "start", "settings": settings})
        reply = self._exchange(number, lambda: socket.send_fds(self.control, [request], [read_fd, write_fd]))
        if type(reply.get("pid")) is not int:
            raise ForkServerFailed("the fork server of the worker processes started no worker")
        return ForkedProcess(self, reply["pid"])

    def exit_status(self, pid: int) -> tuple[int | None, str]:
        """The worker's exit status, and why the server stopped it if it did ("" if not)."""
        number, request = self._numbered({"op": "wait", "pid": pid})
        reply = self._exchange(number, lambda: self.control.send(request))
        return reply.get("returncode"), str(reply.get("stopped_for") or "")

    def _numbered(self, request: dict) -> tuple[int, bytes]:
        """The request with a number of its own, which the server's reply repeats."""
        self.requests += 1
        return self.requests, json.dumps({**request, "id": self.requests}).encode("ascii")

    def is_running(self) -> bool:
        return self.process.poll() is None

    def _exchange(self, number: int, send: Callable[[], object]) -> dict:
        """Send a request, and read replies until the one to it: a reply that came after its own request gave
        up (a loaded machine) answers an earlier request, and is set aside, never taken for this one's."""
        try:
            send()
            while True:
                reply = json.loads(self.control.recv(1 << 16) or b"null")
                if not isinstance(reply, dict) or reply.get("id") == number:
                    break
        except (OSError, ValueError) as error:
            raise ForkServerFailed(f"the fork server of the worker processes did not answer ({error})") from None
        if not isinstance(reply, dict):
            raise ForkServerFailed("the fork server of the worker processes has ended")
        return reply

    def stop(self) -> None:
        self.control.close()
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self.process.wait()


_fork_server: ForkServer | None = None


def fork_server() -> ForkServer:
    """The server that forks this run's workers, started on the first need (and again if it has ended)."""
    global _fork_server
    if _fork_server is None or not _fork_server.is_running():
        _fork_server = ForkServer(worker_environment(), hidden=hidden_from_every_worker())
    return _fork_server


def is_public(path: str) -> bool:
    """Whether a hidden folder's name is no secret: the repository's (on every worker's PYTHONPATH, in every
    code object) and the temporary folder's."""
    return os.path.realpath(path) in (os.path.realpath(ROOT), os.path.realpath(tempfile.gettempdir()))


def hidden_from_every_worker() -> list[str]:
    """No worker may read the repository, nor anything in the temporary folder but its own, nor the
    folders the run was told to hide (ALSO_HIDDEN_VARIABLE: a class's, under kata grade)."""
    named = [path for path in os.environ.get(ALSO_HIDDEN_VARIABLE, "").split(os.pathsep) if path.strip()]
    return [str(ROOT), tempfile.gettempdir(), *named]


def stop_the_fork_server() -> None:
    """Stop this run's fork server, if one runs: every worker it forked ends with it."""
    global _fork_server
    if _fork_server is not None:
        _fork_server.stop()
        _fork_server = None


def worker_environment() -> dict:
    """A small environment: the submission sees no tokens or secrets of the grading machine.

    Each worker sets HOME and TMPDIR to its own folder.
    """
    environment = {
        "PATH": os.environ.get("PATH", ""),
        "LANG": "C.UTF-8",
        "PYTHONPATH": str(ROOT),
        "PYTHONHASHSEED": "0",
        "PYTHONSAFEPATH": "1",
    }
    if os.environ.get(MAX_ABI_VARIABLE):  # the confinement's Landlock ABI, capped for tests
        environment[MAX_ABI_VARIABLE] = os.environ[MAX_ABI_VARIABLE]
    return environment
