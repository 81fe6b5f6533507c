"""Kata 08: common mistakes, each a complete semantic_chunks() with one bug.

Run one against the tests with: pytest tests/08_semantic_chunker --impl=mistake:08:<id>
"""

import math
import re
from collections.abc import Sequence

from kata.runner.mistakes import Mistake


def _check_threshold(threshold):
    if not isinstance(threshold, (int, float)) or isinstance(threshold, bool):
        raise TypeError(f"threshold must be an int or a float, got {threshold!r}")
    if not -1 <= threshold <= 1:
        raise ValueError(f"threshold must be between -1 and 1, got {threshold}")


def _check_max_tokens(max_tokens):
    if not isinstance(max_tokens, int) or isinstance(max_tokens, bool):
        raise TypeError(f"max_tokens must be an int, got {max_tokens!r}")
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")


def _check_embed(embed):
    if not callable(embed):
        raise TypeError(f"embed must be callable, got {embed!r}")


def _check_a_sequence(sentences):
    if isinstance(sentences, str) or not isinstance(sentences, Sequence):
        raise TypeError(f"sentences must be a sequence of str, got {type(sentences).__name__}")


def _check_sentences(sentences, sequence=_check_a_sequence):
    sequence(sentences)
    for index, sentence in enumerate(sentences):
        if not isinstance(sentence, str):
            raise TypeError(f"sentences[{index}] must be a str, got {sentence!r}")


def _validate(sentences, embed, threshold, max_tokens):
    """The statement's checks, in the order of its table."""
    _check_threshold(threshold)
    _check_max_tokens(max_tokens)
    _check_embed(embed)
    _check_sentences(sentences)


def _check_vectors(vectors, count):
    if len(vectors) != count:
        raise ValueError(f"embed returned {len(vectors)} vectors for {count} sentences")
    for index, vector in enumerate(vectors):
        if len(vector) != len(vectors[0]):
            raise ValueError(
                f"embed returned vectors of different lengths: vectors[0] has {len(vectors[0])} "
                f"numbers, vectors[{index}] has {len(vector)}"
            )


def _embed(embed, sentences):
    vectors = list(embed(list(sentences)))
    _check_vectors(vectors, len(sentences))
    return vectors


def _cosine(a, b):
    dot = sum(x * y for x, y in zip(a, b))
    norms = sum(x * x for x in a) * sum(y * y for y in b)
    if norms == 0:
        return 0.0
    return max(-1.0, min(1.0, dot / math.sqrt(norms)))


def _similarities(vectors, similarity=_cosine):
    return [similarity(vectors[i], vectors[i + 1]) for i in range(len(vectors) - 1)]


def _pack(sizes, cuts_before, max_tokens):
    """Greedy packing that also closes the open chunk before every index in `cuts_before`."""
    chunks, current, total = [], [], 0
    for index, size in enumerate(sizes):
        if current and (index in cuts_before or total + size > max_tokens):
            chunks.append(current)
            current, total = [], 0
        current.append(index)
        total += size
    if current:
        chunks.append(current)
    return chunks


def _solve(sentences, vectors, threshold, max_tokens, similarity=_cosine):
    sizes = [len(sentence.split()) for sentence in sentences]
    cuts = {i + 1 for i, value in enumerate(_similarities(vectors, similarity)) if value < threshold}
    return _pack(sizes, cuts, max_tokens)


class EmbedsOneAtATime(Mistake):
    """Calls embed once per sentence, embed([sentence]), instead of once with the whole batch.

    The chunks are right, but a document of 1,000 sentences costs 1,000 model calls (network
    round trips, or passes over the GPU) instead of one: semantic_chunks(TOPICS, toy_embed, 0.2, 20)
    calls toy_embed 6 times.
    """

    id = "embeds_one_at_a_time"
    title = "Calls embed once per sentence instead of once for the batch"
    hint = "Call embed once, with the list of all the sentences: a model call costs the same whatever the batch size."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        vectors = [embed([sentence])[0] for sentence in sentences]
        _check_vectors(vectors, len(sentences))
        return _solve(sentences, vectors, threshold, max_tokens)


class EmbedsEmptyInput(Mistake):
    """Calls embed even when there are no sentences: embed([]) costs a model call, and some models reject it.

    semantic_chunks([], toy_embed, 0.5, 10) returns [] but calls toy_embed([]) once.
    """

    id = "embeds_empty_input"
    title = "Calls embed with an empty batch"
    hint = "With no sentences there is nothing to embed: return [] before calling embed."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        vectors = list(embed(sentences))
        _check_vectors(vectors, len(sentences))
        return _solve(sentences, vectors, threshold, max_tokens)


class DotProductWithoutNormalising(Mistake):
    """Uses the dot product of the two vectors as their similarity, without dividing by their lengths.

    The dot product grows with the vectors' lengths: with VECTORS = [[1, 0], [1, 1], [0, 1], [0, 2]]
    and threshold 0.8 the dot products are 1, 1 and 2, so nothing is cut and it returns
    [[0, 1, 2, 3]] instead of [[0], [1], [2, 3]].
    """

    id = "dot_product_without_normalising"
    title = "Compares dot products instead of cosines"
    hint = "Divide the dot product by the product of the two vectors' lengths: the toy vectors are not normalised."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        vectors = _embed(embed, sentences)
        return _solve(
            sentences, vectors, threshold, max_tokens, similarity=lambda a, b: sum(x * y for x, y in zip(a, b))
        )


class CutsWhereSimilar(Mistake):
    """Puts a boundary where the similarity is above the threshold (`>`) instead of below it (`<`).

    It cuts inside topics and joins across them: semantic_chunks(TOPICS, toy_embed, 0.2, 20)
    returns [[0], [1, 2], [3, 4], [5]] instead of [[0, 1], [2, 3], [4, 5]].
    """

    id = "cuts_where_similar"
    title = "Cuts where the similarity is high (> instead of <)"
    hint = "A boundary falls where the neighbours are NOT similar: similarity(i) < threshold."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        vectors = _embed(embed, sentences)
        return _solve(sentences, vectors, -threshold, max_tokens, similarity=lambda a, b: -_cosine(a, b))


class NoClamp(Mistake):
    """Leaves the cosine as computed, so rounding can take it a hair below -1.

    For the opposite vectors [-0.7, 0.1] and [0.21, -0.03] the cosine comes out as
    -1.0000000000000002, below a threshold of -1: semantic_chunks(["up", "down"], ..., -1, 10)
    returns [[0], [1]] though threshold -1 must never cut.
    """

    id = "no_clamp"
    title = "Does not clamp the cosine into [-1, 1]"
    hint = "Rounding can take a cosine just outside [-1, 1]; clamp it, so that threshold -1 never cuts."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        vectors = _embed(embed, sentences)

        def cosine(a, b):
            norms = sum(x * x for x in a) * sum(y * y for y in b)
            return 0.0 if norms == 0 else sum(x * y for x, y in zip(a, b)) / math.sqrt(norms)

        return _solve(sentences, vectors, threshold, max_tokens, similarity=cosine)


