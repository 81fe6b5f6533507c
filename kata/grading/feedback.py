"""Feedback to hand back: one file per student (Markdown, and HTML for a browser), in the learner's words.

Each file holds that student's grades only: the score of each kata (and its points, under the
teacher's scoring), what stopped a kata that did not run, and its failures told by cause as the
learner's own run tells them (kata.runner.causes): for each cause, the mistake named or the verdict,
and the report of its smallest failing call (the verdict, the call, what came back, what was
expected, where to look), then where the kata's hints are. A report quotes what the student's
code printed or raised, so the Markdown shows it in a code block it cannot close, and the HTML
escapes it: nothing a submission says becomes a link, markup or script in the teacher's hands.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path

from kata.grading.grades import KataGrade
from kata.grading.names import file_stems
from kata.grading.reports import code_span
from kata.grading.scoring import Scoring
from kata.judging.vocabulary import KataStatus, also_failing, counted, shown_failure
from kata.katas import KATAS
from kata.runner.mistakes import Mistake, mistakes_of
from kata.runner.outcomes import TestOutcome, cause_title, failures_by_cause, shown_of

# What makes text a link, an image, markup, emphasis, code or a table cell: each escaped where it stands.
_MARKDOWN_MARKS = re.compile(r"([\\`*_\[\]<>&|~])")
# What GitHub's Markdown links by itself, with no mark: a bare www. name and a URL's "://", which an escape
# breaks; an e-mail address, which no escape breaks (the link is found in the text as rendered), goes in code.
_AUTOLINKS = re.compile(r"(?i)(?<=\bwww)(\.)|(:)(?=//)")


@dataclass(frozen=True)
class Handout:
    """What one student's feedback says, before it is written in a format."""

    student: str
    grades: list[KataGrade]
    scoring: Scoring
    warning: str = ""
    notes: tuple[str, ...] = ()  # what the teacher must see on top (a similarity flag)


def write_feedback(
    grades: list[KataGrade],
    folder: Path,
    scoring: Scoring,
    warning: str = "",
    notes: dict[str, list[str]] | None = None,
) -> list[Path]:
    """`<folder>/<student>.md` and `.html` for each student, named as kata.grading.names.file_stems says;
    returns the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    by_student = _by_student(grades)
    stems = file_stems(list(by_student))
    for student, own in by_student.items():
        stem = stems[student]
        handout = Handout(student, own, scoring, warning, tuple((notes or {}).get(student, ())))
        for suffix, text in ((".md", markdown(handout)), (".html", page(handout))):
            path = folder / f"{stem}{suffix}"
            path.write_text(text, encoding="utf-8")
            written.append(path)
    return written


def markdown(handout: Handout) -> str:
    lines = [f"# Feedback for {_markdown_text(handout.student)}", ""]
    lines += [f"> **{_markdown_text(line)}**\n" for line in (handout.warning, *handout.notes) if line]
    total, possible = _totals(handout)
    lines += [
        f"Score: {total:.2f} of {possible:g} points ({_percent(total, possible)}), "
        f"scored {handout.scoring.describe()}.",
        "",
        "| kata | status | tests passed | points |",
        "| --- | --- | --- | --- |",
    ]
    lines += [
        f"| {_markdown_text(grade.kata)} | {grade.status} | {grade.score} | "
        f"{handout.scoring.earned(grade):.2f} of {handout.scoring.possible(grade.kata):g} |"
        for grade in handout.grades
    ]
    for grade in handout.grades:
        lines += ["", f"## {_markdown_text(grade.kata)}: {grade.status}", "", _markdown_text(_summary(grade))]
        for tests in _by_cause(grade):
            shown = shown_of(tests)
            lines += [
                "",
                f"### {_markdown_text(_cause_heading(grade, tests))}",
                "",
                _markdown_text(shown_failure(shown.name)),
                "",
                *_fenced(shown.report),
            ]
            others = [test.name for test in tests if test is not shown]
            lines += ["", _markdown_text(also_failing(others))] if others else []
        lines += ["", _markdown_text(_next_step(grade))]
    return "\n".join(lines).rstrip() + "\n"


def page(handout: Handout) -> str:
    total, possible = _totals(handout)
    rows = "".join(
        f"<tr><td>{_h(grade.kata)}</td><td>{_h(grade.status)}</td><td>{_h(grade.score)}</td>"
        f"<td>{handout.scoring.earned(grade):.2f} of {handout.scoring.possible(grade.kata):g}</td></tr>"
        for grade in handout.grades
    )
    notes = "".join(f'<p class="note">{_h(line)}</p>' for line in (handout.warning, *handout.notes) if line)
    sections = ""
    for grade in handout.grades:
        failures = "".join(_cause_section(grade, tests) for tests in _by_cause(grade))
        sections += (
            f"<section><h2>{_h(grade.kata)}: {_h(grade.status)}</h2><p>{_h(_summary(grade))}</p>"
            f"{failures}<p>{_h(_next_step(grade))}</p></section>"
        )
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Feedback for {_h(handout.student)}</title>
<style>body{{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}}
pre{{background:#f4f4f4;padding:.6rem;white-space:pre-wrap}}td,th{{padding:.2rem .8rem;text-align:left}}
.note{{font-weight:bold;color:#a00}}</style></head><body>
<h1>Feedback for {_h(handout.student)}</h1>{notes}
<p>Score: {total:.2f} of {possible:g} points ({_percent(total, possible)}), scored {_h(handout.scoring.describe())}.</p>
<table><tr><th>kata</th><th>status</th><th>tests passed</th><th>points</th></tr>{rows}</table>
{sections}</body></html>
"""


