"""Kata 04's memory guard, isolated: the worker's memory is read from outside, and no patch of its tracer hides it.

Each submission here hides its memory from the tracer that runs in its worker, in a new way;
each fails the guard, because the tests' side also reads the worker's resident and anonymous
memory as the kernel counts it (kata.sandbox.memory), and refuses the kernel objects and
shared memory that no such count sees (kata.sandbox.confinement).
"""

from __future__ import annotations

import pytest

from kata.sandbox import forking, memory, pool
from kata.sandbox.client import WorkerEnded
from tests.support.isolated_runs import (
    HIDES_ITS_MEMORY,
    hostile_report,
    kata_04_report,
    memory_guard_report,
    needs_confinement,
)


@pytest.mark.slow
@pytest.mark.timeout(60)  # pytest in a subprocess, reading a million sizes
def test_a_generator_that_hides_its_memory_from_tracemalloc_fails_the_memory_guard_when_isolated(tmp_path):
    """Isolated, the reading and its tracer run in the worker, where the submission can patch them;
    the worker's resident memory, read by the kernel's count from the tests' side, still shows the growth."""
    report = memory_guard_report(tmp_path, HIDES_ITS_MEMORY)
    assert "1 failed" in report and "the peak was already" in " ".join(report.split()), report[-1500:]


FORGES_THE_READING = HIDES_ITS_MEMORY.replace(
    "tracemalloc.get_traced_memory = lambda: (0, 0)  # hides every allocation from the guard's tracer",
    """
import sys

reading = sys.modules["kata.judging.measured_reading"].MeasuredReading  # loaded in the worker before the submission


def read_some(self):
    # The figures an honest reading would end with, without reading anything.
    self.peak, self.over = 0, True
    return [list(range(999_992, 1_000_000))]


reading.read_some = read_some""",
)


@pytest.mark.slow
@pytest.mark.timeout(60)  # pytest in a subprocess, reading a million sizes
def test_a_submission_that_forges_the_reading_of_its_chunks_fails_the_memory_guard_when_isolated(tmp_path):
    """The reading runs in the worker, where the submission can replace it; but the tests count
    and check every chunk they receive, so a reading that reports the end at once yields one chunk."""
    report = memory_guard_report(tmp_path, FORGES_THE_READING)
    assert "1 failed" in report and "It yielded 1 chunk; the chunk at index 0 was [999992" in report, report[-1500:]


# A generator that keeps every chunk (about 55 MB here) and hides it both ways: a tracer that
# reports nothing, and 64 MB made resident as the call starts, given back at the first chunk,
# so that the worker's resident memory never rises above what it was when the reading began.
HIDES_ITS_MEMORY_UNDER_A_BALLAST = (
    HIDES_ITS_MEMORY.replace(
        "tracemalloc.get_traced_memory = lambda: (0, 0)  # hides every allocation from the guard's tracer",
        """
import mmap
import sys


class Tracer:  # counts nothing, and says the batch is full at each look, so that batches stay small
    current = 0
    is_tracing = staticmethod(lambda: True)
    start = stop = reset_peak = staticmethod(lambda *args: None)

    @classmethod
    def get_traced_memory(cls):
        cls.current += 1 << 20
        return cls.current, 0


sys.modules["kata.judging.measured_reading"].tracemalloc = Tracer
ballast = []""",
    )
    .replace(
        "    return _pack(iter(sizes), max_tokens)",
        """    memory = mmap.mmap(-1, 64 << 20, flags=mmap.MAP_PRIVATE)
    memory.write(b"x" * (64 << 20))  # every page resident
    ballast.append(memory)
    return _pack(iter(sizes), max_tokens)""",
    )
    .replace(
        "    kept, current, total = [], [], 0",
        """    ballast.pop().close()  # 64 MB given back: room to grow unseen
    kept, current, total = [], [], 0""",
    )
)


@pytest.mark.slow
@pytest.mark.timeout(60)  # pytest in a subprocess, reading a million sizes
def test_a_generator_that_gives_back_memory_taken_before_the_reading_fails_the_memory_guard_when_isolated(tmp_path):
    """Memory is counted from what a fresh worker has, over the worker's whole life, not from
    what the worker holds when the reading starts: memory taken early cannot be grown into unseen."""
    report = memory_guard_report(tmp_path, HIDES_ITS_MEMORY_UNDER_A_BALLAST)
    assert "1 failed" in report and "the peak was already" in " ".join(report.split()), report[-1500:]


