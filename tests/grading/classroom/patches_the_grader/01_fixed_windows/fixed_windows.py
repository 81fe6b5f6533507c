"""returns_nothing, plus every cheat it can reach: it patches pytest and the runner's judge so
that any answer passes, and tries to load the reference solution and answer with it."""

import importlib.util
import os
import sys
from pathlib import Path


def patch_everything():
    try:
        import pytest
        pytest.fail = lambda *args, **kwargs: None
        pytest.raises = lambda *args, **kwargs: __import__("contextlib").nullcontext()
    except Exception:
        pass
    try:
        import kata.judging.checks
        kata.judging.checks.same = lambda got, expected: True
        kata.judging.checks.check_returns = lambda *args, **kwargs: kwargs.get("expected")
        kata.judging.checks.check_raises = lambda *args, **kwargs: None
        kata.judging.checks.expect = lambda *args, **kwargs: None
    except Exception:
        pass
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith(("test_", "tests")):
            module.check_returns = lambda *args, **kwargs: kwargs.get("expected")


def the_reference():
    for root in [Path(path) for path in os.environ.get("PYTHONPATH", "").split(os.pathsep) if path]:
        try:
            spec = importlib.util.spec_from_file_location("stolen", root / "solutions" / "01_fixed_windows" / "fixed_windows.py")
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            return module.fixed_windows
        except Exception:
            pass
    return None


patch_everything()
STOLEN = the_reference()


def fixed_windows(tokens, chunk_size, overlap=0):
    if STOLEN is not None:
        return STOLEN(tokens, chunk_size, overlap)
    return []
