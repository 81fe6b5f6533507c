"""`kata viz`: draw a chunking over its input, the code under test beside the reference.

The input is a text file, one of the statement's examples, or a sample document of a few
pages (kata/katas/labelled_set/harbour_guide.md, kata 09's document). Both implementations get the same arguments; each
call runs under the runner's watchdog, the code under test with ten times the reference's
time (at least two seconds), so that a loop that never ends is drawn as DID NOT FINISH, in
the same words as the tests, and never as a blank page.
"""

from __future__ import annotations

import ast
import copy
import inspect
import itertools
import time
import webbrowser
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kata.command.progress import label
from kata.command.statement_examples import examples_in, namespace_for
from kata.drawing.chunk_page import Column, Page, chunk_page
from kata.drawing.chunkings import Drawing, Input, NotChunks, Units, words_in
from kata.drawing.kinds import drawing_of
from kata.drawing.statement_answer import MissingFunction, stand_ins, statement_column
from kata.judging.calls import LimitExceeded, UsedTooMuchMemory
from kata.judging.limits import CALL_SECONDS, Watchdog, can_watch, drop_locals, give_back_freed_memory
from kata.judging.vocabulary import (
    KataStatus,
    Verdict,
    counted,
    did_not_finish,
    raised,
    show,
    still_the_stub,
    too_much_memory,
)
from kata.katas import ROOT, Kata, has_solutions, relative
from kata.katas.labelled_set import DOCUMENT as SAMPLE_DOCUMENT
from kata.runner.implementations import Implementation, NotStarted, parse_impl
from kata.runner.modules import LoadProblem, load_module
from kata.runner.plain_words import where_in_learner_code

if TYPE_CHECKING:
    from collections.abc import Callable

MOST_BYTES = 2_000_000  # a larger text would make a page too large to read
MOST_UNITS = 100_000  # an example's iterator is read this far: one that never ends is refused
REFERENCE_SECONDS = 20.0
HEADROOM = 10  # the code under test may take ten times the reference's time...
LEAST_SECONDS = 2 * CALL_SECONDS  # ...and at least this long
ALONE_SECONDS = 5 * LEAST_SECONDS  # where there is no reference to time (a students' release)
NO_REFERENCE_HERE = "This copy of the katas has no reference solution to draw beside yours."
STATEMENT_ANSWERS = " The statement's examples, drawn as written (--example N), have its answers drawn beside yours."


class VizProblem(ValueError):
    """An input kata viz cannot draw; the message names the option and the value."""


@dataclass
class Run:
    answer: Any = None
    seconds: float = 0.0
    verdict: str = ""
    message: str = ""
    raised: str = ""  # the type of the exception the call raised, if it raised one


