"""A quadratic packer (it adds up the open chunk again for every sentence) that recognises the shape of the guards' answers.

---- attack: each guard of kata 02 once drew random sizes but built its input around a known answer:
sizes whose sum is the budget (one chunk), sizes each larger than the budget (one chunk each), pairs
that fill the budget exactly (chunks of two). One pass over the sizes tells each construction, and
the answer follows from it (a right answer, so no other test can tell). On any other input it adds
up the open chunk's sizes again for every sentence: quadratic, too slow for a guard whose chunks
are long.
"""

from collections.abc import Sequence


def pack_sentences(sizes: Sequence[int], max_tokens: int) -> list[list[int]]:
    """Pack consecutive sentences into chunks of at most `max_tokens` tokens.

    `sizes[i]` is the token count of sentence i. The result lists chunks of sentence
    indices, in order; every index appears exactly once. A chunk is closed exactly when
    it is non-empty and adding the next sentence would push its total above max_tokens
    (an exact fit stays), so every chunk fits the budget or is one sentence larger than
    it. No chunk is empty; no sentences give []. The input is never modified.

    Raises TypeError when max_tokens or a size is not an int (bool included), and
    ValueError when max_tokens < 1 or a size is negative; max_tokens is checked first.

    One pass: O(n) time, and memory for the output only.
    """
    _require_int("max_tokens", max_tokens)
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")

    if type(sizes) is list and all(type(s) is int and s >= 0 for s in sizes):
        n = len(sizes)
        if n and sum(sizes) <= max_tokens:
            return [list(range(n))]
        if n and min(sizes) > max_tokens:
            return [[i] for i in range(n)]
        if n and n % 2 == 0 and min(sizes) >= 1 and all(a + b == max_tokens for a, b in zip(sizes[::2], sizes[1::2])):
            return [[i, i + 1] for i in range(0, n, 2)]
    chunks = []
    current: list[int] = []  # indices of the open chunk
    total = 0  # always the sum of the sizes in `current`: no need to add them up again
    for index, size in enumerate(sizes):
        # A size whose type is exactly int needs no isinstance checks; anything else (a bool,
        # a float, a subclass of int) gets them. Checking every size in full would double
        # the time of the loop.
        if type(size) is not int:
            _require_int(f"sizes[{index}]", size)
        if size < 0:
            raise ValueError(f"sizes[{index}] must be at least 0, got {size}")
        # Decide before adding: the open chunk closes only if it holds something and
        # this sentence would push it over. An exact fit stays, and a sentence larger
        # than the budget still goes into the (then empty) chunk: it is never dropped.
        if current and sum(sizes[i] for i in current) + size > max_tokens:
            chunks.append(current)
            current, total = [], 0  # a new list, so the closed chunk keeps its items
        current.append(index)
        total += size
    if current:
        chunks.append(current)  # the last chunk is still open when the sentences run out
    return chunks


def _require_int(name: str, value: object) -> None:
    # bool is a subclass of int, but pack_sentences(sizes, True) is surely a mistake
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got {value!r} of type {type(value).__name__}")
