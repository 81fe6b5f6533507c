"""`kata classroom`: the autograders of GitHub Classroom and Gradescope grade as `kata grade` does.

The workflow is read back as YAML and each of its kata steps is run here, on a stub and on a
solution; the Gradescope zip is unpacked into a folder laid out as Gradescope's /autograder,
and its run_autograder's program grades a correct, a wrong, a crashing and a hostile
submission there.
"""

from __future__ import annotations

import base64
import json
import os
import re
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

from kata.grading.classroom import github_result
from kata.grading.grades import grade_from_tests, grade_without_tests
from kata.judging.vocabulary import KataStatus
from kata.katas import ROOT, RUNNERS_OWN_TESTS, find_kata
from kata.runner.outcomes import TestOutcome as Outcome

KATA = find_kata("01")
GRADESCOPE_STATUSES = {"passed", "failed"}
GRADESCOPE_VISIBILITIES = {"hidden", "after_due_date", "after_published", "visible"}
# This process's environment, without what would change what the grading judges.
ENVIRONMENT = {key: value for key, value in os.environ.items() if key not in ("KATA_IMPL", "PYTEST_ADDOPTS")}


# GitHub Classroom ------------------------------------------------------------------------


def workflow_of(run_kata, tmp_path: Path, *arguments: str) -> dict:
    yaml = pytest.importorskip("yaml", reason='PyYAML is not installed: pip install -e ".[classroom]"')
    out = tmp_path / "classroom.yml"
    run = run_kata(tmp_path, "classroom", "github", *arguments, "--out", str(out))
    assert run.returncode == 0, run.stderr
    return yaml.safe_load(out.read_text(encoding="utf-8"))


def test_the_workflow_grades_each_kata_in_a_step_and_reports_them_together(run_kata, tmp_path):
    workflow = workflow_of(run_kata, tmp_path, "--katas", "2", "1", "--points", "5")
    assert workflow["name"] == "Autograding Tests" and workflow["permissions"]["checks"] == "write"
    steps = workflow["jobs"]["run-autograding-tests"]["steps"]
    assert [step.get("uses", step.get("run")) for step in steps] == [
        "actions/checkout@v4",
        "actions/setup-python@v5",
        "python -m pip install -e .",
        "python -m kata classroom step 01 --points 5",
        "python -m kata classroom step 02 --points 5",
        "classroom-resources/autograding-grading-reporter@v1",
    ]
    reporter = steps[-1]
    assert reporter["with"]["runners"] == "kata01,kata02"
    assert REPORTERS_RUNNERS.fullmatch(reporter["with"]["runners"])
    assert reporter["env"] == {
        "KATA01_RESULTS": "${{ steps.kata01.outputs.result }}",
        "KATA02_RESULTS": "${{ steps.kata02.outputs.result }}",
    }
    assert [step["id"] for step in steps[3:5]] == ["kata01", "kata02"]


