"""Edge cases, and one test for each common mistake (see solutions/07_markdown_chunker/mistakes.py)."""

import dataclasses
from enum import IntEnum

import pytest

from kata.judging.checks import check_raises, expect
from kata.judging.guards import progress_guard
from tests.support.answers import check_chunks

# What is a heading -------------------------------------------------------------------------


def test_a_hash_line_inside_a_fence_is_not_a_heading(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "# Setup\n\n```sh\n# install it\npip install acme\n```",
        50,
        expected=[
            ("# Setup\n\n```sh\n# install it\npip install acme\n```", 0, 48, ("Setup",)),
        ],
        why="'# install it' is inside the code fence: a shell comment, not a heading. It neither starts "
        "a section nor changes the path, and the code block stays whole.",
    )


def test_a_hash_line_after_a_blank_line_inside_a_fence_is_not_a_heading(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "```\nx = 1\n\n## not a heading\n```\n\n# Real",
        50,
        expected=[
            ("```\nx = 1\n\n## not a heading\n```", 0, 31, ()),
            ("# Real", 33, 39, ("Real",)),
        ],
        why="a blank line inside a fence does not end the code block: only a closing fence does.",
    )


def test_a_hash_without_a_space_is_not_a_heading(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "# Tags\n#python #rag\nmore",
        50,
        expected=[
            ("# Tags\n#python #rag\nmore", 0, 24, ("Tags",)),
        ],
        why="a heading is 1 to 6 '#' followed by a space; '#python' is a hashtag in a paragraph.",
    )


def test_seven_hashes_are_not_a_heading(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "# Top\n####### seven\n",
        50,
        expected=[
            ("# Top\n####### seven", 0, 19, ("Top",)),
        ],
        why="headings have at most 6 '#'; '####### seven' is a paragraph line.",
    )


def test_an_indented_hash_is_not_a_heading(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "# Top\n  # indented\n",
        50,
        expected=[
            ("# Top\n  # indented", 0, 18, ("Top",)),
        ],
        why="a heading line starts with '#'; '  # indented' is a paragraph line.",
    )


def test_a_tab_after_the_hashes_is_not_a_heading(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "# A\n#\tnot a heading\nx",
        50,
        expected=[
            ("# A\n#\tnot a heading\nx", 0, 21, ("A",)),
        ],
        why="a heading is 1 to 6 '#' followed by a space; a tab is not a space, so '#\\tnot a heading' "
        "is a paragraph line under 'A'.",
    )


def test_a_lone_hash_is_not_a_heading(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "# A\n#\nx",
        50,
        expected=[
            ("# A\n#\nx", 0, 7, ("A",)),
        ],
        why="'#' alone has no space after it: it is a paragraph line, not an empty heading.",
    )


def test_the_title_is_stripped_and_keeps_no_hashes(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "##   Install  \nNow.",
        50,
        expected=[
            ("##   Install  \nNow.", 0, 19, ("Install",)),
        ],
        why="the title is the text after the '#'s, stripped: 'Install', without '##' and spaces; the "
        "chunk's text keeps the line exactly as it is.",
    )


def test_closing_hashes_stay_in_the_title(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "## Install ##\nx",
        50,
        expected=[
            ("## Install ##\nx", 0, 15, ("Install ##",)),
        ],
        why="the title is the rest of the line after the opening '#'s, stripped: 'Install ##'. Nothing "
        "else is removed from it.",
    )


def test_a_heading_with_no_title_has_an_empty_title(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "# A\n## \nx",
        50,
        expected=[
            ("# A", 0, 3, ("A",)),
            ("## \nx", 4, 9, ("A", "")),
        ],
        why="'## ' is a heading: two '#' and a space. Its title is empty.",
    )


# Fences ------------------------------------------------------------------------------------


def test_an_unclosed_fence_swallows_the_headings_after_it(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "# Top\n\n```\n# a comment\n## another\ncode",
        50,
        expected=[
            ("# Top\n\n```\n# a comment\n## another\ncode", 0, 38, ("Top",)),
        ],
        why="a fence that is never closed runs to the end of the document: nothing after it is a heading.",
    )


