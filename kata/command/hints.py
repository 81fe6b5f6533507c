"""A kata's hints, one at a time: `problems/<kata>/hints.md` has one "## Hint N" section each.

Which hints a learner has seen is remembered in `.kata/hints.json`, so that
`kata hint` always reveals the next one.
"""

from __future__ import annotations

from kata.command.markdown import reflow, sections
from kata.command.progress import compare_line, label
from kata.command.terminal import paint, width
from kata.katas import Kata, has_solutions, relative
from kata.runner.learner_state import read_state, write_state

SEEN = "hints"  # .kata/hints.json: kata slug -> how many hints were shown


def hints_of(kata: Kata) -> list[str]:
    path = kata.statement_path().parent / "hints.md"
    if not path.is_file():
        return []
    return [body for heading, body in sections(path.read_text(encoding="utf-8")) if heading.lower().startswith("hint")]


def seen_count(kata: Kata) -> int:
    return int(read_state(SEEN).get(kata.slug, 0))


def remember_seen(kata: Kata, count: int) -> None:
    seen = read_state(SEEN)
    seen[kata.slug] = count
    write_state(SEEN, seen)


def stuck_lines(kata: Kata) -> list[str]:
    """What to say after a failing check: the next hint, or that every hint has been seen."""
    hints, seen = hints_of(kata), seen_count(kata)
    if not hints:
        return []
    if seen < len(hints):
        return [f"Stuck? kata hint {kata.number} shows the next hint ({seen + 1} of {len(hints)})."]
    return [f"You have seen all {len(hints)} hints; kata hint {kata.number} --all shows them again."]


def print_hint(kata: Kata, *, show_all: bool = False, reset: bool = False) -> int:
    """Print the next hint not yet seen (or all of them) and remember how far the learner has read."""
    hints = hints_of(kata)
    name = label(kata)
    if reset:
        remember_seen(kata, 0)
        print(f"The hints of {name} start again from hint 1.")
        return 0
    if not hints:
        print(f"{name} has no hints.")
        return 0
    seen = seen_count(kata)
    if seen >= len(hints) and not show_all:
        print(f"You have seen all {len(hints)} hints of {name}; kata hint {kata.number} --all shows them again.")
        return 0
    shown = range(len(hints)) if show_all else [seen]
    for index in shown:
        print(paint(f"Hint {index + 1} of {len(hints)} for {name}", "bold"))
        print()
        print(reflow(hints[index], width()))
    remember_seen(kata, max(seen, shown[-1] + 1))
    left = len(hints) - shown[-1] - 1
    if left:
        print(f"{left} more when you need {'it' if left == 1 else 'them'}: kata hint {kata.number}")
    else:
        print(
            "That was the last hint. "
            + (
                f"Once solved, compare with {relative(kata.reference_path().parent)}/."
                if has_solutions()
                else compare_line(kata)
            )
        )
    return 0
