"""The run and the submit of a stage, as an online judge shows them.

`run` is the statement's examples only; `submit` is every other test of the kata: the hidden
tests, the properties and the guards. Both are one pytest run of the runner on the stage's
file (--impl=FILE), isolated in a worker process, confined by the kernel where it can be, so
that the candidate's code can neither read the tests and the reference nor write the
session's state or the run's outcomes. What comes back is read from the outcomes file the
run writes on its own side, never from what the code prints.

The candidate is shown the count, and the first failure as a judge shows it: the verdict, the
call, what came back and what was expected. Why the tests expect it, what the test checks and
which known mistake it matches are left out (the scorecard names the mistake once the session
has ended).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from kata.interview.session import Submission
from kata.judging.guards import GUARD_SEED_VARIABLE
from kata.judging.vocabulary import Verdict
from kata.katas import ROOT, TESTS, Kata, relative
from kata.runner.outcomes import read_outcomes
from kata.runner.processes import process_group, stop_group
from kata.runner.profiles import HYPOTHESIS_SEED_VARIABLE

RUN_FILES = ("test_examples.py",)
SUBMIT_FILES = ("test_hidden.py", "test_properties.py", "test_guards.py")
RUN_SECONDS = 120.0  # the whole run of the examples, stopped past this
SUBMIT_SECONDS = 300.0  # the whole submit: every test has its own limit well within it
MOST_SHOWN_LINES = 12  # of the first failure

# Where the judge's view of a report stops: the lines from here on explain or name the mistake.
EXPLANATIONS = (
    "Why: ",
    "This matches a known mistake",
    "This test checks",
    "Failing test case",
    "Falsifying example",
    "You can reproduce",
    "You can add @seed",
    "Explanation:",
)
# Verdicts whose report goes on with advice: the judge says only that the limit was reached.
LIMIT_WORDS = {
    Verdict.DID_NOT_FINISH: "It was still running when its time limit passed.",
    Verdict.TOO_SLOW: "It was still running when its time limit passed, on a large input.",
    Verdict.TOO_MUCH_MEMORY: "It used more memory than its limit.",
}


def judge_code(kata: Kata, source: bytes, *, at: float, confined: bool, seed: int) -> Submission:
    """Submit `source` as the kata's file (a copy, so that what is judged is exactly these bytes), its
    properties' examples and its guards' inputs drawn from `seed`, so that judging it again draws the same."""
    with tempfile.TemporaryDirectory(prefix="kata-interview-code-") as folder:
        copy = Path(folder) / f"{kata.module}.py"
        copy.write_bytes(source)
        submission = judge(kata, copy, submit=True, at=at, confined=confined, seed=seed)
    submission.code, submission.seed = hashlib.sha256(source).hexdigest(), seed
    return submission


def judge(kata: Kata, file: Path, *, submit: bool, at: float, confined: bool, seed: int | None = None) -> Submission:
    """Run the stage's examples (or, to submit, its other tests) on `file`; the submission's record."""
    names = SUBMIT_FILES if submit else RUN_FILES
    tests = [relative(TESTS / kata.slug / name) for name in names if (TESTS / kata.slug / name).is_file()]
    limit = SUBMIT_SECONDS if submit else RUN_SECONDS
    with tempfile.TemporaryDirectory(prefix="kata-interview-") as work:
        outcomes, output = Path(work) / "outcomes.json", Path(work) / "output.txt"
        command = [
            sys.executable,
            "-m",
            "pytest",
            *tests,
            f"--impl={file}",
            "-q",
            "--no-header",
            "-p",
            "no:cacheprovider",
            f"--outcomes={outcomes}",
            "--hypothesis-profile=grading",
            "--isolate",
            *(["--confined"] if confined else []),
        ]
        with (
            output.open("w", encoding="utf-8") as written,
            process_group(command, cwd=ROOT, stdout=written, stderr=subprocess.STDOUT, env=_seeded(seed)) as process,
        ):
            try:
                process.wait(timeout=limit)
            except subprocess.TimeoutExpired:
                stop_group(process)
                return Submission(at, 0, 0, problem=f"the tests were stopped after {limit:g} s without finishing")
        return _read(kata, outcomes, at, output.read_text(encoding="utf-8", errors="replace"))


def _read(kata: Kata, outcomes: Path, at: float, output: str) -> Submission:
    try:
        ran = read_outcomes(outcomes).get(kata.slug)
    except (OSError, ValueError):
        ran = None
    if ran is None:
        last = [line for line in output.splitlines() if line.strip()][-1:] or ["it printed nothing"]
        return Submission(at, 0, 0, problem=f"the tests could not run ({last[0].strip()})")
    if ran["problem"] is not None:
        return Submission(at, 0, 0, problem=f"{ran['status']}: {str(ran['problem']).rstrip('.')}")
    counted = [test for test in ran["tests"] if not test.skipped]
    failed = [test for test in counted if test.failed]
    mistakes = Counter(test.mistake for test in failed if test.mistake)
    return Submission(
        at,
        len(counted) - len(failed),
        len(counted),
        [test.name for test in failed],
        judge_view(failed[0].report) if failed else "",
        ran["mistake"] or (mistakes.most_common(1)[0][0] if mistakes else ""),
    )


def judge_view(report: str) -> str:
    """A failure's report as a judge shows it: the verdict, the call, what came back and what was expected."""
    lines = report.strip("\n").splitlines()
    if not lines:
        return ""
    verdict = lines[0]
    if verdict in LIMIT_WORDS:
        return "\n".join([verdict, *(line for line in lines[1:3] if line.startswith("Called ")), LIMIT_WORDS[verdict]])
    shown = [verdict]
    for line in lines[1:]:
        if not line.strip() or line.startswith(EXPLANATIONS):
            break
        shown.append(line)
    if len(shown) > MOST_SHOWN_LINES:
        shown = [*shown[:MOST_SHOWN_LINES], "..."]
    return "\n".join(shown)


def _seeded(seed: int | None) -> dict[str, str] | None:
    """The environment of a run whose examples and guards' inputs are drawn from `seed` (None: fresh ones)."""
    if seed is None:
        return None
    return {**os.environ, HYPOTHESIS_SEED_VARIABLE: str(seed), GUARD_SEED_VARIABLE: str(seed)}
