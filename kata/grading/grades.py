"""What grading a class produces: one record per student and kata, with the outcome of every test.

A student earns the tests their code passes out of the tests run. The status sums
the outcome up in one word a teacher can sort by.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field

from kata.judging.printable import one_line, printable
from kata.judging.vocabulary import KataStatus, Verdict
from kata.runner.outcomes import TestOutcome

# The runner's verdict for a failed test, and the status it counts towards.
MESSAGE_LINES = 12  # of a failure's report, kept in the grades
MESSAGE_CHARACTERS = 4_000  # and at most this much of it: a line may be a submission's megabyte


def first_lines(report: str) -> str:
    """A failure's report as the grades keep it: printable (a submission's words reach it: no terminal escapes),
    its first MESSAGE_LINES lines, MESSAGE_CHARACTERS at most."""
    kept = "\n".join(printable(report).splitlines()[:MESSAGE_LINES])
    return kept if len(kept) <= MESSAGE_CHARACTERS else kept[:MESSAGE_CHARACTERS] + "... (cut)"


def kept_record(failure: dict | None) -> dict | None:
    """A failure's record (kata.runner.failures) as the grades keep it: without the report's words, which the
    grade's report holds already, every text made printable and cut as a report is (a submission's words reach
    the call and what came back)."""
    if failure is None:
        return None
    return {
        key: first_lines(value) if isinstance(value, str) else value
        for key, value in failure.items()
        if key not in ("explanation", "body")
    }


STATUS_OF_VERDICT = {
    Verdict.WRONG_ANSWER: KataStatus.FAILING,
    Verdict.ERROR: KataStatus.ERROR,
    Verdict.DID_NOT_FINISH: KataStatus.DID_NOT_FINISH,
    Verdict.TOO_SLOW: KataStatus.TOO_SLOW,
    Verdict.TOO_MUCH_MEMORY: KataStatus.TOO_MUCH_MEMORY,
}


@dataclass
class KataGrade:
    student: str
    kata: str  # the kata's slug
    status: str
    passed: int = 0
    run: int = 0
    mistake: str = ""  # the first catalogued mistake a failure matched
    detail: str = ""  # why it cannot run, or is not started or not submitted; or which tests were skipped
    skipped: int = 0  # tests skipped (an optional extra not installed): not in `run`, they count for no one
    tests: list[TestOutcome] = field(default_factory=list)
    # kata similarity's flags (grade --similarity): each {"to": a student, "reference" or "mistake:<id>", "score"}
    similar_to: list[dict] = field(default_factory=list)

    def __post_init__(self) -> None:
        # Names and details come from what students hand in: printable, and on one line for the tables.
        self.student, self.detail = one_line(self.student), one_line(self.detail)

    @property
    def score(self) -> str:
        return f"{self.passed}/{self.run}"

    @property
    def similar(self) -> str:
        """The flags in words, for a table's cell: "grace 0.83; reference 0.91"."""
        return "; ".join(f"{flag['to']} {flag['score']:.2f}" for flag in self.similar_to)

    @property
    def similarity(self) -> str:
        """The highest score among the flags ("" without one), for a column a spreadsheet sorts."""
        return f"{max(flag['score'] for flag in self.similar_to):.2f}" if self.similar_to else ""

    def as_record(self) -> dict:
        """Plain data for the JSON report."""
        return asdict(self)


def grade_from_tests(student: str, kata: str, tests: list[TestOutcome], failing_exactly: str = "") -> KataGrade:
    """The grade of a kata whose tests ran: the count passed, the status and the known mistake.

    `failing_exactly` is the mistake whose record fails exactly the tests with fixed inputs
    that these failed, if one does: the strongest evidence there is, so it is named first.
    """
    passed = sum(test.passed for test in tests)
    failures = [test for test in tests if not test.passed]
    mistake = (failing_exactly if failures else "") or named_mistake(failures)
    return KataGrade(student, kata, status_of_failures(failures), passed, len(tests), mistake, tests=tests)


def named_mistake(failures: list[TestOutcome]) -> str:
    """The catalogued mistake the failures point to, or "" when the evidence does not single one out.

    A wrong answer that is exactly a mistake's answer is strong evidence. A failure past a
    limit is weak: code that loops on every input, or answers right but slowly, also runs
    past the limit wherever a stalling mistake does. So a mistake is named only if it
    matched every failure past a limit, not just some of them.
    """
    named = next((test.mistake for test in failures if test.mistake), "")
    if any(test.verdict in Verdict.LIMITS and test.mistake != named for test in failures):
        return ""
    return named


def status_of_failures(failures: list[TestOutcome]) -> str:
    """Solved without failures; otherwise the status most failures point to.

    Ties go to the status first in KataStatus.GRADED.
    """
    if not failures:
        return KataStatus.SOLVED
    counts = Counter(STATUS_OF_VERDICT.get(test.verdict, KataStatus.ERROR) for test in failures)
    return max(
        (KataStatus.FAILING, KataStatus.ERROR, *KataStatus.LIMITS),
        key=lambda status: (counts[status], -KataStatus.GRADED.index(status)),
    )


def out_of_the_same_tests(grades: list[KataGrade]) -> list[KataGrade]:
    """The grades with every kata's score out of the same tests: where some student's run skipped tests (an
    optional extra is not installed here), they are left out of the other students' denominators too."""
    skipped = {grade.kata: grade.skipped for grade in grades if grade.skipped}
    for grade in grades:
        if grade.kata in skipped and not grade.skipped:
            grade.run -= skipped[grade.kata]
            grade.skipped = skipped[grade.kata]
    return grades


def grade_without_tests(student: str, kata: str, status: str, detail: str, run: int) -> KataGrade:
    """A kata whose tests could not run its code: not submitted, not started, or unable to run.

    It scores 0 of the kata's `run` tests, so that every student's score has the same denominator.
    """
    return KataGrade(student, kata, status, 0, run, detail=detail)
