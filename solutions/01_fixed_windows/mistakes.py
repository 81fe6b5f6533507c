"""Kata 01: common mistakes, each a complete fixed_windows() with one bug.

Run one against the tests with: pytest tests/01_fixed_windows --impl=mistake:01:<id>
"""

import functools
from collections.abc import Sequence

from kata.runner.mistakes import Mistake


def _validate(chunk_size, overlap, tokens):
    for name, value in (("chunk_size", chunk_size), ("overlap", overlap)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"{name} must be an int, got {value!r}")
    if chunk_size < 1:
        raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
    if not 0 <= overlap < chunk_size:
        raise ValueError(f"overlap must be in [0, chunk_size), got {overlap}")
    _require_sequence(tokens)


def _require_sequence(tokens):
    """The last check of the contract: tokens is a sequence."""
    if not isinstance(tokens, Sequence):
        raise TypeError(f"tokens must be a sequence, got {type(tokens).__name__}")


def _windows(tokens, chunk_size, overlap):
    """The correct loop, after the last check of the contract (that tokens is a sequence)."""
    _require_sequence(tokens)
    return _unchecked_windows(tokens, chunk_size, overlap)


def _unchecked_windows(tokens, chunk_size, overlap):
    """The correct loop, without any checks."""
    windows, start = [], 0
    while start < len(tokens):
        windows.append(list(tokens[start : start + chunk_size]))
        if start + chunk_size >= len(tokens):
            break
        start += chunk_size - overlap
    return windows


class RedundantTailWindow(Mistake):
    """Loops `while start < len(tokens)` and never stops at the window that reaches the end.

    fixed_windows(list("abcdefg"), 3, 1) returns a fourth window ['g'], which lies
    wholly inside ['e', 'f', 'g'] and adds nothing to retrieval but a duplicate.
    Seen in graphrag 2.1.0 and langchain 0.0.200 (EXPLANATION.md, In the wild).
    """

    id = "redundant_tail_window"
    title = "Emits extra windows after the one that reaches the end"
    hint = "Stop right after appending the first window whose end reaches len(tokens)."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        _validate(chunk_size, overlap, tokens)
        windows, start = [], 0
        while start < len(tokens):
            windows.append(list(tokens[start : start + chunk_size]))
            start += chunk_size - overlap
        return windows


class StepIsChunkSize(Mistake):
    """Advances by chunk_size instead of chunk_size - overlap, so windows never overlap.

    fixed_windows(list("abcdefg"), 3, 1) returns [['a','b','c'], ['d','e','f'], ['g']].
    """

    id = "step_is_chunk_size"
    title = "Advances by chunk_size, ignoring the overlap"
    hint = "Each window starts chunk_size - overlap items after the one before."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        _validate(chunk_size, overlap, tokens)
        windows, start = [], 0
        while start < len(tokens):
            windows.append(list(tokens[start : start + chunk_size]))
            if start + chunk_size >= len(tokens):
                break
            start += chunk_size
        return windows


class DropsShortLastWindow(Mistake):
    """Only starts windows that fit whole: range(0, len(tokens) - chunk_size + 1, step).

    fixed_windows(list("abcdefgh"), 4, 1) returns [['a','b','c','d'], ['d','e','f','g']]
    and loses 'h'; input shorter than chunk_size gives [] instead of one window.
    """

    id = "drops_short_last_window"
    title = "Drops the short last window"
    hint = "The last window may be shorter than chunk_size; the tokens at the end must still appear."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        _validate(chunk_size, overlap, tokens)
        step = chunk_size - overlap
        return [list(tokens[start : start + chunk_size]) for start in range(0, len(tokens) - chunk_size + 1, step)]


class EmptyWindowForEmptyInput(Mistake):
    """Appends the first window before checking for input, so [] gives [[]].

    fixed_windows([], 3) returns [[]]: one empty chunk that would be embedded and indexed.
    """

    id = "empty_window_for_empty_input"
    title = "Returns [[]] for empty input"
    hint = "With no tokens there is no window at all: return []."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        _validate(chunk_size, overlap, tokens)
        windows, start = [], 0
        while True:
            windows.append(list(tokens[start : start + chunk_size]))
            if start + chunk_size >= len(tokens):
                return windows
            start += chunk_size - overlap


class NoValidation(Mistake):
    """Checks nothing: overlap >= chunk_size makes the step zero or negative and the loop never ends.

    fixed_windows(list("abc"), 3, 3) runs forever, appending the same window.
    Seen in graphrag 2.1.0 and graphrag 2.2.0, which check nothing (EXPLANATION.md, In the wild).
    """

    id = "no_validation"
    title = "Does not validate chunk_size and overlap"
    hint = "Raise ValueError unless chunk_size >= 1 and 0 <= overlap < chunk_size, and TypeError for non-ints."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        windows, start = [], 0
        while start < len(tokens):
            windows.append(list(tokens[start : start + chunk_size]))
            if start + chunk_size >= len(tokens):
                break
            start += chunk_size - overlap
        return windows


