"""Edge cases, and one test for each common mistake (see solutions/06_token_aware_chunker/mistakes.py).

Most tests use the project's toy tokenizer, whose encodings the statement shows:
"\\nthe" is one token, "\\nice" three, "🦜" and each CJK character three. The rules that the
toy tokenizer never puts to work (a token that straddles two characters, a token that depends
on what follows it) are held with small byte-level tokenizers of the tests' own (tests/support/oracles.py).
"""

from enum import IntEnum

import pytest

from kata.judging.checks import check_raises, check_returns, expect
from kata.judging.guards import progress_guard
from kata.katas.toy_tokenizer import ToyTokenizer
from tests.support.answers import strings
from tests.support.tokenizers import StraddlingTokenizer, TailMergingTokenizer, TailSplittingTokenizer

tokenizer = ToyTokenizer()


def count(text):
    return len(tokenizer.encode(text))


# Measuring the joined chunk ------------------------------------------------------------


def test_a_free_separator_lets_the_next_section_join(chunk_sections):
    check_returns(
        chunk_sections,
        ["the cat", "the mat"],
        4,
        tokenizer,
        expected=["the cat\nthe mat"],
        why='"the cat\\nthe mat" counts 4 tokens, because "\\nthe" is one token. Adding up the '
        "parts (2 + 1 for the separator + 2 = 5) closes the chunk too early; measure the joined text.",
    )


def test_a_join_that_counts_more_than_its_parts_closes_the_chunk(chunk_sections):
    check_returns(
        chunk_sections,
        ["cat", "ice"],
        3,
        tokenizer,
        expected=["cat", "ice"],
        why='the parts add up to 1 + 1 + 1 = 3, but "cat\\nice" counts 4 ("cat", "\\ni", "c", "e"): '
        "only the joined text's count says whether it fits.",
    )


def test_the_separator_counts_when_it_does_not_merge(chunk_sections):
    check_returns(
        chunk_sections,
        ["cat", "cat"],
        2,
        tokenizer,
        expected=["cat", "cat"],
        why='"cat\\ncat" counts 3 tokens: the newline before "cat" is a token of its own, so the '
        "separator's tokens must be counted.",
    )


def test_an_exact_fit_stays_in_the_chunk(chunk_sections):
    check_returns(
        chunk_sections,
        ["hot tea", "is", "cold"],
        4,
        tokenizer,
        expected=["hot tea\nis", "cold"],
        why='"hot tea\\nis" counts exactly 4 tokens, which is allowed; "hot tea\\nis\\ncold" counts 6.',
    )


def test_a_chunk_closes_for_good(chunk_sections):
    check_returns(
        chunk_sections,
        ["the cat", "cat", "the"],
        3,
        tokenizer,
        expected=["the cat", "cat\nthe"],
        why='"the cat\\ncat" counts 4 > 3, so "the cat" closes and "cat" starts the next chunk, '
        'which "the" then joins ("cat\\nthe" counts 2).',
    )


def test_a_separator_of_several_characters_is_measured_in_the_join(chunk_sections):
    check_returns(
        chunk_sections,
        ["the cat", "the mat"],
        4,
        tokenizer,
        separator=" ",
        expected=["the cat the mat"],
        why='" the" is one token, so "the cat the mat" counts 4.',
    )


def test_an_empty_separator_is_allowed(chunk_sections):
    check_returns(chunk_sections, ["the", "cat"], 8, tokenizer, separator="", expected=["thecat"])


def test_the_end_of_the_open_chunk_is_measured_too(chunk_sections):
    check_returns(
        chunk_sections,
        ["ca", "t", "ca", "t"],
        2,
        tokenizer,
        separator="",
        expected=["catcat"],
        why='"catcat" counts 2 tokens ("cat", "cat"): tokens form across the end of the open chunk, so '
        "adding the count of separator + section to the open chunk's count (1 + 1 + 1 = 3 for "
        '"catca") closes it too early; measure the whole candidate.',
    )


def test_a_section_of_exactly_the_budget_can_take_the_next_one(chunk_sections):
    check_returns(
        chunk_sections,
        ["ca", "t"],
        1,
        tokenizer,
        separator="",
        expected=["cat"],
        why='"ca" counts 1 token, exactly the budget, so it fits alone and is not cut; joined with "t" '
        'it makes "cat", one token, which fits.',
    )


