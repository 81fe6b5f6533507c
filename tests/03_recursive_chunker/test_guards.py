"""Inputs on which a wrong loop stalls or does quadratic work; each has a short time limit.

The words are random one-letter words drawn at run time (guard_random, tests/support/guard_inputs.py),
so that no submission can recognise the text, and cheaply (a random byte a letter), because the time
limit covers drawing and judging them too. The guard of the count of the open chunk is generic: random
sentences of random even lengths under a random odd budget (no chunk fills it exactly), 8 to 17
chunks of varying lengths that no property of the whole text gives; its answer comes from an independent
oracle, greedy_bounds (tests/support/oracles.py). The overlap's guards draw a new sentence each time, so
that no chunk is a copy of the one before and the carried sentence must be the chunk's last. The long
sentence's shape stays as it was: its windows are what any reading of its words gives.
"""

from itertools import accumulate

from kata.judging.checks import expect
from kata.judging.guards import complexity_guard, paced, progress_guard
from tests.support.answers import differs, is_exactly
from tests.support.guard_inputs import letters, numbers
from tests.support.oracles import greedy_bounds
from tests.support.paces import sentence_chunks

RECOUNT_HINT = (
    "Look for a count of the whole open chunk inside the loop: count_tokens(' '.join(chunk)), "
    "sum(sizes) over every unit so far, or a split of the growing chunk. Keep a running total instead."
)
RESCAN_HINT = (
    "Look for work on the whole text or on every unit so far inside the loop: text = text[end:], "
    "words = words[max_tokens:], units.pop(0), or a search from the start of the text for each chunk."
)


def sentences(guard_random, count: int, words: int) -> list[str]:
    """`count` sentences of `words` random one-letter words each, the last one followed by a period."""
    text = letters(guard_random, count * words)
    return [" ".join(text[start : start + words]) + "." for start in range(0, count * words, words)]


@complexity_guard(paced=True, hint=RECOUNT_HINT)
def test_a_megabyte_of_text_in_chunks_of_thousands_of_words(chunk_text, guard_random):
    """About 500,000 words in sentences of 2 to 20 words, under a budget of 30,001 to 60,001 words: 8 to 17
    chunks of thousands of sentences each, which counting the open chunk again for each one cannot finish."""
    budget = 2 * guard_random.randint(15_000, 30_000) + 1  # odd, and every sentence has an even number of words:
    lengths = [2 * half for half in numbers(guard_random, 45_000, 1, 10)]  # no chunk fills the budget exactly
    words, ends = letters(guard_random, sum(lengths)), list(accumulate(lengths))
    sentences = [
        f"{words[end - length].upper()} {' '.join(words[end - length + 1 : end])}."  # Capitalised
        for end, length in zip(ends, lengths)
    ]
    text = " ".join(sentences)
    paced(lambda: sentence_chunks(text, budget))
    expected = [" ".join(sentences[start:end]) for start, end in greedy_bounds(lengths, budget)]
    chunks = chunk_text(text, budget)
    expect(
        is_exactly(chunks, expected),
        f"{len(expected)} chunks, each the next sentences that fit the budget of {budget:,} words, joined by "
        "one space: every sentence is a unit, the text is one paragraph",
        details=differs(chunks, expected),
    )


@complexity_guard(paced=True, hint=RESCAN_HINT)
def test_a_megabyte_of_text_in_many_overlapping_chunks(chunk_text, guard_random):
    drawn = sentences(guard_random, 10_000, 50)
    text = " ".join(drawn)  # 1,009,999 characters, 500,000 words
    paced(lambda: sentence_chunks(text, 110))
    expected = [f"{drawn[i]} {drawn[i + 1]}" for i in range(9_999)]
    chunks = chunk_text(text, 110, 50)
    expect(
        is_exactly(chunks, expected),
        "9,999 chunks, each two sentences of 50 words: the last sentence of the chunk before, and the next one",
        details=differs(chunks, expected),
    )


@complexity_guard(paced=True, hint=RESCAN_HINT)
def test_one_long_sentence_without_punctuation(chunk_text, guard_random):
    # 300,000 words, not fewer: cutting the windows with words = words[7:] copies the rest of the
    # sentence each time, quadratic but fast (one copy in C per window): on the machine that measured
    # it, 100,000 words took 0.7 s and 300,000 take 6.6 s, where the reference takes 0.06 s.
    words = letters(guard_random, 300_000)
    text = " ".join(words) + " "
    paced(lambda: sentence_chunks(text, 7))
    expected = [" ".join(words[start : start + 7]) for start in range(0, 300_000, 7)]
    chunks = chunk_text(text, 7, 6)
    expect(
        is_exactly(chunks, expected),
        "42,858 chunks of one window each: 42,857 windows of 7 words and a last one of 1, "
        "none carried, since a window of 7 words does not fit an overlap of 6",
    )


@progress_guard()
def test_the_loop_ends_with_the_largest_overlap_over_many_sentences(chunk_text, guard_random):
    """With max_tokens=9 and overlap_tokens=8 the carry must leave room for the next 4-word sentence."""
    # Sentence i starts with a capital and its number, then 3 random words: no two are alike.
    capitals, words = letters(guard_random, 5_000).upper(), letters(guard_random, 15_000)
    sentences = [f"{capitals[i]}{i + 1} {' '.join(words[3 * i : 3 * i + 3])}." for i in range(5_000)]
    chunks = chunk_text(" ".join(sentences), 9, 8)
    expect(
        is_exactly(chunks, [f"{sentences[i]} {sentences[i + 1]}" for i in range(4_999)]),
        "4,999 chunks, each two consecutive sentences, from the first and second to the 4,999th and 5,000th",
    )


@progress_guard()
def test_the_loop_ends_when_every_overlap_would_fill_the_budget(chunk_text, guard_random):
    """Sentences of 3 words with max_tokens=4 and overlap_tokens=3: no carry can leave room, so none is made."""
    drawn = sentences(guard_random, 5_000, 3)
    chunks = chunk_text(" ".join(drawn) + " ", 4, 3)
    expect(
        is_exactly(chunks, drawn),
        "5,000 chunks, each one sentence of the text, in order",
        details=differs(chunks, drawn),
    )
