"""How far each catalogued mistake is from the limit of each calibrated guard: the verdict's margin.

    python benchmarks/guard_margins.py            # every kata's mistakes (several minutes on 2 cores)
    python benchmarks/guard_margins.py 01 07      # only these katas

A calibrated guard stops the code under test at 10 times the CPU time of the tests' own plain pass
over the same input (pytest --pace-factor). Whether a mistake is stopped there is part of its record
(known_failures.json), by which a learner's run is named, so it must not depend on the machine: a
mistake that takes 12 times the pace here may take 9 times it on a machine whose memory or cache
differs. This runs each mistake's guards with a budget of WIDE times the pace, reads from each guard's
report (its user properties) what the mistake used, and prints, for each mistake within a factor of
MARGIN of the real limit (PACE_FACTOR times the pace, or the floor) on either side, what it used over
that limit: those are the records that a machine could change. Times are CPU times, so a busy machine
changes little; it prints how many were measured.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kata.judging.limits import PACE_FACTOR, PACE_FLOOR_SECONDS, Pace  # noqa: E402
from kata.katas import KATAS  # noqa: E402
from kata.runner.mistakes import mistakes_of  # noqa: E402

WIDE = 40  # the budget the mistakes are measured under, in paces: four times the real limit
MARGIN = 2  # a ratio within a factor of this of the limit is listed


def guard_ratios(kata, mistake_id: str) -> list[tuple[str, float | None, str]]:
    """(guard, what the mistake used over the real limit, or None if it was stopped at WIDE paces, and its
    outcome) for each paced guard."""
    with tempfile.TemporaryDirectory() as folder:
        junit = Path(folder) / "junit.xml"
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                f"tests/{kata.slug}",
                "-m",
                "guard",
                f"--impl=mistake:{kata.number}:{mistake_id}",
                f"--pace-factor={WIDE}",
                "-q",
                "-p",
                "no:cacheprovider",
                f"--junitxml={junit}",
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        if not junit.exists():
            return []
        found = []
        for case in ElementTree.parse(junit).iter("testcase"):
            properties = {item.get("name"): item.get("value") for item in case.iter("property")}
            if "pace_seconds" not in properties:
                continue
            failure = case.find("failure")
            stopped = failure is not None and "TOO SLOW" in (failure.get("message", "") + (failure.text or ""))
            pace = float(properties["pace_seconds"])
            limit = Pace(pace).budget  # the real limit, not the wide one
            # Stopped at WIDE paces: it used at least that; far above the limit only if the floor did not set it.
            ratio = (
                (None if WIDE * pace >= MARGIN * limit else WIDE * pace / limit)
                if stopped
                else float(properties["used_seconds"]) / limit
            )
            found.append(
                (case.get("name", ""), ratio, "stopped" if stopped else "failed" if failure is not None else "passed")
            )
        return found


def main(numbers: list[str]) -> int:
    katas = [kata for kata in KATAS if not numbers or kata.number in numbers]
    work = [(kata, mistake_id) for kata in katas for mistake_id in mistakes_of(kata)]
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(lambda pair: (pair, guard_ratios(*pair)), work))
    low, high = 1 / MARGIN, MARGIN
    print(
        f"{len(work)} mistakes measured, each guard's budget {WIDE} paces; the limit is {PACE_FACTOR:g} paces "
        f"(at least {PACE_FLOOR_SECONDS:g} s)."
    )
    print(
        f"Listed: what a mistake used, from {low:g} to {high:g} times the limit, where the verdict could differ on "
        "another machine.\n"
    )
    listed = 0
    for (kata, mistake_id), ratios in results:
        for guard, ratio, outcome in ratios:
            if ratio is not None and low <= ratio <= high:
                listed += 1
                at_least = "at least " if outcome == "stopped" else ""
                print(f"{kata.number} {mistake_id:45s} {guard:70s} {at_least}{ratio:5.2f} times the limit ({outcome})")
    print(f"\n{listed} close to the limit")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