def test_an_unclosed_fence_ends_at_its_last_line_that_is_not_blank(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "```\ncode\n  \n\t\n",
        50,
        expected=[("```\ncode", 0, 8, ())],
        why="a fence that is never closed runs to the end of the document, but its block ends at the "
        "last line that is not blank: lines of spaces or tabs are blank too.",
    )


def test_a_closing_fence_may_have_spaces_after_it(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "```\ncode\n```  \n# After\ntext",
        4,
        expected=[
            ("```\ncode\n```  ", 0, 14, ()),
            ("# After\ntext", 15, 27, ("After",)),
        ],
        why="the fence closes at the next line that starts with ``` (trailing spaces allowed); "
        "'# After' is a heading again.",
    )


def test_a_line_starting_with_the_fence_closes_it_whatever_follows(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "```\na\n```end\n# After\nb",
        50,
        expected=[
            ("```\na\n```end", 0, 12, ()),
            ("# After\nb", 13, 22, ("After",)),
        ],
        why="the fence closes at the next line that starts with ```, whatever follows on that line: "
        "'```end' closes it, so '# After' is a heading.",
    )


def test_a_longer_closing_fence_closes_the_block(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "```\na\n````\n# After\nb",
        50,
        expected=[
            ("```\na\n````", 0, 10, ()),
            ("# After\nb", 11, 20, ("After",)),
        ],
        why="'````' starts with ```, so it closes the fence: '# After' is a heading.",
    )


def test_a_fence_of_four_backticks_closes_at_three(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "````\n```\n# x\n````",
        50,
        expected=[
            ("````\n```", 0, 8, ()),
            ("# x\n````", 9, 17, ("x",)),
        ],
        why="a fence is its line's first three characters: '````' opens a ``` fence, which the next "
        "line starting with ``` closes. '# x' is then a heading, and the last '````' opens a fence "
        "that is never closed.",
    )


def test_a_line_of_two_backticks_does_not_close_a_fence(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "```\n``x`` is code\n# still code\n```\n# After\nx",
        50,
        expected=[
            ("```\n``x`` is code\n# still code\n```", 0, 34, ()),
            ("# After\nx", 35, 44, ("After",)),
        ],
        why="only a line starting with the same three characters closes the fence: '``x`` is code' starts "
        "with two backticks, so it is code, and so is '# still code'.",
    )


def test_a_long_unclosed_fence_runs_to_the_end_of_the_document(chunk_markdown):
    doc = "```\n# not a heading\n" + "x\n" * 300
    check_chunks(
        chunk_markdown,
        doc,
        1000,
        expected=[(doc[:-1], 0, 619, ())],
        why="a fence that is never closed runs to the end of the document, however many lines it has "
        "(here 302): '# not a heading' is code, and the block ends at the last 'x'.",
    )


def test_a_crlf_closing_fence_closes_the_block(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "```\r\ncode\r\n```\r\n# After\r\ntext\r\n",
        4,
        expected=[
            ("```\r\ncode\r\n```", 0, 14, ()),
            ("# After\r\ntext", 16, 29, ("After",)),
        ],
        why="with CRLF line endings the closing line is '```' followed by the line break '\\r\\n': it "
        "closes the fence, so '# After' is a heading.",
    )


def test_a_backtick_fence_is_not_closed_by_tildes(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "```\n~~~\n# code\n```\n# Out\nx",
        50,
        expected=[
            ("```\n~~~\n# code\n```", 0, 18, ()),
            ("# Out\nx", 19, 26, ("Out",)),
        ],
        why="a fence closes only at a line starting with the same three characters: '~~~' inside a "
        "``` block is code, and so is '# code'.",
    )


def test_a_tilde_fence_is_not_closed_by_backticks(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "~~~\n```\n# code\n~~~\n# Out\nx",
        50,
        expected=[
            ("~~~\n```\n# code\n~~~", 0, 18, ()),
            ("# Out\nx", 19, 26, ("Out",)),
        ],
        why="a '~~~' fence closes only at a line starting with '~~~'.",
    )


def test_an_indented_fence_opens_no_code_block(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "Text\n  ```\n# Real\nx",
        50,
        expected=[
            ("Text\n  ```", 0, 10, ()),
            ("# Real\nx", 11, 19, ("Real",)),
        ],
        why="a fence line starts with ``` at its first character; '  ```' is a paragraph line, so "
        "'# Real' is a heading.",
    )


