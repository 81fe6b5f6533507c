"""Tests of the tests: an answer is read strictly (exact built-in types, the documented shape) before it is judged.

A submission returns, from every function of its kata, an object whose == answers True to
anything and which iterates as empty, a list subclass whose == lies the same way, or a real
list holding one such object. Such
an answer must fail every test that looks at an answer; only the tests that look at the
input alone (that the call leaves it unchanged) may pass.
"""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from kata.katas import KATAS, ROOT
from kata.runner.outcomes import read_outcomes
from tests.support.answers import is_exactly

pytestmark = pytest.mark.timeout(300)  # a run of a whole suite, several for some

LIARS = """
class Liar:
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    def __iter__(self):
        return iter([])

    def __len__(self):
        return 0

    def __getitem__(self, index):
        return Liar()

    def __hash__(self):
        return 0

    def __repr__(self):
        return "[]"


class LyingList(list):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False
"""
LOOKS_AT_THE_INPUT_ONLY = re.compile(r"input.*(not|never)_modified")


# A liar alone, a list that lies, and a real list of one item that lies (a guard that checks the length
# and then compares an item with == is fooled by the last).
@pytest.mark.parametrize("liar", ["Liar()", "LyingList()", "[Liar()]"], ids=["liar", "lying_list", "list_of_a_liar"])
@pytest.mark.parametrize("kata", KATAS, ids=[kata.slug for kata in KATAS])
def test_a_lying_answer_fails_every_test_that_looks_at_an_answer(kata, liar, tmp_path):
    module = tmp_path / f"{kata.module}.py"
    module.write_text(
        LIARS + "".join(f"\n\ndef {name}(*args, **kwargs):\n    return {liar}\n" for name in kata.functions)
    )
    outcomes = tmp_path / "outcomes.json"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            f"tests/{kata.slug}",
            f"--impl={module}",
            "-p",
            "no:cacheprovider",
            "--hypothesis-profile=ci",
            "-q",
            f"--outcomes={outcomes}",
        ],
        cwd=ROOT,
        capture_output=True,
        timeout=280,
    )
    tests = read_outcomes(outcomes)[kata.slug]["tests"]
    fooled = [test.test for test in tests if test.passed and not LOOKS_AT_THE_INPUT_ONLY.search(test.name)]
    assert tests and not fooled, f"a lying answer ({liar}) passes {fooled}"


@pytest.mark.parametrize(
    "got",
    [[[0.0, 1.0]], [[0, True]], [(0, 1)], [[0, 1], [2]], ([0, 1],)],
    ids=["floats", "a bool", "a tuple", "one more", "a tuple outside"],
)
def test_a_guards_answer_is_read_strictly_at_every_depth(got):
    """A guard compares large answers with is_exactly: 1.0 == 1 and True == 1 in Python, but not in an answer."""
    assert not is_exactly(got, [[0, 1]])
    assert is_exactly([[0, 1]], [[0, 1]])
