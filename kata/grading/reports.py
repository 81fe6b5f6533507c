"""The grades of a class, written for people (a table, a summary, Markdown) and for tools (CSV, JSON, JUnit XML).

Every writer takes the grades ordered by student, then kata, as `kata grade` makes them.
A student's score is the tests passed out of the tests run; a kata not submitted shows
"-" in place of the score, since there was nothing to run.
"""

from __future__ import annotations

import csv
import json
import re
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from xml.etree import ElementTree

from kata.grading.grades import KataGrade, TestOutcome
from kata.grading.names import file_stems
from kata.judging.vocabulary import KataStatus, Verdict, counted

CSV_FIELDS = ("student", "kata", "status", "passed", "run", "mistake", "detail")
SIMILAR_FIELDS = ("similar", "similarity")  # with kata grade --similarity: whom the code is similar to, the score
SIMILAR_HEADING = "similar to"

# The verdicts a JUnit reader should count as failures (the code answered, wrongly);
# the other verdicts are errors (it raised, or ran past a limit).
_JUNIT_FAILURES = (Verdict.WRONG_ANSWER,)

# XML 1.0 cannot hold other control characters (nor lone surrogates), and student output may print them.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def grade_table(grades: list[KataGrade]) -> str:
    """A plain-text table for the terminal: a row per student, a column per kata, and the total."""
    rows = _grid(grades)
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in rows]
    return "\n".join(lines) + "\n"


def kata_summary(grades: list[KataGrade]) -> str:
    """A line per kata: how many students solved it, and the test most of them failed."""
    return "".join(line + "\n" for line in _summary_lines(grades))


def write_csv(grades: list[KataGrade], path: Path, warning: str = "") -> None:
    with _prepared(path).open("w", encoding="utf-8", newline="") as file:
        if warning:
            file.write(f"# {warning}\n")  # a comment line, as readers such as pandas (comment="#") skip it
        writer = csv.writer(file)
        fields = CSV_FIELDS + (SIMILAR_FIELDS if _any_similar(grades) else ())
        writer.writerow([SIMILAR_HEADING if field == "similar" else field for field in fields])
        writer.writerows([_spreadsheet_cell(getattr(grade, field)) for field in fields] for grade in grades)


# What a spreadsheet reads as the start of a formula: a student named "=HYPERLINK(...)" by their
# folder would put a live formula in the teacher's sheet. A quote first makes it text (OWASP's advice).
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _spreadsheet_cell(value: object) -> object:
    return f"'{value}" if isinstance(value, str) and value.startswith(_FORMULA_STARTS) else value


def write_json(grades: list[KataGrade], path: Path, warning: str = "") -> None:
    """Every grade with the outcome of each of its tests."""
    document = {**({"warning": warning} if warning else {}), "grades": [grade.as_record() for grade in grades]}
    _prepared(path).write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def write_markdown(grades: list[KataGrade], path: Path, warning: str = "") -> None:
    """The table and the summary of each kata, as a Markdown document."""
    similar = _any_similar(grades)
    header, *rows = [_markdown_row(row, similar) for row in _grid(grades)]
    table = [header, ["---"] * len(header), *rows]
    lines = [
        "# Grades",
        "",
        *([f"> **{warning}**", ""] if warning else []),
        *("| " + " | ".join(row) + " |" for row in table),
        "",
        "## Per kata",
        "",
    ]
    lines += [f"- {line}" for line in _summary_lines(grades)]
    _prepared(path).write_text("\n".join(lines) + "\n", encoding="utf-8")


def write_junit(grades: list[KataGrade], folder: Path, warning: str = "") -> list[Path]:
    """A JUnit XML file per student, `<folder>/<student>.xml` (named as the feedback is), for tools that
    read test reports.

    Written here rather than by pytest's --junitxml: a student's file gathers the katas of
    one grading run with the grade's words (status, named mistake, the teacher's warning),
    and none of the runner's own paths or timings.
    """
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    by_student = _by_student(grades)
    stems = file_stems(list(by_student))  # the same as the feedback's
    for student, own in by_student.items():
        path = folder / f"{stems[student]}.xml"
        suites = _junit_suites(student, own, warning)
        tree = ElementTree.ElementTree(suites)
        ElementTree.indent(tree)
        tree.write(path, encoding="utf-8", xml_declaration=True)
        written.append(path)
    return written


