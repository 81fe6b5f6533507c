"""The examples printed in problems/01_fixed_windows/README.md, in the same order."""

import pytest

from kata.judging.checks import check_raises, check_returns
from kata.judging.guards import progress_guard

pytestmark = pytest.mark.examples


def test_windows_without_overlap_split_the_input(fixed_windows):
    check_returns(fixed_windows, list("abcdef"), 3, 0, expected=[["a", "b", "c"], ["d", "e", "f"]])


def test_windows_share_one_token(fixed_windows):
    check_returns(fixed_windows, list("abcdefg"), 3, 1, expected=[["a", "b", "c"], ["c", "d", "e"], ["e", "f", "g"]])


def test_last_window_may_be_shorter(fixed_windows):
    check_returns(
        fixed_windows, list("abcdefgh"), 4, 1, expected=[["a", "b", "c", "d"], ["d", "e", "f", "g"], ["g", "h"]]
    )


def test_empty_input_gives_no_windows(fixed_windows):
    check_returns(fixed_windows, [], 3, 1, expected=[])


def test_short_input_gives_one_window(fixed_windows):
    check_returns(fixed_windows, ["to", "be"], 5, expected=[["to", "be"]])


def test_a_string_is_cut_into_lists_of_characters(fixed_windows):
    check_returns(fixed_windows, "hello", 2, 1, expected=[["h", "e"], ["e", "l"], ["l", "l"], ["l", "o"]])


@progress_guard()
def test_overlap_equal_to_chunk_size_is_rejected(fixed_windows):
    """overlap >= chunk_size must raise ValueError at once: the step would be zero."""
    check_raises(fixed_windows, list("abc"), 3, 3, error=ValueError, mentions=["overlap", "3"])


def test_a_float_chunk_size_is_rejected(fixed_windows):
    check_raises(fixed_windows, list("abc"), 2.0, error=TypeError, mentions=["chunk_size", "2.0"])
