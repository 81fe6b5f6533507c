"""A worker's time, read from outside: the call limits hold for its CPU time, and nothing it does buys more.

A call is stopped at its limit on the worker's CPU clock as the kernel counts it, or when
it sleeps past the idle limit; a worker that freezes its clocks, lies about its work,
computes between requests or while the tests serve its callbacks, or pads its replies is
still stopped (kata.sandbox.clock, kata.judging.elsewhere).
"""

from __future__ import annotations

import re
import time

import pytest

from kata.judging.calls import DidNotFinish, Judged
from kata.judging.elsewhere import elsewhere
from kata.judging.limits import Watchdog, calibrate, can_watch, idle_limit
from kata.sandbox import channel, client
from kata.sandbox.client import IsolatedFunction
from kata.sandbox.limits import IDLE_CPU_SECONDS
from tests.support.isolated_runs import (
    HIDES_ITS_MEMORY,
    hostile_report,
    kata_04_report,
    needs_confinement,
    run_under_a_call_limit,
    watchdog_or_skip,
)

# The limit of one call, on the worker's CPU clock; and of one wait, when it sleeps ---------------


def test_a_call_that_never_returns_is_stopped_and_its_worker_killed(start_worker, no_limit_passed):
    worker = start_worker("""
        def f():
            while True:
                pass
    """)
    worker.start_if_needed()
    process = worker.process
    judged = Judged("f", IsolatedFunction(worker, "f"), worker.source, isolated=True)
    watchdog = watchdog_or_skip(0.5)
    started = time.monotonic()
    watchdog.start()
    try:
        with pytest.raises(DidNotFinish):
            judged()
    finally:
        watchdog.stop()
    assert time.monotonic() - started < 1.5
    assert worker.process is None and process.returncode is not None


def test_a_worker_that_freezes_its_own_clocks_is_still_stopped_at_the_call_limit(start_worker, no_limit_passed):
    # What a student who has read the runner might try: stop every clock the worker can reach.
    worker = start_worker("""
        import gc, time

        def f():
            time.monotonic = time.perf_counter = time.time = lambda: 0.0
            for thing in gc.get_objects():
                for name in ("working_since", "busy_since", "waited"):
                    if hasattr(type(thing), name) or name in getattr(thing, "__dict__", {}):
                        try:
                            setattr(thing, name, None)
                        except Exception:
                            pass
            total = 0
            for step in range(200_000_000):
                total += step
            return total
    """)
    limit, seconds = run_under_a_call_limit(worker, 0.3)
    assert limit == "0.3 s of CPU time for one call" and seconds < 3


def test_a_worker_that_tells_the_tests_it_has_stopped_working_fails_its_call(start_worker, no_limit_passed):
    worker = start_worker("""
        import gc

        def f():
            for thing in gc.get_objects():
                if type(thing).__name__.endswith("Channel"):
                    thing.send({"event": "computed", "busy": 0.0})  # what its worker once said, and was believed
            total = 0
            for step in range(200_000_000):
                total += step
            return total
    """)
    outcome, seconds = run_under_a_call_limit(worker, 0.3)
    assert "not an answer" in outcome or outcome == "0.3 s of CPU time for one call"
    assert seconds < 3


def test_a_worker_that_sleeps_is_stopped_when_its_wait_passes_the_idle_limit(start_worker, no_limit_passed):
    worker = start_worker("""
        import time

        def f():
            time.sleep(60)
    """)
    limit, seconds = run_under_a_call_limit(worker, 0.2)
    assert limit.startswith(f"{idle_limit(0.2):g} s of wall time for one call, in which it used only ")
    assert limit.endswith("(it sleeps, or waits for something)") and "e-0" not in limit
    assert "(it sleeps, or waits for something)" in limit and idle_limit(0.2) <= seconds < idle_limit(0.2) + 2


def test_a_worker_that_waits_for_the_tests_callbacks_is_not_charged_for_them(start_worker, no_limit_passed):
    worker = start_worker("""
        def f(slow_callback):
            return [slow_callback() for _ in range(3)]
    """)

    def slow_callback():
        time.sleep(0.3)  # the tests' own time: three of them pass the idle limit of a 0.1 s call
        return 1

    limit, seconds = run_under_a_call_limit(worker, 0.1, slow_callback)
    assert limit is None and seconds >= 0.9


