"""Edge cases, and one test for each common mistake (see solutions/05_balanced_packer/mistakes.py)."""

from collections import Counter
from enum import IntEnum

import pytest

from kata.judging.checks import check_raises, check_returns, expect
from kata.judging.guards import complexity_guard, progress_guard
from kata.judging.vocabulary import counted
from tests.support.answers import is_exactly

SCAN_HINT = (
    "Look for a loop that tries the budgets one at a time (budget += 1, or budget -= 1 from max_tokens): "
    "with max_tokens = 10**12 it needs up to 10**12 greedy passes. Binary search the budgets instead."
)

# Balancing: greedy's count, the smallest budget -------------------------------------------


def test_seven_sentences_split_four_and_three(balanced_pack):
    check_returns(
        balanced_pack,
        [1] * 7,
        6,
        expected=[[0, 1, 2, 3], [4, 5, 6]],
        why="greedy with budget 6 makes 2 chunks, of 6 sentences and 1. Budget 4 still makes 2 "
        "chunks, of 4 and 3; budget 3 makes 3. So b* = 4.",
    )


def test_the_answer_is_not_greedys_own_packing_when_a_smaller_budget_keeps_the_count(balanced_pack):
    check_returns(
        balanced_pack,
        [4, 3, 3, 4],
        10,
        expected=[[0, 1], [2, 3]],
        why="greedy with budget 10 makes [[0, 1, 2], [3]], holding 10 and 4 tokens. Budget 7 also "
        "makes 2 chunks, [[0, 1], [2, 3]], holding 7 and 7; budget 6 makes 3. So b* = 7.",
    )


def test_the_smallest_budget_that_holds_everything_in_one_chunk(balanced_pack):
    check_returns(
        balanced_pack,
        [2, 3, 4],
        100,
        expected=[[0, 1, 2]],
        why="with budget 100 everything fits one chunk, and it still does down to budget 9, "
        "the sum of the sizes; budget 8 makes 2 chunks. b* = 9 must not be skipped.",
    )


def test_the_sizes_need_not_add_up_to_the_average(balanced_pack):
    check_returns(
        balanced_pack,
        [2, 2, 2, 2, 2, 2, 2],
        9,
        expected=[[0, 1, 2, 3], [4, 5, 6]],
        why="greedy with budget 9 makes 2 chunks (8 and 6 tokens), so b* = 8: budget 7, the "
        "average ceil(14 / 2), fits only three 2-token sentences per chunk and makes 3 chunks.",
    )


# Sentences larger than the budget -------------------------------------------------------


def test_a_sentence_larger_than_max_tokens_does_not_raise_the_budget(balanced_pack):
    check_returns(
        balanced_pack,
        [9, 1, 1, 1],
        2,
        expected=[[0], [1, 2], [3]],
        why="the 9-token sentence is a chunk of its own at any budget below 10, so it says nothing "
        "about b*: greedy with budget 2 makes 3 chunks, budget 1 makes 4, so b* = 2. A budget "
        "above max_tokens is never used.",
    )


def test_b_star_can_be_below_the_largest_sentence(balanced_pack):
    check_returns(
        balanced_pack,
        [20, 1, 1, 1, 1],
        21,
        expected=[[0], [1, 2, 3, 4]],
        why="greedy with budget 21 makes [[0, 1], [2, 3, 4]]. Budget 4 still makes 2 chunks, with the "
        "20-token sentence alone; budget 3 makes 3. So b* = 4, far below the largest sentence.",
    )


def test_the_largest_sentence_is_no_lower_bound_for_b_star(balanced_pack):
    check_returns(
        balanced_pack,
        [2, 1, 1, 3],
        3,
        expected=[[0], [1, 2], [3]],
        why="greedy with budget 3 makes 3 chunks, [[0, 1], [2], [3]]. Budget 2 also makes 3, "
        "[[0], [1, 2], [3]], with the 3-token sentence alone; budget 1 makes 4. So b* = 2, below "
        "the largest sentence, and a search that starts at 3 returns greedy's own packing.",
    )


def test_every_sentence_alone_gives_b_star_one(balanced_pack):
    check_returns(
        balanced_pack,
        [6, 7, 8],
        5,
        expected=[[0], [1], [2]],
        why="every sentence is larger than the budget, so every budget up to 5 makes 3 chunks of one sentence.",
    )


# The ends of the range: 1 and max_tokens --------------------------------------------------


