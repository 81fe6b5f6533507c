"""Naming the known mistake that a failing answer looks like.

When the code under test fails, its recorded outcome on the failing input (what it
returned, what it raised, or that it did not finish) is compared with each catalogued
mistake's outcome on the same input. A mistake matches when the two agree and the
reference's outcome differs: an answer that equals the reference's is not a wrong
answer, so no mistake can explain it by its output. The code under test is never
run again; only the trusted reference and mistakes are, each under a short limit.
"""

from __future__ import annotations

import copy
import functools

from kata.calls import Call, is_iterator
from kata.catalog import KATAS
from kata.judge import same
from kata.limits import can_watch, run_briefly
from kata.loader import load_module
from kata.mistakes import Mistake, mistakes_of

PROBE_SECONDS = 0.3


def matching_mistakes(call: Call | None) -> list[type[Mistake]]:
    if call is None or not can_watch() or call.kata == "" or is_iterator(call.result):
        return []
    kata = next((k for k in KATAS if k.slug == call.kata), None)
    mistakes = mistakes_of(kata) if kata is not None else {}
    if not mistakes:
        return []
    seen = _outcome_of_call(call)
    if _agree(_probe(getattr(_reference(kata), call.function), call), seen):
        return []
    if seen[0] == "did not finish":  # only a mistake known to stall can explain a stall
        mistakes = {key: mistake for key, mistake in mistakes.items() if mistake.stalls}
    return [mistake for mistake in mistakes.values() if _agree(_probe(getattr(mistake, call.function), call), seen)]


@functools.cache
def _reference(kata):
    return load_module(kata.reference_path(), f"kata_reference_{kata.number}")


def _outcome_of_call(call: Call):
    if call.finished:
        return "returned", call.result
    if call.error is not None and isinstance(call.error, Exception):
        return "raised", (type(call.error).__name__, str(call.error))
    return "did not finish", None


def _probe(function, call: Call):
    if call.original is not None:
        args, kwargs = copy.deepcopy(call.original)
    else:  # a large input: a shallow copy keeps a probe that modifies lists from spoiling the next one
        args = tuple(list(arg) if isinstance(arg, list) else arg for arg in call.args)
        kwargs = dict(call.kwargs)
    return run_briefly(function, args, kwargs, PROBE_SECONDS)


def _agree(one, other) -> bool:
    return one[0] == other[0] and same(one[1], other[1])

