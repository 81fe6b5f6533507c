"""The words the reports print: a failed test's verdict and a kata's status, each defined here
once, and how a value, a call or a count is put into a few words.

A failing input may hold a million tokens; a message must still fit on a screen,
so long sequences show their first and last items and their length.
"""

from __future__ import annotations

import textwrap


class Verdict:
    """The first line of a failed test's report: LeetCode's words, where it has them."""

    WRONG_ANSWER = "WRONG ANSWER"
    ERROR = "ERROR"  # the code raised
    DID_NOT_FINISH = "DID NOT FINISH"  # a call ran past its limit: a loop that does not advance
    TOO_SLOW = "TOO SLOW"  # a guard's call ran past its limit: work that grows too fast
    TOO_MUCH_MEMORY = "TOO MUCH MEMORY"
    NOT_STARTED = "NOT STARTED"  # the stub's NotImplementedError
    LIMITS = (DID_NOT_FINISH, TOO_SLOW, TOO_MUCH_MEMORY)  # a limit stopped the code
    ALL = (WRONG_ANSWER, ERROR, *LIMITS, NOT_STARTED)


class KataStatus:
    """Where a kata stands, for a learner (`kata list`) or a student (`kata grade`), in one word."""

    SOLVED = "solved"
    FAILING = "failing"  # finished, with wrong answers
    ERROR = "error"  # raised, or ended its worker
    TOO_SLOW = "too slow"  # ran past a guard's limit on a large input: work that grows too fast, or costs too much
    DID_NOT_FINISH = "did not finish"  # ran past a limit where a right solution answers at once: a stalled loop
    TOO_MUCH_MEMORY = "too much memory"  # ran past the memory limit
    NOT_STARTED = "not started"  # the stub, untouched
    CANNOT_RUN = "cannot run"  # a syntax error, a missing function, a crash on import
    NOT_SUBMITTED = "not submitted"  # graded: no file for the kata
    NOT_CHECKED = "not checked"  # kata list: no result for the current files, and none was asked for
    GRADED = (
        SOLVED,
        FAILING,
        ERROR,
        TOO_SLOW,
        DID_NOT_FINISH,
        TOO_MUCH_MEMORY,
        NOT_STARTED,
        CANNOT_RUN,
        NOT_SUBMITTED,
    )  # best first
    LIMITS = (TOO_SLOW, DID_NOT_FINISH, TOO_MUCH_MEMORY)  # a limit stopped the code


# How a value, a call or a count is put into words.

SHOWN = 240  # characters: a value longer than this is summarised (its first items, its last, its length)
SHOWN_BESIDE = 110  # the same for each of two values shown on one line ("... [9] instead of [3].")
LINE_LIMIT = 300  # no line of a failure's report is longer: it must fit a screen
CALL_SHOWN = 280  # characters for a call's arguments together, so that "Called f(...)." fits one line
COLUMNS = 80  # a report's sentences are wrapped to this; a line that shows a value may be longer
_FEWEST = 24  # characters an item is given, however little room is left: fewer says nothing
_DEEPEST = 6  # levels of nesting a summary opens; deeper containers show only their length, since an answer
# whose lists share their items (a list of [x, x] sixty deep is sixty small lists) has 2**60 paths to walk


def show(value: object, budget: int = SHOWN, *, depth: int = 0) -> str:
    """The value as Python would print it, when that takes at most `budget` characters; otherwise a
    summary of about that size: a list's or a tuple's first items, "…", its last item and its length;
    a string's first characters and its length; anything else's repr, cut short. `depth` is how many
    containers the summary has opened around this value."""
    whole = _repr_within(value, budget)
    if whole is not None:
        return whole
    if type(value) in (list, tuple, dict) and depth >= _DEEPEST:
        return _only_its_length(value)  # type: ignore[arg-type]
    if type(value) in (list, tuple):
        return _summarised_sequence(value, budget, depth)  # type: ignore[arg-type]
    if type(value) is str:
        return _summarised_string(value, budget)
    if type(value) is dict:
        return _summarised_dict(value, budget, depth)
    text = _safe_repr(value)
    return text if len(text) <= budget else text[: max(_FEWEST, budget - 1)] + "…"


def _repr_within(value: object, budget: int) -> str | None:
    """repr(value) if it takes at most `budget` characters, else None; a long value's whole repr is never built."""
    if type(value) is str:
        text = repr(value) if len(value) <= budget else ""
    elif type(value) in (list, tuple, dict):
        text = _container_within(value, budget)  # type: ignore[arg-type]
    else:
        text = _safe_repr(value)
    return text if text and len(text) <= budget else None


