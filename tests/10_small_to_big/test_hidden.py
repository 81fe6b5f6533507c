"""Edge cases, and one test for each common mistake (see solutions/10_small_to_big/mistakes.py)."""

from enum import IntEnum

import pytest

from kata.judging.checks import check_raises, expect
from tests.support.answers import answer_leaving_the_input_as_it_was, span_records, spans_of

DOC = (
    "## Ferry\nFerries leave at nine. Tickets cost four euros. Bikes ride free.\n\n"
    "## Museum\nThe museum opens at ten. It closes at six. Entry is free on Sundays. The cafe serves soup."
)
PARENTS = [(0, 73), (75, 175)]
CHILDREN = [(0, 9, 31), (0, 32, 56), (0, 57, 73), (1, 85, 109), (1, 110, 127), (1, 128, 153), (1, 154, 175)]
# Parent 1's children: 3 (85, 109), 4 (110, 127), 5 (128, 153), 6 (154, 175).

# A document with text between its children ("Note:", a bullet) and whitespace other than one space inside them:
# two spaces in child 2, a tab in child 4, and a tab between children 3 and 4.
NOTES = (
    "# Packing\nPack light. Note: bring a coat. - Check  the tide.\n\n# Tides\nLow tide at noon.\tHigh\ttide at six."
)
NOTES_PARENTS = [(0, 60), (62, 105)]
NOTES_CHILDREN = [(0, 10, 21), (0, 28, 41), (0, 44, 60), (1, 70, 87), (1, 88, 105)]
# Words (split()): child 0 "Pack light." 2, child 1 "bring a coat." 3, child 2 "Check  the tide." 3,
# child 3 "Low tide at noon." 4, child 4 "High\ttide at six." 4.


def check_spans(assemble_context, args, expected, why):
    spans = spans_of(assemble_context, *args)
    expect(spans == expected, f"the spans {expected}, as (start, end, parent, rank): {why}")


# Auto-merging --------------------------------------------------------------------------------


def test_a_merged_parent_is_one_span_however_many_of_its_children_were_hit(assemble_context):
    check_spans(
        assemble_context,
        (DOC, [3, 4, 5], CHILDREN, PARENTS, 0, 0.5, 100),
        [(75, 175, 1, 0)],
        "3 of parent 1's 4 children are hit: the parent once, with its best rank",
    )


def test_the_merge_ratio_is_a_float_division(assemble_context):
    check_spans(
        assemble_context,
        (DOC, [3, 5], CHILDREN, PARENTS, 0, 0.5, 100),
        [(75, 175, 1, 0)],
        "2 / 4 = 0.5 >= 0.5 merges (with integer division, 2 // 4 = 0 would not)",
    )


def test_the_ratio_is_the_float_division_even_where_a_product_would_round(assemble_context):
    doc = " ".join(f"w{index:02d}" for index in range(25))  # 25 children of one word, 4 characters apart
    children = [(0, 4 * index, 4 * index + 3) for index in range(25)]
    check_spans(
        assemble_context,
        (doc, [0, 4, 8, 12, 16, 20, 24], children, [(0, 99)], 0, 0.28, 100),
        [(0, 99, 0, 0)],
        "7 of the 25 children are hit: 7 / 25 = 0.28 >= 0.28 merges the parent "
        "(compared as 7 >= 0.28 * 25 it would not: the product is 7.000000000000001)",
    )


def test_a_child_hit_several_times_counts_once_towards_the_ratio(assemble_context):
    check_spans(
        assemble_context,
        (DOC, [3, 3, 3], CHILDREN, PARENTS, 0, 0.5, 100),
        [(85, 109, 1, 0)],
        "one distinct child of four is hit: 1 / 4 < 0.5, so child 3 alone",
    )


