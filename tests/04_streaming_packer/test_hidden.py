"""Edge cases, and one test for each common mistake (see solutions/04_streaming_packer/mistakes.py).

The fixtures pack_all, first_chunks, pack_lazily, next_chunk and stream come from conftest.py beside this file.
"""

from enum import IntEnum

import pytest

from kata.judging.checks import check_raises, check_returns, expect, same
from kata.judging.guards import progress_guard

# What the call returns -----------------------------------------------------------------


def test_the_call_returns_an_iterator_not_a_list(iter_pack):
    chunks = iter_pack([3, 4, 2], 7)
    expect(
        iter(chunks) is chunks,
        "an iterator (a generator, or any object whose iter() is itself) that yields the chunks one at a time, "
        "not a list of all of them: "
        "a list can only be built once the whole input has been read",
    )


def test_a_generator_of_sizes_is_accepted(pack_all):
    check_returns(
        pack_all,
        (size for size in [3, 4, 2]),
        7,
        expected=[[0, 1], [2]],
        why="sizes is any iterable; a generator can be read only once, from start to end.",
    )


def test_a_tuple_of_sizes_is_accepted(pack_all):
    check_returns(pack_all, (3, 4, 2), 7, expected=[[0, 1], [2]])


def test_a_range_of_sizes_is_accepted(pack_all):
    check_returns(
        pack_all,
        range(5),
        4,
        expected=[[0, 1, 2], [3], [4]],
        why="the sizes are 0, 1, 2, 3, 4: 0 + 1 + 2 = 3 fits, adding 3 would make 6 > 4.",
    )


# The packing rule, as in kata 02 -------------------------------------------------------


def test_exact_fit_stays_in_the_chunk(pack_all):
    check_returns(pack_all, [3, 4], 7, expected=[[0, 1]], why="3 + 4 = 7 is exactly the budget, which is allowed.")


def test_one_token_over_the_budget_starts_a_new_chunk(pack_all):
    check_returns(pack_all, [3, 5], 7, expected=[[0], [1]])


def test_the_total_starts_again_in_each_new_chunk(pack_all):
    check_returns(
        pack_all,
        [4, 3, 4, 3],
        7,
        expected=[[0, 1], [2, 3]],
        why="the chunk opened by sentence 2 holds only its 4 tokens; 4 + 3 = 7 fits.",
    )


def test_a_zero_size_sentence_joins_an_exactly_full_chunk(pack_all):
    check_returns(
        pack_all,
        [5, 0, 0, 1],
        5,
        expected=[[0, 1, 2], [3]],
        why="a full chunk is not closed yet: 5 + 0 = 5 is not above the budget, so sentences of 0 "
        "tokens still join it. Only sentence 3 (5 + 1 = 6 > 5) closes it.",
    )


@progress_guard()
def test_an_oversized_sentence_in_the_middle_is_alone(pack_all):
    check_returns(pack_all, [1, 2, 9, 1, 2], 5, expected=[[0, 1], [2], [3, 4]])


@progress_guard()
def test_no_empty_chunk_comes_before_a_single_oversized_sentence(pack_all):
    check_returns(
        pack_all,
        [100],
        1,
        expected=[[0]],
        why="a chunk closes only when it holds a sentence; the empty open chunk takes sentence 0.",
    )


class Budget(IntEnum):
    SEVEN = 7


class Size(IntEnum):
    TWO = 2
    FIVE = 5


def test_an_int_enum_budget_counts_as_its_value(pack_all):
    check_returns(
        pack_all,
        [3, 4, 2],
        Budget.SEVEN,
        expected=[[0, 1], [2]],
        why="an IntEnum member is an int (a subclass of it, as bool is, but not bool): it is accepted, and "
        "Budget.SEVEN packs exactly as 7 does. Check with isinstance and reject bool alone, rather than "
        "type(max_tokens) is int.",
    )


def test_an_int_enum_size_counts_as_its_value(pack_all):
    check_returns(
        pack_all,
        [Size.FIVE, Size.TWO, 1],
        7,
        expected=[[0, 1], [2]],
        why="an IntEnum member is an int (a subclass of it, as bool is, but not bool): Size.FIVE and "
        "Size.TWO count as 5 and 2, and 5 + 2 = 7 fits. Check with isinstance and reject bool alone, "
        "rather than type(size) is int.",
    )


