"""Many hits among many children: after one pass to check the arguments, the assembly must cost
the hits, not a pass over all the children (or all the parents) for every hit.

The document, its sections and the hits are drawn at run time (guard_random,
tests/support/guard_inputs.py), so that no submission can recognise them, and cheaply (a random byte
a letter or a length), because the time limit covers drawing them too. Child i is one word of 1 to 4
random letters, and the words are joined by single spaces; the 20,000 parents hold 3 to 17
consecutive children each, 200,000 in all (the counts go in pairs 10 + x and 10 - x, in a random
order), and each parent runs from its first child's start to its last child's end. The hits are
20,000 children drawn at random, in a random order, with a window of 1 (the same for every run, so
that a catalogued mistake fails here on every draw or on none); the answer is the oracle's
(tests/support/oracles.py), which groups the children by parent in one pass.

Both sizes are large because the work to stop is their product: about 13,000 hit parents times
200,000 children. Even with the fastest inner step there is, a list's own index() or count() run in
C for every hit parent, costs some 60 times the plain pass over this input (index() alone, which stops
at the parent's first child, half the children on average): six times the limit, where a quarter of
these sizes would leave it within a factor of two of the limit, and its verdict to the machine.
A second guard gives one parent's 4,000 hits a window as wide as the parent: a window walked child by
child costs the hits times the window, where the statement asks for the hits.
"""

from itertools import accumulate, chain, repeat

from kata.judging.checks import expect
from kata.judging.guards import complexity_guard, paced
from tests.support.answers import as_span_tuples, differs, is_exactly
from tests.support.guard_inputs import letters, numbers
from tests.support.oracles import small_to_big
from tests.support.paces import context, swept_windows

SCAN_HINT = (
    "Look for a pass over all the children (or all the parents) inside the loop over the hits or the hit "
    "parents (a list's index() or count() is such a pass): some 13,000 hit parents times 200,000 children is "
    "2.6 billion steps. Find each parent's first child and its number of children once, before the hits: the "
    "children of a parent are consecutive."
)
PARENT_COUNT, CHILD_COUNT, HIT_COUNT = 20_000, 200_000, 20_000


@complexity_guard(paced=True, hint=SCAN_HINT)
def test_twenty_thousand_hits_among_two_hundred_thousand_children(assemble_context, guard_random):
    shifts = numbers(guard_random, PARENT_COUNT // 2, 0, 7)
    counts = [10 + shift for shift in shifts] + [10 - shift for shift in shifts]  # 200,000 children in all
    guard_random.shuffle(counts)
    lengths = numbers(guard_random, CHILD_COUNT, 1, 4)
    text = letters(guard_random, sum(lengths))
    word_ends = list(accumulate(lengths))
    doc = " ".join([text[start:end] for start, end in zip([0, *word_ends], word_ends)])
    ends = [end + index for index, end in enumerate(word_ends)]  # one space before every word but the first
    starts = [end - length for end, length in zip(ends, lengths)]
    firsts = [0, *accumulate(counts)][:-1]
    children = list(zip(chain.from_iterable(map(repeat, range(PARENT_COUNT), counts)), starts, ends))
    parents = [(starts[first], ends[first + count - 1]) for first, count in zip(firsts, counts)]
    hits = guard_random.sample(range(CHILD_COUNT), HIT_COUNT)
    paced(lambda: context(doc, hits, children, parents, 1, 0.5, 10**9))
    expected = small_to_big(doc, hits, children, parents, 1, 0.5, 10**9)
    spans = assemble_context(doc, hits, children, parents, 1, 0.5, 10**9)
    got = as_span_tuples(spans)
    expect(
        is_exactly(got, expected),
        f"{len(expected):,} Span records, best first: each parent whole where half its children or more are hit, "
        "else each hit's window of 1 child on either side, merged",
        details="It is not a list of Span records with int fields." if got is None else differs(got, expected),
    )


WINDOW_HINT = (
    "Look for a loop over the children of each hit's window (marking them one by one): 4,000 hits with a window "
    "as wide as their parent of 20,000 children is 80 million steps. Keep each window as its first and last "
    "child, sort a parent's windows and merge those that touch."
)
WIDE_CHILDREN, WIDE_HITS = 20_000, 4_000


@complexity_guard(paced=True, hint=WINDOW_HINT)
def test_four_thousand_hits_with_a_window_as_wide_as_their_parent(assemble_context, guard_random):
    # One parent of 20,000 one-word children, 4,000 of them hit, with a window of 20,000 and a merge ratio of
    # 1: no merge (a fifth of the children are hit), but every window covers the whole parent, so the answer is
    # one span of all of it, ranked by the first hit. Walking each window's children costs hits times window.
    lengths = numbers(guard_random, WIDE_CHILDREN, 1, 4)
    text = letters(guard_random, sum(lengths))
    word_ends = list(accumulate(lengths))
    doc = " ".join([text[start:end] for start, end in zip([0, *word_ends], word_ends)])
    ends = [end + index for index, end in enumerate(word_ends)]
    starts = [end - length for end, length in zip(ends, lengths)]
    children = [(0, start, end) for start, end in zip(starts, ends)]
    parents = [(0, ends[-1])]
    hits = guard_random.sample(range(WIDE_CHILDREN), WIDE_HITS)
    paced(lambda: swept_windows(hits, children, parents, WIDE_CHILDREN))
    spans = assemble_context(doc, hits, children, parents, WIDE_CHILDREN, 1.0, 10**9)
    got = as_span_tuples(spans)
    expected = [(0, ends[-1], 0, 0)]
    expect(
        is_exactly(got, expected),
        "one Span record, (0, end of the document, parent 0, rank 0): every window covers the whole parent",
        details="It is not a list of Span records with int fields." if got is None else differs(got, expected),
    )
