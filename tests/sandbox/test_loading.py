"""Loading a submission in a worker: a module that loops, fails or computes at its top level cannot start.

Its failure is told in one sentence, in the same words as when the module is loaded in the
tests' own process (kata.judging.load_problems).
"""

from __future__ import annotations

import time

import pytest

from kata.judging.calls import DidNotFinish
from kata.katas import find_kata
from kata.sandbox import client, pool
from kata.sandbox.client import WorkerCouldNotStart
from tests.support.isolated_runs import SPEAKS_THE_PROTOCOL, watchdog_or_skip

# Loading the module -----------------------------------------------------------------------------


def test_a_module_that_loops_at_import_cannot_start_after_start_seconds(start_worker, monkeypatch):
    monkeypatch.setattr(client, "WORKER_START_SECONDS", 1.0)
    worker = start_worker("""
        while True:
            pass
    """)
    started = time.monotonic()
    with pytest.raises(WorkerCouldNotStart, match="did not finish within 1 s"):
        worker.start_if_needed()
    assert time.monotonic() - started < 3
    assert worker.process is None


def test_a_module_with_a_syntax_error_cannot_start_and_the_message_names_the_line(start_worker):
    worker = start_worker("""
        def f():
            return 1

        def g(:
            return 2
    """)
    with pytest.raises(WorkerCouldNotStart, match="syntax error on line 4"):
        worker.start_if_needed()
    assert worker.process is None


def test_a_module_without_a_function_of_the_kata_cannot_start_and_the_message_names_it(start_worker):
    worker = start_worker(
        """
        def f():
            return 1
    """,
        ("f", "g"),
    )
    with pytest.raises(WorkerCouldNotStart, match=r"defines no function g\(\)"):
        worker.start_if_needed()


def test_a_module_that_writes_half_a_message_and_loops_at_import_cannot_start_after_start_seconds(
    start_worker, monkeypatch, no_limit_passed
):
    monkeypatch.setattr(client, "WORKER_START_SECONDS", 0.6)
    worker = start_worker(
        SPEAKS_THE_PROTOCOL
        + """
send(b'{"ready": ')
while True:
    pass
"""
    )
    watchdog = watchdog_or_skip(1.0)  # bounds the wait that WORKER_START_SECONDS does not
    watchdog.start()
    try:
        with pytest.raises(WorkerCouldNotStart):
            worker.start_if_needed()
    finally:
        watchdog.stop()


def test_a_start_cut_short_by_a_time_limit_stops_the_worker_process(start_worker, no_limit_passed):
    worker = start_worker("""
        while True:
            pass
    """)
    watchdog = watchdog_or_skip(0.3)
    watchdog.start()
    try:
        with pytest.raises(DidNotFinish):
            worker.start_if_needed()
    finally:
        watchdog.stop()
    assert worker.process is None


def test_a_module_that_computes_for_seconds_while_loading_cannot_start(start_worker):
    """Work at the top level of the module (an answer computed in advance) is counted by no call's limit."""
    worker = start_worker("""
        import time

        end = time.process_time() + 2.5
        while time.process_time() < end:
            pass

        def f():
            return "at once"
    """)
    with pytest.raises(WorkerCouldNotStart, match=r"took \d\.\d s of CPU time, more than the 2 s"):
        worker.start_if_needed()


# One wording of a module that cannot be used, wherever it is loaded -------------------------------


@pytest.mark.parametrize(
    "source, says",
    [
        ("raise ValueError('left from experimenting')", "raised ValueError: left from experimenting."),
        (
            "def windows(tokens, size, overlap):\n    return []\n",
            "defines no function fixed_windows(); the tests of this kata call it.",
        ),
        # The parser's own limits, which raise MemoryError or RecursionError instead of SyntaxError.
        (
            "def fixed_windows(tokens, size, overlap):\n    return x\nx = " + "-" * 200_000 + "1\n",
            "it is nested too deeply to parse (MemoryError).",
        ),
        (
            "def fixed_windows(tokens, size, overlap):\n    return x\nx = " + "(" * 300 + "1" + ")" * 300 + "\n",
            "has a syntax error on line 3: too many nested parentheses.",
        ),
    ],
    ids=["raises at import", "no function of the kata", "nested too deeply", "too many parentheses"],
)
def test_a_module_that_cannot_be_used_is_told_in_the_same_words_in_process_and_isolated(tmp_path, source, says):
    from kata.runner.implementations import Implementation
    from kata.runner.modules import LoadProblem

    kata = find_kata("1")
    path = tmp_path / f"{kata.module}.py"
    path.write_text(source)
    told = []
    for isolated in (False, True):
        with pytest.raises(LoadProblem) as problem:
            Implementation("file", path, isolated=isolated).load(kata)
        told.append(str(problem.value))
    pool.stop_all_workers()
    assert told[0] == told[1] and told[0].endswith(says), told
