"""Edge cases, and one test for each common mistake (see solutions/07_markdown_chunker/mistakes.py)."""

import pytest

from answers import check_chunks

from kata.judging.guards import progress_guard
from kata.judging.checks import check_raises

# What is a heading -------------------------------------------------------------------------


def test_a_hash_line_inside_a_fence_is_not_a_heading(chunk_markdown):
    check_chunks(chunk_markdown, "# Setup\n\n```sh\n# install it\npip install acme\n```", 50, expected=[
        ("# Setup\n\n```sh\n# install it\npip install acme\n```", 0, 48, ("Setup",)),
    ], why="'# install it' is inside the code fence: a shell comment, not a heading. It neither starts "
           "a section nor changes the path, and the code block stays whole.")


def test_a_hash_line_after_a_blank_line_inside_a_fence_is_not_a_heading(chunk_markdown):
    check_chunks(chunk_markdown, "```\nx = 1\n\n## not a heading\n```\n\n# Real", 50, expected=[
        ("```\nx = 1\n\n## not a heading\n```", 0, 31, ()),
        ("# Real", 33, 39, ("Real",)),
    ], why="a blank line inside a fence does not end the code block: only a closing fence does.")


def test_a_hash_without_a_space_is_not_a_heading(chunk_markdown):
    check_chunks(chunk_markdown, "# Tags\n#python #rag\nmore", 50, expected=[
        ("# Tags\n#python #rag\nmore", 0, 24, ("Tags",)),
    ], why="a heading is 1 to 6 '#' followed by a space; '#python' is a hashtag in a paragraph.")


def test_seven_hashes_are_not_a_heading(chunk_markdown):
    check_chunks(chunk_markdown, "# Top\n####### seven\n", 50, expected=[
        ("# Top\n####### seven", 0, 19, ("Top",)),
    ], why="headings have at most 6 '#'; '####### seven' is a paragraph line.")


def test_an_indented_hash_is_not_a_heading(chunk_markdown):
    check_chunks(chunk_markdown, "# Top\n  # indented\n", 50, expected=[
        ("# Top\n  # indented", 0, 18, ("Top",)),
    ], why="a heading line starts with '#'; '  # indented' is a paragraph line.")


def test_the_title_is_stripped_and_keeps_no_hashes(chunk_markdown):
    check_chunks(chunk_markdown, "##   Install  \nNow.", 50, expected=[
        ("##   Install  \nNow.", 0, 19, ("Install",)),
    ], why="the title is the text after the '#'s, stripped: 'Install', without '##' and spaces; the "
           "chunk's text keeps the line exactly as it is.")


def test_a_heading_with_no_title_has_an_empty_title(chunk_markdown):
    check_chunks(chunk_markdown, "# A\n## \nx", 50, expected=[
        ("# A", 0, 3, ("A",)),
        ("## \nx", 4, 9, ("A", "")),
    ], why="'## ' is a heading: two '#' and a space. Its title is empty.")


# Fences ------------------------------------------------------------------------------------


def test_an_unclosed_fence_swallows_the_headings_after_it(chunk_markdown):
    check_chunks(chunk_markdown, "# Top\n\n```\n# a comment\n## another\ncode", 50, expected=[
        ("# Top\n\n```\n# a comment\n## another\ncode", 0, 38, ("Top",)),
    ], why="a fence that is never closed runs to the end of the document: nothing after it is a heading.")


def test_a_closing_fence_may_have_text_after_it(chunk_markdown):
    check_chunks(chunk_markdown, "```\ncode\n```  \n# After\ntext", 4, expected=[
        ("```\ncode\n```  ", 0, 14, ()),
        ("# After\ntext", 15, 27, ("After",)),
    ], why="the fence closes at the next line that starts with ``` (trailing spaces allowed); "
           "'# After' is a heading again.")


def test_a_crlf_closing_fence_closes_the_block(chunk_markdown):
    check_chunks(chunk_markdown, "```\r\ncode\r\n```\r\n# After\r\ntext\r\n", 4, expected=[
        ("```\r\ncode\r\n```", 0, 14, ()),
        ("# After\r\ntext", 16, 29, ("After",)),
    ], why="with CRLF line endings the closing line is '```' followed by the line break '\\r\\n': it "
           "closes the fence, so '# After' is a heading.")


