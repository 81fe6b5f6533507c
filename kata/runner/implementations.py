"""Which implementation the tests judge, and loading it kata by kata.

`--impl` (or the KATA_IMPL variable) names it:
  learner (the default)      problems/<kata>/<module>.py, the learner's own code
  reference                  solutions/<kata>/<module>.py, the model answers
  mistake:<kata>:<id>        one entry of solutions/<kata>/mistakes.py
  a folder                   laid out like problems/ (a student's copy)
  a .py file                 one kata's module, for the tests of that kata
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from importlib.util import decode_source
from pathlib import Path
from types import SimpleNamespace

from kata.judging import load_problems
from kata.judging.calls import Judged
from kata.judging.limits import WORKER_MEMORY_MB
from kata.katas import (
    KATAS,
    NO_SOLUTIONS_HERE,
    PROBLEMS,
    SOLUTIONS,
    Kata,
    UnknownKata,
    find_kata,
    has_solutions,
    relative,
)
from kata.katas.stubs import source_is_untouched
from kata.runner.mistakes import mistakes_of
from kata.runner.modules import LoadProblem, load_module


class NotStarted(Exception):
    """The kata's functions are still the untouched stub."""


class BadImplOption(Exception):
    """--impl names nothing usable."""


@dataclass(frozen=True)
class Implementation:
    kind: str  # "learner", "reference", "folder", "file" or "mistake"
    where: Path | None = None
    mistake_kata: Kata | None = None
    mistake_id: str = ""
    isolated: bool = False  # run in a worker process of its own (kata.sandbox.client)
    memory_mb: int = WORKER_MEMORY_MB  # the worker's address space, when isolated
    # When isolated: run the code only in a worker the kernel confines (kata.sandbox.confinement).
    confined: bool = False
    # A file that defines only some of the kata's functions is judged on those (--defined-only).
    defined_only: bool = False

    def describe(self) -> str:
        if self.kind == "learner":
            return f"your code in {relative(PROBLEMS)}/"
        if self.kind == "reference":
            return f"the reference solutions in {relative(SOLUTIONS)}/"
        if self.kind == "mistake":
            kata = self.mistake_kata
            assert kata is not None  # a mistake's kata is parsed with it (parse_impl)
            return f"the catalogued mistake {self.mistake_id!r} of kata {kata.slug} ({relative(kata.mistakes_path())})"
        return f"the {self.kind} {self.where}"

    @property
    def judges_one_kata(self) -> bool:
        return self.kind in ("file", "mistake")

    def source(self, kata: Kata) -> Path:
        if self.kind == "learner":
            return kata.stub_path()
        if self.kind == "reference":
            return kata.reference_path()
        if self.kind == "mistake":
            return kata.mistakes_path()
        assert self.where is not None  # a file's or folder's path is parsed with it (parse_impl)
        if self.kind == "folder":
            nested = self.where / kata.slug / f"{kata.module}.py"
            flat = self.where / f"{kata.module}.py"
            return flat if flat.exists() and not nested.exists() else nested
        return self.where

    def load(self, kata: Kata) -> SimpleNamespace:
        """The kata's functions, each wrapped so that calls are recorded; raises LoadProblem or NotStarted."""
        if self.kind in ("reference", "mistake") and not has_solutions():
            raise LoadProblem(f"{self.describe()} cannot be used: {NO_SOLUTIONS_HERE}.")
        if self.kind == "mistake":
            return self._load_mistake(kata)
        if self.isolated:
            return self._load_isolated(kata)
        path = self.source(kata)
        if path.is_file() and untouched_or_unreadable(path, kata.functions):  # read before it is run, as isolated
            raise NotStarted(f"write your solution in {relative(path)}")
        module = load_module(path, f"kata_impl_{self.kind}_{kata.number}")
        functions = {}
        for name in kata.functions:
            function = getattr(module, name, None)
            if callable(function):
                functions[name] = Judged(name, function, path, kata.slug)
            elif not self.defined_only:
                raise LoadProblem(load_problems.defines_no_function(relative(path), name))
        if not functions:
            raise LoadProblem(load_problems.defines_no_function(relative(path), kata.functions[0]))
        return SimpleNamespace(**functions)

    def _load_isolated(self, kata: Kata) -> SimpleNamespace:  # the only place a run loads the sandbox
        """The same functions, run in a worker process: the file is only read here, never run."""
        from kata.sandbox import IsolatedFunction, WorkerCouldNotStart, worker_for

        path = self.source(kata)
        if not path.is_file():
            raise LoadProblem(load_problems.no_file(relative(path)))
        if untouched_or_unreadable(path, kata.functions):
            raise NotStarted(f"write your solution in {relative(path)}")
        worker = worker_for(path, kata.functions, self.memory_mb, self.confined, kata=kata.slug)
        try:
            worker.start_if_needed()
        except WorkerCouldNotStart as problem:
            raise LoadProblem(str(problem)) from None
        return SimpleNamespace(
            **{
                name: Judged(name, IsolatedFunction(worker, name), path, kata.slug, isolated=True)
                for name in kata.functions
            }
        )

    def _load_mistake(self, kata: Kata) -> SimpleNamespace:
        assert self.mistake_kata is not None  # parsed with the mistake (parse_impl)
        if kata != self.mistake_kata:
            raise LoadProblem(
                f"the mistake {self.mistake_id!r} belongs to kata {self.mistake_kata.slug}, not {kata.slug}."
            )
        mistake = mistakes_of(kata).get(self.mistake_id)
        if mistake is None:
            known = ", ".join(mistakes_of(kata)) or "none"
            raise LoadProblem(f"kata {kata.slug} has no catalogued mistake {self.mistake_id!r}; it has: {known}.")
        path = kata.mistakes_path()
        return SimpleNamespace(
            **{name: Judged(name, getattr(mistake, name), path, kata.slug) for name in kata.functions}
        )


