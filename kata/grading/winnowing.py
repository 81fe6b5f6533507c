"""Fingerprints of Python source that survive disguise: normalised tokens, winnowed (Schleimer, Wilkerson, Aiken 2003).

As MOSS and JPlag do, the source is read as tokens, never run: the tokens of its canonical form
(kata.grading.canonical), each put in a normal form that a disguise does not change: every name the code
defines becomes N (names of Python's builtins, keywords and attributes stay, since renaming those changes
what the code does), every number 0, every string S; comments, docstrings, blank lines and layout are
dropped. The hashes of every K consecutive normal tokens are winnowed: in each window of W hashes the
smallest is kept (the rightmost, if tied). Two texts that share a run of K + W - 1 normal tokens are sure
to share a kept hash, and runs shorter than K are never counted; the order of the functions does not
matter, since a fingerprint is a set of hashes.
"""

from __future__ import annotations

import ast
import builtins
import hashlib
import io
import keyword
import tokenize
from dataclasses import dataclass, field

from kata.grading.canonical import canonical_tokens

K = 12  # normal tokens per k-gram: shorter shared runs are noise (a signature, a `for x in range(len(y)):`)
W = 6  # k-grams per window: every shared run of K + W - 1 tokens is found
MAX_SOURCE_CHARACTERS = 200_000  # a kata's solution takes a few thousand; the rest is not read

_KEPT_NAMES = frozenset(dir(builtins)) | frozenset(keyword.kwlist) | frozenset(keyword.softkwlist)
# The first and last token of an f-string (and a t-string), on Pythons that split them into tokens (3.12 on): such
# a string is one string S on every Python, as Python 3.11 reads it, so that no score depends on the Python.
_F_STRING_STARTS = frozenset(
    getattr(tokenize, name) for name in ("FSTRING_START", "TSTRING_START") if hasattr(tokenize, name)
)
_F_STRING_ENDS = frozenset(
    getattr(tokenize, name) for name in ("FSTRING_END", "TSTRING_END") if hasattr(tokenize, name)
)
_DROPPED = frozenset({tokenize.COMMENT, tokenize.NL, tokenize.ENCODING, tokenize.ENDMARKER, tokenize.TYPE_COMMENT})


@dataclass(frozen=True)
class Token:
    text: str  # the normal form
    line: int  # where it starts in the source


@dataclass
class Fingerprint:
    """A source's winnowed hashes, each with the source lines of the k-gram it was kept for."""

    tokens: list[Token]
    hashes: dict[int, list[tuple[int, int]]] = field(default_factory=dict)  # hash -> [(first line, last line)]

    def without(self, base: Fingerprint) -> Fingerprint:
        """This fingerprint less every hash of `base` (the stub: code every student starts from)."""
        return Fingerprint(self.tokens, {h: lines for h, lines in self.hashes.items() if h not in base.hashes})


def normal_tokens(source: str) -> list[Token]:
    """The tokens of the source's canonical form (kata.grading.canonical: statements that do nothing left out,
    comparisons facing one way, independent statements in one order), each in its normal form, with its line
    in the source. A source that does not parse is read as tokens as it is: those before an error count."""
    source = source[:MAX_SOURCE_CHARACTERS]
    canonical = canonical_tokens(source, _normal_text)
    return _normal_tokens(canonical if canonical is not None else _tokens_as_written(source))


def _tokens_as_written(source: str) -> list[tuple[tokenize.TokenInfo, int]]:
    """The source's tokens without its docstrings, each with its line, as far as they read."""
    docstrings = _docstring_lines(source)
    tokens: list[tuple[tokenize.TokenInfo, int]] = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if not (token.type == tokenize.STRING and token.start[0] in docstrings):
                tokens.append((token, token.start[0]))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        pass  # what was read before the error still counts
    return tokens


def _normal_tokens(tokens: list[tuple[tokenize.TokenInfo, int]]) -> list[Token]:
    normal: list[Token] = []
    after_dot = False
    in_f_string = 0  # how deep in f-strings: from Python 3.12 their pieces are tokens, read here as one string
    for token, line in tokens:
        if token.type in _F_STRING_STARTS:
            in_f_string += 1
            if in_f_string == 1:
                normal.append(Token("S", line))
            continue
        if token.type in _F_STRING_ENDS:
            in_f_string -= 1
            continue
        if in_f_string or token.type in _DROPPED:
            continue
        normal.append(Token(_normal(token, after_dot), line))
        after_dot = token.type == tokenize.OP and token.string == "."
    return normal


def _normal_text(text: str) -> str:
    """A statement's text in normal form, by which independent statements are put in order."""
    try:
        return " ".join(token.text for token in _normal_tokens(_tokens_as_written(text)))
    except RecursionError:
        return text


def fingerprint(source: str, k: int = K, w: int = W) -> Fingerprint:
    tokens = normal_tokens(source)
    grams = [
        (_hash(" ".join(token.text for token in tokens[at : at + k])), tokens[at].line, tokens[at + k - 1].line)
        for at in range(len(tokens) - k + 1)
    ]
    kept: dict[int, list[tuple[int, int]]] = {}
    for start in range(max(len(grams) - w + 1, 1 if grams else 0)):
        window = grams[start : start + w]
        smallest = min(range(len(window)), key=lambda index: (window[index][0], -index))
        value, first, last = window[smallest]
        if (first, last) not in kept.setdefault(value, []):
            kept[value].append((first, last))
    return Fingerprint(tokens, kept)


def similarity(one: Fingerprint, other: Fingerprint) -> float:
    """The share of the smaller fingerprint's hashes that the other has too: 1.0 when one holds the other."""
    smaller = min(len(one.hashes), len(other.hashes))
    return len(one.hashes.keys() & other.hashes.keys()) / smaller if smaller else 0.0


def shared_regions(one: Fingerprint, other: Fingerprint) -> list[dict[str, list[int]]]:
    """The lines of each source where their shared hashes lie: [{"a": [first, last], "b": [first, last]}], merged
    where a region touches the one before it on both sides."""
    pairs = sorted(
        (a, b)
        for value in one.hashes.keys() & other.hashes.keys()
        for a, b in zip(one.hashes[value][:1], other.hashes[value][:1])
    )
    regions: list[dict[str, list[int]]] = []
    for a, b in pairs:
        if regions and _touches(regions[-1]["a"], a) and _touches(regions[-1]["b"], b):
            regions[-1]["a"][1] = max(regions[-1]["a"][1], a[1])
            regions[-1]["b"] = [min(regions[-1]["b"][0], b[0]), max(regions[-1]["b"][1], b[1])]
        else:
            regions.append({"a": list(a), "b": list(b)})
    return regions


def _touches(region: list[int], lines: tuple[int, int]) -> bool:
    return lines[0] <= region[1] + 1 and lines[1] >= region[0] - 1


def _normal(token: tokenize.TokenInfo, after_dot: bool) -> str:
    if token.type == tokenize.NAME:
        return token.string if after_dot or token.string in _KEPT_NAMES else "N"
    if token.type == tokenize.NUMBER:
        return "0"
    if token.type == tokenize.STRING:
        return "S"
    if token.type == tokenize.INDENT:
        return "{"
    if token.type == tokenize.DEDENT:
        return "}"
    if token.type == tokenize.NEWLINE:
        return ";"
    return token.string


def _docstring_lines(source: str) -> set[int]:
    """The first line of every docstring (of the module, a class or a function): their tokens are dropped."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return set()
    lines = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                lines.add(first.lineno)
    return lines


def _hash(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")
