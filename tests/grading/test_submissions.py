"""Finding the students of a SUBMISSIONS folder for `kata grade`, and unpacking their zips safely."""

from __future__ import annotations

import io
import stat
import zipfile
from pathlib import Path

import pytest

from kata.grading import submissions
from kata.grading.submissions import BadSubmissions, Submission, kata_file, submissions_in
from kata.katas import KATAS

KATA = KATAS[0]
KATA_FILE = f"{KATA.slug}/{KATA.module}.py"


@pytest.fixture
def handed_in(tmp_path) -> Path:
    folder = tmp_path / "submissions"
    folder.mkdir()
    return folder


@pytest.fixture
def unpacked(tmp_path) -> Path:
    return tmp_path / "unpacked"


def write_files(folder: Path, *names: str) -> Path:
    for name in names:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text("def fixed_windows(tokens, chunk_size, overlap):\n    return []\n")
    return folder


def write_zip(path: Path, *names: str, data: bytes = b"pass\n") -> Path:
    with zipfile.ZipFile(path, "w") as zipped:
        for name in names:
            zipped.writestr(name, data)
    return path


def forge_declared_size(path: Path, size: int) -> Path:
    """Overwrite the uncompressed size that the zip's central directory declares for its one member."""
    data = bytearray(path.read_bytes())
    entry = data.index(b"PK\x01\x02")
    data[entry + 24 : entry + 28] = size.to_bytes(4, "little")
    path.write_bytes(bytes(data))
    return path


def zip_refusal(handed_in: Path, unpacked: Path) -> str:
    """Why alice.zip was refused; the refusal costs only alice: bob, beside her, is still found."""
    write_files(handed_in / "bob", KATA_FILE)
    alice, bob = submissions_in(handed_in, unpacked)
    assert (alice.student, bob) == ("alice", Submission("bob", handed_in / "bob"))
    assert alice.problem, "alice.zip should have been refused"
    return alice.problem


def refusal(handed_in: Path, unpacked: Path) -> str:
    with pytest.raises(BadSubmissions) as refused:
        submissions_in(handed_in, unpacked)
    return str(refused.value)


def test_student_folders_and_zips_are_found_and_sorted_by_student(handed_in, unpacked):
    write_files(handed_in / "bob", KATA_FILE)
    write_files(handed_in / "Carol", KATA_FILE)
    write_zip(handed_in / "alice.zip", KATA_FILE)
    assert submissions_in(handed_in, unpacked) == [
        Submission("alice", unpacked / "alice"),
        Submission("bob", handed_in / "bob"),
        Submission("Carol", handed_in / "Carol"),
    ]
    assert (unpacked / "alice" / KATA_FILE).read_bytes() == b"pass\n"


def test_hidden_entries_and_other_files_are_left_out(handed_in, unpacked):
    write_files(handed_in / "bob", KATA_FILE)
    write_files(handed_in, ".git/config", "__MACOSX/._bob", "notes.txt", ".hidden.zip")
    assert [submission.student for submission in submissions_in(handed_in, unpacked)] == ["bob"]


def test_a_zip_of_a_single_inner_folder_is_descended_into(handed_in, unpacked):
    write_zip(handed_in / "alice.zip", f"problems/{KATA_FILE}", "problems/README.md", "__MACOSX/problems/._README.md")
    assert submissions_in(handed_in, unpacked) == [Submission("alice", unpacked / "alice" / "problems")]


def test_a_student_folder_holding_only_problems_is_descended_into(handed_in, unpacked):
    write_files(handed_in / "bob", f"problems/{KATA_FILE}", "notes.txt")
    assert submissions_in(handed_in, unpacked) == [Submission("bob", handed_in / "bob" / "problems")]


def test_a_folder_holding_one_kata_folder_is_not_descended_into(handed_in, unpacked):
    write_files(handed_in / "bob", KATA_FILE)
    assert submissions_in(handed_in, unpacked) == [Submission("bob", handed_in / "bob")]


def test_a_copy_of_the_students_repository_is_graded_from_its_problems_folder(handed_in, unpacked):
    """kata release's layout, cloned and handed in whole (problems/ beside tests/, kata/ and a README) was graded
    'not submitted': only a folder alone inside the student's was stepped into."""
    write_files(
        handed_in / "bob", f"problems/{KATA_FILE}", "problems/README.md", "tests/x.py", "kata/y.py", "README.md"
    )
    write_zip(handed_in / "carol.zip", f"carol/problems/{KATA_FILE}", "carol/tests/x.py", "carol/README.md")
    bob, carol = submissions_in(handed_in, unpacked)
    assert kata_file(bob, KATA) == handed_in / "bob" / "problems" / KATA_FILE
    assert kata_file(carol, KATA) == unpacked / "carol" / "carol" / "problems" / KATA_FILE


