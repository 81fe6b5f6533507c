"""What a class's students are called in the reports and in the names of their files.

A student is known by their folder's (or zip's) name, which they chose: it may be made to read
as a classmate's (alice with a Cyrillic a, 'Alice' beside 'alice'), or to become a classmate's
file name ('bob smith' and 'bob_smith' both make bob_smith.md). Names that read alike are marked
("looks like alice") wherever the name is shown; names that make the same file name are all
numbered, so that no student's file is ever another's.
"""

from __future__ import annotations

import re
import unicodedata

NOT_IN_FILE_NAME = re.compile(r"[^A-Za-z0-9._-]")

# Cyrillic and Greek letters drawn like a Latin one in common fonts, by the Latin letter (after case-folding).
_LOOK_ALIKES = str.maketrans({  # Cyrillic, then Greek
    "\u0430": "a", "\u0432": "b", "\u0441": "c", "\u0501": "d", "\u0435": "e", "\u0451": "e", "\u04bb": "h",
    "\u0456": "i", "\u0457": "i", "\u0458": "j", "\u043a": "k", "\u04cf": "l", "\u043c": "m", "\u043d": "h",
    "\u043e": "o", "\u0440": "p", "\u051b": "q", "\u0433": "r", "\u0455": "s", "\u0442": "t", "\u0475": "v",
    "\u051d": "w", "\u0445": "x", "\u0443": "y", "\u04af": "y", "\u0437": "3", "\u03b1": "a", "\u03b2": "b",
    "\u03f2": "c", "\u03b5": "e", "\u03b7": "n", "\u03b9": "i", "\u03ba": "k", "\u03bd": "v", "\u03bf": "o",
    "\u03c1": "p", "\u03c4": "t", "\u03c5": "u", "\u03c7": "x", "\u03b3": "y", "\u03c9": "w", "\u03f3": "j",
})


def folded(name: str) -> str:
    """The name as compared for reading alike: compatibility forms made plain (ﬁ is fi), case folded."""
    return unicodedata.normalize("NFKC", name).casefold()


def skeleton(name: str) -> str:
    """The name's ASCII look: folded, accents taken off, Cyrillic and Greek look-alikes made Latin."""
    bare = "".join(character for character in unicodedata.normalize("NFKD", folded(name))
                   if not unicodedata.combining(character))
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
    """The stem of each student's files (feedback, JUnit): their name with every character but a letter,
    a digit, '.', '_' and '-' made '_'.

    When several students' stems are the same, case aside (as on a file system that ignores case), none
    of them keeps it: each is numbered, `bob_smith (1)`, `bob_smith (2)`, in the order of their names,
    so that a folder already named `bob_smith` never gets the file of one that only maps to it. A number
    in parentheses cannot come from a name, since a space or a parenthesis in one is made '_'.
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


def _file_safe(name: str) -> str:
    return NOT_IN_FILE_NAME.sub("_", name).lstrip(".") or "student"


def numbered_files(students: list[str]) -> list[str]:
    """For each student whose files file_stems numbered, which files are whose: "bob_smith (1): bob smith"."""
    return [f"{stem}.* are {student}'s" for student, stem in sorted(file_stems(students).items(),
                                                                   key=lambda item: item[1])
            if stem != _file_safe(student)]
