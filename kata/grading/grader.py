"""`kata grade`: run the katas' tests on a whole class's submissions and report each student's score.

Each student is graded by a pytest run of their own (several at once with --jobs), and
inside it each kata's code runs isolated in a worker process (kata.sandbox.client): the tests
and their checks never share a process with a submission. A student earns the tests
their code passes out of every test of each kata graded, so every score has the same
denominator. The Hypothesis profile "grading" draws the same examples for everyone.
"""

from __future__ import annotations

import dataclasses
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from kata.grading.feedback import write_feedback
from kata.grading.gradebook import Asked, write_asked
from kata.grading.grades import (
    KataGrade,
    first_lines,
    grade_from_tests,
    grade_without_tests,
    kept_record,
    out_of_the_same_tests,
)
from kata.grading.names import numbered_files
from kata.grading.reports import check_report_paths, grade_table, kata_summary, write_junit, write_reports
from kata.grading.scoring import PROPORTIONAL, Scoring
from kata.grading.submissions import Submission, handed_in_copy, kata_file, problem_of_file, submissions_in
from kata.judging.guards import GUARD_SEED_VARIABLE
from kata.judging.limits import CALL_SECONDS, TESTS_MEMORY_MB, WORKER_MEMORY_MB
from kata.judging.printable import one_line, printable
from kata.judging.vocabulary import (
    KataStatus,
    Verdict,
    counted,
    grader_stopped_the_run,
    grader_stopped_the_run_detail,
    grader_stopped_the_tests,
    grader_stopped_the_tests_detail,
)
from kata.katas import ROOT, TESTS, Kata, has_solutions, kata_of_test, relative
from kata.runner.outcomes import TestOutcome, read_outcomes
from kata.runner.processes import process_group, stop_every_group, stop_group
from kata.runner.profiles import HYPOTHESIS_SEED_VARIABLE
from kata.sandbox import (
    ALSO_HIDDEN_VARIABLE,
    TESTS_STOP_SECONDS,
    TestsMemoryWatch,
    remove_folder,
    workers_can_be_kept_from_sight,
)

# For one student's run, per kata graded: a kata's tests stop at KATA_SECONDS in all, and the last of them
# may still take its own limit (an isolated guard's, the longest) and the run's start; this stops the rest.
STUDENT_SECONDS_PER_KATA = 300.0


class GradingFailed(Exception):
    """The grading itself cannot go on (not a student's fault); the message says why."""


def grade(
    folder: Path,
    katas: list[Kata],
    *,
    jobs: int,
    call_seconds: float = CALL_SECONDS,
    memory_mb: int = WORKER_MEMORY_MB,
    outputs: tuple[Path, ...] = (),
    junit: Path | None = None,
    unconfined: bool = False,
    feedback: Path | None = None,
    gradebook: Asked | None = None,
    scoring: Scoring = PROPORTIONAL,
    similarity: Path | None = None,
    seed: int | None = None,
) -> int:
    """Grade every student in `folder`, print the table and the summary, and write the reports asked for.

    Only where the kernel confines the students' code (kata.sandbox.confinement), unless the
    teacher accepts the risk with `unconfined`; every report then starts with a warning. The
    properties' examples and the guards' inputs are drawn from `seed`, one for the class (drawn
    here unless given), which no run before grading can know.
    """
    check_report_paths(list(outputs))
    if similarity is not None and Path(similarity).suffix.lower() != ".json":
        raise ValueError(f"--similarity {str(similarity)!r} does not end in .json")
    warning = confinement_warning(unconfined)
    folder = Path(folder).resolve()  # the tests run from the repository's folder, not from this one
    place = class_folder_warning(folder, workers_can_be_kept_from_sight())
    work = Path(tempfile.mkdtemp(prefix="kata-grade-"))
    try:
        students = submissions_in(folder, work / "unpacked")
        if place:  # once the class is found: a folder that is not there is refused in one line
            say(place)
        counts = tests_per_kata(katas)
        say(
            f"Grading {counted(len(students), 'student')} on "
            f"{', '.join(kata.number for kata in katas)} ({counted(sum(counts.values()), 'test')} each), "
            f"{jobs} at a time"
        )
        seed = drawn_seed() if seed is None else seed
        say(seed_line(seed))
        grades = grade_students(
            students, katas, counts, work, jobs, call_seconds, memory_mb, not warning, hidden=(folder, work), seed=seed
        )
        # Compared as graded: the zips unpacked once, not a second time for kata similarity.
        flags = similar_students(students, katas, similarity, grades) if similarity is not None else {}
    finally:
        remove_folder(work)  # what the students handed in may nest deeper than shutil.rmtree recurses
    if warning:
        print(warning)
    print(grade_table(grades))
    print()
    print(kata_summary(grades))
    for student, lines in sorted(flags.items()):
        print(one_line(f"Flagged: {student}: " + "; ".join(lines)))
    write_reports(grades, list(outputs), warning)
    if junit is not None:
        write_junit(grades, junit, warning)
    if feedback is not None:
        write_feedback(grades, feedback, scoring, warning, notes_for_students(flags))
    handed_in = {student.student: student.handed_in for student in students}
    for line in write_asked(gradebook, grades, scoring, flags, handed_in) if gradebook is not None else []:
        say(f"gradebook: {line}")
    written = [
        *outputs,
        *(path for path in (junit, feedback, gradebook and gradebook.path, similarity) if path is not None),
    ]
    for path in written:
        say(f"wrote {path}")
    if junit is not None or feedback is not None:
        for line in numbered_files(list(dict.fromkeys(grade.student for grade in grades))):
            say(f"files numbered apart: {line}")
    if place:
        say(place)
    say(seed_line(seed))
    ungraded = not_graded(grades)
    if ungraded:
        print(
            f"Not graded: the tests could not run for {len(ungraded)} "
            f"{'student' if len(ungraded) == 1 else 'students'}: "
            + "; ".join(f"{student} ({why})" for student, why in ungraded.items())
        )
        return 1
    return 0