# Counting with the tokenizer, not with characters ----------------------------------------


def test_a_short_text_of_wide_characters_is_oversized(chunk_sections):
    check_returns(
        chunk_sections,
        ["日本語"],
        4,
        tokenizer,
        expected=["日", "本", "語"],
        why="each of these characters takes 3 tokens, so the section counts 9: it must be cut. "
        "len(text) // 4 would call it 0 tokens.",
    )


def test_a_long_text_of_few_tokens_fits(chunk_sections):
    check_returns(
        chunk_sections,
        ["the cat sat on the mat", "the"],
        8,
        tokenizer,
        expected=["the cat sat on the mat\nthe"],
        why='22 characters, but 7 tokens with the separator merged into "\\nthe": it fits a budget of 8.',
    )


# Cutting oversized sections ----------------------------------------------------------------


@progress_guard()
def test_pieces_are_cut_by_tokens_not_by_characters(chunk_sections):
    check_returns(
        chunk_sections,
        ["the cat sat on the mat"],
        2,
        tokenizer,
        expected=["the cat", " sat on", " the mat"],
        why="the section counts 6 tokens; each piece takes the 2 ids allowed, whole words here, not 2 characters.",
    )


@progress_guard()
def test_a_piece_never_ends_inside_a_character(chunk_sections):
    chunks = check_returns(
        chunk_sections,
        ["é🦜🦜"],
        5,
        tokenizer,
        expected=["é🦜", "🦜"],
        why='the first 5 ids end inside the second parrot, which would decode to "\\ufffd"; '
        "the longest whole-character prefix is 4 ids.",
    )
    expect(not any("\ufffd" in chunk for chunk in chunks), "no chunk holding U+FFFD")


@progress_guard()
def test_a_replacement_character_in_the_input_is_kept(chunk_sections):
    check_returns(
        chunk_sections,
        ["\ufffd" * 5],
        2,
        tokenizer,
        expected=["\ufffd\ufffd", "\ufffd\ufffd", "\ufffd"],
        why="U+FFFD that the input holds is text like any other: it stays, in its place.",
    )


@progress_guard()
def test_an_oversized_first_section_gets_no_empty_chunk_before_it(chunk_sections):
    check_returns(
        chunk_sections,
        ["🦜🦜"],
        3,
        tokenizer,
        expected=["🦜", "🦜"],
        why="no chunk is open before the first section, so there is nothing to close: no empty chunk.",
    )


@progress_guard()
def test_the_section_after_an_oversized_one_starts_a_new_chunk(chunk_sections):
    check_returns(
        chunk_sections,
        ["🦜🦜", "é"],
        5,
        tokenizer,
        expected=["🦜", "🦜", "é"],
        why="each piece of an oversized section is a chunk of its own; the next section does not join "
        'the last piece, even though "🦜\\né" would count 5.',
    )


@progress_guard()
def test_an_oversized_section_closes_the_open_chunk(chunk_sections):
    check_returns(chunk_sections, ["the", "日本", "cat"], 4, tokenizer, expected=["the", "日", "本", "cat"])


@progress_guard()
def test_a_piece_may_be_a_single_id(chunk_sections):
    check_returns(
        chunk_sections,
        ["the🦜"],
        3,
        tokenizer,
        expected=["the", "🦜"],
        why='"the🦜" counts 4: "the" is one id and the parrot three. The first piece is the longest run of '
        'at most 3 ids that ends between characters: 3 and 2 ids end inside the parrot, 1 id is "the".',
    )


@progress_guard()
def test_a_section_of_exactly_the_budget_is_not_cut(chunk_sections):
    check_returns(
        chunk_sections,
        ["🦜", "the"],
        3,
        tokenizer,
        expected=["🦜", "the"],
        why="the parrot counts 3, exactly the budget: it fits alone and is not cut.",
    )


@progress_guard()
def test_a_character_that_no_token_boundary_frees_is_cut_alone(chunk_sections):
    check_returns(
        chunk_sections,
        ["éé", "ok"],
        2,
        StraddlingTokenizer(),
        expected=["é", "é", "ok"],
        why='"éé" counts 3 ids, [0xC3, 256, 0xA9], where 256 holds the end of the first "é" and the start '
        "of the second: no run of 1 or 2 ids ends between characters. The first character counts 2 "
        'alone, so it is cut alone, and the rest, "é", encoded again, is the next piece.',
    )


