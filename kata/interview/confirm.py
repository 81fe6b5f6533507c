"""Whether a session's passed stages are borne out by the code they kept.

session.json is the candidate's own file, which anyone can edit. A stage recorded as passed is shown as
passed only when its accepted submission's kept code is there, unchanged (its SHA-256), the pass's time
is that submission's, and, for the scorecard, the code passes every test again, judged now on the
examples and guards' inputs it was first judged on (its seed), confined wherever this machine can
confine, whatever the session says. `history` checks the kept code only (judging again takes a few
seconds a stage). What this cannot tell: that the candidate wrote the code, or when; the times stand
as recorded. It is for one's own practice, not an exam.
"""

from __future__ import annotations

import hashlib
import re

from kata.interview.judge import judge_code
from kata.interview.session import Session, Stage
from kata.sandbox import confinement_problem

SHA256 = re.compile(r"[0-9a-f]{64}")


def unconfirmed_passes(session: Session, judge_again: bool = True) -> dict[int, str]:
    """Each stage (by index) recorded as passed that its kept code does not bear out, and why."""
    found = {}
    for index, stage in enumerate(session.stages):
        if stage.passed_at is not None and (why := _why_unconfirmed(session, stage, judge_again)):
            found[index] = why
    return found


def _why_unconfirmed(session: Session, stage: Stage, judge_again: bool) -> str:
    accepted = stage.accepted_submission()
    if accepted is None or not isinstance(accepted.code, str) or not SHA256.fullmatch(accepted.code):
        return "no accepted submission's code was kept"
    if accepted.at != stage.passed_at:
        return "its time is not that of the submission it accepted"
    try:
        source = session.kept_code(accepted.code).read_bytes()
    except OSError:
        return "the code it accepted is missing"
    if hashlib.sha256(source).hexdigest() != accepted.code:
        return "the code it accepted has been changed since"
    if not judge_again:
        return ""
    if not isinstance(accepted.seed, int) or isinstance(accepted.seed, bool):
        return "the seed of its examples was not kept"
    confined = confinement_problem() is None  # this machine's, never what the session says
    again = judge_code(stage.the_kata, source, at=accepted.at, confined=confined, seed=accepted.seed)
    if again.accepted:
        return ""
    if again.problem:
        return f"judged again, the code it accepted did not pass: {again.problem}"
    return f"judged again, the code it accepted passes {again.passed} of {again.total} tests"
