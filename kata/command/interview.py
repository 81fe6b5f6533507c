"""`kata interview`: practise the interview itself. A track of katas asked as follow-ups, one prompt said
aloud, a clock, questions to ask, a run and a submit; then the scorecard.

The session's state and its figures are kata.interview's; this module prints them, and
measures the growth of each stage's accepted code for the scorecard as `kata bench` does.
"""

from __future__ import annotations

import argparse
import json
import secrets
import subprocess
import sys
import textwrap
from pathlib import Path

from kata.command.terminal import width
from kata.interview import scorecard
from kata.interview.clock import ClockProblem, minutes_and_seconds
from kata.interview.session import (
    MOST_MINUTES,
    Session,
    SessionProblem,
    active_session,
    all_sessions,
    current_session,
    last_session,
    start_session,
)
from kata.interview.tracks import TRACKS, UnknownTrack, find_track, one_kata
from kata.judging.vocabulary import counted
from kata.katas import ROOT, Kata, find_kata

GROWTH_SECONDS = 6.0  # kata bench's budget for each stage's accepted code, in the scorecard
GROWTH_WAIT_SECONDS = 60.0  # the measurement's process is stopped past this
WITHHELD = "withheld during your interview until it ends (kata interview end ends it)"


def interview(options: argparse.Namespace) -> int:
    """Run one subcommand; a SessionProblem is one line on stderr."""
    try:
        return ACTIONS[options.action](options)
    except (SessionProblem, UnknownTrack, ClockProblem) as problem:
        print(f"kata interview {options.action}: {problem}", file=sys.stderr)
        return 2


def _wrapped(text: str, indent: str = "  ") -> str:
    return textwrap.fill(text, width(), initial_indent=indent, subsequent_indent=indent)


def _sentence(text: str) -> str:
    return text if text.endswith((".", "?", "!")) else text + "."


def _tracks(options: argparse.Namespace) -> int:
    for track in TRACKS:
        katas = track.katas
        print(f"{track.name}: {track.chain()}  (about {track.target_minutes} min)")
        print(f"  starts with {katas[0].number}: {katas[0].script.adds}")
        for kata in katas[1:]:
            print(f"  then {kata.number} adds {kata.script.adds}")
    print("Start one: kata interview start --track NAME (or --kata N for a single kata).")
    return 0


def _start(options: argparse.Namespace) -> int:
    if (options.track is None) == (options.kata is None):
        raise SessionProblem("give either --track NAME or --kata N (kata interview tracks lists the tracks)")
    from kata.sandbox import confinement_problem

    track = find_track(options.track) if options.track is not None else one_kata(find_kata(options.kata))
    session = start_session(track, options.minutes, confinement_problem() or "")
    what = f"track {track.name} ({track.chain()})" if len(track.numbers) > 1 else track.name
    print(f"Interview started: {what}, {minutes_and_seconds(session.seconds)} on the clock.")
    if session.confinement:
        print(f"Your code will run unconfined: {session.confinement}.")
    katas = f"katas {', '.join(track.numbers)}" if len(track.numbers) > 1 else f"kata {track.numbers[0]}"
    print(f"Hints, statements, editorials and mistake names of {katas} are {WITHHELD}.")
    print()
    _print_stage(session)
    return 0


def _print_stage(session: Session) -> None:
    stage, kata = session.stage, session.stage.the_kata
    print(f"Stage {len(session.stages)} of {len(session.katas())}: kata {kata.number}. The interviewer says:")
    print(_wrapped(kata.script.prompt))
    print(f"Your file: {stage.file}")
    print(f"Ask before you code: kata interview ask ({len(kata.script.questions)} questions).")
    print("Then kata interview run (the examples only) and kata interview submit (every hidden test).")
    print(
        f"Time left: {minutes_and_seconds(session.seconds_left())}; target for this stage: "
        f"{kata.script.target_minutes} min."
    )


