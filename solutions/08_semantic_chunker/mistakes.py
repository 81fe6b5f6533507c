"""Kata 08: common mistakes, each a complete semantic_chunks() with one bug.

Run one against the tests with: pytest tests/08_semantic_chunker --impl=mistake:08:<id>
"""

import math

from kata.runner.mistakes import Mistake


def _validate(sentences, embed, threshold, max_tokens):
    if not isinstance(threshold, (int, float)) or isinstance(threshold, bool):
        raise TypeError(f"threshold must be an int or a float, got {threshold!r}")
    if not -1 <= threshold <= 1:
        raise ValueError(f"threshold must be between -1 and 1, got {threshold}")
    if not isinstance(max_tokens, int) or isinstance(max_tokens, bool):
        raise TypeError(f"max_tokens must be an int, got {max_tokens!r}")
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
    if not callable(embed):
        raise TypeError(f"embed must be callable, got {embed!r}")
    for index, sentence in enumerate(sentences):
        if not isinstance(sentence, str):
            raise TypeError(f"sentences[{index}] must be a str, got {sentence!r}")


def _check_vectors(vectors, count):
    if len(vectors) != count:
        raise ValueError(f"embed returned {len(vectors)} vectors for {count} sentences")
    for index, vector in enumerate(vectors):
        if len(vector) != len(vectors[0]):
            raise ValueError(f"embed returned vectors of different lengths: vectors[0] has {len(vectors[0])} "
                             f"numbers, vectors[{index}] has {len(vector)}")


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
        return _solve(sentences, vectors, threshold, max_tokens,
                      similarity=lambda a, b: sum(x * y for x, y in zip(a, b)))


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
        if not callable(embed):
            raise TypeError(f"embed must be callable, got {embed!r}")
        for index, sentence in enumerate(sentences):
            if not isinstance(sentence, str):
                raise TypeError(f"sentences[{index}] must be a str, got {sentence!r}")
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
    hint = ("An epsilon moves every similarity, and one equal to the threshold falls below it: "
            "give a zero vector the similarity 0.0 and divide the others exactly.")

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
