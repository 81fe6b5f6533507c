"""Why a submission's module cannot be used, one sentence each.

A module is loaded in this process (kata.runner.modules) or in a worker process
(kata.sandbox.worker, kata.sandbox.client); either way the learner reads the same words.
"""

from __future__ import annotations

from kata.judging.printable import printable

ERROR_TEXT_LIMIT = 2000  # characters of an exception's message kept


def text_of(error: BaseException) -> str:
    """An exception's message, cut short; a message that cannot be made says so."""
    return message_of(error)[:ERROR_TEXT_LIMIT]


def message_of(error: BaseException) -> str:
    """An exception's message, whole; one that cannot be made (str() raised: an int past 4,300 digits among
    its args, a __str__ of the code's own that fails) says so, and never stops the run."""
    try:
        return str(error)
    except Exception:
        return f"<{type(error).__name__} whose message cannot be shown>"


def no_file(shown: str) -> str:
    return f"there is no file {shown}."


def syntax_error(shown: str, error: SyntaxError) -> str:
    return f"{shown} has a syntax error on line {error.lineno}: {error.msg}."


PLACE_CHARACTERS = 120  # of a syntax error's line shown under its sentence


def place_of_the_syntax_error(error: SyntaxError) -> str:
    """The line the parser stopped on, and a caret under the place, as Python shows them; "" where unknown."""
    line = printable((error.text or "").split("\n")[0]).rstrip()  # the learner's text: no control characters
    if not line.strip() or not error.offset:
        return ""
    indent = len(line) - len(line.lstrip())
    column = min(max(error.offset - 1 - indent, 0), len(line) - indent)
    if column > PLACE_CHARACTERS:  # a very long line: the caret would be off the screen
        return f"    {line.lstrip()[:PLACE_CHARACTERS]}..."
    return f"    {line.lstrip()[:PLACE_CHARACTERS]}\n    {' ' * column}^"


def unreadable_source(shown: str, error: Exception) -> str:
    return f"{shown} cannot be read as Python source: {text_of(error)}."


def too_deeply_nested(shown: str, error: BaseException) -> str:
    return f"{shown} cannot be read as Python source: it is nested too deeply to parse ({type(error).__name__})."


def raised_while_loading(shown: str, error: BaseException) -> str:
    return f"loading {shown} raised {type(error).__name__}: {text_of(error)}."


def did_not_finish_loading(shown: str, seconds: float) -> str:
    return f"loading {shown} did not finish within {seconds:g} s: a loop at the top level of the module?"


def used_too_much_memory_loading(shown: str, megabytes: int) -> str:
    return (
        f"loading {shown} used more than {megabytes} MB of memory: a large value built at the top level of the module?"
    )


def too_slow_to_load_again(shown: str, seconds: float) -> str:
    return (
        f"loading {shown} took {seconds:.1f} s, and its worker is started again for each test that ends it: "
        "it is not loaded again in this run (a module loads in milliseconds; a sleep or a long computation "
        "at the top level of the module?)."
    )


def computed_too_long_loading(shown: str, cpu_seconds: float, limit: float) -> str:
    return (
        f"loading {shown} took {cpu_seconds:.1f} s of CPU time, more than the {limit:g} s a module may spend "
        "before it is called (work at the top level of the module?)."
    )


def defines_no_function(shown: str, name: str) -> str:
    return f"{shown} defines no function {name}(); the tests of this kata call it."
