"""Kata 07: common mistakes, each a complete chunk_markdown() with one bug.

Run one against the tests with: pytest tests/07_markdown_chunker --impl=mistake:07:<id>

The correct pieces come first; each mistake swaps exactly one of them for a wrong one.
"""

import bisect
import re
from dataclasses import dataclass

from kata.runner.mistakes import Mistake


@dataclass(frozen=True)
class Chunk:
    """One chunk: its text, exactly doc[start:end], and the heading titles above it, from the top down."""

    text: str
    start: int
    end: int
    headings: tuple[str, ...]


FENCES = ("```", "~~~")
WORD = re.compile(r"\S+")


# Correct pieces, shared by the mistakes that get them right -------------------------------------


def _validate(doc, max_tokens):
    if not isinstance(doc, str):
        raise TypeError(f"doc must be a str, got {type(doc).__name__}")
    if not isinstance(max_tokens, int) or isinstance(max_tokens, bool):
        raise TypeError(f"max_tokens must be an int, got {max_tokens!r}")
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")


def _lines(doc):
    """(start, end, raw) per line: end excludes the line break, raw is the text up to the '\\n'."""
    lines, start = [], 0
    for raw in doc.split("\n"):
        end = start + len(raw)
        lines.append((start, end - 1 if raw.endswith("\r") and end < len(doc) else end, raw))
        start = end + 1
    return lines


def _heading_level(line):
    match = re.match(r"(#{1,6}) ", line)
    return len(match.group(1)) if match else 0


def _title(line, level):
    return line[level:].strip()


def _closes(fence, raw):
    return raw.startswith(fence)


def _push(path, level, title):
    """path is a list of (level, title); a heading of level L drops every entry of level L or deeper."""
    return [entry for entry in path if entry[0] < level] + [(level, title)]


def _windows(spans, size):
    return [
        (spans[k][0], spans[min(k + size, len(spans)) - 1][1], len(spans[k : k + size]))
        for k in range(0, len(spans), size)
    ]


def _windows_of_a_line(doc, start, end, words, max_tokens):
    return _windows(words, max_tokens)


def _cut_code_by_lines(doc, lines, max_tokens, long_line=_windows_of_a_line):
    pieces, run = [], []
    for start, end, _ in lines:
        words = [m.span() for m in WORD.finditer(doc, start, end)]
        if len(words) > max_tokens:
            pieces += _windows(run, max_tokens) + long_line(doc, start, end, words, max_tokens)
            run = []
        elif len(run) + len(words) > max_tokens:
            pieces += _windows(run, max_tokens)
            run = words
        else:
            run += words
    return pieces + _windows(run, max_tokens)


def _units(doc, kind, lines, max_tokens, cut_code=_cut_code_by_lines):
    start, end = lines[0][0], lines[-1][1]
    words = len(doc[start:end].split())
    if words <= max_tokens:
        return [(start, end, words)]
    if kind == "code":
        return cut_code(doc, lines, max_tokens)
    return _windows([m.span() for m in WORD.finditer(doc, start, end)], max_tokens)


def _fence_of(line):
    """The three characters of the fence the line opens, or '' when it opens none."""
    return line[:3] if line[:3] in FENCES else ""


def _is_blank(line):
    return not line.strip()


def _blocks(
    doc,
    lines,
    heading_level=_heading_level,
    closes=_closes,
    headings_in_code=False,
    unclosed_is_code=True,
    heading_ends_paragraph=True,
    unclosed_drops_trailing_blanks=True,
    fence_of=_fence_of,
    is_blank=_is_blank,
    fence_ends_paragraph=True,
    first_closing_line=1,
    closing_line_in_block=True,
    trailing_blank=None,
):
    """(kind, lines of the block) in order."""
    blocks, i = [], 0

    def text(k):
        return doc[lines[k][0] : lines[k][1]]

    def is_paragraph_line(k):
        return (
            not is_blank(text(k))
            and (not fence_ends_paragraph or not fence_of(text(k)))
            and (not heading_ends_paragraph or not heading_level(text(k)))
        )

    while i < len(lines):
        line = text(i)
        if is_blank(line):
            i += 1
            continue
        fence = fence_of(line)
        if fence:
            j = i + first_closing_line
            while j < len(lines) and not closes(fence, lines[j][2]):
                if headings_in_code and heading_level(text(j)):
                    break
                j += 1
            if j < len(lines) and (not headings_in_code or not heading_level(text(j))):
                blocks.append(("code", lines[i : j + 1] if closing_line_in_block else lines[i:j]))
                i = j + 1
                continue
            if unclosed_is_code:
                last = j - 1
                while unclosed_drops_trailing_blanks and (trailing_blank or is_blank)(text(last)):
                    last -= 1
                blocks.append(("code", lines[i : last + 1]))
                i = j
                continue
        if heading_level(line):
            blocks.append(("heading", lines[i : i + 1]))
            i += 1
            continue
        j = i
        while j + 1 < len(lines) and is_paragraph_line(j + 1):
            j += 1
        blocks.append(("paragraph", lines[i : j + 1]))
        i = j + 1
    return blocks


def _over(doc, state, size, end, max_tokens):
    """Kata 02's rule, with a running word count: close when the chunk holds something and would pass the budget."""
    return state["words"] and state["words"] + size > max_tokens


def _chunk(
    doc,
    max_tokens,
    *,
    validate=_validate,
    lines=_lines,
    blocks=_blocks,
    title=_title,
    push=_push,
    heading_level=_heading_level,
    units=_units,
    over=_over,
    sections=True,
    text=lambda doc, start, end: doc[start:end],
    path_at_close=False,
    heading_alone=False,
    cut_blocks_alone=False,
    headings=tuple,
    open_flag=False,
):
    """The whole pipeline, right unless one of its pieces is replaced by a wrong one.

    The open chunk is open while it holds words; with open_flag, from its first piece on, even
    one of no words (which only a wrong reading of the blocks or of their words can give).
    """
    validate(doc, max_tokens)
    chunks, path = [], []
    state = {"start": 0, "end": 0, "words": 0, "path": (), "open": False}

    def is_open():
        return state["open"] if open_flag else bool(state["words"])

    def close():
        if is_open():
            titles = tuple(title for _, title in path) if path_at_close else state["path"]
            chunks.append(
                Chunk(text(doc, state["start"], state["end"]), state["start"], state["end"], headings(titles))
            )
            state["words"] = 0
            state["open"] = False

    for kind, block_lines in blocks(doc, lines(doc)):
        if kind == "heading":
            line = doc[block_lines[0][0] : block_lines[0][1]]
            level = heading_level(line)
            if path_at_close:
                path = push(path, level, title(line, level))
            if sections:
                close()
            if not path_at_close:
                path = push(path, level, title(line, level))
        pieces = units(doc, kind, block_lines, max_tokens)
        if cut_blocks_alone and len(pieces) > 1:
            close()
        for start, end, words in pieces:
            if over(doc, state, words, end, max_tokens):
                close()
            if not is_open():
                state["start"] = start
                state["path"] = tuple(title for _, title in path)
                state["open"] = True
            state["end"] = end
            state["words"] += words
        if (heading_alone and kind == "heading") or (cut_blocks_alone and len(pieces) > 1):
            close()
    close()
    return chunks


def _recount(doc, state, size, end, max_tokens):
    return state["words"] and len(doc[state["start"] : end].split()) > max_tokens


# The mistakes ----------------------------------------------------------------------------------------


class HashInCodeIsHeading(Mistake):
    """Tests for a heading before it tests for a code fence, so `# comment` inside code starts a section.

    chunk_markdown("# Setup\\n\\n```sh\\n# install it\\npip install acme\\n```", 50) cuts the code
    block before '# install it' and makes that line a heading with the path ('install it',);
    the closing ``` then opens a new fence.
    """

    id = "hash_in_code_is_heading"
    title = "Treats '#' lines inside code fences as headings"
    hint = "Inside a fenced code block nothing is a heading: find where the fence ends before looking for headings."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(doc, max_tokens, blocks=lambda doc, lines: _blocks(doc, lines, headings_in_code=True))


class NormalisesWhitespace(Mistake):
    """Builds each chunk's text from its words joined by single spaces, so the text is no longer doc[start:end].

    chunk_markdown("# A\\n\\ntext", 50) returns the text '# A text' for doc[0:9] == '# A\\n\\ntext':
    a citation that highlights doc[start:end] shows something else than what was embedded.
    """

    id = "normalises_whitespace"
    title = "Normalises whitespace in the chunk text, so offsets no longer match"
    hint = "The text must be exactly doc[start:end]: slice the document, never rebuild the text from its words."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(doc, max_tokens, text=lambda doc, start, end: " ".join(doc[start:end].split()))


class JoinsTheBlocksWithABlankLine(Mistake):
    """Builds each chunk's text from its pieces joined by a blank line, not by slicing the document.

    Where the document separates two blocks otherwise (a heading right above its paragraph,
    two blank lines), the text is no longer doc[start:end]: chunk_markdown("# A\\nText.", 50)
    gives the text '# A\\n\\nText.' for doc[0:9] == '# A\\nText.'.
    """

    id = "joins_the_blocks_with_a_blank_line"
    title = "Joins a chunk's pieces with a blank line instead of slicing doc[start:end]"
    hint = "The text must be exactly doc[start:end]: slice the document, never rebuild the text from its pieces."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        pieces = []  # every piece's span, in order, found once the arguments are checked

        def joined(doc, start, end):
            if not pieces:
                pieces.extend(
                    (s, e)
                    for kind, lines in _blocks(doc, _lines(doc))
                    for s, e, _ in _units(doc, kind, lines, max_tokens)
                )
            first = bisect.bisect_left(pieces, (start, start))
            last = bisect.bisect_right(pieces, (end, end))
            return "\n\n".join(doc[s:e] for s, e in pieces[first:last])

        return _chunk(doc, max_tokens, text=joined)


class ChunksSpanSections(Mistake):
    """Packs the whole document greedily and only uses headings for the paths, so a chunk runs across headings.

    chunk_markdown("# A\\nx\\n# B\\ny", 50) returns one chunk '# A\\nx\\n# B\\ny' with the path ('A',).
    """

    id = "chunks_span_sections"
    title = "Lets a chunk span two sections"
    hint = "A heading starts a new section: close the open chunk before adding a heading, even when it would fit."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(doc, max_tokens, sections=False)


