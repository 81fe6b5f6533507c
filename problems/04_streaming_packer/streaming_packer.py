"""Kata 04: streaming sentence packer (a generator). Read README.md beside this file, then write the function."""

from collections.abc import Iterable, Iterator


def iter_pack(sizes: Iterable[int], max_tokens: int) -> Iterator[list[int]]:
    """Yield the chunks of greedy packing one at a time, reading `sizes` as a stream.

    - sizes is any iterable of token counts, possibly endless; sentences are numbered from
      0 in arrival order. Return an iterator of chunks (a generator, or an object whose
      __iter__ returns itself), each a list of sentence indices: exactly kata 02's chunks.
      The open chunk closes when it is non-empty and the next size would push its total
      above max_tokens (an exact fit stays); a sentence larger than max_tokens is a chunk
      of its own; no chunk is empty.
    - The call reads no size. Each chunk is yielded as soon as the size that closes it has
      been read (exactly e + 2 sizes read for a chunk ending with sentence e), and the
      last chunk once the input has ended. Never read further ahead, nor yield sooner (a
      sentence larger than max_tokens, too, waits for the size after it).
    - Keep only the open chunk: no copy of the input, no chunk already yielded.
    - Every yielded chunk is a new list that the generator never touches again.
    - Raised by the call itself, before any size is read, max_tokens checked first:
      TypeError when max_tokens is not an int (bool is not accepted; an IntEnum member is
      an int), ValueError when max_tokens < 1; then TypeError when sizes is not iterable.
    - Raised by the next() that reads a bad size, after every chunk closed before it has
      been yielded (the open chunk never is): TypeError for a size that is not an int,
      ValueError for a negative one. Each message names the parameter (for a size,
      sizes[i] with its index) and the bad value; for a sizes that is not iterable, its type too.

    >>> list(iter_pack([3, 4, 2, 5, 1], 7))
    [[0, 1], [2, 3], [4]]
    """
    raise NotImplementedError