def _status(options: argparse.Namespace) -> int:
    session = last_session()
    stage, kata = session.stage, session.stage.the_kata
    if options.json:
        print(
            json.dumps(
                {
                    "session": session.id,
                    "track": session.track,
                    "stage": len(session.stages),
                    "stages": len(session.katas()),
                    "kata": kata.number,
                    "title": kata.title,
                    "file": stage.file,
                    "seconds_left": round(session.seconds_left(), 1),
                    "ended": session.ended,
                    "end_reason": session.end_reason,
                    "prompt": kata.script.prompt,
                    "submissions": len(stage.submissions),
                    "questions_asked": list(stage.asked),
                },
                indent=1,
            )
        )
        return 0
    if session.ended:
        print(
            f"The interview {session.id} has ended ({session.end_reason}) at "
            f"{minutes_and_seconds(session.elapsed())}. kata interview report shows the scorecard."
        )
        return 0
    _print_stage(session)
    print(f"Submissions in this stage: {len(stage.submissions)}; questions asked: {len(stage.asked)}.")
    return 0


def _open_session() -> Session:
    """The session under way, refused once its time has run out."""
    session = current_session()
    if session.ended:
        raise SessionProblem(
            f"the interview has ended ({session.end_reason}); kata interview report shows the scorecard"
        )
    return session


def _ask(options: argparse.Namespace) -> int:
    session = _open_session()
    stage = session.stage
    questions = stage.the_kata.script.questions
    if options.number is None:
        print(f"Questions you may ask about kata {stage.the_kata.number} (kata interview ask N asks one):")
        for number, question in enumerate(questions, start=1):
            print(f"  {number}. {question.asked}" + (" (asked)" if number in stage.asked else ""))
        return 0
    if not 1 <= options.number <= len(questions):
        raise SessionProblem(f"there is no question {options.number}: this stage has questions 1 to {len(questions)}")
    question = questions[options.number - 1]
    if options.number not in stage.asked:
        stage.asked.append(options.number)
        session.save()
    print(f"You: {question.asked}")
    print("The interviewer:")
    print(_wrapped(question.answer))
    return 0


def _run(options: argparse.Namespace) -> int:
    session = _open_session()
    stage = session.stage
    from kata.interview.judge import judge

    stage.runs.append(session.elapsed())
    session.save()
    ran = judge(stage.the_kata, stage.path(), submit=False, at=stage.runs[-1], confined=not session.confinement)
    if ran.problem:
        print(f"Run: {_sentence(ran.problem)}")
        return 1
    print(f"Run: {ran.passed} of {ran.total} examples pass.")
    if ran.first_failure:
        print(ran.first_failure)
        return 1
    print("Submit when you are ready: kata interview submit")
    return 0


def _submit(options: argparse.Namespace) -> int:
    session = _open_session()
    from kata.interview.judge import judge_code

    stage, kata = session.stage, session.stage.the_kata
    at = session.elapsed()
    try:
        source = stage.path().read_bytes()
    except OSError as error:
        raise SessionProblem(f"{stage.file} cannot be read ({error.strerror}): nothing to submit") from None
    submission = judge_code(kata, source, at=at, confined=not session.confinement, seed=secrets.randbelow(2**32))
    if submission.problem.startswith("not started"):
        raise SessionProblem(f"nothing to submit yet: write {', '.join(kata.functions)} in {stage.file}")
    session.keep_code(source)
    stage.submissions.append(submission)
    number = len(stage.submissions)
    if not submission.accepted:
        session.save()
        counted = f"{submission.passed} of {submission.total} tests pass. The first failing input:"
        print(f"Submission {number}: " + (_sentence(submission.problem) if submission.problem else counted))
        if submission.first_failure:
            print(submission.first_failure)
        print(f"Time left: {minutes_and_seconds(session.seconds_left())}.")
        return 1
    stage.passed_at = at
    print(
        f"Submission {number}: accepted, {submission.total} of {submission.total} tests pass, at "
        f"{minutes_and_seconds(at - stage.opened_at)} into the stage (target {kata.script.target_minutes} min)."
    )
    following = session.next_kata()
    if following is None:
        session.end(at, "every stage passed")
        session.save()
        print("That was the last stage: the interview is over. kata interview report shows your scorecard.")
        return 0
    session.open_next_stage(at)
    session.save()
    print()
    print("The interviewer says:")
    print(_wrapped(following.script.follow_up))
    print(f"Your code is carried over to the top of the new stage's file, {session.stage.file}.")
    print()
    _print_stage(session)
    return 0