class HeadingDoesNotEndParagraph(Mistake):
    """Ends a paragraph only at a blank line or a fence, so a heading right under a paragraph line is part of it.

    chunk_markdown("# A\nintro\n# B\nbody", 50) returns one chunk '# A\nintro\n# B\nbody' with the path ('A',):
    '# B' never starts a section, and 'body' is filed under A.
    """

    id = "heading_does_not_end_paragraph"
    title = "A heading line right after a paragraph line is swallowed into the paragraph"
    hint = "A heading line is never part of a paragraph, even with no blank line before it: it ends the paragraph."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(doc, max_tokens, blocks=lambda doc, lines: _blocks(doc, lines, heading_ends_paragraph=False))


class PathNotPopped(Mistake):
    """On a heading no deeper than the last one, replaces only the last entry of the path.

    chunk_markdown("# T\\n## A\\n### B\\n#### C\\n## D", 50) gives '## D' the path
    ('T', 'A', 'B', 'D') instead of ('T', 'D'): B and C are never popped.
    """

    id = "path_not_popped"
    title = "Does not pop the heading path on a shallower heading"
    hint = "A heading of level L removes every entry of level L or deeper, not just the last one."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def push(path, level, title):
            if path and level <= path[-1][0]:
                return path[:-1] + [(level, title)]
            return path + [(level, title)]

        return _chunk(doc, max_tokens, push=push)


class SameLevelNotReplaced(Mistake):
    """Pops only the entries deeper than the new heading, so a sibling heading stays on the path.

    chunk_markdown("# T\\n## A\\n## C\\nx", 50) gives '## C' the path ('T', 'A', 'C') instead of ('T', 'C').
    """

    id = "same_level_not_replaced"
    title = "Keeps a heading of the same level on the path"
    hint = "A heading of level L removes the entries of level L too: its sibling is not its parent."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def push(path, level, title):
            return [entry for entry in path if entry[0] <= level] + [(level, title)]

        return _chunk(doc, max_tokens, push=push)


class SlicesPathByLevel(Mistake):
    """Keeps the path as a plain list of titles and cuts it at position level - 1, which breaks when levels are skipped.

    chunk_markdown("# A\\n### C\\n### D\\n## E\\n# F", 50) gives '### D' the path ('A', 'C', 'D'):
    'C' sits at position 1 although its level is 3, so path[:2] keeps it.
    """

    id = "slices_path_by_level"
    title = "Indexes the heading path by level, so skipped levels break it"
    hint = "Remember each entry's level: after '# A' and '### C', the path has two entries, not three."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def push(path, level, title):
            titles = [t for _, t in path][: level - 1] + [title]
            return [(0, t) for t in titles]

        return _chunk(doc, max_tokens, push=push)


class HeadingsKeepDeeperLevels(Mistake):
    """Keeps the path as one title per level: a heading replaces its own level but never clears the deeper ones.

    chunk_markdown("# A\n## B\n### C\n## D\nx", 50) gives '## D\nx' the path ('A', 'D', 'C') instead of
    ('A', 'D'): C stays under D, which it never belonged to.
    """

    id = "headings_keep_deeper_levels"
    title = "A heading replaces its own level on the path but keeps the deeper ones"
    hint = "A heading of level L removes every entry deeper than L too: they belonged to the section it ends."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def push(path, level, title):
            titles = dict(path)
            titles[level] = title
            return sorted(titles.items())

        return _chunk(doc, max_tokens, push=push)


class UnclosedFenceIsText(Mistake):
    """Treats a fence that is never closed as ordinary text, so the headings after it become sections.

    chunk_markdown("# Top\\n\\n```\\n# a comment\\n## another\\ncode", 50) makes '# a comment' and
    '## another' headings, with the paths ('a comment',) and ('a comment', 'another').
    """

    id = "unclosed_fence_is_text"
    title = "An unclosed fence swallows nothing"
    hint = "A fence that is never closed runs to the end of the document: everything after it is code."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(doc, max_tokens, blocks=lambda doc, lines: _blocks(doc, lines, unclosed_is_code=False))


class UnclosedFenceKeepsTrailingBlanks(Mistake):
    """Runs an unclosed fence to the very last line of the document, blank lines included.

    chunk_markdown("```\ncode\n\n\n", 50) returns the chunk '```\ncode\n\n\n' ending at 11 instead of
    '```\ncode' ending at 8: the chunk ends with line breaks.
    """

    id = "unclosed_fence_keeps_trailing_blanks"
    title = "An unclosed fence's block ends with the blank lines at the end of the document"
    hint = "An unclosed fence runs to the last line that is not blank: a block never ends with blank lines."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(
            doc, max_tokens, blocks=lambda doc, lines: _blocks(doc, lines, unclosed_drops_trailing_blanks=False)
        )


class FenceClosesOnlyOnABareLine(Mistake):
    """Closes a fence only at a line that is exactly ``` (with its '\\r', if any), so CRLF fences never close.

    chunk_markdown("```\\r\\ncode\\r\\n```\\r\\n# After\\r\\ntext\\r\\n", 50) returns one code block
    that swallows the whole document: '```\\r' is not '```'. A closing '```  ' does the same.
    """

    id = "fence_closes_only_on_a_bare_line"
    title = "A closing fence with anything after it (even the \\r of CRLF) does not close: it swallows the rest"
    hint = "A fence closes at the next line that starts with the same three characters, whatever follows them."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(
            doc, max_tokens, blocks=lambda doc, lines: _blocks(doc, lines, closes=lambda fence, raw: raw == fence)
        )


class MixedFencesClose(Mistake):
    """Closes a fence at any fence line: a '~~~' inside a ``` block ends it, and what follows is read as Markdown.

    chunk_markdown("```\\n~~~\\n# code\\n```\\n# Out\\nx", 50) ends the code at '~~~', makes '# code'
    a heading, and lets the closing ``` open a new fence that swallows '# Out'.
    """

    id = "mixed_fences_close"
    title = "Closes a ``` fence with ~~~ (or the other way round)"
    hint = "A fence closes only at a line starting with the same three characters that opened it."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(
            doc, max_tokens, blocks=lambda doc, lines: _blocks(doc, lines, closes=lambda fence, raw: raw[:3] in FENCES)
        )


class CrlfOffsetsOffByOne(Mistake):
    """Splits the document at '\\n' only, so with CRLF every line keeps its '\\r' and each block ends one too far.

    chunk_markdown("# T\\r\\nline one\\r\\n\\r\\n", 50) returns the chunk '# T\\r\\nline one\\r' ending at 14
    instead of 13: the chunk ends with half a line break.
    """

    id = "crlf_offsets_off_by_one"
    title = "With CRLF line endings, chunks end one character too far (with the \\r)"
    hint = "'\\r\\n' is one line break: the '\\r' before a '\\n' is not part of the line."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def lines(doc):
            return [(start, start + len(raw), raw) for start, _, raw in _lines(doc)]

        return _chunk(doc, max_tokens, lines=lines)


class CrlfOffsetsDrift(Mistake):
    """Strips the '\r' from each CRLF line but moves to the next line by len(line) + 1, as if every break were '\n'.

    Each CRLF break is counted one character short, so every offset after it drifts back by one more:
    chunk_markdown("# T\r\n\r\nbody\r\n", 50) returns the chunk '# T\r\n\r\nbo' with end 9 instead of
    '# T\r\n\r\nbody' with end 11.
    """

    id = "crlf_offsets_drift"
    title = "With CRLF line endings, offsets drift back by one per line break"
    hint = "'\\r\\n' is two characters of the document: the next line starts after both, not len(line) + 1 on."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def lines(doc):
            result, start = [], 0
            for raw in doc.split("\n"):
                line = raw[:-1] if raw.endswith("\r") else raw
                result.append((start, start + len(line), raw))
                start += len(line) + 1
            return result

        return _chunk(doc, max_tokens, lines=lines)


class ClosesOnExactFit(Mistake):
    """Closes the chunk when the next block would make it reach the budget (>=), not only when it would pass it.

    chunk_markdown("# H\\n\\none two\\n\\nthree", 5) returns two chunks, '# H\\n\\none two' and
    'three', although all 5 words fit a budget of 5.
    """

    id = "closes_on_exact_fit"
    title = "Closes a chunk on an exact fit"
    hint = "A chunk whose word count equals max_tokens is full, not over: compare with >, not >=."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def over(doc, state, size, end, max_tokens):
            return state["words"] and state["words"] + size >= max_tokens

        return _chunk(doc, max_tokens, over=over)


class CutsCodeThatFits(Mistake):
    """Packs a code block line by line, like paragraphs, so a code block that fits is split across chunks.

    chunk_markdown("Intro.\\n\\n```\\na b\\n\\nc\\n```", 5) returns 'Intro.\\n\\n```\\na b\\n\\nc' and '```':
    the code block, which fits the budget, is cut in two, and neither half is valid Markdown.
    """

    id = "cuts_code_that_fits"
    title = "Cuts a code block that fits the budget"
    hint = "A code block of at most max_tokens words is one piece: it goes whole into a chunk, a new one if need be."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def units(doc, kind, lines, max_tokens):
            if kind != "code":
                return _units(doc, kind, lines, max_tokens)
            return [piece for line in lines for piece in _cut_code_by_lines(doc, [line], max_tokens)]

        return _chunk(doc, max_tokens, units=units)


class OversizedBlockKeptWhole(Mistake):
    """Never cuts a block, so a paragraph or code block larger than the budget becomes a chunk above the budget.

    chunk_markdown("# Notes\\nOne two three four five six seven.", 3) returns the 7-word paragraph as one chunk.
    """

    id = "oversized_block_kept_whole"
    title = "Keeps a block larger than the budget whole"
    hint = "A block of more than max_tokens words must be cut: code at line boundaries, anything else at words."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def units(doc, kind, lines, max_tokens):
            start, end = lines[0][0], lines[-1][1]
            return [(start, end, len(doc[start:end].split()))]

        return _chunk(doc, max_tokens, units=units)