def test_an_indented_fence_does_not_close_a_code_block(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "```\ncode\n  ```\n# still code\n```\n# After",
        50,
        expected=[
            ("```\ncode\n  ```\n# still code\n```", 0, 31, ()),
            ("# After", 32, 39, ("After",)),
        ],
        why="only a line that starts with ``` at its first character closes the fence: '  ```' is code, "
        "and so is '# still code'.",
    )


def test_a_fence_line_ends_the_paragraph_above_it(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "a b\n```\nc\n```",
        3,
        expected=[
            ("a b", 0, 3, ()),
            ("```\nc\n```", 4, 13, ()),
        ],
        why="a line starting with ``` opens a fence even right after a paragraph line; the code block "
        "(3 words) does not fit after the paragraph (2 words) and is never cut.",
    )


# Lines, spans and offsets ---------------------------------------------------------------------


def test_whitespace_inside_a_chunk_is_kept_exactly(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "Tabs\tand  double  spaces\n\n\n  stay.",
        50,
        expected=[
            ("Tabs\tand  double  spaces\n\n\n  stay.", 0, 34, ()),
        ],
        why="the text is doc[start:end] exactly: tabs, double spaces, several blank lines and indentation "
        "stay as they are, or the offsets no longer point at the text.",
    )


def test_a_block_runs_from_its_first_character_to_the_end_of_its_line(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "\n\n  Indented with trailing spaces   \n\n",
        50,
        expected=[
            ("  Indented with trailing spaces   ", 2, 36, ()),
        ],
        why="a block's span starts at the first character of its first line and ends at the end of its "
        "last line, without the line break; the blank lines around it are in no chunk.",
    )


def test_crlf_offsets_exclude_the_carriage_return(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "# T\r\nline one\r\nline two\r\n\r\n## U\r\nend\r\n",
        50,
        expected=[
            ("# T\r\nline one\r\nline two", 0, 23, ("T",)),
            ("## U\r\nend", 27, 36, ("T", "U")),
        ],
        why="'\\r\\n' is one line break: the '\\r' belongs to it, not to the line, so no chunk ends with "
        "'\\r' and the offsets are those of the same document with LF, shifted by one per line break.",
    )


def test_mixed_line_endings_work_together(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "a\r\nb\n\nc d\r\n\r\ne",
        2,
        expected=[
            ("a\r\nb", 0, 4, ()),
            ("c d", 6, 9, ()),
            ("e", 13, 14, ()),
        ],
        why="'\\n' and '\\r\\n' may be mixed in one document: each is one line break, and the offsets "
        "count every character of each.",
    )


def test_a_lone_carriage_return_is_part_of_its_line(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "one\rtwo",
        5,
        expected=[("one\rtwo", 0, 7, ())],
        why="only '\\n' and '\\r\\n' end a line; a '\\r' that no '\\n' follows is ordinary whitespace.",
    )


def test_a_carriage_return_at_the_end_of_the_document_is_part_of_its_line(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "Hello\r",
        5,
        expected=[("Hello\r", 0, 6, ())],
        why="no '\\n' follows this '\\r', so it is no line break: it is part of the line, and of "
        "the block's span, which runs to the end of its line.",
    )


def test_a_carriage_return_at_the_end_of_a_long_document_is_part_of_its_line(chunk_markdown):
    doc = "w " * 150 + "end\r"
    check_chunks(
        chunk_markdown,
        doc,
        1000,
        expected=[(doc, 0, 304, ())],
        why="no '\\n' follows the last '\\r', so it is part of the line, at the end of a document of 304 "
        "characters as in a short one.",
    )


def test_only_the_carriage_return_before_a_line_feed_is_part_of_the_break(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "Hi\r\r\n# B",
        50,
        expected=[
            ("Hi\r", 0, 3, ()),
            ("# B", 5, 8, ("B",)),
        ],
        why="the line break is the last '\\r' and the '\\n'; the '\\r' before them is part of the line 'Hi\\r'.",
    )


