"""How much room each guard leaves the reference: its time limit against the reference's time.

    python benchmarks/headroom.py            # every kata's guards (about half a minute)
    python benchmarks/headroom.py 02 05      # only these katas
    python benchmarks/headroom.py --isolate  # the same, the references in confined worker processes

A paced guard's limit is ten times the CPU time of the tests' own plain pass over its input
(and, isolated, eight times the tests' time sending the input to the worker), so that a correct
solution written another way is never flagged while a quadratic one is stopped as soon as it is
clearly slower. This runs the guards on the reference, in one pytest process, and prints for
each paced guard its limit and the reference's CPU time, as the guard's report records them
(median of three runs), and their ratio; for every other guard its fixed limit and the test's
time. A ratio under 10 is marked. Guards with more than 100 times the reference's time are only
counted: most are small inputs, guarded so that a loop that never ends is stopped.

It then times the costs that a statement describes without a test to hold them (kata
06: "20,000 short sections with max_tokens=512 take a few seconds with the toy tokenizer").

The paced guards' figures are CPU times, which other work on the machine hardly moves; the
fixed guards' are the tests' wall times: run it on a quiet machine.
"""

from __future__ import annotations

import importlib.util
import statistics
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
RUNS = 3
WANTED_RATIO = 10
LISTED_BELOW_RATIO = 100


class GuardTimes:
    """A pytest plugin that keeps each guard's limit and the reference's time on it, run after run."""

    def __init__(self) -> None:
        self.fixed: dict[str, float] = {}  # the limit of each guard that is not paced
        self.limits: dict[str, list[float]] = {}
        self.durations: dict[str, list[float]] = {}

    def pytest_collection_modifyitems(self, items) -> None:
        items[:] = [item for item in items if item.get_closest_marker("guard")]
        for item in items:
            self.fixed[item.nodeid] = item.get_closest_marker("guard").kwargs["seconds"]

    def pytest_runtest_logreport(self, report) -> None:
        if report.when == "call" and report.passed:
            properties = dict(report.user_properties)
            paced = "budget_seconds" in properties
            limit = properties["budget_seconds"] if paced else self.fixed[report.nodeid]
            self.limits.setdefault(report.nodeid, []).append(limit)
            self.durations.setdefault(report.nodeid, []).append(
                properties["used_seconds"] if paced else report.duration
            )


def folders_of(numbers: list[str]) -> list[str]:
    folders = sorted(path for path in (ROOT / "tests").glob("[0-9][0-9]_*") if path.is_dir())
    return [str(path) for path in folders if not numbers or path.name[:2] in numbers]


def reference(slug: str, module: str):
    spec = importlib.util.spec_from_file_location(f"headroom_{module}", ROOT / "solutions" / slug / f"{module}.py")
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


def time_the_described_costs() -> None:
    from kata.katas.toy_tokenizer import ToyTokenizer

    chunk_sections = reference("06_token_aware_chunker", "token_aware_chunker").chunk_sections
    started = time.perf_counter()
    chunk_sections(["the cat sat on the mat"] * 20_000, 512, ToyTokenizer())
    print(
        f"06: 20,000 short sections with max_tokens=512 and the toy tokenizer: "
        f"{time.perf_counter() - started:.1f}s (the statement says: a few seconds)"
    )


def main(numbers: list[str]) -> int:
    times = GuardTimes()
    isolated = [number for number in numbers if number == "--isolate"]
    numbers = [number for number in numbers if number != "--isolate"]
    arguments = [*folders_of(numbers), "--impl=reference", "-q", "-p", "no:cacheprovider", *isolated]
    for _ in range(RUNS):
        status = pytest.main(arguments, plugins=[times])
        if status != 0:
            print(f"the reference failed a guard (pytest exit status {status}): no figures", file=sys.stderr)
            return 1
    print(f"\n{'guard':90s} {'limit':>6s} {'reference':>10s} {'ratio':>6s}")
    roomy = 0
    for nodeid, limits in times.limits.items():
        limit, seconds = statistics.median(limits), statistics.median(times.durations[nodeid])
        ratio = limit / seconds if seconds else float("inf")
        if ratio > LISTED_BELOW_RATIO:
            roomy += 1
            continue
        mark = "" if ratio >= WANTED_RATIO else f"  under {WANTED_RATIO}x"
        print(f"{nodeid.split('/', 1)[-1]:90s} {limit:5.2f}s {seconds:9.3f}s {ratio:5.0f}x{mark}")
    print(f"and {roomy} more guards, each with over {LISTED_BELOW_RATIO} times the reference's time\n")
    if not numbers or "06" in numbers:
        time_the_described_costs()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