def test_budget_one_is_a_candidate(balanced_pack):
    check_returns(
        balanced_pack,
        [2, 0, 1],
        2,
        expected=[[0], [1, 2]],
        why="greedy with budget 2 makes 2 chunks, [[0, 1], [2]]. Budget 1 also makes 2: "
        "[[0], [1, 2]], since 2 + 0 is above 1 but 0 + 1 is not. So b* = 1, the lowest budget "
        "there is, and the search must try it.",
    )


def test_max_tokens_of_one_leaves_nothing_to_search(balanced_pack):
    check_returns(
        balanced_pack,
        [1, 2, 3],
        1,
        expected=[[0], [1], [2]],
        why="the only budget from 1 to max_tokens is 1 itself, so b* = 1.",
    )


def test_max_tokens_itself_is_a_candidate(balanced_pack):
    check_returns(
        balanced_pack,
        [4, 4, 4, 4],
        8,
        expected=[[0, 1], [2, 3]],
        why="greedy with budget 8 makes 2 chunks of 8 tokens; budget 7 would put every sentence "
        "alone. So b* = 8 = max_tokens, and the answer is greedy's own packing.",
    )


def test_the_count_to_keep_is_greedys_at_max_tokens(balanced_pack):
    check_returns(
        balanced_pack,
        [3, 4, 2, 5, 1],
        8,
        expected=[[0, 1], [2, 3, 4]],
        why="greedy with budget 8 makes 2 chunks, holding 7 and 8 tokens; budget 7 already makes 3. "
        "So b* = 8 and the answer is greedy's own packing, not a balanced packing into 3 chunks.",
    )


# Integers beyond a float's precision ------------------------------------------------------

FLOAT_HINT = (
    "Look for a division with / in the search, such as int((low + high) / 2): true division gives a float, and a "
    "float holds every integer only up to 2**53, so the middle is rounded and the range can stop shrinking. "
    "Integer division, (low + high) // 2, is exact for ints of any size."
)
E18 = 10**18


@progress_guard(hint=FLOAT_HINT)
@pytest.mark.parametrize(
    "sizes, max_tokens, expected, why",
    [
        (
            [E18 - 1, 1],
            E18,
            [[0, 1]],
            "the sizes add up to 10**18 exactly, so greedy makes one chunk, and so does every budget down to 10**18 "
            "itself; 10**18 - 1 makes 2. So b* = 10**18 = max_tokens, which a float cannot tell from its neighbours.",
        ),
        (
            [E18 + 1, E18 - 1, E18, E18],
            3 * E18,
            [[0, 1], [2, 3]],
            "greedy with 3 * 10**18 makes [[0, 1, 2], [3]], the first holding exactly 3 * 10**18. Budget 2 * 10**18 "
            "also makes 2 chunks, [[0, 1], [2, 3]], each holding 2 * 10**18; one token less makes 3. So b* = 2 * "
            "10**18.",
        ),
        (
            [2**64 + 5, 2**64 - 5, 2**64 + 5, 2**64 - 5, 7],
            2**66,
            [[0, 1], [2, 3, 4]],
            "the first four sizes add up to 2**66 exactly, so greedy with 2**66 makes [[0, 1, 2, 3], [4]]. Budget "
            "2**65 + 7 also makes 2 chunks, [[0, 1], [2, 3, 4]], holding 2**65 and 2**65 + 7; one token less makes 3.",
        ),
    ],
    ids=["10**18", "b* of 2 * 10**18", "past 2**64"],
)
def test_budgets_beyond_a_floats_precision_are_searched_exactly(balanced_pack, sizes, max_tokens, expected, why):
    """max_tokens may be any int: ints are exact at any size, floats only up to 2**53."""
    check_returns(balanced_pack, sizes, max_tokens, expected=expected, why=why)


# Zero-size sentences --------------------------------------------------------------------


def test_zero_size_sentences_follow_the_packing_of_b_star(balanced_pack):
    check_returns(
        balanced_pack,
        [5, 0, 0, 1],
        5,
        expected=[[0], [1, 2, 3]],
        why="greedy with budget 5 makes [[0, 1, 2], [3]]. Budget 1 also makes 2 chunks: 5 + 0 is "
        "above 1, so the zero-size sentences open the second chunk and sentence 3 joins them. "
        "b* = 1, and the answer is greedy's packing with budget 1.",
    )


def test_a_zero_size_sentence_joins_a_chunk_the_budget_fills_exactly(balanced_pack):
    check_returns(
        balanced_pack,
        [1, 0],
        1,
        expected=[[0, 1]],
        why="with max_tokens = 1 greedy makes one chunk: 1 + 0 = 1 still fits, since a chunk closes "
        "only when the next sentence would take it above the budget, not when it reaches it.",
    )


