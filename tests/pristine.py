"""The katas' stubs as the repository holds them, whatever a learner has written in problems/ since.

Tests that need an untouched stub take it from here, never from problems/ itself: a learner
who has started a kata must still see these tests pass, and no test writes there.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from kata.catalog import KATAS, ROOT, Kata, relative


def stub_source(kata: Kata) -> str:
    """The stub as committed (git's HEAD); the file as it is, where there is no git checkout."""
    path = relative(kata.stub_path())
    try:
        done = subprocess.run(["git", "show", f"HEAD:{path}"], cwd=ROOT, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        done = None
    if done is not None and done.returncode == 0:
        return done.stdout
    return kata.stub_path().read_text(encoding="utf-8")


def write_pristine_stubs(folder: Path) -> Path:
    """Every kata's untouched stub in `folder`, laid out like problems/ (NN_slug/module.py)."""
    for kata in KATAS:
        path = folder / kata.slug / f"{kata.module}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(stub_source(kata), encoding="utf-8")
    return folder
