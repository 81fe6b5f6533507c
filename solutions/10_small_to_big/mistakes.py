"""Kata 10: common mistakes, each a complete assemble_context() with one bug.

Run one against the tests with: pytest tests/10_small_to_big --impl=mistake:10:<id>

Every mistake is the reference's checks and assembly with exactly one flaw, named by a
string: _check and _assemble below behave as the reference does when `flaw` is "".
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass

from kata.runner.mistakes import Mistake


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    parent: int
    rank: int


# The checks -----------------------------------------------------------------------------


def _is_an_int(value, flaw, bool_flaw):
    if flaw == "exact_int_type":  # refuses bool, but every other subclass of int too
        return type(value) is int
    return isinstance(value, int) and (
        flaw in (bool_flaw, "bools_everywhere", "bools_as_ints") or not isinstance(value, bool)
    )


def _name(name, index, flaw):
    return name if flaw == "no_index_for_a_malformed_item" else f"{name}[{index}]"


def _is_a_sequence(value, flaw):
    return isinstance(value, Sequence if flaw == "any_sequence" else (list, tuple))


def _got(value, flaw):
    return "" if flaw == "no_type_in_the_message" else f", got a value of type {type(value).__name__}"


def _check_doc(doc, flaw):
    if not isinstance(doc, str):
        raise TypeError(f"doc must be a str{_got(doc, flaw)}")


def _check_items(name, items, size, doc, parents, flaw):
    """The parents (size 2) or the children (size 3), each in turn: its type, then its values."""
    if not _is_a_sequence(items, flaw):
        raise TypeError(f"{name} must be a list or a tuple{_got(items, flaw)}")

    def check_type(index, item):
        if not (
            isinstance(item, (tuple, list))
            and len(item) == size
            and all(_is_an_int(x, flaw, "bool_in_an_item") for x in item)
        ):
            raise TypeError(f"{_name(name, index, flaw)} must be a tuple of {size} ints, got {item!r}")

    if flaw == "every_type_before_any_value":
        for index, item in enumerate(items):
            check_type(index, item)
    previous_parent, previous_end = -1, 0
    for index, item in enumerate(items):
        check_type(index, item)
        if flaw == "lists_into_tuples" and isinstance(item, list):  # one shape for the rest of the code
            items[index] = item = tuple(item)
        if name == "parents":
            low, high = (0 if flaw == "overlapping_parents" else previous_end), len(doc)
        else:
            parent = item[0]
            if not (parent < len(parents) if flaw == "negative_parent" else 0 <= parent < len(parents)):
                raise ValueError(f"children[{index}] names the parent {parent}, which does not exist")
            order_checked = parent, previous_parent
            if flaw != "offsets_before_parent_order":
                _check_parent_order(index, *order_checked)
            low, high = parents[parent]
            if flaw == "overlapping_children":
                pass  # only inside the parent
            elif flaw == "child_before_its_parent" or (flaw == "first_child_after_the_previous_child" and index > 0):
                low = previous_end  # the parent's start never, or only for child 0
            else:
                low = max(low, previous_end)
            previous_parent = parent
        start, end = item[-2:]
        empty_allowed = flaw == ("empty_parent" if name == "parents" else "empty_child")
        if not (low <= start <= end <= high if empty_allowed else low <= start < end <= high):
            raise ValueError(
                f"{name}[{index}] must have {low} <= start < end <= {high}, got start {start} and end {end}"
            )
        if name == "children" and flaw == "offsets_before_parent_order":
            _check_parent_order(index, *order_checked)
        previous_end = end


def _check_parent_order(index, parent, previous_parent):
    if parent < previous_parent:
        raise ValueError(f"children[{index}] belongs to parent {parent}, after a child of parent {previous_parent}")


def _check_hits(hits, children, flaw):
    if not _is_a_sequence(hits, flaw):
        raise TypeError(f"hits must be a list or a tuple{_got(hits, flaw)}")

    def check_type(index, hit):
        if not _is_an_int(hit, flaw, "bool_hit"):
            raise TypeError(f"hits[{index}] must be an int, got {hit!r} of type {type(hit).__name__}")

    def check_value(index, hit):
        if not (hit < len(children) if flaw == "negative_hit" else 0 <= hit < len(children)):
            raise ValueError(f"hits[{index}] is {hit}, which is not a child (there are {len(children)} children)")

    if flaw == "every_type_before_any_value":
        for index, hit in enumerate(hits):
            check_type(index, hit)
    for index, hit in enumerate(hits):
        if flaw == "hit_range_before_type":
            check_value(index, hit)
            check_type(index, hit)
        else:
            check_type(index, hit)
            check_value(index, hit)


def _check_numbers(window, merge_ratio, max_tokens, flaw):
    if not _is_an_int(window, flaw, "bool_window"):
        raise TypeError(f"window must be an int, got {window!r} of type {type(window).__name__}")
    if window < 0:
        raise ValueError(f"window must be at least 0, got {window}")
    if not isinstance(merge_ratio, (int, float)) or (
        isinstance(merge_ratio, bool) and flaw not in ("bool_ratio", "bools_everywhere")
    ):
        raise TypeError(f"merge_ratio must be an int or a float, got {merge_ratio!r}")
    if flaw == "nan_ratio":
        if merge_ratio <= 0 or merge_ratio > 1:  # nan compares False both ways, and passes
            raise ValueError(f"merge_ratio must be above 0 and at most 1, got {merge_ratio}")
    elif not 0 < merge_ratio <= 1:
        raise ValueError(f"merge_ratio must be above 0 and at most 1, got {merge_ratio}")
    if not _is_an_int(max_tokens, flaw, "bool_budget"):
        raise TypeError(f"max_tokens must be an int, got {max_tokens!r} of type {type(max_tokens).__name__}")
    if max_tokens < (0 if flaw == "budget_of_zero" else 1):
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")


def _check(doc, hits, children, parents, window, merge_ratio, max_tokens, flaw):
    """The reference's checks, in the statement's order (unless the flaw is the order itself)."""
    _check_doc(doc, flaw)
    if flaw == "signature_order":  # doc, hits, children, parents: the order of the arguments
        _check_hits(hits, children, flaw)
        _check_items("children", children, 3, doc, parents, flaw)
        _check_items("parents", parents, 2, doc, parents, flaw)
    else:
        _check_items("parents", parents, 2, doc, parents, flaw)
        _check_items("children", children, 3, doc, parents, flaw)
        _check_hits(hits, children, flaw)
    _check_numbers(window, merge_ratio, max_tokens, flaw)


# The assembly ---------------------------------------------------------------------------


def _words(doc, start, end, flaw):
    text = doc[start:end]
    if flaw == "words_split_on_single_spaces":
        return len(text.split(" "))
    if flaw == "characters_as_words":
        return len(text)
    return len(text.split())


def _assemble(doc, hits, children, parents, window=1, merge_ratio=0.5, max_tokens=512, *, flaw=""):
    """The reference's assembly, with one flaw (the empty string is the correct behaviour)."""
    if flaw == "no_hits_answered_first" and not hits:  # nothing to assemble, so nothing to check
        return []
    if flaw == "any_iterable":  # one list of each, whatever was given
        parents, children, hits = list(parents), list(children), list(hits)
    _check(doc, hits, children, parents, window, merge_ratio, max_tokens, flaw)
    first, count = [0] * len(parents), [0] * len(parents)
    if flaw == "index_and_count_per_hit_parent":
        owners = [parent for parent, _, _ in children]  # each child's parent, in one list
    else:
        for index, (parent, _, _) in enumerate(children):
            if count[parent] == 0:
                first[parent] = index
            count[parent] += 1
    rank = {}
    if flaw == "rank_among_distinct_hits":  # deduplicates first, then numbers what is left
        for position, child in enumerate(dict.fromkeys(hits)):
            rank[child] = position
    else:
        for position, child in enumerate(hits):
            if flaw == "last_rank":
                rank[child] = position
            else:
                rank.setdefault(child, position)
    if flaw == "sorts_the_hits_it_was_given":  # to walk the hit children in document order, without a copy
        hits.sort()
    by_parent = {}
    for child in hits if flaw == "repeats_count" else rank:
        by_parent.setdefault(children[child][0], []).append(child)
    hit_parents = by_parent.items()
    if flaw == "every_parent_divided":  # goes through every parent, hit or not, and divides first
        hit_parents = [(parent, by_parent.get(parent, [])) for parent in range(len(parents))]
    spans, runs = [], []
    words_of_run = {}  # a span's words, summed over its children: only with the flaws that count them so
    for parent, hit in hit_parents:
        if flaw == "index_and_count_per_hit_parent":  # list.index and list.count: fast, but each a pass over all
            first[parent], count[parent] = owners.index(parent), owners.count(parent)
        ratio = len(hit) // count[parent] if flaw == "integer_ratio" else len(hit) / count[parent]
        if flaw == "multiplied_ratio":
            merges = len(hit) >= merge_ratio * count[parent]
        else:
            merges = ratio > merge_ratio if flaw == "strict_ratio" else ratio >= merge_ratio
        if merges:
            start, end = parents[parent]
            if flaw == "merged_parent_without_its_heading":
                start, end = children[first[parent]][1], children[first[parent] + count[parent] - 1][2]
            if flaw == "every_spans_words_child_by_child":
                words_of_run[Span(start, end, parent, min(rank[c] for c in hit))] = sum(
                    _words(doc, child_start, child_end, flaw)
                    for _, child_start, child_end in children[first[parent] : first[parent] + count[parent]]
                )
            if flaw == "parent_per_hit":
                spans += [Span(start, end, parent, rank[child]) for child in hit]
            elif flaw == "merged_parent_ranked_by_its_first_child":
                spans.append(Span(start, end, parent, rank[min(hit)]))
            else:
                spans.append(Span(start, end, parent, min(rank[c] for c in hit)))
            continue
        low_limit, high_limit = first[parent], first[parent] + count[parent] - 1
        if flaw == "across_parents":
            low_limit, high_limit = 0, len(children) - 1
        if flaw == "past_the_parents_last_child":
            high_limit = len(children) - 1
        if flaw == "one_short_at_the_end":
            high_limit -= 1
        if flaw == "one_past_the_end":
            high_limit += 1
        for child in dict.fromkeys(hit):
            runs.append(
                (max(low_limit, child - window), max(min(high_limit, child + window), child), rank[child], parent)
            )
    if flaw == "marks_each_windows_children":  # every child of every window marked one at a time
        best = {}
        for low, high, run_rank, parent in runs:
            for child in range(low, high + 1):
                if child not in best or run_rank < best[child][0]:
                    best[child] = (run_rank, parent)
        runs = [(child, child, run_rank, parent) for child, (run_rank, parent) in best.items()]
    if flaw == "budget_before_merging":  # the budget on each window, before they merge
        kept, total = [], 0
        for run in sorted(runs, key=lambda run: run[2]):
            words = _words(doc, children[run[0]][1], children[run[1]][2], flaw)
            if total + words <= max_tokens:
                kept.append(run)
                total += words
        runs, max_tokens = kept, math.inf
    if flaw in ("merges_in_rank_order", "joins_every_window_on_the_left", "swallows_a_window_on_the_left"):
        # a parent's windows in rank order
        runs.sort(key=lambda run: (run[3], run[2]))
    else:
        runs.sort(key=lambda run: (0 if flaw == "merge_across_parents" else run[3], run[0]))
    merged = []
    for low, high, run_rank, parent in runs:
        gap = 0 if flaw == "adjacent_apart" else 1
        same_group = flaw == "merge_across_parents" or (merged and merged[-1][3] == parent)
        touches = merged and low <= merged[-1][1] + gap
        if flaw == "merges_in_rank_order":
            touches = merged and low <= merged[-1][1] + 1 and merged[-1][0] <= high + 1
        if flaw in ("joins_every_window_on_the_left", "swallows_a_window_on_the_left"):  # a sweep's test, unsorted
            touches = merged and low <= merged[-1][1] + 1
        if merged and same_group and flaw != "no_merging" and touches:
            last = merged[-1]
            kept_rank = last[2] if flaw == "first_window_rank" else min(last[2], run_rank)
            first_child = last[0] if flaw == "swallows_a_window_on_the_left" else min(last[0], low)
            merged[-1] = (first_child, max(last[1], high), kept_rank, last[3])
        else:
            merged.append((low, high, run_rank, parent))
    for low, high, run_rank, parent in merged:
        span = Span(children[low][1], children[high][2], parent, run_rank)
        spans.append(span)
        if flaw in ("words_child_by_child", "every_spans_words_child_by_child"):
            words_of_run[span] = sum(_words(doc, start, end, flaw) for _, start, end in children[low : high + 1])
    chosen, total = [], 0
    for span in sorted(spans, key=lambda span: span.start if flaw == "by_position" else span.rank):
        words = words_of_run[span] if span in words_of_run else _words(doc, span.start, span.end, flaw)
        if total + words < max_tokens if flaw == "exact_fit_refused" else total + words <= max_tokens:
            chosen.append(span)
            total += words
        elif flaw == "stop_at_first_misfit":
            break
    if flaw == "document_order":  # the budget kept the best, but the model reads them in the document's order
        chosen.sort(key=lambda span: span.start)
    return chosen


