"""Kata 02: common mistakes, each a complete pack_sentences() with one bug.

Run one against the tests with: pytest tests/02_token_budget_packer --impl=mistake:02:<id>
"""

import functools
import math
from collections.abc import Sequence

from kata.runner.mistakes import Mistake


def _require_int(name, value):
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got {value!r} of type {type(value).__name__}")


def _require_sequence(sizes):
    if not isinstance(sizes, Sequence):
        raise TypeError(f"sizes must be a sequence, got {type(sizes).__name__}")


def _validate(sizes, max_tokens):
    """The reference's checks and messages, so that each mistake below differs from it in one way only."""
    _require_int("max_tokens", max_tokens)
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
    _require_sequence(sizes)
    for index, size in enumerate(sizes):
        _require_int(f"sizes[{index}]", size)
        if size < 0:
            raise ValueError(f"sizes[{index}] must be at least 0, got {size}")


def _pack(sizes, max_tokens):
    """The correct greedy loop, without any checks."""
    chunks, current, total = [], [], 0
    for index, size in enumerate(sizes):
        if current and total + size > max_tokens:
            chunks.append(current)
            current, total = [], 0
        current.append(index)
        total += size
    if current:
        chunks.append(current)
    return chunks


class RewritesEachSizeAsAnInt(Mistake):
    """Rewrites each size of a list as a plain int, in place, before packing (sizes[i] = int(sizes[i])).

    The answer is right and the list still compares equal, but an IntEnum member the caller put
    in it is gone: sizes[1] is Count.FOUR no longer holds.
    """

    id = "rewrites_each_size_as_an_int"
    title = "Rewrites each size of the caller's list as a plain int (sizes[i] = int(sizes[i]))"
    hint = "Never write into sizes: an int subclass is an int already, and what you need, keep in a list of your own."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        if isinstance(sizes, list):
            for index, size in enumerate(sizes):
                sizes[index] = int(size)
        return _pack(sizes, max_tokens)


class KeepsTheTotalAsAFloat(Mistake):
    """Keeps the open chunk's total as a float.

    pack_sentences([2**53, 1], 2**53) gives [[0, 1]]: 2.0**53 + 1 == 2.0**53, so the second sentence seems to
    fit; a size past about 10**308 raises OverflowError.
    """

    id = "keeps_the_total_as_a_float"
    title = "Keeps the chunk's total as a float, which is not exact past 2**53"
    hint = "Start the total at 0, an int, and add the sizes as they are: Python's ints are exact at any size."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        chunks, current, total = [], [], 0.0
        for index, size in enumerate(sizes):
            if current and total + size > max_tokens:
                chunks.append(current)
                current, total = [], 0.0
            current.append(index)
            total += size
        if current:
            chunks.append(current)
        return chunks


class AddsBeforeChecking(Mistake):
    """Adds the sentence first and closes the chunk once its total has gone over the budget.

    The sentence that overflows stays in the chunk it overflowed: pack_sentences([3, 4, 2, 5, 1], 7)
    returns [[0, 1, 2], [3, 4]], whose first chunk holds 9 tokens, more than the embedding
    model can read.
    """

    id = "adds_before_checking"
    title = "Adds the sentence before checking the budget"
    hint = (
        "Decide whether the next sentence fits before adding it: "
        "the sentence that would overflow starts the next chunk."
    )

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        chunks, current, total = [], [], 0
        for index, size in enumerate(sizes):
            current.append(index)
            total += size
            if total > max_tokens:
                chunks.append(current)
                current, total = [], 0
        if current:
            chunks.append(current)
        return chunks


class EmptyChunkBeforeOversized(Mistake):
    """Closes the open chunk whenever the next sentence does not fit, even when the chunk is empty.

    A sentence larger than the budget never fits, so an empty chunk is emitted in front of it
    when it comes first: pack_sentences([9, 1, 1], 5) returns [[], [0], [1, 2]].
    """

    id = "empty_chunk_before_oversized"
    title = "Emits an empty chunk before an oversized sentence"
    hint = "Close the open chunk only when it holds at least one sentence."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        chunks, current, total = [], [], 0
        for index, size in enumerate(sizes):
            if total + size > max_tokens:
                chunks.append(current)
                current, total = [], 0
            current.append(index)
            total += size
        if current:
            chunks.append(current)
        return chunks


class ClosesOnExactFit(Mistake):
    """Uses >= instead of >, so a sentence that fills the chunk exactly is pushed to the next one.

    pack_sentences([3, 4, 2, 5, 1], 7) returns [[0], [1, 2], [3, 4]]: 3 + 4 = 7 fits, but the
    chunk [0, 1] is never formed.
    """

    id = "closes_on_exact_fit"
    title = "Closes the chunk on an exact fit (>= instead of >)"
    hint = "A chunk whose total equals max_tokens fits; close it only when the next sentence would push it above."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        chunks, current, total = [], [], 0
        for index, size in enumerate(sizes):
            if current and total + size >= max_tokens:
                chunks.append(current)
                current, total = [], 0
            current.append(index)
            total += size
        if current:
            chunks.append(current)
        return chunks


