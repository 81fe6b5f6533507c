"""Inputs on which quadratic work cannot finish or a stalled loop never ends; each has a short time limit.

The sentences and their vectors are drawn at run time (guard_random, tests/support/guard_inputs.py), so
that no submission can recognise them, and cheaply (a random byte a letter or a number), because the
time limit covers drawing them too. No input is built around a known answer that one property of it
gives away (every sentence in one chunk, every similarity 0.0, every sentence above the budget): each
answer is greedy packing over random sizes, or random topics, computed by an independent oracle
(greedy_chunks_fast, tests/support/oracles.py) or read off how the topics were drawn.

- Forty thousand sentences of 1 to 4 one-letter words, on one topic (vectors whose numbers are all from
  128 to 255: any two have a similarity of at least 0.8), under a budget that the first few thousand
  sentences fill exactly: a few chunks of thousands of sentences each, of varying lengths.
- Ten thousand one-word sentences in topics of 1 to 4 sentences: the vectors of a topic are whole
  multiples (1 to 3 times) of one random vector of 3 to 5 numbers from -127 to 127, and a topic's vector
  is turned round where it points within 90 degrees of the one before, so that neighbours on one topic
  have a similarity of 1 and neighbours across a change one of 0 or less.
- Ten thousand sentences on one topic, in runs of 2 to 40 sentences larger than the budget of 6 to 12
  words between runs of 1 to 60 sentences of 1 to 4 words, the first run oversized.

The embedder answers a batch with the first len(batch) of the vectors drawn, in order, as the fixed
embedders of the other tests do.
"""

from itertools import accumulate

from kata.judging.checks import expect
from kata.judging.guards import complexity_guard, paced
from tests.support.answers import differs, is_exactly
from tests.support.guard_inputs import letters, numbers
from tests.support.oracles import greedy_chunks_fast
from tests.support.paces import similarity_chunks

N = 40_000

ALL_PAIRS_HINT = (
    "Look for work on every pair of sentences: a full similarity matrix (n * n cosines, of which only "
    "the n - 1 between neighbours are needed), or a loop over all earlier sentences for each one."
)
RESUMMING_HINT = (
    "Look for a step that goes over the whole open chunk for every sentence: sum(...) of its word counts "
    "(keep a running total instead), a copy of the chunk, or a split of the chunk's joined text."
)
OVERSIZED_HINT = (
    "Look for a loop that does not move past a sentence larger than the budget (a chunk closed, and the same "
    "sentence tried again), or for work on everything before the current sentence, for each sentence."
)
RESCANNING_HINT = (
    "Look for work on everything before the current sentence, for each sentence or each chunk: "
    "sentences.index(...), a slice of the rest of the list, or a search from the start."
)


LABEL = "lambda batch: vectors[:len(batch)]"  # how the drawn embedders show in a report


def one_topic(guard_random, count: int) -> tuple[int, list[list[float]]]:
    """`count` vectors of a few numbers each, all from 128 to 255, and how many numbers each has.

    Two such numbers are within a factor of 2 of each other, so x * y >= 0.4 * (x * x + y * y) for
    each pair of them, and any two of the vectors have a similarity of at least 0.8: one topic.
    """
    width = guard_random.randint(2, 4)
    values = list(map(float, numbers(guard_random, count * width, 128, 255)))
    return width, [values[start : start + width] for start in range(0, count * width, width)]


def topic_threshold(guard_random) -> float:
    """A threshold from 0.05 to 0.75, below every similarity of one topic's vectors."""
    return guard_random.randint(5, 75) / 100


def sentences_of(guard_random, sizes: list[int]) -> list[str]:
    """One sentence of random one-letter words per size, the words joined by single spaces."""
    ends = list(accumulate(sizes))
    words = letters(guard_random, ends[-1])
    return [" ".join(words[start:end]) for start, end in zip([0, *ends], ends)]


@complexity_guard(paced=True, hint=ALL_PAIRS_HINT + " " + RESUMMING_HINT)
def test_forty_thousand_sentences_on_one_topic_in_long_chunks(semantic_chunks, embedder, guard_random):
    """The statement's first large input: one topic, packed under a budget of thousands of words."""
    sizes = numbers(guard_random, N, 1, 4)
    first = guard_random.randint(13_334, 20_000)  # the sentences that fill the first chunk exactly: N / 3 to N / 2
    sizes[0] = sizes[first] = 4  # so that a count that leaves out a chunk's first sentence takes one more
    budget = sum(sizes[:first])
    sentences = sentences_of(guard_random, sizes)
    width, vectors = one_topic(guard_random, N)
    threshold = topic_threshold(guard_random)
    embed = embedder.drawn(vectors, LABEL)
    paced(lambda: similarity_chunks(vectors, sizes, threshold, budget))
    expected = greedy_chunks_fast(sizes, budget)
    chunks = semantic_chunks(sentences, embed, threshold, budget)
    right = is_exactly(chunks, expected)
    expect(
        right,
        f"{len(expected)} chunks of {', '.join(str(len(chunk)) for chunk in expected)} sentences: the vectors, "
        f"of {width} numbers from 128 to 255 each, have similarities of at least 0.8, none below the threshold "
        f"of {threshold}, so only the budget of {budget:,} words cuts, and the first {first:,} sentences fill "
        "it exactly",
        details="" if right else differs(chunks, expected),
    )
    expect(
        embed.calls == 1,
        "exactly one call to embed, with all 40,000 sentences (the chunks are right)",
        details=embed.described(),
    )