def test_a_merge_ratio_of_one_merges_only_a_fully_hit_parent(assemble_context):
    check_spans(
        assemble_context,
        (DOC, [2, 0, 1], CHILDREN, PARENTS, 0, 1, 100),
        [(0, 73, 0, 0)],
        "all three children of parent 0 are hit: 3 / 3 >= 1",
    )


def test_a_merged_parent_is_the_whole_parent_heading_included(assemble_context):
    check_spans(
        assemble_context,
        (DOC, [1], CHILDREN, PARENTS, 0, 0.3, 100),
        [(0, 73, 0, 0)],
        "1 / 3 >= 0.3: the span is parents[0] itself, (0, 73), with its heading, not the stretch of its "
        "children (9, 73)",
    )


def test_a_merged_parents_rank_is_its_best_hit_not_its_first_child(assemble_context):
    check_spans(
        assemble_context,
        (DOC, [5, 1, 3], CHILDREN, PARENTS, 0, 0.5, 100),
        [(75, 175, 1, 0), (32, 56, 0, 1)],
        "children 5 (rank 0) and 3 (rank 2) merge parent 1: its rank is the best, 0, so it comes before "
        "child 1 (rank 1)",
    )


# Windows and merging ----------------------------------------------------------------------


def test_overlapping_windows_become_one_span(assemble_context):
    check_spans(
        assemble_context,
        (DOC, [4, 5], CHILDREN, PARENTS, 1, 1.0, 100),
        [(85, 175, 1, 0)],
        "child 4's window is children 3 to 5, child 5's is 4 to 6: they overlap, one run 3 to 6",
    )


def test_windows_that_only_touch_merge_too(assemble_context):
    check_spans(
        assemble_context,
        (DOC, [3, 4], CHILDREN, PARENTS, 0, 1.0, 100),
        [(85, 127, 1, 0)],
        "children 3 and 4 are adjacent: one run, from child 3's start to child 4's end",
    )


def test_a_merged_run_takes_the_best_rank_of_its_hits(assemble_context):
    check_spans(
        assemble_context,
        (DOC, [6, 3], CHILDREN, PARENTS, 1, 1.0, 100),
        [(85, 175, 1, 0)],
        "child 3's window (children 3 and 4, rank 1) and child 6's (5 and 6, rank 0) are adjacent: one "
        "run, ranked 0 by its best hit, child 6, though child 3's window comes first in the document",
    )
    check_spans(
        assemble_context,
        (DOC, [5, 3], CHILDREN, PARENTS, 1, 1.0, 100),
        [(85, 175, 1, 0)],
        "child 3's window (3 and 4, rank 1) overlaps child 5's (4 to 6, rank 0): one run, ranked 0",
    )


def test_a_merged_runs_best_rank_decides_its_place(assemble_context):
    check_spans(
        assemble_context,
        (DOC, [6, 1, 3], CHILDREN, PARENTS, 1, 1.0, 100),
        [(85, 175, 1, 0), (9, 73, 0, 1)],
        "the run of children 3 to 6 holds child 6's hit (rank 0) and child 3's (rank 2): it ranks 0, "
        "before the ferry's run, rank 1",
    )


def test_runs_merge_whatever_the_order_of_their_hits(assemble_context):
    check_spans(
        assemble_context,
        (DOC, [3, 5, 4], CHILDREN, PARENTS, 0, 1.0, 100),
        [(85, 153, 1, 0)],
        "children 3, 5 and 4 are hit: child 4 joins 3 and 5, so one run, children 3 to 5, rank 0 (merging "
        "in rank order would leave 3 and 4-5 apart)",
    )


def test_windows_far_apart_stay_two_spans_each_with_its_own_rank(assemble_context):
    check_spans(
        assemble_context,
        (DOC, [6, 3], CHILDREN, PARENTS, 0, 1.0, 100),
        [(154, 175, 1, 0), (85, 109, 1, 1)],
        "children 3 and 6 are not adjacent: two spans, 6 first",
    )


