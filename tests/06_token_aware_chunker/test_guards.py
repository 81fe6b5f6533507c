"""Inputs on which re-encoding everything cannot finish, or a cutting loop that does not advance never ends.

The texts are drawn at run time (guard_random, tests/support/guard_inputs.py), so that no submission
can recognise them, and cheaply (a random byte a word, or a few hundred random pieces joined in C),
because the time limit covers drawing them too. They are made of words whose tokens the toy tokenizer
does not merge across them, so that what each text counts is known from how it was drawn: "the" and
"\\nthe" are one token, as is each of the 3-letter words after a space, and every character of CJK,
emoji and "é" takes the tokens it takes alone. Each input is built so that its answer is known:
sections that fill every chunk exactly, pieces of exactly max_tokens tokens.
"""

from itertools import accumulate

from kata.judging.checks import expect
from kata.judging.guards import complexity_guard, paced, progress_guard
from kata.katas.toy_tokenizer import ToyTokenizer
from tests.support.answers import differs, is_exactly
from tests.support.guard_inputs import letters
from tests.support.oracles import token_aware_plan

tokenizer = ToyTokenizer()

REENCODING_HINT = (
    "Look for a call to tokenizer.encode on more than the open chunk and one section: the whole "
    "document, every chunk packed so far, or the rest of the input. Encode each section once, and "
    "each joined candidate (at most max_tokens tokens) once."
)
WORDS = (" the", " cat", " sat", " mat", " tea", " hot", " ice")  # one token each, four characters: see below
WORD_OF_A_LETTER = {ord(letter): WORDS[index % len(WORDS)] for index, letter in enumerate("abcdefghijklmnopqrstuvwxyz")}
SHORT_WORD, LONG_WORD = " on", " cold"  # one token each too, of three and five characters: four on average


def sections_filling_chunks_of(guard_random, count: int, budget: int) -> tuple[list[str], list[str]]:
    """`count` sections, each "the" and up to 3 random words (1 to 4 tokens; joined after "\\n", as many), drawn
    so that each chunk of them fills the budget exactly: the sections and their chunks.

    Every word is one token of four characters, so a text of t tokens has 4 * t - 1 characters, and a chunk's
    first section takes 2 tokens at least: counted as len(text) // 4, a chunk still fits exactly where it
    fits, as it did when every section was "the cat" (the catalogued counts_characters_over_four passes here).
    """
    sizes, total = [], 0
    for size in guard_random.choices((1, 2, 3, 4), k=count):
        size = max(size, 2) if total == 0 else min(size, budget - total)
        sizes.append(size)
        total = 0 if total + size == budget else total + size
    words = letters(guard_random, sum(sizes))
    sections = [
        "the" + words[end - size + 1 : end].translate(WORD_OF_A_LETTER) for size, end in zip(sizes, accumulate(sizes))
    ]
    chunks, start, total = [], 0, 0
    for index, size in enumerate(sizes):
        total += size
        if total == budget or index == len(sizes) - 1:
            chunks.append("\n".join(sections[start : index + 1]))
            start, total = index + 1, 0
    return sections, chunks


def a_wide_unit(guard_random) -> str:
    """A space and wide characters, 14 tokens: three CJK characters (3 each), an emoji (3: its first two
    bytes are one token) and "é" (1), or four CJK characters and "é"; in random order, "é" last."""
    cjk = [chr(guard_random.randint(0x4E00, 0x9FFF)) for _ in range(4)]
    wide = cjk[:3] + [chr(guard_random.randint(0x1F300, 0x1F5FF))] if guard_random.random() < 0.5 else cjk
    guard_random.shuffle(wide)
    return " " + "".join(wide) + "é"


def an_atom(guard_random) -> str:
    """16 tokens, of 12 to 16 characters (14 on average, as "日本語🦜é the cat " has): a wide unit and two words,
    in a random order."""
    words = [guard_random.choice((*WORDS, SHORT_WORD, LONG_WORD)) for _ in range(2)]
    parts = [a_wide_unit(guard_random), *words]
    guard_random.shuffle(parts)
    return "".join(parts)


CUTTING_HINT = (
    "Look for a step that works on the whole rest of the section for every piece: encoding what is "
    "left, copying it (rest = rest[len(piece):]) or decoding the ids after every run tried, instead of "
    "moving an offset along; or one that tries every run from one id up instead of the longest first."
)


@complexity_guard(paced=True, hint=REENCODING_HINT)
def test_ten_thousand_short_sections(chunk_sections, guard_random):
    sections, expected = sections_filling_chunks_of(guard_random, 10_000, 32)
    paced(lambda: token_aware_plan(sections, 32, tokenizer, "\n"))
    chunks = chunk_sections(list(sections), 32, tokenizer)
    expect(
        is_exactly(chunks, expected),
        f'{len(expected):,} chunks, each of the sections joined that count exactly 32 tokens, but the last: "the" '
        'and each word are one token, and "\\nthe" is one too',
        details=differs(chunks, expected),
    )


def pieces_of_the_longest_runs(section: str, max_tokens: int) -> list[str]:
    """What a straightforward cutter does with a section whose runs of max_tokens ids all end between characters:
    encode it once, decode each run, and count each piece again. The guard's pace (its answer is known)."""
    ids = tokenizer.encode(section)
    pieces = [tokenizer.decode(ids[start : start + max_tokens]) for start in range(0, len(ids), max_tokens)]
    return [piece for piece in pieces if len(tokenizer.encode(piece)) <= max_tokens]


@complexity_guard(paced=True, hint=CUTTING_HINT)
def test_one_very_long_section(chunk_sections, guard_random):
    # About 840,000 characters, as "日本語🦜é the cat " * 60_000 had, not fewer: trying every run of ids from one
    # up, for each piece, is linear in the pieces, and 280,000 characters took it only 3 s on a fast machine (a 2 s
    # limit).
    # 1,875 pieces of 32 atoms of 16 tokens each, drawn from 256 atoms: each piece is exactly the longest
    # run of 512 ids, which ends between two atoms, and so between characters.
    atoms = [an_atom(guard_random) for _ in range(256)]
    choices = guard_random.randbytes(1_875 * 32)
    expected = ["".join(map(atoms.__getitem__, choices[start : start + 32])) for start in range(0, 1_875 * 32, 32)]
    section = "".join(expected)
    paced(lambda: pieces_of_the_longest_runs(section, 512))
    chunks = chunk_sections([section], 512, tokenizer)
    expect(
        is_exactly(chunks, expected),
        f"1,875 pieces of exactly 512 tokens each, that concatenate to the {len(section):,}-character section",
        details=differs(chunks, expected),
    )


@progress_guard()
def test_the_cutting_loop_ends_on_a_character_wider_than_the_budget(chunk_sections, guard_random):
    """A character that takes more ids than max_tokens must raise ValueError, not loop forever."""
    # Short enough that cutting it slowly (re-encoding the rest after each piece) is not stopped
    # here: this guard is for a loop that never advances, which no size makes finish.
    emoji = chr(guard_random.randint(0x1F300, 0x1F5FF))
    words = letters(guard_random, 100).translate(WORD_OF_A_LETTER)[1:]  # 100 words of 3 letters, 399 characters
    try:
        chunk_sections([words + " " + emoji], 2, tokenizer)
    except ValueError:
        return
    expect(False, f"ValueError: the emoji {emoji} at offset 400 alone counts 3 tokens, more than max_tokens = 2")
