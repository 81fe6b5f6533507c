"""The examples printed in problems/03_recursive_chunker/README.md, in the same order."""

import pytest

from kata.judging.checks import check_raises, check_returns
from kata.judging.guards import progress_guard

pytestmark = pytest.mark.examples

TEXT = (
    "Alpha beta gamma. Delta epsilon zeta eta. Theta iota.\n\n"
    "Kappa lambda mu nu xi. Omicron pi rho sigma tau upsilon phi chi psi omega! Short one?"
)


def test_units_are_sentences_and_a_long_sentence_is_cut(split_units):
    check_returns(
        split_units,
        TEXT,
        8,
        expected=[
            "Alpha beta gamma.",
            "Delta epsilon zeta eta.",
            "Theta iota.",
            "Kappa lambda mu nu xi.",
            "Omicron pi rho sigma tau upsilon phi chi",
            "psi omega!",
            "Short one?",
        ],
    )


@progress_guard()
def test_units_are_packed_greedily_into_chunks(chunk_text):
    check_returns(
        chunk_text,
        TEXT,
        8,
        3,
        expected=[
            "Alpha beta gamma. Delta epsilon zeta eta.",
            "Theta iota. Kappa lambda mu nu xi.",
            "Omicron pi rho sigma tau upsilon phi chi",
            "psi omega! Short one?",
        ],
    )


def test_only_a_mark_followed_by_whitespace_or_a_blank_line_ends_a_unit(split_units):
    check_returns(
        split_units,
        "Pi is 3.14 today.\nSee notes.txt\nand the\tlog.\n \t\nNo full stop here",
        10,
        expected=["Pi is 3.14 today.", "See notes.txt and the log.", "No full stop here"],
    )


@progress_guard()
def test_the_overlap_carries_whole_sentences_and_leaves_room(chunk_text):
    check_returns(
        chunk_text,
        "Cats purr. Dogs bark. Birds sing at dawn. Fish swim.",
        6,
        4,
        expected=["Cats purr. Dogs bark.", "Dogs bark. Birds sing at dawn.", "Birds sing at dawn. Fish swim."],
    )


@progress_guard()
def test_empty_text_gives_no_chunks(chunk_text):
    check_returns(chunk_text, "", 5, 1, expected=[])


@progress_guard()
def test_short_text_gives_one_chunk(chunk_text):
    check_returns(chunk_text, "one two three", 5, 4, expected=["one two three"])


@progress_guard()
def test_fifty_sentences_with_the_largest_overlap(chunk_text):
    """With max_tokens=9 and overlap_tokens=8, each chunk is two consecutive 4-word sentences."""
    fifty = " ".join(f"S{i} w w w." for i in range(1, 51))
    check_returns(
        chunk_text,
        fifty,
        9,
        8,
        expected=[f"S{i} w w w. S{i + 1} w w w." for i in range(1, 50)],
        why="carrying both sentences (8 words) would leave no room for the next one (4 more, "
        "over 9), so exactly one sentence is carried each time.",
    )


@progress_guard()
def test_overlap_equal_to_max_tokens_is_rejected(chunk_text):
    """overlap_tokens >= max_tokens must raise ValueError at once."""
    check_raises(chunk_text, "a b.", 4, 4, error=ValueError, mentions=["overlap_tokens", "4"])


@progress_guard()
def test_bytes_are_rejected_as_text(chunk_text):
    """A text that is not a str must raise TypeError naming the parameter text."""
    check_raises(chunk_text, b"Hello there.", 4, error=TypeError, mentions=["text"])