# Work done between requests, and a guard's limits --------------------------------------------------


def test_a_worker_gets_no_cpu_time_between_requests(start_worker, no_limit_passed):
    """A thread started at import would keep computing while the tests' process is busy elsewhere
    (an answer precomputed for a guard's input, say): work no call's limit would count. The worker
    is stopped between requests, so its thread runs only while a request's limit counts it."""
    worker = start_worker("""
        import threading, time

        def burn():
            end = time.process_time() + 1.5
            while time.process_time() < end:
                pass

        threading.Thread(target=burn, daemon=True).start()

        def f():
            return "at once"
    """)
    worker.start_if_needed()
    at_rest = worker.cpu_clock()
    time.sleep(1.0)  # the tests' process is busy elsewhere; so would the worker's thread be
    assert worker.cpu_clock() - at_rest < IDLE_CPU_SECONDS
    assert run_under_a_call_limit(worker, 0.5)[0] is None


def test_a_thread_that_goes_on_hashing_after_the_last_reply_gets_no_cpu_time(start_worker, no_limit_passed):
    """After a kata's last request nothing would count a thread its call left running, for as
    long as the run lasts, times the cores."""
    worker = start_worker("""
        import hashlib, threading

        def hash_forever():
            digest = b""
            while True:
                digest = hashlib.sha256(digest).digest()

        def f():
            for _ in range(4):
                threading.Thread(target=hash_forever, daemon=True).start()
            return "answered"
    """)
    assert worker.call("f", (), {}) == "answered"
    after_the_reply = worker.cpu_clock()
    time.sleep(1.0)
    assert worker.cpu_clock() - after_the_reply < IDLE_CPU_SECONDS
    assert worker.process is not None  # stopped, not ended: the next call still runs


def test_a_worker_that_waits_between_requests_is_not_stopped(start_worker, no_limit_passed):
    worker = start_worker("""
        def f():
            return "at once"
    """)
    worker.start_if_needed()
    time.sleep(0.3)
    assert run_under_a_call_limit(worker, 0.5)[0] is None
    assert run_under_a_call_limit(worker, 0.5)[0] is None


def test_a_limit_passed_while_the_tests_wait_for_a_worker_stops_the_call_at_once():
    """The watchdog raises at once in the code under test; elsewhere (a garbage collector's
    callback) it waits a moment. Isolated, the code under test is the wait for the worker."""
    from kata.judging import limits

    call = limits.Call("f", (), {}, isolated=True)
    assert limits._runs(call, channel.__file__) and limits._runs(call, client.__file__)
    assert not limits._runs(call, __file__)


def test_a_worker_that_sleeps_through_a_guard_is_stopped_at_the_guards_idle_limit(start_worker, no_limit_passed):
    """An isolated guard counts the worker's CPU time, and allows ten times its limit for the
    whole test (its large inputs travel); a worker that sleeps computes nothing, so one wait
    for its reply gets the idle limit of the guard's own limit, not the whole test's ten."""
    if not can_watch():
        pytest.skip("the watchdog needs setitimer and the main thread")
    worker = start_worker("""
        import time

        def f():
            time.sleep(60)
    """)
    worker.start_if_needed()
    judged = Judged("f", IsolatedFunction(worker, "f"), worker.source, isolated=True)
    watchdog = Watchdog(seconds=10 * 0.5, call_seconds=None, computing_seconds=0.5)
    started = time.monotonic()
    watchdog.start()
    try:
        with pytest.raises(DidNotFinish, match=r"2 s of wall time for one reply of its worker"):
            judged()
    finally:
        watchdog.stop()
    assert idle_limit(0.5) <= time.monotonic() - started < 4.0


# The words of a paced guard's limit (kata.judging.limits.Pace), as a report gives them.
PACED_LIMIT = re.compile(r"limit of [\d.]+ s of CPU time on this input")

