"""Inputs on which a wrong loop stalls or does quadratic work; each has a short time limit.

The tokens are random token ids drawn at run time (guard_random, tests/support/guard_inputs.py), so
that no submission can recognise them, and cheaply (two random bytes a token), because the time
limit covers drawing them too. A window is a slice of the tokens, which is what the tests expect
(of the tokens drawn: the call gets a copy, which code that consumes its input may change).
"""

from operator import itemgetter

from kata.judging.checks import expect
from kata.judging.guards import complexity_guard, paced, progress_guard
from tests.support.answers import differs, is_exactly
from tests.support.guard_inputs import token_ids
from tests.support.paces import windows as plain_windows

COPYING_HINT = (
    "Look for a step that copies or scans the rest of the input on every window: "
    "tokens = tokens[step:], list(tokens) inside the loop, or tokens.pop(0)."
)


@complexity_guard(paced=True, hint=COPYING_HINT)
def test_two_million_tokens_in_large_windows(fixed_windows, guard_random):
    # 2,000,000 tokens, not fewer: deleting the consumed tokens from the front of the list moves the rest in
    # memory each time, quadratic but fast while the list fits in the processor's cache; with a million tokens it
    # took less than twice the limit, too close for its verdict not to depend on the machine.
    tokens = token_ids(guard_random, 2_000_000)
    expected = paced(lambda: plain_windows(tokens, 256, 224))
    windows = fixed_windows(list(tokens), 256, 32)
    expect(
        is_exactly(windows, expected),
        "8,929 windows, each the 256 tokens from a multiple of 224, the last one ending with the last token",
        details=differs(windows, expected),
    )


@complexity_guard(paced=True, hint=COPYING_HINT)
def test_many_small_windows_over_a_long_input(fixed_windows, guard_random):
    # 520,000 tokens, not fewer: deleting the consumed tokens from the front of the list moves
    # the rest in memory each time, quadratic but fast while the list fits in the processor's
    # cache: 300,000 tokens took only 1.8 s of the 2 s on a machine with a large one, 520,000
    # take 5 s there. Not many more: the reference takes 0.18 s, a tenth of the limit.
    tokens = token_ids(guard_random, 520_000)
    expected = paced(lambda: plain_windows(tokens, 3, 2))
    windows = fixed_windows(list(tokens), 3, 1)
    # Window k is tokens[2k:2k + 3]: its three columns say it all, and are read in C, not item by item.
    full = (
        type(windows) is list
        and len(windows) == 260_000
        and set(map(type, windows)) == {list}
        and is_exactly(windows[-1], tokens[-2:])
        and set(map(len, windows[:-1])) == {3}
    )
    right = full and all(
        is_exactly(list(map(itemgetter(column), windows[:-1])), tokens[column : column + 519_997 : 2])
        for column in range(3)
    )
    expect(
        right,
        "260,000 windows, tokens[0:3], tokens[2:5], ..., the last one the last two tokens",
        details="" if right else differs(windows, expected),
    )


@progress_guard()
def test_the_loop_ends_on_a_long_input_with_the_largest_overlap(fixed_windows, guard_random):
    tokens = token_ids(guard_random, 5_000)
    windows = fixed_windows(list(tokens), 8, 7)
    expected = [tokens[start : start + 8] for start in range(4_993)]
    expect(
        is_exactly(windows, expected),
        "4,993 windows: one starting at each position up to 4,992",
        details=differs(windows, expected),
    )
