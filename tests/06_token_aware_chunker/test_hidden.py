"""Edge cases, and one test for each common mistake (see solutions/06_token_aware_chunker/mistakes.py).

Every test uses the project's toy tokenizer, whose encodings the statement shows:
"\\nthe" is one token, "\\nice" three, "🦜" and each CJK character three.
"""

import pytest
from answers import strings

from kata.judging.guards import progress_guard
from kata.judging.judge import check_raises, check_returns, expect
from kata.toy_tokenizer import ToyTokenizer

tokenizer = ToyTokenizer()


def count(text):
    return len(tokenizer.encode(text))


# Measuring the joined chunk ------------------------------------------------------------


def test_a_free_separator_lets_the_next_section_join(chunk_sections):
    check_returns(chunk_sections, ["the cat", "the mat"], 4, tokenizer, expected=["the cat\nthe mat"],
                  why='"the cat\\nthe mat" counts 4 tokens, because "\\nthe" is one token. Adding up the '
                      "parts (2 + 1 for the separator + 2 = 5) closes the chunk too early; measure the joined text.")


def test_a_join_that_counts_more_than_its_parts_closes_the_chunk(chunk_sections):
    check_returns(chunk_sections, ["cat", "ice"], 3, tokenizer, expected=["cat", "ice"],
                  why='the parts add up to 1 + 1 + 1 = 3, but "cat\\nice" counts 4 ("cat", "\\ni", "c", "e"): '
                      "only the joined text's count says whether it fits.")


def test_the_separator_counts_when_it_does_not_merge(chunk_sections):
    check_returns(chunk_sections, ["cat", "cat"], 2, tokenizer, expected=["cat", "cat"],
                  why='"cat\\ncat" counts 3 tokens: the newline before "cat" is a token of its own, so the '
                      "separator's tokens must be counted.")


def test_an_exact_fit_stays_in_the_chunk(chunk_sections):
    check_returns(chunk_sections, ["hot tea", "is", "cold"], 4, tokenizer, expected=["hot tea\nis", "cold"],
                  why='"hot tea\\nis" counts exactly 4 tokens, which is allowed; "hot tea\\nis\\ncold" counts 6.')


def test_a_chunk_closes_for_good(chunk_sections):
    check_returns(chunk_sections, ["the cat", "cat", "the"], 3, tokenizer, expected=["the cat", "cat\nthe"],
                  why='"the cat\\ncat" counts 4 > 3, so "the cat" closes and "cat" starts the next chunk, '
                      'which "the" then joins ("cat\\nthe" counts 2).')


def test_a_separator_of_several_characters_is_measured_in_the_join(chunk_sections):
    check_returns(chunk_sections, ["the cat", "the mat"], 4, tokenizer, separator=" ",
                  expected=["the cat the mat"],
                  why='" the" is one token, so "the cat the mat" counts 4.')


def test_an_empty_separator_is_allowed(chunk_sections):
    check_returns(chunk_sections, ["the", "cat"], 8, tokenizer, separator="", expected=["thecat"])


# Counting with the tokenizer, not with characters ----------------------------------------


def test_a_short_text_of_wide_characters_is_oversized(chunk_sections):
    check_returns(chunk_sections, ["日本語"], 4, tokenizer, expected=["日", "本", "語"],
                  why="each of these characters takes 3 tokens, so the section counts 9: it must be cut. "
                      "len(text) // 4 would call it 0 tokens.")


def test_a_long_text_of_few_tokens_fits(chunk_sections):
    check_returns(chunk_sections, ["the cat sat on the mat", "the"], 8, tokenizer,
                  expected=["the cat sat on the mat\nthe"],
                  why="22 characters, but 7 tokens with the separator merged into \"\\nthe\": it fits a budget of 8.")


# Cutting oversized sections ----------------------------------------------------------------


@progress_guard()
def test_pieces_are_cut_by_tokens_not_by_characters(chunk_sections):
    check_returns(chunk_sections, ["the cat sat on the mat"], 2, tokenizer,
                  expected=["the cat", " sat on", " the mat"],
                  why="the section counts 6 tokens; each piece takes the 2 ids allowed, whole words here, "
                      "not 2 characters.")


@progress_guard()
def test_a_piece_never_ends_inside_a_character(chunk_sections):
    chunks = check_returns(chunk_sections, ["é🦜🦜"], 5, tokenizer, expected=["é🦜", "🦜"],
                           why='the first 5 ids end inside the second parrot, which would decode to "\\ufffd"; '
                               "the longest whole-character prefix is 4 ids.")
    expect(not any("\ufffd" in chunk for chunk in chunks), "no chunk holding U+FFFD")


