"""The teacher's commands, `kata grade`, `similarity`, `release` and `classroom`: their arguments and what each runs.

Their records (help and examples) are in kata.command.cli's COMMANDS, beside the learner's.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from kata.command.argument_types import KATA_FORMS, call_seconds, fail, megabytes, points, positive_int, seed, share
from kata.katas import UnknownKata, find_kata

if TYPE_CHECKING:
    from kata.grading.scoring import Scoring

T = TypeVar("T")


def grade_arguments(command: argparse.ArgumentParser) -> None:
    from kata.judging.limits import CALL_SECONDS, WORKER_MEMORY_MB

    command.add_argument(
        "submissions", metavar="SUBMISSIONS", type=Path, help="a folder with one folder (or .zip file) per student"
    )
    command.add_argument(
        "--katas",
        metavar="KATA",
        nargs="+",
        default=None,
        help="the katas to grade (" + KATA_FORMS + "); default: every kata",
    )
    command.add_argument(
        "--jobs",
        type=positive_int,
        default=os.cpu_count() or 1,
        help="how many students to grade at once (default: the number of cores)",
    )
    command.add_argument(
        "--call-seconds",
        type=call_seconds,
        default=CALL_SECONDS,
        metavar="S",
        help=f"the time limit of one call, in seconds (default {CALL_SECONDS:g}); guards keep their own",
    )
    command.add_argument(
        "--memory",
        type=megabytes,
        default=WORKER_MEMORY_MB,
        metavar="MB",
        help=f"each worker's address space (default {WORKER_MEMORY_MB})",
    )
    command.add_argument(
        "--out",
        metavar="FILE",
        type=Path,
        action="append",
        default=[],
        help="write the grades to FILE: .csv, .json or .md (may be given several times)",
    )
    command.add_argument(
        "--junit", metavar="DIR", type=Path, default=None, help="write one JUnit XML file per student into DIR"
    )
    command.add_argument(
        "--feedback",
        metavar="DIR",
        type=Path,
        default=None,
        help="write one file per student into DIR (Markdown and HTML): their scores and every "
        "failure in the words kata check prints",
    )
    command.add_argument(
        "--gradebook",
        metavar="FILE.csv",
        type=Path,
        default=None,
        help="write one row per student: each kata's points, the total and the percentage",
    )
    command.add_argument(
        "--gradebook-format",
        choices=("plain", "canvas", "moodle", "google"),
        default="plain",
        help="the gradebook's columns: plain (default), or as Canvas, Moodle or Google Classroom read them",
    )
    command.add_argument(
        "--roster",
        metavar="FILE.csv",
        type=Path,
        default=None,
        help="the students' LMS identifiers: a CSV with the columns folder and id (and optionally "
        "name, email, section, canvas_id, sis_login_id); the LMS formats need it",
    )
    command.add_argument(
        "--assignment-ids",
        metavar="KATA=ID",
        nargs="+",
        default=[],
        help="for --gradebook-format canvas: each kata's Canvas assignment id, e.g. 1=4711 2=4712, "
        "so that its column is read as that assignment",
    )
    scoring_arguments(command)
    command.add_argument(
        "--similarity",
        metavar="FILE.json",
        type=Path,
        default=None,
        help="also compare the class as kata similarity does, write the pairs to FILE.json, and "
        "flag the students concerned in every report",
    )
    command.add_argument(
        "--seed",
        type=seed,
        default=None,
        metavar="N",
        help="draw the properties' examples and the guards' inputs from N, as a grading run "
        "that said it used N did (default: a seed no one can know before grading)",
    )
    command.add_argument(
        "--unconfined",
        action="store_true",
        help="grade even where the kernel cannot confine the students' code (no Landlock or "
        "seccomp): a submission can then read the tests and change grades; every report says so",
    )


def points_argument(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--points",
        type=points,
        default=10.0,
        metavar="N",
        help="what a kata is worth (default 10), earned in proportion to the tests passed",
    )


def scoring_arguments(command: argparse.ArgumentParser) -> None:
    points_argument(command)
    command.add_argument(
        "--kata-points",
        metavar="KATA=N",
        nargs="+",
        default=[],
        help="what some katas are worth instead of --points, e.g. 1=5 3=20",
    )
    command.add_argument(
        "--scoring",
        choices=("proportional", "all-or-nothing", "weighted"),
        default="proportional",
        help="proportional (default): points in proportion to the tests passed; all-or-nothing: "
        "a kata's points only when solved; weighted: each kind of test weighs --weights",
    )
    command.add_argument(
        "--weights",
        metavar="KIND=W",
        nargs="+",
        default=[],
        help="for --scoring weighted: examples, hidden, properties, guards (1 each unless given)",
    )


def scoring(options: argparse.Namespace) -> Scoring:
    """The scoring the options ask for; ValueError naming the option and the value."""
    from kata.grading.scoring import Scoring, parse_weights

    if options.weights and options.scoring != "weighted":
        raise ValueError("--weights goes with --scoring weighted")
    per_kata = kata_pairs("--kata-points", options.kata_points, points)
    return Scoring(options.scoring, options.points, per_kata, parse_weights(options.weights))


def kata_pairs(option: str, pairs: list[str], value_of: Callable[[str], T]) -> dict[str, T]:
    """KATA=VALUE pairs (--kata-points 3=20): kata slug -> its value; ValueError naming the option and the pair
    for a kata that does not exist or is given twice, a pair without '=', or a value `value_of` refuses."""
    found: dict[str, T] = {}
    for pair in pairs:
        name, equals, value = pair.partition("=")
        try:
            if not equals:
                raise ValueError("write it KATA=VALUE")
            slug = find_kata(name).slug
            if slug in found:
                raise ValueError(f"{slug} is given twice")
            found[slug] = value_of(value)
        except (UnknownKata, argparse.ArgumentTypeError, ValueError) as error:
            raise ValueError(f"{option} {pair!r}: {error}") from None
    return found


def canvas_assignment_id(value: str) -> str:
    if not (value.isascii() and value.isdigit()):
        raise ValueError("an assignment id is Canvas's number, such as 1=4711")
    return value


def assignment_ids(pairs: list[str]) -> dict[str, str]:
    """--assignment-ids 1=4711: kata slug -> Canvas's assignment id (digits, as Canvas writes them), one per kata."""
    ids = kata_pairs("--assignment-ids", pairs, canvas_assignment_id)
    shared = sorted({number for number in ids.values() if list(ids.values()).count(number) > 1})
    if shared:
        raise ValueError(f"--assignment-ids: two katas name one assignment, {', '.join(shared)}")
    return ids


