"""The reports of `kata grade`: the terminal table and summary, and the CSV, JSON, Markdown and JUnit files."""

from __future__ import annotations

import csv
import json
import re
from xml.etree import ElementTree

import pytest

from kata.grading.grader import grade_of_kata
from kata.grading.grades import first_lines, grade_from_tests, grade_without_tests
from kata.grading.reports import (
    check_report_paths,
    grade_table,
    kata_summary,
    write_csv,
    write_json,
    write_junit,
    write_markdown,
    write_reports,
)
from kata.judging.vocabulary import KataStatus
from kata.katas import find_kata
from kata.runner.outcomes import TestOutcome as Outcome
from tests.support.consumers import github_html, junit_schema_errors

FIRST = "tests/01_fixed_windows/test_hidden.py::"
SECOND = "tests/02_token_budget_packer/test_hidden.py::"


def passed(node_id: str) -> Outcome:
    return Outcome(node_id, True)


def failed(node_id: str, verdict: str, report: str, mistake: str = "") -> Outcome:
    """A failure's outcome as kata grade keeps it: its report printable and cut (first_lines)."""
    return Outcome(node_id, False, verdict=verdict, report=first_lines(report), mistake=mistake)


# A small class: alice solves 01 and has a known mistake in 02; bob's 01 is too slow and his 02
# is missing; the third student's name needs escaping, and their 02 does not load.
GRADES = [
    grade_from_tests("alice", "01_fixed_windows", [passed(FIRST + "test_basic"), passed(FIRST + "test_overlap_zero")]),
    grade_from_tests(
        "alice",
        "02_token_budget_packer",
        [
            passed(SECOND + "test_basic"),
            failed(
                SECOND + "test_budget", "WRONG ANSWER", "WRONG ANSWER\nexpected 2 chunks\x07, got 3", "greedy_overflow"
            ),
        ],
    ),
    grade_from_tests(
        "bob",
        "01_fixed_windows",
        [
            passed(FIRST + "test_basic"),
            failed(FIRST + "test_overlap_zero", "TOO SLOW", "TOO SLOW\nstill running after 2 s"),
        ],
    ),
    grade_without_tests(
        "bob", "02_token_budget_packer", KataStatus.NOT_SUBMITTED, "no file 02_token_budget_packer/packer.py", 2
    ),
    grade_from_tests(
        "carol | 2B", "01_fixed_windows", [passed(FIRST + "test_basic"), passed(FIRST + "test_overlap_zero")]
    ),
    grade_without_tests(
        "carol | 2B",
        "02_token_budget_packer",
        KataStatus.CANNOT_RUN,
        "packer.py has a syntax error on line 3: invalid syntax.",
        2,
    ),
]

TABLE = """\
student     01            02                             total
alice       2/2           1/2 failing (greedy_overflow)  3/4
bob         1/2 too slow  - not submitted                1/4
carol | 2B  2/2           0/2 cannot run                 2/4
"""

SUMMARY = """\
01 fixed_windows: 2 of 3 solved; most failed: test_overlap_zero (1 student)
02 token_budget_packer: 0 of 3 solved; most failed: test_budget (1 student)
"""


def test_the_table_has_a_row_per_student_a_column_per_kata_and_the_total():
    assert grade_table(GRADES) == TABLE


def test_the_summary_says_per_kata_how_many_solved_it_and_the_test_most_failed():
    assert kata_summary(GRADES) == SUMMARY


def test_the_most_failed_test_counts_each_student_once():
    grades = [
        grade_from_tests(
            "alice",
            "01_fixed_windows",
            [
                failed(FIRST + "test_a", "WRONG ANSWER", ""),
                failed(FIRST + "test_b[1]", "WRONG ANSWER", ""),
                failed(FIRST + "test_b[1]", "ERROR", ""),  # the same test twice, as a rerun would record it
            ],
        ),
        grade_from_tests("bob", "01_fixed_windows", [failed(FIRST + "test_a", "ERROR", "")]),
    ]
    assert kata_summary(grades) == "01 fixed_windows: 0 of 2 solved; most failed: test_a (2 students)\n"


