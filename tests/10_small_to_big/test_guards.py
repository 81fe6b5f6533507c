"""Many hits among many children: after one pass to check the arguments, the assembly must cost
the hits, not a pass over all the children (or all the parents) for every hit.

Child i is the word "w" at offsets (2i, 2i + 1); parent p holds children 10p to 10p + 9. The
hits are each parent's first child, so with a window of 1 every parent gives one span of its
first two children, in parent order: (20p, 20p + 3).
"""

from tests.support.answers import as_span_tuples, differs, is_exactly

from kata.judging.guards import complexity_guard
from kata.judging.checks import expect

SCAN_HINT = (
    "Look for a pass over all the children (or all the parents) inside the loop over the hits or the hit "
    "parents: 5,000 of them times 50,000 children is 250 million steps. Find each parent's first child "
    "and its number of children once, before the hits: the children of a parent are consecutive."
)
PARENT_COUNT, CHILDREN_PER_PARENT = 5_000, 10
CHILD_COUNT = PARENT_COUNT * CHILDREN_PER_PARENT  # 50_000


@complexity_guard(seconds=2, hint=SCAN_HINT)
def test_five_thousand_hits_among_fifty_thousand_children(assemble_context):
    doc = "w " * CHILD_COUNT
    children = [(i // CHILDREN_PER_PARENT, 2 * i, 2 * i + 1) for i in range(CHILD_COUNT)]
    parents = [(20 * p, 20 * p + 19) for p in range(PARENT_COUNT)]
    hits = list(range(0, CHILD_COUNT, CHILDREN_PER_PARENT))
    spans = assemble_context(doc, hits, children, parents, 1, 0.5, 10**9)
    got, expected = as_span_tuples(spans), [(20 * p, 20 * p + 3, p, p) for p in range(PARENT_COUNT)]
    expect(is_exactly(got, expected),
           "5,000 Span records, one per parent, in parent order: its first child and the next, (20p, 20p + 3, p, p)",
           details="It is not a list of Span records with int fields." if got is None else differs(got, expected))
