"""The students of a SUBMISSIONS folder, for `kata grade`: one sub-folder or .zip file each.

Each student's copy is laid out like problems/ (`01_fixed_windows/fixed_windows.py`, ...).
Zip files come from students, so they are unpacked with care: nothing may land outside
the student's folder, no symbolic link is made, and a zip that would unpack to more than
a class's worth of code is refused before and while it is unpacked. A folder (a cloned
repository, say) may hold links of its own: a kata file reached through one is not graded,
since it could name the reference, a classmate's file or any file the grader can read.
The files that are graded are copied, as they are, into a folder of the grader's own
(`handed_in_copy`), and only that copy is ever loaded.
"""

from __future__ import annotations

import os
import stat
import struct
import unicodedata
import zipfile
from dataclasses import dataclass, field
from pathlib import Path, PureWindowsPath
from typing import BinaryIO

from kata.grading.names import look_alikes
from kata.judging.printable import visible
from kata.katas import KATAS, Kata

MAX_UNPACKED_BYTES = 20 * 1024 * 1024  # a whole class's katas take well under 1 MiB
MAX_MEMBERS = 2000
MAX_DEPTH = 32  # folders in a member's path: a kata file is two or three deep, and thousands break the clean-up
# Distinct folders a zip unpacks to, which MAX_UNPACKED_BYTES does not count: 2,000 members 32 folders deep made
# 64,000 empty folders from a 420 KB zip, 250 MB of disk and a minute to remove. A student's work needs a dozen.
MAX_FOLDERS = 200
MAX_FILE_BYTES = 1024 * 1024  # a kata's solution takes a few KiB
# Checked before the zip is opened: reading a zip's directory builds an object per entry, whatever it declares.
MAX_ZIP_BYTES = MAX_UNPACKED_BYTES  # the zip's size on disk
MAX_DIRECTORY_BYTES = MAX_MEMBERS * 1024  # an entry of the directory takes 46 bytes, its name and its extras
LINKS_REFUSED = "links are not graded: hand in the file itself"
_CHUNK = 64 * 1024

# How kata similarity names the other side of a pair that is not a student; no student's shown name is one of these.
REFERENCE = "reference"
MISTAKE = "mistake:"  # then the catalogued mistake's id


@dataclass(frozen=True)
class Submission:
    student: str
    folder: Path  # laid out like problems/: <slug>/<module>.py
    problem: str = ""  # why it cannot be graded (a zip refused), in one sentence; "" when it can
    # The folder's (or zip's) own name, as a roster names it (`student` may be told apart from a classmate's);
    # where it came from, not what it is: two submissions are the same whatever it holds.
    handed_in: str = field(default="", compare=False)


class BadSubmissions(Exception):
    """The SUBMISSIONS folder, or a zip in it, cannot be graded; the message says why in one sentence.

    A zip refused costs only its student: submissions_in gives it a Submission with a problem.
    """


def submissions_in(folder: Path, unpack_into: Path) -> list[Submission]:
    """One submission per student folder or .zip file in `folder`, sorted by student; zips are unpacked
    into `unpack_into/<student>/`, which should be a fresh folder."""
    found, twice = _students_in(folder)
    submissions, names = [], shown_names(list(found))
    for raw, path in sorted(found.items(), key=lambda item: (item[0].casefold(), item[0])):
        student = names[raw]
        if raw in twice or path.is_symlink():
            why = twice.get(raw) or f"{path.name} is a symbolic link; {LINKS_REFUSED}"
            submissions.append(Submission(student, path, problem=why, handed_in=raw))
            continue
        try:
            unpacked = _unpack(path, unpack_into / raw) if path.is_file() else path
        except BadSubmissions as refused:
            submissions.append(Submission(student, unpack_into / raw, problem=str(refused), handed_in=raw))
        else:
            submissions.append(Submission(student, kata_root(unpacked), handed_in=raw))
    return submissions


