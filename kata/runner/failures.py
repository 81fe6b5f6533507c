"""The one record of a failed test, made where it fails and read by every consumer.

pytest's report of a failure is words for a person; this record is what a program reads: the
terminal's causes, the outcomes file that `kata grade`, `kata watch` and the feedback read, the
grade's status. Nothing reads a verdict back out of a report's words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kata.judging.checks import WrongAnswer
from kata.judging.load_problems import message_of
from kata.judging.vocabulary import Verdict, show

if TYPE_CHECKING:
    from kata.judging.calls import Call


TEST_KINDS = ("examples", "hidden", "properties", "guards")  # the tests' files, test_<kind>.py, in the order run


def kind_of_test(node_id: str) -> str:
    """tests/01_fixed_windows/test_hidden.py::test_x -> hidden; "" for a test in no kind's file."""
    file = node_id.split("::", 1)[0].rsplit("/", 1)[-1]
    kind = file.removeprefix("test_").removesuffix(".py")
    return kind if kind in TEST_KINDS else ""


@dataclass
class Failure:
    """What one failed test shows of the code: the structured twin of its report."""

    test: str  # the pytest node id
    kind: str  # examples, hidden, properties or guards (TEST_KINDS)
    verdict: str  # kata.judging.vocabulary.Verdict: WRONG ANSWER, ERROR, DID NOT FINISH, TOO SLOW, TOO MUCH MEMORY...
    call: str = ""  # the call as judged, as the report shows it ("" when the test's own code failed)
    came_back: str = ""  # "returned [...]", "raised ValueError('...')", "did not finish"
    expected: str = ""  # what the tests expected, in short, where they said ("" for a claim in the report only)
    check: str = ""  # for a wrong answer, what was checked: kata.judging.checks's ANSWER, CLAIM, RAISE or MESSAGE
    explanation: str = ""  # the report's words, with the names of its cause
    body: str = ""  # the same words before any name: what a cause's paragraph shows of its failure
    cpu_seconds: float = 0.0  # the code's CPU time in the test
    candidates: list[str] = field(default_factory=list)  # catalogued mistakes whose outcome on the call is the code's
    compared: list[str] = field(default_factory=list)  # the mistakes run on the call: the others were not compared

    @property
    def name(self) -> str:
        return self.test.rsplit("::", 1)[-1]

    @property
    def function(self) -> str:
        """The test function, without its parameters: "test_bad_sizes[None]" -> "test_bad_sizes"."""
        return self.name.split("[", 1)[0]


def showing_order(call: str, kind: str) -> tuple[bool, bool, int]:
    """Which failure of a cause shows it best, smallest first: one with a call, with fixed inputs (it repeats
    without a drawn example, the same in every run), the shortest call."""
    return not call, kind == "properties", len(call)


def what_came_back(call: Call | None, verdict: str) -> str:
    """The call's outcome in a few words."""
    if verdict in Verdict.LIMITS:
        return "did not finish" if verdict != Verdict.TOO_MUCH_MEMORY else "used too much memory"
    if call is None:
        return ""
    if call.finished:
        return f"returned {show(call.result)}"
    if isinstance(call.error, Exception):
        return f"raised {type(call.error).__name__}({show(message_of(call.error))})"
    return ""


def expected_of(error: BaseException) -> str:
    return error.expected if isinstance(error, WrongAnswer) else ""


def check_of(error: BaseException) -> str:
    return error.check if isinstance(error, WrongAnswer) else ""
