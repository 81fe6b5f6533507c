"""A worker that speaks the protocol itself: what it sends is read as data, never trusted, and bounded.

Garbage, a reference to nothing, a message too long or holding too many lists to decode
safely: each ends the worker and fails the call (kata.sandbox.channel, values, handles).
"""

from __future__ import annotations

import time

import pytest

from kata.sandbox.client import WorkerEnded
from tests.support.isolated_runs import SPEAKS_THE_PROTOCOL, hostile_report, needs_confinement

# A submission that speaks the protocol itself (isolated_runs.SPEAKS_THE_PROTOCOL) ------------------


def test_garbage_on_the_reply_pipe_makes_the_call_raise_worker_ended(start_worker):
    worker = start_worker(
        SPEAKS_THE_PROTOCOL
        + """
def f():
    send(b"not json\\n")
    return 1
"""
    )
    with pytest.raises(WorkerEnded, match="not an answer"):
        worker.call("f", (), {})
    assert worker.process is None


def test_a_reply_longer_than_any_answer_is_refused_before_it_is_decoded(start_worker):
    """A line of 40 MB of empty lists would take over a gigabyte here once decoded."""
    worker = start_worker(
        SPEAKS_THE_PROTOCOL
        + """
def f():
    send(b'{"returned": [' + b'[],' * (40 * 1024 * 1024 // 3))
    return 1
""",
        memory_mb=512,
    )
    with pytest.raises(WorkerEnded, match=r"not an answer.*longer than"):
        worker.call("f", (), {})
    assert worker.process is None


def test_a_reply_that_refers_to_nothing_makes_the_call_raise_worker_ended(start_worker):
    worker = start_worker(
        SPEAKS_THE_PROTOCOL
        + """
def f():
    send(b'{"returned": {"ref": 9}}\\n')
    return 1
"""
    )
    with pytest.raises(WorkerEnded, match="not an answer"):
        worker.call("f", (), {})
    assert worker.process is None


def test_the_worker_may_not_call_a_method_of_the_tests_objects_that_was_not_offered(start_worker):
    worker = start_worker(
        SPEAKS_THE_PROTOCOL
        + """
def f(callback):
    return ask({"op": "call", "handle": callback._handle, "method": "__setattr__",
                "args": ["changed_by_the_worker", True], "kwargs": {}})
"""
    )

    def callback():
        return None

    with pytest.raises(WorkerEnded, match="not allowed"):
        worker.call("f", (callback,), {})
    assert not hasattr(callback, "changed_by_the_worker")
    assert worker.process is None


@needs_confinement
@pytest.mark.slow
@pytest.mark.timeout(90)
def test_a_reply_of_millions_of_nested_lists_is_refused_before_it_is_decoded(tmp_path):
    """31 MB of nested empty lists would take the tests' process 1.4 GB and 8 s of CPU to decode,
    in one call no limit can interrupt; a reply may hold at most MAX_CONTAINERS lists and dicts."""
    started = time.monotonic()
    report = hostile_report(
        tmp_path, "01_fixed_windows", "sends_a_parse_bomb", "test_windows_share_one_token", after_the_reference=True
    )
    assert "1 failed" in report and "not an answer" in report and "lists and dicts" in report, report[-1500:]
    assert time.monotonic() - started < 30
