"""Edge cases, and one test for each common mistake (see solutions/02_token_budget_packer/mistakes.py)."""

import copy
from enum import IntEnum

import pytest

from kata.judging.checks import check_raises, check_returns, expect
from kata.judging.guards import progress_guard

# The budget boundary -------------------------------------------------------------------


def test_exact_fit_stays_in_the_chunk(pack_sentences):
    check_returns(
        pack_sentences,
        [3, 4],
        7,
        expected=[[0, 1]],
        why="3 + 4 = 7 is exactly the budget, which is allowed: a chunk closes only when the "
        "next sentence would push its total above max_tokens.",
    )


def test_one_token_over_the_budget_starts_a_new_chunk(pack_sentences):
    check_returns(
        pack_sentences,
        [3, 5],
        7,
        expected=[[0], [1]],
        why="3 + 5 = 8 is above the budget of 7, so sentence 1 starts a new chunk.",
    )


def test_the_sentence_that_would_overflow_starts_the_next_chunk(pack_sentences):
    check_returns(
        pack_sentences,
        [6, 2, 1],
        7,
        expected=[[0], [1, 2]],
        why="6 + 2 = 8 > 7: the check comes before the sentence is added, so sentence 1 goes to "
        "the next chunk instead of overflowing the first one.",
    )


def test_a_sentence_exactly_the_size_of_the_budget_is_not_oversized(pack_sentences):
    check_returns(
        pack_sentences,
        [2, 5, 1],
        5,
        expected=[[0], [1], [2]],
        why="a sentence of exactly max_tokens fits an empty chunk and fills it: 2 + 5 and 5 + 1 are both above 5.",
    )


def test_a_sentence_exactly_the_size_of_the_budget_joins_a_chunk_of_zero_size_sentences(pack_sentences):
    check_returns(
        pack_sentences,
        [0, 5],
        5,
        expected=[[0, 1]],
        why="0 + 5 = 5 is not above the budget: a sentence of exactly max_tokens is not oversized, "
        "so it joins the open chunk when that chunk holds no tokens yet.",
    )


def test_a_zero_size_sentence_joins_an_exactly_full_chunk(pack_sentences):
    check_returns(
        pack_sentences,
        [5, 0, 0, 1],
        5,
        expected=[[0, 1, 2], [3]],
        why="5 + 0 = 5 is not above the budget, so zero-size sentences still fit a full chunk; "
        "only sentence 3 (5 + 1 = 6 > 5) starts a new one.",
    )


# The running total -------------------------------------------------------------------


def test_the_total_starts_again_in_each_new_chunk(pack_sentences):
    check_returns(
        pack_sentences,
        [4, 3, 4, 3],
        7,
        expected=[[0, 1], [2, 3]],
        why="when [0, 1] closes, the new chunk's total starts again from sentence 2 alone: 4 + 3 = 7 fits.",
    )


def test_the_new_chunk_counts_the_sentence_that_opened_it(pack_sentences):
    check_returns(
        pack_sentences,
        [4, 4, 4],
        7,
        expected=[[0], [1], [2]],
        why="the chunk opened by sentence 1 already holds its 4 tokens; adding sentence 2 would make 8 > 7.",
    )


# Sentences larger than the budget ------------------------------------------------------


@progress_guard()
def test_no_empty_chunk_comes_before_an_oversized_first_sentence(pack_sentences):
    check_returns(
        pack_sentences,
        [9, 1],
        5,
        expected=[[0], [1]],
        why="a chunk closes only when it is non-empty; an oversized sentence goes into the empty "
        "chunk and makes it a chunk of its own.",
    )


@progress_guard()
def test_an_oversized_sentence_in_the_middle_is_alone(pack_sentences):
    check_returns(
        pack_sentences,
        [1, 2, 9, 1, 2],
        5,
        expected=[[0, 1], [2], [3, 4]],
        why="the 9-token sentence closes [0, 1] (3 + 9 > 5), sits alone, and closes its own "
        "chunk when the next sentence comes (9 + 1 > 5).",
    )


@progress_guard()
def test_consecutive_oversized_sentences_are_each_alone(pack_sentences):
    check_returns(
        pack_sentences,
        [6, 7, 8],
        5,
        expected=[[0], [1], [2]],
        why="every sentence is larger than the budget: each is a chunk of its own, none is dropped.",
    )


@progress_guard()
def test_an_oversized_last_sentence_is_kept(pack_sentences):
    check_returns(
        pack_sentences,
        [1, 2, 9],
        5,
        expected=[[0, 1], [2]],
        why="a sentence larger than the budget is never dropped: its text must reach the index.",
    )