class ForgetsFinalFlush(Mistake):
    """Appends a chunk only when the next sentence closes it, so the last chunk is never appended.

    pack_sentences([3, 4, 2, 5, 1], 7) returns [[0, 1], [2, 3]]: sentence 4 is lost, and one
    sentence that fits gives [] instead of [[0]].
    """

    id = "forgets_final_flush"
    title = "Loses the last chunk"
    hint = "When the loop ends, the open chunk still holds sentences: append it."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        chunks, current, total = [], [], 0
        for index, size in enumerate(sizes):
            if current and total + size > max_tokens:
                chunks.append(current)
                current, total = [], 0
            current.append(index)
            total += size
        return chunks


class KeepsTheOldTotal(Mistake):
    """Starts a new list when a chunk closes but leaves the running total as it was.

    Every later sentence is measured against the old chunk's tokens as well, so from the first
    close on each sentence is a chunk of its own: pack_sentences([3, 4, 2, 5, 1], 7) returns
    [[0, 1], [2], [3], [4]].
    """

    id = "keeps_the_old_total"
    title = "Starts a new chunk but keeps the old running total"
    hint = "When a chunk closes, its running total must start again too."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        chunks, current, total = [], [], 0
        for index, size in enumerate(sizes):
            if current and total + size > max_tokens:
                chunks.append(current)
                current = []
            current.append(index)
            total += size
        if current:
            chunks.append(current)
        return chunks


class ResumsTheOpenChunk(Mistake):
    """Adds up the open chunk's sizes again before every sentence instead of keeping a running total.

    The output is right, but each sentence costs time proportional to the chunk so far: when
    1,000,000 sentences are packed in chunks of about a thousand, that is half a billion additions: too slow.
    Copying the open chunk for every sentence (current = current + [index]) fails the same test.
    """

    id = "resums_the_open_chunk"
    title = "Goes over the whole open chunk again for every sentence (quadratic)"
    hint = (
        "Keep a running total of the open chunk instead of summing its sizes for every sentence, and append "
        "to it rather than copying it (current + [index])."
    )

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        chunks, current = [], []
        for index, size in enumerate(sizes):
            if current and sum(sizes[i] for i in current) + size > max_tokens:
                chunks.append(current)
                current = []
            current.append(index)
        if current:
            chunks.append(current)
        return chunks


class NewTotalStartsAtZero(Mistake):
    """Opens the new chunk with the sentence that did not fit, but sets its running total to 0.

    The new chunk's first sentence is never counted, so the chunk can go over the budget:
    pack_sentences([3, 4, 2, 5, 1], 7) returns [[0, 1], [2, 3, 4]], 8 tokens in the second chunk.
    """

    id = "new_total_starts_at_zero"
    title = "The new chunk's total leaves out the sentence that opened it"
    hint = "A chunk opened by a sentence already holds that sentence's tokens: its total starts at that size, not at 0."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        chunks, current, total = [], [], 0
        for index, size in enumerate(sizes):
            if current and total + size > max_tokens:
                chunks.append(current)
                current, total = [index], 0
            else:
                current.append(index)
                total += size
        if current:
            chunks.append(current)
        return chunks


class ZeroTotalMeansEmpty(Mistake):
    """Tests `total > 0` where it means "the chunk is not empty".

    A chunk of zero-size sentences has total 0 but is not empty, so an oversized sentence is let
    into it: pack_sentences([0, 9, 3, 3], 5) returns [[0, 1], [2], [3]], a 9-token chunk of two
    sentences, instead of [[0], [1], [2], [3]].
    """

    id = "zero_total_means_empty"
    title = "Treats a chunk whose total is 0 as empty"
    hint = "A chunk of zero-size sentences is not empty: test the chunk itself, not its total."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        chunks, current, total = [], [], 0
        for index, size in enumerate(sizes):
            if total > 0 and total + size > max_tokens:
                chunks.append(current)
                current, total = [], 0
            current.append(index)
            total += size
        if current:
            chunks.append(current)
        return chunks


class RetriesOversizedForever(Mistake):
    """Closes the chunk when the sentence does not fit and tries the same sentence again.

    A sentence larger than the budget does not fit even an empty chunk, so the loop retries it
    forever: pack_sentences([5, 5, 5], 4) never returns.
    """

    id = "retries_oversized_forever"
    title = "Loops forever on a sentence larger than the budget"
    hint = "A sentence that does not fit even an empty chunk must still be taken, as a chunk of its own."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        chunks, current, total = [], [], 0
        index = 0
        while index < len(sizes):
            size = sizes[index]
            if total + size <= max_tokens:
                current.append(index)
                total += size
                index += 1
            else:
                if current:
                    chunks.append(current)
                current, total = [], 0  # and try the same sentence again
        if current:
            chunks.append(current)
        return chunks


class DropsOversizedSentences(Mistake):
    """Skips every sentence larger than the budget, as if it could not be packed.

    Its text then never reaches the index: pack_sentences([9, 1, 1], 5) returns [[1, 2]] and
    pack_sentences([5, 5, 5], 4) returns [].
    """

    id = "drops_oversized_sentences"
    title = "Drops sentences larger than the budget"
    hint = "Every index must appear: a sentence larger than max_tokens becomes a chunk of its own."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        chunks, current, total = [], [], 0
        for index, size in enumerate(sizes):
            if size > max_tokens:
                continue  # too big for any chunk
            if current and total + size > max_tokens:
                chunks.append(current)
                current, total = [], 0
            current.append(index)
            total += size
        if current:
            chunks.append(current)
        return chunks