@progress_guard()
@pytest.mark.parametrize(
    "section, max_tokens, expected, why",
    [
        (
            "ééok",
            2,
            ["é", "é", "ok"],
            '"ééok" encodes as [0xC3, 256, 0xA9, 0x6F, 0x6B], where 256 holds the end of the first "é" and the start '
            'of the second. The first "é" is cut alone; the old ids no longer start where the rest does, so the '
            'rest, "éok", is encoded again: [0xC3, 0xA9, 0x6F, 0x6B], then "é" and "ok".',
        ),
        (
            "xéééok",
            3,
            ["x", "é", "éé", "ok"],
            '"xéééok" encodes as [0x78, 0xC3, 256, 256, 0xA9, 0x6F, 0x6B]. After "x", no run of 1 to 3 ids ends '
            'between characters, so the "é" at offset 1 is cut alone and the rest after it, "ééok" (from offset 2), '
            'is encoded again: [0xC3, 256, 0xA9, 0x6F, 0x6B], whose first 3 ids are "éé".',
        ),
    ],
    ids=["at the start", "after a piece"],
)
def test_after_a_character_cut_alone_the_rest_is_encoded_again(chunk_sections, section, max_tokens, expected, why):
    check_returns(chunk_sections, [section], max_tokens, StraddlingTokenizer(), expected=expected, why=why)


@progress_guard()
def test_a_character_cut_alone_may_count_less_than_the_budget(chunk_sections):
    check_returns(
        chunk_sections,
        ["ééé"],
        3,
        StraddlingTokenizer(),
        expected=["é", "éé"],
        why='"ééé" encodes as [0xC3, 256, 256, 0xA9]: every run of 1 to 3 ids ends inside an "é". The first '
        '"é" alone counts 2, within the budget, so it is cut alone; the rest, "éé", counts 3 and fits.',
    )


@progress_guard()
def test_a_piece_that_counts_more_alone_is_not_taken(chunk_sections):
    check_returns(
        chunk_sections,
        ["xaby"],
        2,
        TailSplittingTokenizer(),
        expected=["x", "aby"],
        why='this tokenizer makes "ab" one id unless it ends the text: "xaby" is [0x78, 256, 0x79]. The '
        'run of its first 2 ids decodes to "xab", which alone encodes as [0x78, 0x61, 0x62], 3 ids, more '
        "than max_tokens = 2: a piece must count at most max_tokens when encoded again. So the first "
        'piece is "x", and the rest, [256, 0x79], is "aby".',
    )


@progress_guard()
def test_a_piece_may_encode_again_to_other_ids(chunk_sections):
    check_returns(
        chunk_sections,
        ["ab🦜"],
        4,
        TailSplittingTokenizer(),
        expected=["ab", "🦜"],
        why='"ab🦜" is [256, 0xF0, 0x9F, 0xA6, 0x9C]; runs of 2 to 4 ids end inside the parrot. The one id '
        '256 decodes to "ab", which alone encodes as [0x61, 0x62]: other ids, but 2 of them, within '
        "max_tokens = 4, so it is the piece. The rule asks for a count, not the same ids.",
    )


@progress_guard()
def test_a_piece_holds_at_most_max_tokens_ids(chunk_sections):
    check_returns(
        chunk_sections,
        ["xéy"],
        2,
        TailMergingTokenizer(),
        expected=["x", "é", "y"],
        why='this tokenizer makes the last character of a text one id: "xéy" is [0x78, 0xC3, 0xA9, 0x79], '
        'and "xé" alone is 2 ids. But a piece is a run of at most max_tokens = 2 of the section\'s ids: '
        '[0x78, 0xC3] ends inside "é", so the first piece is "x"; then [0xC3, 0xA9] is "é".',
    )


