"""Autograders for classrooms beyond one machine: GitHub Classroom and Gradescope.

Both grade one student's folder with the same code as `kata grade` (grade_student): the same
isolation, the same Hypothesis examples. A kata is worth `points`, earned in proportion to the
tests passed. Gradescope's zip holds every test; a GitHub Classroom repository is the students'
release, without the tests' oracles, whose tests are skipped there and count for no one.

- GitHub Classroom runs a workflow in each student's repository. `kata classroom github`
  writes it: one step per kata, each running `kata classroom step KATA`, which grades the
  kata and hands GitHub Classroom's reporter (classroom-resources/autograding-grading-reporter)
  its result: a base64 JSON of the tests and their scores, in an environment variable of the
  reporter's step. The reporter shows a kata's points as the share of its tests that pass and
  records the sum of the tests' scores: the kata's points, rounded, are the score of its first
  test passed, so the two agree (github_result).
- Gradescope runs `run_autograder` in a container with the submission in
  /autograder/submission, and reads /autograder/results/results.json (kata.grading.gradescope).
"""

from __future__ import annotations

import base64
import json
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from kata.grading.grader import confinement_warning, grade_student, tests_per_kata
from kata.grading.grades import KataGrade, TestOutcome, grade_without_tests
from kata.grading.scoring import POINTS, proportional
from kata.grading.submissions import Submission, kata_root
from kata.judging.limits import CALL_SECONDS, WORKER_MEMORY_MB
from kata.judging.vocabulary import KataStatus, counted
from kata.katas import ROOT, Kata
from kata.sandbox import remove_folder

WORKFLOW = Path(".github") / "workflows" / "classroom.yml"
STEP_MINUTES = 10  # GitHub's limit for one kata's step: the tests' own limits end a run far sooner
# All the katas of one student must be graded within this, which leaves a minute of Gradescope's
# default limit (10 minutes) to write the results; an honest run of ten katas takes under one.
SECONDS = 540.0


@dataclass
class GradedFolder:
    grades: list[KataGrade]
    warning: str  # "" when the code ran confined; otherwise what a teacher must know


def grade_folder(
    folder: Path, katas: list[Kata], student: str = "submission", seconds: float = SECONDS
) -> GradedFolder:
    """One student's grades for the katas, as `kata grade` computes them, one kata at a time
    within `seconds` in all: a kata still running then is stopped, and the katas after it are
    not graded, so the platform's own time limit never ends the run without results.

    The code runs confined where the kernel allows it. Where it does not (a container without
    Landlock), it runs unconfined and the warning says so: on these platforms a student
    cannot reach another student's work, but could reach the tests and the reference.
    """
    warning = confinement_warning(unconfined=True)  # "" where the kernel confines the code
    deadline = time.monotonic() + seconds
    work = Path(tempfile.mkdtemp(prefix="kata-classroom-"))
    grades: list[KataGrade] = []
    try:
        counts = tests_per_kata(katas)
        for kata in katas:
            left = deadline - time.monotonic()
            if left <= 1:
                grades.append(
                    grade_without_tests(
                        student,
                        kata.slug,
                        KataStatus.ERROR,
                        f"not graded: the autograder's {seconds:g} s ran out",
                        counts[kata.slug],
                    )
                )
                continue
            grades += grade_student(
                Submission(student, kata_root(folder)),
                [kata],
                counts,
                work,
                CALL_SECONDS,
                WORKER_MEMORY_MB,
                confined=not warning,
                seconds=left,
            )
    finally:
        remove_folder(work)
    return GradedFolder(grades, warning)


def earned(grade: KataGrade, points: float) -> float:
    """The kata's points in proportion to the tests passed."""
    return proportional(grade, points)


def per_test(grade: KataGrade, points: float) -> float:
    return points / grade.run if grade.run else 0.0


def test_name(test: TestOutcome) -> str:
    """tests/01_fixed_windows/test_hidden.py::test_overlap_zero -> test_hidden.py::test_overlap_zero"""
    return test.test.rsplit("/", 1)[-1]


def summary_line(grade: KataGrade, points: float) -> str:
    line = (
        f"{grade.kata}: {grade.status}, {grade.passed} of {counted(grade.run, 'test')} passed, "
        f"{earned(grade, points):g} of {points:g} points"
    )
    return line + (f" ({grade.detail})" if grade.detail else "")


# GitHub Classroom -----------------------------------------------------------------------


# Linux refuses an environment string longer than 131,072 bytes (MAX_ARG_STRLEN), and the reporter reads each
# step's result from one: a result is kept to half of that, whatever its reports hold.
RESULT_BYTES = 65_536