def _container_within(value: list | tuple | dict, budget: int) -> str:
    if len(value) * 3 > budget + 3:  # each item takes at least one character and a separator
        return ""
    items = value.items() if type(value) is dict else value
    parts, used = [], 2
    for item in items:
        if type(value) is dict:
            key, inner = _repr_within(item[0], budget - used), None
            inner = _repr_within(item[1], budget - used - len(key or "") - 2) if key is not None else None
            part = f"{key}: {inner}" if inner is not None else None
        else:
            part = _repr_within(item, budget - used)
        if part is None:
            return ""
        parts.append(part)
        used += len(part) + 2
        if used > budget + 2:
            return ""
    if type(value) is dict:
        return "{" + ", ".join(parts) + "}"
    if type(value) is tuple:
        return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"
    return "[" + ", ".join(parts) + "]"


def _safe_repr(value: object) -> str:
    try:
        return repr(value)
    except Exception as error:  # a hostile __repr__: say what it is, not what it claims
        return f"<{type(value).__name__} whose repr raised {type(error).__name__}>"


def _item_within(item: object, budget: int, depth: int) -> str:
    """An item of a summary: shown within its share, or, for a container whose own summary would not fit
    its share, only its length, so that a summary's size stays near its budget at any nesting."""
    part = show(item, budget, depth=depth)
    if len(part) > budget + _FEWEST and type(item) in (list, tuple, dict):  # a summary may pass by its note
        return _only_its_length(item)  # type: ignore[arg-type]
    return part


def _only_its_length(value: list | tuple | dict) -> str:
    opening, closing = {list: ("[", "]"), tuple: ("(", ")"), dict: ("{", "}")}[type(value)]
    return f"{opening}…{closing} ({counted(len(value), 'key' if type(value) is dict else 'item')})"


