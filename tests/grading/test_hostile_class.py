"""`kata grade` on a class of students who have read the grader's source and attack it (tests/grading/hostile_class/).

Each hostile student tries one way to get marks its answers do not earn, or to hurt a
classmate or the grader: read the reference or a classmate (after chdir, through a
dir_fd), change the grader's files, start a process that outlives grading, poison the
shared probes or the outcomes file, stop the clocks, kill classmates, read the
grader's environment, write outside its folder by the ways an open() check misses,
lease the runtime's files so that a classmate's worker waits, watch the files it may
not read, forge the report's text, or hand in a symbolic link (to the reference, to a classmate's file, or a
kata folder that is a link, a hard link), nest a zip's folders too deep to remove, or
fail to load with an error made to forge the reports. Honest classmates sit beside them.

The class is graded from a copy of the repository, so that an attack that got through
could damage only the copy, and the kernel's confinement (kata.sandbox.confinement) is what
stops them: without Landlock and seccomp these tests are skipped. Each attacker must
get exactly the grade of its honest twin (the same answers, no attack), test by test;
each honest classmate exactly the grade it gets when graded alone.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

from kata.katas import ROOT
from kata.sandbox import confinement

HOSTILE_CLASS = Path(__file__).parent / "hostile_class"
CORRECT = Path(__file__).parent / "classroom" / "correct"  # the honest classmate, from the other class
SECRET = "grader-secret-0f9c2d"  # put in the grader's environment: no report may show it
GRADING_BOUND_SECONDS = 300

# Who answers like whom: every attacker answers [] (as honest_wrong does) except where named.
TWINS = {
    "steals_after_chdir": "honest_wrong",
    "steals_through_a_dir_fd": "honest_wrong",
    "copies_a_classmate": "honest_wrong",
    "vandalises_the_grader": "honest_wrong",
    "starts_a_process": "honest_wrong",
    "reads_the_shared_probes": "honest_wrong",
    "kills_classmates": "honest_wrong",
    "leaks_the_environment": "honest_wrong",
    "rewrites_the_outcomes": "honest_wrong",
    "writes_outside": "honest_wrong",
    "slow_freezes_the_clock": "slow_honest",
    "answers_large_inputs_lazily": "slow_honest",  # fails the two guards with wrong answers instead of slowly
    "leases_a_shared_file": "honest_wrong",
    "watches_the_grader": "honest_wrong",
}
# Submissions through a symbolic link, or a hard link made beside the class (hard_links_the_reference):
# not graded, whatever the link names.
LINKED = ("links_to_the_reference", "links_to_a_classmate", "links_its_kata_folder", "hard_links_the_reference")
DEEP_ZIP = "nests_a_zip_deep"  # made by the fixture: folders nested too deep for shutil.rmtree
# Made by the fixture, with honest_wrong's files: a folder whose name moves the cursor up, clears the
# line, retitles the terminal, overrides the text's direction and prints a fake verdict in red.
ESCAPES_IN_ITS_NAME = "names_itself\x1b[1A\x1b[2K\x1b]0;TITLE\x07\u202e\x9b31mALL SOLVED\x1b[0m"
HONEST = ("correct", "honest_wrong", "slow_honest")

pytestmark = [
    pytest.mark.timeout(GRADING_BOUND_SECONDS * 3),
    pytest.mark.skipif(bool(confinement.problem()), reason=f"{confinement.problem()}"),
]


def every_file(folder: Path, fingerprints) -> dict[str, tuple]:
    """Each file's contents, mode and times: an attack may change any of them."""
    found = {}
    for name, digest in fingerprints(folder).items():
        status = (folder / name).stat()
        found[name] = (digest, status.st_mode, status.st_mtime_ns)
    return found


def grade(repository: Path, submissions: Path, reports: Path) -> subprocess.CompletedProcess:
    reports.mkdir()
    return subprocess.run(
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
            "0.2",
            "--memory",
            "512",
            "--out",
            str(reports / "grades.json"),
            "--out",
            str(reports / "grades.csv"),
            "--out",
            str(reports / "grades.md"),
            "--junit",
            str(reports / "junit"),
        ],
        cwd=repository,
        capture_output=True,
        text=True,
        timeout=GRADING_BOUND_SECONDS,
        env={**os.environ, "KATA_GRADER_SECRET": SECRET},
    )


