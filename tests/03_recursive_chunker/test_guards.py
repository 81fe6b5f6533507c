"""Inputs on which a wrong loop stalls or does quadratic work; each has a short time limit."""

from tests.support.answers import is_exactly

from kata.judging.guards import complexity_guard, progress_guard
from kata.judging.checks import expect

RECOUNT_HINT = (
    "Look for a count of the whole open chunk inside the loop: count_tokens(' '.join(chunk)), "
    "sum(sizes) over every unit so far, or a split of the growing chunk. Keep a running total instead."
)
RESCAN_HINT = (
    "Look for work on the whole text or on every unit so far inside the loop: text = text[end:], "
    "words = words[max_tokens:], units.pop(0), or a search from the start of the text for each chunk."
)

SENTENCE = "w " * 49 + "w."  # 50 words
BIG = " ".join([SENTENCE] * 10_000)  # 1,009,999 characters, 500,000 words


@complexity_guard(hint=RECOUNT_HINT)
def test_a_megabyte_of_text_under_a_budget_larger_than_the_text(chunk_text):
    chunks = chunk_text(BIG, 1_000_000)
    expect(is_exactly(chunks, [BIG]), "one chunk: the whole text, which is already single-spaced")


@complexity_guard(hint=RESCAN_HINT)
def test_a_megabyte_of_text_in_many_overlapping_chunks(chunk_text):
    chunks = chunk_text(BIG, 110, 50)
    pair = SENTENCE + " " + SENTENCE
    expect(is_exactly(chunks, [pair] * 9_999),
           "9,999 chunks, each two sentences: the last sentence of the chunk before, and the next one")


@complexity_guard(hint=RESCAN_HINT)
def test_one_long_sentence_without_punctuation(chunk_text):
    # 300,000 words, not fewer: cutting the windows with words = words[7:] copies the rest of the
    # sentence each time, quadratic but fast (one copy in C per window): on the machine that measured
    # it, 100,000 words took 0.7 s and 300,000 take 6.6 s, where the reference takes 0.06 s.
    chunks = chunk_text("w " * 300_000, 7, 6)
    expect(is_exactly(chunks, ["w w w w w w w"] * 42_857 + ["w"]),
           "42,858 chunks of one window each: 42,857 windows of 7 words and a last one of 1, "
           "none carried, since a window of 7 words does not fit an overlap of 6")


@progress_guard()
def test_the_loop_ends_with_the_largest_overlap_over_many_sentences(chunk_text):
    """With max_tokens=9 and overlap_tokens=8 the carry must leave room for the next 4-word sentence."""
    text = " ".join(f"S{i} w w w." for i in range(1, 5_001))
    chunks = chunk_text(text, 9, 8)
    expect(is_exactly(chunks, [f"S{i} w w w. S{i + 1} w w w." for i in range(1, 5_000)]),
           "4,999 chunks, each two consecutive sentences, from 'S1 w w w. S2 w w w.' to "
           "'S4999 w w w. S5000 w w w.'")


@progress_guard()
def test_the_loop_ends_when_every_overlap_would_fill_the_budget(chunk_text):
    """Sentences of 3 words with max_tokens=4 and overlap_tokens=3: no carry can leave room, so none is made."""
    text = "a b c. " * 5_000
    chunks = chunk_text(text, 4, 3)
    expect(is_exactly(chunks, ["a b c."] * 5_000),
           "5,000 chunks, each one sentence 'a b c.'")
