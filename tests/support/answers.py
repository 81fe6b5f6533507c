"""Helpers that several test files share to read an implementation's answer before checking it."""

from __future__ import annotations

import copy
import dataclasses
import math

from kata.judging.checks import check_returns, expect
from kata.judging.vocabulary import SHOWN_BESIDE, counted, show


def windowed(fixed_windows, tokens, *sizes):
    """Call fixed_windows and require its answer's shape: a list of lists of the input's tokens.

    A property is then computed on plain lists, so an answer of another type (or one whose
    == answers anything) fails here, in plain words, and not in the property's own code.
    The input must come back as it went in: a property computed from a changed input would
    call a right answer wrong.
    """
    windows = answer_leaving_the_input_as_it_was(fixed_windows, tokens, *sizes)
    expect(
        type(windows) is list
        and all(type(window) is list and all(type(token) in (str, int) for token in window) for window in windows),
        "a list of lists of the input's tokens",
    )
    return windows


def packed(pack, sizes, max_tokens):
    """Call a packing function and require the shape of its answer, so that the properties can read it.

    The sizes must come back as they went in: a property computed from changed sizes would
    call a right answer wrong, or fail in its own code.
    """
    return _chunks_of_indices(answer_leaving_the_input_as_it_was(pack, sizes, max_tokens), len(sizes))


def indexed(count, function, *args):
    """Call a chunker whose answer is chunks of sentence indices, and require exactly that shape."""
    return _chunks_of_indices(answer_leaving_the_input_as_it_was(function, *args), count)


def answer_leaving_the_input_as_it_was(function, *args):
    """Call the function and require every list it was given to come back as it went in.

    The properties compute what they expect from the input after the call: from a changed
    input they would call a right answer wrong, or fail in their own code. So a change is
    reported as what it is.
    """
    before = [copy.deepcopy(arg) if type(arg) is list else None for arg in args]
    answer = function(*args)
    for arg, was in zip(args, before):
        if was is not None:
            expect(
                type(arg) is list and arg == was,
                "the input list to be left as it was",
                details=f"It changed the list {show(was, SHOWN_BESIDE)} it was given to {show(arg, SHOWN_BESIDE)}.",
            )
    return answer


def _chunks_of_indices(chunks, count):
    expect(
        type(chunks) is list
        and all(type(chunk) is list for chunk in chunks)
        and all(type(index) is int and 0 <= index < count for chunk in chunks for index in chunk),
        f"a list of lists of sentence indices (ints from 0 to {count - 1})" if count else "[]",
    )
    return chunks


def totals(chunks, sizes):
    return [sum(sizes[index] for index in chunk) for chunk in chunks]


CHUNK_FIELDS = ("text", "start", "end", "headings")


def as_tuples(chunks):
    """Markdown chunks as (text, start, end, headings) tuples, whichever module's Chunk class made them."""
    if type(chunks) is not list:
        return chunks
    return [
        tuple(getattr(chunk, name) for name in CHUNK_FIELDS)
        if all(hasattr(chunk, name) for name in CHUNK_FIELDS)
        else chunk
        for chunk in chunks
    ]


def check_chunks(chunk_markdown, doc, max_tokens, *, expected, why=""):
    """check_returns on the chunks as tuples: the message restates the call and shows both lists."""
    note = "Chunks are shown as (text, start, end, headings) tuples."
    check_returns(
        lambda *args: as_tuples(chunk_markdown(*args)),
        doc,
        max_tokens,
        expected=expected,
        why=f"{why} {note}" if why else note,
    )


def strings(function, *args):
    """Call a chunker whose answer is a list of str, and require exactly that shape before a property reads it."""
    chunks = answer_leaving_the_input_as_it_was(function, *args)
    expect(type(chunks) is list and all(type(chunk) is str for chunk in chunks), "a list of str")
    return chunks


def carried_past(chunks: list[str], overlap_tokens: int) -> str:
    """Each chunk that begins with more than `overlap_tokens` words ending the chunk before it, in words ("" if
    none): the carry, where the text's words are all distinct."""
    said = ""
    for index, (before, after) in enumerate(zip(chunks, chunks[1:]), start=1):
        ended, begun = before.split(), after.split()
        carried = max(n for n in range(min(len(ended), len(begun)) + 1) if ended[len(ended) - n :] == begun[:n])
        if carried > overlap_tokens:
            said += f"Chunk {index} begins with the last {carried} words of chunk {index - 1}. "
    return said.strip()


