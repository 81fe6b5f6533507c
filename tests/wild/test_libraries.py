"""The katas' suites on real libraries (wild/): each adapter, on the release it pins, finds what
wild/expected.json recorded: the tests it passes, and each cause of its failures, named and shown by a call.

Run with `pytest -m wild` once `pip install -e ".[wild]"` has installed the pinned releases; an adapter whose
library is absent, or another release of it, is skipped with that reason.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import zipfile

import pytest

from kata.katas import KATAS, ROOT, find_kata
from kata.maintenance.vendored import (
    check_against_wheel,
    differences_from_release,
    licence_of,
    release_file,
    sha256_of,
)
from kata.maintenance.wild import (
    TESTS_OF_THE_TYPE_OF,
    Adapter,
    adapters,
    differences,
    expected,
    judge,
    why_not_run,
)
from kata.runner.mistakes import mistakes_of

ADAPTERS = adapters()


@pytest.mark.parametrize("adapter", ADAPTERS, ids=[adapter.name for adapter in ADAPTERS])
def test_the_library_fails_the_tests_and_for_the_causes_recorded(adapter):
    reason = why_not_run(adapter)
    if reason is not None:
        pytest.skip(reason)
    said = differences(adapter.name, judge(adapter), expected().get(adapter.name))
    assert not said, "\n".join(said) + "\nOnce understood: python -m kata.maintenance wild --write"


def test_every_adapter_has_a_record_and_every_record_an_adapter():
    assert sorted(expected()) == sorted(adapter.name for adapter in ADAPTERS)


def test_every_adapter_runs_on_the_release_the_extra_pins():
    line = re.search(r"^wild = \[(.*)\]$", (ROOT / "pyproject.toml").read_text(encoding="utf-8"), re.M)
    assert line, "pyproject.toml has no extra named wild, on one line"
    pins = dict(re.findall(r'"([A-Za-z0-9_.-]+)==([0-9][0-9A-Za-z.]*)"', line.group(1)))
    wrong = [
        f"{adapter.name} runs on {adapter.distribution} {adapter.version}; the extra pins "
        f"{pins.get(adapter.distribution)}"
        for adapter in ADAPTERS
        if adapter.vendored is None and pins.get(adapter.distribution) != adapter.version
    ]
    assert not wrong, "\n".join(wrong)


def test_every_vendored_adapter_keeps_the_licence_of_its_release_and_says_where_its_copy_is_from():
    vendored = [adapter for adapter in ADAPTERS if adapter.vendored is not None]
    assert vendored
    wrong = [
        adapter.name
        for adapter in vendored
        if not licence_of(adapter).is_file()
        or not re.fullmatch(r"[0-9a-f]{64}", adapter.vendored[1])
        or f"{adapter.vendored[0]} of the release's wheel" not in " ".join(adapter.path.read_text().split())
    ]
    assert not wrong, wrong


def wheel_with(folder, inside: str, text: str):
    """A wheel holding one file."""
    wheel = folder / "library-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr(inside, text)
    return wheel


# A release's file, and an adapter that copies its function and part of its class (all but `other`).
COPIED = '''
def windows(tokens, size):
    """The release's loop."""
    return [tokens[start : start + size] for start in range(0, len(tokens), size)]


class Splitter:
    size: int = 3

    def split(self, tokens):
        return windows(tokens, self.size)
'''
RELEASED = "import math\n\n" + COPIED + "\n    def other(self):\n        return math.pi\n"
COPY = (
    '''"""Kata 01 on library 1.0 (copied from library/split.py of the release's wheel)."""

LIBRARY = ("library", "1.0")
VENDORED = ("library/split.py", "{sha}")


def fixed_windows(tokens, chunk_size, overlap=0):
    return Splitter().split(tokens)

