"""Fixtures for the tests of the `kata` command: a copy of the repository to change, and a way to run the command.

The command runs in a subprocess, as a learner runs it, in a copy of the repository
under tmp_path: commands that check a kata write its results to `.kata/`, and some
tests edit a stub, which must never happen to the real checkout.
"""

from __future__ import annotations

import hashlib
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
from pristine import write_pristine_stubs

from kata.catalog import ROOT, Kata, relative

LEFT_OUT = shutil.ignore_patterns("__pycache__", ".hypothesis", ".pytest_cache", ".kata", "cli", "meta")
COPIED = ("kata", "problems", "solutions", "tests", "conftest.py", "pyproject.toml", "README.md")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """These tests judge the command, not a kata: they run only when asked for (pytest -m cli)."""
    for item in items:
        if Path(item.path).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.cli)


def state_of_the_checkout() -> dict[str, str]:
    """What a test must never change in the checkout: the learner's files and the learner's state."""
    state = {f"problems/{name}": digest for name, digest in fingerprints(ROOT / "problems").items()}
    kata_state = ROOT / ".kata"
    if kata_state.is_dir():
        state.update({f".kata/{path.name}": hashlib.sha256(path.read_bytes()).hexdigest()
                      for path in sorted(kata_state.iterdir()) if path.is_file()})
    return state


@pytest.fixture(scope="session", autouse=True)
def the_checkout_is_left_as_it_was():
    """Every test works on copies: problems/ and .kata/ are as they were when the tests began."""
    before = state_of_the_checkout()
    yield
    after = state_of_the_checkout()
    changed = sorted(name for name in before.keys() | after.keys() if before.get(name) != after.get(name))
    assert not changed, f"tests wrote into the checkout: {changed}"


def copy_of_the_repository(copy: Path) -> Path:
    """A copy of the repository's katas, runner and tests in `copy`, with nothing of the learner's state."""
    copy.mkdir()
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=LEFT_OUT)
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


def fingerprints(folder: Path) -> dict[str, str]:
    """Every file under the folder with a hash of its contents, leaving out caches that Python itself writes."""
    found = {}
    for path in sorted(folder.rglob("*")):
        parts = path.relative_to(folder).parts
        if any(part.startswith(".") or part == "__pycache__" or part.endswith(".egg-info") for part in parts):
            continue
        if path.is_file():
            found[str(path.relative_to(folder))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


@pytest.fixture(scope="session")
def file_fingerprints():
    """fingerprints(folder): every file under a folder, with a hash of its contents."""
    return fingerprints


def learner_environment(**changes) -> dict:
    """This environment without what would change what `kata` judges or how it prints."""
    environment = {key: value for key, value in os.environ.items()
                   if key not in ("KATA_IMPL", "NO_COLOR", "FORCE_COLOR", "PYTEST_ADDOPTS", "KATA_DEBUG",
                                  "COLUMNS", "LINES")}
    environment.update(changes)
    return environment


@pytest.fixture
def run_kata():
    """Run `python -m kata ARGUMENTS` in a folder, as a learner would, and capture what it prints."""

    def run(where: Path, *arguments: str, timeout: float = 60, **environment) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "kata", *arguments], cwd=where, capture_output=True,
                              text=True, timeout=timeout, env=learner_environment(**environment))

    return run


@pytest.fixture
def start_kata():
    """Start `python -m kata ARGUMENTS` in a folder, in the background; stopped after the test."""
    started = []

    def start(where: Path, *arguments: str) -> subprocess.Popen:
        process = subprocess.Popen(
            [sys.executable, "-m", "kata", *arguments], cwd=where, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, env=learner_environment(),
            # Ctrl-C must reach it even when this run was started with SIGINT ignored.
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
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
