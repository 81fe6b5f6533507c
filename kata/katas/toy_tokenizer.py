"""A small byte-level BPE tokenizer for kata 06: pure Python, fixed merges, no downloads.

It has the interface of real tokenizers such as tiktoken's encodings:

    >>> from kata.katas.toy_tokenizer import ToyTokenizer
    >>> tokenizer = ToyTokenizer()
    >>> tokenizer.encode("the cat")
    [257, 262]
    >>> tokenizer.decode([257, 262])
    'the cat'

Like GPT-2's tokenizer it first splits the text into pre-tokens (a word with the one
space or newline before it, or a single whitespace character), then merges the UTF-8
bytes of each pre-token by the fixed merge list below, lowest rank first. Token ids 0 to
255 are the single bytes; id 256 + rank is the result of merge number `rank`.

The merges are chosen so that the effects a token-aware chunker must survive really
happen on short, readable inputs:

- a separator that merges with its neighbour: "\\nthe" is one token, as is "the", so
  joining with "\\n" costs nothing before "the";
- a word whose count grows when joined: "ice" is one token, but "\\nice" is three
  ("\\ni", "c", "e"), because the newline takes the "i" before "ic" can form;
- multi-byte characters that take several tokens: "é" is one token, "🦜" three
  (its first two bytes, then one byte each), "日" three (one per byte). A token that holds
  part of a character decodes to U+FFFD, the replacement character.
"""

from __future__ import annotations

import re
from itertools import chain
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

# A word with the one space or newline before it, or any single whitespace character.
_PRETOKEN = re.compile(r"[ \n]?[^\s]+|\s")

# The merges, lowest rank first; each joins two tokens (text, or raw bytes) into one.
_MERGES = (
    ("t", "h"),
    ("th", "e"),
    (" ", "the"),
    ("\n", "the"),
    ("a", "t"),
    ("c", "at"),
    (" ", "cat"),
    ("s", "at"),
    (" ", "sat"),
    ("m", "at"),
    (" ", "mat"),
    ("o", "n"),
    (" ", "on"),
    ("\n", "i"),  # before "ic": after a newline, "ice" cannot form
    ("i", "c"),
    ("ic", "e"),
    (" ", "ice"),
    ("i", "s"),
    (" ", "is"),
    ("t", "e"),
    ("te", "a"),
    (" ", "tea"),
    ("h", "o"),
    ("ho", "t"),
    (" ", "hot"),
    ("c", "o"),
    ("co", "l"),
    ("col", "d"),
    (" ", "cold"),
    (b"\xc3", b"\xa9"),  # "é" is one token
    ("c", "a"),
    ("ca", "f"),
    ("caf", "é"),
    (b"\xf0", b"\x9f"),  # most emoji: this token, then one token per remaining byte
    (b"\xef", b"\xbf"),
    (b"\xef\xbf", b"\xbd"),  # U+FFFD itself is one token
)


def _as_bytes(part: str | bytes) -> bytes:
    return part if isinstance(part, bytes) else part.encode("utf-8")


class _Cache(dict):
    """Remembers the ids of each pre-token, merging it the first time it is asked for."""

    def __init__(self, merge: Callable[[str], list[int]]) -> None:
        super().__init__()
        self._merge = merge

    def __missing__(self, piece: str) -> list[int]:
        ids = self[piece] = self._merge(piece)
        return ids


class ToyTokenizer:
    """encode(text) -> list[int] and decode(ids) -> str, deterministic, with fixed merges."""

    # Passed to isolated code, it is copied into the worker process (kata.sandbox) instead
    # of called back for every encode(): its answers depend on nothing but its input.
    copied_by_workers = True

    def __init__(self) -> None:
        self._ranks: dict[tuple[bytes, bytes], int] = {}
        self._bytes: list[bytes] = [bytes([value]) for value in range(256)]
        self._ids: dict[bytes, int] = {token: index for index, token in enumerate(self._bytes)}
        for left, right in ((_as_bytes(a), _as_bytes(b)) for a, b in _MERGES):
            self._ranks[(left, right)] = len(self._ranks)
            self._ids[left + right] = len(self._bytes)
            self._bytes.append(left + right)
        self._cache = _Cache(self._merge)  # pre-token -> its ids, as GPT-2's encoder keeps

    def encode(self, text: str) -> list[int]:
        """The token ids of `text`."""
        if not isinstance(text, str):
            raise TypeError(f"encode takes a str, got {text!r} of type {type(text).__name__}")
        return list(chain.from_iterable(map(self._cache.__getitem__, _PRETOKEN.findall(text))))

    def decode(self, ids: Iterable[int]) -> str:
        """The text of the token ids; bytes that do not form whole characters become U+FFFD."""
        table = self._bytes
        return b"".join([table[i] for i in ids]).decode("utf-8", errors="replace")

    def _merge(self, piece: str) -> list[int]:
        parts = [bytes([value]) for value in piece.encode("utf-8")]
        ranks = self._ranks
        while len(parts) > 1:
            pairs = [(ranks.get(pair, len(ranks)), at) for at, pair in enumerate(zip(parts, parts[1:]))]
            rank, at = min(pairs)
            if rank == len(ranks):
                break  # no pair left to merge
            parts[at : at + 2] = [parts[at] + parts[at + 1]]
        return [self._ids[part] for part in parts]

    def __repr__(self) -> str:
        return "ToyTokenizer()"

    def __deepcopy__(self, memo: dict[int, object]) -> ToyTokenizer:
        return self  # it never changes (its cache only remembers answers), so a copy is itself