def _with(flaw):
    def assemble_context(doc, hits, children, parents, window=1, merge_ratio=0.5, max_tokens=512):
        return _assemble(doc, hits, children, parents, window, merge_ratio, max_tokens, flaw=flaw)

    return staticmethod(assemble_context)


# Auto-merging ---------------------------------------------------------------------------


class SendsTheParentOncePerHit(Mistake):
    """Adds the whole parent for every hit child of a merged parent, so the same section goes to
    the model twice or more: hits [3, 4] with merge_ratio 0.5 give parent 1 twice."""

    id = "sends_the_parent_once_per_hit"
    title = "A merged parent sent once per hit child"
    hint = "A merged parent is one span, with the best rank of its hits."
    assemble_context = _with("parent_per_hit")


class SendsAMergedParentWithoutItsHeading(Mistake):
    """Builds a merged parent's span from its children, from its first child's start to its last
    child's end, so the heading (and anything else outside the children) is lost: the statement
    says the span is the whole parent, parents[p]."""

    id = "sends_a_merged_parent_without_its_heading"
    title = "A merged parent's span cut to its children, without its heading"
    hint = "A merged parent's span is parents[p] itself, heading included, not the stretch of its children."
    assemble_context = _with("merged_parent_without_its_heading")


class DividesTheRatioAsIntegers(Mistake):
    """Computes hit_children // parent_children, which is 0 until every child is hit: only a
    fully hit parent ever merges."""

    id = "divides_the_ratio_as_integers"
    title = "The merge ratio computed with integer division"
    hint = "hit_children / parent_children is a float division: 2 / 4 is 0.5, 2 // 4 is 0."
    assemble_context = _with("integer_ratio")


