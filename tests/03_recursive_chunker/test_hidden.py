"""Edge cases, and one test for each common mistake (see solutions/03_recursive_chunker/mistakes.py)."""

from enum import IntEnum

import pytest

from kata.judging.checks import check_raises, check_returns, expect
from kata.judging.guards import progress_guard
from tests.support.answers import carried_past, strings

# Sentences ------------------------------------------------------------------------------------


def test_a_period_inside_a_number_does_not_end_a_sentence(split_units):
    check_returns(
        split_units,
        "Pi is 3.14 today. Yes.",
        10,
        expected=["Pi is 3.14 today.", "Yes."],
        why="a sentence ends at '.', '!' or '?' followed by whitespace; in 3.14 a digit follows.",
    )


def test_a_period_inside_a_file_name_does_not_end_a_sentence(split_units):
    check_returns(
        split_units,
        "Open notes.txt now. Done.",
        10,
        expected=["Open notes.txt now.", "Done."],
        why="in notes.txt the '.' is followed by a letter, not whitespace.",
    )


def test_an_abbreviation_before_a_comma_does_not_end_a_sentence(split_units):
    check_returns(
        split_units,
        "Use tabs, e.g., here. Done.",
        10,
        expected=["Use tabs, e.g., here.", "Done."],
        why="in 'e.g.,' every '.' is followed by a letter or a comma, not whitespace.",
    )


def test_the_mark_stays_with_its_sentence(split_units):
    check_returns(
        split_units,
        "Stop! Why? Go.",
        5,
        expected=["Stop!", "Why?", "Go."],
        why="the '.', '!' or '?' that ends a sentence belongs to it; the chunks must hold every word of the text.",
    )


def test_repeated_marks_stay_together(split_units):
    check_returns(
        split_units,
        "Wait... what?! Fine.",
        5,
        expected=["Wait...", "what?!", "Fine."],
        why="only a mark followed by whitespace ends a sentence; the marks before it are part of the word.",
    )


def test_a_single_newline_does_not_end_a_sentence(split_units):
    check_returns(
        split_units,
        "one two\nthree. four",
        5,
        expected=["one two three.", "four"],
        why="a single newline is whitespace inside a sentence (a wrapped line); "
        "only a blank line or '.', '!', '?' followed by whitespace ends a unit.",
    )


def test_a_newline_after_a_mark_ends_a_sentence(split_units):
    check_returns(split_units, "one.\ntwo!\nthree", 5, expected=["one.", "two!", "three"])


def test_a_quote_after_the_mark_ends_no_sentence(split_units):
    check_returns(
        split_units,
        'He said "Stop." Then left.',
        10,
        expected=['He said "Stop." Then left.'],
        why="only whitespace right after '.', '!' or '?' ends a sentence; in 'Stop.\"' a quote follows the mark.",
    )


def test_text_without_final_punctuation_keeps_its_last_words(split_units):
    check_returns(
        split_units,
        "First one. and then the rest",
        10,
        expected=["First one.", "and then the rest"],
        why="the words after the last mark are a sentence too; dropping them loses text from the index.",
    )


def test_runs_of_spaces_and_tabs_inside_a_sentence_become_one_space(split_units):
    check_returns(
        split_units,
        "one   two\tthree.\t\t four  \t five",
        5,
        expected=["one two three.", "four five"],
        why="a unit is its words joined by single spaces, whatever whitespace separated them.",
    )


def test_unicode_spaces_are_whitespace_too(split_units):
    check_returns(
        split_units,
        "one\u00a0two.\u2003three",
        5,
        expected=["one two.", "three"],
        why="whitespace is what str.split() splits on, the Unicode spaces too: the no-break space "
        "'\\u00a0' separates two words, and the em space '\\u2003' after 'two.' ends a sentence.",
    )


def test_a_mark_at_the_very_end_of_the_text(split_units):
    check_returns(split_units, "Done.", 3, expected=["Done."])


def test_whitespace_around_the_text_is_ignored(split_units):
    check_returns(split_units, "\n\n  \tHello world.  \n\n \n", 5, expected=["Hello world."])


def test_empty_text_gives_no_units(split_units):
    check_returns(split_units, "", 3, expected=[])