class CodeCutAtWords(Mistake):
    """Cuts an oversized code block into windows of words, like a paragraph, so pieces end in mid-line.

    chunk_markdown("```py\\nx = 1\\ny = 2\\n\\nprint(x + y)\\n```", 5) returns '```py\\nx = 1\\ny',
    '= 2\\n\\nprint(x + y)' and '```': the line 'y = 2' is cut in the middle.
    """

    id = "code_cut_at_words"
    title = "Cuts an oversized code block at words instead of lines"
    hint = "Code is cut between lines: each piece takes as many whole lines as fit."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def units(doc, kind, lines, max_tokens):
            return _units(doc, "paragraph", lines, max_tokens)  # every block cut like a paragraph

        return _chunk(doc, max_tokens, units=units)


class LongCodeLineStalls(Mistake):
    """Cuts code by taking as many whole lines as fit, and loops forever when not even one line fits.

    chunk_markdown("```\\na b c d e\\nf\\n```", 2) never returns: the line 'a b c d e' has 5 words,
    no run of whole lines can hold it, and the loop tries it again and again.
    """

    id = "long_code_line_stalls"
    title = "Loops forever on a code line longer than the budget"
    hint = "A code line with more than max_tokens words must itself be cut at word boundaries."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def cut_code(doc, lines, max_tokens):
            pieces, i = [], 0
            while i < len(lines):
                run, j = [], i
                while j < len(lines):
                    words = [m.span() for m in WORD.finditer(doc, lines[j][0], lines[j][1])]
                    if len(run) + len(words) > max_tokens:
                        break
                    run += words
                    j += 1
                pieces += _windows(run, max_tokens)
                i = j  # when not even line i fits, j == i: no progress
            return pieces

        def units(doc, kind, lines, max_tokens):
            return _units(doc, kind, lines, max_tokens, cut_code)

        return _chunk(doc, max_tokens, units=units)


class FillsTheOpenChunkWithWords(Mistake):
    """Feeds an oversized paragraph to the packer one word at a time, so its first words fill the chunk before it.

    chunk_markdown("x\\n\\na b c d", 3) returns 'x\\n\\na b' and 'c d' instead of 'x', 'a b c' and 'd':
    the windows are not counted from the paragraph's own first word.
    """

    id = "fills_the_open_chunk_with_words"
    title = "Packs an oversized paragraph word by word into the open chunk"
    hint = "Cut an oversized block into windows counted from its own first word first; then pack the windows."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def units(doc, kind, lines, max_tokens):
            start, end = lines[0][0], lines[-1][1]
            if kind == "code" or len(doc[start:end].split()) <= max_tokens:
                return _units(doc, kind, lines, max_tokens)
            return [(m.start(), m.end(), 1) for m in WORD.finditer(doc, start, end)]

        return _chunk(doc, max_tokens, units=units)


class HashtagIsHeading(Mistake):
    """Takes any line starting with 1 to 6 '#' as a heading, with or without the space after them.

    chunk_markdown("# Tags\\n#python #rag\\nmore", 50) makes '#python #rag' a heading of level 1 with
    the title 'python #rag', in a chunk of its own.
    """

    id = "hashtag_is_heading"
    title = "Treats '#hashtag' (no space after the '#') as a heading"
    hint = "A heading is 1 to 6 '#' followed by a space."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def level(line):
            match = re.match(r"#{1,6}(?!#)", line)
            return len(match.group()) if match else 0

        return _chunk(
            doc, max_tokens, heading_level=level, blocks=lambda doc, lines: _blocks(doc, lines, heading_level=level)
        )


class TitleKeepsHashes(Mistake):
    """Uses the whole stripped heading line as its title, '#'s included.

    chunk_markdown("# A\\n## B\\n### C\\nDeep.\\n## D\\nShallow again.", 50) gives the paths ('# A',),
    ('# A', '## B'), ...: the '#'s are Markdown syntax, not part of the title.
    """

    id = "title_keeps_hashes"
    title = "Keeps the '#'s in the heading titles"
    hint = "The title is the text after the '#'s, stripped."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(doc, max_tokens, title=lambda line, level: line.strip())


class RecountsTheOpenChunk(Mistake):
    """Counts the words of doc[chunk_start:block_end] again before every block, instead of keeping a running count.

    The chunks are right, but 24,000 paragraphs of 16 words on average, in 3 chunks of about 140,000
    words, take about 24,000 * 70,000 word counts: quadratic in a chunk's length, stopped as TOO SLOW.
    """

    id = "recounts_the_open_chunk"
    title = "Counts the open chunk's words again for every block (quadratic)"
    hint = "Keep the open chunk's word count as you add blocks; counting its text again makes the loop quadratic."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(doc, max_tokens, over=_recount)


class AcceptsBool(Mistake):
    """Checks isinstance(max_tokens, int), which True passes, since bool is a subclass of int.

    chunk_markdown("# Hi", True) runs with a budget of 1 and returns the chunks '#' and 'Hi'
    instead of raising TypeError.
    """

    id = "accepts_bool"
    title = "Accepts True and False as budgets"
    hint = "bool is a subclass of int: reject it explicitly."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def validate(doc, max_tokens):
            if not isinstance(doc, str):
                raise TypeError(f"doc must be a str, got {type(doc).__name__}")
            if not isinstance(max_tokens, int):
                raise TypeError(f"max_tokens must be an int, got {max_tokens!r}")
            if max_tokens < 1:
                raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")

        return _chunk(doc, max_tokens, validate=validate)


class ValidatesAfterEmptyCheck(Mistake):
    """Returns [] for a blank document before checking max_tokens, so chunk_markdown("", 0) is silently accepted."""

    id = "validates_after_empty_check"
    title = "Skips checking max_tokens when the document is blank"
    hint = "Check the arguments first: a bad budget is a bug in the caller whatever the document."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        if isinstance(doc, str) and not doc.strip():
            return []
        return _chunk(doc, max_tokens)


class MessageOmitsTheValue(Mistake):
    """Raises the right exceptions with messages that do not say which argument or value was bad.

    chunk_markdown("# Hi", 0) raises ValueError('invalid arguments').
    """

    id = "message_omits_the_value"
    about_the_message = True
    title = "Error messages do not name the parameter and its value"
    hint = "Say which parameter is wrong and what it was, e.g. 'max_tokens must be at least 1, got 0'."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        try:
            _validate(doc, max_tokens)
        except (TypeError, ValueError) as error:
            raise type(error)("invalid arguments") from None
        return _chunk(doc, max_tokens)


# Lines -------------------------------------------------------------------------------------------


class SplitsWithSplitlines(Mistake):
    """Finds the lines with str.splitlines(), which also breaks lines at '\\r', '\\f', '\\x85', '\\u2028' and more.

    Only '\\n' and '\\r\\n' end a line: chunk_markdown("Intro\\f# Not a heading", 50) makes
    '# Not a heading' a heading of its own, and chunk_markdown("Hello\\r", 5) returns the text
    'Hello', dropping the '\\r' that belongs to the line.
    """

    id = "splits_with_splitlines"
    title = "Finds the lines with str.splitlines(), which breaks lines at \\r, \\f, \\x85, \\u2028 and more"
    hint = "Only '\\n' and '\\r\\n' end a line: split at '\\n', and drop only the '\\r' right before it."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def lines(doc):
            result, start = [], 0
            for piece in doc.splitlines(keepends=True):
                line = (piece.splitlines() or [""])[0]
                result.append((start, start + len(line), line))
                start += len(piece)
            return result

        return _chunk(doc, max_tokens, lines=lines)


class LoneCarriageReturnEndsALine(Mistake):
    """Takes '\\r' alone as a line break too (the old Mac line ending), besides '\\n' and '\\r\\n'.

    chunk_markdown("Intro\\r# Not a heading", 50) makes '# Not a heading' a heading, and
    chunk_markdown("Hello\\r", 5) returns 'Hello' without its '\\r'.
    """

    id = "lone_carriage_return_ends_a_line"
    title = "Takes a '\\r' that no '\\n' follows as a line break"
    hint = "Only '\\n' and '\\r\\n' end a line: a '\\r' that no '\\n' follows is part of its line."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def lines(doc):
            result, start = [], 0
            for match in re.finditer(r"\r\n|\r|\n", doc):
                result.append((start, match.start(), doc[start : match.start()]))
                start = match.end()
            return result + [(start, len(doc), doc[start:])]

        return _chunk(doc, max_tokens, lines=lines)


class StripsEveryTrailingCarriageReturn(Mistake):
    """Strips every '\\r' at the end of a line (line.rstrip('\\r')), not only the one before its '\\n'.

    chunk_markdown("Hi\\r\\r\\n# B", 50) returns ('Hi', 0, 2) where the line is 'Hi\\r': only the
    last '\\r' is part of the line break '\\r\\n'.
    """

    id = "strips_every_trailing_carriage_return"
    title = "Strips every '\\r' at the end of a line, not only the one of its '\\r\\n'"
    hint = "'\\r\\n' is one line break: only the '\\r' right before a '\\n' belongs to it; any other '\\r' is text."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def lines(doc):
            return [(start, start + len(raw.rstrip("\r")), raw) for start, _, raw in _lines(doc)]

        return _chunk(doc, max_tokens, lines=lines)


class StripsTheLastLinesCarriageReturn(Mistake):
    """Drops a line's final '\\r' even on the last line, where no '\\n' follows it.

    chunk_markdown("Hello\\r", 5) returns ('Hello', 0, 5) instead of ('Hello\\r', 0, 6): that '\\r'
    ends no '\\r\\n', so it is part of the line.
    """

    id = "strips_the_last_lines_carriage_return"
    title = "Drops the '\\r' at the end of the document, where no '\\n' follows it"
    hint = "A '\\r' belongs to the line break only when a '\\n' follows it; at the end of the document none does."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def lines(doc):
            return [(start, start + len(raw) - raw.endswith("\r"), raw) for start, _, raw in _lines(doc)]

        return _chunk(doc, max_tokens, lines=lines)