# Sentences of 0 tokens ------------------------------------------------------------------


def test_a_lone_zero_size_sentence_is_a_chunk(pack_all):
    check_returns(
        pack_all,
        [0],
        5,
        expected=[[0]],
        why="a sentence of 0 tokens is still a sentence: when the input ends, the open chunk [0] holds "
        "it, so it is yielded.",
    )


def test_only_zero_size_sentences_make_one_chunk(pack_all):
    check_returns(
        pack_all,
        [0, 0],
        5,
        expected=[[0, 1]],
        why="0 + 0 = 0 fits; the input ends, and the open chunk [0, 1] is yielded, although it holds 0 tokens.",
    )


def test_a_chunk_of_zero_tokens_is_closed_by_an_oversized_sentence(pack_all):
    check_returns(
        pack_all,
        [0, 9],
        5,
        expected=[[0], [1]],
        why="the chunk [0] holds a sentence, so it is not empty, even at 0 tokens: 0 + 9 = 9 is above 5, "
        "so sentence 1 closes it and is a chunk of its own.",
    )


def test_a_zero_size_sentence_after_an_oversized_one_opens_a_new_chunk(pack_all):
    check_returns(
        pack_all,
        [9, 0],
        5,
        expected=[[0], [1]],
        why="the chunk [0] holds 9 tokens, already above the budget, and 9 + 0 = 9 is still above 5: "
        "so sentence 1 does not join it but opens the next chunk.",
    )


def test_zero_size_sentences_on_both_sides_of_an_oversized_one(pack_all):
    check_returns(
        pack_all,
        [0, 9, 0],
        5,
        expected=[[0], [1], [2]],
        why="0 + 9 = 9 > 5 closes [0]; 9 + 0 = 9 > 5 closes [1]; the input ends and [2] is the last chunk.",
    )


# The end of the input ------------------------------------------------------------------


def test_the_last_chunk_is_yielded_when_the_input_ends(pack_all):
    check_returns(
        pack_all,
        [1, 2, 3],
        3,
        expected=[[0, 1], [2]],
        why="no size closes [2]: the input ends, and then the open chunk is yielded too.",
    )


def test_everything_that_fits_comes_as_one_last_chunk(pack_all):
    check_returns(
        pack_all,
        [1, 1, 1],
        10,
        expected=[[0, 1, 2]],
        why="no size closes the chunk; it is yielded when the input ends.",
    )


def test_an_empty_iterator_gives_no_chunks(pack_all):
    check_returns(pack_all, iter([]), 3, expected=[])


# Laziness: what has been read when -----------------------------------------------------


@progress_guard()
def test_the_call_reads_no_size(pack_lazily, stream):
    sizes = stream.of([3, 4, 2])
    pack_lazily(sizes, 7)
    expect(
        sizes.read == 0,
        "the call to read no size: sizes are read only when a chunk is asked for",
        details=f"The call read {sizes.read} of them.",
    )


@progress_guard()
def test_the_first_chunk_does_not_wait_for_a_second_size_after_it(pack_lazily, next_chunk, stream):
    sizes = stream.of([6, 2, 1, 1, 1])
    chunks = pack_lazily(sizes, 7)
    check_returns(next_chunk, chunks, expected=[0])
    expect(
        sizes.read == 2,
        "the chunk [0] to be yielded right after reading 2, the size that closes it (6 + 2 > 7): exactly 2 sizes read",
        details=f"It had read {sizes.read} sizes when it yielded [0]: it read ahead of the size that "
        "closed the chunk. On a live stream the chunk would wait for a sentence it does not need.",
    )


@progress_guard()
def test_each_chunk_is_yielded_after_reading_one_size_past_it(pack_lazily, next_chunk, stream):
    sizes = stream.of([4, 3, 5, 2, 6, 1, 7])
    chunks = pack_lazily(sizes, 7)
    for expected, read in [([0, 1], 3), ([2, 3], 5), ([4, 5], 7)]:
        check_returns(next_chunk, chunks, expected=expected)
        expect(
            sizes.read == read,
            f"the chunk {expected} to be yielded when the size after it, sizes[{read - 1}], has been read: "
            f"{read} sizes read in all",
            details=f"It had read {sizes.read}.",
        )


