"""The random inputs of the guards (tests/NN_slug/test_guards.py): drawn at run time, so that none can be recognised.

A guard's input was once fixed and public ([1] * 1_000_000): a quadratic submission could
recognise it (its length, its first and last values, its pattern) and answer from the pattern.
Each guard now draws its input from a random generator, the `guard_random` fixture, of the
same size and shape, whose expected answer follows from how it was built.

One seed is drawn for the run, in the tests' process (random.SystemRandom), and is never given
to the code under test: an isolated worker's environment is a short list of its own
(kata.sandbox.forking.worker_environment). Each guard's generator is seeded with the run's
seed and the guard's name, so that a guard draws the same input whichever tests run with it.
A guard that fails says its seed in its report, and `KATA_GUARD_SEED=<seed>` draws the same
inputs again, in the tests' process only.

Drawing counts in the guard's time limit, like building any input: draw cheaply (randbytes,
a few random words repeated in a random order), never item by item in Python for a million items.
"""

from __future__ import annotations

import os
import random
import string
from array import array
from operator import add

import pytest

from kata.judging.guards import GUARD_SEED_VARIABLE

SEED_VARIABLE = GUARD_SEED_VARIABLE
SEED_KEY = pytest.StashKey[int]()  # on a test item: the seed its generator was drawn from
_drawn: list[int] = []
LETTER_OF_A_BYTE = bytes(ord(string.ascii_lowercase[byte % 26]) for byte in range(256))  # the run's seed, once drawn


def seed_of_the_run() -> int:
    """The seed the run's guards draw from: KATA_GUARD_SEED's, or one drawn once for the run by the system."""
    if not _drawn:
        _drawn.append(
            replayed_seed() if os.environ.get(SEED_VARIABLE, "").strip() else random.SystemRandom().randrange(10**12)
        )
    return _drawn[0]


def replayed_seed() -> int:
    """The seed KATA_GUARD_SEED names; a value that is not a whole number of 0 or more is refused in one line."""
    value = os.environ.get(SEED_VARIABLE, "")
    if not value.strip().isdigit():
        raise pytest.UsageError(
            f"the environment variable {SEED_VARIABLE} must be a whole number of 0 or more "
            f"(the seed a guard's report names), got {value!r}"
        )
    return int(value)


def generator_for(item: pytest.Item) -> random.Random:
    """The random generator of one guard, seeded with the run's seed and the guard's name; kept for its report."""
    seed = seed_of_the_run()
    item.stash[SEED_KEY] = seed
    return random.Random(f"{seed}:{item.name}")


def seed_note(seed: int) -> str:
    return (
        f"This guard's input was drawn at random from the seed {seed}; "
        f"run with {SEED_VARIABLE}={seed} to draw the same input again."
    )


def note_the_seed(item: pytest.Item, call: pytest.CallInfo[None]) -> None:
    """A guard that drew its input and failed says its seed, in a note its report shows (kata.runner.plain_words)."""
    if call.excinfo is None or SEED_KEY not in item.stash or call.excinfo.errisinstance(pytest.skip.Exception):
        return  # a skip says why it did not run, and nothing of a seed
    error = call.excinfo.value
    notes = list(getattr(error, "__notes__", []))
    note = seed_note(item.stash[SEED_KEY])
    if note not in notes:
        error.__notes__ = [*notes, note]  # what add_note does, from Python 3.11 on


def token_ids(rng: random.Random, count: int) -> list[int]:
    """`count` random token ids below 65,536 (a vocabulary of 64 Ki), two random bytes each."""
    return array("H", rng.randbytes(2 * count)).tolist()


def numbers(rng: random.Random, count: int, low: int, high: int) -> list[int]:
    """`count` random whole numbers from `low` to `high` (at most 256 of them), one random byte each."""
    span = high - low + 1
    if not 1 <= span <= 256:
        raise ValueError(f"numbers draws from at most 256 values, got low={low!r} and high={high!r}")
    if low >= 0 and high <= 255:  # translated in C, for a million sizes
        return list(rng.randbytes(count).translate(bytes(low + byte % span for byte in range(256))))
    return [low + byte % span for byte in rng.randbytes(count)]


def letters(rng: random.Random, count: int) -> str:
    """`count` random lowercase ASCII letters, one random byte each: one-letter words that nothing in them
    ends, starts or splits (no capital, digit, punctuation or space)."""
    return rng.randbytes(count).translate(LETTER_OF_A_BYTE).decode("ascii")


def distinct_words(rng: random.Random, count: int) -> list[str]:
    """`count` distinct words of 4 to 6 characters, in a random order (at most 65,536 of them): the four
    hexadecimal digits of distinct random numbers below 65,536, each followed by 0 to 2 random letters, so
    that their lengths vary. Every character is a letter from a to z or a digit, so each is one word for a
    tokenizer of runs of letters and digits, and no two share their first four characters."""
    if not 0 <= count <= 65_536:
        raise ValueError(f"distinct_words draws at most 65,536 words, got count={count!r}")
    heads: dict[int, None] = {}
    while len(heads) < count:  # two random bytes a number, the repeats dropped in C, in the order drawn
        heads.update(dict.fromkeys(array("H", rng.randbytes(4 * count)).tolist()))
    starts = range(0, 2 * count, 2)
    tails = map(letters(rng, 2 * count).__getitem__, map(slice, starts, map(add, starts, numbers(rng, count, 0, 2))))
    return list(map("{:04x}{}".format, list(heads)[:count], tails))


def letters_from(rng: random.Random, count: int, alphabet: str) -> str:
    """`count` random letters of `alphabet` (lowercase ASCII letters, one random byte each), for a guard whose
    words must repeat: with few letters, a text of many short runs of words holds the same run twice."""
    if not alphabet or not set(alphabet) <= set(string.ascii_lowercase):
        raise ValueError(f"letters_from draws lowercase ASCII letters, got the alphabet {alphabet!r}")
    table = bytes(ord(alphabet[byte % len(alphabet)]) for byte in range(256))
    return rng.randbytes(count).translate(table).decode("ascii")
