"""How each kata's input and answer become chunks to draw (`kata viz`).

Two kinds of picture. A text kata (03, 06, 07, 08) is drawn over its source text: each chunk
is a span of characters, found where the kata gives no offsets. A kata whose input is tokens
or sizes (01, 02, 04, 05) is drawn as a strip of blocks per chunk, one block per token or
sentence, to scale against the budget. Answers are read strictly (exact types, valid
indices) before they are drawn: a list that is not one is a wrong answer, not a picture. The retrieval
katas (09, 10) are drawn by kata.drawing.retrieval; kata.drawing.kinds names each kind.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kata.katas.toy_embedder import toy_embed
from kata.katas.toy_tokenizer import ToyTokenizer

if TYPE_CHECKING:
    from kata.katas import Drawn

MOST_CHUNKS = 20_000  # an answer with more is not drawn: the page would be too large to read
SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\s*\n\s*\n\s*")  # after . ! ? and whitespace, or at a blank line
WORD = re.compile(r"\S+")


class NotChunks(ValueError):
    """An answer that is not the kata's chunks; the message says what it is instead."""


@dataclass(frozen=True)
class DrawnChunk:
    tokens: int
    span: tuple[int, int] | None  # where it lies: characters of the text, or units of the input; None: not found
    text: str = ""  # the chunk's text, for a text kata
    blocks: tuple[int, ...] = ()  # the sizes of its units, for a strip
    repeated: int = 0  # how many of its first blocks repeat the chunk before it
    note: str = ""  # what else the row says (kata 07's headings)


@dataclass(frozen=True)
class Input:
    """The arguments of one call, and the text they were made from, when there is one."""

    arguments: dict[str, Any]
    described: str  # the input in words: "the sample document", "the statement's example 2 (line 100)"
    text: str | None = None
    expected: str | None = None  # what the statement shows the call gives, for one of its examples as written


@dataclass(frozen=True)
class Units:
    """The input of a kata drawn as blocks: each unit's size, and its words where it has them."""

    sizes: list[int]
    labels: list[str]
    name: str  # "token" or "sentence"


@dataclass(frozen=True)
class Question:
    """One question of a recall measurement (kata 09): which chunks it retrieved, and whether one held its evidence."""

    text: str
    evidence: tuple[int, int]
    retrieved: tuple[int, ...]
    answered: bool


@dataclass
class Picture:
    """What a kata's answer looks like: its chunks, and the keys two answers are compared on."""

    chunks: list[DrawnChunk] = field(default_factory=list)
    keys: list[object] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)  # kata 09: compared on these, not the chunks
    recall: float | None = None


def sentences_of(text: str) -> list[str]:
    return [sentence for sentence in SENTENCE_END.split(text) if sentence.strip()]


def words_in(text: str) -> int:
    return len(text.split())


