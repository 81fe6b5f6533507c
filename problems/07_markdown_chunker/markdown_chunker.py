"""Kata 07: structure-aware Markdown chunker. Read README.md beside this file, then write the function."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Chunk:
    """One chunk: its text, exactly doc[start:end], and the heading titles above it, from the top down."""

    text: str
    start: int
    end: int
    headings: tuple[str, ...]


def chunk_markdown(doc: str, max_tokens: int) -> list[Chunk]:
    """Cut a Markdown document into chunks of at most `max_tokens` words, cut along its structure.

    - Tokens are whitespace-separated words (str.split()). Line breaks are "\\n" and "\\r\\n",
      and nothing else: a "\\r" that no "\\n" follows is part of its line, and so are "\\f", "\\x85"
      and the other characters at which str.splitlines() breaks lines (do not use it).
    - Blocks: a fenced code block runs from a line starting with ``` or ~~~ (at its first
      character) to the next line starting with the same three characters, whatever follows
      them; one never closed makes the rest of the document code, and its block ends, as every
      block does, at a line that is not blank: the document's last such line. Outside code,
      a heading is a line of 1 to 6 '#' and a space (not a tab); a paragraph is a run of other
      non-blank lines. Blank lines belong to no block. A block runs from the first character of
      its first line to the end of its last line (no line break).
    - Sections: each heading starts a section (the heading and the blocks up to the next
      heading); text before the first heading is a section with no heading.
    - Packing: inside a section, blocks are packed greedily as in kata 02 (a chunk closes when
      it holds something and the next block would push its word count above max_tokens).
      A chunk never spans two sections.
    - A block of more than max_tokens words is cut first: a code block between lines, into runs
      of lines (as many as fit; a line too long alone into windows of max_tokens words; a run of
      blank lines alone makes no piece), a heading or paragraph into windows of max_tokens words.
      Every piece, code included, runs from its first word's start to its last word's end (no
      indentation, no trailing spaces or blank lines); the pieces are then packed like blocks.
      A block that fits is never cut.
    - Each Chunk has text == doc[start:end], from the start of its first block (or piece) to
      the end of its last, and headings = the titles (text after the '#'s, stripped) of the
      headings above it, from level 1 down to its own section's heading; a heading of level L
      replaces every entry of level L or deeper. Text before any heading has headings ().
    - An empty or blank document gives [].
    - Raises TypeError when doc is not a str or max_tokens is not an int (bool is not
      accepted; an IntEnum member is an int), and ValueError when max_tokens < 1; the message
      names the parameter and value.
    - Time proportional to len(doc).

    >>> chunk_markdown("# A\\n## B\\n### C\\nDeep.\\n## D\\nShallow again.", 50)[-1]
    Chunk(text='## D\\nShallow again.', start=21, end=40, headings=('A', 'D'))
    """
    raise NotImplementedError
