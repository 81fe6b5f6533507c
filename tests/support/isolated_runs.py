"""What the tests of isolation (tests/sandbox) share: submissions to start in a worker, and pytest run on them.

- module_text: a submission's source as the tests write it, indented in place;
- SPEAKS_THE_PROTOCOL: the start of a submission that writes on its worker's pipes itself;
- needs_confinement: skips a test where the kernel cannot confine a worker;
- watchdog_or_skip, run_under_a_call_limit: a call under the watchdog, as a test runs it;
- kata_report, kata_04_report, memory_guard_report, hostile_report: what pytest prints for a
  kata's tests on a submission, isolated (HIDES_ITS_MEMORY and the red team's submissions in
  HOSTILE_SUBMISSIONS are such submissions, and GROWS_THE_TESTS_PROCESS one that grows the tests' process).
The fixtures they go with (start_worker, no_limit_passed) are in tests/sandbox/conftest.py.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from kata.judging.calls import DidNotFinish, Judged
from kata.judging.limits import Watchdog, can_watch
from kata.judging.vocabulary import EVERY_FAILURE_OPTION
from kata.katas import ROOT, TESTS, find_kata
from kata.sandbox import confinement
from kata.sandbox.client import IsolatedFunction, WorkerEnded


def module_text(source: str) -> str:
    return textwrap.dedent(source).lstrip("\n")


needs_confinement = pytest.mark.skipif(bool(confinement.problem()), reason=f"{confinement.problem()}")


SPEAKS_THE_PROTOCOL = """
import fcntl
import json
import os
import stat

def its_pipe(access):  # the end of one of its two pipes to the tests, found as any code can find it
    for fd in range(3, 64):
        try:
            if stat.S_ISFIFO(os.fstat(fd).st_mode) and fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_ACCMODE == access:
                return fd
        except OSError:
            pass

SETTINGS = {"read_fd": its_pipe(os.O_RDONLY), "write_fd": its_pipe(os.O_WRONLY)}

def send(data):
    os.write(SETTINGS["write_fd"], data)

def ask(message):
    send(json.dumps(message).encode() + b"\\n")
    reply = b""
    while not reply.endswith(b"\\n"):
        reply += os.read(SETTINGS["read_fd"], 4096)
    return json.loads(reply)
"""


def watchdog_or_skip(seconds: float) -> Watchdog:
    if not can_watch():
        pytest.skip("the watchdog needs setitimer and the main thread")
    return Watchdog(seconds=seconds, call_seconds=None)


def run_under_a_call_limit(worker, call_seconds: float, *args):
    """Call f under a watchdog with this per-call limit; the seconds it took, or the limit that stopped it."""
    if not can_watch():
        pytest.skip("the watchdog needs setitimer and the main thread")
    worker.start_if_needed()
    judged = Judged("f", IsolatedFunction(worker, "f"), worker.source, isolated=True)
    watchdog = Watchdog(seconds=30, call_seconds=call_seconds)
    started = time.monotonic()
    watchdog.start()
    try:
        judged(*args)
    except DidNotFinish as stopped:
        return stopped.limit, time.monotonic() - started
    except WorkerEnded as ended:
        return str(ended), time.monotonic() - started
    finally:
        watchdog.stop()
    return None, time.monotonic() - started


def kata_report(submission: Path, source: str, kata: str, tests: str, *options: str) -> str:
    """What pytest prints for a kata's tests selected by `-k tests` on this source, written to `submission`: each
    failing test's own report (--every-failure), which these tests read."""
    submission.write_text(source, encoding="utf-8")
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            f"tests/{kata}",
            "-k",
            tests,
            f"--impl={submission}",
            *options,
            "-q",
            "-p",
            "no:cacheprovider",
            EVERY_FAILURE_OPTION,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout


def kata_04_report(tmp_path, submission_text: str, tests: str, *options: str) -> str:
    """What pytest prints for kata 04's tests selected by `-k tests` on this submission."""
    return kata_report(tmp_path / "streaming_packer.py", submission_text, "04_streaming_packer", tests, *options)


def memory_guard_report(tmp_path, submission_text: str, *options: str) -> str:
    """What pytest prints for kata 04's memory guard on this submission, isolated."""
    return kata_04_report(tmp_path, submission_text, "million_sizes", "--isolate", *options)


# Added to kata 08's reference: from its first call with a thousand sentences on, it makes the tests' embedder
# (kata 08's embed) embed three million sentences, which the tests' process keeps.
GROWS_THE_TESTS_PROCESS = """

_honest = semantic_chunks


def semantic_chunks(sentences, embed, threshold, max_tokens):
    if len(sentences) >= 1000:  # 12 MB on the wire, under the budget of what the tests are sent; 6 GB once embedded
        embed(["w"] * 3_000_000)
    return _honest(sentences, embed, threshold, max_tokens)
"""


HIDES_ITS_MEMORY = """
import tracemalloc

tracemalloc.get_traced_memory = lambda: (0, 0)  # hides every allocation from the guard's tracer


def iter_pack(sizes, max_tokens):
    if type(max_tokens) is not int:
        raise TypeError(f"max_tokens must be an int, got {max_tokens!r}")
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
    return _pack(iter(sizes), max_tokens)


def _pack(stream, max_tokens):
    kept, current, total = [], [], 0  # every chunk kept: memory that grows with the input
    for index, size in enumerate(stream):
        if current and total + size > max_tokens:
            kept.append(current)
            yield current
            current, total = [], 0
        current.append(index)
        total += size
    if current:
        yield current
"""


# Submissions of a red team, in files of their own: tests/sandbox/hostile_submissions/<attack>/<module>.py.
HOSTILE_SUBMISSIONS = TESTS / "sandbox" / "hostile_submissions"


def hostile_report(
    tmp_path, kata: str, attack: str, tests: str, replace: tuple[str, str] = ("", ""), after_the_reference: bool = False
) -> str:
    """What pytest prints for the selected tests of a kata on a hostile submission, isolated and confined.

    An attack that only adds to the reference solution is kept without it, and written after it here.
    """
    submission = next((HOSTILE_SUBMISSIONS / attack).glob("*.py"))
    source = submission.read_text(encoding="utf-8").replace(*replace)
    if after_the_reference:
        source = find_kata(kata).reference_path().read_text(encoding="utf-8") + "\n\n" + source
    return kata_report(tmp_path / submission.name, source, kata, tests, "--isolate", "--confined")
