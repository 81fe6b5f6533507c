"""Which tests each catalogued mistake fails: the evidence a mistake is named on, as recorded.

A test with fixed inputs (not drawn by Hypothesis) gives the same verdict on the same code
in every run, so what a catalogued mistake does on the kata's fixed tests is a fact of the
catalog. `solutions/NN_slug/known_failures.json` records, for each mistake, the fixed tests
it fails, among them those a limit stops (it does not finish, or runs out of memory), and how
it fails each (its verdict, and for a wrong answer the kind of check), as its whole suite run
by a learner shows them. The meta tests check the files against
such runs, and `python -m kata.maintenance known-failures [KATA ...]` writes them again
(kata.maintenance.known_failures).

The runner names a mistake only when this evidence agrees with the run (kata.runner.causes):
a mistake that fails a test the code passed is not its mistake, and where the code's answer
cannot be compared with a mistake's, a mistake whose recorded failures the code fails too,
each the same way, explains them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

    from kata.katas import Kata


@dataclass(frozen=True)
class KnownFailures:
    fails: frozenset[str] = frozenset()  # the fixed tests it fails
    stopped: frozenset[str] = frozenset()  # those of them that a limit stopped
    # how it fails each of them (failure_kind): what a cause weighs where the code's answer cannot be compared;
    # not for a guard, whose input is drawn anew each run (a mistake may raise on one and answer wrong on another)
    how: Mapping[str, str] = field(default_factory=dict)


def failure_kind(verdict: str, check: str) -> str:
    """How a test failed, in a word or two: the verdict, and for a wrong answer what its check was
    ("WRONG ANSWER/message": the right exception, a message that lacks words)."""
    return f"{verdict}/{check}" if check else verdict


def path_of(kata: Kata) -> Path:
    return kata.mistakes_path().parent / "known_failures.json"


def read_known_failures(kata: Kata) -> dict[str, KnownFailures]:
    """The kata's recorded failures by mistake id ({} when it has none)."""
    try:
        recorded = json.loads(path_of(kata).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return {
        mistake: KnownFailures(frozenset(entry["fails"]), frozenset(entry["stopped"]), entry.get("how", {}))
        for mistake, entry in recorded.items()
    }