def test_a_zip_made_on_windows_with_backslashes_unpacks_into_folders(handed_in, unpacked):
    write_zip(handed_in / "alice.zip", KATA_FILE.replace("/", "\\"))
    (alice,) = submissions_in(handed_in, unpacked)
    assert kata_file(alice, KATA) == unpacked / "alice" / KATA_FILE


@pytest.mark.parametrize("member", ["../evil.py", "problems/../../evil.py", "/tmp/evil.py", "C:\\evil.py"])
def test_a_zip_with_a_path_outside_its_folder_is_refused(handed_in, unpacked, member):
    write_zip(handed_in / "alice.zip", KATA_FILE, member)
    message = zip_refusal(handed_in, unpacked)
    assert "alice.zip" in message and repr(member) in message
    assert not (unpacked / "evil.py").exists() and not (handed_in / "evil.py").exists()


@pytest.mark.parametrize("zipped", [b"PK\x05\x06garbage", None])
def test_a_zip_refused_is_named_as_handed_in_never_with_the_class_folder(handed_in, unpacked, zipped):
    """The refusal goes into the student's own feedback: it named the zip by its whole path, and so told the
    student the class folder's name, which the teachers' guide keeps out of students' reach."""
    if zipped is None:
        write_zip(handed_in / "alice.zip", KATA_FILE, "../evil.py")
    else:
        (handed_in / "alice.zip").write_bytes(zipped)
    message = zip_refusal(handed_in, unpacked)
    assert message.startswith("alice.zip ") and str(handed_in) not in message, message


def test_a_zip_with_a_symbolic_link_is_refused(handed_in, unpacked):
    link = zipfile.ZipInfo(KATA_FILE)
    link.external_attr = (stat.S_IFLNK | 0o777) << 16
    with zipfile.ZipFile(handed_in / "alice.zip", "w") as zipped:
        zipped.writestr(link, "/etc/passwd")
    message = zip_refusal(handed_in, unpacked)
    assert "alice.zip" in message and "symbolic link" in message and KATA_FILE in message
    assert not (unpacked / "alice" / KATA_FILE).exists()


def test_a_zip_declaring_more_bytes_than_the_cap_is_refused_before_unpacking(handed_in, unpacked):
    forge_declared_size(write_zip(handed_in / "alice.zip", KATA_FILE), submissions.MAX_UNPACKED_BYTES + 1)
    assert "more than the 20971520" in zip_refusal(handed_in, unpacked)
    assert not (unpacked / "alice").exists()


@pytest.mark.parametrize("empty", [True, False])
def test_a_zip_of_too_many_folders_is_refused_before_any_is_made(handed_in, unpacked, empty):
    """2,000 members 32 folders deep, within every other cap, made 64,000 folders: 250 MB of disk."""
    names = [f"{number}/" + "/".join(["a"] * 30) + ("/" if empty else "/x.py") for number in range(10)]
    write_zip(handed_in / "alice.zip", KATA_FILE, *names)
    assert f"more than {submissions.MAX_FOLDERS} folders" in zip_refusal(handed_in, unpacked)
    assert not (unpacked / "alice").exists()


def test_a_zip_with_too_many_members_is_refused(handed_in, unpacked):
    write_zip(handed_in / "alice.zip", *(f"{number}.py" for number in range(submissions.MAX_MEMBERS + 1)))
    assert "2001 entries" in zip_refusal(handed_in, unpacked)


def never_opened(*args, **kwargs):
    raise AssertionError("the zip was opened before it was refused")


def forge_end_record(path: Path, entries: int, directory: int) -> Path:
    """Overwrite the entries and the directory's size that the zip's end record declares."""
    data = bytearray(path.read_bytes())
    end = data.rindex(b"PK\x05\x06")
    data[end + 8 : end + 16] = entries.to_bytes(2, "little") * 2 + directory.to_bytes(4, "little")
    path.write_bytes(bytes(data))
    return path