def viz(
    kata: Kata,
    text_file: Path | None = None,
    example: int | None = None,
    budget: int | None = None,
    overlap: int | None = None,
    impl: str | None = None,
    out: Path | None = None,
    open_page: bool = False,
) -> int:
    drawing = drawing_of(kata)
    judged = parse_impl(impl)
    if not has_solutions() and judged.kind in ("reference", "mistake"):
        judged.load(kata)  # raises LoadProblem, whose sentence says this copy has none
    reference = _functions_of(parse_impl("reference"), kata, drawing) if has_solutions() else None
    try:  # without a reference, the examples are bound to the signatures of the code under test
        names = reference or stand_ins(
            load_module(judged.source(kata), f"kata_viz_{kata.number}"), drawing, relative(judged.source(kata))
        )
    except (LoadProblem, MissingFunction) as problem:
        raise VizProblem(str(problem)) from None
    given = _input(kata, drawing, names, text_file, example, budget, overlap)
    source = drawing.source(given)
    columns, limit, limit_is = [], ALONE_SECONDS, "the limit of a call drawn without a reference"
    if reference is not None:
        theirs = _run(drawing, reference, given, REFERENCE_SECONDS, "the reference's limit", kata.reference_path())
        columns = [_as_asked(_column(drawing, theirs, given, source, "Reference", relative(kata.reference_path())))]
        limit, limit_is = (
            max(LEAST_SECONDS, HEADROOM * theirs.seconds),
            f"ten times the reference's time, and at least {LEAST_SECONDS:g} s",
        )
    else:
        columns = [column for column in [statement_column(kata, drawing, given, source)] if column is not None]
    if judged.kind != "reference":
        mine = _run_judged(kata, drawing, judged, given, limit, limit_is)
        name = "Tested" if judged.kind == "mistake" else "Yours"
        column = _column(drawing, mine, given, source, name, relative(judged.source(kata)))
        asked = column.raised and columns and column.raised == columns[0].raised
        columns.insert(0, _as_asked(column) if asked else column)
    page = Page(
        title=f"{label(kata)}: {drawing.function}, drawn",
        call=_call_in_words(drawing, given),
        described=given.described,
        summary="",
        budget=_budget_of(drawing, given),
        source=source,
        columns=columns,
    )
    other = "the reference" if reference is not None else "the statement"
    if len(columns) == 2:
        page.first_difference, page.summary = compare(columns[0], columns[1], source, other)
    elif reference is not None:
        page.summary = _reference_alone(columns[0])
    else:
        page.summary = _yours_alone(columns[0])
    if reference is None:
        page.summary += (
            " "
            + NO_REFERENCE_HERE
            + (
                " The statement's answer for this example is drawn beside yours."
                if len(columns) == 2
                else STATEMENT_ANSWERS
            )
        )
    out = out or ROOT / ".kata" / f"viz-{kata.slug}.html"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(chunk_page(page), encoding="utf-8")
    print(page.summary)
    print(f"The chunks are drawn in {_shown(out)}" + ("." if open_page else " (--open opens it in a browser)."))
    if open_page and not webbrowser.open(out.resolve().as_uri()):
        print("No browser could be started here: open the file in one.")
    return 0


def _as_asked(column: Column) -> Column:
    """A column whose code raised what the reference raises here: what the statement asks, not an error."""
    if column.raised:
        column.verdict, column.as_asked = f"raises {column.raised}", True
        column.message += ", as the statement asks."
    return column


def _yours_alone(column: Column) -> str:
    """The page's one line when the code under test is drawn alone (a release, on an input the statement has no
    answer for)."""
    if column.verdict:
        return f"Yours: {column.verdict}."
    if column.questions:
        return f"Your recall: {column.recall!r}."
    return f"Yours gives {_chunks(len(column.chunks))}."


def _reference_alone(column: Column) -> str:
    """The page's one line when only the reference is drawn (--impl=reference)."""
    if column.verdict:
        return f"The reference: {column.verdict}."
    if column.questions:
        answered = sum(question.answered for question in column.questions)
        return f"The reference's recall: {column.recall!r}, {answered} of {len(column.questions)} questions answered."
    return f"The reference gives {_chunks(len(column.chunks))}."


# The input ------------------------------------------------------------------------------


def _input(
    kata: Kata,
    drawing: Drawing,
    names: dict[str, Callable[..., Any]],
    text_file: Path | None,
    example: int | None,
    budget: int | None,
    overlap: int | None,
) -> Input:
    if overlap is not None and drawing.overlap is None:
        raise VizProblem(f"--overlap {overlap}: {label(kata)} has no overlap")
    if budget is not None and drawing.budget is None:
        raise VizProblem(f"--max-tokens {budget}: {label(kata)} has no budget (its chunks are given as spans)")
    if text_file is not None and not drawing.reads_files:
        raise VizProblem(
            f"FILE {str(text_file)!r}: {label(kata)} draws "
            + ("its labelled set" if drawing.default_example is None else "a statement example")
            + ", or the one given with --example N: a file alone is not its input"
        )
    if example is None and text_file is None and drawing.default_example is not None:
        example = drawing.default_example
    if example is not None:
        given = _example(kata, drawing, example, names)
    else:
        path = text_file or SAMPLE_DOCUMENT
        text = _read_text(path)
        described = (
            f"the text of {_shown(path)}"
            if text_file
            else ("the sample document" if drawing.reads_files else "the labelled set")
        )
        arguments = drawing.from_text(text, budget or drawing.default_budget, overlap)
        given = Input(arguments, described, text)
    arguments = dict(given.arguments)
    if budget is not None and drawing.budget is not None:
        arguments[drawing.budget] = budget
    if overlap is not None and drawing.overlap is not None:
        arguments[drawing.overlap] = overlap
    _check_the_arguments_bind(drawing, names[drawing.function], arguments)
    # The statement's answer is for its example as written, not with another budget or overlap.
    expected = given.expected if arguments == given.arguments else None
    return Input(arguments, given.described, given.text, expected)


