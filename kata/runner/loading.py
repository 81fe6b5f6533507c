"""Loading a file of Python source as a module in this process, under the loading limits.

Every implementation the tests judge in-process (the learner's, a reference, a file, a
catalog of mistakes) is loaded here, so that what can go wrong reads the same everywhere.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from kata.catalog import relative
from kata.judging.limits import LOAD_SECONDS, MEMORY_LIMIT_MB, DidNotFinish, UsedTooMuchMemory, loading_limits


class LoadProblem(Exception):
    """The implementation of a kata cannot be used; the message says why in one sentence."""


def load_module(path: Path, name: str):
    if not path.is_file():
        raise LoadProblem(f"there is no file {relative(path)}.")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None  # a .py file that exists
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses and pickling look modules up by name
    try:
        with loading_limits(relative(path)):
            spec.loader.exec_module(module)
    except DidNotFinish:
        del sys.modules[name]
        raise LoadProblem(f"loading {relative(path)} did not finish within {LOAD_SECONDS:g} s: "
                          "a loop at the top level of the module?") from None
    except UsedTooMuchMemory:
        del sys.modules[name]
        raise LoadProblem(f"loading {relative(path)} used more than {MEMORY_LIMIT_MB} MB of memory: "
                          "a large value built at the top level of the module?") from None
    except SyntaxError as error:
        del sys.modules[name]
        raise LoadProblem(f"{relative(path)} has a syntax error on line {error.lineno}: {error.msg}.") from None
    except Exception as error:
        del sys.modules[name]
        raise LoadProblem(f"loading {relative(path)} raised {type(error).__name__}: {error}.") from None
    return module
