"""Under `pytest --isolate`, the tests' process holds itself to a cap on its memory (--tests-memory).

The workers have limits of their own; what they send, or make the tests keep, grows this
process instead, and kata.sandbox.kept bounds it from inside. This is the bound read from
/proc, whatever got past those: `kata grade` reads it from outside (and passes 0 here), and a
run of pytest reads its own, on a thread (kata.sandbox.tests_memory). Past the cap the run is
interrupted, as by Ctrl-C, and ends with one line that says why; a run that does not end then
is killed, and writes that line first.
"""

from __future__ import annotations

import os

import pytest

from kata.judging.vocabulary import tests_process_stopped_itself
from kata.sandbox import TestsMemoryWatch


class OwnMemory:
    """The plugin object of a run held to `cap_mb`: the watch runs from the session's start to the run's end."""

    def __init__(self, cap_mb: int):
        self.words = tests_process_stopped_itself(f"{cap_mb} MB")
        self.watch = TestsMemoryWatch(os.getpid(), cap_mb, last_words=self.words)

    def pytest_sessionstart(self, session: pytest.Session) -> None:
        self.watch.__enter__()

    @pytest.hookimpl(trylast=True)
    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if self.watch.passed_kib:
            terminalreporter.write_line(self.words, red=True, bold=True)

    def pytest_unconfigure(self, config: pytest.Config) -> None:
        self.watch.__exit__()
