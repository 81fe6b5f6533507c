"""Properties of the Markdown chunker on generated documents; Hypothesis shrinks any failure to a smallest case.

The oracle here reads the document differently from the reference on purpose: it finds
the lines with one regular expression, marks each line with the block it belongs to in
a single pass, and finds a chunk's heading path by walking back from its heading to each
shallower heading before it, instead of keeping a stack.
"""

import re

from hypothesis import given
from hypothesis import strategies as st

from kata.judging.checks import expect
from kata.judging.vocabulary import counted
from tests.support.oracles import greedy_chunks

# Lines to build documents from: headings of every level (and lines that only look like
# headings), paragraph lines with odd spacing, blank lines made of spaces and tabs, lines
# holding a "\r" or a form feed that no "\n" follows, fences of both kinds (with an info
# string, trailing spaces or a fourth backtick, and indented ones that are no fences), and
# code-like lines.
LINES = [
    "# Alpha",
    "## Beta",
    "### Gamma",
    "#### Delta",
    "##### Eps",
    "###### Zeta",
    "####### Seven",
    "#tag",
    "  # indented",
    "## ",
    "#   Spaced out  ",
    "#\ttab",
    "#",
    "w",
    "x y",
    "a b c",
    "  lead in",
    "trail  ",
    "p q r s t",
    "one\ttwo",
    "cr\r# not",
    "x\r",
    "ff\f# not",
    "",
    "",
    "  ",
    "\t",
    "```",
    "```py",
    "~~~",
    "```  ",
    "````",
    "  ```",
    "# comment",
    "x = 1",
]
ENDINGS = ["\n", "\n", "\r\n"]