def _summarised_sequence(items: list | tuple, budget: int, depth: int) -> str:
    opening, closing = ("[", "]") if type(items) is list else ("(", ")")
    note = f" ({counted(len(items), 'item')})"
    room = max(_FEWEST * 2, budget - len(note) - 2)
    share = max(_FEWEST, room // 4)  # so that several items show, not one long first item
    last = _item_within(items[-1], share, depth + 1) if items else ""
    shown: list[str] = []
    used = len(last) + 5  # the last item, and ", …, "
    for item in items[:-1]:
        part = _item_within(item, min(share, max(_FEWEST, room - used)), depth + 1)
        if used + len(part) + 2 > room and shown:
            break
        shown.append(part)
        used += len(part) + 2
    middle = [] if len(shown) == len(items) - 1 else ["…"]
    return opening + ", ".join([*shown, *middle, last]) + closing + note


def _summarised_string(text: str, budget: int) -> str:
    note = f" ({counted(len(text), 'character')})"
    keep = max(_FEWEST, budget - len(note) - 3)
    head = repr(text[:keep])
    while len(head) > keep + 2 and keep > _FEWEST // 2:  # escapes make a repr longer than its text
        keep = keep * 3 // 4
        head = repr(text[:keep])
    return f"{head[:-1]}…{head[-1]}{note}"


def _summarised_dict(items: dict, budget: int, depth: int) -> str:
    note = f" ({counted(len(items), 'key')})"
    room = max(_FEWEST * 2, budget - len(note) - 2)
    share = max(_FEWEST, room // 4)
    shown: list[str] = []
    used = 0
    for key, item in items.items():
        part = f"{_item_within(key, share // 2, depth + 1)}: {_item_within(item, share, depth + 1)}"
        if used + len(part) + 2 > room and shown:
            shown.append("…")
            break
        shown.append(part)
        used += len(part) + 2
    return "{" + ", ".join(shown) + "}" + note


def show_call(function: str, args: tuple, kwargs: dict) -> str:
    """`name(arg, ..., key=value)`, the arguments shortened to fit one line together: each small one
    whole, the long ones sharing what is left."""
    labels = [""] * len(args) + [f"{key}=" for key in kwargs]
    values = [*args, *kwargs.values()]
    room = CALL_SHOWN - len(function)
    fair = room // max(1, len(values))
    whole = {index: text for index, value in enumerate(values) if (text := _repr_within(value, fair)) is not None}
    left = room - sum(len(text) + 2 for text in whole.values())
    share = max(_FEWEST * 2, left // max(1, len(values) - len(whole)))
    while True:
        # A shortened value may run past its share (its first items, its count): take less until it fits.
        parts = [
            label + (whole[index] if index in whole else show(value, share))
            for index, (label, value) in enumerate(zip(labels, values))
        ]
        shown = f"{function}({', '.join(parts)})"
        if len(shown) <= CALL_SHOWN or share <= _FEWEST * 2:
            return shown
        share = max(_FEWEST * 2, share * 3 // 4)


def cut(text: str, budget: int) -> str:
    """The text, or its first `budget` characters and "…" (with the length) when it is longer: a message of
    the code under test, shown as it is written."""
    return text if len(text) <= budget else f"{text[:budget]}… ({counted(len(text), 'character')})"


def prose(text: str) -> str:
    """A sentence or a paragraph of a report, wrapped to COLUMNS (a line break already in it stays)."""
    return "\n".join(
        textwrap.fill(line, COLUMNS, break_long_words=False, break_on_hyphens=False) if line else ""
        for line in text.split("\n")
    )


def counted(count: int, noun: str) -> str:
    """'1 item', '3 items': a count with its noun, singular or plural as English wants."""
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {noun}s"


# The words of each verdict: every report of a failure is made of these sentences, wherever it
# is written (the runner's reports, kata viz's pages, kata 04's reading of a generator), so that
# a verdict reads the same everywhere. `called` is a call already in words (show_call).


def called_line(called: str | None) -> str:
    return f"Called {called}.\n" if called else ""


def returned_but_expected(got: object, expected: object, difference: str = "") -> str:
    return f"It returned {show(got)},\nbut the tests expected {show(expected)}." + (
        f"\n{difference}" if difference else ""
    )


def because(why: str) -> str:
    """The test's reason for what it expects, as the report's last sentence."""
    return f"\n{prose(f'Why: {why}')}" if why else ""


def claim_not_met(returned: object | None, finished: bool, claim: str, details: str = "") -> str:
    """The body of a failed expectation: what came back (if the call returned) and what should hold."""
    came_back = f"It returned {show(returned)}.\n" if finished else ""
    return (
        came_back
        + prose(f"Expected: {claim}{'' if claim.endswith(('.', '?', '!')) else '.'}")
        + (f"\n{prose(details)}" if details else "")
    )


def raised_instead(error_type: str, message: str, expected: str) -> str:
    return f"It raised {error_type}: {cut(message, SHOWN)},\nbut the tests expected it to raise {expected}."


def returned_instead_of_raising(got: object, expected: str) -> str:
    return f"It returned {show(got)},\nbut the tests expected it to raise {expected}."


def message_lacks(error_type: str, message: str, missing: list[str]) -> str:
    return f"It raised {error_type}({show(message)}), which is the right exception,\n" + prose(
        f"but its message should name {', '.join(repr(word) for word in missing)} "
        "so that the caller can see which argument is wrong."
    )


def where_in_the_code(path: str, line: int | None, function: str, code: str) -> str:
    """The line of the code under test that raised: "at FILE, line N, in f:" and the line itself."""
    return f"at {path}, line {line}, in {function}:\n    {cut(code, SHOWN)}"


def raised(called: str | None, error_type: str, message: str, where: str = "") -> str:
    """ERROR: the code under test raised an exception the tests did not ask for."""
    return (f"{Verdict.ERROR}\n{called_line(called)}It raised {error_type}: {cut(message, SHOWN)}\n" + where).rstrip()


def raised_when_read(called: str | None, yielded: list | None, error_type: str, message: str, where: str = "") -> str:
    """ERROR: the code returned a generator, which raised when the tests asked it for the next chunk."""
    asked = (
        f"It yielded {show(yielded)}, and then, asked for the next chunk, it raised"
        if yielded is not None
        else "Asked for the next chunk, it raised"
    )
    return (f"{Verdict.ERROR}\n{called_line(called)}{asked} {error_type}: {cut(message, SHOWN)}\n" + where).rstrip()


def still_the_stub(called: str | None, path: str) -> str:
    """NOT STARTED: the function still raises the stub's NotImplementedError."""
    return f"{Verdict.NOT_STARTED}\n{called_line(called)}" + prose(
        f"It raised NotImplementedError: this function is still the stub. Write it in {path}."
    )


def did_not_finish(called: str | None, limit: str, advice: str = "") -> str:
    """DID NOT FINISH: a call on an input a correct solution answers at once ran past its limit."""
    return f"{Verdict.DID_NOT_FINISH}\n{called_line(called)}" + prose(
        f"It was still running after its limit of {limit}; a correct solution answers at once "
        "here. "
        + (
            advice
            or "Does every iteration of your loop advance? Check that the position you "
            "slice from moves forward each time, and that the loop's exit is reachable."
        )
    )


def many_calls_did_not_finish(limit: str, calls: int, last_called: str | None) -> str:
    """DID NOT FINISH: the test's many quick calls together ran past the test's limit."""
    return (
        f"{Verdict.DID_NOT_FINISH}\n"
        + prose(
            f"The test ran past its limit of {limit} over {counted(calls, 'call')} of your code, though no "
            "one call ran past the limit for one call" + ("; the last was:" if last_called else ".")
        )
        + (f"\n{last_called}.\n" if last_called else "\n")
        + prose(
            "A correct solution answers each of these small inputs within milliseconds: is something "
            "slow even on a small input, such as work repeated inside your loop, or a pause or a print "
            "left in it?"
        )
    )


def kata_out_of_time(limit: str) -> str:
    """DID NOT FINISH: not run, since the kata's tests had already taken the time all of them may take."""
    return f"{Verdict.DID_NOT_FINISH}\n" + prose(
        f"Not run: this kata's tests had already run for more than {limit} in all, so the rest of "
        "them, this one among them, fail without running. A correct solution runs all of them in a "
        "few seconds; the earlier tests' reports say which calls took long. Is there a pause, a "
        "wait or a print in your code, or work repeated inside your loop?"
    )


def too_slow(called: str | None, limit: str, hint: str = "", on_the_wall_clock: bool = False) -> str:
    """TOO SLOW: a guard's large input was not answered within its limit of CPU time (or its wall-time backstop)."""
    clock = (
        ""
        if on_the_wall_clock
        else "The limit counts only your code's own CPU time, so nothing else running on the machine made it slow. "
    )
    return (
        f"{Verdict.TOO_SLOW}\n{called_line(called)}"
        + prose(
            f"It was still running after its limit of {limit}, which a right solution stays far under. "
            f"{clock}Either a step repeated inside your loop goes over much of the input each time, so the "
            "total grows faster than the input does, or every step costs far more than it needs to."
        )
        + (f"\n{prose(hint)}" if hint else "")
    )


def too_much_memory(called: str | None, limit: str, in_a_worker: bool) -> str:
    """TOO MUCH MEMORY: the code grew its process (or used up its worker's address space) past the limit."""
    grew = (
        f"While it ran, its worker process used up its limit of {limit}, so it was stopped. "
        if in_a_worker
        else f"While it ran, the tests' process, which runs your code, grew by more than {limit}, so it was stopped. "
    )
    return f"{Verdict.TOO_MUCH_MEMORY}\n{called_line(called)}" + prose(
        grew + "This usually means a loop that never advances keeps appending to a list."
    )


# Which process a memory stop names (memory_stop): the worker that ran the code, or the tests' process,
# which reads what the worker sends (an isolated run), or runs the code itself (an in-process one).
IN_THE_WORKER = "worker"
IN_THE_TESTS_READING = "tests, reading"
IN_THE_TESTS_RUNNING = "tests, running"
IN_THE_TESTS_KEEPING = "tests, keeping"  # what the tests' process kept for the code under test, across a run
HELD_WHILE_READ = "code, held while read"  # what the code held while a memory guard read its answer, past its bound


def memory_stop(called: str | None, limit: str, where: str) -> str:
    """TOO MUCH MEMORY, naming the process that grew: `where` is IN_THE_WORKER, IN_THE_TESTS_READING,
    IN_THE_TESTS_RUNNING (too_much_memory's two, and the tests' process of an isolated run), IN_THE_TESTS_KEEPING
    (kept_by_the_tests) or HELD_WHILE_READ (held_while_read); the last two's `limit` says what grew."""
    if where == IN_THE_TESTS_KEEPING:
        return kept_by_the_tests(called, limit)
    if where == HELD_WHILE_READ:
        return held_while_read(called, limit)
    if where != IN_THE_TESTS_READING:
        return too_much_memory(called, limit, where == IN_THE_WORKER)
    return f"{Verdict.TOO_MUCH_MEMORY}\n{called_line(called)}" + prose(
        f"While your code's worker process answered, the tests' process grew by more than {limit}, "
        "reading what the worker sent it (an answer, or its calls to the tests' objects), so it was "
        "stopped: not the worker, which has a limit of its own. Your code sent something far larger "
        "than its input: a loop that never advances, appending to a list, would."
    )


def held_while_read(called: str | None, what: str) -> str:
    """TOO MUCH MEMORY: what the code held while a memory guard read its answer passed the bound (`what` says)."""
    return f"{Verdict.TOO_MUCH_MEMORY}\n{called_line(called)}" + prose(
        f"While the tests read what it returned, the memory your code held {what}"
    )


def kept_by_the_tests(called: str | None, what: str) -> str:
    """TOO MUCH MEMORY: the code under test made the tests' process keep too much for it, across its calls.

    `what` says what grew and whose run it is: "sent it more than 256 MB in its calls to the tests' objects,
    which may keep what they are sent (embed remembers each batch), in the run of alice/08_semantic_chunker/
    semantic_chunker.py"."""
    return f"{Verdict.TOO_MUCH_MEMORY}\n{called_line(called)}" + prose(
        f"The tests' process stopped this run: the code under test {what}. Its later calls in this run "
        "fail at once. A correct solution calls the tests' objects only as the statement says: embed "
        "once, with the sentences it was given."
    )


def grader_stopped_the_tests(limit: str) -> str:
    """TOO MUCH MEMORY: the grader ended a student's tests' process (its run of `kata grade`) past its cap."""
    return f"{Verdict.TOO_MUCH_MEMORY}\n" + prose(
        f"Not run: the grader stopped the tests' process of this run (the process that runs the tests "
        f"and reads what the workers send, not a worker) when its memory passed {limit}, so the "
        "tests still to run, this one among them, did not run. The code under test made it grow: "
        "answers far larger than their input, or calls to the tests' objects that they keep."
    )


def grader_stopped_the_tests_detail(limit: str) -> str:
    """A grade's detail when the grader ended the student's tests' process past its cap (grader_stopped_the_tests)."""
    return (
        f"the grader stopped the tests' process (not a worker) when its memory passed {limit}; "
        "the tests it had not run score nothing"
    )


def grader_stopped_the_run(limit: str) -> str:
    """DID NOT FINISH: the grader ended a student's run of `kata grade` past its time (STUDENT_SECONDS_PER_KATA)."""
    return f"{Verdict.DID_NOT_FINISH}\n" + prose(
        f"Not run: the grader stopped this student's run of the tests when it had taken {limit}, so the "
        "tests still to run, this one among them, did not run. A correct solution's run takes seconds: "
        "the code under test waited or slept, or was slow, in test after test."
    )


def grader_stopped_the_run_detail(limit: str) -> str:
    """A grade's detail when the grader ended the student's run past its time (grader_stopped_the_run)."""
    return f"the grader stopped the run of the tests when it had taken {limit}; the tests it had not run score nothing"


def tests_process_stopped_itself(limit: str) -> str:
    """The line `pytest --isolate` ends with when its own process passed its cap (--tests-memory)."""
    return (
        f"The run was stopped: this tests' process, which runs the tests and reads what the workers send (not a "
        f"worker), grew past its limit of {limit} (--tests-memory). The code under test made it grow: answers "
        "far larger than their input, or calls to the tests' objects that they keep."
    )


def report_not_written(error: str, message: str) -> str:
    """A note under pytest's own report of a failure when the runner's plain words for it could not be made."""
    return (
        f"The runner could not write this failure's report in plain words ({error}: {message}); "
        "pytest's report above says what failed."
    )


def matches_a_known_mistake(title: str, hint: str) -> str:
    return prose(f"This matches a known mistake: {title}. {hint}")


EVERY_FAILURE_OPTION = "--every-failure"


def failing_for_causes(kata: str, failed: int, causes: int) -> str:
    return f"{kata} fails {counted(failed, 'test')}, for {counted(causes, 'cause')}:"


def cause_heading(
    number: int, titles: list[str], hints: list[str], explained: int, verdict: str, test: str, about: str = ""
) -> str:
    """The first lines of a cause's paragraph: the known mistake (or two the tests cannot tell apart) and its
    hint, or, when no mistake explains the failures, their verdict and test."""
    tests = counted(explained, "failing test")
    if not titles:
        return prose(
            f"{number}. {tests}: {verdict}" + (f", {about}" if about else "") + (f", in {test}." if test else ".")
        )
    return prose(
        f"{number}. {tests}. "
        + "\n".join(f"This matches a known mistake: {title}. {hint}" for title, hint in zip(titles, hints))
    )


def shown_failure(test: str) -> str:
    return f"Its smallest failing call, in {test}:"


def also_failing(tests: list[str], most: int = 2) -> str:
    """The other failing tests of a cause, a few by name."""
    named = ", ".join(tests[:most])
    more = f" and {len(tests) - most:,} more" if len(tests) > most else ""
    return prose(f"Also failing for this cause: {named}{more}.")


def every_failure_hint() -> str:
    return prose(f"Each failing test's own report: run again with {EVERY_FAILURE_OPTION}.")


def what_the_test_checks(docstring: str) -> str:
    return prose("This test checks: " + " ".join(docstring.split()))