class CutsOnEqualSimilarity(Mistake):
    """Compares with `<=`, so a similarity exactly equal to the threshold is a boundary.

    Two sentences whose cosine is exactly 0.5 are cut at threshold 0.5: it returns [[0], [1]]
    instead of [[0, 1]]; and with the zero vector of "---" and threshold 0.0, every sentence is alone.
    """

    id = "cuts_on_equal_similarity"
    title = "A similarity equal to the threshold counts as a drop (<= instead of <)"
    hint = "A boundary needs similarity(i) strictly below the threshold; an equal similarity is not a drop."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        vectors = _embed(embed, sentences)
        sizes = [len(sentence.split()) for sentence in sentences]
        cuts = {i + 1 for i, value in enumerate(_similarities(vectors)) if value <= threshold}
        return _pack(sizes, cuts, max_tokens)


class BoundaryOneSentenceEarly(Mistake):
    """When similarity(i) drops, starts the new chunk at sentence i instead of sentence i + 1.

    similarity(i) belongs to the gap AFTER sentence i; putting the cut before it moves the last
    sentence of each topic into the next: semantic_chunks(TOPICS, toy_embed, 0.2, 20) returns
    [[0], [1, 2], [3, 4, 5]] instead of [[0, 1], [2, 3], [4, 5]].
    """

    id = "boundary_one_sentence_early"
    title = "Puts the boundary before sentence i instead of after it"
    hint = "similarity(i) compares sentences i and i + 1: a drop there means sentence i + 1 opens the next chunk."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        vectors = _embed(embed, sentences)
        sizes = [len(sentence.split()) for sentence in sentences]
        cuts = {i for i, value in enumerate(_similarities(vectors)) if value < threshold}
        return _pack(sizes, cuts, max_tokens)


class DividesByZero(Mistake):
    """Divides the dot product by the lengths without checking for a zero vector.

    A sentence with no words gets the zero vector from the toy embedder, and the division
    raises: semantic_chunks(["First point.", "---", "Second point."], toy_embed, 0.1, 10)
    raises ZeroDivisionError instead of returning [[0], [1], [2]].
    """

    id = "divides_by_zero"
    title = "Divides by zero on a zero vector"
    hint = "When either vector is all zeros its length is 0: the similarity is defined as 0.0, without dividing."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        vectors = _embed(embed, sentences)

        def cosine(a, b):
            dot = sum(x * y for x, y in zip(a, b))
            return max(-1.0, min(1.0, dot / (math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b)))))

        return _solve(sentences, vectors, threshold, max_tokens, similarity=cosine)


class ComparesWithTheChunkStart(Mistake):
    """Compares each sentence with the first sentence of the open chunk instead of with its neighbour.

    A topic that drifts a word at a time is cut though every neighbour is similar:
    semantic_chunks(["a b", "b c", "c d", "d e"], toy_embed, 0.4, 20) returns [[0, 1], [2, 3]]
    instead of [[0, 1, 2, 3]].
    """

    id = "compares_with_the_chunk_start"
    title = "Compares each sentence with the chunk's first sentence, not its neighbour"
    hint = "similarity(i) is between neighbours i and i + 1, whatever the open chunk holds."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        vectors = _embed(embed, sentences)
        chunks, current, total = [], [], 0
        for index, sentence in enumerate(sentences):
            size = len(sentence.split())
            if current and (_cosine(vectors[current[0]], vectors[index]) < threshold or total + size > max_tokens):
                chunks.append(current)
                current, total = [], 0
            current.append(index)
            total += size
        chunks.append(current)
        return chunks


class IgnoresTheBudget(Mistake):
    """Returns each segment whole, as one chunk, whatever its size.

    A long topic becomes one chunk that the embedding model would cut off:
    semantic_chunks(TOPICS, toy_embed, 0.2, 12) returns [[0, 1], [2, 3], [4, 5]], a 13-word
    first chunk, instead of [[0], [1], [2, 3], [4, 5]].
    """

    id = "ignores_the_budget"
    title = "Does not pack the segments under max_tokens"
    hint = "The budget is a ceiling inside every topic: pack each segment with kata 02's greedy rule."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        vectors = _embed(embed, sentences)
        sizes = [0] * len(sentences)
        cuts = {i + 1 for i, value in enumerate(_similarities(vectors)) if value < threshold}
        return _pack(sizes, cuts, max_tokens)


class KeepsTheTotalAcrossABoundary(Mistake):
    """Closes the chunk at a topic boundary but keeps its word count as the new chunk's total.

    The next topic starts with the old topic's words already counted:
    semantic_chunks(["w w w w", "x x", "x x"], lambda batch: [[1, 0], [0, 1], [0, 1]], 0.5, 6)
    returns [[0], [1], [2]] instead of [[0], [1, 2]].
    """

    id = "keeps_the_total_across_a_boundary"
    title = "Keeps the old chunk's word count after a topic boundary"
    hint = "Whatever closes a chunk, the topic or the budget, the new chunk's count starts from its first sentence."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        similarities = _similarities(_embed(embed, sentences))
        chunks, current, total = [], [], 0
        for index, sentence in enumerate(sentences):
            size = len(sentence.split())
            if current and index > 0 and similarities[index - 1] < threshold:
                chunks.append(current)
                current = []  # but total goes on
            elif current and total + size > max_tokens:
                chunks.append(current)
                current, total = [], 0
            current.append(index)
            total += size
        chunks.append(current)
        return chunks


class TrustsTheVectors(Mistake):
    """Zips the sentences with whatever embed returned, without checking the count or the lengths.

    zip stops at the shorter sequence without a word: with 2 vectors for 3 sentences the last
    sentence is never compared, and with a short vector the similarity ignores numbers.
    semantic_chunks(["a", "b", "c"], lambda batch: [[1.0], [0.5]], 0.2, 20) returns [[0, 1, 2]]
    instead of raising ValueError.
    """

    id = "trusts_the_vectors"
    title = "Does not check how many vectors embed returned, or their lengths"
    hint = "Check that embed returned one vector per sentence, all of the same length: zip would hide the difference."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        vectors = list(embed(sentences))
        sizes = [len(sentence.split()) for sentence in sentences]
        cuts = {i + 1 for i, (a, b) in enumerate(zip(vectors, vectors[1:])) if _cosine(a, b) < threshold}
        return _pack(sizes, cuts, max_tokens)


class AcceptsBool(Mistake):
    """Checks isinstance(threshold, (int, float)), which True passes as 1, since bool is a subclass of int.

    semantic_chunks(TOPICS, toy_embed, True, 20) cuts every pair and returns
    [[0], [1], [2], [3], [4], [5]] instead of raising TypeError.
    """

    id = "accepts_bool"
    title = "Accepts True and False as a threshold or a budget"
    hint = "bool is a subclass of int: reject it explicitly, for threshold and for max_tokens."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        if not isinstance(threshold, (int, float)):
            raise TypeError(f"threshold must be an int or a float, got {threshold!r}")
        if not -1 <= threshold <= 1:
            raise ValueError(f"threshold must be between -1 and 1, got {threshold}")
        if not isinstance(max_tokens, int):
            raise TypeError(f"max_tokens must be an int, got {max_tokens!r}")
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        sentences = list(sentences)
        if not sentences:
            return []
        return _solve(sentences, _embed(embed, sentences), threshold, max_tokens)


