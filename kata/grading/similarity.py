"""`kata similarity`: which students' code is too alike, kata by kata, and who handed in the reference.

Every pair of students is compared per kata, and each student with the reference and the catalogued
mistakes, on winnowed fingerprints of normalised tokens (kata.grading.winnowing) of the code's canonical
form (kata.grading.canonical): renaming, new comments and docstrings, reordered functions, a new layout,
statements that do nothing, independent statements reordered and comparisons turned do not hide a copy.
The stub's own code is taken out of every fingerprint first: every student starts from it. The files are
only read, never run.

A pair of students is scored without the class's common code: the fingerprints found in more than
IGNORE_SHARED of the class's files of the kata (in a class of SHARED_FLOOR files or more), as MOSS's -m
and Dolos's maxFingerprintPercentage ignore them, on top of the stub as base code (JPlag's -bc). A
pair is flagged when its score is at least THRESHOLD. On the test class of tests/grading/test_similarity.py
(eight independent correct solutions of katas 01 and 02, five of them with the same pasted validation
helper, and disguised copies of each), independent pairs score at most 0.32 (0.36 with the reference,
0.57 with the closest catalogued mistake), disguised copies at least 0.81: 0.6 is between them. With
nothing ignored, independent pairs reach 0.59: what the class shares is most of the difference.
"""

from __future__ import annotations

import ast
import itertools
import json
import tempfile
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

from kata.grading.grades import KataGrade
from kata.grading.submissions import (
    MAX_FILE_BYTES,
    MISTAKE,
    REFERENCE,
    Submission,
    kata_file,
    problem_of_file,
    submissions_in,
)
from kata.grading.winnowing import Fingerprint, fingerprint, shared_regions, similarity
from kata.judging.printable import one_line
from kata.judging.vocabulary import counted
from kata.katas import Kata, has_solutions
from kata.katas.stubs import untouched_stub
from kata.runner.implementations import decoded_as_python
from kata.sandbox import remove_folder

THRESHOLD = 0.6
# Code found in more than this share of the class's files of a kata is the class's common code (a lecture's
# snippet, the way the statement dictates), not a copy: it is left out of the pairs of students, as MOSS's -m
# and Dolos's maxFingerprintPercentage leave it out. Only in a class of SHARED_FLOOR files or more: in a smaller
# one, what two students share is already a large share of the class.
IGNORE_SHARED = 0.5
SHARED_FLOOR = 5


@dataclass
class Pair:
    a: str  # a student
    b: str  # another student, "reference", or "mistake:<id>"
    kata: str  # the kata's slug
    score: float
    flagged: bool
    regions: list[dict[str, list[int]]] = field(default_factory=list)  # lines of a and of b that match


@dataclass
class Compared:
    pairs: list[Pair]
    sources: dict[tuple[str, str], str]  # (kata slug, who) -> the source compared, for the side-by-side page
    skipped: list[str]  # files that could not be read, with why
    ignored: dict[str, int] = field(default_factory=dict)  # kata slug -> fingerprints ignored as the class's own
    ignore_shared: float = IGNORE_SHARED  # the share of the files above which they were


