"""Turning a failed test into plain words: the verdict, the call, what came back, what was expected.

The verdicts are the ones learners know from judges: wrong answer, error,
did not finish, too slow, too much memory, not started.
"""

from __future__ import annotations

import traceback
from pathlib import Path
from typing import TYPE_CHECKING

from kata.judging.calls import Call, log
from kata.judging.judge import WrongAnswer
from kata.judging.limits import CallsDidNotFinish, DidNotFinish, UsedTooMuchMemory
from kata.catalog import kata_of_test, relative
from kata.runner.diagnosis import FIXED_SO_FAR, SHARED_PROBES, FailingTest, matching_mistakes
from kata.judging.guards import has_fixed_inputs
from kata.vocabulary import Verdict, counted

if TYPE_CHECKING:
    import pytest

MOST_MISTAKES_NAMED = 2  # under a failure; when more mistakes give the same answer, none is named


def explain(item: pytest.Item, error: BaseException) -> str | None:
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
            + (f"While it ran, its worker process used up its limit of {error.limit}, so it was stopped.\n"
               if isolated else f"While it ran, the process grew by more than {error.limit}, so it was stopped.\n")
            + "This usually means a loop that never advances keeps appending to a list."
        )
    else:
        call = log.last
        if call is None or call.error is not error:
            return None  # not raised by the code under test: pytest's report says more
        text = _error(call, error)
        if isinstance(error, NotImplementedError):
            return text
    return text + _known_mistake(item, log.last) + _purpose(item) + _notes(error)


def _known_mistake(item: pytest.Item, call: Call | None) -> str:
    kata = kata_of_test(item.path)
    so_far = item.config.stash.get(FIXED_SO_FAR, {}).get(kata.slug if kata else "", {})
    matches = matching_mistakes(call, FailingTest(item.name, has_fixed_inputs(item), so_far,
                                                  item.config.stash.get(SHARED_PROBES, None)))
    if len(matches) > MOST_MISTAKES_NAMED:
        return ""  # the answer does not single a mistake out: naming some of them would mislead
    item.user_properties.extend(("mistake", mistake.id) for mistake in matches)  # for kata grade and JUnit XML
    return "".join(f"\nThis matches a known mistake: {m.title}. {m.hint}" for m in matches)


def _did_not_finish(item: pytest.Item, error: DidNotFinish) -> str:
    guard = item.get_closest_marker("guard")
    if guard is not None and guard.kwargs.get("kind") == "complexity":
        return (
            f"{Verdict.TOO_SLOW}\n"
            + _called(error.call)
            + f"It was still running after its limit of {error.limit}; the reference\n"
            "answers in a small fraction of that. Some step repeated inside your loop costs time\n"
            "that grows with the input, so the total grows far faster than the input does.\n"
            + guard.kwargs.get("hint", "")
        ).rstrip()
    if isinstance(error, CallsDidNotFinish) and log.calls > 1:
        return (
            f"{Verdict.DID_NOT_FINISH}\n"
            f"The test ran past its limit of {error.limit} over {counted(log.calls, 'call')} of your code,\n"
            "though no one call ran past the limit for one call"
            + (f"; the last was {error.call}.\n" if error.call is not None else ".\n")
            + "A correct solution answers each of these small inputs within milliseconds: is something\n"
            "slow even on a small input, such as work repeated inside your loop, or a pause or a print\n"
            "left in it?"
        )
    return (
        f"{Verdict.DID_NOT_FINISH}\n"
        + _called(error.call)
        + f"It was still running after its limit of {error.limit}; a correct solution\n"
        "answers at once here. Does every iteration of your loop advance? Check that the\n"
        "position you slice from moves forward each time, and that the loop's exit is reachable."
    )


def _error(call: Call, error: BaseException) -> str:
    if isinstance(error, NotImplementedError):
        return (
            f"{Verdict.NOT_STARTED}\n"
            f"Called {call}.\nIt raised NotImplementedError: this function is still the stub. "
            f"Write it in {relative(call.source)}."
        )
    return (
        f"{Verdict.ERROR}\n"
        f"Called {call}.\nIt raised {type(error).__name__}: {error}\n"
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
    return f"at {shown}, line {line}, in {function}:\n    {code}"


def _purpose(item: pytest.Item) -> str:
    """The test's docstring: what it checks and why, for failures that have no expected value to show."""
    doc = getattr(getattr(item, "function", None), "__doc__", None)
    return f"\nThis test checks: {' '.join(doc.split())}" if doc else ""


def _called(call: Call | None) -> str:
    return f"Called {call}.\n" if call is not None else ""


def _notes(error: BaseException) -> str:
    notes = [note for note in getattr(error, "__notes__", []) if note.strip()]
    return ("\n\n" + "\n".join(notes)) if notes else ""
