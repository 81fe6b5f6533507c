"""What students are called in the reports and in their files' names, whatever their folders are named.

A red team's class held 'bob smith' beside 'bob_smith' (which took over bob_smith's feedback and
JUnit files), 'alice' followed by a combining grapheme joiner, and 'alice' spelt with a Cyrillic a:
each read as a classmate in every report.
"""

from __future__ import annotations

import pytest

from kata.grading.feedback import write_feedback
from kata.grading.grades import grade_from_tests
from kata.grading.names import file_stems, look_alikes, numbered_files
from kata.grading.reports import write_junit
from kata.grading.scoring import PROPORTIONAL
from kata.grading.submissions import shown_names
from kata.judging.printable import visible
from kata.runner.outcomes import TestOutcome as Outcome

EXAMPLE = "tests/01_fixed_windows/test_examples.py::"
CYRILLIC_A, GREEK_ALPHA = "\u0430", "\u03b1"

# Each renders as nothing, or as a blank, after 'alice'.
BLANKS = [
    "\u034f",  # combining grapheme joiner
    "\ufe00",
    "\ufe0f",
    "\U000e0100",
    "\U000e01ef",  # variation selectors
    "\u180b",
    "\u180c",
    "\u180d",  # Mongolian free variation selectors
    "\u17b4",
    "\u17b5",  # Khmer inherent vowels
    "\u115f",
    "\u1160",
    "\u3164",
    "\uffa0",  # Hangul fillers
    "\u2800",
]  # braille pattern blank


@pytest.mark.parametrize("blank", BLANKS, ids=[f"U+{ord(blank):04X}" for blank in BLANKS])
def test_a_character_that_shows_as_nothing_or_blank_is_shown_escaped(blank):
    escaped = blank.encode("unicode_escape").decode("ascii")
    assert visible(f"alice{blank}") == f"alice{escaped}"
    assert shown_names(["alice", f"alice{blank}"]) == {"alice": "alice", f"alice{blank}": f"alice{escaped}"}


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        (" alice", "\\x20alice"),
        ("alice ", "alice\\x20"),
        ("al  ice", "al \\x20ice"),
        ("  ", "\\x20\\x20"),
        ("bob smith", "bob smith"),
    ],
)
def test_a_space_at_either_end_or_after_another_is_shown_escaped(name, shown):
    assert visible(name) == shown


def test_a_combining_mark_with_nothing_visible_to_draw_on_is_shown_escaped():
    assert visible("\u0301alice") == "\\u0301alice"  # first: no character before it
    assert visible("alice \u0301") == "alice \\u0301"  # on a space
    assert visible("alice\u200b\u0301") == "alice\\u200b\\u0301"  # on an escaped character
    assert visible("Jose\u0301") == "Jose\u0301"  # on a letter: an accent, which shows


def test_a_name_spelt_with_cyrillic_or_greek_look_alikes_is_marked_as_looking_like_the_classmate():
    fake, greek = f"{CYRILLIC_A}lice", f"{GREEK_ALPHA}lice"
    names = shown_names(["alice", fake, greek, "bob"])
    assert names == {
        "alice": "alice",
        fake: f"{fake} (looks like alice, {greek})",
        greek: f"{greek} (looks like alice, {fake})",
        "bob": "bob",
    }


def test_names_equal_but_for_case_or_compatibility_forms_are_marked():
    assert shown_names(["Alice", "alice", "\ufb01ona", "fiona"]) == {
        "Alice": "Alice (looks like alice)",
        "alice": "alice (looks like Alice)",
        "\ufb01ona": "\ufb01ona (looks like fiona)",
        "fiona": "fiona",
    }


def test_an_accent_alone_is_marked_but_different_names_are_not():
    assert look_alikes(["jose", "jos\u00e9", "josh", "bob", "Bob2"]) == {"jos\u00e9": ["jose"]}


def test_a_file_name_says_whose_it_is_with_each_character_a_file_name_should_not_hold_as_its_bytes():
    """'bob smith' and 'bob_smith' got bob_smith (1).xml and bob_smith (2).xml: nobody could tell whose was whose."""
    stems = file_stems(["bob_smith", "bob smith", "alice", "../up", "...", "carol | 2B", "Jos\u00e9"])
    assert stems == {
        "bob smith": "bob%20smith",
        "bob_smith": "bob_smith",
        "alice": "alice",
        "../up": "%2E%2E%2Fup",
        "...": "%2E%2E%2E",
        "carol | 2B": "carol%20%7C%202B",
        "Jos\u00e9": "Jos%C3%A9",
    }
    assert numbered_files(["bob_smith", "bob smith", "alice"]) == []


def test_students_whose_file_names_differ_only_in_case_are_all_numbered_and_none_keeps_the_name():
    """On a file system that ignores case, A_B.md and a_b.md are one file."""
    stems = file_stems(["a_b", "A_B", "alice"])
    assert stems == {"A_B": "A_B (1)", "a_b": "a_b (2)", "alice": "alice"}
    assert numbered_files(["a_b", "A_B"]) == ["A_B (1).* are A_B's", "a_b (2).* are a_b's"]


def test_a_numbered_name_cannot_be_a_folders_own_file_name():
    stems = file_stems(["a_b", "A_B", "a_b (1)", "A_B (1)"])
    assert len({stem.lower() for stem in stems.values()}) == 4 and stems["a_b (1)"].startswith("a_b%20%281%29")


def test_a_long_name_makes_a_file_name_a_file_system_accepts_and_no_other_name_makes():
    long, longer = "\u00e9" * 200, "\u00e9" * 201
    stems = file_stems([long, longer])
    assert all(len(stem.encode()) < 200 for stem in stems.values()) and stems[long] != stems[longer]


def test_the_feedback_and_the_junit_files_of_a_student_have_the_same_name(tmp_path):
    grades = [
        grade_from_tests(name, "01_fixed_windows", [Outcome(EXAMPLE + "test_one", passed)])
        for name, passed in (("bob smith", False), ("bob_smith", True))
    ]
    feedback = write_feedback(grades, tmp_path / "feedback", PROPORTIONAL)
    junit = write_junit(grades, tmp_path / "junit")
    assert sorted(path.name for path in feedback) == [
        "bob%20smith.html",
        "bob%20smith.md",
        "bob_smith.html",
        "bob_smith.md",
    ]
    assert sorted(path.name for path in junit) == ["bob%20smith.xml", "bob_smith.xml"]
    assert "# Feedback for bob\\_smith" in (tmp_path / "feedback" / "bob_smith.md").read_text(encoding="utf-8")
    assert 'name="bob_smith"' in (tmp_path / "junit" / "bob_smith.xml").read_text(encoding="utf-8")


def test_names_that_render_alike_are_spelt_out_so_that_the_teacher_can_tell_them_apart():
    """José written precomposed and decomposed were the same on every page: nobody could tell which one copied."""
    composed, decomposed = "Jos\u00e9", "Jose\u0301"
    assert shown_names([composed, decomposed, "bob"]) == {
        composed: "Jos\\u00e9 (looks like Jose\\u0301)",
        decomposed: "Jose\\u0301 (looks like Jos\\u00e9)",
        "bob": "bob",
    }
    assert shown_names([composed, "jose"])[composed] == "Jos\u00e9 (looks like jose)"  # told apart as they are