class AcceptsBool(Mistake):
    """Checks isinstance(value, int), which True and False pass, since bool is a subclass of int.

    fixed_windows(list("abc"), True) returns [['a'], ['b'], ['c']] instead of raising TypeError.
    Seen in chonkie 1.7.0 and haystack-ai 3.4.1 (EXPLANATION.md, In the wild).
    """

    id = "accepts_bool"
    title = "Accepts True and False as numbers"
    hint = "bool is a subclass of int: reject it explicitly."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        if not isinstance(chunk_size, int) or not isinstance(overlap, int):
            raise TypeError(f"chunk_size and overlap must be ints, got {chunk_size!r} and {overlap!r}")
        if chunk_size < 1:
            raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
        if not 0 <= overlap < chunk_size:
            raise ValueError(f"overlap must be in [0, chunk_size), got {overlap}")
        return _windows(tokens, chunk_size, overlap)


class ValidatesAfterEmptyCheck(Mistake):
    """Returns [] for empty input before validating, so fixed_windows([], 0) is silently accepted.

    The closest name for langchain-text-splitters 1.1.3, whose one check lets a chunk_size of 0 pass beside a
    negative overlap (EXPLANATION.md, In the wild).
    """

    id = "validates_after_empty_check"
    title = "Skips validation when the input is empty"
    hint = "Check the arguments first: a bad chunk_size is a bug in the caller whatever the input."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        if not tokens:
            return []
        _validate(chunk_size, overlap, tokens)
        return _windows(tokens, chunk_size, overlap)


class MessageOmitsTheValue(Mistake):
    """Raises the right exceptions with messages that do not say which argument or value was bad.

    fixed_windows(list("abc"), 3, 3) raises ValueError('invalid arguments').
    """

    id = "message_omits_the_value"
    about_the_message = True
    title = "Error messages do not name the parameter and its value"
    hint = "Say which parameter is wrong and what it was, e.g. 'overlap must be less than chunk_size (3), got 3'."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        try:
            _validate(chunk_size, overlap, tokens)
        except (TypeError, ValueError) as error:
            raise type(error)("invalid arguments") from None
        return _windows(tokens, chunk_size, overlap)


class ReturnsTheInputItself(Mistake):
    """Takes a shortcut for short input and returns [tokens]: the window is the caller's own object.

    fixed_windows(words, 5) with words = ['to', 'be'] returns [words]; appending to the
    window changes words. For a str or tuple the window is not even a list.
    """

    id = "returns_the_input_itself"
    title = "Returns the input object as a window"
    hint = "Every window must be a new list, even when one window holds the whole input."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        _validate(chunk_size, overlap, tokens)
        if 0 < len(tokens) <= chunk_size:
            return [tokens]
        return _windows(tokens, chunk_size, overlap)


class SlicesNotLists(Mistake):
    """Appends tokens[start:end] as it is: for a str or tuple the windows are strs or tuples.

    fixed_windows("hello", 2, 1) returns ['he', 'el', 'll', 'lo'] instead of lists of characters.
    """

    id = "slices_not_lists"
    title = "Windows keep the input's type instead of being lists"
    hint = "Wrap each slice in list(...), whatever sequence type came in."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        _validate(chunk_size, overlap, tokens)
        windows, start = [], 0
        while start < len(tokens):
            windows.append(tokens[start : start + chunk_size])
            if start + chunk_size >= len(tokens):
                break
            start += chunk_size - overlap
        return windows


class ConsumesTheInput(Mistake):
    """Deletes the consumed tokens from the front of the caller's list (del tokens[:step]).

    The windows are right, but the caller's list is left holding only the last window's
    tail, and each deletion shifts the whole rest of the list, so the work is quadratic.
    """

    id = "consumes_the_input"
    title = "Modifies the caller's list"
    hint = "Never change the input: move a start index along it instead."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        _validate(chunk_size, overlap, tokens)
        windows = []
        while tokens:
            windows.append(list(tokens[:chunk_size]))
            if chunk_size >= len(tokens):
                break
            del tokens[: chunk_size - overlap]
        return windows


class CopiesTheRestEachStep(Mistake):
    """Re-slices the remaining input on every step (rest = rest[step:]), which copies it each time.

    The output is right, but the work is quadratic: 520,000 tokens in windows of 3 take more than a minute.
    """

    id = "copies_the_rest_each_step"
    title = "Copies the rest of the input on every step (quadratic)"
    hint = "Keep the input as it is and move a start index; slicing the rest copies it every time."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        _validate(chunk_size, overlap, tokens)
        windows, rest = [], list(tokens)
        while rest:
            windows.append(rest[:chunk_size])
            if chunk_size >= len(rest):
                break
            rest = rest[chunk_size - overlap :]
        return windows


class ChecksEachArgumentInTurn(Mistake):
    """Checks chunk_size's type and value, then overlap's: with both bad, the wrong error wins.

    fixed_windows([], 0, 1.5) raises ValueError for chunk_size; the contract checks both
    types first, so it is TypeError for overlap.
    """

    id = "checks_each_argument_in_turn"
    title = "Checks each argument's type and value in turn, not both types first"
    hint = "Check the types of chunk_size and overlap first, then the value of chunk_size, then that of overlap."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        for name, value in (("chunk_size", chunk_size), ("overlap", overlap)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"{name} must be an int, got {value!r}")
            if name == "chunk_size" and chunk_size < 1:
                raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
        if not 0 <= overlap < chunk_size:
            raise ValueError(f"overlap must be in [0, chunk_size), got {overlap}")
        return _windows(tokens, chunk_size, overlap)


