"""Kata 10: common mistakes, each a complete assemble_context() with one bug.

Run one against the tests with: pytest tests/10_small_to_big --impl=mistake:10:<id>
"""

from dataclasses import dataclass

from kata.runner.mistakes import Mistake


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    parent: int
    rank: int


def _check(doc, hits, children, parents, window, merge_ratio, max_tokens, bool_window=False):
    """The reference's checks and messages, so that each mistake below differs from it in one way only."""
    if not isinstance(doc, str):
        raise TypeError(f"doc must be a str, got a value of type {type(doc).__name__}")
    for name, items, size in (("parents", parents, 2), ("children", children, 3)):
        if not isinstance(items, (list, tuple)):
            raise TypeError(f"{name} must be a list or a tuple, got a value of type {type(items).__name__}")
        previous_parent, previous_end = -1, 0
        for index, item in enumerate(items):
            if not (isinstance(item, (tuple, list)) and len(item) == size
                    and all(isinstance(x, int) and not isinstance(x, bool) for x in item)):
                raise TypeError(f"{name}[{index}] must be a tuple of {size} ints, got {item!r}")
            if name == "parents":
                low, high = previous_end, len(doc)
            else:
                if not 0 <= item[0] < len(parents):
                    raise ValueError(f"children[{index}] names the parent {item[0]}, which does not exist")
                if item[0] < previous_parent:
                    raise ValueError(f"children[{index}] belongs to parent {item[0]}, after a child of parent "
                                     f"{previous_parent}")
                low, high = max(parents[item[0]][0], previous_end), parents[item[0]][1]
                previous_parent = item[0]
            start, end = item[-2:]
            if not low <= start < end <= high:
                raise ValueError(f"{name}[{index}] must have {low} <= start < end <= {high}, "
                                 f"got start {start} and end {end}")
            previous_end = end
    if not isinstance(hits, (list, tuple)):
        raise TypeError(f"hits must be a list or a tuple, got a value of type {type(hits).__name__}")
    for index, hit in enumerate(hits):
        if not isinstance(hit, int) or isinstance(hit, bool):
            raise TypeError(f"hits[{index}] must be an int, got {hit!r} of type {type(hit).__name__}")
        if not 0 <= hit < len(children):
            raise ValueError(f"hits[{index}] is {hit}, which is not a child (there are {len(children)} children)")
    if not isinstance(window, int) or (isinstance(window, bool) and not bool_window):
        raise TypeError(f"window must be an int, got {window!r} of type {type(window).__name__}")
    if window < 0:
        raise ValueError(f"window must be at least 0, got {window}")
    if not isinstance(merge_ratio, (int, float)) or isinstance(merge_ratio, bool):
        raise TypeError(f"merge_ratio must be an int or a float, got {merge_ratio!r}")
    if not 0 < merge_ratio <= 1:
        raise ValueError(f"merge_ratio must be above 0 and at most 1, got {merge_ratio}")
    if not isinstance(max_tokens, int) or isinstance(max_tokens, bool):
        raise TypeError(f"max_tokens must be an int, got {max_tokens!r} of type {type(max_tokens).__name__}")
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")


