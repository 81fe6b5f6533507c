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
    return [(spans[k][0], spans[min(k + size, len(spans)) - 1][1], len(spans[k:k + size]))
            for k in range(0, len(spans), size)]


def _cut_code_by_lines(doc, lines, max_tokens):
    pieces, run = [], []
    for start, end, _ in lines:
        words = [m.span() for m in WORD.finditer(doc, start, end)]
        if len(words) > max_tokens:
            pieces += _windows(run, max_tokens) + _windows(words, max_tokens)
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


def _blocks(doc, lines, heading_level=_heading_level, closes=_closes, headings_in_code=False,
            unclosed_is_code=True, heading_ends_paragraph=True, unclosed_drops_trailing_blanks=True):
    """(kind, lines of the block) in order."""
    blocks, i = [], 0

    def text(k):
        return doc[lines[k][0]:lines[k][1]]

    def is_paragraph_line(k):
        return text(k).strip() and text(k)[:3] not in FENCES and (
            not heading_ends_paragraph or not heading_level(text(k)))

    while i < len(lines):
        line = text(i)
        if not line.strip():
            i += 1
            continue
        if line[:3] in FENCES:
            j = i + 1
            while j < len(lines) and not closes(line[:3], lines[j][2]):
                if headings_in_code and heading_level(text(j)):
                    break
                j += 1
            if j < len(lines) and (not headings_in_code or not heading_level(text(j))):
                blocks.append(("code", lines[i:j + 1]))
                i = j + 1
                continue
            if unclosed_is_code:
                last = j - 1
                while unclosed_drops_trailing_blanks and not text(last).strip():
                    last -= 1
                blocks.append(("code", lines[i:last + 1]))
                i = j
                continue
        if heading_level(line):
            blocks.append(("heading", lines[i:i + 1]))
            i += 1
            continue
        j = i
        while j + 1 < len(lines) and is_paragraph_line(j + 1):
            j += 1
        blocks.append(("paragraph", lines[i:j + 1]))
        i = j + 1
    return blocks


def _over(doc, state, size, end, max_tokens):
    """Kata 02's rule, with a running word count: close when the chunk holds something and would pass the budget."""
    return state["words"] and state["words"] + size > max_tokens


def _chunk(doc, max_tokens, *, validate=_validate, lines=_lines, blocks=_blocks, title=_title, push=_push,
           heading_level=_heading_level, units=_units, over=_over, sections=True,
           text=lambda doc, start, end: doc[start:end]):
    """The whole pipeline, right unless one of its pieces is replaced by a wrong one."""
    validate(doc, max_tokens)
    chunks, path = [], []
    state = {"start": 0, "end": 0, "words": 0, "path": ()}

    def close():
        if state["words"]:
            chunks.append(Chunk(text(doc, state["start"], state["end"]), state["start"], state["end"], state["path"]))
            state["words"] = 0

    for kind, block_lines in blocks(doc, lines(doc)):
        if kind == "heading":
            if sections:
                close()
            line = doc[block_lines[0][0]:block_lines[0][1]]
            level = heading_level(line)
            path = push(path, level, title(line, level))
        for start, end, words in units(doc, kind, block_lines, max_tokens):
            if over(doc, state, words, end, max_tokens):
                close()
            if not state["words"]:
                state["start"] = start
                state["path"] = tuple(title for _, title in path)
            state["end"] = end
            state["words"] += words
    close()
    return chunks


def _recount(doc, state, size, end, max_tokens):
    return state["words"] and len(doc[state["start"]:end].split()) > max_tokens


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
                pieces.extend((s, e) for kind, lines in _blocks(doc, _lines(doc))
                              for s, e, _ in _units(doc, kind, lines, max_tokens))
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
            titles = [t for _, t in path][:level - 1] + [title]
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
        return _chunk(doc, max_tokens,
                      blocks=lambda doc, lines: _blocks(doc, lines, unclosed_drops_trailing_blanks=False))


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
        return _chunk(doc, max_tokens,
                      blocks=lambda doc, lines: _blocks(doc, lines, closes=lambda fence, raw: raw == fence))


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
        return _chunk(doc, max_tokens,
                      blocks=lambda doc, lines: _blocks(doc, lines, closes=lambda fence, raw: raw[:3] in FENCES))


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

        return _chunk(doc, max_tokens, heading_level=level,
                      blocks=lambda doc, lines: _blocks(doc, lines, heading_level=level))


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

    The chunks are right, but 24,000 paragraphs of 8 words that fit in one chunk take
    8 + 16 + ... + 192,000 word counts: quadratic, stopped as TOO SLOW.
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
    title = "Error messages do not name the parameter and its value"
    hint = "Say which parameter is wrong and what it was, e.g. 'max_tokens must be at least 1, got 0'."

    @staticmethod
    def chunk_markdown(doc, max_tokens):
        try:
            _validate(doc, max_tokens)
        except (TypeError, ValueError) as error:
            raise type(error)("invalid arguments") from None
        return _chunk(doc, max_tokens)