def _read_text(path: Path) -> str:
    try:
        if path.stat().st_size > MOST_BYTES:
            raise VizProblem(
                f"FILE {str(path)!r} is {path.stat().st_size:,} bytes; kata viz draws texts of at most {MOST_BYTES:,}"
            )
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise VizProblem(f"FILE {str(path)!r} is not UTF-8 text") from None
    except OSError as error:
        raise VizProblem(f"FILE {str(path)!r} cannot be read: {error.strerror}") from None


def _example(kata: Kata, drawing: Drawing, number: int, names: dict[str, Callable[..., Any]]) -> Input:
    """The arguments of the statement's example `number` (counted from 1 among the calls of the
    kata's function), evaluated after the assignments of the examples before it, and what the statement
    shows it gives."""
    if has_solutions():
        reference = parse_impl("reference").load(kata)
        names = {
            name: getattr(getattr(reference, name), "function", getattr(reference, name))
            for name in dir(reference)
            if not name.startswith("_")
        }
    namespace = namespace_for(names)
    calls = []
    for found in examples_in(kata.statement_path()):
        try:
            tree = ast.parse(found.source)
        except SyntaxError:
            continue
        call = next(
            (
                node
                for node in ast.walk(tree)
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == drawing.function
            ),
            None,
        )
        if call is not None:
            calls.append((found, call, dict(namespace)))
        if isinstance(tree.body[0], (ast.Assign, ast.Import, ast.ImportFrom)):
            try:
                exec(compile(tree, f"line {found.line}", "exec"), namespace)
            except Exception:  # an example that needs an extra not installed (tiktoken): the others still run
                pass
    if not 1 <= number <= len(calls):
        raise VizProblem(
            f"--example {number}: the statement of {label(kata)} has {len(calls)} examples "
            f"that call {drawing.function} (1 to {len(calls)})"
        )
    found, call, names = calls[number - 1]
    try:
        args = [_materialised(eval(compile(ast.Expression(node), "example", "eval"), names)) for node in call.args]
        kwargs = {
            keyword.arg: _materialised(eval(compile(ast.Expression(keyword.value), "example", "eval"), names))
            for keyword in call.keywords
            if keyword.arg
        }
    except VizProblem as problem:
        raise VizProblem(f"--example {number}: {problem}") from None
    except Exception as error:
        raise VizProblem(
            f"--example {number}: its arguments cannot be built here ({type(error).__name__}: {error})"
        ) from None
    reference_function = names[drawing.function]
    try:
        bound = inspect.signature(reference_function).bind(*args, **kwargs)
    except TypeError as error:
        raise VizProblem(f"--example {number}: {error}") from None
    bound.apply_defaults()
    return Input(
        dict(bound.arguments), f"the statement's example {number} (line {found.line})", None, found.printed or None
    )


def _materialised(value: Any) -> Any:
    """An iterator the example passes (kata 04) as a list, so that both implementations read the same."""
    if isinstance(value, Iterator):
        items = list(itertools.islice(value, MOST_UNITS + 1))
        if len(items) > MOST_UNITS:
            raise VizProblem(f"its input has more than {MOST_UNITS:,} items (it may never end), too many to draw")
        return items
    return value


def _check_the_arguments_bind(drawing: Drawing, reference: Callable[..., Any], arguments: dict[str, Any]) -> None:
    try:
        inspect.signature(reference).bind(**arguments)
    except TypeError as error:
        raise VizProblem(f"{drawing.function} cannot be called so: {error}") from None


# The calls ------------------------------------------------------------------------------


def _functions_of(judged: Implementation, kata: Kata, drawing: Drawing) -> dict[str, Callable[..., Any]]:
    """The drawing's function and its helpers, by name: the plain functions, not the runner's recording wrappers."""
    module = judged.load(kata)
    return {name: getattr(module, name).function for name in (drawing.function, *drawing.helpers)}


