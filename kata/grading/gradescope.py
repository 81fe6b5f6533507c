"""Gradescope: the autograder zip, and what its run_autograder runs.

Gradescope unpacks the zip into /autograder/source, runs setup.sh once to build the image,
then, for each submission, copies the student's files into /autograder/submission, runs
/autograder/run_autograder and reads /autograder/results/results.json. That file holds one
entry per test, with its score, its status and its report in the same words as every other
report; the statement's examples are visible to the student at once, the hidden tests'
details after the due date. Whatever happens, results.json is written: a submission that
cannot run scores 0 with the reason on top, and a failure of the grader itself is reported
the same way rather than as a crash.

    python -m kata.grading.gradescope --root /autograder --katas 01 02 --points 10
"""

from __future__ import annotations

import argparse
import json
import sys
import traceback
import zipfile
from pathlib import Path

from kata.grading.checkout import files_under, tracked_files
from kata.grading.classroom import POINTS, earned, grade_folder, per_test, summary_line, test_name
from kata.grading.grades import KataGrade
from kata.judging.printable import printable
from kata.katas import KATAS, ROOT, RUNNERS_OWN_TESTS, Kata, find_kata

# What the zip holds of the repository: what grading needs, without the tests of the tests.
SHIPPED = ("pyproject.toml", "LICENSE", "README.md", "conftest.py", "kata", "problems", "solutions", "tests")
LEFT_OUT = tuple(f"tests/{folder}" for folder in RUNNERS_OWN_TESTS)
EXAMPLES_FILE = "test_examples.py"  # the statement's examples: shown to the student at once

# Both scripts work in /autograder, as on Gradescope, or in the folder KATA_AUTOGRADER names, laid out the same
# (source/ the zip unpacked, submission/ a student's files), to try the autograder on one's own machine.
SETUP = """#!/usr/bin/env bash
# Gradescope runs this once, as root, on its Ubuntu image, to install the katas and their tests.
set -euo pipefail
autograder="${KATA_AUTOGRADER:-/autograder}"
if [ "$autograder" = /autograder ]; then  # Gradescope's image: Python and libseccomp from Ubuntu
    apt-get update -q
    apt-get install -y -q python3 python3-pip python3-venv libseccomp2
fi
python3 -m venv "$autograder/venv"
"$autograder/venv/bin/python" -m pip install --quiet --upgrade pip
"$autograder/venv/bin/python" -m pip install --quiet -e "$autograder/source"
"""

RUN_AUTOGRADER = """#!/usr/bin/env bash
# Gradescope runs this for every submission: it grades $autograder/submission and writes
# $autograder/results/results.json, whatever happens.
autograder="${{KATA_AUTOGRADER:-/autograder}}"
cd "$autograder/source"
exec "$autograder/venv/bin/python" -m kata.grading.gradescope --root "$autograder" --katas {katas} --points {points:g}
"""


def results(grades: list[KataGrade], points: float, warning: str = "") -> dict:
    """Gradescope's results.json for one student's grades."""
    tests = []
    for grade in grades:
        if not grade.tests:  # not submitted, cannot run: one entry for the kata, worth all its points
            tests.append(
                {
                    "name": f"{grade.kata}: {grade.status}",
                    "score": 0.0,
                    "max_score": float(points),
                    "status": "failed",
                    "output": summary_line(grade, points),
                    "visibility": "visible",
                }
            )
            continue
        for test in grade.tests:
            tests.append(
                {
                    "name": f"{grade.kata} {test_name(test)}",
                    "score": per_test(grade, points) if test.passed else 0.0,
                    "max_score": per_test(grade, points),
                    "status": "passed" if test.passed else "failed",
                    "output": test.report,
                    "visibility": "visible" if EXAMPLES_FILE in test.test else "after_due_date",
                }
            )
    output = "\n".join(([warning] if warning else []) + [summary_line(grade, points) for grade in grades])
    # Plain text: a report quotes the submission's own messages, which must never render as HTML.
    return {
        "score": sum(earned(grade, points) for grade in grades),
        "output": output,
        "output_format": "text",
        "test_output_format": "text",
        "visibility": "visible",
        "stdout_visibility": "hidden",
        "tests": tests,
    }


def failed_results(why: str) -> dict:
    return {
        "score": 0.0,
        "output": f"The autograder could not grade this submission: {printable(why)}",
        "output_format": "text",
        "visibility": "visible",
        "stdout_visibility": "hidden",
        "tests": [],
    }


def run_autograder(root: Path, katas: list[Kata], points: float) -> dict:
    """Grade root/submission and write root/results/results.json; returns what it wrote."""
    written: dict
    try:
        submission = root / "submission"
        if not submission.is_dir():
            written = failed_results(f"there is no folder {submission}")
        else:
            graded = grade_folder(submission, katas)
            written = results(graded.grades, points, graded.warning)
    except Exception as error:  # never a crash: the student sees why, with score 0
        traceback.print_exc()
        written = failed_results(f"{type(error).__name__}: {error}")
    write_results(root, written)
    return written


def write_results(root: Path, written: dict) -> None:
    (root / "results").mkdir(parents=True, exist_ok=True)
    (root / "results" / "results.json").write_text(json.dumps(written, indent=1), encoding="utf-8")


def build_zip(out: Path, katas: list[Kata], points: float = POINTS) -> list[str]:
    """The autograder zip: setup.sh, run_autograder, and the repository's files that grading needs."""
    names = shipped_files()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in (
            ("setup.sh", SETUP),
            ("run_autograder", RUN_AUTOGRADER.format(katas=" ".join(k.number for k in katas), points=points)),
        ):
            info = zipfile.ZipInfo(name)
            info.external_attr = 0o100755 << 16  # executable: Gradescope runs them
            archive.writestr(info, text)
        for name in names:
            archive.write(ROOT / name, name)
    return names


def shipped_files() -> list[str]:
    """The files of SHIPPED that git tracks (every file there, in a copy without git), the same from a checkout
    or a plain copy; ValueError naming what this copy lacks of SHIPPED, which the autograder cannot do without."""
    tracked = tracked_files()
    missing = [top for top in SHIPPED if not files_under(ROOT / top)]
    if missing:
        raise ValueError(f"cannot build the autograder: this copy of the katas has no {', '.join(missing)}")
    return [
        str(path.relative_to(ROOT))
        for top in SHIPPED
        for path in files_under(ROOT / top)
        if (tracked is None or path.relative_to(ROOT) in tracked)
        and not str(path.relative_to(ROOT)).startswith(LEFT_OUT)
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m kata.grading.gradescope", description="Grade a Gradescope submission and write results.json."
    )
    parser.add_argument("--root", type=Path, default=Path("/autograder"))
    parser.add_argument("--katas", nargs="+", default=[kata.number for kata in KATAS])
    parser.add_argument("--points", type=float, default=POINTS)
    options = parser.parse_args(argv)
    try:
        katas = [find_kata(name) for name in options.katas]
    except LookupError as error:
        write_results(options.root, failed_results(str(error)))
        return 0
    written = run_autograder(options.root, katas, options.points)
    sys.stdout.write(written["output"].encode("utf-8", "replace").decode("utf-8") + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
