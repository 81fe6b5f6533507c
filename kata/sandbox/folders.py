"""Removing a folder, whatever was left in it.

The sandbox removes each worker's folder with it; grading, through the door, the copies of a class's
submissions (kata grade, GitHub Classroom), which may nest as deep: both hold what untrusted code made.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path


def remove_folder(folder: Path) -> None:
    """Remove a folder (a worker's, a copy of submissions), whatever a submission left in it.

    shutil.rmtree recurses once per level, so folders nested a few thousand deep (which an
    unconfined worker can make) raise RecursionError; rm, which does not recurse so, removes them.
    """
    try:
        shutil.rmtree(folder, ignore_errors=True)
    except RecursionError:
        subprocess.run(["rm", "-rf", "--", str(folder)], stdin=subprocess.DEVNULL, capture_output=True, timeout=60)