def parse_impl(value: str | None) -> Implementation:
    value = (value or "learner").strip()
    if value in ("learner", "problems"):
        return Implementation("learner")
    if value in ("reference", "solutions"):
        return Implementation("reference")
    if value.startswith("mistake:"):
        parts = value.split(":")
        if len(parts) != 3 or not parts[2]:
            raise BadImplOption(
                f"--impl={value}: write mistake:<kata>:<id>, for example mistake:01:redundant_tail_window"
            )
        try:
            kata = find_kata(parts[1])
        except UnknownKata as error:
            raise BadImplOption(f"--impl={value}: {error}") from None
        return Implementation("mistake", mistake_kata=kata, mistake_id=parts[2])
    path = Path(value).expanduser().resolve()
    if path.is_dir():
        return Implementation("folder", path)
    if path.is_file() and path.suffix == ".py":
        return Implementation("file", path)
    raise BadImplOption(
        f"--impl={value}: no such folder or .py file. Use learner, reference, mistake:<kata>:<id>, "
        "a folder laid out like problems/, or one kata's .py file."
    )


def kata_defined_in(path: Path) -> Kata | None:
    """The kata whose functions a file defines (read, not run), for --impl=FILE without a test path."""
    names = _top_level_functions(path)
    matches = [kata for kata in KATAS if set(kata.functions) <= names]
    return matches[0] if len(matches) == 1 else None


def untouched_or_unreadable(path: Path, functions: tuple[str, ...]) -> bool:
    """is_untouched for a submission: a file that cannot be parsed raises LoadProblem, saying why."""
    try:
        return is_untouched(path, functions)
    except SyntaxError as error:
        raise LoadProblem(
            load_problems.syntax_error(relative(path), error), load_problems.place_of_the_syntax_error(error)
        ) from None
    except (ValueError, UnicodeDecodeError) as error:
        raise LoadProblem(load_problems.unreadable_source(relative(path), error)) from None
    except (MemoryError, RecursionError) as error:  # the parser's own limits, met by a deeply nested expression
        raise LoadProblem(load_problems.too_deeply_nested(relative(path), error)) from None


def is_untouched(path: Path, functions: tuple[str, ...]) -> bool:
    """True when every one of the functions still only raises NotImplementedError, as in the stub."""
    return source_is_untouched(read_as_python(path), functions, str(path))


def _top_level_functions(path: Path) -> set[str]:
    try:
        return {node.name for node in _parse(path).body if isinstance(node, ast.FunctionDef)}
    except (SyntaxError, ValueError, UnicodeDecodeError, MemoryError, RecursionError):  # it names no kata
        return set()


def _parse(path: Path) -> ast.Module:
    return ast.parse(read_as_python(path), str(path))


def read_as_python(path: Path) -> str:
    """A module's source as Python reads it when it runs the file: in the encoding its first lines declare (UTF-8
    by default), so that what the tests see of a submission is what its worker runs. A file in an encoding that
    Python does not know raises SyntaxError, one that does not decode in its encoding UnicodeDecodeError."""
    return decode_source(path.read_bytes())


def decoded_as_python(data: bytes) -> str:
    """read_as_python for bytes already read; bytes that do not decode so (which Python would not run) as UTF-8,
    each undecodable byte as U+FFFD."""
    try:
        return decode_source(data)
    except (SyntaxError, UnicodeDecodeError, LookupError):
        return data.decode("utf-8", "replace")