class ReturnsSizesNotIndices(Mistake):
    """Puts the sentences' sizes in the chunks instead of their indices.

    pack_sentences([3, 4, 2, 5, 1], 7) returns [[3, 4], [2, 5], [1]]: the caller cannot tell
    which sentences a chunk holds.
    """

    id = "returns_sizes_not_indices"
    title = "Chunks hold the sizes instead of the sentence indices"
    hint = "Append the sentence's index i, not sizes[i]: the caller uses the indices to find the sentences' text."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        chunks, current, total = [], [], 0
        for size in sizes:
            if current and total + size > max_tokens:
                chunks.append(current)
                current, total = [], 0
            current.append(size)
            total += size
        if current:
            chunks.append(current)
        return chunks


class ClearsTheAppendedChunk(Mistake):
    """Empties the open chunk with current.clear() after appending it, so every chunk is one list.

    chunks.append(current) stores the list itself, not a copy; clearing it empties the chunk
    just stored. All the chunks end up as the same list, holding the last chunk's indices:
    pack_sentences([3, 4, 2, 5, 1], 7) returns [[4], [4], [4]].
    """

    id = "clears_the_appended_chunk"
    title = "Reuses one list for every chunk (clear() after append)"
    hint = "chunks.append(current) stores the list itself, not a copy: start each new chunk with a new list."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        chunks, current, total = [], [], 0
        for index, size in enumerate(sizes):
            if current and total + size > max_tokens:
                chunks.append(current)
                current.clear()
                total = 0
            current.append(index)
            total += size
        if current:
            chunks.append(current)
        return chunks


class ConsumesTheInput(Mistake):
    """Takes the sentences off the front of the caller's list with sizes.pop(0).

    The chunks are right, but the caller's list is left empty, a tuple or a range raises
    AttributeError, and each pop(0) shifts the whole rest of the list, so the work is
    quadratic: 1,000,000 sentences never finish.
    """

    id = "consumes_the_input"
    title = "Pops the sentences off the caller's list"
    hint = "Never change the input: walk it with enumerate (pop(0) also shifts the whole list every time)."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        chunks, current, total = [], [], 0
        index = 0
        while sizes:
            size = sizes.pop(0)
            if current and total + size > max_tokens:
                chunks.append(current)
                current, total = [], 0
            current.append(index)
            total += size
            index += 1
        if current:
            chunks.append(current)
        return chunks


class AcceptsBool(Mistake):
    """Checks isinstance(value, int), which True and False pass, since bool is a subclass of int.

    pack_sentences([3, 4, True], 7) returns [[0, 1], [2]] instead of raising TypeError.
    """

    id = "accepts_bool"
    title = "Accepts True and False as numbers"
    hint = "bool is a subclass of int: reject it explicitly, for max_tokens and for every size."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        if not isinstance(max_tokens, int):
            raise TypeError(f"max_tokens must be an int, got {max_tokens!r}")
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        _require_sequence(sizes)
        for index, size in enumerate(sizes):
            if not isinstance(size, int):
                raise TypeError(f"sizes[{index}] must be an int, got {size!r}")
            if size < 0:
                raise ValueError(f"sizes[{index}] must be at least 0, got {size}")
        return _pack(sizes, max_tokens)


class ValidatesAfterEmptyCheck(Mistake):
    """Returns [] for no sentences before validating, so pack_sentences([], 0) is silently accepted."""

    id = "validates_after_empty_check"
    title = "Skips the check of max_tokens when there are no sentences"
    hint = "Check max_tokens first: a bad budget is a bug in the caller whatever the input."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        if not sizes:
            return []
        _validate(sizes, max_tokens)
        return _pack(sizes, max_tokens)


class NoValidation(Mistake):
    """Checks nothing: a budget below 1 or a negative size is packed as if it made sense.

    pack_sentences([3, 4], 0) returns [[0], [1]], and pack_sentences([3, 4, -5], 7) returns
    [[0, 1, 2]], as if the three sentences held 2 tokens between them. Seen in langchain-text-splitters
    1.1.3's and llama-index-core 0.14.25's merge steps (EXPLANATION.md, In the wild).
    """

    id = "no_validation"
    title = "Does not validate max_tokens and the sizes"
    hint = "Raise ValueError for max_tokens < 1 or a negative size, and TypeError for a value that is not an int."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        return _pack(sizes, max_tokens)


class MessageOmitsTheIndex(Mistake):
    """Raises the right exception for a bad size, but its message does not say which sentence it is.

    pack_sentences([3, 4, -5], 7) raises ValueError('sizes must be at least 0, got -5'): in a
    document of 10,000 sentences the caller cannot find the bad one.
    """

    id = "message_omits_the_index"
    about_the_message = True
    title = "The error for a bad size does not say which sentence it is"
    hint = "Name the bad size's index as well as its value, e.g. 'sizes[2] must be at least 0, got -5'."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _require_int("max_tokens", max_tokens)
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        _require_sequence(sizes)
        for size in sizes:
            _require_int("sizes", size)
            if size < 0:
                raise ValueError(f"sizes must be at least 0, got {size}")
        return _pack(sizes, max_tokens)