class AcceptsANanThreshold(Mistake):
    """Checks the range as threshold < -1 or threshold > 1, which is False for NaN, so a NaN threshold passes.

    No similarity is below NaN, so nothing is cut and only the budget closes chunks:
    semantic_chunks(TOPICS, toy_embed, float("nan"), 20) returns [[0, 1, 2], [3, 4, 5]] instead of raising
    ValueError.
    """

    id = "accepts_a_nan_threshold"
    title = "Accepts a NaN threshold"
    hint = "Every comparison with NaN is False: write the range check so that NaN fails it (not -1 <= t <= 1)."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        if not isinstance(threshold, (int, float)) or isinstance(threshold, bool):
            raise TypeError(f"threshold must be an int or a float, got {threshold!r}")
        if threshold < -1 or threshold > 1:
            raise ValueError(f"threshold must be between -1 and 1, got {threshold}")
        _validate(sentences, embed, 0.0, max_tokens)  # the other checks, unchanged
        sentences = list(sentences)
        if not sentences:
            return []
        return _solve(sentences, _embed(embed, sentences), threshold, max_tokens)


class NoValidation(Mistake):
    """Checks no argument: a threshold outside [-1, 1] or a budget below 1 is used as if it made sense.

    semantic_chunks(TOPICS, toy_embed, 1.5, 20) cuts every pair and returns six chunks of one
    sentence, and semantic_chunks(TOPICS, toy_embed, 0.2, 0) puts every sentence alone, instead
    of raising ValueError.
    """

    id = "no_validation"
    title = "Does not validate threshold and max_tokens"
    hint = "Raise ValueError for a threshold outside [-1, 1] or max_tokens < 1, and TypeError for the wrong types."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        sentences = list(sentences)
        if not sentences:
            return []
        return _solve(sentences, _embed(embed, sentences), threshold, max_tokens)


class ValidatesAfterEmbedding(Mistake):
    """Calls embed first and checks the arguments afterwards, so a bad call still costs a model call.

    semantic_chunks(TOPICS, toy_embed, 1.5, 20) raises the right ValueError, but only after
    embedding all six sentences; and semantic_chunks([], toy_embed, 1.5, 10) returns [].
    """

    id = "validates_after_embedding"
    title = "Calls embed before checking the arguments"
    hint = "Check every argument before calling embed, even when there are no sentences: a bad call must cost nothing."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        sentences = list(sentences)
        if not sentences:
            return []
        vectors = _embed(embed, sentences)
        _validate(sentences, embed, threshold, max_tokens)
        return _solve(sentences, vectors, threshold, max_tokens)


class BuildsTheFullSimilarityMatrix(Mistake):
    """Computes the cosine of every pair of sentences, then reads the n - 1 neighbours off the matrix.

    The answers are right, but the work is n * n cosines where n - 1 are needed: 20,000 sentences
    need 400 million cosines, and never finish within the limit.
    """

    id = "builds_the_full_similarity_matrix"
    title = "Computes the similarity of every pair of sentences (quadratic)"
    hint = "Only neighbours are compared: compute the n - 1 similarities of i and i + 1, not an n * n matrix."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        vectors = _embed(embed, sentences)
        matrix = [[_cosine(a, b) for b in vectors] for a in vectors]
        sizes = [len(sentence.split()) for sentence in sentences]
        cuts = {i + 1 for i in range(len(vectors) - 1) if matrix[i][i + 1] < threshold}
        return _pack(sizes, cuts, max_tokens)


class ResumsTheOpenChunk(Mistake):
    """Counts the words of the whole open chunk again before every sentence instead of keeping a running total.

    The chunks are right, but when 20,000 sentences form one chunk that is 200 million word
    counts: it never finishes within the limit.
    """

    id = "resums_the_open_chunk"
    title = "Counts the open chunk's words again for every sentence (quadratic)"
    hint = "Keep a running total of the open chunk's words instead of counting them again for every sentence."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        similarities = _similarities(_embed(embed, sentences))
        chunks, current = [], []
        for index, sentence in enumerate(sentences):
            total = sum(len(sentences[i].split()) for i in current)
            topic_changes = index > 0 and similarities[index - 1] < threshold
            if current and (topic_changes or total + len(sentence.split()) > max_tokens):
                chunks.append(current)
                current = []
            current.append(index)
        chunks.append(current)
        return chunks


class ChecksTheSentencesFirst(Mistake):
    """Checks the arguments in the signature's order (sentences, embed, threshold, max_tokens),
    not in the order of the statement's table (threshold, max_tokens, embed, then the sentences).

    semantic_chunks([None], toy_embed, 1.5, 20) raises TypeError for sentences[0] instead of
    ValueError for the threshold.
    """

    id = "checks_the_sentences_first"
    title = "Checks the sentences and embed before threshold and max_tokens"
    hint = "Follow the statement's table: threshold, then max_tokens, then embed, then each sentence."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        sentences = list(sentences)
        _check_sentences(sentences)
        _check_embed(embed)
        _validate(sentences, embed, threshold, max_tokens)
        if not sentences:
            return []
        return _solve(sentences, _embed(embed, sentences), threshold, max_tokens)


class EpsilonInTheDenominator(Mistake):
    """Avoids dividing by zero with a tiny epsilon, a·b / (|a| |b| + 1e-9), instead of taking 0.0 for a zero vector.

    Every similarity comes out a little too small: [1, 1, 1, 1, 0, 0] and [0, 0, 1, 1, 1, 1] give
    0.49999999987 instead of exactly 0.5, so with threshold 0.5 the pair is cut.
    """

    id = "epsilon_in_the_denominator"
    title = "Adds a tiny epsilon to the cosine's denominator instead of handling a zero vector"
    hint = (
        "An epsilon moves every similarity, and one equal to the threshold falls below it: "
        "give a zero vector the similarity 0.0 and divide the others exactly."
    )

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []

        def similarity(a, b):
            dot = sum(x * y for x, y in zip(a, b))
            norms = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
            return max(-1.0, min(1.0, dot / (norms + 1e-9)))

        return _solve(sentences, _embed(embed, sentences), threshold, max_tokens, similarity)


class ChecksTheCountNotTheLengths(Mistake):
    """Checks that embed returned one vector per sentence, but not that the vectors have the same length.

    zip then compares a short vector with the start of a longer one: semantic_chunks(["a", "b"],
    lambda batch: [[1.0, 2.0], [0.5]], 0.2, 20) returns [[0, 1]] instead of raising ValueError.
    """

    id = "checks_the_count_not_the_lengths"
    title = "Checks the number of vectors embed returned, but not their lengths"
    hint = "Check that every vector has the length of vectors[0]: zip would silently compare only the first numbers."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        vectors = list(embed(sentences))
        if len(vectors) != len(sentences):
            raise ValueError(f"embed returned {len(vectors)} vectors for {len(sentences)} sentences")
        return _solve(sentences, vectors, threshold, max_tokens)


def _pack_in_one_walk(sizes, similarities, threshold, max_tokens, reset_at_a_boundary, reset_at_the_budget):
    """One walk that opens a chunk with each sentence after a boundary or past the budget; the new chunk's
    total starts at reset_...(size): the sentence's size when right."""
    chunks, current, total = [], [0], sizes[0]
    for index in range(1, len(sizes)):
        size = sizes[index]
        if similarities[index - 1] < threshold:
            chunks.append(current)
            current, total = [index], reset_at_a_boundary(size)
        elif total + size > max_tokens:
            chunks.append(current)
            current, total = [index], reset_at_the_budget(size)
        else:
            current.append(index)
            total += size
    chunks.append(current)
    return chunks


