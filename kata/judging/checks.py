"""What the tests use to judge an implementation, with failure messages for people.

Every failure restates the call, what came back, and what was expected:
"Called f(x). It returned A, but the tests expected B."
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from kata.judging.calls import log
from kata.judging.load_problems import message_of
from kata.judging.vocabulary import (
    SHOWN_BESIDE,
    because,
    called_line,
    claim_not_met,
    counted,
    message_lacks,
    raised_instead,
    returned_but_expected,
    returned_instead_of_raising,
    show,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Any

# pytest leaves this module's frames out of the tracebacks it shows (--full-trace shows them):
# a learner's traceback goes from the test to their own code, and is quicker to write.
__tracebackhide__ = True


class WrongAnswer(AssertionError):
    """The code under test finished, but its answer breaks the contract.

    Besides its words, it keeps what the failure record needs (kata.runner.failures): what was expected, in
    short, and for a right exception whose message lacks words, the words the message had to name.
    """

    def __init__(self, text: str, *, expected: str = "", mentions: tuple[str, ...] = (), check: str = "") -> None:
        super().__init__(text)
        self.expected = expected
        self.mentions = mentions
        self.check = check  # what was checked: an answer, a claim, an exception raised, or its message (CHECKS)


ANSWER, CLAIM, RAISE, MESSAGE = "answer", "claim", "raise", "message"  # what a WrongAnswer's check was


class RaisedWhileRead(WrongAnswer):
    """The code under test returned, then raised while the tests read what it returned (a generator's next()):
    an ERROR, whose whole report is the message (kata.judging.vocabulary.raised_when_read)."""


def check_returns(
    function: Callable[..., Any], *args: object, expected: object, why: str = "", **kwargs: object
) -> Any:
    """Call the function and require exactly `expected` (types included: a tuple is not a list)."""
    got = function(*args, **kwargs)
    if not same(got, expected):
        raise WrongAnswer(
            _called() + returned_but_expected(got, expected, describe_difference(got, expected)) + because(why),
            expected=show(expected),
            check=ANSWER,
        )
    return got


def check_raises(
    function: Callable[..., object],
    *args: object,
    error: type[BaseException],
    mentions: Iterable[object] = (),
    why: str = "",
    **kwargs: object,
) -> BaseException:
    """Call the function and require it to raise `error` with a message naming each of `mentions`."""
    mentions = tuple(mentions)
    expected_raise = error.__name__ + (f" naming {', '.join(repr(str(word)) for word in mentions)}" if mentions else "")
    try:
        got = function(*args, **kwargs)
    except error as raised:
        missing = [str(word) for word in mentions if str(word) not in message_of(raised)]
        if missing:
            raise WrongAnswer(
                _called() + message_lacks(type(raised).__name__, message_of(raised), missing) + because(why),
                expected=expected_raise,
                mentions=tuple(str(word) for word in mentions),
                check=MESSAGE,
            ) from None
        return raised
    except Exception as raised:
        raise WrongAnswer(
            _called() + raised_instead(type(raised).__name__, message_of(raised), error.__name__) + because(why),
            expected=expected_raise,
            check=RAISE,
        ) from raised
    raise WrongAnswer(
        _called() + returned_instead_of_raising(got, error.__name__) + because(why),
        expected=expected_raise,
        check=RAISE,
    )


def expect(condition: bool, claim: str, *, details: str = "") -> None:
    """Require a property of the last call's result; `claim` says in words what should hold."""
    if condition:
        return
    call = log.last
    finished = call is not None and call.finished
    raise WrongAnswer(
        _called() + claim_not_met(call.result if call is not None else None, finished, claim, details),
        expected=claim,
        check=CLAIM,
    )


def same(got: Any, expected: Any, *, nan_is_nan: bool = False) -> bool:
    """Equal, and of the same types all the way down (so [('a',)] is not [['a']]).

    Two dataclass instances count as the same type when their classes have the same name
    and fields: the stub, the reference and the mistakes each define their own copy of a
    kata's dataclass (such as kata 07's Chunk). With `nan_is_nan`, a float nan is the same as
    another nan (two wrong answers that agree), never as a number.
    """
    if _is_dataclass_instance(expected) and _is_dataclass_instance(got):
        return _same_dataclass(got, expected, nan_is_nan)
    if type(got) is not type(expected):
        return False
    if isinstance(expected, (list, tuple)):
        return len(got) == len(expected) and all(same(g, e, nan_is_nan=nan_is_nan) for g, e in zip(got, expected))
    if isinstance(expected, dict):
        return got.keys() == expected.keys() and all(same(got[k], expected[k], nan_is_nan=nan_is_nan) for k in expected)
    if nan_is_nan and isinstance(expected, float) and expected != expected:
        return got != got
    return got == expected


def _is_dataclass_instance(value: object) -> bool:
    return dataclasses.is_dataclass(value) and not isinstance(value, type)


def _same_dataclass(got: Any, expected: Any, nan_is_nan: bool) -> bool:
    fields = [field.name for field in dataclasses.fields(expected)]
    return (
        type(got).__qualname__ == type(expected).__qualname__
        and [field.name for field in dataclasses.fields(got)] == fields
        and all(same(getattr(got, name), getattr(expected, name), nan_is_nan=nan_is_nan) for name in fields)
    )


def describe_difference(got: Any, expected: Any) -> str:
    """One sentence that points at where a returned list first differs from the expected one."""
    if type(got) is not type(expected):
        return f"It returned a {type(got).__name__} where a {type(expected).__name__} was expected."
    if not isinstance(expected, list):
        return ""
    for index, (g, e) in enumerate(zip(got, expected)):
        if not same(g, e):
            inner = describe_difference(g, e)
            if inner.startswith("It returned a "):
                return f"Item {index} is a {type(g).__name__}, but a {type(e).__name__} was expected."
            return (
                f"The first difference is at index {index}: {show(g, SHOWN_BESIDE)} instead of {show(e, SHOWN_BESIDE)}."
            )
    was = "was" if len(expected) == 1 else "were"
    counts = f"It returned {_items(len(got))} where {_items(len(expected))} {was} expected"
    if len(got) > len(expected):
        return f"{counts}; the first extra one is {show(got[len(expected)])}."
    if len(got) < len(expected):
        return f"{counts}; the first missing one is {show(expected[len(got)])}."
    return ""


def _items(count: int) -> str:
    return counted(count, "item")


def _called() -> str:
    return called_line(str(log.last) if log.last is not None else None)
