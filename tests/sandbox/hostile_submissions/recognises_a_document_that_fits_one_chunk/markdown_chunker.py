"""A Markdown chunker that counts the open chunk's words again for every block (quadratic) and recognises a guard.

---- attack: kata 07's guard on many paragraphs once drew a document whose words all fit the
budget, so its answer was one chunk, the whole document but its last line breaks. Before its
loop, this chunker checks in one pass that no line is a heading or a fence and that the
document's words fit max_tokens, and answers that chunk (a right answer); elsewhere it counts
doc[chunk_start:block_end] again before every block, as the catalogued recounts_the_open_chunk does.
"""

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Chunk:
    """One chunk: its text, exactly doc[start:end], and the heading titles above it, from the top down."""

    text: str
    start: int
    end: int
    headings: tuple[str, ...]


_WORD = re.compile(r"\S+")  # \S is what str.split() does not split on, so words are str.split()'s words
_HEADING = re.compile(r"(#{1,6}) ")
_FENCES = ("```", "~~~")


_PLAIN = " \n#abcdefghijklmnopqrstuvwxyz"  # letters, spaces, line breaks and #s only


def chunk_markdown(doc: str, max_tokens: int) -> list[Chunk]:
    """Cut a Markdown document into chunks of at most `max_tokens` words that never cross a heading.

    Blocks are fenced code blocks, ATX headings (1 to 6 '#' and a space) and paragraphs;
    each heading starts a section. Inside a section the blocks are packed greedily (a
    chunk closes when it holds something and the next block would push its word count
    above max_tokens). A block larger than the budget is first cut into pieces: code at
    line boundaries (a line too long at word boundaries), anything else at word
    boundaries. Every chunk's text is exactly doc[start:end], from the start of its first
    block (or piece) to the end of its last, and its headings are the path of heading
    titles down to its section's heading. Line breaks are "\\n" and "\\r\\n".

    Raises TypeError when doc is not a str or max_tokens is not an int (bool included),
    and ValueError when max_tokens < 1.

    Time O(len(doc)): every character is looked at a constant number of times.
    """
    if not isinstance(doc, str):
        raise TypeError(f"doc must be a str, got a value of type {type(doc).__name__}")
    if not isinstance(max_tokens, int) or isinstance(max_tokens, bool):
        raise TypeError(f"max_tokens must be an int, got {max_tokens!r} of type {type(max_tokens).__name__}")
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")

    if doc.strip() and len(doc.split()) <= max_tokens and not doc.strip(_PLAIN) and not any(
            line.startswith("#") for line in doc.split("\n")):
        first = len(doc) - len(doc.lstrip(" \n"))
        start = doc.rfind("\n", 0, first) + 1  # the first non-blank line, from its first character
        last = len(doc.rstrip(" \n"))
        end = doc.find("\n", last) if "\n" in doc[last:] else len(doc)
        return [Chunk(doc[start:end], start, end, ())]
    lines = _lines(doc)
    chunks = []
    path: list[tuple[int, str]] = []  # (level, title) of the headings above the current section, shallowest first
    open_start = open_end = 0
    open_words = 0  # the open chunk's word count; 0 means no chunk is open (every unit has a word)

    def close() -> None:
        nonlocal open_words
        if open_words:
            titles = tuple(title for _, title in path)
            chunks.append(Chunk(doc[open_start:open_end], open_start, open_end, titles))
            open_words = 0

    for kind, first, last in _blocks(doc, lines):
        if kind == "heading":
            close()  # a chunk never spans two sections
            line = doc[lines[first][0]:lines[first][1]]
            heading = _HEADING.match(line)
            assert heading is not None  # _blocks found a heading on this line
            level = len(heading.group(1))
            # A heading of level L ends every section at level L or deeper.
            path = [entry for entry in path if entry[0] < level] + [(level, line[level:].strip())]
        for start, end, words in _units(doc, lines, kind, first, last, max_tokens):
            # Kata 02's rule: decide before adding; an exact fit stays.
            if open_words and len(doc[open_start:end].split()) > max_tokens:
                close()
            if not open_words:
                open_start = start
            open_end = end
            open_words += words
    close()
    return chunks


def _lines(doc: str) -> list[tuple[int, int]]:
    """(start, end) of every line, without its line break: "\\n", or "\\r\\n" as a whole."""
    lines = []
    start = 0
    for piece in doc.split("\n"):
        end = start + len(piece)
        has_break = end < len(doc)
        lines.append((start, end - 1 if has_break and piece.endswith("\r") else end))
        start = end + 1
    return lines


def _blocks(doc: str, lines: list[tuple[int, int]]) -> list[tuple[str, int, int]]:
    """(kind, first line, last line) of every block, in order; blank lines belong to none."""
    blocks = []
    i = 0
    while i < len(lines):
        start, end = lines[i]
        line = doc[start:end]
        if not line.strip():
            i += 1
        elif line[:3] in _FENCES:
            fence = line[:3]
            j = i + 1
            while j < len(lines) and not doc.startswith(fence, lines[j][0], lines[j][1]):
                j += 1
            if j == len(lines):
                # Unclosed: the block runs to the end of the document, but ends, like every
                # block, with a line that is not blank.
                j -= 1
                while not doc[lines[j][0]:lines[j][1]].strip():
                    j -= 1
            blocks.append(("code", i, j))
            i = j + 1
        elif _HEADING.match(line):
            blocks.append(("heading", i, i))
            i += 1
        else:
            j = i
            while j + 1 < len(lines) and _is_paragraph_line(doc[lines[j + 1][0]:lines[j + 1][1]]):
                j += 1
            blocks.append(("paragraph", i, j))
            i = j + 1
    return blocks


def _is_paragraph_line(line: str) -> bool:
    return bool(line.strip()) and line[:3] not in _FENCES and not _HEADING.match(line)


def _units(doc: str, lines: list[tuple[int, int]], kind: str, first: int, last: int,
           max_tokens: int) -> list[tuple[int, int, int]]:
    """What the packer adds: (start, end, words) of the whole block when it fits, else of its pieces."""
    start, end = lines[first][0], lines[last][1]
    count = len(doc[start:end].split())
    if count <= max_tokens:
        return [(start, end, count)]  # a block that fits is never cut
    if kind != "code":
        return _windows([match.span() for match in _WORD.finditer(doc, start, end)], max_tokens)
    pieces = []
    piece: list[tuple[int, int]] = []  # word spans of the open piece: whole lines that fit together
    for line_start, line_end in lines[first:last + 1]:
        words = [match.span() for match in _WORD.finditer(doc, line_start, line_end)]
        if len(words) > max_tokens:  # a line too long even alone: cut it at word boundaries
            pieces += _windows(piece, max_tokens) + _windows(words, max_tokens)
            piece = []
        elif len(piece) + len(words) > max_tokens:
            pieces += _windows(piece, max_tokens)
            piece = words
        else:
            piece += words
    return pieces + _windows(piece, max_tokens)


def _windows(spans: list[tuple[int, int]], size: int) -> list[tuple[int, int, int]]:
    """Consecutive runs of `size` word spans (the last may be shorter) as (first start, last end, words)."""
    return [(spans[k][0], spans[min(k + size, len(spans)) - 1][1], len(spans[k:k + size]))
            for k in range(0, len(spans), size)]
