"""Properties of the assembly on generated documents; Hypothesis shrinks any failure to a smallest case.

The oracle, small_to_big in tests/support/oracles.py, is independent of the reference: for each
parent it marks the children that some hit's window covers, and reads the marked stretches
off, where the reference sorts and merges runs.
"""

from hypothesis import given
from hypothesis import strategies as st

from kata.judging.checks import expect
from tests.support.answers import spans_of
from tests.support.oracles import small_to_big

# Between two words of a child: whitespace of every kind, which split() reads as one gap.
SPACES = st.sampled_from([" ", "  ", "\t", "\n", " \n "])
# After a child: text that lies outside every child, and is in a run's span all the same.
BETWEEN = st.sampled_from([" ", "\n", " Note: ", "\n- ", "\n### Step\n", "  (see below)  "])


@st.composite
def sections(draw):
    """A document of parents (a heading, then children of one to four words, with text between them), with its
    children and hits."""
    doc, parents, children = "", [], []
    for parent in range(draw(st.integers(1, 4))):
        start = len(doc)
        doc += f"# Part {parent}\n"
        for _ in range(draw(st.integers(0, 6))):
            child_start = len(doc)
            doc += "word" + "".join(space + "word" for space in draw(st.lists(SPACES, max_size=3))) + "."
            children.append((parent, child_start, len(doc)))
            doc += draw(BETWEEN)
        parents.append((start, len(doc)))
        doc += "\n\n"
    hits = draw(st.lists(st.integers(0, len(children) - 1), min_size=1, max_size=10)) if children else []
    return doc, hits, children, parents


windows = st.integers(0, 3)
ratios = st.one_of(st.sampled_from([0.25, 1 / 3, 0.5, 0.6, 0.75, 1, 1.0]), st.floats(0.01, 1.0))
budgets = st.integers(1, 30)


@given(sections(), windows, ratios, budgets)
def test_the_spans_are_the_oracles(assemble_context, section, window, merge_ratio, max_tokens):
    doc, hits, children, parents = section
    spans = spans_of(assemble_context, doc, hits, children, parents, window, merge_ratio, max_tokens)
    expected = small_to_big(doc, hits, children, parents, window, merge_ratio, max_tokens)
    expect(
        spans == expected,
        f"the spans {expected}, as (start, end, parent, rank): each parent whole when enough "
        "of its children are hit, else each hit's window, merged, best first, within the budget",
    )


@given(sections(), windows, ratios, budgets)
def test_spans_lie_in_their_parents_never_overlap_come_best_first_and_fit_the_budget(
    assemble_context, section, window, merge_ratio, max_tokens
):
    doc, hits, children, parents = section
    spans = spans_of(assemble_context, doc, hits, children, parents, window, merge_ratio, max_tokens)
    outside = [
        span
        for span in spans
        if not (0 <= span[2] < len(parents) and parents[span[2]][0] <= span[0] < span[1] <= parents[span[2]][1])
    ]
    expect(not outside, "every span inside the parent it names", details=f"{outside[0] if outside else ''} is not.")
    ordered = sorted(spans)
    overlapping = [(a, b) for a, b in zip(ordered, ordered[1:]) if b[0] < a[1]]
    expect(
        not overlapping,
        "no two spans overlapping",
        details=f"{overlapping[0][0]} and {overlapping[0][1]} overlap." if overlapping else "",
    )
    ranks = [span[3] for span in spans]
    expect(ranks == sorted(set(ranks)), "the spans best first, each with its own rank", details=f"Ranks: {ranks}.")
    words = sum(len(doc[start:end].split()) for start, end, _, _ in spans)
    expect(words <= max_tokens, f"at most {max_tokens} words in all", details=f"The spans hold {words}.")
