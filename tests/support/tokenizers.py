"""Kata 06's tokenizers whose tokens depend on their neighbours: test doubles, not answers.

A section cut at a token boundary of the whole encoding may encode differently on its own; these
make that happen on purpose (a token that straddles two characters, a tail that splits or merges).
"""

from __future__ import annotations


class _ByteTokenizer:
    """Every byte of the UTF-8 text is one id (its value, 0 to 255), except where a subclass
    makes a longer token; decode joins the ids' bytes and turns bytes that do not form whole
    characters into U+FFFD, as the statement's tokenizers do. Decoding a whole encoding gives
    the text back."""

    def encode(self, text):
        data = text.encode("utf-8")
        return [self._id(token) for token in self._tokens(data)]

    def decode(self, ids):
        return b"".join(self._bytes(i) for i in ids).decode("utf-8", errors="replace")

    def _tokens(self, data):
        return [data[at : at + 1] for at in range(len(data))]

    def _id(self, token):
        return token[0] if len(token) == 1 else 256

    def _bytes(self, i):
        return bytes([i]) if i < 256 else self.TOKEN

    def __repr__(self):
        return f"{type(self).__name__}()"


class StraddlingTokenizer(_ByteTokenizer):
    """Bytes, one id each, except that the last byte of "é" and the first byte of the next "é"
    make one id, 256: a token that straddles two characters, as real byte-level BPE tokenizers have.

    "éé" is the bytes C3 A9 C3 A9, encoded [0xC3, 256, 0xA9]; "é" alone is [0xC3, 0xA9].
    """

    TOKEN = b"\xa9\xc3"

    def _tokens(self, data):
        tokens, at = [], 0
        while at < len(data):
            size = 2 if data[at : at + 2] == self.TOKEN else 1
            tokens.append(data[at : at + size])
            at += size
        return tokens


class TailSplittingTokenizer(_ByteTokenizer):
    """Bytes, one id each, except that "ab" is one id, 256, wherever more text follows it; at the
    very end of a text it is two ids, "a" and "b". So a text that ends in "ab" counts one id more
    alone than it took inside a longer text: a token's fate depends on what follows it, as in
    GPT-4's tokenizer, which splits a run of spaces one way before a word and another way at the
    end of a text.

    "xaby" is [0x78, 256, 0x79], but "xab" alone is [0x78, 0x61, 0x62].
    """

    TOKEN = b"ab"

    def _tokens(self, data):
        tokens, at = [], 0
        while at < len(data):
            size = 2 if data[at : at + 2] == self.TOKEN and at + 2 < len(data) else 1
            tokens.append(data[at : at + size])
            at += size
        return tokens


class TailMergingTokenizer(_ByteTokenizer):
    """Bytes, one id each, except that the last character of a text is always one id, however
    many bytes it has (256 + its code point): the converse of TailSplittingTokenizer, so a
    text can count fewer ids alone than it took inside a longer text.

    "xéy" is [0x78, 0xC3, 0xA9, 0x79], but "xé" alone is [0x78, 256 + 0xE9].
    """

    def _tokens(self, data):
        if not data:
            return []
        last = data.decode("utf-8")[-1].encode("utf-8")
        return super()._tokens(data[: -len(last)]) + [last]

    def _id(self, token):
        return token[0] if len(token) == 1 else 256 + ord(token.decode("utf-8"))

    def _bytes(self, i):
        return bytes([i]) if i < 256 else chr(i - 256).encode("utf-8")
