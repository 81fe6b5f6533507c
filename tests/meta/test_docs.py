"""The docs a newcomer enters hold only what is true: the README fits a first minute, every link leads to a
file, and every limit docs/security.md names is the value of its constant in the code.

The examples the docs print are held elsewhere: the README's failure by tests/runner/test_judge_messages.py,
the learners' guide's summary by tests/runner/test_mistake_naming.py, the table of katas by
tests/meta/test_katas_are_whole.py.
"""

from __future__ import annotations

import inspect
import re

import pytest

from kata.grading import grader, grades, submissions
from kata.judging import limits as call_limits
from kata.judging import load_problems
from kata.katas import ROOT
from kata.sandbox import confinement
from kata.sandbox import limits as worker_limits

README_LIMIT = 8_000  # characters: a learner's first minute
DOCS = ["README.md", "CONTRIBUTING.md", "ARCHITECTURE.md", "docs/learners.md", "docs/teachers.md", "docs/security.md"]
# Where the constants docs/security.md names are defined, each once.
DEFINED_IN = [worker_limits, call_limits, load_problems, grades, submissions, grader, confinement]


def test_the_readme_is_a_learners_first_minute():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme) <= README_LIMIT, f"README.md is {len(readme):,} characters; at most {README_LIMIT:,}"
    for section in ("## The katas", "## Quick start", "## The everyday loop", "## Reading a failure"):
        assert section in readme, section


@pytest.mark.parametrize("doc", DOCS)
def test_every_link_of_a_doc_leads_to_a_file(doc):
    path = ROOT / doc
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", path.read_text(encoding="utf-8"))
    broken = [target for target in targets if "://" not in target and not (path.parent / target).exists()]
    assert not broken, f"{doc} links to files that do not exist: {broken}"


def limits_in_the_security_doc() -> list[tuple[str, str]]:
    text = (ROOT / "docs" / "security.md").read_text(encoding="utf-8")
    table = text.split("## The limits, by name", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `([A-Z_]+)` \| `([^`]+)` \|", table, re.M)


def test_the_security_doc_names_its_limits():
    assert len(limits_in_the_security_doc()) >= 20


@pytest.mark.parametrize(("name", "value"), limits_in_the_security_doc())
def test_every_limit_the_security_doc_gives_is_its_constants_value(name, value):
    defined = [module for module in DEFINED_IN if re.search(rf"^{name} = ", inspect.getsource(module), re.M)]
    assert len(defined) == 1, f"{name} is defined in {[module.__name__ for module in defined]}: once, in one module"
    assert getattr(defined[0], name) == eval(value), f"docs/security.md says {name} is {value}"


def test_the_lists_of_refusals_the_security_doc_names_are_the_confinements():
    text = (ROOT / "docs" / "security.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(REFUSED[A-Z_]*|ONLY_ON_ITSELF[A-Z_]*)`", text))
    assert named and all(hasattr(confinement, name) for name in named), sorted(named)
