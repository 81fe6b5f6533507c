"""Edge cases, and one test for each common mistake (see solutions/08_semantic_chunker/mistakes.py)."""

import math
from enum import IntEnum

import pytest

from kata.judging.checks import check_raises, check_returns, expect
from kata.judging.guards import progress_guard
from kata.katas.toy_embedder import toy_embed

TOPICS = [
    "Cats purr when they are happy.",
    "Happy cats also knead with soft paws.",
    "The stock market fell sharply.",
    "Investors sold shares as the market slid.",
    "Rain is expected over the weekend.",
    "The weekend rain may bring floods.",
]

# One model call ------------------------------------------------------------------------


def test_embed_is_called_once_with_every_sentence(semantic_chunks, embedder):
    embed = embedder.toy()
    check_returns(semantic_chunks, list(TOPICS), embed, 0.2, 20, expected=[[0, 1], [2, 3], [4, 5]])
    expect(
        embed.calls == 1,
        "exactly one call to embed, with all the sentences in one batch: a real model pays a network "
        "round trip or a pass over the GPU for every call, however small the batch",
        details=embed.described(),
    )
    expect(
        embed.called_once_with(TOPICS),
        "embed to be called with the list of all the sentences, in order",
        details=embed.described(),
    )


def test_embed_is_called_once_for_thousands_of_sentences(semantic_chunks, embedder):
    n = 2_500
    embed = embedder.of(
        lambda batch: [[1.0, 0.0], [0.0, 1.0]] * (len(batch) // 2) + [[1.0, 0.0]] * (len(batch) % 2),
        "lambda batch: [[1.0, 0.0], [0.0, 1.0]] * (len(batch) // 2) + [[1.0, 0.0]] * (len(batch) % 2)",
    )
    check_returns(
        semantic_chunks,
        ["w"] * n,
        embed,
        0.5,
        n,
        expected=[[index] for index in range(n)],
        why="the vectors alternate, so every similarity is 0.0, below 0.5: every sentence is a chunk.",
    )
    expect(
        embed.called_once_with(["w"] * n),
        "exactly one call to embed, with all 2,500 sentences: not one call per sentence, nor one per batch "
        "of 32 (a model call costs a round trip whatever its size, and the contract asks for one)",
        details=embed.described(),
    )


def test_embed_is_called_once_even_for_one_sentence(semantic_chunks, embedder):
    embed = embedder.toy()
    check_returns(semantic_chunks, ["Only one."], embed, 0.5, 10, expected=[[0]])
    expect(
        embed.called_once_with(["Only one."]),
        "exactly one call to embed, with ['Only one.'], even though one sentence has no neighbour to compare with",
        details=embed.described(),
    )


def test_embed_is_not_called_for_no_sentences(semantic_chunks, embedder):
    embed = embedder.toy()
    check_returns(semantic_chunks, [], embed, 0.5, 10, expected=[])
    expect(
        embed.calls == 0,
        "no call to embed for no sentences: there is nothing to embed, and some models reject an empty batch",
        details=embed.described(),
    )


def test_an_embedder_that_rejects_an_empty_batch_is_not_called_for_no_sentences(semantic_chunks, embedder):
    def strict_embed(batch):
        if not batch:
            raise ValueError("this model rejects an empty batch, as some embedding APIs do")
        return [[1.0] for _ in batch]

    check_returns(
        semantic_chunks,
        [],
        embedder.of(strict_embed, "strict_embed"),
        0.5,
        10,
        expected=[],
        why="no sentences give [] without calling embed: strict_embed, like some embedding APIs, "
        "raises ValueError for an empty batch.",
    )


def test_embed_gets_a_list_even_for_a_tuple_of_sentences(semantic_chunks, embedder):
    embed = embedder.toy()
    check_returns(semantic_chunks, tuple(TOPICS), embed, 0.2, 20, expected=[[0, 1], [2, 3], [4, 5]])
    expect(
        embed.called_once_with(TOPICS),
        "one call to embed with a list of the sentences: sentences may be any sequence, but a model's "
        "encode expects a list",
        details=embed.described(),
    )


PADDED = ["  Cats purr.  ", "", "Markets\tfell.\n"]


def test_embed_gets_the_sentences_exactly_as_given(semantic_chunks, embedder):
    embed = embedder.toy()
    check_returns(
        semantic_chunks,
        list(PADDED),
        embed,
        -1,
        10,
        expected=[[0, 1, 2]],
        why="threshold -1 puts no boundary, and the sizes 2, 0 and 2 fit 10 words.",
    )
    expect(
        embed.called_once_with(PADDED),
        f"one call to embed with {PADDED!r}: every sentence exactly as given, none stripped and none left "
        "out (the embedder decides what whitespace and empty sentences mean)",
        details=embed.described(),
    )


def test_an_embed_that_changes_its_batch_does_not_change_the_callers_list(semantic_chunks, embedder):
    def tidying_embed(batch):
        batch[:] = [sentence.strip().lower() for sentence in batch]  # tidies the list it was given, in place
        return toy_embed(batch)

    sentences = list(PADDED)
    check_returns(
        semantic_chunks,
        sentences,
        embedder.of(tidying_embed, "tidying_embed"),
        -1,
        10,
        expected=[[0, 1, 2]],
        why="threshold -1 puts no boundary, and the sizes 2, 0 and 2 fit 10 words.",
    )
    expect(
        sentences == PADDED,
        "the input list to be left as it was: embed gets a new list, never the caller's own, so an embed that "
        "changes its batch in place (tidying_embed does batch[:] = [s.strip().lower() for s in batch]) "
        "cannot change the caller's sentences",
        details=f"After the call it was {sentences!r}.",
    )


def test_the_input_list_is_not_modified(semantic_chunks, embedder):
    sentences = list(PADDED)
    check_returns(semantic_chunks, sentences, embedder.toy(), -1, 10, expected=[[0, 1, 2]])
    expect(sentences == PADDED, "the input list to be left as it was", details=f"After the call it was {sentences}.")


# The similarity ------------------------------------------------------------------------


def test_the_similarity_is_the_cosine_not_the_dot_product(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        ["a", "b"],
        embedder.fixed([[3.0, 0.0], [3.0, 4.0]]),
        0.8,
        10,
        expected=[[0], [1]],
        why="the cosine is 9 / (3 * 5) = 0.6, below 0.8: a boundary. The dot product 9 is not a "
        "similarity: it grows with the vectors' lengths.",
    )


def test_short_vectors_pointing_the_same_way_are_similar(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        ["a", "b"],
        embedder.fixed([[0.1, 0.0], [0.2, 0.0]]),
        0.9,
        10,
        expected=[[0, 1]],
        why="the vectors point the same way: their cosine is 1.0, whatever their lengths "
        "(their dot product is only 0.02).",
    )


def test_repeated_words_do_not_make_a_sentence_more_similar(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        ["market market market market", "market news"],
        embedder.toy(),
        0.75,
        10,
        expected=[[0], [1]],
        why="the toy vectors are counts: (4, 0) and (1, 1) in the positions of 'market' and 'news', "
        "so the cosine is 4 / (4 * sqrt(2)) = 0.7071, below 0.75 (the dot product would be 4).",
    )


def test_two_zero_vectors_are_not_similar(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        ["---", "***"],
        embedder.toy(),
        0.5,
        10,
        expected=[[0], [1]],
        why="the toy embedder finds no word in either sentence, so both vectors are all zeros, and "
        "similarity(0) is 0.0 even so: a zero vector is similar to nothing, not even to another "
        "one. 0.0 is below 0.5.",
    )


@pytest.mark.parametrize(
    "vectors, threshold, expected, cosine",
    [
        ([[1e-30, 0.0], [3e-30, 0.0]], 0.5, [[0, 1]], "1.0, not below 0.5"),
        ([[1e-30, 0.0], [-2e-30, 0.0]], -0.5, [[0], [1]], "-1.0, below -0.5"),
    ],
    ids=["same_direction", "opposite"],
)
def test_a_very_short_vector_is_not_a_zero_vector(semantic_chunks, embedder, vectors, threshold, expected, cosine):
    check_returns(
        semantic_chunks,
        ["a", "b"],
        embedder.fixed(vectors),
        threshold,
        10,
        expected=expected,
        why=f"no number of either vector is 0, so neither is a zero vector, however short: their "
        f"cosine is {cosine}. A cut-off such as norm < 1e-9, or an epsilon added to the "
        "divisor, would make it about 0.0.",
    )


def test_a_vector_whose_numbers_add_up_to_zero_is_not_a_zero_vector(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        ["a", "b"],
        embedder.fixed([[1.0, -1.0], [2.0, -2.0]]),
        0.5,
        10,
        expected=[[0, 1]],
        why="[1.0, -1.0] is not all zeros (its sum is 0, its length is sqrt(2)), and it points the "
        "same way as [2.0, -2.0]: their cosine is 1.0, not below 0.5.",
    )


@pytest.mark.parametrize(
    "vectors",
    [
        [[0.0, 0.0], [1.0, 0.0]],
        [[1.0, 0.0], [0.0, 0.0]],
        [[0.0, 0.0], [0.0, 0.0]],
    ],
    ids=["first", "second", "both"],
)
def test_a_zero_vector_gives_similarity_zero_without_dividing_by_zero(semantic_chunks, embedder, vectors):
    check_returns(
        semantic_chunks,
        ["a", "b"],
        embedder.fixed(vectors),
        0.0,
        10,
        expected=[[0, 1]],
        why="similarity(i) is 0.0 when either vector is all zeros, and 0.0 is not below a threshold "
        "of 0.0: no boundary, and no division by a length of zero.",
    )


def test_a_zero_vector_is_below_a_positive_threshold(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        ["a", "---", "b"],
        embedder.fixed([[1.0, 0.0], [0.0, 0.0], [1.0, 0.0]]),
        0.01,
        10,
        expected=[[0], [1], [2]],
        why="both similarities of the zero vector are 0.0, below 0.01: a zero vector is similar to nothing.",
    )


def test_a_similarity_equal_to_the_threshold_is_not_a_boundary(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        ["a", "b"],
        embedder.fixed([[1.0, 1.0, 1.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 1.0, 1.0, 1.0]]),
        0.5,
        10,
        expected=[[0, 1]],
        why="the cosine is exactly 2 / sqrt(4 * 4) = 0.5, which is not below 0.5: a boundary needs "
        "similarity(i) < threshold.",
    )


# Opposite vectors whose cosine rounding takes below -1: the first with a * b / (|a| |b|) written with one
# square root, the second with every common way of writing it (one or two square roots, math.hypot, math.fsum,
# each vector normalised first).
@progress_guard()
@pytest.mark.parametrize(
    "vectors", [[[-0.7, 0.1], [0.21, -0.03]], [[1.5, 1.5], [-1.05, -1.05]]], ids=["one square root", "any formula"]
)
def test_opposite_vectors_are_not_below_minus_one(semantic_chunks, embedder, vectors):
    check_returns(
        semantic_chunks,
        ["up", "down"],
        embedder.fixed(vectors),
        -1,
        10,
        expected=[[0, 1]],
        why="the vectors point in opposite directions; computed in floating point their cosine comes "
        "out just below -1 (-1.0000000000000002), and it must be clamped to -1, which is not below "
        "-1: threshold = -1 never puts a boundary.",
    )


def test_each_sentence_is_compared_with_its_neighbour_not_the_chunk_start(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        ["a b", "b c", "c d", "d e"],
        embedder.toy(),
        0.4,
        20,
        expected=[[0, 1, 2, 3]],
        why="each neighbouring pair shares one word of two, so every similarity is 1 / 2 = 0.5, "
        "not below 0.4. Sentences 0 and 2 share nothing, but they are not neighbours.",
    )


# Where the boundary falls -------------------------------------------------------------


def test_the_boundary_falls_after_the_sentence_before_the_drop(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        ["a", "b", "c", "d"],
        embedder.fixed([[1.0, 0.0], [1.0, 0.0], [0.0, 1.0], [0.0, 1.0]]),
        0.5,
        10,
        expected=[[0, 1], [2, 3]],
        why="similarity(1), between sentences 1 and 2, is 0.0: sentence 1 ends its chunk and "
        "sentence 2 starts the next. The others are 1.0.",
    )


def test_a_drop_between_the_first_two_sentences(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        ["a", "b", "c"],
        embedder.fixed([[1.0, 0.0], [0.0, 1.0], [0.0, 1.0]]),
        0.5,
        10,
        expected=[[0], [1, 2]],
        why="similarity(0) is 0.0: the first sentence is a chunk of its own.",
    )


def test_a_drop_between_the_last_two_sentences(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        ["a", "b", "c"],
        embedder.fixed([[1.0, 0.0], [1.0, 0.0], [0.0, 1.0]]),
        0.5,
        10,
        expected=[[0, 1], [2]],
        why="similarity(1) is 0.0: the last sentence starts a chunk of its own.",
    )


def test_a_high_similarity_is_not_a_boundary(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        ["a", "b", "c"],
        embedder.fixed([[1.0, 0.0], [1.0, 0.1], [1.0, 0.0]]),
        0.9,
        10,
        expected=[[0, 1, 2]],
        why="both similarities are about 0.995, above 0.9: a boundary is where the similarity "
        "drops below the threshold, not where it rises above it.",
    )


def test_negative_similarities_are_compared_too(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        ["a", "b", "c"],
        embedder.fixed([[1.0, 0.0], [-1.0, 0.1], [-1.0, 0.0]]),
        -0.5,
        10,
        expected=[[0], [1, 2]],
        why="similarity(0) is about -0.995, below -0.5: a boundary; similarity(1) is about 0.995.",
    )


def test_an_int_threshold_is_accepted(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        ["a", "b"],
        embedder.fixed([[1.0, 0.0], [0.0, 1.0]]),
        1,
        10,
        expected=[[0], [1]],
        why="threshold may be an int: 0.0 is below 1.",
    )


class Float64(float):
    """A subclass of float, as NumPy's float64 is (np.percentile(similarities, 5) returns one), made without NumPy.

    Its repr is an expression that makes one, so that a report's call can be run whether NumPy is installed or not.
    """

    def __repr__(self):
        return f"type('float64', (float,), {{}})({float(self)!r})"


def test_a_threshold_of_a_subclass_of_float_is_accepted(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        ["a", "b"],
        embedder.fixed([[1.0, 0.0], [0.0, 1.0]]),
        Float64(0.5),
        10,
        expected=[[0], [1]],
        why="a subclass of float is a float (a threshold computed with NumPy is a np.float64, a subclass "
        "of float), and 0.0 is below 0.5. Test the type with isinstance, not with type(threshold) in "
        "(int, float).",
    )


class Level(IntEnum):
    ZERO = 0
    TWENTY = 20


@pytest.mark.parametrize(
    "threshold, max_tokens, expected",
    [
        (0.2, Level.TWENTY, [[0, 1], [2, 3], [4, 5]]),
        (Level.ZERO, 20, [[0, 1, 2], [3, 4, 5]]),
    ],
    ids=["max_tokens", "threshold"],
)
def test_an_int_enum_counts_as_its_value(semantic_chunks, embedder, threshold, max_tokens, expected):
    check_returns(
        semantic_chunks,
        list(TOPICS),
        embedder.toy(),
        threshold,
        max_tokens,
        expected=expected,
        why="an IntEnum member is an int (a subclass of it, as bool is, but not bool): with class "
        "Level(IntEnum): ZERO = 0; TWENTY = 20, Level.TWENTY and Level.ZERO are accepted and "
        "count as 20 and 0. Check with isinstance and reject bool alone, rather than type(x) is int.",
    )


# The budget inside a topic -------------------------------------------------------------


def test_a_long_topic_is_packed_under_the_budget(semantic_chunks, embedder):
    sentences = ["w w w"] * 5
    check_returns(
        semantic_chunks,
        sentences,
        embedder.toy(),
        0.5,
        7,
        expected=[[0, 1], [2, 3], [4]],
        why="the five sentences are identical, one topic; each holds 3 words, so chunks of two "
        "(6 words) fit the budget of 7 and a third sentence would make 9.",
    )


def test_an_exact_fit_stays_in_the_chunk(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        ["w w w", "w w w w"],
        embedder.toy(),
        0.5,
        7,
        expected=[[0, 1]],
        why="3 + 4 = 7 is exactly the budget, which is allowed.",
    )


@progress_guard()
def test_a_sentence_larger_than_the_budget_is_a_chunk_of_its_own(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        ["w", "w w w w w w", "w"],
        embedder.toy(),
        0.5,
        3,
        expected=[[0], [1], [2]],
        why="the 6-word sentence is larger than the budget of 3: it is never dropped or split, "
        "and no empty chunk comes before it.",
    )


@progress_guard()
def test_an_oversized_first_sentence_is_a_chunk_of_its_own(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        ["w w w w w w", "w"],
        embedder.fixed([[1.0], [1.0]]),
        0.5,
        3,
        expected=[[0], [1]],
        why="the first sentence's 6 words are more than the budget of 3: it is a chunk of its own, "
        "and no empty chunk comes before it (the open chunk is closed only when it is non-empty).",
    )


def test_a_sentence_larger_than_the_budget_is_counted_whole(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        ["w w w w w w", "", "w"],
        embedder.fixed([[1.0]] * 3),
        0.5,
        3,
        expected=[[0], [1, 2]],
        why="the first chunk holds 6 words, already above the budget of 3: 6 + 0 is above 3, so even "
        "the empty sentence opens the next chunk, and 0 + 1 fits there. The oversized sentence "
        "counts its 6 words, not 3.",
    )


def test_the_count_starts_again_after_a_boundary(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        ["w w w w", "x x", "x x"],
        embedder.fixed([[1.0, 0.0], [0.0, 1.0], [0.0, 1.0]]),
        0.5,
        6,
        expected=[[0], [1, 2]],
        why="the boundary after sentence 0 closes its chunk, and the next chunk counts only its own "
        "words: 2 + 2 = 4 fits the budget of 6.",
    )


def test_the_first_sentence_after_a_boundary_counts_toward_the_budget(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        ["w", "x x x", "x x x"],
        embedder.fixed([[1.0, 0.0], [0.0, 1.0], [0.0, 1.0]]),
        0.5,
        5,
        expected=[[0], [1], [2]],
        why="the boundary after sentence 0 opens a chunk with sentence 1, whose count starts at its "
        "3 words, not at 0: adding sentence 2 would make 3 + 3 = 6, more than 5.",
    )


def test_a_chunk_never_crosses_a_boundary_even_with_room_left(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        ["w", "x"],
        embedder.fixed([[1.0, 0.0], [0.0, 1.0]]),
        0.5,
        100,
        expected=[[0], [1]],
        why="two words fit the budget of 100, but similarity(0) = 0.0 is below 0.5: the topic changes.",
    )


def test_sentences_without_words_take_no_room(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        ["w w", "", "   ", "w w"],
        embedder.fixed([[1.0]] * 4),
        0.5,
        4,
        expected=[[0, 1, 2, 3]],
        why="'' and '   ' have 0 words (len(sentence.split()) is 0): 2 + 0 + 0 + 2 = 4 fits.",
    )


@pytest.mark.parametrize(
    "sentences, max_tokens, expected, sizes",
    [
        (["w w", "---", "w w"], 4, [[0, 1], [2]], "2, 1 and 2 ('---'.split() is ['---']), and 2 + 1 + 2 = 5 > 4"),
        (
            ["state-of-the-art", "it's", "e-mail"],
            2,
            [[0, 1], [2]],
            "1, 1 and 1 (split() cuts only at whitespace), and 1 + 1 + 1 = 3 > 2",
        ),
    ],
    ids=["punctuation", "hyphens_and_apostrophes"],
)
def test_a_sentence_is_measured_with_split_not_as_the_embedder_reads_it(
    semantic_chunks, embedder, sentences, max_tokens, expected, sizes
):
    check_returns(
        semantic_chunks,
        sentences,
        embedder.fixed([[1.0]] * len(sentences)),
        0.5,
        max_tokens,
        expected=expected,
        why=f"one topic; the sizes are {sizes}, whatever words an embedder finds (the toy embedder's "
        r"\w+ finds none in '---' and 4 in 'state-of-the-art').",
    )


def test_words_are_split_on_any_whitespace(semantic_chunks, embedder):
    check_returns(
        semantic_chunks,
        ["a\tb\nc", "d  e"],
        embedder.fixed([[1.0], [1.0]]),
        0.5,
        4,
        expected=[[0], [1]],
        why="'a\\tb\\nc' has 3 words (tabs and newlines separate words too), and 3 + 2 = 5 > 4.",
    )


# What embed returns ---------------------------------------------------------------------


@progress_guard()
@pytest.mark.parametrize(
    "vectors, count",
    [
        ([[1.0], [1.0]], 2),
        ([[1.0], [1.0], [1.0], [1.0]], 4),
        ([], 0),
    ],
)
def test_a_wrong_count_of_vectors_is_rejected(semantic_chunks, embedder, vectors, count):
    """embed must return one vector per sentence; otherwise ValueError naming embed and both counts.
    Zipping the sentences with too few vectors would silently drop the last sentences."""
    check_raises(
        semantic_chunks,
        ["a", "b", "c"],
        embedder.fixed(vectors),
        0.5,
        10,
        error=ValueError,
        mentions=["embed", count, 3],
    )


LENGTHS_DIFFER = [([[1.0, 0.0], [1.0], [1.0, 0.0]], 1, 1), ([[1.0, 0.0], [1.0, 0.0], [1.0, 0.0, 0.0]], 2, 3)]


@progress_guard()
@pytest.mark.parametrize("vectors", [vectors for vectors, _, _ in LENGTHS_DIFFER], ids=["shorter", "longer"])
def test_vectors_of_different_lengths_are_rejected(semantic_chunks, embedder, vectors):
    """All vectors must have the same length; otherwise ValueError. Zipping a long vector with a short one
    would silently ignore numbers and give a wrong similarity."""
    check_raises(semantic_chunks, ["a", "b", "c"], embedder.fixed(vectors), 0.5, 10, error=ValueError)


@progress_guard()
@pytest.mark.parametrize("vectors, index, length", LENGTHS_DIFFER, ids=["shorter", "longer"])
def test_the_length_error_names_vectors_0_and_the_first_that_differs(semantic_chunks, embedder, vectors, index, length):
    """The ValueError names vectors[0] and the first vector whose length differs from its, vectors[i], and both
    lengths: the caller sees which vector to look at."""
    check_raises(
        semantic_chunks,
        ["a", "b", "c"],
        embedder.fixed(vectors),
        0.5,
        10,
        error=ValueError,
        mentions=["vectors[0]", f"vectors[{index}]", 2, length],
    )


@progress_guard()
def test_the_count_is_checked_before_the_lengths(semantic_chunks, embedder):
    """2 vectors of different lengths for 5 sentences: the count is wrong first (the table's order), so the
    ValueError names embed, 2 and 5, not the lengths."""
    check_raises(
        semantic_chunks,
        ["a", "b", "c", "d", "e"],
        embedder.fixed([[1.0], [1.0, 0.0]]),
        0.5,
        10,
        error=ValueError,
        mentions=["embed", 2, 5],
    )


ONES, HALVES = [1.0] * 384, [1.0] * 192 + [-1.0] * 192


def test_vectors_as_long_as_a_real_models_are_accepted(semantic_chunks, embedder):
    embed = embedder.of(
        lambda batch: [list(ONES), list(ONES), list(HALVES)],
        "lambda batch: [[1.0] * 384, [1.0] * 384, [1.0] * 192 + [-1.0] * 192]",
    )
    check_returns(
        semantic_chunks,
        ["a", "b", "c"],
        embed,
        0.5,
        10,
        expected=[[0, 1], [2]],
        why="all-MiniLM-L6-v2's vectors hold 384 numbers: the lengths are equal, so nothing is wrong "
        "with them (compare lengths with ==, never with is: ints above 256 are distinct objects). "
        "The similarities are 1.0 and 0.0.",
    )


def test_a_tuple_of_tuples_is_a_sequence_of_vectors(semantic_chunks, embedder):
    embed = embedder.of(
        lambda batch: tuple((1.0, float(i % 2)) for i in range(len(batch))),
        "lambda batch: tuple((1.0, float(i % 2)) for i in range(len(batch)))",
    )
    check_returns(
        semantic_chunks,
        ["a", "b", "c"],
        embed,
        0.8,
        10,
        expected=[[0], [1], [2]],
        why="vectors may be any sequences of numbers: (1.0, 0.0) and (1.0, 1.0) have cosine 0.7071, below 0.8.",
    )


class ArrayLike:
    """A read-only sequence that, like a NumPy array, refuses to be used as a truth value."""

    def __init__(self, items):
        self._items = list(items)

    def __len__(self):
        return len(self._items)

    def __getitem__(self, index):
        return self._items[index]

    def __bool__(self):
        raise ValueError("The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()")

    def __repr__(self):
        return f"array({self._items!r})"


def test_vectors_that_refuse_truth_tests_like_numpy_rows_are_accepted(semantic_chunks, embedder):
    def numpy_like_embed(batch):
        rows = [[1.0, 0.0], [0.0, 0.0], [0.0, 1.0], [0.0, 2.0]][: len(batch)]
        return ArrayLike(ArrayLike(row) for row in rows)

    check_returns(
        semantic_chunks,
        ["a", "b", "c", "d"],
        embedder.of(numpy_like_embed, "model.encode"),
        0.5,
        10,
        expected=[[0], [1], [2, 3]],
        why="a real model's encode returns a 2-D NumPy array, whose rows cannot be tested with `if not "
        "vector:`; test the squared length (or any(...)) instead. The similarities are 0.0 (a zero "
        "vector), 0.0 and 1.0.",
    )


# Validation -----------------------------------------------------------------------------


@progress_guard()
@pytest.mark.parametrize("threshold", [1.5, -1.01, 2, math.inf, math.nan])
def test_a_threshold_outside_minus_one_to_one_is_rejected(semantic_chunks, embedder, threshold):
    """A cosine lies in [-1, 1], so any other threshold (or NaN) raises ValueError naming threshold and its value."""
    check_raises(
        semantic_chunks,
        list(TOPICS),
        embedder.toy(),
        threshold,
        20,
        error=ValueError,
        mentions=["threshold", threshold],
    )


@progress_guard()
@pytest.mark.parametrize("threshold", [True, False, "0.5", None, [0.5]])
def test_a_threshold_that_is_not_a_number_is_rejected(semantic_chunks, embedder, threshold):
    """A threshold that is not an int or a float (True, False, '0.5', None, [0.5]) raises TypeError
    naming threshold and the value."""
    check_raises(
        semantic_chunks, list(TOPICS), embedder.toy(), threshold, 20, error=TypeError, mentions=["threshold", threshold]
    )


@progress_guard()
@pytest.mark.parametrize("max_tokens", [0, -3])
def test_a_budget_below_one_is_rejected(semantic_chunks, embedder, max_tokens):
    """max_tokens < 1 raises ValueError naming max_tokens and its value."""
    check_raises(
        semantic_chunks,
        list(TOPICS),
        embedder.toy(),
        0.2,
        max_tokens,
        error=ValueError,
        mentions=["max_tokens", max_tokens],
    )


@progress_guard()
@pytest.mark.parametrize("max_tokens", [True, 20.0, "20", None])
def test_a_budget_that_is_not_an_int_is_rejected(semantic_chunks, embedder, max_tokens):
    """A max_tokens that is not an int (True, 20.0, '20', None) raises TypeError naming max_tokens and the value."""
    check_raises(
        semantic_chunks,
        list(TOPICS),
        embedder.toy(),
        0.2,
        max_tokens,
        error=TypeError,
        mentions=["max_tokens", max_tokens],
    )


@progress_guard()
@pytest.mark.parametrize(
    "threshold, max_tokens, name, value",
    [
        (1.5, 10, "threshold", 1.5),
        (0.5, 0, "max_tokens", 0),
    ],
)
def test_the_arguments_are_checked_even_for_no_sentences(semantic_chunks, embedder, threshold, max_tokens, name, value):
    """The arguments are checked before the sentences are looked at: no sentences do not hide a bad argument."""
    check_raises(semantic_chunks, [], embedder.toy(), threshold, max_tokens, error=ValueError, mentions=[name, value])


@progress_guard()
def test_embed_is_checked_even_for_no_sentences(semantic_chunks):
    """embed=None is a bad argument even when there are no sentences to embed: TypeError naming embed."""
    check_raises(semantic_chunks, [], None, 0.5, 10, error=TypeError, mentions=["embed"])


@progress_guard()
def test_the_threshold_is_checked_before_the_budget(semantic_chunks, embedder):
    """With a bad threshold and a bad budget, the error is about threshold: the checks follow the statement's table."""
    check_raises(semantic_chunks, list(TOPICS), embedder.toy(), 1.5, 0, error=ValueError, mentions=["threshold", 1.5])


@progress_guard()
@pytest.mark.parametrize(
    "threshold, max_tokens, sentences, error",
    [
        (1.5, 20, TOPICS, ValueError),
        (0.2, 0, TOPICS, ValueError),
        (0.2, 20, ["a", None], TypeError),
    ],
    ids=["threshold", "max_tokens", "sentence"],
)
def test_a_bad_argument_costs_no_model_call(semantic_chunks, embedder, threshold, max_tokens, sentences, error):
    """The error is raised before embed is called (what it says is checked by the tests of each error)."""
    embed = embedder.toy()
    check_raises(semantic_chunks, list(sentences), embed, threshold, max_tokens, error=error)
    expect(
        embed.calls == 0,
        "the arguments to be checked before embed is called: a bad call must not cost a model call",
        details=f"{embed.described()[:-1]}, before the error was raised.",
    )


@progress_guard()
@pytest.mark.parametrize(
    "sentences, embed, threshold, max_tokens, error, mentions",
    [
        (["a", None], "toy", 1.5, 20, ValueError, ["threshold", 1.5]),
        (["a"], None, 0.2, 0, ValueError, ["max_tokens", 0]),
        ([None], None, 0.2, 20, TypeError, ["embed"]),
        (None, None, 0.5, 10, TypeError, ["embed"]),
        ({"a"}, "toy", 0.5, 0, ValueError, ["max_tokens", 0]),
        ("ab", "toy", 1.5, 10, ValueError, ["threshold", 1.5]),
    ],
    ids=[
        "threshold_before_a_sentence",
        "max_tokens_before_embed",
        "embed_before_a_sentence",
        "embed_before_sentences",
        "max_tokens_before_sentences",
        "threshold_before_a_str_of_sentences",
    ],
)
def test_the_arguments_are_checked_in_the_order_of_the_table(
    semantic_chunks, embedder, sentences, embed, threshold, max_tokens, error, mentions
):
    """threshold, then max_tokens, then embed, then sentences, then each sentence: the first bad one in that order
    decides the error."""
    check_raises(
        semantic_chunks,
        sentences,
        embedder.toy() if embed == "toy" else embed,
        threshold,
        max_tokens,
        error=error,
        mentions=mentions,
    )


@progress_guard()
@pytest.mark.parametrize("embed", [None, [[1.0], [1.0]]])
def test_an_embed_that_is_not_callable_is_rejected(semantic_chunks, embed):
    """embed must be a function: None or a list of vectors raises TypeError naming embed."""
    check_raises(semantic_chunks, ["a", "b"], embed, 0.5, 10, error=TypeError, mentions=["embed"])


@progress_guard()
@pytest.mark.parametrize("sentence", [None, b"bytes", 3])
def test_a_sentence_that_is_not_a_str_is_rejected_with_its_index(semantic_chunks, embedder, sentence):
    """A sentence that is not a str raises TypeError naming it as sentences[2]. The embedder here checks
    nothing (a model may accept what it is given): the check is semantic_chunks's own."""
    check_raises(
        semantic_chunks,
        ["a", "b", sentence],
        embedder.same([1.0], "lambda batch: [[1.0]] * len(batch)"),
        0.5,
        10,
        error=TypeError,
        mentions=["sentences[2]"],
    )


NOT_SEQUENCES = {
    "a set": (lambda: {"a", "b", "c"}, "set"),
    "a generator": (lambda: (sentence for sentence in ["a", "b", "c"]), None),
    "an iterator": (lambda: iter(["a", "b", "c"]), None),
    "None": (lambda: None, "NoneType"),
    "an int": (lambda: 3, "int"),
}


@progress_guard()
@pytest.mark.parametrize("kind", NOT_SEQUENCES)
def test_sentences_that_are_not_a_sequence_are_rejected(semantic_chunks, embedder, kind):
    make, type_name = NOT_SEQUENCES[kind]
    check_raises(
        semantic_chunks,
        make(),
        embedder.same([1.0], "lambda batch: [[1.0]] * len(batch)"),
        0.5,
        10,
        error=TypeError,
        mentions=["sentences"] + ([type_name] if type_name else []),
        why="sentences must be a sequence of str (a list, a tuple): a set has no order, and a generator "
        "has no length and can be read only once. The message names sentences and the type it got.",
    )


@progress_guard()
def test_a_plain_str_as_sentences_is_rejected(semantic_chunks, embedder):
    check_raises(
        semantic_chunks,
        "Cats purr. Markets fell.",
        embedder.toy(),
        0.2,
        20,
        error=TypeError,
        mentions=["sentences", "str"],
        why="a str is a sequence of str, but it is one text, not a list of sentences: taken as sentences, "
        "each of its characters would be one. The message names sentences and its type, str.",
    )


@pytest.mark.parametrize("threshold", [-1, 1, -1.0, 1.0, 0])
def test_the_ends_of_the_threshold_range_are_accepted(semantic_chunks, embedder, threshold):
    check_returns(
        semantic_chunks,
        ["w"],
        embedder.toy(),
        threshold,
        1,
        expected=[[0]],
        why="threshold may be anything from -1 to 1, ends included.",
    )
