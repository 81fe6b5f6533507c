"""The gradebook: one row per student, each kata's points, the total and the percentage, as an LMS imports it.

Formats (`--gradebook-format`):
- plain: student, id, a column per kata, total, possible, percentage.
- canvas: Canvas's gradebook import: Student, ID, SIS User ID, SIS Login ID, Section, then a column per
  kata and a "Points Possible" row under the header. Canvas's importer (app/models/gradebook_importer.rb)
  matches a row to a student by ID (Canvas's own user id), else SIS User ID, else SIS Login ID, else the
  name; it reads a column `Title (assignment id)` as that assignment, else the assignment titled so, and
  makes a new assignment of any other column: so no total column (Canvas totals itself), and each kata's
  assignment id when the teacher gives it (`--assignment-ids 1=4711`).
- moodle: an identifier (ID number, email address) and a grade column per item, for Moodle's
  "Import grades from CSV", which asks which column identifies the user and maps each grade column.
  Moodle refuses the whole file for a row whose identifier names nobody, so each row's identifiers are
  the roster's, and the email column is written only when the roster gives every student one.
- google: a sheet in Google Classroom's own grades export layout (Last Name, First Name, Email Address,
  then each assignment, a points row under the header). Google Classroom imports no grades from a file:
  this sheet is for reading beside its own export, and its grades are typed in (or sent with its API).

The LMS formats need the roster (`--roster FILE.csv`, with the columns folder and id, and optionally name,
email, section, and for Canvas canvas_id and sis_login_id): an LMS knows its students by its identifiers,
never by a folder's name. The roster is matched with each folder's own name, exactly: `alice` and `ALICE`
are two students, and a classmate's folder named like hers never costs alice her row. A student of the
roster with no folder gets a row of zeros: an LMS must not keep an empty cell for them. A student the
roster lacks is never in the gradebook as if matched (an LMS would give their points to someone, or refuse
the file): their rows go to a file of their own beside it, `<gradebook>.unmatched.csv`, in the plain
layout, and the teacher is told.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from pathlib import Path

from kata.grading.grades import KataGrade, grade_without_tests
from kata.grading.scoring import Scoring
from kata.judging.vocabulary import KataStatus

FORMATS = ("plain", "canvas", "moodle", "google")
ROSTER_COLUMNS = ("folder", "id", "name", "email", "section", "canvas_id", "sis_login_id")
TOTAL = "Chunking katas total"
# What a spreadsheet reads as the start of a formula: a quote first makes it text (OWASP's advice).
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


class BadRoster(ValueError):
    """The roster cannot be read; the message names the file and the line."""


@dataclass(frozen=True)
class Person:
    folder: str
    id: str
    name: str = ""
    email: str = ""
    section: str = ""
    canvas_id: str = ""  # Canvas's own user id, its column "ID"
    sis_login_id: str = ""


def read_roster(path: Path) -> dict[str, Person]:
    """The roster's people by folder name; BadRoster names the file and what is wrong."""
    try:
        with Path(path).open(encoding="utf-8-sig", newline="") as file:
            reader = csv.DictReader(file)
            columns = [column_name(name) for name in reader.fieldnames or []]
            unknown = [column for column in columns if column not in ROSTER_COLUMNS]
            if "folder" not in columns or "id" not in columns or unknown:
                raise BadRoster(
                    f"--roster {str(path)!r}: its first line must name the columns folder and id, "
                    f"optionally {', '.join(ROSTER_COLUMNS[2:])}, and no other; "
                    f"it has {', '.join(columns) or 'none'}"
                )
            people: dict[str, Person] = {}
            for line, row in enumerate(reader, 2):
                cells = {column_name(key): (value or "").strip() for key, value in row.items() if key}
                if not cells.get("folder") or not cells.get("id"):
                    raise BadRoster(f"--roster {str(path)!r}, line {line}: a folder and an id are needed")
                if cells.get("canvas_id") and not (cells["canvas_id"].isascii() and cells["canvas_id"].isdigit()):
                    raise BadRoster(
                        f"--roster {str(path)!r}, line {line}: canvas_id {cells['canvas_id']!r} is not Canvas's "
                        "user id, a number"
                    )
                if cells["folder"] in people:
                    raise BadRoster(
                        f"--roster {str(path)!r}, line {line}: the folder {cells['folder']!r} is named twice"
                    )
                people[cells["folder"]] = Person(*(cells.get(column, "") for column in ROSTER_COLUMNS))
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise BadRoster(f"--roster {str(path)!r} cannot be read: {error}") from None
    return people


