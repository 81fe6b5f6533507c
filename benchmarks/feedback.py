"""How fast the learner's loop answers: the figures the project aims at, side by side.

    python benchmarks/feedback.py            # everything below (a few minutes on two cores)
    python benchmarks/feedback.py --quick    # skip the per-kata checks and the full suite

Each figure is the median of a few runs of the real command, from a fresh process, in a
copy of the repository (so that nothing here writes into the checkout):

- one test: pytest on a single test of kata 01, the floor any check pays;
- each kata's check: pytest on the kata's whole suite, judging the reference;
- the full reference suite;
- a stalling solution (kata 01's no_validation) and a quadratic one (kata 01's
  copies_the_rest_each_step, kata 02's resums_the_open_chunk): the first failure
  (pytest -x) and the full verdict;
- kata watch: from saving a file to the first line on the screen, and to the whole report.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kata.katas import KATAS, RUNNERS_OWN_TESTS  # noqa: E402
from kata.runner.mistakes import mistakes_of  # noqa: E402

COPIED = ("kata", "problems", "solutions", "tests", "conftest.py", "pyproject.toml")
RUNS = 3
SLOW = [
    ("stalling", "01", "no_validation"),
    ("quadratic", "01", "copies_the_rest_each_step"),
    ("quadratic", "02", "resums_the_open_chunk"),
]


def copy_of_the_repository(into: Path) -> Path:
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(
                source, into / name, ignore=shutil.ignore_patterns("__pycache__", ".kata", *RUNNERS_OWN_TESTS)
            )
        else:
            shutil.copy2(source, into / name)
    return into


def seconds_of(command: list[str], where: Path, runs: int = RUNS) -> float:
    """The median wall time of the command, from a fresh process each time."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, cwd=where, capture_output=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def pytest(*arguments: str) -> list[str]:
    return [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", *arguments]


def watch_seconds(where: Path) -> tuple[float, float]:
    """kata watch on kata 01: seconds from a save to the first line, and to the end of the report."""
    kata = KATAS[0]
    stub = where / "problems" / kata.slug / f"{kata.module}.py"
    catalog = where / "solutions" / kata.slug / "mistakes.py"
    stalling = mistakes_of(kata)["no_validation"].__name__
    watcher = subprocess.Popen(
        [sys.executable, "-m", "kata", "watch", "01"],
        cwd=where,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        bufsize=1,
    )
    try:
        _read_until(watcher, "Ctrl-C stops.")  # the first screen
        stub.write_text(catalog.read_text() + f"\n{kata.functions[0]} = {stalling}.{kata.functions[0]}\n")
        saved = time.perf_counter()
        first = _read_until(watcher, "") - saved
        whole = _read_until(watcher, "Ctrl-C stops.") - saved
        return first, whole
    finally:
        watcher.kill()
        watcher.wait()


def _read_until(process: subprocess.Popen, text: str) -> float:
    for line in process.stdout:
        if text in line:
            return time.perf_counter()
    raise RuntimeError("kata watch ended early")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the per-kata checks and the full suite")
    options = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        where = copy_of_the_repository(Path(folder))
        one_test = seconds_of(
            pytest(
                "tests/01_fixed_windows/test_examples.py", "--impl=reference", "-k", "test_empty_input_gives_no_windows"
            ),
            where,
        )
        rows.append(("one test (pytest, kata 01)", one_test, ""))
        if not options.quick:
            for kata in KATAS:
                check = seconds_of(pytest(f"tests/{kata.slug}", "--impl=reference"), where)
                rows.append((f"check of kata {kata.number}, reference", check, f"{check / one_test:.1f}x one test"))
            rows.append(("full reference suite", seconds_of(pytest("--impl=reference"), where, runs=1), ""))
        for kind, number, mistake in SLOW:
            kata = next(kata for kata in KATAS if kata.number == number)
            impl = f"--impl=mistake:{number}:{mistake}"
            rows.append(
                (
                    f"{kind} {number} {mistake}: first failure (-x)",
                    seconds_of(pytest(f"tests/{kata.slug}", impl, "-x"), where),
                    "",
                )
            )
            rows.append(
                (
                    f"{kind} {number} {mistake}: full verdict",
                    seconds_of(pytest(f"tests/{kata.slug}", impl), where, runs=1),
                    "",
                )
            )
        first, whole = watch_seconds(where)
        rows.append(("kata watch: save to its first line", first, ""))
        rows.append(("kata watch: save to the whole report (stalling solution)", whole, ""))
    width = max(len(name) for name, _, _ in rows)
    print(f"{'what'.ljust(width)}  seconds")
    for name, seconds, note in rows:
        print(f"{name.ljust(width)}  {seconds:7.2f}  {note}".rstrip())
    print(f"\n{os.cpu_count()} cores; medians of {RUNS} runs, except the full suite and the full verdicts (one run)")


if __name__ == "__main__":
    main()
