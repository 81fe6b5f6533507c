"""Autograders for classrooms beyond one machine: GitHub Classroom and Gradescope.

Both grade one student's folder with the same code as `kata grade` (grade_student): the same
tests, the same isolation, the same Hypothesis examples, so a student gets the same score
everywhere. A kata is worth `points`, earned in proportion to the tests passed.

- GitHub Classroom runs a workflow in each student's repository. `kata classroom github`
  writes it: one step per kata, each running `kata classroom step KATA`, which grades the
  kata and hands GitHub Classroom's reporter its result (a base64 JSON of the tests and their
  scores, the format the reporter reads from each runner's output); the reporter adds the
  steps' points up.
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

from kata.katas import ROOT, Kata
from kata.grading.grader import confinement_warning, grade_student, tests_per_kata
from kata.grading.grades import KataGrade, TestOutcome, grade_without_tests
from kata.grading.scoring import POINTS, proportional
from kata.grading.submissions import Submission, kata_root
from kata.folders import remove_folder
from kata.isolation.limits import WORKER_MEMORY_MB
from kata.judging.limits import CALL_SECONDS
from kata.vocabulary import KataStatus, counted

WORKFLOW = Path(".github") / "workflows" / "classroom.yml"
STEP_MINUTES = 10  # GitHub's limit for one kata's step: the tests' own limits end a run far sooner
# All the katas of one student must be graded within this, which leaves a minute of Gradescope's
# default limit (10 minutes) to write the results; an honest run of ten katas takes under one.
SECONDS = 540.0


@dataclass
class GradedFolder:
    grades: list[KataGrade]
    warning: str  # "" when the code ran confined; otherwise what a teacher must know


def grade_folder(folder: Path, katas: list[Kata], student: str = "submission",
                 seconds: float = SECONDS) -> GradedFolder:
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
                grades.append(grade_without_tests(student, kata.slug, KataStatus.ERROR,
                                                  f"not graded: the autograder's {seconds:g} s ran out",
                                                  counts[kata.slug]))
                continue
            grades += grade_student(Submission(student, kata_root(folder)), [kata], counts, work, CALL_SECONDS,
                                    WORKER_MEMORY_MB, confined=not warning, seconds=left)
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
    line = f"{grade.kata}: {grade.status}, {grade.passed} of {counted(grade.run, 'test')} passed, " \
           f"{earned(grade, points):g} of {points:g} points"
    return line + (f" ({grade.detail})" if grade.detail else "")


# GitHub Classroom -----------------------------------------------------------------------


def github_result(grade: KataGrade, points: float, warning: str = "") -> dict:
    """The result GitHub Classroom's reporter reads from a step: tests, each with a status and a score.

    The reporter adds the tests' scores up and counts max_score once per step. The kata's
    points go on its first entry, the summary, in one number rounded to the hundredth (many
    small shares would add up to 9.999999 in the reporter); each test follows with its
    status and report. A kata that could not run is the summary alone, with the reason.
    """
    summary = {"name": f"{grade.kata}: {grade.passed} of {counted(grade.run, 'test')} passed",
               "status": "pass" if grade.status == KataStatus.SOLVED else "fail",
               "score": round(earned(grade, points), 2),
               "message": "\n".join(part for part in (warning, summary_line(grade, points)) if part),
               "test_code": "", "filename": "", "line_no": 0, "execution_time": ""}
    tests = [{"name": f"{grade.kata} {test_name(test)}", "status": "pass" if test.passed else "fail", "score": 0,
              "message": test.report, "test_code": "", "filename": "", "line_no": 0, "execution_time": ""}
             for test in grade.tests]
    return {"version": 1, "status": summary["status"], "max_score": points, "tests": [summary, *tests]}


def write_github_step_result(kata: Kata, points: float, folder: Path = ROOT / "problems") -> tuple[str, KataGrade]:
    """Grade the kata in the student's repository and write the step's result where GitHub
    Actions reads a step's outputs ($GITHUB_OUTPUT); returns what to print, and the grade."""
    graded = grade_folder(folder, [kata], student=folder.name)
    [grade] = graded.grades
    encoded = base64.b64encode(json.dumps(github_result(grade, points, graded.warning)).encode()).decode()
    output = os.environ.get("GITHUB_OUTPUT")
    if output:
        with open(output, "a", encoding="utf-8") as outputs:
            outputs.write(f"result={encoded}\n")
    lines = [graded.warning] if graded.warning else []
    lines.append(summary_line(grade, points))
    lines += [f"  {test_name(test)}: {test.verdict}" for test in grade.tests if not test.passed][:20]
    if not output:
        lines.append(f"result={encoded}")
    return "\n".join(lines), grade


def runner_id(kata: Kata) -> str:
    return f"kata-{kata.number}"


def workflow(katas: list[Kata], points: float = POINTS) -> str:
    """The GitHub Actions workflow that grades every kata in a step of its own, with partial credit."""
    steps = "".join(f"""      - name: {kata.number} {kata.name}
        id: {runner_id(kata)}
        timeout-minutes: {STEP_MINUTES}
        run: python -m kata classroom step {kata.number} --points {points:g}
""" for kata in katas)
    results = "".join(f"""
          {runner_id(kata).upper()}_RESULTS: "${{{{ steps.{runner_id(kata)}.outputs.result }}}}\"""" for kata in katas)
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
        uses: classroom-resources/autograding-grading-reporter@v1
        env:{results}
        with:
          runners: {",".join(runner_id(kata) for kata in katas)}
"""
