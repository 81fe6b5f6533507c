"""Inputs on which quadratic work cannot finish or a stalled loop never ends; each has a short time limit.

The inputs are built cheaply (["w"] * n, and embedders that repeat one vector), because the
time limit covers building them too.
"""

from tests.support.answers import differs, is_exactly

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


@complexity_guard(hint=ALL_PAIRS_HINT + " " + RESUMMING_HINT)
def test_twenty_thousand_sentences_on_one_topic_in_one_chunk(semantic_chunks, embedder):
    """The statement's first large input: one topic, a budget large enough for all of it."""
    embed = embedder.same([1.0], "lambda batch: [[1.0]] * len(batch)")
    chunks = semantic_chunks(["w"] * N, embed, 0.5, N)
    expected = [list(range(N))]
    right = is_exactly(chunks, expected)
    expect(right,
           "one chunk holding all 20,000 sentences, 0 to 19999: every similarity is 1.0 and the 20,000 words "
           "fit the budget exactly",
           details="" if right else differs(chunks, expected))
    expect(embed.calls == 1,
           "exactly one call to embed, with all 20,000 sentences (the chunks are right)",
           details=embed.described())


@complexity_guard(hint=ALL_PAIRS_HINT + " " + RESCANNING_HINT)
def test_ten_thousand_topics_of_one_sentence(semantic_chunks, embedder):
    """The statement's second large input: the vectors alternate, so every similarity is 0.0."""
    n = 10_000
    pattern = [[1.0, 0.0], [0.0, 1.0]]
    embed = embedder.of(lambda batch: pattern * (len(batch) // 2),
                        "lambda batch: [[1.0, 0.0], [0.0, 1.0]] * (len(batch) // 2)")
    chunks = semantic_chunks(["w"] * n, embed, 0.5, n)
    expected = [[index] for index in range(n)]
    right = is_exactly(chunks, expected)
    expect(right,
           "10,000 chunks of one sentence each, [0] to [9999]: every similarity is 0.0, below 0.5",
           details="" if right else differs(chunks, expected))


@complexity_guard(hint=OVERSIZED_HINT)
def test_the_loop_ends_on_a_long_run_of_oversized_sentences(semantic_chunks, embedder):
    """The statement's third large input: every sentence (2 words) is larger than the budget of 1."""
    n = 10_000
    embed = embedder.same([1.0], "lambda batch: [[1.0]] * len(batch)")
    chunks = semantic_chunks(["w w"] * n, embed, 0.5, 1)
    expected = [[index] for index in range(n)]
    right = is_exactly(chunks, expected)
    expect(right,
           "10,000 chunks of one sentence each, [0] to [9999]: every sentence is larger than the budget of 1, "
           "and no chunk is empty",
           details="" if right else differs(chunks, expected))