def test_a_window_stops_at_its_parents_first_child(assemble_context):
    check_spans(
        assemble_context,
        (DOC, [3], CHILDREN, PARENTS, 1, 1.0, 100),
        [(85, 127, 1, 0)],
        "child 3 is parent 1's first child: its window is children 3 and 4, not child 2 of parent 0",
    )


def test_a_window_reaches_its_parents_last_child(assemble_context):
    check_spans(
        assemble_context,
        (DOC, [5], CHILDREN, PARENTS, 1, 1.0, 100),
        [(110, 175, 1, 0)],
        "child 5's window is children 4 to 6: child 6 is parent 1's last child, and included",
    )
    check_spans(
        assemble_context,
        (DOC, [2], CHILDREN, PARENTS, 1, 1.0, 100),
        [(32, 73, 0, 0)],
        "child 2 is parent 0's last child: its window is children 1 and 2",
    )


def test_spans_of_two_parents_never_merge(assemble_context):
    check_spans(
        assemble_context,
        (DOC, [2, 3], CHILDREN, PARENTS, 0, 1.0, 100),
        [(57, 73, 0, 0), (85, 109, 1, 1)],
        "children 2 and 3 are next to each other in the list, but in two parents: two spans",
    )


def test_a_wide_window_covers_the_whole_run_of_children_but_not_the_heading(assemble_context):
    check_spans(
        assemble_context,
        (DOC, [4], CHILDREN, PARENTS, 10, 1.0, 100),
        [(85, 175, 1, 0)],
        "a window of 10 is cut to parent 1's children: from child 3's start, after the heading",
    )


# Ranks, order and budget -----------------------------------------------------------------


def test_a_childs_rank_is_its_first_hit(assemble_context):
    check_spans(
        assemble_context,
        (DOC, [6, 1, 6], CHILDREN, PARENTS, 0, 1.0, 100),
        [(154, 175, 1, 0), (32, 56, 0, 1)],
        "child 6 is hit first (rank 0) and again at 2: its rank is 0",
    )


def test_a_rank_is_the_position_in_hits_repeats_included(assemble_context):
    check_spans(
        assemble_context,
        (DOC, [3, 3, 1], CHILDREN, PARENTS, 0, 1.0, 100),
        [(85, 109, 1, 0), (32, 56, 0, 2)],
        "child 1 is hit at position 2 of hits: its rank is 2, though it is the second distinct child hit",
    )


def test_spans_come_by_rank_not_by_position(assemble_context):
    check_spans(
        assemble_context,
        (DOC, [6, 0], CHILDREN, PARENTS, 0, 1.0, 100),
        [(154, 175, 1, 0), (9, 31, 0, 1)],
        "child 6 ranks first though it comes last in the document",
    )


def test_the_budget_keeps_the_best_spans_not_the_first_in_the_document(assemble_context):
    check_spans(
        assemble_context,
        (DOC, [6, 0], CHILDREN, PARENTS, 0, 1.0, 4),
        [(154, 175, 1, 0)],
        "each span holds 4 words and the budget is 4: the best one, child 6",
    )


def test_a_span_that_does_not_fit_is_skipped_and_later_ones_still_taken(assemble_context):
    check_spans(
        assemble_context,
        (DOC, [5, 2, 0], CHILDREN, PARENTS, 0, 1.0, 4),
        [(57, 73, 0, 1)],
        "child 5 (5 words) does not fit a budget of 4 and is skipped; child 2 (3 words) fits; child 0 "
        "(4 more) does not",
    )


def test_the_budget_counts_the_merged_span_once(assemble_context):
    check_spans(
        assemble_context,
        (DOC, [4, 5], CHILDREN, PARENTS, 1, 1.0, 18),
        [(85, 175, 1, 0)],
        "the windows 3-5 and 4-6 merge into children 3 to 6, 18 words: it fits exactly, though the two "
        "windows counted apart would make 14 + 13 = 27",
    )