def column_name(heading: str) -> str:
    """A roster's heading as this module names it: 'SIS Login ID' is sis_login_id."""
    return "_".join(heading.strip().lower().split())


@dataclass(frozen=True)
class Asked:
    """The gradebook a teacher asks for: where, in which format, with whose identifiers."""

    path: Path
    form: str = "plain"
    roster: dict[str, Person] | None = None
    assignment_ids: dict[str, str] = field(default_factory=dict)  # kata slug -> Canvas's assignment id

    def __post_init__(self) -> None:
        if Path(self.path).suffix.lower() != ".csv":
            raise ValueError(f"--gradebook {str(self.path)!r} does not end in .csv")
        if self.form not in FORMATS:
            raise ValueError(f"--gradebook-format {self.form!r} is not one of {', '.join(FORMATS)}")
        if self.form != "plain" and self.roster is None:
            raise ValueError(
                f"--gradebook-format {self.form} needs --roster FILE.csv: the LMS knows its students "
                "by the identifiers a roster gives, not by their folders' names"
            )
        if self.assignment_ids and self.form != "canvas":
            raise ValueError("--assignment-ids goes with --gradebook-format canvas, whose columns they name")


@dataclass
class Row:
    student: str  # as the reports name them
    person: Person
    points: dict[str, float]  # kata slug -> points earned
    total: float
    possible: float
    flagged: str = ""  # what kata similarity found, if it was asked for

    @property
    def percentage(self) -> float:
        return round(100 * self.total / self.possible, 2) if self.possible else 0.0


def gradebook_rows(
    grades: list[KataGrade],
    scoring: Scoring,
    roster: dict[str, Person] | None = None,
    handed_in: dict[str, str] | None = None,
) -> list[Row]:
    """A row per student graded, then per student of the roster who handed nothing in, in that order.
    `handed_in` gives each student's folder name as handed in, where the reports name them otherwise."""
    katas = list(dict.fromkeys(grade.kata for grade in grades))
    by_student: dict[str, list[KataGrade]] = {}
    for grade in grades:
        by_student.setdefault(grade.student, []).append(grade)
    folders = {student: (handed_in or {}).get(student) or student for student in by_student}
    runs = {grade.kata: grade.run for grade in grades}
    for folder in roster or {}:
        if folder not in folders.values():
            by_student[folder] = [
                grade_without_tests(folder, kata, KataStatus.NOT_SUBMITTED, "no folder", runs[kata]) for kata in katas
            ]
            folders[folder] = folder
    rows = []
    for student, own in by_student.items():
        person = (roster or {}).get(folders[student], Person(student, student))
        points = {grade.kata: round(scoring.earned(grade), 2) for grade in own}
        rows.append(
            Row(
                student,
                person,
                points,
                round(sum(points.values()), 2),
                sum(scoring.possible(grade.kata) for grade in own),
            )
        )
    return rows


def unmatched_path(path: Path) -> Path:
    """Where the rows of the students a roster lacks go: beside the gradebook, never in it."""
    return Path(path).with_name(Path(path).stem + ".unmatched.csv")


