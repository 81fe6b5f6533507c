"""Inputs on which quadratic work cannot finish or a stalled loop never ends; each has a short time limit.

The inputs are built cheaply ([1] * n), because the time limit covers building them too.
"""

from tests.support.answers import differs, is_exactly

from kata.judging.guards import complexity_guard, progress_guard
from kata.judging.checks import expect

RESUMMING_HINT = (
    "Look for a step that goes over the whole open chunk, or the whole input, for every sentence: "
    "sum(...) of the open chunk's sizes (keep a running total instead), a copy of the chunk, "
    "or sizes.pop(0), which shifts every remaining size."
)
RESCANNING_HINT = (
    "Look for a step that goes over everything packed so far for every chunk: the chunks already "
    "closed, or the sizes before the current sentence."
)


@complexity_guard(seconds=4, hint=RESUMMING_HINT)
def test_a_million_sentences_in_one_chunk(pack_sentences):
    """The statement's promise: a million sentences that all fit in one chunk, in one pass."""
    n = 1_000_000
    chunks = pack_sentences([1] * n, n)
    expect(is_exactly(chunks, [list(range(n))]),
           "one chunk holding all 1,000,000 sentences, 0 to 999999: they fit the budget exactly")


@complexity_guard(hint=RESCANNING_HINT)
def test_fifty_thousand_sentences_in_chunks_of_two(pack_sentences):
    chunks = pack_sentences([1] * 50_000, 2)
    expected = [[index, index + 1] for index in range(0, 50_000, 2)]
    expect(is_exactly(chunks, expected), "25,000 chunks of two sentences, from [0, 1] to [49998, 49999]",
           details=differs(chunks, expected))


@progress_guard()
def test_the_loop_ends_on_a_long_run_of_oversized_sentences(pack_sentences):
    chunks = pack_sentences([5] * 50_000, 4)
    expected = [[index] for index in range(50_000)]
    expect(is_exactly(chunks, expected),
           "50,000 chunks of one sentence each: every sentence is larger than the budget of 4",
           details=differs(chunks, expected))
