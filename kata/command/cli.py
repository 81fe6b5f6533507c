"""The command, `kata`: a learner's `list`, `next`, `show`, `check`, `hint`, `watch`, `bench`, `viz` and
`interview`, and a teacher's `release`, `grade`, `similarity` and `classroom`.

Argument parsing and dispatch only: each command is one record of COMMANDS (its help, its
arguments and the function that runs it), and its work lives in its own module. pytest stays
the engine: `kata check`, `kata watch` and `kata grade` run it.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from kata.command.argument_types import (
    KATA_FORMS,
    fail,
    page_path,
    plot_path,
    positive_int,
    positive_seconds,
    whole_number,
)
from kata.command.bench import BUDGET_SECONDS, growth_rule
from kata.command.teaching import (
    classroom,
    classroom_arguments,
    grade,
    grade_arguments,
    release,
    release_arguments,
    similarity,
    similarity_arguments,
)
from kata.command.terminal import MAX_WIDTH
from kata.judging.vocabulary import EVERY_FAILURE_OPTION
from kata.katas import UnknownKata, find_kata
from kata.runner.implementations import BadImplOption, NotStarted
from kata.runner.modules import LoadProblem

if TYPE_CHECKING:
    from collections.abc import Callable
    from types import FrameType
    from typing import NoReturn

    from kata.katas import Kata


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # One clear line, not argparse's usage block.
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def main(argv: list[str] | None = None) -> int:
    argv, pytest_options = _split_at_double_dash(list(sys.argv[1:] if argv is None else argv))
    parser = build_parser()
    options = parser.parse_args(argv)
    if options.command is None:
        parser.print_help()
        return 0
    if pytest_options and options.command != "check":
        parser.error("only kata check passes options after -- to pytest")
    options.pytest_options = tuple(pytest_options)
    # SIGTERM stops a command as Ctrl-C does, so that the runs it started are stopped with it.
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        return options.run(options)
    except BrokenPipeError:
        # The reader left (`kata show 1 | head`): nothing to say, and nothing more to flush.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141  # as a shell reports a process ended by SIGPIPE
    except (UnknownKata, BadImplOption) as error:
        return fail(options.command, error, 2)
    except (LoadProblem, NotStarted, OSError) as error:
        return fail(options.command, error, 1)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except Exception as error:  # never a traceback for the learner, unless asked for
        if os.environ.get("KATA_DEBUG"):
            raise
        return fail(
            options.command, f"unexpected {type(error).__name__}: {error} (KATA_DEBUG=1 shows the traceback)", 1
        )


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def build_parser() -> Parser:
    parser = Parser(
        prog="kata",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Practise the chunking katas: list, check, hint, watch and time them.",
        epilog="example:\n  kata next            then: kata watch, kata hint 1, kata list\n\n"
        + textwrap.fill("Each command has --help. KATA is " + KATA_FORMS + ".", MAX_WIDTH),
    )
    commands = parser.add_subparsers(dest="command", title="commands", metavar="COMMAND", parser_class=Parser)
    for record in COMMANDS:
        description = textwrap.fill(record.summary[0].upper() + record.summary[1:] + ".", MAX_WIDTH)
        command = commands.add_parser(
            record.name,
            help=record.summary,
            description=description,
            epilog=(record.details + "\n\n" if record.details else "") + f"example:\n  {record.example}",
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        command.set_defaults(run=record.run)
        record.arguments(command)
    return parser


def _kata_argument(command: argparse.ArgumentParser, optional: bool = False) -> None:
    command.add_argument(
        "kata",
        metavar="KATA",
        nargs="?" if optional else None,
        help=KATA_FORMS + ("; default: every kata" if optional else ""),
    )


def _impl_argument(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--impl",
        metavar="IMPL",
        default=None,
        help="what to judge, as for pytest: learner (default), reference, mistake:<kata>:<id>, a folder, or a .py file",
    )


def _check_arguments(command: argparse.ArgumentParser) -> None:
    _kata_argument(command, optional=True)
    command.add_argument("--examples", action="store_true", help="run only the statement's examples")
    _impl_argument(command)
    command.add_argument(
        "--isolate", action="store_true", help="run your code in a worker process of its own, as kata grade does"
    )
    command.add_argument(
        EVERY_FAILURE_OPTION,
        action="store_true",
        dest="every_failure",
        help="each failing test's own report, not one paragraph per cause",
    )


def _hint_arguments(command: argparse.ArgumentParser) -> None:
    _kata_argument(command)
    command.add_argument("--all", action="store_true", help="print every hint")
    command.add_argument("--reset", action="store_true", help="forget which hints you have seen")


def _watch_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument("kata", metavar="KATA", nargs="?", help=KATA_FORMS + "; default: the kata whose file you save")


def _bench_arguments(command: argparse.ArgumentParser) -> None:
    _kata_argument(command)
    _impl_argument(command)
    command.add_argument(
        "--seconds",
        type=positive_seconds,
        default=BUDGET_SECONDS,
        help=f"the time budget of the whole run (default: {BUDGET_SECONDS:g})",
    )
    command.add_argument(
        "--plot",
        type=plot_path,
        metavar="FILE",
        help="also draw the times on log-log axes, with the linear and quadratic guides, "
        "as an SVG picture (FILE.svg) or a page with a table of the times (FILE.html)",
    )


def _viz_arguments(command: argparse.ArgumentParser) -> None:
    _kata_argument(command)
    source = command.add_mutually_exclusive_group()
    source.add_argument(
        "file",
        metavar="FILE",
        nargs="?",
        type=Path,
        default=None,
        help="a UTF-8 text file to chunk (default: the sample document)",
    )
    source.add_argument(
        "--example",
        type=positive_int,
        metavar="N",
        default=None,
        help="the statement's example N instead: its Nth call of the kata's function",
    )
    command.add_argument(
        "--max-tokens",
        type=positive_int,
        metavar="M",
        default=None,
        help="the budget (kata 01: chunk_size); default: the example's, or the kata's own",
    )
    command.add_argument(
        "--overlap", type=whole_number, metavar="V", default=None, help="the overlap, for katas 01 and 03"
    )
    _impl_argument(command)
    command.add_argument(
        "--out",
        type=page_path,
        metavar="PAGE.html",
        default=None,
        help="where to write the page (default: .kata/viz-<kata>.html)",
    )
    command.add_argument("--open", action="store_true", help="open the page in a browser")


# The commands: each hands over to the module that holds it. ------------------------------


def _list(options: argparse.Namespace) -> int:
    from kata.command.progress import print_list

    return print_list()


def _check(options: argparse.Namespace) -> int:
    from kata.command.check import check

    katas = [find_kata(options.kata)] if options.kata else None
    if _withheld("check", katas):
        return 2
    extra = (
        *(["--isolate"] if options.isolate else []),
        *([EVERY_FAILURE_OPTION] if options.every_failure else []),
        *options.pytest_options,
    )
    return check(katas, impl=options.impl, examples=options.examples, extra=extra)


def _next(options: argparse.Namespace) -> int:
    from kata.command.progress import print_next

    return print_next()


def _show(options: argparse.Namespace) -> int:
    from kata.command.statement import print_statement

    kata = find_kata(options.kata)
    return 2 if _withheld("show", [kata]) else print_statement(kata)


def _hint(options: argparse.Namespace) -> int:
    from kata.command.hints import print_hint

    kata = find_kata(options.kata)
    return 2 if _withheld("hint", [kata]) else print_hint(kata, show_all=options.all, reset=options.reset)


def _watch(options: argparse.Namespace) -> int:
    from kata.command.watch import watch

    kata = find_kata(options.kata) if options.kata else None
    return 2 if _withheld("watch", [kata] if kata else None) else watch(kata)


def _bench(options: argparse.Namespace) -> int:
    from kata.command.bench import bench

    return bench(find_kata(options.kata), options.impl, options.seconds, options.plot)


def _viz(options: argparse.Namespace) -> int:
    from kata.command.viz import VizProblem, viz

    if _withheld("viz", [find_kata(options.kata)]):
        return 2
    try:
        return viz(
            find_kata(options.kata),
            options.file,
            options.example,
            options.max_tokens,
            options.overlap,
            options.impl,
            options.out,
            options.open,
        )
    except VizProblem as problem:
        return fail("viz", problem, 2)


def _interview(options: argparse.Namespace) -> int:
    from kata.command.interview import interview

    return interview(options)


def _interview_arguments(command: argparse.ArgumentParser) -> None:
    from kata.command.interview import add_arguments

    add_arguments(command)


def _withheld(command: str, katas: list[Kata] | None) -> bool:
    """During an interview, what would give its katas away waits until it ends: says so in one line."""
    from kata.command.interview import refusal

    why = refusal(command, katas)
    if why is not None:
        print(why, file=sys.stderr)
    return why is not None


def _split_at_double_dash(argv: list[str]) -> tuple[list[str], list[str]]:
    if "--" not in argv:
        return argv, []
    at = argv.index("--")
    return argv[:at], argv[at + 1 :]


def _no_arguments(command: argparse.ArgumentParser) -> None:
    pass


@dataclass(frozen=True)
class Command:
    """One command of `kata`: what its help says, the arguments it takes, and what runs it."""

    name: str
    summary: str  # one line, for `kata --help` and the first line of its own help
    example: str  # the lines after "example:" in its help
    details: str  # a paragraph of its help, or ""
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


COMMANDS = (
    Command("list", "show every kata with its status, and your progress", "kata list", "", _no_arguments, _list),
    Command(
        "check",
        "run a kata's tests (or all) on your code, with plain-words reports",
        "kata check 1\n  kata check budget --examples\n  kata check --impl=reference\n"
        "  kata check 1 -- -x            (options after -- go to pytest)",
        "The exit status is 0 only when every selected test passes. --examples runs only\n"
        "the statement's examples: a quick 'Run' before the whole suite.",
        _check_arguments,
        _check,
    ),
    Command(
        "next",
        "name the first kata not yet solved: its title, where its statement and your file are, and how to check it",
        "kata next",
        "kata show KATA prints the statement itself.",
        _no_arguments,
        _next,
    ),
    Command("show", "print a kata's statement", "kata show 1", "", _kata_argument, _show),
    Command(
        "hint",
        "print the next hint you have not seen yet",
        "kata hint 1\n  kata hint 1 --all",
        "Hints you have seen are remembered in .kata/ (which git ignores).",
        _hint_arguments,
        _hint,
    ),
    Command(
        "watch",
        "check again each time you save a file under problems/",
        "kata watch\n  kata watch 2",
        "Clears the screen and shows the kata's status and its first failure.\n"
        "Without KATA, it follows the kata whose file you saved. Ctrl-C stops.",
        _watch_arguments,
        _watch,
    ),
    Command(
        "bench",
        "time your code against the reference on inputs that double in size",
        "kata bench 1\n  kata bench budget --impl=reference --seconds 10",
        "Sizes that would run past the time budget are skipped, and it says so.\n"
        "Growth per doubling is time(2n) / time(n), read from the largest sizes:\n" + growth_rule(),
        _bench_arguments,
        _bench,
    ),
    Command(
        "viz",
        "draw a chunking over its text, your code beside the reference, as a web page",
        "kata viz 3 --example 2 --open\n  kata viz 3 notes.md --max-tokens 60 --overlap 10\n"
        "  kata viz budget --impl=reference --out budget.html",
        "Without FILE or --example, the input is a sample document of a few pages.\n"
        "Katas 01, 02, 04 and 05, whose inputs are tokens or sizes, are drawn as strips\n"
        "of blocks: a file's words are the tokens (01), its sentences' word counts the\n"
        "sizes. Kata 09 shows which chunks each question retrieved. The page needs no\n"
        "network; it goes to .kata/viz-<kata>.html unless --out says where.",
        _viz_arguments,
        _viz,
    ),
    Command(
        "classroom",
        "write the autograder of GitHub Classroom or Gradescope for your class",
        "kata classroom github --katas 1 2 3 --points 10\n  kata classroom gradescope --out autograder.zip",
        "github writes .github/workflows/classroom.yml (or --out): one step per kata,\n"
        "each graded as kata grade grades it, worth --points in proportion to the tests\n"
        "passed.\n"
        "gradescope builds the autograder zip (setup.sh, run_autograder and the katas)\n"
        "to upload as a programming assignment's autograder. step KATA is what each step\n"
        "of the workflow runs.",
        classroom_arguments,
        classroom,
    ),
    Command(
        "release",
        "write the students' copy of the katas into DIR, without any solution",
        "kata release ../katas-for-students",
        "DIR gets the statements, the untouched stubs, the hints, the tests, the runner\n"
        "and the kata command, with a README for students; solutions/ (references,\n"
        "editorials, catalogued mistakes) stays out, each mistake kept as its record\n"
        "only, so that learners' failures are still named. Make it the template of an\n"
        "assignment (kata classroom github --template DIR).",
        release_arguments,
        release,
    ),
    Command(
        "similarity",
        "find the students whose code is too alike, kata by kata, and who handed in the reference",
        "kata similarity submissions/ --out similar.json --html similar.html\n"
        "  kata similarity submissions/ --katas 1 2 --out similar.json --threshold 0.7",
        "Every pair of students is compared per kata, and each student with the\n"
        "reference and the catalogued mistakes, on normalised tokens (names, literals,\n"
        "comments, docstrings, layout and the order of functions do not count), as\n"
        "MOSS and JPlag do; the stub's code never counts. The files are read, never\n"
        "run.",
        similarity_arguments,
        similarity,
    ),
    Command(
        "grade",
        "grade every student's folder (or .zip) in SUBMISSIONS, each isolated",
        "kata grade submissions/ --katas 1 2 --out grades.csv --out grades.md\n"
        "  kata grade submissions/ --jobs 4 --call-seconds 2 --memory 1024 --junit junit/",
        "SUBMISSIONS holds one folder per student, laid out like problems/\n"
        "(01_fixed_windows/fixed_windows.py, ...), or one .zip of such a folder per\n"
        "student. A kata without its file is 'not submitted'. Each student's code runs\n"
        "in worker processes of its own, never in the grader: a loop, a crash, sys.exit\n"
        "or a memory bomb costs that student the tests it meets. A score is the tests\n"
        "passed out of all the kata's tests. --out takes .csv, .json or .md and may be\n"
        "repeated; --junit writes one JUnit XML file per student; --feedback DIR one\n"
        "file per student to hand back; --gradebook FILE.csv one row of points per\n"
        "student (--scoring, --points, --gradebook-format canvas|moodle|google);\n"
        "--similarity FILE.json the pairs too alike (as kata similarity), flagged in the\n"
        "table, the feedback and the gradebook. The table goes to stdout, progress to\n"
        "stderr; the exit status is 0 once grading is done.",
        grade_arguments,
        grade,
    ),
    Command(
        "interview",
        "practise the interview itself: a timed track of katas asked as follow-ups",
        "kata interview tracks\n  kata interview start --track packing\n  kata interview ask 1\n"
        "  kata interview run\n  kata interview submit\n  kata interview report --out scorecard.html",
        "A session works on its own files in .kata/interview/, never on problems/. The\n"
        "prompt is said as an interviewer says it: ask for the edge cases (kata interview\n"
        "ask). run checks the examples; submit runs every hidden test and shows only the\n"
        "count and the first failing input. A pass brings the follow-up, with your code\n"
        "carried over. When the time runs out, submissions close. Hints, statements and\n"
        "mistake names of the session's katas wait until it ends; report shows the\n"
        "scorecard.",
        _interview_arguments,
        _interview,
    ),
)
