"""Inputs on which quadratic work cannot finish or a stalled loop never ends; each has a short time limit.

The sizes and budgets are drawn at run time (guard_random, tests/support/guard_inputs.py), so that no
submission can recognise them, and cheaply (a random byte a size), because the time limit covers
drawing and judging them too. No input is built around its answer: no sum, period, pairing or bound of
the whole input gives the chunks, which are many and of varying lengths, so only packing finds them.
The expected chunks come from an independent oracle, greedy_chunks (tests/support/oracles.py): one plain
loop over the sizes, the work a right packer does, which each guard times as its pace (kata.judging.guards.paced).
"""

from kata.judging.checks import expect
from kata.judging.guards import complexity_guard, paced, progress_guard
from tests.support.answers import differs, is_exactly
from tests.support.guard_inputs import numbers
from tests.support.oracles import greedy_chunks
from tests.support.paces import packing

RESUMMING_HINT = (
    "Look for a step that goes over the whole open chunk, or the whole input, for every sentence: "
    "sum(...) of the open chunk's sizes (keep a running total instead), a copy of the chunk, "
    "or sizes.pop(0), which shifts every remaining size."
)
RESCANNING_HINT = (
    "Look for a step that goes over everything packed so far for every chunk: the chunks already "
    "closed, or the sizes before the current sentence."
)


def lengths(chunks) -> str:
    """The shortest and longest chunk, in words: what the answer was expected to look like."""
    return f"from {min(map(len, chunks)):,} to {max(map(len, chunks)):,} sentences long"


@complexity_guard(paced=True, hint=RESUMMING_HINT)
def test_a_million_sentences_in_long_chunks(pack_sentences, guard_random):
    """The statement's promise: a million sentences, in chunks of about a thousand each, in one pass.
    Going over the open chunk again for every sentence is a thousand times the work."""
    n = 1_000_000
    sizes = numbers(guard_random, n, 1, 8)
    budget = guard_random.randint(4_000, 12_000)  # 500 to 2,700 sentences a chunk
    paced(lambda: packing(sizes, budget))
    expected = greedy_chunks(sizes, budget)
    chunks = pack_sentences(list(sizes), budget)
    expect(
        is_exactly(chunks, expected),
        f"{len(expected):,} chunks of consecutive sentences, {lengths(expected)}, packed greedily under "
        f"the budget of {budget:,}",
        details=differs(chunks, expected),
    )


@complexity_guard(paced=True, hint=RESCANNING_HINT)
def test_two_hundred_thousand_sentences_in_short_chunks(pack_sentences, guard_random):
    # Sizes below the budget, so none is oversized; most chunks hold one to three sentences.
    budget = guard_random.randint(20, 200)
    sizes = numbers(guard_random, 200_000, 1, budget - 1)
    paced(lambda: packing(sizes, budget))
    expected = greedy_chunks(sizes, budget)
    chunks = pack_sentences(list(sizes), budget)
    expect(
        is_exactly(chunks, expected),
        f"{len(expected):,} chunks of consecutive sentences, {lengths(expected)}, packed greedily under "
        f"the budget of {budget}",
        details=differs(chunks, expected),
    )


@progress_guard(
    paced=True,
    hint=(
        "Does every iteration of your loop move on to the next sentence? If it does, look for a step that copies "
        "everything made so far for every chunk, which tens of thousands of chunks make too slow: chunks = "
        "chunks + [chunk] copies the list of chunks each time (chunks.append(chunk) does not)."
    ),
)
def test_the_loop_ends_on_long_runs_of_oversized_sentences(pack_sentences, guard_random):
    # Runs of 1 to 60 sentences each larger than the (odd) budget, the first at the start, between runs of 1
    # to 6 that fit it (of even sizes: no chunk of them fills the budget exactly), 200,000 sentences in all.
    # A budget of 5 or more lets two sentences that fit share a chunk, so a total kept across an oversized
    # sentence shows (with 3 every fitting sentence is alone whatever the total).
    budget = 2 * guard_random.randint(2, 50) + 1
    oversized = iter(numbers(guard_random, 200_000, budget + 1, budget + 100))
    fitting = iter(numbers(guard_random, 200_000, 1, budget // 2))
    sizes: list[int] = []
    while len(sizes) < 200_000:
        sizes += [next(oversized) for _ in range(guard_random.randint(1, 60))]
        sizes += [2 * next(fitting) for _ in range(guard_random.randint(1, 6))]
    del sizes[200_000:]
    paced(lambda: packing(sizes, budget))
    expected = greedy_chunks(sizes, budget)
    chunks = pack_sentences(list(sizes), budget)
    expect(
        is_exactly(chunks, expected),
        f"{len(expected):,} chunks: each sentence larger than the budget of {budget} alone, and the runs "
        "of sentences between them packed greedily",
        details=differs(chunks, expected),
    )
