"""kata release: the students' copy holds no code that solves a kata, and the learner's loop works there.

One release is built for the whole module (it is read, never changed, by most tests); tests
that change one work on a copy of it.
"""

from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kata.grading.release import ORACLES_LEFT_OUT_REASON, build_release
from kata.katas import KATAS, NO_SOLUTIONS_HERE, ROOT, RUNNERS_OWN_TESTS, TESTS, Kata, find_kata, relative
from kata.katas.stubs import source_is_untouched, untouched_stub
from kata.runner.mistakes import mistakes_of

pytestmark = [pytest.mark.slow, pytest.mark.timeout(120)]  # pytest or kata in a subprocess

# The one catalogued mistake of kata 01 written as a learner would: its record names it in the release.
TAIL_WINDOW = """def fixed_windows(tokens, chunk_size, overlap=0):
    for name, value in (("chunk_size", chunk_size), ("overlap", overlap)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"{name} must be an int, got {value!r}")
    if chunk_size < 1:
        raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
    if not 0 <= overlap < chunk_size:
        raise ValueError(f"overlap must be in [0, chunk_size), got {overlap}")
    if not isinstance(tokens, (list, tuple, str, range)):
        raise TypeError(f"tokens must be a sequence, got {type(tokens).__name__}")
    windows, start = [], 0
    while start < len(tokens):
        windows.append(list(tokens[start:start + chunk_size]))
        start += chunk_size - overlap
    return windows
"""


@pytest.fixture(scope="module")
def release(tmp_path_factory) -> Path:
    return build_release(tmp_path_factory.mktemp("release") / "students").folder


@pytest.fixture(scope="module")
def started_release(release, tmp_path_factory) -> Path:
    """A copy of the release where the learner has written kata 01."""
    copy = tmp_path_factory.mktemp("started") / "students"
    shutil.copytree(release, copy)
    (copy / "problems" / "01_fixed_windows" / "fixed_windows.py").write_text(TAIL_WINDOW, encoding="utf-8")
    return copy


def test_bench_times_the_learners_code_alone_in_the_release(started_release):
    done = subprocess.run(
        [sys.executable, "-m", "kata", "bench", "1", "--seconds", "3"],
        cwd=started_release,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "none in this copy" in done.stdout and "yours is timed alone" in done.stdout
    assert "looks linear" in done.stdout and "Traceback" not in done.stdout + done.stderr


def test_bench_on_a_stub_in_the_release_suggests_nothing_that_is_not_there(release):
    done = subprocess.run(
        [sys.executable, "-m", "kata", "bench", "1"], cwd=release, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 1 and "not started" in done.stderr and "--impl=reference" not in done.stderr


def pytest_in(folder: Path, *arguments: str, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", *arguments],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def outcomes_of(folder: Path, *arguments: str) -> dict:
    out = folder.parent / f"outcomes-{len(list(folder.parent.glob('outcomes-*')))}.json"
    pytest_in(folder, *arguments, f"--outcomes={out}")
    return json.loads(out.read_text(encoding="utf-8"))["katas"]


def bound_at_top_level(path: Path) -> set[str] | None:
    """The names a module binds at its top level (functions, classes, assignments, imports); None when it
    imports * or cannot be read as Python, so that it must be run to be judged."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (SyntaxError, UnicodeDecodeError):
        return None
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            if any(alias.name == "*" for alias in node.names):
                return None
            names |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
        else:
            names |= {
                target.id
                for target in ast.walk(node)
                if isinstance(target, ast.Name) and isinstance(target.ctx, ast.Store)
            }
    return names


def test_the_release_leaves_every_solution_out(release):
    assert not (release / "solutions").exists()
    shipped = {path.relative_to(release).as_posix() for path in release.rglob("*") if path.is_file()}
    assert not [
        name
        for name in shipped
        if name.endswith(("EXPLANATION.md", "/mistakes.py", "known_failures.json")) and not name.startswith("kata/")
    ]
    assert not [name for name in shipped if name.startswith(tuple(f"tests/{folder}/" for folder in RUNNERS_OWN_TESTS))]
    for kata in KATAS:
        assert f"problems/{kata.slug}/{kata.module}.py" in shipped
        assert f"tests/{kata.slug}/test_hidden.py" in shipped


def test_every_kata_is_not_started_in_the_release(release):
    done = pytest_in(release)
    lines = done.stdout.split(" katas ", 1)[-1].splitlines()
    for kata in KATAS:
        [line] = [line for line in lines if line.startswith(f"{kata.number} {kata.name} ")]
        assert line.split(None, 2)[2].startswith("not started"), line


def files_passing_tests(folder: Path) -> list[str]:
    """Every .py file of the folder that passes a test of a kata when judged as that kata's implementation.

    A file that does not bind all of a kata's function names at its top level cannot be that kata's
    implementation: the loader refuses it before any test runs (it "cannot run"). Every other pair,
    and every file that must be run to be judged (import *), is run: the kata's whole suite on it.
    """
    passing = []
    for path in sorted(folder.rglob("*.py")):
        names = bound_at_top_level(path)
        for kata in KATAS:
            if names is not None and not set(kata.functions) <= names:
                continue
            outcome = outcomes_of(folder, f"tests/{kata.slug}", f"--impl={path}")
            passed = [test for test in outcome.get(kata.slug, {}).get("tests", []) if test["passed"]]
            if passed:
                passing.append(f"{path.relative_to(folder).as_posix()} passes {len(passed)} tests of {kata.slug}")
    return passing


@pytest.mark.timeout(900)
def test_no_file_of_the_release_passes_any_kata_test(release):
    assert files_passing_tests(release) == []


@pytest.mark.timeout(300)
def test_the_check_finds_a_solution_hidden_anywhere_in_a_release(release, tmp_path):
    copy = tmp_path / "students"
    shutil.copytree(release, copy, ignore=shutil.ignore_patterns("0[2-9]_*", "10_*"))  # kata 01 alone: quicker
    kata = find_kata("1")
    shutil.copy(kata.reference_path(), copy / "kata" / "drawing" / "palette.py")
    (copy / "docs" / "example.py").write_text("from kata.drawing.palette import *\n", encoding="utf-8")
    found = files_passing_tests(copy)
    assert [line.split(" passes ")[0] for line in found] == ["docs/example.py", "kata/drawing/palette.py"]


def test_no_reference_or_mistake_function_is_in_the_release(release):
    """No function of a reference or of a catalog is in the release, not even under another file's name."""
    shipped = {
        ast.dump(node)
        for path in release.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_bytes()))
        if isinstance(node, ast.FunctionDef)
    }
    for kata in KATAS:
        for source in (kata.reference_path(), kata.mistakes_path()):
            for node in ast.walk(ast.parse(source.read_bytes())):
                if isinstance(node, ast.FunctionDef) and len(node.body) > 1:
                    assert ast.dump(node) not in shipped, f"{node.name} of {source.name} ({kata.slug}) is shipped"


def test_no_oracle_of_the_tests_is_in_the_release(release):
    """The tests' oracles compute the katas' answers (kata 02's greedy packing, pasted under argument checks,
    passed all of its tests): none of their functions ships, not even under another file's name."""
    shipped = {
        ast.dump(node)
        for path in release.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_bytes()))
        if isinstance(node, ast.FunctionDef)
    }
    oracles = [
        node
        for node in ast.walk(ast.parse((TESTS / "support" / "oracles.py").read_bytes()))
        if isinstance(node, ast.FunctionDef) and len(node.body) > 1
    ]
    assert len(oracles) >= 8 and not [node.name for node in oracles if ast.dump(node) in shipped]


