"""`kata grade` on a class whose folders' names are the attack (a red team's findings F1, F2, F3, F5, F6).

'bob smith' beside 'bob_smith' took over bob_smith's feedback and JUnit files; 'alice' followed by a
combining grapheme joiner, and 'alice' with a Cyrillic a, read as a second alice everywhere; carol's
folder beside carol.ZIP refused the whole class; a zip of 2,000,000 empty entries (100 MB) cost the
grader 30 s and 950 MB before it was refused, twice with --similarity; and a class kept inside the
repository, as the teachers' guide had it, let a worker stat its classmates' files.
"""

from __future__ import annotations

import csv
import json
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from kata.grading import grader as grading
from kata.grading.grades import grade_from_tests
from kata.katas import ROOT, find_kata, has_solutions
from kata.runner.outcomes import TestOutcome

KATA = find_kata("01")
KATA_FILE = f"{KATA.slug}/{KATA.module}.py"
WRONG = "def fixed_windows(tokens, chunk_size, overlap=0):\n    return []\n"
JOINED, CYRILLIC = "alice\u034f", "\u0430lice"

GRADING_BOUND_SECONDS = 300  # a class of eight on a busy machine; about half a minute on a quiet 2-core one

pytestmark = [
    pytest.mark.skipif(not has_solutions(), reason="the class hands in the reference: not in a release"),
    pytest.mark.timeout(GRADING_BOUND_SECONDS * 2),
]


def hand_in(folder: Path, source: str) -> None:
    (folder / KATA.slug).mkdir(parents=True)
    (folder / KATA_FILE).write_text(source, encoding="utf-8")


