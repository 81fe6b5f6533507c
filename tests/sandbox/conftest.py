"""Fixtures for the tests of isolation: workers started on a submission the test writes, and stopped after it.

These tests judge the sandbox, not a kata: like the tests of the command (tests/command), they
run only when asked for (pytest -m cli), and leave the checkout as they found it.
"""

from __future__ import annotations

import pytest

from kata.judging.calls import log
from kata.judging.elsewhere import elsewhere
from kata.judging.limits import WORKER_MEMORY_MB
from kata.plugin.registration import connect_the_workers_to_judging
from kata.sandbox import pool
from kata.sandbox.client import WorkerClient
from tests.support.isolated_runs import module_text


@pytest.fixture(scope="session", autouse=True)
def workers_connected_to_judging():
    """These tests start workers in a run that is not isolated: judging is told of them as in an isolated run."""
    connect_the_workers_to_judging()
    yield
    elsewhere.connect(waiting_in=(), read_there=())


@pytest.fixture
def start_worker(tmp_path, monkeypatch):
    """Write a submission module in tmp_path and make a worker for it; every worker made is stopped after the test.

    The workers are made as the runner makes them (pool.worker_for), so that
    start_a_test() applies to them, in a list of this test's own.
    """
    monkeypatch.setattr(pool, "_workers", [])
    monkeypatch.setattr(pool, "_kata_of", {})
    made = []

    def start(
        source: str,
        functions: tuple[str, ...] = ("f",),
        memory_mb: int = WORKER_MEMORY_MB,
        name: str = "submission.py",
        confined: bool = False,
        kata: str | None = None,
    ) -> WorkerClient:
        path = tmp_path / name
        path.write_text(module_text(source))
        worker = pool.worker_for(path, functions, memory_mb, confinement_required=confined, kata=kata)
        made.append(worker)
        return worker

    yield start
    for worker in made:
        worker.stop()


@pytest.fixture
def no_limit_passed():
    """A limit that stops a call is remembered in kata.judging.calls.log; forget it after the test."""
    yield
    log.stopped_by = None
    log.forget()
