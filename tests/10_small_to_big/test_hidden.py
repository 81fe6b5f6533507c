"""Edge cases, and one test for each common mistake (see solutions/10_small_to_big/mistakes.py)."""

import pytest
from answers import spans_of

from kata.judging.checks import check_raises, expect

DOC = ("## Ferry\nFerries leave at nine. Tickets cost four euros. Bikes ride free.\n\n"
       "## Museum\nThe museum opens at ten. It closes at six. Entry is free on Sundays. The cafe serves soup.")
PARENTS = [(0, 73), (75, 175)]
CHILDREN = [(0, 9, 31), (0, 32, 56), (0, 57, 73), (1, 85, 109), (1, 110, 127), (1, 128, 153), (1, 154, 175)]
# Parent 1's children: 3 (85, 109), 4 (110, 127), 5 (128, 153), 6 (154, 175).


def check_spans(assemble_context, args, expected, why):
    spans = spans_of(assemble_context, *args)
    expect(spans == expected, f"the spans {expected}, as (start, end, parent, rank): {why}")


# Auto-merging --------------------------------------------------------------------------------


def test_a_merged_parent_is_one_span_however_many_of_its_children_were_hit(assemble_context):
    check_spans(assemble_context, (DOC, [3, 4, 5], CHILDREN, PARENTS, 0, 0.5, 100), [(75, 175, 1, 0)],
                "3 of parent 1's 4 children are hit: the parent once, with its best rank")


def test_the_merge_ratio_is_a_float_division(assemble_context):
    check_spans(assemble_context, (DOC, [3, 5], CHILDREN, PARENTS, 0, 0.5, 100), [(75, 175, 1, 0)],
                "2 / 4 = 0.5 >= 0.5 merges (with integer division, 2 // 4 = 0 would not)")


def test_a_child_hit_several_times_counts_once_towards_the_ratio(assemble_context):
    check_spans(assemble_context, (DOC, [3, 3, 3], CHILDREN, PARENTS, 0, 0.5, 100), [(85, 109, 1, 0)],
                "one distinct child of four is hit: 1 / 4 < 0.5, so child 3 alone")


def test_a_merge_ratio_of_one_merges_only_a_fully_hit_parent(assemble_context):
    check_spans(assemble_context, (DOC, [2, 0, 1], CHILDREN, PARENTS, 0, 1, 100), [(0, 73, 0, 0)],
                "all three children of parent 0 are hit: 3 / 3 >= 1")


# Windows and merging ----------------------------------------------------------------------


def test_overlapping_windows_become_one_span(assemble_context):
    check_spans(assemble_context, (DOC, [4, 5], CHILDREN, PARENTS, 1, 1.0, 100), [(85, 175, 1, 0)],
                "child 4's window is children 3 to 5, child 5's is 4 to 6: they overlap, one run 3 to 6")


def test_windows_that_only_touch_merge_too(assemble_context):
    check_spans(assemble_context, (DOC, [3, 4], CHILDREN, PARENTS, 0, 1.0, 100), [(85, 127, 1, 0)],
                "children 3 and 4 are adjacent: one run, from child 3's start to child 4's end")


def test_windows_far_apart_stay_two_spans_each_with_its_own_rank(assemble_context):
    check_spans(assemble_context, (DOC, [6, 3], CHILDREN, PARENTS, 0, 1.0, 100),
                [(154, 175, 1, 0), (85, 109, 1, 1)], "children 3 and 6 are not adjacent: two spans, 6 first")


def test_a_window_stops_at_its_parents_first_child(assemble_context):
    check_spans(assemble_context, (DOC, [3], CHILDREN, PARENTS, 1, 1.0, 100), [(85, 127, 1, 0)],
                "child 3 is parent 1's first child: its window is children 3 and 4, not child 2 of parent 0")


