"""Edge cases, and one test for each common mistake (see solutions/01_fixed_windows/mistakes.py)."""

import copy
from enum import IntEnum

import pytest

from kata.judging.checks import check_raises, check_returns, expect
from kata.judging.guards import progress_guard
from tests.support.answers import windowed

# The end of the input ----------------------------------------------------------------------


def test_no_window_follows_one_that_reaches_the_end(fixed_windows):
    check_returns(
        fixed_windows,
        list("abcdefghij"),
        4,
        2,
        expected=[list("abcd"), list("cdef"), list("efgh"), list("ghij")],
        why="['g', 'h', 'i', 'j'] reaches the end of the input; a window ['i', 'j'] after it would hold nothing new.",
    )


def test_exact_fit_without_overlap_gives_no_empty_tail(fixed_windows):
    check_returns(fixed_windows, list("abcdef"), 2, expected=[list("ab"), list("cd"), list("ef")])


def test_the_short_last_window_is_kept(fixed_windows):
    check_returns(
        fixed_windows,
        list("abcdefghi"),
        4,
        expected=[list("abcd"), list("efgh"), ["i"]],
        why="the last window may be shorter than chunk_size; dropping it loses 'i'.",
    )


def test_input_exactly_one_window_long(fixed_windows):
    check_returns(fixed_windows, list("abc"), 3, 2, expected=[list("abc")])


def test_input_shorter_than_the_overlap(fixed_windows):
    check_returns(fixed_windows, ["x"], 4, 3, expected=[["x"]])


def test_empty_input_gives_an_empty_list_not_an_empty_window(fixed_windows):
    check_returns(fixed_windows, [], 4, expected=[], why="with no tokens there is no window at all, not [[]].")


def test_empty_string_gives_no_windows(fixed_windows):
    check_returns(fixed_windows, "", 2, 1, expected=[])


# The step --------------------------------------------------------------------------------


def test_windows_advance_by_chunk_size_minus_overlap(fixed_windows):
    check_returns(
        fixed_windows,
        list(range(10)),
        5,
        3,
        expected=[[0, 1, 2, 3, 4], [2, 3, 4, 5, 6], [4, 5, 6, 7, 8], [6, 7, 8, 9]],
        why="each window starts chunk_size - overlap = 2 items after the one before.",
    )


def test_chunk_size_one_gives_one_window_per_token(fixed_windows):
    check_returns(fixed_windows, ("x", "y", "z"), 1, expected=[["x"], ["y"], ["z"]])


def test_the_largest_overlap_moves_one_token_at_a_time(fixed_windows):
    check_returns(fixed_windows, list("abcde"), 3, 2, expected=[list("abc"), list("bcd"), list("cde")])


def test_overlap_defaults_to_zero(fixed_windows):
    check_returns(fixed_windows, list("abcde"), 2, expected=[list("ab"), list("cd"), ["e"]])


def test_overlap_can_be_given_by_name(fixed_windows):
    check_returns(fixed_windows, list("abcde"), 3, overlap=1, expected=[list("abc"), list("cde")])


# Windows are new lists, and the input stays as it was ---------------------------------------


def test_a_string_without_overlap_is_cut_into_lists(fixed_windows):
    check_returns(
        fixed_windows,
        "abcde",
        2,
        expected=[["a", "b"], ["c", "d"], ["e"]],
        why="every window is a list, also for a str and with no overlap: slicing a str gives "
        "a str, so each slice must be turned into a list.",
    )


def test_a_tuple_is_cut_into_lists(fixed_windows):
    check_returns(
        fixed_windows,
        ("a", "b", "c"),
        2,
        expected=[["a", "b"], ["c"]],
        why="every window is a list, whatever sequence the tokens came in.",
    )


def test_a_single_window_is_a_new_list_not_the_input(fixed_windows):
    tokens = ["one", "two"]
    windows = windowed(fixed_windows, tokens, 5)
    expect(windows == [["one", "two"]], "[['one', 'two']]: one window holding all the tokens")
    expect(
        windows[0] is not tokens,
        "a new list: the window returned is the input list itself, so changing one changes the other",
    )


def test_windows_are_distinct_lists(fixed_windows):
    windows = check_returns(fixed_windows, list("abcdef"), 2, expected=[list("ab"), list("cd"), list("ef")])
    expect(
        len({id(window) for window in windows}) == len(windows),
        "every window to be its own list, so that changing one window never changes another",
        details="Some of the windows returned are one and the same list object.",
    )


def test_the_input_list_is_not_modified(fixed_windows):
    tokens = list("abcdefg")
    fixed_windows(tokens, 3, 1)
    expect(
        tokens == list("abcdefg"),
        "the input list to be left as it was",
        details=f"After the call the input list was {tokens}.",
    )


