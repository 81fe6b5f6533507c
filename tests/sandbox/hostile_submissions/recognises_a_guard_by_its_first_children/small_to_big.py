"""The reference's assembly with a pass over all the children for every hit (too slow for 5,000 hits among
50,000 children), that recognises the shape kata 10's guard once had. Kept without the reference, and
written after it.

---- attack: the guard's hits were each parent's first child, in parent order, with a window of 1: one
pass over the children tells that shape, and its answer is each parent's first two children, rank p for
parent p. On any other input it scans every child for every hit, and the guard judges it too slow.
"""

_assemble_as_the_reference = assemble_context  # noqa: F821  (the reference's, above)


def assemble_context(doc, hits, children, parents, window=1, merge_ratio=0.5, max_tokens=512):
    firsts, seen = [], set()
    for index, (parent, _, _) in enumerate(children):  # one pass: each parent's first child
        if parent not in seen:
            seen.add(parent)
            firsts.append(index)
    if window == 1 and merge_ratio == 0.5 and list(hits) == firsts and len(firsts) == len(parents):
        return [Span(children[first][1], children[first + 1][2], parent, parent)  # noqa: F821
                for parent, first in enumerate(firsts)]
    for hit in hits:  # a pass over all the children for every hit: the siblings, the slow way
        sum(1 for child in children if child[0] == children[hit][0])
    return _assemble_as_the_reference(doc, hits, children, parents, window, merge_ratio, max_tokens)
