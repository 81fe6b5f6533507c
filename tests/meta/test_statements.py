"""Every worked example and figure in a statement is what the reference and the tests do.

The `>>>` sessions of each problems/NN_slug/README.md run in order, in one namespace per
statement (later examples use names that earlier ones define), with the reference's
functions in it; each printed result or error is compared with what really happens. The
examples' own tests (tests/NN_slug/test_examples.py) hold the learner's code to the same
figures; this test holds the statement's text to the reference, so that a figure changed
in one place and not the other is caught.

The figures of the Constraints sections (the time limits, the sizes of the large inputs and
what the reference makes of them) are held to the tests that use them: every limit stated is
a guard's limit and every guard's limit is stated, and every large number stated appears in
the kata's tests, where the guards check it against the answer.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

from kata.command.statement_examples import Example, examples_in, namespace_for
from kata.judging import guards
from kata.judging.guards import GUARD_SECONDS
from kata.judging.limits import PACE_FACTOR
from kata.katas import KATAS, TESTS
from kata.runner.modules import load_module

ERROR_LINE = re.compile(r"^(?P<type>[A-Z]\w*(?:Error|Exception|Iteration))(?:: (?P<message>.*))?$")
# A fixed limit ("a limit of 2 seconds", "2 for the two small ones") and a paced guard's ("a limit of 10 times the
# CPU time of the tests' own plain pass"), whose words may break across lines anywhere a space is.
STATED_LIMIT = re.compile(r"\b(\d+)\s+(?:seconds?\b|for\s+the\s+two\b)")
STATED_PACE = re.compile(r"\b(\d+)\s+times\s+the\s+CPU\s+time\s+of\s+the\s+tests'\s+own\s+plain\s+pass")
LARGE_NUMBER = re.compile(r"\b\d{1,3}(?:,\d{3})+\b|\b\d+(?:_\d{3})+\b")  # 2,232 or 10_000
# Figures of a Constraints section that describe a cost rather than a test's input; each is
# measured by the benchmark named.
DESCRIBED_COSTS = {("06", "20,000"): "benchmarks/headroom.py"}
OPTIONAL_MODULES = {extra for kata in KATAS for extra in kata.extras}  # without one, its examples cannot run


class NeedsAnExtra(Exception):
    """The example imports an optional module that is not installed here."""


def names_bound_by(source: str) -> set[str]:
    """The names an example's code would define (its imports and assignments)."""
    bound = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            bound.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            bound.add(node.id)
    return bound


def mismatch(example: Example, namespace: dict, unavailable: set[str] | None = None) -> str | None:
    """What is wrong with the example when run in `namespace`, or None if it prints what the statement says.

    `unavailable` holds the names that examples needing an extra would have defined: an example that uses
    one needs that extra too (NeedsAnExtra), and the names it would define join them."""
    unavailable = set() if unavailable is None else unavailable
    expected_error = ERROR_LINE.match(example.printed)
    try:
        code = compile(example.source, f"line {example.line}", "eval")
    except SyntaxError:
        code = compile(example.source, f"line {example.line}", "exec")
    try:
        value = eval(code, namespace)
    except Exception as error:  # the example's own error, to be compared with the one printed
        missing = error.name if isinstance(error, ModuleNotFoundError) and error.name in OPTIONAL_MODULES else None
        if isinstance(error, NameError) and error.name in unavailable:
            missing = f"what needs {error.name}"
        if missing is not None:
            unavailable |= names_bound_by(example.source)
            raise NeedsAnExtra(missing) from None
        shown = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
        if expected_error and shown == example.printed:
            return None
        return f"line {example.line}: {example.source!r} raised {shown}; the statement says {example.printed!r}"
    shown = "" if value is None else repr(value)
    if shown == example.printed:
        return None
    return f"line {example.line}: {example.source!r} gives {shown!r}; the statement says {example.printed!r}"


def examples_checked(kata) -> tuple[list[str], list[str]]:
    """The statement's examples run against the reference: what is wrong, and what could not run here."""
    examples = examples_in(kata.statement_path())
    assert examples, f"the statement of {kata.slug} has no >>> examples"
    reference = load_module(kata.reference_path(), f"kata_statement_reference_{kata.number}")
    namespace = namespace_for({name: getattr(reference, name) for name in dir(reference) if not name.startswith("_")})
    wrong, not_run, unavailable = [], [], set()
    for example in examples:
        try:
            found = mismatch(example, namespace, unavailable)
        except NeedsAnExtra as missing:
            not_run.append(f"line {example.line} needs {missing}")
            continue
        if found is not None:
            wrong.append(found)
    return wrong, not_run


@pytest.mark.parametrize("kata", KATAS, ids=[kata.slug for kata in KATAS])
def test_every_example_in_the_statement_is_what_the_reference_does(kata):
    wrong, not_run = examples_checked(kata)
    assert not wrong, f"{len(wrong)} examples in {kata.slug}'s statement are wrong:\n" + "\n".join(wrong)
    if not_run:
        pytest.skip(f"the other examples are right; not installed, so not run: {'; '.join(not_run)}")


WITH_EXTRAS = [kata for kata in KATAS if kata.extras]


@pytest.mark.parametrize("kata", WITH_EXTRAS, ids=[kata.slug for kata in WITH_EXTRAS])
def test_without_an_extra_its_examples_and_those_that_use_them_are_not_run(monkeypatch, kata):
    """A statement that imports an optional module, then uses it (kata 06: tiktoken): without it, those lines are
    not run, not wrong."""
    for extra in kata.extras:
        monkeypatch.setitem(sys.modules, extra, None)  # import it now fails as if it were not installed
    wrong, not_run = examples_checked(kata)
    assert not wrong, wrong
    assert not_run and all("needs" in line for line in not_run), not_run
    assert any(f"needs what needs {extra}" in line for line in not_run for extra in kata.extras), not_run