def drawn_seed() -> int:
    """A seed no one can know before grading: the system's randomness."""
    return secrets.randbelow(10**12)


def seed_line(seed: int) -> str:
    return (
        f"Seed {seed}: the properties' examples and the guards' inputs of every student were drawn from it; "
        f"kata grade --seed {seed} draws the same again"
    )


def class_folder_warning(folder: Path, kept_from_sight: bool) -> str:
    """A warning when the class lies inside the repository, whose path every worker has, or beside it (a folder
    of the repository's parent, ~/course/submissions beside ~/course/katas), and the
    workers cannot be kept from seeing it (kata.sandbox.sight: only root's can); "" otherwise."""
    if kept_from_sight or not (folder.is_relative_to(ROOT) or folder.parent == ROOT.parent):
        return ""
    where = (
        f"inside the repository {ROOT}, whose path"
        if folder.is_relative_to(ROOT)
        else f"beside the repository {ROOT}, at a path guessed from the repository's, which"
    )
    return (
        f"WARNING: the class {folder} is {where} a student's code can "
        "learn: it can tell which files a classmate handed in, their sizes and times (not their contents). "
        "Keep the class outside the repository's folder, under a name of your own"
    )


def similar_students(
    students: list[Submission], katas: list[Kata], out: Path, grades: list[KataGrade] | None = None
) -> dict[str, list[str]]:
    """Compare the class as kata similarity does, write the pairs to `out`, mark the grades' flags; the flagged
    students, with why."""
    from kata.grading.similarity import compare_submissions, flagged_students, mark_similar, write_json

    compared = compare_submissions(students, katas, say=say)
    write_json(compared.pairs, out)
    mark_similar(grades or [], compared.pairs)
    return flagged_students(compared.pairs)


def notes_for_students(flags: dict[str, list[str]]) -> dict[str, list[str]]:
    """What a student's own feedback says of a flag: that their kata is flagged for the teacher's review, and
    nothing of what it resembles (docs/teachers.md says why)."""
    return {
        student: [
            f"Your {kata} is flagged for your teacher's review."
            for kata in dict.fromkeys(line.split(":", 1)[0] for line in lines)
        ]
        for student, lines in flags.items()
    }


def not_graded(grades: list[KataGrade]) -> dict[str, str]:
    """The students whose tests did not run at all (the grader's failure, not theirs), with why."""
    return {grade.student: grade.detail for grade in grades if grade.status == KataStatus.ERROR and not grade.tests}


