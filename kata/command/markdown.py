"""The katas' Markdown files (statements and hints), for reading in a terminal.

The files are written with lines of up to about 90 characters; `reflow` wraps the
prose again to fit the screen and leaves code blocks, tables and headings as they are.
"""

from __future__ import annotations

import re
import textwrap

_LIST_ITEM = re.compile(r"\s*(?:[-*+]|\d+\.)\s+")


def reflow(text: str, width: int) -> str:
    """The Markdown with its paragraphs and list items wrapped to `width` columns."""
    out: list[str] = []
    block: list[str] = []  # the lines of the paragraph or list item being read
    in_code = False
    for line in text.splitlines():
        fence = line.lstrip().startswith("```")
        if in_code or fence or _kept_as_is(line) or _starts_a_block(line, block):
            out += _wrapped(block, width)
            block = []
        if fence:
            in_code = not in_code
        if in_code or fence or _kept_as_is(line):
            out.append(line)
        else:
            block.append(line)
    out += _wrapped(block, width)
    return "\n".join(out) + "\n"


def sections(text: str, level: int = 2) -> list[tuple[str, str]]:
    """(heading, body) for each heading of the level, in order; what comes before the first is left out."""
    marker = "#" * level + " "
    parts = re.split(rf"^{re.escape(marker)}(.*)$", text, flags=re.M)
    return [(heading.strip(), body.strip("\n")) for heading, body in zip(parts[1::2], parts[2::2])]


def _kept_as_is(line: str) -> bool:
    stripped = line.strip()
    return not stripped or stripped.startswith(("#", "|"))


def _starts_a_block(line: str, block: list[str]) -> bool:
    """A list item starts a block, and so does a line indented less than the item it follows
    (the rest of an outer item, after a nested list)."""
    if _LIST_ITEM.match(line):
        return True
    return bool(block) and _indent(line) < len(_lead(block[0])) and _indent(line) < _indent(block[-1])


def _wrapped(block: list[str], width: int) -> list[str]:
    if not block:
        return []
    lead = _lead(block[0])
    words = " ".join(line.strip() for line in [block[0][len(lead) :], *block[1:]])
    return textwrap.wrap(
        words,
        width,
        initial_indent=lead,
        subsequent_indent=" " * len(lead),
        break_long_words=False,
        break_on_hyphens=False,
    )


def _lead(line: str) -> str:
    """What comes before a block's words: the list marker with its indent, or the indent alone."""
    item = _LIST_ITEM.match(line)
    return item.group(0) if item else line[: _indent(line)]


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())