class MultipliesTheRatioByTheCount(Mistake):
    """Merges a parent when hit_children >= merge_ratio * parent_children: the same test on paper, but the
    product rounds: 0.28 * 25 is 7.000000000000001, so 7 hit children of 25 do not merge at 0.28."""

    id = "multiplies_the_ratio_by_the_count"
    title = "The merge ratio compared as hit >= merge_ratio * count, which rounds"
    hint = (
        "Compare the float division hit / count >= merge_ratio, as the statement says: 7 / 25 is 0.28, "
        "but 0.28 * 25 is 7.000000000000001."
    )
    assemble_context = _with("multiplied_ratio")


class MergesOnlyAboveTheRatio(Mistake):
    """Merges a parent when hit_children / parent_children > merge_ratio, so a ratio exactly at
    the threshold (2 of 4 with 0.5, or every child with merge_ratio = 1) does not merge."""

    id = "merges_only_above_the_ratio"
    title = "A parent merged only above merge_ratio, not at it"
    hint = "The parent merges when the ratio is >= merge_ratio: 2 / 4 with merge_ratio 0.5 merges."
    assemble_context = _with("strict_ratio")


class CountsRepeatedHitsTowardsTheRatio(Mistake):
    """Counts every hit of a parent towards the merge ratio, so a child hit three times looks
    like three of the parent's children."""

    id = "counts_repeated_hits_towards_the_ratio"
    title = "A child hit several times counted several times towards the merge ratio"
    hint = "The ratio counts distinct hit children: deduplicate the hits first."
    assemble_context = _with("repeats_count")


