"""How Canvas reads a gradebook CSV, written out from its importer, which cannot run here (it needs Rails).

Each rule is a line of instructure/canvas-lms's app/models/gradebook_importer.rb (GradebookImporter:
row_has_student_headers?, update_column_count, header?, strip_non_assignment_columns,
parse_assignments, process_student, check_for_non_student_row) and of Assignment.title_and_id, in the
same order. Only what decides whose grade lands in which assignment is kept: no grading periods,
custom columns, override columns or permissions.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass, field
from pathlib import Path

NON_ASSIGNMENT = re.compile(
    "Current Score|Current Points|Current Grade|Final Score|Final Points|Final Grade|"
    "Override Score|Override Grade|Override Status"
)
TITLE_AND_ID = re.compile(r"\A(.*)\s\((\d+)\)\Z")


class InvalidHeaderRow(ValueError):
    """Canvas fails the whole import: "Invalid header row"."""


@dataclass(frozen=True)
class Student:
    id: int
    name: str
    sis_user_id: str = ""
    login_id: str = ""


@dataclass
class Imported:
    grades: dict[tuple[str, str], str] = field(default_factory=dict)  # (student, assignment) -> grade
    new_assignments: list[str] = field(default_factory=list)
    new_students: list[str] = field(default_factory=list)
    points_possible: dict[str, str] = field(default_factory=dict)


def ruby_to_i(text: str) -> int:
    """Ruby's String#to_i: the leading digits, 0 when there are none ('S1'.to_i is 0)."""
    digits = re.match(r"\s*([+-]?\d+)", text)
    return int(digits.group(1)) if digits else 0


def canvas_import(path: Path, students: list[Student], assignments: dict[int, str]) -> Imported:
    """What Canvas would import from the CSV at `path` into a course of `students` and `assignments`
    (assignment id -> title); an assignment or a student Canvas would create is named as new."""
    with Path(path).open(encoding="utf-8", newline="") as file:
        rows = list(csv.reader(file))
    header = rows[0]
    if not (len(header) > 3 and "Student" in header[0] and "ID" in header[1]):
        raise InvalidHeaderRow("no Student and ID columns")
    student_columns, sis_user_column, sis_login_column = 3, None, None
    if re.search(r"SIS\s+Login\s+ID", header[2]):
        sis_login_column, student_columns = 2, 4
    elif re.search(r"SIS\s+User\s+ID", header[2]) and re.search(r"SIS\s+Login\s+ID", header[3]):
        sis_user_column, sis_login_column = 2, 3
        student_columns += 2 + (1 if re.search(r"Integration\s+ID", header[4]) else 0)
    if "Section" not in header[student_columns - 1]:
        raise InvalidHeaderRow("the last column before the assignments is not Section")
    imported = Imported()
    columns = {}  # index in the row -> assignment title
    for index, name in enumerate(header):
        if index < student_columns or NON_ASSIGNMENT.search(name):
            continue
        title, assignment_id = TITLE_AND_ID.match(name).groups() if TITLE_AND_ID.match(name) else (name, None)
        known = assignments.get(int(assignment_id)) if assignment_id else None
        known = known or next((existing for existing in assignments.values() if existing == name), None)
        if known is None:
            imported.new_assignments.append(title)
        columns[index] = known or title
    for row in rows[1:]:
        if row[0] and "Points Possible" in row[0]:
            imported.points_possible = {columns[index]: row[index] for index in columns}
            continue
        student = match_student(row, students, sis_user_column, sis_login_column)
        if student is None:
            imported.new_students.append(row[0])
            continue
        for index, title in columns.items():
            imported.grades[(student.name, title)] = row[index].strip()
    return imported


def match_student(
    row: list[str], students: list[Student], sis_user_column: int | None, sis_login_column: int | None
) -> Student | None:
    by_id = {student.id: student for student in students}
    if row[1] and ruby_to_i(row[1]) in by_id:
        return by_id[ruby_to_i(row[1])]
    if sis_user_column is not None and row[sis_user_column]:
        found = next((student for student in students if student.sis_user_id == row[sis_user_column]), None)
        if found:
            return found
    if sis_login_column is not None and row[sis_login_column]:
        found = next((student for student in students if student.login_id == row[sis_login_column]), None)
        if found:
            return found
    return next((student for student in students if student.name == row[0]), None)