@pytest.mark.timeout(300)
def test_in_the_release_kata_01_skips_none_of_its_tests_and_each_other_kata_some(release):
    """docs/teachers.md: on GitHub Classroom 'kata 01 runs all its tests; katas 02 to 10 lose those that
    call tests/support/oracles.py'."""
    skipping = [
        kata.number
        for kata in KATAS
        if any(
            "oracles" in path.read_text(encoding="utf-8") for path in (release / "tests" / kata.slug).glob("test_*.py")
        )
    ]
    assert skipping == [kata.number for kata in KATAS if kata.number != "01"]
    kata = find_kata("1")
    outcome = outcomes_of(release, f"tests/{kata.slug}", f"--impl={kata.reference_path()}")[kata.slug]
    assert outcome["tests"] and not [test for test in outcome["tests"] if test.get("skipped")]
    said = " ".join((ROOT / "docs" / "teachers.md").read_text(encoding="utf-8").split())
    assert "(kata 01 runs all its tests; katas 02 to 10 lose those that call `tests/support/oracles.py`)" in said


@pytest.mark.timeout(300)
def test_a_test_that_needs_an_oracle_is_skipped_in_the_release_and_says_why(release):
    kata = find_kata("2")
    outcome = outcomes_of(release, f"tests/{kata.slug}", f"--impl={kata.reference_path()}")[kata.slug]
    skipped = [test for test in outcome["tests"] if test.get("skipped")]
    # The properties and the generic guards need one; the statement's examples and the hidden tests, none.
    assert skipped and all(
        test["test"].split("::")[0].endswith(("test_properties.py", "test_guards.py")) for test in skipped
    )
    assert {test["reason"] for test in skipped} == {ORACLES_LEFT_OUT_REASON}
    assert all(test["passed"] for test in outcome["tests"] if not test.get("skipped"))


def test_the_records_of_mistakes_hold_words_and_test_names_only(release):
    for kata in KATAS:
        records = json.loads((release / "known_mistakes" / f"{kata.slug}.json").read_text(encoding="utf-8"))
        assert set(records) == set(mistakes_of(kata))
        for record in records.values():
            assert set(record) == {"title", "hint", "fails", "stopped", "how"}
            assert set(record["how"]) <= set(record["fails"]) and all(
                isinstance(how, str) for how in record["how"].values()
            )


