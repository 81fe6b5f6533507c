"""No input `kata grade` gives a student's code is one the student could have seen before.

The Hypothesis profile of grading once drew the same examples everywhere (derandomized): a
student who ran the properties at home with `--hypothesis-profile=grading` saw every input the
grader would use, and a submission that answered those alone, from a table, passed them all.
Now kata grade draws one seed for the class (the same examples for every student of the run;
`kata grade --seed N` draws them again), which no run at home can know. The attack: record
kata 02's inputs at home, then hand in the reference wrapped to answer [] to any other input.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from kata.grading import grader
from kata.grading.submissions import Submission
from kata.katas import ROOT, TESTS, find_kata
from kata.runner.profiles import HYPOTHESIS_SEED_VARIABLE
from kata.sandbox import confinement

KATA = find_kata("2")
RECORDS = """

import hashlib as _hashlib

_honest = pack_sentences


def pack_sentences(sentence_tokens, max_tokens):
    with open({keys!r}, "a", encoding="ascii") as keys:
        keys.write(_hashlib.sha256(repr((sentence_tokens, max_tokens)).encode()).hexdigest() + "\\n")
    return _honest(sentence_tokens, max_tokens)
"""
KNOWS_THEM = """

import hashlib as _hashlib

_honest = pack_sentences
_KNOWN = set({known!r})


def pack_sentences(sentence_tokens, max_tokens):
    if _hashlib.sha256(repr((sentence_tokens, max_tokens)).encode()).hexdigest() not in _KNOWN:
        return []  # an input it has not seen: wrong on purpose
    return _honest(sentence_tokens, max_tokens)
"""

pytestmark = [
    pytest.mark.timeout(300),
    pytest.mark.skipif(bool(confinement.problem()), reason=f"{confinement.problem()}"),
]


def test_a_table_of_the_inputs_seen_at_home_does_not_pass_the_properties_under_grading(tmp_path):
    reference = KATA.reference_path().read_text(encoding="utf-8")
    home = tmp_path / "home" / f"{KATA.module}.py"
    home.parent.mkdir()
    keys = tmp_path / "keys.txt"
    home.write_text(reference + RECORDS.format(keys=str(keys)), encoding="utf-8")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            str(TESTS / KATA.slug / "test_properties.py"),
            f"--impl={home}",
            "--hypothesis-profile=grading",
            "-p",
            "no:cacheprovider",
            "-q",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
    )
    known = sorted(set(keys.read_text(encoding="ascii").split()))
    assert len(known) > 100, "the properties' inputs, as the student saw them at home"
    handed_in = tmp_path / "class" / "knows" / KATA.slug / f"{KATA.module}.py"
    handed_in.parent.mkdir(parents=True)
    handed_in.write_text(reference + KNOWS_THEM.format(known=known), encoding="utf-8")
    work = tmp_path / "work"
    work.mkdir()
    counts = grader.tests_per_kata([KATA])
    [grade] = grader.grade_student(
        Submission("knows", handed_in.parent.parent), [KATA], counts, work, 1.0, 512, confined=True
    )
    failed = [test.test for test in grade.tests if not test.passed and "test_properties.py" in test.test]
    assert failed, f"every property passed on inputs known in advance: {grade.status} {grade.passed}/{grade.run}"


def test_the_class_seed_is_on_no_command_line(tmp_path, monkeypatch):
    """Any user of the grading machine may read a process's command line (/proc/PID/cmdline): a seed passed as
    --hypothesis-seed there told a student logged in beside the grader every input of the classmates graded
    after. It travels in the tests' process's environment, which only the grader's user may read."""
    started = {}

    class Stop(Exception):
        pass

    def process_group(command, **options):
        started.update(command=command, env=options["env"])
        raise Stop

    monkeypatch.setattr(grader, "process_group", process_group)
    with pytest.raises(Stop):
        grader.run_tests(Submission("ann", tmp_path), [KATA], tmp_path, 1.0, 512, seed=918273645)
    assert not [part for part in started["command"] if "918273645" in part], started["command"]
    assert started["env"][HYPOTHESIS_SEED_VARIABLE] == "918273645"


def test_a_seed_in_the_environment_draws_what_the_same_seed_on_the_command_line_draws(tmp_path):
    """The tests' process reads the class's seed from its environment, as Hypothesis reads --hypothesis-seed."""
    reference = KATA.reference_path().read_text(encoding="utf-8")

    def inputs_seen(name: str, options: list[str], variables: dict) -> list[str]:
        keys = tmp_path / f"{name}.txt"
        home = tmp_path / name / f"{KATA.module}.py"
        home.parent.mkdir()
        home.write_text(reference + RECORDS.format(keys=str(keys)), encoding="utf-8")
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                str(TESTS / KATA.slug / "test_properties.py"),
                f"--impl={home}",
                "--hypothesis-profile=grading",
                "-p",
                "no:cacheprovider",
                "-q",
                *options,
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=240,
            env={**os.environ, **variables},
        )
        return sorted(keys.read_text(encoding="ascii").split())

    by_option = inputs_seen("option", ["--hypothesis-seed=12345"], {})
    assert by_option == inputs_seen("variable", [], {HYPOTHESIS_SEED_VARIABLE: "12345"})
    assert by_option != inputs_seen("other", [], {HYPOTHESIS_SEED_VARIABLE: "54321"})


def test_a_seed_variable_that_is_not_a_whole_number_is_refused_in_one_line():
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            str(TESTS / KATA.slug / "test_examples.py"),
            "--impl=reference",
            "-p",
            "no:cacheprovider",
            "-q",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, HYPOTHESIS_SEED_VARIABLE: "twelve"},
    )
    assert done.returncode == 4, done.stdout + done.stderr
    assert f"{HYPOTHESIS_SEED_VARIABLE} must be a whole number" in done.stderr, done.stderr
    assert "'twelve'" in done.stderr, done.stderr