def test_a_chunk_of_zero_size_sentences_closes_before_an_oversized_one(balanced_pack):
    check_returns(
        balanced_pack,
        [0, 5, 0, 5],
        4,
        expected=[[0], [1], [2], [3]],
        why="a chunk that holds a sentence is not empty, even at 0 tokens: 0 + 5 passes any budget up to 4, "
        "so each oversized sentence closes the chunk before it. Greedy makes 4 chunks with every budget "
        "up to 4, so b* = 1.",
    )


def test_a_zero_size_sentence_after_an_oversized_one_opens_a_new_chunk(balanced_pack):
    check_returns(
        balanced_pack,
        [9, 0],
        5,
        expected=[[0], [1]],
        why="the chunk [0] holds 9 tokens, already above the budget, and 9 + 0 = 9 is still above it: "
        "so sentence 1 does not join it but opens the next chunk, at every budget up to 8. Greedy "
        "makes 2 chunks with 5 and with 1, so b* = 1.",
    )


def test_the_search_counts_a_chunk_of_zero_size_sentences_as_a_chunk(balanced_pack):
    check_returns(
        balanced_pack,
        [0, 2],
        2,
        expected=[[0, 1]],
        why="greedy with budget 2 makes one chunk, [0, 1]. With budget 1, sentence 1 cannot join [0]: that "
        "chunk holds a sentence, and 0 + 2 is above 1, so budget 1 makes 2 chunks and b* = 2. The "
        "count that decides b* must close chunks by the same rule as the packing.",
    )


def test_only_zero_size_sentences_make_one_chunk(balanced_pack):
    check_returns(
        balanced_pack,
        [0, 0, 0],
        5,
        expected=[[0, 1, 2]],
        why="a chunk of zero-size sentences holds 0 tokens, which fits budget 1: b* = 1.",
    )


# Few sentences --------------------------------------------------------------------------


def test_one_sentence_gives_one_chunk(balanced_pack):
    check_returns(balanced_pack, [7], 100, expected=[[0]])


def test_one_sentence_larger_than_the_budget_gives_one_chunk(balanced_pack):
    check_returns(balanced_pack, [7], 3, expected=[[0]])


@complexity_guard(hint=SCAN_HINT)
def test_no_sentences_under_a_huge_budget(balanced_pack):
    check_returns(
        balanced_pack,
        [],
        10**12,
        expected=[],
        why="with no sentences there is no chunk, whatever the budget, and nothing to search.",
    )


@complexity_guard(hint=SCAN_HINT)
def test_a_huge_budget_gives_the_total_as_b_star(balanced_pack):
    check_returns(
        balanced_pack,
        [3, 4, 2, 5, 1],
        10**12,
        expected=[[0, 1, 2, 3, 4]],
        why="everything fits one chunk, down to budget 15, the sum of the sizes. The budgets from "
        "15 to 10**12 are far too many to try one by one.",
    )


# What the chunks hold, and the input ------------------------------------------------------


def test_every_chunk_is_a_separate_list(balanced_pack):
    chunks = check_returns(balanced_pack, [1, 1, 1, 1], 3, expected=[[0, 1], [2, 3]])
    chunks[0].append("changed")
    expect(
        chunks[1] == [2, 3], "every chunk to be its own list: appending to the first chunk changed the second one too"
    )


def test_changing_an_answer_does_not_change_the_next_one(balanced_pack):
    first = check_returns(balanced_pack, [1, 2, 2], 4, expected=[[0, 1], [2]])
    first[0].append(99)
    first.clear()
    check_returns(
        balanced_pack,
        [1, 2, 2],
        4,
        expected=[[0, 1], [2]],
        why="the tests changed the first answer to this same call (they appended 99 to its first chunk, "
        "then emptied the list) before calling again: every call returns a new list of new lists, "
        "so what a caller does to one answer never reaches the next.",
    )


def test_two_answers_share_no_list(balanced_pack):
    first = check_returns(balanced_pack, [2, 1, 2], 4, expected=[[0, 1], [2]])
    second = check_returns(balanced_pack, [2, 1, 2], 4, expected=[[0, 1], [2]])
    shared = [f"chunk {i}" for i, chunk in enumerate(second) if any(chunk is old for old in first)]
    expect(
        second is not first and not shared,
        "each call to return a new list of new lists: the second answer, and each of its chunks, must not be "
        "a list the first call returned",
        details=(
            "It returned the very list the first call returned."
            if second is first
            else f"Its {', '.join(shared)} {'is' if len(shared) == 1 else 'are'} the first answer's."
        )
        if second is first or shared
        else "",
    )


