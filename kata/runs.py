"""Running the katas' tests: pytest in a subprocess, with the runner's reports.

pytest stays the engine. `kata check` shows its output as it comes; `kata list` and
`kata watch` run it quietly and read what they need: the results file the runner
writes, and a JUnit XML file for the text of the first failure.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree

from kata.catalog import ROOT, TESTS, Kata, relative


@dataclass(frozen=True)
class Failure:
    test: str
    report: str


@dataclass(frozen=True)
class QuietRun:
    exit_code: int
    output: str
    failures: list[Failure] = field(default_factory=list)

    @property
    def could_not_run(self) -> bool:
        """pytest itself stopped: a usage error, an internal error, or no tests at all."""
        return self.exit_code not in (0, 1)


def pytest_command(katas: list[Kata], *, impl: str | None = None, examples: bool = False,
                   extra: tuple[str, ...] = ()) -> list[str]:
    command = [sys.executable, "-m", "pytest", *(relative(TESTS / kata.slug) for kata in katas)]
    if impl:
        command.append(f"--impl={impl}")
    if examples:
        command += ["-m", "examples"]
    return command + list(extra)


def run_visibly(command: list[str]) -> int:
    """Run pytest with its output on this terminal; its exit status is the check's."""
    process = subprocess.Popen(command, cwd=ROOT, start_new_session=True)
    try:
        return process.wait()
    except BaseException:
        _stop_group(process)
        raise


def run_quietly(katas: list[Kata], *, impl: str = "learner") -> QuietRun:
    """Run the katas' whole suites without showing anything; the runner records their results.

    pytest runs in a process group of its own: if this command is stopped meanwhile
    (Ctrl-C, SIGTERM), the run and anything it started are stopped with it.
    """
    with tempfile.TemporaryDirectory(prefix="kata-run-") as work:
        junit = Path(work) / "junit.xml"
        command = pytest_command(katas, impl=impl, extra=("-q", f"--junitxml={junit}"))
        process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                   start_new_session=True)
        try:
            output, _ = process.communicate()
        except BaseException:
            _stop_group(process)
            raise
        return QuietRun(process.returncode, output, _failures(junit))


def _stop_group(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    process.wait()


def _failures(junit: Path) -> list[Failure]:
    """The failed tests in the order they ran, each with the runner's report."""
    try:
        cases = ElementTree.parse(junit).iter("testcase")
    except (OSError, ElementTree.ParseError):
        return []
    return [Failure(case.get("name", ""), (problem.text or problem.get("message") or "").strip())
            for case in cases for problem in [*case.iter("failure"), *case.iter("error")]]
