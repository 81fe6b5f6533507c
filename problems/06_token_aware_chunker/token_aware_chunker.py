"""Kata 06: token-aware chunker. Read README.md beside this file, then write the function."""

from collections.abc import Sequence
from typing import Protocol


class Tokenizer(Protocol):
    """What chunk_sections uses of a tokenizer; the toy tokenizer and tiktoken's encodings have it.

    Both methods take their argument by position (the `/`), so its name does not matter.
    """

    def encode(self, text: str, /) -> list[int]: ...

    def decode(self, ids: list[int], /) -> str: ...


def chunk_sections(sections: Sequence[str], max_tokens: int, tokenizer: Tokenizer, separator: str = "\n") -> list[str]:
    """Pack whole sections into chunks of at most `max_tokens` tokens, as `tokenizer` counts them.

    - tokenizer has encode(text) -> list[int] and decode(ids) -> str (bytes that do not form
      whole characters decode to U+FFFD). The count of a text is len(tokenizer.encode(text)).
    - Sections are taken in order; empty sections ("") are skipped, but keep their index.
      A section that fits alone joins the open chunk when open + separator + section still
      counts at most max_tokens; otherwise the open chunk is closed and the section starts
      the next one.
    - A section that counts more than max_tokens alone closes the open chunk and is cut
      into pieces, each its own chunk, in order: encode the section once; each piece is the
      text of the longest run of the next ids, at most max_tokens of them, that ends between
      characters (its text is the next characters of the section; if it ends in U+FFFD, the
      ids after it decode to the rest) and whose text counts at most max_tokens when encoded
      again. When no run does, the next character is cut alone and the rest encoded again.
      The pieces concatenate exactly to the section.
    - Returns a list of str: no chunk is empty, every chunk counts at most max_tokens, and
      none holds U+FFFD unless the input did there. The input is never modified.
    - Raises TypeError when max_tokens is not an int (bool is not accepted; an IntEnum
      member is an int), sections is not a list or a tuple, or the separator or a section
      (named sections[i]) is not a str.
    - Raises ValueError when max_tokens < 1, when the separator alone counts max_tokens or
      more, or when one character alone counts more than max_tokens (the message names the
      section, the character and its offset in characters).
    - Encode the separator once, each section once, and each joined candidate once; no step
      may re-encode the whole input.

    >>> from kata.katas.toy_tokenizer import ToyTokenizer
    >>> chunk_sections(["the cat", "sat on", "the mat"], 4, ToyTokenizer())
    ['the cat', 'sat on\\nthe mat']
    """
    raise NotImplementedError