def test_a_backtick_fence_is_not_closed_by_tildes(chunk_markdown):
    check_chunks(chunk_markdown, "```\n~~~\n# code\n```\n# Out\nx", 50, expected=[
        ("```\n~~~\n# code\n```", 0, 18, ()),
        ("# Out\nx", 19, 26, ("Out",)),
    ], why="a fence closes only at a line starting with the same three characters: '~~~' inside a "
           "``` block is code, and so is '# code'.")


def test_a_tilde_fence_is_not_closed_by_backticks(chunk_markdown):
    check_chunks(chunk_markdown, "~~~\n```\n# code\n~~~\n# Out\nx", 50, expected=[
        ("~~~\n```\n# code\n~~~", 0, 18, ()),
        ("# Out\nx", 19, 26, ("Out",)),
    ], why="a '~~~' fence closes only at a line starting with '~~~'.")


def test_a_fence_line_ends_the_paragraph_above_it(chunk_markdown):
    check_chunks(chunk_markdown, "a b\n```\nc\n```", 3, expected=[
        ("a b", 0, 3, ()),
        ("```\nc\n```", 4, 13, ()),
    ], why="a line starting with ``` opens a fence even right after a paragraph line; the code block "
           "(3 words) does not fit after the paragraph (2 words) and is never cut.")


# Spans and offsets ---------------------------------------------------------------------------


def test_whitespace_inside_a_chunk_is_kept_exactly(chunk_markdown):
    check_chunks(chunk_markdown, "Tabs\tand  double  spaces\n\n\n  stay.", 50, expected=[
        ("Tabs\tand  double  spaces\n\n\n  stay.", 0, 34, ()),
    ], why="the text is doc[start:end] exactly: tabs, double spaces, several blank lines and indentation "
           "stay as they are, or the offsets no longer point at the text.")


def test_a_block_runs_from_its_first_character_to_the_end_of_its_line(chunk_markdown):
    check_chunks(chunk_markdown, "\n\n  Indented with trailing spaces   \n\n", 50, expected=[
        ("  Indented with trailing spaces   ", 2, 36, ()),
    ], why="a block's span starts at the first character of its first line and ends at the end of its "
           "last line, without the line break; the blank lines around it are in no chunk.")


def test_crlf_offsets_exclude_the_carriage_return(chunk_markdown):
    check_chunks(chunk_markdown, "# T\r\nline one\r\nline two\r\n\r\n## U\r\nend\r\n", 50, expected=[
        ("# T\r\nline one\r\nline two", 0, 23, ("T",)),
        ("## U\r\nend", 27, 36, ("T", "U")),
    ], why="'\\r\\n' is one line break: the '\\r' belongs to it, not to the line, so no chunk ends with "
           "'\\r' and the offsets are those of the same document with LF, shifted by one per line break.")


def test_mixed_line_endings_work_together(chunk_markdown):
    check_chunks(chunk_markdown, "a\r\nb\n\nc d\r\n\r\ne", 2, expected=[
        ("a\r\nb", 0, 4, ()),
        ("c d", 6, 9, ()),
        ("e", 13, 14, ()),
    ])


def test_a_lone_carriage_return_is_part_of_its_line(chunk_markdown):
    check_chunks(chunk_markdown, "one\rtwo", 5, expected=[("one\rtwo", 0, 7, ())],
                 why="only '\\n' and '\\r\\n' end a line; a '\\r' that no '\\n' follows is ordinary whitespace.")


def test_blank_lines_made_of_spaces_and_tabs_separate_blocks(chunk_markdown):
    check_chunks(chunk_markdown, "a b\n \t\nc d", 3, expected=[
        ("a b", 0, 3, ()),
        ("c d", 7, 10, ()),
    ], why="a line of spaces and tabs is blank: it ends the paragraph 'a b', and 'c d' (2 words) does "
           "not fit after it.")


def test_blank_documents_give_no_chunks(chunk_markdown):
    check_chunks(chunk_markdown, " \n\n\t\r\n  ", 5, expected=[])


# Sections and heading paths --------------------------------------------------------------------


def test_a_chunk_never_spans_two_sections(chunk_markdown):
    check_chunks(chunk_markdown, "# A\nx\n# B\ny", 50, expected=[
        ("# A\nx", 0, 5, ("A",)),
        ("# B\ny", 6, 11, ("B",)),
    ], why="everything fits in one chunk, but each heading starts a new section, and so a new chunk.")