@progress_guard()
@pytest.mark.parametrize(
    "section, max_tokens, expected, why",
    [
        (
            "\ufffdxy",
            2,
            ["\ufffd", "xy"],
            '"\\ufffdxy" is [0xEF, 0xBF, 0xBD, 0x78, 0x79]: the three bytes of U+FFFD, "x", "y". The run [0xEF, '
            '0xBF] ends inside U+FFFD and decodes to "\\ufffd" too, but the ids after it, [0xBD, 0x78, 0x79], decode '
            'to "\\ufffdxy", not to the rest "xy": it is a cut inside a character. No run of 1 or 2 ids ends between '
            'characters, so U+FFFD is cut alone (it counts 1 alone), and the rest, "xy", is the next piece.',
        ),
        (
            "a\ufffd🦜🦜",
            3,
            ["a", "\ufffd", "🦜", "🦜"],
            '"a\\ufffd🦜🦜" is [0x61, 0xEF, 0xBF, 0xBD, 0xF0, 0x9F, 0xA6, 0x9C, 256 + 0x1F99C]. The run [0x61, 0xEF, '
            '0xBF] decodes to "a\\ufffd", which is how the section starts, but it ends inside U+FFFD: the ids after it '
            'decode to "\\ufffd🦜🦜", not to the rest "🦜🦜". So the first piece is "a"; then [0xEF, 0xBF, 0xBD] is '
            "U+FFFD whole, and each parrot is cut alone.",
        ),
    ],
    ids=["before text", "after text"],
)
def test_a_replacement_character_of_the_section_is_told_from_a_cut(chunk_sections, section, max_tokens, expected, why):
    check_returns(chunk_sections, [section], max_tokens, TailMergingTokenizer(), expected=expected, why=why)


@progress_guard()
def test_the_first_piece_does_not_join_the_open_chunk(chunk_sections):
    check_returns(
        chunk_sections,
        ["the", "🦜🦜"],
        5,
        tokenizer,
        expected=["the", "🦜", "🦜"],
        why="an oversized section closes the open chunk, and each of its pieces is a chunk of its own, even "
        'though "the\\n🦜" would count 5.',
    )


# Empty sections ---------------------------------------------------------------------------


def test_empty_sections_add_no_separator(chunk_sections):
    check_returns(
        chunk_sections,
        ["the", "", "", "the"],
        8,
        tokenizer,
        expected=["the\nthe"],
        why="an empty section is skipped: joining it would only add a separator.",
    )


def test_a_section_of_spaces_is_packed_like_any_other(chunk_sections):
    check_returns(
        chunk_sections,
        ["the", " ", "cat"],
        8,
        tokenizer,
        expected=["the\n \ncat"],
        why='only the empty section "" is skipped; " " is text, and the chunk holds it between two separators.',
    )


def test_only_empty_sections_give_no_chunks(chunk_sections):
    check_returns(
        chunk_sections,
        ["", ""],
        8,
        tokenizer,
        expected=[],
        why="no chunk is ever empty, so empty sections alone give no chunks.",
    )


@progress_guard()
@pytest.mark.parametrize(
    "sections, max_tokens, error, mentions",
    [
        (["the", "", "cat", 5], 8, TypeError, ["sections[3]", "5"]),
        (["the", "", "a🦜"], 2, ValueError, ["sections[2]", "🦜", "offset 1"]),
    ],
    ids=["not a str", "too wide"],
)
def test_an_empty_section_keeps_its_index(chunk_sections, sections, max_tokens, error, mentions):
    """An empty section is skipped, but it still counts in the numbering: sections[i] is the index the caller knows."""
    check_raises(chunk_sections, sections, max_tokens, tokenizer, error=error, mentions=mentions)


# The input and the tokenizer ----------------------------------------------------------------


def test_the_input_list_is_not_modified(chunk_sections):
    sections = ["the cat", "🦜🦜🦜", "", "is hot"]
    chunk_sections(sections, 4, tokenizer)
    expect(
        sections == ["the cat", "🦜🦜🦜", "", "is hot"],
        "the input list to be left as it was",
        details=f"After the call it was {sections}.",
    )


def test_a_tuple_of_sections_is_accepted(chunk_sections):
    check_returns(
        chunk_sections, ("the cat", "sat on", "the mat"), 4, tokenizer, expected=["the cat", "sat on\nthe mat"]
    )


def test_the_result_is_a_new_list(chunk_sections):
    check_returns(
        chunk_sections,
        (),
        8,
        tokenizer,
        expected=[],
        why="the result is always a new list of str, whatever the sections came in.",
    )
    sections = []
    chunks = chunk_sections(sections, 8, tokenizer)
    expect(
        type(chunks) is list and chunks == [] and chunks is not sections,
        "a new empty list, not the list it was given: a caller that appends to the chunks would change its input",
    )