def _end(options: argparse.Namespace) -> int:
    session = current_session()
    if session.ended:
        print(f"The interview had already ended ({session.end_reason}). kata interview report shows the scorecard.")
        return 0
    session.end(session.elapsed(), "ended early")
    session.save()
    print(
        f"The interview has ended at {minutes_and_seconds(session.elapsed())}. "
        "kata interview report shows your scorecard."
    )
    return 0


def _report(options: argparse.Namespace) -> int:
    from kata.interview.confirm import unconfirmed_passes

    session = last_session()
    unconfirmed = unconfirmed_passes(session)
    growth = _growths(session, unconfirmed) if session.ended and not options.no_growth else {}
    data = scorecard.figures(session, growth, unconfirmed)
    if options.out is not None:
        suffix = options.out.suffix.lower()
        writer = {".md": scorecard.as_markdown, ".html": scorecard.as_html, ".json": scorecard.as_json}[suffix]
        options.out.write_text(writer(data), encoding="utf-8")
        print(f"The scorecard is in {options.out}.")
    print(
        scorecard.as_json(data) if options.json else scorecard.as_markdown(data), end="" if not options.json else "\n"
    )
    return 0


def _history(options: argparse.Namespace) -> int:
    if active_session() is not None:
        current_session()  # records the end of one whose time has run out
    sessions = all_sessions()
    if not sessions:
        print("No interview yet: kata interview start --track NAME begins one.")
        return 0
    from kata.interview.confirm import unconfirmed_passes

    for session in sessions:
        total = scorecard.figures(session, {}, unconfirmed_passes(session, judge_again=False))["total"]
        state = session.end_reason if session.ended else "under way"
        print(
            f"{session.id}  {session.track:<10} {total['stages_passed']} of {total['stages']} stages  "
            f"{minutes_and_seconds(session.elapsed())} of {minutes_and_seconds(session.seconds)}  "
            f"{counted(total['submissions'], 'submission')} ({total['failed_submissions']} failed)  "
            f"{counted(total['questions_asked'], 'question')} asked  {state}"
        )
    return 0


def _growths(session: Session, unconfirmed: dict[int, str]) -> dict[int, scorecard.Growth]:
    """The growth of each passed stage's accepted code, measured once and kept beside the session."""
    kept_in = session.folder() / "growth.json"
    try:
        kept = json.loads(kept_in.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        kept = {}
    growths = {}
    for index, stage in enumerate(session.stages):
        accepted = stage.accepted_submission()
        if stage.passed_at is None or index in unconfirmed or accepted is None:
            continue
        key = accepted.code
        if not isinstance(kept.get(key), dict):
            kept[key] = _measured_growth(stage.the_kata, session.kept_code(key))
        growths[index] = scorecard.Growth(**kept[key])
    kept_in.write_text(json.dumps(kept), encoding="utf-8")
    return growths


def _measured_growth(kata: Kata, file: Path) -> dict:
    """kata bench's measurement, in a process of its own that is stopped if it runs past its limit."""
    command = [sys.executable, "-m", "kata.command.interview_growth", kata.number, str(file), str(GROWTH_SECONDS)]
    try:
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=GROWTH_WAIT_SECONDS)
        measured = json.loads(done.stdout.strip().splitlines()[-1])
        return {"yours": measured["yours"], "reference": measured["reference"], "verdict": measured["verdict"]}
    except subprocess.TimeoutExpired:
        return {
            "yours": None,
            "reference": None,
            "verdict": f"not measured: still running after {GROWTH_WAIT_SECONDS:g} s",
        }
    except (ValueError, IndexError, KeyError, TypeError):
        return {"yours": None, "reference": None, "verdict": "not measured: the timing could not be read"}