class TreatsTinyVectorsAsZero(Mistake):
    """Treats a vector as a zero vector when its length is below a small epsilon (norm < 1e-9), not only
    when all its numbers are 0.

    A very short vector still points somewhere: [1e-30, 0.0] and [3e-30, 0.0] have cosine 1.0, and this
    makes it 0.0, so semantic_chunks(["a", "b"], lambda batch: [[1e-30, 0.0], [3e-30, 0.0]], 0.5, 10)
    returns [[0], [1]] instead of [[0, 1]].
    """

    id = "treats_tiny_vectors_as_zero"
    title = "Treats a very short vector as a zero vector (a cut-off such as norm < 1e-9)"
    hint = "A vector is a zero vector only when every number in it is 0: test exactly that, not its length."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []

        def cosine(a, b):
            norm_a, norm_b = math.sqrt(sum(x * x for x in a)), math.sqrt(sum(y * y for y in b))
            if norm_a < 1e-9 or norm_b < 1e-9:
                return 0.0
            return max(-1.0, min(1.0, sum(x * y for x, y in zip(a, b)) / (norm_a * norm_b)))

        return _solve(sentences, _embed(embed, sentences), threshold, max_tokens, cosine)


class ForgetsTheFirstSentenceAfterABoundary(Mistake):
    """At a topic boundary, opens the new chunk with the sentence but starts its total at 0, not at the
    sentence's words.

    The chunk after every boundary holds one sentence more than the budget allows:
    semantic_chunks(["w", "x x x", "x x x"], lambda batch: [[1, 0], [0, 1], [0, 1]], 0.5, 5) returns
    [[0], [1, 2]], 6 words in the second chunk, instead of [[0], [1], [2]].
    """

    id = "forgets_the_first_sentence_after_a_boundary"
    title = "Starts the count at 0 in a chunk opened by a topic boundary, leaving out its first sentence"
    hint = "The sentence that opens a chunk is in it: after a boundary, the new chunk's total starts at its size."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        similarities = _similarities(_embed(embed, sentences))
        sizes = [len(sentence.split()) for sentence in sentences]
        return _pack_in_one_walk(
            sizes,
            similarities,
            threshold,
            max_tokens,
            reset_at_a_boundary=lambda size: 0,
            reset_at_the_budget=lambda size: size,
        )


class ForgetsTheFirstSentenceAfterTheBudget(Mistake):
    """When the budget closes a chunk, opens the next with the sentence but starts its total at 0.

    Kata 02's classic slip: the sentence that did not fit is not counted in its new chunk, which then takes
    one sentence too many: semantic_chunks(["w w w"] * 5, toy_embed, 0.5, 7) returns [[0, 1], [2, 3, 4]]
    (9 words) instead of [[0, 1], [2, 3], [4]].
    """

    id = "forgets_the_first_sentence_after_the_budget"
    title = "Starts the count at 0 in a chunk opened by the budget, leaving out its first sentence"
    hint = "The sentence that did not fit opens the next chunk and counts in it: start that total at its size."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        similarities = _similarities(_embed(embed, sentences))
        sizes = [len(sentence.split()) for sentence in sentences]
        return _pack_in_one_walk(
            sizes,
            similarities,
            threshold,
            max_tokens,
            reset_at_a_boundary=lambda size: size,
            reset_at_the_budget=lambda size: 0,
        )


class StartsTheCountAtZero(Mistake):
    """Opens the first chunk with sentence 0 but starts its total at 0, so the first sentence's words never count.

    The first chunk can take one sentence too many: semantic_chunks(TOPICS, toy_embed, 0.2, 12) returns
    [[0, 1], [2, 3], [4, 5]], a first chunk of 13 words, instead of [[0], [1], [2, 3], [4, 5]].
    """

    id = "starts_the_count_at_zero"
    title = "Does not count the first sentence's words in the first chunk"
    hint = "The open chunk's total is the sum of the sizes of the sentences in it, the first one included."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        similarities = _similarities(_embed(embed, sentences))
        sizes = [len(sentence.split()) for sentence in sentences]
        return _pack_in_one_walk(
            [0] + sizes[1:],
            similarities,
            threshold,
            max_tokens,
            reset_at_a_boundary=lambda size: size,
            reset_at_the_budget=lambda size: size,
        )


class EmbedsInBatches(Mistake):
    """Calls embed once per batch of 32 sentences, as model clients often do, instead of once for them all.

    The chunks are right, but 20,000 sentences cost 625 model calls instead of one:
    semantic_chunks(["w"] * 5_000, embed, 0.5, 5_000) calls embed 157 times.
    """

    id = "embeds_in_batches"
    title = "Calls embed once per batch of 32 sentences instead of once for all of them"
    hint = "The contract asks for one call to embed, with the list of all the sentences, however many there are."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        vectors = []
        for start in range(0, len(sentences), 32):
            vectors += list(embed(sentences[start : start + 32]))
        _check_vectors(vectors, len(sentences))
        return _solve(sentences, vectors, threshold, max_tokens)


class SkipsEmbedForOneSentence(Mistake):
    """Returns [[0]] for a single sentence without calling embed, since one sentence has no neighbour.

    The answer is right, but the contract asks for one call to embed even then:
    semantic_chunks(["Only one."], toy_embed, 0.5, 10) returns [[0]] without calling toy_embed.
    """

    id = "skips_embed_for_one_sentence"
    title = "Does not call embed when there is only one sentence"
    hint = "embed is called exactly once for any non-empty list of sentences, even a list of one."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        if len(sentences) == 1:
            return [[0]]
        return _solve(sentences, _embed(embed, sentences), threshold, max_tokens)


class EmbedsTheStrippedSentences(Mistake):
    """Strips each sentence before embedding it: embed([sentence.strip() for sentence in sentences]).

    The chunks may be right, but embed does not get the sentences as given:
    semantic_chunks(["  Cats purr.  ", "", "Markets\\tfell.\\n"], toy_embed, -1, 10) calls toy_embed with
    ['Cats purr.', '', 'Markets\\tfell.'].
    """

    id = "embeds_the_stripped_sentences"
    title = "Embeds the sentences stripped, not exactly as given"
    hint = "Give embed the list of the sentences exactly as they came: what whitespace means is the model's business."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        vectors = list(embed([sentence.strip() for sentence in sentences]))
        _check_vectors(vectors, len(sentences))
        return _solve(sentences, vectors, threshold, max_tokens)


class StripsTheCallersSentences(Mistake):
    """Tidies the caller's list in place, sentences[:] = [s.strip() for s in sentences], before embedding it.

    The caller's list comes back changed: after semantic_chunks(sentences, toy_embed, -1, 10) with
    sentences = ["  Cats purr.  ", "", "Markets\\tfell.\\n"], sentences is ['Cats purr.', '', 'Markets\\tfell.'].
    """

    id = "strips_the_callers_sentences"
    title = "Strips the sentences in the caller's own list"
    hint = "Never modify the caller's list: work on a copy, and give embed the sentences as they came."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        if isinstance(sentences, list):
            sentences[:] = [sentence.strip() for sentence in sentences]
        sentences = list(sentences)
        if not sentences:
            return []
        return _solve(sentences, _embed(embed, sentences), threshold, max_tokens)


