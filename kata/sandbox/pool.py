"""The workers of a test run: made for the runner, told of each new test, and all stopped when the run ends.

A kata's workers are stopped when the run moves on to another kata's tests: a worker rests,
stopped, with its memory, between its requests, and kept to the end of the run every kata's
worker would be alive at once (ten katas, ten times --memory, for each student graded).

Also what judging must know of the workers (kata.judging.elsewhere), which the runner's
plugin tells it when a run is isolated. Everything here runs in the tests' process.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kata.judging.elsewhere import elsewhere
from kata.sandbox import channel, client, clock, handles, kept, memory, values
from kata.sandbox.client import WorkerClient, WorkerIterator
from kata.sandbox.forking import stop_the_fork_server

if TYPE_CHECKING:
    from pathlib import Path

# Code in these files runs while the tests wait for a worker's reply, so a limit passed there
# stops the call at once; and these iterators are read in their worker (read_measuring_memory).
WAITING_IN = (
    client.__file__,
    clock.__file__,
    memory.__file__,
    values.__file__,
    handles.__file__,
    channel.__file__,
    kept.__file__,
)
READ_THERE = (WorkerIterator,)

_workers: list[WorkerClient] = []
_kata_of: dict[WorkerClient, str] = {}  # the kata whose tests each worker serves, when it was given


def connect_to_judging() -> None:
    """Tell judging what it must know of the workers (kata.judging.elsewhere); until then no worker starts."""
    elsewhere.connect(waiting_in=WAITING_IN, read_there=READ_THERE)


def worker_for(
    source: Path,
    functions: tuple[str, ...],
    memory_mb: int,
    confinement_required: bool = False,
    kata: str | None = None,
) -> WorkerClient:
    """A worker for the functions of `source`; `kata`, the slug of the kata whose tests it serves.

    The workers of other katas are stopped first: the runner loads every kata's module before
    the first test (to tell which cannot run), and each load holds a worker, with its memory.
    """
    if kata is not None:
        _stop_the_workers_of_katas_but(kata)
    worker = WorkerClient(source, functions, memory_mb, confinement_required)
    _workers.append(worker)
    if kata is not None:
        _kata_of[worker] = kata
    return worker


def start_a_test(own_worker: bool = False, kata: str | None = None) -> None:
    """A new test (of `kata`, a slug, when it is a kata's): a worker that ended during the last one may be
    started again, and the workers of every other kata are stopped, so that a run holds one kata's
    memory at a time; a kata whose tests come back later (another order, a distributed run) has its
    worker started again at its first call. The tests' objects the last test passed a worker are let go
    (kata.sandbox.kept).

    With own_worker, every worker is stopped: the test's first call starts one for it alone.
    """
    for worker in _workers:
        worker.ended_in_this_test = None
        worker.started_in_this_test = False
        worker.let_go_of_the_last_test()
        if own_worker:
            worker.stop()
    if kata is not None:
        _stop_the_workers_of_katas_but(kata)


def _stop_the_workers_of_katas_but(kata: str) -> None:
    for worker in _workers:
        if _kata_of.get(worker, kata) != kata:
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
    _kata_of.clear()
    stop_the_fork_server()
    if failures:
        raise failures[0]
