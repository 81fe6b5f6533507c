"""kata grade --gradebook: one row per student, under the scoring asked for, in the columns an LMS reads."""

from __future__ import annotations

import csv
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kata.grading.gradebook import Asked, BadRoster, Person, gradebook_rows, read_roster, write_asked, write_gradebook
from kata.grading.grades import grade_from_tests, grade_without_tests
from kata.grading.scoring import PROPORTIONAL, Scoring, parse_weights
from kata.judging.vocabulary import KataStatus
from kata.katas import ROOT
from kata.runner.failures import kind_of_test
from kata.runner.outcomes import TestOutcome as Outcome
from tests.support import canvas_importer as canvas

ONE, TWO = "01_fixed_windows", "02_token_budget_packer"


def outcomes(kata: str, **passed_of_kind: tuple[int, int]) -> list[Outcome]:
    """passed_of_kind: kind -> (passed, run)."""
    return [
        Outcome(f"tests/{kata}/test_{kind}.py::test_{number}", number < passed)
        for kind, (passed, run) in passed_of_kind.items()
        for number in range(run)
    ]


# A quadratic packer: every test but one guard passes.
SLOW = grade_from_tests(
    "quadratic", TWO, outcomes(TWO, examples=(4, 4), hidden=(30, 30), properties=(20, 20), guards=(3, 4))
)
SOLVED = grade_from_tests("quadratic", ONE, outcomes(ONE, examples=(3, 3), hidden=(5, 5)))
CLASS = [
    SOLVED,
    SLOW,
    grade_from_tests('=HYPERLINK("x")', ONE, outcomes(ONE, examples=(3, 3), hidden=(0, 5))),
    grade_without_tests('=HYPERLINK("x")', TWO, KataStatus.NOT_SUBMITTED, "no file", 58),
]


def read(path: Path) -> list[list[str]]:
    with path.open(encoding="utf-8", newline="") as file:
        return list(csv.reader(file))


def test_proportional_all_or_nothing_and_weighted_scores():
    assert PROPORTIONAL.earned(SLOW) == pytest.approx(10 * 57 / 58)
    assert Scoring("all-or-nothing").earned(SLOW) == 0 and Scoring("all-or-nothing").earned(SOLVED) == 10
    guards_count_double = Scoring("weighted", weights=parse_weights(["guards=2"]))
    assert guards_count_double.earned(SLOW) == pytest.approx(10 * (1 + 1 + 1 + 2 * 3 / 4) / 5)
    # a kata without guards shares its points among the kinds it has
    assert guards_count_double.earned(SOLVED) == 10


def test_a_kata_may_be_worth_its_own_points():
    scoring = Scoring(points=10, per_kata={ONE: 5})
    assert scoring.possible(ONE) == 5 and scoring.possible(TWO) == 10 and scoring.earned(SOLVED) == 5


@pytest.mark.parametrize(
    ("asked", "named"),
    [
        ({"policy": "best"}, "scoring 'best'"),
        ({"weights": {"hiden": 1.0}}, "hiden"),
        ({"weights": {"examples": -1.0}}, "at least 0"),
    ],
)
def test_a_bad_scoring_is_refused_naming_it(asked, named):
    with pytest.raises(ValueError, match=named):
        Scoring(**asked)


def test_bad_weights_are_refused_naming_the_pair():
    with pytest.raises(ValueError, match="'hidden=lots'"):
        parse_weights(["hidden=lots"])


def test_the_kind_of_a_test_is_its_file():
    assert kind_of_test("tests/01_fixed_windows/test_guards.py::test_x[1]") == "guards"
    assert kind_of_test("tests/01_fixed_windows::01_fixed_windows") == ""


def test_the_plain_gradebook_has_a_row_per_student_with_total_and_percentage(tmp_path):
    path = tmp_path / "gradebook.csv"
    write_gradebook(path, gradebook_rows(CLASS, PROPORTIONAL), [ONE, TWO], PROPORTIONAL)
    header, quadratic, hostile = read(path)
    assert header == ["student", "id", ONE, TWO, "total", "possible", "percentage"]
    assert quadratic == ["quadratic", "quadratic", "10", "9.83", "19.83", "20", "99.15"]
    assert hostile[0] == '\'=HYPERLINK("x")' and hostile[2:] == ["3.75", "0", "3.75", "20", "18.75"]


