"""Running the katas' tests: pytest in a subprocess, with the runner's reports.

pytest stays the engine. `kata check` shows its output as it comes; `kata list` and
`kata watch` run it quietly and read what they need: the results file the runner
writes, and the run's outcomes (kata.runner.outcomes) for the failures' reports.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from kata.katas import ROOT, TESTS, Kata, relative
from kata.runner.outcomes import TestOutcome, failures_of, read_outcomes
from kata.runner.processes import process_group

FIRST_FAILURE_POLL_SECONDS = 0.05  # how often a quiet run looks for its first failure


@dataclass(frozen=True)
class QuietRun:
    exit_code: int
    output: str
    failures: list[TestOutcome] = field(default_factory=list)

    @property
    def could_not_run(self) -> bool:
        """pytest itself stopped: a usage error, an internal error, or no tests at all."""
        return self.exit_code not in (0, 1)


def pytest_command(
    katas: list[Kata], *, impl: str | None = None, examples: bool = False, extra: tuple[str, ...] = ()
) -> list[str]:
    command = [sys.executable, "-m", "pytest", *(relative(TESTS / kata.slug) for kata in katas)]
    if impl:
        command.append(f"--impl={impl}")
    if examples:
        command += ["-m", "examples"]
    return command + list(extra)


def run_visibly(command: list[str]) -> int:
    """Run pytest with its output on this terminal; its exit status is the check's."""
    with process_group(command, cwd=ROOT) as process:
        return process.wait()


def run_quietly(
    katas: list[Kata], *, impl: str = "learner", on_first_failure: Callable[[TestOutcome], None] | None = None
) -> QuietRun:
    """Run the katas' whole suites without showing anything; the runner records their results.

    `on_first_failure` is called with the first failure as soon as the run knows it, while
    the run goes on. pytest runs in a process group of its own: if this command is stopped
    meanwhile (Ctrl-C, SIGTERM), the run and anything it started are stopped with it.
    """
    with tempfile.TemporaryDirectory(prefix="kata-run-") as work:
        outcomes, first = Path(work) / "outcomes.json", Path(work) / "first-failure.txt"
        command = pytest_command(katas, impl=impl, extra=("-q", f"--outcomes={outcomes}", f"--first-failure={first}"))
        output: list[str] = []
        with process_group(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) as process:
            stdout = process.stdout
            assert stdout is not None  # a pipe, as asked
            reader = threading.Thread(target=lambda: output.append(stdout.read()), daemon=True)
            reader.start()
            _wait_telling_the_first_failure(process, first, on_first_failure)
            reader.join()
        return QuietRun(process.returncode, "".join(output), _failures(outcomes))


def _wait_telling_the_first_failure(
    process: subprocess.Popen, first: Path, tell: Callable[[TestOutcome], None] | None
) -> None:
    told = tell is None
    while process.poll() is None or not told:
        if not told and first.exists():
            test, _, report = first.read_text(encoding="utf-8").partition("\n")
            # Not None here: told starts True when there is no tell. mypy cannot follow the flag.
            tell(TestOutcome(test, False, report=report.strip()))  # type: ignore[misc]
            told = True
        elif process.poll() is not None:
            return  # ended without a failure
        time.sleep(FIRST_FAILURE_POLL_SECONDS)


def _failures(outcomes: Path) -> list[TestOutcome]:
    """The failed tests in the order they ran, each with the runner's report."""
    try:
        return failures_of(read_outcomes(outcomes))
    except (OSError, ValueError):
        return []