# A packer that computes for 3 s before its first chunk, against the guard's 2 s, and pads the
# reply of the call (which only hands back the generator) with 30 MB of JSON numbers that cost
# the tests' process about 1.5 s to read and the worker about 10 ms to send.
BUYS_TIME_WITH_COSTLY_REPLIES = HIDES_ITS_MEMORY.replace(
    "tracemalloc.get_traced_memory = lambda: (0, 0)  # hides every allocation from the guard's tracer",
    """
import sys
import time

channel = sys.modules["kata.sandbox.channel"]  # loaded in the worker before the submission
send_honestly = channel.Channel.send
PADDING = b',"pad":[' + b'1.2345678901234567e-300,' * (30 * 1024 * 1024 // 24) + b'0]}\\n'


def send(self, message):
    if isinstance(message.get("returned"), dict) and "iterator" in message["returned"]:
        data = channel.json.dumps(message, separators=(",", ":")).encode("ascii")[:-1] + PADDING  # inside the object
        view = memoryview(data)
        while view:
            view = view[channel.os.write(self.write_fd, view):]
        return
    send_honestly(self, message)


channel.Channel.send = send""",
).replace(
    "    kept, current, total = [], [], 0",
    """    started = time.process_time()
    while time.process_time() - started < 3.0:
        pass
    kept, current, total = [], [], 0""",
)


@pytest.mark.slow
@pytest.mark.timeout(60)
def test_a_worker_cannot_buy_time_for_a_guard_with_replies_that_are_costly_to_read(tmp_path):
    """A paced guard's allowance for travel counts only the arguments the tests sent, and its credit for the
    messages never more than the worker itself spent on them, nor 0.25 ms a request: not the 1.5 s the tests'
    process spent reading the padded reply."""
    assert "while time.process_time()" in BUYS_TIME_WITH_COSTLY_REPLIES
    report = kata_04_report(tmp_path, BUYS_TIME_WITH_COSTLY_REPLIES, "two_hundred_thousand", "--isolate", "--confined")
    assert "1 failed" in report and PACED_LIMIT.search(report), report[-1500:]


@needs_confinement
@pytest.mark.slow
@pytest.mark.timeout(90)
def test_a_slow_generator_cannot_buy_time_by_padding_each_reply_in_proportion_to_its_work(tmp_path):
    """Each request's credit for the messages' travel is a small fixed allowance (0.25 ms), whatever
    the replies cost the tests' process to read: 0.5 ms of extra work a chunk, hidden behind
    padding, still leaves at least 2.5 s of the 10,000 chunks' work over the 2 s limit."""
    report = hostile_report(tmp_path, "04_streaming_packer", "pads_its_replies", "ten_thousand_chunks")
    assert "1 failed" in report and "limit of 2 s of CPU time for this test" in report, report[-1500:]


@needs_confinement
@pytest.mark.slow
@pytest.mark.timeout(90)
def test_work_a_worker_does_while_the_tests_serve_its_callback_is_counted(tmp_path):
    """The worker's CPU clock runs on while the tests serve a callback: a thread of the worker that
    computes only then is still charged."""
    report = hostile_report(
        tmp_path,
        "08_semantic_chunker",
        "computes_during_callbacks",
        "forty_thousand_sentences_in_topics",
        after_the_reference=True,
    )
    assert "1 failed" in report and PACED_LIMIT.search(report), report[-1500:]


# A paced guard's budget, isolated: the worker's CPU time and the tests' serving of its callbacks ----------------


def spin(seconds: float) -> None:
    """The tests' own object's work, called back by a worker: this much CPU time of the tests' thread."""
    started = time.thread_time()
    while time.thread_time() - started < seconds:
        pass


def test_the_tests_serving_a_workers_callbacks_counts_as_its_code_in_a_paced_guard(start_worker, no_limit_passed):
    """Work pushed onto the tests' objects (a tokenizer's encode, an embed) is the code's work: a worker that
    calls back an expensive one again and again is stopped at a paced guard's budget, which its own CPU time
    alone, a few milliseconds, would never reach."""
    if not can_watch():
        pytest.skip("the watchdog needs setitimer and the main thread")
    worker = start_worker("""
        def f(callback):
            for _ in range(1000):
                callback()
    """)
    worker.start_if_needed()
    judged = Judged("f", IsolatedFunction(worker, "f"), worker.source, isolated=True)
    watchdog = Watchdog(seconds=30, call_seconds=None, computing_seconds=30)
    watchdog.start()
    try:
        calibrate(0.01)  # a budget of the floor, a quarter of a second
        with pytest.raises(DidNotFinish, match="s of CPU time on this input"):
            judged(lambda: spin(0.02))
    finally:
        watchdog.stop()
    assert watchdog.pace is not None and watchdog.spent_since_the_pace() >= watchdog.pace.budget
    assert elsewhere.time.served_cpu >= watchdog.pace.budget
