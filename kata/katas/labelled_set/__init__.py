"""Kata 09's labelled set: a document, questions with their evidence, and the chunkings of three
chunkers as spans into the document. The tests read it, and `kata viz 9` draws it.

- `harbour_guide.md`: a travel guide of a few pages (also `kata viz`'s sample document);
- `questions.json`: [{"question": ..., "evidence": ...}], each evidence found once in the guide;
- `chunkings.json`: {name: [[start, end], ...]}, written by tests/meta/test_labelled_set.py
  from the reference chunkers of katas 01, 03 and 07.

Imports none of the other packages.
"""

from __future__ import annotations

import json
from pathlib import Path

FOLDER = Path(__file__).resolve().parent
DOCUMENT = FOLDER / "harbour_guide.md"


def document() -> str:
    return DOCUMENT.read_text(encoding="utf-8")


def questions() -> list[tuple[str, int, int]]:
    """(question, start, end): each evidence is found where it occurs, once, in the document."""
    doc = document()
    found = []
    for item in json.loads((FOLDER / "questions.json").read_text(encoding="utf-8")):
        start = doc.index(item["evidence"])
        found.append((item["question"], start, start + len(item["evidence"])))
    return found


def chunkings() -> dict[str, list[tuple[int, int]]]:
    """The chunkings the statement compares, by name, as (start, end) spans."""
    stored = json.loads((FOLDER / "chunkings.json").read_text(encoding="utf-8"))
    return {name: [(start, end) for start, end in spans] for name, spans in stored.items()}
