"""The guards' inputs are drawn at run time (tests/support/guard_inputs.py): a new seed each run, said in a
failing guard's report, and replayed by KATA_GUARD_SEED; and every guard runs in a worker of its own."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from kata.judging.guards import complexity_guard, memory_guard, progress_guard
from kata.katas import ROOT
from tests.support.guard_inputs import SEED_VARIABLE

# A mistake that fails a guard at once (a wrong answer), so that its report shows the guard's input.
WRONG_ON_A_GUARD = (
    "--impl=mistake:02:new_total_starts_at_zero",
    "-k",
    "two_hundred_thousand_sentences_in_short_chunks",
)

pytestmark = pytest.mark.timeout(300)  # runs of kata 02's tests


def kata_02_run(options: tuple[str, ...], environment: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "tests/02_token_budget_packer", "-q", "-p", "no:cacheprovider", *options],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


def guard_run(*options: str, seed: str | None = None) -> str:
    environment = {key: value for key, value in os.environ.items() if key not in (SEED_VARIABLE, "KATA_IMPL")}
    if seed is not None:
        environment[SEED_VARIABLE] = seed
    return kata_02_run(options, environment).stdout


def seed_and_call(report: str) -> tuple[str, str]:
    """The seed a failing guard's report names, and the call it shows (its input, shortened)."""
    seed = re.search(r"from the seed (\d+);", report)
    call = re.search(r"^Called .*$", report, re.M)
    assert (
        seed and call and f"{SEED_VARIABLE}={seed.group(1)} to draw the same input again" in " ".join(report.split())
    ), report[-2000:]
    return seed.group(1), call.group(0)


def test_each_run_draws_new_inputs_that_its_seed_draws_again():
    first, second = seed_and_call(guard_run(*WRONG_ON_A_GUARD)), seed_and_call(guard_run(*WRONG_ON_A_GUARD))
    assert first[0] != second[0] and first[1] != second[1]
    assert seed_and_call(guard_run(*WRONG_ON_A_GUARD, seed=first[0])) == first


def test_a_seed_that_is_not_a_whole_number_is_refused_in_one_line():
    run = kata_02_run(("--impl=reference",), {**os.environ, SEED_VARIABLE: "12ab"})
    assert run.returncode != 0
    assert f"the environment variable {SEED_VARIABLE} must be a whole number of 0 or more" in run.stderr
    assert "'12ab'" in run.stderr and len(run.stderr.strip().splitlines()) == 1, run.stderr


def test_a_passing_guard_says_nothing_of_its_seed():
    assert "seed" not in guard_run("--impl=reference", "-k", "test_guards")


@pytest.mark.parametrize(
    "mark",
    [progress_guard(), complexity_guard(hint="a hint"), memory_guard(9.0, hint="a hint")],
    ids=["progress", "complexity", "memory"],
)
def test_every_guard_runs_in_a_worker_of_its_own(mark):
    def guard():
        pass

    marks = {m.name for m in getattr(mark(guard), "pytestmark", [])}
    assert {"guard", "own_worker", "timeout"} <= marks