def withheld_numbers() -> set[str]:
    """The katas of the interview under way, whose hints, statements and mistakes stay hidden until it ends."""
    session = active_session()
    if session is None:
        return set()
    try:
        if session.elapsed() >= session.seconds:
            return set()
    except SessionProblem:
        pass  # a clock the session refuses: its katas stay withheld all the same
    return {kata.number for kata in session.katas()}


def refusal(command: str, katas: list[Kata] | None) -> str | None:
    """Why `command` may not run on these katas (None: every kata) now, in one line; None when it may."""
    withheld = withheld_numbers()
    asked = {kata.number for kata in katas} if katas is not None else withheld
    touched = sorted(asked & withheld)
    if not touched:
        return None
    which = f"kata {touched[0]}" if len(touched) == 1 else f"katas {', '.join(touched)}"
    return f"kata {command} on {which} is {WITHHELD}"


def add_arguments(command: argparse.ArgumentParser) -> None:
    actions = command.add_subparsers(dest="action", metavar="ACTION", required=True, parser_class=type(command))
    actions.add_parser("tracks", help="list the tracks: chains of katas asked as follow-ups")
    start = actions.add_parser("start", help="start a session: a fresh file, the first prompt, the clock")
    start.add_argument("--track", metavar="NAME", help="a track (kata interview tracks lists them)")
    start.add_argument("--kata", metavar="KATA", help="a single kata instead of a track")
    start.add_argument(
        "--minutes",
        type=_minutes,
        metavar="M",
        default=None,
        help="the time on the clock (default: the sum of the stages' target times)",
    )
    status = actions.add_parser("status", help="the stage, the kata, the file to edit and the time left")
    status.add_argument("--json", action="store_true", help="as JSON")
    ask = actions.add_parser("ask", help="list the questions you may ask, or ask question N")
    ask.add_argument("number", metavar="N", nargs="?", type=_question_number, default=None)
    actions.add_parser("run", help="run the stage's examples only, like a Run button")
    actions.add_parser("submit", help="run every hidden test; on a pass, the follow-up and the next stage")
    actions.add_parser("end", help="end the session now")
    report = actions.add_parser("report", help="the scorecard of the session under way or the latest")
    report.add_argument("--json", action="store_true", help="as JSON")
    report.add_argument(
        "--out", type=_report_path, metavar="FILE", default=None, help="also write it to FILE: .md, .html or .json"
    )
    report.add_argument("--no-growth", action="store_true", help="do not time the accepted code of each stage")
    actions.add_parser("history", help="every past session with its totals")


def _minutes(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 1 <= value <= MOST_MINUTES:
        raise argparse.ArgumentTypeError(f"--minutes {text!r} is not a number of minutes from 1 to {MOST_MINUTES}")
    return value


def _question_number(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"N {text!r} is not a question's number (1, 2, ...)")
    return int(text)


def _report_path(text: str) -> Path:
    path = Path(text)
    if path.suffix.lower() not in (".md", ".html", ".json"):
        raise argparse.ArgumentTypeError(f"--out {text!r} does not end in .md, .html or .json")
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"--out {text!r} is in a folder that does not exist")
    return path


ACTIONS = {
    "tracks": _tracks,
    "start": _start,
    "status": _status,
    "ask": _ask,
    "run": _run,
    "submit": _submit,
    "end": _end,
    "report": _report,
    "history": _history,
}
