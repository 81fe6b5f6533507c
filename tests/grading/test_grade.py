"""`kata grade` on a class of broken and hostile submissions (tests/grading/classroom/).

Each student's folder holds one kata 01 file that does one thing a grader must survive:
loop forever, exhaust memory, exit, crash, raise BaseException, recurse without end,
write and delete files, print megabytes, patch the grader, or simply be wrong. The class
is graded once, with --jobs 2; each test checks one student's exact score. A score
that depends on the tests' verdicts is compared with the same file's score in an
ordinary in-process run, which takes a different path through the runner.
"""

from __future__ import annotations

import csv
import json
import os
import re
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import pytest

from kata.grading import grader as grading
from kata.judging.guards import GUARD_SEED_VARIABLE
from kata.judging.vocabulary import KataStatus
from kata.katas import ROOT, TESTS, find_kata
from kata.runner.outcomes import read_outcomes

CLASSROOM = Path(__file__).parent / "classroom"
KATA = find_kata("01")
SEED = "20261202"  # the class's seed: the graded run and the in-process one draw the same examples
GRADING_BOUND_SECONDS = 240  # a generous bound for a busy machine; on a quiet 2-core one it takes about a minute

pytestmark = pytest.mark.timeout(GRADING_BOUND_SECONDS * 2)  # the first test also waits for the grading


def leftovers(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


@pytest.fixture(scope="module")
def graded(tmp_path_factory, file_fingerprints):
    """Grade a copy of the class, with one student handed in as a .zip, and note what changed around it."""
    work = tmp_path_factory.mktemp("grading")
    submissions = work / "submissions"
    shutil.copytree(CLASSROOM, submissions)
    with zipfile.ZipFile(submissions / "zipped_correct.zip", "w") as archive:
        archive.write(CLASSROOM / "correct" / KATA.slug / f"{KATA.module}.py", f"{KATA.slug}/{KATA.module}.py")
    with zipfile.ZipFile(submissions / "zipped_syntax_error.zip", "w") as archive:
        archive.write(CLASSROOM / "syntax_error" / KATA.slug / f"{KATA.module}.py", f"{KATA.slug}/{KATA.module}.py")
    (submissions / "broken_zip.zip").write_bytes(b"PK\x03\x04 the rest of this zip was lost")
    fingerprints = file_fingerprints
    grader_before, submissions_before = fingerprints(ROOT), fingerprints(submissions)
    temporary = work / "tmp"  # the grader's and its workers' temporary folders go here, to be counted
    temporary.mkdir()
    started = time.monotonic()
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
            "--seed",
            SEED,
            "--call-seconds",
            "0.2",
            "--memory",
            "512",
            "--out",
            str(work / "grades.json"),
            "--out",
            str(work / "grades.csv"),
            "--junit",
            str(work / "junit"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=GRADING_BOUND_SECONDS * 2,
        env={**os.environ, "TMPDIR": str(temporary)},
    )
    seconds = time.monotonic() - started
    assert done.returncode == 0, f"kata grade exited with {done.returncode}:\n{done.stdout}\n{done.stderr}"
    records = json.loads((work / "grades.json").read_text(encoding="utf-8"))["grades"]
    return {
        "seconds": seconds,
        "stdout": done.stdout,
        "stderr": done.stderr,
        "work": work,
        "grades": {record["student"]: record for record in records},
        "grader_changed": changes(grader_before, fingerprints(ROOT)),
        "submissions_changed": changes(submissions_before, fingerprints(submissions)),
        "left_behind": leftovers(temporary),
    }


def changes(before: dict, after: dict) -> list[str]:
    return sorted(name for name in before.keys() | after.keys() if before.get(name) != after.get(name))


@pytest.fixture(scope="module")
def test_count():
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "--impl=reference", str(TESTS / KATA.slug)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    return sum("::" in line for line in done.stdout.splitlines())


def in_process_outcomes(student: str, tmp_path: Path) -> dict[str, bool]:
    """The same file judged the ordinary way, in pytest's own process, on the class's examples (SEED): test id ->
    passed."""
    outcomes = tmp_path / f"{student}.json"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            str(TESTS / KATA.slug),
            f"--impl={CLASSROOM / student}",
            f"--outcomes={outcomes}",
            "--hypothesis-profile=grading",
            f"--hypothesis-seed={SEED}",
            "-p",
            "no:cacheprovider",
            "-q",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, GUARD_SEED_VARIABLE: SEED},
    )
    tests = read_outcomes(outcomes)[KATA.slug]["tests"]
    return {test.test: test.passed for test in tests}