class ChecksOverlapBeforeChunkSize(Mistake):
    """Checks overlap's value before chunk_size's: with both bad, the error is about overlap.

    fixed_windows([], 0, -1) raises ValueError for overlap; the contract checks chunk_size
    first, so it is ValueError for chunk_size.
    """

    id = "checks_overlap_before_chunk_size"
    title = "Checks the value of overlap before that of chunk_size"
    hint = "Check that chunk_size is at least 1 before checking overlap against it."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        for name, value in (("chunk_size", chunk_size), ("overlap", overlap)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"{name} must be an int, got {value!r}")
        if not 0 <= overlap < chunk_size:
            raise ValueError(f"overlap must be in [0, chunk_size), got {overlap}")
        if chunk_size < 1:
            raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
        return _windows(tokens, chunk_size, overlap)


class OverlapPrependedToBlocks(Mistake):
    """Cuts blocks of chunk_size and prepends the overlap to each: windows start every chunk_size.

    fixed_windows(list("abcdefg"), 3, 1) returns [['a','b','c'], ['c','d','e','f'], ['f','g']]:
    later windows hold chunk_size + overlap items.
    """

    id = "overlap_prepended_to_blocks"
    title = "Prepends the overlap to blocks of chunk_size, so windows grow past chunk_size"
    hint = "The overlap is part of each window's chunk_size items, not added in front of them."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        _validate(chunk_size, overlap, tokens)
        windows, start = [], 0
        while start < len(tokens):
            windows.append(list(tokens[max(0, start - overlap) : start + chunk_size]))
            start += chunk_size
        return windows


class NoWindowWhenShorterThanOverlap(Mistake):
    """Starts windows at range(0, len(tokens) - overlap, step): input of at most overlap tokens gets none.

    fixed_windows(['a', 'b'], 4, 2) returns [] instead of [['a', 'b']]; longer inputs are right.
    """

    id = "no_window_when_shorter_than_overlap"
    title = "Returns no window for input no longer than the overlap"
    hint = "Check which start positions your range allows when len(tokens) <= overlap."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        _validate(chunk_size, overlap, tokens)
        step = chunk_size - overlap
        return [list(tokens[start : start + chunk_size]) for start in range(0, len(tokens) - overlap, step)]


class ValueErrorForAWrongType(Mistake):
    """Folds the type check into the range check, so an argument of the wrong type raises ValueError.

    fixed_windows(["a", "b", "c"], 2.0) raises ValueError instead of TypeError: the caller can
    no longer tell a value out of range from an argument of the wrong kind.
    """

    id = "value_error_for_a_wrong_type"
    title = "Raises ValueError, not TypeError, for an argument that is not an int"
    hint = (
        "Check the type first and raise TypeError for a non-int (bool included); ValueError is for ints out of range."
    )

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        if isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1:
            raise ValueError(f"chunk_size must be an int of at least 1, got {chunk_size!r}")
        if isinstance(overlap, bool) or not isinstance(overlap, int) or not 0 <= overlap < chunk_size:
            raise ValueError(f"overlap must be an int in [0, chunk_size), got {overlap!r}")
        return _windows(tokens, chunk_size, overlap)


class ChecksValuesNotTypes(Mistake):
    """Checks the values of chunk_size and overlap, but never their types.

    True passes as a chunk_size of 1: fixed_windows(list("abc"), True) returns [['a'], ['b'], ['c']]
    instead of raising TypeError; 3.0 gets as far as slicing, whose TypeError names no argument.
    Seen in chonkie 1.7.0, haystack-ai 3.4.1 and langchain-text-splitters 1.1.3 (EXPLANATION.md, In the wild).
    """

    id = "checks_values_not_types"
    title = "Checks the values of chunk_size and overlap, but not that they are ints"
    hint = "Check the types first: raise TypeError naming the argument when it is not an int (bool included)."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        if chunk_size < 1:
            raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
        if not 0 <= overlap < chunk_size:
            raise ValueError(f"overlap must be in [0, chunk_size), got {overlap}")
        return _windows(tokens, chunk_size, overlap)


def _check_types(chunk_size, overlap):
    for name, value in (("chunk_size", chunk_size), ("overlap", overlap)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"{name} must be an int, got {value!r}")


def _range_windows(tokens, chunk_size, overlap):
    """The correct windows from a for loop over range(): the other common way to write the loop."""
    _require_sequence(tokens)
    windows = []
    for start in range(0, len(tokens), chunk_size - overlap):
        windows.append(list(tokens[start : start + chunk_size]))
        if start + chunk_size >= len(tokens):
            break
    return windows


class OverlapNotCheckedAgainstChunkSize(Mistake):
    """Checks the types, chunk_size < 1 and overlap < 0, but never overlap >= chunk_size.

    With overlap == chunk_size the step is 0, and with a larger overlap it is negative: the
    while loop never gets past the input. fixed_windows(list("abcdef"), 3, 3) appends
    ['a', 'b', 'c'] forever, and fixed_windows(list("abc"), 3, 3) returns [['a', 'b', 'c']]
    instead of raising ValueError.
    """

    id = "overlap_not_checked_against_chunk_size"
    title = "Does not reject an overlap of chunk_size or more, so the loop never advances"
    hint = "Raise ValueError when overlap >= chunk_size: the step chunk_size - overlap would be 0 or negative."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        _check_types(chunk_size, overlap)
        if chunk_size < 1:
            raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
        if overlap < 0:
            raise ValueError(f"overlap must be at least 0, got {overlap}")
        return _windows(tokens, chunk_size, overlap)