def test_canvas_moodle_and_google_layouts(tmp_path):
    roster = {"quadratic": Person("quadratic", "S1", "Ada Lovelace", "ada@example.org", "A", "101", "ada")}
    rows = gradebook_rows(CLASS[:2], PROPORTIONAL, roster)
    for form, header, first_row in [
        (
            "canvas",
            [
                "Student",
                "ID",
                "SIS User ID",
                "SIS Login ID",
                "Section",
                "Kata 01 fixed_windows",
                "Kata 02 token_budget_packer",
            ],
            ["Points Possible", "", "", "", "", "10", "10"],
        ),
        (
            "moodle",
            [
                "ID number",
                "Email address",
                "Full name",
                "Kata 01 fixed_windows",
                "Kata 02 token_budget_packer",
                "Chunking katas total",
                "Percentage",
            ],
            ["S1", "ada@example.org", "Ada Lovelace", "10", "9.83", "19.83", "99.15"],
        ),
        (
            "google",
            [
                "Last Name",
                "First Name",
                "Email Address",
                "Kata 01 fixed_windows",
                "Kata 02 token_budget_packer",
                "Chunking katas total",
            ],
            ["", "", "Points", "10", "10", "20"],
        ),
    ]:
        path = tmp_path / f"{form}.csv"
        write_gradebook(path, rows, [ONE, TWO], PROPORTIONAL, form)
        written = read(path)
        assert written[0] == header and written[1] == first_row, form
    assert read(tmp_path / "canvas.csv")[2] == ["Ada Lovelace", "101", "S1", "ada", "A", "10", "9.83"]
    assert read(tmp_path / "google.csv")[2] == ["Lovelace", "Ada", "ada@example.org", "10", "9.83", "19.83"]


CANVAS_COURSE = [
    canvas.Student(101, "Ada Lovelace", "S1", "ada"),
    canvas.Student(102, "Bob Byte", "S2", "bob"),
    canvas.Student(103, "Cy Press", "S3", "cy"),
]
CANVAS_CLASS = [
    grade_from_tests(student, kata, [Outcome(f"tests/{kata}/test_hidden.py::t{n}", n < passed) for n in range(4)])
    for student, passed in (("ada", 4), ("bob", 1), ("cy", 0))
    for kata in (ONE, TWO)
]


@pytest.mark.parametrize("identified_by", ["canvas_id", "sis_user_id", "sis_login_id"])
def test_canvas_imports_each_grade_into_its_students_assignment_and_makes_nothing_new(tmp_path, identified_by):
    """Read as Canvas's importer reads it (tests/support/canvas_importer.py), whichever identifier the roster
    has: each student's points in the course's own assignments, no new assignment (a total column would be
    one), no new student."""
    people = {
        "canvas_id": lambda student: Person(student.login_id, "", student.name, canvas_id=str(student.id)),
        "sis_user_id": lambda student: Person(student.login_id, student.sis_user_id, student.name),
        "sis_login_id": lambda student: Person(student.login_id, "", "", sis_login_id=student.login_id),
    }[identified_by]
    roster = {student.login_id: people(student) for student in CANVAS_COURSE}
    asked = Asked(tmp_path / "canvas.csv", "canvas", roster, {ONE: "4711", TWO: "4712"})
    assert write_asked(asked, CANVAS_CLASS, PROPORTIONAL) == []
    imported = canvas.canvas_import(asked.path, CANVAS_COURSE, {4711: "Chunking 1", 4712: "Chunking 2"})
    assert (imported.new_assignments, imported.new_students) == ([], [])
    assert imported.points_possible == {"Chunking 1": "10", "Chunking 2": "10"}
    assert imported.grades == {
        (name, title): points
        for name, points in (("Ada Lovelace", "10"), ("Bob Byte", "2.5"), ("Cy Press", "0"))
        for title in ("Chunking 1", "Chunking 2")
    }