def test_whitespace_only_text_gives_no_units(split_units):
    check_returns(split_units, " \n\t\n  \r\n ", 3, expected=[])


def test_a_paragraph_of_whitespace_alone_gives_no_unit(split_units):
    check_returns(
        split_units,
        " \t\n\nOne.\n\n  \t",
        5,
        expected=["One."],
        why="the text begins and ends with a paragraph made of spaces and tabs alone; it holds "
        "no word, so it gives no unit: a unit is never empty.",
    )


def test_a_paragraph_of_whitespace_alone_adds_nothing_to_a_chunk(chunk_text):
    check_returns(
        chunk_text,
        "One. Two.\n\n \t",
        5,
        expected=["One. Two."],
        why="the paragraph of a space and a tab after the blank line holds no word: it gives no "
        "unit, so the chunk is not followed by an extra space.",
    )


# Paragraphs -----------------------------------------------------------------------------------


def test_a_blank_line_ends_a_unit_without_punctuation(split_units):
    check_returns(
        split_units,
        "Title here\n\nBody text.",
        10,
        expected=["Title here", "Body text."],
        why="a paragraph break ends a unit even when no '.', '!' or '?' comes before it: "
        "a heading must not be glued to the paragraph after it.",
    )


def test_a_blank_line_of_spaces_and_tabs_still_ends_a_paragraph(split_units):
    check_returns(
        split_units,
        "Title here\n \t \nBody text.",
        10,
        expected=["Title here", "Body text."],
        why="a blank line is a newline, optional whitespace, and a newline; spaces and tabs on it do not make it text.",
    )


def test_a_blank_line_of_unicode_spaces_still_ends_a_paragraph(split_units):
    check_returns(
        split_units,
        "Title here\n\u2003\u00a0\nBody text",
        10,
        expected=["Title here", "Body text"],
        why="a blank line's whitespace is any that str.split() splits at: the em space '\\u2003' and the "
        "no-break space '\\u00a0' on it do not make it text.",
    )


def test_a_blank_line_with_windows_line_endings_ends_a_paragraph(split_units):
    check_returns(
        split_units,
        "Title here\r\n\r\nBody text.",
        10,
        expected=["Title here", "Body text."],
        why="'\\r' is whitespace, so '\\n\\r\\n' is a newline, whitespace and a newline: a blank line.",
    )


def test_carriage_returns_alone_make_no_blank_line(split_units):
    check_returns(
        split_units,
        "Title here\r\rBody text",
        10,
        expected=["Title here Body text"],
        why="a blank line is a newline '\\n', optional whitespace and a newline; a '\\r' alone is "
        "whitespace, so '\\r\\r' inside a sentence is one space.",
    )


@pytest.mark.parametrize(
    "breaks", ["\x0b\x0b", "\x0c\x0c", "\x1c\x1c", "\x1d\x1d", "\x1e\x1e", "\x85\x85", "\u2028\u2028", "\u2029\u2029"]
)
def test_other_line_breaks_make_no_blank_line(split_units, breaks):
    check_returns(
        split_units,
        f"Title here{breaks}Body text",
        10,
        expected=["Title here Body text"],
        why="these characters are whitespace, as for str.split(): two of them in a row inside a sentence "
        "are one space between its words. And only '\\n' is a newline: they make no blank line, though "
        "str.splitlines() breaks lines at them.",
    )


def test_several_blank_lines_are_one_break(split_units):
    check_returns(
        split_units,
        "A\n\n\n\nB\n \n\t\n \nC",
        5,
        expected=["A", "B", "C"],
        why="empty pieces are dropped, so several blank lines in a row give no empty unit.",
    )


# Cutting long sentences -----------------------------------------------------------------------


def test_a_long_sentence_is_cut_into_full_windows(split_units):
    check_returns(
        split_units,
        "a b c d e f g h i j.",
        4,
        expected=["a b c d", "e f g h", "i j."],
        why="a sentence longer than max_tokens becomes windows of exactly max_tokens words, "
        "the last one shorter; not pieces of equal size.",
    )