class RanksAMergedParentByItsFirstChild(Mistake):
    """Gives a merged parent the rank of its first hit child in document order, not the best rank
    among its hits: hits [5, 1, 3] with merge_ratio 0.5 rank parent 1 by child 3 (rank 2), and
    put it after child 1."""

    id = "ranks_a_merged_parent_by_its_first_child"
    title = "A merged parent ranked by its first hit child instead of its best hit"
    hint = "A merged parent's rank is the smallest rank among all its hit children."
    assemble_context = _with("merged_parent_ranked_by_its_first_child")


class DividesByZeroForAParentWithoutChildren(Mistake):
    """Goes through every parent, hit or not, and divides its hit children by its children
    before looking whether it was hit: a parent with no children raises ZeroDivisionError."""

    id = "divides_by_zero_for_a_parent_without_children"
    title = "A parent with no children makes the ratio divide by zero"
    hint = "A parent may have no children: compute the ratio only for parents that have a hit child."
    assemble_context = _with("every_parent_divided")


# Windows and merging ------------------------------------------------------------------


class KeepsOverlappingWindowsApart(Mistake):
    """Never merges the windows of one parent: two hits a sentence apart give two overlapping
    spans, and the sentences between them twice."""

    id = "keeps_overlapping_windows_apart"
    title = "Overlapping windows sent as separate spans"
    hint = "Sort a parent's runs of children by their first child and merge those that overlap or are adjacent."
    assemble_context = _with("no_merging")


class KeepsAdjacentWindowsApart(Mistake):
    """Merges windows only when they share a child: children 3-4 and 5-6 stay two spans,
    though together they are one stretch of the parent."""

    id = "keeps_adjacent_windows_apart"
    title = "Adjacent windows (one ending right before the other starts) not merged"
    hint = "Two runs merge when the next one starts at or before the last child of the other plus one."
    assemble_context = _with("adjacent_apart")


class MergesWindowsInRankOrder(Mistake):
    """Merges each window into the one before it in rank order when the two touch, without
    sorting a parent's windows by position first: with hits [3, 5, 4] and window 0, child 5 does
    not touch child 3 and starts a span of its own, and child 4 then joins child 5's, so two
    adjacent spans come out where one run, children 3 to 5, is right."""

    id = "merges_windows_in_rank_order"
    title = "Windows merged in rank order, without sorting them by position"
    hint = (
        "Sort a parent's runs by their first child before sweeping: a run can join two runs that "
        "came before it in rank order."
    )
    assemble_context = _with("merges_in_rank_order")


class MarksEachWindowsChildrenOneByOne(Mistake):
    """Marks every child of every hit's window, one at a time, then reads the marked stretches off.

    The spans are right, but the time grows with the hits times the window: 4,000 hits with a
    window as wide as their parent of 20,000 children mark 80 million children.
    """

    id = "marks_each_windows_children_one_by_one"
    title = "Marks every child of every window one at a time: time grows with the hits times the window"
    hint = (
        "A window is a range of children: keep it as its first and last child, sort the ranges of a parent "
        "and merge those that touch, whatever their width."
    )
    assemble_context = _with("marks_each_windows_children")


class JoinsEveryWindowOnTheLeft(Mistake):
    """Takes a parent's windows in rank order and merges each into the run before it when it starts
    no later than one child past that run's end: the test of a sweep by position, without sorting by
    position first, so a window on the left joins the run however far from it it is. With hits
    [6, 3] and window 0, child 3 joins child 6 and the span runs from 85 to 175, children 3 to 6,
    where children 3 and 6 are two spans."""

    id = "joins_every_window_on_the_left"
    title = "Windows taken in rank order, and any window on the left of a run merged into it"
    hint = (
        "Sort a parent's runs by their first child before sweeping: a run merges with the next one only when "
        "the next starts at most one child after the run ends."
    )
    assemble_context = _with("joins_every_window_on_the_left")


