"""Inputs on which a scan over the budgets one by one cannot finish; each has a short time limit.

The sizes are drawn at run time (guard_random, tests/support/guard_inputs.py), so that no submission
can recognise them, and cheaply (20,000 random numbers), because the time limit covers drawing them
too. The inputs are generic: random sizes (a base plus up to 2**26 more each, the base set so that the
sizes add up to a random total) whose chunks hold about 1,300 or 1,800 sentences and different totals,
so that no property of the whole input (prefix sums that reach b*, 2 * b*, ... exactly) gives b*.
The answer is judged with an independent oracle (tests/support/oracles.py): b* by bisection with
greedy's count from prefix sums and bisect, and greedy's packing under b* the same way.

A third input makes as many chunks as it has sentences, nearly: 150,000 chunks, most of them one sentence
larger than max_tokens and a quarter of them, at random, two sentences that add up to b* exactly. Its answer
follows from how it was built, and a cost that grows with the number of chunks times itself shows there.
"""

from array import array

from kata.judging.checks import expect
from kata.judging.guards import complexity_guard, paced
from tests.support.answers import is_exactly
from tests.support.oracles import greedy_chunks_fast, smallest_budget_keeping_the_count
from tests.support.paces import smallest_budget

SCAN_HINT = (
    "Look for a loop that tries the budgets one at a time (budget += 1 from 1, or budget -= 1 from "
    "max_tokens): here b* is close to 10**12, and each try is a greedy pass over 20,000 sentences. "
    "The count never rises as the budget grows, so binary search the budgets: about 40 passes."
)
MAX_TOKENS = 10**12
SPREAD_BITS = 26  # the large sizes differ by up to 2**26 tokens, so that the chunks' lengths and totals vary


def searched_budgets(b_star: int, *, high_past_a_fit: bool) -> list[int]:
    """The middle budgets a binary search over 1..10**12 tries, when the budgets from b_star up keep the count.

    A right search keeps a middle that fits as its high end; one that moves past it (high = middle - 1) is the
    catalogued mistake search_lands_one_below, which goes wrong only if it tries b* itself, and
    returns_the_last_packing_tried goes wrong only if a right search's last middle is not b*. The guards draw
    b* so that these mistakes do here what they did on the guards' fixed inputs of old, whatever the seed
    (search_lands_one_below passes every guard, returns_the_last_packing_tried fails the second and the third): the
    fixed tests a mistake fails are its record, by which a learner's run is named.
    """
    low, high, middles = 1, MAX_TOKENS, []
    while low < high:
        middle = (low + high) // 2
        middles.append(middle)
        if middle >= b_star:
            high = middle - 1 if high_past_a_fit else middle
        else:
            low = middle + 1
    return middles


def random_sizes(rng, count: int, total: int, *, small_at_even: bool) -> list[int]:
    """`count` random sizes that add up to about `total`: a base plus a random number below 2**26 each, or, with
    `small_at_even`, random numbers from 1 to 255 at even indices and such sizes at odd ones. Drawn in C."""
    spread = [word >> (32 - SPREAD_BITS) for word in array("I", rng.randbytes(4 * count))]
    small = list(rng.randbytes(count).translate(bytes(max(byte, 1) for byte in range(256)))) if small_at_even else []
    large = range(1, count, 2) if small_at_even else range(count)
    base = (total - sum(small[0::2]) - sum(spread[index] for index in large)) // len(large)
    sizes = [base + part for part in spread]
    if small_at_even:
        sizes[0::2] = small[0::2]
    return sizes


def a_b_star(rng, low: int, high: int, *, last_tried: bool) -> int:
    """A random b* from `low` to `high` that a search moving past a fit never tries, and that a right search
    tries last (`last_tried`) or not: see searched_budgets."""
    while True:
        b_star = rng.randint(low, high)
        if (
            b_star not in searched_budgets(b_star, high_past_a_fit=True)
            and (searched_budgets(b_star, high_past_a_fit=False)[-1] == b_star) == last_tried
        ):
            return b_star


def sizes_and_b_star(rng, count: int, low: int, high: int, *, small_at_even: bool, last_tried: bool):
    """Random sizes, drawn again until their b* is one that a search moving past a fit never tries, and that a
    right search tries last (`last_tried`) or not; their total is drawn from `low` to `high`."""
    while True:
        sizes = random_sizes(rng, count, rng.randint(low, high), small_at_even=small_at_even)
        b_star = smallest_budget_keeping_the_count(sizes, MAX_TOKENS)
        if (
            b_star not in searched_budgets(b_star, high_past_a_fit=True)
            and (searched_budgets(b_star, high_past_a_fit=False)[-1] == b_star) == last_tried
        ):
            return sizes, b_star


