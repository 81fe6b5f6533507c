"""How the retrieval katas' answers become pictures (`kata viz`): kata 09's recall over its labelled
document, with each question's retrieved chunks, and kata 10's context, the spans handed to the model.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kata.drawing.chunkings import (
    Drawing,
    DrawnChunk,
    Input,
    NotChunks,
    Picture,
    Question,
    Units,
    list_of,
    text_argument,
    words_in,
)

LABELLED_CHUNKING = "sentences (kata 03), 50 words"


class RecallAtK(Drawing):
    """Kata 09: the chunks of a recall measurement over their document, and for each question
    the chunks the implementation's own top_k retrieved, and whether one held the evidence."""

    reads_files = False  # a file has no questions

    def from_text(self, text: str, budget: int, overlap: int | None) -> dict[str, Any]:
        from kata.katas.labelled_set import chunkings, questions

        return {"doc": text, "spans": chunkings()[LABELLED_CHUNKING], "questions": questions(), "k": 3}

    def call(
        self, function: Callable[..., Any], arguments: dict[str, Any], helpers: dict[str, Callable[..., Any]]
    ) -> Any:
        recall = function(**arguments)
        doc, spans, k = arguments["doc"], arguments["spans"], arguments["k"]
        chunks = [doc[start:end] for start, end in spans]
        tops = [
            helpers["top_k"](text, chunks, k, arguments.get("k1", 1.5), arguments.get("b", 0.75))
            for text, _, _ in arguments["questions"]
        ]
        return recall, tops

    def source(self, given: Input) -> str:
        return text_argument(given, "doc")

    def picture(self, answer: Any, given: Input, source: str | Units) -> Picture:
        assert isinstance(source, str)
        recall, tops = answer
        spans, k = list(given.arguments["spans"]), given.arguments["k"]
        if type(recall) is not float or not 0.0 <= recall <= 1.0:
            raise NotChunks(f"recall_at_k returned {recall!r}, not a float from 0.0 to 1.0")
        drawn = Picture(recall=recall)
        for start, end in spans:
            drawn.chunks.append(DrawnChunk(words_in(source[start:end]), (start, end), text=source[start:end]))
        for (text, start, end), top in zip(given.arguments["questions"], tops):
            if type(top) is not list or len(top) > k or not all(type(i) is int and 0 <= i < len(spans) for i in top):
                raise NotChunks(f"top_k({text!r}, ...) returned {top!r}, not a list of at most {k} chunk indices")
            answered = any(spans[i][0] <= start and end <= spans[i][1] for i in top)
            drawn.questions.append(Question(text, (start, end), tuple(top), answered))
            drawn.keys.append(tuple(top))
        return drawn


class AssembleContext(Drawing):
    """Kata 10: the spans handed to the model, over their document, best first, against the budget."""

    reads_files = False  # a file has no children, parents or hits

    def source(self, given: Input) -> str:
        return text_argument(given, "doc")

    def picture(self, answer: Any, given: Input, source: str | Units) -> Picture:
        assert isinstance(source, str)
        fields = ("start", "end", "parent", "rank")
        drawn = Picture()
        for index, span in enumerate(list_of(answer, type(answer[0]) if answer else object, "Span")):
            values: list[int] = [value for name in fields if type(value := getattr(span, name, None)) is int]
            if (
                type(span).__name__ != "Span"
                or len(values) != len(fields)
                or not 0 <= values[0] < values[1] <= len(source)
            ):
                raise NotChunks(
                    f"span {index} is {span!r}, not a Span(start, end, parent, rank) of ints within the document"
                )
            start, end, parent, rank = values
            drawn.chunks.append(
                DrawnChunk(
                    words_in(source[start:end]),
                    (start, end),
                    text=source[start:end],
                    note=f"parent {parent}, rank {rank}",
                )
            )
            drawn.keys.append(tuple(values))
        return drawn
