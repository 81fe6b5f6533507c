"""Naming the known mistakes that a failing answer looks like.

When the code under test fails, its recorded outcome on the failing input (what it
returned, what it raised, or that it did not finish) is compared with each catalogued
mistake's outcome on the same input. A mistake matches when the two agree and the
reference's outcome differs: an answer that equals the reference's is not a wrong
answer, so no mistake can explain it by its output. The code under test is never
run again; only the trusted reference and mistakes are, each under a short limit.
Their outcomes on a small input may be shared by several runs (kata.runner.probes).

A mistake that fails a test the code passed is never its mistake; one that passes a test the
code failed may still explain this failure, the other being left to another cause
(kata.runner.causes groups a run's failures by the mistakes that explain them).
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from kata.judging.calls import Call, is_iterator
from kata.judging.checks import same
from kata.judging.clocks import CODE_CLOCK
from kata.judging.limits import can_watch, run_briefly
from kata.judging.load_problems import message_of
from kata.katas import KATAS, Kata
from kata.runner.mistakes import Mistake, is_recorded_only, mistakes_of
from kata.runner.modules import load_module

if TYPE_CHECKING:
    from types import ModuleType

PROBE_SECONDS = 0.1  # at least, for one run of a mistake: correct code answers small inputs in microseconds
SLOWER_THAN_REFERENCE = 4  # a mistake "does not finish" a large input if it takes this many times the reference
REFERENCE_SECONDS = 3.0  # the reference answers a guard's input in a tenth of the guard's limit
DIAGNOSIS_SECONDS = 1.0  # for all the mistakes' runs on one failure
STALL_DIAGNOSIS_SECONDS = 4.0  # the same after a stall, when each run may take a while


# How a test with fixed inputs went, in a run's record of them (RunState.fixed_so_far); STOPPED: a limit stopped it.
PASSED, FAILED, STOPPED = "passed", "failed", "stopped"


@dataclass(frozen=True)
class FailingTest:
    """Where the call failed: the test, and how the kata's tests with fixed inputs went so far in this run."""

    name: str
    has_fixed_inputs: bool = False  # kata.judging.guards.has_fixed_inputs
    so_far: Mapping[str, str] = field(default_factory=dict)  # test name -> PASSED, FAILED or STOPPED
    shared_probes: Path | None = None  # the run's folder of probes shared with other runs (RunState.shared_probes)
    # For a right exception whose message lacks words: the words the test asked the message to name. Two such
    # outcomes agree when they raise the same exception naming the same of those words, whatever else they say.
    mentions: tuple[str, ...] = ()


@dataclass(frozen=True)
class Diagnosis:
    matches: list[type[Mistake]]  # the mistakes whose outcome on the call is the code's
    compared: list[str] = field(default_factory=list)  # the ids of the mistakes run on the call and compared