def test_a_window_reaches_its_parents_last_child(assemble_context):
    check_spans(assemble_context, (DOC, [5], CHILDREN, PARENTS, 1, 1.0, 100), [(110, 175, 1, 0)],
                "child 5's window is children 4 to 6: child 6 is parent 1's last child, and included")
    check_spans(assemble_context, (DOC, [2], CHILDREN, PARENTS, 1, 1.0, 100), [(32, 73, 0, 0)],
                "child 2 is parent 0's last child: its window is children 1 and 2")


def test_spans_of_two_parents_never_merge(assemble_context):
    check_spans(assemble_context, (DOC, [2, 3], CHILDREN, PARENTS, 0, 1.0, 100),
                [(57, 73, 0, 0), (85, 109, 1, 1)],
                "children 2 and 3 are next to each other in the list, but in two parents: two spans")


def test_a_wide_window_covers_the_whole_run_of_children_but_not_the_heading(assemble_context):
    check_spans(assemble_context, (DOC, [4], CHILDREN, PARENTS, 10, 1.0, 100), [(85, 175, 1, 0)],
                "a window of 10 is cut to parent 1's children: from child 3's start, after the heading")


# Ranks, order and budget -----------------------------------------------------------------


def test_a_childs_rank_is_its_first_hit(assemble_context):
    check_spans(assemble_context, (DOC, [6, 1, 6], CHILDREN, PARENTS, 0, 1.0, 100),
                [(154, 175, 1, 0), (32, 56, 0, 1)], "child 6 is hit first (rank 0) and again at 2: its rank is 0")


def test_spans_come_by_rank_not_by_position(assemble_context):
    check_spans(assemble_context, (DOC, [6, 0], CHILDREN, PARENTS, 0, 1.0, 100),
                [(154, 175, 1, 0), (9, 31, 0, 1)], "child 6 ranks first though it comes last in the document")


def test_the_budget_keeps_the_best_spans_not_the_first_in_the_document(assemble_context):
    check_spans(assemble_context, (DOC, [6, 0], CHILDREN, PARENTS, 0, 1.0, 4), [(154, 175, 1, 0)],
                "each span holds 4 words and the budget is 4: the best one, child 6")


def test_a_span_that_does_not_fit_is_skipped_and_later_ones_still_taken(assemble_context):
    check_spans(assemble_context, (DOC, [5, 2, 0], CHILDREN, PARENTS, 0, 1.0, 4), [(57, 73, 0, 1)],
                "child 5 (5 words) does not fit a budget of 4 and is skipped; child 2 (3 words) fits; child 0 "
                "(4 more) does not")


def test_the_budget_counts_the_merged_span_once(assemble_context):
    check_spans(assemble_context, (DOC, [4, 5], CHILDREN, PARENTS, 1, 1.0, 18), [(85, 175, 1, 0)],
                "the windows 3-5 and 4-6 merge into children 3 to 6, 18 words: it fits exactly, though the two "
                "windows counted apart would make 14 + 13 = 27")


def test_no_hits_give_no_spans_even_with_a_tiny_budget(assemble_context):
    check_spans(assemble_context, (DOC, [], CHILDREN, PARENTS, 0, 1.0, 1), [], "nothing to assemble")


def test_a_parent_without_children_is_allowed(assemble_context):
    check_spans(assemble_context, (DOC, [1], CHILDREN[:3], PARENTS, 0, 1.0, 100), [(32, 56, 0, 0)],
                "parent 1 has no children here; parent 0's child 1 is still assembled")


def test_tuples_are_accepted_everywhere(assemble_context):
    check_spans(assemble_context, (DOC, (1,), tuple(CHILDREN), tuple(PARENTS), 0, 1.0, 100), [(32, 56, 0, 0)],
                "hits, children and parents may be tuples")
    check_spans(assemble_context, (DOC, [1], [list(child) for child in CHILDREN], [list(p) for p in PARENTS], 0, 1.0,
                                   100), [(32, 56, 0, 0)], "each child and parent may be a list")


# Errors, in their order -----------------------------------------------------------------


