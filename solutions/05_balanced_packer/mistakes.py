"""Kata 05: common mistakes, each a complete balanced_pack() with one bug.

Run one against the tests with: pytest tests/05_balanced_packer --impl=mistake:05:<id>
"""

from collections.abc import Sequence

from kata.runner.mistakes import Mistake


def _require_int(name, value):
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got {value!r} of type {type(value).__name__}")


def _require_sequence(sizes):
    if not isinstance(sizes, Sequence):
        raise TypeError(f"sizes must be a sequence of ints (a list, a tuple, a range), not a {type(sizes).__name__}")


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


def _count(sizes, budget):
    """The number of chunks kata 02's greedy rule makes with this budget (correct)."""
    if len(sizes) == 0:
        return 0
    chunks, total = 1, sizes[0]
    for size in sizes[1:]:
        if total + size > budget:
            chunks += 1
            total = 0
        total += size
    return chunks


def _pack(sizes, budget):
    """Kata 02's greedy packing (correct)."""
    chunks, current, total = [], [], 0
    for index, size in enumerate(sizes):
        if current and total + size > budget:
            chunks.append(current)
            current, total = [], 0
        current.append(index)
        total += size
    if current:
        chunks.append(current)
    return chunks


def _search(sizes, low, high, target):
    """The correct binary search for the smallest budget in [low, high] that makes at most `target` chunks."""
    while low < high:
        middle = (low + high) // 2
        if _count(sizes, middle) <= target:
            high = middle
        else:
            low = middle + 1
    return low


class LinearScanOverBudgets(Mistake):
    """Tries the budgets 1, 2, 3, ... one after the other until one makes greedy's count.

    The answer is right, but it costs one greedy pass per budget below b*: with 20,000
    sentences of about 700,000,000 tokens and max_tokens = 10**12, b* is about 933,800,000,000, and
    the scan would need that many passes.
    """

    id = "linear_scan_over_budgets"
    title = "Tries every budget from 1 upwards (a linear scan instead of a binary search)"
    hint = (
        "The count never rises as the budget grows, so binary search the budgets: "
        "about 40 greedy passes for a budget of 10**12."
    )

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _validate(sizes, max_tokens)
        target = _count(sizes, max_tokens)
        budget = 1
        while _count(sizes, budget) > target:
            budget += 1
        return _pack(sizes, budget)


class LinearScanDownFromMaxTokens(Mistake):
    """Lowers the budget from max_tokens one token at a time while greedy's count stays the same.

    The answer is right, but it costs one greedy pass per budget between b* and max_tokens:
    balanced_pack([3, 4, 2, 5, 1], 10**12) has b* = 15 and never returns.
    """

    id = "linear_scan_down_from_max_tokens"
    title = "Lowers the budget one token at a time from max_tokens (a linear scan instead of a binary search)"
    hint = (
        "The count never rises as the budget grows, so binary search the budgets: "
        "about 40 greedy passes for a budget of 10**12."
    )

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _validate(sizes, max_tokens)
        target = _count(sizes, max_tokens)
        budget = max_tokens
        while budget > 1 and _count(sizes, budget - 1) == target:
            budget -= 1
        return _pack(sizes, budget)


class SearchLandsOneBelow(Mistake):
    """Moves the upper end to middle - 1 when middle keeps the count, so it can step past b*.

    When the middle it tries is b* itself, the search throws b* away and ends on b* - 1,
    which makes more chunks: balanced_pack([3, 4, 2, 5, 1], 7) returns
    [[0], [1], [2], [3], [4]], greedy's packing with budget 5.
    """

    id = "search_lands_one_below"
    title = "Binary search off by one: it can end one budget below b*"
    hint = (
        "When the middle budget keeps the count it may be b* itself: keep it in the range "
        "(high = middle), and move the low end past a middle that fails (low = middle + 1)."
    )

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _validate(sizes, max_tokens)
        target = _count(sizes, max_tokens)
        low, high = 1, max_tokens
        while low < high:
            middle = (low + high) // 2
            if _count(sizes, middle) <= target:
                high = middle - 1
            else:
                low = middle + 1
        return _pack(sizes, low)