@pytest.mark.parametrize(
    "separator",
    ["\r", "\f", "\v", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"],
    ids=[
        "lone_cr",
        "form_feed",
        "vertical_tab",
        "x1c",
        "x1d",
        "x1e",
        "next_line_x85",
        "line_separator_u2028",
        "paragraph_separator_u2029",
    ],
)
def test_only_lf_and_crlf_end_a_line(chunk_markdown, separator):
    doc = f"Intro{separator}# Not a heading"
    check_chunks(
        chunk_markdown,
        doc,
        50,
        expected=[(doc, 0, 21, ())],
        why=f"only '\\n' and '\\r\\n' end a line, so {separator!r} is part of the line, which "
        "starts with 'Intro' and is a paragraph: '# Not a heading' is not at the start of a line. "
        "str.splitlines() breaks lines at it, and so finds other lines.",
    )


def test_two_equal_chunks_have_their_own_offsets(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "# Notes\nsame\n# Notes\nsame",
        50,
        expected=[
            ("# Notes\nsame", 0, 12, ("Notes",)),
            ("# Notes\nsame", 13, 25, ("Notes",)),
        ],
        why="the two chunks have the same text, but each has its own place in doc: the second starts at "
        "13, not where that text first occurs.",
    )


def test_blank_lines_made_of_spaces_and_tabs_separate_blocks(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "a b\n \t\nc d",
        3,
        expected=[
            ("a b", 0, 3, ()),
            ("c d", 7, 10, ()),
        ],
        why="a line of spaces and tabs is blank: it ends the paragraph 'a b', and 'c d' (2 words) does "
        "not fit after it.",
    )


def test_blank_documents_give_no_chunks(chunk_markdown):
    check_chunks(
        chunk_markdown,
        " \n\n\t\r\n  ",
        5,
        expected=[],
        why="every line is blank (only whitespace), so the document has no block and no chunk.",
    )


# Sections and heading paths --------------------------------------------------------------------


def test_a_chunk_never_spans_two_sections(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "# A\nx\n# B\ny",
        50,
        expected=[
            ("# A\nx", 0, 5, ("A",)),
            ("# B\ny", 6, 11, ("B",)),
        ],
        why="everything fits in one chunk, but each heading starts a new section, and so a new chunk.",
    )


def test_text_before_the_first_heading_has_no_path(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "Preface.\n# One\nBody.",
        50,
        expected=[
            ("Preface.", 0, 8, ()),
            ("# One\nBody.", 9, 20, ("One",)),
        ],
        why="the blocks before the first heading are a section with no heading: headings == ().",
    )


def test_a_heading_of_the_same_level_replaces_its_sibling(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "# T\n## A\n## C\nx",
        50,
        expected=[
            ("# T", 0, 3, ("T",)),
            ("## A", 4, 8, ("T", "A")),
            ("## C\nx", 9, 15, ("T", "C")),
        ],
        why="'## C' removes every entry of level 2 or deeper, so 'A' goes.",
    )


def test_a_shallower_heading_pops_every_deeper_entry(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "# T\n## A\n### B\n#### C\n## D",
        50,
        expected=[
            ("# T", 0, 3, ("T",)),
            ("## A", 4, 8, ("T", "A")),
            ("### B", 9, 14, ("T", "A", "B")),
            ("#### C", 15, 21, ("T", "A", "B", "C")),
            ("## D", 22, 26, ("T", "D")),
        ],
        why="'## D' removes 'A', 'B' and 'C' (levels 2, 3 and 4), not just the last entry.",
    )


def test_skipped_levels_keep_the_path_by_level(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "# A\n### C\n### D\n## E\n# F",
        50,
        expected=[
            ("# A", 0, 3, ("A",)),
            ("### C", 4, 9, ("A", "C")),
            ("### D", 10, 15, ("A", "D")),
            ("## E", 16, 20, ("A", "E")),
            ("# F", 21, 24, ("F",)),
        ],
        why="levels may be skipped: '### C' under '# A' gives ('A', 'C'); '### D' replaces 'C' (level 3), "
        "and '## E' replaces 'D', which is deeper; the path is kept by level, not by position.",
    )


def test_a_first_heading_below_level_one(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "### Deep\nx\n# Top\ny",
        50,
        expected=[
            ("### Deep\nx", 0, 10, ("Deep",)),
            ("# Top\ny", 11, 18, ("Top",)),
        ],
        why="the path holds only the headings seen so far: ('Deep',) for a first heading of level 3, "
        "and '# Top' removes it (level 3 is deeper than 1).",
    )


def test_crlf_titles_have_no_carriage_return(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "# Title\r\n",
        50,
        expected=[("# Title", 0, 7, ("Title",))],
        why="the '\\r' of '\\r\\n' belongs to the line break: neither the chunk nor the title holds it.",
    )


# Packing -----------------------------------------------------------------------------------------


def test_an_exact_fit_stays_in_the_chunk(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "# H\n\none two\n\nthree",
        5,
        expected=[
            ("# H\n\none two\n\nthree", 0, 19, ("H",)),
        ],
        why="2 + 2 + 1 = 5 words is exactly the budget, which is allowed: a chunk closes only when the "
        "next block would push it above max_tokens.",
    )


def test_words_are_split_at_any_whitespace(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "a\xa0b\u2003c d",
        2,
        expected=[
            ("a\xa0b", 0, 3, ()),
            ("c d", 4, 7, ()),
        ],
        why="words are text.split(): a no-break space and an em space separate words as a space does, so "
        "the paragraph has 4 words, more than 2, and is cut into 'a\\xa0b' and 'c d'.",
    )


def test_the_hashes_of_a_heading_are_a_word(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "# A\nb c",
        3,
        expected=[
            ("# A", 0, 3, ("A",)),
            ("b c", 4, 7, ("A",)),
        ],
        why="the words of '# A' are '#' and 'A': 2 words, and 2 + 2 = 4 > 3, so 'b c' starts a new chunk.",
    )


def test_the_block_that_would_overflow_starts_the_next_chunk(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "one two three\n\nfour five\n\nsix",
        4,
        expected=[
            ("one two three", 0, 13, ()),
            ("four five\n\nsix", 15, 29, ()),
        ],
        why="3 + 2 = 5 > 4: the check comes before the block is added, so 'four five' opens the next chunk.",
    )


def test_blank_lines_between_packed_blocks_are_in_the_chunk(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "a\n\n\n\nb\n \nc",
        10,
        expected=[("a\n\n\n\nb\n \nc", 0, 10, ())],
        why="a chunk runs from the start of its first block to the end of its last, blank lines included.",
    )


def test_a_code_block_that_fits_is_never_cut(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "Intro.\n\n```\na b\n\nc\n```",
        5,
        expected=[
            ("Intro.", 0, 6, ()),
            ("```\na b\n\nc\n```", 8, 22, ()),
        ],
        why="the code block has 5 words, within the budget of 5: it is one piece. It does not fit after "
        "'Intro.' (1 + 5 = 6 > 5), so it starts the next chunk, whole.",
    )


def test_pieces_of_a_cut_paragraph_pack_with_the_next_block(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "a b c d e\n\nf",
        3,
        expected=[
            ("a b c", 0, 5, ()),
            ("d e\n\nf", 6, 12, ()),
        ],
        why="the paragraph (5 words) is cut into 'a b c' and 'd e'; the pieces are packed like blocks, "
        "so 'f' joins 'd e' (2 + 1 = 3).",
    )


def test_the_first_piece_of_a_cut_block_does_not_fill_the_open_chunk(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "x\n\na b c d",
        3,
        expected=[
            ("x", 0, 1, ()),
            ("a b c", 3, 8, ()),
            ("d", 9, 10, ()),
        ],
        why="the paragraph is cut into windows counted from its own first word: 'a b c' and 'd'. "
        "'a b c' does not fit after 'x' (1 + 3 > 3), so it starts a new chunk.",
    )


def test_a_paragraph_that_fits_is_one_piece(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "x\n\na b\nc d",
        4,
        expected=[
            ("x", 0, 1, ()),
            ("a b\nc d", 3, 10, ()),
        ],
        why="'a b\\nc d' is one paragraph of 4 words, within the budget: one piece, never cut. It does not "
        "fit after 'x' (1 + 4 > 4), so it starts the next chunk, whole.",
    )


def test_a_paragraph_is_cut_into_windows_across_its_lines(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "a b\nc d",
        3,
        expected=[
            ("a b\nc", 0, 5, ()),
            ("d", 6, 7, ()),
        ],
        why="the paragraph has 4 words, more than 3: it is cut into windows of 3 words, 'a b\\nc' and 'd', "
        "whatever its lines; only code is cut at line boundaries.",
    )


def test_a_paragraph_of_many_lines_is_cut_into_windows_to_its_end(chunk_markdown):
    doc = "x y\n" * 299 + "x y"
    check_chunks(
        chunk_markdown,
        doc,
        251,
        expected=[
            (doc[0:501], 0, 501, ()),
            (doc[502:1003], 502, 1003, ()),
            (doc[1004:], 1004, 1199, ()),
        ],
        why="the paragraph runs over all its 300 lines, to the end of the document: 600 words, cut into "
        "windows of 251, 251 and 98 words whatever its lines, each from its first word to its last.",
    )


def test_the_first_window_starts_at_the_first_word(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "  a b c d",
        2,
        expected=[
            ("a b", 2, 5, ()),
            ("c d", 6, 9, ()),
        ],
        why="a piece cut from a block runs from its first word's start to its last word's end: the first "
        "window starts at 'a', not at the spaces before it.",
    )


def test_the_last_window_ends_at_the_last_word(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "a b c d  ",
        2,
        expected=[
            ("a b", 0, 3, ()),
            ("c d", 4, 7, ()),
        ],
        why="a piece cut from a block runs from its first word's start to its last word's end: the last "
        "window ends at 'd', not after the spaces that follow it.",
    )


def test_a_heading_larger_than_the_budget_is_cut_at_words(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "## a b c d",
        2,
        expected=[
            ("## a", 0, 4, ("a b c d",)),
            ("b c", 5, 8, ("a b c d",)),
            ("d", 9, 10, ("a b c d",)),
        ],
        why="the heading has 5 words ('##' is one); its pieces all belong to its section.",
    )


def test_a_cut_code_block_keeps_whole_lines(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "```\nx = 1\ny = 2\n```",
        5,
        expected=[
            ("```\nx = 1", 0, 9, ()),
            ("y = 2\n```", 10, 19, ()),
        ],
        why="the code block has 8 words, more than 5: it is cut between lines, never inside 'y = 2'.",
    )


def test_a_run_of_code_lines_may_fill_the_budget_exactly(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "```\na\nb\nc\n```",
        3,
        expected=[
            ("```\na\nb", 0, 7, ()),
            ("c\n```", 8, 13, ()),
        ],
        why="the code block has 5 words, more than 3: its first run takes '```', 'a' and 'b', exactly 3 "
        "words, which fit; 'c' would make 4, so it starts the next run, with the closing fence.",
    )


def test_a_blank_line_inside_code_rides_along_in_its_run(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "```\na\n\nb\nc\n```",
        3,
        expected=[
            ("```\na\n\nb", 0, 8, ()),
            ("c\n```", 9, 14, ()),
        ],
        why="the code block has 4 words, more than 3: it is cut into runs of whole lines. The blank line "
        "has no words and does not end the run: '```', 'a' and 'b' make 3 words, and 'c' starts the next run.",
    )


def test_blank_code_lines_at_the_end_of_a_run_lie_outside_its_piece(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "```\na b\n\n\nc d\n```",
        2,
        expected=[
            ("```", 0, 3, ()),
            ("a b", 4, 7, ()),
            ("c d", 10, 13, ()),
            ("```", 14, 17, ()),
        ],
        why="the code block has 6 words, more than 2: 'a b' starts a run, the two blank lines ride along in it "
        "with no words, and 'c d' starts the next. A run's piece runs from its first word to its last, so "
        "the piece of 'a b' ends at 'b': the blank lines after it lie in no chunk.",
    )


def test_blank_code_lines_at_the_start_of_a_run_lie_outside_its_piece(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "```\na b c\n\n\nd\n```",
        2,
        expected=[
            ("```", 0, 3, ()),
            ("a b", 4, 7, ()),
            ("c", 8, 9, ()),
            ("d\n```", 12, 17, ()),
        ],
        why="'a b c' has 3 words, more than 2: it is cut into 'a b' and 'c', and the next line starts a new "
        "run, which takes the two blank lines, 'd' and '```'. Its piece runs from its first word, so it "
        "starts at 'd', not at the blank lines.",
    )


def test_a_run_of_blank_code_lines_alone_makes_no_piece(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "```\na b c\n  \n\t\nd e f\n```",
        2,
        expected=[
            ("```", 0, 3, ()),
            ("a b", 4, 7, ()),
            ("c", 8, 9, ()),
            ("d e", 15, 18, ()),
            ("f\n```", 19, 24, ()),
        ],
        why="'a b c' and 'd e f' have 3 words each, more than 2: each is cut into windows, and each closes "
        "the run before it. The lines between them are blank (spaces, a tab): a run of no words, which "
        "makes no piece, so no chunk holds them and none ends with them.",
    )


def test_a_piece_cut_from_code_starts_at_its_first_word(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "```\na b\n  c d\n```",
        3,
        expected=[
            ("```\na b", 0, 7, ()),
            ("c d\n```", 10, 17, ()),
        ],
        why="the code block has 6 words, more than 3: it is cut between lines into '```' with 'a b', and "
        "'  c d' with '```'. A piece cut from a block runs from its first word's start, so the second "
        "starts at 'c', not at its line's indentation.",
    )


def test_a_piece_cut_from_code_ends_at_its_last_word(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "```\na b  \nc d\n```",
        3,
        expected=[
            ("```\na b", 0, 7, ()),
            ("c d\n```", 10, 17, ()),
        ],
        why="the code block has 6 words, more than 3: it is cut between lines into '```' with 'a b  ', and "
        "'c d' with '```'. A piece cut from a block runs to its last word's end, so the first ends at "
        "'b', not after the spaces that follow it.",
    )


def test_the_lines_after_a_long_code_line_start_a_new_run(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "```\na b c d\nf\ng\n```",
        3,
        expected=[
            ("```", 0, 3, ()),
            ("a b c", 4, 9, ()),
            ("d", 10, 11, ()),
            ("f\ng\n```", 12, 19, ()),
        ],
        why="'a b c d' has 4 words, more than 3: it closes the run '```' and is cut into 'a b c' and 'd'. "
        "The next line starts a new run, which takes 'f', 'g' and '```' (3 words); 'd' and that run "
        "(1 + 3 words) do not fit in one chunk.",
    )


def test_the_runs_of_a_cut_code_block_are_counted_from_its_first_line(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "Intro.\n\n```\na\nb\nc\n```",
        3,
        expected=[
            ("Intro.", 0, 6, ()),
            ("```\na\nb", 8, 15, ()),
            ("c\n```", 16, 21, ()),
        ],
        why="the code block has 5 words, more than 3: it is cut first, on its own, into the runs '```\\na\\nb' "
        "(3 words) and 'c\\n```'; only then are the pieces packed, and '```\\na\\nb' does not fit after "
        "'Intro.' (1 + 3 > 3). The code's lines do not fill the chunk before it one by one.",
    )


def test_pieces_of_a_cut_code_block_pack_with_the_blocks_around_it(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "Intro.\n\n```\na b c d\ne\n```\n\nEnd.",
        4,
        expected=[
            ("Intro.\n\n```", 0, 11, ()),
            ("a b c d", 12, 19, ()),
            ("e\n```\n\nEnd.", 20, 31, ()),
        ],
        why="the code block has 7 words, more than 4: it is cut into '```' (the line 'a b c d' does not fit "
        "with it), 'a b c d' and 'e\\n```'. The pieces are packed like blocks: '```' joins 'Intro.' "
        "(1 + 1 words), and 'End.' joins 'e\\n```' (2 + 1).",
    )


@progress_guard()
def test_a_code_line_longer_than_the_budget_is_cut_at_words(chunk_markdown):
    """A code line with more words than max_tokens cannot be a run of whole lines: it is cut into word windows."""
    check_chunks(
        chunk_markdown,
        "```\na b c d e\nf\n```",
        2,
        expected=[
            ("```", 0, 3, ()),
            ("a b", 4, 7, ()),
            ("c d", 8, 11, ()),
            ("e", 12, 13, ()),
            ("f\n```", 14, 19, ()),
        ],
        why="'a b c d e' has 5 words, more than 2: it closes the run '```', is cut into 'a b', 'c d' and "
        "'e', and 'f' starts a new run with the closing fence. 'e' and 'f\\n```' (1 + 2 words) do not fit together.",
    )


def test_the_chunks_are_the_stubs_frozen_chunks(chunk_markdown):
    chunks = chunk_markdown("# A\nx", 50)
    fields = ["text", "start", "end", "headings"]
    expect(
        type(chunks) is list
        and len(chunks) == 1
        and dataclasses.is_dataclass(chunks[0])
        and type(chunks[0]).__name__ == "Chunk"
        and [field.name for field in dataclasses.fields(chunks[0])] == fields
        and getattr(getattr(type(chunks[0]), "__dataclass_params__", None), "frozen", False),
        "a list of one Chunk, the stub's frozen dataclass with the fields text, start, end and headings: "
        "a chunk cannot be changed once it is returned",
    )


# Validation ------------------------------------------------------------------------------------


@progress_guard()
@pytest.mark.parametrize("max_tokens", [0, -3])
def test_max_tokens_below_one_is_rejected(chunk_markdown, max_tokens):
    """max_tokens < 1 must raise ValueError naming max_tokens and its value."""
    check_raises(chunk_markdown, "# A\nsome text", max_tokens, error=ValueError, mentions=["max_tokens", max_tokens])


@progress_guard()
@pytest.mark.parametrize("max_tokens", [True, False, 5.0, 0.5, "5", None])
def test_max_tokens_that_is_not_an_int_is_rejected(chunk_markdown, max_tokens):
    """A max_tokens that is not an int (bool included) must raise TypeError naming max_tokens and the value."""
    raised = check_raises(
        chunk_markdown, "# A\nsome text", max_tokens, error=TypeError, mentions=["max_tokens", max_tokens]
    )
    if max_tokens is None:
        message = str(raised)
        expect(
            "None" in message.replace("NoneType", ""),
            "the TypeError's message to name the value None itself, not only its type NoneType: the caller "
            "who passed None sees it by its name, as the caller who passed True sees True",
            details=f"The message was {message!r}.",
        )


class Budget(IntEnum):
    THREE = 3


def test_an_int_enum_budget_counts_as_its_value(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "# Notes\nOne two three four five six seven.",
        Budget.THREE,
        expected=[
            ("# Notes", 0, 7, ("Notes",)),
            ("One two three", 8, 21, ("Notes",)),
            ("four five six", 22, 35, ("Notes",)),
            ("seven.", 36, 42, ("Notes",)),
        ],
        why="an IntEnum member is an int (a subclass of it, as bool is, but not bool): Budget.THREE (class "
        "Budget(IntEnum): THREE = 3) is accepted and cuts exactly as 3 does. Check with isinstance and reject "
        "bool alone, rather than type(max_tokens) is int.",
    )


@progress_guard()
@pytest.mark.parametrize("doc", [None, b"# A", ["# A", "text"]])
def test_a_doc_that_is_not_a_str_is_rejected(chunk_markdown, doc):
    """A doc that is not a str must raise TypeError naming doc."""
    check_raises(chunk_markdown, doc, 5, error=TypeError, mentions=["doc"])


@progress_guard()
def test_doc_is_checked_before_max_tokens(chunk_markdown):
    """The arguments are checked in order: doc first, so chunk_markdown(None, 0) raises TypeError naming doc."""
    check_raises(chunk_markdown, None, 0, error=TypeError, mentions=["doc"])


@progress_guard()
def test_max_tokens_is_checked_even_for_an_empty_document(chunk_markdown):
    """The arguments are checked before the document is looked at, so an empty doc does not hide a bad budget."""
    check_raises(chunk_markdown, "", 0, error=ValueError, mentions=["max_tokens", 0])


@progress_guard()
def test_a_bool_budget_is_rejected_even_for_an_empty_document(chunk_markdown):
    """chunk_markdown('', True) must raise TypeError: the arguments are checked first."""
    check_raises(chunk_markdown, "", True, error=TypeError, mentions=["max_tokens", True])