@progress_guard()
def test_a_single_oversized_sentence_is_one_chunk(pack_sentences):
    check_returns(pack_sentences, [100], 1, expected=[[0]])


# Zero-size sentences -------------------------------------------------------------------


def test_zero_size_sentences_join_the_open_chunk(pack_sentences):
    check_returns(
        pack_sentences,
        [2, 0, 0, 3],
        5,
        expected=[[0, 1, 2, 3]],
        why="a sentence of 0 tokens never pushes a chunk that fits above the budget.",
    )


def test_only_zero_size_sentences_make_one_chunk(pack_sentences):
    check_returns(pack_sentences, [0, 0, 0], 1, expected=[[0, 1, 2]])


@progress_guard()
def test_a_zero_size_sentence_after_an_oversized_one_starts_a_new_chunk(pack_sentences):
    check_returns(
        pack_sentences,
        [9, 0, 1],
        5,
        expected=[[0], [1, 2]],
        why="the chunk [0] holds 9 > 5 tokens, so adding even 0 tokens leaves it above the budget; "
        "only a single sentence may be larger than the budget, so sentence 1 starts a new chunk.",
    )


@progress_guard()
def test_a_chunk_of_zero_size_sentences_is_not_empty(pack_sentences):
    check_returns(
        pack_sentences,
        [0, 9, 3, 3],
        5,
        expected=[[0], [1], [2], [3]],
        why="the chunk [0] has a total of 0 but it is not empty, so the 9-token sentence "
        "(0 + 9 > 5) must start a chunk of its own rather than join it.",
    )


# The end of the input ------------------------------------------------------------------


def test_the_last_chunk_is_kept(pack_sentences):
    check_returns(
        pack_sentences,
        [1, 2, 3],
        3,
        expected=[[0, 1], [2]],
        why="when the sentences run out, the open chunk [2] still has to be returned.",
    )


def test_a_last_chunk_of_zero_size_sentences_is_kept(pack_sentences):
    check_returns(
        pack_sentences,
        [5, 0],
        4,
        expected=[[0], [1]],
        why="sentence 1 cannot join the oversized chunk [0] (5 + 0 > 4), so it opens the last chunk; "
        "that chunk has a total of 0 but is not empty, and it must still be returned.",
    )


def test_one_sentence_gives_one_chunk(pack_sentences):
    check_returns(pack_sentences, [4], 10, expected=[[0]])


# What the chunks hold ------------------------------------------------------------------


def test_chunks_hold_sentence_indices_not_sizes(pack_sentences):
    check_returns(
        pack_sentences,
        [7, 8, 9],
        30,
        expected=[[0, 1, 2]],
        why="a chunk lists the positions of its sentences in sizes (0, 1, 2), which the caller "
        "uses to fetch their text; the sizes themselves would not say which sentences they are.",
    )


def test_every_chunk_is_a_separate_list(pack_sentences):
    chunks = check_returns(
        pack_sentences,
        [1, 1, 1, 1],
        2,
        expected=[[0, 1], [2, 3]],
        why="1 + 1 = 2 fills the first chunk; each chunk is a list of its own.",
    )
    expect(
        len({id(chunk) for chunk in chunks}) == len(chunks),
        "every chunk to be its own list, so that changing one chunk never changes another",
        details="Some of the chunks returned are one and the same list object: a chunk appended to the "
        "result and then cleared or reused is the same list as the next.",
    )


@pytest.mark.parametrize(
    "sizes, max_tokens, expected",
    [
        ([], 7, []),
        ((4,), 10, [[0]]),
        ([2, 3, 4, 1], 6, [[0, 1], [2, 3]]),
    ],
    ids=["no sentences", "one chunk", "several chunks"],
)
def test_every_call_returns_a_new_list_of_new_lists(pack_sentences, sizes, max_tokens, expected):
    # Each call gets an input of its own: code that changes its input fails another test, not this one.
    first = check_returns(pack_sentences, copy.copy(sizes), max_tokens, expected=expected)
    for chunk in first:
        chunk.append(99)
    first.append([42])
    try:
        second = check_returns(
            pack_sentences,
            copy.copy(sizes),
            max_tokens,
            expected=expected,
            why="the same call made again gives the same chunks, whatever the caller did with "
            "the answer of the first call (here it appended to it and to each of its "
            "chunks): an answer handed out again, from a cache or a list kept from call to "
            "call, carries those changes.",
        )
    finally:  # the first answer as it came, so that an answer kept from call to call spoils no later test
        first.pop()
        for chunk in first:
            chunk.pop()
    earlier = {id(first)} | {id(chunk) for chunk in first}
    expect(
        id(second) not in earlier and all(id(chunk) not in earlier for chunk in second),
        "a new list of new lists on every call, sharing no list with an earlier answer",
        details="The second call returned a list (or a chunk) that the first call had returned too: "
        "changing one answer changes the other.",
    )


