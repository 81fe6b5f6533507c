"""Inputs on which quadratic work cannot finish or a stalled loop never ends; each has a short time limit.

The sizes and budgets are drawn at run time (guard_random, tests/support/guard_inputs.py), so that no
submission can recognise them, and cheaply (a random byte a size), because the time limit covers
drawing them too. Each input is built so that its answer is known: sizes that add up to the budget
exactly, pairs that fill it exactly, sizes each larger than it.
"""

from tests.support.answers import differs, is_exactly
from tests.support.guard_inputs import numbers

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
def test_a_million_sentences_in_one_chunk(pack_sentences, guard_random):
    """The statement's promise: a million sentences that all fit in one chunk, in one pass."""
    n = 1_000_000
    sizes = numbers(guard_random, n, 1, 8)
    chunks = pack_sentences(sizes, sum(sizes))
    expect(is_exactly(chunks, [list(range(n))]),
           "one chunk holding all 1,000,000 sentences, 0 to 999999: their sizes add up to the budget exactly")


@complexity_guard(hint=RESCANNING_HINT)
def test_fifty_thousand_sentences_in_chunks_of_two(pack_sentences, guard_random):
    # Sentence 2k and 2k + 1 fill the budget exactly, and every size is at least 1: no third one fits.
    budget = guard_random.randint(2, 200)
    firsts = numbers(guard_random, 25_000, 1, budget - 1)
    sizes = [size for first in firsts for size in (first, budget - first)]
    chunks = pack_sentences(sizes, budget)
    expected = [[index, index + 1] for index in range(0, 50_000, 2)]
    expect(is_exactly(chunks, expected), "25,000 chunks of two sentences, from [0, 1] to [49998, 49999]: "
           f"each pair of sizes adds up to the budget of {budget} exactly", details=differs(chunks, expected))


@progress_guard(hint=(
    "Does every iteration of your loop move on to the next sentence? If it does, look for a step that copies "
    "everything made so far for every chunk, which 50,000 chunks make too slow: chunks = chunks + [chunk] "
    "copies the list of chunks each time (chunks.append(chunk) does not)."))
def test_the_loop_ends_on_a_long_run_of_oversized_sentences(pack_sentences, guard_random):
    budget = guard_random.randint(1, 100)
    chunks = pack_sentences(numbers(guard_random, 50_000, budget + 1, budget + 100), budget)
    expected = [[index] for index in range(50_000)]
    expect(is_exactly(chunks, expected),
           f"50,000 chunks of one sentence each: every sentence is larger than the budget of {budget}",
           details=differs(chunks, expected))
