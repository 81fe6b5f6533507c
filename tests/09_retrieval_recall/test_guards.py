"""A long query against many short chunks: scoring must read each chunk once, not once per query word.

The words are drawn at run time (guard_random, tests/support/guard_inputs.py), so that no submission
can recognise them, and cheaply, because the time limit covers drawing them too. No input is built
around a known answer that one property of it gives away (every chunk one query word, whose score is
then its idf): each chunk's score is BM25 over random words, computed by an independent oracle
(bm25_of_profiles, tests/support/oracles.py) from how each chunk was drawn.

The query holds 20,000 distinct random words (distinct_words), once each, and 4,000 more words are in
no query. Each of the 20,000 chunks is one of twelve shapes, picked at random, made of up to two
random query words (never one word twice over) and a word of no query: "a", "a x", "x a", "a a",
"a x a", "a b", "b x a", "a a b", "a b x b", "x", "x x" and "a" again (a and b query words, x one of
no query), so that a chunk holds 0 to 2 query words, once or twice, among 1 to 4 words, and a query
word is in no chunk, one or several. With at most two distinct query words a chunk, every score is a
sum of at most two terms, the same in either order, so that equal scores are equal in every
implementation. The work of a loop over the query's words with a loop over every chunk inside it (or
the other way round) is the product of the two, 400 million steps, against about 60,000 words in all:
even the cheapest inner step (a dictionary lookup) cannot finish that in the limit, while reading each
chunk once takes a small fraction of it.

The same chunks for a query of one of their words, one that some chunk holds twice, tell the product
loop (20,000 steps here) from a loop that recounts avgdl or df from all the chunks for every chunk,
whose work is the square of the chunks whatever the query.
"""

import heapq
from collections import Counter
from itertools import chain, compress
from operator import lt

from kata.judging.checks import check_returns, expect
from kata.judging.guards import complexity_guard, paced
from tests.support.answers import close_scores, scored
from tests.support.guard_inputs import distinct_words, numbers, token_ids
from tests.support.oracles import bm25_of_profiles
from tests.support.paces import bm25_scores as plain_bm25

PRODUCT_HINT = (
    "Look for a loop over the query's words with a loop over every chunk inside it, or over the chunks with "
    "every query word inside (or a df, f or avgdl recounted from all the chunks inside a loop): 20,000 query "
    "words against 20,000 chunks is 400 million steps. Read each chunk once, counting only the query's words "
    "in it, and add one term per query word a chunk holds."
)
CHUNK_COUNT, QUERY_WORDS, OTHER_WORDS = 20_000, 20_000, 4_000
# The shapes of a chunk, of its first query word (0), its second (1) and a word of no query (2).
SHAPES = ((0,), (0, 2), (2, 0), (0, 0), (0, 2, 0), (0, 1), (1, 2, 0), (0, 0, 1), (0, 1, 2, 1), (2,), (2, 2), (0,))
TEMPLATES = tuple(" ".join(f"{{{slot}}}" for slot in shape) for shape in SHAPES)