class SwallowsAWindowOnTheLeft(Mistake):
    """Takes a parent's windows in rank order, as a sweep by position would take them sorted: a window that
    starts no later than one child past the run's end joins it, and the run keeps its first child. A window
    on the left of the run is then swallowed, its children lost: with hits [6, 3] and window 0, child 3
    joins child 6's run, which stays children 6 to 6, so the answer is one span, 154 to 175."""

    id = "swallows_a_window_on_the_left"
    title = "Windows taken in rank order, and a window on the left of a run swallowed by it"
    hint = (
        "Sort a parent's runs by their first child before sweeping; a sweep by position can keep a run's "
        "first child only because no later run starts before it."
    )
    assemble_context = _with("swallows_a_window_on_the_left")


class KeepsTheFirstWindowsRank(Mistake):
    """Gives a merged run the rank of its leftmost window instead of the best rank among the hits
    that brought it in: hits [6, 3] with window 1 make one run, children 3 to 6, ranked 1 (child
    3's rank) instead of 0 (child 6's)."""

    id = "keeps_the_first_windows_rank"
    title = "A merged run ranked by its leftmost window instead of its best hit"
    hint = "When two runs merge, keep the smaller of their ranks: the sweep meets them by position, not by rank."
    assemble_context = _with("first_window_rank")


class WidensAcrossParents(Mistake):
    """Cuts windows at the first and last child of the whole document instead of the parent:
    child 2's window of 1 runs into child 3, the museum section's first sentence."""

    id = "widens_across_parents"
    title = "A window that runs into the next parent"
    hint = "Cut each window at its own parent's first and last child."
    assemble_context = _with("across_parents")


class WidensPastTheParentsLastChild(Mistake):
    """Cuts a window at its parent's first child, but at the last child of the whole document
    instead of the parent's: child 2's window of 1 stops at child 1 on the left, as it should,
    and runs into child 3, the museum section's first sentence, on the right."""

    id = "widens_past_the_parents_last_child"
    title = "A window cut at its parent's first child but at the last child of all"
    hint = "Cut each window at both ends of its own parent: its first child and its last, first + count - 1."
    assemble_context = _with("past_the_parents_last_child")


class MergesRunsOfDifferentParents(Mistake):
    """Merges runs that are adjacent in the children's list even when they belong to two
    parents, making one span across a section boundary."""

    id = "merges_runs_of_different_parents"
    title = "Runs of two parents merged into one span"
    hint = "Merge runs within one parent only: a span never crosses a section boundary."
    assemble_context = _with("merge_across_parents")


class WindowOneShortAtTheEnd(Mistake):
    """Cuts a window one child before the parent's last child, so a hit on a parent's last child
    is widened backwards only, and a window never reaches the end of a section."""

    id = "window_one_short_at_the_end"
    title = "Windows stop one child before the end of their parent"
    hint = "The parent's last child is first + count - 1, and a window may reach it."
    assemble_context = _with("one_short_at_the_end")


class WindowOnePastTheEnd(Mistake):
    """Cuts a window at first + count, one past the parent's last child: a window of parent 0's
    last child takes the next parent's first child, and one of the document's last child
    indexes past the children."""

    id = "window_one_past_the_end"
    title = "Windows cut one child after the end of their parent"
    hint = "The parent's last child is first + count - 1: first + count is the next parent's first child."
    assemble_context = _with("one_past_the_end")


# Ranks, order and budget ----------------------------------------------------------------


class RanksByTheLastHit(Mistake):
    """Records a child's rank at every hit, so a child hit first and again later gets the rank
    of its last hit."""

    id = "ranks_by_the_last_hit"
    title = "A child's rank taken from its last hit instead of its first"
    hint = "A child's rank is the position of its first hit: keep the first, ignore the repeats."
    assemble_context = _with("last_rank")


class RanksAmongTheDistinctHits(Mistake):
    """Deduplicates the hits first and numbers what is left, so a repeat before a child shifts
    its rank: with hits [3, 3, 1], child 1 ranks 1 instead of 2, its position in hits."""

    id = "ranks_among_the_distinct_hits"
    title = "Ranks counted among the distinct hits instead of positions in hits"
    hint = "A child's rank is the position of its first hit in hits as given, repeats included before it."
    assemble_context = _with("rank_among_distinct_hits")


class OrdersByPosition(Mistake):
    """Sorts the spans by their place in the document instead of their rank, so the best
    passage may come last, and the budget keeps the first sections rather than the best."""

    id = "orders_by_position"
    title = "Spans ordered by document position instead of by rank"
    hint = "Sort the spans by the rank of their best hit: the model reads the best first, and the budget keeps it."
    assemble_context = _with("by_position")


class StopsAtTheFirstSpanThatDoesNotFit(Mistake):
    """Stops taking spans at the first one over the budget, though a smaller one after it would fit.
    (Adding a skipped span's words to the total anyway does the same: nothing fits after it.)"""

    id = "stops_at_the_first_span_that_does_not_fit"
    title = "Stops at the first span that does not fit the budget"
    hint = "Skip a span that does not fit and try the next one: a smaller span further down may fit."
    assemble_context = _with("stop_at_first_misfit")


class ReturnsTheSpansInDocumentOrder(Mistake):
    """Applies the budget in rank order, then returns the spans taken sorted by their place in
    the document, where the statement asks for them best first."""

    id = "returns_the_spans_in_document_order"
    title = "The spans taken returned in document order instead of best first"
    hint = "Return the spans in the order they were taken: by rank, best first."
    assemble_context = _with("document_order")


