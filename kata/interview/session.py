"""A session's state: `.kata/interview/<id>/session.json`, beside the file of each of its stages.

Each submission keeps the code it judged, `submitted/<sha256>.py` beside session.json, and names it by
its SHA-256: the scorecard judges a passed stage's kept code again (kata.interview.confirm), so that a
pass it shows is one the code bears out, whatever the session's file says.

Times are seconds since the session started, read from kata.interview.clock. A session is
active until it ends: by `kata interview end`, by its last stage's pass, or by its time
running out, which the first command after that moment records (at the deadline, not later).
The learner's own files under problems/ are never read or written.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from kata.interview import clock
from kata.interview.tracks import Track, track_of
from kata.interview.workspace import carried_over, fresh_stage
from kata.katas import Kata, find_kata, relative
from kata.runner.learner_state import STATE

SESSIONS = STATE / "interview"
SESSION_FILE = "session.json"
MOST_MINUTES = 600


class SessionProblem(Exception):
    """Why an interview command cannot do what was asked, in one sentence."""


@dataclass
class Submission:
    at: float
    passed: int
    total: int
    failed_tests: list[str] = field(default_factory=list)  # the names of the tests it failed
    first_failure: str = ""  # as the candidate was shown it
    mistake: str = ""  # the id of the catalogued mistake it matched, if one: withheld until the session ends
    problem: str = ""  # why the tests could not run the code (not started, a syntax error...), if so
    code: str = ""  # the SHA-256 of the code judged, kept as submitted/<code>.py in the session's folder
    seed: int | None = None  # what its examples and guards' inputs were drawn from, drawn again to confirm it

    @property
    def accepted(self) -> bool:
        return not self.problem and self.total > 0 and self.passed == self.total


@dataclass
class Stage:
    kata: str  # the kata's slug
    opened_at: float
    file: str  # the stage's file, relative to the repository
    runs: list[float] = field(default_factory=list)
    asked: list[int] = field(default_factory=list)  # the questions asked, by number from 1, in the order asked
    submissions: list[Submission] = field(default_factory=list)
    passed_at: float | None = None

    @property
    def the_kata(self) -> Kata:
        return find_kata(self.kata)

    def path(self) -> Path:
        return STATE.parent / self.file

    def accepted_submission(self) -> Submission | None:
        return next((submission for submission in reversed(self.submissions) if submission.accepted), None)


@dataclass
class Session:
    id: str
    track: str
    minutes: float
    started_at: float  # seconds since the epoch
    clock: str  # "wall", or "given" when a test drives it (KATA_INTERVIEW_NOW)
    confinement: str = ""  # why the candidate's code could not be confined, or "" when it was
    stages: list[Stage] = field(default_factory=list)
    ended_at: float | None = None
    end_reason: str = ""

    @property
    def the_track(self) -> Track:
        return track_of(self.track)

    @property
    def stage(self) -> Stage:
        return self.stages[-1]

    @property
    def seconds(self) -> float:
        return self.minutes * 60

    @property
    def ended(self) -> bool:
        return self.ended_at is not None

    def folder(self) -> Path:
        return SESSIONS / self.id

    def kept_code(self, code: str) -> Path:
        """Where a submission's code is kept, by its SHA-256."""
        return self.folder() / "submitted" / f"{code}.py"

    def keep_code(self, source: bytes) -> None:
        """Keep code a submission judged, named by its SHA-256 (Submission.code)."""
        kept = self.kept_code(hashlib.sha256(source).hexdigest())
        kept.parent.mkdir(exist_ok=True)
        kept.write_bytes(source)

    def elapsed(self) -> float:
        """Seconds since the start, by the clock that started the session; never past the end."""
        if self.ended_at is not None:
            return self.ended_at  # an ended session's time stands still: no clock to read
        self._check_the_clock()
        return clock.now() - self.started_at

    def seconds_left(self) -> float:
        return max(self.seconds - self.elapsed(), 0.0)

    def katas(self) -> list[Kata]:
        return list(self.the_track.katas)

    def next_kata(self) -> Kata | None:
        katas = self.katas()
        return katas[len(self.stages)] if len(self.stages) < len(katas) else None

    def end(self, at: float, reason: str) -> None:
        if self.ended_at is None:
            self.ended_at, self.end_reason = at, reason

    def open_next_stage(self, at: float) -> Stage:
        """The next kata's stage, its file starting with the code of the stage just passed."""
        kata = self.next_kata()
        assert kata is not None  # only called while a stage is left
        previous = self.stage
        source = carried_over(
            previous.path().read_text(encoding="utf-8"), previous.the_kata, kata, len(self.stages) + 1
        )
        return self._add_stage(kata, at, source)

    def _add_stage(self, kata: Kata, at: float, source: str) -> Stage:
        path = self.folder() / f"{kata.module}.py"
        path.write_text(source, encoding="utf-8")
        stage = Stage(kata.slug, at, relative(path))
        self.stages.append(stage)
        return stage

    def _check_the_clock(self) -> None:
        given = clock.clock_is_given()
        if given != (self.clock == "given"):
            raise SessionProblem(
                f"this interview runs on the {self.clock} clock; {clock.CLOCK_VARIABLE} must "
                + ("be set as it was when it started" if self.clock == "given" else "not be set during it")
            )

    def save(self) -> None:
        """Replace session.json in one step, so that a reader never sees half a file."""
        folder = self.folder()
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".session-", suffix=".json")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                json.dump(asdict(self), file, indent=1)
            os.replace(temporary, folder / SESSION_FILE)
        except BaseException:
            os.unlink(temporary)
            raise