def test_canvas_finds_the_assignments_by_their_titles_without_ids(tmp_path):
    roster = {student.login_id: Person(student.login_id, student.sis_user_id) for student in CANVAS_COURSE}
    write_asked(Asked(tmp_path / "canvas.csv", "canvas", roster), CANVAS_CLASS, PROPORTIONAL)
    titled = canvas.canvas_import(
        tmp_path / "canvas.csv", CANVAS_COURSE, {1: "Kata 01 fixed_windows", 2: "Kata 02 token_budget_packer"}
    )
    assert titled.new_assignments == [] and len(titled.grades) == 6
    # A course whose assignments are named otherwise: Canvas would make two (it asks first, in its preview)
    untitled = canvas.canvas_import(tmp_path / "canvas.csv", CANVAS_COURSE, {1: "Chunking 1"})
    assert untitled.new_assignments == ["Kata 01 fixed_windows", "Kata 02 token_budget_packer"]


def test_moodle_has_an_email_column_only_when_every_student_has_an_email(tmp_path):
    """An empty identifier cell is a row Moodle cannot match (or gives to the row above's student)."""
    with_email = {"quadratic": Person("quadratic", "S1", email="ada@example.org")}
    for roster, header in [
        (with_email, ["ID number", "Email address", "Full name"]),
        ({**with_email, "absent": Person("absent", "S9")}, ["ID number", "Full name"]),
    ]:
        write_gradebook(
            tmp_path / "moodle.csv", gradebook_rows(CLASS[:2], PROPORTIONAL, roster), [ONE, TWO], PROPORTIONAL, "moodle"
        )
        written = read(tmp_path / "moodle.csv")
        assert written[0][: len(header)] == header
        assert all(all(cell for cell in row[: len(header)]) for row in written[1:])


@pytest.mark.parametrize(
    ("name", "last", "first"),
    [
        ("Lovelace, Ada", "Lovelace", "Ada"),
        ("Ada Lovelace", "Lovelace", "Ada"),
        ("Ada King Lovelace", "Lovelace", "Ada King"),
        ("Plato", "Plato", ""),
    ],
)
def test_the_google_sheet_splits_a_name_written_either_way(tmp_path, name, last, first):
    roster = {"quadratic": Person("quadratic", "S1", name)}
    write_gradebook(
        tmp_path / "google.csv", gradebook_rows(CLASS[:2], PROPORTIONAL, roster), [ONE, TWO], PROPORTIONAL, "google"
    )
    assert read(tmp_path / "google.csv")[2][:2] == [last, first]


@pytest.mark.parametrize("form", ["canvas", "moodle", "google"])
def test_an_lms_gradebook_without_a_roster_is_refused(tmp_path, form):
    with pytest.raises(ValueError, match=f"--gradebook-format {form} needs --roster FILE.csv"):
        Asked(tmp_path / "g.csv", form)


def test_a_student_of_the_roster_who_handed_nothing_in_gets_zeros(tmp_path):
    roster = {"quadratic": Person("quadratic", "S1"), "absent": Person("absent", "S9")}
    rows = gradebook_rows(CLASS[:2], PROPORTIONAL, roster)
    assert [(row.person.id, row.total) for row in rows] == [("S1", 19.83), ("S9", 0.0)]


def test_the_roster_matches_a_folder_by_its_own_name_not_by_the_name_the_reports_show():
    """alice/ and a hostile ALICE/ are shown as 'alice (looks like ALICE)' and 'ALICE (looks like alice)': the
    roster's alice must still get her own points, and ALICE none of them."""
    shown = {"alice (looks like ALICE)": "alice", "ALICE (looks like alice)": "ALICE"}
    grades = [
        grade_from_tests(student, ONE, [Outcome(f"tests/{ONE}/test_hidden.py::t", passed)])
        for student, passed in zip(shown, (True, False))
    ]
    rows = gradebook_rows(grades, PROPORTIONAL, {"alice": Person("alice", "S1")}, shown)
    assert [(row.student, row.person.id, row.total) for row in rows] == [
        ("alice (looks like ALICE)", "S1", 10.0),
        ("ALICE (looks like alice)", "ALICE (looks like alice)", 0.0),
    ]


