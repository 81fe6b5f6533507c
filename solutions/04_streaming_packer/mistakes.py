"""Kata 04: common mistakes, each a complete iter_pack() with one bug.

Run one against the tests with: pytest tests/04_streaming_packer --impl=mistake:04:<id>
"""

import itertools

from kata.runner.mistakes import Mistake

_END = object()  # marks the end of the input for ReadsTwoAhead and ChecksTheSizeReadAhead


def _require_int(name, value):
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got {value!r} of type {type(value).__name__}")


def _check_budget(max_tokens):
    _require_int("max_tokens", max_tokens)
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")


def _stream_of(sizes):
    try:
        return iter(sizes)
    except TypeError:
        raise TypeError(f"sizes must be an iterable of ints, got {sizes!r} of type {type(sizes).__name__}") from None


def _check_size(index, size):
    _require_int(f"sizes[{index}]", size)
    if size < 0:
        raise ValueError(f"sizes[{index}] must be at least 0, got {size}")


def _checked(sizes, max_tokens):
    """The reference's checks at the call, so that each mistake below differs from it in one way only."""
    _check_budget(max_tokens)
    return _stream_of(sizes)


def _greedy(stream, max_tokens):
    """The correct generator, with the reference's checks of each size as it is read."""
    current, total = [], 0
    for index, size in enumerate(stream):
        _check_size(index, size)
        if current and total + size > max_tokens:
            yield current
            current, total = [], 0
        current.append(index)
        total += size
    if current:
        yield current


class MaterialisesTheInput(Mistake):
    """Reads the whole input into a list before packing it: sizes = list(sizes).

    On an endless stream, such as itertools.count(1), list() never returns, so the first
    chunk never comes. On a finite one, the first chunk waits for the last size, and the
    memory holds every size: 8 MB of list for a million sizes.
    """

    id = "materialises_the_input"
    title = "Reads the whole input before yielding the first chunk"
    hint = "Do not call list() on sizes: take one size at a time from it with a for loop, and yield as you go."

    @staticmethod
    def iter_pack(sizes, max_tokens):
        return MaterialisesTheInput._pack(_checked(sizes, max_tokens), max_tokens)

    @staticmethod
    def _pack(stream, max_tokens):
        everything = list(stream)
        yield from _greedy(everything, max_tokens)


class ReturnsAList(Mistake):
    """Packs everything as kata 02 does and returns the list of chunks instead of yielding them.

    The chunks are right for a finite input, but the call only returns once the whole input
    has been read: on an endless stream, iter_pack(itertools.count(1), 10) never returns.
    """

    id = "returns_a_list"
    title = "Returns a list of all the chunks instead of a generator"
    hint = "Yield each chunk as soon as it closes, instead of appending it to a list that is returned at the end."

    @staticmethod
    def iter_pack(sizes, max_tokens):
        return list(_greedy(_checked(sizes, max_tokens), max_tokens))


class ClearsTheYieldedList(Mistake):
    """Yields the open chunk, then clears that same list to start the next chunk.

    A consumer that reads each chunk at once sees it right, but a consumer that keeps the
    chunks finds them changed: list(iter_pack([3, 4, 2, 5, 1], 7)) gives [[4], [4], [4]],
    since every chunk is the one list, holding whatever was added last.
    """

    id = "clears_the_yielded_list"
    title = "Clears and reuses the list it has just yielded"
    hint = "Start each new chunk as a new list (current = []); the consumer still holds the one you yielded."

    @staticmethod
    def iter_pack(sizes, max_tokens):
        return ClearsTheYieldedList._pack(_checked(sizes, max_tokens), max_tokens)

    @staticmethod
    def _pack(stream, max_tokens):
        current, total = [], 0
        for index, size in enumerate(stream):
            _check_size(index, size)
            if current and total + size > max_tokens:
                yield current
                current.clear()
                total = 0
            current.append(index)
            total += size
        if current:
            yield current


