"""The guards' paces: plain linear passes over a guard's input, of the work any straightforward solution does.

A complexity guard times one of these on the very input it drew, on the clock of the code under
test (kata.judging.guards.paced), and gives the code ten times that: the limit follows from this
machine's speed on this input, not from a number of seconds measured elsewhere. A pace judges
nothing (each guard's expected answer comes from an oracle, tests/support/oracles.py, or from how its
input was built), so it may do what a reference does; what matters is that it costs about what a
right, linear solution costs on the same input, in the same kind of work (slicing, a loop in Python,
regular expressions over text), so that the ratio holds on any machine.
"""

from __future__ import annotations

import math
import re
from collections import Counter

from tests.support.oracles import greedy_chunks, small_to_big

SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
PARAGRAPH_BREAK = re.compile(r"\n\s*\n")
WORD = re.compile(r"\S+")
TERM = re.compile(r"[a-z0-9]+")


def checked(values: list, *, fields: int = 0) -> bool:
    """What a right solution does first, as the statements' TypeErrors require: every value (or each of its
    `fields`) checked to be an int."""
    items = values if not fields else (item for value in values for item in value)
    return all(isinstance(item, int) and not isinstance(item, bool) for item in items)


def windows(tokens: list, size: int, step: int) -> list[list]:
    """Kata 01's work: a slice of the tokens from every step, in a plain loop."""
    found = []
    for start in range(0, max(len(tokens) - size + step, 1), step):
        found.append(tokens[start : start + size])
    return found


def packing(sizes: list[int], budget: int) -> list[list[int]]:
    """Katas 02 and 04's work: the sizes checked, then packed greedily in one plain loop, a chunk at a time."""
    chunks: list[list[int]] = []
    chunk: list[int] = []
    total = 0
    for index, size in enumerate(sizes if checked(sizes) else []):
        if chunk and total + size > budget:
            chunks.append(chunk)
            chunk, total = [], 0
        chunk.append(index)
        total += size
    return chunks + [chunk] if chunk else chunks


def context(
    doc: str, hits: list[int], children: list, parents: list, window: int, merge_ratio: float, max_tokens: int
) -> list[tuple]:
    """Kata 10's work: every child's and parent's fields checked, then the spans of the plain oracle."""
    if not (checked(hits) and checked(children, fields=3) and checked(parents, fields=2)):
        return []
    return small_to_big(doc, hits, children, parents, window, merge_ratio, max_tokens)


def sentence_chunks(text: str, max_tokens: int) -> list[str]:
    """Kata 03's work: the text's sentences (windows of max_tokens words where longer), counted, packed greedily
    without overlap and joined."""
    units = [
        " ".join(words[start : start + max_tokens])
        for paragraph in PARAGRAPH_BREAK.split(text)
        for sentence in SENTENCE_END.split(paragraph)
        for words in [sentence.split()]
        for start in range(0, len(words), max_tokens)
    ]
    counts = [len(unit.split()) for unit in units]
    return [" ".join(units[index] for index in chunk) for chunk in greedy_chunks(counts, max_tokens)]


def word_spans(doc: str, max_tokens: int) -> list[tuple[str, int, int]]:
    """Kata 07's work: every line, and every word's place in the document, packed greedily into spans of the
    document."""
    spans, offset = [], 0
    for line in doc.splitlines(keepends=True):
        spans += [(offset + match.start(), offset + match.end()) for match in WORD.finditer(line)]
        offset += len(line)
    chunks = greedy_chunks([1] * len(spans), max_tokens)
    return [
        (doc[spans[chunk[0]][0] : spans[chunk[-1]][1]], spans[chunk[0]][0], spans[chunk[-1]][1]) for chunk in chunks
    ]


def smallest_budget(sizes: list[int], max_tokens: int) -> int:
    """Kata 05's work: a bisection over the budgets, each step one greedy count of the sizes in a plain loop."""

    def count(budget: int) -> int:
        chunks, total = 0, 0
        for size in sizes:
            if chunks == 0 or total + size > budget:
                chunks, total = chunks + 1, 0
            total += size
        return chunks

    target, low, high = count(max_tokens), 1, max_tokens
    while low < high:
        middle = (low + high) // 2
        low, high = (low, middle) if count(middle) == target else (middle + 1, high)
    return low


def similarity_chunks(
    vectors: list[list[float]], sizes: list[int], threshold: float, max_tokens: int
) -> list[list[int]]:
    """Kata 08's work: the cosine similarity of each pair of neighbours, then a greedy pass cut at low ones."""
    norms = [math.sqrt(sum(x * x for x in vector)) for vector in vectors]
    similar = [
        sum(map(float.__mul__, a, b)) / (norm_a * norm_b) >= threshold
        for a, b, norm_a, norm_b in zip(vectors, vectors[1:], norms, norms[1:])
    ]
    chunks: list[list[int]] = []
    total = 0
    for index, size in enumerate(sizes):
        if not chunks or (index and not similar[index - 1]) or total + size > max_tokens:
            chunks.append([])
            total = 0
        chunks[-1].append(index)
        total += size
    return chunks


def bm25_scores(query: str, chunks: list[str], k1: float = 1.5, b: float = 0.75) -> list[float]:
    """Kata 09's work: every chunk's words counted once, the document frequencies, then each chunk's score."""
    counts = [Counter(TERM.findall(chunk.lower())) for chunk in chunks]
    lengths = [sum(count.values()) for count in counts]
    average = sum(lengths) / len(chunks)
    asked = Counter(TERM.findall(query.lower()))  # a word the query repeats counts as often
    df = Counter(term for count in counts for term in count if term in asked)
    idf = {term: math.log(1 + (len(chunks) - df[term] + 0.5) / (df[term] + 0.5)) for term in asked}
    return [
        sum(
            asked[term] * idf[term] * f * (k1 + 1) / (f + k1 * (1 - b + b * length / average))
            for term, f in count.items()
            if term in asked
        )
        for count, length in zip(counts, lengths)
    ]


def swept_windows(hits: list[int], children: list, parents: list, window: int) -> list[tuple[int, int]]:
    """Kata 10's windows, the way a right solution keeps them: the fields checked, each parent's first child
    and child count found in one pass, each hit's window kept as its first and last child, the windows sorted
    and those that touch merged in one sweep: no window is walked child by child."""
    if not (checked(hits) and checked(children, fields=3) and checked(parents, fields=2)):
        return []
    first, count = [0] * len(parents), [0] * len(parents)
    for index, (parent, _, _) in enumerate(children):
        if count[parent] == 0:
            first[parent] = index
        count[parent] += 1
    ranges = sorted(
        (
            children[hit][0],
            max(first[children[hit][0]], hit - window),
            min(first[children[hit][0]] + count[children[hit][0]] - 1, hit + window),
        )
        for hit in set(hits)
    )
    merged: list[tuple[int, int]] = []
    for parent, low, high in ranges:
        if merged and low <= merged[-1][1] + 1 and children[merged[-1][0]][0] == parent:
            merged[-1] = (merged[-1][0], max(merged[-1][1], high))
        else:
            merged.append((low, high))
    return merged
