"""A session's scorecard: per stage, the times, the submissions, the mistakes, the questions; then the total.

The figures come from the session's record alone (kata.interview.session), and the growth of
each stage's accepted code from the command, which measures it as `kata bench` does. The
mistakes' names are read from the catalog (solutions/<kata>/mistakes.py) once the session has
ended; where the catalog is not in the copy (the student release), the scorecard says so.
"""

from __future__ import annotations

import html
import json
from dataclasses import asdict, dataclass

from kata.interview.clock import minutes_and_seconds
from kata.interview.session import Session, Stage, Submission
from kata.katas import Kata
from kata.katas.interview_scripts import Question
from kata.runner.mistakes import mistakes_of

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


@dataclass(frozen=True)
class Growth:
    """The growth per doubling of the stage's accepted code, and the reference's, as kata bench measures them."""

    yours: float | None
    reference: float | None
    verdict: str  # kata bench's words for yours ("looks linear"), or why it was not measured


def ordinal(number: int) -> str:
    return ORDINALS[number - 1] if 1 <= number <= len(ORDINALS) else f"{number}th"


def mistake_title(kata: Kata, mistake: str) -> str:
    """The catalogued mistake's title, or what stands in for it."""
    if not mistake:
        return "no catalogued mistake matched"
    if not kata.mistakes_path().is_file():
        return "the catalog of mistakes is not in this copy"
    found = mistakes_of(kata).get(mistake)
    return found.title if found is not None else f"the catalogued mistake {mistake!r}"


def untold_questions(stage: Stage) -> list[tuple[Question, int]]:
    """The questions not asked whose answer decides the first test a failed submission failed (the failure
    the candidate was shown), each with that submission's number."""
    questions = stage.the_kata.script.questions
    found = []
    for number, question in enumerate(questions, start=1):
        if number in stage.asked:
            continue
        failing = next(
            (
                index
                for index, submission in enumerate(stage.submissions, start=1)
                if not submission.accepted and _touches(question, submission)
            ),
            None,
        )
        if failing is not None:
            found.append((question, failing))
    return found


def _touches(question: Question, submission: Submission) -> bool:
    first = submission.failed_tests[:1]
    return any(part in test for test in first for part in question.touches)


def figures(session: Session, growth: dict[int, Growth], unconfirmed: dict[int, str] | None = None) -> dict:
    """The scorecard as data: what --json writes, and what the pages are written from. A stage recorded as
    passed whose kept code does not bear it out (`unconfirmed`: index -> why) is not passed."""
    stages = [
        _stage_figures(session, index, stage, growth.get(index), (unconfirmed or {}).get(index, ""))
        for index, stage in enumerate(session.stages)
    ]
    return {
        "session": session.id,
        "track": session.track,
        "katas": [kata.number for kata in session.katas()],
        "minutes": session.minutes,
        "ended": session.ended,
        "end_reason": session.end_reason,
        "seconds_used": round(session.elapsed(), 1),
        "confinement": session.confinement or "confined",
        "clock": session.clock,
        "stages": stages,
        "total": {
            "stages_passed": sum(stage["seconds_to_pass"] is not None for stage in stages),
            "stages": len(session.katas()),
            "submissions": sum(stage["submissions"] for stage in stages),
            "failed_submissions": sum(stage["failed_submissions"] for stage in stages),
            "questions_asked": sum(len(stage["questions_asked"]) for stage in stages),
            "target_minutes": sum(kata.script.target_minutes for kata in session.katas()),
        },
    }


def _stage_figures(session: Session, index: int, stage: Stage, growth: Growth | None, unconfirmed: str) -> dict:
    kata = stage.the_kata
    questions = kata.script.questions
    failed = [submission for submission in stage.submissions if not submission.accepted]
    return {
        "stage": index + 1,
        "kata": kata.number,
        "title": kata.title,
        "file": stage.file,
        "target_minutes": kata.script.target_minutes,
        "seconds_to_first_run": _since(stage, stage.runs[0] if stage.runs else None),
        "seconds_to_pass": None if unconfirmed else _since(stage, stage.passed_at),
        "recorded_pass_unconfirmed": unconfirmed,
        "submissions": len(stage.submissions),
        "failed_submissions": len(failed),
        "failures": [
            {
                "submission": stage.submissions.index(submission) + 1,
                "seconds": _since(stage, submission.at),
                "passed": submission.passed,
                "total": submission.total,
                "problem": submission.problem,
                "mistake": submission.mistake if session.ended else "",
                "mistake_title": mistake_title(kata, submission.mistake) if session.ended else "withheld",
            }
            for submission in failed
        ],
        "questions_asked": [questions[number - 1].asked for number in stage.asked],
        "not_asked_but_failed_on": [
            {"question": question.asked, "submission": number} for question, number in untold_questions(stage)
        ],
        "growth": asdict(growth) if growth is not None else None,
    }


def _since(stage: Stage, at: float | None) -> float | None:
    return None if at is None else round(at - stage.opened_at, 1)


