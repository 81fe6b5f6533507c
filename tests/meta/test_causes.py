"""Two catalogued mistakes in one file are told as two causes, each named: what a learner's code with a fault
in its checks and another in its answers gets.

The file answers as the mistake of the checks wherever the reference raises, and as the mistake of the answers
wherever it returns; each pair is a mistake that differs from the reference only where it raises (a message, a
bool accepted) and one that differs only in its answers. Katas whose calls the combination would change
(a generator read once; a callback, an embed or a tokenizer, whose calls are counted) have no pair.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kata.katas import find_kata
from kata.maintenance.known_failures import run_suite
from kata.runner.mistakes import mistakes_of
from kata.runner.outcomes import read_outcomes

pytestmark = pytest.mark.timeout(300)

PAIRS = [  # kata, the mistake of the checks, the mistake of the answers
    ("01", "message_omits_the_value", "redundant_tail_window"),
    ("02", "messages_without_the_value", "closes_on_exact_fit"),
    ("03", "messages_without_the_value", "splits_at_every_period"),
    ("05", "accepts_bool", "search_lands_one_below"),
    ("07", "message_omits_the_value", "hash_in_code_is_heading"),
    ("09", "messages_without_the_value", "negative_idf"),
    ("10", "accepts_a_bool_window", "merges_windows_in_rank_order"),
]


def combined_file(kata, checks: str, answers: str, folder: Path) -> Path:
    """The two mistakes as one learner's module: the checks' mistake where the reference raises, else the other's."""
    catalog = mistakes_of(kata)
    path = folder / f"{kata.module}.py"
    combined = "".join(f"\n{name} = _combined({name!r})\n" for name in kata.functions)
    path.write_text(
        kata.mistakes_path().read_text(encoding="utf-8")
        + f"""

import importlib.util as _util

_spec = _util.spec_from_file_location("_kata_reference_of_the_pair", {str(kata.reference_path())!r})
_reference = _util.module_from_spec(_spec)
_spec.loader.exec_module(_reference)


def _combined(name):
    def call(*args, **kwargs):
        try:
            getattr(_reference, name)(*args, **kwargs)
        except (TypeError, ValueError):
            return getattr({catalog[checks].__name__}, name)(*args, **kwargs)
        return getattr({catalog[answers].__name__}, name)(*args, **kwargs)
    return call
"""
        + combined,
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize("number, checks, answers", PAIRS, ids=[f"{n}:{c}+{a}" for n, c, a in PAIRS])
def test_two_mistakes_in_one_file_are_two_causes_each_named(number, checks, answers, tmp_path):
    kata = find_kata(number)
    learner = combined_file(kata, checks, answers, tmp_path)
    run = run_suite(kata, f"--impl={learner}", "--no-header", outcomes=tmp_path / "outcomes.json")
    causes = read_outcomes(tmp_path / "outcomes.json")[kata.slug]["causes"]
    named = [cause["mistakes"] for cause in causes if cause["mistakes"]]
    assert any(checks in ids for ids in named) and any(answers in ids for ids in named), (named, run.stdout[-3000:])
    assert all(checks in ids or answers in ids for ids in named), named
    assert len(run.stdout.splitlines()) <= 60 + 8 * (len(causes) - 2), run.stdout