class OverlapNotCheckedInARangeLoop(Mistake):
    """Checks the types, chunk_size < 1 and overlap < 0, but never overlap >= chunk_size, and loops over range().

    range() refuses a step of 0 with its own ValueError, which names no argument, and a
    negative step gives no start at all: fixed_windows(list("abc"), 3, 3) raises
    ValueError('range() arg 3 must not be zero'), and fixed_windows(list("abcdef"), 3, 4) returns [].
    Counting the windows first, 1 + ceil((len(tokens) - chunk_size) / step), fails the same tests:
    ZeroDivisionError for a step of 0, a single window for a negative one.
    """

    id = "overlap_not_checked_in_a_range_loop"
    title = "Does not reject an overlap of chunk_size or more, so the step is 0 or negative"
    hint = (
        "Raise ValueError naming overlap when overlap >= chunk_size, before the step is used: range(), a "
        "division or a slice with a step of 0 or less fails or gives nothing, and names no argument."
    )

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        _check_types(chunk_size, overlap)
        if chunk_size < 1:
            raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
        if overlap < 0:
            raise ValueError(f"overlap must be at least 0, got {overlap}")
        return _range_windows(tokens, chunk_size, overlap)


class OverlapEqualToChunkSizeAccepted(Mistake):
    """Rejects overlap > chunk_size but lets overlap == chunk_size through (> where >= was meant).

    The step is then 0: fixed_windows(list("abcdef"), 3, 3) appends ['a', 'b', 'c'] forever,
    and fixed_windows(list("abc"), 3, 3) returns [['a', 'b', 'c']] instead of raising.
    """

    id = "overlap_equal_to_chunk_size_accepted"
    title = "Accepts an overlap equal to chunk_size, so the loop never advances"
    hint = "overlap must be less than chunk_size: an overlap equal to it makes the step 0. Check overlap >= chunk_size."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        _check_types(chunk_size, overlap)
        if chunk_size < 1:
            raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
        if overlap < 0 or overlap > chunk_size:
            raise ValueError(f"overlap must be between 0 and chunk_size ({chunk_size}), got {overlap}")
        return _windows(tokens, chunk_size, overlap)


class OverlapEqualToChunkSizeAcceptedInARangeLoop(Mistake):
    """Rejects overlap > chunk_size but lets overlap == chunk_size through, and loops over range().

    range() then refuses the step of 0 with its own message: fixed_windows(list("abc"), 3, 3)
    raises ValueError('range() arg 3 must not be zero'), which names no argument.
    """

    id = "overlap_equal_to_chunk_size_accepted_in_a_range_loop"
    title = "Accepts an overlap equal to chunk_size, and leaves range() to fail on the step of 0"
    hint = "overlap must be less than chunk_size: check overlap >= chunk_size and raise ValueError naming overlap."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        _check_types(chunk_size, overlap)
        if chunk_size < 1:
            raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
        if overlap < 0 or overlap > chunk_size:
            raise ValueError(f"overlap must be between 0 and chunk_size ({chunk_size}), got {overlap}")
        return _range_windows(tokens, chunk_size, overlap)


class ChecksOnlyAnOverlapAboveChunkSize(Mistake):
    """Of the numbers, refuses only an overlap larger than chunk_size: no type, no chunk_size below 1, no negative
    overlap, and > where >= was meant.

    fixed_windows([], 0) returns [], fixed_windows(list("abc"), 3, 3) never ends (its step is 0), and
    fixed_windows(list("abcdef"), 3, -1) returns [['a', 'b', 'c'], ['e', 'f']]: 'd' is in no window.
    Seen in langchain 0.0.200, whose TextSplitter made this one check (EXPLANATION.md, In the wild).
    """

    id = "checks_only_an_overlap_above_chunk_size"
    title = "Checks only that overlap is not above chunk_size"
    hint = (
        "Check every argument: TypeError unless both numbers are ints (not bools), then ValueError unless "
        "chunk_size >= 1 and 0 <= overlap < chunk_size."
    )

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        if overlap > chunk_size:
            raise ValueError(f"overlap must not be larger than chunk_size ({chunk_size}), got {overlap}")
        return _windows(tokens, chunk_size, overlap)


class NegativeOverlapAccepted(Mistake):
    """Checks overlap >= chunk_size but not overlap < 0: a negative overlap skips tokens between windows.

    fixed_windows(list("abcdef"), 3, -1) returns [['a', 'b', 'c'], ['e', 'f']]: 'd' is in no window.
    Seen in chonkie 1.7.0 and langchain-text-splitters 1.1.3 (EXPLANATION.md, In the wild).
    """

    id = "negative_overlap_accepted"
    title = "Accepts a negative overlap, which skips tokens between windows"
    hint = "Raise ValueError for overlap < 0 too: the step would be larger than chunk_size."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        _check_types(chunk_size, overlap)
        if chunk_size < 1:
            raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
        if overlap >= chunk_size:
            raise ValueError(f"overlap must be less than chunk_size ({chunk_size}), got {overlap}")
        return _windows(tokens, chunk_size, overlap)