def _clock(seconds: float | None, never: str = "-") -> str:
    return never if seconds is None else minutes_and_seconds(seconds)


def as_json(data: dict) -> str:
    return json.dumps(data, indent=1)


def as_markdown(data: dict) -> str:
    """The scorecard in Markdown, which also reads well as plain text in a terminal."""
    lines = [
        f"# Interview scorecard: track {data['track']} ({' -> '.join(data['katas'])})",
        "",
        _session_line(data),
        "",
    ]
    for stage in data["stages"]:
        lines += _stage_lines(stage, data["ended"]) + [""]
    total = data["total"]
    lines += [
        "## Total",
        "",
        f"- stages passed: {total['stages_passed']} of {total['stages']}",
        f"- time: {_clock(data['seconds_used'])} of {_clock(data['minutes'] * 60)} "
        f"(the stages' targets add up to {total['target_minutes']} min)",
        f"- submissions: {total['submissions']}, of which {total['failed_submissions']} failed",
        f"- questions asked: {total['questions_asked']}",
    ]
    return "\n".join(lines) + "\n"


def _session_line(data: dict) -> str:
    state = f"ended: {data['end_reason']}" if data["ended"] else "still under way; mistakes are named once it ends"
    unconfirmed = sum(bool(stage["recorded_pass_unconfirmed"]) for stage in data["stages"])
    if unconfirmed:
        state += (
            " (as recorded: 1 pass below is not borne out by its code)"
            if unconfirmed == 1
            else f" (as recorded: {unconfirmed} passes below are not borne out by their code)"
        )
    confinement = "" if data["confinement"] == "confined" else f" Your code ran unconfined ({data['confinement']})."
    clock = " Timed by a given clock, not the wall clock." if data["clock"] == "given" else ""
    return f"Session {data['session']}, {state}.{confinement}{clock}"


def _stage_lines(stage: dict, ended: bool) -> list[str]:
    passed = stage["seconds_to_pass"]
    target = stage["target_minutes"] * 60
    against = (
        ""
        if passed is None
        else (" (within the target)" if passed <= target else f" ({_clock(passed - target)} over the target)")
    )
    lines = [
        f"## Stage {stage['stage']}: kata {stage['kata']}, {stage['title']}",
        "",
        f"- target: {stage['target_minutes']} min; first run: {_clock(stage['seconds_to_first_run'], 'none')}; "
        + (f"passed at {_clock(passed)}{against}" if passed is not None else "not passed")
        + (
            f" (recorded as passed, but {stage['recorded_pass_unconfirmed']})"
            if stage["recorded_pass_unconfirmed"]
            else ""
        ),
        f"- submissions: {stage['submissions']}, of which {stage['failed_submissions']} failed",
    ]
    for failure in stage["failures"]:
        what = failure["problem"] or f"{failure['passed']} of {failure['total']} tests passed"
        lines.append(
            f"  - the {ordinal(failure['submission'])}, at {_clock(failure['seconds'])}: {what}"
            + (f"; mistake: {failure['mistake_title']}" if not failure["problem"] else "")
        )
    asked = stage["questions_asked"]
    lines.append(f"- questions asked: {len(asked)}" + "".join(f"\n  - {question}" for question in asked))
    for untold in stage["not_asked_but_failed_on"]:
        lines.append(
            f"- not asked: {untold['question']} Your {ordinal(untold['submission'])} submission failed on exactly that."
        )
    growth = stage["growth"]
    if growth is not None:
        lines.append(f"- growth per doubling of your accepted code: {_growth(growth)}")
    return lines


def _growth(growth: dict) -> str:
    if growth["yours"] is None:
        return growth["verdict"]
    reference = "" if growth["reference"] is None else f"; the reference's {growth['reference']:.1f}"
    return f"{growth['yours']:.1f}, {growth['verdict']}{reference}"


def as_html(data: dict) -> str:
    """The scorecard as one page: the Markdown's structure, with nothing to fetch."""
    body = []
    in_list = 0
    for line in as_markdown(data).splitlines():
        depth = (len(line) - len(line.lstrip(" "))) // 2 + 1 if line.lstrip().startswith("- ") else 0
        while in_list > depth:
            body.append("</ul>")
            in_list -= 1
        while in_list < depth:
            body.append("<ul>")
            in_list += 1
        text = html.escape(line.lstrip(" -#"))
        if line.startswith("# "):
            body.append(f"<h1>{text}</h1>")
        elif line.startswith("## "):
            body.append(f"<h2>{text}</h2>")
        elif depth:
            body.append(f"<li>{text}</li>")
        elif line.strip():
            body.append(f"<p>{text}</p>")
    body += ["</ul>"] * in_list
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"/><title>Interview scorecard</title>'
        "<style>body{font-family:sans-serif;max-width:48rem;margin:2rem auto;line-height:1.4}</style></head>"
        "<body>\n" + "\n".join(body) + "\n</body></html>\n"
    )