# A generator that keeps every size it reads, as 4 bytes in an anonymous mmap that the tracer
# never sees: about 4 MB for the million sizes, well under the 1024 MB address space.
KEEPS_ITS_INPUT_OUTSIDE_THE_TRACER = (
    HIDES_ITS_MEMORY.replace(
        "tracemalloc.get_traced_memory = lambda: (0, 0)  # hides every allocation from the guard's tracer",
        """
import mmap
import struct

kept = []""",
    )
    .replace(
        "    kept, current, total = [], [], 0  # every chunk kept: memory that grows with the input",
        """
    store = mmap.mmap(-1, 64 << 20, flags=mmap.MAP_PRIVATE)  # only the pages written become resident
    kept.append(store)
    current, total = [], 0""",
    )
    .replace(
        "        if current and total + size > max_tokens:\n            kept.append(current)",
        """
        struct.pack_into("<i", store, 4 * index, size)
        if current and total + size > max_tokens:""",
    )
)


@pytest.mark.slow
@pytest.mark.timeout(60)  # pytest in a subprocess, reading a million sizes
@pytest.mark.parametrize("layout", ['"<i", store, 4 * index', '"<B", store, index'], ids=["4 MB", "1 MB"])
def test_a_generator_that_keeps_its_input_in_a_megabyte_or_more_outside_the_tracer_fails_the_memory_guard_when_isolated(
    tmp_path, layout
):
    """A worker's anonymous memory may grow 768 KiB over what it started with: the input kept in
    an mmap, 4 bytes or 1 byte a size, passes the tracer, not that bound."""
    submission = KEEPS_ITS_INPUT_OUTSIDE_THE_TRACER.replace('"<i", store, 4 * index', layout)
    assert "kept.append(current)" not in submission and layout in submission
    report = memory_guard_report(tmp_path, submission)
    assert "1 failed" in report and "the peak was already" in " ".join(report.split()), report[-1500:]


# A generator that keeps the whole input, each size with its index, as the 8 bytes of user data
# of an epoll item: about 200 MB of kernel memory for the million sizes, which neither the
# tracer nor the worker's resident memory counts.
KEEPS_ITS_INPUT_IN_THE_KERNEL = (
    HIDES_ITS_MEMORY.replace(
        "tracemalloc.get_traced_memory = lambda: (0, 0)  # hides every allocation from the guard's tracer",
        """
import ctypes

libc = ctypes.CDLL(None, use_errno=True)
TARGETS = 1024  # descriptors each epoll watches: one item per (epoll, descriptor)


class Event(ctypes.Structure):
    _pack_ = 1  # struct epoll_event is packed on x86-64
    _fields_ = [("events", ctypes.c_uint32), ("data", ctypes.c_uint64)]


def keep_in_the_kernel(sizes):
    targets = [libc.eventfd(0, 0) for _ in range(TARGETS)]
    epolls, event = [], Event(4)  # EPOLLOUT: an eventfd is always writable
    for index, size in enumerate(sizes):
        if index % TARGETS == 0:
            epolls.append(libc.epoll_create1(0))
        event.data = (index << 32) | size
        if libc.epoll_ctl(epolls[-1], 1, targets[index % TARGETS], ctypes.byref(event)) != 0:
            raise OSError(ctypes.get_errno(), "epoll_ctl")
    return epolls


def read_back(epolls):
    events = (Event * TARGETS)()
    for epoll in epolls:
        count = libc.epoll_wait(epoll, events, TARGETS, 0)
        yield from (data & 0xFFFFFFFF for data in sorted(events[i].data for i in range(count)))""",
    )
    .replace("enumerate(stream)", "enumerate(read_back(keep_in_the_kernel(stream)))")
    .replace("            kept.append(current)\n", "")
)  # the chunks are dropped: only the kernel keeps anything


@needs_confinement
@pytest.mark.slow
@pytest.mark.timeout(60)  # on a kernel that allowed the items, filling them took about 13 s
def test_a_generator_that_keeps_its_input_in_kernel_memory_fails_the_memory_guard_when_confined(tmp_path):
    """Kernel objects that keep a process's data (here epoll items) are refused to a confined worker:
    memory the kernel keeps for a process is counted by neither the tracer nor its resident memory."""
    assert "kept.append(current)" not in KEEPS_ITS_INPUT_IN_THE_KERNEL
    report = memory_guard_report(tmp_path, KEEPS_ITS_INPUT_IN_THE_KERNEL, "--confined")
    assert "1 failed" in report and "PermissionError: [Errno 1] epoll_ctl" in report, report[-1500:]


# A generator that copies the whole input into shared anonymous memory, 8 bytes a size, and
# drops each 64 KiB from its page tables once written: the kernel keeps the data, which comes
# back when read, but the worker's resident memory never holds more than 64 KiB of it.
KEEPS_ITS_INPUT_IN_SHARED_MEMORY = (
    HIDES_ITS_MEMORY.replace(
        "tracemalloc.get_traced_memory = lambda: (0, 0)  # hides every allocation from the guard's tracer",
        """
import mmap

PAGES = 64 * 1024  # bytes resident at most
PER = PAGES // 8


def hidden_copy(sizes):
    store = mmap.mmap(-1, 64 << 20)  # MAP_SHARED | MAP_ANONYMOUS: a kernel object of its own
    view = memoryview(store).cast("q")
    count = 0
    for count, size in enumerate(sizes, 1):
        view[count - 1] = size
        if count % PER == 0:
            store.madvise(mmap.MADV_DONTNEED, (count - PER) * 8, PAGES)
    store.madvise(mmap.MADV_DONTNEED, 0, 64 << 20)
    for index in range(count):
        size = view[index]
        if index % PER == PER - 1:
            store.madvise(mmap.MADV_DONTNEED, (index - PER + 1) * 8, PAGES)
        yield size""",
    )
    .replace("enumerate(stream)", "enumerate(hidden_copy(stream))")
    .replace("            kept.append(current)\n", "")
)