def test_of_tests_failed_by_as_many_students_the_first_in_the_katas_order_is_named():
    # Not alphabetical, and the same on every run (a set's order would change with the hash seed).
    names = [f"test_{letter}" for letter in "zyxwvutsrqponmlkjihgfedcba"]
    grades = [
        grade_from_tests(student, "01_fixed_windows", [failed(FIRST + name, "ERROR", "") for name in names])
        for student in ("alice", "bob")
    ]
    assert kata_summary(grades) == "01 fixed_windows: 0 of 2 solved; most failed: test_z (2 students)\n"


def test_a_kata_nobody_failed_says_so():
    grades = [grade_from_tests("alice", "01_fixed_windows", [passed(FIRST + "test_basic")])]
    assert kata_summary(grades) == "01 fixed_windows: 1 of 1 solved; no test failed\n"


def test_the_csv_has_a_row_per_student_and_kata(tmp_path):
    path = tmp_path / "grades.csv"
    write_csv(GRADES, path)
    assert path.read_text(encoding="utf-8").splitlines()[0] == "student,kata,status,passed,run,mistake,detail"
    with path.open(encoding="utf-8", newline="") as file:
        rows = list(csv.reader(file))[1:]
    assert rows == [
        ["alice", "01_fixed_windows", "solved", "2", "2", "", ""],
        ["alice", "02_token_budget_packer", "failing", "1", "2", "greedy_overflow", ""],
        ["bob", "01_fixed_windows", "too slow", "1", "2", "", ""],
        ["bob", "02_token_budget_packer", "not submitted", "0", "2", "", "no file 02_token_budget_packer/packer.py"],
        ["carol | 2B", "01_fixed_windows", "solved", "2", "2", "", ""],
        [
            "carol | 2B",
            "02_token_budget_packer",
            "cannot run",
            "0",
            "2",
            "",
            "packer.py has a syntax error on line 3: invalid syntax.",
        ],
    ]


@pytest.mark.parametrize("name", ['=HYPERLINK("http://example.com","4/4")', "+1+1", "-2+3", "@SUM(A1:A9)"])
def test_a_student_name_a_spreadsheet_would_run_as_a_formula_is_written_as_text(tmp_path, name):
    path = tmp_path / "grades.csv"
    write_csv([grade_without_tests(name, "01_fixed_windows", KataStatus.CANNOT_RUN, "no file", 2)], path)
    [record] = list(csv.DictReader(path.open(encoding="utf-8")))
    assert record["student"] == f"'{name}"


def test_the_json_holds_every_grade_with_its_tests(tmp_path):
    path = tmp_path / "grades.json"
    write_json(GRADES, path)
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document == {"grades": [grade.as_record() for grade in GRADES]}
    assert document["grades"][1]["tests"][1] == {
        "test": SECOND + "test_budget",
        "passed": False,
        "seconds": 0.0,
        "verdict": "WRONG ANSWER",
        "report": "WRONG ANSWER\nexpected 2 chunks, got 3",
        "mistake": "greedy_overflow",  # the bell left out
        "skipped": False,
        "reason": "",
        "failure": None,
        "cause": None,
    }
    assert document["grades"][3] == {
        "student": "bob",
        "kata": "02_token_budget_packer",
        "status": "not submitted",
        "passed": 0,
        "run": 2,
        "mistake": "",
        "detail": "no file 02_token_budget_packer/packer.py",
        "skipped": 0,
        "tests": [],
        "similar_to": [],  # filled by kata grade --similarity
    }


def test_the_markdown_has_the_table_with_pipes_escaped_and_the_summary(tmp_path):
    path = tmp_path / "grades.md"
    write_markdown(GRADES, path)
    assert (
        path.read_text(encoding="utf-8")
        == """\
# Grades

| student | 01 | 02 | total |
| --- | --- | --- | --- |
| alice | 2/2 | 1/2 failing (greedy_overflow) | 3/4 |
| bob | 1/2 too slow | - not submitted | 1/4 |
| carol \\| 2B | 2/2 | 0/2 cannot run | 2/4 |

## Per kata

- 01 fixed_windows: 2 of 3 solved; most failed: test_overlap_zero (1 student)
- 02 token_budget_packer: 0 of 3 solved; most failed: test_budget (1 student)
"""
    )


