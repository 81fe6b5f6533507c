"""Kata 09's labelled set: every evidence is in the document once, and the chunkings the
statement compares are what the reference chunkers of katas 01, 03 and 07 make of it.

    python tests/meta/test_labelled_set.py     writes kata/labelled_set/chunkings.json again
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))  # the runner, when run as a script


from oracles import bm25, contains

from kata.katas import find_kata
from kata.labelled_set import FOLDER, chunkings, document, questions
from kata.runner.modules import load_module

pytestmark = pytest.mark.meta
BUDGET = 50  # words, for the three chunkers alike
WORD = re.compile(r"\S+")  # katas 01 and 03 count str.split()'s words


def reference(number: str):
    kata = find_kata(number)
    return load_module(kata.reference_path(), f"kata_labelled_set_reference_{number}")


def spans_of_word_runs(doc: str, chunks: list[list[str]]) -> list[tuple[int, int]]:
    """Each chunk, given as its words in order, as the span from its first word to its last in doc."""
    matches = list(WORD.finditer(doc))
    words = [match.group() for match in matches]
    spans, at = [], 0
    for chunk in chunks:
        while words[at:at + len(chunk)] != chunk:
            at += 1
        spans.append((matches[at].start(), matches[at + len(chunk) - 1].end()))
    return spans


def chunkings_of_the_references() -> dict[str, list[tuple[int, int]]]:
    doc = document()
    words = doc.split()
    return {
        f"fixed windows (kata 01), {BUDGET} words": spans_of_word_runs(
            doc, reference("01").fixed_windows(words, BUDGET, 0)),
        f"fixed windows (kata 01), {BUDGET} words, overlap 10": spans_of_word_runs(
            doc, reference("01").fixed_windows(words, BUDGET, 10)),
        f"sentences (kata 03), {BUDGET} words": spans_of_word_runs(
            doc, [chunk.split() for chunk in reference("03").chunk_text(doc, BUDGET, 0)]),
        f"Markdown sections (kata 07), {BUDGET} words": [
            (chunk.start, chunk.end) for chunk in reference("07").chunk_markdown(doc, BUDGET)],
    }


def test_every_evidence_occurs_once_in_the_document():
    doc = document()
    items = json.loads((FOLDER / "questions.json").read_text(encoding="utf-8"))
    assert len(items) >= 20
    assert [item["evidence"] for item in items if doc.count(item["evidence"]) != 1] == []


def test_the_stored_chunkings_are_what_the_reference_chunkers_make():
    assert chunkings() == chunkings_of_the_references(), \
        "kata/labelled_set/chunkings.json is out of date: run python tests/meta/test_labelled_set.py"


TABLE_ROW = re.compile(r"^\| (?P<name>[^|]+?) \| (?P<chunks>\d+) \| (?P<whole>\d+) of 24 \| (?P<recall>[\d.]+) \|$",
                       re.M)


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


if __name__ == "__main__":
    (FOLDER / "chunkings.json").write_text(json.dumps(chunkings_of_the_references(), indent=1) + "\n",
                                           encoding="utf-8")
    print(f"wrote {FOLDER / 'chunkings.json'}")