# The input -------------------------------------------------------------------------


def test_the_input_list_is_not_modified(pack_sentences):
    # Unsorted, with an exact fit, an oversized sentence and a zero-size one: sorting the list,
    # appending to it, taking sentences off it, or rewriting a size all show.
    sizes = [3, 4, 9, 0, 2, 5, 1]
    pack_sentences(sizes, 7)
    expect(
        sizes == [3, 4, 9, 0, 2, 5, 1],
        "the input list to be left as it was",
        details=f"After the call the input list was {sizes}.",
    )


def test_a_tuple_of_sizes_is_accepted(pack_sentences):
    check_returns(
        pack_sentences,
        (3, 4, 2),
        7,
        expected=[[0, 1], [2]],
        why="sizes is any sequence; the result is a list of lists whatever came in.",
    )


class Count(IntEnum):
    ZERO = 0
    FOUR = 4
    SEVEN = 7


def test_the_input_items_are_not_modified_nor_replaced(pack_sentences):
    # IntEnum members equal their ints: only their identity shows a size rewritten as int(size) in place.
    original = [3, Count.FOUR, 2, Count.ZERO]
    sizes = list(original)
    pack_sentences(sizes, 7)
    expect(
        len(sizes) == len(original) and all(after is before for after, before in zip(sizes, original)),
        "the input list to be left as it was, each item the very object it held (Count.FOUR, not 4)",
        details=f"After the call the input list was {sizes!r}.",
    )


@pytest.mark.parametrize(
    "sizes, max_tokens",
    [([3, 4, 2], Count.SEVEN), ([3, Count.FOUR, 2], 7), ([Count.ZERO, 3, 4, 2], 7)],
    ids=["max_tokens", "a size", "a size of 0"],
)
def test_a_subclass_of_int_counts_as_its_value(pack_sentences, sizes, max_tokens):
    expected = [[0, 1], [2]] if len(sizes) == 3 else [[0, 1, 2], [3]]
    check_returns(
        pack_sentences,
        sizes,
        max_tokens,
        expected=expected,
        why="an IntEnum member is an int (a subclass of it, as bool is, but not refused as bool is): "
        "Count.ZERO, Count.FOUR and Count.SEVEN count as 0, 4 and 7.",
    )


NOT_SEQUENCES = {
    "a set": (lambda: {3, 4, 2}, "set"),
    "an iterator": (lambda: iter([3, 4, 2]), "list_iterator"),
    "a generator": (lambda: (size for size in [3, 4, 2]), None),
    "None": (lambda: None, "NoneType"),
    "an int": (lambda: 5, "int"),
}


@progress_guard()
@pytest.mark.parametrize("kind", NOT_SEQUENCES)
def test_sizes_that_are_not_a_sequence_are_rejected(pack_sentences, kind):
    make, type_name = NOT_SEQUENCES[kind]
    check_raises(
        pack_sentences,
        make(),
        7,
        error=TypeError,
        mentions=["sizes"] + ([type_name] if type_name else []),
        why="sizes must be a sequence (a list, a tuple or a range): a set has no order, and an iterator "
        "is not a sequence. The message names sizes and the type it got.",
    )


def test_the_type_of_sizes_is_checked_after_the_budget(pack_sentences):
    check_raises(
        pack_sentences,
        None,
        0,
        error=ValueError,
        mentions=["max_tokens", 0],
        why="max_tokens is checked, its type and then its value, before sizes is looked at.",
    )


@pytest.mark.parametrize(
    "sizes, max_tokens, expected",
    [
        ([2**53, 1], 2**53, [[0], [1]]),
        ([1, 2**53 - 1, 1], 2**53, [[0, 1], [2]]),
        ([10**400, 1, 1], 2, [[0], [1, 2]]),
    ],
    ids=["an exact fit at 2**53", "one token past 2**53", "a size past any float"],
)
def test_totals_are_exact_ints_of_any_size(pack_sentences, sizes, max_tokens, expected):
    check_returns(
        pack_sentences,
        sizes,
        max_tokens,
        expected=expected,
        why="sizes and max_tokens are ints of any size, and the totals are kept exact: past 2**53 a "
        "float cannot tell n from n + 1, and past about 10**308 it cannot hold the int at all.",
    )