@complexity_guard(paced=True, hint=ALL_PAIRS_HINT + " " + RESCANNING_HINT)
def test_forty_thousand_sentences_in_topics_of_one_to_four(semantic_chunks, embedder, guard_random):
    """The statement's second large input: thousands of topics of 1 to 4 sentences, their vectors random.
    40,000 sentences, not fewer: embedding the open chunk for every sentence took less than twice the limit on
    10,000, whose plain pass was so quick that the limit was the floor, which does not follow the machine."""
    n = 40_000
    sentences = list(letters(guard_random, n))
    # The first topic holds 4 sentences: code that embeds fewer than all the sentences at once gets the first
    # vectors back each time, which then always share a topic, so its verdict does not depend on the draw.
    lengths = [4, *numbers(guard_random, n - 1, 1, 4)]
    starts = [start for start in accumulate(lengths, initial=0) if start < n]
    width = guard_random.randint(3, 5)
    magnitudes = numbers(guard_random, len(starts) * width, 1, 127)
    signs = numbers(guard_random, len(starts) * width, 0, 1)
    scales = numbers(guard_random, n, 1, 3)
    vectors, previous = [], [0] * width
    for topic, (start, end) in enumerate(zip(starts, [*starts[1:], n])):
        numbers_of_the_topic = slice(topic * width, topic * width + width)
        base = [m if s else -m for m, s in zip(magnitudes[numbers_of_the_topic], signs[numbers_of_the_topic])]
        if sum(base) == 0:  # so that no vector's numbers add up to 0, which looks like a zero vector to some
            base[0] += 1 if base[0] > 0 else -1
        if sum(map(int.__mul__, base, previous)) > 0:  # within 90 degrees of the topic before: turn it round
            base = [-x for x in base]
        vectors += [[float(scale * x) for x in base] for scale in scales[start:end]]
        previous = base
    threshold = guard_random.randint(5, 95) / 100
    paced(lambda: similarity_chunks(vectors, [1] * n, threshold, n))
    expected = [list(range(start, end)) for start, end in zip(starts, [*starts[1:], n])]
    chunks = semantic_chunks(sentences, embedder.drawn(vectors, LABEL), threshold, n)
    right = is_exactly(chunks, expected)
    expect(
        right,
        f"{len(expected):,} chunks, one per topic of 1 to 4 sentences: the vectors of a topic, of {width} "
        "numbers each, are whole multiples of one vector (a similarity of 1), and the vectors of two neighbouring "
        f"topics have a similarity of 0 or less, below the threshold of {threshold}; the 40,000 words fit the "
        "budget",
        details="" if right else differs(chunks, expected),
    )


@complexity_guard(paced=True, hint=OVERSIZED_HINT)
def test_the_loop_ends_on_a_long_run_of_oversized_sentences(semantic_chunks, embedder, guard_random):
    """The statement's third large input: runs of sentences larger than the budget between runs of short ones."""
    n = 10_000
    budget = guard_random.randint(6, 12)
    sizes: list[int] = []
    oversized, exact_fit = True, True
    while len(sizes) < n:
        if oversized:
            sizes += numbers(guard_random, guard_random.randint(2, 40), budget + 1, budget + 4)
        else:
            run = numbers(guard_random, guard_random.randint(1, 60), 1, 4)
            if exact_fit:  # the first short run opens with an exact fit: budget - 1 words, then 1
                run, exact_fit = [budget - 1, 1, *run], False
            sizes += run
        oversized = not oversized
    del sizes[n:]
    sentences = sentences_of(guard_random, sizes)
    width, vectors = one_topic(guard_random, n)
    threshold = topic_threshold(guard_random)
    paced(lambda: similarity_chunks(vectors, sizes, threshold, budget))
    expected = greedy_chunks_fast(sizes, budget)
    chunks = semantic_chunks(sentences, embedder.drawn(vectors, LABEL), threshold, budget)
    right = is_exactly(chunks, expected)
    expect(
        right,
        f"{len(expected):,} chunks: each sentence larger than the budget of {budget} words alone, and the "
        f"short sentences between them packed greedily; no chunk is empty (the vectors, of {width} numbers from "
        f"128 to 255 each, are on one topic, with no similarity below the threshold of {threshold})",
        details="" if right else differs(chunks, expected),
    )