class OnlyEmptyLinesAreBlank(Mistake):
    """Takes only an empty line as blank, so a line of spaces or tabs joins the paragraphs around it.

    chunk_markdown("a b\\n \\t\\nc d", 3) reads 'a b\\n \\t\\nc d' as one paragraph of 4 words and
    cuts it into 'a b \\t\\nc' and 'd', instead of the two paragraphs 'a b' and 'c d'.
    """

    id = "only_empty_lines_are_blank"
    title = "A line of spaces and tabs is not taken as blank"
    hint = "A line is blank when it holds only whitespace (line.strip() == ''), not only when it is empty."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(doc, max_tokens, blocks=lambda doc, lines: _blocks(doc, lines, is_blank=lambda line: line == ""))


# Fences --------------------------------------------------------------------------------------------


class IndentedFenceIsAFence(Mistake):
    """Strips a line's indentation before looking for a fence, so '  ```' opens (and closes) a code block.

    chunk_markdown("Text\\n  ```\\n# Real\\nx", 50) opens a fence at '  ```' that swallows the
    heading '# Real'; in a code block, '  ```' closes it too early.
    """

    id = "indented_fence_is_a_fence"
    title = "Takes an indented ``` or ~~~ as a fence"
    hint = "A fence line starts with ``` or ~~~ at its very first character: an indented one is ordinary text."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(
            doc,
            max_tokens,
            blocks=lambda doc, lines: _blocks(
                doc,
                lines,
                fence_of=lambda line: _fence_of(line.lstrip()),
                closes=lambda fence, raw: raw.lstrip().startswith(fence),
            ),
        )


class TildesAreNotFences(Mistake):
    """Knows only ``` fences, so a ~~~ block is read as Markdown and its '#' lines become headings.

    chunk_markdown("~~~\\n```\\n# code\\n~~~\\n# Out\\nx", 50) reads '~~~' as a paragraph line, then
    opens a ``` fence that never closes and swallows '# Out'.
    """

    id = "tildes_are_not_fences"
    title = "Does not take ~~~ as a code fence"
    hint = "A code fence is ``` or ~~~: look for both."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(
            doc,
            max_tokens,
            blocks=lambda doc, lines: _blocks(
                doc, lines, fence_of=lambda line: "```" if line.startswith("```") else ""
            ),
        )


class ClosingFenceMustBeBare(Mistake):
    """Closes a fence only at a line that is exactly the three characters once stripped, as CommonMark nearly does.

    chunk_markdown("```\\na\\n```end\\n# After\\nb", 50) never closes the fence ('```end' is not
    '```'), so '# After' is code; '````' does not close it either.
    """

    id = "closing_fence_must_be_bare"
    title = "A closing fence with more backticks or text after them does not close the block"
    hint = "A fence closes at the next line that starts with the same three characters, whatever follows them."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(
            doc,
            max_tokens,
            blocks=lambda doc, lines: _blocks(doc, lines, closes=lambda fence, raw: raw.strip() == fence),
        )


class FenceRemembersItsLength(Mistake):
    """Takes the whole run of backticks (or tildes) as the fence, so '````' is closed only by four or more.

    chunk_markdown("````\\n```\\n# x\\n````", 50) keeps '```' and '# x' inside the code, where the
    contract closes the fence at '```', the next line starting with its first three characters.
    """

    id = "fence_remembers_its_length"
    title = "A fence of four backticks is not closed by a line starting with three"
    hint = "A fence is its line's first three characters: the next line starting with them closes it."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def fence_of(line):
            match = re.match(r"`{3,}|~{3,}", line)
            return match.group() if match else ""

        return _chunk(doc, max_tokens, blocks=lambda doc, lines: _blocks(doc, lines, fence_of=fence_of))


class FenceRemembersTheInfoString(Mistake):
    """Remembers the whole opening line ('```bash') as the fence, so the plain '```' after it never closes it.

    In the statement's README the ```bash block never closes, and swallows '## Usage' and
    everything after it.
    """

    id = "fence_remembers_the_info_string"
    title = "Waits for a closing line equal to the whole opening line, info string included"
    hint = "A fence is its line's first three characters; '```bash' is closed by the next line starting with ```."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(
            doc,
            max_tokens,
            blocks=lambda doc, lines: _blocks(
                doc, lines, fence_of=lambda line: line.strip() if _fence_of(line) else ""
            ),
        )


class FenceClosesItself(Mistake):
    """Looks for the closing fence from the opening line itself, so every fence closes on its own line.

    chunk_markdown("# Setup\\n\\n```sh\\n# install it\\npip install acme\\n```", 50) makes '```sh' a
    one-line code block and '# install it' a heading.
    """

    id = "fence_closes_itself"
    title = "Every fence closes on its own opening line"
    hint = "Look for the closing fence from the line after the opening one."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(doc, max_tokens, blocks=lambda doc, lines: _blocks(doc, lines, first_closing_line=0))


class ClosingFenceLeftOut(Mistake):
    """Ends a code block at the line before its closing fence, so the closing ``` lies in no chunk.

    In the statement's README the code chunk ends at 'acme login', and its closing ``` is lost.
    """

    id = "closing_fence_left_out"
    title = "Leaves the closing fence out of its code block"
    hint = "The closing fence is part of the block: the block runs to the end of that line."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(doc, max_tokens, blocks=lambda doc, lines: _blocks(doc, lines, closing_line_in_block=False))


class FenceDoesNotEndParagraph(Mistake):
    """Ends a paragraph only at a blank line or a heading, so a fence right under a paragraph line is text.

    chunk_markdown("a b\\n```\\nc\\n```", 3) reads the whole document as one paragraph of 5 words,
    cut into 'a b\\n```' and 'c\\n```'.
    """

    id = "fence_does_not_end_paragraph"
    title = "A fence right after a paragraph line is swallowed into the paragraph"
    hint = "A line that opens a fence ends the paragraph above it, even with no blank line between them."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(doc, max_tokens, blocks=lambda doc, lines: _blocks(doc, lines, fence_ends_paragraph=False))


# Headings -----------------------------------------------------------------------------------------


def _with_heading_rule(doc, max_tokens, level, title=_title):
    return _chunk(
        doc,
        max_tokens,
        heading_level=level,
        title=title,
        blocks=lambda doc, lines: _blocks(doc, lines, heading_level=level),
    )


class TabAfterHashesIsAHeading(Mistake):
    """Takes any whitespace after the '#'s (r'#{1,6}\\s'), so '#\\tnot a heading' starts a section.

    chunk_markdown("# A\\n#\\tnot a heading\\nx", 50) makes '#\\tnot a heading' a heading of level 1.
    """

    id = "tab_after_hashes_is_a_heading"
    title = "Takes '#' followed by a tab as a heading"
    hint = "A heading is 1 to 6 '#' followed by a space: not a tab, not any other whitespace."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def level(line):
            match = re.match(r"(#{1,6})\s", line)
            return len(match.group(1)) if match else 0

        return _with_heading_rule(doc, max_tokens, level)


class BareHashesAreAHeading(Mistake):
    """Takes a line of only '#'s as an empty heading, as CommonMark does, where the contract wants a space.

    chunk_markdown("# A\\n#\\nx", 50) makes '#' a heading with the title '', which ends the section 'A'.
    """

    id = "bare_hashes_are_a_heading"
    title = "Takes a lone '#' (no space after it) as a heading"
    hint = "A heading is 1 to 6 '#' followed by a space: '#' alone is a paragraph line."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def level(line):
            match = re.match(r"(#{1,6})(?: |$)", line)
            return len(match.group(1)) if match else 0

        return _with_heading_rule(doc, max_tokens, level)


class HeadingFoundBySplit(Mistake):
    """Reads a heading from line.split(): a first word made of 1 to 6 '#'s, whatever the spaces around it.

    Indented '  # title', '#\\ttitle' and a lone '#' all become headings: chunk_markdown("# Top\\n  # indented\\n", 50)
    gives '  # indented' the path ('indented',).
    """

    id = "heading_found_by_split"
    title = "Finds headings with line.split(), so indented, tabbed and bare '#' lines are headings"
    hint = "A heading line starts with 1 to 6 '#' at its first character, followed by a space."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def level(line):
            words = line.split()
            return len(words[0]) if words and len(words[0]) <= 6 and set(words[0]) == {"#"} else 0

        return _with_heading_rule(doc, max_tokens, level, title=lambda line, level: line.lstrip()[level:].strip())


class IndentedHashIsAHeading(Mistake):
    """Strips a line's indentation before looking for a heading, so '  # indented' starts a section."""

    id = "indented_hash_is_a_heading"
    title = "Takes an indented '# title' as a heading"
    hint = "A heading line starts with '#' at its first character: an indented one is a paragraph line."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _with_heading_rule(
            doc,
            max_tokens,
            lambda line: _heading_level(line.lstrip()),
            title=lambda line, level: line.lstrip()[level:].strip(),
        )


class SevenHashesAreAHeading(Mistake):
    """Takes any number of '#'s followed by a space as a heading (r'(#+) '), so '####### seven' is one."""

    id = "seven_hashes_are_a_heading"
    title = "Takes more than six '#' as a heading"
    hint = "A heading has 1 to 6 '#': '####### seven' is a paragraph line."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def level(line):
            match = re.match(r"(#+) ", line)
            return len(match.group(1)) if match else 0

        return _with_heading_rule(doc, max_tokens, level)


class EmptyTitleIsNotAHeading(Mistake):
    """Requires a title after the space (r'#{1,6} +\\S'), so '## ' is read as a paragraph line."""

    id = "empty_title_is_not_a_heading"
    title = "Does not take a heading with an empty title ('## ') as a heading"
    hint = "'## ' is two '#' and a space: a heading, whose title is ''."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def level(line):
            match = re.match(r"(#{1,6}) +\S", line)
            return len(match.group(1)) if match else 0

        return _with_heading_rule(doc, max_tokens, level)


class StripsClosingHashes(Mistake):
    """Drops the closing '#'s of a heading from its title, as CommonMark does: '## Install ##' gets the title 'Install'.

    The contract's title is the rest of the line, stripped: 'Install ##'.
    """

    id = "strips_closing_hashes"
    title = "Drops the closing '#'s from a heading's title"
    hint = "The title is the rest of the line after the opening '#'s, stripped, and nothing more is removed."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(doc, max_tokens, title=lambda line, level: line[level:].strip().rstrip("#").strip())


