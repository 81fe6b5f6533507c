"""Inputs on which a scan over the budgets one by one cannot finish; each has a short time limit.

The sizes are drawn at run time (guard_random, tests/support/guard_inputs.py), so that no submission
can recognise them, and cheaply (20,000 random numbers), because the time limit covers drawing them
too. Each input is built from its answer: b* is drawn first, then chunks of random lengths whose
sizes add up to b* exactly, but the last chunk, which holds a little less. So greedy with budget b*
makes exactly these chunks (each is full, and the next sentence would push it above b*), and with
b* - 1 it makes more: every chunk then ends at least one sentence earlier, and the last one can no
longer reach the end, which even one sentence more would push above b* - 1.
"""

from tests.support.answers import is_exactly

from kata.judging.guards import complexity_guard
from kata.judging.checks import expect

SCAN_HINT = (
    "Look for a loop that tries the budgets one at a time (budget += 1 from 1, or budget -= 1 from "
    "max_tokens): here b* is close to 10**12, and each try is a greedy pass over 20,000 sentences. "
    "The count never rises as the budget grows, so binary search the budgets: about 40 passes."
)
MAX_TOKENS = 10**12
SPREAD_BITS = 26  # the sizes of a chunk differ by up to 2**26 tokens, far more than from chunk to chunk


def searched_budgets(b_star: int, *, high_past_a_fit: bool) -> list[int]:
    """The middle budgets a binary search over 1..10**12 tries, when the budgets from b_star up keep the count.

    A right search keeps a middle that fits as its high end; one that moves past it (high = middle - 1) is the
    catalogued mistake search_lands_one_below, which goes wrong only if it tries b* itself, and
    returns_the_last_packing_tried goes wrong only if a right search's last middle is not b*. The guards draw
    b* so that these mistakes do here what they did on the guards' fixed inputs of old, whatever the seed
    (search_lands_one_below passes both guards, returns_the_last_packing_tried fails the second only): the
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


def a_b_star(rng, low: int, high: int, *, last_tried: bool) -> int:
    """A random b* from `low` to `high` that a search moving past a fit never tries, and that a right search
    tries last (`last_tried`) or not."""
    while True:
        b_star = rng.randint(low, high)
        if b_star not in searched_budgets(b_star, high_past_a_fit=True) \
                and (searched_budgets(b_star, high_past_a_fit=False)[-1] == b_star) == last_tried:
            return b_star


def sizes_of_chunks(rng, lengths: list[int], totals: list[int], *, small_at_even: bool = False) -> list[int]:
    """Random sizes whose chunks of these lengths, in order, hold exactly these totals.

    Every size is a random number below 2**26 plus its chunk's base, which makes the total; with
    `small_at_even`, the sizes at even indices are random numbers from 1 to 255 instead, and only the
    others carry the base.
    """
    sizes: list[int] = []
    for length, total in zip(lengths, totals):
        chunk = [rng.randint(1, 255) if small_at_even and (len(sizes) + offset) % 2 == 0 else 0
                 for offset in range(length)]
        carrying = [offset for offset, size in enumerate(chunk) if size == 0]
        spread = [rng.getrandbits(SPREAD_BITS) for _ in carrying]
        base, rest = divmod(total - sum(chunk) - sum(spread), len(carrying))
        for position, (offset, part) in enumerate(zip(carrying, spread)):
            chunk[offset] = base + part + (position < rest)
        sizes += chunk
    return sizes


def chunks_of(lengths: list[int]) -> list[list[int]]:
    starts = [sum(lengths[:position]) for position in range(len(lengths))]
    return [list(range(start, start + length)) for start, length in zip(starts, lengths)]


def expect_the_chunks(chunks, lengths: list[int], b_star: int, shortfall: int) -> None:
    """The answer is exactly the chunks the input was built from: greedy's packing with b*."""
    expected = chunks_of(lengths)
    right = is_exactly(chunks, expected)
    details = ""
    if not right and type(chunks) is list:
        first = next((position for position, (mine, theirs) in enumerate(zip(chunks, expected))
                      if not is_exactly(mine, theirs)), None)
        details = f"It made {len(chunks):,} chunks" + ("." if first is None else (
            f"; the one at index {first} is not sentences {expected[first][0]} to {expected[first][-1]}."))
    expect(right, f"{len(lengths)} chunks, like greedy's with 10**12, of {', '.join(map(str, lengths))} sentences "
                  f"(b* = {b_star:,}: each chunk holds exactly b* tokens, but the last one {shortfall:,} fewer)",
           details=details)


@complexity_guard(seconds=4, hint=SCAN_HINT)
def test_twenty_thousand_equal_sentences_under_a_budget_of_a_trillion(balanced_pack, guard_random):
    # 15 chunks of about 1,334 sentences of about 700,000,000 tokens: 15 * b* is above 14 * 10**12, so greedy
    # with 10**12 makes 15 chunks too, 14 of about 1,428 sentences and a runt of a few dozen at most.
    b_star = a_b_star(guard_random, 933_400_000_000, 934_200_000_000, last_tried=True)
    lengths = [guard_random.randint(1_330, 1_338) for _ in range(14)]
    lengths.append(20_000 - sum(lengths))
    shortfall = guard_random.randint(1_000, 100_000_000)  # at least 15: the average chunk is below b*
    sizes = sizes_of_chunks(guard_random, lengths, [b_star] * 14 + [b_star - shortfall])
    expect_the_chunks(balanced_pack(sizes, MAX_TOKENS), lengths, b_star, shortfall)


@complexity_guard(seconds=4, hint=SCAN_HINT)
def test_twenty_thousand_sentences_of_one_and_a_billion_tokens(balanced_pack, guard_random):
    # Sizes of 1 to 255 and of about 1,000,000,000 in turn: 11 chunks of about 1,819 sentences, 11 * b* is
    # above 10 * 10**12. The last chunk starts at an even index, after a large size, which b* - 1 cannot carry.
    b_star = a_b_star(guard_random, 909_500_000_000, 910_500_000_000, last_tried=False)
    lengths = [guard_random.randint(1_814, 1_822) for _ in range(10)]
    lengths[-1] += sum(lengths) % 2
    lengths.append(20_000 - sum(lengths))
    shortfall = guard_random.randint(1_000, 100_000_000)
    sizes = sizes_of_chunks(guard_random, lengths, [b_star] * 10 + [b_star - shortfall], small_at_even=True)
    expect_the_chunks(balanced_pack(sizes, MAX_TOKENS), lengths, b_star, shortfall)
