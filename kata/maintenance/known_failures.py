"""Writing again each kata's record of what its catalogued mistakes fail (known_failures.json).

Each catalogued mistake's whole suite runs as a learner's file, in a pytest process of its
own, as `pytest -m meta` runs it; the fixed tests it fails, and those a limit stops, are its
record. `python -m kata.maintenance known-failures [KATA ...]` writes them (a few minutes).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

from kata.judging.guards import PROPERTIES_MODULE
from kata.judging.vocabulary import Verdict
from kata.katas import ROOT, Kata
from kata.runner.failures import kind_of_test
from kata.runner.known_failures import KnownFailures, failure_kind, path_of
from kata.runner.mistakes import mistakes_of
from kata.runner.outcomes import failures_of, read_outcomes

if TYPE_CHECKING:
    from kata.runner.mistakes import Mistake

# The Hypothesis tests, which draw their inputs, all live in test_properties.py
# (kata.judging.guards.has_fixed_inputs tells them apart at run time).


def failures_of_run(outcomes: Path) -> KnownFailures:
    """What a run's outcomes show of the fixed tests: those that failed, those a limit stopped."""
    failed = [test for test in failures_of(read_outcomes(outcomes)) if f"/{PROPERTIES_MODULE}::" not in test.test]
    return KnownFailures(
        frozenset(test.name for test in failed),
        frozenset(test.name for test in failed if test.verdict in Verdict.LIMITS),
        {
            test.name: failure_kind(test.verdict, (test.failure or {}).get("check", ""))
            for test in failed
            if kind_of_test(test.test) != "guards"
        },
    )


def as_learner_file(kata: Kata, mistake: type[Mistake], folder: Path) -> Path:
    """The mistake written out as a learner's module: the catalog's code, the functions at top level."""
    path = folder / f"{kata.module}.py"
    aliases = "".join(f"\n{name} = {mistake.__name__}.{name}\n" for name in kata.functions)
    path.write_text(kata.mistakes_path().read_text(encoding="utf-8") + "\n" + aliases, encoding="utf-8")
    return path


def run_suite(
    kata: Kata, *options: str, outcomes: Path | None = None, guard_seed: int | None = None, hash_seed: int | None = None
) -> subprocess.CompletedProcess:
    """The kata's whole suite in a pytest process of its own, with the examples CI uses, as the meta tests run it
    (the guards' inputs drawn from `guard_seed`, where one is given: KATA_GUARD_SEED; the order of a set's items
    from `hash_seed`: PYTHONHASHSEED)."""
    command = [
        sys.executable,
        "-m",
        "pytest",
        f"tests/{kata.slug}",
        "-p",
        "no:cacheprovider",
        "--hypothesis-profile=ci",
        "-q",
        *options,
        *([f"--outcomes={outcomes}"] if outcomes is not None else []),
    ]
    environment = {key: value for key, value in os.environ.items() if key != "KATA_IMPL"}
    if guard_seed is not None:
        environment["KATA_GUARD_SEED"] = str(guard_seed)
    if hash_seed is not None:
        environment["PYTHONHASHSEED"] = str(hash_seed)
    return subprocess.run(command, cwd=ROOT, env=environment, capture_output=True, text=True, timeout=280)


def run_of_mistake(kata: Kata, mistake: type[Mistake]) -> KnownFailures:
    """Run the kata's whole suite on the mistake as a learner's file, and read what it failed."""
    with tempfile.TemporaryDirectory(prefix="kata-known-failures-") as work:
        outcomes = Path(work) / "outcomes.json"
        run_suite(kata, f"--impl={as_learner_file(kata, mistake, Path(work))}", outcomes=outcomes)
        return failures_of_run(outcomes)


def write_known_failures(kata: Kata, jobs: int) -> None:
    catalog = mistakes_of(kata)
    ids = list(catalog)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        found = dict(zip(ids, pool.map(lambda mistake_id: run_of_mistake(kata, catalog[mistake_id]), ids)))
    record = {
        mistake_id: {
            "fails": sorted(found[mistake_id].fails),
            "stopped": sorted(found[mistake_id].stopped),
            "how": dict(sorted(found[mistake_id].how.items())),
        }
        for mistake_id in ids
    }
    path_of(kata).write_text(json.dumps(record, indent=1, ensure_ascii=True) + "\n", encoding="utf-8")
    print(f"wrote {path_of(kata).relative_to(ROOT)} ({len(ids)} mistakes)", flush=True)