def classroom_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "platform",
        choices=("github", "gradescope", "step"),
        help="github: the workflow; gradescope: the zip; step: grade one kata, in the workflow",
    )
    command.add_argument("kata", metavar="KATA", nargs="?", help="for step: the kata to grade")
    command.add_argument(
        "--katas",
        metavar="KATA",
        nargs="+",
        default=None,
        help="the katas to grade (" + KATA_FORMS + "); default: every kata",
    )
    points_argument(command)
    command.add_argument(
        "--out",
        type=Path,
        default=None,
        metavar="PATH",
        help="where to write (default: .github/workflows/classroom.yml, or autograder.zip)",
    )
    command.add_argument(
        "--template",
        type=Path,
        default=None,
        metavar="DIR",
        help="github: build the students' release in DIR (as kata release does), the workflow in it",
    )


def classroom(options: argparse.Namespace) -> int:
    from kata.command.classroom import ClassroomProblem, classroom

    try:
        return classroom(options.platform, options.kata, options.katas, options.points, options.out, options.template)
    except ClassroomProblem as problem:
        return fail("classroom", problem, 2)


def similarity(options: argparse.Namespace) -> int:
    from kata.command.similarity import similarity
    from kata.grading.submissions import BadSubmissions
    from kata.katas import KATAS

    katas = sorted({find_kata(name) for name in options.katas}, key=KATAS.index) if options.katas else list(KATAS)
    for path, suffix in ((options.out, ".json"), (options.html, ".html")):
        if path is not None and path.suffix.lower() != suffix:
            return fail("similarity", f"{str(path)!r} does not end in {suffix}", 2)
    try:
        return similarity(
            options.submissions, katas, options.out, options.html, options.threshold, options.ignore_shared
        )
    except (BadSubmissions, ValueError) as error:
        return fail("similarity", error, 2)