def test_a_range_of_sizes_is_accepted(pack_sentences):
    check_returns(
        pack_sentences,
        range(5),
        4,
        expected=[[0, 1, 2], [3], [4]],
        why="sizes is any sequence: here 0, 1, 2, 3, 4. 0 + 1 + 2 = 3 fits; adding 3 would make 6 > 4.",
    )


# Validation ------------------------------------------------------------------------


@progress_guard()
@pytest.mark.parametrize("max_tokens", [0, -3])
def test_a_budget_below_one_is_rejected(pack_sentences, max_tokens):
    """max_tokens < 1 must raise ValueError naming max_tokens and its value: no chunk could hold a token."""
    check_raises(pack_sentences, [3, 4], max_tokens, error=ValueError, mentions=["max_tokens", max_tokens])


@progress_guard()
def test_the_budget_is_checked_even_for_no_sentences(pack_sentences):
    """max_tokens is checked before the sizes are looked at, so an empty input does not hide a bad budget."""
    check_raises(pack_sentences, [], 0, error=ValueError, mentions=["max_tokens", 0])


@progress_guard()
def test_the_budget_is_checked_before_the_sizes(pack_sentences):
    """With a bad budget and a bad size, the error is about max_tokens: it is checked first."""
    check_raises(pack_sentences, [-1], 0, error=ValueError, mentions=["max_tokens", 0])


@progress_guard()
@pytest.mark.parametrize("max_tokens", [True, 7.0, "7", None])
def test_a_budget_that_is_not_an_int_is_rejected(pack_sentences, max_tokens):
    """A max_tokens that is not an int (True, 7.0, '7', None) must raise TypeError naming max_tokens and the value."""
    check_raises(pack_sentences, [3, 4], max_tokens, error=TypeError, mentions=["max_tokens", max_tokens])


@progress_guard()
@pytest.mark.parametrize(
    "sizes, index, value",
    [
        ([-1, 2, 3], 0, -1),
        ([2, -7, 3], 1, -7),
        ([3, 4, 2, 5, -1], 4, -1),
    ],
)
def test_a_negative_size_is_rejected_with_its_index(pack_sentences, sizes, index, value):
    """A negative size must raise ValueError whose message names it as sizes[i] with its value,
    so that the caller can find the bad sentence, wherever it is."""
    check_raises(pack_sentences, sizes, 7, error=ValueError, mentions=[f"sizes[{index}]", value])


@progress_guard()
@pytest.mark.parametrize("value", [True, False, 2.5, 2.0, "2", None])
def test_a_size_that_is_not_an_int_is_rejected_with_its_index(pack_sentences, value):
    """A size that is not an int (True, False, 2.5, 2.0, '2', None) must raise TypeError naming sizes[3] and the
    value: a float is not an int even when it is a whole number."""
    check_raises(pack_sentences, [1, 2, 3, value], 10, error=TypeError, mentions=["sizes[3]", value])


@progress_guard()
def test_the_error_names_the_bad_sentence_by_its_index(pack_sentences):
    """A bad size raises, and its message says which sentence it is: sizes[3], counting every sentence from 0."""
    check_raises(
        pack_sentences,
        [2, 0, 3, -4, 1],
        5,
        error=ValueError,
        mentions=["sizes[3]"],
        why="sentence 3 has a negative size; the call must raise rather than pack, and the index in "
        "the message lets the caller find that sentence among thousands.",
    )


@progress_guard()
@pytest.mark.parametrize(
    "sizes, max_tokens, named",
    [
        ([-1.0], 5, "sizes[0]"),
        ([3, -0.5], 5, "sizes[1]"),
        ([3], -1.0, "max_tokens"),
        ([3], False, "max_tokens"),
    ],
    ids=["size -1.0", "size -0.5", "max_tokens -1.0", "max_tokens False"],
)
def test_a_number_that_is_not_an_int_is_refused_for_its_type_before_its_value(pack_sentences, sizes, max_tokens, named):
    """A value is checked for its type and then for its value: -1.0 is a float before it is negative, and False
    is a bool before it is below 1, so the error is TypeError."""
    bad = max_tokens if named == "max_tokens" else sizes[-1]
    check_raises(
        pack_sentences,
        sizes,
        max_tokens,
        error=TypeError,
        mentions=[named, bad],
        why=f"{bad!r} is not an int: its type is checked before its value, so the call raises TypeError, "
        "not ValueError.",
    )


def test_the_first_bad_size_in_order_decides(pack_sentences):
    check_raises(
        pack_sentences,
        [1, -1, "x"],
        5,
        error=ValueError,
        mentions=["sizes[1]", -1],
        why="the sizes are checked in order, each for its type and then its value: sizes[1] comes first.",
    )