class ReadsTheYieldedChunk(Mistake):
    """Numbers the next chunk's first sentence from the chunk it has just yielded: chunk[-1] + 1.

    The generator reads the list after the consumer has had it, so a consumer that changes a chunk
    changes the numbering, or breaks it: after the consumer empties [0, 1], chunk[-1] raises
    IndexError; after it appends "x", "x" + 1 raises TypeError.
    """

    id = "reads_the_yielded_chunk"
    title = "Reads the chunk it has just yielded to number the next one"
    hint = (
        "Once a chunk is yielded it belongs to the consumer: count the sentences with a number of your own "
        "(enumerate), never from a list you have handed out."
    )

    @staticmethod
    def iter_pack(sizes, max_tokens):
        return ReadsTheYieldedChunk._pack(_checked(sizes, max_tokens), max_tokens)

    @staticmethod
    def _pack(stream, max_tokens):
        current, total, following = [], 0, 0
        for index, size in enumerate(stream):
            _check_size(index, size)
            if current and total + size > max_tokens:
                yield current
                following = current[-1] + 1
                current, total = [], 0
            current.append(following)
            following += 1
            total += size
        if current:
            yield current


class ValidatesLazily(Mistake):
    """Writes the whole function as one generator, checks included, so the checks run at the first next().

    iter_pack([3, 4], 0) returns a generator instead of raising; the ValueError only comes
    when a chunk is asked for, maybe far from the bad call.
    """

    id = "validates_lazily"
    title = "Checks max_tokens only at the first next(), not at the call"
    hint = (
        "A generator function runs none of its body until the first next(): check the arguments in a plain "
        "function, then return the generator."
    )

    @staticmethod
    def iter_pack(sizes, max_tokens):
        _check_budget(max_tokens)
        yield from _greedy(_stream_of(sizes), max_tokens)


class SizesCheckedLazily(Mistake):
    """Checks max_tokens at the call, but hands sizes to the generator without calling iter() on it.

    iter_pack(None, 7) returns a generator; the TypeError ('NoneType' object is not
    iterable, which does not even name sizes) only comes at the first next().
    """

    id = "sizes_checked_lazily"
    title = "Accepts a sizes that is not iterable until the first next()"
    hint = (
        "Everything that can be checked without reading a size is checked at the call, sizes too: "
        "call iter(sizes) there."
    )

    @staticmethod
    def iter_pack(sizes, max_tokens):
        _check_budget(max_tokens)
        return _greedy(sizes, max_tokens)


class ReadsTwoAhead(Mistake):
    """Reads the next size before handling the current one, to know whether the current one is the last.

    It holds one size too many: the chunk [0, 1] of iter([3, 4, 2, 5, 1]) with a budget of
    7 is only yielded once 5 has been read, although 2 already closed it. On a live stream,
    every chunk waits for one more sentence than it needs.
    """

    id = "reads_two_ahead"
    title = "Reads one size more than it needs before yielding a chunk"
    hint = "Yield a chunk as soon as the size that closes it has been read; do not read ahead to find the last size."

    @staticmethod
    def iter_pack(sizes, max_tokens):
        return ReadsTwoAhead._pack(_checked(sizes, max_tokens), max_tokens)

    @staticmethod
    def _pack(stream, max_tokens):
        current, total = [], 0
        ahead = next(stream, _END)
        index = 0
        while ahead is not _END:
            size, ahead = ahead, next(stream, _END)  # the size after this one, read before this one is used
            _check_size(index, size)
            if current and total + size > max_tokens:
                yield current
                current, total = [], 0
            current.append(index)
            total += size
            index += 1
        if current:
            yield current


class ChecksTheSizeReadAhead(Mistake):
    """Reads the next size before handling the current one, and checks each size as soon as it is read.

    Like reads_two_ahead, every chunk waits for one size more than it needs; and a bad size
    right after the size that closes a chunk raises before that chunk is yielded:
    next(iter_pack(iter([3, 4, 2, -1]), 7)) raises ValueError for sizes[3] instead of
    yielding [0, 1], which was closed by 2 before -1 was read.
    """

    id = "checks_the_size_read_ahead"
    title = "Reads and checks one size ahead, so a bad size hides the chunk closed before it"
    hint = (
        "Read a size only when you are ready to use it: yield a chunk as soon as the size that closes it "
        "has been read, before reading (and checking) the next one."
    )

    @staticmethod
    def iter_pack(sizes, max_tokens):
        return ChecksTheSizeReadAhead._pack(_checked(sizes, max_tokens), max_tokens)

    @staticmethod
    def _pack(stream, max_tokens):
        def read(index):
            size = next(stream, _END)
            if size is not _END:
                _check_size(index, size)  # checked as soon as it is read, before the size before it is used
            return size

        current, total = [], 0
        ahead = read(0)
        index = 0
        while ahead is not _END:
            size, ahead = ahead, read(index + 1)
            if current and total + size > max_tokens:
                yield current
                current, total = [], 0
            current.append(index)
            total += size
            index += 1
        if current:
            yield current