class Corpus:
    """The query's words in a random order, the chunks, and how each was drawn: its shape, its two query
    words (distinct) and its word of no query."""

    def __init__(self, guard_random) -> None:
        words = distinct_words(guard_random, QUERY_WORDS + OTHER_WORDS)
        self.query, others = words[:QUERY_WORDS], words[QUERY_WORDS:]
        picks = token_ids(guard_random, CHUNK_COUNT)
        steps = token_ids(guard_random, CHUNK_COUNT)
        self.firsts = [self.query[pick % QUERY_WORDS] for pick in picks]
        self.seconds = [
            self.query[(pick + 1 + step % (QUERY_WORDS - 1)) % QUERY_WORDS] for pick, step in zip(picks, steps)
        ]
        self.fillers = [others[pick % OTHER_WORDS] for pick in token_ids(guard_random, CHUNK_COUNT)]
        self.shapes = numbers(guard_random, CHUNK_COUNT, 0, len(SHAPES) - 1)
        # The first chunk holds two query words no other chunk holds, and a word of no query. Its length
        # counted right ranks it below the chunks of the shape (0, 0, 1) of such words, the best of any draw;
        # a length that leaves the word of no query out (counted in query words) ties it with them, and its
        # index puts it first: that count fails the top five whatever the draw.
        used = set(self.firsts[1:]) | set(self.seconds[1:])
        self.firsts[0], self.seconds[0] = [word for word in self.query if word not in used][:2]
        self.shapes[0] = SHAPES.index((0, 1, 2, 1))
        self.chunks = list(
            map(str.format, map(TEMPLATES.__getitem__, self.shapes), self.firsts, self.seconds, self.fillers)
        )
        held_first = [0 in SHAPES[shape] for shape in range(len(SHAPES))]
        held_second = [1 in SHAPES[shape] for shape in range(len(SHAPES))]
        self.holds_first = list(map(held_first.__getitem__, self.shapes))
        self.holds_second = list(map(held_second.__getitem__, self.shapes))
        self.df = Counter(chain(compress(self.firsts, self.holds_first), compress(self.seconds, self.holds_second)))
        self.average = sum(map(len, map(SHAPES.__getitem__, self.shapes))) / CHUNK_COUNT

    def scores(self) -> list[float]:
        """Every chunk's BM25 score for the whole query (each of its words once), k1 = 1.5 and b = 0.75."""
        position = {word: index for index, word in enumerate(self.query)}
        first_before = map(lt, map(position.__getitem__, self.firsts), map(position.__getitem__, self.seconds))
        keys = list(zip(self.shapes, map(self.df.get, self.firsts), map(self.df.get, self.seconds), first_before))
        profile_of = {key: self.profile(*key) for key in set(keys)}
        return bm25_of_profiles(list(map(profile_of.__getitem__, keys)), CHUNK_COUNT, self.average)

    @staticmethod
    def profile(shape: int, first_df: int, second_df: int, first_before: bool) -> tuple:
        """A chunk's length and its terms (times 1, f, df), in the query's order."""
        slots = SHAPES[shape]
        terms = [(1, slots.count(slot), df) for slot, df in ((0, first_df), (1, second_df)) if slot in slots]
        return len(slots), tuple(terms if first_before else terms[::-1])

    def scores_for(self, word: str) -> list[float]:
        """Every chunk's BM25 score for a query of one word, k1 = 1.5 and b = 0.75."""
        profiles = [
            (len(SHAPES[shape]), ((1, SHAPES[shape].count(0), self.df[word]),))
            if held and first == word
            else (len(SHAPES[shape]), ((1, SHAPES[shape].count(1), self.df[word]),))
            if also and second == word
            else (len(SHAPES[shape]), ())
            for first, second, shape, held, also in zip(
                self.firsts, self.seconds, self.shapes, self.holds_first, self.holds_second
            )
        ]
        return bm25_of_profiles(profiles, CHUNK_COUNT, self.average)


def the_best(scores: list[float], k: int) -> list[int]:
    """The indices of the k highest scores, equal scores in index order."""
    return heapq.nsmallest(k, range(len(scores)), key=lambda index: (-scores[index], index))


@complexity_guard(paced=True, hint=PRODUCT_HINT)
def test_a_query_of_twenty_thousand_words_against_twenty_thousand_chunks(bm25_scores, guard_random):
    corpus = Corpus(guard_random)
    query = " ".join(corpus.query)
    paced(lambda: plain_bm25(query, corpus.chunks))
    expected = corpus.scores()
    scores = scored(bm25_scores, query, corpus.chunks)
    right = close_scores(scores, expected)
    wrong = (
        None
        if right
        else next(index for index, (got, want) in enumerate(zip(scores, expected)) if not close_scores([got], [want]))
    )
    expect(
        right,
        f"{CHUNK_COUNT:,} scores, BM25 with k1 = 1.5 and b = 0.75: each chunk holds 0 to 2 of the query's "
        "words, once or twice, among 1 to 4 words"
        + (
            ""
            if wrong is None
            else f"; chunk {wrong} ({corpus.chunks[wrong]!r}) scores {expected[wrong]!r}, not {scores[wrong]!r}"
        ),
    )