@progress_guard()
def test_a_replacement_character_in_the_input_is_kept(chunk_sections):
    check_returns(chunk_sections, ["\ufffd" * 5], 2, tokenizer, expected=["\ufffd\ufffd", "\ufffd\ufffd", "\ufffd"],
                  why="U+FFFD that the input holds is text like any other: it stays, in its place.")


@progress_guard()
def test_an_oversized_first_section_gets_no_empty_chunk_before_it(chunk_sections):
    check_returns(chunk_sections, ["🦜🦜"], 3, tokenizer, expected=["🦜", "🦜"],
                  why="no chunk is open before the first section, so there is nothing to close: no empty chunk.")


@progress_guard()
def test_the_section_after_an_oversized_one_starts_a_new_chunk(chunk_sections):
    check_returns(chunk_sections, ["🦜🦜", "é"], 5, tokenizer, expected=["🦜", "🦜", "é"],
                  why="each piece of an oversized section is a chunk of its own; the next section does not join "
                      'the last piece, even though "🦜\\né" would count 5.')


@progress_guard()
def test_an_oversized_section_closes_the_open_chunk(chunk_sections):
    check_returns(chunk_sections, ["the", "日本", "cat"], 4, tokenizer, expected=["the", "日", "本", "cat"])


@progress_guard()
def test_a_piece_may_be_a_single_id(chunk_sections):
    check_returns(chunk_sections, ["the🦜"], 3, tokenizer, expected=["the", "🦜"],
                  why='"the🦜" counts 4: "the" is one id and the parrot three. The first piece is the longest run of '
                      "at most 3 ids that ends between characters: 3 and 2 ids end inside the parrot, 1 id is \"the\".")


@progress_guard()
def test_a_section_of_exactly_the_budget_is_not_cut(chunk_sections):
    check_returns(chunk_sections, ["🦜", "the"], 3, tokenizer, expected=["🦜", "the"],
                  why="the parrot counts 3, exactly the budget: it fits alone and is not cut.")


class StraddlingTokenizer:
    """Bytes, one id each, except that the last byte of "é" and the first byte of the next "é"
    make one id: a token that straddles two characters, as real BPE tokenizers have.

    "éé" is the bytes C3 A9 C3 A9, encoded [0xC3, 256, 0xA9]; "é" alone is [0xC3, 0xA9].
    """

    STRADDLING = b"\xa9\xc3"

    def encode(self, text):
        data, ids, at = text.encode("utf-8"), [], 0
        while at < len(data):
            if data[at:at + 2] == self.STRADDLING:
                ids.append(256)
                at += 2
            else:
                ids.append(data[at])
                at += 1
        return ids

    def decode(self, ids):
        return b"".join(self.STRADDLING if i == 256 else bytes([i]) for i in ids).decode("utf-8", errors="replace")

    def __repr__(self):
        return "StraddlingTokenizer()"


@progress_guard()
def test_a_character_that_no_token_boundary_frees_is_cut_alone(chunk_sections):
    check_returns(chunk_sections, ["éé", "ok"], 2, StraddlingTokenizer(), expected=["é", "é", "ok"],
                  why='"éé" counts 3 ids, [0xC3, 256, 0xA9], where 256 holds the end of the first "é" and the start '
                      "of the second: no run of 1 or 2 ids ends between characters. The first character counts 2 "
                      "alone, so it is cut alone, and the rest, \"é\", encoded again, is the next piece.")


# Empty sections ---------------------------------------------------------------------------


def test_empty_sections_add_no_separator(chunk_sections):
    check_returns(chunk_sections, ["the", "", "", "the"], 8, tokenizer, expected=["the\nthe"],
                  why="an empty section is skipped: joining it would only add a separator.")


def test_a_section_of_spaces_is_packed_like_any_other(chunk_sections):
    check_returns(chunk_sections, ["the", " ", "cat"], 8, tokenizer, expected=["the\n \ncat"],
                  why='only the empty section "" is skipped; " " is text, '
                      'and the chunk holds it between two separators.')


def test_only_empty_sections_give_no_chunks(chunk_sections):
    check_returns(chunk_sections, ["", ""], 8, tokenizer, expected=[],
                  why="no chunk is ever empty, so empty sections alone give no chunks.")


# The input and the tokenizer ----------------------------------------------------------------


def test_the_input_list_is_not_modified(chunk_sections):
    sections = ["the cat", "🦜🦜🦜", "", "is hot"]
    chunk_sections(sections, 4, tokenizer)
    expect(sections == ["the cat", "🦜🦜🦜", "", "is hot"], "the input list to be left as it was",
           details=f"After the call it was {sections}.")


