"""Inputs on which quadratic work cannot finish or a stalled loop never ends; each has a short time limit.

The sentences and their vectors are drawn at run time (guard_random, tests/support/guard_inputs.py), so
that no submission can recognise them, and cheaply (a random byte a letter or a number), because the
time limit covers drawing them too. Each input is built so that its answer is known: vectors whose
numbers are all from 128 to 255, any two of which have a similarity of at least 0.8 (one topic), or
vectors of one number each on an axis that changes from every sentence to the next (a similarity of
0.0 between neighbours); one-word sentences that fill the budget exactly, or sentences larger than it.
The embedder answers a batch with the first len(batch) of the vectors drawn, in order, as the fixed
embedders of the other tests do.
"""

from itertools import accumulate

from tests.support.answers import differs, is_exactly
from tests.support.guard_inputs import letters, numbers

from kata.judging.guards import complexity_guard
from kata.judging.checks import expect

N = 20_000

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
    return width, [values[start:start + width] for start in range(0, count * width, width)]


def topic_threshold(guard_random) -> float:
    """A threshold from 0.05 to 0.75, below every similarity of one topic's vectors."""
    return guard_random.randint(5, 75) / 100


@complexity_guard(hint=ALL_PAIRS_HINT + " " + RESUMMING_HINT)
def test_twenty_thousand_sentences_on_one_topic_in_one_chunk(semantic_chunks, embedder, guard_random):
    """The statement's first large input: one topic, a budget large enough for all of it."""
    sentences = list(letters(guard_random, N))  # one word each
    width, vectors = one_topic(guard_random, N)
    threshold = topic_threshold(guard_random)
    embed = embedder.drawn(vectors, LABEL)
    chunks = semantic_chunks(sentences, embed, threshold, N)
    expected = [list(range(N))]
    right = is_exactly(chunks, expected)
    expect(right,
           "one chunk holding all 20,000 sentences, 0 to 19999: their vectors, of "
           f"{width} numbers from 128 to 255 each, have similarities of at least 0.8, none below the threshold "
           f"of {threshold}, and the 20,000 one-word sentences fit the budget exactly",
           details="" if right else differs(chunks, expected))
    expect(embed.calls == 1,
           "exactly one call to embed, with all 20,000 sentences (the chunks are right)",
           details=embed.described())


@complexity_guard(hint=ALL_PAIRS_HINT + " " + RESCANNING_HINT)
def test_ten_thousand_topics_of_one_sentence(semantic_chunks, embedder, guard_random):
    """The statement's second large input: neighbouring vectors are orthogonal, so every similarity is 0.0."""
    n = 10_000
    sentences = list(letters(guard_random, n))
    # Vector i has one number, from 1 to 255, on axis axes[i], which changes at every step: the dot
    # product of two neighbours is 0. The 32nd vector's axis also differs from the first's, so that an
    # embedder called in batches of 32 (each answered from the first vector on) sees the same
    # similarities: the first guard is the one that counts the calls.
    width = guard_random.randint(4, 5)
    steps = numbers(guard_random, n - 1, 1, width - 1)
    axes = [axis % width for axis in accumulate(steps, initial=guard_random.randrange(width))]
    axes[31] = guard_random.choice([axis for axis in range(width) if axis not in (axes[0], axes[30], axes[32])])
    vectors = [[0.0] * width for _ in range(n)]
    for vector, axis, value in zip(vectors, axes, numbers(guard_random, n, 1, 255)):
        vector[axis] = float(value)
    threshold = guard_random.randint(5, 95) / 100
    chunks = semantic_chunks(sentences, embedder.drawn(vectors, LABEL), threshold, n)
    expected = [[index] for index in range(n)]
    right = is_exactly(chunks, expected)
    expect(right,
           f"10,000 chunks of one sentence each, [0] to [9999]: each vector has one number that is not 0, on one "
           f"of {width} axes, never its neighbour's, so every similarity is 0.0, below the threshold of {threshold}",
           details="" if right else differs(chunks, expected))


@complexity_guard(hint=OVERSIZED_HINT)
def test_the_loop_ends_on_a_long_run_of_oversized_sentences(semantic_chunks, embedder, guard_random):
    """The statement's third large input: every sentence (2 to 4 words) is larger than the budget of 1."""
    n = 10_000
    ends = list(accumulate(numbers(guard_random, n, 2, 4)))
    words = letters(guard_random, ends[-1])
    sentences = [" ".join(words[start:end]) for start, end in zip([0, *ends], ends)]
    width, vectors = one_topic(guard_random, n)
    threshold = topic_threshold(guard_random)
    chunks = semantic_chunks(sentences, embedder.drawn(vectors, LABEL), threshold, 1)
    expected = [[index] for index in range(n)]
    right = is_exactly(chunks, expected)
    expect(right,
           "10,000 chunks of one sentence each, [0] to [9999]: every sentence (2 to 4 words) is larger than the "
           f"budget of 1, and no chunk is empty (the vectors, of {width} numbers from 128 to 255 each, are on one "
           f"topic, with no similarity below the threshold of {threshold})",
           details="" if right else differs(chunks, expected))
