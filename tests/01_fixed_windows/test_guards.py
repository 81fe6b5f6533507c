"""Inputs on which a wrong loop stalls or does quadratic work; each has a short time limit."""

from kata.guards import complexity_guard, progress_guard
from kata.judge import expect

COPYING_HINT = (
    "Look for a step that copies or scans the rest of the input on every window: "
    "tokens = tokens[step:], list(tokens) inside the loop, or tokens.pop(0)."
)


@complexity_guard(hint=COPYING_HINT)
def test_a_million_tokens_in_large_windows(fixed_windows):
    windows = fixed_windows(list(range(1_000_000)), 512, 64)
    expect(len(windows) == 2232 and windows[-1][-1] == 999_999,
           "2,232 windows, the last one ending with 999999")


@complexity_guard(hint=COPYING_HINT)
def test_many_small_windows_over_a_long_input(fixed_windows):
    tokens = list(range(300_000))
    windows = fixed_windows(tokens, 3, 1)
    expect(len(windows) == 150_000 and windows[-1] == [299_998, 299_999],
           "150,000 windows, the last one [299998, 299999]")


@progress_guard()
def test_the_loop_ends_on_a_long_input_with_the_largest_overlap(fixed_windows):
    windows = fixed_windows(list(range(5_000)), 8, 7)
    expect(len(windows) == 4_993, "4,993 windows: one starting at each position up to 4,992")