class ChecksEveryTypeBeforeAnyValue(Mistake):
    """Checks the type of every size, then the value of every size: the first bad size does not decide.

    pack_sentences([1, -1, "x"], 5) raises TypeError for sizes[2]; the contract checks each size in
    order, type then value, so it is ValueError for sizes[1].
    """

    id = "checks_every_type_before_any_value"
    title = "Checks every size's type before any size's value"
    hint = "Check the sizes one at a time, in order: each for its type, then its value."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _require_int("max_tokens", max_tokens)
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        _require_sequence(sizes)
        for index, size in enumerate(sizes):
            _require_int(f"sizes[{index}]", size)
        for index, size in enumerate(sizes):
            if size < 0:
                raise ValueError(f"sizes[{index}] must be at least 0, got {size}")
        return _pack(sizes, max_tokens)


class ChecksTheSizesFirst(Mistake):
    """Checks the sizes before max_tokens: with both bad, the error is about a size.

    pack_sentences([-1], 0) raises ValueError for sizes[0]; the contract checks max_tokens first.
    """

    id = "checks_the_sizes_first"
    title = "Checks the sizes before max_tokens"
    hint = "Check max_tokens first: a bad budget is the caller's first mistake, whatever the sizes."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _require_sequence(sizes)
        for index, size in enumerate(sizes):
            _require_int(f"sizes[{index}]", size)
            if size < 0:
                raise ValueError(f"sizes[{index}] must be at least 0, got {size}")
        _require_int("max_tokens", max_tokens)
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        return _pack(sizes, max_tokens)


class ChecksASizesValueBeforeItsType(Mistake):
    """Checks whether a size is negative before checking that it is an int.

    pack_sentences([-1.0], 5) raises ValueError ("sizes[0] must be at least 0") where -1.0 is a
    float, a TypeError whatever its value.
    """

    id = "checks_a_sizes_value_before_its_type"
    title = "Checks a size's value before its type, so -1.0 is refused as negative instead of as a float"
    hint = "Check each size's type first, then its value: -1.0 is not an int, whatever it is worth."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _require_int("max_tokens", max_tokens)
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        _require_sequence(sizes)
        for index, size in enumerate(sizes):
            if isinstance(size, (int, float)) and size < 0:
                raise ValueError(f"sizes[{index}] must be at least 0, got {size}")
            _require_int(f"sizes[{index}]", size)
        return _pack(sizes, max_tokens)


class ChecksTheBudgetsValueBeforeItsType(Mistake):
    """Checks whether max_tokens is below 1 before checking that it is an int.

    pack_sentences([3], -1.0) and pack_sentences([3], False) raise ValueError where the budget is
    a float or a bool, a TypeError whatever its value.
    """

    id = "checks_the_budgets_value_before_its_type"
    title = "Checks max_tokens's value before its type, so -1.0 or False is refused as below 1"
    hint = "Check max_tokens's type first, then its value: -1.0 and False are not ints, whatever they are worth."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        if isinstance(max_tokens, (int, float)) and max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        _validate(sizes, max_tokens)
        return _pack(sizes, max_tokens)


class ClosesWhenFull(Mistake):
    """Closes the chunk as soon as its total reaches max_tokens, right after adding a sentence.

    A full chunk could still take a sentence of 0 tokens, but it is already closed:
    pack_sentences([3, 4, 0], 7) returns [[0, 1], [2]] instead of [[0, 1, 2]].
    """

    id = "closes_when_full"
    title = "Closes a chunk as soon as it is full, before a 0-token sentence can join it"
    hint = (
        "Close a chunk only when the next sentence would push it above the budget; "
        "a full chunk still takes a 0-token sentence."
    )

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        chunks, current, total = [], [], 0
        for index, size in enumerate(sizes):
            if current and total + size > max_tokens:
                chunks.append(current)
                current, total = [], 0
            current.append(index)
            total += size
            if total >= max_tokens:
                chunks.append(current)
                current, total = [], 0
        if current:
            chunks.append(current)
        return chunks


class ExactSizeIsOversized(Mistake):
    """Treats a sentence of exactly max_tokens as oversized, so it always makes a chunk of its own.

    A sentence of exactly the budget fits an empty chunk, and a chunk of 0-token sentences is as
    good as empty: pack_sentences([0, 5], 5) returns [[0], [1]] instead of [[0, 1]], and
    pack_sentences([5, 0], 5) returns [[0], [1]] instead of [[0, 1]].
    """

    id = "exact_size_is_oversized"
    title = "Puts a sentence of exactly max_tokens in a chunk of its own"
    hint = (
        "A sentence is oversized only when it is larger than max_tokens; one of exactly max_tokens "
        "is packed like any other, with 0-token sentences before or after it."
    )

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        chunks, current, total = [], [], 0
        for index, size in enumerate(sizes):
            if size >= max_tokens:
                if current:
                    chunks.append(current)
                chunks.append([index])
                current, total = [], 0
                continue
            if current and total + size > max_tokens:
                chunks.append(current)
                current, total = [], 0
            current.append(index)
            total += size
        if current:
            chunks.append(current)
        return chunks