@progress_guard()
def test_a_full_chunk_waits_for_the_size_that_closes_it(pack_lazily, next_chunk, stream):
    sizes = stream.of([3, 4, 0, 2])
    chunks = pack_lazily(sizes, 7)
    check_returns(
        next_chunk,
        chunks,
        expected=[0, 1, 2],
        why="3 + 4 = 7 fills the budget, but the chunk is not closed yet: the next size, 0, still "
        "fits. Only 2 (7 + 2 > 7) closes it.",
    )
    expect(
        sizes.read == 4,
        "4 sizes read when [0, 1, 2] is yielded, 2 being the one that closes it",
        details=f"It had read {sizes.read}.",
    )


@progress_guard()
def test_an_oversized_sentence_is_yielded_only_once_the_next_size_is_read(pack_lazily, next_chunk, stream):
    sizes = stream.of([2, 9, 0, 1])
    chunks = pack_lazily(sizes, 5)
    check_returns(next_chunk, chunks, expected=[0], why="2 + 9 = 11 > 5: sentence 1 closes [0].")
    check_returns(
        next_chunk,
        chunks,
        expected=[1],
        why="sentence 1 (9 tokens) is a chunk of its own, and sentence 2 closes it: 9 + 0 = 9 > 5.",
    )
    expect(
        sizes.read == 3,
        "the chunk [1] to be yielded right after reading sizes[2], the size that closes it: "
        "3 sizes read. A sentence larger than the budget waits for the size after it like any "
        "other: that size could be a bad one, and then [1] is never yielded",
        details=f"It had read {sizes.read} sizes when it yielded [1].",
    )


@progress_guard()
def test_the_last_chunk_comes_once_the_input_has_ended(pack_lazily, next_chunk, stream):
    sizes = stream.of([3, 4, 2])
    chunks = pack_lazily(sizes, 7)
    check_returns(next_chunk, chunks, expected=[0, 1])
    check_returns(next_chunk, chunks, expected=[2])
    expect(sizes.ended, "the last chunk [2] to be yielded once the generator has found the input ended")
    check_raises(next, chunks, error=StopIteration, why="after the last chunk, next() raises StopIteration.")


# Every chunk is a new list that the generator never touches again -----------------------


def test_chunks_kept_by_the_consumer_stay_as_they_were(iter_pack):
    kept = list(iter_pack([3, 4, 2, 5, 1], 7))
    expect(
        same(kept, [[0, 1], [2, 3], [4]]),
        "the chunks kept by list(...) to be [[0, 1], [2, 3], [4]]: a chunk must not change after it has been yielded",
        details="If every kept chunk is the same, the generator cleared and refilled the list it had yielded "
        "instead of starting a new one.",
    )


def test_every_chunk_is_a_distinct_list(iter_pack):
    kept = list(iter_pack([1, 1, 1, 1, 1, 1], 2))
    expect(
        same(kept, [[0, 1], [2, 3], [4, 5]]) and len({id(chunk) for chunk in kept}) == len(kept),
        "every chunk to be a list of its own: 3 distinct lists, [0, 1], [2, 3] and [4, 5]",
    )


def test_changing_a_yielded_chunk_does_not_change_later_chunks(pack_lazily, each_chunk):
    chunks = pack_lazily([1, 1, 1, 1, 1, 1], 2)
    seen = []
    for chunk in each_chunk(chunks):
        expect(
            type(chunk) is list,
            "every chunk to be a list of sentence indices, which the consumer may change",
            details=f"Chunk {len(seen)} came as {chunk!r}, a {type(chunk).__name__}.",
        )
        seen.append(list(chunk))
        chunk.append("changed by the consumer")
        chunk.remove(chunk[0])
    expect(
        seen == [[0, 1], [2, 3], [4, 5]],
        "[0, 1], [2, 3], [4, 5], although the consumer changed each chunk after receiving it: the generator "
        "never touches a chunk again once it is yielded, and does not use it to build the next",
        details=f"The chunks came as {seen}.",
    )


