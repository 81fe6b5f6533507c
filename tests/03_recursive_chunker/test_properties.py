"""Properties of the chunker on generated texts; Hypothesis shrinks any failure to a smallest case.

The oracles here are written differently from the reference on purpose: units are found
by looking at each gap between two neighbouring words, and the overlap is chosen by
searching for the earliest unit the carry may start at, rather than by walking back.
"""

import re

from hypothesis import given
from hypothesis import strategies as st

from kata.judging.checks import expect
from kata.judging.guards import progress_guard
from kata.judging.vocabulary import counted
from tests.support.answers import strings
from tests.support.oracles import greedy_chunks

WORDS = ["a", "bb", "ccc", "3.14", "x.y", "end.", "wow!", "why?", "...", "ok?!"]
GAPS = [" ", " ", " ", "  ", "\t", " \t ", "\n", "\n", "\n\n", "\n \t\n", "\r\n\r\n", "\n\n\n"]


def build_text(codes, numbered=False):
    """One piece of text per byte: a word and the whitespace after it, or (from 240 up) whitespace alone.

    Bytes are cheap for Hypothesis to draw and shrink towards 0, which is "a". The last
    word has no whitespace after it when its byte is below 120, so that texts also end
    right after a word. With numbered=True every word gets its own prefix (w0, w1, ...),
    so that a chunk can be located in the text by its words alone.
    """
    pieces = []
    for index, code in enumerate(codes):
        gap = GAPS[code // len(WORDS) % len(GAPS)]
        if index == len(codes) - 1 and code < 120:
            gap = ""
        if code >= 240:
            pieces.append(GAPS[code % len(GAPS)])  # leading, trailing or doubled whitespace
        else:
            pieces.append((f"w{index}" if numbered else "") + WORDS[code % len(WORDS)] + gap)
    return "".join(pieces)


# Texts of up to 24 words from a small alphabet, separated by spaces, tabs, single newlines
# and blank lines (some made of spaces and tabs, some in Windows line endings).
texts = st.binary(max_size=24).map(build_text)
numbered_texts = st.binary(max_size=24).map(lambda codes: build_text(codes, numbered=True))
max_tokens_values = st.integers(1, 9)
budgets = max_tokens_values.flatmap(lambda max_tokens: st.tuples(st.just(max_tokens), st.integers(0, max_tokens - 1)))


# Oracles ------------------------------------------------------------------------------------


def oracle_sentences(text):
    """Each sentence as its list of words.

    A new sentence starts at a word when the word before it ends with '.', '!' or '?'
    (whitespace always follows it: the gap), or when the gap between them holds two
    newlines (a gap is all whitespace, so two newlines in it make a blank line).
    """
    sentences = []
    previous = None
    for match in re.finditer(r"\S+", text):
        gap = text[previous.end() : match.start()] if previous else ""
        if previous is None or previous.group()[-1] in ".!?" or gap.count("\n") >= 2:
            sentences.append([])
        sentences[-1].append(match.group())
        previous = match
    return sentences


def oracle_units(text, max_tokens):
    units = []
    for words in oracle_sentences(text):
        while words:
            units.append(" ".join(words[:max_tokens]))
            words = words[max_tokens:]
    return units


def oracle_carry_start(sizes, first, end, max_tokens, overlap_tokens):
    """Where the carry from the chunk units[first:end] begins: the earliest start that fits both limits.

    Sums shrink as the start moves right, so the earliest start that fits is the longest
    carry; `end` itself (no unit carried) always fits.
    """
    next_size = sizes[end]
    for start in range(first, end + 1):
        carried = sum(sizes[start:end])
        if carried <= overlap_tokens and carried + next_size <= max_tokens:
            return start
    raise AssertionError("unreachable: an empty carry always fits")


def oracle_chunk_ranges(sizes, max_tokens, overlap_tokens):
    """The chunks as (first unit, end) pairs, end exclusive."""
    ranges = []
    first, end = 0, 0
    while end < len(sizes):
        total = sum(sizes[first:end])
        while end < len(sizes) and total + sizes[end] <= max_tokens:
            total += sizes[end]
            end += 1
        ranges.append((first, end))
        if end < len(sizes):
            first = oracle_carry_start(sizes, first, end, max_tokens, overlap_tokens)
    return ranges


def word_count(text):
    return len(text.split())


def locate(chunks, units):
    """Each chunk as the (first unit, end) range it spans, or None when it is not a run of whole units.

    Works when every word of the text is different (numbered texts).
    """
    unit_of_first_word, unit_of_last_word = {}, {}
    for index, unit in enumerate(units):
        unit_of_first_word[unit.split()[0]] = index
        unit_of_last_word[unit.split()[-1]] = index
    ranges = []
    for chunk in chunks:
        words = chunk.split()
        if not words or words[0] not in unit_of_first_word or words[-1] not in unit_of_last_word:
            return None
        first, last = unit_of_first_word[words[0]], unit_of_last_word[words[-1]]
        if last < first or chunk != " ".join(units[first : last + 1]):
            return None
        ranges.append((first, last + 1))
    return ranges


# split_units ----------------------------------------------------------------------------------


@given(texts, max_tokens_values)
def test_the_units_hold_exactly_the_words_of_the_text(split_units, text, max_tokens):
    units = strings(split_units, text, max_tokens)
    expect(
        [word for unit in units for word in unit.split()] == text.split(),
        "the units' words, in order, to be exactly the text's words (text.split())",
    )


@given(texts, max_tokens_values)
def test_every_unit_has_one_to_max_tokens_words_joined_by_single_spaces(split_units, text, max_tokens):
    units = strings(split_units, text, max_tokens)
    expect(
        all(unit == " ".join(unit.split()) and 1 <= word_count(unit) <= max_tokens for unit in units),
        f"every unit to hold between 1 and max_tokens = {counted(max_tokens, 'word')}, joined by single spaces",
    )


@given(texts)
def test_with_a_large_budget_every_unit_is_one_whole_sentence(split_units, text):
    expected = [" ".join(words) for words in oracle_sentences(text)]
    units = strings(split_units, text, 30)
    expect(
        units == expected,
        f"the sentences {expected}: a sentence ends at '.', '!' or '?' followed by whitespace, "
        "or at a blank line, and none is cut when all fit",
    )


@given(texts, max_tokens_values)
def test_only_sentences_longer_than_max_tokens_are_cut(split_units, text, max_tokens):
    expected = oracle_units(text, max_tokens)
    units = strings(split_units, text, max_tokens)
    expect(
        units == expected,
        f"the units {expected}: every sentence of at most {counted(max_tokens, 'word')} whole, and each longer "
        f"one cut into windows of exactly {counted(max_tokens, 'word')} from its first word",
    )


# chunk_text -----------------------------------------------------------------------------------


@progress_guard()
@given(texts, budgets)
def test_every_chunk_has_one_to_max_tokens_words(chunk_text, text, budget):
    max_tokens, overlap_tokens = budget
    chunks = strings(chunk_text, text, max_tokens, overlap_tokens)
    expect(
        all(1 <= word_count(chunk) <= max_tokens for chunk in chunks),
        f"every chunk to hold between 1 and max_tokens = {counted(max_tokens, 'word')}",
    )


@given(texts, max_tokens_values)
def test_without_overlap_the_chunks_hold_exactly_the_words_of_the_text(chunk_text, text, max_tokens):
    chunks = strings(chunk_text, text, max_tokens, 0)
    expect(
        [word for chunk in chunks for word in chunk.split()] == text.split(),
        "with overlap_tokens=0, the chunks' words, concatenated, to be exactly the text's words",
    )


@given(texts, max_tokens_values)
def test_without_overlap_the_chunks_are_the_greedy_packing_of_the_units(chunk_text, text, max_tokens):
    units = oracle_units(text, max_tokens)
    packs = greedy_chunks([word_count(unit) for unit in units], max_tokens)
    expected = [" ".join(units[index] for index in pack) for pack in packs]
    chunks = strings(chunk_text, text, max_tokens, 0)
    expect(
        chunks == expected,
        f"the chunks {expected}: units added while they fit, a chunk closed only when the next "
        f"unit would push it past {counted(max_tokens, 'word')}",
    )


@progress_guard()
@given(numbered_texts, budgets)
def test_chunks_are_runs_of_whole_units_covering_every_unit_in_order(chunk_text, text, budget):
    max_tokens, overlap_tokens = budget
    units = oracle_units(text, max_tokens)
    chunks = strings(chunk_text, text, max_tokens, overlap_tokens)
    ranges = locate(chunks, units)
    expect(ranges is not None, f"every chunk to be whole consecutive units joined by one space; the units are {units}")
    covered = (not units and not ranges) or (
        ranges
        and ranges[0][0] == 0
        and ranges[-1][1] == len(units)
        and all(after_first <= before_end for (_, before_end), (after_first, _) in zip(ranges, ranges[1:]))
    )
    expect(covered, f"every one of the units {units} to appear in some chunk, in order, none skipped")
    expect(
        all(before_end < after_end for (_, before_end), (_, after_end) in zip(ranges, ranges[1:])),
        "each chunk to end at a later unit than the chunk before it (no chunk repeats the one before)",
    )
    expect(all(before != after for before, after in zip(chunks, chunks[1:])), "consecutive chunks to differ")


@progress_guard()
@given(numbered_texts, budgets)
def test_each_chunk_begins_with_the_longest_carry_that_leaves_room(chunk_text, text, budget):
    max_tokens, overlap_tokens = budget
    units = oracle_units(text, max_tokens)
    sizes = [word_count(unit) for unit in units]
    chunks = strings(chunk_text, text, max_tokens, overlap_tokens)
    ranges = locate(chunks, units)
    expect(ranges is not None, f"every chunk to be whole consecutive units joined by one space; the units are {units}")
    for (before_first, before_end), (after_first, _) in zip(ranges, ranges[1:]):
        if before_end >= len(units):
            break  # the other property reports a chunk after the last unit
        start = oracle_carry_start(sizes, before_first, before_end, max_tokens, overlap_tokens)
        expect(
            after_first == start,
            f"after the chunk {' '.join(units[before_first:before_end])!r}, the next chunk to start with the "
            f"carry {units[start:before_end]}: the longest run of its trailing units totalling at most "
            f"overlap_tokens ({overlap_tokens}) words and leaving room for the next unit "
            f"{units[before_end]!r} within max_tokens ({max_tokens})",
            details=f"It started with {units[after_first:before_end]}.",
        )


@progress_guard()
@given(texts, budgets)
def test_the_chunks_follow_the_packing_and_overlap_rules(chunk_text, text, budget):
    max_tokens, overlap_tokens = budget
    units = oracle_units(text, max_tokens)
    ranges = oracle_chunk_ranges([word_count(unit) for unit in units], max_tokens, overlap_tokens)
    expected = [" ".join(units[first:end]) for first, end in ranges]
    chunks = strings(chunk_text, text, max_tokens, overlap_tokens)
    expect(chunks == expected, f"the chunks {expected}")