def test_a_sentence_one_word_over_max_tokens_is_cut(split_units):
    check_returns(
        split_units,
        "a b c d e.",
        4,
        expected=["a b c d", "e."],
        why="a sentence of more than max_tokens words is cut, and 5 words is already one more than 4: "
        "the window of 4 words, then the 1 word left.",
    )


def test_a_sentence_of_exactly_max_tokens_is_not_cut(split_units):
    check_returns(split_units, "a b c. d e f g. h", 4, expected=["a b c.", "d e f g.", "h"])


def test_sentences_that_fit_are_not_cut_beside_a_long_one(split_units):
    check_returns(
        split_units,
        "a b. c d e f g h. i j.",
        3,
        expected=["a b.", "c d e", "f g h.", "i j."],
        why="only a sentence longer than max_tokens is cut, and its windows start at its own "
        "first word; the sentences around it stay whole.",
    )


def test_a_long_sentence_that_fills_its_windows_exactly_gives_no_empty_unit(split_units):
    check_returns(
        split_units,
        "a b c d e f. g.",
        3,
        expected=["a b c", "d e f.", "g."],
        why="the 6 words of the first sentence fill two windows of 3 exactly; nothing is left, so "
        "there is no third window: a unit is never empty.",
    )


def test_max_tokens_one_makes_every_word_a_unit(split_units):
    check_returns(split_units, "a b. c", 1, expected=["a", "b.", "c"])


# Packing --------------------------------------------------------------------------------------


def test_max_tokens_one_gives_every_word_a_chunk_of_its_own(chunk_text):
    check_returns(
        chunk_text,
        "Alpha beta. Gamma!",
        1,
        expected=["Alpha", "beta.", "Gamma!"],
        why="a word is a unit of 1 word, which fits a budget of 1 exactly: it is never cut further, into "
        "its characters.",
    )


def test_a_unit_that_fills_the_chunk_exactly_stays_in_it(chunk_text):
    check_returns(
        chunk_text,
        "a b. c d.",
        4,
        expected=["a b. c d."],
        why="a chunk closes only when the next unit would push it past max_tokens; 4 words fit a budget of 4.",
    )


def test_a_unit_that_does_not_fit_starts_a_new_chunk(chunk_text):
    check_returns(chunk_text, "a b c. d e.", 4, expected=["a b c.", "d e."])


def test_the_open_chunk_is_kept_at_the_end(chunk_text):
    check_returns(
        chunk_text,
        "a b. c d.",
        3,
        expected=["a b.", "c d."],
        why="when the units run out, the open chunk is the last chunk.",
    )


def test_whitespace_only_text_gives_no_chunks(chunk_text):
    check_returns(
        chunk_text, "  \n\n\t ", 3, expected=[], why="with no units there is no chunk at all, not one empty chunk."
    )


def test_chunks_join_units_with_one_space(chunk_text):
    check_returns(chunk_text, "One.\n\n\tTwo  three.\nFour", 10, expected=["One. Two three. Four"])


def test_a_paragraph_break_does_not_force_a_new_chunk(chunk_text):
    check_returns(
        chunk_text,
        "Title\n\nBody text here.",
        10,
        expected=["Title Body text here."],
        why="a blank line ends a unit; units from different paragraphs still share a chunk when they fit.",
    )


def test_windows_of_a_long_sentence_are_packed_like_sentences(chunk_text):
    check_returns(chunk_text, "a b c d e f. g h.", 4, expected=["a b c d", "e f. g h."])


def test_overlap_defaults_to_zero(chunk_text):
    check_returns(chunk_text, "a b. c d. e f.", 4, expected=["a b. c d.", "e f."])


def test_the_default_overlap_carries_not_even_a_one_word_sentence(chunk_text):
    check_returns(
        chunk_text,
        "a b c. d. e f g.",
        4,
        expected=["a b c. d.", "e f g."],
        why="with no overlap_tokens given, the overlap is 0: nothing is carried, "
        "not even 'd.', which would fit an overlap of 1.",
    )


@progress_guard()
def test_overlap_can_be_given_by_name(chunk_text):
    check_returns(chunk_text, "a b. c d. e f.", 4, overlap_tokens=2, expected=["a b. c d.", "c d. e f."])


# Overlap --------------------------------------------------------------------------------------


