"""The examples printed in problems/08_semantic_chunker/README.md, in the same order."""

import pytest

from kata.judging.checks import check_raises, check_returns, expect
from kata.judging.guards import progress_guard

pytestmark = pytest.mark.examples

TOPICS = [
    "Cats purr when they are happy.",
    "Happy cats also knead with soft paws.",
    "The stock market fell sharply.",
    "Investors sold shares as the market slid.",
    "Rain is expected over the weekend.",
    "The weekend rain may bring floods.",
]
SIMILARITIES = "0.3086, 0.0, 0.3381, 0.1543 and 0.5"
ZERO = ["First point.", "---", "Second point."]


def test_chunks_end_where_the_similarity_drops(semantic_chunks, embedder):
    embed = embedder.toy()
    check_returns(
        semantic_chunks,
        list(TOPICS),
        embed,
        0.2,
        20,
        expected=[[0, 1], [2, 3], [4, 5]],
        why=f"the neighbours' similarities are {SIMILARITIES}; 0.0 (between sentences 1 and 2) and "
        "0.1543 (between 3 and 4) are below 0.2, so the boundaries fall after sentences 1 and 3, "
        "and each topic fits 20 words.",
    )
    expect(
        embed.calls == 1,
        "exactly one call to embed, with all six sentences in one batch: a real model pays a network round "
        "trip or a pass over the GPU for every call, however small the batch",
        details=embed.described(),
    )


def test_the_budget_is_a_ceiling_inside_a_topic(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        list(TOPICS),
        embedder.toy(),
        0.2,
        12,
        expected=[[0], [1], [2, 3], [4, 5]],
        why="the cats' topic holds 6 + 7 = 13 words, more than 12, so it is packed as [0] and [1]; "
        "the market (5 + 7) and the weather (6 + 6) fit exactly.",
    )


def test_a_higher_threshold_cuts_more_pairs(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        list(TOPICS),
        embedder.toy(),
        0.4,
        20,
        expected=[[0], [1], [2], [3], [4, 5]],
        why=f"the similarities are {SIMILARITIES}: only the weather's 0.5 is not below 0.4.",
    )


def test_threshold_minus_one_leaves_only_the_budget(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        list(TOPICS),
        embedder.toy(),
        -1,
        20,
        expected=[[0, 1, 2], [3, 4, 5]],
        why="no similarity is below -1, so there is no semantic boundary: kata 02's packing of the "
        "sizes [6, 7, 5, 7, 6, 6] under 20 words.",
    )


def test_a_zero_vector_has_similarity_zero(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        list(ZERO),
        embedder.toy(),
        0.1,
        10,
        expected=[[0], [1], [2]],
        why="the toy embedder finds no word in '---', so it gives it the zero vector; its similarity "
        "with each neighbour is 0.0, below 0.1.",
    )


def test_a_similarity_of_zero_is_not_below_a_threshold_of_zero(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        list(ZERO),
        embedder.toy(),
        0.0,
        10,
        expected=[[0, 1, 2]],
        why="the zero vector's similarities are 0.0, which is not below 0.0: no boundary, and "
        "nothing is divided by zero. '---' is 1 word ('---'.split() is ['---']), so the three "
        "sentences hold 2 + 1 + 2 = 5 words, within 10.",
    )


def test_vectors_pointing_the_same_way_are_similar_whatever_their_lengths(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        ["a", "b", "c", "d"],
        embedder.fixed([[1.0, 0.0], [1.0, 1.0], [0.0, 1.0], [0.0, 2.0]]),
        0.8,
        10,
        expected=[[0], [1], [2, 3]],
        why="the cosines are 1 / sqrt(1 * 2) = 0.7071, 0.7071 and 2 / sqrt(1 * 4) = 1.0: "
        "the boundaries fall after sentences 0 and 1. A raw dot product (1, 1, 2) would cut nothing.",
    )


def test_no_sentences_give_no_chunks(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        [],
        embedder.toy(),
        0.5,
        10,
        expected=[],
        why="with no sentences there is no chunk at all, not [[]].",
    )


@progress_guard()
def test_a_threshold_above_one_is_rejected(semantic_chunks, embedder):
    """threshold must lie in [-1, 1]: 1.5 raises ValueError naming threshold and 1.5."""
    check_raises(semantic_chunks, list(TOPICS), embedder.toy(), 1.5, 20, error=ValueError, mentions=["threshold", 1.5])


@progress_guard()
def test_a_budget_of_zero_is_rejected(semantic_chunks, embedder):
    """max_tokens must be at least 1: 0 raises ValueError naming max_tokens and 0."""
    check_raises(semantic_chunks, list(TOPICS), embedder.toy(), 0.2, 0, error=ValueError, mentions=["max_tokens", 0])


@progress_guard()
def test_a_bool_threshold_is_rejected(semantic_chunks, embedder):
    """True is not a threshold: it raises TypeError naming threshold and True."""
    check_raises(semantic_chunks, list(TOPICS), embedder.toy(), True, 20, error=TypeError, mentions=["threshold", True])


@progress_guard()
def test_too_few_vectors_are_rejected(semantic_chunks, embedder):
    """embed returned 2 vectors for 3 sentences: ValueError naming embed and both counts."""
    check_raises(
        semantic_chunks,
        ["a", "b", "c"],
        embedder.fixed([[1.0], [0.5]]),
        0.2,
        20,
        error=ValueError,
        mentions=["embed", 2, 3],
    )
