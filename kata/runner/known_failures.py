"""Which tests each catalogued mistake fails: the evidence a mistake is named on, as recorded.

A test with fixed inputs (not drawn by Hypothesis) gives the same verdict on the same code
in every run, so what a catalogued mistake does on the kata's fixed tests is a fact of the
catalog. `solutions/NN_slug/known_failures.json` records, for each mistake, the fixed tests
it fails and, among them, those a limit stops (it does not finish, or runs out of memory),
as its whole suite run by a learner shows them. The meta tests check the files against
such runs, and `python -m kata.maintenance known-failures [KATA ...]` writes them again
(kata.maintenance.known_failures).

The runner names a mistake only when this evidence agrees with the run (kata.runner.diagnosis):
a mistake that fails a test the code passed is not its mistake, and the code's failures
on the fixed tests being exactly a mistake's names that mistake at the end of the run.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

    from kata.katas import Kata


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