def test_a_span_that_fills_the_budget_exactly_is_taken(assemble_context):
    check_spans(
        assemble_context,
        (DOC, [1], CHILDREN, PARENTS, 0, 1.0, 4),
        [(32, 56, 0, 0)],
        "child 1 holds 4 words and the budget is 4: 4 <= 4, it fits",
    )


def test_words_are_split_on_any_whitespace_the_newline_after_a_heading_too(assemble_context):
    check_spans(
        assemble_context,
        (DOC, [3, 4, 2], CHILDREN, PARENTS, 0, 0.5, 19),
        [(57, 73, 0, 2)],
        "parent 1 is merged, and doc[75:175] holds 20 words, '## Museum\\nThe museum ...' splitting at the "
        "newline too: over 19, so it is skipped, and child 2 (3 words) fits",
    )


def test_a_merged_parents_heading_counts_in_its_words(assemble_context):
    check_spans(
        assemble_context,
        (DOC, [0, 1, 6], CHILDREN, PARENTS, 0, 0.5, 12),
        [(154, 175, 1, 2)],
        "parent 0 is merged, and doc[0:73] holds 13 words with its heading '## Ferry': over 12, so it is "
        "skipped, and child 6 (4 words) fits",
    )


def test_a_run_of_spaces_inside_a_span_is_one_gap_between_words(assemble_context):
    check_spans(
        assemble_context,
        (NOTES, [2, 0], NOTES_CHILDREN, NOTES_PARENTS, 0, 1.0, 3),
        [(44, 60, 0, 0)],
        "'Check  the tide.' holds 3 words (split() ignores the second space): it fits 3, and child 0 (2 more) does not",
    )


def test_a_tab_inside_a_span_separates_two_words(assemble_context):
    check_spans(
        assemble_context,
        (NOTES, [4, 0], NOTES_CHILDREN, NOTES_PARENTS, 0, 1.0, 3),
        [(10, 21, 0, 1)],
        "'High\\ttide at six.' holds 4 words: over 3, so it is skipped, and child 0 (2 words) fits",
    )


def test_the_text_between_children_counts_in_a_runs_words(assemble_context):
    check_spans(
        assemble_context,
        (NOTES, [0, 1, 3], NOTES_CHILDREN, NOTES_PARENTS, 0, 1.0, 5),
        [(70, 87, 1, 2)],
        "children 0 and 1 are one run, 'Pack light. Note: bring a coat.', 6 words with the 'Note:' between "
        "them: over 5, so it is skipped, and child 3 (4 words) fits",
    )


def test_no_hits_give_no_spans_even_with_a_tiny_budget(assemble_context):
    check_spans(assemble_context, (DOC, [], CHILDREN, PARENTS, 0, 1.0, 1), [], "nothing to assemble")


def test_a_parent_without_children_is_allowed(assemble_context):
    check_spans(
        assemble_context,
        (DOC, [1], CHILDREN[:3], PARENTS, 0, 1.0, 100),
        [(32, 56, 0, 0)],
        "parent 1 has no children here; parent 0's child 1 is still assembled",
    )


def test_the_defaults_are_a_window_of_one_a_ratio_of_one_half_and_512_words(assemble_context):
    check_spans(
        assemble_context,
        (DOC, [4], CHILDREN, PARENTS),
        [(85, 153, 1, 0)],
        "by default window = 1: child 4 with children 3 and 5 (1 / 4 is below the default ratio 0.5)",
    )
    check_spans(
        assemble_context,
        (DOC, [3, 5], CHILDREN, PARENTS),
        [(75, 175, 1, 0)],
        "by default merge_ratio = 0.5: 2 of parent 1's 4 children merge it",
    )
    long_doc = "w " * 515  # child 0 is the first 512 words, child 1 the next, child 2 the one after
    long_children = [(0, 0, 1023), (0, 1024, 1025), (0, 1026, 1027)]
    check_spans(
        assemble_context,
        (long_doc, [0], long_children, [(0, 1030)], 0, 1.0),
        [(0, 1023, 0, 0)],
        "by default max_tokens = 512: child 0's 512 words fit",
    )
    check_spans(
        assemble_context,
        (long_doc, [2, 0], long_children, [(0, 1030)], 0, 1.0),
        [(1026, 1027, 0, 0)],
        "by default max_tokens = 512: child 2's word fits, and child 0's 512 more do not",
    )