def cells_of(row: str) -> list[str]:
    """A Markdown table row's cells: split at each pipe that no odd run of backslashes escapes."""
    cells, cell, backslashes = [], "", 0
    for character in row.strip()[1:-1]:
        if character == "|" and backslashes % 2 == 0:
            cells, cell = [*cells, cell], ""
        else:
            cell += character
        backslashes = backslashes + 1 if character == "\\" else 0
    return [*cells, cell]


def test_no_student_name_adds_a_cell_or_live_html_to_the_markdown(tmp_path):
    """A red team's folder name ended its own cell with a backslash before the pipe, so that a renderer
    read the rest as cells of fake scores, and put an <img onerror=...> in the page."""
    forger = "mallory\\| 2/2 \\| 2/2 \\| 4/4 \\| <img src=x onerror=alert(1)>"
    path = tmp_path / "grades.md"
    write_markdown([grade_without_tests(forger, "01_fixed_windows", KataStatus.CANNOT_RUN, "no file", 2)], path)
    header, _, row = [line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("|")]
    assert len(cells_of(row)) == len(cells_of(header)), row
    assert "<" not in row and "&lt;img" in row


@pytest.mark.parametrize(
    "name", ["[see your grade](javascript:alert(1))", "![x](pixel.png)", "**top** `student` _mark_"]
)
def test_no_student_name_makes_a_link_an_image_or_emphasis_in_the_markdown(tmp_path, name):
    """A red team's folder named as a Markdown link to javascript: stayed a live link in Python-Markdown."""
    path = tmp_path / "grades.md"
    write_markdown([grade_without_tests(name, "01_fixed_windows", KataStatus.CANNOT_RUN, "no file", 2)], path)
    row = [line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("|")][-1]
    student = cells_of(row)[0]
    unescaped = re.findall(r"(?<!\\)[][()*_`!]", student)
    assert not unescaped and student.replace("\\", "").strip() == name, student


def test_junit_writes_a_file_per_student_with_a_safe_name(tmp_path):
    folder = tmp_path / "junit" / "made"
    paths = write_junit(GRADES, folder)
    assert paths == [folder / "alice.xml", folder / "bob.xml", folder / "carol%20%7C%202B.xml"]
    assert all(path.is_file() for path in paths)


def test_junit_counts_a_wrong_answer_as_a_failure_without_control_characters(tmp_path):
    suites = ElementTree.parse(write_junit(GRADES, tmp_path)[0]).getroot()
    assert (suites.tag, suites.get("name")) == ("testsuites", "alice")
    assert [suites.get(count) for count in ("tests", "failures", "errors")] == ["4", "1", "0"]
    solved, failing = suites.findall("testsuite")
    assert [solved.get("name"), solved.get("tests"), solved.get("failures")] == ["01_fixed_windows", "2", "0"]
    case = failing.findall("testcase")[1]
    assert (case.get("classname"), case.get("name")) == ("tests.02_token_budget_packer.test_hidden", "test_budget")
    failure = case.find("failure")
    assert failure.get("message") == "WRONG ANSWER"
    assert failure.text == "WRONG ANSWER\nexpected 2 chunks, got 3"
    assert case.find("error") is None


def test_junit_counts_a_test_too_slow_as_an_error(tmp_path):
    suites = ElementTree.parse(write_junit(GRADES, tmp_path)[1]).getroot()
    too_slow = suites.find("testsuite[@name='01_fixed_windows']")
    assert [too_slow.get(count) for count in ("tests", "failures", "errors")] == ["2", "0", "1"]
    error = too_slow.find("testcase[@name='test_overlap_zero']/error")
    assert error.get("message") == "TOO SLOW"
    assert error.text == "TOO SLOW\nstill running after 2 s"


def test_junit_gives_a_kata_that_did_not_run_a_failed_case_per_test_named_after_its_status(tmp_path):
    suites = ElementTree.parse(write_junit(GRADES, tmp_path)[1]).getroot()
    missing = suites.find("testsuite[@name='02_token_budget_packer']")
    assert [missing.get(count) for count in ("tests", "failures", "errors")] == ["2", "2", "0"]
    cases = missing.findall("testcase")
    assert [case.get("name") for case in cases] == ["not submitted (test 1 of 2)", "not submitted (test 2 of 2)"]
    assert all(case.find("failure").get("message") == "not submitted" for case in cases)
    assert all(case.find("failure").text == "no file 02_token_budget_packer/packer.py" for case in cases)
    assert [suites.get(count) for count in ("tests", "failures", "errors")] == ["4", "2", "1"]