class NeverTriesBudgetOne(Mistake):
    """Treats the low end of the range as a budget known to fail, but starts it at 1 without trying it.

    The search keeps `low` failing and `high` working and returns `high`, so it can never
    answer 1: balanced_pack([2, 0, 1, 2], 2) has b* = 1 and should return
    [[0], [1, 2], [3]], but it returns [[0, 1], [2], [3]], greedy's packing with budget 2.
    """

    id = "never_tries_budget_one"
    title = "Binary search off by one: it never tries budget 1, so it can end one budget above b*"
    hint = (
        "If the low end of your range stands for a budget that fails, start it at 0, not 1: "
        "budget 1 may well keep the count."
    )

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _validate(sizes, max_tokens)
        target = _count(sizes, max_tokens)
        low, high = 1, max_tokens  # meant: low fails, high works
        while high - low > 1:
            middle = (low + high) // 2
            if _count(sizes, middle) <= target:
                high = middle
            else:
                low = middle
        return _pack(sizes, high)


class LowerBoundIsLargestSize(Mistake):
    """Starts the search at max(sizes), as if no chunk could need less than the largest sentence.

    A sentence larger than the budget is a chunk of its own, so b* can be far below
    max(sizes); and when max(sizes) > max_tokens the range is empty and the search returns
    greedy's packing with a budget above max_tokens: balanced_pack([9, 1, 1, 1], 2) returns
    [[0], [1, 2, 3]], a chunk of 3 tokens under a budget of 2.
    """

    id = "lower_bound_is_largest_size"
    title = "Starts the search at the largest sentence size"
    hint = (
        "A sentence larger than the budget stays alone in its chunk, so b* can be smaller than the "
        "largest sentence: search from 1."
    )

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _validate(sizes, max_tokens)
        target = _count(sizes, max_tokens)
        low = max(sizes, default=1)
        return _pack(sizes, _search(sizes, low, max_tokens, target))