# The writers of `kata grade --output FILE`, by the file's suffix.
WRITERS: dict[str, Callable[[list[KataGrade], Path, str], None]] = {
    ".csv": write_csv,
    ".json": write_json,
    ".md": write_markdown,
}


def check_report_paths(outputs: list[Path]) -> None:
    """Raise ValueError for a path whose suffix names no report, before any grading is done."""
    for path in outputs:
        if Path(path).suffix.lower() not in WRITERS:
            raise ValueError(f"cannot write a report to {path}: its name must end in {', '.join(WRITERS)}")


def write_reports(grades: list[KataGrade], outputs: list[Path], warning: str = "") -> None:
    """Write each report in the format its suffix names, the warning (if any) at its top."""
    check_report_paths(outputs)
    for path in outputs:
        WRITERS[Path(path).suffix.lower()](grades, Path(path), warning)


def _grid(grades: list[KataGrade]) -> list[list[str]]:
    """The cells of the table, header first: student, a column per kata (by number), total; and, when kata
    similarity flagged anyone, whom each student's code is similar to, kata by kata."""
    katas = list(_by_kata(grades))
    similar = _any_similar(grades)
    rows = [["student", *(slug.split("_", 1)[0] for slug in katas), "total", *([SIMILAR_HEADING] if similar else [])]]
    for student, own in _by_student(grades).items():
        by_kata = {grade.kata: grade for grade in own}
        cells = [_cell(by_kata[slug]) if slug in by_kata else "" for slug in katas]
        total = f"{sum(grade.passed for grade in own)}/{sum(grade.run for grade in own)}"
        flags = "; ".join(f"{grade.kata.split('_', 1)[0]}: {grade.similar}" for grade in own if grade.similar_to)
        rows.append([student, *cells, total, *([flags] if similar else [])])
    return rows


def _any_similar(grades: list[KataGrade]) -> bool:
    return any(grade.similar_to for grade in grades)


def _cell(grade: KataGrade) -> str:
    skipped = f" ({grade.skipped} skipped)" if grade.skipped else ""
    if grade.status == KataStatus.SOLVED:
        return grade.score + skipped
    if grade.status == KataStatus.NOT_SUBMITTED:
        return f"- {grade.status}"
    mistake = f" ({grade.mistake})" if grade.mistake else ""  # the catalogued mistake it looks like
    return f"{grade.score} {grade.status}{mistake}"


def _summary_lines(grades: list[KataGrade]) -> list[str]:
    lines = []
    for slug, own in _by_kata(grades).items():
        solved = sum(grade.status == KataStatus.SOLVED for grade in own)
        line = f"{slug.replace('_', ' ', 1)}: {solved} of {len(own)} solved; "
        # A test counts once per student, however many of its runs that student failed.
        failed = Counter(
            name for grade in own for name in dict.fromkeys(_test_name(t.test) for t in grade.tests if not t.passed)
        )
        if failed:
            name, students = failed.most_common(1)[0]
            line += f"most failed: {name} ({counted(students, 'student')})"
        else:
            line += "no test failed"
        lines.append(line)
    return lines


def _by_student(grades: list[KataGrade]) -> dict[str, list[KataGrade]]:
    return _grouped(grades, lambda grade: grade.student)


def _by_kata(grades: list[KataGrade]) -> dict[str, list[KataGrade]]:
    return _grouped(grades, lambda grade: grade.kata)


def _grouped(grades: list[KataGrade], key: Callable[[KataGrade], str]) -> dict[str, list[KataGrade]]:
    """The grades grouped by a key, the groups in the order they first appear."""
    groups: dict[str, list[KataGrade]] = {}
    for grade in grades:
        groups.setdefault(key(grade), []).append(grade)
    return groups


def _test_name(node_id: str) -> str:
    return node_id.rsplit("::", 1)[-1]


def _class_name(node_id: str) -> str:
    """The JUnit class name of a test, as pytest writes it: its file as a dotted module, then its class if any."""
    file, *within = node_id.split("::")[:-1] or [node_id]
    module = file.removesuffix(".py").replace("/", ".")
    return ".".join([module, *within])