class CountingTokenizer:
    """The toy tokenizer, remembering each text it encoded and each list of ids it decoded."""

    def __init__(self):
        self.encoded = []
        self.decoded = []

    def encode(self, text):
        self.encoded.append(text)
        return tokenizer.encode(text)

    def decode(self, ids):
        self.decoded.append(list(ids))
        return tokenizer.decode(ids)

    def __repr__(self):
        return "CountingTokenizer()"


def test_each_section_is_encoded_once_on_its_own(chunk_sections):
    counting = CountingTokenizer()
    sections = ["the cat", "sat on", "the mat", "is hot", "hot tea"]
    strings(chunk_sections, sections, 4, counting)
    not_once = [section for section in sections if counting.encoded.count(section) != 1]
    expect(
        not not_once and len(counting.encoded) <= 2 * len(sections) + 1,
        "each section encoded once on its own, and at most one more encoding per section (its join) "
        "plus one for the separator",
        details=f"The tokenizer encoded {len(counting.encoded)} texts: {counting.encoded}",
    )


def test_an_oversized_section_is_encoded_once(chunk_sections):
    counting = CountingTokenizer()
    section = "the cat sat on the mat"
    strings(chunk_sections, [section], 2, counting)
    longer = [text for text in counting.encoded if text != section and count(text) > 2]
    expect(
        counting.encoded.count(section) == 1 and not longer,
        "the section encoded once, and nothing else encoded but texts of at most max_tokens = 2 tokens "
        "(the pieces, encoded again): no character is cut alone here, so the rest of the section is never "
        "encoded again",
        details=f"The tokenizer encoded {len(counting.encoded)} texts: {counting.encoded}",
    )


def test_cutting_decodes_at_most_max_tokens_ids_at_a_time(chunk_sections):
    counting = CountingTokenizer()
    strings(chunk_sections, ["the cat sat on the mat"], 2, counting)
    longer = [ids for ids in counting.decoded if len(ids) > 2]
    expect(
        not longer,
        "no decode of more than max_tokens = 2 ids: the ids after a run may be decoded only when its "
        "text ends in U+FFFD, and this section holds none",
        details=f"It decoded {longer[0]} ({len(longer[0])} ids)." if longer else "",
    )


def test_an_int_subclass_counts_as_its_int_value(chunk_sections):
    check_returns(
        chunk_sections,
        ["the cat", "sat on", "the mat"],
        IntEnum("Budget", {"FOUR": 4}).FOUR,
        tokenizer,
        expected=["the cat", "sat on\nthe mat"],
        why="an IntEnum member worth 4 is max_tokens = 4.",
    )


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
    """A max_tokens that is not an int (True, 8.0, '8', None) must raise TypeError naming max_tokens and the value."""
    check_raises(chunk_sections, ["the"], max_tokens, tokenizer, error=TypeError, mentions=["max_tokens", max_tokens])


@progress_guard()
@pytest.mark.parametrize("max_tokens, error", [(0, ValueError), ("8", TypeError)], ids=["0", "'8'"])
def test_max_tokens_is_checked_before_the_separator(chunk_sections, max_tokens, error):
    """max_tokens is checked first: with a bad max_tokens and a separator that is not a str, the error names
    max_tokens."""
    check_raises(
        chunk_sections, ["the"], max_tokens, tokenizer, separator=None, error=error, mentions=["max_tokens", max_tokens]
    )


@progress_guard()
@pytest.mark.parametrize("separator, max_tokens", [("\n\n", 2), ("🦜", 3), ("🦜", 2)])
def test_a_separator_that_fills_the_budget_is_rejected(chunk_sections, separator, max_tokens):
    """A separator that alone counts max_tokens or more must raise ValueError naming the separator, its value and
    max_tokens: no two sections could share a chunk. ("\\n\\n" counts 2 tokens, "🦜" 3.)"""
    check_raises(
        chunk_sections,
        ["the", "cat"],
        max_tokens,
        tokenizer,
        separator=separator,
        error=ValueError,
        mentions=["separator", repr(separator), "max_tokens", max_tokens],
    )


