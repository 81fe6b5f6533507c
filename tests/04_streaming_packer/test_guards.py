"""Inputs on which a packer that reads too much never finishes, grows too slow, or holds too much memory.

Endless streams come from conftest.py's OneTimeStream, whose Python-level __next__ lets the time
limit stop a loop that reads it forever (list(itertools.count()) could not be stopped).
The sizes and budgets are drawn at run time (guard_random, tests/support/guard_inputs.py), so that
no submission can recognise them, and cheaply, because the time limit covers drawing and judging them
too. The complexity guard's input is generic: random sizes under a budget of thousands of them, many
chunks of varying lengths that no property of the whole input gives, judged by an independent oracle
(greedy_bounds, tests/support/oracles.py). The progress and memory guards read endless or repeated
streams, which a generator must read lazily whatever their shape, and their first chunks fill the budget
exactly.
"""

import itertools
from operator import sub

from kata.judging.calls import log
from kata.judging.checks import expect
from kata.judging.guards import (
    HeldTooMuch,
    complexity_guard,
    memory_guard,
    paced,
    progress_guard,
    read_measuring_memory,
)
from kata.judging.vocabulary import counted
from tests.support.answers import differs, is_exactly
from tests.support.guard_inputs import numbers
from tests.support.oracles import greedy_chunks
from tests.support.paces import packing

MEMORY_SECONDS = 40.0  # tracemalloc slows every allocation: the reference takes 1 to 4 s here
MEMORY_BOUND = 256 * 1024  # bytes of peak traced memory; the reference peaks at about 35 KB
MEMORY_HINT = (
    "Look for something that grows with the input: list(sizes), a list of every chunk yielded so far, "
    "or sizes.pop(0), which shifts every remaining size."
)
RESUMMING_HINT = (
    "Look for a step that goes over the whole open chunk for every size: sum(...) of its sizes "
    "(keep a running total instead), or a copy of the chunk."
)


@progress_guard()
def test_the_call_returns_at_once_on_an_endless_stream(iter_pack, stream, guard_random):
    """iter_pack(itertools.count(start), max_tokens) must return an iterator at once, without reading the endless
    stream.
    A function that packs everything and returns a list never returns here."""
    sizes = stream.count(guard_random.randint(1, 1_000))
    chunks = iter_pack(sizes, guard_random.randint(10, 1_000))
    expect(
        iter(chunks) is chunks and sizes.read == 0,
        "an iterator (a generator), returned at once, with no size read: the chunks are read from it later",
    )


@progress_guard()
def test_the_first_chunk_of_an_endless_stream_comes_at_once(iter_pack, stream, guard_random):
    """next(iter_pack(itertools.cycle([size]), count * size)) must yield [0, ..., count - 1] after reading count + 1
    sizes.
    A generator that starts with list(sizes) never gets past that line on an endless stream."""
    size, count = guard_random.randint(1, 100), guard_random.randint(3, 8)  # count sizes fill the budget exactly
    sizes = stream.cycle([size])
    chunk = next(iter_pack(sizes, size * count))
    expect(
        is_exactly(chunk, list(range(count))) and sizes.read == count + 1,
        f"the first chunk {list(range(count))}, yielded right after reading size {count + 1}, which closes it",
        details=f"It yielded {chunk} after reading {sizes.read} sizes.",
    )


@progress_guard()
def test_ten_thousand_chunks_of_an_endless_stream(iter_pack, stream, guard_random):
    """The first 10,000 chunks of an endless cycle of sizes, each pair of which fills the budget, must come quickly,
    one by one.
    A packer that reads the whole input before yielding (list(sizes), or a list of every chunk
    returned at the end) never gets to the first chunk."""
    # Each pair of sizes fills the budget exactly, and every size is at least 1: no third one fits.
    budget = guard_random.randint(7, 200)
    firsts = numbers(guard_random, 16, 1, budget - 1)
    sizes = stream.cycle([size for first in firsts for size in (first, budget - first)])
    chunks = list(itertools.islice(iter_pack(sizes, budget), 10_000))
    expect(
        is_exactly(chunks, [[index, index + 1] for index in range(0, 20_000, 2)]) and sizes.read == 20_001,
        "10,000 chunks of two sentences, the last [19998, 19999], after reading 20,001 sizes",
        details=f"It yielded {counted(len(chunks), 'chunk')}, the last {chunks[-1] if chunks else None}, "
        f"after reading {sizes.read:,} sizes.",
    )