def test_text_before_the_first_heading_has_no_path(chunk_markdown):
    check_chunks(chunk_markdown, "Preface.\n# One\nBody.", 50, expected=[
        ("Preface.", 0, 8, ()),
        ("# One\nBody.", 9, 20, ("One",)),
    ], why="the blocks before the first heading are a section with no heading: headings == ().")


def test_a_heading_of_the_same_level_replaces_its_sibling(chunk_markdown):
    check_chunks(chunk_markdown, "# T\n## A\n## C\nx", 50, expected=[
        ("# T", 0, 3, ("T",)),
        ("## A", 4, 8, ("T", "A")),
        ("## C\nx", 9, 15, ("T", "C")),
    ], why="'## C' removes every entry of level 2 or deeper, so 'A' goes.")


def test_a_shallower_heading_pops_every_deeper_entry(chunk_markdown):
    check_chunks(chunk_markdown, "# T\n## A\n### B\n#### C\n## D", 50, expected=[
        ("# T", 0, 3, ("T",)),
        ("## A", 4, 8, ("T", "A")),
        ("### B", 9, 14, ("T", "A", "B")),
        ("#### C", 15, 21, ("T", "A", "B", "C")),
        ("## D", 22, 26, ("T", "D")),
    ], why="'## D' removes 'A', 'B' and 'C' (levels 2, 3 and 4), not just the last entry.")


def test_skipped_levels_keep_the_path_by_level(chunk_markdown):
    check_chunks(chunk_markdown, "# A\n### C\n### D\n## E\n# F", 50, expected=[
        ("# A", 0, 3, ("A",)),
        ("### C", 4, 9, ("A", "C")),
        ("### D", 10, 15, ("A", "D")),
        ("## E", 16, 20, ("A", "E")),
        ("# F", 21, 24, ("F",)),
    ], why="levels may be skipped: '### C' under '# A' gives ('A', 'C'); '### D' replaces 'C' (level 3), "
           "and '## E' replaces 'D', which is deeper; the path is kept by level, not by position.")


def test_a_first_heading_below_level_one(chunk_markdown):
    check_chunks(chunk_markdown, "### Deep\nx\n# Top\ny", 50, expected=[
        ("### Deep\nx", 0, 10, ("Deep",)),
        ("# Top\ny", 11, 18, ("Top",)),
    ])


def test_crlf_titles_have_no_carriage_return(chunk_markdown):
    check_chunks(chunk_markdown, "# Title\r\n", 50, expected=[("# Title", 0, 7, ("Title",))])


# Packing -----------------------------------------------------------------------------------------


def test_an_exact_fit_stays_in_the_chunk(chunk_markdown):
    check_chunks(chunk_markdown, "# H\n\none two\n\nthree", 5, expected=[
        ("# H\n\none two\n\nthree", 0, 19, ("H",)),
    ], why="2 + 2 + 1 = 5 words is exactly the budget, which is allowed: a chunk closes only when the "
           "next block would push it above max_tokens.")


def test_the_block_that_would_overflow_starts_the_next_chunk(chunk_markdown):
    check_chunks(chunk_markdown, "one two three\n\nfour five\n\nsix", 4, expected=[
        ("one two three", 0, 13, ()),
        ("four five\n\nsix", 15, 29, ()),
    ], why="3 + 2 = 5 > 4: the check comes before the block is added, so 'four five' opens the next chunk.")


def test_blank_lines_between_packed_blocks_are_in_the_chunk(chunk_markdown):
    check_chunks(chunk_markdown, "a\n\n\n\nb\n \nc", 10, expected=[("a\n\n\n\nb\n \nc", 0, 10, ())],
                 why="a chunk runs from the start of its first block to the end of its last, blank lines included.")


def test_a_code_block_that_fits_is_never_cut(chunk_markdown):
    check_chunks(chunk_markdown, "Intro.\n\n```\na b\n\nc\n```", 5, expected=[
        ("Intro.", 0, 6, ()),
        ("```\na b\n\nc\n```", 8, 22, ()),
    ], why="the code block has 5 words, within the budget of 5: it is one piece. It does not fit after "
           "'Intro.' (1 + 5 = 6 > 5), so it starts the next chunk, whole.")