def grade_of(graded, student: str) -> dict:
    return graded["grades"][student]


def assert_grade(graded, student: str, passed: int, run: int, status: str) -> None:
    grade = grade_of(graded, student)
    got = (grade["passed"], grade["run"], grade["status"])
    assert got == (passed, run, status), (
        f"{student}: graded {got[0]}/{got[1]} {got[2]!r}, but its true grade is {passed}/{run} {status!r}.\n"
        f"Its detail: {grade['detail']!r}; first failures: "
        + "; ".join(f"{t['test']}: {t['verdict']}" for t in grade["tests"] if not t["passed"])[:1500]
    )


# Correct solutions earn every point, whatever else they do ------------------------------------


def test_a_correct_solution_earns_full_marks(graded, test_count):
    assert_grade(graded, "correct", test_count, test_count, "solved")


def test_a_correct_solution_handed_in_as_a_zip_earns_full_marks(graded, test_count):
    assert_grade(graded, "zipped_correct", test_count, test_count, "solved")


def test_writing_and_deleting_files_in_its_own_folder_costs_nothing(graded, test_count):
    assert_grade(graded, "writes_files", test_count, test_count, "solved")


def test_printing_megabytes_costs_nothing(graded, test_count):
    assert_grade(graded, "prints_megabytes", test_count, test_count, "solved")


# Code that never answers earns nothing, and cannot stop the grading -------------------------


def test_an_infinite_loop_earns_nothing_and_did_not_finish(graded, test_count):
    assert_grade(graded, "infinite_loop", 0, test_count, "did not finish")
    reports = [test["report"] for test in grade_of(graded, "infinite_loop")["tests"]]
    assert reports and all("s of CPU time for one call" in report for report in reports if "DID NOT FINISH" in report)


def test_a_memory_bomb_earns_nothing_and_a_memory_failure_says_it_used_up_its_limit(graded, test_count):
    """Zeroing 50 MB at a time costs CPU too: most of its calls pass the time limit first."""
    grade = grade_of(graded, "memory_bomb")
    assert (grade["passed"], grade["run"]) == (0, test_count) and grade["status"] in KataStatus.LIMITS
    memory = [test["report"] for test in grade["tests"] if test["verdict"] == "TOO MUCH MEMORY"]
    assert memory and all(
        "its worker process used up its limit of 512 MB of address space" in message for message in memory
    )


def test_code_that_runs_past_its_limits_everywhere_is_named_as_no_mistake(graded):
    """no_validation also stalls, but only where overlap >= chunk_size: a loop that stalls on
    every input is not that mistake, however many of its stalls look alike."""
    for student in ("infinite_loop", "memory_bomb", "deep_recursion"):
        assert grade_of(graded, student)["mistake"] == "", (student, grade_of(graded, student)["mistake"])


def test_sys_exit_earns_nothing_and_is_an_error(graded, test_count):
    assert_grade(graded, "sys_exit", 0, test_count, "error")


def test_os_exit_earns_nothing_and_is_an_error(graded, test_count):
    assert_grade(graded, "os_exit", 0, test_count, "error")


def test_raising_a_base_exception_earns_nothing_and_is_an_error(graded, test_count):
    assert_grade(graded, "base_exception", 0, test_count, "error")


