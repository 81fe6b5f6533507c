"""What this copy of the repository holds, for what is built from it (the students' release, the Gradescope zip).

In a git checkout, what ships is what git tracks: a scratch file beside the tracked ones (a copy of a
reference, say) stays out. A copy without git (a downloaded zip) has no such list: everything ships,
and what builds from it says so.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from kata.katas import ROOT

# What Python, pytest, Hypothesis, pip and the kata command leave in a folder: never shipped.
LEFT_BY_TOOLS = ("__pycache__", ".hypothesis", ".pytest_cache", ".kata", "*.egg-info", "*.pyc")
_LEFT_BY_TOOLS = shutil.ignore_patterns(*LEFT_BY_TOOLS)


def tracked_files() -> set[Path] | None:
    """The files git tracks in this copy, relative to its root; None where it is not a git checkout."""
    if not (ROOT / ".git").exists():
        return None
    try:
        listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], capture_output=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return None
    if listed.returncode:
        return None
    return {Path(name) for name in listed.stdout.decode("utf-8", "surrogateescape").split("\0") if name}


def files_under(path: Path) -> list[Path]:
    """The path if it is a file, or the files under it, sorted, without what tools leave there nor symbolic
    links (which could lead anywhere)."""
    if path.is_symlink():
        return []
    if path.is_file():
        return [path]
    if not path.is_dir():
        return []
    entries = sorted(path.iterdir())
    ignored = _LEFT_BY_TOOLS(str(path), [entry.name for entry in entries])
    return [file for entry in entries if entry.name not in ignored for file in files_under(entry)]