def confinement_warning(unconfined: bool) -> str:
    """'' where the students' code will be confined; the warning for every report where the teacher chose not to.

    Raises GradingFailed where it cannot be confined and the teacher did not accept that.
    """
    from kata.sandbox import confinement_problem

    why = confinement_problem()
    if why is None:
        return ""
    if not unconfined:
        raise GradingFailed(
            f"{why}. Grade on such a Linux (a container or a virtual machine will do) or with "
            "GitHub Classroom; or pass --unconfined to grade with the students' code unconfined"
        )
    return (
        f"WARNING: graded unconfined ({why}): a submission could read the tests and the reference "
        "and change its own or another student's grade."
    )


def grade_students(
    students: list[Submission],
    katas: list[Kata],
    counts: dict[str, int],
    work: Path,
    jobs: int,
    call_seconds: float,
    memory_mb: int,
    confined: bool = True,
    hidden: tuple[Path, ...] = (),
    seed: int | None = None,
) -> list[KataGrade]:
    """Every student's grades, `jobs` students at a time; `hidden`, the class's folders, are out of every
    worker's reach and sight; `seed`, the class's, draws every student's examples and guard inputs."""
    by_student: dict[str, list[KataGrade]] = {}
    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        running = {
            pool.submit(
                grade_student, student, katas, counts, work, call_seconds, memory_mb, confined, hidden=hidden, seed=seed
            ): student
            for student in students
        }
        try:
            for done, future in enumerate(as_completed(running), 1):
                student = running[future]
                by_student[student.student] = future.result()
                say(
                    f"[{done}/{len(students)}, {time.monotonic() - started:.0f} s] {student.student}: "
                    + ", ".join(f"{g.kata.split('_', 1)[0]} {g.score} {g.status}" for g in by_student[student.student])
                )
        except BaseException:  # Ctrl-C or SIGTERM: the other threads' runs stop too, and no new one starts
            pool.shutdown(wait=False, cancel_futures=True)
            stop_every_group()
            raise
    return out_of_the_same_tests([grade for student in students for grade in by_student[student.student]])


def grade_student(
    student: Submission,
    katas: list[Kata],
    counts: dict[str, int],
    work: Path,
    call_seconds: float,
    memory_mb: int,
    confined: bool = True,
    seconds: float | None = None,
    hidden: tuple[Path, ...] = (),
    seed: int | None = None,
) -> list[KataGrade]:
    """One student's grades, kata by kata, from one isolated pytest run over the katas they submitted; the
    examples and guard inputs drawn from `seed` (a new one, unless given: an autograder's, per submission)."""
    if student.problem:
        return [
            grade_without_tests(student.student, kata.slug, KataStatus.CANNOT_RUN, student.problem, counts[kata.slug])
            for kata in katas
        ]
    files = {kata: path for kata in katas if (path := kata_file(student, kata)) is not None}
    refused = {kata: why for kata, path in files.items() if (why := problem_of_file(student, path))}
    submitted = [kata for kata in files if kata not in refused]
    outcomes: dict = {}
    problem, copy = "", None
    if submitted:  # the tests load a copy of the files graded, never the student's folder (kata.grading.submissions)
        copy = handed_in_copy(student, [files[kata] for kata in submitted], Path(tempfile.mkdtemp(dir=work)))
        outcomes, problem = run_tests(copy, submitted, work, call_seconds, memory_mb, confined, seconds, hidden, seed)
    grades = []
    for kata in katas:
        run = counts[kata.slug]
        if kata not in files:
            grades.append(
                grade_without_tests(
                    student.student, kata.slug, KataStatus.NOT_SUBMITTED, f"no file {kata.slug}/{kata.module}.py", run
                )
            )
        elif kata in refused:
            grades.append(grade_without_tests(student.student, kata.slug, KataStatus.CANNOT_RUN, refused[kata], run))
        elif kata.slug in outcomes:
            grades.append(grade_of_kata(student.student, kata, outcomes[kata.slug], run))
        else:
            grades.append(
                grade_without_tests(
                    student.student, kata.slug, KataStatus.ERROR, problem or "the tests did not run", run
                )
            )
    return [named_as_handed_in(grade, student, copy) for grade in grades]