class ForgetsTheLastChunk(Mistake):
    """Yields a chunk only when a size closes it, and nothing when the input ends.

    The last sentences are lost: list(iter_pack([3, 4, 2, 5, 1], 7)) gives [[0, 1], [2, 3]],
    and iter_pack([1, 1, 1], 10) yields nothing at all. On an endless stream it looks right.
    """

    id = "forgets_the_last_chunk"
    title = "Loses the last chunk when the input ends"
    hint = "When the for loop ends, the open chunk still holds the last sentences: yield it too."

    @staticmethod
    def iter_pack(sizes, max_tokens):
        return ForgetsTheLastChunk._pack(_checked(sizes, max_tokens), max_tokens)

    @staticmethod
    def _pack(stream, max_tokens):
        current, total = [], 0
        for index, size in enumerate(stream):
            _check_size(index, size)
            if current and total + size > max_tokens:
                yield current
                current, total = [], 0
            current.append(index)
            total += size


class EmptyChunkBeforeOversized(Mistake):
    """Closes the open chunk whenever the next size does not fit, even when the chunk is empty.

    A first sentence larger than the budget does not fit an empty chunk either, so an empty
    chunk is yielded before it: list(iter_pack([9, 1, 1], 5)) gives [[], [0], [1, 2]].
    """

    id = "empty_chunk_before_oversized"
    title = "Yields an empty chunk before an oversized first sentence"
    hint = "Close the open chunk only when it holds at least one sentence."

    @staticmethod
    def iter_pack(sizes, max_tokens):
        return EmptyChunkBeforeOversized._pack(_checked(sizes, max_tokens), max_tokens)

    @staticmethod
    def _pack(stream, max_tokens):
        current, total = [], 0
        for index, size in enumerate(stream):
            _check_size(index, size)
            if total + size > max_tokens:
                yield current
                current, total = [], 0
            current.append(index)
            total += size
        if current:
            yield current


class YieldsAFullChunkEarly(Mistake):
    """Yields a chunk as soon as its total reaches max_tokens, without waiting for the next size.

    It looks like lower latency, but a sentence of 0 tokens still fits a full chunk:
    list(iter_pack([5, 0, 0, 1], 5)) gives [[0], [1, 2, 3]] instead of [[0, 1, 2], [3]].
    """

    id = "yields_a_full_chunk_early"
    title = "Yields a full chunk before reading the size that closes it"
    hint = (
        "A chunk closes only when the next size would push it above max_tokens; a size of 0 still joins a full chunk."
    )

    @staticmethod
    def iter_pack(sizes, max_tokens):
        return YieldsAFullChunkEarly._pack(_checked(sizes, max_tokens), max_tokens)

    @staticmethod
    def _pack(stream, max_tokens):
        current, total = [], 0
        for index, size in enumerate(stream):
            _check_size(index, size)
            if current and total + size > max_tokens:
                yield current
                current, total = [], 0
            current.append(index)
            total += size
            if total == max_tokens:
                yield current
                current, total = [], 0
        if current:
            yield current