def test_endless_recursion_earns_nothing(graded, test_count):
    """With the recursion limit raised to 10**7 the recursion runs until the call's time limit
    (Python 3.11 keeps Python frames off the C stack) or the memory cap, whichever comes first."""
    grade = grade_of(graded, "deep_recursion")
    assert (grade["passed"], grade["run"]) == (0, test_count) and grade["status"] in KataStatus.LIMITS


# Code that cannot be loaded earns nothing, with the reason ----------------------------------


def test_a_zip_that_cannot_be_unpacked_cannot_run_and_costs_only_its_student(graded, test_count):
    assert_grade(graded, "broken_zip", 0, test_count, "cannot run")
    assert "broken_zip.zip cannot be unpacked" in grade_of(graded, "broken_zip")["detail"]


def test_a_syntax_error_cannot_run(graded, test_count):
    assert_grade(graded, "syntax_error", 0, test_count, "cannot run")
    assert "syntax error on line 1" in grade_of(graded, "syntax_error")["detail"]


def test_reports_name_a_students_file_as_handed_in_not_where_the_grader_put_it(graded, test_count):
    assert_grade(graded, "zipped_syntax_error", 0, test_count, "cannot run")
    for student in ("syntax_error", "zipped_syntax_error"):
        assert grade_of(graded, student)["detail"].startswith(
            f"{student}/{KATA.slug}/{KATA.module}.py has a syntax error on line 1"
        ), grade_of(graded, student)["detail"]
    assert "kata-grade-" not in (graded["work"] / "grades.csv").read_text(encoding="utf-8")


def test_a_missing_function_cannot_run(graded, test_count):
    assert_grade(graded, "missing_function", 0, test_count, "cannot run")
    assert "defines no function fixed_windows()" in grade_of(graded, "missing_function")["detail"]


def test_an_untouched_stub_is_not_started(graded, test_count):
    assert_grade(graded, "untouched_stub", 0, test_count, "not started")


def test_a_student_without_the_kata_has_not_submitted_it(graded, test_count):
    assert_grade(graded, "no_katas", 0, test_count, "not submitted")


# Wrong answers earn exactly what they earn in an ordinary run -------------------------------


def test_a_wrong_return_type_earns_what_it_earns_in_process(graded, test_count, tmp_path):
    expected = in_process_outcomes("returns_tuples", tmp_path)
    assert_grade(graded, "returns_tuples", sum(expected.values()), test_count, "failing")
    assert {t["test"]: t["passed"] for t in grade_of(graded, "returns_tuples")["tests"]} == expected


def test_patching_the_grader_earns_no_more_than_the_honest_wrong_answer(graded, test_count, tmp_path):
    """patches_the_grader is returns_nothing plus cheats: patching pytest and kata.judging.checks inside its
    worker, and loading the reference solution. It must earn exactly what returns_nothing earns."""
    expected = in_process_outcomes("returns_nothing", tmp_path)
    assert 0 < sum(expected.values()) < test_count
    for student in ("returns_nothing", "patches_the_grader"):
        assert_grade(graded, student, sum(expected.values()), test_count, "failing")
        assert {t["test"]: t["passed"] for t in grade_of(graded, student)["tests"]} == expected


# The grader itself --------------------------------------------------------------------------


def test_the_graders_own_files_are_untouched(graded):
    assert graded["grader_changed"] == []


def test_the_submissions_are_untouched(graded):
    """writes_files tries to delete its module and write beside it and in the grader's folders: nothing changes."""
    assert graded["submissions_changed"] == []


def test_no_temporary_folder_is_left_behind(graded):
    """Each worker's folder (kata-worker-*) and the grader's own (kata-grade-*) are removed."""
    assert graded["left_behind"] == []


def test_the_class_grades_in_bounded_time(graded):
    print(f"kata grade took {graded['seconds']:.1f} s for {len(graded['grades'])} students")
    assert graded["seconds"] < GRADING_BOUND_SECONDS