class RefusesASpanThatFillsTheBudgetExactly(Mistake):
    """Takes a span only when the words stay below max_tokens (<), so a span that fills the
    budget exactly is skipped."""

    id = "refuses_a_span_that_fills_the_budget_exactly"
    title = "A span that fills the budget exactly is skipped"
    hint = "A span fits when the words taken plus its own are at most max_tokens (<=)."
    assemble_context = _with("exact_fit_refused")


class AppliesTheBudgetBeforeMerging(Mistake):
    """Counts the budget on every window before merging them, so words shared by overlapping
    windows are counted twice, and a window that fits after merging is dropped."""

    id = "applies_the_budget_before_merging"
    title = "The budget counted on the windows before they merge"
    hint = "Merge first, then count each final span's words once."
    assemble_context = _with("budget_before_merging")


class CountsWordsSplitOnSingleSpaces(Mistake):
    """Counts a span's words with split(" "): a newline (as after a heading) or a tab joins two
    words into one, and a run of spaces adds empty words, so spans near the budget are taken or
    skipped wrongly."""

    id = "counts_words_split_on_single_spaces"
    title = 'Words counted with split(" ") instead of split()'
    hint = (
        "A span's words are len(doc[start:end].split()): split() with no argument splits on any run of "
        "whitespace, newlines and tabs included."
    )
    assemble_context = _with("words_split_on_single_spaces")


class CountsARunsWordsChildByChild(Mistake):
    """Counts a run's words as the sum of its children's words, so whatever lies between its
    children (a "Note:", a bullet, a sub-heading) is not counted, though it is in the span."""

    id = "counts_a_runs_words_child_by_child"
    title = "A run's words counted as the sum of its children's words"
    hint = "Count the words of the span itself, doc[start:end]: a run's span includes the text between its children."
    assemble_context = _with("words_child_by_child")


class CountsEverySpansWordsChildByChild(Mistake):
    """Counts every span's words as the sum of its children's words, a merged parent's too: the
    text between children and a merged parent's heading are never counted."""

    id = "counts_every_spans_words_child_by_child"
    title = "Every span's words counted as the sum of its children's words"
    hint = (
        "Count the words of the span itself, doc[start:end]: a merged parent's span holds its heading, "
        "and a run's the text between its children."
    )
    assemble_context = _with("every_spans_words_child_by_child")


class CountsCharactersAsWords(Mistake):
    """Measures a span by len(doc[start:end]), its characters, instead of its words."""

    id = "counts_characters_as_words"
    title = "The budget counted in characters instead of words"
    hint = "A span's words are len(doc[start:end].split()), not the length of the slice."
    assemble_context = _with("characters_as_words")


class FindsAParentsChildrenByScanningThemAll(Mistake):
    """Lists each child's parent once, then finds a hit parent's first child with owners.index(parent)
    and its number of children with owners.count(parent): right, and each runs in C, fast per step,
    but each is a pass over all the children, for every hit parent: some 13,000 hit parents times
    200,000 children, 2.6 billion steps. A loop over all the children in Python, for every hit
    parent, is the same mistake, only slower."""

    id = "finds_a_parents_children_by_scanning_them_all"
    title = (
        "A pass over all the children for every hit parent (a loop over them, or list.index and list.count "
        "to find its first child and its number of children)"
    )
    hint = (
        "index() and count() each read the whole list, as a loop does: find every parent's first child and "
        "count of children in one pass over the children, before the hits."
    )
    assemble_context = _with("index_and_count_per_hit_parent")


class SortsTheHitsItWasGiven(Mistake):
    """Sorts the caller's list of hits in place, hits.sort(), to walk the hit children in document
    order without a copy: the answer is right, but the caller's ranking is gone (and a tuple of
    hits has no sort at all)."""

    id = "sorts_the_hits_it_was_given"
    title = "The caller's list of hits sorted in place"
    hint = "No argument may be modified: sort a copy (sorted(hits)), never hits itself."
    assemble_context = _with("sorts_the_hits_it_was_given")


# Errors -------------------------------------------------------------------------------------


class TurnsTheCallersListsIntoTuples(Mistake):
    """Normalises each parent and child given as a list into a tuple by writing it back into the
    caller's list (children[i] = tuple(children[i])): the caller's data changes, and a tuple of
    lists cannot be written to at all."""

    id = "turns_the_callers_lists_into_tuples"
    title = "The caller's parents and children rewritten as tuples in place"
    hint = "No argument may be modified: read each item as it is (start, end = parent), or build new lists."
    assemble_context = _with("lists_into_tuples")


class ChecksTheArgumentsInSignatureOrder(Mistake):
    """Checks hits, then children, then parents, the order of the signature, where the statement
    asks for doc, parents, children, hits: a bad hit is reported before a bad child or parent."""

    id = "checks_the_arguments_in_signature_order"
    title = "The arguments checked in the signature's order instead of the statement's"
    hint = (
        "Check doc, then parents, then children, then hits, then window, merge_ratio and max_tokens: "
        "a child is checked against its parent, and a hit against the children."
    )
    assemble_context = _with("signature_order")