def test_changing_a_window_leaves_the_input_alone(fixed_windows):
    tokens = list("abcd")
    windows = windowed(fixed_windows, tokens, 4)  # the call itself must leave the input as it was
    windows[0][0] = "changed"
    expect(
        tokens == list("abcd"),
        "windows that do not share storage with the input",
        details=f"Setting windows[0][0] changed the input to {tokens}.",
    )


@pytest.mark.parametrize(
    "tokens, chunk_size, overlap, expected",
    [
        ([], 3, 1, []),
        (("to", "be"), 5, 0, [["to", "be"]]),
        ("abcde", 3, 1, [["a", "b", "c"], ["c", "d", "e"]]),
    ],
    ids=["empty input", "one window", "several windows"],
)
def test_every_call_returns_a_new_list_of_new_windows(fixed_windows, tokens, chunk_size, overlap, expected):
    # Each call gets an input of its own: code that changes its input fails another test, not this one.
    first = check_returns(fixed_windows, copy.copy(tokens), chunk_size, overlap, expected=expected)
    for window in first:
        window.append("z")
    first.append(["y"])
    try:
        second = check_returns(
            fixed_windows,
            copy.copy(tokens),
            chunk_size,
            overlap,
            expected=expected,
            why="the same call made again gives the same windows, whatever the caller did with "
            "the answer of the first call (here it appended to it and to each of its "
            "windows): an answer handed out again, from a cache or a list kept from call to "
            "call, carries those changes.",
        )
    finally:  # the first answer as it came, so that an answer kept from call to call spoils no later test
        first.pop()
        for window in first:
            window.pop()
    earlier = {id(first)} | {id(window) for window in first}
    expect(
        id(second) not in earlier and all(id(window) not in earlier for window in second),
        "a new list of new windows on every call, sharing no list with an earlier answer",
        details="The second call returned a list (or a window) that the first call had returned too: "
        "changing one answer changes the other.",
    )


# Validation -----------------------------------------------------------------------------


@progress_guard()
@pytest.mark.parametrize("overlap", [3, 4, 10])
def test_overlap_not_below_chunk_size_is_rejected(fixed_windows, overlap):
    """overlap >= chunk_size must raise ValueError at once: the step would be zero or negative."""
    check_raises(
        fixed_windows,
        list("abcdef"),
        3,
        overlap,
        error=ValueError,
        mentions=["overlap", overlap],
        why="with overlap >= chunk_size a window would not start after the one before; the loop would never end.",
    )


@progress_guard()
def test_negative_overlap_is_rejected(fixed_windows):
    """A negative overlap must raise ValueError naming overlap and its value."""
    check_raises(
        fixed_windows,
        list("abcdef"),
        3,
        -1,
        error=ValueError,
        mentions=["overlap", -1],
        why="a negative overlap would skip tokens between windows.",
    )


@progress_guard()
@pytest.mark.parametrize("chunk_size", [0, -2])
def test_chunk_size_below_one_is_rejected(fixed_windows, chunk_size):
    """chunk_size < 1 must raise ValueError at once: no window can hold fewer than one token."""
    raised = check_raises(fixed_windows, list("abc"), chunk_size, error=ValueError, mentions=["chunk_size", chunk_size])
    expect(
        "overlap" not in str(raised),
        "a ValueError about chunk_size alone: chunk_size is checked "
        "before overlap, and its message does not speak of overlap",
        details=f"Its message was {str(raised)!r}.",
    )


@progress_guard()
def test_chunk_size_is_checked_even_for_empty_input(fixed_windows):
    """The arguments are checked before the input is looked at, so an empty input does not hide a bad chunk_size."""
    raised = check_raises(fixed_windows, [], 0, error=ValueError, mentions=["chunk_size", 0])
    expect(
        "overlap" not in str(raised),
        "a ValueError about chunk_size alone, whose message does not speak of overlap",
        details=f"Its message was {str(raised)!r}.",
    )


@progress_guard()
@pytest.mark.parametrize("chunk_size, overlap", [(2, 2), (3, -1)])
def test_bad_overlap_is_rejected_even_for_empty_input(fixed_windows, chunk_size, overlap):
    """The arguments are checked before the input is looked at, so an empty input does not hide a bad overlap."""
    check_raises(fixed_windows, [], chunk_size, overlap, error=ValueError, mentions=["overlap", overlap])


def test_an_overlap_of_the_wrong_type_is_rejected_even_for_empty_input(fixed_windows):
    check_raises(
        fixed_windows,
        [],
        3,
        None,
        error=TypeError,
        mentions=["overlap", None],
        why="the arguments are checked before the input is looked at, overlap as well as chunk_size: "
        "an empty input does not hide an overlap that is not an int.",
    )


