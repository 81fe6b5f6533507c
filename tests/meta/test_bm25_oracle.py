"""The tests' BM25 oracle (tests/support/oracles.py) agrees with bm25s, a maintained BM25 library.

bm25s's "lucene" method uses Lucene's idf, ln(1 + (N - df + 0.5) / (df + 0.5)), and leaves
out the constant factor k1 + 1 of the term, as Lucene does since its version 8: its scores
times k1 + 1 are kata 09's. It computes in 32-bit floats, hence the tolerance. The library
is an extra (pip install -e ".[crosscheck]"; CI installs it): without it, this test skips.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.oracles import bm25, words_of

WORDS = ["cat", "cats", "mat", "the", "dog", "sea", "tide", "2"]
chunk_texts = st.lists(st.sampled_from(WORDS), min_size=1, max_size=12).map(" ".join)


def library_scores(query: str, chunks: list[str], k1: float, b: float) -> list[float]:
    # Imported here, not with the module: a plain pytest run, which deselects the meta tests, would
    # still report the module's skip.
    bm25s = pytest.importorskip("bm25s", reason='bm25s is not installed: pip install -e ".[crosscheck]"')
    retriever = bm25s.BM25(method="lucene", k1=k1, b=b)
    retriever.index([words_of(chunk) for chunk in chunks], show_progress=False)
    return [float(score) * (k1 + 1) for score in retriever.get_scores(words_of(query))]


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=6).map(" ".join),
    st.lists(chunk_texts, min_size=1, max_size=10),
    st.sampled_from([1.2, 1.5, 2.0]),
    st.sampled_from([0.0, 0.5, 0.75, 1.0]),
)
def test_the_oracle_scores_as_bm25s_lucene_method_does(query, chunks, k1, b):
    ours, theirs = bm25(query, chunks, k1, b), library_scores(query, chunks, k1, b)
    assert all(math.isclose(x, y, rel_tol=1e-5, abs_tol=1e-5) for x, y in zip(ours, theirs)), (ours, theirs)


def test_the_statements_first_scores_are_bm25s_scores():
    chunks = ["cats purr", "the cat sat on the mat", "a cat and a cat", "dogs bark"]
    assert library_scores("cat mat", chunks, 1.5, 0.75) == pytest.approx(
        [0.0, 1.4937952636896705, 0.8943834587870262, 0.0], rel=1e-5
    )
