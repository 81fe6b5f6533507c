"""Properties of semantic chunking on generated inputs; Hypothesis shrinks any failure to a smallest case.

The oracle here is written differently from the reference on purpose: it normalises each
vector to length 1 first and takes the dot product of the unit vectors, finds the segments
as a list of boundaries, and packs each segment with tests/support/oracles.py's greedy_chunks.
"""

import math

from hypothesis import assume, given
from hypothesis import strategies as st

from kata.judging.checks import expect
from kata.judging.vocabulary import counted
from kata.katas.toy_embedder import toy_embed
from tests.support.answers import answer_leaving_the_input_as_it_was, indexed
from tests.support.oracles import greedy_chunks

MARGIN = 1e-9  # no threshold this close to a similarity: rounding may fall either way
COMPONENTS = [0.0, 1.0, -1.0, 0.5, 0.0, 3.0, -2.0, 0.0, -0.5]
SCALES = [1.0, -1.0, -3.0, 0.3, -0.3, 2.0]
THRESHOLDS = [-0.9, -0.45, -0.05, 0.05, 0.3, 0.45, 0.62, 0.83, 0.97]


def decode(codes):
    """Sentences of 0 to 3 words and one vector each, read from bytes (cheap for Hypothesis to draw and shrink).

    The first byte sets the vectors' length (1 to 3); then each sentence takes one byte for its
    size (0 to 3 words) and kind, and one byte per number of its vector. A quarter of the vectors
    are a multiple of the one before (the same or the opposite direction), three eighths are the
    one before with one number nudged (a drifting topic), and many numbers are 0.0, so zero
    vectors, parallel and opposite neighbours, and neighbours that are similar while the ends of
    a run are not, all come up often.
    """
    if not codes:
        return [], []
    width = codes[0] % 3 + 1
    sentences, vectors = [], []
    for start in range(1, len(codes) - width, width + 1):
        head, numbers = codes[start], codes[start + 1 : start + 1 + width]
        kind = head // 4 % 8
        if vectors and kind >= 6:  # a multiple of the one before: the same or the opposite direction
            vectors.append([SCALES[head // 32 % len(SCALES)] * x for x in vectors[-1]])
        elif vectors and kind >= 3:  # the one before, nudged: a topic that drifts a little at each step
            nudged = list(vectors[-1])
            nudged[numbers[0] % width] += COMPONENTS[numbers[-1] % len(COMPONENTS)] or 1.0
            vectors.append(nudged)
        else:
            vectors.append([COMPONENTS[code % len(COMPONENTS)] for code in numbers])
        sentences.append(" ".join(["w"] * (head % 4)))
    return sentences, vectors


def within_the_stated_range(case):
    """Every number 0 or between 1e-30 and 1e12 in absolute value, as the statement promises of the tests' vectors."""
    return all(x == 0 or 1e-30 <= abs(x) <= 1e12 for vector in case[1] for x in vector)


def cases():
    return st.binary(max_size=41).map(decode).filter(within_the_stated_range)


budgets = st.integers(1, 12)
thresholds = st.sampled_from(THRESHOLDS)


def unit(vector):
    length = math.sqrt(sum(x * x for x in vector))
    return [x / length for x in vector] if length > 0 else None


def oracle_similarities(vectors):
    """The cosine of each pair of neighbours, as the dot product of their unit vectors (0.0 for a zero vector)."""
    units = [unit(vector) for vector in vectors]
    result = []
    for a, b in zip(units, units[1:]):
        cosine = 0.0 if a is None or b is None else sum(x * y for x, y in zip(a, b))
        result.append(min(1.0, max(-1.0, cosine)))
    return result


def oracle_chunks(sentences, vectors, threshold, max_tokens):
    """The boundaries first, then kata 02's greedy packing of each segment."""
    similarities = oracle_similarities(vectors)
    cuts = [0] + [i + 1 for i, similarity in enumerate(similarities) if similarity < threshold] + [len(sentences)]
    chunks = []
    for start, end in zip(cuts, cuts[1:]):
        if start < end:
            sizes = [len(sentence.split()) for sentence in sentences[start:end]]
            chunks += [[start + index for index in chunk] for chunk in greedy_chunks(sizes, max_tokens)]
    return chunks


def clear_of(threshold, vectors):
    """True when no similarity lies within MARGIN of the threshold."""
    return all(abs(similarity - threshold) > MARGIN for similarity in oracle_similarities(vectors))


def chunked(semantic_chunks, embedder, sentences, vectors, threshold, max_tokens):
    """Call semantic_chunks and require the shape of its answer, so that the properties can read it."""
    chunks = indexed(len(sentences), semantic_chunks, sentences, embedder.fixed(vectors), threshold, max_tokens)
    expect(
        type(chunks) is list
        and all(type(chunk) is list for chunk in chunks)
        and all(type(index) is int for chunk in chunks for index in chunk),
        "a list of lists of sentence indices",
    )
    return chunks


@given(cases(), thresholds, budgets)
def test_the_chunks_in_order_list_every_sentence_once(semantic_chunks, embedder, case, threshold, max_tokens):
    sentences, vectors = case
    chunks = chunked(semantic_chunks, embedder, sentences, vectors, threshold, max_tokens)
    flattened = [index for chunk in chunks for index in chunk]
    expect(
        flattened == list(range(len(sentences))) and all(chunks),
        f"non-empty chunks that, joined in order, list 0, 1, ..., {len(sentences) - 1}: every sentence "
        "exactly once, in order"
        if sentences
        else "no chunks for no sentences",
        details=f"Joined, the chunks list {flattened}.",
    )


@given(cases(), thresholds, budgets)
def test_a_chunk_ends_wherever_the_similarity_drops_below_the_threshold(
    semantic_chunks, embedder, case, threshold, max_tokens
):
    sentences, vectors = case
    assume(clear_of(threshold, vectors))
    chunks = chunked(semantic_chunks, embedder, sentences, vectors, threshold, max_tokens)
    similarities = oracle_similarities(vectors)
    ends = {chunk[-1] for chunk in chunks if chunk}
    crossed = [i for i, similarity in enumerate(similarities) if similarity < threshold and i not in ends]
    expect(
        not crossed,
        f"a chunk to end after every sentence i whose similarity(i) with the next is below threshold = {threshold}",
        details=(
            f"similarity({crossed[0]}) is {similarities[crossed[0]]:.4f}, yet a chunk goes on from "
            f"sentence {crossed[0]} to sentence {crossed[0] + 1}."
            if crossed
            else ""
        ),
    )


@given(cases(), thresholds, budgets)
def test_the_chunks_are_the_greedy_packing_of_each_segment(semantic_chunks, embedder, case, threshold, max_tokens):
    sentences, vectors = case
    assume(clear_of(threshold, vectors))
    chunks = chunked(semantic_chunks, embedder, sentences, vectors, threshold, max_tokens)
    expected = oracle_chunks(sentences, vectors, threshold, max_tokens)
    similarities = ", ".join(f"{similarity:.4f}" for similarity in oracle_similarities(vectors))
    expect(
        chunks == expected,
        f"{expected}: boundaries exactly where similarity(i) < {threshold}, and each segment packed with "
        f"kata 02's greedy rule under max_tokens = {max_tokens}",
        details=f"The similarities are [{similarities}]; the sizes are "
        f"{[len(sentence.split()) for sentence in sentences]}.",
    )


@given(cases(), thresholds, budgets)
def test_every_chunk_fits_the_budget_or_is_one_sentence(semantic_chunks, embedder, case, threshold, max_tokens):
    sentences, vectors = case
    chunks = chunked(semantic_chunks, embedder, sentences, vectors, threshold, max_tokens)
    totals = [sum(len(sentences[index].split()) for index in chunk) for chunk in chunks]
    bad = [(chunk, total) for chunk, total in zip(chunks, totals) if total > max_tokens and len(chunk) > 1]
    expect(
        not bad,
        f"every chunk to hold at most max_tokens = {counted(max_tokens, 'word')}, unless it is a single sentence",
        details=f"The chunk {bad[0][0]} holds {counted(bad[0][1], 'word')}." if bad else "",
    )


@given(cases(), budgets)
def test_threshold_minus_one_puts_no_semantic_boundary(semantic_chunks, embedder, case, max_tokens):
    sentences, vectors = case
    chunks = chunked(semantic_chunks, embedder, sentences, vectors, -1, max_tokens)
    sizes = [len(sentence.split()) for sentence in sentences]
    expected = greedy_chunks(sizes, max_tokens)
    expect(
        chunks == expected,
        f"{expected}: no similarity is below -1 (clamp the cosine into [-1, 1]), so the result is kata 02's "
        f"packing of the sizes {sizes} under {max_tokens}",
    )


@given(cases(), budgets)
def test_a_threshold_above_every_similarity_puts_every_sentence_alone(semantic_chunks, embedder, case, max_tokens):
    sentences, vectors = case
    assume(all(similarity < 1 - MARGIN for similarity in oracle_similarities(vectors)))
    chunks = chunked(semantic_chunks, embedder, sentences, vectors, 1.0, max_tokens)
    expected = [[index] for index in range(len(sentences))]
    expect(
        chunks == expected,
        f"{expected}: no two neighbours point the same way, so every similarity is below 1.0 and every "
        "sentence is a segment, and a chunk, of its own",
    )


@given(cases(), thresholds, budgets)
def test_embed_is_called_once_with_the_sentences(semantic_chunks, embedder, case, threshold, max_tokens):
    sentences, vectors = case
    embed = embedder.fixed(vectors)
    answer_leaving_the_input_as_it_was(semantic_chunks, sentences, embed, threshold, max_tokens)
    expect(
        embed.called_once_with(sentences) if sentences else embed.calls == 0,
        "one call to embed, with the list of all the sentences" if sentences else "no call to embed",
        details=embed.described(),
    )


TOPIC_WORDS = ["cat", "cats", "purr", "market", "shares", "rain", "the", "a", "---"]


def decode_text(codes):
    """Sentences of words from TOPIC_WORDS, one word per byte; a byte from 160 up ends the sentence."""
    sentences, words = [], []
    for code in codes:
        if code >= 160:
            sentences.append(" ".join(words))
            words = []
        else:
            words.append(TOPIC_WORDS[code % len(TOPIC_WORDS)])
    return sentences + [" ".join(words)] if codes else []


@given(st.binary(max_size=20).map(decode_text), thresholds, budgets)
def test_with_the_toy_embedder_the_chunks_follow_the_topics(
    semantic_chunks, embedder, sentences, threshold, max_tokens
):
    vectors = toy_embed(sentences, dimensions=32)  # 32 numbers keep the test fast; collisions do no harm here
    assume(clear_of(threshold, vectors))
    embed = embedder.of(lambda batch: toy_embed(batch, dimensions=32), "lambda batch: toy_embed(batch, dimensions=32)")
    chunks = indexed(len(sentences), semantic_chunks, sentences, embed, threshold, max_tokens)
    expected = oracle_chunks(sentences, vectors, threshold, max_tokens)
    expect(
        chunks == expected,
        f"{expected}: boundaries where the toy embedder's similarity drops below {threshold}, "
        f"each segment packed under {counted(max_tokens, 'word')}",
    )


@given(st.binary(max_size=20).map(decode_text), budgets)
def test_the_input_is_never_modified(semantic_chunks, embedder, sentences, max_tokens):
    before = list(sentences)
    semantic_chunks(sentences, embedder.same([1.0], "lambda batch: [[1.0]] * len(batch)"), 0.3, max_tokens)
    expect(sentences == before, "the input list to be left as it was", details=f"It is now {sentences}.")