@progress_guard()
def test_the_overlap_carries_several_whole_sentences(chunk_text):
    check_returns(
        chunk_text,
        "a b. c d. e f. g h.",
        6,
        4,
        expected=["a b. c d. e f.", "c d. e f. g h."],
        why="the two last sentences (4 words) fit in overlap_tokens=4 and leave room for 'g h.'.",
    )


@progress_guard()
def test_the_first_chunk_is_filled_greedily_whatever_the_overlap(chunk_text):
    chunks = strings(chunk_text, "a b. c d. e f. g h.", 6, 3)
    expect(
        chunks[:1] == ["a b. c d. e f."],
        "the first chunk to be 'a b. c d. e f.', filled greedily: units are "
        "added while they fit max_tokens=6 (2 + 2 + 2 = 6 words), whatever overlap_tokens is; no room is kept "
        "in it for a carry, since it begins with none",
    )


@progress_guard()
def test_the_overlap_never_exceeds_overlap_tokens(chunk_text):
    chunks = strings(chunk_text, "a b. c d. e f. g h.", 6, 3)
    expect(
        not carried_past(chunks, 3),
        "every chunk to begin with at most overlap_tokens=3 words of the chunk "
        "before it: with sentences of 2 words, one is carried, never two ('c d. e f.' is 4 words)",
        details=carried_past(chunks, 3),
    )


@progress_guard()
def test_the_overlap_never_carries_part_of_a_sentence(chunk_text):
    check_returns(
        chunk_text,
        "a b c. d e f. g h i.",
        6,
        2,
        expected=["a b c. d e f.", "g h i."],
        why="the last sentence, 'd e f.', has 3 words, more than overlap_tokens=2; "
        "a sentence is carried whole or not at all, so nothing is carried.",
    )


@progress_guard()
def test_the_carry_plus_the_next_unit_fits_the_budget(chunk_text):
    check_returns(
        chunk_text,
        "a. b c. d e f g.",
        6,
        3,
        expected=["a. b c.", "b c. d e f g."],
        why="'a. b c.' (3 words) fits overlap_tokens=3, but with 'd e f g.' it would make 7, "
        "over max_tokens=6; a chunk never exceeds max_tokens.",
    )


@progress_guard()
def test_a_shorter_carry_is_used_when_the_longest_leaves_no_room(chunk_text):
    check_returns(
        chunk_text,
        "Cats purr. Dogs bark. Birds sing at dawn.",
        6,
        4,
        expected=["Cats purr. Dogs bark.", "Dogs bark. Birds sing at dawn."],
        why="the carry is the longest run of trailing units that fits both limits: "
        "'Dogs bark.' fits, even though 'Cats purr. Dogs bark.' does not.",
    )


@progress_guard()
def test_the_overlap_comes_from_the_chunk_just_closed(chunk_text):
    check_returns(
        chunk_text,
        "a b. c d. e f. g h. i j.",
        4,
        2,
        expected=["a b. c d.", "c d. e f.", "e f. g h.", "g h. i j."],
        why="each chunk starts with the last units of the chunk closed just before it.",
    )


@progress_guard()
def test_a_unit_can_be_carried_twice(chunk_text):
    check_returns(
        chunk_text,
        "a. b. c. d. e.",
        3,
        2,
        expected=["a. b. c.", "b. c. d.", "c. d. e."],
        why="'c.' is among the trailing units of the first and of the second chunk, so it is carried both times.",
    )


@progress_guard()
def test_the_largest_overlap_moves_one_sentence_at_a_time(chunk_text):
    check_returns(chunk_text, "one. two. three. four.", 2, 1, expected=["one. two.", "two. three.", "three. four."])


@progress_guard()
def test_an_overlap_that_leaves_no_room_carries_nothing(chunk_text):
    check_returns(
        chunk_text,
        "a b c d. e f g h. i j k l.",
        4,
        3,
        expected=["a b c d.", "e f g h.", "i j k l."],
        why="every sentence fills the budget, so no carried unit could leave room for the next.",
    )


# Validation -----------------------------------------------------------------------------------