def test_the_workflow_is_valid_for_githubs_workflow_schema(run_kata, tmp_path):
    """Checked with check-jsonschema's copy of the GitHub Actions workflow schema (SchemaStore's), offline."""
    pytest.importorskip("check_jsonschema", reason='check-jsonschema is not installed: pip install -e ".[classroom]"')
    out = tmp_path / "classroom.yml"
    assert run_kata(tmp_path, "classroom", "github", "--out", str(out)).returncode == 0
    checked = subprocess.run(
        [sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_every_kata_and_the_reporter_run_whatever_an_earlier_step_did(run_kata, tmp_path):
    """Without it, a kata's step that crashed or ran out of time skipped the later katas and the reporter,
    and Classroom recorded no grade."""
    steps = workflow_of(run_kata, tmp_path, "--katas", "1", "2")["jobs"]["run-autograding-tests"]["steps"]
    assert [step.get("if") for step in steps[3:]] == ["${{ !cancelled() }}"] * 3


# What GitHub Classroom's reporter (classroom-resources/autograding-grading-reporter, src/main.js,
# console-results.js, notify-classroom.js) accepts and computes: runner ids of letters and digits only; on
# its console a runner's points as (entries with status "pass") / (entries) * max_score; as the grade it
# records, the sum of every entry's score.
REPORTERS_RUNNERS = re.compile(r"([a-zA-Z0-9]+,)*[a-zA-Z0-9]+")
ENVIRONMENT_STRING_BYTES = 131_072  # Linux's MAX_ARG_STRLEN: the reporter reads each result from one


def reporters_console_points(result: dict) -> float:
    passing = sum(test["status"] == "pass" for test in result["tests"])
    return passing / len(result["tests"]) * (result["max_score"] or 0)


def reporters_recorded_points(result: dict) -> float:
    return sum(test["score"] for test in result["tests"])


@pytest.mark.parametrize("passed, run", [(41, 56), (0, 56), (56, 56), (1, 3), (2, 3), (67, 67), (7, 94)])
def test_the_reporter_shows_and_records_the_same_points_for_a_kata(passed, run):
    """The summary entry the reporter counted as a test showed 7.37/10 on its console and recorded 27.5 of 30."""
    tests = [
        Outcome(
            f"tests/01_fixed_windows/test_hidden.py::test_{number}",
            number < passed,
            verdict="" if number < passed else "WRONG ANSWER",
        )
        for number in range(run)
    ]
    grade = grade_from_tests("ada", "01_fixed_windows", tests)
    result = github_result(grade, 10)
    shown, recorded = reporters_console_points(result), reporters_recorded_points(result)
    assert f"{shown:.2f}" == f"{recorded:.2f}" == f"{10 * passed / run:.2f}"
    assert recorded == round(10 * passed / run, 2)  # one number in hundredths: no sum of shares to round


def test_a_kata_that_could_not_run_is_one_failed_entry_per_test_with_the_reason():
    grade = grade_without_tests("ada", "01_fixed_windows", KataStatus.NOT_STARTED, "the stub is untouched", 56)
    result = github_result(grade, 10, warning="graded unconfined")
    assert len(result["tests"]) == 56 and reporters_recorded_points(result) == reporters_console_points(result) == 0
    assert all("graded unconfined" in test["message"] and "not started" in test["message"] for test in result["tests"])


def test_a_result_stays_under_the_environments_limit_whatever_the_reports_hold():
    """A kata 03 failing every test passed a 122,956-character result in one variable, 6% under the limit. Here
    twice as many tests as the largest kata has, each with as long a report as the grades keep."""
    tests = [
        Outcome(
            f"tests/03_recursive_chunker/test_hidden.py::test_failing_in_a_long_way_{number}",
            False,
            verdict="WRONG ANSWER",
            report="WRONG ANSWER\n" + "x" * 4_000,
        )
        for number in range(250)
    ]
    result = github_result(grade_from_tests("ada", "03_recursive_chunker", tests), 10)
    variable = f"KATA03_RESULTS={base64.b64encode(json.dumps(result).encode()).decode()}"
    assert len(variable.encode()) < ENVIRONMENT_STRING_BYTES // 2
    assert len(result["tests"]) == 250 and all(test["message"].startswith("WRONG ANSWER") for test in result["tests"])


def run_step(run_kata, repo: Path, workflow_step: dict, tmp_path: Path) -> dict:
    """Run a kata step's command in the student's repository as GitHub Actions does; its result."""
    outputs = tmp_path / "github_output"
    outputs.write_text("", encoding="utf-8")
    command = workflow_step["run"]
    assert command.startswith("python -m kata ")
    done = run_kata(repo, *command.removeprefix("python -m kata ").split(), timeout=300, GITHUB_OUTPUT=str(outputs))
    assert done.returncode == 0, done.stdout + done.stderr
    # GitHub keeps the last value written for a name: the step writes a result that scores nothing first,
    # for the reporter to read if the step is stopped, and the grade after it.
    first, *_, last = [line for line in outputs.read_text(encoding="utf-8").splitlines() if line.startswith("result=")]
    assert (
        "not graded: the step stopped"
        in json.loads(base64.b64decode(first.removeprefix("result=")))["tests"][0]["message"]
    )
    return json.loads(base64.b64decode(last.removeprefix("result=")))


@pytest.mark.slow
@pytest.mark.timeout(180)
def test_a_steps_command_scores_the_stub_zero_and_a_solution_full_marks(run_kata, repo, solve, tmp_path):
    workflow = workflow_of(run_kata, tmp_path, "--katas", "1", "--points", "5")
    step = workflow["jobs"]["run-autograding-tests"]["steps"][3]
    stub = run_step(run_kata, repo, step, tmp_path)
    assert stub["status"] == "fail" and stub["max_score"] == 5 and sum(test["score"] for test in stub["tests"]) == 0
    assert "not started" in stub["tests"][0]["message"] and len(stub["tests"]) > 40
    solve(repo, KATA)
    solved = run_step(run_kata, repo, step, tmp_path)
    assert solved["status"] == "pass" and sum(test["score"] for test in solved["tests"]) == 5
    assert len(solved["tests"]) > 40 and all(test["status"] == "pass" for test in solved["tests"])


# Gradescope ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def autograder_zip(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("zip") / "autograder.zip"
    done = subprocess.run(
        [sys.executable, "-m", "kata", "classroom", "gradescope", "--katas", "1", "--points", "10", "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return out


def test_the_zip_holds_setup_and_run_autograder_as_executables_and_the_katas(autograder_zip):
    with zipfile.ZipFile(autograder_zip) as archive:
        names = set(archive.namelist())
        modes = {info.filename: info.external_attr >> 16 for info in archive.infolist()}
        run_autograder = archive.read("run_autograder").decode()
    assert {
        "setup.sh",
        "run_autograder",
        "pyproject.toml",
        "kata/katas/__init__.py",
        "tests/01_fixed_windows/test_hidden.py",
        "solutions/01_fixed_windows/mistakes.py",
    } <= names
    assert not any(name.startswith(tuple(f"tests/{folder}/" for folder in RUNNERS_OWN_TESTS)) for name in names)
    assert "tests/support/answers.py" in names  # what the katas' tests share ships with them
    assert modes["setup.sh"] & 0o111 and modes["run_autograder"] & 0o111
    assert '--root "$autograder" --katas 01 --points 10' in run_autograder


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_setup_and_run_autograder_work_in_a_local_folder_as_in_gradescopes(autograder_zip, tmp_path):
    """setup.sh and run_autograder hard-coded /autograder: nobody could try them before uploading."""
    root = tmp_path / "autograder"
    with zipfile.ZipFile(autograder_zip) as archive:
        archive.extractall(root / "source")
    environment = {**ENVIRONMENT, "KATA_AUTOGRADER": str(root)}
    setup = subprocess.run(
        ["bash", str(root / "source" / "setup.sh")], capture_output=True, text=True, timeout=540, env=environment
    )
    assert setup.returncode == 0, setup.stdout + setup.stderr
    (root / "submission").mkdir()
    (root / "submission" / f"{KATA.module}.py").write_text(reference_of(KATA), encoding="utf-8")
    graded = subprocess.run(
        ["bash", str(root / "source" / "run_autograder")], capture_output=True, text=True, timeout=300, env=environment
    )
    assert graded.returncode == 0, graded.stdout + graded.stderr
    results = json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))
    assert_follows_gradescopes_specification(results)
    assert results["score"] == 10.0


def test_the_zip_is_the_same_from_a_copy_without_git(autograder_zip, repo, run_kata, tmp_path):
    """Built from a downloaded zip of the repository (no .git), it left out pyproject.toml, README.md and
    conftest.py, and setup.sh failed."""
    out = tmp_path / "autograder.zip"
    done = run_kata(repo, "classroom", "gradescope", "--katas", "1", "--points", "10", "--out", str(out))
    assert done.returncode == 0, done.stderr
    with zipfile.ZipFile(out) as plain, zipfile.ZipFile(autograder_zip) as checked_out:
        assert set(plain.namelist()) == set(checked_out.namelist())


def test_a_zip_is_refused_from_a_copy_that_lacks_what_grading_needs(repo, run_kata, tmp_path):
    (repo / "conftest.py").unlink()
    done = run_kata(repo, "classroom", "gradescope", "--out", str(tmp_path / "autograder.zip"))
    assert done.returncode == 2 and not (tmp_path / "autograder.zip").exists()
    assert "cannot build the autograder: this copy of the katas has no conftest.py" in done.stderr


def graded_by_gradescope(autograder_zip: Path, tmp_path: Path, files: dict[str, str]) -> dict:
    """Unpack the autograder as Gradescope does, hand in the files, run what run_autograder runs."""
    root = tmp_path / "autograder"
    with zipfile.ZipFile(autograder_zip) as archive:
        archive.extractall(root / "source")
    (root / "submission").mkdir()
    for name, text in files.items():
        (root / "submission" / name).parent.mkdir(parents=True, exist_ok=True)
        (root / "submission" / name).write_text(text, encoding="utf-8")
    command = [sys.executable, "-m", "kata.grading.gradescope", "--root", str(root), "--katas", "01", "--points", "10"]
    done = subprocess.run(command, cwd=root / "source", capture_output=True, text=True, timeout=300, env=ENVIRONMENT)
    assert done.returncode == 0, done.stdout + done.stderr
    results = json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))
    assert_follows_gradescopes_specification(results)
    return results


