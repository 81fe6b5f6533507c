"""The latest test results of each kata, so that `kata list` need not run every suite again.

Every pytest run in learner mode records, for each kata whose whole suite it ran, how
many tests passed and failed, with a fingerprint of what was judged: the learner's
file and the kata's tests. A result whose fingerprint no longer matches the files is
stale, and the kata is checked again.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass

from kata.katas import TESTS, Kata, relative
from kata.runner.learner_state import read_state, write_state

RESULTS = "results"  # .kata/results.json


@dataclass(frozen=True)
class LatestResult:
    passed: int
    failed: int
    fingerprint: str
    problem: str = ""  # why the kata's code could not run at all ("cannot run: ..."), else ""

    @property
    def total(self) -> int:
        return self.passed + self.failed


def fingerprint(kata: Kata) -> str:
    """A digest of the learner's file and the kata's tests: it changes when either is edited."""
    digest = hashlib.sha256()
    for path in [kata.stub_path(), *sorted((TESTS / kata.slug).glob("*.py"))]:
        digest.update(relative(path).encode())
        digest.update(path.read_bytes() if path.is_file() else b"(missing)")
    return digest.hexdigest()[:20]


def record_results(results: dict[Kata, LatestResult]) -> None:
    """Keep these results, replacing the ones recorded before for the same katas."""
    if not results:
        return
    recorded = read_state(RESULTS)
    recorded.update({kata.slug: asdict(result) for kata, result in results.items()})
    try:
        write_state(RESULTS, recorded)
    except OSError:
        pass  # a read-only checkout: `kata list` will check the katas again, nothing is lost


def latest_result(kata: Kata) -> LatestResult | None:
    """The recorded result of the kata's current files, or None when there is none or it is stale."""
    entry = read_state(RESULTS).get(kata.slug)
    try:
        result = LatestResult(**(entry or {}))
    except TypeError:  # missing, or written by another version of the runner
        return None
    return result if result.fingerprint == fingerprint(kata) else None
