"""Kata 09's labelled set made again: the chunkings its statement compares, from the reference chunkers of
katas 01, 03 and 07 at the same budget, as spans into the harbour guide.

`python -m kata.maintenance labelled-set` writes kata/katas/labelled_set/chunkings.json; the meta tests
check that the file is what this makes (tests/meta/test_labelled_set.py).
"""

from __future__ import annotations

import json
import re
from types import ModuleType

from kata.katas import find_kata
from kata.katas.labelled_set import FOLDER, document
from kata.runner.modules import load_module

BUDGET = 50  # words, for the three chunkers alike
WORD = re.compile(r"\S+")  # katas 01 and 03 count str.split()'s words


def reference(number: str) -> ModuleType:
    kata = find_kata(number)
    return load_module(kata.reference_path(), f"kata_labelled_set_reference_{number}")


def spans_of_word_runs(doc: str, chunks: list[list[str]]) -> list[tuple[int, int]]:
    """Each chunk, given as its words in order, as the span from its first word to its last in doc."""
    matches = list(WORD.finditer(doc))
    words = [match.group() for match in matches]
    spans, at = [], 0
    for chunk in chunks:
        while words[at : at + len(chunk)] != chunk:
            at += 1
        spans.append((matches[at].start(), matches[at + len(chunk) - 1].end()))
    return spans


def chunkings_of_the_references() -> dict[str, list[tuple[int, int]]]:
    doc = document()
    words = doc.split()
    return {
        f"fixed windows (kata 01), {BUDGET} words": spans_of_word_runs(
            doc, reference("01").fixed_windows(words, BUDGET, 0)
        ),
        f"fixed windows (kata 01), {BUDGET} words, overlap 10": spans_of_word_runs(
            doc, reference("01").fixed_windows(words, BUDGET, 10)
        ),
        f"sentences (kata 03), {BUDGET} words": spans_of_word_runs(
            doc, [chunk.split() for chunk in reference("03").chunk_text(doc, BUDGET, 0)]
        ),
        f"Markdown sections (kata 07), {BUDGET} words": [
            (chunk.start, chunk.end) for chunk in reference("07").chunk_markdown(doc, BUDGET)
        ],
    }


def write_chunkings() -> None:
    stored = {name: [list(span) for span in spans] for name, spans in chunkings_of_the_references().items()}
    (FOLDER / "chunkings.json").write_text(json.dumps(stored, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {FOLDER / 'chunkings.json'}")