@complexity_guard(paced=True, hint=RESUMMING_HINT)
def test_two_hundred_thousand_sizes_in_long_chunks(iter_pack, guard_random):
    """200,000 sizes of 1 to 8 in 5 to 10 chunks of tens of thousands: going over the open chunk again for
    every size, even with sum() in C, is billions of additions. The budget is the total of the first 20,000
    to 40,000 sizes, so that the first chunk fills it exactly; no property of the whole input gives the
    chunks."""
    n = 200_000
    sizes = numbers(guard_random, n, 1, 8)
    budget = sum(sizes[: guard_random.randint(20_000, 40_000)])
    paced(lambda: packing(sizes, budget))
    expected = greedy_chunks(sizes, budget)
    chunks = list(iter_pack(iter(sizes), budget))
    expect(
        is_exactly(chunks, expected),
        f"{len(expected)} chunks of consecutive sentences, packed greedily under the budget of {budget:,}, "
        "the first filling it exactly",
        details=differs(chunks, expected),
    )


@memory_guard(seconds=MEMORY_SECONDS, hint=MEMORY_HINT)
def test_a_million_sizes_pack_in_memory_the_size_of_one_chunk(iter_pack, guard_random):
    """Packing 1,000,000 sizes from itertools.repeat(size, 1_000_000), which holds none of them, into chunks
    of 8, read in batches of at most 16 KiB and dropped once checked, must keep the peak traced memory
    (tracemalloc) under 256 KiB: the generator holds the open chunk only. Past it the reading stops, as
    TOO MUCH MEMORY."""
    # One size repeated, so that the stream holds none, and 8 fill the budget; a budget of at most 256 keeps every
    # total one of Python's shared small ints, whose additions allocate nothing for tracemalloc to slow down.
    size = guard_random.randint(1, 32)
    reading = read_measuring_memory(iter_pack(itertools.repeat(size, 1_000_000), 8 * size), bound=MEMORY_BOUND)
    count, first_wrong = 0, None
    for batch in reading:
        wrong = position_of_a_wrong_chunk(batch, 8 * count)
        if first_wrong is None and wrong is not None:
            first_wrong = f"the chunk at index {count + wrong:,} was {batch[wrong]!r}"
        count += len(batch)
    if reading.peak >= MEMORY_BOUND:
        raise HeldTooMuch(
            log.last,
            f"went past the test's bound of {MEMORY_BOUND // 1024} KiB, so they stopped "
            f"reading: after {counted(count, 'chunk')} the peak was already "
            f"{reading.peak:,} bytes ({reading.peak / 2**20:.2f} MiB). Only the open chunk "
            "should be held, never the input or the chunks already yielded; a list of the "
            f"million sizes alone takes 8 MB. {MEMORY_HINT}",
        )
    expect(
        count == 125_000 and first_wrong is None,
        "125,000 chunks of 8 sentences: [0, ..., 7], [8, ..., 15], and so on to [999992, ..., 999999]",
        details=f"It yielded {counted(count, 'chunk')}" + (f"; {first_wrong}." if first_wrong else "."),
    )


def position_of_a_wrong_chunk(batch: list, first: int) -> int | None:
    """Where in `batch` the first chunk is that is not the next 8 sentences from `first` on, or None.

    A batch is checked with a handful of allocations, not a few per chunk: tracemalloc, which
    measures the packer meanwhile, makes every allocation several times slower, the test's own too.
    Lists of 8 ints, each one more than the one before from `first` on, are exactly those chunks.
    """
    if set(map(type, batch)) <= {list} and set(map(len, batch)) <= {8}:
        flat = list(itertools.chain.from_iterable(batch))
        if set(map(type, flat)) <= {int} and flat[:1] in ([], [first]) and set(map(sub, flat[1:], flat)) <= {1}:
            return None
    return next(
        position
        for position, chunk in enumerate(batch)
        if not is_exactly(chunk, list(range(first + 8 * position, first + 8 * position + 8)))
    )