def sparse_zip64_bomb(path: Path, entries: int = 2_000_000, size: int = 100_000_000) -> Path:
    """A file as large as the red team's, mostly a hole, ending in zip64 end records declaring `entries`."""
    directory = size - 100
    zip64_end = struct.pack("<4sQHHIIQQQQ", b"PK\x06\x06", 44, 45, 45, 0, 0, entries, entries, directory, 0)
    locator = struct.pack("<4sIQI", b"PK\x06\x07", 0, size, 1)
    end = struct.pack("<4sHHHHIIH", b"PK\x05\x06", 0, 0, 0xFFFF, 0xFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0)
    with path.open("wb") as file:
        file.truncate(size)
        file.seek(size)
        file.write(zip64_end + locator + end)
    return path


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    work = tmp_path_factory.mktemp("names")
    submissions = work / "class"
    reference = KATA.reference_path().read_text(encoding="utf-8")
    for student in ("alice", "bob_smith", JOINED, CYRILLIC, "carol"):
        hand_in(submissions / student, reference)
    hand_in(submissions / "bob smith", WRONG)
    with zipfile.ZipFile(submissions / "carol.ZIP", "w") as zipped:
        zipped.writestr(KATA_FILE, WRONG)
    sparse_zip64_bomb(submissions / "eve.zip")
    with zipfile.ZipFile(submissions / "frank.zip", "w") as zipped:  # 70,000 real entries, under the size cap
        for number in range(70_000):
            zipped.writestr(zipfile.ZipInfo(f"{number:x}"), b"")
    reports = work / "reports"
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
            "--call-seconds",
            "0.5",
            "--out",
            str(reports / "grades.csv"),
            "--junit",
            str(reports / "junit"),
            "--feedback",
            str(reports / "feedback"),
            "--similarity",
            str(reports / "similar.json"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=GRADING_BOUND_SECONDS,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    with (reports / "grades.csv").open(encoding="utf-8", newline="") as file:
        rows = {row["student"]: row for row in csv.DictReader(file)}
    return {"done": done, "reports": reports, "rows": rows}


def test_a_folder_named_like_a_classmates_takes_none_of_their_files_and_its_own_say_whose(graded):
    feedback, junit = graded["reports"] / "feedback", graded["reports"] / "junit"
    real = (feedback / "bob_smith.md").read_text(encoding="utf-8")
    assert real.startswith("# Feedback for bob\\_smith\n") and "| solved |" in real
    assert (feedback / "bob%20smith.md").read_text(encoding="utf-8").startswith("# Feedback for bob smith\n")
    assert 'name="bob_smith"' in (junit / "bob_smith.xml").read_text(encoding="utf-8")
    assert "files numbered apart" not in graded["done"].stderr


def test_names_that_pass_for_a_classmate_show_what_they_hide_in_every_report(graded):
    rows = graded["rows"]
    assert {"alice", "alice\\u034f", f"{CYRILLIC} (looks like alice)"} <= set(rows)
    assert rows["alice\\u034f"]["status"] == rows["alice"]["status"] == "solved"
    table = graded["done"].stdout
    assert "\nalice\\u034f " in table and f"\n{CYRILLIC} (looks like alice) " in table


def test_a_folder_beside_a_zip_of_the_same_name_refuses_that_student_alone(graded):
    carol = graded["rows"]["carol"]
    assert carol["status"] == "cannot run" and "are both the submission of 'carol'; keep one" in carol["detail"]
    assert graded["rows"]["alice"]["status"] == "solved"


@pytest.mark.parametrize(
    ("student", "why"),
    [("eve", "takes 100000098 bytes, more than the 20971520"), ("frank", "declares 70000 entries, more than the 2000")],
)
def test_a_zip_with_a_huge_directory_is_refused_for_its_student_alone(graded, student, why):
    assert graded["rows"][student]["status"] == "cannot run" and why in graded["rows"][student]["detail"]


def test_similarity_compares_the_class_under_the_names_it_is_graded_by(graded):
    pairs = json.loads((graded["reports"] / "similar.json").read_text(encoding="utf-8"))
    # Five of the class hand in the reference: code most of a class shares is not a copy between two of them
    # (kata similarity --ignore-shared), but each is flagged against the reference, under its graded name.
    assert any({"a": "alice\\u034f", "b": "reference", "flagged": True}.items() <= pair.items() for pair in pairs)
    assert any(
        {"a": f"{CYRILLIC} (looks like alice)", "b": "reference", "flagged": True}.items() <= pair.items()
        for pair in pairs
    )


def grade_without_running(monkeypatch, folder: Path, **options) -> int:
    """grader.grade with the tests' runs left out: what is found, said and compared around them."""
    monkeypatch.setattr(grading, "tests_per_kata", lambda katas: {KATA.slug: 1})
    monkeypatch.setattr(grading, "confinement_warning", lambda unconfined: "")
    monkeypatch.setattr(
        grading,
        "grade_students",
        lambda students, *rest, **options: [
            grade_from_tests(student.student, KATA.slug, [TestOutcome("t::test", True)]) for student in students
        ],
    )
    return grading.grade(folder, [KATA], jobs=1, **options)


def test_similarity_under_grade_does_not_unpack_the_class_again(monkeypatch, tmp_path):
    from kata.grading import similarity

    hand_in(tmp_path / "class" / "alice", WRONG)
    with zipfile.ZipFile(tmp_path / "class" / "bob.zip", "w") as zipped:
        zipped.writestr(KATA_FILE, WRONG)

    def unpacked_again(*arguments):
        raise AssertionError("the class was unpacked a second time")

    monkeypatch.setattr(similarity, "submissions_in", unpacked_again)
    assert grade_without_running(monkeypatch, tmp_path / "class", similarity=tmp_path / "similar.json") == 0
    assert '"b": "bob"' in (tmp_path / "similar.json").read_text(encoding="utf-8")


def test_a_class_inside_the_repository_is_warned_of_where_workers_cannot_be_kept_from_seeing_it(monkeypatch, capsys):
    inside = Path(__file__).parent / "classroom"  # a class of the repository's own, only read
    monkeypatch.setattr(grading, "workers_can_be_kept_from_sight", lambda: False)  # not root, or no mount namespace
    grade_without_running(monkeypatch, inside)
    warnings = [line for line in capsys.readouterr().err.splitlines() if line.startswith("WARNING")]
    assert (
        warnings
        == [
            f"WARNING: the class {inside} is inside the repository {ROOT}, whose path a student's code "
            "can learn: it can tell which files a classmate handed in, their sizes and times (not their "
            "contents). Keep the class outside the repository's folder, under a name of your own"
        ]
        * 2
    )


def test_a_class_inside_the_repository_is_not_warned_of_where_workers_are_kept_from_seeing_it(monkeypatch, capsys):
    monkeypatch.setattr(grading, "workers_can_be_kept_from_sight", lambda: True)  # root's workers cover the class
    grade_without_running(monkeypatch, Path(__file__).parent / "classroom")
    assert "WARNING" not in capsys.readouterr().err


def test_a_class_outside_the_repository_is_not_warned_of(monkeypatch, capsys, tmp_path):
    hand_in(tmp_path / "class" / "alice", WRONG)
    grade_without_running(monkeypatch, tmp_path / "class")
    assert "WARNING" not in capsys.readouterr().err


def test_a_class_beside_the_repository_is_warned_of_where_workers_cannot_be_kept_from_seeing_it():
    beside = ROOT.parent / "submissions"  # ~/course/katas and ~/course/submissions: a path a student can guess
    assert grading.class_folder_warning(beside, kept_from_sight=False) == (
        f"WARNING: the class {beside} is beside the repository {ROOT}, at a path guessed from the repository's, "
        "which a student's code can learn: it can tell which files a classmate handed in, their sizes and times "
        "(not their contents). Keep the class outside the repository's folder, under a name of your own"
    )
    assert grading.class_folder_warning(beside, kept_from_sight=True) == ""
    assert grading.class_folder_warning(ROOT.parent / "x7q2" / "class", kept_from_sight=False) == ""  # deeper down