def test_students_the_roster_lacks_are_written_apart_from_the_gradebook(tmp_path):
    grades = [
        grade_from_tests(student, ONE, [Outcome(f"tests/{ONE}/test_hidden.py::t", True)])
        for student in ("alice", "mallory")
    ]
    asked = Asked(tmp_path / "canvas.csv", "canvas", {"alice": Person("alice", "S1", "Alice A")})
    told = write_asked(asked, grades, PROPORTIONAL)
    assert [row[2] for row in read(tmp_path / "canvas.csv")[2:]] == ["S1"]
    assert [row[0] for row in read(tmp_path / "canvas.unmatched.csv")[1:]] == ["mallory"]
    assert told == [
        f"not in the roster, so not in {tmp_path / 'canvas.csv'}: mallory; their rows are in "
        f"{tmp_path / 'canvas.unmatched.csv'}, to match by hand"
    ]


def test_the_roster_is_read_strictly(tmp_path):
    good = tmp_path / "roster.csv"
    good.write_text("Folder,ID,Name\nalice,S1,Alice A\n", encoding="utf-8")
    assert read_roster(good) == {"alice": Person("alice", "S1", "Alice A")}
    for text, said in [
        ("name,id\nalice,S1\n", "must name the columns folder and id"),
        ("folder,id\nalice,\n", "line 2: a folder and an id are needed"),
        ("folder,id\nalice,S1\nalice,S2\n", "line 3: the folder 'alice' is named twice"),
        # a heading it does not know would be dropped: "Canvas User ID" left Canvas's ID column empty
        ("folder,id,Canvas User ID\nalice,S1,101\n", "and no other; it has folder, id, canvas_user_id"),
        ("folder,id,canvas_id\nalice,S1,S1\n", "line 2: canvas_id 'S1' is not Canvas's user id, a number"),
    ]:
        good.write_text(text, encoding="utf-8")
        with pytest.raises(BadRoster, match=said):
            read_roster(good)
    with pytest.raises(BadRoster, match="cannot be read"):
        read_roster(tmp_path / "missing.csv")


