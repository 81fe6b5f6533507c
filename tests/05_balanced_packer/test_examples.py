"""The examples printed in problems/05_balanced_packer/README.md, in the same order."""

import pytest

from kata.judging.checks import check_raises, check_returns
from kata.judging.guards import progress_guard

pytestmark = pytest.mark.examples


def test_the_tiny_last_chunk_is_evened_out(balanced_pack):
    check_returns(
        balanced_pack,
        [3, 4, 2, 5, 1],
        7,
        expected=[[0], [1, 2], [3, 4]],
        why="greedy packing with budget 7 makes 3 chunks, [[0, 1], [2, 3], [4]], holding 7, 7 and 1 "
        "tokens. Budget 6 still makes 3 chunks, holding 3, 6 and 6; budget 5 makes 5. So b* = 6, "
        "and the answer is greedy's packing with budget 6.",
    )


def test_sentences_larger_than_the_budget_stay_alone_and_b_star_is_one(balanced_pack):
    check_returns(
        balanced_pack,
        [5, 5, 5],
        4,
        expected=[[0], [1], [2]],
        why="every sentence is larger than the budget, so greedy makes 3 chunks of one sentence with "
        "any budget up to 9: b* = 1, and each sentence stays alone in its chunk.",
    )


def test_four_sentences_split_two_and_two(balanced_pack):
    check_returns(
        balanced_pack,
        [1, 1, 1, 1],
        3,
        expected=[[0, 1], [2, 3]],
        why="greedy with budget 3 makes 2 chunks, [[0, 1, 2], [3]]; budget 2 also makes 2, "
        "[[0, 1], [2, 3]]; budget 1 makes 4. So b* = 2.",
    )


def test_a_sentence_larger_than_b_star_stays_alone(balanced_pack):
    check_returns(
        balanced_pack,
        [9, 1, 1, 1],
        10,
        expected=[[0], [1, 2, 3]],
        why="greedy with budget 10 makes 2 chunks, [[0, 1], [2, 3]]. Budget 3 still makes 2 chunks, "
        "[[0], [1, 2, 3]], with the 9-token sentence alone; budget 2 makes 3. So b* = 3, below "
        "the largest sentence.",
    )


def test_when_no_smaller_budget_keeps_the_count_the_answer_is_greedys_own_packing(balanced_pack):
    check_returns(
        balanced_pack,
        [3, 4],
        7,
        expected=[[0, 1]],
        why="greedy with budget 7 makes 1 chunk of 7 tokens; budget 6 would make 2. So b* = 7 = max_tokens.",
    )


def test_no_sentences_give_no_chunks(balanced_pack):
    check_returns(balanced_pack, [], 5, expected=[], why="with no sentences there is no chunk at all, not [[]].")


@progress_guard()
def test_a_budget_of_zero_is_rejected(balanced_pack):
    """max_tokens must be at least 1: balanced_pack([3, 4], 0) raises ValueError naming max_tokens and 0."""
    check_raises(balanced_pack, [3, 4], 0, error=ValueError, mentions=["max_tokens", 0])


@progress_guard()
def test_a_negative_size_is_rejected_with_its_index(balanced_pack):
    """A negative size raises ValueError naming it as sizes[2], with its value -5."""
    check_raises(balanced_pack, [3, 4, -5], 7, error=ValueError, mentions=["sizes[2]", -5])


@progress_guard()
def test_a_bool_size_is_rejected(balanced_pack):
    """True is not a token count: balanced_pack([3, 4, True], 7) raises TypeError naming sizes[2] and True."""
    check_raises(balanced_pack, [3, 4, True], 7, error=TypeError, mentions=["sizes[2]", True])