@needs_confinement
@pytest.mark.slow
@pytest.mark.timeout(60)
def test_a_generator_that_keeps_its_input_in_shared_memory_fails_the_memory_guard_when_confined(tmp_path):
    """Shared anonymous memory is refused to a confined worker: its dropped pages leave the resident
    count that the memory guard reads, and keep their data."""
    assert "kept.append(current)" not in KEEPS_ITS_INPUT_IN_SHARED_MEMORY
    report = memory_guard_report(tmp_path, KEEPS_ITS_INPUT_IN_SHARED_MEMORY, "--confined")
    assert "1 failed" in report and "PermissionError: [Errno 1] Operation not permitted" in report, report[-1500:]


# A generator that offers the memory guard a reading of its own, as the tests' side of a worker
# does: the guard reads only its own iterators that way, recognised by their type.
OFFERS_ITS_OWN_READING = HIDES_ITS_MEMORY.replace(
    "tracemalloc.get_traced_memory = lambda: (0, 0)  # hides every allocation from the guard's tracer",
    """
class Reading:
    peak = 0

    def __iter__(self):
        yield [list(range(start, start + 8)) for start in range(0, 1_000_000, 8)]


class Packer:
    def __iter__(self):
        return self

    def __next__(self):
        raise StopIteration

    def read_measuring_memory(self, bound):
        return Reading()""",
).replace("    return _pack(iter(sizes), max_tokens)", "    return Packer()")


@pytest.mark.slow
@pytest.mark.parametrize("isolated", [False, True], ids=["in-process", "isolated"])
@pytest.mark.timeout(60)  # pytest in a subprocess, reading a million sizes
def test_a_generator_that_offers_its_own_reading_fails_the_memory_guard(tmp_path, isolated):
    report = kata_04_report(tmp_path, OFFERS_ITS_OWN_READING, "million_sizes", *(["--isolate"] if isolated else []))
    assert "1 failed" in report and "It yielded 0 chunks" in report, report[-1500:]


@needs_confinement
@pytest.mark.slow
@pytest.mark.timeout(90)
def test_a_generator_that_raises_the_baseline_with_file_pages_and_drops_them_fails_the_memory_guard(
    start_worker, tmp_path
):
    """Its input is kept in anonymous memory, which the guard samples after every batch against
    the anonymous memory a worker starts with: file pages, touched or dropped, move neither."""
    start_worker("def f():\n    return 1\n").call("f", (), {})
    fork_servers_kib = memory.status_kib(forking.fork_server().process.pid, "VmRSS")
    report = hostile_report(
        tmp_path,
        "04_streaming_packer",
        "inflates_then_drops_pages",
        "million_sizes",
        replace=("TARGET_KB = 17200", f"TARGET_KB = {fork_servers_kib - 200}"),
    )
    assert "1 failed" in report and "the peak was already" in " ".join(report.split()), report[-1500:]


def test_a_worker_whose_memory_cannot_be_read_from_outside_is_stopped(start_worker, monkeypatch):
    """On Linux a worker's /proc files can always be read by the tests' process; when they cannot
    (a worker that made itself undumpable, for a grader that is not root), it is not judged."""
    worker = start_worker("""
        def f():
            yield from range(3)
    """)
    pool.start_a_test(own_worker=True)
    chunks = worker.call("f", (), {})

    def unreadable(pid, field):
        raise PermissionError(f"[Errno 13] Permission denied: '/proc/{pid}/status'")

    monkeypatch.setattr(memory, "status_kib", unreadable)
    with pytest.raises(WorkerEnded, match=r"its memory could not be read from outside \(.*Permission denied"):
        list(chunks.read_measuring_memory(bound=1 << 20))
    assert worker.process is None


def test_a_memory_reading_needs_a_worker_started_for_its_test(start_worker):
    """Over its whole life, a worker that earlier tests used holds their peaks too: a memory guard
    that forgot to ask for its own worker is told so, never judged on another test's memory."""
    worker = start_worker("""
        def f():
            yield from range(3)
    """)
    chunks = worker.call("f", (), {})
    pool.start_a_test()  # a new test, in the same worker
    with pytest.raises(RuntimeError, match="memory_guard"):
        list(chunks.read_measuring_memory(bound=1 << 20))