def test_pieces_of_a_cut_paragraph_pack_with_the_next_block(chunk_markdown):
    check_chunks(chunk_markdown, "a b c d e\n\nf", 3, expected=[
        ("a b c", 0, 5, ()),
        ("d e\n\nf", 6, 12, ()),
    ], why="the paragraph (5 words) is cut into 'a b c' and 'd e'; the pieces are packed like blocks, "
           "so 'f' joins 'd e' (2 + 1 = 3).")


def test_the_first_piece_of_a_cut_block_does_not_fill_the_open_chunk(chunk_markdown):
    check_chunks(chunk_markdown, "x\n\na b c d", 3, expected=[
        ("x", 0, 1, ()),
        ("a b c", 3, 8, ()),
        ("d", 9, 10, ()),
    ], why="the paragraph is cut into windows counted from its own first word: 'a b c' and 'd'. "
           "'a b c' does not fit after 'x' (1 + 3 > 3), so it starts a new chunk.")


def test_a_heading_larger_than_the_budget_is_cut_at_words(chunk_markdown):
    check_chunks(chunk_markdown, "## a b c d", 2, expected=[
        ("## a", 0, 4, ("a b c d",)),
        ("b c", 5, 8, ("a b c d",)),
        ("d", 9, 10, ("a b c d",)),
    ], why="the heading has 5 words ('##' is one); its pieces all belong to its section.")


def test_a_cut_code_block_keeps_whole_lines(chunk_markdown):
    check_chunks(chunk_markdown, "```\nx = 1\ny = 2\n```", 5, expected=[
        ("```\nx = 1", 0, 9, ()),
        ("y = 2\n```", 10, 19, ()),
    ], why="the code block has 8 words, more than 5: it is cut between lines, never inside 'y = 2'.")


@progress_guard()
def test_a_code_line_longer_than_the_budget_is_cut_at_words(chunk_markdown):
    """A code line with more words than max_tokens cannot be a run of whole lines: it is cut into word windows."""
    check_chunks(chunk_markdown, "```\na b c d e\nf\n```", 2, expected=[
        ("```", 0, 3, ()),
        ("a b", 4, 7, ()),
        ("c d", 8, 11, ()),
        ("e", 12, 13, ()),
        ("f\n```", 14, 19, ()),
    ], why="'a b c d e' has 5 words, more than 2: it closes the run '```', is cut into 'a b', 'c d' and "
           "'e', and 'f' starts a new run with the closing fence. 'e' and 'f\\n```' (1 + 2 words) do not fit together.")


# Validation ------------------------------------------------------------------------------------


@progress_guard()
@pytest.mark.parametrize("max_tokens", [0, -3])
def test_max_tokens_below_one_is_rejected(chunk_markdown, max_tokens):
    """max_tokens < 1 must raise ValueError naming max_tokens and its value."""
    check_raises(chunk_markdown, "# A\nsome text", max_tokens, error=ValueError, mentions=["max_tokens", max_tokens])


@progress_guard()
@pytest.mark.parametrize("max_tokens", [True, False, 5.0, "5", None])
def test_max_tokens_that_is_not_an_int_is_rejected(chunk_markdown, max_tokens):
    """A max_tokens that is not an int (bool included) must raise TypeError naming max_tokens and the value."""
    check_raises(chunk_markdown, "# A\nsome text", max_tokens, error=TypeError, mentions=["max_tokens", max_tokens])


@progress_guard()
@pytest.mark.parametrize("doc", [None, b"# A", ["# A", "text"]])
def test_a_doc_that_is_not_a_str_is_rejected(chunk_markdown, doc):
    """A doc that is not a str must raise TypeError naming doc."""
    check_raises(chunk_markdown, doc, 5, error=TypeError, mentions=["doc"])


@progress_guard()
def test_max_tokens_is_checked_even_for_an_empty_document(chunk_markdown):
    """The arguments are checked before the document is looked at, so an empty doc does not hide a bad budget."""
    check_raises(chunk_markdown, "", 0, error=ValueError, mentions=["max_tokens", 0])


@progress_guard()
def test_a_bool_budget_is_rejected_even_for_an_empty_document(chunk_markdown):
    """chunk_markdown('', True) must raise TypeError: the arguments are checked first."""
    check_raises(chunk_markdown, "", True, error=TypeError, mentions=["max_tokens", True])
