"""Inputs on which re-encoding everything cannot finish, or a cutting loop that does not advance never ends.

The inputs are built cheaply (["the cat"] * n), because the time limit covers building them too.
"""

from tests.support.answers import differs, is_exactly

from kata.judging.guards import complexity_guard, progress_guard
from kata.judging.checks import expect
from kata.toy_tokenizer import ToyTokenizer

tokenizer = ToyTokenizer()

REENCODING_HINT = (
    "Look for a call to tokenizer.encode on more than the open chunk and one section: the whole "
    "document, every chunk packed so far, or the rest of the input. Encode each section once, and "
    "each joined candidate (at most max_tokens tokens) once."
)
CUTTING_HINT = (
    "Look for a step that works on the whole rest of the section for every piece: encoding what is "
    "left, copying it (rest = rest[len(piece):]) or decoding the ids after every run tried, instead of "
    "moving an offset along; or one that tries every run from one id up instead of the longest first."
)


@complexity_guard(hint=REENCODING_HINT)
def test_ten_thousand_short_sections(chunk_sections):
    chunks = chunk_sections(["the cat"] * 10_000, 32, tokenizer)
    expected = ["\n".join(["the cat"] * 16)] * 625
    expect(is_exactly(chunks, expected),
           '625 chunks of 16 sections each: "the cat\\nthe cat..." counts 2 tokens per section',
           details=differs(chunks, expected))


@complexity_guard(hint=CUTTING_HINT)
def test_one_very_long_section(chunk_sections):
    # 840,000 characters, not fewer: trying every run of ids from one up, for each piece, is
    # linear in the pieces, and 280,000 characters took it only 3 s on a fast machine (a 2 s limit).
    section = "日本語🦜é the cat " * 60_000
    chunks = chunk_sections([section], 512, tokenizer)
    # Every 25th piece is counted again: encoding them all would take longer than the reference's answer.
    expect(type(chunks) is list and all(type(piece) is str for piece in chunks)
           and len(chunks) == 1875 and "".join(chunks) == section and all(chunks)
           and all(len(tokenizer.encode(piece)) <= 512 for piece in chunks[::25] + chunks[-1:]),
           "1,875 pieces, none empty and each of at most 512 tokens, that concatenate to the 840,000-character "
           "section")


@progress_guard()
def test_the_cutting_loop_ends_on_a_character_wider_than_the_budget(chunk_sections):
    """A character that takes more ids than max_tokens must raise ValueError, not loop forever."""
    # Short enough that cutting it slowly (re-encoding the rest after each piece) is not stopped
    # here: this guard is for a loop that never advances, which no size makes finish.
    try:
        chunk_sections(["the cat " * 50 + "🦜"], 2, tokenizer)
    except ValueError:
        return
    expect(False, "ValueError: the parrot at offset 400 alone counts 3 tokens, more than max_tokens = 2")