def _assemble(doc, hits, children, parents, window=1, merge_ratio=0.5, max_tokens=512, *, bool_window=False,
              last_rank=False, repeats_count=False, integer_ratio=False, parent_per_hit=False, no_merging=False,
              adjacent_apart=False, across_parents=False, merge_across_parents=False, one_short_at_the_end=False,
              by_position=False, stop_at_first_misfit=False, budget_before_merging=False, scan_per_hit=False):
    """The reference's assembly, with one switch per mistake (each False is the correct behaviour)."""
    _check(doc, hits, children, parents, window, merge_ratio, max_tokens, bool_window)
    first, count = [0] * len(parents), [0] * len(parents)
    if not scan_per_hit:
        for index, (parent, _, _) in enumerate(children):
            if count[parent] == 0:
                first[parent] = index
            count[parent] += 1
    rank = {}
    for position, child in enumerate(hits):
        if last_rank:
            rank[child] = position
        else:
            rank.setdefault(child, position)
    by_parent = {}
    for child in (hits if repeats_count else rank):
        by_parent.setdefault(children[child][0], []).append(child)
    spans, runs = [], []
    for parent, hit in by_parent.items():
        if scan_per_hit:  # finds the parent's children by a pass over all of them, for every hit parent
            own = [index for index, child in enumerate(children) if child[0] == parent]
            first[parent], count[parent] = own[0], len(own)
        ratio = len(hit) // count[parent] if integer_ratio else len(hit) / count[parent]
        if ratio >= merge_ratio:
            if parent_per_hit:
                spans += [Span(parents[parent][0], parents[parent][1], parent, rank[child]) for child in hit]
            else:
                spans.append(Span(parents[parent][0], parents[parent][1], parent, min(rank[c] for c in hit)))
            continue
        low_limit, high_limit = first[parent], first[parent] + count[parent] - 1
        if across_parents:
            low_limit, high_limit = 0, len(children) - 1
        if one_short_at_the_end:
            high_limit -= 1
        for child in dict.fromkeys(hit):
            runs.append((max(low_limit, child - window), max(min(high_limit, child + window), child),
                         rank[child], parent))
    if budget_before_merging:  # the budget on each window, before they merge
        kept, total = [], 0
        for run in sorted(runs, key=lambda run: run[2]):
            words = len(doc[children[run[0]][1]:children[run[1]][2]].split())
            if total + words <= max_tokens:
                kept.append(run)
                total += words
        runs, max_tokens = kept, float("inf")
    runs.sort(key=lambda run: (0 if merge_across_parents else run[3], run[0]))
    merged = []
    for low, high, run_rank, parent in runs:
        gap = 0 if adjacent_apart else 1
        same_group = merge_across_parents or (merged and merged[-1][3] == parent)
        if merged and same_group and not no_merging and low <= merged[-1][1] + gap:
            last = merged[-1]
            merged[-1] = (last[0], max(last[1], high), min(last[2], run_rank), last[3])
        else:
            merged.append((low, high, run_rank, parent))
    spans += [Span(children[low][1], children[high][2], parent, run_rank) for low, high, run_rank, parent in merged]
    chosen, total = [], 0
    for span in sorted(spans, key=lambda span: (span.start if by_position else span.rank)):
        words = len(doc[span.start:span.end].split())
        if total + words <= max_tokens:
            chosen.append(span)
            total += words
        elif stop_at_first_misfit:
            break
    return chosen


def _with(**switch):
    def assemble_context(doc, hits, children, parents, window=1, merge_ratio=0.5, max_tokens=512):
        return _assemble(doc, hits, children, parents, window, merge_ratio, max_tokens, **switch)
    return staticmethod(assemble_context)


class SendsTheParentOncePerHit(Mistake):
    """Adds the whole parent for every hit child of a merged parent, so the same section goes to
    the model twice or more: hits [3, 4] with merge_ratio 0.5 give parent 1 twice."""

    id = "sends_the_parent_once_per_hit"
    title = "A merged parent sent once per hit child"
    hint = "A merged parent is one span, with the best rank of its hits."
    assemble_context = _with(parent_per_hit=True)


class KeepsOverlappingWindowsApart(Mistake):
    """Never merges the windows of one parent: two hits a sentence apart give two overlapping
    spans, and the sentences between them twice."""

    id = "keeps_overlapping_windows_apart"
    title = "Overlapping windows sent as separate spans"
    hint = "Sort a parent's runs of children by their first child and merge those that overlap or are adjacent."
    assemble_context = _with(no_merging=True)


class KeepsAdjacentWindowsApart(Mistake):
    """Merges windows only when they share a child: children 3-4 and 5-6 stay two spans,
    though together they are one stretch of the parent."""

    id = "keeps_adjacent_windows_apart"
    title = "Adjacent windows (one ending right before the other starts) not merged"
    hint = "Two runs merge when the next one starts at or before the last child of the other plus one."
    assemble_context = _with(adjacent_apart=True)


class WidensAcrossParents(Mistake):
    """Cuts windows at the first and last child of the whole document instead of the parent:
    child 2's window of 1 runs into child 3, the museum section's first sentence."""

    id = "widens_across_parents"
    title = "A window that runs into the next parent"
    hint = "Cut each window at its own parent's first and last child."
    assemble_context = _with(across_parents=True)