class KeepsEveryChunk(Mistake):
    """Yields each chunk as it closes, but also keeps every chunk in a list, as kata 02's packer did.

    The chunks are right and come on time, but memory grows with the whole input: a
    million sizes in chunks of 8 keep 125,000 lists and a million indices alive, about 40 MB.
    """

    id = "keeps_every_chunk"
    title = "Keeps every chunk it has yielded (or every size it has read): memory grows with the input"
    hint = "Hold only the open chunk: once a chunk is yielded, drop every reference to it."

    @staticmethod
    def iter_pack(sizes, max_tokens):
        return KeepsEveryChunk._pack(_checked(sizes, max_tokens), max_tokens)

    @staticmethod
    def _pack(stream, max_tokens):
        chunks, total = [[]], 0
        for index, size in enumerate(stream):
            _check_size(index, size)
            if chunks[-1] and total + size > max_tokens:
                yield chunks[-1]
                chunks.append([])
                total = 0
            chunks[-1].append(index)
            total += size
        if chunks[-1]:
            yield chunks[-1]


class ChecksTheSizeAfterUsingIt(Mistake):
    """Decides whether the size closes the open chunk before checking that the size is valid.

    A bad size that looks large enough closes the chunk first: iter_pack([3, 4, 2.5], 7)
    yields [0, 1] and only then raises TypeError. A str size fails inside total + size with
    Python's own TypeError, which does not say which size was bad.
    """

    id = "checks_the_size_after_using_it"
    title = "Uses a size before checking it"
    hint = "Check each size as soon as it is read, before it takes part in any decision."

    @staticmethod
    def iter_pack(sizes, max_tokens):
        return ChecksTheSizeAfterUsingIt._pack(_checked(sizes, max_tokens), max_tokens)

    @staticmethod
    def _pack(stream, max_tokens):
        current, total = [], 0
        for index, size in enumerate(stream):
            if current and total + size > max_tokens:
                yield current
                current, total = [], 0
            _check_size(index, size)
            current.append(index)
            total += size
        if current:
            yield current


class MessageOmitsTheIndex(Mistake):
    """Reads the sizes with `for size in sizes`, so a bad size's message cannot say which one it was.

    The next() that reads -5 raises ValueError('sizes must be at least 0, got -5'): the
    right exception at the right time, but in an endless stream the caller cannot tell which
    sentence the tokenizer got wrong.
    """

    id = "message_omits_the_index"
    about_the_message = True
    title = "Error messages for a bad size do not give its index"
    hint = "Name the bad size as sizes[i], with its index i in arrival order, and its value."

    @staticmethod
    def iter_pack(sizes, max_tokens):
        return MessageOmitsTheIndex._pack(_checked(sizes, max_tokens), max_tokens)

    @staticmethod
    def _pack(stream, max_tokens):
        current, total, index = [], 0, 0
        for size in stream:
            if not isinstance(size, int) or isinstance(size, bool):
                raise TypeError(f"sizes must be ints, got {size!r}")
            if size < 0:
                raise ValueError(f"sizes must be at least 0, got {size}")
            if current and total + size > max_tokens:
                yield current
                current, total = [], 0
            current.append(index)
            total += size
            index += 1  # noqa: SIM113 -- counted by hand, as the learner wrote it
        if current:
            yield current


class AcceptsBool(Mistake):
    """Checks isinstance(value, int), which True and False pass, since bool is a subclass of int.

    iter_pack([3, 4], True) returns a generator that packs with a budget of 1, and
    iter_pack([3, 4, True], 7) yields [[0, 1], [2]] instead of raising TypeError.
    """

    id = "accepts_bool"
    title = "Accepts True and False as numbers"
    hint = "bool is a subclass of int: reject it explicitly, for max_tokens and for every size."

    @staticmethod
    def iter_pack(sizes, max_tokens):
        if not isinstance(max_tokens, int):
            raise TypeError(f"max_tokens must be an int, got {max_tokens!r}")
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        return AcceptsBool._pack(_stream_of(sizes), max_tokens)

    @staticmethod
    def _pack(stream, max_tokens):
        current, total = [], 0
        for index, size in enumerate(stream):
            if not isinstance(size, int):
                raise TypeError(f"sizes[{index}] must be an int, got {size!r}")
            if size < 0:
                raise ValueError(f"sizes[{index}] must be at least 0, got {size}")
            if current and total + size > max_tokens:
                yield current
                current, total = [], 0
            current.append(index)
            total += size
        if current:
            yield current


