"""What the kernel's confinement of a worker costs: its start, with and without, and a class's grading.

    python benchmarks/confinement.py            # worker starts only (a few seconds)
    python benchmarks/confinement.py --class    # and the grading of tests/grading/classroom (about a minute)

Prints a table. The goals it measures: confinement adds at most 50 ms to a worker's start,
and the test class grades in about a minute on two cores.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kata.sandbox import (  # noqa: E402
    confinement,
    forking,
    identity,
    pool,
)
from kata.sandbox.client import WorkerClient  # noqa: E402

SUBMISSION = "def f():\n    return 'ready'\n"
STARTS = 30


def median_start_seconds(folder: Path, confined: bool) -> tuple[float, str]:
    """The median time to start a worker, call it once and stop it; and why it ran unconfined, if it did."""
    source = folder / "submission.py"
    source.write_text(SUBMISSION)
    seconds, unconfined = [], ""
    pool.connect_to_judging()
    for _ in range(STARTS):
        worker = WorkerClient(source, ("f",), confinement_required=confined)
        started = time.perf_counter()
        assert worker.call("f", (), {}) == "ready"
        seconds.append(time.perf_counter() - started)
        unconfined = worker.unconfined
        worker.stop()
    return statistics.median(seconds), unconfined


def unconfined_starts(folder: Path) -> tuple[float, str]:
    """The same starts from a fork server that cannot load libseccomp, so runs its workers unconfined."""
    shadow = folder / "shadow"
    shadow.mkdir()
    (shadow / "pyseccomp.py").write_text("raise ImportError('switched off for the benchmark')\n")
    environment = forking.worker_environment()
    original = forking.worker_environment
    forking.worker_environment = lambda: {**environment, "PYTHONPATH": f"{shadow}{os.pathsep}{ROOT}"}
    try:
        pool.stop_all_workers()
        return median_start_seconds(folder, confined=False)
    finally:
        forking.worker_environment = original
        pool.stop_all_workers()


def apply_seconds() -> float:
    """The median time a forked process takes to apply a prepared confinement to itself."""
    hidden = [str(ROOT), tempfile.gettempdir()]
    if identity.runs_as_root():  # as the fork server does, in this process's own mount namespace
        identity.open_the_runtime(confinement.readable_paths(hidden))
    prepared = confinement.Confinement(hidden)
    seconds = []
    for _ in range(STARTS):
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:
            started = time.perf_counter()
            prepared.apply(tempfile.gettempdir(), [])
            os.write(write, f"{time.perf_counter() - started}".encode())
            os._exit(0)
        os.close(write)
        seconds.append(float(os.read(read, 64)))
        os.close(read)
        os.waitpid(pid, 0)
    return statistics.median(seconds)


def class_grading_seconds() -> float:
    started = time.monotonic()
    subprocess.run(
        [
            sys.executable,
            "-m",
            "kata",
            "grade",
            "tests/grading/classroom",
            "--katas",
            "1",
            "--jobs",
            "2",
            "--call-seconds",
            "0.2",
            "--memory",
            "512",
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    return time.monotonic() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--class",
        dest="grade_class",
        action="store_true",
        help="also grade tests/grading/classroom (about a minute on two cores)",
    )
    options = parser.parse_args()
    why = confinement.problem()
    if why:
        sys.exit(f"nothing to measure: {why}")
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        confined, _ = median_start_seconds(Path(folder), confined=True)
        pool.stop_all_workers()
        unconfined, reason = unconfined_starts(Path(folder))
        assert reason, "the unconfined starts were confined after all"
    rows.append(("worker start, call and stop, confined (median)", f"{confined * 1000:.1f} ms"))
    rows.append(("the same, unconfined (median)", f"{unconfined * 1000:.1f} ms"))
    rows.append(
        ("what confinement adds to a worker's start (goal: at most 50 ms)", f"{(confined - unconfined) * 1000:.1f} ms")
    )
    rows.append(("applying a prepared confinement, in the worker (median)", f"{apply_seconds() * 1000:.1f} ms"))
    if options.grade_class:
        rows.append(
            (
                "kata grade tests/grading/classroom --jobs 2 --call-seconds 0.2 (goal: about a minute)",
                f"{class_grading_seconds():.1f} s",
            )
        )
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name.ljust(width)}  {value}")


if __name__ == "__main__":
    main()