def expect_the_chunks(chunks, expected: list[list[int]], b_star: int) -> None:
    """The answer is greedy's packing with b*, both known before the call (from the independent oracle, or from how
    the input was built)."""
    right = is_exactly(chunks, expected)
    details = ""
    if not right and type(chunks) is list:
        first = next(
            (position for position, (mine, theirs) in enumerate(zip(chunks, expected)) if not is_exactly(mine, theirs)),
            None,
        )
        details = f"It made {len(chunks):,} chunks" + (
            "."
            if first is None
            else (f"; the one at index {first} is not sentences {expected[first][0]} to {expected[first][-1]}.")
        )
    lengths = (
        ", ".join(f"{len(chunk):,}" for chunk in expected)
        if len(expected) <= 20
        else " or ".join(str(length) for length in sorted({len(chunk) for chunk in expected}))
    )
    expect(
        right,
        f"{len(expected):,} chunks, as many as greedy makes with 10**12: greedy's packing with "
        f"b* = {b_star:,} (the smallest budget that makes that many), of {lengths} sentences",
        details=details,
    )


@complexity_guard(paced=True, hint=SCAN_HINT)
def test_twenty_thousand_equal_sentences_under_a_budget_of_a_trillion(balanced_pack, guard_random):
    # Sizes of about 700,000,000 tokens, adding up to a little above 14 * 10**12: greedy with 10**12 makes 15
    # chunks, 14 of about 1,428 sentences and a runt of a few dozen at most; b* is about a fifteenth of the total,
    # and its chunks hold about 1,334 sentences each.
    sizes, b_star = sizes_and_b_star(
        guard_random, 20_000, 14_004_000_000_000, 14_012_000_000_000, small_at_even=False, last_tried=True
    )
    paced(lambda: smallest_budget(sizes, MAX_TOKENS))
    expected = greedy_chunks_fast(sizes, b_star)
    expect_the_chunks(balanced_pack(sizes, MAX_TOKENS), expected, b_star)


@complexity_guard(paced=True, hint=SCAN_HINT)
def test_twenty_thousand_sentences_of_one_and_a_billion_tokens(balanced_pack, guard_random):
    # Sizes of 1 to 255 and of about 1,000,000,000 in turn, adding up to a little above 10 * 10**12: greedy makes
    # 11 chunks, the last a runt of a few dozen sentences; b* is about an eleventh of the total, and its chunks
    # hold about 1,819 sentences each.
    sizes, b_star = sizes_and_b_star(
        guard_random, 20_000, 10_004_000_000_000, 10_012_000_000_000, small_at_even=True, last_tried=False
    )
    paced(lambda: smallest_budget(sizes, MAX_TOKENS))
    expected = greedy_chunks_fast(sizes, b_star)
    expect_the_chunks(balanced_pack(sizes, MAX_TOKENS), expected, b_star)


CHUNKS_HINT = (
    "Look for a step that copies the chunks made so far for every new chunk (chunks = chunks + [chunk], or "
    "inserting at the front): here greedy makes 150,000 chunks, and copying them all for each one is quadratic. "
    "Append each chunk to one list (chunks.append(chunk)): the packing is one pass."
)


def chunks_of_one_and_two_sentences(rng, count: int, b_star: int) -> tuple[list[int], list[list[int]]]:
    """`count` chunks, each one sentence larger than max_tokens (three in four, at random) or two sentences that add
    up to b_star exactly, the first from a quarter to four fifths of it: the sizes, and greedy's packing with any
    budget from b_star to max_tokens. A chunk of two fits b_star exactly and no more (so b_star - 1 splits every
    one of them), and a sentence larger than max_tokens is alone under any budget."""
    kinds, words = rng.randbytes(count), array("I", rng.randbytes(4 * count))
    sizes: list[int] = []
    chunks: list[list[int]] = []
    for kind, word in zip(kinds, words):
        if kind < 64:
            first = b_star // 4 + (word << 7)  # a quarter of b_star, plus up to 2**39: less than four fifths
            chunks.append([len(sizes), len(sizes) + 1])
            sizes += (first, b_star - first)
        else:
            chunks.append([len(sizes)])
            sizes.append(MAX_TOKENS + 1 + (word << 8))
    return sizes, chunks


@complexity_guard(paced=True, hint=CHUNKS_HINT)
def test_a_hundred_and_fifty_thousand_chunks_under_a_budget_of_a_trillion(balanced_pack, guard_random):
    # About 187,500 sentences in 150,000 chunks: a quarter of the chunks two sentences adding up to b*, the rest
    # one sentence above 10**12. b* is 10**12 less 2**30 to 2**31, so the search takes about 40 passes; copying
    # the list of chunks for every chunk costs 150,000 * 150,000 / 2 copies, ten times as long as this limit.
    b_star = a_b_star(guard_random, MAX_TOKENS - 2**31, MAX_TOKENS - 2**30, last_tried=False)
    sizes, expected = chunks_of_one_and_two_sentences(guard_random, 150_000, b_star)
    paced(lambda: smallest_budget(sizes, MAX_TOKENS))
    expect_the_chunks(balanced_pack(sizes, MAX_TOKENS), expected, b_star)
