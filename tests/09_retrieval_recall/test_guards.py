"""A long query against thousands of chunks: scoring must read each chunk once, not once per query word.

Chunk i holds the 20 words w(20i) to w(20i + 19), so every word is in exactly one chunk and every
chunk has the average length: a chunk's score is 20 * idf for the query's chunks, with
idf = ln(1 + (N - 0.5) / 1.5), and 0.0 for the others. That is checked without recomputing BM25.
"""

import math

from answers import close_scores, scored

from kata.judging.guards import complexity_guard
from kata.judging.checks import check_returns, expect

PRODUCT_HINT = (
    "Look for a loop over the query's words with a loop over every chunk inside it (or a df, f or avgdl "
    "recounted inside a loop): 3,000 query words against 5,000 chunks is 15 million steps. Read each chunk "
    "once, counting only the query's words in it, and add one term per distinct query word a chunk holds."
)
CHUNK_COUNT, WORDS_PER_CHUNK, QUERY_WORDS = 5_000, 20, 3_000
CHUNKS = [" ".join(f"w{i * WORDS_PER_CHUNK + j}" for j in range(WORDS_PER_CHUNK)) for i in range(CHUNK_COUNT)]
QUERY = " ".join(f"w{i}" for i in range(QUERY_WORDS))  # the words of the first 150 chunks
IDF = math.log(1 + (CHUNK_COUNT - 0.5) / 1.5)
MATCHED = QUERY_WORDS // WORDS_PER_CHUNK


@complexity_guard(seconds=2, hint=PRODUCT_HINT)
def test_a_query_of_three_thousand_words_against_five_thousand_chunks(bm25_scores):
    scores = scored(bm25_scores, QUERY, CHUNKS)
    expect(close_scores(scores, [WORDS_PER_CHUNK * IDF] * MATCHED + [0.0] * (CHUNK_COUNT - MATCHED)),
           f"{MATCHED} chunks scoring 20 * ln(1 + 4,999.5 / 1.5) = {WORDS_PER_CHUNK * IDF:.6f}, then "
           f"{CHUNK_COUNT - MATCHED:,} scoring 0.0")


@complexity_guard(seconds=2, hint=PRODUCT_HINT)
def test_the_top_five_of_five_thousand_chunks_for_three_thousand_words(top_k):
    check_returns(top_k, QUERY, CHUNKS, 5, expected=[0, 1, 2, 3, 4],
                  why="the first 150 chunks score the same, and the lower indices come first.")
