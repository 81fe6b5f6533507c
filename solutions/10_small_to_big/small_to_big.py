"""Kata 10, reference solution: small-to-big context, from retrieved child chunks to the spans the model reads."""

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Span:
    """A stretch of the document handed to the model: doc[start:end], inside parent `parent`;
    `rank` is the position in hits of the best hit that brought it in."""

    start: int
    end: int
    parent: int
    rank: int


def assemble_context(
    doc: str,
    hits: Sequence[int],
    children: Sequence[tuple[int, int, int]],
    parents: Sequence[tuple[int, int]],
    window: int = 1,
    merge_ratio: float = 0.5,
    max_tokens: int = 512,
) -> list[Span]:
    """The spans of the document to give the model for these hits, best first, within a budget.

    children[i] = (parent, start, end); parents[p] = (start, end); hits are child indices,
    best first, and may repeat (a child's rank is the position of its first hit). A parent
    at least merge_ratio of whose distinct children were hit (hit / count >= merge_ratio)
    is used whole. Otherwise each hit child is widened by `window` children on each side,
    within its parent, and runs of children that overlap or are adjacent merge. Each span's
    rank is the best rank among the hits that brought it in. The spans are taken in rank
    order while their words (len(doc[start:end].split())) fit max_tokens in total; a span
    that does not fit is skipped and the next one tried.

    Raises TypeError or ValueError, checked in the order doc, parents, children, hits,
    window, merge_ratio, max_tokens (see README.md).

    Time O(P + C + H log H + W): P parents and C children checked once, H hits, and W the
    characters of the spans whose words are counted; nothing else of the document is read.
    """
    _check(doc, hits, children, parents, window, merge_ratio, max_tokens)
    first: list[int] = [0] * len(parents)  # the index of each parent's first child
    count: list[int] = [0] * len(parents)  # how many children each parent has
    for index, (parent, _, _) in enumerate(children):
        if count[parent] == 0:
            first[parent] = index
        count[parent] += 1

    rank: dict[int, int] = {}  # child -> the position of its first hit
    for position, child in enumerate(hits):
        rank.setdefault(child, position)
    by_parent: dict[int, list[int]] = {}  # parent -> its distinct hit children, in child order below
    for child in rank:
        by_parent.setdefault(children[child][0], []).append(child)

    spans = []
    for parent, hit in by_parent.items():
        best = min(rank[child] for child in hit)
        if len(hit) / count[parent] >= merge_ratio:  # auto-merging: enough of the parent was hit
            spans.append(Span(parents[parent][0], parents[parent][1], parent, best))
            continue
        # Each hit widened to a run of children [low, high], clamped to the parent's own children.
        last = first[parent] + count[parent] - 1
        runs = sorted((max(first[parent], child - window), min(last, child + window), rank[child]) for child in hit)
        low, high, run_rank = runs[0]
        for next_low, next_high, next_rank in runs[1:]:
            if next_low <= high + 1:  # overlapping or adjacent children: one run
                high, run_rank = max(high, next_high), min(run_rank, next_rank)
            else:
                spans.append(Span(children[low][1], children[high][2], parent, run_rank))
                low, high, run_rank = next_low, next_high, next_rank
        spans.append(Span(children[low][1], children[high][2], parent, run_rank))

    chosen, total = [], 0
    for span in sorted(spans, key=lambda span: span.rank):  # ranks are distinct: a child has one parent
        words = len(doc[span.start : span.end].split())
        if total + words <= max_tokens:  # a span that does not fit is skipped: a later one may
            chosen.append(span)
            total += words
    return chosen


def _check(
    doc: object,
    hits: object,
    children: object,
    parents: object,
    window: object,
    merge_ratio: object,
    max_tokens: object,
) -> None:
    if not isinstance(doc, str):
        raise TypeError(f"doc must be a str, got a value of type {type(doc).__name__}")
    _require_sequence("parents", parents)
    assert isinstance(parents, (list, tuple))
    previous_end = 0
    for index, parent in enumerate(parents):
        if not _is_a_tuple_of(parent, 2):
            raise TypeError(f"parents[{index}] must be a tuple (start, end) of two ints, got {parent!r}")
        start, end = parent
        if not previous_end <= start < end <= len(doc):
            raise ValueError(
                f"parents[{index}] must have {previous_end} <= start < end <= {len(doc)} (after the "
                f"parent before it, inside doc), got start {start} and end {end}"
            )
        previous_end = end
    _require_sequence("children", children)
    assert isinstance(children, (list, tuple))
    previous_parent, previous_end = -1, 0
    for index, child in enumerate(children):
        if not _is_a_tuple_of(child, 3):
            raise TypeError(f"children[{index}] must be a tuple (parent, start, end) of three ints, got {child!r}")
        parent, start, end = child
        if not 0 <= parent < len(parents):
            raise ValueError(
                f"children[{index}] names the parent {parent}, which does not exist (there are {len(parents)} parents)"
            )
        if parent < previous_parent:
            raise ValueError(
                f"children[{index}] belongs to parent {parent}, after a child of parent "
                f"{previous_parent}: the children of a parent must be consecutive, in parent order"
            )
        low, high = parents[parent]
        if parent == previous_parent:  # after the child before it, in the same parent
            low, where = previous_end, f"after the child before it, inside parent {parent}"
        else:  # its parent's first child: from its parent's start (the children before it end before that)
            where = f"the first child of parent {parent}, inside it"
        if not low <= start < end <= high:
            raise ValueError(
                f"children[{index}] must have {low} <= start < end <= {high} ({where}), got start {start} and end {end}"
            )
        previous_parent, previous_end = parent, end
    _require_sequence("hits", hits)
    assert isinstance(hits, (list, tuple))
    for index, hit in enumerate(hits):
        if not isinstance(hit, int) or isinstance(hit, bool):
            raise TypeError(f"hits[{index}] must be an int, got {hit!r} of type {type(hit).__name__}")
        if not 0 <= hit < len(children):
            raise ValueError(f"hits[{index}] is {hit}, which is not a child (there are {len(children)} children)")
    if not isinstance(window, int) or isinstance(window, bool):
        raise TypeError(f"window must be an int, got {window!r} of type {type(window).__name__}")
    if window < 0:
        raise ValueError(f"window must be at least 0, got {window}")
    if not isinstance(merge_ratio, (int, float)) or isinstance(merge_ratio, bool):
        raise TypeError(
            f"merge_ratio must be an int or a float, got {merge_ratio!r} of type {type(merge_ratio).__name__}"
        )
    if not 0 < merge_ratio <= 1:  # also refuses nan
        raise ValueError(f"merge_ratio must be above 0 and at most 1, got {merge_ratio}")
    if not isinstance(max_tokens, int) or isinstance(max_tokens, bool):
        raise TypeError(f"max_tokens must be an int, got {max_tokens!r} of type {type(max_tokens).__name__}")
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")


def _require_sequence(name: str, value: object) -> None:
    if not isinstance(value, (list, tuple)):
        raise TypeError(f"{name} must be a list or a tuple, got a value of type {type(value).__name__}")


def _is_a_tuple_of(value: object, length: int) -> bool:
    """A tuple or list of `length` ints (bool is not an int)."""
    return (
        isinstance(value, (tuple, list))
        and len(value) == length
        and all(isinstance(item, int) and not isinstance(item, bool) for item in value)
    )