def test_every_report_has_every_student(graded):
    work, students = graded["work"], set(graded["grades"])
    with open(work / "grades.csv", newline="", encoding="utf-8") as table:
        assert {row["student"] for row in csv.DictReader(table)} == students
    junit = {path.stem for path in (work / "junit").glob("*.xml")}
    assert junit == students
    suites = ElementTree.parse(work / "junit" / "correct.xml").getroot()
    assert suites.get("failures") == "0" and suites.get("errors") == "0"
    for student in students:
        assert student in graded["stdout"]


def test_a_known_mistake_is_named_in_the_grade(graded, test_count, tmp_path):
    """known_mistake keeps stepping after the window that reaches the end: the catalog's redundant_tail_window."""
    expected = in_process_outcomes("known_mistake", tmp_path)
    assert_grade(graded, "known_mistake", sum(expected.values()), test_count, "failing")
    assert grade_of(graded, "known_mistake")["mistake"] == "redundant_tail_window"
    assert (
        "redundant_tail_window" in graded["stdout"]
        or "redundant_tail_window" in (graded["work"] / "grades.csv").read_text()
    )


def test_progress_is_shown_on_stderr_and_the_table_alone_on_stdout(graded):
    assert f"[{len(graded['grades'])}/{len(graded['grades'])}," in graded["stderr"]
    assert graded["stdout"].startswith("student") and "Grading" not in graded["stdout"]


def test_the_grading_profile_draws_its_examples_from_the_seed_given_and_keeps_no_database():
    """No example database (one student's failures are never replayed against the next), and not derandomized:
    the examples follow the seed kata grade gives, which no run before grading can know."""
    from hypothesis import settings

    import kata.plugin.registration  # noqa: F401  registers the profiles

    grading = settings.get_profile("grading")
    assert grading.derandomize is False and grading.database is None


@pytest.mark.parametrize("given", [None, 4242], ids=["drawn", "given"])
def test_every_student_of_a_run_is_tested_with_the_classs_seed_and_the_grader_says_it(
    monkeypatch, capsys, tmp_path, given
):
    for student in ("alice", "bob"):
        (tmp_path / "class" / student / KATA.slug).mkdir(parents=True)
        shutil.copy(CLASSROOM / "correct" / KATA.slug / f"{KATA.module}.py", tmp_path / "class" / student / KATA.slug)
    seeds = []

    def run_tests(copy, katas, work, call_seconds, memory_mb, confined, seconds, hidden, seed):
        seeds.append(seed)
        return {}, "not run here"

    monkeypatch.setattr(grading, "run_tests", run_tests)
    grading.grade(tmp_path / "class", [KATA], jobs=2, seed=given)
    assert len(seeds) == 2 and seeds[0] == seeds[1] and (given is None or seeds[0] == given)
    said = [line for line in capsys.readouterr().err.splitlines() if line.startswith("Seed ")]
    assert (
        said
        == [
            f"Seed {seeds[0]}: the properties' examples and the guards' inputs of every student were drawn "
            f"from it; kata grade --seed {seeds[0]} draws the same again"
        ]
        * 2
    )


# Mistakes of the teacher's own: one line, before any grading -------------------------------


@pytest.mark.parametrize(
    "arguments, says",
    [
        (["no_such_folder"], "no_such_folder"),
        ([str(CLASSROOM), "--out", "grades.txt"], "grades.txt"),
        ([str(CLASSROOM), "--katas", "no_such_kata"], "there is no kata 'no_such_kata'"),
        ([str(CLASSROOM), "--jobs", "0"], "'0' is not a whole number of at least 1"),
        ([str(CLASSROOM), "--call-seconds", "0"], "'0' is not a number of seconds from 0.05 to 60"),
        ([str(CLASSROOM), "--memory", "10"], "'10' is not a whole number of megabytes from 64 to 65536"),
    ],
)
def test_a_bad_grade_command_is_one_line_and_grades_nobody(arguments, says):
    done = subprocess.run(
        [sys.executable, "-m", "kata", "grade", *arguments], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2 and says in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert done.stdout == "" and "Grading" not in done.stderr


def test_kata_check_isolate_reports_an_untouched_stub_as_not_started(repo):
    done = subprocess.run(
        [sys.executable, "-m", "kata", "check", "1", "--isolate"], cwd=repo, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1 and "not started" in done.stdout, done.stdout + done.stderr
    assert "each kata in a worker process of its own" in done.stdout


# Where the kernel cannot confine the students' code ------------------------------------------


@pytest.fixture
def without_libseccomp(tmp_path) -> dict:
    """An environment in which kata.sandbox.confinement cannot load libseccomp's binding.

    As on a machine without it.
    """
    shadow = tmp_path / "shadow"
    shadow.mkdir()
    (shadow / "pyseccomp.py").write_text("raise ImportError('no libseccomp here')\n")
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(shadow), str(ROOT)])}