def _refuse_bad_options(threshold: float, ignore_shared: float) -> None:
    for option, value in (("--threshold", threshold), ("--ignore-shared", ignore_shared)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 1:
            raise ValueError(f"{option} {value!r} is not a number above 0 and at most 1")


def compare_class(
    folder: Path,
    katas: list[Kata],
    threshold: float = THRESHOLD,
    say: Callable[[str], None] = lambda line: None,
    ignore_shared: float = IGNORE_SHARED,
) -> Compared:
    """Every pair of the class's students per kata, and each student with the reference and the mistakes."""
    _refuse_bad_options(threshold, ignore_shared)
    work = Path(tempfile.mkdtemp(prefix="kata-similarity-"))
    try:
        return compare_submissions(
            submissions_in(Path(folder).resolve(), work / "unpacked"), katas, threshold, say, ignore_shared
        )
    finally:
        remove_folder(work)


def compare_submissions(
    students: list[Submission],
    katas: list[Kata],
    threshold: float = THRESHOLD,
    say: Callable[[str], None] = lambda line: None,
    ignore_shared: float = IGNORE_SHARED,
) -> Compared:
    """compare_class on students already found (and their zips unpacked), as `kata grade --similarity` has them."""
    _refuse_bad_options(threshold, ignore_shared)
    compared = Compared([], {}, [], ignore_shared=ignore_shared)
    nobody: list[str] = []  # the katas no student handed in: said once, not a line each
    for kata in katas:
        handed_in = _compare_kata(kata, students, threshold, compared, ignore_shared)
        if not handed_in:
            nobody.append(kata.number)
            continue
        flagged = sum(pair.flagged for pair in compared.pairs if pair.kata == kata.slug)
        ignored = compared.ignored.get(kata.slug, 0)
        said = f", {counted(ignored, 'fingerprint')} found in more than {ignore_shared:.0%} of the files ignored"
        say(
            f"similarity {kata.number}: {counted(handed_in, 'student')} compared, "
            f"{counted(flagged, 'pair')} flagged" + (said if ignored else "")
        )
    if nobody:
        say(f"similarity: no student handed in {', '.join(nobody)}")
    return compared


def flagged_students(pairs: list[Pair]) -> dict[str, list[str]]:
    """Each student in a flagged pair, with a line per flag (the other student, or the reference)."""
    flags: dict[str, list[str]] = {}
    for pair in (pair for pair in pairs if pair.flagged):
        if pair.b == REFERENCE or pair.b.startswith(MISTAKE):
            flags.setdefault(pair.a, []).append(
                f"{pair.kata}: matches the {_named(pair.b)} (similarity {pair.score:.2f})"
            )
            continue
        for one, other in ((pair.a, pair.b), (pair.b, pair.a)):
            flags.setdefault(one, []).append(f"{pair.kata}: very similar to {other}'s (similarity {pair.score:.2f})")
    return flags


def mark_similar(grades: list[KataGrade], pairs: list[Pair]) -> list[KataGrade]:
    """Each grade with the flagged pairs of its student and kata: whom (or what) the code is similar to, and
    the score, for every report of kata grade."""
    by_key = {(grade.student, grade.kata): grade for grade in grades}
    for pair in sorted((pair for pair in pairs if pair.flagged), key=lambda pair: -pair.score):
        sides = (
            [(pair.a, pair.b)]
            if pair.b == REFERENCE or pair.b.startswith(MISTAKE)
            else [(pair.a, pair.b), (pair.b, pair.a)]
        )
        for one, other in sides:
            grade = by_key.get((one_line(one), pair.kata))
            if grade is not None:
                grade.similar_to.append({"to": one_line(other), "score": pair.score})
    return grades


def write_json(pairs: list[Pair], path: Path) -> None:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(
        json.dumps([asdict(pair) for pair in pairs], indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )


def class_prints(
    sources: dict[str, str], base: Fingerprint, ignore_shared: float = IGNORE_SHARED
) -> tuple[dict[str, Fingerprint], dict[str, Fingerprint]]:
    """Each student's fingerprint less the base code's (the stub's), and the same less the class's common code
    too: the hashes found in more than `ignore_shared` of the files, in a class of SHARED_FLOOR files or more.
    A hash two files share is never common, whatever the share: a pair is a pair, not the class."""
    own = {name: fingerprint(source).without(base) for name, source in sources.items()}
    handed_in = [print_ for print_ in own.values() if print_.hashes]  # an untouched stub holds nothing of its own
    if len(handed_in) < SHARED_FLOOR:
        return own, own
    counts = Counter(value for print_ in handed_in for value in print_.hashes)
    most = max(ignore_shared * len(handed_in), 2)
    common = Fingerprint([], {value: [] for value, count in counts.items() if count > most})
    return own, {name: print_.without(common) for name, print_ in own.items()}


def _compare_kata(
    kata: Kata, students: list[Submission], threshold: float, compared: Compared, ignore_shared: float = IGNORE_SHARED
) -> int:
    """Compare the students who handed the kata in (their count is returned)."""
    stub = _base(kata)
    sources: dict[str, str] = {}
    for student in students:
        source = _source_of(student, kata, compared.skipped)
        if source is not None:
            sources[student.student] = source
            compared.sources[(kata.slug, student.student)] = source
    prints, uncommon = class_prints(sources, stub, ignore_shared)
    ignored = {value for name in prints for value in prints[name].hashes.keys() - uncommon[name].hashes.keys()}
    if ignored:
        compared.ignored[kata.slug] = len(ignored)
    trusted = trusted_sources(kata)
    trusted_prints = {name: fingerprint(source).without(stub) for name, source in trusted.items()}
    compared.sources.update({(kata.slug, name): source for name, source in trusted.items()})
    for a, b in itertools.combinations(sorted(prints), 2):
        compared.pairs.append(_pair(a, b, kata, uncommon[a], uncommon[b], threshold))
    # With the reference and the mistakes, every fingerprint counts: code most of the class shares with the
    # reference is what a reference handed round looks like, not a lecture's snippet.
    for name_of_student, print_ in sorted(prints.items()):
        with_trusted = [
            _pair(name_of_student, name, kata, print_, other, threshold) for name, other in trusted_prints.items()
        ]
        reference = [pair for pair in with_trusted if pair.b == REFERENCE]
        mistakes = sorted((pair for pair in with_trusted if pair.b != REFERENCE), key=lambda pair: -pair.score)
        # The reference always; of the mistakes (near-copies of it), the closest, and only when flagged.
        compared.pairs += reference + [pair for pair in mistakes[:1] if pair.flagged]
    return len(prints)


def _pair(a: str, b: str, kata: Kata, one: Fingerprint, other: Fingerprint, threshold: float) -> Pair:
    score = round(similarity(one, other), 3)
    flagged = score >= threshold
    return Pair(a, b, kata.slug, score, flagged, shared_regions(one, other) if flagged else [])


def _base(kata: Kata) -> Fingerprint:
    """The fingerprint of the stub as shipped, whatever problems/ holds now."""
    return fingerprint(untouched_stub(kata))


def _source_of(student: Submission, kata: Kata, skipped: list[str]) -> str | None:
    if student.problem:
        return None
    path = kata_file(student, kata)
    if path is None:
        return None
    why = problem_of_file(student, path)
    if why:
        skipped.append(f"{student.student}/{kata.slug}: {why}")
        return None
    with path.open("rb") as file:
        data = file.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        skipped.append(f"{student.student}/{kata.slug}: larger than {MAX_FILE_BYTES} bytes, not compared")
        return None
    return decoded_as_python(data)


def trusted_sources(kata: Kata) -> dict[str, str]:
    """The reference and each catalogued mistake as source (the class and the module's helpers it calls)."""
    if not has_solutions():
        return {}
    sources = {REFERENCE: kata.reference_path().read_text(encoding="utf-8")}
    catalog = kata.mistakes_path()
    if catalog.is_file():
        text = catalog.read_text(encoding="utf-8")
        tree = ast.parse(text)
        helpers = {
            node.name: ast.get_source_segment(text, node) or ""
            for node in tree.body
            if isinstance(node, ast.FunctionDef)
        }
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                mistake_id = next(
                    (
                        statement.value.value
                        for statement in node.body
                        if isinstance(statement, ast.Assign)
                        and isinstance(statement.value, ast.Constant)
                        and any(isinstance(t, ast.Name) and t.id == "id" for t in statement.targets)
                    ),
                    None,
                )
                if isinstance(mistake_id, str):
                    called = {name.id for name in ast.walk(node) if isinstance(name, ast.Name)}
                    segment = ast.get_source_segment(text, node) or ""
                    used = [helpers[name] for name in sorted(called & set(helpers))]
                    sources[MISTAKE + mistake_id] = "\n\n".join([*used, segment])
    return sources


def _named(other: str) -> str:
    return "reference" if other == REFERENCE else f"catalogued mistake {other.removeprefix(MISTAKE)}"
