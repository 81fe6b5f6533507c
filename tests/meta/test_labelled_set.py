"""Kata 09's labelled set: every evidence is in the document once, and the chunkings the
statement compares are what the reference chunkers of katas 01, 03 and 07 make of it
(`python -m kata.maintenance labelled-set` writes them again).
"""

from __future__ import annotations

import json
import re

from kata.katas import find_kata
from kata.katas.labelled_set import FOLDER, chunkings, document, questions
from kata.maintenance.labelled_set import chunkings_of_the_references
from tests.support.oracles import bm25, contains


def test_every_evidence_occurs_once_in_the_document():
    doc = document()
    items = json.loads((FOLDER / "questions.json").read_text(encoding="utf-8"))
    assert len(items) >= 20
    assert [item["evidence"] for item in items if doc.count(item["evidence"]) != 1] == []


def test_the_stored_chunkings_are_what_the_reference_chunkers_make():
    assert chunkings() == chunkings_of_the_references(), (
        "kata/katas/labelled_set/chunkings.json is out of date: run python -m kata.maintenance labelled-set"
    )


TABLE_ROW = re.compile(
    r"^\| (?P<name>[^|]+?) \| (?P<chunks>\d+) \| (?P<whole>\d+) of 24 \| (?P<recall>[\d.]+) \|$", re.M
)


def recall_by_the_oracle(spans: list[tuple[int, int]], k: int) -> int:
    """How many questions the tests' own BM25 (ties to the lower index) answers with the top k of these spans."""
    doc = document()
    texts = [doc[start:end] for start, end in spans]
    answered = 0
    for text, start, end in questions():
        scores = bm25(text, texts)
        top = sorted(range(len(texts)), key=lambda index: (-scores[index], index))[:k]
        answered += any(contains(spans[index], (start, end)) for index in top)
    return answered


def test_the_statements_table_is_what_an_independent_bm25_measures():
    """The table that ends kata 09's statement, row by row, against the tests' oracle, not the reference."""
    statement = find_kata("09").statement_path().read_text(encoding="utf-8")
    rows = {match["name"]: match for match in TABLE_ROW.finditer(statement)}
    assert set(rows) == set(chunkings()), sorted(rows)
    for name, spans in chunkings().items():
        row = rows[name]
        assert int(row["chunks"]) == len(spans), name
        assert int(row["whole"]) == recall_by_the_oracle(spans, len(spans)), name
        assert float(row["recall"]) == round(recall_by_the_oracle(spans, 3) / 24, 3), name
