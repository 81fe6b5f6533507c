"""Which tests each catalogued mistake fails: the evidence a mistake is named on.

A test with fixed inputs (not drawn by Hypothesis) gives the same verdict on the same code
in every run, so what a catalogued mistake does on the kata's fixed tests is a fact of the
catalog. `solutions/NN_slug/known_failures.json` records, for each mistake, the fixed tests
it fails and, among them, those a limit stops (it does not finish, or runs out of memory),
as its whole suite run by a learner shows them. The meta tests check the files against
such runs;

    python -m kata.runner.known_failures          # rewrites every kata's file (a few minutes)
    python -m kata.runner.known_failures 04       # or one kata's

The runner names a mistake only when this evidence agrees with the run (kata.runner.diagnosis):
a mistake that fails a test the code passed is not its mistake, and the code's failures
on the fixed tests being exactly a mistake's names that mistake at the end of the run.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from kata.katas import KATAS, ROOT, Kata, find_kata
from kata.runner.outcomes import failures_of, read_outcomes
from kata.vocabulary import Verdict

if TYPE_CHECKING:
    from kata.runner.mistakes import Mistake

# The Hypothesis tests, which draw their inputs, all live in test_properties.py
# (kata.judging.guards.has_fixed_inputs tells them apart at run time).
PROPERTIES_MODULE = "/test_properties.py::"


@dataclass(frozen=True)
class KnownFailures:
    fails: frozenset[str] = frozenset()  # the fixed tests it fails
    stopped: frozenset[str] = frozenset()  # those of them that a limit stopped


def path_of(kata: Kata) -> Path:
    return kata.mistakes_path().parent / "known_failures.json"


def read_known_failures(kata: Kata) -> dict[str, KnownFailures]:
    """The kata's recorded failures by mistake id ({} when it has none)."""
    try:
        recorded = json.loads(path_of(kata).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return {mistake: KnownFailures(frozenset(entry["fails"]), frozenset(entry["stopped"]))
            for mistake, entry in recorded.items()}


def failures_of_run(outcomes: Path) -> KnownFailures:
    """What a run's outcomes show of the fixed tests: those that failed, those a limit stopped."""
    failed = [test for test in failures_of(read_outcomes(outcomes)) if PROPERTIES_MODULE not in test.test]
    return KnownFailures(frozenset(test.name for test in failed),
                         frozenset(test.name for test in failed if test.report.startswith(Verdict.LIMITS)))


def as_learner_file(kata: Kata, mistake: type[Mistake], folder: Path) -> Path:
    """The mistake written out as a learner's module: the catalog's code, the functions at top level."""
    path = folder / f"{kata.module}.py"
    aliases = "".join(f"\n{name} = {mistake.__name__}.{name}\n" for name in kata.functions)
    path.write_text(kata.mistakes_path().read_text(encoding="utf-8") + "\n" + aliases, encoding="utf-8")
    return path


def run_suite(kata: Kata, *options: str, outcomes: Path | None = None) -> subprocess.CompletedProcess:
    """The kata's whole suite in a pytest process of its own, with the examples CI uses, as the meta tests run it."""
    command = [sys.executable, "-m", "pytest", f"tests/{kata.slug}", "-p", "no:cacheprovider",
               "--hypothesis-profile=ci", "-q", *options, *([f"--outcomes={outcomes}"] if outcomes is not None else [])]
    environment = {key: value for key, value in os.environ.items() if key != "KATA_IMPL"}
    return subprocess.run(command, cwd=ROOT, env=environment, capture_output=True, text=True, timeout=280)


def run_of_mistake(kata: Kata, mistake: type[Mistake]) -> KnownFailures:
    """Run the kata's whole suite on the mistake as a learner's file, and read what it failed."""
    with tempfile.TemporaryDirectory(prefix="kata-known-failures-") as work:
        outcomes = Path(work) / "outcomes.json"
        run_suite(kata, f"--impl={as_learner_file(kata, mistake, Path(work))}", outcomes=outcomes)
        return failures_of_run(outcomes)


def write_known_failures(kata: Kata, jobs: int) -> None:
    from kata.runner.mistakes import mistakes_of

    catalog = mistakes_of(kata)
    ids = list(catalog)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        found = dict(zip(ids, pool.map(lambda mistake_id: run_of_mistake(kata, catalog[mistake_id]), ids)))
    record = {mistake_id: {"fails": sorted(found[mistake_id].fails), "stopped": sorted(found[mistake_id].stopped)}
              for mistake_id in ids}
    path_of(kata).write_text(json.dumps(record, indent=1, ensure_ascii=True) + "\n", encoding="utf-8")
    print(f"wrote {path_of(kata).relative_to(ROOT)} ({len(ids)} mistakes)", flush=True)


def main(argv: list[str]) -> int:
    katas = [find_kata(argument) for argument in argv] or KATAS
    for kata in katas:
        write_known_failures(kata, jobs=os.cpu_count() or 1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