class PathUpdatedBeforeClosing(Mistake):
    """Pushes a new heading onto the path before closing the open chunk, so that chunk gets the next section's path.

    chunk_markdown("# A\\nx\\n# B\\ny", 50) returns ('# A\\nx', 0, 5, ('B',)): the chunk belongs to A.
    """

    id = "path_updated_before_closing"
    title = "Gives the chunk a heading closes the path of that new heading"
    hint = "Close the open chunk before the new heading changes the path: the chunk belongs to the section it is in."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(doc, max_tokens, path_at_close=True)


class HeadingAloneInItsChunk(Mistake):
    """Closes the chunk right after a heading too, so a heading never shares a chunk with its text.

    chunk_markdown("# A\\nx\\n# B\\ny", 50) returns '# A', 'x', '# B' and 'y' instead of '# A\\nx' and '# B\\ny'.
    """

    id = "heading_alone_in_its_chunk"
    title = "Puts every heading in a chunk of its own"
    hint = "A heading starts a new chunk, and the blocks after it join that chunk while they fit."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(doc, max_tokens, heading_alone=True)


class HeadingsAsAList(Mistake):
    """Returns each chunk's headings as a list, where the contract asks for a tuple."""

    id = "headings_as_a_list"
    title = "Returns the headings as a list instead of a tuple"
    hint = "headings is a tuple of titles: tuple(titles)."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(doc, max_tokens, headings=list)


# Pieces and packing ------------------------------------------------------------------------------


def _cut_spans(doc, kind, lines, max_tokens):
    """The block's span and whether it is cut at words (a heading or paragraph larger than the budget)."""
    start, end = lines[0][0], lines[-1][1]
    return start, end, kind != "code" and len(doc[start:end].split()) > max_tokens


class FirstWindowStartsAtTheBlock(Mistake):
    """Starts a cut block's first window at the block's first character, its indentation included.

    chunk_markdown("  a b c d", 2) returns ('  a b', 0, 5) and ('c d', 6, 9): the first window
    should start at its first word, ('a b', 2, 5).
    """

    id = "first_window_starts_at_the_block"
    title = "A cut block's first window starts at the block's leading spaces, not at its first word"
    hint = "A piece cut from a block runs from its first word's start to its last word's end."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def units(doc, kind, lines, max_tokens):
            pieces = _units(doc, kind, lines, max_tokens)
            start, _, cut = _cut_spans(doc, kind, lines, max_tokens)
            return [(start, *pieces[0][1:])] + pieces[1:] if cut else pieces

        return _chunk(doc, max_tokens, units=units)


class WindowsRunToTheBlockEdges(Mistake):
    """Starts a cut block's first window at the block's start and ends its last at the block's end.

    chunk_markdown("a b c d  ", 2) returns ('a b', 0, 3) and ('c d  ', 4, 9), trailing spaces
    included; chunk_markdown("  a b c d", 2) starts the first window at 0.
    """

    id = "windows_run_to_the_block_edges"
    title = "A cut block's first and last windows run to the block's edges, spaces included"
    hint = "A piece cut from a block runs from its first word's start to its last word's end."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def units(doc, kind, lines, max_tokens):
            pieces = _units(doc, kind, lines, max_tokens)
            start, end, cut = _cut_spans(doc, kind, lines, max_tokens)
            if not cut:
                return pieces
            pieces = [(start, *pieces[0][1:])] + pieces[1:]
            return pieces[:-1] + [(pieces[-1][0], end, pieces[-1][2])]

        return _chunk(doc, max_tokens, units=units)


class WindowOffsetsRelativeToTheBlock(Mistake):
    """Finds the words of a cut block in its own text, doc[start:end], and never adds the block's start.

    chunk_markdown("# Notes\\nOne two three four five six seven.", 3) gives the windows the
    offsets 0, 14 and 28 instead of 8, 22 and 36: offsets are positions in doc.
    """

    id = "window_offsets_relative_to_the_block"
    title = "The pieces of a cut block have offsets counted from the block's start, not the document's"
    hint = "Offsets are positions in doc: a word found in doc[start:end] at i lies at start + i."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def units(doc, kind, lines, max_tokens):
            pieces = _units(doc, kind, lines, max_tokens)
            start, end = lines[0][0], lines[-1][1]
            if len(doc[start:end].split()) <= max_tokens:
                return pieces
            return [(piece_start - start, piece_end - start, words) for piece_start, piece_end, words in pieces]

        return _chunk(doc, max_tokens, units=units)


class CodeRunsKeepTheirIndentation(Mistake):
    """Cuts a long code block into runs of whole lines that start and end with the lines, spaces included.

    chunk_markdown("```\\n  a b  \\n  c d\\n```", 3) returns ('```\\n  a b  ', 0, 11) and
    ('  c d\\n```', 12, 21) instead of ('```\\n  a b', 0, 9) and ('c d\\n```', 14, 21): a piece
    runs from its first word to its last.
    """

    id = "code_runs_keep_their_indentation"
    title = "A piece cut from a code block keeps its first line's indentation and its last line's trailing spaces"
    hint = "A piece cut from a block runs from its first word's start to its last word's end, in code too."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def cut_code(doc, lines, max_tokens):
            pieces, run, count = [], None, 0
            for start, end, _ in lines:
                words = [m.span() for m in WORD.finditer(doc, start, end)]
                if len(words) > max_tokens:
                    if count:
                        pieces.append((run[0], run[1], count))
                    pieces += _windows(words, max_tokens)
                    run, count = None, 0
                elif count + len(words) > max_tokens:
                    pieces.append((run[0], run[1], count))
                    run, count = (start, end), len(words)
                else:
                    run, count = (run[0] if run else start, end), count + len(words)
            return pieces + ([(run[0], run[1], count)] if count else [])

        def units(doc, kind, lines, max_tokens):
            return _units(doc, kind, lines, max_tokens, cut_code)

        return _chunk(doc, max_tokens, units=units)


class LongCodeLineTailStartsTheNextRun(Mistake):
    """Carries the last, shorter window of a long code line into the next run of lines.

    chunk_markdown("```\\na b c d e\\nf\\n```", 2) returns '```', 'a b', 'c d', 'e\\nf' and '```':
    the next line starts a new run, so 'e' is a piece alone and 'f' goes with the closing fence.
    """

    id = "long_code_line_tail_starts_the_next_run"
    title = "The last window of a long code line joins the next line's run"
    hint = "After a code line too long for the budget is cut into windows, the next line starts a new run."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def cut_code(doc, lines, max_tokens):
            pieces, run = [], []
            for start, end, _ in lines:
                words = [m.span() for m in WORD.finditer(doc, start, end)]
                if len(words) > max_tokens:
                    tail = len(words) % max_tokens or max_tokens
                    pieces += _windows(run, max_tokens) + _windows(words[:-tail], max_tokens)
                    run = words[-tail:]
                elif len(run) + len(words) > max_tokens:
                    pieces += _windows(run, max_tokens)
                    run = words
                else:
                    run += words
            return pieces + _windows(run, max_tokens)

        def units(doc, kind, lines, max_tokens):
            return _units(doc, kind, lines, max_tokens, cut_code)

        return _chunk(doc, max_tokens, units=units)


class LongCodeLineFillsTheOpenRun(Mistake):
    """Cuts a code line too long for the budget together with the run before it, so its first words fill that run.

    chunk_markdown("```\\na b c d e\\nf\\n```", 2) returns '```\\na', 'b c', 'd e' and 'f\\n```':
    the windows of a long line are counted from its own first word.
    """

    id = "long_code_line_fills_the_open_run"
    title = "A long code line's first words fill the run of lines before it"
    hint = "A code line too long for the budget closes the run before it; its windows count from its own first word."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def cut_code(doc, lines, max_tokens):
            pieces, run = [], []
            for start, end, _ in lines:
                words = [m.span() for m in WORD.finditer(doc, start, end)]
                if len(words) > max_tokens:
                    pieces += _windows(run + words, max_tokens)
                    run = []
                elif len(run) + len(words) > max_tokens:
                    pieces += _windows(run, max_tokens)
                    run = words
                else:
                    run += words
            return pieces + _windows(run, max_tokens)

        def units(doc, kind, lines, max_tokens):
            return _units(doc, kind, lines, max_tokens, cut_code)

        return _chunk(doc, max_tokens, units=units)


class CutBlocksAreChunksOfTheirOwn(Mistake):
    """Gives every piece of a cut block a chunk of its own, so a short last piece never packs with the next block.

    chunk_markdown("a b c d e\\n\\nf", 3) returns 'a b c', 'd e' and 'f' instead of 'a b c' and 'd e\\n\\nf'.
    """

    id = "cut_blocks_are_chunks_of_their_own"
    title = "The pieces of a cut block never share a chunk with other blocks"
    hint = "The pieces of a cut block are packed like whole blocks: a short piece shares a chunk when it fits."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(doc, max_tokens, cut_blocks_alone=True)


class EachLineIsABlock(Mistake):
    """Packs a paragraph line by line, as if each line were a block of its own.

    chunk_markdown("x\\n\\na b\\nc d", 4) returns 'x\\n\\na b' and 'c d', cutting a paragraph that fits
    (4 words); chunk_markdown("a b\\nc d", 3) returns 'a b' and 'c d' instead of 'a b\\nc' and 'd'.
    """

    id = "each_line_is_a_block"
    title = "Packs a paragraph's lines as separate blocks"
    hint = "A paragraph is one block: a run of consecutive non-blank lines, kept whole when it fits."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def blocks(doc, lines):
            result = []
            for kind, block_lines in _blocks(doc, lines):
                result += [(kind, [line]) for line in block_lines] if kind == "paragraph" else [(kind, block_lines)]
            return result

        return _chunk(doc, max_tokens, blocks=blocks)


class ParagraphCutAtLines(Mistake):
    """Cuts a paragraph larger than the budget at line boundaries, as code is cut, instead of at words.

    chunk_markdown("a b\\nc d", 3) returns 'a b' and 'c d' instead of 'a b\\nc' and 'd'.
    """

    id = "paragraph_cut_at_lines"
    title = "Cuts a long paragraph into runs of whole lines, like code"
    hint = "Only code is cut at line boundaries: a heading or paragraph is cut into windows of max_tokens words."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def units(doc, kind, lines, max_tokens):
            return _units(doc, "code" if kind == "paragraph" else kind, lines, max_tokens)

        return _chunk(doc, max_tokens, units=units)