def test_the_inputs_are_never_modified(assemble_context):
    """Only the inputs are judged here: hits, children and parents (lists, each child and parent a list too)
    come back as they went in, whatever the spans; other tests judge the spans."""
    answer_leaving_the_input_as_it_was(
        assemble_context,
        DOC,
        [6, 1, 6, 3],
        [list(child) for child in CHILDREN],
        [list(parent) for parent in PARENTS],
        0,
        1.0,
        100,
    )


def test_repeated_hits_across_two_parents_give_one_span_per_child_by_first_rank(assemble_context):
    check_spans(
        assemble_context,
        (DOC, [6, 1, 6, 3], CHILDREN, PARENTS, 0, 1.0, 100),
        [(154, 175, 1, 0), (32, 56, 0, 1), (85, 109, 1, 3)],
        "children 6, 1 and 3, each alone (window 0, and 3 and 6 are not adjacent), ranked by their first hit",
    )


def test_the_spans_are_frozen_span_records(assemble_context):
    spans = span_records(assemble_context, DOC, [1], CHILDREN, PARENTS, 0, 1.0, 100)
    changed = []
    for span in spans:
        try:
            span.start = span.start  # the same value: a record that takes it is shown as it was
        except AttributeError:  # dataclasses.FrozenInstanceError is one
            continue
        changed.append(span)
    expect(
        not changed,
        "Span records that cannot be changed, as the stub's frozen dataclass Span",
        details="Setting a span's start worked, where the stub's @dataclass(frozen=True) refuses it."
        if changed
        else "",
    )


def test_tuples_are_accepted_everywhere(assemble_context):
    check_spans(
        assemble_context,
        (DOC, (1,), tuple(CHILDREN), tuple(PARENTS), 0, 1.0, 100),
        [(32, 56, 0, 0)],
        "hits, children and parents may be tuples",
    )
    check_spans(
        assemble_context,
        (DOC, [1], [list(child) for child in CHILDREN], [list(p) for p in PARENTS], 0, 1.0, 100),
        [(32, 56, 0, 0)],
        "each child and parent may be a list",
    )


class Count(IntEnum):
    ONE = 1
    FIVE = 5
    HUNDRED = 100


def test_an_intenum_member_counts_as_its_int_value(assemble_context):
    check_spans(
        assemble_context,
        (DOC, [Count.FIVE, Count.ONE], CHILDREN, PARENTS, Count.ONE, 1.0, Count.HUNDRED),
        [(110, 175, 1, 0), (9, 73, 0, 1)],
        "an IntEnum member is an int (a subclass of int other than bool): hits 5 and 1 with a window of 1 "
        "and a budget of 100 give children 4 to 6, then children 0 to 2",
    )


# Errors, in their order -----------------------------------------------------------------