def test_the_input_list_is_not_modified(balanced_pack):
    sizes = [3, 4, 2, 5, 1]
    balanced_pack(sizes, 7)
    expect(
        sizes == [3, 4, 2, 5, 1],
        "the input list to be left as it was",
        details=f"After the call the input list was {sizes}.",
    )


def test_a_tuple_of_sizes_is_accepted(balanced_pack):
    check_returns(
        balanced_pack,
        (3, 4, 2, 5, 1),
        7,
        expected=[[0], [1, 2], [3, 4]],
        why="sizes is any sequence; the result is a list of lists whatever came in.",
    )


def test_a_range_of_sizes_is_accepted(balanced_pack):
    check_returns(
        balanced_pack,
        range(1, 6),
        10,
        expected=[[0, 1, 2], [3, 4]],
        why="sizes is any sequence: here 1, 2, 3, 4, 5. Greedy with budget 10 makes "
        "[[0, 1, 2, 3], [4]]; budget 9 also makes 2 chunks, holding 6 and 9; budget 8 makes 3.",
    )


# Validation ------------------------------------------------------------------------


@progress_guard()
@pytest.mark.parametrize("max_tokens", [0, -3])
def test_a_budget_below_one_is_rejected(balanced_pack, max_tokens):
    """max_tokens < 1 must raise ValueError naming max_tokens and its value: no chunk could hold a token."""
    check_raises(balanced_pack, [3, 4], max_tokens, error=ValueError, mentions=["max_tokens", max_tokens])


@progress_guard()
def test_the_budget_is_checked_even_for_no_sentences(balanced_pack):
    """max_tokens is checked before the sizes are looked at, so an empty input does not hide a bad budget."""
    check_raises(balanced_pack, [], 0, error=ValueError, mentions=["max_tokens", 0])


@progress_guard()
def test_the_budget_is_checked_before_the_sizes(balanced_pack):
    """With a bad budget and a bad size, the error is about max_tokens: it is checked first."""
    check_raises(balanced_pack, [-1], 0, error=ValueError, mentions=["max_tokens", 0])


@progress_guard()
@pytest.mark.parametrize("max_tokens", [True, 7.0, "7", None])
def test_a_budget_that_is_not_an_int_is_rejected(balanced_pack, max_tokens):
    """A max_tokens that is not an int (True, 7.0, '7', None) must raise TypeError naming max_tokens and the value."""
    check_raises(balanced_pack, [3, 4], max_tokens, error=TypeError, mentions=["max_tokens", max_tokens])


@progress_guard()
@pytest.mark.parametrize(
    "sizes, index, value",
    [
        ([-1, 2, 3], 0, -1),
        ([2, -7, 3], 1, -7),
        ([3, 4, 2, 5, -1], 4, -1),
    ],
)
def test_a_negative_size_is_rejected_with_its_index(balanced_pack, sizes, index, value):
    """A negative size must raise ValueError whose message names it as sizes[i] with its value:
    with negative sizes the count could rise as the budget grows, and the search would not be valid."""
    check_raises(balanced_pack, sizes, 7, error=ValueError, mentions=[f"sizes[{index}]", value])


@progress_guard()
@pytest.mark.parametrize("value", [True, False, 2.5, "2", None])
def test_a_size_that_is_not_an_int_is_rejected_with_its_index(balanced_pack, value):
    """A size that is not an int (True, False, 2.5, '2', None) must raise TypeError naming sizes[3] and the value."""
    check_raises(balanced_pack, [1, 2, 3, value], 10, error=TypeError, mentions=["sizes[3]", value])


@progress_guard()
def test_a_bad_size_at_the_end_is_found_before_any_packing(balanced_pack):
    """Every size is checked, even the last one of a list that greedy would pack into one chunk."""
    check_raises(balanced_pack, [1, 1, 1, -2], 100, error=ValueError, mentions=["sizes[3]", -2])


@progress_guard()
@pytest.mark.parametrize(
    "sizes, error, value",
    [
        ([2, -1, True], ValueError, -1),
        ([2, True, -1], TypeError, True),
    ],
)
def test_the_first_bad_size_is_the_one_reported(balanced_pack, sizes, error, value):
    """The sizes are checked in order, so the error names the first bad one, sizes[1], and its value."""
    check_raises(balanced_pack, sizes, 7, error=error, mentions=["sizes[1]", value])