class EmptyChunkForNoSentences(Mistake):
    """Appends the open chunk after the loop without checking that it holds anything.

    pack_sentences([], 7) returns [[]]: one empty chunk that would be embedded and indexed.
    """

    id = "empty_chunk_for_no_sentences"
    title = "Returns [[]] for no sentences"
    hint = "After the loop, append the open chunk only if it holds a sentence."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        chunks, current, total = [], [], 0
        for index, size in enumerate(sizes):
            if current and total + size > max_tokens:
                chunks.append(current)
                current, total = [], 0
            current.append(index)
            total += size
        chunks.append(current)
        return chunks


class AppendsASentinelToTheInput(Mistake):
    """Appends an infinite sentinel size to the caller's list so the loop closes the last chunk, and leaves it there.

    With sizes = [3, 4], pack_sentences(sizes, 7) returns [[0, 1]] but leaves sizes as
    [3, 4, inf]; a tuple or a range raises AttributeError: no append. Code that sorts the
    caller's list in place, takes its sentences off the end after reversing it, or writes
    running totals into it answers right too, and fails exactly the same tests.
    """

    id = "appends_a_sentinel_to_the_input"
    title = "Changes the caller's list (appends to it, sorts it, or writes into it) while packing"
    hint = (
        "Never change the input: keep what you need (a sentinel, a sorted copy, running totals) in a list "
        "of your own, and close the last chunk after the loop."
    )

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        count = len(sizes)
        sizes.append(math.inf)  # always closes the open chunk
        chunks, current, total = [], [], 0
        for index, size in enumerate(sizes):
            if current and total + size > max_tokens:
                chunks.append(current)
                current, total = [], 0
            if index == count:
                break
            current.append(index)
            total += size
        return chunks


class ZeroSizeJoinsAnOversizedChunk(Mistake):
    """Never closes a chunk for a sentence of 0 tokens, on the thought that 0 tokens always fit.

    They fit a chunk within the budget, but not one that is already above it: pack_sentences([9, 0, 1], 5)
    returns [[0, 1], [2]], a chunk of two sentences holding 9 tokens, instead of [[0], [1, 2]].
    """

    id = "zero_size_joins_an_oversized_chunk"
    title = "Lets a 0-token sentence join the chunk of a sentence larger than the budget"
    hint = (
        "Apply the same test to every sentence: total + size > max_tokens closes the chunk, and after an "
        "oversized sentence it holds even for size 0."
    )

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        chunks, current, total = [], [], 0
        for index, size in enumerate(sizes):
            if current and size > 0 and total + size > max_tokens:
                chunks.append(current)
                current, total = [], 0
            current.append(index)
            total += size
        if current:
            chunks.append(current)
        return chunks


class OversizedCountedAsTheBudget(Mistake):
    """Counts a sentence larger than the budget as exactly max_tokens tokens, so that it "fits" a chunk.

    It then shares a chunk with sentences of 0 tokens: pack_sentences([0, 9], 5) returns [[0, 1]] and
    pack_sentences([9, 0, 1], 5) returns [[0, 1], [2]], chunks of two sentences holding 9 tokens.
    """

    id = "oversized_counted_as_the_budget"
    title = "Counts a sentence larger than the budget as max_tokens tokens"
    hint = "Use each sentence's real size: an oversized sentence is alone in its chunk, even beside 0-token sentences."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        return _pack([min(size, max_tokens) for size in sizes], max_tokens)


class OversizedSentencesMovedToTheEnd(Mistake):
    """Sets every sentence larger than the budget aside as a chunk of its own, and appends those chunks at the end.

    Every sentence is kept, but not in order: pack_sentences([9, 1, 1], 5) returns [[1, 2], [0]], and
    pack_sentences([1, 2, 9, 1, 2], 5) returns [[0, 1, 3], [4], [2]].
    """

    id = "oversized_sentences_moved_to_the_end"
    title = "Puts the chunks of oversized sentences after all the others"
    hint = "Chunks come in text order: an oversized sentence's chunk goes where the sentence is."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        chunks, alone, current, total = [], [], [], 0
        for index, size in enumerate(sizes):
            if size > max_tokens:
                alone.append([index])
                continue
            if current and total + size > max_tokens:
                chunks.append(current)
                current, total = [], 0
            current.append(index)
            total += size
        if current:
            chunks.append(current)
        return chunks + alone


class OversizedChunkBeforeTheOpenOne(Mistake):
    """Appends a sentence larger than the budget as a chunk of its own at once, without closing the open chunk first.

    The open chunk goes on after it, so the oversized sentence's chunk comes too early:
    pack_sentences([1, 2, 9, 1, 2], 5) returns [[2], [0, 1, 3], [4]] instead of [[0, 1], [2], [3, 4]].
    Putting every oversized sentence's chunk first gives the same chunks.
    """

    id = "oversized_chunk_before_the_open_one"
    title = "Puts an oversized sentence's chunk before the chunk that was open when it came"
    hint = "Close the open chunk first, then give the oversized sentence its chunk: the chunks keep the text's order."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        chunks, current, total = [], [], 0
        for index, size in enumerate(sizes):
            if size > max_tokens:
                chunks.append([index])
                continue
            if current and total + size > max_tokens:
                chunks.append(current)
                current, total = [], 0
            current.append(index)
            total += size
        if current:
            chunks.append(current)
        return chunks