class PassesTheCallersSequenceToEmbed(Mistake):
    """Passes `sentences` to embed as it came, so a tuple of sentences reaches embed as a tuple, not a list.

    semantic_chunks(tuple(TOPICS), toy_embed, 0.2, 20) calls toy_embed with a tuple; a model's encode
    expects a list.
    """

    id = "passes_the_callers_sequence_to_embed"
    title = "Passes the caller's sequence to embed as it is, not as a list"
    hint = "sentences may be any sequence, but embed takes a list: give it list(sentences)."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        if not sentences:
            return []
        vectors = list(embed(sentences))
        _check_vectors(vectors, len(sentences))
        return _solve(sentences, vectors, threshold, max_tokens)


class EmptyChunkBeforeAnOversizedSentence(Mistake):
    """Closes the open chunk when the next sentence does not fit, even when the open chunk is empty: the
    budget's test forgets kata 02's "non-empty".

    A first sentence larger than the budget closes the empty chunk before it (and so does one that opens a
    segment): semantic_chunks(["w w w w w w", "w"], lambda batch: [[1.0], [1.0]], 0.5, 3) returns
    [[], [0], [1]] instead of [[0], [1]].
    """

    id = "empty_chunk_before_an_oversized_sentence"
    title = "Makes an empty chunk before a sentence larger than the budget when nothing is open"
    hint = "Close the open chunk only when it is non-empty: a sentence larger than the budget then opens a chunk."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        similarities = _similarities(_embed(embed, sentences))
        chunks, current, total = [], [], 0
        for index, sentence in enumerate(sentences):
            size = len(sentence.split())
            if current and index > 0 and similarities[index - 1] < threshold:
                chunks.append(current)
                current, total = [], 0
            if total + size > max_tokens:  # and current is empty after a boundary, or at the start
                chunks.append(current)
                current, total = [], 0
            current.append(index)
            total += size
        chunks.append(current)
        return chunks


class ClosesAnExactFit(Mistake):
    """Closes the open chunk when the next sentence would bring it to exactly max_tokens (>= instead of >).

    semantic_chunks(TOPICS, toy_embed, 0.2, 12) returns [[0], [1], [2], [3], [4], [5]] instead of
    [[0], [1], [2, 3], [4, 5]]: 5 + 7 and 6 + 6 fit 12 exactly.
    """

    id = "closes_an_exact_fit"
    title = "Closes a chunk that the next sentence would fill exactly (>= instead of >)"
    hint = "An exact fit stays: close only when the total would go above max_tokens."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        return _solve(sentences, _embed(embed, sentences), threshold, max_tokens - 1)


class CountsCharacters(Mistake):
    """Measures a sentence by its characters, len(sentence), instead of its words, len(sentence.split()).

    Every sentence is many times larger than it is: semantic_chunks(TOPICS, toy_embed, 0.2, 20) returns
    [[0], [1], [2], [3], [4], [5]] (the first sentence alone has 30 characters).
    """

    id = "counts_characters"
    title = "Counts a sentence's characters instead of its words"
    hint = "A sentence's size is its number of whitespace-separated words: len(sentence.split())."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        cuts = {i + 1 for i, value in enumerate(_similarities(_embed(embed, sentences))) if value < threshold}
        return _pack([len(sentence) for sentence in sentences], cuts, max_tokens)


class CountsWordsAsTheEmbedderDoes(Mistake):
    """Counts a sentence's words as the toy embedder finds them, len(re.findall(r"\\w+", sentence)),
    instead of len(sentence.split()).

    "---" is 1 word for the size rule and 0 for the regular expression, and "state-of-the-art" 1 and 4:
    semantic_chunks(["w w", "---", "w w"], lambda batch: [[1.0]] * 3, 0.5, 4) returns [[0, 1, 2]]
    instead of [[0, 1], [2]].
    """

    id = "counts_words_as_the_embedder_does"
    title = "Counts words with \\w+, as the toy embedder reads them, instead of with split()"
    hint = "The size rule is len(sentence.split()): '---' is 1 word, and 'state-of-the-art' is 1."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        cuts = {i + 1 for i, value in enumerate(_similarities(_embed(embed, sentences))) if value < threshold}
        return _pack([len(re.findall(r"\w+", sentence)) for sentence in sentences], cuts, max_tokens)


class SplitsOnSingleSpaces(Mistake):
    """Counts words with sentence.split(" "), which cuts at every single space and at nothing else.

    "" counts as 1 word and "   " as 4, while tabs and newlines separate nothing:
    semantic_chunks(["a\\tb\\nc", "d  e"], lambda batch: [[1.0], [1.0]], 0.5, 4) returns [[0, 1]] (1 + 3
    words) instead of [[0], [1]] (3 + 2).
    """

    id = "splits_on_single_spaces"
    title = "Splits words on single spaces (split(' ')) instead of on any whitespace"
    hint = "split() with no argument cuts at any run of whitespace and gives no empty words: '' has 0 words."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        cuts = {i + 1 for i, value in enumerate(_similarities(_embed(embed, sentences))) if value < threshold}
        return _pack([len(sentence.split(" ")) for sentence in sentences], cuts, max_tokens)


class ClampsIntoZeroToOne(Mistake):
    """Clamps the cosine into [0, 1] instead of [-1, 1], so a negative similarity becomes 0.0.

    Opposite sentences are then no less similar than unrelated ones: with the vectors [1, 0], [-1, 0.1]
    and [-1, 0] and threshold -0.5, similarity(0) is about -0.995 and must cut, but this makes it 0.0
    and returns [[0, 1, 2]] instead of [[0], [1, 2]]. Taking abs() of the cosine does the same harm.
    """

    id = "clamps_into_zero_to_one"
    title = "Loses the sign of a negative similarity (clamps into [0, 1], or takes abs)"
    hint = "A cosine lies in [-1, 1]: clamp only rounding's excess, into [-1, 1], and keep negative values."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        return _solve(sentences, _embed(embed, sentences), threshold, max_tokens, lambda a, b: max(0.0, _cosine(a, b)))


class ZeroTestByTheSum(Mistake):
    """Takes a vector whose numbers add up to 0 for a zero vector: `if sum(a) == 0 or sum(b) == 0`.

    [1.0, -1.0] is not all zeros: with [2.0, -2.0] its cosine is 1.0, but this makes it 0.0, so
    semantic_chunks(["a", "b"], lambda batch: [[1.0, -1.0], [2.0, -2.0]], 0.5, 10) returns [[0], [1]]
    instead of [[0, 1]].
    """

    id = "zero_test_by_the_sum"
    title = "Takes a vector whose numbers add up to 0 for a zero vector"
    hint = "A vector is all zeros when every number is 0 (its squared length is 0), not when its sum is."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []

        def cosine(a, b):
            if sum(a) == 0 or sum(b) == 0:
                return 0.0
            return _cosine(a, b)

        return _solve(sentences, _embed(embed, sentences), threshold, max_tokens, cosine)


class TwoZeroVectorsAreSimilar(Mistake):
    """Gives two zero vectors the similarity 1.0, as if two empty sentences were the same topic.

    The statement's rule gives 0.0 when either vector is all zeros, both included:
    semantic_chunks(["---", "***"], toy_embed, 0.5, 10) returns [[0, 1]] instead of [[0], [1]].
    """

    id = "two_zero_vectors_are_similar"
    title = "Gives two zero vectors the similarity 1.0"
    hint = "The similarity is 0.0 when either vector is all zeros, and so also when both are."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []

        def cosine(a, b):
            if not any(a) and not any(b):
                return 1.0
            return _cosine(a, b)

        return _solve(sentences, _embed(embed, sentences), threshold, max_tokens, cosine)