def github_result(grade: KataGrade, points: float, warning: str = "") -> dict:
    """The result GitHub Classroom's reporter reads from a step: the kata's tests, each with a status and a score.

    The reporter shows the kata's points as (tests with status "pass") / (entries) * max_score, and
    records the sum of the entries' scores: so the entries are the kata's tests and nothing else, and
    the kata's points, rounded to the hundredth, are the score of its first test passed (the others
    score 0: the reporter adds in floating point, and shares of 5/56 added up to 4.99999999999999), so
    that both show the same grade. A kata that could not run is one entry per test it would have run,
    each failed with the reason. Reports are cut to keep the encoded result under RESULT_BYTES.
    """
    reason = "\n".join(part for part in (warning, summary_line(grade, points)) if part)
    outcomes = [(f"{grade.kata} {test_name(test)}", test.passed, test.report) for test in grade.tests] or [
        (f"{grade.kata} {grade.status} (test {number} of {grade.run})", False, reason)
        for number in range(1, max(grade.run, 1) + 1)
    ]
    first_passed = next((index for index, (_, passed, _) in enumerate(outcomes) if passed), None)
    # Only the fields the reporter reads (line_no 0: it prints "- line N" otherwise), to keep each entry small.
    tests = [
        {
            "name": name,
            "status": "pass" if passed else "fail",
            "score": round(earned(grade, points), 2) if index == first_passed else 0,
            "message": message,
            "line_no": 0,
        }
        for index, (name, passed, message) in enumerate(outcomes)
    ]
    result = {
        "version": 1,
        "status": "pass" if grade.status == KataStatus.SOLVED else "fail",
        "max_score": points,
        "tests": tests,
    }
    return within_result_bytes(result)


def encoded(result: dict) -> str:
    return base64.b64encode(json.dumps(result).encode()).decode()


def within_result_bytes(result: dict) -> dict:
    """The result with its longest messages cut, each from its own start, until it encodes in RESULT_BYTES."""
    tests = result["tests"]
    messages = [test["message"] for test in tests]
    keep = max(map(len, messages), default=0)
    while len(encoded(result)) > RESULT_BYTES and keep:
        keep //= 2
        for test, message in zip(tests, messages):
            test["message"] = message if len(message) <= keep else message[:keep] + " (cut)"
    return result


def write_github_step_result(kata: Kata, points: float, folder: Path = ROOT / "problems") -> tuple[str, KataGrade]:
    """Grade the kata in the student's repository and write the step's result where GitHub
    Actions reads a step's outputs ($GITHUB_OUTPUT); returns what to print, and the grade."""
    output = os.environ.get("GITHUB_OUTPUT")
    if output:
        # A result first that scores nothing: if the step is stopped before the grade (GitHub's limit of
        # STEP_MINUTES), the reporter still reads a result for this kata, and the later one replaces it.
        stopped = grade_without_tests(
            folder.name, kata.slug, KataStatus.ERROR, "not graded: the step stopped before its grade was written", 1
        )
        write_step_output(output, encoded(github_result(stopped, points)))
    graded = grade_folder(folder, [kata], student=folder.name)
    [grade] = graded.grades
    result = encoded(github_result(grade, points, graded.warning))
    if output:
        write_step_output(output, result)
    lines = [graded.warning] if graded.warning else []
    lines.append(summary_line(grade, points))
    lines += [f"  {test_name(test)}: {test.verdict}" for test in grade.tests if not test.passed][:20]
    if not output:
        lines.append(f"result={result}")
    return "\n".join(lines), grade


def write_step_output(path: str, result: str) -> None:
    with open(path, "a", encoding="utf-8") as outputs:
        outputs.write(f"result={result}\n")


def runner_id(kata: Kata) -> str:
    """The step's id, which the reporter's runners input lists: letters and digits only, as it requires."""
    return f"kata{kata.number}"


def workflow(katas: list[Kata], points: float = POINTS) -> str:
    """The GitHub Actions workflow that grades every kata in a step of its own, with partial credit."""
    # `!cancelled()`: a kata whose step failed or ran out of time does not keep the later katas, or the
    # reporter, from running, so that Classroom records a grade whatever one step does.
    steps = "".join(
        f"""      - name: {kata.number} {kata.name}
        id: {runner_id(kata)}
        if: ${{{{ !cancelled() }}}}
        timeout-minutes: {STEP_MINUTES}
        run: python -m kata classroom step {kata.number} --points {points:g}
"""
        for kata in katas
    )
    results = "".join(
        f"""
          {runner_id(kata).upper()}_RESULTS: "${{{{ steps.{runner_id(kata)}.outputs.result }}}}\""""
        for kata in katas
    )
    return f"""# Written by `kata classroom github`: each kata is graded in a step of its own, as `kata grade`
# grades it, and earns {points:g} points in proportion to the tests passed.
name: Autograding Tests
on: [push, repository_dispatch]
permissions:
  checks: write
  actions: read
  contents: read
jobs:
  run-autograding-tests:
    runs-on: ubuntu-latest
    if: github.actor != 'github-classroom[bot]'
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-python@v5
        with:
          python-version: "3.11"
      - name: Install the katas
        run: python -m pip install -e .
{steps}      - name: Autograding Reporter
        if: ${{{{ !cancelled() }}}}
        uses: classroom-resources/autograding-grading-reporter@v1
        env:{results}
        with:
          runners: {",".join(runner_id(kata) for kata in katas)}
"""