def write_gradebook(
    path: Path,
    rows: list[Row],
    katas: list[str],
    scoring: Scoring,
    form: str = "plain",
    flagged: bool = False,
    assignment_ids: dict[str, str] | None = None,
) -> None:
    if form not in FORMATS:
        raise ValueError(f"--gradebook-format {form!r} is not one of {', '.join(FORMATS)}")
    header, points_row, cells = _LAYOUTS[form](rows, katas, scoring, assignment_ids or {})
    if flagged and form == "plain":
        header, cells = [*header, "flagged"], [[*cell, row.flagged] for cell, row in zip(cells, rows)]
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    with Path(path).open("w", encoding="utf-8", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(header)
        if points_row:
            writer.writerow([_cell(value) for value in points_row])
        writer.writerows([[_cell(value) for value in row] for row in cells])


def assignment(kata: str, assignment_id: str = "") -> str:
    """A kata's column: 'Kata 01 fixed_windows', or Canvas's 'Kata 01 fixed_windows (4711)' given its id."""
    number, name = kata.split("_", 1)
    return f"Kata {number} {name}" + (f" ({assignment_id})" if assignment_id else "")


Layout = tuple[list, list, list[list]]  # the header, the points row (or none), a row of cells per student


def _plain(rows: list[Row], katas: list[str], scoring: Scoring, ids: dict[str, str]) -> Layout:
    header = ["student", "id", *katas, "total", "possible", "percentage"]
    return (
        header,
        [],
        [
            [
                row.person.folder,
                row.person.id,
                *(row.points.get(kata, 0.0) for kata in katas),
                row.total,
                row.possible,
                row.percentage,
            ]
            for row in rows
        ],
    )


def _canvas(rows: list[Row], katas: list[str], scoring: Scoring, ids: dict[str, str]) -> Layout:
    header = [
        "Student",
        "ID",
        "SIS User ID",
        "SIS Login ID",
        "Section",
        *(assignment(kata, ids.get(kata, "")) for kata in katas),
    ]
    possible = ["Points Possible", "", "", "", "", *(scoring.possible(kata) for kata in katas)]
    return (
        header,
        possible,
        [
            [
                row.person.name or row.person.folder,
                row.person.canvas_id,
                row.person.id,
                row.person.sis_login_id,
                row.person.section,
                *(row.points.get(kata, 0.0) for kata in katas),
            ]
            for row in rows
        ],
    )


def _moodle(rows: list[Row], katas: list[str], scoring: Scoring, ids: dict[str, str]) -> Layout:
    # An empty email would be mapped to no one, or, in some versions, to the row above's student.
    emails = all(row.person.email for row in rows)
    header = [
        "ID number",
        *(["Email address"] if emails else []),
        "Full name",
        *map(assignment, katas),
        TOTAL,
        "Percentage",
    ]
    return (
        header,
        [],
        [
            [
                row.person.id,
                *([row.person.email] if emails else []),
                row.person.name or row.person.folder,
                *(row.points.get(kata, 0.0) for kata in katas),
                row.total,
                row.percentage,
            ]
            for row in rows
        ],
    )


def _google(rows: list[Row], katas: list[str], scoring: Scoring, ids: dict[str, str]) -> Layout:
    header = ["Last Name", "First Name", "Email Address", *map(assignment, katas), TOTAL]
    possible = [
        "",
        "",
        "Points",
        *(scoring.possible(kata) for kata in katas),
        sum(scoring.possible(kata) for kata in katas),
    ]
    cells = []
    for row in rows:
        last, first = last_and_first_name(row.person.name or row.person.folder)
        cells.append(
            [last, first, row.person.email or row.person.id, *(row.points.get(kata, 0.0) for kata in katas), row.total]
        )
    return header, possible, cells


def last_and_first_name(name: str) -> tuple[str, str]:
    """'Lovelace, Ada' and 'Ada Lovelace' are both ('Lovelace', 'Ada'); a single word is a last name."""
    if "," in name:
        last, _, first = name.partition(",")
    else:
        first, _, last = name.strip().rpartition(" ")
    return last.strip(), first.strip()


_LAYOUTS = {"plain": _plain, "canvas": _canvas, "moodle": _moodle, "google": _google}


def _cell(value: object) -> object:
    if isinstance(value, float):
        return f"{value:g}"
    return f"'{value}" if isinstance(value, str) and value.startswith(_FORMULA_STARTS) else value


def write_asked(
    asked: Asked,
    grades: list[KataGrade],
    scoring: Scoring,
    flags: dict[str, list[str]] | None = None,
    handed_in: dict[str, str] | None = None,
) -> list[str]:
    """Write the gradebook asked for; returns what the teacher must be told (students the roster lacks, whose
    rows are written apart). The plain gradebook has a column `flagged` for what kata similarity found; an
    LMS's would make it an assignment, so the others leave it out."""
    katas = list(dict.fromkeys(grade.kata for grade in grades))
    rows = gradebook_rows(grades, scoring, asked.roster, handed_in)
    for row in rows:
        row.flagged = "; ".join((flags or {}).get(row.student, []))
    unmatched = [row for row in rows if asked.roster is not None and row.person.folder not in asked.roster]
    matched = [row for row in rows if row not in unmatched] if unmatched else rows
    write_gradebook(
        asked.path, matched, katas, scoring, asked.form, flagged=flags is not None, assignment_ids=asked.assignment_ids
    )
    if not unmatched:
        return []
    write_gradebook(unmatched_path(asked.path), unmatched, katas, scoring, "plain", flagged=flags is not None)
    return [
        f"not in the roster, so not in {asked.path}: {', '.join(row.student for row in unmatched)}; "
        f"their rows are in {unmatched_path(asked.path)}, to match by hand"
    ]