class AcceptsAFloat(Mistake):
    """Checks isinstance(value, (int, float)), so 3.0 passes the checks and fails later in the slicing.

    fixed_windows(["a", "b", "c"], 2.0) raises TypeError('slice indices must be integers ...'),
    which does not name chunk_size, and fixed_windows([], 0, 1.5) raises ValueError for chunk_size
    where the contract checks both types first.
    """

    id = "accepts_a_float"
    title = "Accepts a float such as 3.0 for chunk_size or overlap"
    hint = "Only an int is a size: raise TypeError naming the argument for a float (and for a bool)."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        for name, value in (("chunk_size", chunk_size), ("overlap", overlap)):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise TypeError(f"{name} must be a number, got {value!r}")
        if chunk_size < 1:
            raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
        if not 0 <= overlap < chunk_size:
            raise ValueError(f"overlap must be in [0, chunk_size), got {overlap}")
        return _windows(tokens, chunk_size, overlap)


class OverlapTypeNotChecked(Mistake):
    """Checks that chunk_size is an int, but not overlap.

    False passes as an overlap of 0, 1.0 fails in the slicing, and '1' or None fail in the
    comparison, each with an error that does not name overlap: fixed_windows(list("abcdef"), 3, "1")
    raises TypeError("'<=' not supported between instances of 'int' and 'str'").
    """

    id = "overlap_type_not_checked"
    title = "Checks that chunk_size is an int, but not overlap"
    hint = "Check overlap's type too, right after chunk_size's: raise TypeError naming overlap when it is not an int."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        if not isinstance(chunk_size, int) or isinstance(chunk_size, bool):
            raise TypeError(f"chunk_size must be an int, got {chunk_size!r}")
        if chunk_size < 1:
            raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
        if not 0 <= overlap < chunk_size:
            raise ValueError(f"overlap must be in [0, chunk_size), got {overlap}")
        return _windows(tokens, chunk_size, overlap)


class MessagesWithoutTheValue(Mistake):
    """Raises the right exceptions, and names the parameter, but not the value that was wrong.

    fixed_windows(list("abc"), 3, 3) raises ValueError('overlap must be non-negative and smaller than
    chunk_size'): the caller cannot see which value came in.
    """

    id = "messages_without_the_value"
    about_the_message = True
    title = "Error messages name the parameter but not its value"
    hint = "Put the bad value in the message too, e.g. 'overlap must be less than chunk_size (3), got 3'."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        for name, value in (("chunk_size", chunk_size), ("overlap", overlap)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"{name} must be an int")
        if chunk_size < 1:
            raise ValueError("chunk_size must be positive")
        if not 0 <= overlap < chunk_size:
            raise ValueError("overlap must be non-negative and smaller than chunk_size")
        return _windows(tokens, chunk_size, overlap)


class StopsOnlyPastTheEnd(Mistake):
    """Stops after a window that passes the end (end > len(tokens)), not one that reaches it exactly.

    A window that ends exactly at the last token is followed by one more, which lies inside it:
    fixed_windows(list("abcdefg"), 3, 1) returns a fourth window ['g']. Writing the full windows in
    a loop and the rest after it (tokens[start:] when start < len(tokens)) does the same.
    """

    id = "stops_only_past_the_end"
    title = "Adds a window after one that ends exactly at the end of the input"
    hint = "A window whose end equals len(tokens) already reaches the end: stop when end >= len(tokens), not >."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        _validate(chunk_size, overlap, tokens)
        windows, start = [], 0
        while start < len(tokens):
            windows.append(list(tokens[start : start + chunk_size]))
            if start + chunk_size > len(tokens):
                break
            start += chunk_size - overlap
        return windows


class LastWindowAlignedToTheEnd(Mistake):
    """Keeps every window full: when the windows do not end exactly at the end, the last one is tokens[-chunk_size:].

    fixed_windows(list("abcdefgh"), 4, 1) returns [['a','b','c','d'], ['d','e','f','g'], ['e','f','g','h']]:
    the last window does not start chunk_size - overlap after the one before, and repeats more than overlap.
    """

    id = "last_window_aligned_to_the_end"
    title = "Makes the last window full by ending it at the end of the input"
    hint = "Window k starts at k * (chunk_size - overlap), the last one too; the last window may be shorter."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        _validate(chunk_size, overlap, tokens)
        if len(tokens) <= chunk_size:
            return [list(tokens)] if tokens else []
        step = chunk_size - overlap
        windows = [list(tokens[start : start + chunk_size]) for start in range(0, len(tokens) - chunk_size + 1, step)]
        if (len(tokens) - chunk_size) % step:
            windows.append(list(tokens[-chunk_size:]))
        return windows


class TuplesStayTuples(Mistake):
    """Turns a str into a list of characters first, but slices a tuple as it is: its windows are tuples.

    fixed_windows(("a", "b", "c"), 2) returns [('a', 'b'), ('c',)] instead of [['a', 'b'], ['c']].
    """

    id = "tuples_stay_tuples"
    title = "Windows of a tuple are tuples, not lists"
    hint = "Every window is a list whatever the sequence: wrap each slice in list(...), not only for a str."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        _validate(chunk_size, overlap, tokens)
        if isinstance(tokens, str):
            tokens = list(tokens)
        windows, start = [], 0
        while start < len(tokens):
            windows.append(tokens[start : start + chunk_size])
            if start + chunk_size >= len(tokens):
                break
            start += chunk_size - overlap
        return windows


