"""Kata 04, reference solution: streaming sentence packer (a generator)."""

from collections.abc import Iterable, Iterator


def iter_pack(sizes: Iterable[int], max_tokens: int) -> Iterator[list[int]]:
    """Yield the chunks of greedy packing one by one, reading the sizes as a stream.

    `sizes` is any iterable of token counts, possibly endless. The chunks are lists of
    sentence indices (counted from 0 in arrival order), exactly those of kata 02's
    pack_sentences: a chunk closes when it is non-empty and the next size would push its
    total above max_tokens. A chunk is yielded as soon as the size that closes it has
    been read, and the last one when the input ends; nothing is read before the first
    next(), and never more than one size beyond the chunks yielded. Every chunk is a new
    list that the generator never touches again.

    Raised by the call itself, before any size is read: TypeError when max_tokens is not
    an int (bool included) or sizes is not iterable, ValueError when max_tokens < 1.
    Raised by the next() that reads a bad size, after every chunk closed before it:
    TypeError when it is not an int, ValueError when it is negative, naming sizes[i].

    Time O(1) per size; memory O(open chunk): earlier chunks and sizes are not kept.
    """
    # This function is not a generator (it has no yield), so its checks run at the call.
    # A generator function would run none of its body until the first next().
    _require_int("max_tokens", max_tokens)
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
    try:
        stream = iter(sizes)  # takes no size from it: only checks that it can be read
    except TypeError:
        raise TypeError(f"sizes must be an iterable of ints, got {sizes!r} of type {type(sizes).__name__}") from None
    return _chunks(stream, max_tokens)


def _chunks(stream: Iterator[int], max_tokens: int) -> Iterator[list[int]]:
    current: list[int] = []  # the open chunk: the only thing held between two sizes
    total = 0  # the sum of the open chunk's sizes
    for index, size in enumerate(stream):  # one size per step, never more
        if type(size) is not int:  # the fast path for plain ints skips the isinstance checks
            _require_int(f"sizes[{index}]", size)
        if size < 0:
            raise ValueError(f"sizes[{index}] must be at least 0, got {size}")
        # Checked before the size closes anything: a bad size ends the stream, and the
        # open chunk, whose end it would have decided, is never yielded.
        if current and total + size > max_tokens:
            yield current
            # A new list, not current.clear(): the consumer may still hold the one just
            # yielded, and must find it as it was.
            current, total = [], 0
        current.append(index)
        total += size
    if current:
        yield current  # the input has ended: the open chunk is the last one


def _require_int(name: str, value: object) -> None:
    # bool is a subclass of int, but iter_pack(sizes, True) is surely a mistake
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got {value!r} of type {type(value).__name__}")
