"""A long query against many short chunks: scoring must read each chunk once, not once per query word.

The words are drawn at run time (guard_random, tests/support/guard_inputs.py), so that no submission
can recognise them, and cheaply, because the time limit covers drawing them too. The query holds
20,000 distinct random words (distinct_words) and each of the 20,000 chunks is one of them, picked at
random, so that a word is held by no chunk, one or several; the work of a loop over the query's words
with a loop over every chunk inside it (or the other way round) is the product of the two, 400 million
steps, against 40,000 words in all: even the cheapest inner step (a dictionary lookup) cannot finish
that in the limit, while reading each chunk once takes a small fraction of it. Every chunk holds one
query word once and has the average length (one word), so its score is idf(df) = ln(1 + (N - df +
0.5) / (df + 0.5)) for the number df of chunks that hold its word, checked without recomputing BM25.

The same chunks for a query of one of their words tell the product loop (20,000 steps here) from a
loop that recounts avgdl or df from all the chunks for every chunk, whose work is the square of the
chunks whatever the query.
"""

import heapq
import math
from collections import Counter

from tests.support.answers import close_scores, scored
from tests.support.guard_inputs import distinct_words

from kata.judging.guards import complexity_guard
from kata.judging.checks import check_returns, expect
from kata.vocabulary import counted

PRODUCT_HINT = (
    "Look for a loop over the query's words with a loop over every chunk inside it, or over the chunks with "
    "every query word inside (or a df, f or avgdl recounted from all the chunks inside a loop): 20,000 query "
    "words against 20,000 chunks is 400 million steps. Read each chunk once, counting only the query's words "
    "in it, and add one term per query word a chunk holds."
)
CHUNK_COUNT = 20_000


def idf(df: int) -> float:
    """The idf of a word that `df` of the 20,000 chunks hold, the statement's formula."""
    return math.log(1 + (CHUNK_COUNT - df + 0.5) / (df + 0.5))


def a_corpus(guard_random) -> tuple[str, list[str], Counter, list[int]]:
    """A query of 20,000 distinct words, the 20,000 chunks (each one of those words, picked at random), how
    many chunks hold each word, and the five best chunks.

    idf(df) falls as df grows: the best chunks hold the words that the fewest chunks hold, the lower
    indices first. Their words have four characters, the fewest (distinct_words), as the best chunks
    of old did ("w0" to "w4"), so that a length counted in characters does not change which they are.
    The query lists the chunks' words in the order they first come, then the words that no chunk holds:
    scoring then reads the chunks in about the order it meets their words.
    """
    words = distinct_words(guard_random, CHUNK_COUNT)
    picks = guard_random.choices(range(CHUNK_COUNT), k=CHUNK_COUNT)
    held = Counter(picks)
    best = heapq.nsmallest(5, range(CHUNK_COUNT), key=lambda index: (held[picks[index]], index))
    for index in best:
        words[picks[index]] = words[picks[index]][:4]  # still distinct: no two words share their first four
    chunks = [words[pick] for pick in picks]
    df = Counter(chunks)
    return " ".join([*df, *(word for word in words if word not in df)]), chunks, df, best


@complexity_guard(seconds=2, hint=PRODUCT_HINT)
def test_a_query_of_twenty_thousand_words_against_twenty_thousand_chunks(bm25_scores, guard_random):
    query, chunks, df, _ = a_corpus(guard_random)
    scores = scored(bm25_scores, query, chunks)
    expect(close_scores(scores, [idf(df[chunk]) for chunk in chunks]),
           f"{CHUNK_COUNT:,} scores, each idf(df) = ln(1 + (20,000 - df + 0.5) / (df + 0.5)) for the number df of "
           f"chunks that hold its word: {idf(1):.6f} for a word that one chunk holds, {idf(2):.6f} for two, and "
           "so on. Each chunk is one word of the query, and has the average length")


@complexity_guard(seconds=2, hint=PRODUCT_HINT)
def test_the_top_five_of_twenty_thousand_chunks_for_twenty_thousand_words(top_k, guard_random):
    query, chunks, df, expected = a_corpus(guard_random)
    fewest = df[chunks[expected[0]]]
    check_returns(top_k, query, chunks, 5, expected=expected,
                  why=f"each chunk scores idf(df) for the number df of chunks that hold its word, the highest "
                      f"({idf(fewest):.6f}) for a word that {counted(fewest, 'chunk')} alone hold; among equal "
                      "scores the lower indices come first.")


RECOUNT_HINT = (
    "Look for avgdl, df or the chunks' lengths recounted from all the chunks inside the loop over the chunks: "
    "with a query of one word that is still 20,000 chunks read for each of 20,000 chunks, 400 million steps. "
    "Compute avgdl and every df once, before scoring any chunk."
)


@complexity_guard(seconds=2, hint=RECOUNT_HINT)
def test_a_one_word_query_against_twenty_thousand_chunks(bm25_scores, guard_random):
    # One query word: a loop over the query's words with a loop over the chunks inside is 20,000 steps here,
    # and only what recounts something from all the chunks for every chunk grows with the square of the chunks.
    # The word's length in characters is not the chunks' average, so that a length in characters is not 1 there.
    _, chunks, df, _ = a_corpus(guard_random)
    characters = sum(map(len, chunks))
    word = guard_random.choice([chunk for chunk in chunks if len(chunk) * CHUNK_COUNT != characters])
    scores = scored(bm25_scores, word, chunks)
    expected = [idf(df[word]) if chunk == word else 0.0 for chunk in chunks]
    holders = [index for index, chunk in enumerate(chunks) if chunk == word]
    expect(close_scores(scores, expected),
           f"{CHUNK_COUNT:,} scores, all 0.0 but those of the chunks that hold {word!r} "
           f"({', '.join(map(str, holders))}), ln(1 + (20,000 - {df[word]} + 0.5) / ({df[word]} + 0.5)) = "
           f"{idf(df[word]):.6f} each: each of them is that word alone, and has the average length")