@progress_guard()
@pytest.mark.parametrize(
    "sizes, index, value", [([4, 2, 2.0], 2, 2.0), ([1, 0, True], 2, True)], ids=["2.0 after 2", "True after 1"]
)
def test_a_bad_size_equal_to_an_earlier_size_is_named_by_its_own_index(balanced_pack, sizes, index, value):
    """A size that is not an int can equal an earlier good one (2.0 == 2, True == 1): the error must name the bad
    one, sizes[2], not the first equal size that sizes.index() would find."""
    check_raises(balanced_pack, sizes, 7, error=TypeError, mentions=[f"sizes[{index}]", value])


class Tokens(IntEnum):
    THREE = 3
    FOUR = 4
    SEVEN = 7


def test_the_input_items_are_not_modified_nor_replaced(balanced_pack):
    # IntEnum members equal their ints: only their identity shows a size rewritten as int(size) in place.
    original = [Tokens.THREE, Tokens.FOUR, 2, 5, 1]
    sizes = list(original)
    balanced_pack(sizes, 7)
    expect(
        len(sizes) == len(original) and all(after is before for after, before in zip(sizes, original)),
        "the input list to be left as it was, each item the very object it held (Tokens.THREE, not 3)",
        details=f"After the call the input list was {sizes!r}.",
    )


@progress_guard()
@pytest.mark.parametrize(
    "sizes, max_tokens",
    [
        ([Tokens.THREE, Tokens.FOUR, 2, 5, 1], 7),
        ([3, 4, 2, 5, 1], Tokens.SEVEN),
    ],
    ids=["IntEnum sizes", "IntEnum max_tokens"],
)
def test_an_int_subclass_counts_as_its_int_value(balanced_pack, sizes, max_tokens):
    """Only bool is refused among the subclasses of int: an IntEnum member is an int, taken for its value."""
    check_returns(
        balanced_pack,
        sizes,
        max_tokens,
        expected=[[0], [1, 2], [3, 4]],
        why="an IntEnum member is an int: this is balanced_pack([3, 4, 2, 5, 1], 7), the statement's first example.",
    )


@progress_guard()
@pytest.mark.parametrize(
    "sizes, kind",
    [
        (None, "NoneType"),
        (5, "int"),
        ({3, 4}, "set"),
        (iter([3, 4]), "list_iterator"),
    ],
    ids=["None", "an int", "a set", "an iterator"],
)
def test_sizes_that_are_not_a_sequence_are_rejected(balanced_pack, sizes, kind):
    """sizes must be a sequence (a list, a tuple, a range): anything else raises TypeError naming sizes and its
    type. A set has no order, and an iterator cannot be read twice (once to check, once to pack)."""
    check_raises(balanced_pack, sizes, 7, error=TypeError, mentions=["sizes", kind])


@progress_guard()
def test_max_tokens_is_checked_before_the_sequence(balanced_pack):
    """max_tokens is checked first: with a bad budget and sizes that are not a sequence, the error names
    max_tokens."""
    check_raises(balanced_pack, None, 0, error=ValueError, mentions=["max_tokens", 0])


def test_hundreds_of_chunks_are_balanced_too(balanced_pack):
    # Sizes of 10, not 1: trying the budgets one by one then takes 3,000 greedy passes, far
    # past the limit of one call, where 300 passes would only just reach it on a fast machine.
    chunks = balanced_pack([10] * 90_000, 3010)
    expect(
        is_exactly(chunks, [list(range(start, start + 300)) for start in range(0, 90_000, 300)]),
        "300 chunks of 300 sentences each, in order: greedy with 3010 makes 299 chunks of 301 sentences and a "
        "last one of 1, 300 chunks; budget 3000 also makes 300, all of 300 sentences, and 2999 would make 302, "
        "so b* = 3000",
        details=_chunk_lengths(chunks),
    )


def _chunk_lengths(chunks):
    """What came back, in one short line: how many chunks, and how many sentences they hold."""
    if type(chunks) is not list or not all(type(chunk) is list for chunk in chunks):
        return f"It returned a {type(chunks).__name__}, not a list of lists."
    lengths = Counter(len(chunk) for chunk in chunks).most_common(3)
    held = ", ".join(counted(count, "chunk") + f" of {counted(length, 'sentence')}" for length, count in lengths)
    return f"It returned {counted(len(chunks), 'chunk')}: {held}{', ...' if len(lengths) == 3 else ''}."