class ChecksEveryItemsTypeBeforeAnyValue(Mistake):
    """Checks the types of all the parents (children, hits) in one pass, then their values in
    another, so a later item's bad type is reported before an earlier item's bad value."""

    id = "checks_every_items_type_before_any_value"
    title = "Every item's type checked before any item's values"
    hint = "Check each item in turn, its type then its values: the first item with a problem decides."
    assemble_context = _with("every_type_before_any_value")


class ChecksAHitsRangeBeforeItsType(Mistake):
    """Checks 0 <= hit < len(children) before the hit's type, so a float hit out of range raises
    ValueError instead of TypeError."""

    id = "checks_a_hits_range_before_its_type"
    title = "A hit's range checked before its type"
    hint = "For each item, its type first, then its values: 9.5 is not an int, whatever its value."
    assemble_context = _with("hit_range_before_type")


class ChecksAChildsOffsetsBeforeItsParentsOrder(Mistake):
    """Checks a child's offsets before whether its parent comes after the previous child's: a child
    of parent 23 right after a child of parent 37 is blamed for its offsets (it starts before the
    end of the child before it) instead of for its parent."""

    id = "checks_a_childs_offsets_before_its_parents_order"
    title = "A child's offsets checked before its parent's order"
    hint = (
        "Within one child: its type, then its parent (it exists, then it is not before the previous "
        "child's parent), then its offsets."
    )
    assemble_context = _with("offsets_before_parent_order")


class NamesNoIndexForAMalformedItem(Mistake):
    """Reports a parent or child of the wrong type or shape as "children must be a tuple of
    three ints", without saying which one."""

    id = "names_no_index_for_a_malformed_item"
    title = "A malformed parent or child reported without its index"
    hint = "Name the item with its index, as children[1], so that the caller can find it."
    assemble_context = _with("no_index_for_a_malformed_item")


class AcceptsAnySequence(Mistake):
    """Checks parents, children and hits with isinstance(x, Sequence), as the signature's type
    hints suggest: a range of hits is accepted, where the statement asks for a list or a tuple."""

    id = "accepts_any_sequence"
    title = "A range (or any other Sequence) accepted as hits"
    hint = "parents, children and hits must be lists or tuples: isinstance(x, (list, tuple))."
    assemble_context = _with("any_sequence")


class AcceptsAnyIterable(Mistake):
    """Turns parents, children and hits into lists first (list(children)), so that a generator, a
    set or a range is accepted where the statement asks for a list or a tuple."""

    id = "accepts_any_iterable"
    title = "Any iterable accepted as parents, children or hits, turned into a list"
    hint = "parents, children and hits must be lists or tuples: refuse anything else with TypeError."
    assemble_context = _with("any_iterable")


class AnswersNoHitsBeforeChecking(Mistake):
    """Returns [] at once when hits is empty (if not hits: return []), before any argument is
    checked: bad parents or children go unreported, and hits=None gives []."""

    id = "answers_no_hits_before_checking"
    title = "No hits answered with [] before the arguments are checked"
    hint = "Check every argument first, in the statement's order; only then may no hits give []."
    assemble_context = _with("no_hits_answered_first")


class NamesNoTypeForAWrongKindOfArgument(Mistake):
    """Refuses a doc that is not a str, or parents, children or hits that are not a list or a
    tuple, with a message that does not say what was given: "hits must be a list or a tuple"."""

    id = "names_no_type_for_a_wrong_kind_of_argument"
    about_the_message = True
    title = "A doc, parents, children or hits of the wrong type refused without naming the type"
    hint = "Say what was given: 'hits must be a list or a tuple, got a value of type range'."
    assemble_context = _with("no_type_in_the_message")


class RefusesAnIntSubclass(Mistake):
    """Checks an int with type(x) is int, which refuses bool, but also an IntEnum member or any
    other subclass of int, which the statement accepts as its value."""

    id = "refuses_an_int_subclass"
    title = "An IntEnum member (a subclass of int) refused as a hit, window or budget"
    hint = "Check isinstance(x, int) and refuse bool on its own: type(x) is int refuses every subclass."
    assemble_context = _with("exact_int_type")


class AcceptsBoolsEverywhere(Mistake):
    """Checks every number with isinstance alone, never refusing a bool: True and False pass as
    offsets, parents, hits, window, merge_ratio and max_tokens."""

    id = "accepts_bools_everywhere"
    title = "True and False accepted wherever a number is asked for"
    hint = "bool is a subclass of int: every check of an int (or a float) must refuse a bool explicitly."
    assemble_context = _with("bools_everywhere")


class AcceptsBoolsAsInts(Mistake):
    """Checks every int with isinstance(x, int) alone, which True passes, in the items, the hits,
    window and max_tokens; only merge_ratio's check, written apart, refuses a bool."""

    id = "accepts_bools_as_ints"
    title = "True and False accepted wherever an int is asked for"
    hint = "bool is a subclass of int: the check of an int must refuse a bool explicitly, in every argument."
    assemble_context = _with("bools_as_ints")


class AcceptsABoolWindow(Mistake):
    """Checks window with isinstance(window, int), which True passes: window=True acts as 1."""

    id = "accepts_a_bool_window"
    title = "window=True accepted as 1"
    hint = "bool is a subclass of int: refuse it explicitly (isinstance(window, bool))."
    assemble_context = _with("bool_window")


