"""A student's code cannot see a classmate's files, nor the repository's, even by `stat` (kata.sandbox.sight).

mallory's kata 01 is the reference, but for a look first: if it can tell that bob handed in
kata 01 (the class is kept at a path a student can guess) or that the repository holds the
reference solutions, it answers [] and fails. Graded by root, whose workers cover the class's
folders and the repository in a mount namespace of their own, it is solved; before, it saw both.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from kata.katas import ROOT, find_kata
from kata.sandbox import confinement
from kata.sandbox.sight import workers_can_be_kept_from_sight

KATA = find_kata("1")
LOOKS_FIRST = """

import os

_honest = fixed_windows


def fixed_windows(tokens, chunk_size, overlap=0):
    if any(os.path.exists(path) for path in ({bob!r}, {reference!r})):
        return []  # it saw them
    return _honest(tokens, chunk_size, overlap)
"""

pytestmark = [
    pytest.mark.timeout(300),
    pytest.mark.skipif(bool(confinement.problem()), reason=f"{confinement.problem()}"),
    pytest.mark.skipif(
        not workers_can_be_kept_from_sight(),
        reason=(
            "only root's workers, given a mount namespace, are kept from seeing what they cannot read; "
            "elsewhere kata grade warns of a class inside the repository (docs/security.md)"
        ),
    ),
]


@pytest.fixture
def class_at_a_guessable_path():
    if not Path("/var/tmp").is_dir():
        pytest.skip("no /var/tmp, a folder outside the temporary folder and the repository, to keep a class in")
    folder = Path(tempfile.mkdtemp(prefix="kata-test-class-", dir="/var/tmp"))
    folder.chmod(0o755)  # as a teacher's class folder would be
    yield folder
    shutil.rmtree(folder)


def test_a_student_cannot_tell_what_a_classmate_handed_in_nor_see_the_references(class_at_a_guessable_path, tmp_path):
    reference = KATA.reference_path().read_text(encoding="utf-8")
    bob = class_at_a_guessable_path / "bob" / KATA.slug / f"{KATA.module}.py"
    mallory = class_at_a_guessable_path / "mallory" / KATA.slug / f"{KATA.module}.py"
    for path, source in (
        (bob, reference),
        (mallory, reference + LOOKS_FIRST.format(bob=str(bob), reference=str(KATA.reference_path()))),
    ):
        path.parent.mkdir(parents=True)
        path.write_text(source, encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "kata",
            "grade",
            str(class_at_a_guessable_path),
            "--katas",
            "1",
            "--jobs",
            "1",
            "--out",
            str(tmp_path / "grades.json"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    grades = {
        record["student"]: record
        for record in json.loads((tmp_path / "grades.json").read_text(encoding="utf-8"))["grades"]
    }
    assert grades["mallory"]["status"] == grades["bob"]["status"] == "solved", grades["mallory"]