def test_where_code_cannot_be_confined_grading_refuses_in_one_line(without_libseccomp):
    done = subprocess.run(
        [sys.executable, "-m", "kata", "grade", str(CLASSROOM), "--katas", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env=without_libseccomp,
    )
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "libseccomp" in done.stderr and "--unconfined" in done.stderr and "container" in done.stderr
    assert done.stdout == "" and "Grading" not in done.stderr


def test_unconfined_grading_puts_a_warning_at_the_top_of_every_report(without_libseccomp, tmp_path):
    submissions = tmp_path / "submissions"
    shutil.copytree(CLASSROOM / "correct", submissions / "correct")
    reports = tmp_path / "reports"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "kata",
            "grade",
            str(submissions),
            "--katas",
            "1",
            "--unconfined",
            "--out",
            str(reports / "grades.csv"),
            "--out",
            str(reports / "grades.json"),
            "--out",
            str(reports / "grades.md"),
            "--junit",
            str(reports / "junit"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=GRADING_BOUND_SECONDS,
        env=without_libseccomp,
    )
    assert done.returncode == 0, done.stderr
    warning = "WARNING: graded unconfined (confinement needs libseccomp"
    assert done.stdout.startswith(warning)
    assert (reports / "grades.csv").read_text(encoding="utf-8").startswith(f"# {warning}")
    assert json.loads((reports / "grades.json").read_text(encoding="utf-8"))["warning"].startswith(warning)
    assert (reports / "grades.md").read_text(encoding="utf-8").splitlines()[2].startswith(f"> **{warning}")
    suites = ElementTree.parse(reports / "junit" / "correct.xml").getroot()
    assert {
        suite.find("properties/property[@name='warning']").get("value")[: len(warning)]
        for suite in suites.iter("testsuite")
    } == {warning}
    assert re.search(r"^correct\s+(\d+)/\1\b", done.stdout, re.M), done.stdout  # full marks


def test_isolate_where_code_cannot_be_confined_says_the_workers_run_unconfined(without_libseccomp):
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "tests/01_fixed_windows",
            "--isolate",
            "-x",
            "-q",
            f"--impl={CLASSROOM / 'correct'}",
            "-p",
            "no:cacheprovider",
            "-k",
            "example",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env=without_libseccomp,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "The workers run unconfined, with your own rights: confinement needs libseccomp" in done.stdout


def test_isolate_confined_where_code_cannot_be_confined_refuses_in_one_line(without_libseccomp):
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "tests/01_fixed_windows", "--isolate", "--confined", "-p", "no:cacheprovider"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env=without_libseccomp,
    )
    assert done.returncode == 4, done.stdout + done.stderr
    assert "--confined: the workers cannot be confined here: confinement needs libseccomp" in done.stderr


def test_confined_goes_with_isolate():
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "tests/01_fixed_windows", "--confined", "-p", "no:cacheprovider"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 4 and "--confined goes with --isolate" in done.stderr, done.stderr


# Paths and failures of the grading itself ------------------------------------------------------


