"""Properties of BM25, the top k and recall@k on generated inputs; Hypothesis shrinks any failure.

The oracles are independent of the reference: bm25 and words_of in tests/support/oracles.py compute
the scores straight from the definition (every query word against every chunk), and
contains says whether one span holds another.
"""

import math
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from kata.judging.checks import expect
from tests.support.answers import answer_leaving_the_input_as_it_was, close_scores, ranked, scored
from tests.support.oracles import bm25, contains, words_of

# A small vocabulary, so that chunks share words, repeat them and tie; with punctuation and
# capitals, so that the words must be found as the statement says.
WORDS = ["cat", "Cat", "cats", "mat", "the", "dog", "a1", "2"]
SEPARATORS = [" ", "  ", ", ", ". ", "\n", "-", "'"]
# Each piece is a word and the separator after it, drawn as one choice: half the choices of
# drawing the two apart, so that a failing property shrinks in half the time.
PIECES = [word + separator for word in WORDS for separator in SEPARATORS]
texts = st.lists(st.sampled_from(PIECES), max_size=8).map("".join)
chunk_lists = st.lists(texts, max_size=8)
question_texts = st.lists(st.sampled_from(WORDS), max_size=3).map(" ".join)
k1s = st.one_of(st.just(1.5), st.floats(0, 3), st.integers(0, 3))
bs = st.one_of(st.just(0.75), st.floats(0, 1), st.sampled_from([0, 1]))


@given(texts, chunk_lists, k1s, bs)
def test_the_scores_are_bm25s_definition(bm25_scores, query, chunks, k1, b):
    scores = scored(bm25_scores, query, chunks, k1, b)
    expected = bm25(query, chunks, k1, b)
    expect(close_scores(scores, expected), f"the scores {expected} (to a relative 1e-9), as the statement defines them")


def tie_key(query, chunk):
    """What a chunk's score depends on: how often it holds each query word, and its length.
    Two chunks with the same key score exactly the same in any careful implementation."""
    words = words_of(chunk)
    counts = Counter(word for word in words if word in set(words_of(query)))
    return tuple(sorted(counts.items())), len(words)


@given(texts, chunk_lists, st.integers(1, 10), k1s, bs)
def test_the_top_k_are_the_best_chunks_best_first_and_ties_in_index_order(top_k, query, chunks, k, k1, b):
    order = ranked(top_k, query, chunks, k, k1, b)
    expect(
        len(order) == min(k, len(chunks)), f"{min(k, len(chunks))} indices: k = {k}, and there are {len(chunks)} chunks"
    )
    scores = bm25(query, chunks, k1, b)

    def close(i, j):
        return math.isclose(scores[i], scores[j], rel_tol=1e-9, abs_tol=1e-12)

    for first, second in zip(order, order[1:]):
        expect(
            scores[first] >= scores[second] or close(first, second),
            "the chunks best first",
            details=f"Chunk {second} (score {scores[second]}) comes after chunk {first} (score {scores[first]}).",
        )
        if tie_key(query, chunks[first]) == tie_key(query, chunks[second]):
            expect(
                first < second,
                "equal scores in index order, the lower index first",
                details=f"Chunks {second} and {first} hold the query's words equally often and are as long, "
                f"so they score the same, but chunk {first} comes before chunk {second}.",
            )
    left_out = [index for index in range(len(chunks)) if index not in order]
    if order and left_out:
        worst = order[-1]
        better = [index for index in left_out if scores[index] > scores[worst] and not close(index, worst)]
        expect(
            not better,
            "no chunk left out scores more than the last one returned",
            details=f"Chunk {better[0] if better else None} scores more than chunk {worst}.",
        )
        tied_lower = [
            index
            for index in left_out
            if index < worst and tie_key(query, chunks[index]) == tie_key(query, chunks[worst])
        ]
        expect(
            not tied_lower,
            "among chunks with equal scores, the lower indices are kept",
            details=f"Chunk {tied_lower[0] if tied_lower else None} was left out for chunk {worst}.",
        )


@st.composite
def evaluations(draw):
    """A document of words, chunks as spans (overlapping, in any order), questions with evidence spans."""
    words = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=16))
    doc = " ".join(words)
    size = len(doc)

    def a_slice():  # drawn start first, then an end after it: no example is thrown away
        start = draw(st.integers(0, size - 1))
        return start, draw(st.integers(start + 1, size))

    # Few, short questions: a property that fails is shrunk in a few hundred runs, each cheap.
    spans = [a_slice() for _ in range(draw(st.integers(0, 6)))]
    questions = [(draw(question_texts), *a_slice()) for _ in range(draw(st.integers(1, 3)))]
    return doc, spans, questions


@given(evaluations(), st.integers(1, 4), k1s, bs)
def test_recall_is_the_fraction_of_questions_a_retrieved_chunk_holds_whole(recall_at_k, top_k, evaluation, k, k1, b):
    doc, spans, questions = evaluation
    chunks = [doc[start:end] for start, end in spans]
    # The questions answered, from the code's own top_k: called first, so that the call a
    # failure below reports is the recall_at_k call whose answer is judged.
    answered = sum(
        any(contains(spans[index], (start, end)) for index in ranked(top_k, text, chunks, k, k1, b))
        for text, start, end in questions
    )
    recall = answer_leaving_the_input_as_it_was(recall_at_k, doc, spans, questions, k, k1, b)
    expect(type(recall) is float and 0.0 <= recall <= 1.0, "a float from 0.0 to 1.0")
    expect(
        recall == answered / len(questions),
        f"{answered} / {len(questions)}: the questions whose evidence one of their top {k} chunks "
        "(as top_k returns them) holds whole",
    )