def assert_follows_gradescopes_specification(results: dict) -> None:
    assert isinstance(results["score"], float) and isinstance(results["output"], str)
    assert results["visibility"] in GRADESCOPE_VISIBILITIES and results["stdout_visibility"] in GRADESCOPE_VISIBILITIES
    for test in results["tests"]:
        assert {"name", "score", "max_score", "status", "output", "visibility"} <= set(test)
        assert test["status"] in GRADESCOPE_STATUSES and test["visibility"] in GRADESCOPE_VISIBILITIES
        assert 0 <= test["score"] <= test["max_score"]


def reference_of(kata) -> str:
    return kata.reference_path().read_text(encoding="utf-8")


@pytest.mark.slow
@pytest.mark.timeout(180)
def test_gradescope_gives_a_correct_submission_full_marks_with_the_examples_visible(autograder_zip, tmp_path):
    results = graded_by_gradescope(autograder_zip, tmp_path, {"fixed_windows.py": reference_of(KATA)})
    assert results["score"] == 10.0 and results["output"].startswith("01_fixed_windows: solved")
    assert sum(test["max_score"] for test in results["tests"]) == pytest.approx(10)
    shown = {test["visibility"] for test in results["tests"] if "test_examples.py" in test["name"]}
    hidden = {test["visibility"] for test in results["tests"] if "test_examples.py" not in test["name"]}
    assert shown == {"visible"} and hidden == {"after_due_date"}


