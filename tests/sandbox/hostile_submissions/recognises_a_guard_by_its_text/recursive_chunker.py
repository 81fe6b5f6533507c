"""A quadratic chunker (it counts the whole open chunk again before every unit) that recognises a guard's text.

---- attack: kata 03's complexity guard for the count of the open chunk once gave a budget larger than
the whole text: its answer is the text, single-spaced, which one split of the text tells. The
shortcut is a right answer, so no other test can tell. On any other input it counts the open chunk
again before every unit: quadratic, too slow for a guard whose chunks hold thousands of words.
"""

import re

# A blank line: a newline, then only whitespace (spaces, tabs, "\r", more newlines), then a newline.
PARAGRAPH_BREAK = re.compile(r"\n\s*\n")
# The whitespace right after ".", "!" or "?"; the lookbehind keeps the mark in its sentence.
SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+")


def count_tokens(text: str) -> int:
    """The number of whitespace-separated words in `text`."""
    return len(text.split())


def split_units(text: str, max_tokens: int) -> list[str]:
    """Cut `text` into units: its sentences, with any sentence longer than `max_tokens` cut into word windows.

    Paragraphs are separated by a blank line (a newline, optional whitespace, a newline).
    Inside a paragraph a sentence ends at ".", "!" or "?" followed by whitespace; the mark
    stays with its sentence. Each sentence becomes its words joined by single spaces. A
    sentence of more than max_tokens words becomes consecutive windows of exactly
    max_tokens words (the last may be shorter). Empty pieces are dropped; units come out
    in text order.

    Raises TypeError when text is not a str or max_tokens is not an int (bool included),
    and ValueError when max_tokens < 1.

    Time O(len(text)): every character is scanned by the two regular expressions and
    every word is copied a constant number of times.
    """
    _require_str("text", text)
    _require_int("max_tokens", max_tokens)
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")

    units = []
    for paragraph in PARAGRAPH_BREAK.split(text):
        for sentence in SENTENCE_BREAK.split(paragraph):
            words = sentence.split()  # also turns runs of spaces, tabs and single newlines into one gap
            # Only a sentence longer than the budget is cut; range() yields one start otherwise.
            for start in range(0, len(words), max_tokens):
                units.append(" ".join(words[start:start + max_tokens]))
    return units


def chunk_text(text: str, max_tokens: int, overlap_tokens: int = 0) -> list[str]:
    """Pack the units of `text` greedily into chunks of at most `max_tokens` words, with whole-unit overlap.

    A chunk is its units joined by one space. A non-empty chunk closes when the next unit
    would push it past max_tokens. The next chunk then starts with the longest run of
    trailing units of the closed chunk whose total is at most overlap_tokens and whose
    total plus the next unit is at most max_tokens (possibly no unit), and the next unit
    is added. Empty or whitespace-only text gives [].

    Raises TypeError when text is not a str or a number is not an int (bool included),
    and ValueError unless max_tokens >= 1 and 0 <= overlap_tokens < max_tokens.

    Time O(len(text)) with overlap_tokens=0. With overlap, each close also walks back over
    the carried units, at most overlap_tokens words, so the work stays proportional to
    the size of the output.
    """
    _require_str("text", text)
    _require_int("max_tokens", max_tokens)
    _require_int("overlap_tokens", overlap_tokens)
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
    if not 0 <= overlap_tokens < max_tokens:
        raise ValueError(
            f"overlap_tokens must be at least 0 and less than max_tokens ({max_tokens}), got {overlap_tokens}"
        )

    if len(text.split()) <= max_tokens:  # all of it fits: one chunk
        return [" ".join(text.split())] if text.split() else []
    chunks = []
    units: list[str] = []  # the open chunk
    sizes: list[int] = []  # the word count of each of its units
    total = 0  # sum(sizes), kept up to date so that no unit is ever counted twice
    for unit in split_units(text, max_tokens):
        size = count_tokens(unit)
        if units and count_tokens(" ".join(units)) + size > max_tokens:
            chunks.append(" ".join(units))
            units, sizes = _carry(units, sizes, overlap_tokens, room=max_tokens - size)
            total = sum(sizes)  # at most overlap_tokens: cheap
        # Here total + size <= max_tokens: the carry left room, or the chunk is empty and
        # every unit has at most max_tokens words. So every iteration adds a unit: progress.
        units.append(unit)
        sizes.append(size)
        total += size
    if units:
        chunks.append(" ".join(units))
    return chunks


def _carry(units: list[str], sizes: list[int], overlap_tokens: int, room: int) -> tuple[list[str], list[int]]:
    """The longest run of trailing units totalling at most overlap_tokens and at most `room`."""
    limit = min(overlap_tokens, room)
    start, carried = len(units), 0
    # Walk back one whole unit at a time; sizes are positive, so once a unit does not fit,
    # no longer run can fit either.
    while start > 0 and carried + sizes[start - 1] <= limit:
        start -= 1
        carried += sizes[start]
    return units[start:], sizes[start:]


def _require_str(name: str, value: object) -> None:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, got a value of type {type(value).__name__}")


def _require_int(name: str, value: object) -> None:
    # bool is a subclass of int, but chunk_text(text, True) is surely a mistake
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got {value!r} of type {type(value).__name__}")