def processes_naming(text: str) -> list[str]:
    """The command lines of the running processes that contain `text`."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            try:
                line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8", "replace")
            except OSError:
                continue
            if text in line:
                found.append(f"{entry.name}: {line[:200]}")
    return found


@pytest.fixture(scope="module")
def hostile(tmp_path_factory, repository_copier, file_fingerprints):
    """The hostile class graded, the honest students graded alone, and what changed around them."""
    work = tmp_path_factory.mktemp("hostile")
    repository = repository_copier(work / "repo")
    submissions = work / "submissions"
    shutil.copytree(HOSTILE_CLASS, submissions, symlinks=True)  # the links are the attack: kept as links
    shutil.copytree(CORRECT, submissions / "correct")
    shutil.copytree(HOSTILE_CLASS / "honest_wrong", submissions / ESCAPES_IN_ITS_NAME)
    hard_link = submissions / "hard_links_the_reference" / "01_fixed_windows" / "fixed_windows.py"
    hard_link.parent.mkdir(parents=True)
    os.link(repository / "solutions" / "01_fixed_windows" / "fixed_windows.py", hard_link)
    with zipfile.ZipFile(submissions / f"{DEEP_ZIP}.zip", "w") as zipped:
        zipped.writestr(
            "01_fixed_windows/fixed_windows.py", "def fixed_windows(tokens, chunk_size, overlap=0):\n    return []\n"
        )
        for depth in (900, 1800, 1990):  # each under Python's recursion limit, together far beyond it
            zipped.writestr(zipfile.ZipInfo("a/" * depth), b"")
    alone = work / "alone"
    alone.mkdir()
    for student in HONEST:
        shutil.copytree(submissions / student, alone / student)
    places = {"copy": repository, "checkout": ROOT, "submissions": submissions}
    before = {place: every_file(folder, file_fingerprints) for place, folder in places.items()}
    done = grade(repository, submissions, work / "reports")
    time.sleep(1.5)  # what an attack started would have had time to do
    after = {place: every_file(folder, file_fingerprints) for place, folder in places.items()}
    left = processes_naming(str(repository)) + processes_naming("left-by-a-hostile-student")
    assert done.returncode == 0, f"kata grade exited with {done.returncode}:\n{done.stdout}\n{done.stderr}"
    graded_alone = grade(repository, alone, work / "reports-alone")
    assert graded_alone.returncode == 0, graded_alone.stderr

    def grades(reports: str) -> dict:
        records = json.loads((work / reports / "grades.json").read_text(encoding="utf-8"))["grades"]
        return {record["student"]: record for record in records}

    return {
        "grades": grades("reports"),
        "alone": grades("reports-alone"),
        "done": done,
        "work": work,
        "changed": {
            place: sorted(
                name
                for name in before[place].keys() | after[place].keys()
                if before[place].get(name) != after[place].get(name)
            )
            for place in before
        },
        "left": left,
    }


def passed_tests(grade: dict) -> dict[str, bool]:
    return {test["test"]: test["passed"] for test in grade["tests"]}


@pytest.mark.parametrize("attacker", TWINS)
def test_an_attacker_earns_exactly_what_its_honest_twin_earns(hostile, attacker):
    grade, twin = hostile["grades"][attacker], hostile["grades"][TWINS[attacker]]
    assert (grade["passed"], grade["run"]) == (twin["passed"], twin["run"]), (
        f"{attacker} was graded {grade['passed']}/{grade['run']} ({grade['status']}: {grade['detail']}); "
        f"its honest twin {TWINS[attacker]} {twin['passed']}/{twin['run']}"
    )
    assert passed_tests(grade) == passed_tests(twin)


@pytest.mark.parametrize("student", HONEST)
def test_an_honest_student_is_graded_as_when_graded_alone(hostile, student):
    beside, alone = hostile["grades"][student], hostile["alone"][student]
    assert (beside["passed"], beside["status"]) == (alone["passed"], alone["status"])
    assert passed_tests(beside) == passed_tests(alone)
    # A mistake is named from wrong answers the same way every time; a failure past a time
    # limit is matched against mistakes that are probed under time limits of their own, so
    # only the names drawn from wrong answers are compared.
    if not any(test["verdict"] in ("DID NOT FINISH", "TOO SLOW", "TOO MUCH MEMORY") for test in beside["tests"]):
        assert beside["mistake"] == alone["mistake"]


@pytest.mark.parametrize("student", LINKED)
def test_a_submission_through_a_link_is_not_graded(hostile, student):
    grade = hostile["grades"][student]
    assert (grade["passed"], grade["status"]) == (0, "cannot run")
    assert "link" in grade["detail"] and "links are not graded" in grade["detail"]


def test_a_zip_nested_too_deep_is_refused_and_the_class_still_graded(hostile):
    grade = hostile["grades"][DEEP_ZIP]
    assert (grade["passed"], grade["status"]) == (0, "cannot run")
    assert "folders deep" in grade["detail"]


def test_a_load_error_made_to_forge_the_reports_shows_on_one_printable_line(hostile):
    grade = hostile["grades"]["forges_the_load_error"]
    assert (grade["passed"], grade["status"]) == (0, "cannot run")
    assert "\n" not in grade["detail"] and "all tests passed" in grade["detail"]
    rows = (hostile["work"] / "reports" / "grades.csv").read_text(encoding="utf-8").splitlines()
    assert not [row for row in rows if row.startswith("correct,") and "copied from a classmate" in row]


def test_the_correct_classmate_earns_full_marks(hostile):
    grade = hostile["grades"]["correct"]
    assert grade["passed"] == grade["run"] and grade["status"] == "solved"


def test_the_slow_students_fail_the_complexity_guards(hostile):
    for student in ("slow_honest", "slow_freezes_the_clock"):
        failed = [test["test"] for test in hostile["grades"][student]["tests"] if not test["passed"]]
        assert any("test_guards.py" in test for test in failed), (student, failed)


def test_the_graders_checkout_its_copy_and_every_submission_are_unchanged(hostile):
    assert hostile["changed"] == {"copy": [], "checkout": [], "submissions": []}


def test_no_process_started_by_grading_is_left(hostile):
    assert hostile["left"] == []


def test_the_graders_environment_appears_in_no_report(hostile):
    done, work = hostile["done"], hostile["work"]
    reports = [path for path in (work / "reports").rglob("*") if path.is_file()]
    assert len(reports) >= 4
    shown = [done.stdout, done.stderr] + [path.read_text(encoding="utf-8") for path in reports]
    assert not any(SECRET in text for text in shown)


def test_no_report_carries_a_control_character_of_a_submission(hostile):
    """forges_the_report's messages, forges_the_load_error's load error and the name of a student's folder
    hold ESC, U+009B and a right-to-left override, which would redraw a terminal that shows a report (or
    the progress lines), or make it read otherwise."""
    assert hostile["grades"]["forges_the_report"]["passed"] < hostile["grades"]["forges_the_report"]["run"]
    reports = [path for path in (hostile["work"] / "reports").rglob("*") if path.is_file()]
    texts = [path.read_text(encoding="utf-8") for path in reports if path.suffix != ".json"]
    texts += [hostile["done"].stdout, hostile["done"].stderr]  # the table, the summary and the progress lines
    texts += strings_in(hostile["grades"])  # as JSON decodes them: JSON may write ESC as \\u001b
    forging = ("\x1b", "\x9b", "\u202e")
    assert not [text for text in texts if any(character in text for character in forging)]
    assert any("a glitch of the grader" in text for text in texts)  # the message itself is reported
    # The name shows what it hides, as escapes, and its row is graded as the same files are.
    [named] = [grade for student, grade in hostile["grades"].items() if student.startswith("names_itself")]
    assert named["student"] == "names_itself\\x1b[1A\\x1b[2K\\x1b]0;TITLE\\x07\\u202e\\x9b31mALL SOLVED\\x1b[0m"
    assert named["passed"] == hostile["grades"]["honest_wrong"]["passed"]


def strings_in(value: object) -> list[str]:
    """Every string of a decoded JSON value, its keys included."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [*value.keys(), *(text for item in value.values() for text in strings_in(item))]
    if isinstance(value, list):
        return [text for item in value for text in strings_in(item)]
    return []


def test_confined_grading_carries_no_warning(hostile):
    assert "WARNING" not in hostile["done"].stdout
    assert "warning" not in json.loads((hostile["work"] / "reports" / "grades.json").read_text(encoding="utf-8"))