class LowerBoundIsTheAverage(Mistake):
    """Starts the search at the average chunk size, ceil(sum(sizes) / k) for greedy's k chunks, as if k chunks
    under a budget b could hold no more than k * b tokens.

    A sentence larger than the budget is a chunk of its own and holds more than b, so b* can be below the
    average: balanced_pack([2, 0, 1], 2) searches from ceil(3 / 2) = 2 and returns [[0, 1], [2]], where
    budget 1 also makes two chunks and the answer is [[0], [1, 2]].
    """

    id = "lower_bound_is_the_average"
    title = "Starts the search at the average chunk size, ceil(total / k)"
    hint = "An oversized sentence holds more than the budget, so k chunks can hold more than k times b*: search from 1."

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _validate(sizes, max_tokens)
        if len(sizes) == 0:
            return []
        target = _count(sizes, max_tokens)
        low = min(-(-sum(sizes) // target), max_tokens)
        return _pack(sizes, _search(sizes, low, max_tokens, target))


class UpperBoundBelowMaxTokens(Mistake):
    """Searches only the budgets below max_tokens, so it cannot answer b* = max_tokens.

    When no smaller budget keeps greedy's count, the answer is greedy's own packing, but
    the search ends on max_tokens - 1 instead: balanced_pack([3, 4], 7) returns [[0], [1]].
    """

    id = "upper_bound_below_max_tokens"
    title = "Searches only the budgets below max_tokens"
    hint = (
        "b* may be max_tokens itself (then the answer is greedy's own packing): "
        "the range searched must include max_tokens."
    )

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _validate(sizes, max_tokens)
        target = _count(sizes, max_tokens)
        return _pack(sizes, _search(sizes, 1, max_tokens - 1, target))


class TargetCountedBelowMaxTokens(Mistake):
    """Falls back to greedy's own packing when no smaller budget keeps the count, but takes the
    count at max_tokens - 1, the top of the smaller budgets it searches, instead of at max_tokens.

    When max_tokens - 1 already makes more chunks than max_tokens (b* = max_tokens), it
    looks for the smallest budget with that larger count and returns too many chunks:
    balanced_pack([3, 4, 2, 5, 1], 8) returns [[0], [1, 2], [3, 4]] instead of greedy's
    [[0, 1], [2, 3, 4]].
    """

    id = "target_counted_below_max_tokens"
    title = "Takes greedy's chunk count at max_tokens - 1 instead of at max_tokens"
    hint = "The count to keep is the one greedy makes with max_tokens itself; count it there, before the search."

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _validate(sizes, max_tokens)
        best = _pack(sizes, max_tokens)  # greedy's own packing, if no smaller budget keeps its count
        low, high = 1, max_tokens - 1
        target = _count(sizes, high)
        while low <= high:
            middle = (low + high) // 2
            chunks = _pack(sizes, middle)
            if len(chunks) == target:
                best, high = chunks, middle - 1
            else:
                low = middle + 1
        return best


class SearchesForFewerChunks(Mistake):
    """Looks for the smallest budget that makes fewer chunks than greedy (<) instead of no more (<=).

    No budget up to max_tokens makes fewer chunks than greedy, so the search always ends on
    max_tokens and returns greedy's own packing, unbalanced: balanced_pack([3, 4, 2, 5, 1], 7)
    returns [[0, 1], [2, 3], [4]].
    """

    id = "searches_for_fewer_chunks"
    title = "Searches for a budget with fewer chunks than greedy's, so it always returns greedy's own packing"
    hint = "A budget works when it makes as many chunks as greedy with max_tokens (count <= k), not fewer."

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _validate(sizes, max_tokens)
        target = _count(sizes, max_tokens)
        low, high = 1, max_tokens
        while low < high:
            middle = (low + high) // 2
            if _count(sizes, middle) < target:
                high = middle
            else:
                low = middle + 1
        return _pack(sizes, low)


class BudgetFromTheAverage(Mistake):
    """Skips the search and packs with the average chunk size, ceil(sum(sizes) / k), as the budget.

    Whole sentences rarely add up to the average, so that budget usually makes more chunks:
    balanced_pack([3, 4, 2, 5, 1], 7) uses budget 5 and returns five chunks of one sentence.
    """

    id = "budget_from_the_average"
    title = "Uses the average chunk size as the budget instead of searching for b*"
    hint = (
        "Whole sentences do not add up to the average: search for the smallest budget that still makes greedy's count."
    )

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _validate(sizes, max_tokens)
        target = _count(sizes, max_tokens)
        if target == 0:
            return []
        average = -(-sum(sizes) // target)
        return _pack(sizes, max(1, average))


class CrashesOnNoSentences(Mistake):
    """Counts chunks starting from sizes[0] without checking that there is a first sentence.

    balanced_pack([], 5) raises IndexError instead of returning [].
    """

    id = "crashes_on_no_sentences"
    title = "Fails on an empty list of sentences"
    hint = "With no sentences there are no chunks: return [] (after checking max_tokens)."

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _validate(sizes, max_tokens)

        def count(budget):
            chunks, total = 1, sizes[0]
            for size in sizes[1:]:
                if total + size > budget:
                    chunks += 1
                    total = 0
                total += size
            return chunks

        target = count(max_tokens)
        low, high = 1, max_tokens
        while low < high:
            middle = (low + high) // 2
            if count(middle) <= target:
                high = middle
            else:
                low = middle + 1
        return _pack(sizes, low)


class AcceptsNegativeSizes(Mistake):
    """Does not check the sizes, so a negative size is packed as if it made room in its chunk.

    balanced_pack([3, 4, -5], 7) returns [[0, 1, 2]] instead of raising ValueError. With
    negative sizes the count can rise as the budget grows, and the search is no longer valid:
    balanced_pack([4, -2, 1, 2], 2) returns [[0], [1, 2, 3]], two chunks where greedy with
    budget 2 makes three.
    """

    id = "accepts_negative_sizes"
    title = "Accepts negative sizes"
    hint = "A sentence cannot have fewer than 0 tokens: raise ValueError naming sizes[i] and its value."

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _require_int("max_tokens", max_tokens)
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        _require_sequence(sizes)
        for index, size in enumerate(sizes):
            _require_int(f"sizes[{index}]", size)
        target = _count(sizes, max_tokens)
        return _pack(sizes, _search(sizes, 1, max_tokens, target))


class AcceptsBool(Mistake):
    """Checks isinstance(value, int), which True and False pass, since bool is a subclass of int.

    balanced_pack([3, 4, True], 7) returns a packing instead of raising TypeError.
    """

    id = "accepts_bool"
    title = "Accepts True and False as numbers"
    hint = "bool is a subclass of int: reject it explicitly, in max_tokens and in every size."

    @staticmethod
    def balanced_pack(sizes, max_tokens):
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
        target = _count(sizes, max_tokens)
        return _pack(sizes, _search(sizes, 1, max_tokens, target))


class AcceptsABoolBudget(Mistake):
    """Refuses a bool size, but checks max_tokens with isinstance(max_tokens, int) alone, which True passes.

    balanced_pack([3, 4], True) packs with a budget of 1 instead of raising TypeError.
    """

    id = "accepts_a_bool_budget"
    title = "Accepts True as max_tokens"
    hint = "bool is a subclass of int: refuse it in max_tokens as you do in the sizes."

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        if not isinstance(max_tokens, int):
            raise TypeError(f"max_tokens must be an int, got {max_tokens!r} of type {type(max_tokens).__name__}")
        _validate(sizes, int(max_tokens))
        target = _count(sizes, max_tokens)
        return _pack(sizes, _search(sizes, 1, max_tokens, target))


class ValidatesAfterEmptyCheck(Mistake):
    """Returns [] for no sentences before checking max_tokens, so balanced_pack([], 0) is accepted."""

    id = "validates_after_empty_check"
    title = "Skips the checks when there are no sentences"
    hint = "Check max_tokens first: a bad budget is a bug in the caller whatever the input."

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        if len(sizes) == 0:
            return []
        _validate(sizes, max_tokens)
        target = _count(sizes, max_tokens)
        return _pack(sizes, _search(sizes, 1, max_tokens, target))


class ChecksEveryTypeBeforeAnyValue(Mistake):
    """Checks the type of every size, then the value of every size: the first bad size does not decide.

    balanced_pack([2, -1, True], 7) raises TypeError for sizes[2]; the contract checks each size in
    order, type then value, so it is ValueError for sizes[1].
    """

    id = "checks_every_type_before_any_value"
    title = "Checks every size's type before any size's value"
    hint = "Check the sizes one at a time, in order: each for its type, then its value."

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _require_int("max_tokens", max_tokens)
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        _require_sequence(sizes)
        for index, size in enumerate(sizes):
            _require_int(f"sizes[{index}]", size)
        for index, size in enumerate(sizes):
            if size < 0:
                raise ValueError(f"sizes[{index}] must be at least 0, got {size}")
        return _pack(sizes, _search(sizes, 1, max_tokens, _count(sizes, max_tokens)))


class ChecksTheSizesFirst(Mistake):
    """Checks the sizes before max_tokens: with both bad, the error is about a size.

    balanced_pack([-1], 0) raises ValueError for sizes[0]; the contract checks max_tokens first.
    """

    id = "checks_the_sizes_first"
    title = "Checks the sizes before max_tokens"
    hint = "Check max_tokens first: a bad budget is the caller's first mistake, whatever the sizes."

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _require_sequence(sizes)
        for index, size in enumerate(sizes):
            _require_int(f"sizes[{index}]", size)
            if size < 0:
                raise ValueError(f"sizes[{index}] must be at least 0, got {size}")
        _require_int("max_tokens", max_tokens)
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        return _pack(sizes, _search(sizes, 1, max_tokens, _count(sizes, max_tokens)))


class SearchLowBecomesMiddle(Mistake):
    """Moves the low end to middle, not middle + 1, when middle makes too many chunks.

    Once high == low + 1 and low fails, middle is low again and the range stops shrinking:
    balanced_pack([3, 4, 2, 5, 1], 7) reaches low = 5, high = 6 (budget 5 makes 5 chunks)
    and never returns.
    """

    id = "search_low_becomes_middle"
    title = "Binary search sets low = middle when middle fails, so it can loop forever"
    hint = (
        "A middle that makes too many chunks is not b*, and neither is any budget below it: "
        "move the low end past it, or the range can stop shrinking."
    )

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _validate(sizes, max_tokens)
        target = _count(sizes, max_tokens)
        low, high = 1, max_tokens
        while low < high:
            middle = (low + high) // 2
            if _count(sizes, middle) <= target:
                high = middle
            else:
                low = middle
        return _pack(sizes, low)


class PackDropsTheLastChunk(Mistake):
    """Builds the chunks with b* but never appends the chunk still open after the loop.

    The search is right, but the last chunk and its sentences are lost:
    balanced_pack([3, 4, 2, 5, 1], 7) returns [[0], [1, 2]] instead of
    [[0], [1, 2], [3, 4]], and balanced_pack([3], 5) returns [].
    """

    id = "pack_drops_the_last_chunk"
    title = "Forgets the last open chunk when building the packing"
    hint = "When the loop over the sentences ends, the chunk still open holds the last sentences: keep it."

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _validate(sizes, max_tokens)
        target = _count(sizes, max_tokens)
        budget = _search(sizes, 1, max_tokens, target)
        chunks, current, total = [], [], 0
        for index, size in enumerate(sizes):
            if current and total + size > budget:
                chunks.append(current)
                current, total = [], 0
            current.append(index)
            total += size
        return chunks


def _count_closing_on_fit(sizes, budget):
    """Greedy's count, but a chunk closes when the next sentence would reach the budget (>=), not pass it."""
    if len(sizes) == 0:
        return 0
    chunks, total = 1, sizes[0]
    for size in sizes[1:]:
        if total + size >= budget:
            chunks += 1
            total = 0
        total += size
    return chunks


def _pack_closing_on_fit(sizes, budget):
    """Greedy's packing, but a chunk closes when the next sentence would reach the budget (>=), not pass it."""
    chunks, current, total = [], [], 0
    for index, size in enumerate(sizes):
        if current and total + size >= budget:
            chunks.append(current)
            current, total = [], 0
        current.append(index)
        total += size
    if current:
        chunks.append(current)
    return chunks


class GreedyClosesOnExactFit(Mistake):
    """Closes a chunk when the next sentence would bring it to the budget (>=), not above it (>).

    Every count and packing is then greedy's with one token less, so a chunk that fits exactly
    is split: balanced_pack([3, 4], 7) returns [[0], [1]] instead of [[0, 1]], and
    balanced_pack([1, 0], 1) returns [[0], [1]] instead of [[0, 1]].
    """

    id = "greedy_closes_on_exact_fit"
    title = "Greedy rule closes a chunk when the next sentence would fill it exactly (>= instead of >)"
    hint = (
        "A chunk whose total equals the budget fits: close it only when the next sentence "
        "would push it above the budget, in the count and in the packing."
    )

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _validate(sizes, max_tokens)
        target = _count_closing_on_fit(sizes, max_tokens)
        low, high = 1, max_tokens
        while low < high:
            middle = (low + high) // 2
            if _count_closing_on_fit(sizes, middle) <= target:
                high = middle
            else:
                low = middle + 1
        return _pack_closing_on_fit(sizes, low)


class LinearScanDownAfterTheEmptyCheck(Mistake):
    """Returns [] at once for no sentences, then lowers the budget one token at a time from max_tokens.

    The empty input is answered at once, but every other input still costs one greedy pass per
    budget between b* and max_tokens: balanced_pack([3, 4, 2, 5, 1], 10**12) never returns.
    """

    id = "linear_scan_down_after_the_empty_check"
    title = (
        "Lowers the budget one token at a time from max_tokens (a linear scan), after answering no sentences at once"
    )
    hint = (
        "The count never rises as the budget grows, so binary search the budgets: "
        "about 40 greedy passes for a budget of 10**12."
    )

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _validate(sizes, max_tokens)
        if not sizes:
            return []
        return LinearScanDownFromMaxTokens.balanced_pack(sizes, max_tokens)


class ClosesOnlyAfterSomeTokens(Mistake):
    """Greedy closes a chunk only when its total is above zero (`total > 0`), not whenever it holds a sentence.

    A chunk of zero-size sentences then never closes, and takes the oversized sentence after
    it: balanced_pack([0, 5, 0, 5], 4) returns [[0, 1], [2, 3]] instead of [[0], [1], [2], [3]].
    """

    id = "closes_only_after_some_tokens"
    title = "Closes a chunk only when its total is above zero, so zero-size sentences join an oversized one"
    hint = (
        "A chunk that holds sentences is not empty even when they count 0 tokens: close it when "
        "it holds something and the next sentence would pass the budget, in the count and in the packing."
    )

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _validate(sizes, max_tokens)

        def count(budget):
            chunks, total, open_chunk = 0, 0, False
            for size in sizes:
                if total > 0 and total + size > budget:
                    chunks, total = chunks + 1, 0
                total, open_chunk = total + size, True
            return chunks + open_chunk

        def pack(budget):
            chunks, current, total = [], [], 0
            for index, size in enumerate(sizes):
                if total > 0 and total + size > budget:
                    chunks.append(current)
                    current, total = [], 0
                current.append(index)
                total += size
            return chunks + [current] if current else chunks

        target, low, high = count(max_tokens), 1, max_tokens
        while low < high:
            middle = (low + high) // 2
            low, high = (low, middle) if count(middle) <= target else (middle + 1, high)
        return pack(low)


class CachesThePacking(Mistake):
    """Keeps every answer in a dict keyed on the input, and returns the very same list when asked again.

    The first answer is right, but a caller who changes it changes the next one: after
    answer = balanced_pack([1, 2, 2], 4), answer[0].append(99) and answer.clear(), the
    same call returns [] instead of [[0, 1], [2]]. Two calls also share their lists.
    """

    id = "caches_the_packing"
    title = "Returns a cached answer, the same lists every time, so a caller's change spoils the next call"
    hint = (
        "Return a new list of new lists on every call: an answer handed out belongs to the caller, who may "
        "change it. If you cache, cache something the caller cannot reach, and build a fresh answer from it."
    )

    _answers: dict = {}  # noqa: RUF012 -- shared by every call, as the learner's cache was

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _validate(sizes, max_tokens)
        key = (tuple(sizes), max_tokens)
        if key not in CachesThePacking._answers:
            target = _count(sizes, max_tokens)
            CachesThePacking._answers[key] = _pack(sizes, _search(sizes, 1, max_tokens, target))
        return CachesThePacking._answers[key]


def _count_zero_never_closes(sizes, budget):
    """Greedy's count, but a sentence of 0 tokens never closes a chunk, not even one already above the budget."""
    if len(sizes) == 0:
        return 0
    chunks, total = 1, sizes[0]
    for size in sizes[1:]:
        if size > 0 and total + size > budget:
            chunks += 1
            total = 0
        total += size
    return chunks


def _pack_zero_never_closes(sizes, budget):
    """Greedy's packing, but a sentence of 0 tokens never closes a chunk, not even one already above the budget."""
    chunks, current, total = [], [], 0
    for index, size in enumerate(sizes):
        if current and size > 0 and total + size > budget:
            chunks.append(current)
            current, total = [], 0
        current.append(index)
        total += size
    if current:
        chunks.append(current)
    return chunks


class CountsAChunkOfZeroTokensAsEmpty(Mistake):
    """Packs by the right rule, but the count that decides b* closes a chunk only when its total is above zero.

    The count then lets an oversized sentence join a chunk of zero-size sentences, so a budget that makes more
    chunks looks as good as max_tokens: balanced_pack([0, 2], 2) takes budget 1 and returns [[0], [1]] instead
    of [[0, 1]].
    """

    id = "counts_a_chunk_of_zero_tokens_as_empty"
    title = "Counts chunks for the search with `total > 0` where the packing asks whether the chunk holds a sentence"
    hint = (
        "The count that decides b* and the packing must close chunks by the same rule: a chunk that holds "
        "sentences is not empty, even at 0 tokens."
    )

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _validate(sizes, max_tokens)

        def count(budget):
            chunks, total, open_chunk = 0, 0, False
            for size in sizes:
                if total > 0 and total + size > budget:
                    chunks, total = chunks + 1, 0
                total, open_chunk = total + size, True
            return chunks + open_chunk

        target, low, high = count(max_tokens), 1, max_tokens
        while low < high:
            middle = (low + high) // 2
            if count(middle) <= target:
                high = middle
            else:
                low = middle + 1
        return _pack(sizes, low)


class ZeroSizeJoinsAnOversizedSentence(Mistake):
    """Lets a sentence of 0 tokens join whatever chunk is open, as if adding 0 could never push a total over.

    A chunk holding a sentence larger than the budget is already above it, and 9 + 0 = 9 is
    still above a budget of 5, so the rule closes it: balanced_pack([9, 0], 5) is
    [[0], [1]], but this gives [[0, 1]]. With b* = 1 the same happens to every sentence
    before a 0: balanced_pack([2, 0, 1], 2) gives [[0, 1], [2]] instead of [[0], [1, 2]].
    """

    id = "zero_size_joins_an_oversized_sentence"
    title = "Lets a zero-size sentence join a chunk already above the budget"
    hint = (
        "The rule compares the open chunk's total plus the next size with the budget: a chunk already above "
        "the budget (one oversized sentence) stays above it with 0 added, so even a 0-token sentence closes "
        "it, in the count and in the packing."
    )

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _validate(sizes, max_tokens)
        target = _count_zero_never_closes(sizes, max_tokens)
        low, high = 1, max_tokens
        while low < high:
            middle = (low + high) // 2
            if _count_zero_never_closes(sizes, middle) <= target:
                high = middle
            else:
                low = middle + 1
        return _pack_zero_never_closes(sizes, low)


class LowerBoundIsLargestSizeCapped(Mistake):
    """Starts the search at the largest sentence, capped at max_tokens: low = min(max(sizes), max_tokens).

    The cap keeps the budget within max_tokens, but a sentence larger than the budget is a
    chunk of its own, so b* can still be below the largest sentence:
    balanced_pack([2, 1, 1, 3], 3) has b* = 2 and should return [[0], [1, 2], [3]], but the
    search starts at 3 and returns greedy's own packing, [[0, 1], [2], [3]].
    """

    id = "lower_bound_is_largest_size_capped"
    title = "Starts the search at the largest sentence size (capped at max_tokens)"
    hint = (
        "A sentence larger than the budget stays alone in its chunk, so b* can be smaller than the "
        "largest sentence: search from 1."
    )

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _validate(sizes, max_tokens)
        target = _count(sizes, max_tokens)
        low = max(1, min(max(sizes, default=1), max_tokens))
        return _pack(sizes, _search(sizes, low, max_tokens, target))


class EmptyChunkForNoSentences(Mistake):
    """Appends the open chunk after the packing loop without checking that it holds a sentence.

    Every other input is packed right, but balanced_pack([], 5) returns [[]], one empty
    chunk, instead of [].
    """

    id = "empty_chunk_for_no_sentences"
    title = "Returns [[]] for no sentences"
    hint = "With no sentences there is no chunk at all: append the open chunk at the end only if it holds a sentence."

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _validate(sizes, max_tokens)
        budget = _search(sizes, 1, max_tokens, _count(sizes, max_tokens))
        chunks, current, total = [], [], 0
        for index, size in enumerate(sizes):
            if current and total + size > budget:
                chunks.append(current)
                current, total = [], 0
            current.append(index)
            total += size
        chunks.append(current)
        return chunks


class ChecksTheValueBeforeTheType(Mistake):
    """Checks each size for `size < 0` before checking that it is an int.

    Python itself then raises for a size that cannot be compared with 0, with a message
    that does not name the size: balanced_pack([1, 2, 3, "2"], 10) raises
    TypeError("'<' not supported between instances of 'str' and 'int'") instead of naming sizes[3].
    """

    id = "checks_the_value_before_the_type"
    title = "Compares each size with 0 before checking that it is an int"
    hint = "Check each size's type first, then its value: a str or None cannot be compared with 0."

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _require_int("max_tokens", max_tokens)
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        _require_sequence(sizes)
        for index, size in enumerate(sizes):
            if size < 0:
                raise ValueError(f"sizes[{index}] must be at least 0, got {size}")
            _require_int(f"sizes[{index}]", size)
        return _pack(sizes, _search(sizes, 1, max_tokens, _count(sizes, max_tokens)))


class ReturnsTheLastPackingTried(Mistake):
    """Remembers the last middle budget the search tried and returns its packing, not the one for b*.

    The search itself is right, but its last middle is often a budget that failed:
    balanced_pack([3, 4, 2, 5, 1], 7) tries 4, 6 and then 5, and returns greedy's packing
    with budget 5, [[0], [1], [2], [3], [4]], instead of the one with b* = 6.
    """

    id = "returns_the_last_packing_tried"
    title = "Returns the packing of the last budget the search tried, not of b*"
    hint = "When the search ends, low == high == b*: build the packing with that budget, after the loop."

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _validate(sizes, max_tokens)
        target = _count(sizes, max_tokens)
        budget = max_tokens
        low, high = 1, max_tokens
        while low < high:
            middle = (low + high) // 2
            budget = middle
            if _count(sizes, middle) <= target:
                high = middle
            else:
                low = middle + 1
        return _pack(sizes, budget)


class MiddleComputedInFloats(Mistake):
    """Computes the middle budget as int((low + high) / 2): true division gives a float, and a float holds every
    integer only up to 2**53.

    Above that the middle is rounded, can come out equal to high, and the range stops shrinking:
    balanced_pack([10**18 - 1, 1], 10**18) never returns.
    """

    id = "middle_computed_in_floats"
    title = "Computes the middle budget with / (a float), which is not exact above 2**53"
    hint = "Use integer division, (low + high) // 2: it is exact for ints of any size, and max_tokens may be any int."

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _validate(sizes, max_tokens)
        target = _count(sizes, max_tokens)
        low, high = 1, max_tokens
        while low < high:
            middle = int((low + high) / 2)
            if _count(sizes, middle) <= target:
                high = middle
            else:
                low = middle + 1
        return _pack(sizes, low)


class CopiesTheChunksForEveryChunk(Mistake):
    """Builds the packing with chunks = chunks + [chunk], which copies every chunk made so far for each new one.

    The answer is right, but the packing costs the number of chunks times itself:
    balanced_pack([10] * 100_000, 5) makes 100,000 chunks and copies about 5,000,000,000 list items.
    """

    id = "copies_the_chunks_for_every_chunk"
    title = "Adds each chunk with chunks = chunks + [chunk], copying the list every time (quadratic in the chunks)"
    hint = "chunks + [chunk] builds a new list of every chunk so far: append to one list, chunks.append(chunk)."

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _validate(sizes, max_tokens)
        budget = _search(sizes, 1, max_tokens, _count(sizes, max_tokens))
        chunks, current, total = [], [], 0
        for index, size in enumerate(sizes):
            if current and total + size > budget:
                chunks = chunks + [current]
                current, total = [], 0
            current.append(index)
            total += size
        if current:
            chunks = chunks + [current]
        return chunks


class RewritesEachSizeAsAnInt(Mistake):
    """Rewrites each size of a list as a plain int, in place, before packing (sizes[i] = int(sizes[i])).

    The answer is right and the list still compares equal, but an IntEnum member the caller put
    in it is gone: sizes[0] is Tokens.THREE no longer holds.
    """

    id = "rewrites_each_size_as_an_int"
    title = "Rewrites each size of the caller's list as a plain int (sizes[i] = int(sizes[i]))"
    hint = "Never write into sizes: an int subclass is an int already, and what you need, keep in a list of your own."

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _validate(sizes, max_tokens)
        if isinstance(sizes, list):
            for index, size in enumerate(sizes):
                sizes[index] = int(size)
        return _pack(sizes, _search(sizes, 1, max_tokens, _count(sizes, max_tokens)))


class NamesTheFirstEqualSize(Mistake):
    """Finds the index for its error message with sizes.index(size): the first size equal to the bad one.

    An equal size need not be the bad one: 2.0 == 2 and True == 1, so balanced_pack([4, 2, 2.0], 7) names
    sizes[1], an int, where the float is sizes[2].
    """

    id = "names_the_first_equal_size"
    title = "Finds the bad size's index with sizes.index(size), which names the first equal size"
    hint = "Keep the index as you go (for index, size in enumerate(sizes)): sizes.index() finds the first equal value."

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _require_int("max_tokens", max_tokens)
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        _require_sequence(sizes)
        for size in sizes:
            if not isinstance(size, int) or isinstance(size, bool):
                where = sizes.index(size)
                raise TypeError(f"sizes[{where}] must be an int, got {size!r} of type {type(size).__name__}")
            if size < 0:
                raise ValueError(f"sizes[{sizes.index(size)}] must be at least 0, got {size}")
        return _pack(sizes, _search(sizes, 1, max_tokens, _count(sizes, max_tokens)))


def _require_exactly_int(name, value):
    if type(value) is not int:
        raise TypeError(f"{name} must be an int, got {value!r} of type {type(value).__name__}")


class RefusesAnIntSubclass(Mistake):
    """Checks type(value) is int, which refuses bool but also every other subclass of int.

    An IntEnum member is an int: balanced_pack([3, 4], Budget.SMALL), where Budget.SMALL is 7, raises TypeError
    instead of returning [[0, 1]].
    """

    id = "refuses_an_int_subclass"
    title = "Refuses an int subclass such as an IntEnum member (checks type(value) is int)"
    hint = (
        "Only bool is refused: check isinstance(value, int) and not isinstance(value, bool), so that an "
        "IntEnum member is taken for its value."
    )

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _require_exactly_int("max_tokens", max_tokens)
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        _require_sequence(sizes)
        for index, size in enumerate(sizes):
            _require_exactly_int(f"sizes[{index}]", size)
            if size < 0:
                raise ValueError(f"sizes[{index}] must be at least 0, got {size}")
        return _pack(sizes, _search(sizes, 1, max_tokens, _count(sizes, max_tokens)))


class PacksAnyIterable(Mistake):
    """Turns sizes into a list first, list(sizes), so a set or an iterator is packed instead of refused.

    A set has no order of its own: balanced_pack({3, 4}, 7) returns [[0, 1]], indices of sentences the caller
    cannot name, instead of raising TypeError; list(None) raises a TypeError that does not name sizes.
    """

    id = "packs_any_iterable"
    title = "Packs whatever can be iterated (a set, an iterator) after list(sizes), instead of refusing it"
    hint = "sizes must be a sequence (a list, a tuple, a range): refuse anything else with TypeError naming sizes."

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _require_int("max_tokens", max_tokens)
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        sizes = list(sizes)
        _validate(sizes, max_tokens)
        return _pack(sizes, _search(sizes, 1, max_tokens, _count(sizes, max_tokens)))


class DoesNotCheckTheSequence(Mistake):
    """Never checks that sizes is a sequence, so a set, an iterator or None fails with Python's own TypeError.

    balanced_pack(None, 7) raises "'NoneType' object is not iterable", which does not name sizes, and
    balanced_pack(iter([3, 4]), 7) reads the iterator while checking the sizes, then finds it has no len().
    """

    id = "does_not_check_the_sequence"
    title = "Does not check that sizes is a sequence (a set, an iterator, None fail with Python's own error)"
    hint = "Refuse a sizes that is not a sequence (a list, a tuple, a range) with TypeError naming sizes and its type."

    @staticmethod
    def balanced_pack(sizes, max_tokens):
        _require_int("max_tokens", max_tokens)
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        for index, size in enumerate(sizes):
            _require_int(f"sizes[{index}]", size)
            if size < 0:
                raise ValueError(f"sizes[{index}] must be at least 0, got {size}")
        return _pack(sizes, _search(sizes, 1, max_tokens, _count(sizes, max_tokens)))