# Up to doc_first, each case is wrong in one argument only, and gives no hits (nor children, for a bad parent)
# that a check made in another order could trip on first: it judges that argument's check alone. The last
# cases, from doc_first on, are wrong in two or more arguments, and judge the order of the checks.
@pytest.mark.parametrize(
    ("args", "kwargs", "error", "mentions"),
    [
        ((b"doc", [1], CHILDREN, PARENTS), {}, TypeError, ["doc", "bytes"]),
        ((DOC, [], [], {(0, 73)}), {}, TypeError, ["parents", "set"]),
        ((DOC, [], [], [(0, 73, 1)]), {}, TypeError, ["parents[0]"]),
        ((DOC, [], [], [(0, 73), (70, 175)]), {}, ValueError, ["parents[1]", "70"]),
        ((DOC, [], [], [(0, 73), (75, 176)]), {}, ValueError, ["parents[1]", "176"]),
        ((DOC, [], [], [(5, 5)]), {}, ValueError, ["parents[0]", "5"]),
        ((DOC, [], [], [(0,)]), {}, TypeError, ["parents[0]"]),
        ((DOC, [], [], [(False, 73)]), {}, TypeError, ["parents[0]", "False"]),
        ((DOC, [], [], [(-1, 73)]), {}, ValueError, ["parents[0]", "-1"]),
        ((DOC, [], [], [(5, 5), (0,)]), {}, ValueError, ["parents[0]", "5"]),
        ((DOC, [], "children", PARENTS), {}, TypeError, ["children", "str"]),
        ((DOC, [], (child for child in CHILDREN), PARENTS), {}, TypeError, ["children", "generator"]),
        ((DOC, [], [(0, 9, True)], PARENTS), {}, TypeError, ["children[0]", "True"]),
        ((DOC, [], [(2, 9, 31)], PARENTS), {}, ValueError, ["children[0]", "2"]),
        ((DOC, [], [(1, 85, 109), (0, 9, 31)], PARENTS), {}, ValueError, ["children[1]", "0"]),
        ((DOC, [], [(0, 9, 31), (0, 40, 80)], PARENTS), {}, ValueError, ["children[1]", "80"]),
        ((DOC, [], [(0, 31, 9)], PARENTS), {}, ValueError, ["children[0]", "31"]),
        ((DOC, [], [(0, 9)], PARENTS), {}, TypeError, ["children[0]"]),
        ((DOC, [], [(0, 9, 9)], PARENTS), {}, ValueError, ["children[0]", "9"]),
        ((DOC, [], [(1, 70, 90)], PARENTS), {}, ValueError, ["children[0]", "70"]),
        ((DOC, [], [(0, 9, 31), (1, 70, 90)], PARENTS), {}, ValueError, ["children[1]", "70"]),
        ((DOC, [], [(-1, 85, 109)], PARENTS), {}, ValueError, ["children[0]", "-1"]),
        ((DOC, [], [(0, 40, 80), (0, 9)], PARENTS), {}, ValueError, ["children[0]", "80"]),
        ((DOC, (1.0,), CHILDREN, PARENTS), {}, TypeError, ["hits[0]", "1.0"]),
        ((DOC, [0, -1], CHILDREN, PARENTS), {}, ValueError, ["hits[1]", "-1"]),
        ((DOC, range(2), CHILDREN, PARENTS), {}, TypeError, ["hits", "range"]),
        ((DOC, None, CHILDREN, PARENTS), {}, TypeError, ["hits", "NoneType"]),
        ((DOC, [True], CHILDREN, PARENTS), {}, TypeError, ["hits[0]", "True"]),
        ((DOC, [9.5], CHILDREN, PARENTS), {}, TypeError, ["hits[0]", "9.5"]),
        ((DOC, [99, 1.0], CHILDREN, PARENTS), {}, ValueError, ["hits[0]", "99"]),
        ((DOC, [1], CHILDREN, PARENTS), {"window": True}, TypeError, ["window", "True"]),
        ((DOC, [1], CHILDREN, PARENTS), {"window": -1}, ValueError, ["window", "-1"]),
        ((DOC, [1], CHILDREN, PARENTS), {"window": 1.0}, TypeError, ["window", "1.0"]),
        ((DOC, [1], CHILDREN, PARENTS), {"merge_ratio": "0.5"}, TypeError, ["merge_ratio", "0.5"]),
        ((DOC, [1], CHILDREN, PARENTS), {"merge_ratio": 1.5}, ValueError, ["merge_ratio", "1.5"]),
        ((DOC, [1], CHILDREN, PARENTS), {"merge_ratio": float("nan")}, ValueError, ["merge_ratio", "nan"]),
        ((DOC, [1], CHILDREN, PARENTS), {"merge_ratio": True}, TypeError, ["merge_ratio", "True"]),
        ((DOC, [1], CHILDREN, PARENTS), {"merge_ratio": -0.5}, ValueError, ["merge_ratio", "-0.5"]),
        ((DOC, [1], CHILDREN, PARENTS), {"max_tokens": 0}, ValueError, ["max_tokens", "0"]),
        ((DOC, [1], CHILDREN, PARENTS), {"max_tokens": 2.0}, TypeError, ["max_tokens", "2.0"]),
        ((DOC, [1], CHILDREN, PARENTS), {"max_tokens": True}, TypeError, ["max_tokens", "True"]),
        ((7, [99], [(5, 1, 0)], [(9, 1)]), {}, TypeError, ["doc"]),
        ((DOC, [99], [(5, 1, 0)], [(9, 1)]), {}, ValueError, ["parents[0]"]),
        ((DOC, [99], [(5, 1, 0)], PARENTS), {}, ValueError, ["children[0]"]),
        ((DOC, [99], CHILDREN, PARENTS), {"window": -1}, ValueError, ["hits[0]"]),
        ((DOC, [1], CHILDREN, PARENTS), {"window": -1, "merge_ratio": 0}, ValueError, ["window"]),
        ((DOC, [1], CHILDREN, PARENTS), {"merge_ratio": 0, "max_tokens": 0}, ValueError, ["merge_ratio"]),
    ],
    ids=[
        "doc",
        "set_of_parents",
        "three_item_parent",
        "overlapping_parents",
        "parent_past_the_end",
        "empty_parent",
        "one_item_parent",
        "bool_in_a_parent",
        "parent_before_the_doc",
        "a_parent_checked_before_the_next_one",
        "str_children",
        "generator_of_children",
        "bool_in_a_child",
        "unknown_parent",
        "parents_out_of_order",
        "child_outside_its_parent",
        "reversed_child",
        "two_item_child",
        "empty_child",
        "child_before_its_parent",
        "first_child_of_a_later_parent_before_its_parent",
        "parent_minus_one",
        "a_child_checked_before_the_next_one",
        "float_hit",
        "negative_hit",
        "range_of_hits",
        "no_hits_at_all",
        "bool_hit",
        "float_hit_out_of_range",
        "a_hit_checked_before_the_next_one",
        "bool_window",
        "negative_window",
        "float_window",
        "str_ratio",
        "ratio_above_1",
        "nan_ratio",
        "bool_ratio",
        "negative_ratio",
        "zero_budget",
        "float_budget",
        "bool_budget",
        "doc_first",
        "parents_before_children",
        "children_before_hits",
        "hits_before_window",
        "window_before_ratio",
        "ratio_before_budget",
    ],
)
def test_bad_arguments_are_refused_in_order(assemble_context, args, kwargs, error, mentions):
    check_raises(assemble_context, *args, error=error, mentions=mentions, **kwargs)


def test_a_childs_parent_order_is_checked_before_its_offsets(assemble_context):
    # Forty parents of seven characters: parent p is doc[7p:7p + 7]. The second child belongs to parent 23,
    # after a child of parent 37, and also starts before that child's end: its parent's order decides.
    doc = "abcdef " * 40
    parents = [(7 * p, 7 * p + 7) for p in range(40)]
    check_raises(
        assemble_context,
        doc,
        [],
        [(37, 260, 265), (23, 162, 167)],
        parents,
        error=ValueError,
        mentions=["children[1]", "23", "37"],
        why="within one child, its parent is checked (it exists, then it does not come before the previous "
        "child's parent) before its offsets: the message names the child, its parent 23 and the "
        "previous child's parent 37.",
    )