def test_a_relative_submissions_folder_is_graded_from_any_folder(tmp_path):
    shutil.copytree(CLASSROOM / "correct", tmp_path / "class" / "correct")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = subprocess.run(
        [sys.executable, "-m", "kata", "grade", "../class", "--katas", "1", "--out", "grades.csv"],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        timeout=GRADING_BOUND_SECONDS,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"^correct\s+(\d+)/\1\b", done.stdout, re.M), done.stdout  # full marks
    assert (elsewhere / "grades.csv").is_file()


def test_students_whose_tests_could_not_run_are_named_and_the_grading_fails(tmp_path, monkeypatch, capsys):
    from kata.grading import grader as grading

    shutil.copytree(CLASSROOM / "correct", tmp_path / "class" / "alice")
    monkeypatch.setattr(grading, "tests_per_kata", lambda katas: {KATA.slug: 51})
    monkeypatch.setattr(grading, "run_tests", lambda *arguments: ({}, "the test run ended with exit status 4: usage"))
    assert grading.grade(tmp_path / "class", [KATA], jobs=1) == 1
    printed = capsys.readouterr().out
    assert "alice" in printed and "0/51 error" in printed
    assert "Not graded: the tests could not run for 1 student: alice (the test run ended with exit status 4" in printed


def without_tiktoken(folder: Path) -> dict:
    """An environment in which `import tiktoken` fails as it does where the optional extra is not installed."""
    (folder / "tiktoken.py").write_text('raise ImportError("tiktoken is not installed")\n', encoding="utf-8")
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(folder), os.environ.get("PYTHONPATH")]))}


def test_a_test_skipped_for_a_missing_extra_counts_for_no_one(tmp_path):
    """Without tiktoken, kata 06's cl100k test skips: a correct kata 06 is solved out of the other tests, and
    a classmate who handed nothing in is graded out of the same tests."""
    six = find_kata("06")
    hidden = tmp_path / "hidden"
    hidden.mkdir()
    (tmp_path / "class" / "ann" / six.slug).mkdir(parents=True)
    shutil.copy(six.reference_path(), tmp_path / "class" / "ann" / six.slug)
    (tmp_path / "class" / "bob").mkdir()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "kata",
            "grade",
            str(tmp_path / "class"),
            "--katas",
            "6",
            "--out",
            str(tmp_path / "grades.json"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=GRADING_BOUND_SECONDS,
        env=without_tiktoken(hidden),
    )
    assert done.returncode == 0, done.stdout + done.stderr
    ann, bob = json.loads((tmp_path / "grades.json").read_text(encoding="utf-8"))["grades"]
    assert (ann["status"], ann["passed"], ann["skipped"]) == ("solved", ann["run"], 1), ann["detail"]
    assert ann["detail"].startswith("1 test skipped: tiktoken is not installed"), ann["detail"]
    assert not [test for test in ann["tests"] if "not run" in test["test"]]
    assert (bob["status"], bob["run"]) == ("not submitted", ann["run"])
    assert re.search(rf"^ann\s+{ann['run']}/{ann['run']} \(1 skipped\)", done.stdout, re.M), done.stdout


def test_a_file_in_another_declared_encoding_is_read_as_python_reads_it(tmp_path):
    """A correct file declared latin-1, with an é in a comment, runs under Python; the tests' side read it as
    UTF-8 and graded it 'cannot run', blaming the file for an error Python does not see."""
    one = find_kata("1")
    handed_in = tmp_path / "class" / "zoe" / one.slug / f"{one.module}.py"
    handed_in.parent.mkdir(parents=True)
    handed_in.write_bytes(b"# -*- coding: latin-1 -*-\n# R\xe9sum\xe9 of my work\n" + one.reference_path().read_bytes())
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "kata",
            "grade",
            str(tmp_path / "class"),
            "--katas",
            "1",
            "--out",
            str(tmp_path / "grades.json"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=GRADING_BOUND_SECONDS,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    [zoe] = json.loads((tmp_path / "grades.json").read_text(encoding="utf-8"))["grades"]
    assert (zoe["status"], zoe["passed"]) == ("solved", zoe["run"]), zoe["detail"]
