"""A correct solution that also tries to write and delete files: in its worker's folder, in the
grader's and in its own submission's folder (all refused where the worker is confined; the
refusals are caught)."""

from collections.abc import Sequence
import os
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT_GUESSES = [Path.cwd().parent, *Path(os.environ.get("PYTHONPATH", ".")).resolve().parents,
                Path(os.environ.get("PYTHONPATH", ".")).resolve()]


def vandalize():
    for attempt in (lambda: Path("scratch.txt").write_text("mine to write"), lambda: Path("scratch.txt").unlink(),
                    lambda: (HERE / "fixed_windows.py").unlink(missing_ok=True)):  # the worker's copy of this file
        try:
            attempt()
        except OSError:
            pass
    for root in ROOT_GUESSES:
        for target in (root / "tests" / "01_fixed_windows" / "test_hidden.py", root / "README.md",
                       root / "solutions" / "01_fixed_windows" / "fixed_windows.py"):
            for attempt in (target.unlink, lambda: target.write_text("")):
                try:
                    attempt()
                except OSError:
                    pass


vandalize()


def fixed_windows(tokens, chunk_size, overlap=0):
    for name, value in (("chunk_size", chunk_size), ("overlap", overlap)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"{name} must be an int, got {value!r}")
    if chunk_size < 1:
        raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
    if overlap < 0 or overlap >= chunk_size:
        raise ValueError(f"overlap must be in [0, chunk_size), got {overlap}")
    if not isinstance(tokens, Sequence):
        raise TypeError(f"tokens must be a sequence, got {type(tokens).__name__}")
    step = chunk_size - overlap
    starts = range(0, max(len(tokens) - overlap, 1), step) if tokens else []
    return [list(tokens[start:start + chunk_size]) for start in starts]
