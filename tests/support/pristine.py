"""The katas' stubs as the repository ships them, whatever a learner has written in problems/ since.

Tests that need an untouched stub take it from here, never from problems/ itself: a learner
who has started a kata must still see these tests pass, and no test writes there. The stub
is the newest version that is still untouched (every function of the kata only raises
NotImplementedError): git's HEAD, the file itself, or an older commit of it, for a learner
who has committed their work. Where none is found (a copy without git whose stub was
solved), the test that needs it skips, saying so.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from kata.katas import KATAS, ROOT, Kata, relative
from kata.runner.implementations import source_is_untouched

VERSIONS_LOOKED_AT = 100  # of the stub's history in git, newest first


def stub_source(kata: Kata) -> str:
    """The newest untouched version of the kata's stub; skips the test when there is none."""
    for source in _versions(kata):
        try:
            if source_is_untouched(source, kata.functions):
                return source
        except (SyntaxError, ValueError):
            continue
    pytest.skip(f"no untouched stub of {kata.slug} is here: {relative(kata.stub_path())} is changed and git "
                "holds no untouched version of it")


def _versions(kata: Kata) -> Iterator[str]:
    path = relative(kata.stub_path())
    yield from _git("show", f"HEAD:{path}")
    if kata.stub_path().exists():
        yield kata.stub_path().read_text(encoding="utf-8")
    for commit in "".join(_git("log", f"-n{VERSIONS_LOOKED_AT}", "--format=%H", "--", path)).split():
        yield from _git("show", f"{commit}:{path}")


def _git(*arguments: str) -> Iterator[str]:
    """What git prints, if there is a git checkout and the command succeeds; nothing otherwise."""
    try:
        done = subprocess.run(["git", *arguments], cwd=ROOT, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return
    if done.returncode == 0:
        yield done.stdout


def write_pristine_stubs(folder: Path, katas: tuple[Kata, ...] = KATAS) -> Path:
    """The untouched stubs of the katas (every kata unless given) in `folder`, laid out like problems/."""
    for kata in katas:
        path = folder / kata.slug / f"{kata.module}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(stub_source(kata), encoding="utf-8")
    return folder
