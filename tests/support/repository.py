"""Fixtures for the tests of the `kata` command and of grading: a copy of the repository to change, and a way to
run the command (tests/conftest.py offers them to every test).

The command runs in a subprocess, as a learner runs it, in a copy of the repository
under tmp_path: commands that check a kata write its results to `.kata/`, and some
tests edit a stub, which must never happen to the real checkout.
"""

from __future__ import annotations

import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from kata.katas import ROOT, RUNNERS_OWN_TESTS, Kata, relative
from tests.support.checkout import fingerprints
from tests.support.pristine import write_pristine_stubs

CACHES_AND_STATE = shutil.ignore_patterns("__pycache__", ".hypothesis", ".pytest_cache", ".kata")
COPIED = ("kata", "problems", "solutions", "tests", "conftest.py", "pyproject.toml", "LICENSE", "README.md", "start.py")


def left_out(folder: str, names: list[str]) -> set[str]:
    """What a copy of the repository leaves out of a folder: caches, the learner's state, the runner's own tests."""
    ignored = set(CACHES_AND_STATE(folder, names))
    if Path(folder) == ROOT / "tests":
        ignored |= RUNNERS_OWN_TESTS.keys() & set(names)
    return ignored


def copy_of_the_repository(copy: Path) -> Path:
    """A copy of the repository's katas, runner and tests in `copy`, with nothing of the learner's state."""
    copy.mkdir()
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=left_out)
        else:
            shutil.copy2(source, copy / name)
    write_pristine_stubs(copy / "problems")  # as committed: a learner's work in problems/ stays out
    return copy


@pytest.fixture
def repo(tmp_path) -> Path:
    """A copy of the repository's katas, runner and tests, with nothing of the learner's state."""
    return copy_of_the_repository(tmp_path / "repo")


@pytest.fixture(scope="session")
def repository_copier():
    """copy_of_the_repository, for fixtures of a wider scope than one test."""
    return copy_of_the_repository


@pytest.fixture(scope="session")
def file_fingerprints():
    """fingerprints(folder): every file under a folder, with a hash of its contents."""
    return fingerprints


def learner_environment(**changes) -> dict:
    """This environment without what would change what `kata` judges or how it prints."""
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in ("KATA_IMPL", "NO_COLOR", "FORCE_COLOR", "PYTEST_ADDOPTS", "KATA_DEBUG", "COLUMNS", "LINES")
    }
    environment.update(changes)
    return environment


@pytest.fixture
def run_kata():
    """Run `python -m kata ARGUMENTS` in a folder, as a learner would, and capture what it prints."""

    def run(where: Path, *arguments: str, timeout: float = 60, **environment) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "kata", *arguments],
            cwd=where,
            capture_output=True,
            text=True,
            timeout=timeout,
            env=learner_environment(**environment),
        )

    return run


@pytest.fixture
def start_kata():
    """Start `python -m kata ARGUMENTS` in a folder, in the background; stopped after the test."""
    started = []

    def start(where: Path, *arguments: str) -> subprocess.Popen:
        process = subprocess.Popen(
            [sys.executable, "-m", "kata", *arguments],
            cwd=where,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=learner_environment(),
            # Ctrl-C must reach it even when this run was started with SIGINT ignored.
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        started.append(process)
        return process

    yield start
    for process in started:
        if process.poll() is None:
            process.kill()
            process.wait()


SCREEN_END = "Ctrl-C stops."


class Screens:
    """Reads the watcher's output on a thread, so that the test can wait for a screen with a deadline."""

    def __init__(self, process):
        self.lines = queue.Queue()
        threading.Thread(target=self._read, args=(process,), daemon=True).start()

    def _read(self, process):
        for line in process.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def next_screen(self, seconds: float = 45) -> str:
        deadline, screen = time.monotonic() + seconds, ""
        while SCREEN_END not in screen:
            line = self.lines.get(timeout=max(deadline - time.monotonic(), 0.01))
            if line is None:
                raise AssertionError(f"kata watch ended; it printed:\n{screen}")
            screen += line
        return screen

    def rest(self, seconds: float = 15) -> str:
        deadline, text = time.monotonic() + seconds, ""
        while (line := self.lines.get(timeout=max(deadline - time.monotonic(), 0.01))) is not None:
            text += line
        return text


@pytest.fixture(scope="session")
def screens_of():
    """Screens(process): the screens `kata watch` prints, read with a deadline."""
    return Screens


def write_solution(repo: Path, kata: Kata, source: str | None = None) -> Path:
    """Put code in the learner's file of the kata, in the copy: the reference's unless `source` is given."""
    stub = repo / relative(kata.stub_path())
    stub.write_text(source if source is not None else (repo / relative(kata.reference_path())).read_text())
    return stub


@pytest.fixture
def solve():
    return write_solution