class MergesRunsOfDifferentParents(Mistake):
    """Merges runs that are adjacent in the children's list even when they belong to two
    parents, making one span across a section boundary."""

    id = "merges_runs_of_different_parents"
    title = "Runs of two parents merged into one span"
    hint = "Merge runs within one parent only: a span never crosses a section boundary."
    assemble_context = _with(merge_across_parents=True)


class WindowOneShortAtTheEnd(Mistake):
    """Cuts a window one child before the parent's last child, so a hit on a parent's last child
    is widened backwards only, and a window never reaches the end of a section."""

    id = "window_one_short_at_the_end"
    title = "Windows stop one child before the end of their parent"
    hint = "The parent's last child is first + count - 1, and a window may reach it."
    assemble_context = _with(one_short_at_the_end=True)


class OrdersByPosition(Mistake):
    """Sorts the spans by their place in the document instead of their rank, so the best
    passage may come last, and the budget keeps the first sections rather than the best."""

    id = "orders_by_position"
    title = "Spans ordered by document position instead of by rank"
    hint = "Sort the spans by the rank of their best hit: the model reads the best first, and the budget keeps it."
    assemble_context = _with(by_position=True)


class StopsAtTheFirstSpanThatDoesNotFit(Mistake):
    """Stops taking spans at the first one over the budget, though a smaller one after it would fit."""

    id = "stops_at_the_first_span_that_does_not_fit"
    title = "Stops at the first span that does not fit the budget"
    hint = "Skip a span that does not fit and try the next one: a smaller span further down may fit."
    assemble_context = _with(stop_at_first_misfit=True)


class AppliesTheBudgetBeforeMerging(Mistake):
    """Counts the budget on every window before merging them, so words shared by overlapping
    windows are counted twice, and a window that fits after merging is dropped."""

    id = "applies_the_budget_before_merging"
    title = "The budget counted on the windows before they merge"
    hint = "Merge first, then count each final span's words once."
    assemble_context = _with(budget_before_merging=True)


class DividesTheRatioAsIntegers(Mistake):
    """Computes hit_children // parent_children, which is 0 until every child is hit: only a
    fully hit parent ever merges."""

    id = "divides_the_ratio_as_integers"
    title = "The merge ratio computed with integer division"
    hint = "hit_children / parent_children is a float division: 2 / 4 is 0.5, 2 // 4 is 0."
    assemble_context = _with(integer_ratio=True)


class CountsRepeatedHitsTowardsTheRatio(Mistake):
    """Counts every hit of a parent towards the merge ratio, so a child hit three times looks
    like three of the parent's children."""

    id = "counts_repeated_hits_towards_the_ratio"
    title = "A child hit several times counted several times towards the merge ratio"
    hint = "The ratio counts distinct hit children: deduplicate the hits first."
    assemble_context = _with(repeats_count=True)


class RanksByTheLastHit(Mistake):
    """Records a child's rank at every hit, so a child hit first and again later gets the rank
    of its last hit."""

    id = "ranks_by_the_last_hit"
    title = "A child's rank taken from its last hit instead of its first"
    hint = "A child's rank is the position of its first hit: keep the first, ignore the repeats."
    assemble_context = _with(last_rank=True)


class FindsAParentsChildrenByScanningThemAll(Mistake):
    """Finds a hit parent's children with a pass over every child, once per hit parent: right,
    but 5,000 hit parents times 50,000 children is 250 million steps."""

    id = "finds_a_parents_children_by_scanning_them_all"
    title = "A pass over all the children for every hit parent"
    hint = ("Find each parent's first child and count of children once, in one pass before the hits: "
            "the children of a parent are consecutive.")
    assemble_context = _with(scan_per_hit=True)


class AcceptsABoolWindow(Mistake):
    """Checks window with isinstance(window, int), which True passes: window=True acts as 1."""

    id = "accepts_a_bool_window"
    title = "window=True accepted as 1"
    hint = "bool is a subclass of int: refuse it explicitly (isinstance(window, bool))."
    assemble_context = _with(bool_window=True)
