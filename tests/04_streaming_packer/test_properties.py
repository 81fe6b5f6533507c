"""Properties of the streaming packer on generated inputs; Hypothesis shrinks any failure to a smallest case.

The chunks are compared with greedy_chunks from tests/support/oracles.py, an independent greedy
packer that finds where each chunk starts first and builds the chunks afterwards.
"""

from hypothesis import given
from hypothesis import strategies as st

from kata.judging.checks import expect, same
from kata.judging.guards import progress_guard
from kata.judging.vocabulary import counted
from tests.support.oracles import greedy_chunks

# Sizes from 0 to 15 against budgets from 1 to 12: zero-size sentences, exact fits and
# sentences larger than the budget all come up often.
sizes_lists = st.lists(st.integers(0, 15), max_size=30)
budgets = st.integers(1, 12)
# A cycle needs a size above 0, or the first chunk would never close.
patterns = st.lists(st.integers(0, 15), min_size=1, max_size=6).filter(any)
chunk_counts = st.integers(1, 8)


def as_input(sizes, kind, stream):
    """The same sizes as a list, a tuple or a one-time stream."""
    return {"list": list(sizes), "tuple": tuple(sizes), "stream": stream.of(sizes)}[kind]


def greedy_prefix(sizes_from, max_tokens, count):
    """The first `count` chunks of an endless stream, from the oracle on a prefix long enough to close them.

    A chunk is closed only by the size after it, so the oracle's chunks are final except
    its last one: the prefix grows until it has more than `count` chunks.
    """
    length = count + 1
    while True:
        chunks = greedy_chunks(sizes_from(length), max_tokens)
        if len(chunks) > count:
            return chunks[:count]
        length *= 2


@given(sizes_lists, budgets, st.sampled_from(["list", "tuple", "stream"]))
def test_the_chunks_are_those_of_greedy_packing(pack_all, stream, sizes, max_tokens, kind):
    chunks = pack_all(as_input(sizes, kind, stream), max_tokens)
    expected = greedy_chunks(sizes, max_tokens)
    expect(
        same(chunks, expected),
        f"the chunks of greedy packing, {expected}: each chunk closed exactly when it is non-empty and the "
        f"next size would push its total above max_tokens = {max_tokens}",
        details=f"The generator yielded {chunks}.",
    )


@progress_guard()
@given(patterns, budgets, chunk_counts)
def test_the_first_chunks_of_an_endless_cycle_are_those_of_greedy_packing(
    first_chunks, stream, pattern, max_tokens, count
):
    """The first chunks of an endless stream are greedy packing's. A packer that reads the whole input before
    yielding (list(sizes), or a list of every chunk returned at the end) never gets to the first chunk."""
    chunks = first_chunks(stream.cycle(pattern), max_tokens, count)
    expected = greedy_prefix(lambda n: (pattern * n)[:n], max_tokens, count)
    expect(
        same(chunks, expected),
        f"the first {counted(count, 'chunk')} to be {expected}, as greedy packing gives them",
        details=f"The generator yielded {chunks}.",
    )


@progress_guard()
@given(st.integers(0, 6), st.integers(0, 4), budgets, chunk_counts)
def test_the_first_chunks_of_an_endless_count_are_those_of_greedy_packing(
    first_chunks, stream, start, step, max_tokens, count
):
    """The first chunks of an endless stream are greedy packing's. A packer that reads the whole input before
    yielding (list(sizes), or a list of every chunk returned at the end) never gets to the first chunk."""
    if start == 0 and step == 0:
        step = 1  # sizes of 0 forever would never close the first chunk
    chunks = first_chunks(stream.count(start, step), max_tokens, count)
    expected = greedy_prefix(lambda n: [start + step * i for i in range(n)], max_tokens, count)
    expect(
        same(chunks, expected),
        f"the first {counted(count, 'chunk')} to be {expected}, as greedy packing gives them",
        details=f"The generator yielded {chunks}.",
    )


@given(sizes_lists, budgets)
def test_each_chunk_is_yielded_as_soon_as_the_size_that_closes_it_is_read(
    pack_lazily, each_chunk, stream, sizes, max_tokens
):
    source = stream.of(sizes)
    chunks = pack_lazily(source, max_tokens)
    expect(source.read == 0, "the call itself to read no size", details=f"It read {source.read}.")
    for chunk in each_chunk(chunks):
        last = chunk[-1] if chunk and type(chunk[-1]) is int else -1
        if last == len(sizes) - 1:
            expect(source.ended, f"the last chunk {chunk} to be yielded once the generator has found the input ended")
        else:
            expect(
                source.read == last + 2,
                f"the chunk {chunk}, which ends with sentence {last}, to be yielded right after reading "
                f"sizes[{last + 1}], the size that closes it: {last + 2} sizes read, no more and no fewer",
                details=f"It had read {source.read} of the {len(sizes)} sizes.",
            )
    expect(source.ended and source.read == len(sizes), "every size to be read by the time the generator ends")


@given(sizes_lists, budgets, st.integers(0, 30), st.sampled_from([-1, -9, 2.5, True, "3", None]))
def test_a_bad_size_comes_after_every_chunk_closed_before_it(pack_lazily, sizes, max_tokens, position, bad):
    position = min(position, len(sizes))
    sizes = sizes[:position] + [bad] + sizes[position:]
    chunks = pack_lazily(sizes, max_tokens)
    # The chunks before the bad size are greedy's chunks of the sizes before it, except the
    # last one, which is still open when the bad size arrives.
    before = greedy_chunks(sizes[:position], max_tokens)[:-1]
    error_type = ValueError if type(bad) is int else TypeError
    got = []
    try:
        for chunk in chunks:
            got.append(list(chunk))
    except Exception as error:
        expect(
            got == before and type(error) is error_type and f"sizes[{position}]" in str(error),
            f"the chunks closed before sizes[{position}] = {bad!r}, {before}, then {error_type.__name__} "
            f"naming sizes[{position}] from the next() that reads it; the open chunk is never yielded",
            details=f"It yielded {got}, then raised {type(error).__name__}: {error}",
        )
    else:
        expect(
            False,
            f"{error_type.__name__} for sizes[{position}] = {bad!r}, after the chunks {before}",
            details=f"It yielded {got} and ended without raising.",
        )


@given(sizes_lists, budgets)
def test_the_chunks_kept_by_the_consumer_never_change(iter_pack, each_chunk, sizes, max_tokens):
    kept, as_yielded = [], []
    for chunk in each_chunk(iter_pack(sizes, max_tokens)):
        kept.append(chunk)
        as_yielded.append(list(chunk))
    expect(
        all(type(chunk) is list and all(type(index) is int for index in chunk) for chunk in kept)
        and [index for chunk in as_yielded for index in chunk] == list(range(len(sizes))),
        f"chunks that are lists of the indices 0 to {len(sizes) - 1}, each index once, in order",
    )
    expect(
        same(kept, as_yielded),
        f"the chunks kept by the consumer to stay as they were yielded, {as_yielded}: the generator never "
        "touches a chunk again once it is yielded",
        details=f"After the last chunk, the kept chunks were {kept}.",
    )