class ChecksOverlapTypeFirst(Mistake):
    """Checks the type of overlap before that of chunk_size: with both of the wrong type, the error is about overlap.

    fixed_windows([], "3", None) raises TypeError for overlap; the contract checks chunk_size first.
    """

    id = "checks_overlap_type_first"
    title = "Checks the type of overlap before that of chunk_size"
    hint = "Check the arguments in the statement's order: chunk_size's type, overlap's type, then their values."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        for name, value in (("overlap", overlap), ("chunk_size", chunk_size)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"{name} must be an int, got {value!r}")
        _validate(chunk_size, overlap, tokens)
        return _windows(tokens, chunk_size, overlap)


class ChunkSizeZeroLeftToTheOverlapCheck(Mistake):
    """Checks `chunk_size < 0` instead of `chunk_size < 1`, so a chunk_size of 0 is caught only by the overlap check.

    fixed_windows(["a"], 0) raises ValueError('overlap must be at least 0 and less than chunk_size (0), got 0'):
    an error about overlap, which the caller did not even pass, instead of one about chunk_size.
    """

    id = "chunk_size_zero_left_to_the_overlap_check"
    title = "A chunk_size of 0 is reported as a bad overlap"
    hint = "chunk_size must be at least 1: check chunk_size < 1 before the overlap, so 0 gets chunk_size's error."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        for name, value in (("chunk_size", chunk_size), ("overlap", overlap)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"{name} must be an int, got {value!r}")
        if chunk_size < 0:
            raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
        if not 0 <= overlap < chunk_size:
            raise ValueError(f"overlap must be at least 0 and less than chunk_size ({chunk_size}), got {overlap}")
        return _windows(tokens, chunk_size, overlap)


class RawSlicesWithoutOverlap(Mistake):
    """Takes a shortcut when overlap is 0 and returns the plain slices: for a str or a tuple they are not lists.

    fixed_windows("abcde", 2) returns ['ab', 'cd', 'e'] and fixed_windows(("a", "b", "c"), 2) returns
    [('a', 'b'), ('c',)]; with an overlap, the general loop wraps each slice in list(...) and is right.
    """

    id = "raw_slices_without_overlap"
    title = "With no overlap, windows of a str or tuple are strs or tuples"
    hint = "The shortcut for overlap 0 must still make every window a list: list(tokens[i:i + chunk_size])."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        _validate(chunk_size, overlap, tokens)
        if overlap == 0:
            return [tokens[start : start + chunk_size] for start in range(0, len(tokens), chunk_size)]
        return _windows(tokens, chunk_size, overlap)


@functools.lru_cache(maxsize=256)
def _remembered_windows(tokens, chunk_size, overlap):
    return _windows(tokens, chunk_size, overlap)


class CachesTheAnswer(Mistake):
    """Remembers the windows of a str or a tuple with functools.lru_cache and hands the same lists out again.

    The first answer is right, but every caller gets one and the same list of lists: after
    windows = fixed_windows("abcde", 3, 1); windows[0].append("z"), the next call with equal arguments
    returns [['a', 'b', 'c', 'z'], ['c', 'd', 'e']].
    """

    id = "caches_the_answer"
    title = "Returns the same cached windows to every caller"
    hint = "Build a new list of new windows on every call: a cached answer carries every change its callers made."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        _validate(chunk_size, overlap, tokens)
        if isinstance(tokens, (str, tuple)):
            return _remembered_windows(tokens, chunk_size, overlap)
        return _windows(tokens, chunk_size, overlap)


class NamesTheOverlapOverlapTokens(Mistake):
    """Names its third parameter overlap_tokens (as kata 03 does), so fixed_windows(tokens, 3, overlap=1)
    raises TypeError: an unexpected keyword argument."""

    id = "names_the_overlap_overlap_tokens"
    title = "Names the third parameter overlap_tokens instead of overlap"
    hint = "The parameter is called overlap, and callers pass it by name: fixed_windows(tokens, 3, overlap=1)."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap_tokens=0):
        _validate(chunk_size, overlap_tokens, tokens)
        return _windows(tokens, chunk_size, overlap_tokens)


class BoolCheckOnChunkSizeOnly(Mistake):
    """Refuses a bool chunk_size, but checks overlap with isinstance(overlap, int) alone, which False and True pass.

    fixed_windows(list("abcdef"), 3, False) returns [['a', 'b', 'c'], ['d', 'e', 'f']], as if overlap were 0,
    instead of raising TypeError.
    """

    id = "bool_check_on_chunk_size_only"
    title = "Refuses a bool chunk_size but accepts False or True as overlap"
    hint = "bool is a subclass of int: reject it for overlap too, not only for chunk_size."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        if not isinstance(chunk_size, int) or isinstance(chunk_size, bool):
            raise TypeError(f"chunk_size must be an int, got {chunk_size!r}")
        if not isinstance(overlap, int):
            raise TypeError(f"overlap must be an int, got {overlap!r}")
        if chunk_size < 1:
            raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
        if not 0 <= overlap < chunk_size:
            raise ValueError(f"overlap must be in [0, chunk_size), got {overlap}")
        return _windows(tokens, chunk_size, overlap)


