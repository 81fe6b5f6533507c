"""Kata 08: semantic chunking, cut where the topic changes. Read README.md beside this file, then write the function."""

from collections.abc import Callable, Sequence


def semantic_chunks(
    sentences: Sequence[str],
    embed: Callable[[list[str]], Sequence[Sequence[float]]],
    threshold: float,
    max_tokens: int,
) -> list[list[int]]:
    """Chunk sentences so that each chunk holds one topic and at most `max_tokens` words.

    - embed(list_of_str) returns one vector (a sequence of numbers) per sentence. Call it
      exactly once, with a new list (never the caller's) of all the sentences in order,
      exactly as given, however many there are; never for no sentences.
    - similarity(i) is the cosine similarity of the vectors of sentences i and i + 1,
      clamped to [-1, 1]; it is 0.0 when either vector is all zeros (every number 0: a
      very short vector is not a zero vector: the cosine compares directions only).
    - A boundary falls between i and i + 1 exactly when similarity(i) < threshold.
    - Each segment between boundaries is packed with kata 02's greedy rule: a sentence's
      size is len(sentence.split()); the open chunk closes when it is non-empty and its
      total plus the next sentence's size is above max_tokens (an exact fit stays).
    - Return the chunks as lists of sentence indices, in order, every index exactly once.
      No sentences give [] (and no call to embed). The input is never modified.
    - Raises TypeError when threshold is not an int or a float, max_tokens is not an int
      (bool is not accepted for either; an IntEnum member is an int), embed is not callable,
      sentences is not a sequence (a set, a generator, None) or is a plain str, or
      sentences[i] is not a str.
    - Raises ValueError when threshold is outside [-1, 1] (or NaN), max_tokens < 1, or embed
      returns the wrong number of vectors or vectors of different lengths.
    - The arguments are checked before embed is called, even for no sentences. Each message
      names the parameter and the bad value.
    - One call to embed, then time proportional to the number of sentences times the
      vectors' length.

    >>> from kata.katas.toy_embedder import toy_embed
    >>> semantic_chunks(["Cats purr.", "Cats sleep.", "Markets fell."], toy_embed, 0.2, 20)
    [[0, 1], [2]]
    """
    raise NotImplementedError
