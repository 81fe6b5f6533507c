"""The verdicts on a busy machine: the same as on a quiet one.

    python benchmarks/under_load.py              # the references three times, then the guards' mistakes
    python benchmarks/under_load.py --runs 1     # one run of the references
    python benchmarks/under_load.py --per-core 4 # a heavier load

It starts two busy-looping processes per core (--per-core) and keeps them running while it:

- runs every reference solution through every test (pytest --impl=reference), --runs times
  in a row: each run must pass every test;
- runs every catalogued mistake whose record says a guard stops it (TOO SLOW or DID NOT
  FINISH on a guard) through that kata's guards: each must still fail each of those guards.

Every limit counts the code's own CPU time (kata.judging.clocks) and a paced guard's limit
follows the tests' own pass over the same input, so a loaded machine changes no verdict; this
is the check that it does. It prints each run's outcome and the load average, and exits 1 if
any verdict differed.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kata.katas import KATAS  # noqa: E402
from kata.maintenance.known_failures import failures_of_run  # noqa: E402
from kata.runner.mistakes import mistakes_of  # noqa: E402


def spin() -> None:
    while True:
        pass


def busy_processes(count: int) -> list[multiprocessing.Process]:
    processes = [multiprocessing.Process(target=spin, daemon=True) for _ in range(count)]
    for process in processes:
        process.start()
    return processes


def pytest(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )


def guards_that_stop(kata, mistake) -> set[str]:
    """The guards the mistake's record says a limit stops, or that it fails."""
    guard_names = guard_tests_of(kata)
    return {name for name in (*mistake.known.stopped, *mistake.known.fails) if name in guard_names}


_guard_names: dict[str, set[str]] = {}


def guard_tests_of(kata) -> set[str]:
    if kata.slug not in _guard_names:
        run = pytest(f"tests/{kata.slug}", "-m", "guard", "--collect-only", "--impl=reference")
        _guard_names[kata.slug] = {line.rsplit("::", 1)[-1] for line in run.stdout.splitlines() if "::" in line}
    return _guard_names[kata.slug]


def failed_tests(outcomes: Path) -> set[str]:
    """The tests with fixed inputs the run failed, as a record counts them (property tests are left out)."""
    try:
        return set(failures_of_run(outcomes).fails)
    except (OSError, ValueError):
        return set()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--per-core", type=int, default=2)
    options = parser.parse_args()
    load = busy_processes(options.per_core * (os.cpu_count() or 1))
    print(f"{len(load)} busy processes started on {os.cpu_count()} cores")
    different = 0
    try:
        time.sleep(2)
        for run in range(1, options.runs + 1):
            started = time.monotonic()
            result = pytest("--impl=reference")
            summary = result.stdout.strip().splitlines()[-1] if result.stdout.strip() else result.stderr[-500:]
            print(
                f"references, run {run}: {summary} (load average {os.getloadavg()[0]:.1f}, "
                f"{time.monotonic() - started:.0f} s)"
            )
            different += result.returncode != 0
        checked = 0
        with tempfile.TemporaryDirectory() as folder:
            for kata in KATAS:
                for mistake in mistakes_of(kata).values():
                    expected = guards_that_stop(kata, mistake)
                    if not expected:
                        continue
                    outcomes = Path(folder) / f"{kata.number}-{mistake.id}.json"
                    pytest(
                        f"tests/{kata.slug}",
                        "-m",
                        "guard",
                        f"--impl=mistake:{kata.number}:{mistake.id}",
                        f"--outcomes={outcomes}",
                    )
                    failed = failed_tests(outcomes) & guard_tests_of(kata)
                    checked += 1
                    if failed != expected:
                        different += 1
                        print(
                            f"{kata.number} {mistake.id}: the guards failed {sorted(failed)}, "
                            f"its record says {sorted(expected)}"
                        )
        print(f"{checked} mistakes that a guard catches checked under load (load average {os.getloadavg()[0]:.1f})")
    finally:
        for process in load:
            process.kill()
    print("every verdict as on a quiet machine" if not different else f"{different} verdicts differed")
    return 1 if different else 0


if __name__ == "__main__":
    sys.exit(main())
