"""The similarity report as a page: each flagged pair side by side, the matching lines highlighted.

Everything shown is escaped: a submission's code and its student's name are text on the page,
and the page runs no script (its Content-Security-Policy forbids any).
"""

from __future__ import annotations

import html
from pathlib import Path

from kata.grading.similarity import Compared, Pair
from kata.judging.vocabulary import counted


def write_page(compared: Compared, path: Path, threshold: float) -> None:
    flagged = sorted((pair for pair in compared.pairs if pair.flagged), key=lambda pair: (-pair.score, pair.kata))
    sections = "".join(_section(pair, compared) for pair in flagged) or "<p>No pair is flagged.</p>"
    page = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Similar submissions</title>
<style>body{{font-family:sans-serif;margin:1.5rem}}
.pair{{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:1rem}}
pre{{background:#f6f6f6;padding:.5rem;overflow-x:auto;font-size:.85rem}}mark{{background:#ffe08a;display:block}}
</style></head><body>
<h1>Similar submissions</h1>
<p>{len(flagged)} of {len(compared.pairs)} pairs flagged (a score of {threshold:g} or more: the share of the smaller
file's fingerprints found in the other, on normalised tokens). Highlighted lines hold the matching code.</p>
{_ignored(compared)}{sections}</body></html>
"""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(page, encoding="utf-8")


def _ignored(compared: Compared) -> str:
    """What was left out as the class's common code, kata by kata."""
    if not compared.ignored:
        return ""
    katas = "; ".join(
        f"{_h(slug)}: {counted(count, 'fingerprint')}" for slug, count in sorted(compared.ignored.items())
    )
    return (
        f"<p>Left out of the pairs of students as the class's common code (found in more than "
        f"{compared.ignore_shared:.0%} of the files of a kata): {katas}; the highlights show what matched "
        "besides it.</p>\n"
    )


def _section(pair: Pair, compared: Compared) -> str:
    a_lines = {line for region in pair.regions for line in range(region["a"][0], region["a"][1] + 1)}
    b_lines = {line for region in pair.regions for line in range(region["b"][0], region["b"][1] + 1)}
    a_code = _code(compared.sources.get((pair.kata, pair.a), ""), a_lines)
    b_code = _code(compared.sources.get((pair.kata, pair.b), ""), b_lines)
    return (
        f"<section><h2>{_h(pair.kata)}: {_h(pair.a)} and {_h(pair.b)}, score {pair.score:.2f}</h2>"
        f'<div class="pair"><div><h3>{_h(pair.a)}</h3>{a_code}</div><div><h3>{_h(pair.b)}</h3>{b_code}</div>'
        "</div></section>"
    )


def _code(source: str, marked: set[int]) -> str:
    lines = []
    for number, line in enumerate(source.splitlines(), 1):
        text = f"{number:4} {_h(line)}"
        lines.append(f"<mark>{text}</mark>" if number in marked else text + "\n")
    return "<pre>" + "".join(lines) + "</pre>"


def _h(text: str) -> str:
    return html.escape(text, quote=True)