# Endless streams -------------------------------------------------------------------------


@progress_guard()
def test_an_endless_stream_of_equal_sizes(first_chunks, stream):
    """The first chunks of an endless stream come one next() at a time. A packer that reads the whole
    input before yielding (list(sizes), or a list of every chunk returned at the end) never gets to the first."""
    check_returns(
        first_chunks,
        stream.cycle([2]),
        5,
        3,
        expected=[[0, 1], [2, 3], [4, 5]],
        why="2 + 2 = 4 fits and the third 2 would make 6, over and over; the tests ask for 3 chunks.",
    )


@progress_guard()
def test_an_endless_stream_with_oversized_sentences(first_chunks, stream):
    """The first chunks of an endless stream come one next() at a time. A packer that reads the whole
    input before yielding (list(sizes), or a list of every chunk returned at the end) never gets to the first."""
    check_returns(
        first_chunks,
        stream.cycle([1, 1, 9]),
        5,
        5,
        expected=[[0, 1], [2], [3, 4], [5], [6, 7]],
        why="the sizes are 1, 1, 9, 1, 1, 9, ...: each 9 is alone, each pair of 1s shares a chunk.",
    )


@progress_guard()
def test_an_endless_stream_that_starts_with_zero(first_chunks, stream):
    """The first chunks of an endless stream come one next() at a time. A packer that reads the whole
    input before yielding (list(sizes), or a list of every chunk returned at the end) never gets to the first."""
    check_returns(
        first_chunks,
        stream.count(0, 3),
        7,
        4,
        expected=[[0, 1], [2], [3], [4]],
        why="the sizes are 0, 3, 6, 9, 12, ...: 0 + 3 = 3 fits, 3 + 6 = 9 does not, and every later size is alone.",
    )


# Errors: when they are raised ------------------------------------------------------------


@progress_guard()
@pytest.mark.parametrize("max_tokens", [0, -3])
def test_a_budget_below_one_is_rejected_by_the_call_before_reading(iter_pack, stream, max_tokens):
    """max_tokens < 1 must raise ValueError from the call itself, naming max_tokens and its value, with no
    size read."""
    sizes = stream.of([3, 4])
    check_raises(
        iter_pack,
        sizes,
        max_tokens,
        error=ValueError,
        mentions=["max_tokens", max_tokens],
        why="the call itself raises, not the first next(): a generator function runs none of its body "
        "until a chunk is asked for, so its checks would come late.",
    )
    expect(
        sizes.read == 0,
        "no size to be read before the bad budget is reported",
        details=f"{sizes.read} sizes were read.",
    )


@progress_guard()
@pytest.mark.parametrize("max_tokens", [True, 7.0, "7", None])
def test_a_budget_that_is_not_an_int_is_rejected_by_the_call(iter_pack, max_tokens):
    """A max_tokens that is not an int (True, 7.0, '7', None) must make the call itself raise TypeError."""
    check_raises(
        iter_pack,
        [3, 4],
        max_tokens,
        error=TypeError,
        mentions=["max_tokens", max_tokens],
        why="the call itself raises, before any next().",
    )


@progress_guard()
def test_the_budget_is_checked_even_for_no_sentences(iter_pack):
    """iter_pack([], 0) must raise ValueError from the call: an empty input does not hide a bad budget."""
    check_raises(iter_pack, [], 0, error=ValueError, mentions=["max_tokens", 0])


@progress_guard()
def test_the_budget_is_checked_before_the_sizes(iter_pack):
    """With a bad budget and a sizes that is not iterable, the error is about max_tokens: it is checked first."""
    check_raises(iter_pack, None, 0, error=ValueError, mentions=["max_tokens", 0])


@progress_guard()
def test_a_sizes_that_is_not_iterable_makes_the_call_itself_raise(iter_pack):
    """iter_pack(None, 7) must raise TypeError at the call, not return a generator that raises at the first next()."""
    check_raises(
        iter_pack,
        None,
        7,
        error=TypeError,
        why="whether sizes can be iterated is known without reading a size, so the call itself raises, "
        "before it returns: call iter(sizes) in the plain function, not in the generator.",
    )