class OversizedBranchKeepsTheTotal(Mistake):
    """Handles an oversized sentence in a branch of its own, which closes the open chunk but leaves its total.

    The next chunk starts counting from the old chunk's tokens: pack_sentences([1, 2, 9, 1, 2], 5) returns
    [[0, 1], [2], [3], [4]], because 1 + 2 (the chunk before) + 1 + 2 is above 5.
    """

    id = "oversized_branch_keeps_the_total"
    title = "After an oversized sentence, the next chunk's total still holds the chunk before it"
    hint = "Wherever a chunk closes, its running total must start again at 0, in the oversized sentence's branch too."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        chunks, current, total = [], [], 0
        for index, size in enumerate(sizes):
            if size > max_tokens:
                if current:
                    chunks.append(current)
                    current = []
                chunks.append([index])
                continue
            if current and total + size > max_tokens:
                chunks.append(current)
                current, total = [], 0
            current.append(index)
            total += size
        if current:
            chunks.append(current)
        return chunks


class AcceptsABoolBudget(Mistake):
    """Rejects a bool size, as the statement's example shows, but checks max_tokens with isinstance(..., int) alone.

    pack_sentences([3, 4], True) packs with a budget of 1 and returns [[0], [1]] instead of raising TypeError.
    """

    id = "accepts_a_bool_budget"
    title = "Accepts True as max_tokens"
    hint = "bool is a subclass of int: reject it for max_tokens too, not only for the sizes."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        if not isinstance(max_tokens, int):
            raise TypeError(f"max_tokens must be an int, got {max_tokens!r}")
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        _require_sequence(sizes)
        for index, size in enumerate(sizes):
            _require_int(f"sizes[{index}]", size)
            if size < 0:
                raise ValueError(f"sizes[{index}] must be at least 0, got {size}")
        return _pack(sizes, max_tokens)


class AcceptsFloats(Mistake):
    """Checks isinstance(value, (int, float)), so 7.0 is a budget and 2.5 a size.

    pack_sentences([3, 4], 7.0) returns [[0, 1]] and pack_sentences([1, 2, 3, 2.5], 10) returns
    [[0, 1, 2, 3]] instead of raising TypeError: a token count is a whole number.
    """

    id = "accepts_floats"
    title = "Accepts floats as max_tokens or as sizes"
    hint = "Only an int counts tokens: raise TypeError for a float (and a bool), naming max_tokens or sizes[i]."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        def require_number(name, value):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise TypeError(f"{name} must be a number, got {value!r}")

        require_number("max_tokens", max_tokens)
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        _require_sequence(sizes)
        for index, size in enumerate(sizes):
            require_number(f"sizes[{index}]", size)
            if size < 0:
                raise ValueError(f"sizes[{index}] must be at least 0, got {size}")
        return _pack(sizes, max_tokens)


class MessagesWithoutTheValue(Mistake):
    """Raises the right exceptions, naming max_tokens or sizes[i], but not the value that was wrong.

    pack_sentences([3, 4, -5], 7) raises ValueError('sizes[2] must not be negative'), and
    pack_sentences([3, 4], 0) raises ValueError('max_tokens must be positive').
    """

    id = "messages_without_the_value"
    about_the_message = True
    title = "Error messages name the parameter but not its value"
    hint = "Put the bad value in the message too, e.g. 'sizes[2] must be at least 0, got -5'."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        if not isinstance(max_tokens, int) or isinstance(max_tokens, bool):
            raise TypeError("max_tokens must be an int")
        if max_tokens < 1:
            raise ValueError("max_tokens must be positive")
        _require_sequence(sizes)
        for index, size in enumerate(sizes):
            if not isinstance(size, int) or isinstance(size, bool):
                raise TypeError(f"sizes[{index}] must be an int")
            if size < 0:
                raise ValueError(f"sizes[{index}] must not be negative")
        return _pack(sizes, max_tokens)


class ClampsOversizedSizesInTheInput(Mistake):
    """Rewrites each size larger than the budget to max_tokens in the caller's list, so that it "fits" a chunk.

    The caller's list is changed, and the oversized sentence then shares a chunk with sentences of
    0 tokens: pack_sentences([9, 0, 1], 5) returns [[0, 1], [2]] and leaves the list as [5, 0, 1].
    """

    id = "clamps_oversized_sizes_in_the_input"
    title = "Rewrites oversized sizes to max_tokens in the caller's list"
    hint = (
        "Leave the caller's list alone, and use each sentence's real size: an oversized sentence is alone in "
        "its chunk, even beside 0-token sentences."
    )

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        for index, size in enumerate(sizes):
            if size > max_tokens:
                sizes[index] = max_tokens
        return _pack(sizes, max_tokens)


@functools.lru_cache(maxsize=256)
def _remembered_pack(sizes, max_tokens):
    return _pack(sizes, max_tokens)


class CachesTheAnswer(Mistake):
    """Remembers each answer with functools.lru_cache and hands the same lists out again for equal arguments.

    The first answer is right, but every caller gets one and the same list of lists: after
    chunks = pack_sentences([2, 3, 4, 1], 6); chunks[0].append(99), the next call with equal
    arguments returns [[0, 1, 99], [2, 3]].
    """

    id = "caches_the_answer"
    title = "Returns the same cached lists to every caller"
    hint = "Build a new list of new lists on every call: a cached answer carries every change its callers made."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        return _remembered_pack(tuple(sizes), max_tokens)


