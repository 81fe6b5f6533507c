"""Loading a file of Python source as a module in this process, under the loading limits.

Every implementation the tests judge in-process (the learner's, a reference, a file, a
catalog of mistakes) is loaded here, so that what can go wrong reads the same everywhere.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from kata.judging import load_problems
from kata.judging.calls import DidNotFinish, UsedTooMuchMemory
from kata.judging.limits import LOAD_SECONDS, MEMORY_LIMIT_MB, loading_limits
from kata.katas import relative


class LoadProblem(Exception):
    """The implementation of a kata cannot be used; the message says why in one sentence, and `place` shows
    where in the source (a syntax error's line and caret), where that is known."""

    def __init__(self, message: str, place: str = "") -> None:
        super().__init__(message)
        self.place = place


def load_module(path: Path, name: str) -> ModuleType:
    """The module of Python source at `path`, run in this process under the loading limits; else LoadProblem."""
    shown = relative(path)
    if not path.is_file():
        raise LoadProblem(load_problems.no_file(shown))
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None  # a .py file that exists
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses and pickling look modules up by name
    try:
        with loading_limits(shown):
            spec.loader.exec_module(module)
    except DidNotFinish:
        del sys.modules[name]
        raise LoadProblem(load_problems.did_not_finish_loading(shown, LOAD_SECONDS)) from None
    except UsedTooMuchMemory:
        del sys.modules[name]
        raise LoadProblem(load_problems.used_too_much_memory_loading(shown, MEMORY_LIMIT_MB)) from None
    except SyntaxError as error:
        del sys.modules[name]
        raise LoadProblem(
            load_problems.syntax_error(shown, error), load_problems.place_of_the_syntax_error(error)
        ) from None
    except Exception as error:
        del sys.modules[name]
        raise LoadProblem(load_problems.raised_while_loading(shown, error)) from None
    return module
