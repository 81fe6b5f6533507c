"""Whether a session's passed stages are borne out by the code they kept.

session.json is the candidate's own file, which anyone can edit: a stage recorded as passed is shown
as passed only when its accepted submission's kept code is there, unchanged (its SHA-256), and, for
the scorecard, passes every test again when judged now. `history` checks the kept code only; judging
again takes a few seconds a stage.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from kata.interview.judge import judge_code
from kata.interview.session import Session, Stage


def unconfirmed_passes(session: Session, judge_again: bool = True) -> dict[int, str]:
    """Each stage (by index) recorded as passed that its kept code does not bear out, and why."""
    found = {}
    for index, stage in enumerate(session.stages):
        if stage.passed_at is not None and (why := _why_unconfirmed(session, stage, judge_again)):
            found[index] = why
    return found


def _why_unconfirmed(session: Session, stage: Stage, judge_again: bool) -> str:
    accepted = stage.accepted_submission()
    if accepted is None or not accepted.code:
        return "no accepted submission's code was kept"
    try:
        source = session.kept_code(accepted.code).read_bytes()
    except OSError:
        return "the code it accepted is missing"
    if hashlib.sha256(source).hexdigest() != accepted.code:
        return "the code it accepted has been changed since"
    if not judge_again:
        return ""
    again = judge_code(
        stage.the_kata, source, Path(stage.file).name, accepted.code, at=accepted.at, confined=not session.confinement
    )
    if again.accepted:
        return ""
    if again.problem:
        return f"judged again, the code it accepted did not pass: {again.problem}"
    return f"judged again, the code it accepted passes {again.passed} of {again.total} tests"