@progress_guard()
@pytest.mark.parametrize("overlap_tokens", [4, 5, 10])
def test_overlap_not_below_max_tokens_is_rejected(chunk_text, overlap_tokens):
    """overlap_tokens >= max_tokens must raise ValueError at once."""
    check_raises(
        chunk_text,
        "a b. c d. e f.",
        4,
        overlap_tokens,
        error=ValueError,
        mentions=["overlap_tokens", overlap_tokens],
        why="an overlap as large as the budget is a configuration error; it must be reported, not silently used.",
    )


@progress_guard()
def test_negative_overlap_is_rejected(chunk_text):
    """A negative overlap_tokens must raise ValueError naming overlap_tokens and its value."""
    check_raises(chunk_text, "a b. c d.", 4, -1, error=ValueError, mentions=["overlap_tokens", -1])


@progress_guard()
@pytest.mark.parametrize("max_tokens", [0, -3])
def test_max_tokens_below_one_is_rejected_by_chunk_text(chunk_text, max_tokens):
    """max_tokens < 1 must raise ValueError at once: no chunk can hold fewer than one word."""
    check_raises(chunk_text, "a b.", max_tokens, error=ValueError, mentions=["max_tokens", max_tokens])


@progress_guard()
@pytest.mark.parametrize("max_tokens", [0, -3])
def test_max_tokens_below_one_is_rejected_by_split_units(split_units, max_tokens):
    """max_tokens < 1 must raise ValueError at once: a window of no words would never advance."""
    check_raises(split_units, "a b.", max_tokens, error=ValueError, mentions=["max_tokens", max_tokens])


@progress_guard()
def test_bad_overlap_is_rejected_even_for_empty_text(chunk_text):
    """The arguments are checked before the text, so empty text does not hide a bad overlap_tokens."""
    check_raises(chunk_text, "", 3, 3, error=ValueError, mentions=["overlap_tokens", 3])


@progress_guard()
def test_chunk_text_rejects_a_bad_max_tokens_even_for_empty_text(chunk_text):
    """The arguments are checked before the text, so empty text does not hide a max_tokens below 1."""
    check_raises(chunk_text, "", 0, error=ValueError, mentions=["max_tokens", 0])


@progress_guard()
def test_chunk_text_rejects_a_max_tokens_of_the_wrong_type_even_for_empty_text(chunk_text):
    """The arguments are checked before the text, so empty text does not hide a max_tokens that is not an int."""
    check_raises(chunk_text, "", 3.0, error=TypeError, mentions=["max_tokens"])


@progress_guard()
def test_chunk_text_checks_the_numbers_even_for_whitespace_only_text(chunk_text):
    """The arguments are checked before the text, so text of whitespace alone does not hide a bad overlap_tokens."""
    check_raises(chunk_text, " \n\n\t", 3, -1, error=ValueError, mentions=["overlap_tokens", -1])


@progress_guard()
def test_bad_max_tokens_is_rejected_even_for_empty_text(split_units):
    """The arguments are checked before the text, so empty text does not hide a bad max_tokens."""
    check_raises(split_units, "", 0, error=ValueError, mentions=["max_tokens", 0])


@progress_guard()
@pytest.mark.parametrize("max_tokens", [True, 4.0, "4", None])
def test_a_max_tokens_that_is_not_an_int_is_rejected(chunk_text, max_tokens):
    """A max_tokens that is not an int (True, 4.0, '4', None) must raise TypeError naming max_tokens."""
    check_raises(chunk_text, "a b. c d.", max_tokens, error=TypeError, mentions=["max_tokens"])


@progress_guard()
@pytest.mark.parametrize("max_tokens", [True, 4.0])
def test_split_units_rejects_a_max_tokens_that_is_not_an_int(split_units, max_tokens):
    """A max_tokens that is not an int (True, 4.0) must raise TypeError naming max_tokens."""
    check_raises(split_units, "a b. c d.", max_tokens, error=TypeError, mentions=["max_tokens"])


@progress_guard()
def test_int_enum_members_count_as_their_values(chunk_text):
    Count = IntEnum("Count", {"TWO": 2, "FIVE": 5})
    check_returns(
        chunk_text,
        "a b. c d e f. g. h i j k.",
        Count.FIVE,
        Count.TWO,
        expected=["a b.", "c d e f. g.", "g. h i j k."],
        why="an IntEnum member is an int (only bool is refused): Count.FIVE and Count.TWO work as 5 and 2.",
    )


