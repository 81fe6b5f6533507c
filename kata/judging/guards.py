"""Markers for the tests that stop stalled loops and quadratic work.

A guard runs the code under test on an input where a wrong loop never advances
(a progress guard) or where quadratic work cannot finish in time (a complexity
guard), with a short limit of CPU time so that the run moves on and says why. A guard on a
large input is paced: its limit is PACE_FACTOR times the tests' own plain pass over the same
input, timed just before the call (`paced`), so that it follows the machine's speed.

When isolated, every guard's code runs in a worker process started for that test alone
(the `own_worker` mark): nothing an earlier test's calls prepared in a worker, an answer
computed in advance within their limits, survives into a guard. Its input is drawn at run
time (tests/support/guard_inputs.py), so that no answer can be prepared for it anyway.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from kata.judging import measured_reading
from kata.judging.calls import UsedTooMuchMemory, log
from kata.judging.clocks import CODE_CLOCK
from kata.judging.elsewhere import elsewhere
from kata.judging.limits import calibrate
from kata.judging.vocabulary import HELD_WHILE_READ

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeVar

    Test = TypeVar("Test", bound=Callable[..., object])
    Answer = TypeVar("Answer")  # what a plain pass returns

# pytest leaves this module's frames out of the tracebacks it shows (--full-trace shows them):
# a learner's traceback goes from the test to their own code, and is quicker to write.
__tracebackhide__ = True

GUARD_SECONDS = 2.0  # the CPU time of a guard that is not paced: the reference finishes every such guard in a tenth
# The CPU time a paced guard's own drawing of its input and its plain pass may take, before the code runs: the
# slowest takes half a second here, and a machine five times slower must not fail the tests' own work.
DRAWING_SECONDS = 10.0
# The seed the guards' inputs are drawn from, when given (tests/support/guard_inputs.py): a failing
# guard's report names it, and kata grade gives one class one seed.
GUARD_SEED_VARIABLE = "KATA_GUARD_SEED"


def progress_guard(seconds: float = GUARD_SECONDS, *, hint: str = "", paced: bool = False) -> Callable[[Test], Test]:
    """For inputs on which a loop that does not advance would run forever; `hint`, for a large input, also names
    the slow step that looks like a stalled loop on it (the default advice speaks of loops that do not advance).
    `paced` as for complexity_guard."""
    return _guard("progress", DRAWING_SECONDS if paced else seconds, hint=hint, paced=paced)


def complexity_guard(seconds: float = GUARD_SECONDS, *, hint: str, paced: bool = False) -> Callable[[Test], Test]:
    """For inputs large enough that quadratic work cannot finish; `hint` names the likely slow step.

    A paced guard times the tests' own plain pass over its input (`paced`, below) before it calls the code,
    and the code's limit follows from it; until then `seconds` of CPU time bound the tests' own drawing of the
    input (DRAWING_SECONDS). Otherwise the code has `seconds` of CPU time for the whole test."""
    return _guard("complexity", DRAWING_SECONDS if paced else seconds, hint=hint, paced=paced)


def memory_guard(seconds: float, *, hint: str) -> Callable[[Test], Test]:
    """For a test that measures the memory the code allocates (read_measuring_memory): a complexity
    guard, whose worker, started for this test alone, holds only what this test's calls made it hold."""
    return complexity_guard(seconds, hint=hint)


def _guard(kind: str, seconds: float, hint: str, paced: bool = False) -> Callable[[Test], Test]:
    def mark(test: Test) -> Test:
        test = pytest.mark.own_worker(pytest.mark.timeout(seconds)(test))
        return pytest.mark.guard(kind=kind, seconds=seconds, hint=hint, paced=paced)(test)

    return mark


# A kata's property tests: none of them is a test with fixed inputs, even one that draws nothing (kata 06's
# test against GPT-4's tokenizer, which only runs where tiktoken is installed), so that a mistake's record
# of the fixed tests it fails is the same with and without the optional extras.
PROPERTIES_MODULE = "test_properties.py"


def paced(plain_pass: Callable[[], Answer]) -> Answer:
    """Run the tests' own plain pass over a guard's input (tests/support/paces.py, or a plain oracle whose answer
    the guard expects), timed on the clock of the code under test, and return what it returns: from then on the
    code may use PACE_FACTOR times that CPU time (kata.judging.limits.Pace).

    Call it once, after drawing the input and before the call it paces: the limit then
    follows from this machine's speed on this very input, so that a slow laptop and a fast
    server judge alike, and a quadratic solution is stopped as soon as it is clearly slower.
    """
    if log.calls:
        raise RuntimeError("a paced guard times its plain pass before it calls the code under test, not after")
    started = CODE_CLOCK.now()
    returned = plain_pass()
    calibrate(CODE_CLOCK.now() - started)
    return returned


def has_fixed_inputs(item: pytest.Item) -> bool:
    """A test whose inputs are written in it, not drawn by Hypothesis: what code does on it is the same every run."""
    if getattr(item, "path", None) is not None and item.path.name == PROPERTIES_MODULE:
        return False
    return not getattr(getattr(item, "obj", None), "is_hypothesis_test", False)


class HeldTooMuch(UsedTooMuchMemory):
    """A memory guard's bound passed: the code held more memory, while the tests read its answer, than the
    guard allows (read_measuring_memory's peak); its `limit` says the bound and the peak, in words."""

    where = HELD_WHILE_READ


def read_measuring_memory(items: Any, *, bound: int) -> Any:
    """Read `items` to the end in batches (iterate the result), measuring the memory the code allocates.

    The result's `peak` is the most memory traced while reading, in bytes; reading stops
    early once it reaches `bound`. For a generator of an isolated run, the items are read in
    its worker process, where the submission allocates, and sent here in batches.
    """
    if elsewhere.reads_there(items):
        return items.read_measuring_memory(bound=bound)
    return measured_reading.MeasuredReading(items, bound)