def test_junit_counts_the_same_tests_for_every_student(tmp_path):
    counts = {path.stem: ElementTree.parse(path).getroot().get("tests") for path in write_junit(GRADES, tmp_path)}
    assert set(counts.values()) == {"4"}, counts


def test_junit_writes_the_tests_a_crashed_run_left_undone_as_errors(tmp_path):
    kata = find_kata("01")
    outcome = {"tests": [Outcome(FIRST + "test_basic", True)]}
    grade = grade_of_kata("carol", kata, outcome, 3)
    (path,) = write_junit([grade], tmp_path)
    suite = ElementTree.parse(path).getroot().find("testsuite")
    assert (suite.get("tests"), suite.get("errors")) == ("3", "2")
    assert [case.get("name") for case in suite.iter("testcase")][1:] == ["test 2 (not run)", "test 3 (not run)"]


def test_junit_files_are_valid_for_junits_own_schema(tmp_path):
    """Every kind of suite (solved, failing, too slow, not submitted, cannot run, a crashed run, flagged as
    similar), with the teacher's warning, is what junit-10.xsd allows: a reader that validates takes it whole."""
    crashed = grade_of_kata("dave", find_kata("01"), {"tests": [Outcome(FIRST + "test_basic", True, seconds=0.25)]}, 3)
    flagged = grade_from_tests("erin", "01_fixed_windows", [passed(FIRST + "test_basic")])
    flagged.similar_to = [{"to": "alice", "score": 0.91}]
    paths = write_junit([*GRADES, crashed, flagged], tmp_path, warning="the code ran unconfined")
    assert len(paths) == 5
    assert {path.name: junit_schema_errors(path) for path in paths} == {path.name: [] for path in paths}


def test_junit_puts_the_warning_in_every_suite_and_times_every_case(tmp_path):
    grade = grade_from_tests(
        "dave",
        "01_fixed_windows",
        [Outcome(FIRST + "test_basic", True, seconds=0.25), Outcome(FIRST + "test_overlap_zero", True, seconds=1.5)],
    )
    missing = grade_without_tests("dave", "02_token_budget_packer", KataStatus.NOT_SUBMITTED, "no file", 1)
    (path,) = write_junit([grade, missing], tmp_path, warning="the code ran unconfined")
    suites = ElementTree.parse(path).getroot()
    assert [child.tag for child in suites] == ["testsuite", "testsuite"]
    assert [suite.find("properties/property[@name='warning']").get("value") for suite in suites] == [
        "the code ran unconfined"
    ] * 2
    assert [case.get("time") for case in suites.iter("testcase")] == ["0.250", "1.500", "0.000"]
    assert [suite.get("time") for suite in suites] == ["1.750", "0.000"] and suites.get("time") == "1.750"


def test_junit_files_of_students_named_alike_say_whose_they_are(tmp_path):
    grades = [
        grade_from_tests(student, "01_fixed_windows", [passed(FIRST + "test_basic")])
        for student in ("a b", "a_b", "A_B")
    ]
    assert write_junit(grades, tmp_path) == [tmp_path / "a%20b.xml", tmp_path / "a_b (2).xml", tmp_path / "A_B (1).xml"]


def test_reports_are_written_in_the_format_their_suffix_names(tmp_path):
    outputs = [tmp_path / "grades.csv", tmp_path / "out" / "grades.JSON", tmp_path / "grades.md"]
    write_reports(GRADES, outputs)
    assert outputs[0].read_text(encoding="utf-8").startswith("student,kata,status")
    assert json.loads(outputs[1].read_text(encoding="utf-8"))["grades"][0]["student"] == "alice"
    assert outputs[2].read_text(encoding="utf-8").startswith("# Grades\n")


def test_a_report_with_an_unknown_suffix_is_refused_before_anything_is_written(tmp_path):
    outputs = [tmp_path / "grades.csv", tmp_path / "grades.txt"]
    with pytest.raises(ValueError, match=r"grades\.txt.*\.csv, \.json, \.md"):
        write_reports(GRADES, outputs)
    assert not outputs[0].exists()


def test_checking_report_paths_accepts_the_known_suffixes_and_refuses_others(tmp_path):
    check_report_paths([tmp_path / "a.csv", tmp_path / "b.json", tmp_path / "c.md"])
    with pytest.raises(ValueError, match="grades"):
        check_report_paths([tmp_path / "grades"])


