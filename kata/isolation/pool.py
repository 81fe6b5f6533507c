"""The workers of a test run: made for the runner, told of each new test, and all stopped when the run ends.

Also what judging must know of the workers (kata.judging.elsewhere), which the runner's
plugin tells it when a run is isolated. Everything here runs in the tests' process.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kata.isolation import channel, client, clock, handles, kept, memory, values
from kata.isolation.client import WorkerClient, WorkerIterator
from kata.isolation.forking import stop_the_fork_server
from kata.judging.elsewhere import elsewhere

if TYPE_CHECKING:
    from pathlib import Path

# Code in these files runs while the tests wait for a worker's reply, so a limit passed there
# stops the call at once; and these iterators are read in their worker (read_measuring_memory).
WAITING_IN = (client.__file__, clock.__file__, memory.__file__, values.__file__, handles.__file__, channel.__file__,
              kept.__file__)
READ_THERE = (WorkerIterator,)

_workers: list[WorkerClient] = []


def connect_to_judging() -> None:
    """Tell judging what it must know of the workers (kata.judging.elsewhere); until then no worker starts."""
    elsewhere.connect(waiting_in=WAITING_IN, read_there=READ_THERE)


def worker_for(source: Path, functions: tuple[str, ...], memory_mb: int,
               confinement_required: bool = False) -> WorkerClient:
    worker = WorkerClient(source, functions, memory_mb, confinement_required)
    _workers.append(worker)
    return worker


def start_a_test(own_worker: bool = False) -> None:
    """A new test: a worker that ended during the last one may be started again, and the tests' objects
    the last one passed it are let go (kata.isolation.kept).

    With own_worker, every worker is stopped: the test's first call starts one for it alone.
    """
    for worker in _workers:
        worker.ended_in_this_test = None
        worker.started_in_this_test = False
        worker.let_go_of_the_last_test()
        if own_worker:
            worker.stop()


def stop_all_workers() -> None:
    """Stop every worker and the fork server, even when stopping one of them fails."""
    failures = []
    for worker in _workers:
        try:
            worker.stop()
        except Exception as error:  # the others must be stopped all the same; the failure is raised after
            failures.append(error)
    _workers.clear()
    stop_the_fork_server()
    if failures:
        raise failures[0]