@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["--gradebook", "g.txt"], "--gradebook 'g.txt' does not end in .csv"),
        (["--roster", "r.csv"], "--roster 'r.csv' cannot be read"),
        (["--weights", "hidden=2"], "--weights goes with --scoring weighted"),
        (["--kata-points", "1=0"], "--kata-points '1=0'"),
        (["--kata-points", "99=5"], "99"),
        (["--gradebook", "g.csv", "--gradebook-format", "moodle"], "--gradebook-format moodle needs --roster FILE.csv"),
        (
            ["--gradebook", "g.csv", "--assignment-ids", "1=4711"],
            "--assignment-ids goes with --gradebook-format canvas",
        ),
        (["--gradebook", "g.csv", "--assignment-ids", "1=x"], "--assignment-ids '1=x': an assignment id is Canvas's"),
        (["--gradebook", "g.csv", "--assignment-ids", "3=4711"], "--assignment-ids names 03_recursive_chunker"),
        (["--assignment-ids", "1=4711"], "--assignment-ids goes with --gradebook"),
        (["--gradebook", "g.csv", "--assignment-ids", "99=4711"], "--assignment-ids '99=4711': there is no kata"),
        (["--gradebook", "g.csv", "--assignment-ids", "1=4711", "1=4712"], "'1=4712': 01_fixed_windows is given twice"),
        (["--gradebook", "g.csv", "--assignment-ids", "1=4711", "2=4711"], "two katas name one assignment, 4711"),
        (["--kata-points", "1"], "--kata-points '1': write it KATA=VALUE"),
    ],
)
def test_bad_gradebook_options_are_refused_before_grading(tmp_path, arguments, said):
    (tmp_path / "class").mkdir()
    done = subprocess.run(
        [sys.executable, "-m", "kata", "grade", str(tmp_path / "class"), "--katas", "1", *arguments],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and said in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Grading" not in done.stderr


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_kata_grade_writes_the_feedback_and_the_gradebook_asked_for(tmp_path):
    """One grading run of three students: each gets their feedback files, and the gradebook has their rows."""
    classroom = Path(__file__).parent / "classroom"
    submissions = tmp_path / "class"
    for student in ("correct", "known_mistake", "untouched_stub"):
        shutil.copytree(classroom / student, submissions / student)
    shutil.copytree(classroom / "correct", submissions / "twin")  # a copy, which --similarity flags
    roster = tmp_path / "roster.csv"
    roster.write_text(
        "folder,id,name,email\ncorrect,S1,Ada Lovelace,ada@example.org\n"
        "known_mistake,S2,Bob Byte,bob@example.org\nabsent,S9,Al Sent,al@example.org\n",
        encoding="utf-8",
    )
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "kata",
            "grade",
            str(submissions),
            "--katas",
            "1",
            "--jobs",
            "2",
            "--feedback",
            str(tmp_path / "feedback"),
            "--gradebook",
            str(tmp_path / "moodle.csv"),
            "--gradebook-format",
            "moodle",
            "--roster",
            str(roster),
            "--scoring",
            "all-or-nothing",
            "--points",
            "4",
            "--similarity",
            str(tmp_path / "similar.json"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=280,
    )
    assert done.returncode == 0, done.stderr
    assert (
        f"not in the roster, so not in {tmp_path / 'moodle.csv'}: twin, untouched_stub; their rows are in "
        f"{tmp_path / 'moodle.unmatched.csv'}, to match by hand"
    ) in done.stderr
    rows = read(tmp_path / "moodle.csv")
    assert [row[0] for row in rows[1:]] == ["S1", "S2", "S9"]
    assert [row[-2:] for row in rows[1:]] == [["4", "100"], ["0", "0"], ["0", "0"]]
    unmatched = read(tmp_path / "moodle.unmatched.csv")
    assert [row[:2] + row[-4:-1] for row in unmatched[1:]] == [
        ["twin", "twin", "4", "4", "100"],
        ["untouched_stub", "untouched_stub", "0", "4", "0"],
    ]
    feedback = sorted(path.name for path in (tmp_path / "feedback").iterdir())
    assert feedback == [
        f"{student}.{suffix}"
        for student in ("correct", "known_mistake", "twin", "untouched_stub")
        for suffix in ("html", "md")
    ]
    assert "Flagged: twin: 01_fixed_windows: very similar to correct's (similarity 1.00)" in done.stdout
    table = done.stdout.splitlines()
    assert table[0].split()[-2:] == ["similar", "to"]
    # (correct and known_mistake are one author's: in a class of four, nothing is left out as the class's)
    assert next(line for line in table if line.startswith("twin ")).endswith("01: correct 1.00; known_mistake 0.77")
    twin = (tmp_path / "feedback" / "twin.md").read_text(encoding="utf-8")
    assert "Your 01\\_fixed\\_windows is flagged for your teacher's review." in twin
    assert "similar" not in twin
    assert "correct" not in twin.split("Score:", 1)[0]
    pairs = json.loads((tmp_path / "similar.json").read_text(encoding="utf-8"))
    assert [pair["score"] for pair in pairs if {pair["a"], pair["b"]} == {"correct", "twin"}] == [1.0]
    mistaken = (tmp_path / "feedback" / "known_mistake.md").read_text(encoding="utf-8")
    assert "WRONG ANSWER" in mistaken and "Called fixed_windows(" in mistaken and "but the tests expected" in mistaken
    assert "Your code behaves like a known mistake" in mistaken
    assert "Score: 0.00 of 4 points (0.0%), scored all-or-nothing." in mistaken


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_a_classmates_folder_named_alike_never_costs_a_student_her_row(tmp_path):
    """An honest alice/ and a hostile ALICE/: the roster matched neither, and alice's row in the Canvas
    gradebook scored 0 while her points sat in an unmatched row."""
    classroom = Path(__file__).parent / "classroom"
    submissions = tmp_path / "class"
    shutil.copytree(classroom / "correct", submissions / "alice")
    shutil.copytree(classroom / "untouched_stub", submissions / "ALICE")
    roster = tmp_path / "roster.csv"
    roster.write_text("folder,id,name\nalice,S1,Alice Liddell\n", encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "kata",
            "grade",
            str(submissions),
            "--katas",
            "1",
            "--gradebook",
            str(tmp_path / "canvas.csv"),
            "--gradebook-format",
            "canvas",
            "--roster",
            str(roster),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=280,
    )
    assert done.returncode == 0, done.stderr
    canvas = read(tmp_path / "canvas.csv")
    assert [(row[0], row[2], row[-1]) for row in canvas[2:]] == [("Alice Liddell", "S1", "10")]
    assert [(row[0], row[-4]) for row in read(tmp_path / "canvas.unmatched.csv")[1:]] == [
        ("ALICE (looks like alice)", "0")
    ]