def _markdown_cell(text: str) -> str:
    """The text as one table cell: a backslash written before a pipe must not escape the escape,
    and HTML must stay text (a renderer would run it)."""
    for character, written in (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\\", "\\\\"), ("|", "\\|")):
        text = text.replace(character, written)
    return text


# What GitHub's Markdown links by itself (its extended autolinks), backslashes or not: shown as code instead.
_AUTOLINKED = re.compile(r"@|://|www\.|mailto:|xmpp:", re.IGNORECASE)


def _markdown_row(row: list[str], similar: bool) -> list[str]:
    """A row of the table as Markdown cells. The student's cell and the "similar to" cell hold names from
    folders: they are escaped as names, so that no link, image or autolink a folder's name spells renders."""
    names = {0, len(row) - 1} if similar else {0}
    return [_markdown_name(cell) if column in names else _markdown_cell(cell) for column, cell in enumerate(row)]


def _markdown_name(name: str) -> str:
    """A student's name as one cell of plain text: whatever their folder's name holds, no link
    ([...](javascript:...)), image, emphasis or code, each mark escaped as CommonMark allows; a name
    that GitHub would link whatever is escaped (an e-mail address, a www. or http:// address) is shown as code."""
    if _AUTOLINKED.search(name):
        return code_span(name.replace("|", "\\|"))  # GitHub's tables read \| as a pipe, in code too
    return re.sub(r"([`*_{}\[\]()#+\-.!~])", r"\\\1", _markdown_cell(name))


def code_span(text: str) -> str:
    """The text as inline Markdown code (nothing in it is a link or markup), its backticks longer than any
    run of backticks in it."""
    fence = "`" * (max((len(run) for run in re.findall(r"`+", text)), default=0) + 1)
    return f"{fence} {text} {fence}"


def _prepared(path: Path) -> Path:
    """The path, with its folder made: a report must not be lost, after grading a class, for a missing folder."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    return Path(path)


def _junit_suites(student: str, grades: list[KataGrade], warning: str) -> ElementTree.Element:
    suites = ElementTree.Element("testsuites", name=_xml_text(student))
    for grade in grades:
        suites.append(_junit_suite(grade, warning))
    _count_cases(suites, suites.iter("testcase"))
    return suites


def _junit_suite(grade: KataGrade, warning: str) -> ElementTree.Element:
    suite = ElementTree.Element("testsuite", name=grade.kata)
    # JUnit's schema (junit-10.xsd) allows properties in a suite only, not under testsuites: the teacher's
    # warning goes in every suite, beside kata similarity's flag.
    properties = {"warning": warning, SIMILAR_HEADING: grade.similar if grade.similar_to else ""}
    if any(properties.values()):
        listed = ElementTree.SubElement(suite, "properties")
        for name, value in properties.items():
            if value:
                ElementTree.SubElement(listed, "property", name=name, value=_xml_text(value))
    if grade.tests:
        for test in grade.tests:
            suite.append(_junit_case(test))
    else:
        # Nothing ran: a failed case for each of the kata's tests, each saying why, so that every
        # student's file counts the same tests and the kata shows as failed, not as empty.
        for number in range(1, max(grade.run, 1) + 1):
            case = ElementTree.SubElement(
                suite,
                "testcase",
                classname=grade.kata,
                name=f"{grade.status} (test {number} of {grade.run})",
                time=_seconds(0.0),
            )
            ElementTree.SubElement(case, "failure", message=grade.status).text = _xml_text(grade.detail)
    _count_cases(suite, suite.iter("testcase"))
    return suite


def _junit_case(test: TestOutcome) -> ElementTree.Element:
    case = ElementTree.Element(
        "testcase",
        classname=_xml_text(_class_name(test.test)),
        name=_xml_text(_test_name(test.test)),
        time=_seconds(test.seconds),
    )
    if not test.passed:
        kind = "failure" if test.verdict in _JUNIT_FAILURES else "error"
        ElementTree.SubElement(case, kind, message=_xml_text(test.verdict)).text = _xml_text(test.report)
    return case


def _seconds(seconds: float) -> str:
    """A time as JUnit readers parse it: seconds, with a point and no exponent."""
    return f"{max(seconds, 0.0):.3f}"


def _count_cases(element: ElementTree.Element, cases: Iterable[ElementTree.Element]) -> None:
    cases = list(cases)
    element.set("tests", str(len(cases)))
    element.set("time", _seconds(sum(float(case.get("time") or 0) for case in cases)))
    element.set("failures", str(sum(case.find("failure") is not None for case in cases)))
    element.set("errors", str(sum(case.find("error") is not None for case in cases)))


def _xml_text(text: str) -> str:
    return _NOT_XML.sub("", text)