class Drawing:
    """A kind of drawing, made for one kata from its record: its function, its budget's name, how to read
    its answers."""

    reads_files = True  # False: a file alone is not its input (it draws a statement example, or its labelled set)

    def __init__(self, drawn: Drawn) -> None:
        self.function = drawn.function
        self.helpers = drawn.helpers  # other functions of the same implementation that the drawing calls
        self.budget = drawn.budget
        self.overlap = drawn.overlap
        self.default_example = drawn.default_example
        self.default_budget = drawn.default_budget
        self.default_overlap = drawn.default_overlap

    def from_text(self, text: str, budget: int, overlap: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def call(
        self, function: Callable[..., Any], arguments: dict[str, Any], helpers: dict[str, Callable[..., Any]]
    ) -> Any:
        """Call the function (the arguments are the caller's fresh copies); an answer that is an
        iterator is read here, under the caller's limits."""
        return function(**arguments)

    def source(self, given: Input) -> str | Units:
        raise NotImplementedError

    def picture(self, answer: Any, given: Input, source: str | Units) -> Picture:
        raise NotImplementedError

    def tokens_of(self, given: Input, text: str) -> int:
        return words_in(text)


def list_of(answer: Any, item: type, what: str) -> list:
    """The answer if it is a list whose items are all of exactly this type; NotChunks otherwise."""
    if type(answer) is not list:
        raise NotChunks(f"it returned {_kind(answer)}, not a list of {what}")
    if len(answer) > MOST_CHUNKS:
        raise NotChunks(f"it returned {len(answer):,} chunks, more than the {MOST_CHUNKS:,} a page can draw")
    for index, value in enumerate(answer):
        if type(value) is not item:
            raise NotChunks(f"chunk {index} is {_kind(value)}, not {item.__name__}")
    return answer


def _chunks_of_indices(answer: Any, count: int, what: str) -> list[list[int]]:
    """The answer if it is a list of lists of indices from 0 to count - 1 (of `what`); NotChunks otherwise."""
    chunks = list_of(answer, list, f"lists of indices of {what}")
    for index, chunk in enumerate(chunks):
        for position, value in enumerate(chunk):
            if type(value) is not int or not 0 <= value < count:
                raise NotChunks(
                    f"chunk {index} holds {value!r} at position {position}, not the index of one of the {count} {what}"
                )
    return chunks


def _run_of(chunk: list[int]) -> tuple[int, int] | None:
    """(first, last + 1) when the indices are consecutive, in order; None otherwise."""
    if chunk and chunk == list(range(chunk[0], chunk[0] + len(chunk))):
        return chunk[0], chunk[-1] + 1
    return None


def text_argument(given: Input, name: str) -> str:
    value = given.arguments.get(name)
    return value if isinstance(value, str) else ""


def _kind(value: object) -> str:
    name = type(value).__name__
    return f"an {name}" if name[:1] in "aeiouAEIOU" else f"a {name}"


# Blocks: tokens (kata 01) and sizes (katas 02, 04, 05) -------------------------------------


class Blocks(Drawing):
    unit = "sentence"

    def from_text(self, text: str, budget: int, overlap: int | None) -> dict[str, Any]:
        return {"sizes": [words_in(sentence) for sentence in sentences_of(text)], "max_tokens": budget}

    def source(self, given: Input) -> Units:
        sizes = given.arguments.get("sizes")
        if not isinstance(sizes, (list, tuple)) or not all(type(size) is int for size in sizes):
            return Units([], [], self.unit)
        labels = sentences_of(given.text) if given.text is not None else []
        if len(labels) != len(sizes):
            labels = [f"{size} tokens" for size in sizes]
        return Units(list(sizes), labels, self.unit)

    def picture(self, answer: Any, given: Input, source: str | Units) -> Picture:
        assert isinstance(source, Units)
        drawn = Picture()
        previous: set[int] = set()
        for chunk in _chunks_of_indices(answer, len(source.sizes), "sizes"):
            span = _run_of(chunk)
            blocks = tuple(source.sizes[value] for value in chunk)
            repeated = next((position for position, value in enumerate(chunk) if value not in previous), len(chunk))
            drawn.chunks.append(DrawnChunk(sum(blocks), span, blocks=blocks, repeated=repeated))
            drawn.keys.append(tuple(chunk))
            previous = set(chunk)
        return drawn


class FixedWindows(Blocks):
    unit = "token"

    def from_text(self, text: str, budget: int, overlap: int | None) -> dict[str, Any]:
        assert self.budget is not None and self.overlap is not None  # a kata of windows has both
        return {
            "tokens": text.split(),
            self.budget: budget,
            self.overlap: self.default_overlap if overlap is None else overlap,
        }

    def source(self, given: Input) -> Units:
        tokens = given.arguments.get("tokens")
        if not isinstance(tokens, (list, tuple, str)):
            return Units([], [], self.unit)
        return Units([1] * len(tokens), [str(token) for token in tokens], self.unit)

    def picture(self, answer: Any, given: Input, source: str | Units) -> Picture:
        assert isinstance(source, Units)
        tokens = list(given.arguments.get("tokens") or [])
        drawn, previous = Picture(), None
        finder = _SequenceFinder(tokens)
        for chunk in list_of(answer, list, "lists of tokens"):
            start = finder.find(chunk, previous[0] if previous else 0)
            span = None if start is None else (start, start + len(chunk))
            repeated = max(0, previous[1] - span[0]) if span and previous else 0
            drawn.chunks.append(
                DrawnChunk(
                    len(chunk),
                    span,
                    text=" ".join(map(str, chunk)),
                    blocks=(1,) * len(chunk),
                    repeated=min(repeated, len(chunk)),
                )
            )
            drawn.keys.append(tuple(chunk))
            previous = span or previous
        return drawn


class IterPack(Blocks):
    def call(
        self, function: Callable[..., Any], arguments: dict[str, Any], helpers: dict[str, Callable[..., Any]]
    ) -> Any:
        fresh = dict(arguments, sizes=iter(list(arguments["sizes"])))
        answer = function(**fresh)
        if not isinstance(answer, Iterator):
            raise NotChunks(f"it returned {_kind(answer)}, not an iterator of chunks")
        return list(itertools.islice(answer, MOST_CHUNKS + 1))


class _SequenceFinder:
    """Finds a run of items (a chunk) in a sequence, at or after a position, by its first item."""

    def __init__(self, items: list) -> None:
        self.items = items
        self.positions: dict[object, list[int]] = defaultdict(list)
        for position, item in enumerate(items):
            try:
                self.positions[item].append(position)
            except TypeError:  # an unhashable token: such chunks are not found
                pass

    def find(self, run: list, at: int) -> int | None:
        if not run:
            return None
        try:
            candidates = self.positions.get(run[0], [])
        except TypeError:
            return None
        first = bisect.bisect_left(candidates, at)
        for position in candidates[first : first + 64]:  # a wrong chunk must not cost a scan of the input
            if self.items[position : position + len(run)] == run:
                return position
        return None


# Text: katas 03, 06, 07, 08 -----------------------------------------------------------------


class _TextFinder:
    """Finds a chunk in its source text: as it is, or word for word where the chunk joined its
    sentences with other whitespace (kata 03)."""

    def __init__(self, text: str) -> None:
        self.text = text
        matches = list(WORD.finditer(text))
        self.words = _SequenceFinder([match.group() for match in matches])
        self.starts = [match.start() for match in matches]
        self.ends = [match.end() for match in matches]

    def find(self, chunk: str, at: int) -> tuple[int, int] | None:
        if not chunk:
            return None
        start = self.text.find(chunk, at, at + 4 * len(chunk) + 4096)
        if start >= 0:
            return start, start + len(chunk)
        words = chunk.split()
        first = self.words.find(words, bisect.bisect_left(self.starts, at))
        if first is None:
            return None
        return self.starts[first], self.ends[first + len(words) - 1]


class TextChunks(Drawing):
    """A kata whose chunks are strings of its source text."""

    def picture(self, answer: Any, given: Input, source: str | Units) -> Picture:
        assert isinstance(source, str)
        drawn, finder, at = Picture(), _TextFinder(source), 0
        for chunk in list_of(answer, str, "str"):
            span = finder.find(chunk, at)
            drawn.chunks.append(DrawnChunk(self.tokens_of(given, chunk), span, text=chunk))
            drawn.keys.append(chunk)
            at = span[0] if span else at
        return drawn


class ChunkText(TextChunks):
    def from_text(self, text: str, budget: int, overlap: int | None) -> dict[str, Any]:
        overlapping = {self.overlap: self.default_overlap if overlap is None else overlap} if self.overlap else {}
        return {"text": text, **({self.budget: budget} if self.budget else {}), **overlapping}

    def source(self, given: Input) -> str:
        return text_argument(given, "text")


class ChunkSections(TextChunks):
    def from_text(self, text: str, budget: int, overlap: int | None) -> dict[str, Any]:
        return {"sections": text.split("\n\n"), "max_tokens": budget, "tokenizer": ToyTokenizer(), "separator": "\n\n"}

    def source(self, given: Input) -> str:
        sections, separator = given.arguments.get("sections"), given.arguments.get("separator", "\n")
        if not isinstance(sections, (list, tuple)) or not isinstance(separator, str):
            return ""
        return separator.join(section for section in sections if isinstance(section, str))

    def tokens_of(self, given: Input, text: str) -> int:
        try:
            return len(given.arguments["tokenizer"].encode(text))
        except Exception:  # a tokenizer that fails on a chunk: the row shows no count rather than none at all
            return 0


class ChunkMarkdown(Drawing):
    def from_text(self, text: str, budget: int, overlap: int | None) -> dict[str, Any]:
        return {"doc": text, "max_tokens": budget}

    def source(self, given: Input) -> str:
        return text_argument(given, "doc")

    def picture(self, answer: Any, given: Input, source: str | Units) -> Picture:
        assert isinstance(source, str)
        if type(answer) is not list:
            raise NotChunks(f"it returned {_kind(answer)}, not a list of Chunk")
        list_of(answer, type(answer[0]) if answer else object, "Chunk")
        drawn, finder, at = Picture(), _TextFinder(source), 0
        for index, chunk in enumerate(answer):
            text, start, end, headings = (getattr(chunk, name, None) for name in ("text", "start", "end", "headings"))
            if (
                type(chunk).__name__ != "Chunk"
                or type(text) is not str
                or type(start) is not int
                or type(end) is not int
                or type(headings) is not tuple
                or not all(type(title) is str for title in headings)
            ):
                raise NotChunks(
                    f"chunk {index} is {chunk!r}, not a Chunk(text: str, start: int, end: int, headings: tuple of str)"
                )
            at_offsets = 0 <= start <= end <= len(source) and source[start:end] == text
            span = (start, end) if at_offsets else finder.find(text, at)
            note = " > ".join(headings) if headings else "(no heading)"
            if not at_offsets:
                note += f"; its offsets {start} to {end} do not hold its text"
            drawn.chunks.append(DrawnChunk(words_in(text), span, text=text, note=note))
            drawn.keys.append((text, start, end, headings))
            at = span[0] if span else at
        return drawn


class SemanticChunks(Drawing):
    def from_text(self, text: str, budget: int, overlap: int | None) -> dict[str, Any]:
        return {"sentences": sentences_of(text), "embed": toy_embed, "threshold": 0.2, "max_tokens": budget}

    def source(self, given: Input) -> str:
        sentences = given.arguments.get("sentences")
        if not isinstance(sentences, (list, tuple)) or not all(isinstance(s, str) for s in sentences):
            return ""
        return given.text if given.text is not None else " ".join(sentences)

    def picture(self, answer: Any, given: Input, source: str | Units) -> Picture:
        assert isinstance(source, str)
        sentences = list(given.arguments.get("sentences") or [])
        spans, at = [], 0
        for sentence in sentences:  # each sentence where it is in the text, in order
            start = source.find(sentence, at)
            spans.append((start, start + len(sentence)) if start >= 0 else None)
            at = start + len(sentence) if start >= 0 else at
        drawn = Picture()
        for chunk in _chunks_of_indices(answer, len(sentences), "sentences"):
            run = _run_of(chunk)
            first, last = (spans[run[0]], spans[run[1] - 1]) if run else (None, None)
            span = (first[0], last[1]) if first and last else None
            text = " ".join(sentences[value] for value in chunk)
            drawn.chunks.append(
                DrawnChunk(
                    sum(words_in(sentences[value]) for value in chunk),
                    span,
                    text=text,
                    note=f"sentences {chunk[0]} to {chunk[-1]}" if chunk else "no sentence",
                )
            )
            drawn.keys.append(tuple(chunk))
        return drawn