'''
    + COPIED
)


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (None, []),
        (("len(tokens), size)]", "len(tokens), size - 1)]"), ["windows differs from library/split.py"]),
        (("    def split(self, tokens):", "    def split(self, tokens, more=0):"), ["Splitter.split differs"]),
        (("class Splitter:", "def helper():\n    return 1\n\n\nclass Splitter:"), ["helper is not in"]),
        (("    size: int = 3", "    size: int = 4"), ["Splitter.size differs"]),
    ],
    ids=["the same", "a changed function", "a changed method", "a function of its own", "a changed field"],
)
def test_a_vendored_copy_is_checked_word_for_word_against_its_release(tmp_path, change, said):
    wheel = wheel_with(tmp_path, "library/split.py", RELEASED)
    copy = COPY.format(sha=sha256_of(wheel))
    if change:
        copy = copy.replace(*change)
    (tmp_path / "wild" / "01_fixed_windows").mkdir(parents=True)
    path = tmp_path / "wild" / "01_fixed_windows" / "library_copy.py"
    path.write_text(copy)
    adapter = Adapter(path, find_kata("01"), "library", "1.0", ("library/split.py", sha256_of(wheel)))
    found = [
        line.split(": ", 1)[1] for line in differences_from_release(adapter, release_file(wheel, "library/split.py"))
    ]
    assert len(found) == len(said) and all(any(part in line for line in found) for part in said), found


def test_a_vendored_copy_of_another_wheel_is_refused_by_its_hash(tmp_path):
    wheel = wheel_with(tmp_path, "library/split.py", RELEASED)
    path = tmp_path / "adapter.py"
    path.write_text(COPY.format(sha="0" * 64))
    adapter = Adapter(path, find_kata("01"), "library", "1.0", ("library/split.py", "0" * 64))
    assert check_against_wheel(adapter, wheel) == [
        f"{adapter.name}: {wheel.name} has SHA-256 {sha256_of(wheel)}, not {'0' * 64}"
    ]


def test_every_record_names_the_release_of_its_adapter():
    recorded = expected()
    wrong = [
        adapter.name
        for adapter in ADAPTERS
        if adapter.name in recorded
        and (recorded[adapter.name]["library"], recorded[adapter.name]["version"])
        != (adapter.distribution, adapter.version)
    ]
    assert not wrong, wrong


def test_every_adapter_says_what_it_converts_and_that_it_changes_nothing_of_the_algorithm():
    unsaid = [
        adapter.name
        for adapter in ADAPTERS
        if "Nothing of the algorithm is changed."
        not in " ".join((ast.get_docstring(ast.parse(adapter.path.read_text(encoding="utf-8"))) or "").split())
    ]
    assert not unsaid, f"these adapters' docstrings do not say 'Nothing of the algorithm is changed.': {unsaid}"


def in_the_wild(kata) -> str:
    """The "In the wild" section of the kata's editorial ("" when it has none)."""
    editorial = (kata.reference_path().parent / "EXPLANATION.md").read_text(encoding="utf-8")
    section = re.search(r"^## In the wild\n(.*?)(?=^## |\Z)", editorial, re.M | re.S)
    return section.group(1) if section else ""


def bullets(section: str) -> list[str]:
    """The section's bullets, each one's words on one line."""
    return [" ".join(bullet.split()) for bullet in re.split(r"^- ", section, flags=re.M)[1:]]


def bullets_of(mistake_id: str, section: str) -> list[str]:
    """The section's bullets about the mistake: those whose head, before the first colon, names it."""
    return [bullet for bullet in bullets(section) if f"`{mistake_id}`" in bullet.split(":", 1)[0]]


def releases_in(text: str) -> set[tuple[str, str]]:
    """Every `library x.y.z` the text names."""
    return set(re.findall(r"([a-z][a-z0-9_.-]+) (\d+\.\d+\.\d+)", " ".join(text.split())))


def calls_of(kata) -> set[str]:
    """Every call with fixed inputs the table holds for the kata's adapters, with what it did."""
    return {
        call
        for name, row in expected().items()
        if name.startswith(kata.slug)
        for cause in row["causes"]
        for call in cause["calls"]
    }


def seen(name: str, row: dict):
    """Each catalogued mistake the table names for an adapter, but those about a message's words alone."""
    kata = find_kata(name.split("/", 1)[0])
    for cause in row["causes"]:
        for mistake_id in cause["mistakes"]:
            mistake = mistakes_of(kata)[mistake_id]
            if not mistake.about_the_message:
                yield kata, mistake, cause


def test_a_mistake_a_library_made_is_cited_in_the_editorial_with_its_release_and_a_call_the_table_shows():
    unsaid = []
    for name, row in expected().items():
        release = f"{row['library']} {row['version']}"
        for kata, mistake, cause in seen(name, row):
            # A cause only a guard's drawn input shows has no call short enough to quote: its release is enough.
            if not any(
                release in bullet and (not cause["calls"] or any(call in bullet for call in cause["calls"]))
                for bullet in bullets_of(mistake.id, in_the_wild(kata))
            ):
                unsaid.append(
                    f"{kata.slug}'s editorial: {mistake.id} in {release}, with a call of {cause['calls'][:3]}"
                )
    assert not unsaid, "\n".join(unsaid)


def test_a_mistake_a_library_made_names_the_release_in_the_catalogue():
    unsaid = [
        f"{kata.slug}'s {mistake.id} does not say it was seen in {row['library']} {row['version']}"
        for name, row in expected().items()
        for kata, mistake, _ in seen(name, row)
        if f"{row['library']} {row['version']}" not in " ".join((mistake.__doc__ or "").split())
    ]
    assert not unsaid, "\n".join(unsaid)


def test_every_release_an_editorial_cites_is_one_the_table_holds_for_its_kata():
    """A citation outlives its release only by mistake: every `library x.y.z` of an editorial's section is a row."""
    wrong = []
    for kata in KATAS:
        rows = {(row["library"], row["version"]) for name, row in expected().items() if name.startswith(kata.slug)}
        cited = releases_in(in_the_wild(kata))
        wrong += [f"{kata.slug}'s editorial cites {library} {version}" for library, version in sorted(cited - rows)]
    assert not wrong, "\n".join(wrong) + "\n(not in wild/expected.json for that kata)"


def test_what_the_learners_guide_says_of_the_libraries_is_what_the_table_holds():
    guide = (ROOT / "docs" / "learners.md").read_text(encoding="utf-8")
    section = " ".join(re.search(r"^## In the wild.*?\n(.*?)(?=^## )", guide, re.M | re.S).group(1).split())
    rows = expected().values()
    releases = {(row["library"], row["version"]) for row in rows}
    calls = {call for row in rows for cause in row["causes"] for call in cause["calls"]}
    cited = releases_in(section)
    said = [f"{call} returned {answer}" for call, answer in re.findall(r"`(\w+\([^`]*\))` returns `([^`]*)`", section)]
    assert cited and cited <= releases, sorted(cited - releases)
    assert said and set(said) <= calls, sorted(set(said) - calls)
    assert "range() arg 3 must not be zero" in " ".join(calls)


def test_every_call_an_editorial_quotes_with_what_it_did_is_in_the_table_for_its_kata():
    """Not only the named mistakes' bullets: each `call returned ...` or `call raised ...` of the section."""
    wrong = []
    for kata in KATAS:
        quoted = re.findall(r"`([^`]*\) (?:returned|raised) [^`]*)`", " ".join(in_the_wild(kata).split()))
        wrong += [f"{kata.slug}'s editorial quotes {call}" for call in quoted if call not in calls_of(kata)]
    assert not wrong, "\n".join(wrong) + "\n(not in wild/expected.json for that kata)"


@pytest.mark.parametrize("number", sorted({number for number, _ in TESTS_OF_THE_TYPE_OF}))
def test_each_test_of_an_arguments_type_left_out_for_an_adapter_is_one_the_kata_has(number):
    """The tests an adapter's run leaves out are named in kata.maintenance.wild: a renamed test would be judged
    again, on the adapter's conversion, without a word."""
    kata = find_kata(number)
    collected = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            f"tests/{kata.slug}",
            "--impl=reference",
            "--collect-only",
            "-q",
            "-p",
            "no:cacheprovider",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout.splitlines()
    named = [test for (of, _), tests in TESTS_OF_THE_TYPE_OF.items() if of == number for test in tests]
    unknown = [test for test in named if not any(line.startswith(f"tests/{kata.slug}/{test}") for line in collected)]
    assert not unknown, unknown


def test_a_release_cited_for_a_mistake_is_one_the_table_names_it_for():
    """The other way round: a citation outlives the finding only by mistake (a release fixed, a conversion of the
    adapter's that no longer reaches a test). Each release a mistake's docstring names, and each release in the
    head of an editorial's bullet about a mistake, names that mistake in the table."""
    named: dict[tuple[str, str], set[tuple[str, str]]] = {}
    for name, row in expected().items():
        for cause in row["causes"]:
            for mistake_id in cause["mistakes"]:
                named.setdefault((name.split("/", 1)[0], mistake_id), set()).add((row["library"], row["version"]))
    wrong = []
    for kata in KATAS:
        catalogue = mistakes_of(kata)
        for mistake in catalogue.values():
            for release in sorted(releases_in(mistake.__doc__ or "") - named.get((kata.slug, mistake.id), set())):
                wrong.append(f"{kata.slug}'s {mistake.id} says it was seen in {' '.join(release)}")
        for bullet in bullets(in_the_wild(kata)):
            head = bullet.split(":", 1)[0]
            for mistake_id in (found for found in re.findall(r"`(\w+)`", head) if found in catalogue):
                for release in sorted(releases_in(head) - named.get((kata.slug, mistake_id), set())):
                    wrong.append(f"{kata.slug}'s editorial cites {mistake_id} in {' '.join(release)}")
    assert not wrong, "\n".join(wrong) + "\n(the table, wild/expected.json, does not name it there)"
