"""The file of each stage: the kata's stub without its statement, then the candidate's code carried over.

In an interview the prompt is said aloud and the edge cases are asked for, so a stage's file
keeps the stub's code (its signatures, and what it provides) but not the docstrings of the
functions to write: they are the statement, edge cases included (even a first line may give
one away: "a sentence longer than max_tokens cut into word windows").
A follow-up stage starts with the code the candidate wrote for the stage before it, as a
progressive question does, followed by the new kata's stub.
"""

from __future__ import annotations

import ast

from kata.katas import Kata
from kata.katas.stubs import untouched_stub

FUTURE = "from __future__ import annotations"
TO_WRITE = "Yours to write: kata interview status says the prompt again."


def stage_header(kata: Kata, stage: int) -> str:
    return (
        f'"""Interview, stage {stage}: kata {kata.number}, {kata.title}.\n\n'
        "The prompt, the time left and the questions you may ask: kata interview status, kata interview ask.\n"
        '"""\n'
    )


def fresh_stage(kata: Kata, stage: int) -> str:
    """The file of a first stage: the header, then the kata's stub without its statement."""
    future, body = _split_off_header(_without_the_statement(kata))
    return stage_header(kata, stage) + (f"{FUTURE}\n" if future else "") + "\n" + body


def carried_over(previous: str, previous_kata: Kata, kata: Kata, stage: int) -> str:
    """The file of a follow-up stage: the candidate's code of the stage before, then the new kata's stub."""
    try:
        earlier_future, earlier = _split_off_header(previous)
    except SyntaxError:  # a passing file always parses; kept whole, as written, if it somehow does not
        earlier_future, earlier = False, previous
    future, body = _split_off_header(_without_the_statement(kata))
    names = ", ".join(previous_kata.functions)
    return (
        stage_header(kata, stage)
        + (f"{FUTURE}\n" if future or earlier_future else "")
        + "\n"
        + f"# Your code from stage {stage - 1} (kata {previous_kata.number}: {names}), carried over.\n\n"
        + earlier.strip("\n")
        + "\n\n\n"
        + f"# Stage {stage} (kata {kata.number}): write {', '.join(kata.functions)} below.\n\n"
        + body.strip("\n")
        + "\n"
    )


def _without_the_statement(kata: Kata) -> str:
    """The stub as shipped (never the learner's file in problems/, which may hold their solution), each of the
    kata's functions' docstrings replaced by one that says where the prompt is."""
    source = untouched_stub(kata)
    lines = source.splitlines(keepends=True)
    cuts = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef) and node.name in kata.functions and ast.get_docstring(node):
            docstring = node.body[0]
            indent = " " * docstring.col_offset
            cuts.append((docstring.lineno, docstring.end_lineno or docstring.lineno, f'{indent}"""{TO_WRITE}"""\n'))
    for start, end, replacement in sorted(cuts, reverse=True):
        lines[start - 1 : end] = [replacement]
    return "".join(lines)


def _split_off_header(source: str) -> tuple[bool, str]:
    """(whether the module imports annotations from __future__, its source without its docstring and that import)."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    dropped: list[tuple[int, int]] = []
    future = False
    for node in tree.body:
        if (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
            and node is tree.body[0]
        ):
            dropped.append((node.lineno, node.end_lineno or node.lineno))
        elif isinstance(node, ast.ImportFrom) and node.module == "__future__":
            future = True
            dropped.append((node.lineno, node.end_lineno or node.lineno))
    for start, end in sorted(dropped, reverse=True):
        del lines[start - 1 : end]
    return future, "".join(lines).lstrip("\n")