@pytest.mark.parametrize(("args", "kwargs", "error", "mentions"), [
    ((b"doc", [1], CHILDREN, PARENTS), {}, TypeError, ["doc"]),
    ((DOC, [1], CHILDREN, {(0, 73)}), {}, TypeError, ["parents"]),
    ((DOC, [1], CHILDREN, [(0, 73, 1)]), {}, TypeError, ["parents[0]"]),
    ((DOC, [1], CHILDREN, [(0, 73), (70, 175)]), {}, ValueError, ["parents[1]", "70"]),
    ((DOC, [1], CHILDREN, [(0, 73), (75, 176)]), {}, ValueError, ["parents[1]", "176"]),
    ((DOC, [1], CHILDREN, [(5, 5)]), {}, ValueError, ["parents[0]", "5"]),
    ((DOC, [1], "children", PARENTS), {}, TypeError, ["children"]),
    ((DOC, [1], [(0, 9, True)], PARENTS), {}, TypeError, ["children[0]", "True"]),
    ((DOC, [1], [(2, 9, 31)], PARENTS), {}, ValueError, ["children[0]", "2"]),
    ((DOC, [1], [(1, 85, 109), (0, 9, 31)], PARENTS), {}, ValueError, ["children[1]", "0"]),
    ((DOC, [1], [(0, 9, 31), (0, 40, 80)], PARENTS), {}, ValueError, ["children[1]", "80"]),
    ((DOC, [1], [(0, 31, 9)], PARENTS), {}, ValueError, ["children[0]", "31"]),
    ((DOC, (1.0,), CHILDREN, PARENTS), {}, TypeError, ["hits[0]", "1.0"]),
    ((DOC, [0, -1], CHILDREN, PARENTS), {}, ValueError, ["hits[1]", "-1"]),
    ((DOC, [1], CHILDREN, PARENTS), {"window": True}, TypeError, ["window", "True"]),
    ((DOC, [1], CHILDREN, PARENTS), {"window": -1}, ValueError, ["window", "-1"]),
    ((DOC, [1], CHILDREN, PARENTS), {"merge_ratio": "0.5"}, TypeError, ["merge_ratio", "0.5"]),
    ((DOC, [1], CHILDREN, PARENTS), {"merge_ratio": 1.5}, ValueError, ["merge_ratio", "1.5"]),
    ((DOC, [1], CHILDREN, PARENTS), {"merge_ratio": float("nan")}, ValueError, ["merge_ratio", "nan"]),
    ((DOC, [1], CHILDREN, PARENTS), {"max_tokens": 0}, ValueError, ["max_tokens", "0"]),
    ((DOC, [1], CHILDREN, PARENTS), {"max_tokens": 2.0}, TypeError, ["max_tokens", "2.0"]),
    ((7, [99], [(5, 1, 0)], [(9, 1)]), {}, TypeError, ["doc"]),
    ((DOC, [99], [(5, 1, 0)], [(9, 1)]), {}, ValueError, ["parents[0]"]),
    ((DOC, [99], [(5, 1, 0)], PARENTS), {}, ValueError, ["children[0]"]),
    ((DOC, [99], CHILDREN, PARENTS), {"window": -1}, ValueError, ["hits[0]"]),
    ((DOC, [1], CHILDREN, PARENTS), {"window": -1, "merge_ratio": 0}, ValueError, ["window"]),
    ((DOC, [1], CHILDREN, PARENTS), {"merge_ratio": 0, "max_tokens": 0}, ValueError, ["merge_ratio"]),
], ids=["doc", "set_of_parents", "three_item_parent", "overlapping_parents", "parent_past_the_end", "empty_parent",
        "str_children", "bool_in_a_child", "unknown_parent", "parents_out_of_order", "child_outside_its_parent",
        "reversed_child", "float_hit", "negative_hit", "bool_window", "negative_window", "str_ratio",
        "ratio_above_1", "nan_ratio", "zero_budget", "float_budget", "doc_first", "parents_before_children",
        "children_before_hits", "hits_before_window", "window_before_ratio", "ratio_before_budget"])
def test_bad_arguments_are_refused_in_order(assemble_context, args, kwargs, error, mentions):
    check_raises(assemble_context, *args, error=error, mentions=mentions, **kwargs)
