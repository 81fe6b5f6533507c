"""kata grade --feedback: one file per student, in the learner's words, with nothing of anyone else's."""

from __future__ import annotations

import html
import re

from kata.grading.feedback import Handout, markdown, page, write_feedback
from kata.grading.grades import first_lines, grade_from_tests, grade_without_tests
from kata.grading.scoring import PROPORTIONAL, Scoring
from kata.judging.vocabulary import KataStatus
from kata.katas import find_kata
from kata.runner.mistakes import mistakes_of
from kata.runner.outcomes import TestOutcome as Outcome

FIRST = "tests/01_fixed_windows/test_hidden.py::"
EXAMPLE = "tests/01_fixed_windows/test_examples.py::"
REPORT = """WRONG ANSWER
Called fixed_windows(['a', 'b', 'c', 'd', 'e', 'f', 'g'], 3, 1).
It returned [['a', 'b', 'c'], ['c', 'd', 'e'], ['e', 'f', 'g'], ['g']],
but the tests expected [['a', 'b', 'c'], ['c', 'd', 'e'], ['e', 'f', 'g']]."""
# What a hostile submission makes its report say: a fence, markup, a script and a link.
HOSTILE = "ERROR\nIt raised ValueError('```\n</pre><script>alert(1)</script>\n[x](javascript:alert(1))')."


def failed(node_id: str, report: str, verdict: str = "WRONG ANSWER", mistake: str = "") -> Outcome:
    return Outcome(node_id, False, verdict=verdict, report=first_lines(report), mistake=mistake)


def class_of_three():
    return [
        grade_from_tests(
            "alice",
            "01_fixed_windows",
            [Outcome(EXAMPLE + "test_one", True), failed(FIRST + "test_tail", REPORT, mistake="redundant_tail_window")],
        ),
        grade_from_tests(
            "bob", "01_fixed_windows", [Outcome(EXAMPLE + "test_one", True), Outcome(FIRST + "test_tail", True)]
        ),
        grade_without_tests(
            "[eve](javascript:x) <b>",
            "01_fixed_windows",
            KataStatus.CANNOT_RUN,
            "fixed_windows.py has a syntax error on line 3: invalid syntax.",
            2,
        ),
    ]


def test_each_student_gets_a_markdown_and_an_html_file_with_their_own_grades_only(tmp_path):
    written = write_feedback(class_of_three(), tmp_path / "feedback", PROPORTIONAL)
    assert sorted(path.name for path in written) == sorted(
        [
            "alice.md",
            "alice.html",
            "bob.md",
            "bob.html",
            "%5Beve%5D%28javascript%3Ax%29%20%3Cb%3E.md",
            "%5Beve%5D%28javascript%3Ax%29%20%3Cb%3E.html",
        ]
    )
    alice = (tmp_path / "feedback" / "alice.md").read_text(encoding="utf-8")
    bob = (tmp_path / "feedback" / "bob.md").read_text(encoding="utf-8")
    assert "Called fixed_windows(['a', 'b', 'c', 'd', 'e', 'f', 'g'], 3, 1)." in alice
    assert "but the tests expected [['a', 'b', 'c'], ['c', 'd', 'e'], ['e', 'f', 'g']]." in alice
    assert "Called fixed_windows" not in bob and "alice" not in bob and "eve" not in bob
    assert "Every test passes." in bob


def test_the_feedback_names_the_mistake_with_its_hint_and_where_the_hints_are(tmp_path):
    mistake = mistakes_of(find_kata("1"))["redundant_tail_window"]
    text = markdown(Handout("alice", class_of_three()[:1], PROPORTIONAL))
    assert "Your code behaves like a known mistake: " + mistake.title.rstrip(".") in text.replace("\\", "")
    assert mistake.hint in text.replace("\\", "")
    assert "problems/01\\_fixed\\_windows/hints.md (kata hint 01)" in text


def test_the_score_is_in_points_under_the_scoring_asked_for():
    [alice] = class_of_three()[:1]
    assert "Score: 5.00 of 10 points (50.0%), scored proportional." in markdown(Handout("a", [alice], PROPORTIONAL))
    strict = Scoring("all-or-nothing", points=20)
    assert "Score: 0.00 of 20 points (0.0%), scored all-or-nothing." in markdown(Handout("a", [alice], strict))


