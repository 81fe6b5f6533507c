"""Each kata is one record (kata.katas) and the pieces that record names: a kata with a piece missing is
caught here, by name, and the README's table and each statement's title are held to the record.

Adding a kata means its three content folders (problems/, solutions/, tests/) and its record:
CONTRIBUTING.md lists the pieces, and missing_pieces() below checks each of them.
"""

from __future__ import annotations

import ast
import dataclasses
import re

import pytest

from kata.command.bench_inputs import BUILDERS
from kata.drawing.kinds import KINDS
from kata.katas import KATAS, PROBLEMS, ROOT, SOLUTIONS, TESTS, Kata, relative
from kata.katas.stubs import source_is_untouched, untouched_stub

TEST_FILES = ("test_examples.py", "test_hidden.py", "test_properties.py", "test_guards.py")


def defined_functions(path) -> set[str]:
    return {node.name for node in ast.parse(path.read_text(encoding="utf-8")).body if isinstance(node, ast.FunctionDef)}


def missing_pieces(kata: Kata) -> list[str]:
    """Every piece of the kata that is missing or does not agree with its record, in words."""
    missing = []
    files = {
        "statement": kata.statement_path(),
        "stub": kata.stub_path(),
        "hints": PROBLEMS / kata.slug / "hints.md",
        "reference": kata.reference_path(),
        "editorial": SOLUTIONS / kata.slug / "EXPLANATION.md",
        "catalog of mistakes": kata.mistakes_path(),
        "record of the mistakes' failures": SOLUTIONS / kata.slug / "known_failures.json",
        **{f"tests ({name})": TESTS / kata.slug / name for name in TEST_FILES},
    }
    missing += [f"its {piece}, {path.relative_to(ROOT)}" for piece, path in files.items() if not path.is_file()]
    for piece in ("stub", "reference"):
        path = files[piece]
        absent = sorted(set(kata.functions) - defined_functions(path)) if path.is_file() else []
        missing += [f"the function {name} in its {piece}" for name in absent]
    if kata.statement_path().is_file():
        title = kata.statement_path().read_text(encoding="utf-8").splitlines()[0]
        if title != f"# Kata {kata.number} · {kata.title}":
            missing += [f"its title in its statement: it reads {title!r}, its record {kata.title!r}"]
    if kata.drawn.kind not in KINDS:
        missing += [f"its drawing: kind {kata.drawn.kind!r} is none of kata.drawing.kinds.KINDS"]
    if kata.timed.inputs not in BUILDERS:
        missing += [f"its bench inputs: {kata.timed.inputs!r} is none of kata.command.bench_inputs.BUILDERS"]
    missing += [
        f"the {role} function {name} in its record's functions"
        for role, name in (
            ("drawn", kata.drawn.function),
            ("timed", kata.timed.function),
            *(("drawing's helper", helper) for helper in kata.drawn.helpers),
        )
        if name not in kata.functions
    ]
    return missing


@pytest.mark.parametrize("kata", KATAS, ids=[kata.slug for kata in KATAS])
def test_every_kata_has_every_piece_its_record_names(kata):
    assert not missing_pieces(kata), f"{kata.slug} lacks: " + "; ".join(missing_pieces(kata))


@pytest.mark.parametrize("kata", KATAS, ids=[kata.slug for kata in KATAS])
def test_the_shipped_copy_of_each_stub_is_the_stub_in_problems(kata):
    source = kata.stub_path().read_text(encoding="utf-8")
    if not source_is_untouched(source, kata.functions):
        pytest.skip(f"{relative(kata.stub_path())} holds a learner's work: a clean checkout compares the copy")
    assert untouched_stub(kata) == source, (
        "kata/katas/stubs.json is stale: python -m kata.maintenance stubs writes it again"
    )


def test_a_kata_with_a_piece_missing_is_caught_naming_the_piece():
    first = KATAS[0]
    renamed = dataclasses.replace(first, module="no_such_module", functions=(*first.functions, "also_this"))
    missing = missing_pieces(renamed)
    assert f"its stub, problems/{first.slug}/no_such_module.py" in missing
    assert f"its reference, solutions/{first.slug}/no_such_module.py" in missing
    lost = dataclasses.replace(
        first,
        drawn=dataclasses.replace(first.drawn, kind="no such kind"),
        timed=dataclasses.replace(first.timed, inputs="no such inputs"),
        title="Another title",
    )
    assert len(missing_pieces(lost)) == 3
    new = dataclasses.replace(first, slug="99_new_kata")
    assert {piece.split(",")[0] for piece in missing_pieces(new)} >= {
        "its statement",
        "its stub",
        "its hints",
        "its reference",
        "its editorial",
        "its catalog of mistakes",
        "its record of the mistakes' failures",
        "its tests (test_examples.py)",
        "its tests (test_hidden.py)",
        "its tests (test_properties.py)",
        "its tests (test_guards.py)",
    }


def readme_table(katas) -> str:
    rows = [
        f"| {kata.number} | [{kata.title}](problems/{kata.slug}/README.md) | {kata.difficulty} | {kata.practises} |"
        for kata in katas
    ]
    return "\n".join(["| # | kata | difficulty | what you practise |", "| --- | --- | --- | --- |", *rows])


def test_the_readmes_table_of_katas_is_their_records():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = re.search(r"^\| # \| kata \|.*?(?=\n\n)", readme, re.M | re.S)
    assert table and table.group(0) == readme_table(KATAS), (
        "the README's table of katas is not made from kata/katas/__init__.py; it should read:\n" + readme_table(KATAS)
    )