def diagnose(call: Call | None, test: FailingTest) -> Diagnosis:
    """The catalogued mistakes whose outcome on the call's input is the one recorded for it.

    A mistake that the catalog records failing a test the code under test passed in this
    run is not its mistake, whatever else they share (kata.runner.known_failures); nor is one
    that a limit stops on a test where the code failed without a stop. A call
    stopped by a limit is explained only by a mistake that a limit stops too: on this very
    test, if its inputs are fixed.
    """
    if call is None or not can_watch() or call.kata == "" or is_iterator(call.result):
        return Diagnosis([])
    kata = next((k for k in KATAS if k.slug == call.kata), None)
    mistakes = mistakes_of(kata) if kata is not None else {}
    mistakes = {key: mistake for key, mistake in mistakes.items() if not _contradicted_so_far(mistake, test)}
    seen = _outcome_of_call(call)
    stalled = seen[0] == "did not finish"
    if stalled:
        mistakes = {key: mistake for key, mistake in mistakes.items() if _stalls_here(mistake, test)}
        if test.has_fixed_inputs:  # the catalog says which mistakes a limit stops on this very test
            return Diagnosis(list(mistakes.values()))
    if kata is not None and any(is_recorded_only(mistake, kata) for mistake in mistakes.values()):
        # A students' release: no code to run on the input, so the records are the only evidence, and only
        # a record that agrees with the whole run names a mistake (kata.runner.causes).
        return Diagnosis(
            [
                mistake
                for mistake in mistakes.values()
                if test.has_fixed_inputs
                and test.name in mistake.known.fails
                and not _passes_where_the_code_failed(mistake, test)
            ]
        )
    if not mistakes or (call.original is None and not stalled):
        return Diagnosis([])  # a large input: re-running every mistake on it costs more than the hint is worth
    shared = _shared_place(call, test.shared_probes)
    reference, reference_seconds = _outcome(
        "reference", getattr(_reference(kata), call.function), call, REFERENCE_SECONDS, shared
    )
    if _agree(reference, seen):
        return Diagnosis([])
    # On a large input even a linear mistake needs time: "did not finish" is judged
    # against the reference's own time.
    patience = max(PROBE_SECONDS, SLOWER_THAN_REFERENCE * reference_seconds)
    # CPU time, as every limit: on a busy machine the same mistakes are tried, and so the same are named.
    deadline = CODE_CLOCK.now() + (STALL_DIAGNOSIS_SECONDS if stalled else DIAGNOSIS_SECONDS)
    diagnosis = Diagnosis([])
    for mistake in mistakes.values():
        if CODE_CLOCK.now() > deadline:
            break
        outcome = _outcome(mistake.id, getattr(mistake, call.function), call, patience, shared)[0]
        if _agree(outcome, reference):
            continue  # right on this call alone: how it fails the test (a cache, what it keeps) is not compared here
        diagnosis.compared.append(mistake.id)
        if _agree(outcome, seen, test.mentions if mistake.about_the_message else ()):
            diagnosis.matches.append(mistake)
    return diagnosis


def fails_where_the_code_passed(mistake: type[Mistake], record: Mapping[str, str]) -> bool:
    """The catalog records the mistake failing a test with fixed inputs that the code passed in the run."""
    return _fails_where_the_code_passed(mistake, FailingTest("", False, record))


def _fails_where_the_code_passed(mistake: type[Mistake], test: FailingTest) -> bool:
    return any(name in mistake.known.fails for name, verdict in test.so_far.items() if verdict == PASSED)


def stalls_where_the_code_answered(mistake: type[Mistake], record: Mapping[str, str]) -> bool:
    """A test with fixed inputs that a limit stops the mistake on, and that the code failed without a stop: there
    the code did something else, quickly. Code that checks its arguments but words its messages badly fails the
    tests of bad arguments, as code that checks nothing and loops forever does; only the second is stopped.
    (Not the other way round: code stopped where a mistake answers may have that mistake and a second fault
    that stalls on the same input, as a loop with no check and no end.)"""
    return _stalls_where_the_code_answered(mistake, FailingTest("", False, record))


def _stalls_where_the_code_answered(mistake: type[Mistake], test: FailingTest) -> bool:
    return any(name in mistake.known.stopped for name, verdict in test.so_far.items() if verdict == FAILED)


def _contradicted_so_far(mistake: type[Mistake], test: FailingTest) -> bool:
    """The run so far shows the code is not the mistake: it passed a test the mistake fails, or answered one the
    mistake is stopped on."""
    return _fails_where_the_code_passed(mistake, test) or _stalls_where_the_code_answered(mistake, test)


def _passes_where_the_code_failed(mistake: type[Mistake], test: FailingTest) -> bool:
    """The catalog records the mistake passing a test the code failed: its answers there are right,
    so it does not explain the code, whatever answer they share here."""
    return any(name not in mistake.known.fails for name, verdict in test.so_far.items() if verdict != PASSED)


def _stalls_here(mistake: type[Mistake], test: FailingTest) -> bool:
    """A limit stops the mistake somewhere, and on this test if its inputs are fixed."""
    return mistake.stalls() and (not test.has_fixed_inputs or test.name in mistake.known.stopped)


def stops_as_the_run_did(mistake: type[Mistake], record: Mapping[str, str]) -> bool:
    """A limit stops the mistake on exactly the tests with fixed inputs where one stopped the code in the run.

    A stop shows no answer to compare, so one stop shared is weak evidence: code that never returns
    stops wherever a stalling mistake does."""
    return _stalls_as_seen(mistake, FailingTest("", False, record))