def test_wrong_answers_name_the_first_mistake_they_matched():
    grade = grade_from_tests(
        "dan",
        "01_fixed_windows",
        [
            failed(FIRST + "a", "WRONG ANSWER", "", "redundant_tail_window"),
            failed(FIRST + "b", "WRONG ANSWER", ""),
            passed(FIRST + "c"),
        ],
    )
    assert (grade.status, grade.mistake) == ("failing", "redundant_tail_window")


def test_failures_past_a_limit_name_a_mistake_only_if_it_matched_every_one():
    stalls_like_it = [
        failed(FIRST + "a", "DID NOT FINISH", "", "no_validation"),
        failed(FIRST + "b", "DID NOT FINISH", "", "no_validation"),
    ]
    assert grade_from_tests("eve", "01_fixed_windows", stalls_like_it).mistake == "no_validation"
    stalls_everywhere = [*stalls_like_it, failed(FIRST + "c", "DID NOT FINISH", "")]
    assert grade_from_tests("eve", "01_fixed_windows", stalls_everywhere).mistake == ""
    with_memory = [*stalls_like_it, failed(FIRST + "d", "TOO MUCH MEMORY", "")]
    assert grade_from_tests("eve", "01_fixed_windows", with_memory).mistake == ""


def test_memory_failures_give_the_status_too_much_memory():
    grade = grade_from_tests(
        "fay",
        "01_fixed_windows",
        [
            failed(FIRST + "a", "TOO MUCH MEMORY", ""),
            failed(FIRST + "b", "TOO MUCH MEMORY", ""),
            failed(FIRST + "c", "DID NOT FINISH", ""),
        ],
    )
    assert grade.status == "too much memory"


def test_the_mistake_whose_record_the_run_matches_is_named_before_the_first_one_matched():
    failures = [
        failed(FIRST + "a", "WRONG ANSWER", "", "upper_bound_below_max_tokens"),
        failed(FIRST + "b", "WRONG ANSWER", ""),
    ]
    grade = grade_from_tests("gus", "05_balanced_packer", failures, failing_exactly="greedy_closes_on_exact_fit")
    assert grade.mistake == "greedy_closes_on_exact_fit"


def test_a_run_that_fails_nothing_names_no_mistake_whatever_it_is_given():
    assert (
        grade_from_tests("gus", "01_fixed_windows", [passed(FIRST + "a")], failing_exactly="no_validation").mistake
        == ""
    )


HOSTILE_NAMES = [
    "[Click me](https:evil.example)",
    "![pixel](https:evil.example)",
    "www.evil.example",
    "https://evil.example",
    "<b>bold</b>",
]


def test_no_folder_name_is_a_link_or_an_image_in_the_markdown_as_github_renders_it(tmp_path):
    """A red team's folders named as links, images and autolinks rendered live in an honest student's row,
    through the "similar to" column, which named them unescaped."""
    grades = [grade_from_tests(name, "01_fixed_windows", [passed(FIRST + "test_basic")]) for name in HOSTILE_NAMES]
    grades.append(grade_from_tests("honest", "01_fixed_windows", [passed(FIRST + "test_basic")]))
    grades[-1].similar_to = [{"to": name, "score": 0.9} for name in HOSTILE_NAMES]
    path = tmp_path / "grades.md"
    write_markdown(grades, path)
    html = github_html(path.read_text(encoding="utf-8"))
    assert "<a " not in html and "<img" not in html and "<b>" not in html, html
    assert html.count("evil.example") == 4 * 2, html  # each address in its own row and in the honest row


@pytest.mark.parametrize("name", ["help@evil-phish.example", "a|b@c.example"])
def test_a_student_name_with_an_at_sign_is_code_in_the_markdown_never_an_address(tmp_path, name):
    """GitHub's Markdown links an e-mail address found in the text as rendered, whatever was escaped."""
    path = tmp_path / "grades.md"
    write_markdown([grade_without_tests(name, "01_fixed_windows", KataStatus.CANNOT_RUN, "no file", 2)], path)
    row = [line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("|")][-1]
    assert row.startswith(f"| ` {name.replace('|', chr(92) + '|')} ` |"), row