class ResumsTheOpenChunk(Mistake):
    """Keeps the open chunk's sizes and adds them up again before every size instead of keeping a running total.

    The chunks are right and come on time, but each size costs time proportional to the open
    chunk: 200,000 sizes in chunks of tens of thousands make billions of additions.
    """

    id = "resums_the_open_chunk"
    title = "Adds up the open chunk again for every size (quadratic)"
    hint = "Keep a running total of the open chunk instead of summing its sizes for every new size."

    @staticmethod
    def iter_pack(sizes, max_tokens):
        return ResumsTheOpenChunk._pack(_checked(sizes, max_tokens), max_tokens)

    @staticmethod
    def _pack(stream, max_tokens):
        current, current_sizes = [], []
        for index, size in enumerate(stream):
            _check_size(index, size)
            if current and sum(current_sizes) + size > max_tokens:
                yield current
                current, current_sizes = [], []
            current.append(index)
            current_sizes.append(size)
        if current:
            yield current


class AcceptsABoolSize(Mistake):
    """Checks each size with isinstance(size, int), which True and False pass; the budget is checked right.

    iter_pack([3, 4, True], 7) yields [[0, 1], [2]] instead of raising TypeError for sizes[2].
    """

    id = "accepts_a_bool_size"
    title = "Accepts True and False as sizes"
    hint = "bool is a subclass of int: reject it explicitly for every size, as for max_tokens."

    @staticmethod
    def iter_pack(sizes, max_tokens):
        return AcceptsABoolSize._pack(_checked(sizes, max_tokens), max_tokens)

    @staticmethod
    def _pack(stream, max_tokens):
        current, total = [], 0
        for index, size in enumerate(stream):
            _check_size(index, int(size) if isinstance(size, bool) else size)
            if current and total + size > max_tokens:
                yield current
                current, total = [], 0
            current.append(index)
            total += size
        if current:
            yield current


class ClosesOnExactFit(Mistake):
    """Closes the open chunk when the next size would fill it exactly (>=), not only when it would overflow (>).

    A chunk that fits the budget exactly is split: with itertools.count(1) and max_tokens=10 the
    first chunk is [0, 1, 2] (1 + 2 + 3 = 6, and 6 + 4 = 10 closes it) instead of [0, 1, 2, 3].
    """

    id = "closes_on_exact_fit"
    title = "Closes a chunk when the next size would fill it exactly (>= instead of >)"
    hint = "A chunk whose total equals max_tokens fits: close it only when the next size would take it above."

    @staticmethod
    def iter_pack(sizes, max_tokens):
        return ClosesOnExactFit._pack(_checked(sizes, max_tokens), max_tokens)

    @staticmethod
    def _pack(stream, max_tokens):
        current, total = [], 0
        for index, size in enumerate(stream):
            _check_size(index, size)
            if current and total + size >= max_tokens:
                yield current
                current, total = [], 0
            current.append(index)
            total += size
        if current:
            yield current


class ClosesOnlyAfterSomeTokens(Mistake):
    """Tests whether the open chunk is empty by its total (`total > 0`) instead of by its sentences.

    A chunk of zero-size sentences then looks empty, is never closed, and takes the sentence
    after it whatever its size: list(iter_pack([0, 9], 5)) gives [[0, 1]], a chunk of 9 tokens
    under a budget of 5, instead of [[0], [1]].
    """

    id = "closes_only_after_some_tokens"
    title = "Treats a chunk of zero-size sentences as empty, so an oversized sentence joins it"
    hint = (
        "A chunk that holds a sentence is not empty, even at 0 tokens: test the chunk's sentences "
        "(`if current and ...`), not its total."
    )

    @staticmethod
    def iter_pack(sizes, max_tokens):
        return ClosesOnlyAfterSomeTokens._pack(_checked(sizes, max_tokens), max_tokens)

    @staticmethod
    def _pack(stream, max_tokens):
        current, total = [], 0
        for index, size in enumerate(stream):
            _check_size(index, size)
            if total > 0 and total + size > max_tokens:
                yield current
                current, total = [], 0
            current.append(index)
            total += size
        if current:
            yield current