@progress_guard()
@pytest.mark.parametrize("sizes", [None, 7])
def test_sizes_that_are_not_iterable_are_rejected_by_the_call(iter_pack, sizes):
    """iter_pack(None, 7) and iter_pack(7, 7) must raise TypeError from the call itself, naming sizes, the value
    and its type."""
    check_raises(
        iter_pack,
        sizes,
        7,
        error=TypeError,
        mentions=["sizes", sizes, type(sizes).__name__],
        why="whether sizes can be read at all is known without reading a size, so the call itself "
        "raises: iter(sizes) fails at once for a value that is not iterable.",
    )


@progress_guard()
def test_a_bad_first_size_is_raised_by_the_first_next(pack_lazily):
    """iter_pack([-1, 2], 7) returns a generator; its first next() reads -1 and raises ValueError naming
    sizes[0]."""
    chunks = pack_lazily([-1, 2], 7)
    check_raises(next, chunks, error=ValueError, mentions=["sizes[0]", -1])


@progress_guard()
def test_chunks_closed_before_a_bad_size_are_yielded_first(pack_lazily, next_chunk):
    """Every chunk closed before the bad size comes out; the next() that reads the bad size raises."""
    chunks = pack_lazily([3, 4, 2, 5, 1, -2], 7)
    check_returns(next_chunk, chunks, expected=[0, 1])
    check_returns(next_chunk, chunks, expected=[2, 3])
    check_raises(
        next,
        chunks,
        error=ValueError,
        mentions=["sizes[5]", -2],
        why="the third next() reads 1, which fits, then -2, sizes[5]: it raises, and the open chunk [4] "
        "is never yielded.",
    )


@progress_guard()
@pytest.mark.parametrize("value", [2.5, True])
def test_a_bad_size_does_not_close_the_open_chunk(pack_lazily, value):
    """A size that is not an int must be rejected as soon as it is read, before it can close the open chunk."""
    chunks = pack_lazily([3, 4, value], 7)
    check_raises(
        next,
        chunks,
        error=TypeError,
        mentions=["sizes[2]", value],
        why=f"sizes[2] = {value!r} is checked as soon as it is read, before it takes part in any "
        f"decision: it must not close [0, 1], even though 7 + {value!r} would be above 7, so "
        "[0, 1] is never yielded.",
    )


@progress_guard()
def test_a_negative_size_does_not_close_an_oversized_chunk(pack_lazily, next_chunk):
    """A negative size is rejected as soon as it is read, before it can close the open chunk."""
    chunks = pack_lazily([3, 9, -2], 5)
    check_returns(next_chunk, chunks, expected=[0], why="3 + 9 = 12 > 5: sentence 1 closes [0].")
    check_raises(
        next,
        chunks,
        error=ValueError,
        mentions=["sizes[2]", -2],
        why="the second next() reads -2, sizes[2], and raises at once: its sign is checked before it takes "
        "part in any decision, so it does not first close [1], although 9 - 2 = 7 would be above 5.",
    )


@progress_guard()
@pytest.mark.parametrize("value", [True, False, 2.5, "2", None])
def test_a_size_that_is_not_an_int_is_rejected_with_its_index(pack_lazily, value):
    """A size that is not an int (True, False, 2.5, '2', None) raises TypeError naming sizes[3] and the value."""
    chunks = pack_lazily([1, 2, 3, value], 10)
    check_raises(next, chunks, error=TypeError, mentions=["sizes[3]", value])


@progress_guard()
def test_a_negative_size_in_a_stream_is_named_by_its_index(pack_lazily, stream):
    """In a stream, the index counts the sizes from 0 in arrival order: the 5th size read is sizes[4]."""
    chunks = pack_lazily(stream.of([2, 2, 2, 2, -7]), 100)
    check_raises(
        next,
        chunks,
        error=ValueError,
        mentions=["sizes[4]", -7],
        why="a stream has no positions of its own, so the generator must count the sizes it reads; "
        "without the index, the caller cannot tell which sentence the tokenizer got wrong.",
    )