@complexity_guard(paced=True, hint=PRODUCT_HINT)
def test_the_top_five_of_twenty_thousand_chunks_for_twenty_thousand_words(top_k, guard_random):
    corpus = Corpus(guard_random)
    query = " ".join(corpus.query)
    paced(lambda: plain_bm25(query, corpus.chunks))
    scores = corpus.scores()
    expected = the_best(scores, 5)
    check_returns(
        top_k,
        query,
        corpus.chunks,
        5,
        expected=expected,
        why="BM25 with k1 = 1.5 and b = 0.75 ranks them so, with the scores "
        f"{', '.join(f'{scores[index]:.6f}' for index in expected)}; among equal scores the lower "
        "indices come first.",
    )


RECOUNT_HINT = (
    "Look for avgdl, df or the chunks' lengths recounted from all the chunks inside the loop over the chunks: "
    "with a query of one word that is still 20,000 chunks read for each of 20,000 chunks, 400 million steps. "
    "Compute avgdl and every df once, before scoring any chunk."
)


@complexity_guard(paced=True, hint=RECOUNT_HINT)
def test_a_one_word_query_against_twenty_thousand_chunks(bm25_scores, guard_random):
    # One query word: a loop over the query's words with a loop over the chunks inside is 20,000 steps here,
    # and only what recounts something from all the chunks for every chunk grows with the square of the chunks.
    # The word is one that some chunk holds twice, so that f is 2 there and the chunks that hold it differ.
    corpus = Corpus(guard_random)
    word = guard_random.choice(
        [first for first, shape in zip(corpus.firsts, corpus.shapes) if SHAPES[shape].count(0) == 2]
    )
    paced(lambda: plain_bm25(word, corpus.chunks))
    expected = corpus.scores_for(word)
    scores = scored(bm25_scores, word, corpus.chunks)
    holders = [index for index, score in enumerate(expected) if score]
    expect(
        close_scores(scores, expected),
        f"{CHUNK_COUNT:,} scores, all 0.0 but those of the {len(holders)} chunks that hold {word!r} "
        f"({', '.join(f'{index}: {expected[index]:.6f}' for index in holders)}), BM25 with k1 = 1.5 and b = 0.75",
    )


EVERYWHERE = "everywhereword"  # longer than any word the corpus draws: it is in no chunk but where put


@complexity_guard(paced=True, hint=RECOUNT_HINT)
def test_a_one_word_query_that_every_chunk_holds(bm25_scores, guard_random):
    # Every chunk holds the query's one word: what recounts something from all the chunks for every term it
    # adds reads 20,000 chunks 20,000 times here, where a query word held by a few chunks hides it.
    corpus = Corpus(guard_random)
    chunks = [f"{EVERYWHERE} {chunk}" for chunk in corpus.chunks]
    paced(lambda: plain_bm25(EVERYWHERE, chunks))
    profiles = [(len(SHAPES[shape]) + 1, ((1, 1, CHUNK_COUNT),)) for shape in corpus.shapes]
    expected = bm25_of_profiles(profiles, CHUNK_COUNT, corpus.average + 1)
    scores = scored(bm25_scores, EVERYWHERE, chunks)
    expect(
        close_scores(scores, expected),
        f"{CHUNK_COUNT:,} scores, each chunk holding {EVERYWHERE!r} once among 2 to 5 words, BM25 with k1 = 1.5 "
        "and b = 0.75",
    )
