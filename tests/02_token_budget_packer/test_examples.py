"""The examples printed in problems/02_token_budget_packer/README.md, in the same order."""

import pytest

from kata.judging.checks import check_raises, check_returns
from kata.judging.guards import progress_guard

pytestmark = pytest.mark.examples


def test_sentences_are_packed_greedily_under_the_budget(pack_sentences):
    check_returns(
        pack_sentences,
        [3, 4, 2, 5, 1],
        7,
        expected=[[0, 1], [2, 3], [4]],
        why="chunks list sentence indices. 3 + 4 = 7 fits exactly, and adding sentence 2 would "
        "make 9 > 7, so [0, 1] closes; 2 + 5 = 7 fits, and adding sentence 4 would make 8, "
        "so [2, 3] closes; [4] is the last chunk.",
    )


@progress_guard()
def test_each_sentence_larger_than_the_budget_is_a_chunk_of_its_own(pack_sentences):
    check_returns(
        pack_sentences,
        [5, 5, 5],
        4,
        expected=[[0], [1], [2]],
        why="a sentence larger than the budget is never dropped or split: it gets a chunk of "
        "its own, and no empty chunk comes before it.",
    )


def test_no_sentences_give_no_chunks(pack_sentences):
    check_returns(pack_sentences, [], 7, expected=[], why="with no sentences there is no chunk at all, not [[]].")


def test_a_sentence_the_size_of_the_budget_fills_a_chunk(pack_sentences):
    check_returns(
        pack_sentences,
        [4, 4],
        4,
        expected=[[0], [1]],
        why="4 tokens fit a budget of 4 exactly; adding the second sentence would make 8 > 4.",
    )


@progress_guard()
def test_an_oversized_first_sentence_is_alone_and_the_rest_pack_after_it(pack_sentences):
    check_returns(
        pack_sentences,
        [9, 1, 1],
        5,
        expected=[[0], [1, 2]],
        why="sentence 0 is larger than the budget, so it is a chunk of its own with no empty chunk "
        "before it; 1 + 1 = 2 fits in the next.",
    )


def test_everything_that_fits_goes_in_one_chunk(pack_sentences):
    check_returns(pack_sentences, [1, 1, 1], 10, expected=[[0, 1, 2]])


@progress_guard()
def test_a_budget_of_zero_is_rejected(pack_sentences):
    """max_tokens must be at least 1: pack_sentences([3, 4], 0) raises ValueError naming max_tokens and 0."""
    check_raises(pack_sentences, [3, 4], 0, error=ValueError, mentions=["max_tokens", 0])


@progress_guard()
def test_a_negative_size_is_rejected_with_its_index(pack_sentences):
    """A negative size raises ValueError naming it as sizes[2], with its value -5."""
    check_raises(pack_sentences, [3, 4, -5], 7, error=ValueError, mentions=["sizes[2]", -5])


@progress_guard()
def test_a_bool_size_is_rejected(pack_sentences):
    """True is not a token count: pack_sentences([3, 4, True], 7) raises TypeError naming sizes[2] and True."""
    check_raises(pack_sentences, [3, 4, True], 7, error=TypeError, mentions=["sizes[2]", True])