@progress_guard()
@pytest.mark.parametrize("chunk_size", [True, False, 3.0, "3", None])
def test_a_chunk_size_that_is_not_an_int_is_rejected(fixed_windows, chunk_size):
    """A chunk_size that is not an int (True, False, 3.0, '3', None) must raise TypeError naming chunk_size and
    its value."""
    check_raises(fixed_windows, list("abcdef"), chunk_size, error=TypeError, mentions=["chunk_size", chunk_size])


@progress_guard()
@pytest.mark.parametrize("overlap", [False, True, 1.0, "1", None])
def test_an_overlap_that_is_not_an_int_is_rejected(fixed_windows, overlap):
    """An overlap that is not an int (False, True, 1.0, '1', None) must raise TypeError naming overlap and its
    value."""
    check_raises(fixed_windows, list("abcdef"), 3, overlap, error=TypeError, mentions=["overlap", overlap])


class Size(IntEnum):
    ONE = 1
    THREE = 3


@pytest.mark.parametrize(
    "chunk_size, overlap",
    [(Size.THREE, 1), (3, Size.ONE), (Size.THREE, Size.ONE)],
    ids=["chunk_size", "overlap", "both"],
)
def test_a_subclass_of_int_counts_as_its_value(fixed_windows, chunk_size, overlap):
    check_returns(
        fixed_windows,
        list("abcdefg"),
        chunk_size,
        overlap,
        expected=[["a", "b", "c"], ["c", "d", "e"], ["e", "f", "g"]],
        why="an IntEnum member is an int (a subclass of it, as bool is, but not refused as bool is): "
        "Size.THREE and Size.ONE count as 3 and 1.",
    )


NOT_SEQUENCES = {
    "a set": (lambda: {1, 2, 3}, "set"),
    "an iterator": (lambda: iter(["a", "b", "c"]), "list_iterator"),
    "a generator": (lambda: (token for token in "abc"), None),
    "None": (lambda: None, "NoneType"),
    "an int": (lambda: 5, "int"),
}


@progress_guard()
@pytest.mark.parametrize("kind", NOT_SEQUENCES)
def test_tokens_that_are_not_a_sequence_are_rejected(fixed_windows, kind):
    make, type_name = NOT_SEQUENCES[kind]
    check_raises(
        fixed_windows,
        make(),
        2,
        1,
        error=TypeError,
        mentions=["tokens"] + ([type_name] if type_name else []),
        why="tokens must be a sequence (a list, a tuple, a range or a str): a set has no order, and an "
        "iterator can be neither measured nor sliced. The message names tokens and the type it got.",
    )


def test_the_type_of_tokens_is_checked_after_the_other_arguments(fixed_windows):
    raised = check_raises(
        fixed_windows,
        None,
        0,
        error=ValueError,
        mentions=["chunk_size", 0],
        why="chunk_size and overlap are checked before tokens is looked at: the bad chunk_size decides.",
    )
    expect(
        "tokens" not in str(raised),
        "a ValueError about chunk_size alone, checked before tokens",
        details=f"Its message was {str(raised)!r}.",
    )


def test_a_range_of_tokens_is_a_sequence_and_is_windowed(fixed_windows):
    check_returns(
        fixed_windows,
        range(5),
        2,
        expected=[[0, 1], [2, 3], [4]],
        why="a range is a sequence (collections.abc.Sequence): its items are the tokens, and each window "
        "is a new list of them.",
    )


@pytest.mark.parametrize("overlap", [5, -1], ids=["overlap too large", "overlap negative"])
def test_the_type_of_tokens_is_checked_after_the_value_of_overlap(fixed_windows, overlap):
    raised = check_raises(
        fixed_windows,
        None,
        3,
        overlap,
        error=ValueError,
        mentions=["overlap", overlap],
        why="the value of overlap is checked before tokens is looked at: the bad overlap decides.",
    )
    expect(
        "tokens" not in str(raised),
        "a ValueError about overlap alone, checked before tokens",
        details=f"Its message was {str(raised)!r}.",
    )


def test_when_both_types_are_bad_chunk_size_is_checked_first(fixed_windows):
    check_raises(
        fixed_windows,
        [],
        "3",
        None,
        error=TypeError,
        mentions=["chunk_size"],
        why="neither argument is an int: the type of chunk_size is checked before that of overlap.",
    )


def test_when_two_arguments_are_bad_the_types_are_checked_first(fixed_windows):
    check_raises(
        fixed_windows,
        [],
        0,
        1.5,
        error=TypeError,
        mentions=["overlap"],
        why="both arguments are bad: the types are checked before the values, so overlap's wins.",
    )


def test_when_both_values_are_bad_chunk_size_is_checked_first(fixed_windows):
    raised = check_raises(
        fixed_windows,
        [],
        0,
        -1,
        error=ValueError,
        mentions=["chunk_size", 0],
        why="both values are bad: chunk_size is checked before overlap.",
    )
    expect(
        "overlap" not in str(raised),
        "a ValueError about chunk_size, checked before overlap",
        details=f"Its message was {str(raised)!r}.",
    )
