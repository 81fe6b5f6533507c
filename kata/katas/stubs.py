"""The katas' stubs as the repository ships them, whatever a learner has written in problems/ since.

problems/ is the learner's to edit, and a solved kata's file is a solution. What needs the stub
untouched reads it here: an interview's fresh file, a students' release, the base that
similarity leaves out, the tests that run an untouched stub. kata/katas/stubs.json keeps a copy of
each, written from problems/ by `python -m kata.maintenance stubs` while the stubs there are
untouched, and held equal to them by tests/meta/test_katas_are_whole.py.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

from kata.katas import KATAS, Kata, relative

STUBS = Path(__file__).with_name("stubs.json")


class StubNotUntouched(Exception):
    """A stub in problems/ does more than raise NotImplementedError, so it cannot be kept as the kata's stub."""


def source_is_untouched(source: str, functions: tuple[str, ...], name: str = "<stub>") -> bool:
    """Whether each of `functions` is defined in the source and only raises NotImplementedError (after its
    docstring): the stub as shipped, or a kata not started."""
    defined = {node.name: node for node in ast.parse(source, name).body if isinstance(node, ast.FunctionDef)}
    return all(name in defined and _only_raises_not_implemented(defined[name]) for name in functions)


def _only_raises_not_implemented(function: ast.FunctionDef) -> bool:
    body = list(function.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # the docstring
    if len(body) != 1 or not isinstance(body[0], ast.Raise) or body[0].exc is None:
        return False
    raised = body[0].exc.func if isinstance(body[0].exc, ast.Call) else body[0].exc
    return isinstance(raised, ast.Name) and raised.id == "NotImplementedError"


def untouched_stub(kata: Kata) -> str:
    """The kata's stub as shipped: its functions only raise NotImplementedError."""
    return json.loads(STUBS.read_text(encoding="utf-8"))[kata.slug]


def stubs_in_problems() -> dict[str, str]:
    """Each kata's stub as problems/ holds it now, by kata folder; refused where one is no longer untouched."""
    stubs = {}
    for kata in KATAS:
        source = kata.stub_path().read_text(encoding="utf-8")
        try:
            untouched = source_is_untouched(source, kata.functions, str(kata.stub_path()))
        except (SyntaxError, ValueError):
            untouched = False
        if not untouched:
            raise StubNotUntouched(
                f"{relative(kata.stub_path())} is not the untouched stub (its functions do more "
                "than raise NotImplementedError): restore it first (git checkout -- FILE)"
            )
        stubs[kata.slug] = source
    return stubs


def write_untouched_stubs() -> None:
    STUBS.write_text(json.dumps(stubs_in_problems(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