class HeadingsNeverCut(Mistake):
    """Cuts paragraphs and code that do not fit, but keeps a heading whole whatever its size."""

    id = "headings_never_cut"
    title = "Never cuts a heading larger than the budget"
    hint = "A heading of more than max_tokens words is cut into windows of words, like a paragraph."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def units(doc, kind, lines, max_tokens):
            if kind == "heading":
                start, end = lines[0][0], lines[-1][1]
                return [(start, end, len(doc[start:end].split()))]
            return _units(doc, kind, lines, max_tokens)

        return _chunk(doc, max_tokens, units=units)


def _title_word_units(doc, kind, lines, max_tokens):
    start, end = lines[0][0], lines[-1][1]
    words = len(doc[start:end].split())
    if kind == "heading" and words - 1 <= max_tokens:
        return [(start, end, words - 1)]
    return _units(doc, kind, lines, max_tokens)


class HeadingHashesAreNotWords(Mistake):
    """Counts a heading's words from its title, so the '#'s are not counted against the budget.

    chunk_markdown("# A\\nb c", 3) returns one chunk of 4 words, '# A\\nb c': '#' is a word of the
    heading, so 2 + 2 = 4 > 3.
    """

    id = "heading_hashes_are_not_words"
    title = "Does not count a heading's '#'s as a word"
    hint = "Words are text.split(): the '#'s of '## Install' are a word, so that heading has 2."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(doc, max_tokens, units=_title_word_units, open_flag=True)


class EmptyHeadingCountsNoWords(Mistake):
    """Counts a heading's words from its title, and keeps a chunk open only while it holds words.

    The '#'s are not counted (chunk_markdown("# A\\nb c", 3) gives one chunk of 4 words), and a
    heading with no title counts none, so it opens no chunk: chunk_markdown("# A\\n## \\nx", 50)
    gives ('x', 8, 9, ('A', '')) where the chunk is '## \\nx', from 4.
    """

    id = "empty_heading_counts_no_words"
    title = "Counts a heading's words without its '#'s, so an empty heading holds none and is lost"
    hint = "Words are text.split(): the '#'s of a heading are a word, so even '## ' has one."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(doc, max_tokens, units=_title_word_units)


# Validation -----------------------------------------------------------------------------------------


class ChecksMaxTokensFirst(Mistake):
    """Checks max_tokens before doc, so chunk_markdown(None, 0) raises ValueError about max_tokens.

    The contract checks doc first: a TypeError naming doc.
    """

    id = "checks_max_tokens_first"
    title = "Checks max_tokens before doc"
    hint = "Check the arguments in the statement's order: doc first, then max_tokens' type, then its value."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def validate(doc, max_tokens):
            if not isinstance(max_tokens, int) or isinstance(max_tokens, bool):
                raise TypeError(f"max_tokens must be an int, got {max_tokens!r}")
            if max_tokens < 1:
                raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
            if not isinstance(doc, str):
                raise TypeError(f"doc must be a str, got {type(doc).__name__}")

        return _chunk(doc, max_tokens, validate=validate)


class AcceptsFloats(Mistake):
    """Accepts a float as max_tokens (isinstance(max_tokens, (int, float))): 5.0 is a budget, 0.5 a budget too small.

    chunk_markdown("# A\\nsome text", 5.0) returns chunks instead of raising TypeError, and
    chunk_markdown("# A\\nsome text", 0.5) raises ValueError instead.
    """

    id = "accepts_floats"
    title = "Accepts a float as max_tokens"
    hint = "max_tokens must be an int: 5.0 is a float, so it raises TypeError, and so does 0.5."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def validate(doc, max_tokens):
            if not isinstance(doc, str):
                raise TypeError(f"doc must be a str, got {type(doc).__name__}")
            if not isinstance(max_tokens, (int, float)) or isinstance(max_tokens, bool):
                raise TypeError(f"max_tokens must be an int, got {max_tokens!r}")
            if max_tokens < 1:
                raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")

        return _chunk(doc, max_tokens, validate=validate)


class BlankCodeLineEndsTheRun(Mistake):
    """Cuts a long code block at its blank lines first, then into runs of lines, so a run never crosses a blank line.

    chunk_markdown("```\na\n\nb\nc\n```", 3) returns '```\na' and 'b\nc\n```' instead of
    '```\na\n\nb' and 'c\n```': a blank line has no words and rides along in the run.
    """

    id = "blank_code_line_ends_the_run"
    title = "A blank line inside a long code block ends the run of lines"
    hint = "Blank lines inside code have no words: they ride along in the run, which only the budget closes."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def cut_code(doc, lines, max_tokens):
            pieces, group = [], []
            for line in lines + [None]:
                if line is None or not doc[line[0] : line[1]].strip():
                    pieces += _cut_code_by_lines(doc, group, max_tokens) if group else []
                    group = []
                else:
                    group.append(line)
            return pieces

        def units(doc, kind, lines, max_tokens):
            return _units(doc, kind, lines, max_tokens, cut_code)

        return _chunk(doc, max_tokens, units=units)


class LinesLoseTrailingWhitespace(Mistake):
    """Strips the whitespace at the end of every line (line.rstrip()), so a block's span stops at its last word.

    chunk_markdown("\\n\\n  Indented with trailing spaces   \\n\\n", 50) returns a chunk ending at 33
    instead of 36, and chunk_markdown("Hello\\r", 5) drops the '\\r': a block runs to the end of its
    last line, whatever that line ends with.
    """

    id = "lines_lose_trailing_whitespace"
    title = "Strips the trailing whitespace of every line, so blocks end early"
    hint = "A line runs to its line break: only the '\\r' of a '\\r\\n' is dropped, never spaces or tabs."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def lines(doc):
            return [(start, start + len(doc[start:end].rstrip()), raw) for start, end, raw in _lines(doc)]

        return _chunk(doc, max_tokens, lines=lines)


class WholeBlocksSpanTheirWords(Mistake):
    """Gives every block, cut or not, the span from its first word to its last, as if it were a piece cut from it.

    chunk_markdown("\\n\\n  Indented with trailing spaces   \\n\\n", 50) returns the chunk
    ('Indented with trailing spaces', 4, 33): a block that fits is its whole span, from the
    first character of its first line to the end of its last.
    """

    id = "whole_blocks_span_their_words"
    title = "A block that fits spans only its words, not its lines"
    hint = "A block that fits is one piece, its whole span: from its first line's start to its last line's end."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def units(doc, kind, lines, max_tokens):
            start, end = lines[0][0], lines[-1][1]
            words = [m.span() for m in WORD.finditer(doc, start, end)]
            if len(words) <= max_tokens:
                return [(words[0][0], words[-1][1], len(words))]
            return _units(doc, kind, lines, max_tokens)

        return _chunk(doc, max_tokens, units=units)


class IndentedClosingFenceCloses(Mistake):
    """Strips a line before testing whether it closes the fence (line.strip().startswith(fence)), so '  ```' closes it.

    chunk_markdown("```\\ncode\\n  ```\\n# still code\\n```\\n# After", 50) ends the code at '  ```' and
    makes '# still code' a heading; an indented line is text, inside a fence too.
    """

    id = "indented_closing_fence_closes"
    title = "An indented ``` closes the code block"
    hint = "A fence closes only at a line that starts with its three characters at the first character."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(
            doc,
            max_tokens,
            blocks=lambda doc, lines: _blocks(doc, lines, closes=lambda fence, raw: raw.strip().startswith(fence)),
        )


class ClosingFenceMustBeBareAtTheEnd(Mistake):
    """Closes a fence only at a line that is the fence once its end is stripped (line.rstrip() == fence).

    chunk_markdown("```\\na\\n````\\n# After\\nb", 50) never closes the fence ('````' is not '```'),
    so '# After' is code; '```end' does not close it either.
    """

    id = "closing_fence_must_be_bare_at_the_end"
    title = "A closing fence followed by more than spaces does not close the block"
    hint = "A fence closes at the next line that starts with the same three characters, whatever follows them."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(
            doc,
            max_tokens,
            blocks=lambda doc, lines: _blocks(doc, lines, closes=lambda fence, raw: raw.rstrip() == fence),
        )


class UnclosedFenceKeepsWhitespaceLines(Mistake):
    """Ends an unclosed fence at its last non-empty line, so lines of spaces or tabs at the end stay in the block.

    chunk_markdown("```\\ncode\\n  \\n\\t\\n", 50) returns '```\\ncode\\n  \\n\\t' instead of '```\\ncode':
    a line of whitespace is blank, and a block ends with a line that is not.
    """

    id = "unclosed_fence_keeps_whitespace_lines"
    title = "An unclosed fence's block ends with the lines of spaces at the end of the document"
    hint = "An unclosed fence runs to the last line that is not blank; a line of spaces or tabs is blank."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(
            doc, max_tokens, blocks=lambda doc, lines: _blocks(doc, lines, trailing_blank=lambda line: line == "")
        )


class TitleNotStripped(Mistake):
    """Takes the title as everything after '#'s and one space (line[level + 1:]), extra spaces kept.

    chunk_markdown("##   Install  \\nNow.", 50) gives the path ('  Install  ',) instead of ('Install',).
    """

    id = "title_not_stripped"
    title = "Keeps the spaces around a heading's title"
    hint = "The title is the rest of the line after the '#'s, stripped."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(doc, max_tokens, title=lambda line, level: line[level + 1 :])


class BlankLinesDoNotEndParagraphs(Mistake):
    """Ends a paragraph only at a heading, a fence or the end, so blank lines join the paragraphs around them.

    chunk_markdown("one two three\\n\\nfour five\\n\\nsix", 4) reads one paragraph of 6 words and cuts it
    into 'one two three\\n\\nfour' and 'five\\n\\nsix', instead of packing three paragraphs.
    """

    id = "blank_lines_do_not_end_paragraphs"
    title = "Blank lines do not separate paragraphs"
    hint = "Blank lines separate blocks: a paragraph is a run of consecutive non-blank lines."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def blocks(doc, lines):
            merged = []
            for kind, block_lines in _blocks(doc, lines):
                if kind == "paragraph" and merged and merged[-1][0] == "paragraph":
                    merged[-1][1].extend(block_lines)
                else:
                    merged.append((kind, list(block_lines)))
            return merged

        return _chunk(doc, max_tokens, blocks=blocks)