def test_a_zip_larger_on_disk_than_a_submission_may_be_is_refused_unopened(handed_in, unpacked, monkeypatch):
    write_zip(handed_in / "alice.zip", KATA_FILE, data=b"x" * 5000)
    monkeypatch.setattr(submissions, "MAX_ZIP_BYTES", 4096)
    monkeypatch.setattr(submissions.zipfile, "ZipFile", never_opened)
    size = (handed_in / "alice.zip").stat().st_size
    assert (
        zip_refusal(handed_in, unpacked) == f"alice.zip takes {size} bytes, more than the 4096 "
        "a submission's zip may take"
    )


def test_a_zip_declaring_too_many_entries_is_refused_before_its_directory_is_read(handed_in, unpacked, monkeypatch):
    """A red team's 100 MB zip of 2,000,000 empty entries cost 30 s and 950 MB before it was refused."""
    forge_end_record(write_zip(handed_in / "alice.zip", KATA_FILE), 60000, 100)
    monkeypatch.setattr(submissions.zipfile, "ZipFile", never_opened)
    assert "alice.zip declares 60000 entries, more than the 2000" in zip_refusal(handed_in, unpacked)


def test_a_zip_declaring_too_large_a_directory_is_refused_before_it_is_read(handed_in, unpacked, monkeypatch):
    forge_end_record(write_zip(handed_in / "alice.zip", KATA_FILE), 1, submissions.MAX_DIRECTORY_BYTES + 1)
    monkeypatch.setattr(submissions.zipfile, "ZipFile", never_opened)
    assert f"a directory of {submissions.MAX_DIRECTORY_BYTES + 1} bytes" in zip_refusal(handed_in, unpacked)


def test_a_zip64_declaring_too_many_entries_is_refused_before_its_directory_is_read(handed_in, unpacked, monkeypatch):
    """More than 65,535 entries: the count is in the zip64 end record, the plain one says 65,535."""
    with zipfile.ZipFile(handed_in / "alice.zip", "w") as zipped:
        for number in range(70000):
            zipped.writestr(zipfile.ZipInfo(f"{number:x}"), b"")
    monkeypatch.setattr(submissions.zipfile, "ZipFile", never_opened)
    assert "alice.zip declares 70000 entries" in zip_refusal(handed_in, unpacked)


def test_a_zip_with_a_comment_after_its_end_record_is_unpacked(handed_in, unpacked):
    with zipfile.ZipFile(handed_in / "alice.zip", "w") as zipped:
        zipped.writestr(KATA_FILE, b"pass\n")
        zipped.comment = b"x" * 60000  # the end record is then 60,022 bytes before the end
    (alice,) = submissions_in(handed_in, unpacked)
    assert not alice.problem and (unpacked / "alice" / KATA_FILE).read_bytes() == b"pass\n"


def test_a_zip_declaring_fewer_bytes_than_it_holds_is_refused(handed_in, unpacked):
    forge_declared_size(write_zip(handed_in / "alice.zip", KATA_FILE, data=b"x" * 1000), 10)
    assert "alice.zip cannot be unpacked" in zip_refusal(handed_in, unpacked)


class LyingZipFile(zipfile.ZipFile):
    """A zip whose members unpack to far more bytes than their headers declare."""

    def open(self, member, *args, **kwargs):
        return io.BytesIO(b"x" * 1000)


def test_the_bytes_unpacked_are_counted_whatever_the_zip_declares(handed_in, unpacked, monkeypatch):
    write_zip(handed_in / "alice.zip", KATA_FILE)
    monkeypatch.setattr(submissions, "MAX_UNPACKED_BYTES", 500)
    monkeypatch.setattr(submissions.zipfile, "ZipFile", LyingZipFile)
    message = zip_refusal(handed_in, unpacked)
    assert "more than 500 bytes" in message and KATA_FILE in message
    assert (unpacked / "alice" / KATA_FILE).stat().st_size <= 500


def test_a_corrupt_zip_is_refused(handed_in, unpacked):
    (handed_in / "alice.zip").write_bytes(b"PK\x03\x04 this is not a zip")
    assert "alice.zip cannot be unpacked" in zip_refusal(handed_in, unpacked)


def name_flagged_utf8_that_is_not(path: Path) -> str:
    write_zip(path, f"{KATA.slug}/AAAAAAA.py")
    data = bytearray(path.read_bytes()).replace(b"AAAAAAA", b"\xff\xfe\xfd\xfc\xfb\xfa\xf9")
    for header, flags in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):  # the local and the central header
        data[data.index(header) + flags + 1] |= 0x08  # bit 11: the name is UTF-8
    path.write_bytes(bytes(data))
    return "UnicodeDecodeError"