@progress_guard()
def test_split_units_counts_an_int_enum_member_as_its_value(split_units):
    Count = IntEnum("Count", {"TWO": 2})
    check_returns(
        split_units,
        "a b c d e. f.",
        Count.TWO,
        expected=["a b", "c d", "e.", "f."],
        why="an IntEnum member is an int (only bool is refused): Count.TWO works as 2.",
    )


@progress_guard()
@pytest.mark.parametrize("overlap_tokens", [True, False, 1.0, "1", None])
def test_an_overlap_that_is_not_an_int_is_rejected(chunk_text, overlap_tokens):
    """An overlap_tokens that is not an int (True, False, 1.0, '1', None) must raise TypeError naming overlap_tokens."""
    check_raises(chunk_text, "a b. c d.", 4, overlap_tokens, error=TypeError, mentions=["overlap_tokens"])


@progress_guard()
@pytest.mark.parametrize("text", [b"a b. c d.", None, ["a b.", "c d."], 42])
def test_a_text_that_is_not_a_str_is_rejected(chunk_text, text):
    """A text that is not a str (bytes, None, a list of lines, a number) must raise TypeError naming text."""
    check_raises(chunk_text, text, 4, error=TypeError, mentions=["text"])


@progress_guard()
@pytest.mark.parametrize("text", [b"a b. c d.", None])
def test_split_units_rejects_a_text_that_is_not_a_str(split_units, text):
    """A text that is not a str (bytes, None) must raise TypeError naming text."""
    check_raises(split_units, text, 4, error=TypeError, mentions=["text"])


def test_when_several_arguments_are_bad_text_is_checked_first(chunk_text):
    check_raises(
        chunk_text, None, 0, -1, error=TypeError, mentions=["text"], why="every argument is bad: text is checked first."
    )


def test_when_both_numbers_are_of_the_wrong_type_max_tokens_is_checked_first(chunk_text):
    check_raises(
        chunk_text,
        "a",
        "4",
        None,
        error=TypeError,
        mentions=["max_tokens"],
        why="neither number is an int: the type of max_tokens is checked before that of overlap_tokens.",
    )


def test_when_both_values_are_bad_max_tokens_is_checked_first(chunk_text):
    raised = check_raises(
        chunk_text,
        "a b.",
        0,
        -1,
        error=ValueError,
        mentions=["max_tokens", 0],
        why="both values are bad: max_tokens is checked before overlap_tokens.",
    )
    expect(
        "overlap_tokens" not in str(raised),
        "a ValueError about max_tokens, checked before overlap_tokens",
        details=f"Its message was {str(raised)!r}.",
    )


def test_when_two_arguments_are_bad_the_types_are_checked_before_the_values(chunk_text):
    check_raises(
        chunk_text,
        "a",
        0,
        1.5,
        error=TypeError,
        mentions=["overlap_tokens"],
        why="both numbers are bad: the types are checked before the values, so overlap_tokens' wins.",
    )


def test_every_call_of_split_units_returns_a_new_list(split_units):
    first = check_returns(
        split_units, "One. Two.", 5, expected=["One.", "Two."], why="two sentences, each a unit of one word."
    )
    first.append("Three.")
    second = check_returns(
        split_units,
        "One. Two.",
        5,
        expected=["One.", "Two."],
        why="the same call made again gives the same units, whatever the caller did with the "
        "answer of the first call (here it appended to it): an answer handed out again from "
        "a cache carries that change.",
    )
    expect(second is not first, "a new list on every call", details="The second call returned the first call's list.")


def test_every_call_of_chunk_text_returns_a_new_list(chunk_text):
    first = check_returns(
        chunk_text, "One. Two.", 5, expected=["One. Two."], why="two one-word units fit one chunk of at most 5 words."
    )
    first.append("Three.")
    second = check_returns(
        chunk_text,
        "One. Two.",
        5,
        expected=["One. Two."],
        why="the same call made again gives the same chunks, whatever the caller did with the "
        "answer of the first call (here it appended to it), and however split_units is made.",
    )
    expect(second is not first, "a new list on every call", details="The second call returned the first call's list.")