class ResplitsTheRestOfALongBlock(Mistake):
    """Finds the words of the rest of a long paragraph again for every window, which is quadratic.

    The windows are right, but a paragraph of 20,000 words with max_tokens=3 takes 6,667 scans
    of what is left of it: stopped as TOO SLOW.
    """

    id = "resplits_the_rest_of_a_long_block"
    title = "Finds the words of the rest of a long paragraph again for every window (quadratic)"
    hint = "Find the positions of a block's words once, in one pass, and cut the list of positions into windows."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def units(doc, kind, lines, max_tokens):
            start, end = lines[0][0], lines[-1][1]
            if kind == "code" or len(doc[start:end].split()) <= max_tokens:
                return _units(doc, kind, lines, max_tokens)
            return _rescanned_windows(doc, start, end, max_tokens)

        return _chunk(doc, max_tokens, units=units)


def _rescanned_windows(doc, start, end, max_tokens):
    """The windows of doc[start:end], the words of what is left found again for every one (quadratic)."""
    pieces, position = [], start
    while rest := list(WORD.finditer(doc, position, end)):
        window = rest[:max_tokens]
        pieces.append((window[0].start(), window[-1].end(), len(window)))
        position = window[-1].end()
    return pieces


class ResplitsTheRestOfEveryLongPiece(Mistake):
    """Finds the words of the rest of a long paragraph, or of a long code line, again for every window.

    The windows are right, but a paragraph of 20,000 words with max_tokens=3 takes 6,667 scans of
    what is left of it (TOO SLOW), and a code line of 20,000 words with max_tokens=7 2,857 scans,
    which its guard stops as a loop that does not end.
    """

    id = "resplits_the_rest_of_every_long_piece"
    title = "Finds the words of the rest of a long paragraph or code line again for every window (quadratic)"
    hint = (
        "Find the positions of a block's or a line's words once, in one pass, and cut the list of positions "
        "into windows."
    )

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def cut_code(doc, lines, max_tokens):
            return _cut_code_by_lines(
                doc,
                lines,
                max_tokens,
                long_line=lambda doc, start, end, words, size: _rescanned_windows(doc, start, end, size),
            )

        def units(doc, kind, lines, max_tokens):
            start, end = lines[0][0], lines[-1][1]
            if kind == "code" or len(doc[start:end].split()) <= max_tokens:
                return _units(doc, kind, lines, max_tokens, cut_code=cut_code)
            return _rescanned_windows(doc, start, end, max_tokens)

        return _chunk(doc, max_tokens, units=units)


def _validate_with_messages(doc, max_tokens, doc_type, not_int, too_small):
    if not isinstance(doc, str):
        raise TypeError(doc_type)
    if not isinstance(max_tokens, int) or isinstance(max_tokens, bool):
        raise TypeError(not_int)
    if max_tokens < 1:
        raise ValueError(too_small)


class TypeMessageOmitsTheValue(Mistake):
    """Says which type max_tokens has, not which value it is.

    chunk_markdown("# Hi", True) raises TypeError('max_tokens must be an int, got bool'): the caller
    who passed True, 5.0 or "5" is not told which value it was.
    """

    id = "type_message_omits_the_value"
    title = "The TypeError for max_tokens names its type but not its value"
    hint = "Name the value too, with repr(): 'max_tokens must be an int, got True of type bool'."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        _validate_with_messages(
            doc,
            max_tokens,
            f"doc must be a str, got {type(doc).__name__}",
            f"max_tokens must be an int, got {type(max_tokens).__name__}",
            f"max_tokens must be at least 1, got {max_tokens}",
        )
        return _chunk(doc, max_tokens)


class MessagesNameTheParameterOnly(Mistake):
    """Names the parameter in each message but never its value: ValueError('max_tokens must be at least 1')."""

    id = "messages_name_the_parameter_only"
    about_the_message = True
    title = "Error messages name the parameter but not the value it had"
    hint = "Say what the value was, too: 'max_tokens must be at least 1, got 0'."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        _validate_with_messages(
            doc, max_tokens, "doc must be a str", "max_tokens must be an int", "max_tokens must be at least 1"
        )
        return _chunk(doc, max_tokens)


class StripsEveryCarriageReturnBeforeALineFeed(Mistake):
    """Takes every '\\r' right before a '\\n' as part of the line break, not only the last one.

    chunk_markdown("Hi\\r\\r\\n# B", 50) returns ('Hi', 0, 2) where the line is 'Hi\\r': the line
    break '\\r\\n' holds one '\\r'. A '\\r' at the very end of the document is kept.
    """

    id = "strips_every_carriage_return_before_a_line_feed"
    title = "Takes all the '\\r's before a '\\n' as its line break"
    hint = "'\\r\\n' is one line break: only the '\\r' right before the '\\n' belongs to it; other '\\r's are text."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def lines(doc):
            result = []
            for start, end, raw in _lines(doc):
                if end < start + len(raw):  # a '\r\n' ends this line
                    end = start + len(raw.rstrip("\r"))
                result.append((start, end, raw))
            return result

        return _chunk(doc, max_tokens, lines=lines)


class WhitespaceLinesAreText(Mistake):
    """Takes only an empty line as blank, and opens a chunk at any block, even one of no words.

    A line of spaces or tabs joins the paragraphs around it, and alone is a paragraph of no words
    that still makes a chunk: chunk_markdown(" \\n\\n\\t\\r\\n  ", 5) returns chunks of whitespace instead of [].
    """

    id = "whitespace_lines_are_text"
    title = "A line of spaces and tabs is read as text, and makes a chunk of no words"
    hint = "A line is blank when it holds only whitespace (line.strip() == ''): it belongs to no block."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(
            doc,
            max_tokens,
            open_flag=True,
            blocks=lambda doc, lines: _blocks(doc, lines, is_blank=lambda line: line == ""),
        )


class CodeRunsStartAtTheirFirstLine(Mistake):
    """Starts a piece cut from a code block at its first line's start, indentation included.

    chunk_markdown("```\\na b\\n  c d\\n```", 3) returns ('  c d\\n```', 8, 17) instead of
    ('c d\\n```', 10, 17): a piece runs from its first word.
    """

    id = "code_runs_start_at_their_first_line"
    title = "A piece cut from a code block starts with its first line's indentation"
    hint = "A piece cut from a block runs from its first word's start to its last word's end, in code too."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def cut_code(doc, lines, max_tokens):
            pieces, run, run_start = [], [], 0
            for start, end, _ in lines:
                words = [m.span() for m in WORD.finditer(doc, start, end)]
                if len(words) > max_tokens:
                    if run:
                        pieces.append((run_start, run[-1][1], len(run)))
                    pieces += _windows(words, max_tokens)
                    run = []
                elif len(run) + len(words) > max_tokens:
                    pieces.append((run_start, run[-1][1], len(run)))
                    run, run_start = words, start
                elif words:
                    run_start = run_start if run else start
                    run += words
            return pieces + ([(run_start, run[-1][1], len(run))] if run else [])

        def units(doc, kind, lines, max_tokens):
            return _units(doc, kind, lines, max_tokens, cut_code)

        return _chunk(doc, max_tokens, units=units)


class HeadingAllowsAnyWhitespaceOrNone(Mistake):
    """Takes the '#'s followed by any whitespace or by nothing as a heading (r'#{1,6}(\\s|$)').

    chunk_markdown("# A\\n#\\tnot a heading\\nx", 50) makes '#\\tnot a heading' a heading, and
    chunk_markdown("# A\\n#\\nx", 50) makes '#' an empty one.
    """

    id = "heading_allows_any_whitespace_or_none"
    title = "Takes '#' followed by a tab, or '#' alone, as a heading"
    hint = "A heading is 1 to 6 '#' followed by a space: not a tab, and not the end of the line."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def level(line):
            match = re.match(r"(#{1,6})(\s|$)", line)
            return len(match.group(1)) if match else 0

        return _with_heading_rule(doc, max_tokens, level)


class CutParagraphWindowsAreChunksOfTheirOwn(Mistake):
    """Closes the open chunk before and after every window of a cut paragraph, so its last window never packs.

    chunk_markdown("a b c d e\\n\\nf", 3) returns 'a b c', 'd e' and 'f' instead of 'a b c' and
    'd e\\n\\nf'. Cut code is packed right.
    """

    id = "cut_paragraph_windows_are_chunks_of_their_own"
    title = "Each window of a cut paragraph is a chunk of its own"
    hint = "The windows of a cut paragraph are packed like whole blocks: a short window shares a chunk when it fits."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def units(doc, kind, lines, max_tokens):
            pieces = _units(doc, kind, lines, max_tokens)
            # A window of max_tokens words fills a chunk: given as full, it closes the chunk after it.
            return (
                pieces if kind == "code" or len(pieces) == 1 else [(start, end, max_tokens) for start, end, _ in pieces]
            )

        return _chunk(doc, max_tokens, units=units)


class CodeRunClosesOnExactFit(Mistake):
    """Closes a run of code lines when the next line would make it reach the budget (>=), not only pass it.

    chunk_markdown("```\\na\\nb\\nc\\n```", 3) returns '```\\na' and 'b\\nc\\n```' instead of
    '```\\na\\nb' and 'c\\n```': a run of exactly max_tokens words fits.
    """

    id = "code_run_closes_on_exact_fit"
    title = "Closes a run of code lines on an exact fit"
    hint = "A run of code lines holding exactly max_tokens words fits: close it only when the next line would pass it."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def cut_code(doc, lines, max_tokens):
            pieces, run = [], []
            for start, end, _ in lines:
                words = [m.span() for m in WORD.finditer(doc, start, end)]
                if len(words) > max_tokens:
                    pieces += _windows(run, max_tokens) + _windows(words, max_tokens)
                    run = []
                elif run and len(run) + len(words) >= max_tokens:
                    pieces += _windows(run, max_tokens)
                    run = words
                else:
                    run += words
            return pieces + _windows(run, max_tokens)

        def units(doc, kind, lines, max_tokens):
            return _units(doc, kind, lines, max_tokens, cut_code)

        return _chunk(doc, max_tokens, units=units)


