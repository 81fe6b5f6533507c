"""The katas' stubs as the repository ships them, whatever a learner has written in problems/ since.

Tests that need an untouched stub take it from kata.katas.stubs, never from problems/ itself: a learner
who has started a kata must still see these tests pass, and no test writes there.
"""

from __future__ import annotations

from pathlib import Path

from kata.katas import KATAS, Kata
from kata.katas.stubs import untouched_stub


def write_pristine_stubs(folder: Path, katas: tuple[Kata, ...] = KATAS) -> Path:
    """The untouched stubs of the katas (every kata unless given) in `folder`, laid out like problems/."""
    for kata in katas:
        path = folder / kata.slug / f"{kata.module}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(untouched_stub(kata), encoding="utf-8")
    return folder