def damaged_lzma_member(path: Path) -> str:
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_LZMA) as zipped:
        zipped.writestr(KATA_FILE, b"x = 1\n" * 2000)
    data = bytearray(path.read_bytes())
    start = data.index(KATA.module.encode() + b".py") + len(KATA.module) + 3 + 20
    data[start : start + 40] = bytes(byte ^ 0x5A for byte in data[start : start + 40])
    path.write_bytes(bytes(data))
    return "LZMAError"


@pytest.mark.parametrize("damage", [name_flagged_utf8_that_is_not, damaged_lzma_member])
def test_a_zip_whose_reader_raises_an_error_of_its_own_is_refused_alone(handed_in, unpacked, damage):
    """A red team's zips made zipfile raise UnicodeDecodeError and LZMAError, which stopped the
    grading of the whole class with no report."""
    raised = damage(handed_in / "alice.zip")
    assert f"alice.zip cannot be unpacked: {raised}" in zip_refusal(handed_in, unpacked)


def test_a_name_made_to_pass_for_a_classmates_shows_what_it_hides(handed_in, unpacked):
    """A red team's folder 'alice' followed by a left-to-right mark was a second student to the grader,
    but 'alice' to every report, where its row took the place of the real alice's."""
    write_files(handed_in / "alice", KATA_FILE)
    write_files(handed_in / "alice\u200e", KATA_FILE)
    assert [student.student for student in submissions_in(handed_in, unpacked)] == ["alice", "alice\\u200e"]


@pytest.mark.parametrize("hidden", ["\u200b", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u00a0", "\u3000", "\u2028"])
def test_a_name_with_an_invisible_or_format_character_shows_its_escape(handed_in, unpacked, hidden):
    """A zero-width space, a joiner, a byte-order mark, a soft hyphen or a space other than the plain one
    would make a second 'alice' that reads as the first."""
    write_files(handed_in / "alice", KATA_FILE)
    write_files(handed_in / f"alice{hidden}", KATA_FILE)
    escaped = hidden.encode("unicode_escape").decode("ascii")
    assert [student.student for student in submissions_in(handed_in, unpacked)] == ["alice", f"alice{escaped}"]


def test_names_that_would_still_show_alike_are_numbered(handed_in, unpacked):
    write_files(handed_in / "eve\x1b", KATA_FILE)  # an escape character
    write_files(handed_in / "eve\\x1b", KATA_FILE)  # a backslash, then x1b
    assert [student.student for student in submissions_in(handed_in, unpacked)] == ["eve\\x1b", "eve\\x1b (2)"]


@pytest.mark.parametrize("suffix", [".zip", ".ZIP"])
def test_a_folder_and_a_zip_of_the_same_student_refuse_that_student_alone(handed_in, unpacked, suffix):
    """A red team's alice/ beside alice.zip refused the whole class: no one was graded."""
    write_files(handed_in / "alice", KATA_FILE)
    write_zip(handed_in / f"alice{suffix}", KATA_FILE)
    write_files(handed_in / "bob", KATA_FILE)
    alice, bob = submissions_in(handed_in, unpacked)
    assert alice.student == "alice" and bob == Submission("bob", handed_in / "bob")
    assert alice.problem == f"alice and alice{suffix} are both the submission of 'alice'; keep one"


def test_a_missing_folder_is_refused(tmp_path, unpacked):
    assert "there is no folder" in refusal(tmp_path / "nowhere", unpacked)


def test_a_file_in_place_of_the_folder_is_refused(tmp_path, unpacked):
    (tmp_path / "class.txt").write_text("alice\n")
    assert "is a file, not a folder" in refusal(tmp_path / "class.txt", unpacked)


def test_a_folder_without_students_is_refused(handed_in, unpacked):
    write_files(handed_in, "notes.txt")
    assert refusal(handed_in, unpacked) == f"no student folders or .zip files in {handed_in}"


def test_the_kata_file_is_found_in_its_kata_folder_first(tmp_path):
    folder = write_files(tmp_path / "alice", KATA_FILE, f"{KATA.module}.py")
    assert kata_file(Submission("alice", folder), KATA) == folder / KATA_FILE


def test_the_kata_file_is_found_flat_in_the_folder(tmp_path):
    folder = write_files(tmp_path / "alice", f"{KATA.module}.py")
    assert kata_file(Submission("alice", folder), KATA) == folder / f"{KATA.module}.py"


def test_a_kata_not_handed_in_has_no_file(tmp_path):
    folder = write_files(tmp_path / "alice", f"{KATAS[1].slug}/{KATAS[1].module}.py")
    assert kata_file(Submission("alice", folder), KATA) is None