class DocNotChecked(Mistake):
    """Checks max_tokens but never doc, so a doc that is not a str fails later, with an error that does not name doc.

    chunk_markdown(None, 5) raises AttributeError ('NoneType' object has no attribute 'split'),
    and chunk_markdown(b"# A", 5) a TypeError about bytes, instead of a TypeError naming doc.
    """

    id = "doc_not_checked"
    title = "Does not check that doc is a str"
    hint = "Check doc first: raise TypeError naming doc when it is not a str."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def validate(doc, max_tokens):
            if not isinstance(max_tokens, int) or isinstance(max_tokens, bool):
                raise TypeError(f"max_tokens must be an int, got {max_tokens!r}")
            if max_tokens < 1:
                raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")

        return _chunk(doc, max_tokens, validate=validate)


class CrlfOffsetsDriftAtEachBreak(Mistake):
    """Drops the '\\r' of each '\\r\\n' from its line, but moves on by len(line) + 1, as if every break were '\\n'.

    Like crlf_offsets_drift, every CRLF break is counted one character short, so the offsets after
    it drift back: chunk_markdown("# T\\r\\n\\r\\nbody\\r\\n", 50) returns ('# T\\r\\n\\r\\nbo', 0, 9). A '\\r'
    that no '\\n' follows is kept.
    """

    id = "crlf_offsets_drift_at_each_break"
    title = "With CRLF line endings, offsets drift back by one per '\\r\\n' (a final lone '\\r' is kept)"
    hint = "'\\r\\n' is two characters of the document: the next line starts after both, not len(line) + 1 on."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def lines(doc):
            result, start = [], 0
            for line_start, end, raw in _lines(doc):
                line = doc[line_start:end]
                result.append((start, start + len(line), raw))
                start += len(line) + 1
            return result

        return _chunk(doc, max_tokens, lines=lines)


class ClosesAtAnyBacktickLine(Mistake):
    """Closes a fence at the next line that starts with the fence's character, one backtick (or tilde) being enough.

    chunk_markdown("```\\n``x`` is code\\n# still code\\n```\\n# After\\nx", 50) ends the code at
    '``x`` is code' and makes '# still code' a heading.
    """

    id = "closes_at_any_backtick_line"
    title = "Closes a ``` fence at any line starting with a backtick"
    hint = "A fence closes only at a line starting with the same three characters that opened it."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(
            doc,
            max_tokens,
            blocks=lambda doc, lines: _blocks(doc, lines, closes=lambda fence, raw: raw.startswith(fence[0])),
        )


class CodeLinesPackedOneByOne(Mistake):
    """Cuts a long code block into single lines (a line too long into windows) and leaves the grouping to the packer.

    It looks the same as runs of lines, but the block's first lines then fill the chunk before it:
    chunk_markdown("Intro.\\n\\n```\\na\\nb\\nc\\n```", 3) returns 'Intro.\\n\\n```\\na' and 'b\\nc\\n```'
    instead of 'Intro.', '```\\na\\nb' and 'c\\n```'; and the last window of a long line packs with
    the lines after it, which start a new run.
    """

    id = "code_lines_packed_one_by_one"
    title = "Cuts a long code block into single lines, so a long line's last window packs with the next lines"
    hint = "After a code line too long for the budget, the next line starts a new run of whole lines."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def cut_code(doc, lines, max_tokens):
            return [piece for line in lines for piece in _cut_code_by_lines(doc, [line], max_tokens)]

        def units(doc, kind, lines, max_tokens):
            return _units(doc, kind, lines, max_tokens, cut_code)

        return _chunk(doc, max_tokens, units=units)


@dataclass
class _MutableChunk:
    """A Chunk whose fields can be changed: what a chunker that extends its open chunk in place needs."""

    text: str
    start: int
    end: int
    headings: tuple[str, ...]


_MutableChunk.__name__ = _MutableChunk.__qualname__ = "Chunk"


class ChunksNotFrozen(Mistake):
    """Drops frozen=True from the stub's Chunk, to extend the open chunk in place, so a returned chunk can be changed.

    The chunks are right, but chunk.end = 0 on one of them goes through: a caller's chunks (and any
    index built on their offsets) can be changed by mistake.
    """

    id = "chunks_not_frozen"
    title = "Returns chunks of a Chunk class that is not frozen"
    hint = "Keep the stub's Chunk as it is, a frozen dataclass: build each chunk once, when it closes."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return [_MutableChunk(c.text, c.start, c.end, c.headings) for c in _chunk(doc, max_tokens)]


class OffsetsFoundWithFind(Mistake):
    """Finds each chunk's start with doc.find(text), so a chunk whose text occurs earlier gets that earlier place.

    chunk_markdown("# Notes\\nsame\\n# Notes\\nsame", 50) gives both chunks the offsets 0 and 12:
    the second one lies at 13 to 25.
    """

    id = "offsets_found_with_find"
    title = "Finds a chunk's offsets by searching doc for its text, so repeated text gets the first place"
    hint = "Keep the offsets of the lines and words the chunk is cut from: a search for its text finds its first copy."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        chunks = []
        for c in _chunk(doc, max_tokens):
            start = doc.find(c.text)
            chunks.append(Chunk(c.text, start, start + len(c.text), c.headings))
        return chunks


class AsciiWhitespaceOnly(Mistake):
    """Splits words only at ASCII spaces, tabs and line breaks, so a no-break space or an em space joins two words.

    chunk_markdown("a\\xa0b\\u2003c d", 2) counts 2 words, 'a\\xa0b\\u2003c' and 'd', and returns one
    chunk; str.split() sees 4 and the paragraph is cut into 'a\\xa0b' and 'c d'.
    """

    id = "ascii_whitespace_only"
    title = "Splits words at ASCII whitespace only, not at every character str.split() splits at"
    hint = "Words are text.split(): any whitespace separates them, '\\xa0' and '\\u2003' included ('\\S+' finds them)."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        word = re.compile(r"[^ \t\r\n]+")

        def count(doc, start, end):
            return len(word.findall(doc, start, end))

        def cut_code(doc, lines, max_tokens):
            pieces, run = [], []
            for start, end, _ in lines:
                words = [m.span() for m in word.finditer(doc, start, end)]
                if len(words) > max_tokens:
                    pieces += _windows(run, max_tokens) + _windows(words, max_tokens)
                    run = []
                elif len(run) + len(words) > max_tokens:
                    pieces += _windows(run, max_tokens)
                    run = words
                else:
                    run += words
            return pieces + _windows(run, max_tokens)

        def units(doc, kind, lines, max_tokens):
            start, end = lines[0][0], lines[-1][1]
            words = count(doc, start, end)
            if words <= max_tokens:
                return [(start, end, words)]
            if kind == "code":
                return cut_code(doc, lines, max_tokens)
            return _windows([m.span() for m in word.finditer(doc, start, end)], max_tokens)

        return _chunk(doc, max_tokens, units=units)


class IndentedOpeningFenceOpens(Mistake):
    """Strips a line's indentation before testing whether it opens a fence, but closes a fence only at column 0.

    chunk_markdown("Text\\n  ```\\n# Real\\nx", 50) opens a fence at '  ```' that swallows the heading
    '# Real'; an indented ``` is text.
    """

    id = "indented_opening_fence_opens"
    title = "An indented ``` or ~~~ opens a code block"
    hint = "A fence line starts with ``` or ~~~ at its very first character: an indented one is ordinary text."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        return _chunk(
            doc,
            max_tokens,
            blocks=lambda doc, lines: _blocks(doc, lines, fence_of=lambda line: _fence_of(line.lstrip())),
        )


class CodePiecesSpanWholeLines(Mistake):
    """Cuts a long code block into runs of whole lines and gives each run's piece the span of its lines, from its
    first line's start to its last line's end, blank lines and spaces included, so a run of blank lines alone is a
    piece too, of no words.

    chunk_markdown("```\\na b c\\n  \\n\\t\\nd e f\\n```", 2) gives the blank lines between the two long lines a
    piece of their own, which the chunk 'c' takes, so it ends with them ('c\\n  \\n\\t'); and
    chunk_markdown("```\\na b\\n\\n\\nc d\\n```", 2) returns 'a b\\n\\n' where the piece ends at 'b'.
    """

    id = "code_pieces_span_whole_lines"
    title = "A piece cut from a code block spans its whole lines, blank lines and spaces included"
    hint = (
        "A piece cut from a block runs from its first word's start to its last word's end, in code too: a run "
        "of blank lines alone has no words and makes no piece."
    )

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def cut_code(doc, lines, max_tokens):
            pieces, run, count = [], [], 0
            for start, end, _ in lines:
                words = len(WORD.findall(doc, start, end))
                if words > max_tokens:
                    if run:
                        pieces.append((run[0][0], run[-1][1], count))
                    pieces += _windows([m.span() for m in WORD.finditer(doc, start, end)], max_tokens)
                    run, count = [], 0
                elif count + words > max_tokens:
                    pieces.append((run[0][0], run[-1][1], count))
                    run, count = [(start, end)], words
                else:
                    run.append((start, end))
                    count += words
            return pieces + ([(run[0][0], run[-1][1], count)] if run else [])

        def units(doc, kind, lines, max_tokens):
            return _units(doc, kind, lines, max_tokens, cut_code)

        return _chunk(doc, max_tokens, units=units)


class RejectsAnIntSubclass(Mistake):
    """Checks `type(max_tokens) is not int`, which refuses bool but also every other subclass of int.

    With class Budget(IntEnum): THREE = 3, chunk_markdown("# Notes\\nOne two three four five six seven.",
    Budget.THREE) raises TypeError, where an IntEnum member is an int and counts as its value.
    """

    id = "rejects_an_int_subclass"
    title = "Refuses an IntEnum member (or any subclass of int) as max_tokens"
    hint = (
        "Only bool is refused among the subclasses of int: test isinstance(max_tokens, int) and reject bool "
        "alone, rather than type(max_tokens) is int."
    )

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        def validate(doc, max_tokens):
            if not isinstance(doc, str):
                raise TypeError(f"doc must be a str, got {type(doc).__name__}")
            if type(max_tokens) is not int:
                raise TypeError(f"max_tokens must be an int, got {max_tokens!r}")
            if max_tokens < 1:
                raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")

        return _chunk(doc, max_tokens, validate=validate)
