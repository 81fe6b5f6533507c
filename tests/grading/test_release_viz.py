"""kata viz in a students' release: the learner's chunks, beside the statement's answer where the input is one of
its examples as written, and a plain sentence saying that the reference is not in this copy."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kata.command.viz import NO_REFERENCE_HERE
from kata.grading.release import build_release
from tests.command.test_viz import columns_of, heading_of, page_of, rows_of
from tests.grading.test_release import TAIL_WINDOW

pytestmark = [pytest.mark.slow, pytest.mark.timeout(120)]  # kata in a subprocess

# A correct kata 02, written as a learner would.
PACKER = """def pack_sentences(sizes, max_tokens):
    if type(max_tokens) is not int:
        raise TypeError(f"max_tokens must be an int, got {max_tokens!r}")
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
    chunks, total = [], 0
    for index, size in enumerate(sizes):
        if type(size) is not int:
            raise TypeError(f"sizes[{index}] must be an int, got {size!r}")
        if size < 0:
            raise ValueError(f"sizes[{index}] must be at least 0, got {size}")
        if chunks and total + size <= max_tokens:
            chunks[-1].append(index)
            total += size
        else:
            chunks.append([index])
            total = size
    return chunks
"""


@pytest.fixture(scope="module")
def release(tmp_path_factory) -> Path:
    """A release where the learner has written kata 01 (with a catalogued mistake) and kata 02 (correctly); the
    other katas are untouched stubs."""
    folder = build_release(tmp_path_factory.mktemp("release") / "students").folder
    (folder / "problems" / "01_fixed_windows" / "fixed_windows.py").write_text(TAIL_WINDOW, encoding="utf-8")
    (folder / "problems" / "02_token_budget_packer" / "packer.py").write_text(PACKER, encoding="utf-8")
    return folder


def viz(release: Path, *arguments: str) -> tuple[subprocess.CompletedProcess, Path]:
    out = release.parent / f"viz-{'-'.join(arguments)}.html"
    done = subprocess.run(
        [sys.executable, "-m", "kata", "viz", *arguments, "--out", str(out)],
        cwd=release,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "Traceback" not in done.stdout + done.stderr
    return done, out


def headings(out: Path) -> list[str]:
    """Each column's heading, without the time a call took."""
    return [heading_of(column).split(" in ")[0] for column in columns_of(page_of(out))]


def test_a_wrong_solution_is_drawn_beside_the_statements_answer(release):
    done, out = viz(release, "1", "--example", "2")  # 7 tokens, windows of 3 sharing 1: a redundant tail window
    assert done.returncode == 0, done.stderr
    assert NO_REFERENCE_HERE in done.stdout and "The statement's answer for this example is drawn" in done.stdout
    assert "The first 3 chunks are the same; yours has 4 chunks, the statement's 3 chunks." in done.stdout
    statement = columns_of(page_of(out))[1]
    assert headings(out) == ["Yours: 4 chunks", "The statement: 3 chunks"]
    assert "README.md, line" in "".join(statement.itertext())
    assert len(rows_of(statement)) == 3


def test_a_right_solution_is_the_same_as_the_statements_answer(release):
    done, out = viz(release, "2", "--example", "1")
    assert done.returncode == 0, done.stderr
    assert "Yours and the statement's are the same: 3 chunks." in done.stdout
    assert headings(out) == ["Yours: 3 chunks", "The statement: 3 chunks"]


def test_an_example_that_raises_is_drawn_as_the_statement_asks(release):
    done, out = viz(release, "2", "--example", "7")  # pack_sentences([3, 4], 0): ValueError
    assert done.returncode == 0, done.stderr
    assert "The statement's answer is to raise ValueError; yours raises it too." in done.stdout
    assert headings(out) == ["Yours: raises ValueError", "The statement: raises ValueError"]


def test_an_untouched_stub_is_not_started_beside_the_statements_answer(release):
    done, out = viz(release, "5", "--example", "1")
    assert done.returncode == 0, done.stderr
    assert headings(out) == ["Yours: NOT STARTED", "The statement: 3 chunks"]


@pytest.mark.parametrize("arguments", [("2", "--example", "1", "--max-tokens", "9"), ("2",)])
def test_an_input_the_statement_has_no_answer_for_draws_yours_alone(release, arguments):
    done, out = viz(release, *arguments)
    assert done.returncode == 0, done.stderr
    assert [heading.split(":")[0] for heading in headings(out)] == ["Yours"]
    assert NO_REFERENCE_HERE in done.stdout and "(--example N)" in done.stdout


def test_building_an_example_never_calls_the_learners_code(release, tmp_path):
    """An example whose arguments come from an earlier call (kata 03's `chunks = chunk_text(...)`) is built with
    stand-ins: the learner's code runs only in the drawn call, under its limit."""
    copy = tmp_path / "students"
    shutil.copytree(release, copy)
    marker = tmp_path / "called"
    (copy / "problems" / "03_recursive_chunker" / "recursive_chunker.py").write_text(
        "def count_tokens(text):\n    return len(text.split())\n\n\n"
        "def split_units(text, max_tokens):\n    return []\n\n\n"
        f"def chunk_text(text, max_tokens, overlap_tokens=0):\n    open({str(marker)!r}, 'a').write('x')\n"
        "    return []\n",
        encoding="utf-8",
    )
    done, _ = viz(copy, "3", "--example", "1")
    assert done.returncode == 0, done.stderr
    assert marker.read_text() == "x"  # once: the drawn call


@pytest.mark.parametrize(
    ("written", "said"),
    [
        ("def pack_sentences(:\n", "has a syntax error on line 1"),
        ("def other():\n    pass\n", "defines no function pack_sentences"),
    ],
)
def test_a_file_that_cannot_be_loaded_is_refused_in_one_line(release, tmp_path, written, said):
    copy = tmp_path / "students"
    shutil.copytree(release, copy)
    (copy / "problems" / "02_token_budget_packer" / "packer.py").write_text(written, encoding="utf-8")
    done, out = viz(copy, "2", "--example", "1")
    assert done.returncode == 2 and said in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert not out.exists()


@pytest.mark.timeout(180)
def test_code_that_never_returns_is_stopped_without_a_reference_to_time(release, tmp_path):
    copy = tmp_path / "students"
    shutil.copytree(release, copy)
    (copy / "problems" / "02_token_budget_packer" / "packer.py").write_text(
        "def pack_sentences(sizes, max_tokens):\n    while True:\n        pass\n", encoding="utf-8"
    )
    done, out = viz(copy, "2", "--example", "1")
    assert done.returncode == 0, done.stderr
    assert headings(out) == ["Yours: DID NOT FINISH", "The statement: 3 chunks"]
    said = " ".join("".join(columns_of(page_of(out))[0].itertext()).split())
    assert "after its limit of 10 s (the limit of a call drawn without a reference)" in said, said
