"""`kata grade` stops a student's run that takes longer than its time, and keeps the tests that ran.

A run that took longer than its time used to be killed, and every one of its outcomes lost: the
student was "not graded", for the teacher to grade by hand, whatever its tests had shown. Now
the grader asks the run to stop (SIGINT, as the cap on the tests' memory does): the tests that ran
keep their outcomes, and each test not run scores nothing and says why. The student here sleeps
in every call, under each call's limit, so that each test takes long; the run's time is made
short, so that the test is quick.
"""

from __future__ import annotations

import time

import pytest

from kata.grading import grader
from kata.grading.submissions import submissions_in
from kata.judging.limits import KATA_SECONDS
from kata.judging.vocabulary import KataStatus, Verdict, grader_stopped_the_run_detail
from kata.katas import find_kata
from kata.sandbox import confinement
from tests.runner.test_kata_time import SLEEPS_IN_EVERY_CALL

KATA = find_kata("1")
SECONDS = 8.0

pytestmark = pytest.mark.timeout(180)


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    work = tmp_path_factory.mktemp("run-time")
    path = work / "class" / "sleepy" / KATA.slug / f"{KATA.module}.py"
    path.parent.mkdir(parents=True)
    path.write_text(KATA.reference_path().read_text(encoding="utf-8") + SLEEPS_IN_EVERY_CALL, encoding="utf-8")
    [student] = submissions_in(work / "class", work / "unpacked")
    counts = grader.tests_per_kata([KATA])
    started = time.monotonic()
    [grade] = grader.grade_student(
        student, [KATA], counts, work, 1.0, 512, confined=not confinement.problem(), seconds=SECONDS
    )
    return grade, counts[KATA.slug], time.monotonic() - started


def test_the_tests_that_ran_keep_their_outcomes_and_the_others_score_nothing_saying_why(graded):
    grade, count, _ = graded
    assert grade.run == count and 1 <= grade.passed < count
    not_run = [test for test in grade.tests if not test.passed and "(not run)" in test.test]
    assert not_run and all(test.verdict == Verdict.DID_NOT_FINISH for test in not_run)
    words = " ".join(not_run[0].report.split())
    assert f"the grader stopped this student's run of the tests when it had taken {SECONDS:g} s" in words
    assert grade.status == KataStatus.DID_NOT_FINISH
    assert grader_stopped_the_run_detail(f"{SECONDS:g} s") in grade.detail


def test_the_run_ends_soon_after_its_time(graded):
    _, _, took = graded
    assert took < SECONDS + grader.TESTS_STOP_SECONDS + 20, f"grading took {took:.0f} s"


def test_a_runs_time_per_kata_leaves_a_kata_its_time_and_its_last_test():
    assert grader.STUDENT_SECONDS_PER_KATA > 2 * KATA_SECONDS  # a kata's time, then its last test's limit
