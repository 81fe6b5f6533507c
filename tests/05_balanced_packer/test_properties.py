"""Properties of balanced packing on generated inputs; Hypothesis shrinks any failure to a smallest case.

The oracles are independent of the reference: greedy_chunks and fewest_chunks from
tests/support/oracles.py, and smallest_budget below, which finds b* the slow way, by trying every
budget from 1 upwards.
"""

from hypothesis import given
from hypothesis import strategies as st

from kata.judging.checks import expect
from kata.judging.vocabulary import counted
from tests.support.answers import packed, totals
from tests.support.oracles import fewest_chunks, greedy_chunks

# Sizes from 0 to 12 against budgets from 1 to 30: zero-size sentences, sentences larger
# than the budget, b* = 1 and b* = max_tokens all come up often.
size_lists = st.lists(st.integers(0, 12), max_size=25)
size_sequences = st.one_of(size_lists, size_lists.map(tuple))
budgets = st.integers(1, 30)


def smallest_budget(sizes, max_tokens):
    """b* by its definition: the first budget from 1 upwards at which greedy makes as many chunks as at max_tokens."""
    wanted = len(greedy_chunks(sizes, max_tokens))
    budget = 1
    while len(greedy_chunks(sizes, budget)) != wanted:
        budget += 1
    return budget


def budget_needed(chunks, sizes):
    """The smallest budget under which every chunk of two or more sentences fits (at least 1)."""
    return max([total for chunk, total in zip(chunks, totals(chunks, sizes)) if len(chunk) > 1], default=1) or 1


@given(size_lists, budgets)
def test_every_sentence_appears_once_in_chunks_that_fit_max_tokens(balanced_pack, sizes, max_tokens):
    before = list(sizes)
    chunks = packed(balanced_pack, sizes, max_tokens)
    flattened = [index for chunk in chunks for index in chunk]
    expect(
        flattened == list(range(len(sizes))) and all(chunks),
        f"the chunks, joined in order, to list 0, 1, ..., {len(sizes) - 1}: every sentence exactly once, "
        "in order, and no empty chunk"
        if sizes
        else "no chunks for no sentences",
        details=f"Joined, the chunks list {flattened}.",
    )
    bad = [
        (chunk, total) for chunk, total in zip(chunks, totals(chunks, sizes)) if total > max_tokens and len(chunk) > 1
    ]
    expect(
        not bad,
        f"every chunk to hold at most max_tokens = {counted(max_tokens, 'token')}, "
        "unless it is a single sentence larger than the budget",
        details=f"The chunk {bad[0][0]} holds {counted(bad[0][1], 'token')}." if bad else "",
    )
    expect(sizes == before, "the input list to be left as it was", details=f"It is now {sizes}.")


@given(size_sequences, budgets)
def test_the_chunk_count_is_greedys_count_at_max_tokens(balanced_pack, sizes, max_tokens):
    chunks = packed(balanced_pack, sizes, max_tokens)
    greedy = greedy_chunks(sizes, max_tokens)
    expect(
        len(chunks) == len(greedy) == fewest_chunks(list(sizes), max_tokens),
        f"{len(greedy)} chunk{'' if len(greedy) == 1 else 's'}: as many as greedy packing makes with "
        f"max_tokens = {max_tokens}, which is the fewest possible",
        details=f"That is {counted(len(chunks), 'chunk')}; greedy's packing is {greedy}.",
    )


@given(size_sequences, budgets)
def test_no_smaller_budget_keeps_the_count(balanced_pack, sizes, max_tokens):
    chunks = packed(balanced_pack, sizes, max_tokens)
    needed = budget_needed(chunks, sizes)
    smaller = greedy_chunks(sizes, needed - 1) if needed > 1 else None
    expect(
        smaller is None or len(smaller) > len(chunks),
        f"no budget below {needed} to keep the count: the largest chunk of two or more sentences "
        f"holds {counted(needed, 'token')}, so greedy packing with budget {needed - 1} must make more than "
        f"{counted(len(chunks), 'chunk')}",
        details=f"With budget {needed - 1}, greedy makes {smaller}: {counted(len(smaller or []), 'chunk')}, "
        "more balanced than the answer.",
    )


@given(size_sequences, budgets)
def test_the_result_is_greedys_packing_with_the_smallest_budget(balanced_pack, sizes, max_tokens):
    chunks = packed(balanced_pack, sizes, max_tokens)
    best = smallest_budget(sizes, max_tokens)
    expected = greedy_chunks(sizes, best)
    expect(
        chunks == expected,
        f"{expected}: greedy's packing with b* = {best}, the smallest budget at which greedy still makes "
        f"{len(greedy_chunks(sizes, max_tokens))} chunk(s), as it does with max_tokens = {max_tokens}",
        details=(
            f"With budget {best - 1}, greedy makes {counted(len(greedy_chunks(sizes, best - 1)), 'chunk')}."
            if best > 1
            else "b* = 1 is the lowest budget there is."
        ),
    )


@given(size_sequences, budgets)
def test_the_largest_chunk_is_never_larger_than_greedys(balanced_pack, sizes, max_tokens):
    chunks = packed(balanced_pack, sizes, max_tokens)
    greedy = greedy_chunks(sizes, max_tokens)
    largest, greedys_largest = max(totals(chunks, sizes), default=0), max(totals(greedy, sizes), default=0)
    expect(
        largest <= greedys_largest,
        f"no chunk larger than greedy's largest with max_tokens = {max_tokens}, which holds "
        f"{counted(greedys_largest, 'token')}: balancing never makes the biggest chunk bigger",
        details=f"The largest chunk holds {counted(largest, 'token')}; greedy's packing is {greedy}.",
    )