def similarity_arguments(command: argparse.ArgumentParser) -> None:
    from kata.grading.similarity import IGNORE_SHARED, SHARED_FLOOR, THRESHOLD

    command.add_argument(
        "submissions",
        metavar="CLASS",
        type=Path,
        help="a folder with one folder (or .zip file) per student, as for kata grade",
    )
    command.add_argument(
        "--katas",
        metavar="KATA",
        nargs="+",
        default=None,
        help="the katas to compare (" + KATA_FORMS + "); default: every kata",
    )
    command.add_argument(
        "--out",
        metavar="FILE.json",
        type=Path,
        required=True,
        help="the pairs: each {a, b, kata, score, flagged, regions}",
    )
    command.add_argument(
        "--html",
        metavar="FILE.html",
        type=Path,
        default=None,
        help="also a page with each flagged pair side by side, the matching lines highlighted",
    )
    command.add_argument(
        "--threshold",
        type=share,
        default=THRESHOLD,
        metavar="S",
        help=f"the score from which a pair is flagged (default {THRESHOLD:g})",
    )
    command.add_argument(
        "--ignore-shared",
        type=share,
        default=IGNORE_SHARED,
        metavar="S",
        help=f"code found in more than this share of the files of a kata is the class's, not a "
        f"copy, and is left out of the pairs of students (default {IGNORE_SHARED:g}; 1: "
        f"nothing is; only in a class of {SHARED_FLOOR} files or more)",
    )


def release(options: argparse.Namespace) -> int:
    from kata.command.release import release
    from kata.grading.release import ReleaseProblem

    try:
        return release(options.folder)
    except ReleaseProblem as problem:
        return fail("release", problem, 2)


def release_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument("folder", metavar="DIR", type=Path, help="a new (or empty) folder for the students' copy")


def grade(options: argparse.Namespace) -> int:
    from kata.grading.gradebook import Asked, read_roster
    from kata.grading.grader import GradingFailed, grade
    from kata.grading.submissions import BadSubmissions
    from kata.katas import KATAS

    katas = sorted({find_kata(name) for name in options.katas}, key=KATAS.index) if options.katas else list(KATAS)
    try:
        roster = read_roster(options.roster) if options.roster is not None else None
        if roster is not None and options.gradebook is None:
            raise ValueError("--roster goes with --gradebook, whose rows it identifies")
        if options.assignment_ids and options.gradebook is None:
            raise ValueError("--assignment-ids goes with --gradebook, whose columns they name")
        ids = assignment_ids(options.assignment_ids)
        if ungraded := [slug for slug in ids if slug not in {kata.slug for kata in katas}]:
            raise ValueError(f"--assignment-ids names {', '.join(ungraded)}, which this run does not grade")
        gradebook = Asked(options.gradebook, options.gradebook_format, roster, ids) if options.gradebook else None
        return grade(
            options.submissions,
            katas,
            jobs=options.jobs,
            call_seconds=options.call_seconds,
            memory_mb=options.memory,
            outputs=tuple(options.out),
            junit=options.junit,
            unconfined=options.unconfined,
            feedback=options.feedback,
            gradebook=gradebook,
            scoring=scoring(options),
            similarity=options.similarity,
            seed=options.seed,
        )
    except (BadSubmissions, GradingFailed, ValueError) as error:
        return fail("grade", error, 2)