def test_a_kata_that_cannot_run_says_why_once():
    text = markdown(Handout("x", class_of_three()[2:], PROPORTIONAL))
    assert "has a syntax error on line 3: invalid syntax." in text and "syntax.." not in text


def test_what_a_submission_says_cannot_become_markup_in_either_file():
    grade = grade_from_tests("[eve](javascript:x)", "01_fixed_windows", [failed(FIRST + "test_tail", HOSTILE, "ERROR")])
    handout = Handout("[eve](javascript:x) <img src=x onerror=alert(1)>", [grade], PROPORTIONAL)
    text = markdown(handout)
    fences = re.findall(r"^(`{3,})", text, re.MULTILINE)
    assert fences and all(len(fence) > 3 for fence in fences)  # longer than the report's own ```
    assert "](javascript" not in text.split("```", 1)[0].replace("\\]", "")  # the name is no link
    assert "\\<img" in text and not re.search(r"(?<!\\)<img", text)  # escaped: text, not an element
    shown = page(handout)
    assert "<script>" not in shown and "<img" not in shown
    assert html.escape("</pre><script>alert(1)</script>") in shown
    assert "default-src 'none'" in shown  # and a browser would run no script of the page anyway


def test_two_students_whose_names_make_the_same_file_name_get_two_files(tmp_path):
    grades = [
        grade_from_tests(name, "01_fixed_windows", [Outcome(EXAMPLE + "test_one", True)])
        for name in ("a b", "a_b", "A_B", "../up")
    ]
    written = write_feedback(grades, tmp_path, PROPORTIONAL)
    # Neither a_b nor A_B keeps a_b.md: the same file where case is ignored.
    assert sorted(path.name for path in written if path.suffix == ".md") == [
        "%2E%2E%2Fup.md",
        "A_B (1).md",
        "a%20b.md",
        "a_b (2).md",
    ]
    assert all(path.parent == tmp_path for path in written)


def test_the_teachers_warning_is_on_top_of_every_file(tmp_path):
    write_feedback(class_of_three(), tmp_path, PROPORTIONAL, warning="WARNING: graded unconfined")
    for path in tmp_path.iterdir():
        assert "WARNING: graded unconfined" in path.read_text(encoding="utf-8").split("Score:", 1)[0]


def test_no_name_or_message_of_a_submission_becomes_a_link_by_itself():
    """GitHub's Markdown makes a link of a bare www. name, URL or e-mail address, without any mark: a folder
    named www.evil-phish.example, and a message naming a page and an address, must stay text."""
    says = "read https://evil-phish.example/fix and mail help@evil-phish.example"
    grade = grade_without_tests("www.evil-phish.example", "01_fixed_windows", KataStatus.CANNOT_RUN, says, 5)
    text = markdown(Handout("www.evil-phish.example", [grade], PROPORTIONAL))
    prose = text.split("```", 1)[0].splitlines()
    assert any("evil" in line for line in prose)
    outside_code = [re.sub(r"` [^`]* `", "", line) for line in prose]  # an address is shown as code, never linked
    assert not any(re.search(r"(?<!\\)www\.|(?<!\\)://|@", line) for line in outside_code), text
    assert "` help@evil-phish.example. `" in text


def test_the_failures_of_one_cause_are_one_section_and_two_causes_two():
    """Twelve tests failed for one mistake and one for another: two sections, each with one report."""
    tail = [
        Outcome(
            FIRST + f"test_tail_{n}",
            False,
            verdict="WRONG ANSWER",
            report=REPORT,
            cause=0,
            mistake="redundant_tail_window",
        )
        for n in range(12)
    ]
    message = Outcome(
        FIRST + "test_message",
        False,
        verdict="WRONG ANSWER",
        report="WRONG ANSWER\nIt raised...",
        cause=1,
        mistake="message_omits_the_value",
    )
    text = markdown(
        Handout("alice", [grade_from_tests("alice", "01_fixed_windows", [*tail, message])], PROPORTIONAL)
    ).replace("\\", "")
    catalog = mistakes_of(find_kata("1"))
    assert text.count("\n### ") == 2
    assert f"### 12 failing tests: {catalog['redundant_tail_window'].title}" in text
    assert f"### 1 failing test: {catalog['message_omits_the_value'].title}" in text
    assert text.count("Called fixed_windows(") == 1 and "and 9 more." in " ".join(text.split())