def named_as_handed_in(grade: KataGrade, student: Submission, copy: Submission | None = None) -> KataGrade:
    """The grade with the student's files named as they handed them in (alice/01_fixed_windows/...),
    not by where the grader put, unpacked or copied them."""
    places = [str(folder) + os.sep for folder in (student.folder, *([copy.folder] if copy else []))]
    places += [printable(place) for place in places]  # as the reports, made printable, hold them
    # submissions_in names students visibly; a name given otherwise (kata classroom's) is made printable here,
    # since the messages it goes into were cleaned before.
    name = one_line(student.student)

    def shown(text: str) -> str:
        for place in places:
            text = text.replace(place, f"{name}/")
        return text

    grade.detail = shown(grade.detail)
    for test in grade.tests:
        test.report = shown(test.report)
        if test.failure is not None:
            test.failure = {
                key: shown(value) if isinstance(value, str) else value for key, value in test.failure.items()
            }
    return grade


def grade_of_kata(student: str, kata: Kata, outcome: dict, run: int) -> KataGrade:
    if outcome.get("problem"):  # the kata could not run: "status" says why in a word
        return grade_without_tests(student, kata.slug, outcome["status"], outcome["problem"], run)
    skipped = [test for test in outcome["tests"] if test.skipped]
    tests = [
        dataclasses.replace(test, report=first_lines(test.report), failure=kept_record(test.failure))
        for test in outcome["tests"]
        if not test.skipped
    ]
    # A test skipped for an optional extra that is not installed counts for no one: it is left out of the
    # score's denominator, which stays the same for every student of the class (graded in one place).
    run -= len(skipped)
    # Tests a crash of the run left undone, numbered on from the last that ran: no points for those. Past
    # the cap on its memory, the grader stopped the tests' process: each such test says so.
    stopped = outcome.get("stopped")
    tests += [
        TestOutcome(
            f"{relative(TESTS / kata.slug)}::test {number} (not run)",
            False,
            verdict=outcome.get("stopped_verdict", Verdict.ERROR) if stopped else Verdict.ERROR,
            report=stopped or "the grading run stopped before this test",
        )
        for number in range(len(tests) + 1, run + 1)
    ]
    grade = grade_from_tests(student, kata.slug, tests, outcome.get("mistake", ""))
    details = []
    if stopped and len(tests) > len(outcome["tests"]) - len(skipped):
        details.append(outcome["stopped_detail"])
    if skipped:
        grade.skipped = len(skipped)
        details.append(f"{counted(len(skipped), 'test')} skipped: {skipped[0].reason}")
    if details:
        grade.detail = one_line("; ".join(details))
    return grade


def run_tests(
    student: Submission,
    katas: list[Kata],
    work: Path,
    call_seconds: float,
    memory_mb: int,
    confined: bool = True,
    seconds: float | None = None,
    hidden: tuple[Path, ...] = (),
    seed: int | None = None,
) -> tuple[dict, str]:
    """pytest on the student's folder, isolated; returns the outcomes per kata slug, or why there are none.

    The run's tests' process is held to TESTS_MEMORY_MB, read from outside (kata.sandbox.tests_memory)."""
    seed = drawn_seed() if seed is None else seed
    seconds = STUDENT_SECONDS_PER_KATA * len(katas) if seconds is None else seconds
    outcomes_file = work / f"outcomes-{os.getpid()}-{id(student)}.json"
    command = [
        sys.executable,
        "-m",
        "pytest",
        *(relative(TESTS / kata.slug) for kata in katas),
        f"--impl={student.folder}",
        "--isolate",
        f"--memory={memory_mb}",
        f"--call-seconds={call_seconds}",
        f"--outcomes={outcomes_file}",
        f"--shared-probes={work / 'probes'}",
        "--hypothesis-profile=grading",
        "--tests-memory=0",
        "-p",
        "no:cacheprovider",
        "-q",
        *(["--confined"] if confined else []),
    ]
    environment = dict(os.environ)
    environment.pop("KATA_IMPL", None)
    environment[ALSO_HIDDEN_VARIABLE] = os.pathsep.join(map(str, hidden))  # the class's folders, for its fork server
    # The seed, for the tests' process only (a worker's environment is its own), and in its environment, which
    # only the grader's user may read: a command line is every user's to read.
    environment[GUARD_SEED_VARIABLE] = environment[HYPOTHESIS_SEED_VARIABLE] = str(seed)
    cap = TESTS_MEMORY_MB
    with (
        process_group(
            command,
            cwd=ROOT,
            env=environment,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        ) as process,
        TestsMemoryWatch(process.pid, cap) as memory,
    ):
        try:
            output, _ = process.communicate(timeout=seconds)
        except subprocess.TimeoutExpired:
            ask_to_stop(process)
            return stopped_by_the_grader(
                outcomes_file,
                katas,
                Verdict.DID_NOT_FINISH,
                grader_stopped_the_run(f"{seconds:g} s"),
                grader_stopped_the_run_detail(f"{seconds:g} s"),
            ), ""
    if memory.passed_kib:
        return stopped_by_the_grader(
            outcomes_file,
            katas,
            Verdict.TOO_MUCH_MEMORY,
            grader_stopped_the_tests(f"{cap} MB"),
            grader_stopped_the_tests_detail(f"{cap} MB"),
        ), ""
    try:
        return read_outcomes(outcomes_file), ""
    except (OSError, ValueError):
        tail = output.decode("utf-8", "replace").strip().splitlines()[-3:]
        return {}, f"the test run ended with exit status {process.returncode}: {' / '.join(tail)}"