def build_doc(codes):
    """One line per byte, with its line break ("\n" or "\r\n"); the last line has none when its byte is below 128.

    Bytes are cheap for Hypothesis to draw and shrink towards 0, which is "# Alpha".
    """
    lines = [LINES[code % len(LINES)] + ENDINGS[code // len(LINES) % len(ENDINGS)] for code in codes]
    if codes and codes[-1] < 128:
        lines[-1] = LINES[codes[-1] % len(LINES)]
    return "".join(lines)


documents = st.binary(max_size=24).map(build_doc)
budgets = st.integers(1, 8)


# Oracle -------------------------------------------------------------------------------------------


def oracle_blocks(doc):
    """The blocks as dicts: kind ('code', 'heading', 'paragraph'), start, end, words, level, title."""
    lines = [(m.start(1), m.end(1)) for m in re.finditer(r"(.*?)(?:\r?\n|\Z)", doc, re.S)]
    owner = []  # per line: the index of its block, or None for a blank line outside code
    blocks = []
    fence = None  # the open fence's three characters, while inside code
    for start, end in lines:
        text = doc[start:end]
        if fence is not None:
            owner.append(len(blocks) - 1)
            if text.startswith(fence):
                fence = None
            continue
        heading = re.match(r"#{1,6} ", text)
        if text[:3] in ("```", "~~~"):
            fence = text[:3]
            blocks.append({"kind": "code"})
        elif heading:
            level = len(heading.group()) - 1
            blocks.append({"kind": "heading", "level": level, "title": text[level:].strip()})
        elif not text.strip():
            owner.append(None)
            continue
        elif not owner or owner[-1] is None or blocks[owner[-1]]["kind"] != "paragraph":
            blocks.append({"kind": "paragraph"})
        owner.append(len(blocks) - 1)
    for index, block in enumerate(blocks):
        mine = [
            (start, end) for (start, end), who in zip(lines, owner) if who == index and doc[start:end].strip()
        ]  # an unclosed fence ends at its last non-blank line
        block["start"], block["end"] = mine[0][0], mine[-1][1]
        block["words"] = len(doc[block["start"] : block["end"]].split())
    return blocks


def oracle_path(blocks, index):
    """The heading path of the heading blocks[index]: walk back, taking each heading shallower than the last taken."""
    path = [blocks[index]["title"]]
    level = blocks[index]["level"]
    for block in reversed(blocks[:index]):
        if block["kind"] == "heading" and block["level"] < level:
            path.insert(0, block["title"])
            level = block["level"]
    return tuple(path)


def chunked(chunk_markdown, doc, max_tokens):
    """Call chunk_markdown and require the shape of its answer, so that the properties can read it."""
    chunks = chunk_markdown(doc, max_tokens)
    expect(
        type(chunks) is list
        and all(
            hasattr(c, "text")
            and hasattr(c, "start")
            and hasattr(c, "end")
            and hasattr(c, "headings")
            and type(c.text) is str
            and type(c.start) is int
            and type(c.end) is int
            and type(c.headings) is tuple
            and all(type(title) is str for title in c.headings)
            for c in chunks
        ),
        "a list of Chunks, each with text (a str), start and end (ints) and headings (a tuple of strs)",
    )
    return chunks


# Properties -----------------------------------------------------------------------------------------


@given(documents, budgets)
def test_every_chunk_is_the_exact_slice_of_its_offsets(chunk_markdown, doc, max_tokens):
    chunks = chunked(chunk_markdown, doc, max_tokens)
    wrong = [c for c in chunks if doc[c.start : c.end] != c.text]
    expect(
        not wrong,
        "every chunk's text to be exactly doc[start:end]",
        details=f"For {wrong[0]!r}, doc[{wrong[0].start}:{wrong[0].end}] is {doc[wrong[0].start : wrong[0].end]!r}."
        if wrong
        else "",
    )


@given(documents, budgets)
def test_no_chunk_starts_or_ends_with_a_line_break(chunk_markdown, doc, max_tokens):
    chunks = chunked(chunk_markdown, doc, max_tokens)
    wrong = [
        c
        for c in chunks
        if c.text.startswith("\n")
        or c.text.endswith("\n")
        or (c.text.endswith("\r") and doc[c.end : c.end + 1] == "\n")
    ]
    expect(
        not wrong,
        "no chunk to start or end with a line break, nor end with the '\\r' of a '\\r\\n'",
        details=f"This chunk does: {wrong[0]!r}." if wrong else "",
    )


@given(documents, budgets)
def test_chunks_are_in_order_and_cover_every_word_once(chunk_markdown, doc, max_tokens):
    chunks = chunked(chunk_markdown, doc, max_tokens)
    expect(
        all(0 <= c.start < c.end <= len(doc) for c in chunks)
        and all(a.end <= b.start for a, b in zip(chunks, chunks[1:])),
        "the chunks in document order, each non-empty and none overlapping the next",
        details=f"Their (start, end) are {[(c.start, c.end) for c in chunks]}.",
    )
    covered = [False] * len(doc)
    for c in chunks:
        covered[c.start : c.end] = [True] * (c.end - c.start)
    missing = [i for i, char in enumerate(doc) if not char.isspace() and not covered[i]]
    expect(
        not missing,
        "every non-whitespace character of doc to lie in a chunk",
        details=f"doc[{missing[0]}] = {doc[missing[0]]!r} lies in none." if missing else "",
    )


@given(documents, budgets)
def test_every_chunk_has_between_one_and_max_tokens_words(chunk_markdown, doc, max_tokens):
    chunks = chunked(chunk_markdown, doc, max_tokens)
    wrong = [c for c in chunks if not 1 <= len(c.text.split()) <= max_tokens]
    expect(
        not wrong,
        f"every chunk to hold between 1 and max_tokens = {counted(max_tokens, 'word')}",
        details=f"This one holds {len(wrong[0].text.split())}: {wrong[0]!r}." if wrong else "",
    )


@given(documents, budgets)
def test_a_code_block_that_fits_lies_whole_in_one_chunk(chunk_markdown, doc, max_tokens):
    chunks = chunked(chunk_markdown, doc, max_tokens)
    for block in oracle_blocks(doc):
        if block["kind"] == "code" and block["words"] <= max_tokens:
            whole = any(c.start <= block["start"] and block["end"] <= c.end for c in chunks)
            expect(
                whole,
                f"the code block doc[{block['start']}:{block['end']}] = "
                f"{doc[block['start'] : block['end']]!r} ({counted(block['words'], 'word')}, "
                "within the budget) to lie whole inside one chunk",
            )


@given(documents, budgets)
def test_a_heading_only_ever_starts_a_chunk(chunk_markdown, doc, max_tokens):
    chunks = chunked(chunk_markdown, doc, max_tokens)
    for block in oracle_blocks(doc):
        if block["kind"] == "heading":
            inside = [c for c in chunks if c.start < block["start"] < c.end]
            expect(
                not inside,
                f"the heading at doc[{block['start']}] ({doc[block['start'] : block['end']]!r}) "
                "to start a chunk: a chunk never spans two sections",
                details=f"It lies inside {inside[0]!r}." if inside else "",
            )


@given(documents, budgets)
def test_heading_paths_match_an_independent_reading(chunk_markdown, doc, max_tokens):
    chunks = chunked(chunk_markdown, doc, max_tokens)
    blocks = oracle_blocks(doc)
    for c in chunks:
        above = [i for i, block in enumerate(blocks) if block["kind"] == "heading" and block["start"] <= c.start]
        path = oracle_path(blocks, above[-1]) if above else ()
        expect(
            c.headings == path,
            f"the chunk starting at {c.start} to have headings {path!r}",
            details=f"It has {c.headings!r}.",
        )


@given(documents, st.integers(0, 6))
def test_when_every_block_fits_each_section_is_packed_greedily(chunk_markdown, doc, room):
    blocks = oracle_blocks(doc)
    max_tokens = max([block["words"] for block in blocks], default=1) + room
    sections = []
    for block in blocks:
        if block["kind"] == "heading" or not sections:
            sections.append([])
        sections[-1].append(block)
    expected = []
    for section in sections:
        heading = [i for i, block in enumerate(blocks) if block is section[0] and block["kind"] == "heading"]
        path = oracle_path(blocks, heading[0]) if heading else ()
        for group in greedy_chunks([block["words"] for block in section], max_tokens):
            start, end = section[group[0]]["start"], section[group[-1]]["end"]
            expected.append((doc[start:end], start, end, path))
    chunks = chunked(chunk_markdown, doc, max_tokens)
    got = [(c.text, c.start, c.end, c.headings) for c in chunks]
    expect(
        got == expected,
        "every block fits, so each section's blocks packed greedily (kata 02's rule), "
        f"as (text, start, end, headings) tuples: {expected!r}",
        details=f"As tuples, it returned {got!r}.",
    )