class ChecksTheExactType(Mistake):
    """Checks the threshold with type(threshold) not in (int, float), which rejects bool but also every
    subclass of float, such as NumPy's float64.

    A threshold computed with NumPy (np.percentile(...)) is a np.float64: semantic_chunks(["a", "b"], ...,
    np.float64(0.5), 10) raises TypeError instead of returning [[0], [1]].
    """

    id = "checks_the_exact_type"
    title = "Rejects a threshold whose type is a subclass of float (type() instead of isinstance)"
    hint = "Use isinstance(threshold, (int, float)) and reject bool apart: a subclass of float is a float."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        if type(threshold) not in (int, float):
            raise TypeError(f"threshold must be an int or a float, got {threshold!r}")
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        return _solve(sentences, _embed(embed, sentences), threshold, max_tokens)


class AcceptsABoolBudget(Mistake):
    """Rejects a bool threshold, as the statement's example shows, but checks max_tokens with isinstance(max_tokens,
    int) alone, which True passes as 1.

    semantic_chunks(TOPICS, toy_embed, 0.2, True) returns six chunks of one sentence instead of raising TypeError.
    """

    id = "accepts_a_bool_budget"
    title = "Accepts True as max_tokens"
    hint = "bool is a subclass of int: reject it for max_tokens too, not only for threshold."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _check_threshold(threshold)
        if not isinstance(max_tokens, int):
            raise TypeError(f"max_tokens must be an int, got {max_tokens!r}")
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        _check_embed(embed)
        _check_sentences(sentences)
        sentences = list(sentences)
        if not sentences:
            return []
        return _solve(sentences, _embed(embed, sentences), threshold, max_tokens)


class AcceptsAFloatBudget(Mistake):
    """Checks max_tokens as it checks the threshold, isinstance(max_tokens, (int, float)), so 20.0 passes.

    semantic_chunks(TOPICS, toy_embed, 0.2, 20.0) returns [[0, 1], [2, 3], [4, 5]] instead of raising
    TypeError: a budget counts words, and is an int.
    """

    id = "accepts_a_float_budget"
    title = "Accepts a float such as 20.0 as max_tokens"
    hint = "max_tokens must be an int (and not a bool): 20.0 is a float, and raises TypeError."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _check_threshold(threshold)
        if not isinstance(max_tokens, (int, float)) or isinstance(max_tokens, bool):
            raise TypeError(f"max_tokens must be an int, got {max_tokens!r}")
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        _check_embed(embed)
        _check_sentences(sentences)
        sentences = list(sentences)
        if not sentences:
            return []
        return _solve(sentences, _embed(embed, sentences), threshold, max_tokens)


class ChecksTheBudgetFirst(Mistake):
    """Checks max_tokens before the threshold, against the order of the statement's table.

    semantic_chunks(TOPICS, toy_embed, 1.5, 0) raises ValueError for max_tokens instead of for the threshold.
    """

    id = "checks_the_budget_first"
    title = "Checks max_tokens before threshold"
    hint = "Follow the statement's table: threshold (type, then range), then max_tokens, embed, each sentence."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _check_max_tokens(max_tokens)
        _check_threshold(threshold)
        _check_embed(embed)
        _check_sentences(sentences)
        sentences = list(sentences)
        if not sentences:
            return []
        return _solve(sentences, _embed(embed, sentences), threshold, max_tokens)


class ChecksTheSentencesBeforeEmbed(Mistake):
    """Checks each sentence before checking that embed is callable, against the order of the statement's table.

    semantic_chunks([None], None, 0.2, 20) raises TypeError for sentences[0] instead of for embed.
    """

    id = "checks_the_sentences_before_embed"
    title = "Checks the sentences before embed"
    hint = "Follow the statement's table: threshold, max_tokens, then embed, and only then each sentence."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _check_threshold(threshold)
        _check_max_tokens(max_tokens)
        _check_sentences(sentences)
        _check_embed(embed)
        sentences = list(sentences)
        if not sentences:
            return []
        return _solve(sentences, _embed(embed, sentences), threshold, max_tokens)


class DoesNotCheckEmbed(Mistake):
    """Never checks that embed is callable, and lets the call fail on its own.

    semantic_chunks(["a", "b"], None, 0.5, 10) raises "TypeError: 'NoneType' object is not callable", which
    does not name embed, and semantic_chunks([], None, 0.5, 10) returns [] instead of raising TypeError.
    """

    id = "does_not_check_embed"
    title = "Does not check that embed is callable"
    hint = "Raise TypeError naming embed when callable(embed) is false, before anything else uses it."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _check_threshold(threshold)
        _check_max_tokens(max_tokens)
        _check_sentences(sentences)
        sentences = list(sentences)
        if not sentences:
            return []
        return _solve(sentences, _embed(embed, sentences), threshold, max_tokens)


class DoesNotCheckTheSentences(Mistake):
    """Never checks that each sentence is a str, relying on embed (or on split) to complain.

    An embedder need not check: with one that does not, semantic_chunks(["a", "b", None], embed, 0.5, 10)
    raises AttributeError from None.split() instead of TypeError naming sentences[2], and b"bytes" is
    measured as if it were a sentence. And a bad call costs a model call.
    """

    id = "does_not_check_the_sentences"
    title = "Does not check that every sentence is a str"
    hint = "Check every sentence with isinstance(sentence, str) before calling embed, naming it sentences[i]."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _check_threshold(threshold)
        _check_max_tokens(max_tokens)
        _check_embed(embed)
        sentences = list(sentences)
        if not sentences:
            return []
        return _solve(sentences, _embed(embed, sentences), threshold, max_tokens)


class ChecksNothingForNoSentences(Mistake):
    """Returns [] for no sentences before checking the arguments, so a bad call with no sentences passes.

    semantic_chunks([], toy_embed, 1.5, 10) returns [] instead of raising ValueError for the threshold.
    """

    id = "checks_nothing_for_no_sentences"
    title = "Returns [] for no sentences before checking the other arguments"
    hint = "Check every argument first, even when there are no sentences; return [] only after the checks."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        if not sentences:
            return []
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        return _solve(sentences, _embed(embed, sentences), threshold, max_tokens)


class ChecksTheLengthsBeforeTheCount(Mistake):
    """Checks that the vectors have the same length before checking that there is one per sentence.

    With 2 vectors of different lengths for 5 sentences it blames the lengths, not the count; with no
    vector at all, vectors[0] raises IndexError instead of ValueError naming embed and both counts.
    """

    id = "checks_the_lengths_before_the_count"
    title = "Checks the vectors' lengths before their number"
    hint = "First check len(vectors) == len(sentences) (it also makes vectors[0] safe to read), then the lengths."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        vectors = list(embed(sentences))
        width = len(vectors[0])
        for index, vector in enumerate(vectors):
            if len(vector) != width:
                raise ValueError(
                    f"embed returned vectors of different lengths: vectors[0] has {width} "
                    f"numbers, vectors[{index}] has {len(vector)}"
                )
        if len(vectors) != len(sentences):
            raise ValueError(f"embed returned {len(vectors)} vectors for {len(sentences)} sentences")
        return _solve(sentences, vectors, threshold, max_tokens)


