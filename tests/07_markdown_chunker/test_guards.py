"""Inputs on which quadratic work cannot finish or a stalled loop never ends; each has a short time limit.

The words are random one-letter words drawn at run time (guard_random, tests/support/guard_inputs.py), so
that no submission can recognise the document, and cheaply (a random byte a letter, put in place in C),
because the time limit covers drawing them too. The shapes stay as they were, and with them the offsets
of every chunk; the windows' and lines' letters come from few enough letters that some run of them is
repeated, as the one letter of old was (a chunk's place found by searching the document for its text
finds an earlier copy of it).
"""

from tests.support.answers import as_tuples, differs, is_exactly
from tests.support.guard_inputs import letters, letters_from

from kata.judging.guards import complexity_guard, progress_guard
from kata.judging.checks import expect

RECOUNTING_HINT = (
    "Look for a step that goes over the whole open chunk for every block: counting the words of "
    "doc[chunk_start:block_end] again (keep a running word count instead), or joining the chunk's blocks."
)
PARAGRAPH = b"a b c d e f g h\n\n"  # 8 one-letter words, then a blank line: the letters are drawn
SIXTEEN_LETTERS = "abcdefghijklmnop"  # 4,096 runs of three words, fewer than the 6,667 windows
THREE_LETTERS = "abc"  # 2,187 runs of seven words, fewer than the 2,857 windows


def paragraphs_of_eight_words(guard_random, count: int) -> str:
    """`count` paragraphs of 8 random one-letter words each, every one followed by a blank line."""
    doc = bytearray(PARAGRAPH * count)
    words = letters(guard_random, 8 * count).encode("ascii")
    for position in range(8):
        doc[2 * position::len(PARAGRAPH)] = words[position::8]
    return doc.decode("ascii")


RESPLITTING_HINT = (
    "Look for a step that goes over the rest of a long block for every piece: splitting or slicing "
    "the remaining text again, or list.pop(0) on its words. Find the words' positions once."
)


@complexity_guard(hint=RECOUNTING_HINT)
def test_twenty_four_thousand_paragraphs_in_one_chunk(chunk_markdown, guard_random):
    # 24,000, not fewer: counting the open chunk's words again for every paragraph took 9 s for
    # 8,000 on one machine and 1.8 s (of the 2 s) on another; 24,000 take 12 s there.
    doc = paragraphs_of_eight_words(guard_random, 24_000)
    expected = [(doc[:-2], 0, len(doc) - 2, ())]
    chunks = as_tuples(chunk_markdown(doc, 1_000_000))
    expect(is_exactly(chunks, expected),
           f"one chunk from 0 to {len(doc) - 2:,} with headings (): the whole document but its last two line breaks",
           details=differs(chunks, expected))


@complexity_guard(hint=RESPLITTING_HINT)
def test_a_paragraph_of_twenty_thousand_words_in_windows_of_three(chunk_markdown, guard_random):
    doc = " ".join(letters_from(guard_random, 20_000, SIXTEEN_LETTERS)) + " "
    expected = [(doc[start:min(start + 5, 39_999)], start, min(start + 5, 39_999), ()) for start in range(0, 40_000, 6)]
    chunks = as_tuples(chunk_markdown(doc, 3))
    expect(is_exactly(chunks, expected), "6,667 chunks: 6,666 of 3 words, and the last 2 words, doc[39996:39999]",
           details=differs(chunks, expected))


@complexity_guard(hint=RESPLITTING_HINT)
def test_a_code_block_of_six_thousand_lines_in_runs_of_two_words(chunk_markdown, guard_random):
    doc = "```\n" + "\n".join(letters(guard_random, 6_000)) + "\n```"  # 676 runs of two lines, for 2,999
    expected = [(doc[:5], 0, 5, ())] + [(doc[start:start + 3], start, start + 3, ()) for start in range(6, 12_000, 4)] \
        + [(doc[12_002:], 12_002, 12_007, ())]
    chunks = as_tuples(chunk_markdown(doc, 2))
    expect(is_exactly(chunks, expected), f"3,001 chunks of two lines each, from {doc[:5]!r} to {doc[12_002:]!r}",
           details=differs(chunks, expected))


@progress_guard()
def test_the_loop_ends_on_a_code_line_of_twenty_thousand_words(chunk_markdown, guard_random):
    doc = "```\n" + " ".join(letters_from(guard_random, 20_000, THREE_LETTERS)) + " \n```"
    windows = [(doc[start:start + 13], start, start + 13, ()) for start in range(4, 40_000, 14)]
    expected = [("```", 0, 3, ())] + windows + [(doc[40_002:], 40_002, 40_008, ())]
    chunks = as_tuples(chunk_markdown(doc, 7))
    expect(is_exactly(chunks, expected), "2,859 chunks: the opening fence alone, 2,857 windows of 7 words, and the "
                                         "last word with the closing fence", details=differs(chunks, expected))
