"""Building the students' release: a copy of the repository that holds no code that solves a kata.

What ships is listed here and nowhere else (SHIPPED, SHIPPED_TESTS); everything else of the
teacher's copy stays out: solutions/ (references, editorials, catalogued mistakes), the runner's
own tests (tests/grading holds classes of submissions, several of them correct), the benchmarks and
CI. The stubs are the untouched ones as shipped (kata.katas.stubs), whatever the teacher has written in problems/.
Each catalogued mistake is kept as its record only (id, title, hint, the fixed tests it fails),
so that a learner's failures are still named from those records (kata.runner.mistakes); the tests'
oracles, which compute the katas' answers, as stand-ins that skip the tests calling them.

In a git checkout only the files git tracks are copied: a scratch file beside them (a copy of a reference
in kata/ or tests/, say) stays out, and the release lists what it left out. A copy without git (a
downloaded zip) has no such list: everything in the shipped folders is copied, and the release says so.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from kata.grading.checkout import files_under, tracked_files
from kata.grading.release_readme import students_readme
from kata.katas import KATAS, NO_SOLUTIONS_HERE, RECORDED_MISTAKES, ROOT, TESTS, Kata, has_solutions
from kata.katas.stubs import untouched_stub
from kata.runner.mistakes import mistakes_of

# Copied as they are, from the repository's root.
SHIPPED = ("pyproject.toml", "LICENSE", "conftest.py", "start.py", "kata")
# The learners' docs, copied where this copy has them.
SHIPPED_DOCS = (
    "docs/learners.md",
    "docs/security.md",
    "docs/bench-02.png",
    "docs/viz-02.png",
    "docs/viz-03.png",
    "docs/viz-09.png",
)
# What git must not take from a learner's folder into the assignment's repository.
GITIGNORE = "__pycache__/\n*.egg-info/\n.hypothesis/\n.pytest_cache/\n.venv/\nbuild/\n.kata/\n"
# Of tests/: the katas' folders, and what their tests share (tests.support: answers, large inputs; the oracles
# as stand-ins, ORACLES_LEFT_OUT).
SHIPPED_TESTS = ("__init__.py", "conftest.py", "support")
# The independent oracles (tests/support/oracles.py) compute the katas' answers: kata 02's greedy packing,
# kata 10's assembly, kata 09's BM25. In the release each is a stand-in that skips the test calling it,
# so that a test needing one says why it did not run there, and the grader, which has them, runs it.
ORACLES_LEFT_OUT_REASON = (
    "this students' copy leaves out the tests' oracles, which compute the katas' answers; "
    "your teacher's grading runs this test"
)
ORACLES_LEFT_OUT = f'''"""Left out of this students' copy: the tests' independent oracles compute the katas' answers.

Each name a test imports from here is a stand-in that skips the test calling it, with this reason:
{ORACLES_LEFT_OUT_REASON}.
"""

import pytest


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)

    def left_out(*arguments, **options):
        pytest.skip({ORACLES_LEFT_OUT_REASON!r})

    return left_out
'''


class ReleaseProblem(ValueError):
    """The release cannot be built there, or from here; the message says why."""


@dataclass
class Release:
    folder: Path
    files: list[Path]  # every file written, relative to the folder
    mistakes: int  # catalogued mistakes kept as records
    tracked: bool = True  # only the files git tracks were copied (False: no git here, so every file)
    untracked: list[Path] = field(default_factory=list)  # files of the shipped folders left out, as git has none


def build_release(folder: Path) -> Release:
    """Write the students' release into `folder`, which must be new or empty and outside the copied folders."""
    if not has_solutions():
        raise ReleaseProblem(f"cannot build a release from here: {NO_SOLUTIONS_HERE}")
    stubs = {kata: untouched_stub(kata) for kata in KATAS}  # as shipped: never a teacher's solved file
    folder = _checked_folder(Path(folder))
    copier = Copier(folder, tracked_files())
    for name in SHIPPED:
        copier.copy(ROOT / name)
    for name in SHIPPED_DOCS:
        if (ROOT / name).is_file():
            copier.copy(ROOT / name)
    _write(folder / ".gitignore", GITIGNORE)
    for kata, stub in stubs.items():
        copier.copy(TESTS / kata.slug)
        _write(folder / "problems" / kata.slug / f"{kata.module}.py", stub)
        for name in ("README.md", "hints.md"):
            copier.copy(kata.stub_path().parent / name)
    for name in SHIPPED_TESTS:
        copier.copy(TESTS / name)
    _write(folder / "tests" / "support" / "oracles.py", ORACLES_LEFT_OUT)  # they compute the katas' answers
    recorded = sum(_write_recorded_mistakes(kata, folder) for kata in KATAS)
    _write(folder / "README.md", students_readme())
    files = sorted(path.relative_to(folder) for path in folder.rglob("*") if path.is_file())
    return Release(folder, files, recorded, copier.tracked is not None, sorted(copier.untracked))


def _checked_folder(folder: Path) -> Path:
    resolved = folder.expanduser().resolve()
    if resolved.exists() and (not resolved.is_dir() or any(resolved.iterdir())):
        raise ReleaseProblem(f"DIR {str(folder)!r} exists and is not an empty folder: give a new one")
    if resolved == ROOT or (ROOT in resolved.parents and resolved.relative_to(ROOT).parts[0] in _copied_roots()):
        raise ReleaseProblem(f"DIR {str(folder)!r} is inside what the release copies: give a folder elsewhere")
    resolved.mkdir(parents=True, exist_ok=True)
    return resolved


def _copied_roots() -> set[str]:
    return {Path(name).parts[0] for name in (*SHIPPED, *SHIPPED_DOCS)} | {"problems", "tests", "solutions"}


def recorded_mistakes(kata: Kata) -> dict[str, dict]:
    """Each catalogued mistake of the kata as the release keeps it: words and evidence, never code."""
    return {
        mistake.id: {
            "title": mistake.title,
            "hint": mistake.hint,
            "fails": sorted(mistake.known.fails),
            "stopped": sorted(mistake.known.stopped),
            "how": dict(sorted(mistake.known.how.items())),
        }
        for mistake in mistakes_of(kata).values()
    }


def _write_recorded_mistakes(kata: Kata, folder: Path) -> int:
    records = recorded_mistakes(kata)
    path = folder / RECORDED_MISTAKES.relative_to(ROOT) / f"{kata.slug}.json"
    _write(path, json.dumps(records, indent=1, ensure_ascii=False) + "\n")
    return len(records)


@dataclass
class Copier:
    """Copies files of this copy to the same place in the release: only those git tracks, where it can tell."""

    folder: Path
    tracked: set[Path] | None
    untracked: list[Path] = field(default_factory=list)  # left out, relative to the repository's root

    def copy(self, source: Path) -> None:
        for path in files_under(source):
            relative = path.relative_to(ROOT)
            if self.tracked is not None and relative not in self.tracked:
                self.untracked.append(relative)
                continue
            target = self.folder / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
