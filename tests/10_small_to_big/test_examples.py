"""The examples printed in problems/10_small_to_big/README.md, in the same order."""

from dataclasses import dataclass

import pytest

from kata.judging.checks import check_raises, check_returns

pytestmark = pytest.mark.examples


@dataclass(frozen=True)
class Span:  # the statement's record: the tests compare records by their class's name and fields
    start: int
    end: int
    parent: int
    rank: int


DOC = (
    "## Ferry\nFerries leave at nine. Tickets cost four euros. Bikes ride free.\n\n"
    "## Museum\nThe museum opens at ten. It closes at six. Entry is free on Sundays. The cafe serves soup."
)
PARENTS = [(0, 73), (75, 175)]
CHILDREN = [(0, 9, 31), (0, 32, 56), (0, 57, 73), (1, 85, 109), (1, 110, 127), (1, 128, 153), (1, 154, 175)]


def test_one_hit_with_no_window_is_the_child_alone(assemble_context):
    check_returns(assemble_context, DOC, [1], CHILDREN, PARENTS, 0, 1.0, 100, expected=[Span(32, 56, 0, 0)])


def test_a_window_of_one_takes_a_neighbour_on_each_side(assemble_context):
    check_returns(
        assemble_context,
        DOC,
        [1],
        CHILDREN,
        PARENTS,
        1,
        1.0,
        100,
        expected=[Span(9, 73, 0, 0)],
        why="children 0 to 2: from the start of child 0 to the end of child 2, without the heading.",
    )


def test_a_window_is_cut_at_its_parents_last_child_and_the_best_hit_comes_first(assemble_context):
    check_returns(
        assemble_context,
        DOC,
        [5, 1],
        CHILDREN,
        PARENTS,
        1,
        1.0,
        100,
        expected=[Span(110, 175, 1, 0), Span(9, 73, 0, 1)],
        why="child 5's window is children 4 to 6, cut at parent 1's last child; the museum's span "
        "comes first because its hit ranks 0.",
    )


def test_adjacent_windows_merge_into_one_span(assemble_context):
    check_returns(
        assemble_context,
        DOC,
        [3, 6],
        CHILDREN,
        PARENTS,
        1,
        1.0,
        100,
        expected=[Span(85, 175, 1, 0)],
        why="child 3's window is children 3 and 4 (cut at the parent's first child), child 6's is 5 "
        "and 6: adjacent, so one run, children 3 to 6.",
    )


def test_enough_hit_children_merge_into_the_whole_parent(assemble_context):
    check_returns(
        assemble_context,
        DOC,
        [3, 4, 1, 3],
        CHILDREN,
        PARENTS,
        0,
        0.5,
        100,
        expected=[Span(75, 175, 1, 0), Span(32, 56, 0, 2)],
        why="2 of parent 1's 4 children are hit (child 3 twice counts once): 2 / 4 >= 0.5, the whole "
        "parent. Parent 0 has 1 of 3: child 1 alone, rank 2.",
    )


def test_a_span_over_the_budget_is_skipped_and_the_next_one_tried(assemble_context):
    check_returns(
        assemble_context,
        DOC,
        [5, 1],
        CHILDREN,
        PARENTS,
        1,
        1.0,
        12,
        expected=[Span(9, 73, 0, 1)],
        why="the museum's window holds 13 words, over 12, so it is skipped; the ferry section's 11 fit.",
    )


def test_no_hits_give_no_spans(assemble_context):
    check_returns(assemble_context, DOC, [], CHILDREN, PARENTS, expected=[])


def test_a_hit_that_is_not_a_child_is_refused(assemble_context):
    check_raises(assemble_context, DOC, [7], CHILDREN, PARENTS, error=ValueError, mentions=["hits[0]", "7"])


def test_a_merge_ratio_of_zero_is_refused(assemble_context):
    check_raises(
        assemble_context, DOC, [1], CHILDREN, PARENTS, merge_ratio=0, error=ValueError, mentions=["merge_ratio", "0"]
    )


def test_overlapping_children_are_refused(assemble_context):
    check_raises(
        assemble_context, DOC, [1], [(0, 9, 31), (0, 20, 56)], PARENTS, error=ValueError, mentions=["children[1]", "20"]
    )


def test_a_parents_first_child_starts_at_or_after_its_parents_start(assemble_context):
    check_raises(
        assemble_context, DOC, [1], [(0, 9, 31), (1, 70, 90)], PARENTS, error=ValueError, mentions=["children[1]", "70"]
    )