class DropsALastChunkOfZeroTokens(Mistake):
    """Yields the last chunk only if its total is above zero (`if total:`), not whenever it holds a sentence.

    A last chunk of zero-size sentences is lost: list(iter_pack([0], 5)) gives [] instead of
    [[0]], and list(iter_pack([9, 0], 5)) gives [[0]] instead of [[0], [1]].
    """

    id = "drops_a_last_chunk_of_zero_tokens"
    title = "Loses the last chunk when its sentences hold 0 tokens"
    hint = (
        "When the input ends, yield the open chunk if it holds a sentence (`if current:`), "
        "whatever its total: a sentence of 0 tokens is still a sentence."
    )

    @staticmethod
    def iter_pack(sizes, max_tokens):
        return DropsALastChunkOfZeroTokens._pack(_checked(sizes, max_tokens), max_tokens)

    @staticmethod
    def _pack(stream, max_tokens):
        current, total = [], 0
        for index, size in enumerate(stream):
            _check_size(index, size)
            if current and total + size > max_tokens:
                yield current
                current, total = [], 0
            current.append(index)
            total += size
        if total:
            yield current


class TreatsAZeroTotalAsEmpty(Mistake):
    """Uses the total for "the chunk holds something" everywhere: `total > 0` to close, `if total:` at the end.

    Zero-size sentences at the start join the next sentence whatever its size, and a last
    chunk of them is lost: list(iter_pack([0, 9, 0], 5)) gives [[0, 1]] instead of
    [[0], [1], [2]], and list(iter_pack([0, 0], 5)) gives [].
    """

    id = "treats_a_zero_total_as_empty"
    title = "Takes a chunk of 0 tokens for an empty one, when closing it and at the end"
    hint = (
        "Whether the open chunk holds a sentence is a question about its sentences, not its total: "
        "a chunk of zero-size sentences is not empty."
    )

    @staticmethod
    def iter_pack(sizes, max_tokens):
        return TreatsAZeroTotalAsEmpty._pack(_checked(sizes, max_tokens), max_tokens)

    @staticmethod
    def _pack(stream, max_tokens):
        current, total = [], 0
        for index, size in enumerate(stream):
            _check_size(index, size)
            if total > 0 and total + size > max_tokens:
                yield current
                current, total = [], 0
            current.append(index)
            total += size
        if total:
            yield current


class ZeroSizeJoinsAnOversizedSentence(Mistake):
    """Lets a sentence of 0 tokens join whatever chunk is open, as if adding 0 could never push a total over.

    A chunk holding a sentence larger than the budget is already above it, and 9 + 0 = 9 is
    still above a budget of 5, so the rule closes it: list(iter_pack([9, 0], 5)) is
    [[0], [1]], but this gives [[0, 1]].
    """

    id = "zero_size_joins_an_oversized_sentence"
    title = "Lets a zero-size sentence join a chunk already above the budget"
    hint = (
        "The rule compares the open chunk's total plus the next size with max_tokens: a chunk already above "
        "it (one oversized sentence) stays above it with 0 added, so even a 0-token sentence closes it."
    )

    @staticmethod
    def iter_pack(sizes, max_tokens):
        return ZeroSizeJoinsAnOversizedSentence._pack(_checked(sizes, max_tokens), max_tokens)

    @staticmethod
    def _pack(stream, max_tokens):
        current, total = [], 0
        for index, size in enumerate(stream):
            _check_size(index, size)
            if current and size > 0 and total + size > max_tokens:
                yield current
                current, total = [], 0
            current.append(index)
            total += size
        if current:
            yield current


class RejectsZeroSizes(Mistake):
    """Requires every size to be at least 1, as if a sentence could not have 0 tokens.

    The contract allows sizes of 0 (a sentence the tokenizer makes nothing of):
    iter_pack([5, 0, 0, 1], 5) raises ValueError for sizes[1] at the first next() instead of
    yielding [0, 1, 2].
    """

    id = "rejects_zero_sizes"
    title = "Rejects sizes of 0"
    hint = "A size of 0 is allowed: only sizes below 0 are refused."

    @staticmethod
    def iter_pack(sizes, max_tokens):
        return RejectsZeroSizes._pack(_checked(sizes, max_tokens), max_tokens)

    @staticmethod
    def _pack(stream, max_tokens):
        current, total = [], 0
        for index, size in enumerate(stream):
            _require_int(f"sizes[{index}]", size)
            if size < 1:
                raise ValueError(f"sizes[{index}] must be at least 1, got {size}")
            if current and total + size > max_tokens:
                yield current
                current, total = [], 0
            current.append(index)
            total += size
        if current:
            yield current