def ask_to_stop(process: subprocess.Popen) -> None:
    """SIGINT, as the memory cap asks (pytest ends the run and writes the outcomes of the tests that ran);
    killed with its group if it has not ended TESTS_STOP_SECONDS later."""
    try:
        os.kill(process.pid, signal.SIGINT)
        process.communicate(timeout=TESTS_STOP_SECONDS)
    except ProcessLookupError:
        pass
    except subprocess.TimeoutExpired:
        stop_group(process)
        process.communicate()


def stopped_by_the_grader(outcomes_file: Path, katas: list[Kata], verdict: str, report: str, detail: str) -> dict:
    """The outcomes of a run the grader stopped (its tests' process past its memory cap, or the run past its
    time): the tests that ran (if it could still write them), and for each kata a "stopped" verdict and report
    that every test not run carries, and the grade's detail."""
    try:
        outcomes = read_outcomes(outcomes_file)
    except (OSError, ValueError):
        outcomes = {}
    for kata in katas:
        outcome = outcomes.setdefault(kata.slug, {"tests": [], "mistake": "", "problem": None})
        outcome.update(stopped=report, stopped_verdict=verdict, stopped_detail=detail)
    return outcomes


def tests_per_kata(katas: list[Kata]) -> dict[str, int]:
    """How many tests each kata has: every student's score is out of this many."""
    with tempfile.TemporaryDirectory(prefix="kata-count-") as placeholders:
        impl = "reference" if has_solutions() else str(placeholder_folder(katas, Path(placeholders)))
        command = [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-q",
            f"--impl={impl}",
            "-p",
            "no:cacheprovider",
            *(relative(TESTS / kata.slug) for kata in katas),
        ]
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    counts = {kata.slug: 0 for kata in katas}
    for line in done.stdout.splitlines():
        kata = kata_of_test(ROOT / line.split("::", 1)[0]) if "::" in line else None
        if kata is not None and kata.slug in counts:
            counts[kata.slug] += 1
    empty = [slug for slug, count in counts.items() if count == 0]
    if done.returncode != 0 or empty:
        raise GradingFailed(
            f"could not list the tests of {', '.join(empty) or 'the katas'}: "
            f"{done.stdout.strip().splitlines()[-1:] or done.stderr.strip()}"
        )
    return counts


def placeholder_folder(katas: list[Kata], folder: Path) -> Path:
    """Where a students' release has no reference to collect the tests with: the katas' functions, each
    returning None, only so that collecting the tests loads something (none of them runs)."""
    for kata in katas:
        path = folder / kata.slug / f"{kata.module}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(
            "".join(f"def {name}(*args, **kwargs):\n    return None\n\n\n" for name in kata.functions), encoding="utf-8"
        )
    return folder


def say(line: str) -> None:
    """Progress goes to stderr, so that stdout holds only the table and the summary; on one printable
    line, whatever it quotes (a student's name, a path the teacher gave)."""
    print(one_line(line), file=sys.stderr, flush=True)
