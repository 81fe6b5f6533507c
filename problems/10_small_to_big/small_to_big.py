"""Kata 10: small-to-big context. Read README.md beside this file, then write assemble_context."""

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Span:
    """A stretch of the document handed to the model: doc[start:end], inside parent `parent`;
    `rank` is the position in hits of the best hit that brought it in. Provided: keep it."""

    start: int
    end: int
    parent: int
    rank: int


def assemble_context(doc: str, hits: Sequence[int], children: Sequence[tuple[int, int, int]],
                     parents: Sequence[tuple[int, int]], window: int = 1, merge_ratio: float = 0.5,
                     max_tokens: int = 512) -> list[Span]:
    """The spans of the document to give the model for these hits, best first, within a budget.

    - parents[p] = (start, end), in document order; children[i] = (parent, start, end), the
      children of a parent consecutive, in order, inside it. hits are child indices, best
      first, and may repeat: a child's rank is the position of its first hit.
    - For each parent with hits: if (distinct hit children) / (its children) >= merge_ratio,
      the whole parent is one span. Otherwise each hit child widens to the children from
      i - window to i + window, cut at the parent's first and last child; runs of the same
      parent that overlap or are adjacent merge; a run spans its first child's start to its
      last child's end. A span's rank is the best rank of the hits that brought it in.
    - Take the spans in rank order while their words (len(doc[start:end].split()), on the
      span itself) fit max_tokens in total; a span that does not fit is skipped and the next
      one tried.
    - Errors (TypeError for types, ValueError for values), checked in the order doc,
      parents, children, hits, window, merge_ratio (0 < merge_ratio <= 1), max_tokens (>= 1),
      each item whole before the next; a bool is refused wherever a number is asked for;
      messages name the argument, as children[1], and the value. See README.md.
    - Time: the hits and the words of the spans considered, after one pass over the
      parents and children to check them.
    """
    raise NotImplementedError