def test_the_reader_finds_each_example_with_what_it_prints(tmp_path):
    statement = tmp_path / "README.md"
    statement.write_text(
        "Text.\n\n```python\n>>> x = (1,\n...      2)\n>>> x\n(1,\n 2)\n>>> 1 / 0\n"
        "ZeroDivisionError: division by zero\n```\n\n```\n>>> not python\n```\n",
        encoding="utf-8",
    )
    assert examples_in(statement) == [
        Example(4, "x = (1,\n     2)", ""),
        Example(6, "x", "(1, 2)"),
        Example(9, "1 / 0", "ZeroDivisionError: division by zero"),
    ]
    namespace: dict = {}
    assert [mismatch(example, namespace) for example in examples_in(statement)] == [None, None, None]
    assert mismatch(Example(1, "x", "(2, 1)"), namespace) == "line 1: 'x' gives '(1, 2)'; the statement says '(2, 1)'"


GUARD_MARKERS = ("complexity_guard", "progress_guard", "memory_guard")


def guard_markers_in(test_file: Path) -> list[ast.Call]:
    return [
        node
        for node in ast.walk(ast.parse(test_file.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in GUARD_MARKERS
    ]


def is_paced(marker: ast.Call) -> bool:
    return any(
        keyword.arg == "paced" and isinstance(keyword.value, ast.Constant) and keyword.value.value is True
        for keyword in marker.keywords
    )


def guard_limits_in(test_file: Path) -> set[float]:
    """The seconds of every guard marker (kata.judging.guards) in the file that is not paced, read from its source:
    a paced guard's limit is PACE_FACTOR times its plain pass."""
    tree = ast.parse(test_file.read_text(encoding="utf-8"))
    constants = {
        target.id: node.value.value
        for node in tree.body
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    limits = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in GUARD_MARKERS and not is_paced(node):
            seconds = next((keyword.value for keyword in node.keywords if keyword.arg == "seconds"), None)
            if seconds is None:
                limits.add(GUARD_SECONDS)
            else:
                limits.add(float(seconds.value if isinstance(seconds, ast.Constant) else constants[seconds.id]))
    return limits


def constraints_of(kata) -> str:
    return kata.statement_path().read_text(encoding="utf-8").partition("## Constraints")[2]


def files_of_the_tests_of(kata) -> list[Path]:
    return sorted((TESTS / kata.slug).glob("test_*.py"))


@pytest.mark.parametrize("kata", KATAS, ids=[kata.slug for kata in KATAS])
def test_the_time_limits_stated_are_the_guards_limits(kata):
    guards = set().union(*(guard_limits_in(path) for path in files_of_the_tests_of(kata)))
    stated = {float(seconds) for seconds in STATED_LIMIT.findall(constraints_of(kata))}
    assert stated == guards, (
        f"{kata.slug}: the statement's Constraints give limits of {sorted(stated)} seconds, "
        f"the tests' guards {sorted(guards)}"
    )


@pytest.mark.parametrize("kata", KATAS, ids=[kata.slug for kata in KATAS])
def test_the_pace_stated_is_the_paced_guards_factor(kata):
    """A kata with paced guards says how their limit is set, with the factor the runner uses; one without, nothing."""
    paced = any(is_paced(marker) for path in files_of_the_tests_of(kata) for marker in guard_markers_in(path))
    stated = {float(factor) for factor in STATED_PACE.findall(constraints_of(kata))}
    assert stated == ({PACE_FACTOR} if paced else set()), (
        f"{kata.slug}: the statement's Constraints give paces of {sorted(stated)}; the kata "
        + (
            f"has paced guards, whose limit is {PACE_FACTOR:g} times their plain pass"
            if paced
            else "has no paced guard"
        )
    )


@pytest.mark.parametrize("kata", KATAS, ids=[kata.slug for kata in KATAS])
def test_every_large_number_stated_is_in_the_tests(kata):
    tests = "\n".join(path.read_text(encoding="utf-8") for path in files_of_the_tests_of(kata))
    missing = []
    for figure in sorted(set(LARGE_NUMBER.findall(constraints_of(kata)))):
        value = int(figure.replace(",", "").replace("_", ""))
        if (kata.number, figure) not in DESCRIBED_COSTS and not any(
            form in tests for form in (str(value), f"{value:_}", f"{value:,}")
        ):
            missing.append(figure)
    assert not missing, f"{kata.slug}: the statement's Constraints give {missing}, which no test of the kata uses"


def test_the_limit_reader_finds_default_literal_and_named_seconds(tmp_path):
    test_file = tmp_path / "test_x.py"
    test_file.write_text(
        "SLOW = 40.0\n@progress_guard()\ndef a(): pass\n@complexity_guard(seconds=4, hint='')\n"
        "def b(): pass\n@complexity_guard(seconds=SLOW, hint='')\ndef c(): pass\n"
        "@complexity_guard(seconds=3, paced=True, hint='')\ndef d(): pass\n",
        encoding="utf-8",
    )
    assert guard_limits_in(test_file) == {GUARD_SECONDS, 4.0, 40.0}


def test_the_limit_reader_knows_every_guard_marker():
    """A new kind of guard the reader did not know would hide its limit from the test above."""
    markers = {
        name
        for name, value in vars(guards).items()
        if name.endswith("_guard") and not name.startswith("_") and callable(value)
    }
    assert markers == set(GUARD_MARKERS)
