"""The `>>>` examples of a statement (problems/NN_slug/README.md), read as data.

The meta tests run them against the reference; `kata viz --example N` draws the chunking of
one of them.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Example:
    line: int  # where the example starts in the statement, counted from 1
    source: str
    printed: str  # what the statement shows it prints, lines joined by spaces; "" if nothing


def examples_in(statement: Path) -> list[Example]:
    """The `>>>` examples of the statement's python blocks, in order."""
    examples, lines, in_python = [], statement.read_text(encoding="utf-8").splitlines(), False
    number = 0
    while number < len(lines):
        line = lines[number]
        if line.startswith("```"):
            in_python = line.strip() == "```python"
        elif in_python and line.startswith(">>> "):
            start, source = number + 1, [line[4:]]
            while number + 1 < len(lines) and lines[number + 1].startswith("... "):
                number += 1
                source.append(lines[number][4:])
            printed = []
            while (
                number + 1 < len(lines)
                and lines[number + 1].strip()
                and not lines[number + 1].startswith((">>> ", "```"))
            ):
                number += 1
                printed.append(lines[number].strip())
            examples.append(Example(start, "\n".join(source), " ".join(printed)))
        number += 1
    return examples


def namespace_for(functions: dict[str, Any]) -> dict[str, Any]:
    """What the statements' examples run with: the kata's public names, and itertools (kata 04's)."""
    return {"itertools": itertools, **functions}
