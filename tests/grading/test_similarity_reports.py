"""kata grade --similarity: every report marks whom a flagged student's code is similar to, with the score;
a student's own feedback says only that the kata is flagged for the teacher's review."""

from __future__ import annotations

import copy
import csv
import json
from xml.etree import ElementTree

import pytest

from kata.grading.feedback import Handout, markdown, page
from kata.grading.grader import notes_for_students
from kata.grading.reports import grade_table, write_csv, write_json, write_junit, write_markdown
from kata.grading.scoring import PROPORTIONAL
from kata.grading.similarity import Pair, flagged_students, mark_similar
from tests.grading.test_grade_reports import GRADES, TABLE

PAIRS = [
    Pair("alice", "bob", "01_fixed_windows", 0.83, True),
    Pair("alice", "mistake:no_validation", "01_fixed_windows", 0.7, True),
    Pair("carol | 2B", "reference", "02_token_budget_packer", 0.91, True),
    Pair("alice", "carol | 2B", "01_fixed_windows", 0.2, False),  # not flagged: in no report
    Pair("bob", "reference", "01_fixed_windows", 0.1, False),
]


@pytest.fixture
def grades():
    return mark_similar(copy.deepcopy(GRADES), PAIRS)


def test_the_terminal_table_has_a_column_of_whom_each_student_is_similar_to(grades):
    lines = grade_table(grades).splitlines()
    assert lines[0].split()[-2:] == ["similar", "to"]
    assert lines[1].endswith("3/4    01: bob 0.83; mistake:no_validation 0.70")
    assert lines[2].endswith("01: alice 0.83")
    assert lines[3].endswith("02: reference 0.91")


def test_without_a_flag_the_table_is_as_before():
    assert grade_table(mark_similar(copy.deepcopy(GRADES), PAIRS[3:])) == TABLE


def test_the_csv_has_the_similar_to_and_similarity_columns(tmp_path, grades):
    write_csv(grades, tmp_path / "grades.csv")
    header, *rows = list(csv.reader((tmp_path / "grades.csv").open(encoding="utf-8")))
    assert header[-2:] == ["similar to", "similarity"]
    by_key = {(row[0], row[1]): row[-2:] for row in rows}
    assert by_key[("alice", "01_fixed_windows")] == ["bob 0.83; mistake:no_validation 0.70", "0.83"]
    assert by_key[("bob", "01_fixed_windows")] == ["alice 0.83", "0.83"]
    assert by_key[("carol | 2B", "02_token_budget_packer")] == ["reference 0.91", "0.91"]
    assert by_key[("bob", "02_token_budget_packer")] == ["", ""]


def test_a_name_a_spreadsheet_would_run_stays_text_in_the_similar_to_column(tmp_path):
    grades = mark_similar(copy.deepcopy(GRADES), [Pair("alice", '=HYPERLINK("x")', "01_fixed_windows", 0.9, True)])
    write_csv(grades, tmp_path / "grades.csv")
    rows = list(csv.reader((tmp_path / "grades.csv").open(encoding="utf-8")))
    assert rows[1][-2:] == ['\'=HYPERLINK("x") 0.90', "0.90"]


def test_the_json_holds_each_flag_with_its_score(tmp_path, grades):
    write_json(grades, tmp_path / "grades.json")
    records = json.loads((tmp_path / "grades.json").read_text(encoding="utf-8"))["grades"]
    assert records[0]["similar_to"] == [{"to": "bob", "score": 0.83}, {"to": "mistake:no_validation", "score": 0.7}]
    assert records[1]["similar_to"] == [] and records[5]["similar_to"] == [{"to": "reference", "score": 0.91}]


def test_the_markdown_table_has_the_column_with_names_escaped(tmp_path):
    grades = mark_similar(copy.deepcopy(GRADES), [Pair("alice", "<b>eve</b> | x", "01_fixed_windows", 0.9, True)])
    write_markdown(grades, tmp_path / "grades.md")
    text = (tmp_path / "grades.md").read_text(encoding="utf-8")
    header = next(line for line in text.splitlines() if line.startswith("| student"))
    assert header.endswith("| total | similar to |")
    assert "01: &lt;b&gt;eve&lt;/b&gt; \\| x 0\\.90 |" in text and "<b>" not in text


def test_junit_gives_a_flagged_katas_suite_a_property(tmp_path, grades):
    alice, bob, _ = write_junit(grades, tmp_path)
    first, second = ElementTree.parse(alice).getroot().findall("testsuite")
    [flag] = first.findall("properties/property")
    assert (flag.get("name"), flag.get("value")) == ("similar to", "bob 0.83; mistake:no_validation 0.70")
    assert second.find("properties") is None
    assert ElementTree.parse(bob).getroot().find("testsuite/properties/property").get("value") == "alice 0.83"


def test_feedback_names_neither_the_other_student_nor_what_matched(grades):
    notes = notes_for_students(flagged_students(PAIRS))
    assert notes["alice"] == ["Your 01_fixed_windows is flagged for your teacher's review."]  # once, for two flags
    own = [grade for grade in grades if grade.student == "alice"]
    for text in (
        markdown(Handout("alice", own, PROPORTIONAL, notes=tuple(notes["alice"]))),
        page(Handout("alice", own, PROPORTIONAL, notes=tuple(notes["alice"]))),
    ):
        assert "flagged for your teacher" in text
        assert not any(word in text for word in ("bob", "reference", "no_validation", "0.83", "similar"))
