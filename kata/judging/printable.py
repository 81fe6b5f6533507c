"""Text from anyone (a submission's words, a student's folder name) made safe to print: a report
or a table must not let it redraw a teacher's terminal, read otherwise than it is written, or pass
one name off as another.
"""

from __future__ import annotations

import re
import unicodedata

# Control characters but tab and newline, and the marks that reorder text (bidirectional
# controls): a submission's words may carry them to redraw a teacher's terminal, or to make
# a report read otherwise than it is written.
_NOT_PRINTABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """The text without control characters (tab and newline stay) or bidirectional controls, and
    with a '?' for each lone surrogate, which no UTF-8 file or terminal can hold."""
    return _NOT_PRINTABLE.sub("", text).encode("utf-8", "replace").decode("utf-8")


# What visible() shows as an escape: control and format characters (zero-width spaces and joiners,
# bidirectional controls, a byte-order mark, a soft hyphen), line and paragraph separators, any space
# but the plain one, private, unassigned and lone surrogate code points: all that a name could hide.
_INVISIBLE_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp", "Zs"}
# Letters, marks and symbols that show as nothing, or as a blank, wherever they stand: the combining
# grapheme joiner, the variation selectors, Mongolian's free variation selectors, Khmer's inherent
# vowels, the Hangul fillers and the blank braille pattern.
_BLANK_CHARACTERS = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2800\u3164\ufe00-\ufe0f\uffa0\U000e0100-\U000e01ef]"
)
_COMBINING = {"Mn", "Me"}  # a mark drawn on the character before it: with no visible one, it shows as nothing


def _shown_as_itself(character: str) -> bool:
    return character == " " or unicodedata.category(character) not in _INVISIBLE_CATEGORIES


def _escaped(character: str) -> str:
    """The character as Python writes it escaped (\\x1b, \\n, \\u034f), a plain space as \\x20."""
    escaped = character.encode("unicode_escape").decode("ascii")
    return escaped if escaped != character else f"\\x{ord(character):02x}"


def visible(text: str) -> str:
    """The text on one line, each character that shows as nothing or as another shown as its escape
    (\\x1b, \\u202e, \\u200b, \\n): for a name, which must stay as distinct as the names it was made from.

    Escaped too: a blank letter or mark (\\u034f, \\u3164, \\u2800), a combining mark with no visible
    character before it to be drawn on, and a space at either end or after another space (\\x20).
    """
    shown: list[str] = []
    base_visible = False  # whether the character before was shown as itself, and not as a blank
    for index, character in enumerate(text):
        blank_space = character == " " and (index in (0, len(text) - 1) or text[index - 1] == " ")
        combining = unicodedata.category(character) in _COMBINING
        hidden = (
            not _shown_as_itself(character)
            or blank_space
            or _BLANK_CHARACTERS.match(character) is not None
            or (combining and not base_visible)
        )
        shown.append(_escaped(character) if hidden else character)
        base_visible = not hidden and character != " "
    return "".join(shown)


def one_line(text: str) -> str:
    """The printable text on one line: each line break becomes ' / '."""
    return " / ".join(line for line in printable(text.replace("\r", "\n")).splitlines() if line.strip())