class AcceptsABoolHit(Mistake):
    """Checks each hit with isinstance(hit, int), which True passes: a hit True is child 1."""

    id = "accepts_a_bool_hit"
    title = "A hit True accepted as child 1"
    hint = "bool is a subclass of int: refuse it explicitly (isinstance(hit, bool))."
    assemble_context = _with("bool_hit")


class AcceptsABoolInAParentOrChild(Mistake):
    """Checks the items of parents and children with isinstance(x, int), which True passes."""

    id = "accepts_a_bool_in_a_parent_or_child"
    title = "True or False accepted as an offset or a parent"
    hint = "bool is a subclass of int: refuse it explicitly in every parent and child."
    assemble_context = _with("bool_in_an_item")


class AcceptsABoolMergeRatio(Mistake):
    """Checks merge_ratio with isinstance(merge_ratio, (int, float)), which True passes: it acts as 1."""

    id = "accepts_a_bool_merge_ratio"
    title = "merge_ratio=True accepted as 1"
    hint = "bool is a subclass of int: refuse it explicitly (isinstance(merge_ratio, bool))."
    assemble_context = _with("bool_ratio")


class AcceptsABoolBudget(Mistake):
    """Checks max_tokens with isinstance(max_tokens, int), which True passes: a budget of one word."""

    id = "accepts_a_bool_budget"
    title = "max_tokens=True accepted as 1"
    hint = "bool is a subclass of int: refuse it explicitly (isinstance(max_tokens, bool))."
    assemble_context = _with("bool_budget")


class AcceptsANanMergeRatio(Mistake):
    """Refuses merge_ratio <= 0 or > 1, which nan passes (every comparison with nan is False);
    then no parent ever merges."""

    id = "accepts_a_nan_merge_ratio"
    title = "merge_ratio=nan accepted"
    hint = (
        "Refuse merge_ratio when `not (0 < merge_ratio <= 1)`, the condition that must hold, rather than "
        "when `merge_ratio <= 0 or merge_ratio > 1`: nan fails every comparison."
    )
    assemble_context = _with("nan_ratio")


class AcceptsABudgetOfZero(Mistake):
    """Refuses only a negative max_tokens, so a budget of 0 is accepted, and every span is skipped."""

    id = "accepts_a_budget_of_zero"
    title = "max_tokens = 0 accepted"
    hint = "max_tokens must be at least 1."
    assemble_context = _with("budget_of_zero")


class AcceptsANegativeHit(Mistake):
    """Checks only hit < len(children): a negative hit indexes children from the end."""

    id = "accepts_a_negative_hit"
    title = "A negative hit accepted as a child counted from the end"
    hint = "A hit must be 0 <= hit < len(children): Python's negative indices are not children."
    assemble_context = _with("negative_hit")


class AcceptsANegativeParent(Mistake):
    """Checks only parent < len(parents) for a child: a child of parent -1 is given to the last parent."""

    id = "accepts_a_negative_parent"
    title = "A child's parent -1 accepted as the last parent"
    hint = "A child's parent must be 0 <= parent < len(parents)."
    assemble_context = _with("negative_parent")


class AcceptsOverlappingParents(Mistake):
    """Checks each parent against the document only, so parents that overlap or come out of
    order are accepted."""

    id = "accepts_overlapping_parents"
    title = "Overlapping or unordered parents accepted"
    hint = "Each parent must start at or after the end of the one before it."
    assemble_context = _with("overlapping_parents")


class AcceptsAnEmptyParent(Mistake):
    """Checks start <= end for a parent, so an empty parent (start == end) is accepted."""

    id = "accepts_an_empty_parent"
    title = "An empty parent (start == end) accepted"
    hint = "A parent must have start < end."
    assemble_context = _with("empty_parent")


class AcceptsOverlappingChildren(Mistake):
    """Checks each child against its parent only, so children that overlap or come out of
    order are accepted."""

    id = "accepts_overlapping_children"
    title = "Overlapping or unordered children accepted"
    hint = "Each child must start at or after the end of the child before it in the same parent."
    assemble_context = _with("overlapping_children")


class AcceptsAChildThatStartsBeforeItsParent(Mistake):
    """Checks a child's start against the child before it only, never against its parent's
    start, so a parent's first child may start before the parent does."""

    id = "accepts_a_child_that_starts_before_its_parent"
    title = "A child starting before its parent accepted"
    hint = "A child's start must be at or after its parent's start, as well as after the child before it."
    assemble_context = _with("child_before_its_parent")


class BoundsAParentsFirstChildByThePreviousChild(Mistake):
    """Bounds every child but the very first by the end of the child before it, even when that child
    is in an earlier parent: a later parent's first child may then start before its parent does."""

    id = "bounds_a_parents_first_child_by_the_previous_child"
    title = "A parent's first child checked against the previous parent's last child, not its own parent's start"
    hint = (
        "A parent's first child starts at or after its parent's start; only a child after another of the "
        "same parent is bounded by that child's end."
    )
    assemble_context = _with("first_child_after_the_previous_child")


class AcceptsAnEmptyChild(Mistake):
    """Checks start <= end for a child, so an empty child (start == end) is accepted."""

    id = "accepts_an_empty_child"
    title = "An empty child (start == end) accepted"
    hint = "A child must have start < end."
    assemble_context = _with("empty_child")