class AcceptsAWholeFloatSize(Mistake):
    """Accepts a float size when it is a whole number (size == int(size)), so 2.0 counts as 2 tokens.

    pack_sentences([1, 2, 3, 2.0], 10) returns [[0, 1, 2, 3]] instead of raising TypeError for sizes[3];
    2.5 is still rejected.
    """

    id = "accepts_a_whole_float_size"
    title = "Accepts a whole-number float such as 2.0 as a size"
    hint = "A size must be an int: 2.0 is a float, whole or not. Check the type, not whether the value is whole."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _require_int("max_tokens", max_tokens)
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        _require_sequence(sizes)
        for index, size in enumerate(sizes):
            if isinstance(size, bool) or not isinstance(size, (int, float)) or size != int(size):
                raise TypeError(f"sizes[{index}] must be an int, got {size!r} of type {type(size).__name__}")
            if size < 0:
                raise ValueError(f"sizes[{index}] must be at least 0, got {size}")
        return _pack(sizes, max_tokens)


class CopiesWithListCopy(Mistake):
    """Protects the caller's list with sizes.copy(), which a tuple or a range does not have.

    pack_sentences((3, 4, 2), 7) raises AttributeError: 'tuple' object has no attribute 'copy'.
    """

    id = "copies_with_list_copy"
    title = "Works only on a list of sizes: a tuple or a range of sizes raises"
    hint = "sizes is any sequence: read it without copying it, or copy it with list(sizes)."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        return _pack(sizes.copy(), max_tokens)


class FinalFlushTestsTheTotal(Mistake):
    """Keeps the last chunk only `if total:`, so a last chunk of zero-size sentences is lost.

    pack_sentences([5, 0], 4) returns [[0]] instead of [[0], [1]], and pack_sentences([0, 0], 1) returns [].
    """

    id = "final_flush_tests_the_total"
    title = "Drops a last chunk whose total is 0"
    hint = "The last chunk is kept when it holds a sentence (if current:), whatever its total."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        chunks, current, total = [], [], 0
        for index, size in enumerate(sizes):
            if current and total + size > max_tokens:
                chunks.append(current)
                current, total = [], 0
            current.append(index)
            total += size
        if total:
            chunks.append(current)
        return chunks


class PopsFromTheReversedInput(Mistake):
    """Reverses the caller's list in place and pops the sentences off its end, to avoid pop(0)'s cost.

    The chunks are right, and a tuple or range is first copied with list(), but the caller's list is
    left empty: sizes = [3, 4, 2]; pack_sentences(sizes, 7) leaves sizes == []. Code that appends a
    sentinel to a list (and copies a tuple or range first) fails exactly the same tests.
    """

    id = "pops_from_the_reversed_input"
    title = (
        "Changes the caller's list while packing (reverses and pops it, or appends a sentinel to it), "
        "though it copies a tuple or range first"
    )
    hint = (
        "Never change the input: walk it with enumerate, and keep what you need (a sentinel, a reversed copy) "
        "in a list of your own."
    )

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        pending = sizes if isinstance(sizes, list) else list(sizes)
        pending.reverse()
        chunks, current, total, index = [], [], 0, 0
        while pending:
            size = pending.pop()
            if current and total + size > max_tokens:
                chunks.append(current)
                current, total = [], 0
            current.append(index)
            total += size
            index += 1
        if current:
            chunks.append(current)
        return chunks


class BudgetTypeNotChecked(Mistake):
    """Checks the value of max_tokens but not its type (the sizes are checked in full).

    pack_sentences([3, 4], True) packs with a budget of 1, pack_sentences([3, 4], 7.0) returns [[0, 1]],
    and pack_sentences([3, 4], "7") raises TypeError: '<' not supported ..., which does not name max_tokens.
    """

    id = "budget_type_not_checked"
    title = "Does not check the type of max_tokens"
    hint = "Raise TypeError when max_tokens is not an int (a bool or a float included), before its value is compared."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        _require_sequence(sizes)
        for index, size in enumerate(sizes):
            _require_int(f"sizes[{index}]", size)
            if size < 0:
                raise ValueError(f"sizes[{index}] must be at least 0, got {size}")
        return _pack(sizes, max_tokens)


class FindsABadSizesIndexByValue(Mistake):
    """Names a bad size by list(sizes).index(size), the first size equal to it, not by its own position.

    True == 1 and 2.0 == 2, so pack_sentences([1, 2, 3, True], 10) raises TypeError naming sizes[0],
    and pack_sentences([1, 2, 3, 2.0], 10) names sizes[1], where the bad size is sizes[3].
    """

    id = "finds_a_bad_sizes_index_by_value"
    title = "Names a bad size by the index of the first equal size (list.index), not its own"
    hint = "Take each size's index from enumerate(sizes) as you check it: True == 1 and 2.0 == 2."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _require_int("max_tokens", max_tokens)
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        _require_sequence(sizes)
        for size in sizes:
            if not isinstance(size, int) or isinstance(size, bool):
                index = list(sizes).index(size)
                raise TypeError(f"sizes[{index}] must be an int, got {size!r} of type {type(size).__name__}")
            if size < 0:
                raise ValueError(f"sizes[{list(sizes).index(size)}] must be at least 0, got {size}")
        return _pack(sizes, max_tokens)


