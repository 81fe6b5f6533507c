"""Turning a failed test into plain words: the verdict, the call, what came back, what was expected.

The verdicts are the ones learners know from judges: wrong answer, error,
did not finish, too slow, too much memory, not started.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from kata.judging.calls import Call, log
from kata.judging.judge import WrongAnswer
from kata.judging.limits import CallsDidNotFinish, DidNotFinish, LimitExceeded, UsedTooMuchMemory
from kata.catalog import kata_of_test, relative
from kata.runner.diagnosis import FIXED_SO_FAR, SHARED_PROBES, FailingTest, matching_mistakes
from kata.judging.guards import has_fixed_inputs
from kata.vocabulary import SHOWN, Verdict, counted, cut, prose

if TYPE_CHECKING:
    import pytest

    from kata.runner.mistakes import Mistake

MOST_MISTAKES_NAMED = 2  # under a failure; when more mistakes give the same answer, none is named


@dataclass
class Explanation:
    """A failure's report in plain words, and the catalogued mistakes that give the same outcome on its input.

    Which of those mistakes the report names is decided when the run ends (kata.runner.naming):
    a test run later may pass where one of them fails, and then it is not the code's mistake.
    """

    body: str  # the verdict, the call, what came back and what was expected
    after: str = ""  # what the test checks, and the notes of the failure
    candidates: list[type[Mistake]] = field(default_factory=list)
    stalled: bool = False  # a limit stopped the call: only a mistake stopped where the code was can explain it

    def text(self, named: list[type[Mistake]] | tuple[type[Mistake], ...] = ()) -> str:
        names = "".join(f"\n{prose(f'This matches a known mistake: {m.title}. {m.hint}')}" for m in named)
        return self.body + names + self.after


def explain(item: pytest.Item, error: BaseException) -> Explanation | None:
    """The learner-facing report for a failure, or None to keep pytest's own."""
    if isinstance(error, WrongAnswer):
        text = f"{Verdict.WRONG_ANSWER}\n" + str(error)
    elif isinstance(error, DidNotFinish):
        text = _did_not_finish(item, error)
    elif isinstance(error, UsedTooMuchMemory):
        isolated = getattr(error.call, "isolated", False)
        text = (
            f"{Verdict.TOO_MUCH_MEMORY}\n"
            + _called(error.call)
            + prose((f"While it ran, its worker process used up its limit of {error.limit}, so it was stopped. "
                     if isolated else f"While it ran, the process grew by more than {error.limit}, so it was stopped. ")
                    + "This usually means a loop that never advances keeps appending to a list.")
        )
    else:
        call = log.last
        if call is None or call.error is not error:
            return None  # not raised by the code under test: pytest's report says more
        text = _error(call, error)
        if isinstance(error, NotImplementedError):
            return Explanation(text)
    return Explanation(text, _purpose(item) + _notes(error), _known_mistakes(item, log.last),
                       stalled=isinstance(error, LimitExceeded))


def _known_mistakes(item: pytest.Item, call: Call | None) -> list[type[Mistake]]:
    """The mistakes whose outcome on the call's input is the code's, weighed against the tests run so far."""
    kata = kata_of_test(item.path)
    so_far = item.config.stash.get(FIXED_SO_FAR, {}).get(kata.slug if kata else "", {})
    return matching_mistakes(call, FailingTest(item.name, has_fixed_inputs(item), so_far,
                                               item.config.stash.get(SHARED_PROBES, None)))


def _did_not_finish(item: pytest.Item, error: DidNotFinish) -> str:
    guard = item.get_closest_marker("guard")
    if guard is not None and guard.kwargs.get("kind") == "complexity":
        return (
            f"{Verdict.TOO_SLOW}\n"
            + _called(error.call)
            + prose(f"It was still running after its limit of {error.limit}; the reference answers in a small "
                    "fraction of that. Some step repeated inside your loop costs time that grows with the input, "
                    "so the total grows far faster than the input does.")
            + (f"\n{prose(guard.kwargs['hint'])}" if guard.kwargs.get("hint") else "")
        )
    if isinstance(error, CallsDidNotFinish) and log.calls > 1:
        return (
            f"{Verdict.DID_NOT_FINISH}\n"
            + prose(f"The test ran past its limit of {error.limit} over {counted(log.calls, 'call')} of your "
                    "code, though no one call ran past the limit for one call"
                    + ("; the last was:" if error.call is not None else "."))
            + (f"\n{error.call}.\n" if error.call is not None else "\n")
            + prose("A correct solution answers each of these small inputs within milliseconds: is something "
                    "slow even on a small input, such as work repeated inside your loop, or a pause or a print "
                    "left in it?")
        )
    return (
        f"{Verdict.DID_NOT_FINISH}\n"
        + _called(error.call)
        + prose(f"It was still running after its limit of {error.limit}; a correct solution answers at once "
                "here. Does every iteration of your loop advance? Check that the position you slice from moves "
                "forward each time, and that the loop's exit is reachable.")
    )


def _error(call: Call, error: BaseException) -> str:
    if isinstance(error, NotImplementedError):
        return (
            f"{Verdict.NOT_STARTED}\n"
            f"Called {call}.\n"
            + prose(f"It raised NotImplementedError: this function is still the stub. Write it in "
                    f"{relative(call.source)}.")
        )
    return (
        f"{Verdict.ERROR}\n"
        f"Called {call}.\nIt raised {type(error).__name__}: {cut(str(error), SHOWN)}\n"
        + _where_in_learner_code(error, call.source)
    ).rstrip()


def _where_in_learner_code(error: BaseException, source: Path | None) -> str:
    if source is None:
        return ""
    frames = [(relative(source), frame.lineno, frame.name, frame.line)
              for frame in traceback.extract_tb(error.__traceback__) if Path(frame.filename) == source]
    frames = frames or getattr(error, "frames_in_worker", [])  # raised in an isolated run's worker process
    if not frames:
        return ""
    shown, line, function, code = frames[-1]
    return f"at {shown}, line {line}, in {function}:\n    {cut(code or '', SHOWN)}"


def _purpose(item: pytest.Item) -> str:
    """The test's docstring: what it checks and why, for failures that have no expected value to show."""
    doc = getattr(getattr(item, "function", None), "__doc__", None)
    return f"\n{prose('This test checks: ' + ' '.join(doc.split()))}" if doc else ""


def _called(call: Call | None) -> str:
    return f"Called {call}.\n" if call is not None else ""


def _notes(error: BaseException) -> str:
    notes = [note for note in getattr(error, "__notes__", []) if note.strip()]
    return ("\n\n" + "\n".join(prose(note) for note in notes)) if notes else ""
