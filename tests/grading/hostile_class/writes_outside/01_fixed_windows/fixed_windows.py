"""Writes outside its folder by the ways an ordinary open() check missed: sqlite, a fifo, extended
attributes, modes, times, truncation, links."""

import os
import sqlite3
from pathlib import Path

def repository():
    """The grader's checkout: the runner's package is imported in every worker."""
    import sys
    return Path(sys.modules["kata"].__file__).resolve().parent.parent


def write_outside():
    root = repository()
    readme = str(root / "README.md")
    attempts = [
        lambda: sqlite3.connect(str(root / "grades.db")).execute("create table grades (student, score)"),
        lambda: os.mkfifo(root / "a-fifo"),
        lambda: os.setxattr(readme, "user.graded", b"51/51"),
        lambda: os.chmod(readme, 0o777),
        lambda: os.utime(readme, (0, 0)),
        lambda: os.truncate(readme, 0),
        lambda: os.symlink(readme, root / "a-link"),
        lambda: os.link(readme, "stolen-readme"),
    ]
    for attempt in attempts:
        try:
            attempt()
        except Exception:
            pass


write_outside()


def fixed_windows(tokens, chunk_size, overlap=0):
    return []
