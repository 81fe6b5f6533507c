"""Helpers that several test files share to read an implementation's answer before checking it."""

from __future__ import annotations

from kata.judge import check_returns, expect


def packed(pack, sizes, max_tokens):
    """Call a packing function and require the shape of its answer, so that the properties can read it."""
    chunks = pack(sizes, max_tokens)
    expect(type(chunks) is list and all(type(chunk) is list for chunk in chunks)
           and all(type(index) is int and 0 <= index < len(sizes) for chunk in chunks for index in chunk),
           f"a list of lists of sentence indices (ints from 0 to {len(sizes) - 1})" if sizes else "[]")
    return chunks


def totals(chunks, sizes):
    return [sum(sizes[index] for index in chunk) for chunk in chunks]


CHUNK_FIELDS = ("text", "start", "end", "headings")


def as_tuples(chunks):
    """Markdown chunks as (text, start, end, headings) tuples, whichever module's Chunk class made them."""
    if type(chunks) is not list:
        return chunks
    return [tuple(getattr(chunk, name) for name in CHUNK_FIELDS) if all(hasattr(chunk, name) for name in CHUNK_FIELDS)
            else chunk for chunk in chunks]


def check_chunks(chunk_markdown, doc, max_tokens, *, expected, why=""):
    """check_returns on the chunks as tuples: the message restates the call and shows both lists."""
    note = "Chunks are shown as (text, start, end, headings) tuples."
    check_returns(lambda *args: as_tuples(chunk_markdown(*args)), doc, max_tokens,
                  expected=expected, why=f"{why} {note}" if why else note)