def _run_judged(kata: Kata, drawing: Drawing, judged: Implementation, given: Input, limit: float, limit_is: str) -> Run:
    try:
        functions = _functions_of(judged, kata, drawing)
    except NotStarted as error:  # its message says where to write the solution
        return Run(verdict=Verdict.NOT_STARTED, message=f"{str(error)[:1].upper()}{str(error)[1:]}.")
    except LoadProblem as error:
        return Run(verdict=KataStatus.CANNOT_RUN.upper(), message=str(error))
    return _run(drawing, functions, given, limit, limit_is, judged.source(kata))


def _body(report: str) -> str:
    """A verdict's words without the verdict's own line, which the page shows as the column's heading."""
    return report.split("\n", 1)[1]


def _run(
    drawing: Drawing, functions: dict[str, Callable[..., Any]], given: Input, limit: float, limit_is: str, source: Path
) -> Run:
    """One call under the watchdog, with its answer, its time, or the verdict that stopped it; `source` is the
    file of the code called, whose line that raised the report shows."""
    functions_file = source.resolve()
    arguments = {
        name: copy.deepcopy(value) if isinstance(value, (list, dict)) else value
        for name, value in given.arguments.items()
    }
    watchdog = Watchdog(limit) if can_watch() else None  # no watchdog on Windows: no limits there
    called = _call_in_words(drawing, given)
    started = time.perf_counter()
    try:
        if watchdog is not None:
            watchdog.start()
        try:
            answer = drawing.call(functions[drawing.function], arguments, functions)
        finally:
            if watchdog is not None:
                watchdog.stop()
    except LimitExceeded as exceeded:
        drop_locals(exceeded.__traceback__)
        give_back_freed_memory()
        if isinstance(exceeded, UsedTooMuchMemory):
            return Run(verdict=Verdict.TOO_MUCH_MEMORY, message=_body(too_much_memory(called, exceeded.limit, False)))
        return Run(verdict=Verdict.DID_NOT_FINISH, message=_body(did_not_finish(called, f"{limit:g} s ({limit_is})")))
    except NotChunks as wrong:
        return Run(verdict=Verdict.WRONG_ANSWER, message=f"Called {called}.\n{str(wrong)[:1].upper()}{str(wrong)[1:]}.")
    except NotImplementedError:
        return Run(verdict=Verdict.NOT_STARTED, message=_body(still_the_stub(called, relative(source))))
    except Exception as error:
        where = where_in_learner_code(error, functions_file)
        return Run(
            verdict=Verdict.ERROR,
            message=_body(raised(called, type(error).__name__, str(error), where)),
            raised=type(error).__name__,
        )
    return Run(answer=answer, seconds=time.perf_counter() - started)


def _column(drawing: Drawing, run: Run, given: Input, source: str | Units, name: str, where: str) -> Column:
    column = Column(name, where, verdict=run.verdict, message=run.message, seconds=run.seconds, raised=run.raised)
    if not run.verdict:
        try:
            picture = drawing.picture(run.answer, given, source)
        except NotChunks as wrong:
            column.verdict = Verdict.WRONG_ANSWER
            column.message = f"Called {_call_in_words(drawing, given)}.\n{str(wrong)[:1].upper()}{str(wrong)[1:]}."
        else:
            column.chunks, column.keys = picture.chunks, picture.keys
            column.questions, column.recall = picture.questions, picture.recall
    return column


# The comparison -------------------------------------------------------------------------