def shown_names(students: list[str]) -> dict[str, str]:
    """The name each student's reports show: their folder's (or zip's) name, with what a terminal
    would act on or hide shown as its escape, so that no name passes for another ('alice' and
    'alice' followed by a left-to-right mark); a name that reads like a classmate's says so
    ("(looks like alice)", kata.grading.names.look_alikes); names still alike are numbered. A folder named
    as kata similarity names what is not a student (the reference, a mistake) is shown as a student's."""
    names: dict[str, str] = {}
    alike = look_alikes(students)
    for raw in sorted(students):
        shown = distinguishable(raw, alike.get(raw, []))
        if shown == REFERENCE or shown.startswith(MISTAKE):
            shown = f"student {shown}"
        if raw in alike:
            shown += f" (looks like {', '.join(distinguishable(other, [raw]) for other in alike[raw])})"
        name, number = shown, 1
        while name in names.values():
            number += 1
            name = f"{shown} ({number})"
        names[raw] = name
    return names


def distinguishable(name: str, alike: list[str]) -> str:
    """The name as shown (kata.judging.printable.visible); where it would render as one it reads like ('José' written
    precomposed and decomposed), with each character outside ASCII written as its code point, so that the
    two differ on the page: 'Jos\\u00e9' and 'Jose\\u0301'."""

    def rendered(text: str) -> str:
        return unicodedata.normalize("NFC", visible(text))

    if any(rendered(other) == rendered(name) for other in alike):
        return "".join(
            character
            if character.isascii()
            else f"\\u{ord(character):04x}"
            if ord(character) < 0x10000
            else f"\\U{ord(character):08x}"
            for character in visible(name)
        )
    return visible(name)


def kata_file(submission: Submission, kata: Kata) -> Path | None:
    """The student's file for the kata, or None when they did not hand one in.

    As for --impl=FOLDER, the file may also stand flat in the folder, without its kata folder.
    """
    for path in (submission.folder / kata.slug / f"{kata.module}.py", submission.folder / f"{kata.module}.py"):
        if path.is_file() or path.is_symlink():
            return path
    return None


def link_on_the_way(submission: Submission, path: Path) -> Path | None:
    """The first symbolic link among the student's folder and the parts of `path` below it, or None."""
    current = submission.folder
    if current.is_symlink():
        return current
    for part in path.relative_to(submission.folder).parts:
        current = current / part
        if current.is_symlink():
            return current
    return None


def problem_of_file(submission: Submission, path: Path) -> str:
    """Why the kata file cannot be graded (a link on its way, or far too large), in one sentence; "" when it can."""
    link = link_on_the_way(submission, path)
    if link is not None:
        return f"{link} is a symbolic link; {LINKS_REFUSED}"
    status = path.stat()
    if status.st_nlink > 1:  # another name of the same file, which may be the reference's
        return f"{path} is a hard link (the file has other names); {LINKS_REFUSED}"
    if status.st_size > MAX_FILE_BYTES:
        return f"{path} holds {status.st_size} bytes, more than the {MAX_FILE_BYTES} a kata's file may hold"
    return ""


def handed_in_copy(submission: Submission, files: list[Path], into: Path) -> Submission:
    """The submission with only these files (each without a problem_of_file), copied into `into` as they are
    laid out in the student's folder: the copy, not the student's folder, is what the tests load."""
    for path in files:
        copy = into.joinpath(path.relative_to(submission.folder))
        copy.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "rb", opener=lambda name, flags: os.open(name, flags | os.O_NOFOLLOW)) as handed_in:
            copy.write_bytes(handed_in.read())
    return Submission(submission.student, into)


def _students_in(folder: Path) -> tuple[dict[str, Path], dict[str, str]]:
    """Each student's folder or .zip file, by student name (hidden entries and other files are left out),
    and the students who handed in more than one (a folder and a zip named alike), with why they are not graded."""
    if not folder.exists():
        raise BadSubmissions(f"there is no folder {folder}")
    if not folder.is_dir():
        raise BadSubmissions(f"{folder} is a file, not a folder of submissions")
    found: dict[str, Path] = {}
    twice: dict[str, str] = {}
    for entry in _visible_entries(folder):
        if entry.is_dir():
            student = entry.name
        elif entry.is_file() and entry.suffix.lower() == ".zip":
            student = entry.stem
        else:
            continue
        if student in found:  # which of the two is meant is for the teacher to say, not the grader to guess
            twice[student] = f"{found[student].name} and {entry.name} are both the submission of {student!r}; keep one"
            continue
        found[student] = entry
    if not found:
        raise BadSubmissions(f"no student folders or .zip files in {folder}")
    return found, twice