@pytest.mark.slow
@pytest.mark.timeout(180)
def test_gradescope_grades_a_whole_repository_from_its_problems_folder(autograder_zip, tmp_path):
    """A GitHub submission on Gradescope is the student's repository, kata release's layout: it was 'not submitted'."""
    files = {f"problems/{KATA.slug}/fixed_windows.py": reference_of(KATA), "README.md": "# katas\n", "tests/x.py": ""}
    results = graded_by_gradescope(autograder_zip, tmp_path, files)
    assert results["score"] == 10.0 and results["output"].startswith("01_fixed_windows: solved"), results["output"]


@pytest.mark.slow
@pytest.mark.timeout(180)
def test_gradescope_gives_a_wrong_submission_the_tests_it_passes_and_says_why_it_fails(autograder_zip, tmp_path):
    # A window that ends exactly at the last token is followed by one more, inside it.
    wrong = reference_of(KATA).replace("if end >= len(tokens):", "if end > len(tokens):")
    assert wrong != reference_of(KATA)
    results = graded_by_gradescope(autograder_zip, tmp_path, {"fixed_windows.py": wrong})
    assert 0 < results["score"] < 10
    failed = [test for test in results["tests"] if test["status"] == "failed"]
    assert failed and all(test["score"] == 0 and test["output"].startswith("WRONG ANSWER") for test in failed[:3])


@pytest.mark.slow
@pytest.mark.timeout(180)
def test_gradescope_scores_a_submission_that_cannot_run_zero_with_the_reason_on_top(autograder_zip, tmp_path):
    results = graded_by_gradescope(autograder_zip, tmp_path, {"fixed_windows.py": "import os\nos._exit(3)\n"})
    assert results["score"] == 0.0 and "01_fixed_windows: cannot run" in results["output"]


@pytest.mark.slow
@pytest.mark.timeout(180)
def test_gradescope_keeps_its_results_and_source_from_a_hostile_submission(autograder_zip, tmp_path):
    """A correct solution followed by an attack at import: write results.json with full marks,
    plant a file in the autograder's source, read the hidden tests (and, if it could, stop the
    module from loading, to prove it). Confined, it can do none of it and scores as correct
    code does; where the kernel cannot confine it, the results say so on top."""
    root = tmp_path / "autograder"
    attack = f"""

import json as _json
try:
    open({str(root / "results" / "results.json")!r}, "w").write(_json.dumps({{"score": 1000.0, "output": "forged"}}))
except OSError:
    pass
try:
    open({str(root / "source" / "PLANTED")!r}, "w").write("planted")
except OSError:
    pass
try:
    _LEAKED = open({str(root / "source" / "tests" / "01_fixed_windows" / "test_hidden.py")!r}).read()
except OSError:
    _LEAKED = ""
if _LEAKED:
    raise SystemExit("the hidden tests were read")
"""
    results = graded_by_gradescope(autograder_zip, tmp_path, {"fixed_windows.py": reference_of(KATA) + attack})
    assert results["output"] != "forged" and results["score"] <= 10.0
    from kata.sandbox.confinement import problem

    if problem() is None:
        assert results["score"] == 10.0 and not (root / "source" / "PLANTED").exists(), results["output"]
    else:
        assert results["output"].startswith("WARNING: graded unconfined")


