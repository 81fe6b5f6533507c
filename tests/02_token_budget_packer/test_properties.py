"""Properties of greedy packing on generated inputs; Hypothesis shrinks any failure to a smallest case."""

from hypothesis import given
from hypothesis import strategies as st

from kata.judging.checks import expect
from kata.judging.vocabulary import counted
from tests.support.answers import packed, totals
from tests.support.oracles import fewest_chunks, greedy_chunks

# Sizes from 0 to 15 against budgets from 1 to 12: zero-size sentences, exact fits and
# sentences larger than the budget all come up often.
size_lists = st.lists(st.integers(0, 15), max_size=30)
size_sequences = st.one_of(size_lists, size_lists.map(tuple))
budgets = st.integers(1, 12)


@given(size_sequences, budgets)
def test_the_chunks_in_order_list_every_sentence_once(pack_sentences, sizes, max_tokens):
    chunks = packed(pack_sentences, sizes, max_tokens)
    flattened = [index for chunk in chunks for index in chunk]
    expect(
        flattened == list(range(len(sizes))),
        f"the chunks, joined in order, to list 0, 1, ..., {len(sizes) - 1}: every sentence exactly once, in order"
        if sizes
        else "no chunks for no sentences",
        details=f"Joined, the chunks list {flattened}.",
    )


@given(size_sequences, budgets)
def test_no_chunk_is_empty(pack_sentences, sizes, max_tokens):
    chunks = packed(pack_sentences, sizes, max_tokens)
    expect(all(len(chunk) > 0 for chunk in chunks), "no empty chunk: an empty chunk would be embedded and indexed")


@given(size_sequences, budgets)
def test_every_chunk_fits_or_is_a_single_oversized_sentence(pack_sentences, sizes, max_tokens):
    chunks = packed(pack_sentences, sizes, max_tokens)
    bad = [
        (chunk, total) for chunk, total in zip(chunks, totals(chunks, sizes)) if total > max_tokens and len(chunk) > 1
    ]
    expect(
        not bad,
        f"every chunk to hold at most max_tokens = {counted(max_tokens, 'token')}, "
        "unless it is a single sentence larger than the budget",
        details=f"The chunk {bad[0][0]} holds {counted(bad[0][1], 'token')}." if bad else "",
    )


@given(size_sequences, budgets)
def test_no_chunk_could_have_taken_the_next_sentence(pack_sentences, sizes, max_tokens):
    chunks = packed(pack_sentences, sizes, max_tokens)
    if [index for chunk in chunks for index in chunk] != list(range(len(sizes))):
        # A chunk's next sentence is the first of the next chunk only where the chunks list every sentence once,
        # in order; where they do not, test_the_chunks_in_order_list_every_sentence_once names what is wrong.
        return
    pairs = [
        (chunk, total, following[0])
        for chunk, total, following in zip(chunks, totals(chunks, sizes), chunks[1:])
        if following
    ]
    early = [(chunk, total, nxt) for chunk, total, nxt in pairs if total + sizes[nxt] <= max_tokens]
    expect(
        not early,
        f"every chunk to be closed only when the next sentence would push it above max_tokens = {max_tokens}",
        details=(
            f"The chunk {early[0][0]} holds {counted(early[0][1], 'token')}; sentence {early[0][2]} "
            f"({counted(sizes[early[0][2]], 'token')}) would have fit, "
            f"making {early[0][1] + sizes[early[0][2]]}."
            if early
            else ""
        ),
    )


@given(size_sequences, budgets)
def test_the_chunk_count_is_the_fewest_possible(pack_sentences, sizes, max_tokens):
    chunks = packed(pack_sentences, sizes, max_tokens)
    fewest = fewest_chunks(list(sizes), max_tokens)
    expect(
        len(chunks) == fewest,
        f"{fewest} chunk{'' if fewest == 1 else 's'}: the fewest of any in-order split into chunks "
        "that fit the budget or are single sentences (greedy packing always achieves it)",
        details=(
            f"That is {counted(len(chunks), 'chunk')}; a split into {fewest} is {greedy_chunks(sizes, max_tokens)}."
        ),
    )


@given(st.lists(st.integers(0, 15), max_size=30), budgets)
def test_the_input_is_never_modified(pack_sentences, sizes, max_tokens):
    before = list(sizes)
    pack_sentences(sizes, max_tokens)
    expect(sizes == before, "the input list to be left as it was", details=f"It is now {sizes}.")