def _visible_entries(folder: Path) -> list[Path]:
    # "__" also hides __MACOSX/ and __pycache__/, which macOS zips and Python runs leave behind.
    return sorted(entry for entry in folder.iterdir() if not entry.name.startswith((".", "__")))


def kata_root(folder: Path) -> Path:
    """Where a student's katas are: the folder, or its problems/ folder when it is a copy of the students'
    repository (kata release's layout: problems/, tests/, kata/ ...), or the only folder inside it when it holds
    no kata itself (students often hand in their problems/ folder, or a folder named after themselves)."""
    if not folder.is_dir() or _holds_katas(folder):
        return folder
    if _holds_katas(folder / "problems"):
        return folder / "problems"
    inner = [entry for entry in _visible_entries(folder) if entry.is_dir() and not entry.is_symlink()]
    if len(inner) == 1 and not _holds_katas(inner[0]) and _holds_katas(inner[0] / "problems"):
        return inner[0] / "problems"
    return inner[0] if len(inner) == 1 else folder


def _holds_katas(folder: Path) -> bool:
    if not folder.is_dir() or folder.is_symlink():
        return False
    names = {entry.name for entry in folder.iterdir()}
    return any(kata.slug in names or f"{kata.module}.py" in names for kata in KATAS)


def _unpack(archive: Path, into: Path) -> Path:
    """Unpack a student's zip into `into`, refusing it whole if any member is unsafe or it is too large."""
    try:
        _check_before_opening(archive)
        with zipfile.ZipFile(archive) as zipped:
            members = _checked_members(archive, zipped.infolist())
            into.mkdir(parents=True, exist_ok=True)
            written = 0
            for member, parts in members:
                written += _extract(zipped, member, into.joinpath(*parts), archive, MAX_UNPACKED_BYTES - written)
    except BadSubmissions:
        raise
    except Exception as error:
        # A zip a student made may make the reader raise almost anything: BadZipFile, zlib.error,
        # EOFError or OSError when damaged, UnicodeDecodeError for a name flagged UTF-8 that is
        # not, LZMAError for a damaged LZMA member, RuntimeError for an encrypted one,
        # NotImplementedError for a method Python does not read. Each refuses that zip alone.
        raise BadSubmissions(f"{archive.name} cannot be unpacked: {type(error).__name__}: {error}") from None
    return into


def _check_before_opening(archive: Path) -> None:
    """Refuse a zip too large on disk, or whose end record declares too many entries or too large a
    directory, before zipfile reads the directory (2,000,000 empty entries cost it 30 s and 950 MB)."""
    size = archive.stat().st_size
    if size > MAX_ZIP_BYTES:
        raise BadSubmissions(
            f"{archive.name} takes {size} bytes, more than the {MAX_ZIP_BYTES} a submission's zip may take"
        )
    with archive.open("rb") as zipped:
        tail_start = max(size - _END_RECORD_SEARCH, 0)
        zipped.seek(tail_start)
        tail = zipped.read()
        entries, directory = 0, 0
        # zipfile takes the record at the very end, else the last one in the tail: both are counted.
        for start in {len(tail) - _END_RECORD.size, tail.rfind(b"PK\x05\x06")}:
            if start >= 0 and tail[start : start + 4] == b"PK\x05\x06":
                declared = _declared_directory(zipped, tail, start, tail_start + start)
                entries, directory = max(entries, declared[0]), max(directory, declared[1])
    if entries > MAX_MEMBERS:
        raise BadSubmissions(
            f"{archive.name} declares {entries} entries, more than the {MAX_MEMBERS} a submission may hold"
        )
    if directory > MAX_DIRECTORY_BYTES:
        raise BadSubmissions(
            f"{archive.name} declares a directory of {directory} bytes, more than the "
            f"{MAX_DIRECTORY_BYTES} of a submission's {MAX_MEMBERS} entries"
        )


_END_RECORD = struct.Struct("<4sHHHHIIH")  # the end of central directory record: entries at 4, size at 5
_ZIP64_LOCATOR = struct.Struct("<4sIQI")  # just before it, in a zip64: where the zip64 end record is
_ZIP64_END = struct.Struct("<4sQHHIIQQQQ")  # entries at 7, directory's size at 8
_END_RECORD_SEARCH = _END_RECORD.size + 0xFFFF  # the record, then a comment of up to 65,535 bytes


