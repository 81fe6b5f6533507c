"""A long query against many short chunks: scoring must read each chunk once, not once per query word.

Chunk i is the one word w{i}, and the query holds the words of all the chunks, so the work of a
loop over the query's words with a loop over every chunk inside it (or the other way round) is
the product of the two, 400 million steps, against 40,000 words in all: even the cheapest inner
step (a dictionary lookup) cannot finish that in the limit, while reading each chunk once takes
a small fraction of it. Every word is in exactly one chunk and every chunk has the average
length, so every score is ln(1 + (N - 0.5) / 1.5), checked without recomputing BM25.

The same chunks for a query of one word tell the product loop (20,000 steps here) from a loop
that recounts avgdl or df from all the chunks for every chunk, whose work is the square of the
chunks whatever the query.
"""

import math

from tests.support.answers import close_scores, scored

from kata.judging.guards import complexity_guard
from kata.judging.checks import check_returns, expect

PRODUCT_HINT = (
    "Look for a loop over the query's words with a loop over every chunk inside it, or over the chunks with "
    "every query word inside (or a df, f or avgdl recounted from all the chunks inside a loop): 20,000 query "
    "words against 20,000 chunks is 400 million steps. Read each chunk once, counting only the query's words "
    "in it, and add one term per query word a chunk holds."
)
CHUNK_COUNT = 20_000
CHUNKS = [f"w{i}" for i in range(CHUNK_COUNT)]
QUERY = " ".join(CHUNKS)  # 20,000 distinct words, one in each chunk
IDF = math.log(1 + (CHUNK_COUNT - 0.5) / 1.5)


@complexity_guard(seconds=2, hint=PRODUCT_HINT)
def test_a_query_of_twenty_thousand_words_against_twenty_thousand_chunks(bm25_scores):
    scores = scored(bm25_scores, QUERY, CHUNKS)
    expect(close_scores(scores, [IDF] * CHUNK_COUNT),
           f"{CHUNK_COUNT:,} scores of ln(1 + 19,999.5 / 1.5) = {IDF:.6f}: each chunk holds one query word, "
           "which no other chunk holds, and has the average length")


@complexity_guard(seconds=2, hint=PRODUCT_HINT)
def test_the_top_five_of_twenty_thousand_chunks_for_twenty_thousand_words(top_k):
    check_returns(top_k, QUERY, CHUNKS, 5, expected=[0, 1, 2, 3, 4],
                  why="every chunk scores the same, and the lower indices come first.")


RECOUNT_HINT = (
    "Look for avgdl, df or the chunks' lengths recounted from all the chunks inside the loop over the chunks: "
    "with a query of one word that is still 20,000 chunks read for each of 20,000 chunks, 400 million steps. "
    "Compute avgdl and every df once, before scoring any chunk."
)


@complexity_guard(seconds=2, hint=RECOUNT_HINT)
def test_a_one_word_query_against_twenty_thousand_chunks(bm25_scores):
    # One query word: a loop over the query's words with a loop over the chunks inside is 20,000 steps here,
    # and only what recounts something from all the chunks for every chunk grows with the square of the chunks.
    scores = scored(bm25_scores, "w7", CHUNKS)
    expected = [0.0] * CHUNK_COUNT
    expected[7] = IDF
    expect(close_scores(scores, expected),
           f"{CHUNK_COUNT:,} scores, all 0.0 but chunk 7's, ln(1 + 19,999.5 / 1.5) = {IDF:.6f}: only chunk 7 holds "
           "w7, and it has the average length")