class ComparesEachVectorWithTheOneBefore(Mistake):
    """Checks each vector's length against the one before it, so its message names vectors[i - 1], not vectors[0].

    semantic_chunks(["a", "b", "c"], lambda batch: [[1.0, 0.0], [1.0, 0.0], [1.0, 0.0, 0.0]], 0.5, 10) raises
    ValueError naming vectors[1] and vectors[2]; the statement asks for vectors[0] and vectors[2].
    """

    id = "compares_each_vector_with_the_one_before"
    title = "Names vectors[i - 1] instead of vectors[0] when a vector's length differs"
    hint = "Compare every vector's length with that of vectors[0], and name vectors[0] and vectors[i] in the message."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        vectors = list(embed(sentences))
        if len(vectors) != len(sentences):
            raise ValueError(f"embed returned {len(vectors)} vectors for {len(sentences)} sentences")
        for index in range(1, len(vectors)):
            if len(vectors[index]) != len(vectors[index - 1]):
                raise ValueError(
                    f"embed returned vectors of different lengths: vectors[{index - 1}] has "
                    f"{len(vectors[index - 1])} numbers, vectors[{index}] has {len(vectors[index])}"
                )
        return _solve(sentences, vectors, threshold, max_tokens)


class EmbedsTheOpenChunk(Mistake):
    """Embeds the open chunk's text with the next sentence, embed([chunk_text, sentence]), and compares the
    two, instead of embedding the sentences once and comparing neighbours.

    It calls embed once per sentence after the first, and the chunk's vector drifts from its last sentence:
    semantic_chunks(TOPICS, toy_embed, 0.2, 20) calls toy_embed 5 times, never with the list of all the sentences.
    """

    id = "embeds_the_open_chunk"
    title = "Embeds the open chunk's text and compares it with the next sentence"
    hint = (
        "Embed the sentences, all of them in one call, and compare each with its neighbour: similarity(i) is "
        "between sentences i and i + 1."
    )

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        chunks, current, total = [], [], 0
        for index, sentence in enumerate(sentences):
            size = len(sentence.split())
            topic_changes = False
            if current:
                chunk_vector, vector = _embed(embed, [" ".join(sentences[i] for i in current), sentence])
                topic_changes = _cosine(chunk_vector, vector) < threshold
            if current and (topic_changes or total + size > max_tokens):
                chunks.append(current)
                current, total = [], 0
            current.append(index)
            total += size
        if current:
            chunks.append(current)
        return chunks


class ComparesLengthsWithIs(Mistake):
    """Compares the vectors' lengths with `is not` instead of `!=`: two equal ints above 256 are distinct
    objects in CPython, so every vector of a real model (384 numbers) seems to differ from vectors[0].

    semantic_chunks(["a", "b", "c"], lambda batch: [[1.0] * 384, [1.0] * 384, [1.0] * 192 + [-1.0] * 192],
    0.5, 10) raises ValueError ("vectors[0] has 384 numbers, vectors[0] has 384") instead of returning
    [[0, 1], [2]]; the toy embedder's 256 numbers hide it.
    """

    id = "compares_lengths_with_is"
    title = "Compares the vectors' lengths with `is not` instead of `!=`"
    hint = "`is` compares objects, not values: compare lengths with == and !=, as every number."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        vectors = list(embed(sentences))
        if len(vectors) != len(sentences):
            raise ValueError(f"embed returned {len(vectors)} vectors for {len(sentences)} sentences")
        width = len(vectors[0])
        for index, vector in enumerate(vectors):
            if len(vector) is not width:
                raise ValueError(
                    f"embed returned vectors of different lengths: vectors[0] has {width} "
                    f"numbers, vectors[{index}] has {len(vector)}"
                )
        return _solve(sentences, vectors, threshold, max_tokens)


class DropsAnOversizedSentence(Mistake):
    """Leaves out every sentence larger than max_tokens, as if it could not be a chunk.

    The statement keeps it as a chunk of its own: semantic_chunks(["w", "w w w w w w", "w"], toy_embed, 0.5, 3)
    returns [[0, 2]] instead of [[0], [1], [2]], and the index 1 is lost.
    """

    id = "drops_an_oversized_sentence"
    title = "Drops a sentence larger than the budget"
    hint = "Every index appears exactly once: a sentence larger than max_tokens is a chunk of its own, whole."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        similarities = _similarities(_embed(embed, sentences))
        chunks, current, total = [], [], 0
        for index, sentence in enumerate(sentences):
            size = len(sentence.split())
            if size > max_tokens:
                continue
            topic_changes = index > 0 and similarities[index - 1] < threshold
            if current and (topic_changes or total + size > max_tokens):
                chunks.append(current)
                current, total = [], 0
            current.append(index)
            total += size
        if current:
            chunks.append(current)
        return chunks


class CapsAnOversizedSentence(Mistake):
    """Counts a sentence larger than max_tokens as max_tokens words, min(size, max_tokens), so a sentence
    of 0 words after it joins its chunk.

    semantic_chunks(["w w w w w w", "", "w"], lambda batch: [[1.0]] * 3, 0.5, 3) returns [[0, 1], [2]]
    instead of [[0], [1, 2]]: the first chunk holds 6 words, and 6 + 0 is above 3.
    """

    id = "caps_an_oversized_sentence"
    title = "Counts a sentence larger than the budget as max_tokens words"
    hint = "A sentence's size is its number of words, whatever the budget: 6 + 0 is above 3, so the chunk closes."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        cuts = {i + 1 for i, value in enumerate(_similarities(_embed(embed, sentences))) if value < threshold}
        return _pack([min(len(sentence.split()), max_tokens) for sentence in sentences], cuts, max_tokens)


class ChecksOnlyForMissingVectors(Mistake):
    """Checks that embed returned at least one vector per sentence, len(vectors) < len(sentences), but lets
    extra vectors pass.

    semantic_chunks(["a", "b", "c"], lambda batch: [[1.0]] * 4, 0.5, 10) returns [[0, 1, 2]] instead of
    raising ValueError: 4 vectors for 3 sentences mean that embed and the sentences disagree.
    """

    id = "checks_only_for_missing_vectors"
    title = "Rejects too few vectors from embed, but not too many"
    hint = "embed must return exactly one vector per sentence: check len(vectors) != len(sentences)."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        vectors = list(embed(sentences))
        if len(vectors) < len(sentences):
            raise ValueError(f"embed returned {len(vectors)} vectors for {len(sentences)} sentences")
        width = len(vectors[0])
        for index, vector in enumerate(vectors):
            if len(vector) != width:
                raise ValueError(
                    f"embed returned vectors of different lengths: vectors[0] has {width} "
                    f"numbers, vectors[{index}] has {len(vector)}"
                )
        return _solve(sentences, vectors, threshold, max_tokens)


class TestsTheVectorsForTruth(Mistake):
    """Checks for an empty answer with `if not vectors:`, which a 2-D NumPy array (a real model's encode)
    refuses with ValueError: "The truth value of an array with more than one element is ambiguous".

    Lists pass; model.encode's array does not: semantic_chunks(["a", "b", "c", "d"], model.encode, 0.5, 10)
    raises that ValueError instead of returning the chunks.
    """

    id = "tests_the_vectors_for_truth"
    title = "Tests embed's answer with `if not vectors:`, which a NumPy array refuses"
    hint = "Use only len, indexing and iteration on what embed returns: len(vectors) == 0, not `not vectors`."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        vectors = embed(sentences)
        if not vectors or len(vectors) != len(sentences):
            raise ValueError(f"embed returned {len(vectors)} vectors for {len(sentences)} sentences")
        vectors = list(vectors)
        _check_vectors(vectors, len(sentences))
        return _solve(sentences, vectors, threshold, max_tokens)