@progress_guard()
def test_the_separator_is_checked_even_without_sections(chunk_sections):
    """The separator is checked before the sections, so an empty list does not hide it."""
    check_raises(chunk_sections, [], 1, tokenizer, error=ValueError, mentions=["separator"])


@progress_guard()
@pytest.mark.parametrize("separator", [None, 10, b"\n"])
def test_a_separator_that_is_not_a_str_is_rejected(chunk_sections, separator):
    """A separator that is not a str must raise TypeError naming separator and the value."""
    check_raises(
        chunk_sections, ["the"], 8, tokenizer, separator=separator, error=TypeError, mentions=["separator", separator]
    )


@progress_guard()
@pytest.mark.parametrize("bad", [None, b"the", 5, b""], ids=["None", "b'the'", "5", "b''"])
def test_a_section_that_is_not_a_str_is_rejected(chunk_sections, bad):
    """A section that is not a str must raise TypeError naming it as sections[i], with its index, and the value;
    None and b"" are not the empty section "", which alone is skipped."""
    check_raises(chunk_sections, ["the", "cat", bad], 8, tokenizer, error=TypeError, mentions=["sections[2]", bad])


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
    check_raises(
        chunk_sections,
        ["the", section],
        2,
        tokenizer,
        error=ValueError,
        mentions=["sections[1]", char, f"offset {offset}"],
        why="the character takes 3 tokens; no piece of at most 2 can hold it whole.",
    )


@progress_guard()
@pytest.mark.parametrize(
    "sections, tokenizer_used, offset",
    [
        (["café🦜"], tokenizer, 4),
        (["ééé🦜"], StraddlingTokenizer(), 3),
    ],
    ids=["after a character of two bytes", "after a character cut alone"],
)
def test_the_offset_counts_characters_from_the_start_of_the_section(chunk_sections, sections, tokenizer_used, offset):
    """The offset of a character too wide is its index in the section as a str: characters, not bytes or ids, counted
    from the start of the section even after a character was cut alone. "café🦜" is 4 characters, 5 bytes and 1 id
    before the parrot. With StraddlingTokenizer, "ééé🦜" cuts its first two "é" alone, each time encoding the rest
    again; the third "é" is then a piece of 2 ids, and the parrot, 4 ids, is at offset 3 (6 bytes, and 2 ids into
    the last encoding of the rest, 1 character after the last one cut alone)."""
    check_raises(
        chunk_sections,
        sections,
        2,
        tokenizer_used,
        error=ValueError,
        mentions=["sections[0]", "🦜", f"offset {offset}"],
    )


@progress_guard()
@pytest.mark.parametrize(
    "sections, kind",
    [("the cat", "str"), (None, "NoneType"), ({"the"}, "set"), (iter(["the"]), "list_iterator")],
    ids=["a str", "None", "a set", "iter"],
)
def test_sections_that_are_not_a_list_or_tuple_are_rejected(chunk_sections, sections, kind):
    """sections must be a list or a tuple, not a str (a sequence of its characters): TypeError naming its type."""
    check_raises(chunk_sections, sections, 8, tokenizer, error=TypeError, mentions=["sections", kind])


@progress_guard()
@pytest.mark.parametrize(
    "max_tokens, separator, error, mentions",
    [(0, "\n", ValueError, ["max_tokens", 0]), (8, None, TypeError, ["separator", None])],
    ids=["budget", "separator"],
)
def test_the_arguments_are_checked_before_the_type_of_sections(chunk_sections, max_tokens, separator, error, mentions):
    """max_tokens and the separator are checked before sections, so the error names the bad one, not sections."""
    check_raises(chunk_sections, "the cat", max_tokens, tokenizer, separator=separator, error=error, mentions=mentions)


@progress_guard()
def test_sections_of_the_cat_fill_chunks_of_sixteen(chunk_sections):
    # Sections of exactly 2 tokens, joined at a cost of 2: the guard's short sections cost about 2.5 tokens each
    # on average, so their chunks hold about 13, and this count of 16 is checked here.
    sixteen = "\n".join(["the cat"] * 16)
    check_returns(
        chunk_sections,
        ["the cat"] * 33,
        32,
        tokenizer,
        expected=[sixteen, sixteen, "the cat"],
        why='"the cat" counts 2 tokens, and joined after "\\n" 2 more ("\\nthe", " cat"): 16 sections count '
        "exactly 32, and a 17th would make 34.",
    )