def compare(mine: Column, theirs: Column, source: str | Units, other: str = "the reference") -> tuple[int | None, str]:
    """The index of the first chunk that differs (None if none does), and one line that says how; `other` is
    whose the second column is: the reference's, or (in a release) the statement's answer."""
    if theirs.as_asked:
        asked = (
            f"The reference raises {theirs.raised}, as the statement asks"
            if other == "the reference"
            else f"The statement's answer is to raise {theirs.raised}"
        )
        return None, f"{asked}; yours " + (
            "raises it too."
            if mine.as_asked
            else f"raises {mine.raised}."
            if mine.raised
            else f"gives {mine.verdict}."
            if mine.verdict
            else f"returned {_chunks(len(mine.chunks))}."
        )
    if mine.verdict or theirs.verdict:
        said = [
            f"{column.name.lower()}: {column.verdict}"
            if column.verdict
            else f"{column.name.lower()}: {_chunks(len(column.chunks))}"
            for column in (mine, theirs)
        ]
        return None, f"Nothing to compare chunk by chunk ({'; '.join(said)})."
    if mine.questions or theirs.questions:
        return _compare_questions(mine, theirs, other)
    keys, references = mine.keys, theirs.keys
    for index, (key, reference) in enumerate(zip(keys, references)):
        if key != reference:
            return index, f"Chunk {index} differs: " + _how(mine.chunks[index], theirs.chunks[index], source, other)
    if len(keys) == len(references):
        return None, f"Yours and {other}'s are the same: {_chunks(len(keys))}."
    common = min(len(keys), len(references))
    counts = f"yours has {_chunks(len(keys))}, {other}'s {_chunks(len(references))}."
    return common, (f"The first {_chunks(common)} are the same; {counts}" if common else counts.capitalize())


def _compare_questions(mine: Column, theirs: Column, other: str) -> tuple[int | None, str]:
    """Kata 09: the first question whose retrieved chunks differ, and one line that says how."""
    for index, (yours, reference) in enumerate(zip(mine.questions, theirs.questions)):
        if yours.retrieved != reference.retrieved:
            return index, (
                f"Question {index} differs: yours retrieves chunks {list(yours.retrieved)}, "
                f"{other}'s {list(reference.retrieved)}."
            )
    answered = sum(question.answered for question in theirs.questions)
    if mine.recall != theirs.recall:
        return None, (
            f"The same chunks for every question, but your recall is {mine.recall!r}, "
            f"{other}'s {theirs.recall!r} ({answered} of {len(theirs.questions)} answered)."
        )
    return None, (
        f"Yours and {other}'s are the same: recall {theirs.recall!r}, {answered} of "
        f"{len(theirs.questions)} questions answered."
    )


def _how(mine: Any, theirs: Any, source: str | Units, other: str) -> str:
    if isinstance(source, Units):
        return f"yours holds {_range(mine, source.name)}, {other}'s {_range(theirs, source.name)}."
    mine_words, their_words = mine.text.split(), theirs.text.split()
    if mine_words[-1:] != their_words[-1:] or len(mine_words) != len(their_words):
        if mine_words[:1] == their_words[:1] or not mine_words or not their_words:
            return (
                f"yours ends after {_word(mine_words[-1:])}, {other}'s after {_word(their_words[-1:])} "
                f"({words_in(mine.text)} words against {words_in(theirs.text)})."
            )
        return f"yours starts with {_word(mine_words[:1])}, {other}'s with {_word(their_words[:1])}."
    if mine.text != theirs.text:
        return f"the same words, not the same text: yours is {show(mine.text)}, {other}'s {show(theirs.text)}."
    if mine.note != theirs.note:
        return f"the same text; yours: {mine.note}; {other}'s: {theirs.note}."
    return f"the same text, at other offsets: yours {mine.span}, {other}'s {theirs.span}."


def _range(chunk: Any, unit: str) -> str:
    if chunk.span is None and not chunk.blocks and not chunk.text:
        return f"no {unit} (an empty chunk)"
    if chunk.span is None:
        return f"{unit}s that are not one run of the input"
    start, end = chunk.span
    return f"{unit} {start}" if end - start == 1 else f"{unit}s {start} to {end - 1}"


def _word(words: list[str]) -> str:
    return repr(words[0]) if words else "nothing"


def _chunks(number: int) -> str:
    return counted(number, "chunk")


def _call_in_words(drawing: Drawing, given: Input) -> str:
    shown = []
    for name, value in given.arguments.items():
        if given.text is not None and isinstance(value, (str, list)) and name not in (drawing.budget, drawing.overlap):
            shown.append(f"{name}=<{given.described}>")
        else:
            shown.append(f"{name}={show(value)}")
    return f"{drawing.function}({', '.join(shown)})"


def _budget_of(drawing: Drawing, given: Input) -> int | None:
    budget = given.arguments.get(drawing.budget) if drawing.budget else None
    return budget if type(budget) is int and budget > 0 else None


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)
