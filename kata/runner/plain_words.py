"""Turning a failed test into plain words: the verdict, the call, what came back, what was expected.

The verdicts are the ones learners know from judges: wrong answer, error,
did not finish, too slow, too much memory, not started.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from kata.judging.calls import (
    Call,
    CallsDidNotFinish,
    DidNotFinish,
    KataOutOfTime,
    LimitExceeded,
    UsedTooMuchMemory,
    log,
)
from kata.judging.checks import RaisedWhileRead, WrongAnswer
from kata.judging.guards import has_fixed_inputs
from kata.judging.load_problems import text_of
from kata.judging.vocabulary import (
    IN_THE_TESTS_READING,
    IN_THE_TESTS_RUNNING,
    Verdict,
    did_not_finish,
    kata_out_of_time,
    many_calls_did_not_finish,
    matches_a_known_mistake,
    memory_stop,
    prose,
    raised,
    still_the_stub,
    too_slow,
    what_the_test_checks,
    where_in_the_code,
)
from kata.katas import relative
from kata.runner.diagnosis import FailingTest, diagnose

if TYPE_CHECKING:
    from collections.abc import Mapping

    import pytest

    from kata.runner.mistakes import Mistake


@dataclass
class Explanation:
    """A failure's report in plain words, and the catalogued mistakes that give the same outcome on its input.

    Which of those mistakes the report names is decided when the run ends (kata.plugin.naming):
    a test run later may pass where one of them fails, and then it is not the code's mistake.
    """

    body: str  # the verdict, the call, what came back and what was expected
    after: str = ""  # what the test checks, and the notes of the failure
    candidates: list[type[Mistake]] = field(default_factory=list)
    verdict: str = Verdict.ERROR  # kata.judging.vocabulary.Verdict, the body's first line
    call: Call | None = None  # the call judged, if the code was called
    compared: list[str] = field(default_factory=list)  # the ids of the mistakes run on the call and compared

    def text(self, named: list[type[Mistake]] | tuple[type[Mistake], ...] = ()) -> str:
        names = "".join(f"\n{matches_a_known_mistake(m.title, m.hint)}" for m in named)
        return self.body + names + self.after


def explain(
    item: pytest.Item, error: BaseException, so_far: Mapping[str, str] | None = None, shared_probes: Path | None = None
) -> Explanation | None:
    """The learner-facing report for a failure, or None to keep pytest's own. `so_far` is how the kata's tests
    with fixed inputs went before this one (kata.runner.diagnosis weighs the candidate mistakes with it), and
    `shared_probes` the folder of probes shared with other runs, if any."""
    call = error.call if isinstance(error, LimitExceeded) else log.last
    if isinstance(error, RaisedWhileRead):
        text = str(error)  # its words are an ERROR's already
    elif isinstance(error, WrongAnswer):
        text = f"{Verdict.WRONG_ANSWER}\n" + str(error)
    elif isinstance(error, KataOutOfTime):  # not run: no call of it to weigh mistakes by
        return Explanation(kata_out_of_time(error.limit), _purpose(item), verdict=Verdict.DID_NOT_FINISH)
    elif isinstance(error, DidNotFinish):
        text = _did_not_finish(item, error)
    elif isinstance(error, UsedTooMuchMemory):
        # The process that grew: the worker, or the tests' process (kata.sandbox.kept's stops say which).
        where = IN_THE_TESTS_READING if getattr(error.call, "isolated", False) else IN_THE_TESTS_RUNNING
        text = memory_stop(_shown(error.call), error.limit, getattr(error, "where", where))
    else:
        if call is None or call.error is not error:
            return None  # not raised by the code under test: pytest's report says more
        if isinstance(error, NotImplementedError):
            return Explanation(still_the_stub(str(call), relative(call.source)), verdict=Verdict.NOT_STARTED, call=call)
        text = raised(str(call), type(error).__name__, text_of(error), where_in_learner_code(error, call.source))
    failing = FailingTest(
        item.name, has_fixed_inputs(item), so_far or {}, shared_probes, mentions=getattr(error, "mentions", ())
    )
    diagnosis = diagnose(log.last, failing)
    return Explanation(
        text,
        _purpose(item) + _notes(error),
        diagnosis.matches,
        verdict=_verdict_of(item, error),
        call=call,
        compared=diagnosis.compared,
    )


def _verdict_of(item: pytest.Item, error: BaseException) -> str:
    """The failure's verdict, from what stopped the code (the report's first line says the same in words)."""
    if isinstance(error, RaisedWhileRead):
        return Verdict.ERROR
    if isinstance(error, WrongAnswer):
        return Verdict.WRONG_ANSWER
    if isinstance(error, UsedTooMuchMemory):
        return Verdict.TOO_MUCH_MEMORY
    if isinstance(error, DidNotFinish):
        guard = item.get_closest_marker("guard")
        complexity = guard is not None and guard.kwargs.get("kind") == "complexity"
        return Verdict.TOO_SLOW if complexity else Verdict.DID_NOT_FINISH
    return Verdict.ERROR


def _did_not_finish(item: pytest.Item, error: DidNotFinish) -> str:
    guard = item.get_closest_marker("guard")
    hint = guard.kwargs.get("hint", "") if guard is not None else ""
    if _verdict_of(item, error) == Verdict.TOO_SLOW:
        return too_slow(_shown(error.call), error.limit, hint, error.on_the_wall_clock)
    if isinstance(error, CallsDidNotFinish) and log.calls > 1:
        return many_calls_did_not_finish(error.limit, log.calls, _shown(error.call))
    return did_not_finish(_shown(error.call), error.limit, hint)


def where_in_learner_code(error: BaseException, source: Path | None) -> str:
    """The line of the learner's file that raised, in this process or in an isolated run's worker process."""
    if source is None:
        return ""
    frames = [
        (relative(source), frame.lineno, frame.name, frame.line or "")
        for frame in traceback.extract_tb(error.__traceback__)
        if Path(frame.filename) == source
    ]
    frames = frames or getattr(error, "frames_in_worker", [])  # raised in an isolated run's worker process
    return where_in_the_code(*frames[-1]) if frames else ""


def _purpose(item: pytest.Item) -> str:
    """The test's docstring: what it checks and why, for failures that have no expected value to show."""
    doc = getattr(getattr(item, "function", None), "__doc__", None)
    return f"\n{what_the_test_checks(doc)}" if doc else ""


def _shown(call: Call | None) -> str | None:
    return str(call) if call is not None else None


def _notes(error: BaseException) -> str:
    notes = [note for note in getattr(error, "__notes__", []) if note.strip()]
    return ("\n\n" + "\n".join(prose(note) for note in notes)) if notes else ""