class RejectsTrueButNotFalse(Mistake):
    """Refuses a bool size by testing `size is True`, so False passes as a size of 0.

    pack_sentences([1, 2, 3, False], 10) returns [[0, 1, 2, 3]] instead of raising TypeError for sizes[3].
    """

    id = "rejects_true_but_not_false"
    title = "Refuses True but accepts False as a size (a check written `size is True`)"
    hint = "False is a bool too: test isinstance(size, bool), which refuses both True and False."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _require_int("max_tokens", max_tokens)
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        _require_sequence(sizes)
        for index, size in enumerate(sizes):
            if not isinstance(size, int) or size is True:
                raise TypeError(f"sizes[{index}] must be an int, got {size!r}")
            if size < 0:
                raise ValueError(f"sizes[{index}] must be at least 0, got {size}")
        return _pack(sizes, max_tokens)


class BoolCheckOnTheBudgetOnly(Mistake):
    """Refuses a bool max_tokens, but checks each size with isinstance(size, int) alone, which True and False pass.

    pack_sentences([3, 4, True], 7) returns [[0, 1], [2]] instead of raising TypeError for sizes[2].
    """

    id = "bool_check_on_the_budget_only"
    title = "Refuses a bool max_tokens but accepts True or False as a size"
    hint = "bool is a subclass of int: reject it for every size too, not only for max_tokens."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _require_int("max_tokens", max_tokens)
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        _require_sequence(sizes)
        for index, size in enumerate(sizes):
            if not isinstance(size, int):
                raise TypeError(f"sizes[{index}] must be an int, got {size!r}")
            if size < 0:
                raise ValueError(f"sizes[{index}] must be at least 0, got {size}")
        return _pack(sizes, max_tokens)


class RejectsAnIntSubclass(Mistake):
    """Checks `type(value) is not int`, which refuses bool but also every other subclass of int.

    With class Count(IntEnum): SEVEN = 7, pack_sentences([3, 4, 2], Count.SEVEN) raises TypeError, where an
    IntEnum member is an int and counts as its value.
    """

    id = "rejects_an_int_subclass"
    title = "Refuses an IntEnum member (or any subclass of int) as max_tokens or as a size"
    hint = "Refuse bool by name: isinstance(value, int) and not isinstance(value, bool) accepts the other subclasses."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        if type(max_tokens) is not int:
            raise TypeError(f"max_tokens must be an int, got {max_tokens!r}")
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        _require_sequence(sizes)
        for index, size in enumerate(sizes):
            if type(size) is not int:
                raise TypeError(f"sizes[{index}] must be an int, got {size!r}")
            if size < 0:
                raise ValueError(f"sizes[{index}] must be at least 0, got {size}")
        return _pack(sizes, max_tokens)


class SizesTypeNotChecked(Mistake):
    """Checks max_tokens and every size, but not that sizes is a sequence: enumerate() takes any iterable.

    pack_sentences({3, 4, 2}, 7) and pack_sentences(iter([3, 4, 2]), 7) return chunks instead of raising
    TypeError, and pack_sentences(None, 7) raises enumerate's TypeError, which does not name sizes.
    """

    id = "sizes_type_not_checked"
    title = "Does not check that sizes is a sequence, so a set or a generator is packed"
    hint = (
        "After max_tokens, raise TypeError naming sizes and its type when it is not a sequence: "
        "isinstance(sizes, collections.abc.Sequence)."
    )

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _require_int("max_tokens", max_tokens)
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        sizes = list(sizes)  # read once: a generator would be used up by the checks
        for index, size in enumerate(sizes):
            _require_int(f"sizes[{index}]", size)
            if size < 0:
                raise ValueError(f"sizes[{index}] must be at least 0, got {size}")
        return _pack(sizes, max_tokens)


class SizesIndexedWithoutATypeCheck(Mistake):
    """Walks the sizes by position (for index in range(len(sizes))) without checking that sizes is a sequence.

    len() and indexing fail on their own: pack_sentences(iter([3, 4, 2]), 7) raises TypeError("object of type
    'list_iterator' has no len()") and pack_sentences({3, 4, 2}, 7) TypeError("'set' object is not
    subscriptable"): neither names sizes.
    """

    id = "sizes_indexed_without_a_type_check"
    title = "Does not check that sizes is a sequence, so len() or indexing fails with its own message"
    hint = "After max_tokens, raise TypeError naming sizes and its type when it is not a sequence."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _require_int("max_tokens", max_tokens)
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        for index in range(len(sizes)):
            _require_int(f"sizes[{index}]", sizes[index])
            if sizes[index] < 0:
                raise ValueError(f"sizes[{index}] must be at least 0, got {sizes[index]}")
        return _pack(sizes, max_tokens)


_NO_CHUNKS = []


class OneSharedAnswerForNoSentences(Mistake):
    """Answers every call with no sentences with one list kept at module level.

    pack_sentences([], 7) is pack_sentences([], 3): a caller who appends to one answer changes the next.
    """

    id = "one_shared_answer_for_no_sentences"
    title = "Returns one shared list, kept from call to call, when there are no sentences"
    hint = "Return a new [] on every call: a list kept at module level carries whatever its callers appended."

    @staticmethod
    def pack_sentences(sizes, max_tokens):
        _validate(sizes, max_tokens)
        if not sizes:
            return _NO_CHUNKS
        return _pack(sizes, max_tokens)
