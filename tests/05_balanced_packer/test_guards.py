"""Inputs on which a scan over the budgets one by one cannot finish; each has a short time limit.

The inputs are built cheaply ([700_000_000] * 20_000), because the time limit covers building them too.
"""

from tests.support.answers import is_exactly

from kata.judging.guards import complexity_guard
from kata.judging.checks import expect
from kata.vocabulary import counted

SCAN_HINT = (
    "Look for a loop that tries the budgets one at a time (budget += 1 from 1, or budget -= 1 from "
    "max_tokens): here b* is close to 10**12, and each try is a greedy pass over 20,000 sentences. "
    "The count never rises as the budget grows, so binary search the budgets: about 40 passes."
)


@complexity_guard(seconds=4, hint=SCAN_HINT)
def test_twenty_thousand_equal_sentences_under_a_budget_of_a_trillion(balanced_pack):
    chunks = balanced_pack([700_000_000] * 20_000, 10**12)
    expect(is_exactly(chunks, [list(range(start, min(start + 1_334, 20_000))) for start in range(0, 20_000, 1_334)]),
           "15 chunks, like greedy's: 14 of 1,334 sentences and a last one of 1,324 (b* = 933,800,000,000), "
           "where greedy makes 14 chunks of 1,428 sentences and a last one of 8")


@complexity_guard(seconds=4, hint=SCAN_HINT)
def test_twenty_thousand_sentences_of_one_and_a_billion_tokens(balanced_pack):
    sizes = [1, 1_000_000_000] * 10_000
    chunks = balanced_pack(list(sizes), 10**12)  # a copy: the sums below read the sizes as they were
    in_order = type(chunks) is list and set(map(type, chunks)) <= {list} \
        and is_exactly([index for chunk in chunks for index in chunk], list(range(len(sizes))))
    largest = max((sum(sizes[index] for index in chunk) for chunk in chunks), default=0) \
        if len(chunks) == 11 and in_order else None
    expect(largest == 910_000_000_909,
           "11 chunks, like greedy's, the largest holding 910,000,000,909 tokens (b* = 910,000,000,909), "
           "where greedy's chunks hold up to 999,000,001,000 tokens and its last one only 10,000,000,009",
           details=f"It made {counted(len(chunks), 'chunk')}"
                   + (f", the largest holding {counted(largest, 'token')}." if largest else "."))