def differs(got, expected: list) -> str:
    """Where a long answer first differs from the expected one, in a sentence: for a guard's report."""
    if got == expected:
        return ""
    if not isinstance(got, list):
        return f"It returned {show(got)}, not a list."
    first = next((index for index, (mine, theirs) in enumerate(zip(got, expected)) if mine != theirs), None)
    if first is None:
        return (
            f"It made {counted(len(got), 'item')} where {counted(len(expected), 'item')} "
            f"{'was' if len(expected) == 1 else 'were'} expected."
        )
    return f"Item {first} is {show(got[first], SHOWN_BESIDE)}; expected {show(expected[first], SHOWN_BESIDE)}."


def is_exactly(got, expected: list) -> bool:
    """got == expected, read strictly first: a list, and each item, at every depth, of the expected item's own
    type (never a subclass, nor an object whose == says yes to anything, nor 1.0 for 1). Fast enough for a
    guard's large answers."""
    return _same_shape(got, expected) and got == expected


def _same_shape(got, expected) -> bool:
    """The same types as expected, into every list and tuple."""
    if type(got) is not type(expected):
        return False
    if type(expected) in (list, tuple):
        if len(got) != len(expected):
            return False
        kinds = set(map(type, expected))
        if len(kinds) == 1 and not kinds & {list, tuple}:  # items of one plain type: their types read in C
            return set(map(type, got)) <= kinds
        return all(map(_same_shape, got, expected))
    return True


def scored(bm25_scores, query, chunks, *args):
    """Call bm25_scores and require one float per chunk (an int 0 is not a float score)."""
    scores = answer_leaving_the_input_as_it_was(bm25_scores, query, chunks, *args)
    expect(
        type(scores) is list and len(scores) == len(chunks) and all(type(score) is float for score in scores),
        f"a list of {counted(len(chunks), 'float')}, one score per chunk",
    )
    return scores


def close_scores(got, expected) -> bool:
    """Scores equal up to the rounding of a different order of additions (relative 1e-9)."""
    return len(got) == len(expected) and all(
        math.isclose(g, e, rel_tol=1e-9, abs_tol=1e-12) for g, e in zip(got, expected)
    )


def ranked(top_k, query, chunks, k, *args):
    """Call top_k and require distinct chunk indices, at most k of them."""
    order = answer_leaving_the_input_as_it_was(top_k, query, chunks, k, *args)
    expect(
        type(order) is list
        and all(type(index) is int and 0 <= index < len(chunks) for index in order)
        and len(set(order)) == len(order)
        and len(order) <= k,
        f"a list of at most {k} distinct chunk indices (ints from 0 to {len(chunks) - 1})" if chunks else "[]",
    )
    return order


SPAN_FIELDS = ("start", "end", "parent", "rank")


def spans_of(assemble_context, *args):
    """Call assemble_context and require a list of Span records (a dataclass named Span whose
    four fields are ints); returns them as (start, end, parent, rank) tuples."""
    spans = answer_leaving_the_input_as_it_was(assemble_context, *args)
    expect(
        type(spans) is list
        and all(
            type(span).__name__ == "Span"
            and dataclasses.is_dataclass(span)
            and tuple(field.name for field in dataclasses.fields(span)) == SPAN_FIELDS
            and all(type(getattr(span, name)) is int for name in SPAN_FIELDS)
            for span in spans
        ),
        "a list of Span(start, end, parent, rank) records, each field an int",
    )
    return [tuple(getattr(span, name) for name in SPAN_FIELDS) for span in spans]


def as_span_tuples(spans):
    """A list of Span records (a dataclass named Span whose four fields are ints, as spans_of requires) as
    (start, end, parent, rank) tuples, or None for any other answer: spans_of's reading, without its check
    of the input, for a guard's large answer."""
    if type(spans) is not list or not all(
        kind.__name__ == "Span"
        and dataclasses.is_dataclass(kind)
        and tuple(field.name for field in dataclasses.fields(kind)) == SPAN_FIELDS
        for kind in {type(span) for span in spans}
    ):  # each class once: a guard's answer has thousands
        return None
    tuples = [tuple(getattr(span, name) for name in SPAN_FIELDS) for span in spans]
    return tuples if all(type(value) is int for values in tuples for value in values) else None


def span_records(assemble_context, *args):
    """Call assemble_context as spans_of does (the input left as it was, a list of Span records) and return
    the records themselves, for a test of what a record is."""
    spans = answer_leaving_the_input_as_it_was(assemble_context, *args)
    expect(as_span_tuples(spans) is not None, "a list of Span(start, end, parent, rank) records, each field an int")
    return spans