def _stalls_as_seen(mistake: type[Mistake], test: FailingTest) -> bool:
    """A limit stops the mistake on this test if its inputs are fixed, and on exactly the fixed tests stopped before."""
    stops = {name: verdict == STOPPED for name, verdict in test.so_far.items()}
    if test.has_fixed_inputs:
        stops[test.name] = True
    return mistake.stalls() and all((name in mistake.known.stopped) == stopped for name, stopped in stops.items())


def agrees_with_the_run(mistake: type[Mistake], record: Mapping[str, str], stalled: bool) -> bool:
    """Whether the mistake's catalogued record agrees with how the fixed tests of a whole run went: it fails
    exactly those the code failed and, if the call was stopped by a limit, a limit stops it on exactly
    those where one stopped the code."""
    run = FailingTest("", False, record)
    if _fails_where_the_code_passed(mistake, run) or _passes_where_the_code_failed(mistake, run):
        return False
    return not stalled or _stalls_as_seen(mistake, run)


def mistakes_failing_exactly(kata: Kata, so_far: Mapping[str, str]) -> list[type[Mistake]]:
    """The catalogued mistakes that fail exactly the fixed tests the code failed in a whole run of the kata,
    stopped by a limit on exactly those that stopped it."""
    failed = {name for name, verdict in so_far.items() if verdict != PASSED}
    stopped = {name for name, verdict in so_far.items() if verdict == STOPPED}
    return [
        mistake
        for mistake in mistakes_of(kata).values()
        if failed and mistake.known.fails == failed and mistake.known.stopped == stopped
    ]


@functools.cache
def _reference(kata: Kata) -> ModuleType:
    return load_module(kata.reference_path(), f"kata_reference_{kata.number}")


def _outcome_of_call(call: Call) -> tuple[str, object]:
    if call.finished:
        return "returned", call.result
    if call.error is not None and isinstance(call.error, Exception):
        return "raised", (type(call.error).__name__, message_of(call.error))
    return "did not finish", None


def _shared_place(call: Call, folder: Path | None) -> tuple[Path, str] | None:
    """The folder and the name under which the probes of this call's input are shared with other runs, if they are."""
    if folder is None:
        return None
    from kata.runner import probes  # shared probes (kata grade) keep plain values as the sandbox encodes them

    name = probes.key_of(call.kata, call.function, *call.inputs())
    return (folder, name) if name is not None else None


def _outcome(
    name: str, function: Callable[..., object], call: Call, seconds: float, shared: tuple[Path, str] | None
) -> tuple[tuple, float]:
    """What the trusted code `name` does on the call's input, and how long it took; once for all runs sharing it."""
    if shared is None:
        return _probe(function, call, seconds)
    from kata.runner import probes

    key = probes.key_of(shared[1], name)
    if key is None:
        return _probe(function, call, seconds)
    # A large input is diagnosed only after a stall, when only the kind of outcome is
    # compared: its answer, as large as the input, is not kept.
    keeps_value = call.original is not None
    return probes.outcome(shared[0], key, lambda: _probe(function, call, seconds, keeps_value), seconds)


def _probe(
    function: Callable[..., object], call: Call, seconds: float, keeps_value: bool = True
) -> tuple[tuple, float]:
    if call.original is not None:
        args, kwargs = copy.deepcopy(call.original)
    else:  # a large input: a shallow copy keeps a probe that modifies lists from spoiling the next one
        args = tuple(list(arg) if isinstance(arg, list) else arg for arg in call.args)
        kwargs = dict(call.kwargs)
    started = CODE_CLOCK.now()
    kind, value = run_briefly(function, args, kwargs, seconds)
    return (kind, value if keeps_value else None), CODE_CLOCK.now() - started


def _agree(one: tuple, other: tuple, mentions: tuple[str, ...] = ()) -> bool:
    """The same outcome; for a message that had to name `mentions`, the same exception naming the same of them."""
    if mentions and one[0] == other[0] == "raised":
        return one[1][0] == other[1][0] and _named(one[1][1], mentions) == _named(other[1][1], mentions)
    # Two nan scores are the same wrong answer (a nan is never the reference's).
    return one[0] == other[0] and same(one[1], other[1], nan_is_nan=True)


def _named(message: str, mentions: tuple[str, ...]) -> list[bool]:
    return [word in message for word in mentions]