class RejectsTrueButNotFalse(Mistake):
    """Refuses a bool by testing `value is True`, so False passes as 0.

    fixed_windows(list("abcdef"), 3, False) returns two windows instead of raising TypeError, and
    fixed_windows(list("abcdef"), False) raises ValueError (chunk_size below 1) instead of TypeError.
    """

    id = "rejects_true_but_not_false"
    title = "Refuses True but accepts False as a number (a check written `value is True`)"
    hint = "False is a bool too: test isinstance(value, bool), which refuses both True and False."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        for name, value in (("chunk_size", chunk_size), ("overlap", overlap)):
            if not isinstance(value, int) or value is True:
                raise TypeError(f"{name} must be an int, got {value!r}")
        if chunk_size < 1:
            raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
        if not 0 <= overlap < chunk_size:
            raise ValueError(f"overlap must be in [0, chunk_size), got {overlap}")
        return _windows(tokens, chunk_size, overlap)


class EmptyInputAnsweredBeforeTheOverlapsValue(Mistake):
    """Checks both types and chunk_size's value, answers [] for an empty input, and only then checks overlap's value.

    fixed_windows([], 3, -1) and fixed_windows([], 2, 2) return [] instead of raising ValueError for overlap.
    """

    id = "empty_input_answered_before_the_overlaps_value"
    title = "Returns [] for an empty input before checking the value of overlap"
    hint = "Check every argument before answering an empty input: a bad overlap is the caller's bug whatever the input."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        for name, value in (("chunk_size", chunk_size), ("overlap", overlap)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"{name} must be an int, got {value!r}")
        if chunk_size < 1:
            raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
        _require_sequence(tokens)
        if not tokens:
            return []
        if not 0 <= overlap < chunk_size:
            raise ValueError(f"overlap must be in [0, chunk_size), got {overlap}")
        return _windows(tokens, chunk_size, overlap)


class EmptyInputAnsweredBeforeTheOverlapIsChecked(Mistake):
    """Checks chunk_size in full, answers [] for an empty input, and only then checks overlap's type and value.

    fixed_windows([], 3, None) and fixed_windows([], 3, -1) return [] instead of raising for overlap, and
    fixed_windows([], 0, 1.5) raises ValueError for chunk_size, where the types are checked first.
    """

    id = "empty_input_answered_before_the_overlap_is_checked"
    title = "Checks chunk_size, then returns [] for an empty input before checking overlap at all"
    hint = "An empty input excuses neither a bad chunk_size nor a bad overlap: check both before answering it."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        if not isinstance(chunk_size, int) or isinstance(chunk_size, bool):
            raise TypeError(f"chunk_size must be an int, got {chunk_size!r}")
        if chunk_size < 1:
            raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
        _require_sequence(tokens)
        if not tokens:
            return []
        _validate(chunk_size, overlap, tokens)
        return _windows(tokens, chunk_size, overlap)


class OverlapMessageShowsTheChunkSize(Mistake):
    """The overlap error prints chunk_size's value where overlap's was meant.

    fixed_windows(list("abcdef"), 3, 4) raises ValueError('overlap must be at least 0 and less than chunk_size,
    got 3'): the caller passed 4, and reads 3.
    """

    id = "overlap_message_shows_the_chunk_size"
    about_the_message = True
    title = "The overlap error message shows chunk_size's value instead of overlap's"
    hint = "Put overlap's own value in its message: 'overlap must be ... less than chunk_size (3), got 4'."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        _check_types(chunk_size, overlap)
        if chunk_size < 1:
            raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
        if not 0 <= overlap < chunk_size:
            raise ValueError(f"overlap must be at least 0 and less than chunk_size, got {chunk_size}")
        return _windows(tokens, chunk_size, overlap)


class ChunkSizeMessageShowsTheOverlap(Mistake):
    """The chunk_size error prints overlap's value where chunk_size's was meant (the two messages copied).

    fixed_windows(list("abc"), -2) raises ValueError('chunk_size must be at least 1, got 0'): the caller passed
    -2, and reads 0.
    """

    id = "chunk_size_message_shows_the_overlap"
    about_the_message = True
    title = "The chunk_size error message shows overlap's value instead of chunk_size's"
    hint = "Put chunk_size's own value in its message: 'chunk_size must be at least 1, got -2'."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        _check_types(chunk_size, overlap)
        if chunk_size < 1:
            raise ValueError(f"chunk_size must be at least 1, got {overlap}")
        if not 0 <= overlap < chunk_size:
            raise ValueError(f"overlap must be at least 0 and less than chunk_size ({chunk_size}), got {overlap}")
        return _windows(tokens, chunk_size, overlap)


class RejectsAnIntSubclass(Mistake):
    """Checks `type(value) is not int`, which refuses bool but also every other subclass of int.

    With class Size(IntEnum): THREE = 3, fixed_windows(list("abcdefg"), Size.THREE, 1) raises TypeError,
    where an IntEnum member is an int and counts as its value.
    """

    id = "rejects_an_int_subclass"
    title = "Refuses an IntEnum member (or any subclass of int) as chunk_size or overlap"
    hint = "Refuse bool by name: isinstance(value, int) and not isinstance(value, bool) accepts the other subclasses."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        for name, value in (("chunk_size", chunk_size), ("overlap", overlap)):
            if type(value) is not int:
                raise TypeError(f"{name} must be an int, got {value!r}")
        _validate(chunk_size, overlap, tokens)
        return _windows(tokens, chunk_size, overlap)