def _totals(handout: Handout) -> tuple[float, float]:
    return (
        sum(handout.scoring.earned(grade) for grade in handout.grades),
        sum(handout.scoring.possible(grade.kata) for grade in handout.grades),
    )


def _percent(total: float, possible: float) -> str:
    return f"{100 * total / possible:.1f}%" if possible else "0%"


def _summary(grade: KataGrade) -> str:
    said = f"{grade.passed} of {counted(grade.run, 'test')} passed."
    if grade.skipped:
        said += f" {counted(grade.skipped, 'test')} skipped for everyone: {grade.detail}."
    elif grade.detail:
        said += f" {grade.detail.rstrip('.')}."
    mistake = _mistake(grade)
    if mistake is not None:
        said += f" Your code behaves like a known mistake: {mistake.title.rstrip('.')}. {mistake.hint}"
    return said


def _mistake(grade: KataGrade) -> type[Mistake] | None:
    kata = next((kata for kata in KATAS if kata.slug == grade.kata), None)
    if kata is None or not grade.mistake or grade.status == KataStatus.SOLVED:
        return None
    return mistakes_of(kata).get(grade.mistake)


def _failures(grade: KataGrade) -> list[TestOutcome]:
    return [test for test in grade.tests if test.failed]


def _by_cause(grade: KataGrade) -> list[list[TestOutcome]]:
    return failures_by_cause(_failures(grade))


def _cause_heading(grade: KataGrade, tests: list[TestOutcome]) -> str:
    return cause_title(grade.kata, tests)


def _cause_section(grade: KataGrade, tests: list[TestOutcome]) -> str:
    shown = shown_of(tests)
    others = [test.name for test in tests if test is not shown]
    return (
        f"<h3>{_h(_cause_heading(grade, tests))}</h3><p>{_h(shown_failure(shown.name))}</p>"
        f"<pre>{_h(shown.report)}</pre>" + (f"<p>{_h(also_failing(others))}</p>" if others else "")
    )


def _next_step(grade: KataGrade) -> str:
    kata = next((kata for kata in KATAS if kata.slug == grade.kata), None)
    if grade.status == KataStatus.SOLVED or kata is None:
        return "Every test passes." if grade.status == KataStatus.SOLVED else ""
    return (
        f"To work on it: kata check {kata.number} shows these reports on your own machine; "
        f"the hints are in problems/{kata.slug}/hints.md (kata hint {kata.number})."
    )


def _fenced(text: str) -> list[str]:
    """The text in a Markdown code block whose fence is longer than any run of backticks in it."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return [fence + "text", text, fence]


def _markdown_text(text: str) -> str:
    """Plain text in Markdown: every mark escaped, so that no name or message becomes a link or markup."""
    return " ".join(
        code_span(word) if "@" in word else _AUTOLINKS.sub(r"\\\g<0>", _MARKDOWN_MARKS.sub(r"\\\1", word))
        for word in text.split()
    )


def _h(text: str) -> str:
    return html.escape(text, quote=True)


def _by_student(grades: list[KataGrade]) -> dict[str, list[KataGrade]]:
    groups: dict[str, list[KataGrade]] = {}
    for grade in grades:
        groups.setdefault(grade.student, []).append(grade)
    return groups