def test_a_catalogued_mistake_is_named_in_the_release_from_its_record(started_release):
    done = pytest_in(started_release, "tests/01_fixed_windows")
    title = mistakes_of(find_kata("1"))["redundant_tail_window"].title
    assert "This matches a known mistake: " + title.split()[0] in done.stdout
    assert "failing:" in done.stdout.split("katas", 1)[-1]


@pytest.mark.parametrize(
    "arguments",
    [
        ("viz", "1", "--impl=reference"),
        ("check", "1", "--impl=reference"),
        ("check", "1", "--impl=mistake:01:redundant_tail_window"),
    ],
)
def test_what_needs_the_reference_says_it_is_not_here(started_release, arguments):
    done = subprocess.run(
        [sys.executable, "-m", "kata", *arguments], cwd=started_release, capture_output=True, text=True, timeout=120
    )
    said = done.stdout + done.stderr
    assert done.returncode == 1
    assert NO_SOLUTIONS_HERE.split(":")[0] in said
    assert "Traceback" not in said


@pytest.mark.parametrize(
    ("arguments", "code", "said"),
    [
        (("list",), 0, "0 of 10 solved"),
        (("next",), 0, r"Next: 01 fixed_windows"),
        (("show", "2"), 0, "# Kata 02"),
        (("check", "1"), 1, r"failing: \d+ of \d+ tests pass"),
        (("check", "2"), 1, "not started"),
    ],
)
def test_the_learners_commands_work_in_the_release(started_release, arguments, code, said):
    done = subprocess.run(
        [sys.executable, "-m", "kata", *arguments], cwd=started_release, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == code, done.stdout + done.stderr
    assert re.search(said, done.stdout + done.stderr), done.stdout + done.stderr  # (a count changes with the tests)


def test_hints_end_without_pointing_at_solutions(release):
    done = subprocess.run(
        [sys.executable, "-m", "kata", "hint", "1", "--all"], cwd=release, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0
    assert "solutions/" not in done.stdout and "Your teacher has the reference" in done.stdout


def test_a_release_cannot_be_built_from_a_release_nor_over_a_folder(release, tmp_path, run_kata):
    again = run_kata(release, "release", str(tmp_path / "again"))
    assert again.returncode == 2 and "students' copy" in again.stderr and not (tmp_path / "again").exists()
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "notes.txt").write_text("mine", encoding="utf-8")
    over = run_kata(ROOT, "release", str(tmp_path / "full"))
    assert over.returncode == 2 and "not an empty folder" in over.stderr
    assert [path.name for path in (tmp_path / "full").iterdir()] == ["notes.txt"]


def test_a_teachers_solved_stub_never_ships_the_stub_as_shipped_does(repo, run_kata, solve, tmp_path):
    kata: Kata = find_kata("1")
    solve(repo, kata)  # the untouched stub comes from kata/katas/stubs.json, not from the solved file
    done = run_kata(repo, "release", str(tmp_path / "students"))
    assert done.returncode == 0, done.stderr
    shipped = (tmp_path / "students" / relative(kata.stub_path())).read_text(encoding="utf-8")
    assert shipped == untouched_stub(kata) and source_is_untouched(shipped, kata.functions)


@pytest.mark.timeout(400)
def test_classroom_github_builds_its_template_from_the_release(tmp_path, run_kata):
    template = tmp_path / "template"
    done = run_kata(ROOT, "classroom", "github", "--katas", "1", "--template", str(template))
    assert done.returncode == 0, done.stderr
    assert (template / ".github" / "workflows" / "classroom.yml").is_file()
    assert not (template / "solutions").exists()
    assert (template / "known_mistakes" / "01_fixed_windows.json").is_file()
    step = run_kata(template, "classroom", "step", "1", timeout=300)
    assert step.returncode == 0, step.stderr
    assert "01_fixed_windows: not started, 0 of" in step.stdout


def test_only_what_git_tracks_ships_and_the_rest_is_named(repo, run_kata, tmp_path):
    """A scratch copy of a reference left in kata/ reached the students byte for byte."""
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.org", "-c", "commit.gpgsign=false"]
    for command in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "the teacher's copy"]):
        subprocess.run([*git, *command], cwd=repo, check=True, capture_output=True, timeout=60)
    scratch = ["kata/scratch_reference.py", "tests/01_fixed_windows/test_scratch.py"]
    for name in scratch:
        (repo / name).write_text(
            (ROOT / "solutions" / "01_fixed_windows" / "fixed_windows.py").read_text(encoding="utf-8"), encoding="utf-8"
        )
    done = run_kata(repo, "release", str(tmp_path / "students"))
    assert done.returncode == 0, done.stderr
    assert not any((tmp_path / "students" / name).exists() for name in scratch)
    assert (tmp_path / "students" / "kata" / "katas" / "__init__.py").is_file()
    assert f"Also left out, as git does not track them: 2 files ({', '.join(scratch)})." in done.stdout


def test_a_copy_without_git_ships_every_file_and_says_so(repo, run_kata, tmp_path):
    done = run_kata(repo, "release", str(tmp_path / "students"))
    assert done.returncode == 0, done.stderr
    assert "This copy is not a git checkout, so every file of the shipped folders was copied" in done.stdout
