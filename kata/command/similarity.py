"""`kata similarity CLASS`: the pairs of submissions too alike to be independent, per kata, as JSON and a page."""

from __future__ import annotations

import sys
from pathlib import Path

from kata.judging.printable import one_line
from kata.judging.vocabulary import counted
from kata.katas import Kata


def similarity(
    folder: Path, katas: list[Kata], out: Path, page: Path | None, threshold: float, ignore_shared: float | None = None
) -> int:
    from kata.grading.similarity import IGNORE_SHARED, compare_class, flagged_students, write_json
    from kata.grading.similarity_page import write_page

    compared = compare_class(
        folder, katas, threshold, say=_say, ignore_shared=IGNORE_SHARED if ignore_shared is None else ignore_shared
    )
    write_json(compared.pairs, out)
    if page is not None:
        write_page(compared, page, threshold)
    flagged = [pair for pair in compared.pairs if pair.flagged]
    print(
        f"{counted(len(compared.pairs), 'pair')} compared, {len(flagged)} flagged (a score of {threshold:g} or more)."
    )
    for student, flags in sorted(flagged_students(compared.pairs).items()):
        for flag in flags:
            print(one_line(f"  {student}: {flag}"))
    for skipped in compared.skipped:
        print(one_line(f"  not compared: {skipped}"))
    for path in (out, *([page] if page is not None else [])):
        _say(f"wrote {path}")
    return 0


def _say(line: str) -> None:
    print(one_line(line), file=sys.stderr, flush=True)