class NamesTheSentenceOtherwise(Mistake):
    """Rejects a sentence that is not a str, but names it in its own words ("the sentence at position 2"),
    not as sentences[2], as the statement's table asks.

    semantic_chunks(["a", "b", None], toy_embed, 0.5, 10) raises TypeError("the sentence at position 2 must
    be a str, got None"): the right exception, without sentences[2].
    """

    id = "names_the_sentence_otherwise"
    title = "Names a bad sentence otherwise than sentences[i]"
    hint = "Name the bad sentence as the statement's table does: sentences[i], with its index i."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _check_threshold(threshold)
        _check_max_tokens(max_tokens)
        _check_embed(embed)
        sentences = list(sentences)
        for index, sentence in enumerate(sentences):
            if not isinstance(sentence, str):
                raise TypeError(f"the sentence at position {index} must be a str, got {sentence!r}")
        if not sentences:
            return []
        return _solve(sentences, _embed(embed, sentences), threshold, max_tokens)


class NamesTheVectorsOtherwise(Mistake):
    """Rejects vectors of different lengths, but names them in its own words ("vector 2 has 3 numbers,
    expected 2"), not as vectors[0] and vectors[2], as the statement's table asks.

    semantic_chunks(["a", "b", "c"], lambda batch: [[1.0, 0.0], [1.0, 0.0], [1.0, 0.0, 0.0]], 0.5, 10) raises
    ValueError("embed returned vector 2 with 3 numbers, expected 2"): the right exception, without the names.
    """

    id = "names_the_vectors_otherwise"
    title = "Names vectors of different lengths otherwise than vectors[0] and vectors[i]"
    hint = "Name both vectors as the statement's table does: vectors[0] and vectors[i], with both lengths."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        vectors = list(embed(sentences))
        if len(vectors) != len(sentences):
            raise ValueError(f"embed returned {len(vectors)} vectors for {len(sentences)} sentences")
        for index, vector in enumerate(vectors):
            if len(vector) != len(vectors[0]):
                raise ValueError(
                    f"embed returned vector {index} with {len(vector)} numbers, expected {len(vectors[0])}"
                )
        return _solve(sentences, vectors, threshold, max_tokens)


class CountsAnEmptySentenceAsOneWord(Mistake):
    """Counts words with re.split(r"\\s+", sentence.strip()), which gives [''] for a sentence with no word:
    "" and "   " count as 1 word each instead of 0.

    semantic_chunks(["w w", "", "   ", "w w"], lambda batch: [[1.0]] * 4, 0.5, 4) returns [[0, 1, 2], [3]]
    (2 + 1 + 1 = 4, then 6) instead of [[0, 1, 2, 3]] (2 + 0 + 0 + 2 = 4).
    """

    id = "counts_an_empty_sentence_as_one_word"
    title = "Counts a sentence with no word as 1 word"
    hint = "len(sentence.split()) is 0 for '' and for '   ': split() with no argument drops empty strings."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        cuts = {i + 1 for i, value in enumerate(_similarities(_embed(embed, sentences))) if value < threshold}
        return _pack([len(re.split(r"\s+", sentence.strip())) for sentence in sentences], cuts, max_tokens)


class AcceptsAnyIterable(Mistake):
    """Takes list(sentences) of whatever it is given, so a set or a generator is accepted as sentences.

    semantic_chunks({"a", "b", "c"}, ...) chunks the set in whatever order it iterates, and a generator is read
    into a list; None and 3 raise list()'s own TypeError, which does not name sentences.
    """

    id = "accepts_any_iterable"
    title = "Accepts a set or a generator as sentences, and lets list() raise for None"
    hint = (
        "sentences must be a sequence (a list, a tuple): check isinstance(sentences, collections.abc.Sequence) "
        "and raise a TypeError naming sentences and its type."
    )

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _check_threshold(threshold)
        _check_max_tokens(max_tokens)
        _check_embed(embed)
        sentences = list(sentences)
        _check_sentences(sentences)
        if not sentences:
            return []
        return _solve(sentences, _embed(embed, sentences), threshold, max_tokens)


class TakesAStrForSentences(Mistake):
    """Checks that sentences is a Sequence, which a plain str is, so a text is cut into one sentence per character.

    semantic_chunks("Cats purr.", toy_embed, 0.2, 20) embeds 'C', 'a', 't', ... as ten sentences instead of
    raising TypeError: a str is one text, not a list of sentences.
    """

    id = "takes_a_str_for_sentences"
    title = "Takes a plain str as the sentences, one sentence per character"
    hint = "A str is a sequence of str, but one text, not a list of sentences: reject it with a TypeError."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        def sequence(sentences):
            if not isinstance(sentences, Sequence):
                raise TypeError(f"sentences must be a sequence of str, got {type(sentences).__name__}")

        _check_threshold(threshold)
        _check_max_tokens(max_tokens)
        _check_embed(embed)
        _check_sentences(sentences, sequence)
        sentences = list(sentences)
        if not sentences:
            return []
        return _solve(sentences, _embed(embed, sentences), threshold, max_tokens)


class PassesTheCallersListToEmbed(Mistake):
    """Gives embed the caller's own list when sentences is a list (a copy only of other sequences).

    An embed that tidies its batch in place, batch[:] = [s.strip() for s in batch], then changes the caller's
    sentences: after semantic_chunks(sentences, tidying_embed, -1, 10), sentences is stripped.
    """

    id = "passes_the_callers_list_to_embed"
    title = "Gives embed the caller's own list, which an embed that changes its batch then changes"
    hint = "Give embed a new list, list(sentences), even when sentences already is a list."

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _validate(sentences, embed, threshold, max_tokens)
        if not sentences:
            return []
        sizes = [len(sentence.split()) for sentence in sentences]
        batch = sentences if type(sentences) is list else list(sentences)
        vectors = list(embed(batch))
        _check_vectors(vectors, len(sizes))
        cuts = {i + 1 for i, value in enumerate(_similarities(vectors)) if value < threshold}
        return _pack(sizes, cuts, max_tokens)


class RejectsAnIntSubclass(Mistake):
    """Checks `type(max_tokens) is not int`, which refuses bool but also every other subclass of int.

    With class Budget(IntEnum): TWENTY = 20, semantic_chunks(TOPICS, toy_embed, 0.2, Budget.TWENTY) raises
    TypeError, where an IntEnum member is an int and counts as its value.
    """

    id = "rejects_an_int_subclass"
    title = "Refuses an IntEnum member (or any subclass of int) as max_tokens"
    hint = (
        "Only bool is refused among the subclasses of int: test isinstance(max_tokens, int) and reject bool "
        "alone, rather than type(max_tokens) is int."
    )

    @staticmethod
    def semantic_chunks(sentences, embed, threshold, max_tokens):
        _check_threshold(threshold)
        if type(max_tokens) is not int:
            raise TypeError(f"max_tokens must be an int, got {max_tokens!r}")
        _validate(sentences, embed, threshold, max_tokens)
        sentences = list(sentences)
        if not sentences:
            return []
        return _solve(sentences, _embed(embed, sentences), threshold, max_tokens)
