"""Kata 03: recursive sentence-aware chunker with whole-sentence overlap.

Read README.md beside this file, then write split_units() and chunk_text().
count_tokens() is provided and ready to use.
"""


def count_tokens(text: str) -> int:
    """The number of whitespace-separated words in `text` (provided: nothing to write here)."""
    return len(text.split())


def split_units(text: str, max_tokens: int) -> list[str]:
    """Cut `text` into units: its sentences, with a sentence longer than `max_tokens` cut into word windows.

    - Paragraphs are separated by a blank line: a newline, optional whitespace, a newline.
      A paragraph break always ends a unit.
    - Inside a paragraph, a sentence ends at ".", "!" or "?" followed by whitespace; the
      mark stays with its sentence. "3.14" and "notes.txt" end nothing; a single newline
      is plain whitespace.
    - Each sentence becomes its words joined by single spaces.
    - A sentence of more than max_tokens words becomes consecutive windows of exactly
      max_tokens words from its first word (the last may be shorter); shorter sentences
      are never cut.
    - Empty pieces are dropped; units come out in text order. Empty or whitespace-only text gives [].
    - Raises TypeError when text is not a str or max_tokens is not an int (bool is not
      accepted; an IntEnum member is an int), and ValueError when max_tokens < 1, naming
      the parameter and its value.
    - Time proportional to the length of the text.

    >>> split_units("Pi is 3.14 today.\\nSee notes.txt\\nand the\\tlog.\\n \\t\\nNo full stop here", 10)
    ['Pi is 3.14 today.', 'See notes.txt and the log.', 'No full stop here']
    """
    raise NotImplementedError


def chunk_text(text: str, max_tokens: int, overlap_tokens: int = 0) -> list[str]:
    """Pack the units of `text` greedily into chunks of at most `max_tokens` words, overlapping by whole units.

    - The units are split_units(text, max_tokens). A chunk is its units joined by one space.
    - Add units while they fit; close a non-empty chunk when the next unit would push it
      past max_tokens (a unit that fills it exactly stays in it).
    - The next chunk starts with the longest run of trailing whole units of the closed
      chunk whose total is at most overlap_tokens and whose total plus the next unit is at
      most max_tokens (possibly no unit); then the next unit is added.
    - The open chunk left at the end is the last chunk. Empty or whitespace-only text gives [].
    - overlap_tokens defaults to 0 and may be passed by name.
    - Raises TypeError when text is not a str or a number is not an int (bool is not
      accepted; an IntEnum member is an int), and ValueError unless max_tokens >= 1 and
      0 <= overlap_tokens < max_tokens, naming the parameter and its value. All are
      checked, text's type first, before the text's content is looked at (empty text does
      not excuse a bad number).
    - Time proportional to the length of the text with overlap_tokens=0.

    >>> chunk_text("Cats purr. Dogs bark. Birds sing at dawn. Fish swim.", 6, 4)
    ['Cats purr. Dogs bark.', 'Dogs bark. Birds sing at dawn.', 'Birds sing at dawn. Fish swim.']
    """
    raise NotImplementedError
