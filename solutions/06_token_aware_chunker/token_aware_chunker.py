"""Kata 06, reference solution: token-aware chunker that measures with the model's tokenizer."""

from collections.abc import Sequence
from typing import Protocol


class Tokenizer(Protocol):
    """What chunk_sections uses of a tokenizer; the toy tokenizer and tiktoken's encodings have it.

    Both methods take their argument by position (the `/`), so its name does not matter.
    """

    def encode(self, text: str, /) -> list[int]: ...

    def decode(self, ids: list[int], /) -> str: ...


REPLACEMENT = "\ufffd"  # what decode() gives for bytes that do not form whole characters


def chunk_sections(sections: Sequence[str], max_tokens: int, tokenizer: Tokenizer, separator: str = "\n") -> list[str]:
    """Pack whole sections into chunks of at most `max_tokens` tokens, as `tokenizer` counts them.

    The count of a text is len(tokenizer.encode(text)). Sections are taken in order; empty
    ones are skipped. A section that fits alone joins the open chunk when
    open + separator + section still counts at most max_tokens; otherwise the open chunk
    closes and the section starts the next one. A section that counts more than
    max_tokens alone closes the open chunk and is cut into pieces, each its own chunk:
    each piece is the longest prefix of the remaining token ids (at most max_tokens of
    them) whose decoded text is a whole-character prefix of the remaining text and counts
    at most max_tokens when encoded again. The pieces concatenate to the section.

    Raises TypeError when max_tokens is not an int (bool is refused; an IntEnum member is an
    int), when sections is not a list or a tuple, or when a section or the separator is not
    a str; ValueError when max_tokens < 1, when the separator alone counts max_tokens or
    more, or when one character alone counts more than max_tokens.

    Each section is encoded once for its own count, and each decision encodes the joined
    open chunk once: O(n * max_tokens) tokenizer work for n sections, linear in n.
    """
    if not isinstance(max_tokens, int) or isinstance(max_tokens, bool):
        raise TypeError(f"max_tokens must be an int, got {max_tokens!r} of type {type(max_tokens).__name__}")
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
    if not isinstance(separator, str):
        raise TypeError(f"separator must be a str, got {separator!r} of type {type(separator).__name__}")
    separator_count = len(tokenizer.encode(separator))
    if separator_count >= max_tokens:
        raise ValueError(
            f"separator must count fewer than max_tokens ({max_tokens}) tokens, "
            f"got {separator!r}, which counts {separator_count}"
        )

    if not isinstance(sections, (list, tuple)):  # a str would be packed as one section per character
        raise TypeError(f"sections must be a list or a tuple of str, not a {type(sections).__name__}")

    chunks = []
    open_chunk = None  # the text of the open chunk; None when no chunk is open
    for index, section in enumerate(sections):
        if not isinstance(section, str):
            raise TypeError(f"sections[{index}] must be a str, got {section!r} of type {type(section).__name__}")
        if not section:
            continue  # an empty section adds nothing but a separator
        ids = tokenizer.encode(section)  # the one encoding of this section on its own
        if len(ids) > max_tokens:
            if open_chunk is not None:
                chunks.append(open_chunk)
                open_chunk = None
            chunks.extend(_cut(section, ids, max_tokens, tokenizer, index))
            continue
        if open_chunk is not None:
            # Measure what will be shipped: the joined text can count more or fewer
            # tokens than its parts, because tokens form across the separator.
            joined = open_chunk + separator + section
            if len(tokenizer.encode(joined)) <= max_tokens:
                open_chunk = joined
                continue
            chunks.append(open_chunk)
        open_chunk = section
    if open_chunk is not None:
        chunks.append(open_chunk)  # the last chunk is still open when the sections run out
    return chunks


def _cut(section: str, ids: list[int], max_tokens: int, tokenizer: Tokenizer, index: int) -> list[str]:
    """The pieces of an oversized section, cut on token boundaries that fall between characters."""
    pieces = []
    offset = 0  # where the remaining text starts in `section`
    start = 0  # where the remaining ids start in `ids`; they decode to section[offset:]
    while offset < len(section):
        piece = None
        for size in range(min(max_tokens, len(ids) - start), 0, -1):  # longest first
            text = tokenizer.decode(ids[start : start + size])
            if (
                _whole_prefix(text, section, offset, tokenizer, ids, start + size)
                and len(tokenizer.encode(text)) <= max_tokens
            ):
                piece = text
                break
        if piece is None:
            # No token boundary fits: the first character alone takes more than max_tokens
            # ids, or a token straddles two characters. Cut that character on its own.
            char = section[offset]
            count = len(tokenizer.encode(char))
            if count > max_tokens:
                raise ValueError(
                    f"sections[{index}] has the character {char!r} at offset {offset}, which alone counts "
                    f"{count} tokens, more than max_tokens ({max_tokens}): it cannot be cut"
                )
            piece = char
            ids, start = tokenizer.encode(section[offset + 1 :]), 0  # the rare case: encode the rest again
        else:
            start += size
        pieces.append(piece)
        offset += len(piece)
    return pieces


def _whole_prefix(text: str, section: str, offset: int, tokenizer: Tokenizer, ids: list[int], end: int) -> bool:
    """Whether the decoded ids are exactly the next characters of the section.

    A cut inside a character decodes to a trailing U+FFFD, which no real text has there,
    unless the section holds U+FFFD itself at that place: only then is the rest decoded too,
    to tell the two apart.
    """
    if not section.startswith(text, offset):
        return False
    return not text.endswith(REPLACEMENT) or tokenizer.decode(ids[end:]) == section[offset + len(text) :]