def _declared_directory(zipped: BinaryIO, tail: bytes, start: int, at: int) -> tuple[int, int]:
    """The entries and the directory's size an end record declares, the zip64 record's where one precedes it."""
    record = _END_RECORD.unpack_from(tail.ljust(start + _END_RECORD.size, b"\0"), start)
    entries, directory = record[4], record[5]
    locator_at = at - _ZIP64_LOCATOR.size
    if locator_at < 0:
        return entries, directory
    zipped.seek(locator_at)
    locator = zipped.read(_ZIP64_LOCATOR.size)
    if len(locator) < _ZIP64_LOCATOR.size or locator[:4] != b"PK\x06\x07":
        return entries, directory
    # zipfile reads the zip64 record just before the locator, or (newer versions) where the locator says.
    for end_at in {locator_at - _ZIP64_END.size, _ZIP64_LOCATOR.unpack(locator)[2]}:
        if end_at >= 0:
            zipped.seek(end_at)
            end = zipped.read(_ZIP64_END.size)
            if len(end) == _ZIP64_END.size and end[:4] == b"PK\x06\x06":
                fields = _ZIP64_END.unpack(end)
                entries, directory = max(entries, fields[7]), max(directory, fields[8])
    return entries, directory


def _checked_members(archive: Path, members: list[zipfile.ZipInfo]) -> list[tuple[zipfile.ZipInfo, tuple[str, ...]]]:
    """Each member with its path inside the student's folder, all checked before anything is written."""
    if len(members) > MAX_MEMBERS:
        raise BadSubmissions(
            f"{archive.name} holds {len(members)} entries, more than the {MAX_MEMBERS} a submission may hold"
        )
    declared = sum(member.file_size for member in members)
    if declared > MAX_UNPACKED_BYTES:
        raise BadSubmissions(
            f"{archive.name} would unpack to {declared} bytes, more than the {MAX_UNPACKED_BYTES} a submission may hold"
        )
    checked = []
    folders: set[tuple[str, ...]] = set()
    for member in members:
        if stat.S_ISLNK(member.external_attr >> 16):
            raise BadSubmissions(f"{archive.name} holds {member.filename!r}, a symbolic link; links are not unpacked")
        parts = _member_parts(archive, member)
        if parts:  # "./" and the like name the student's folder itself
            checked.append((member, parts))
        folders.update(parts[:end] for end in range(1, len(parts) + is_a_folder(member)))
        if len(folders) > MAX_FOLDERS:
            raise BadSubmissions(
                f"{archive.name} unpacks to more than {MAX_FOLDERS} folders, more than a submission may hold"
            )
    return checked


def _member_parts(archive: Path, member: zipfile.ZipInfo) -> tuple[str, ...]:
    """The member's path, split; refused when it would land outside the folder it is unpacked into."""
    name = member.filename.replace("\\", "/")  # zips made on Windows may separate with backslashes
    parts = tuple(part for part in name.split("/") if part not in ("", "."))
    if name.startswith("/") or PureWindowsPath(name).drive or ".." in parts:
        raise BadSubmissions(f"{archive.name} holds {member.filename!r}, a path outside the folder it unpacks into")
    if len(parts) > MAX_DEPTH:
        raise BadSubmissions(
            f"{archive.name} holds a path {len(parts)} folders deep, more than the {MAX_DEPTH} a submission may hold"
        )
    return parts


def is_a_folder(member: zipfile.ZipInfo) -> bool:
    """Whether the member is a folder: its name ends in a slash (a backslash, from some Windows tools)."""
    return member.filename.replace("\\", "/").endswith("/")


def _extract(zipped: zipfile.ZipFile, member: zipfile.ZipInfo, target: Path, archive: Path, allowance: int) -> int:
    """Write one member to `target`, counting its bytes; returns how many were written."""
    if is_a_folder(member):
        target.mkdir(parents=True, exist_ok=True)
        return 0
    target.parent.mkdir(parents=True, exist_ok=True)
    written = 0
    with zipped.open(member) as source, target.open("wb") as out:
        while chunk := source.read(_CHUNK):
            written += len(chunk)
            # The sizes checked before are the zip's own word; the bytes are counted too.
            if written > allowance:
                raise BadSubmissions(
                    f"{archive.name} unpacks to more than {MAX_UNPACKED_BYTES} bytes "
                    f"(found while unpacking {member.filename!r})"
                )
            out.write(chunk)
    return written
