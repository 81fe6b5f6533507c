"""Inputs on which quadratic work cannot finish or a stalled loop never ends; each has a short time limit.

The words are random one-letter words drawn at run time (guard_random, tests/support/guard_inputs.py), so
that no submission can recognise the document, and cheaply (a random byte a letter, put in place in C),
because the time limit covers drawing them too. The paragraphs' guard is generic: 24,000 paragraphs of
random lengths under a random budget, so that no property of the whole document (that every word fits
the budget, one period of paragraphs) gives its answer; an independent oracle (greedy_chunks_fast,
tests/support/oracles.py) packs their word counts, with prefix sums and bisect. The windows' and lines' guards
draw the spaces and line breaks between their words too, so that no chunk's offsets follow from its
number: they come from where the words were put. Their letters come from few enough letters that some
run of them is repeated, as the one letter of old was (a chunk's place found by searching the document
for its text finds an earlier copy of it).
"""

from itertools import accumulate
from operator import add

from kata.judging.checks import expect
from kata.judging.guards import complexity_guard, paced, progress_guard
from tests.support.answers import as_tuples, differs, is_exactly
from tests.support.guard_inputs import letters, letters_from, numbers
from tests.support.oracles import greedy_chunks_fast
from tests.support.paces import word_spans

RECOUNTING_HINT = (
    "Look for a step that goes over the whole open chunk for every block: counting the words of "
    "doc[chunk_start:block_end] again (keep a running word count instead), or joining the chunk's blocks."
)
# A window's text is its words and the gaps between them: 64 runs of three words times 9 pairs of gaps in the
# paragraph, and on the code line one word in 64 ways of spacing seven of it, so that most windows have a copy
# earlier in the document, a few hundred words in: a search of the document for each window's text finds its
# first copy soon, and gives it that copy's place, in a small part of the limit. Found far in, the searches add
# up to quadratic work in C of about ten times the plain pass for 20,000 words: whether it was stopped or judged
# wrong depended on the machine. On the code line only the gaps, drawn for each word, say where a window is.
FOUR_LETTERS, PARAGRAPH_GAPS = "abcd", (" ", "  ", "\n")
ONE_LETTER, LINE_GAPS = "a", (" ", "  ")
INDENTS, LINE_ENDS = ("", " ", "  "), ("", " ")  # of the code lines: a run starts at its first word, ends at its last


RESPLITTING_HINT = (
    "Look for a step that goes over the rest of a long block for every piece: splitting or slicing "
    "the remaining text again, or list.pop(0) on its words. Find the words' positions once."
)


def words_and_gaps(guard_random, count: int, alphabet: str, gaps: tuple[str, ...]) -> tuple[str, list[int]]:
    """`count` one-letter words of `alphabet`, each followed by a random gap of `gaps` (the last by one space, so
    that the block's last line ends after its last word): the text and where each word is."""
    after = [gaps[byte % len(gaps)] for byte in guard_random.randbytes(count - 1)] + [" "]
    return "".join(map(add, letters_from(guard_random, count, alphabet), after)), [
        0,
        *accumulate(1 + len(gap) for gap in after[:-1]),
    ]


def paragraphs_of_random_lengths(guard_random, count: int) -> tuple[str, list[int], list[int], list[int]]:
    """`count` paragraphs of 1 to 31 random one-letter words each, on one line, separated by a blank line:
    the document, each paragraph's word count, start and end. Put together in C: the letters at even
    offsets, a space or a mark for a paragraph's end after each, the marks replaced by blank lines."""
    counts = numbers(guard_random, count, 1, 31)
    ends_in_words = list(accumulate(counts))
    separators = bytearray(b" " * ends_in_words[-1])
    for end in ends_in_words:
        separators[end - 1] = ord("|")
    doc = bytearray(2 * ends_in_words[-1])
    doc[0::2] = letters(guard_random, ends_in_words[-1]).encode("ascii")
    doc[1::2] = separators
    starts = [2 * (end - size) + index for index, (size, end) in enumerate(zip(counts, ends_in_words))]
    return (
        bytes(doc[:-1]).replace(b"|", b"\n\n").decode("ascii"),
        counts,
        starts,
        [start + 2 * size - 1 for start, size in zip(starts, counts)],
    )


def a_budget_without_an_exact_fit(guard_random, counts: list[int], low: int, high: int) -> tuple[int, list[list[int]]]:
    """A random budget from `low` to `high` and greedy's chunks of the word counts under it (an independent
    oracle, tests/support/oracles.py), drawn again until no chunk holds exactly the budget: a chunker that
    closes a chunk on an exact fit goes wrong on some inputs only, and a guard's verdict must not depend on the
    draw."""
    while True:
        budget = guard_random.randint(low, high)
        chunks = greedy_chunks_fast(counts, budget)
        prefix = [0, *accumulate(counts)]
        if all(prefix[chunk[-1] + 1] - prefix[chunk[0]] != budget for chunk in chunks):
            return budget, chunks