def start_session(track: Track, minutes: float | None, confinement: str) -> Session:
    under_way = active_session()
    if under_way is not None and under_way.elapsed() >= under_way.seconds:
        under_way.end(under_way.seconds, "time ran out")  # recorded now, at its deadline
        under_way.save()
    elif under_way is not None:
        raise SessionProblem(
            "an interview is already under way: kata interview status shows it, kata interview end ends it"
        )
    minutes = float(track.target_minutes) if minutes is None else minutes
    started = clock.now()
    session = Session(
        _new_id(started), track.name, minutes, started, "given" if clock.clock_is_given() else "wall", confinement
    )
    session.folder().mkdir(parents=True)
    first = track.katas[0]
    session._add_stage(first, 0.0, fresh_stage(first, 1))
    session.save()
    return session


def _new_id(started: float) -> str:
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(started))
    taken = {path.name for path in SESSIONS.iterdir()} if SESSIONS.is_dir() else set()
    return next(name for name in (stamp, *(f"{stamp}-{n}" for n in range(2, 10_000))) if name not in taken)


def read_session(folder: Path) -> Session:
    """The session saved in `folder`; SessionProblem when its file is missing or not a session's."""
    path = folder / SESSION_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        stages = [
            Stage(**{**stage, "submissions": [Submission(**s) for s in stage["submissions"]]})
            for stage in data.pop("stages")
        ]
        return Session(**data, stages=stages)
    except (OSError, ValueError, TypeError, KeyError, AttributeError) as error:
        raise SessionProblem(f"{relative(path)} is not a session this version can read ({error})") from None


def all_sessions() -> list[Session]:
    """Every session that can be read, oldest first."""
    folders = (
        sorted(path for path in SESSIONS.iterdir() if (path / SESSION_FILE).is_file()) if SESSIONS.is_dir() else []
    )
    sessions = []
    for folder in folders:
        try:
            sessions.append(read_session(folder))
        except SessionProblem:
            continue  # a file damaged by hand: history lists the others
    return sorted(sessions, key=lambda session: session.started_at)


def active_session() -> Session | None:
    return next((session for session in reversed(all_sessions()) if not session.ended), None)


def current_session() -> Session:
    """The session under way, with its end recorded if its time has run out; SessionProblem when there is none."""
    session = active_session()
    if session is None:
        sessions = all_sessions()
        if sessions:  # the latest one has ended: say how, since a candidate may not have seen it end
            latest = sessions[-1]
            raise SessionProblem(
                f"the interview has ended ({latest.end_reason}): its submissions are closed; "
                "kata interview report shows its scorecard, and kata interview start begins another"
            )
        raise SessionProblem(
            "no interview is under way: kata interview start --track NAME begins one (kata interview tracks lists them)"
        )
    if session.elapsed() >= session.seconds:
        session.end(session.seconds, "time ran out")
        session.save()
    return session


def last_session() -> Session:
    """The session under way, or else the latest one; SessionProblem when there has been none."""
    session = active_session()
    if session is not None:
        return current_session()
    sessions = all_sessions()
    if not sessions:
        raise SessionProblem("there has been no interview yet: kata interview start --track NAME begins one")
    return sessions[-1]
