"""What a class's students are called in the reports and in the names of their files.

A student is known by their folder's (or zip's) name, which they chose: it may be made to read
as a classmate's (alice with a Cyrillic a, 'Alice' beside 'alice'), or to become a classmate's
file name on a file system that ignores case ('Alice' and 'alice'). Names that read alike are marked
("looks like alice") wherever the name is shown; a file's name writes each character of the student's
name that a file name should not hold as its bytes (%20), so that it says whose it is, and names that
make the same file name all the same are numbered, so that no student's file is ever another's.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

NOT_IN_FILE_NAME = re.compile(r"[^A-Za-z0-9._-]")

# Cyrillic and Greek letters drawn like a Latin one in common fonts, by the Latin letter (after case-folding).
_LOOK_ALIKES = str.maketrans(
    {  # Cyrillic, then Greek
        "\u0430": "a",
        "\u0432": "b",
        "\u0441": "c",
        "\u0501": "d",
        "\u0435": "e",
        "\u0451": "e",
        "\u04bb": "h",
        "\u0456": "i",
        "\u0457": "i",
        "\u0458": "j",
        "\u043a": "k",
        "\u04cf": "l",
        "\u043c": "m",
        "\u043d": "h",
        "\u043e": "o",
        "\u0440": "p",
        "\u051b": "q",
        "\u0433": "r",
        "\u0455": "s",
        "\u0442": "t",
        "\u0475": "v",
        "\u051d": "w",
        "\u0445": "x",
        "\u0443": "y",
        "\u04af": "y",
        "\u0437": "3",
        "\u03b1": "a",
        "\u03b2": "b",
        "\u03f2": "c",
        "\u03b5": "e",
        "\u03b7": "n",
        "\u03b9": "i",
        "\u03ba": "k",
        "\u03bd": "v",
        "\u03bf": "o",
        "\u03c1": "p",
        "\u03c4": "t",
        "\u03c5": "u",
        "\u03c7": "x",
        "\u03b3": "y",
        "\u03c9": "w",
        "\u03f3": "j",
    }
)


def folded(name: str) -> str:
    """The name as compared for reading alike: compatibility forms made plain (ﬁ is fi), case folded."""
    return unicodedata.normalize("NFKC", name).casefold()


def skeleton(name: str) -> str:
    """The name's ASCII look: folded, accents taken off, Cyrillic and Greek look-alikes made Latin."""
    bare = "".join(
        character for character in unicodedata.normalize("NFKD", folded(name)) if not unicodedata.combining(character)
    )
    return bare.translate(_LOOK_ALIKES)


def look_alikes(names: list[str]) -> dict[str, list[str]]:
    """For each name that reads like a classmate's, those classmates' names, sorted.

    Two names read alike when they are the same once folded (case, compatibility forms), or when
    one is not ASCII and has the other's skeleton; of an ASCII name and a non-ASCII one that read
    alike, only the non-ASCII one is marked: it is the one that may pass for the other.
    """
    alike: dict[str, list[str]] = {}
    for name in names:
        others = [other for other in names if other != name and _reads_like(name, other)]
        if others:
            alike[name] = sorted(others)
    return alike


def _reads_like(name: str, other: str) -> bool:
    if name.isascii() and not other.isascii():
        return False
    return folded(name) == folded(other) or (not name.isascii() and skeleton(name) == skeleton(other))


def file_stems(students: list[str]) -> dict[str, str]:
    """The stem of each student's files (feedback, JUnit): their name with each byte of every character but
    a letter, a digit, '_', '-' and '.' (not at the start) written as %XX, so that no two names give the same
    stem and each stem says whose it is: `bob%20smith` beside `bob_smith`.

    Stems that differ only in case (`Alice`, `alice`) are the same file on a file system that ignores case:
    none of them keeps it, each is numbered, `alice (1)`, `Alice (2)`, in the order of their names, and kata
    grade says whose each is. A number in parentheses cannot come from a name, whose spaces and
    parentheses are written %20, %28 and %29.
    """
    stems = {student: _file_safe(student) for student in students}
    by_stem: dict[str, list[str]] = {}
    for student in sorted(students, key=lambda name: (name.casefold(), name)):
        by_stem.setdefault(stems[student].lower(), []).append(student)
    named = {}
    for alike in by_stem.values():
        for number, student in enumerate(alike, 1):
            named[student] = stems[student] if len(alike) == 1 else f"{stems[student]} ({number})"
    return named


# A file name holds at most 255 bytes: a longer stem keeps its start and a hash of the whole name.
MAX_STEM = 180


def _file_safe(name: str) -> str:
    dots = len(name) - len(name.lstrip("."))  # a name starting with '.' would be a hidden file
    stem = "%2E" * dots + NOT_IN_FILE_NAME.sub(_percent_encoded, name[dots:])
    if len(stem) <= MAX_STEM:
        return stem
    digest = hashlib.blake2b(name.encode("utf-8", "surrogatepass"), digest_size=6).hexdigest()
    return f"{stem[: MAX_STEM - 13]}~{digest}"


def _percent_encoded(match: re.Match[str]) -> str:
    return "".join(f"%{byte:02X}" for byte in match.group().encode("utf-8", "surrogatepass"))


def numbered_files(students: list[str]) -> list[str]:
    """For each student whose files file_stems numbered, which files are whose: "bob_smith (1): bob smith"."""
    return [
        f"{stem}.* are {student}'s"
        for student, stem in sorted(file_stems(students).items(), key=lambda item: item[1])
        if stem != _file_safe(student)
    ]