class TypeErrorWithoutTheValue(Mistake):
    """Names the value in the ValueErrors but not in the TypeErrors.

    fixed_windows(list("abc"), 2.0) raises TypeError('chunk_size must be an int'): the caller cannot see that
    a float came in.
    """

    id = "type_error_without_the_value"
    about_the_message = True
    title = "The TypeError names the parameter but not its value"
    hint = "Put the value in the TypeError too: 'chunk_size must be an int, got 2.0 of type float'."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        for name, value in (("chunk_size", chunk_size), ("overlap", overlap)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"{name} must be an int")
        _validate(chunk_size, overlap, tokens)
        return _windows(tokens, chunk_size, overlap)


class TokensTypeNotChecked(Mistake):
    """Checks chunk_size and overlap, but never that tokens is a sequence: len() or slicing fails on its own.

    fixed_windows(None, 2, 1) raises TypeError("object of type 'NoneType' has no len()") and
    fixed_windows({1, 2, 3}, 2, 1) TypeError("'set' object is not subscriptable"): neither names tokens.
    """

    id = "tokens_type_not_checked"
    title = "Does not check that tokens is a sequence"
    hint = (
        "After the other checks, raise TypeError naming tokens and its type when it is not a sequence: "
        "isinstance(tokens, collections.abc.Sequence)."
    )

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        _check_types(chunk_size, overlap)
        if chunk_size < 1:
            raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
        if not 0 <= overlap < chunk_size:
            raise ValueError(f"overlap must be in [0, chunk_size), got {overlap}")
        return _unchecked_windows(tokens, chunk_size, overlap)


class TurnsAnyIterableIntoAList(Mistake):
    """Starts with tokens = list(tokens), so a set, an iterator or a generator is cut into windows.

    fixed_windows(iter(["a", "b", "c"]), 2, 1) returns [['a', 'b'], ['b', 'c']] instead of raising TypeError,
    and a set's windows follow whatever order the set happens to iterate in.
    """

    id = "turns_any_iterable_into_a_list"
    title = "Accepts a set, an iterator or a generator as tokens (list(tokens) first)"
    hint = "tokens must be a sequence: raise TypeError naming tokens for a set or an iterator instead of listing it."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        _check_types(chunk_size, overlap)
        if chunk_size < 1:
            raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
        if not 0 <= overlap < chunk_size:
            raise ValueError(f"overlap must be in [0, chunk_size), got {overlap}")
        return _unchecked_windows(list(tokens), chunk_size, overlap)


class ChecksTheTokensFirst(Mistake):
    """Checks that tokens is a sequence before checking chunk_size and overlap.

    fixed_windows(None, 0) raises TypeError for tokens; the contract checks chunk_size and overlap first,
    so it is ValueError for chunk_size.
    """

    id = "checks_the_tokens_first"
    title = "Checks tokens before chunk_size and overlap"
    hint = "Check chunk_size and overlap (types, then values) before tokens, as the statement's order says."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        _require_sequence(tokens)
        _validate(chunk_size, overlap, tokens)
        return _windows(tokens, chunk_size, overlap)


class ChecksTheTokensBeforeTheOverlapsValue(Mistake):
    """Checks that tokens is a sequence after chunk_size but before overlap's value.

    fixed_windows(None, 3, 5) raises TypeError for tokens, where the bad overlap should decide (ValueError).
    """

    id = "checks_the_tokens_before_the_overlaps_value"
    title = "Checks tokens before the value of overlap"
    hint = (
        "Check chunk_size and overlap completely (types, then values) and only then tokens, as the statement's "
        "order says."
    )

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        for name, value in (("chunk_size", chunk_size), ("overlap", overlap)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"{name} must be an int, got {value!r}")
        if chunk_size < 1:
            raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
        _require_sequence(tokens)
        _validate(chunk_size, overlap, tokens)
        return _windows(tokens, chunk_size, overlap)


class AcceptsOnlyAListATupleOrAStr(Mistake):
    """Checks the type of tokens against the three kinds the statement names, not against Sequence.

    fixed_windows(range(5), 2) raises TypeError, though a range is a sequence.
    """

    id = "accepts_only_a_list_a_tuple_or_a_str"
    title = "Refuses a sequence that is not a list, a tuple or a str (a range)"
    hint = "Ask isinstance(tokens, collections.abc.Sequence): every sequence is welcome, not only the kinds named."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        _validate(chunk_size, overlap, [])
        if not isinstance(tokens, (list, tuple, str)):
            raise TypeError(f"tokens must be a sequence, got {type(tokens).__name__}")
        return _unchecked_windows(tokens, chunk_size, overlap)


_NO_WINDOWS = []


class OneSharedAnswerForEmptyInput(Mistake):
    """Answers every empty input with one list kept at module level.

    fixed_windows([], 3) is fixed_windows([], 5): a caller who appends to one answer changes the next, and
    after answer.append(["y"]) the next empty input gets [['y']].
    """

    id = "one_shared_answer_for_empty_input"
    title = "Returns one shared list, kept from call to call, for every empty input"
    hint = "Return a new [] on every call: a list kept at module level carries whatever its callers appended."

    @staticmethod
    def fixed_windows(tokens, chunk_size, overlap=0):
        _validate(chunk_size, overlap, tokens)
        if not tokens:
            return _NO_WINDOWS
        return _windows(tokens, chunk_size, overlap)
