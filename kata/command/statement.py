"""`kata show`: a kata's statement, wrapped to fit the terminal."""

from __future__ import annotations

from kata.command.markdown import reflow
from kata.command.terminal import paint, width
from kata.katas import Kata, relative


def print_statement(kata: Kata) -> int:
    text = reflow(kata.statement_path().read_text(encoding="utf-8"), width())
    for line in text.splitlines():
        print(paint(line, "bold") if line.startswith("#") else line)
    print(f"Your code: {relative(kata.stub_path())}")
    print(f"Check it:  kata check {kata.number}, or kata watch {kata.number} to check on every save")
    print(f"Stuck?     kata hint {kata.number}")
    return 0