@complexity_guard(paced=True, hint=RECOUNTING_HINT)
def test_twenty_four_thousand_paragraphs_in_three_long_chunks(chunk_markdown, guard_random):
    # 24,000 paragraphs of 16 words on average, in 3 chunks: 2 of about 8,800 paragraphs (each holds more than
    # max_tokens - 31 words, and 3 of them more than all the words), the last of 4,800 or more (the words are at
    # least 5 / 2 budgets). Counting the open chunk's words again for every paragraph counts 24,000 * 70,000
    # words or so, most of what it counted when 24,000 paragraphs of 8 words filled one chunk (9 s for 8,000 of
    # them on one machine, 12 s for 24,000 on another). No property of the whole document gives the answer:
    # the chunks end where greedy's running count says.
    doc, counts, starts, ends = paragraphs_of_random_lengths(guard_random, 24_000)
    lowest, highest = sum(counts) // 3 + 40, 2 * sum(counts) // 5
    # The statement's figure: 3 chunks at both ends of the range, so at every budget between them (greedy's count
    # never grows with the budget), whatever the draw.
    assert [len(greedy_chunks_fast(counts, end)) for end in (lowest, highest)] == [3, 3], "the statement's 3 chunks"
    budget, packed = a_budget_without_an_exact_fit(guard_random, counts, lowest, highest)
    paced(lambda: word_spans(doc, budget))
    expected = [(doc[starts[chunk[0]] : ends[chunk[-1]]], starts[chunk[0]], ends[chunk[-1]], ()) for chunk in packed]
    chunks = as_tuples(chunk_markdown(doc, budget))
    expect(
        is_exactly(chunks, expected),
        f"{len(expected)} chunks of {', '.join(f'{len(chunk):,}' for chunk in packed)} paragraphs: greedy's packing "
        f"of the paragraphs' word counts under max_tokens = {budget:,}",
        details=differs(chunks, expected),
    )


@complexity_guard(paced=True, hint=RESPLITTING_HINT)
def test_a_paragraph_of_twenty_thousand_words_in_windows_of_three(chunk_markdown, guard_random):
    # One paragraph of random one-letter words over many lines, each word followed by one or two spaces or a line
    # break: 6,667 windows, each from its first word's start to its last word's end.
    doc, starts = words_and_gaps(guard_random, 20_000, FOUR_LETTERS, PARAGRAPH_GAPS)
    ends = [start + 1 for start in starts]
    paced(lambda: word_spans(doc, 3))
    expected = [
        (doc[starts[first] : ends[last]], starts[first], ends[last], ())
        for first, last in zip(range(0, 20_000, 3), [*range(2, 20_000, 3), 19_999])
    ]
    chunks = as_tuples(chunk_markdown(doc, 3))
    expect(
        is_exactly(chunks, expected),
        "6,667 chunks: 6,666 windows of 3 words, and the last 2 words, "
        "each from its first word's start to its last word's end",
        details=differs(chunks, expected),
    )


@complexity_guard(paced=True, hint=RESPLITTING_HINT)
def test_a_code_block_of_six_thousand_lines_in_runs_of_two_words(chunk_markdown, guard_random):
    # 6,000 lines of one random letter each, indented by 0 to 2 spaces and followed by 0 or 1: the opening fence
    # with the first line, 2,999 runs of two lines, and the last line with the closing fence.
    indents = [INDENTS[byte % 3] for byte in guard_random.randbytes(6_000)]
    line_ends = [LINE_ENDS[byte % 2] for byte in guard_random.randbytes(6_000)]
    lines = list(map(add, map(add, indents, letters(guard_random, 6_000)), line_ends))
    doc = "```\n" + "\n".join(lines) + "\n```"
    line_starts = list(accumulate((len(line) + 1 for line in lines[:-1]), initial=4))
    starts = [line_start + len(indent) for line_start, indent in zip(line_starts, indents)]
    paced(lambda: word_spans(doc, 2))
    expected = (
        [(doc[: starts[0] + 1], 0, starts[0] + 1, ())]
        + [
            (doc[starts[first] : starts[first + 1] + 1], starts[first], starts[first + 1] + 1, ())
            for first in range(1, 5_999, 2)
        ]
        + [(doc[starts[-1] :], starts[-1], len(doc), ())]
    )
    chunks = as_tuples(chunk_markdown(doc, 2))
    expect(
        is_exactly(chunks, expected),
        "3,001 chunks: the opening fence with the first line, 2,999 runs of two "
        "lines, each from its first word to its last, and the last line with the "
        "closing fence",
        details=differs(chunks, expected),
    )


@progress_guard(
    paced=True,
    hint=(
        "Does every iteration of your loop move on past the window it cut? If it does, look for a step that goes over "
        "the rest of the long line for every window, which 2,857 windows make too slow: splitting or slicing what is "
        "left of it again, or list.pop(0) on its words. Find the words' positions once."
    ),
)
def test_the_loop_ends_on_a_code_line_of_twenty_thousand_words(chunk_markdown, guard_random):
    # One code line of 20,000 random one-letter words, each followed by one or two spaces.
    line, starts = words_and_gaps(guard_random, 20_000, ONE_LETTER, LINE_GAPS)
    doc = "```\n" + line + "\n```"
    starts = [start + 4 for start in starts]
    paced(lambda: word_spans(doc, 7))
    expected = (
        [("```", 0, 3, ())]
        + [
            (doc[starts[first] : starts[first + 6] + 1], starts[first], starts[first + 6] + 1, ())
            for first in range(0, 19_999, 7)
        ]
        + [(doc[starts[-1] :], starts[-1], len(doc), ())]
    )
    chunks = as_tuples(chunk_markdown(doc, 7))
    expect(
        is_exactly(chunks, expected),
        "2,859 chunks: the opening fence alone, 2,857 windows of 7 words, and the last word with the closing fence",
        details=differs(chunks, expected),
    )