class ChecksTheSizesBeforeTheBudget(Mistake):
    """Calls iter(sizes) before checking max_tokens, so a sizes that is not iterable hides a bad budget.

    iter_pack(None, 0) raises TypeError for sizes; the contract checks max_tokens first, so
    it is ValueError for max_tokens.
    """

    id = "checks_the_sizes_before_the_budget"
    title = "Checks that sizes is iterable before checking max_tokens"
    hint = (
        "Check max_tokens first, then whether sizes can be iterated: the order of the checks is part of the contract."
    )

    @staticmethod
    def iter_pack(sizes, max_tokens):
        stream = _stream_of(sizes)
        _check_budget(max_tokens)
        return _greedy(stream, max_tokens)


class LetsIterRaise(Mistake):
    """Calls iter(sizes) at the call, as it should, but lets Python's own TypeError through.

    iter_pack(None, 7) raises at the call, on time, but with TypeError("'NoneType' object is
    not iterable"), which does not name sizes.
    """

    id = "lets_iter_raise"
    about_the_message = True
    title = "A sizes that is not iterable raises Python's own message, which does not name sizes"
    hint = "Catch the TypeError of iter(sizes) and raise one that names sizes and its value."

    @staticmethod
    def iter_pack(sizes, max_tokens):
        _check_budget(max_tokens)
        return _greedy(iter(sizes), max_tokens)


class ChecksTheValueBeforeTheType(Mistake):
    """Checks each size for `size < 0` before checking that it is an int.

    Python itself then raises for a size that cannot be compared with 0, with a message that
    does not name the size: next(iter_pack([1, 2, 3, "2"], 10)) raises
    TypeError("'<' not supported between instances of 'str' and 'int'") instead of naming sizes[3].
    """

    id = "checks_the_value_before_the_type"
    title = "Compares each size with 0 before checking that it is an int"
    hint = "Check each size's type first, then its value: a str or None cannot be compared with 0."

    @staticmethod
    def iter_pack(sizes, max_tokens):
        return ChecksTheValueBeforeTheType._pack(_checked(sizes, max_tokens), max_tokens)

    @staticmethod
    def _pack(stream, max_tokens):
        current, total = [], 0
        for index, size in enumerate(stream):
            if size < 0:
                raise ValueError(f"sizes[{index}] must be at least 0, got {size}")
            _require_int(f"sizes[{index}]", size)
            if current and total + size > max_tokens:
                yield current
                current, total = [], 0
            current.append(index)
            total += size
        if current:
            yield current


class PeeksAtTheFirstSize(Mistake):
    """Reads the first size at the call, to answer an empty input at once, and puts it back with itertools.chain.

    The chunks are right, but the call itself reads a size: with a live stream it waits for
    the first sentence before it even returns, and iter_pack(iter([3, 4, 2]), 7) has read 1
    size when it returns, where the contract says 0.
    """

    id = "peeks_at_the_first_size"
    title = "Reads the first size at the call, before any next()"
    hint = (
        "The call reads no size: an empty input needs no special case, since the for loop over it "
        "simply yields nothing."
    )

    @staticmethod
    def iter_pack(sizes, max_tokens):
        stream = _checked(sizes, max_tokens)
        first = next(stream, _END)
        if first is _END:
            return iter([])
        return _greedy(itertools.chain([first], stream), max_tokens)


class YieldsTuples(Mistake):
    """Yields each chunk as a tuple, so that the consumer cannot change it.

    The indices are right, but the contract's chunks are lists: list(iter_pack([3, 4, 2, 5, 1], 7))
    gives [(0, 1), (2, 3), (4,)] instead of [[0, 1], [2, 3], [4]].
    """

    id = "yields_tuples"
    title = "Yields tuples instead of lists"
    hint = "Each chunk is a list of sentence indices: yield a new list, and never touch it again."

    @staticmethod
    def iter_pack(sizes, max_tokens):
        return YieldsTuples._pack(_checked(sizes, max_tokens), max_tokens)

    @staticmethod
    def _pack(stream, max_tokens):
        for chunk in _greedy(stream, max_tokens):
            yield tuple(chunk)


