"""The toy embedder that kata 08's statement and tests use (kata/katas/toy_embedder.py), tested on its own.

It is part of the project, not of the learner's code: these tests never call semantic_chunks,
so they live here, with the tests of the runner (pytest -m cli), and count in no kata's score.
"""

import math

import pytest

from kata.katas.toy_embedder import DIMENSIONS, toy_embed


def cosine(a, b):
    dot = sum(x * y for x, y in zip(a, b))
    return dot / math.sqrt(sum(x * x for x in a) * sum(y * y for y in b))


def test_one_vector_of_256_floats_per_sentence_in_order():
    vectors = toy_embed(["Cats purr.", "Markets fell.", "Cats purr."])
    assert len(vectors) == 3 and all(len(vector) == DIMENSIONS == 256 for vector in vectors)
    assert all(type(x) is float for vector in vectors for x in vector)
    assert vectors[0] == vectors[2] != vectors[1]


def test_each_word_adds_one_so_the_vector_counts_the_words():
    [vector] = toy_embed(["market market market news"])
    assert sorted(x for x in vector if x) == [1.0, 3.0]
    assert sum(vector) == 4.0


def test_case_and_punctuation_do_not_matter():
    assert toy_embed(["Cats, purr!"]) == toy_embed(["cats purr"])


def test_sentences_sharing_words_point_the_same_way():
    a, b, c = toy_embed(["cats purr softly", "cats purr loudly", "markets fell sharply"])
    assert cosine(a, b) == pytest.approx(2 / 3)
    assert cosine(a, c) == 0.0


def test_a_sentence_without_words_is_the_zero_vector():
    assert toy_embed(["", "---", "  "]) == [[0.0] * DIMENSIONS] * 3


def test_no_sentences_give_no_vectors():
    assert toy_embed([]) == []


def test_the_same_words_give_the_same_vector_on_every_run():
    """crc32 is stable across runs and machines, unlike Python's hash() of a str."""
    [vector] = toy_embed(["cats"])
    assert vector.index(1.0) == 146 and sum(vector) == 1.0


def test_the_size_can_be_chosen():
    assert [len(vector) for vector in toy_embed(["a b", "c"], dimensions=8)] == [8, 8]


@pytest.mark.parametrize(
    "sentences, error, words",
    [
        (["ok", None], TypeError, "sentences[1]"),
        ("one string", TypeError, "list of str"),
    ],
)
def test_bad_sentences_are_rejected(sentences, error, words):
    with pytest.raises(error, match=words.replace("[", r"\[").replace("]", r"\]")):
        toy_embed(sentences)


@pytest.mark.parametrize("dimensions, error", [(0, ValueError), (True, TypeError), (8.0, TypeError)])
def test_bad_dimensions_are_rejected(dimensions, error):
    with pytest.raises(error, match="dimensions"):
        toy_embed(["a"], dimensions=dimensions)