def test_a_tuple_of_sections_is_accepted(chunk_sections):
    check_returns(chunk_sections, ("the cat", "sat on", "the mat"), 4, tokenizer,
                  expected=["the cat", "sat on\nthe mat"])


class CountingTokenizer:
    """The toy tokenizer, remembering how many times each text was encoded."""

    def __init__(self):
        self.encoded = []

    def encode(self, text):
        self.encoded.append(text)
        return tokenizer.encode(text)

    def decode(self, ids):
        return tokenizer.decode(ids)

    def __repr__(self):
        return "CountingTokenizer()"


def test_each_section_is_encoded_once_on_its_own(chunk_sections):
    counting = CountingTokenizer()
    sections = ["the cat", "sat on", "the mat", "is hot", "hot tea"]
    strings(chunk_sections, sections, 4, counting)
    not_once = [section for section in sections if counting.encoded.count(section) != 1]
    expect(not not_once and len(counting.encoded) <= 2 * len(sections) + 1,
           "each section encoded once on its own, and at most one more encoding per section (its join) "
           "plus one for the separator",
           details=f"The tokenizer encoded {len(counting.encoded)} texts: {counting.encoded}")


# Validation -------------------------------------------------------------------------------


@progress_guard()
@pytest.mark.parametrize("max_tokens", [0, -3])
def test_a_budget_below_one_is_rejected(chunk_sections, max_tokens):
    """max_tokens < 1 must raise ValueError naming max_tokens and its value."""
    check_raises(chunk_sections, ["the"], max_tokens, tokenizer, error=ValueError, mentions=["max_tokens", max_tokens])


@progress_guard()
def test_the_budget_is_checked_even_without_sections(chunk_sections):
    """The arguments are checked before the sections, so an empty list does not hide a bad budget."""
    check_raises(chunk_sections, [], 0, tokenizer, error=ValueError, mentions=["max_tokens", 0])


@progress_guard()
@pytest.mark.parametrize("max_tokens", [True, 8.0, "8", None])
def test_a_budget_that_is_not_an_int_is_rejected(chunk_sections, max_tokens):
    """A max_tokens that is not an int (True, 8.0, '8', None) must raise TypeError naming max_tokens."""
    check_raises(chunk_sections, ["the"], max_tokens, tokenizer, error=TypeError, mentions=["max_tokens"])


@progress_guard()
@pytest.mark.parametrize("separator", ["\n\n", "🦜"])
def test_a_separator_that_fills_the_budget_is_rejected(chunk_sections, separator):
    """A separator that alone counts max_tokens or more must raise ValueError: no two sections could share a chunk."""
    check_raises(chunk_sections, ["the", "cat"], count(separator), tokenizer, separator=separator,
                 error=ValueError, mentions=["separator", repr(separator)])


@progress_guard()
def test_the_separator_is_checked_even_without_sections(chunk_sections):
    """The separator is checked before the sections, so an empty list does not hide it."""
    check_raises(chunk_sections, [], 1, tokenizer, error=ValueError, mentions=["separator"])


@progress_guard()
@pytest.mark.parametrize("separator", [None, 10, b"\n"])
def test_a_separator_that_is_not_a_str_is_rejected(chunk_sections, separator):
    """A separator that is not a str must raise TypeError naming separator."""
    check_raises(chunk_sections, ["the"], 8, tokenizer, separator=separator, error=TypeError, mentions=["separator"])


@progress_guard()
@pytest.mark.parametrize("bad", [None, b"the", 5])
def test_a_section_that_is_not_a_str_is_rejected(chunk_sections, bad):
    """A section that is not a str must raise TypeError naming it as sections[i] with its index."""
    check_raises(chunk_sections, ["the", "cat", bad], 8, tokenizer, error=TypeError, mentions=["sections[2]"])


@progress_guard()
def test_a_section_is_checked_when_it_is_met_not_before(chunk_sections):
    """The sections are checked as they are met: the parrot of sections[0], too wide for 2, raises
    ValueError before sections[1], not a str, is looked at."""
    check_raises(chunk_sections, ["a🦜", 5], 2, tokenizer, error=ValueError, mentions=["sections[0]", "🦜"])


@progress_guard()
@pytest.mark.parametrize("section, char, offset", [("🦜", "🦜", 0), ("the cat 日", "日", 8)])
def test_a_character_wider_than_the_budget_is_named_with_its_offset(chunk_sections, section, char, offset):
    """One character that alone counts more than max_tokens must raise ValueError naming the section, the character
    and its offset."""
    check_raises(chunk_sections, ["the", section], 2, tokenizer, error=ValueError,
                 mentions=["sections[1]", char, f"offset {offset}"],
                 why="the character takes 3 tokens; no piece of at most 2 can hold it whole.")