class YieldsAnOversizedSentenceAtOnce(Mistake):
    """Yields a sentence larger than the budget as soon as it is read, since nothing can join it.

    The chunks are right, but such a chunk comes one size early: the contract yields a chunk once
    the size that closes it has been read, and that size may be bad. With iter([2, 9, 0, 1]) and a
    budget of 5, the second next() yields [1] after reading 2 sizes instead of 3; with [3, 9, -2]
    it yields [1] before the ValueError for sizes[2], where the open chunk [1] is never yielded.
    """

    id = "yields_an_oversized_sentence_at_once"
    title = "Yields a sentence larger than the budget as soon as it is read"
    hint = (
        "A chunk above the budget is closed by the next size like any other: yield it once that size has "
        "been read and checked, not before."
    )

    @staticmethod
    def iter_pack(sizes, max_tokens):
        return YieldsAnOversizedSentenceAtOnce._pack(_checked(sizes, max_tokens), max_tokens)

    @staticmethod
    def _pack(stream, max_tokens):
        current, total = [], 0
        for index, size in enumerate(stream):
            _check_size(index, size)
            if current and total + size > max_tokens:
                yield current
                current, total = [], 0
            current.append(index)
            total += size
            if total > max_tokens:  # nothing can join it now
                yield current
                current, total = [], 0
        if current:
            yield current


class ChecksTheSignAfterClosing(Mistake):
    """Checks each size's type at once, but its sign only after deciding whether it closes the open chunk.

    A negative size after a sentence larger than the budget still leaves the total above it, so
    it closes that chunk before it is rejected: with [3, 9, -2] and a budget of 5, the second
    next() yields [1], and only the third raises ValueError for sizes[2].
    """

    id = "checks_the_sign_after_closing"
    title = "Checks that a size is not negative only after using it to close the chunk"
    hint = "Check each size's sign as soon as it is read, with its type, before it takes part in any decision."

    @staticmethod
    def iter_pack(sizes, max_tokens):
        return ChecksTheSignAfterClosing._pack(_checked(sizes, max_tokens), max_tokens)

    @staticmethod
    def _pack(stream, max_tokens):
        current, total = [], 0
        for index, size in enumerate(stream):
            _require_int(f"sizes[{index}]", size)
            if current and total + size > max_tokens:
                yield current
                current, total = [], 0
            if size < 0:
                raise ValueError(f"sizes[{index}] must be at least 0, got {size}")
            current.append(index)
            total += size
        if current:
            yield current


class RejectsAnIntSubclass(Mistake):
    """Checks `type(x) is not int` to refuse bool, which also refuses every other subclass of int.

    An IntEnum member is an int and counts as its value: iter_pack([3, 4, 2], Budget.SEVEN)
    raises TypeError at the call instead of packing as with 7, and a size Size.FIVE raises
    TypeError at the next() that reads it.
    """

    id = "rejects_an_int_subclass"
    title = "Rejects an IntEnum member (a subclass of int) as the budget or a size"
    hint = (
        "Only bool is refused among the subclasses of int: test isinstance(x, int) and reject bool alone, "
        "rather than type(x) is int."
    )

    @staticmethod
    def iter_pack(sizes, max_tokens):
        if type(max_tokens) is not int:
            raise TypeError(f"max_tokens must be an int, got {max_tokens!r} of type {type(max_tokens).__name__}")
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        return RejectsAnIntSubclass._pack(_stream_of(sizes), max_tokens)

    @staticmethod
    def _pack(stream, max_tokens):
        current, total = [], 0
        for index, size in enumerate(stream):
            if type(size) is not int:
                raise TypeError(f"sizes[{index}] must be an int, got {size!r} of type {type(size).__name__}")
            if size < 0:
                raise ValueError(f"sizes[{index}] must be at least 0, got {size}")
            if current and total + size > max_tokens:
                yield current
                current, total = [], 0
            current.append(index)
            total += size
        if current:
            yield current