@pytest.mark.slow
@pytest.mark.timeout(180)
def test_gradescope_reports_a_missing_submission_folder_instead_of_crashing(tmp_path):
    command = [sys.executable, "-m", "kata.grading.gradescope", "--root", str(tmp_path), "--katas", "01"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0
    results = json.loads((tmp_path / "results" / "results.json").read_text(encoding="utf-8"))
    assert results["score"] == 0.0 and results["output"].startswith("The autograder could not grade this submission")


# Bad options -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "says"),
    [
        (["step"], "kata classroom: step takes one KATA"),
        (["github", "3"], "kata classroom: github takes the katas as --katas, not as KATA ('3')"),
        (["github", "--points", "0"], "argument --points: '0' is not a number of points above 0 and at most 1000"),
        (["gradescope", "--out", "grader.tar"], "kata classroom: --out 'grader.tar' does not end in .zip"),
        (["github", "--out", "flow.txt"], "kata classroom: --out 'flow.txt' does not end in .yml or .yaml"),
        (["github", "--katas", "12"], "kata classroom: there is no kata '12'"),
    ],
)
def test_a_bad_option_is_refused_in_one_line(run_kata, tmp_path, arguments, says):
    run = run_kata(tmp_path, "classroom", *arguments)
    assert run.returncode == 2 and says in run.stderr and len(run.stderr.strip().splitlines()) == 1, run.stderr
    assert not os.listdir(tmp_path)


# Found by a red team: a report a submission makes huge, text no file can hold, a slow load
# paid once per test.


@pytest.mark.slow
@pytest.mark.timeout(180)
def test_a_huge_exception_message_makes_a_small_results_file(autograder_zip, tmp_path):
    huge = "def fixed_windows(tokens, chunk_size, overlap=0):\n    raise ValueError('M' * 3_000_000)  #" + "Q" * 100_000
    results = graded_by_gradescope(autograder_zip, tmp_path, {"fixed_windows.py": huge + "\n"})
    size = (tmp_path / "autograder" / "results" / "results.json").stat().st_size
    assert results["score"] < 10 and size < 1_000_000, size
    # The report shows the message's start and says how long it was: "MMM…… (2,010 characters)".
    assert any(re.search(r"M…\S* \([\d,]+ characters\)", test["output"]) for test in results["tests"])


@pytest.mark.slow
@pytest.mark.timeout(180)
def test_a_lone_surrogate_in_a_message_is_replaced_and_the_grader_ends_well(autograder_zip, tmp_path):
    results = graded_by_gradescope(
        autograder_zip, tmp_path, {"fixed_windows.py": "raise Exception('bad \\ud800 char')\n"}
    )
    assert results["score"] == 0.0 and "bad ? char" in results["output"]
    (tmp_path / "autograder" / "results" / "results.json").read_bytes().decode("utf-8")  # plain UTF-8


@pytest.mark.slow
@pytest.mark.timeout(180)
def test_a_module_slow_to_load_is_loaded_once_not_once_per_test(autograder_zip, tmp_path):
    """Every call ends the worker, and each new worker would sleep at load: after one slow load,
    the module is not loaded again, so the kata is graded in seconds, not in minutes."""
    slow = "import os, time\ntime.sleep(3.5)\n\ndef fixed_windows(tokens, chunk_size, overlap=0):\n    os._exit(0)\n"
    started = time.monotonic()
    results = graded_by_gradescope(autograder_zip, tmp_path, {"fixed_windows.py": slow})
    assert time.monotonic() - started < 90
    assert results["score"] == 0.0
    assert any("it is not loaded again in this run" in test["output"] for test in results["tests"])
