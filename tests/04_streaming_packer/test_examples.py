"""The examples printed in problems/04_streaming_packer/README.md, in the same order."""

import pytest

from kata.judging.checks import check_raises, check_returns, expect
from kata.judging.guards import progress_guard

pytestmark = pytest.mark.examples


def what_that_means(sizes, right):
    """Why reading more or fewer than `right` sizes before a chunk is yielded is wrong, in one clause."""
    if sizes.read == right:
        return "."
    if sizes.ended:
        return ": the whole input, which an endless stream never lets it read."
    if sizes.read > right:
        return (
            ": it read past the size that closes the chunk; on a live stream, the chunk waits for a sentence "
            "it does not need."
        )
    return ": it yielded the chunk before reading the size that closes it, which could have been a 0 that still fits."


def test_the_chunks_are_those_of_greedy_packing(pack_all):
    check_returns(
        pack_all,
        [3, 4, 2, 5, 1],
        7,
        expected=[[0, 1], [2, 3], [4]],
        why="the tests collect every chunk the generator yields. They are kata 02's chunks: "
        "3 + 4 = 7 fits, 2 would make 9; 2 + 5 = 7 fits, 1 would make 8; [4] is the last chunk.",
    )


@progress_guard()
def test_each_chunk_is_yielded_as_soon_as_the_size_that_closes_it_is_read(pack_lazily, next_chunk, stream):
    """Nothing is read by the call; each next() reads sizes only up to the one that closes the chunk."""
    sizes = stream.of([3, 4, 2, 5, 1])
    chunks = pack_lazily(sizes, 7)
    expect(
        sizes.read == 0,
        "the call itself to read no size: a generator reads its input only when asked for a chunk",
        details=f"The call read {sizes.read}.",
    )
    check_returns(next_chunk, chunks, expected=[0, 1], why="the first next() yields the first chunk.")
    expect(
        sizes.read == 3,
        "the first next() to read exactly 3 sizes, 3, 4 and then 2, which closes [0, 1], and to yield [0, 1] at once",
        details=f"It had read {sizes.read} sizes when it yielded [0, 1]{what_that_means(sizes, 3)}",
    )
    check_returns(next_chunk, chunks, expected=[2, 3], why="the second next() yields the second chunk.")
    expect(
        sizes.read == 5,
        "the second next() to read 5, then 1, which closes [2, 3]",
        details=f"It had read {sizes.read} sizes when it yielded [2, 3]{what_that_means(sizes, 5)}",
    )
    check_returns(next_chunk, chunks, expected=[4], why="the input has ended, so the open chunk [4] is the last one.")
    expect(sizes.ended, "the third next() to find the input ended before yielding the last chunk [4]")
    check_raises(
        next,
        chunks,
        error=StopIteration,
        why="after the last chunk the generator is finished: next() raises StopIteration.",
    )


def test_no_sentences_give_no_chunks(pack_all):
    check_returns(pack_all, [], 7, expected=[], why="with no sentences there is no chunk at all, not one empty chunk.")


@progress_guard()
def test_an_oversized_first_sentence_is_alone_with_no_empty_chunk_before_it(pack_all):
    check_returns(
        pack_all,
        [9, 1, 1],
        5,
        expected=[[0], [1, 2]],
        why="sentence 0 is larger than the budget: a chunk of its own, with no empty chunk before it.",
    )


@progress_guard()
def test_the_first_chunks_of_an_endless_count(first_chunks, stream):
    """The sizes 1, 2, 3, ... never end, yet the first chunks must come, one next() at a time.
    A packer that reads the whole input before yielding (list(sizes), or a list of every chunk
    returned at the end) never gets to the first chunk."""
    check_returns(
        first_chunks,
        stream.count(1),
        10,
        4,
        expected=[[0, 1, 2, 3], [4], [5], [6]],
        why="the sizes are 1, 2, 3, 4, 5, 6, 7, ...: 1 + 2 + 3 + 4 = 10 fits exactly, 10 + 5 does not; "
        "from then on no two sizes fit together. The tests ask for 4 chunks.",
    )


@progress_guard()
def test_the_first_chunks_of_an_endless_cycle(first_chunks, stream):
    """The sizes 3, 4, 2, 3, 4, 2, ... never end, yet the first chunks must come, one next() at a time.
    A packer that reads the whole input before yielding (list(sizes), or a list of every chunk
    returned at the end) never gets to the first chunk."""
    check_returns(
        first_chunks,
        stream.cycle([3, 4, 2]),
        7,
        4,
        expected=[[0, 1], [2, 3], [4, 5], [6, 7]],
        why="the sizes are 3, 4, 2, 3, 4, 2, 3, 4, ...: 3 + 4, 2 + 3, 4 + 2 and 3 + 4 fit, and the "
        "next size does not. The tests ask for 4 chunks.",
    )


@progress_guard()
def test_a_budget_of_zero_is_rejected_by_the_call(iter_pack):
    """iter_pack([3, 4], 0) itself raises ValueError naming max_tokens and 0, before any next()."""
    check_raises(
        iter_pack,
        [3, 4],
        0,
        error=ValueError,
        mentions=["max_tokens", 0],
        why="a bad max_tokens is raised by the call itself, not at the first next(). The body of a "
        "generator function runs only when the first chunk is asked for, so its checks come late: "
        "maybe in another function, long after the bad call.",
    )


@progress_guard()
def test_a_bool_budget_is_rejected_by_the_call(iter_pack):
    """iter_pack([3, 4], True) itself raises TypeError naming max_tokens and True, before any next()."""
    check_raises(
        iter_pack,
        [3, 4],
        True,
        error=TypeError,
        mentions=["max_tokens", True],
        why="True is not a token budget, and the call itself raises, not the first next().",
    )


@progress_guard()
def test_a_negative_size_is_raised_by_the_next_that_reads_it(pack_lazily, next_chunk):
    """The call and the first next() succeed; the second next() reads -5 and raises ValueError naming sizes[3]."""
    chunks = pack_lazily([3, 4, 2, -5], 7)
    check_returns(
        next_chunk,
        chunks,
        expected=[0, 1],
        why="the first next() reads 3, 4 and 2, which closes [0, 1]; the bad size is not read yet.",
    )
    check_raises(
        next,
        chunks,
        error=ValueError,
        mentions=["sizes[3]", -5],
        why="the second next() reads -5, sizes[3], and raises; the open chunk [2] is never yielded.",
    )
