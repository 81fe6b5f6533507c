"""kata interview: whole sessions driven by a scripted candidate on a clock the test moves (no sleeping).

The clock is KATA_INTERVIEW_NOW, seconds since the epoch; each command runs in a copy of the
repository, as a candidate runs it.
"""

from __future__ import annotations

import ast
import hashlib
import json
import re
import shutil
import subprocess
import time
from pathlib import Path
from xml.etree import ElementTree

import pytest

from kata.interview.judge import judge_view
from kata.interview.scorecard import Growth, as_html, as_markdown, figures
from kata.interview.session import Session, Stage, Submission
from kata.interview.tracks import TRACKS
from kata.interview.workspace import carried_over, fresh_stage
from kata.katas import KATAS, TESTS, find_kata
from kata.katas.stubs import source_is_untouched, untouched_stub
from kata.sandbox.confinement import problem as confinement_problem

START = 1_800_000_000.0  # the given clock's start: seconds since the epoch
EXACT_FIT_TITLE = "Closes the chunk on an exact fit"
# Commands in a subprocess, each submit a whole suite in a worker: far slower than a kata's test.
pytestmark = pytest.mark.timeout(60)
WHOLE_SESSION_SECONDS = 400
needs_confinement = pytest.mark.skipif(
    confinement_problem() is not None, reason=f"the kernel cannot confine code here: {confinement_problem()}"
)


def reference(number: str) -> str:
    return find_kata(number).reference_path().read_text(encoding="utf-8")


def closes_on_exact_fit() -> str:
    """Kata 02's reference with one mistake: a chunk whose total is exactly the budget is closed."""
    source = reference("02")
    assert "total + size > max_tokens" in source
    return "# my packer\n" + source.replace("total + size > max_tokens", "total + size >= max_tokens")


class Candidate:
    """Types `kata interview ...` in a copy of the repository, at the time the test says."""

    def __init__(self, repo: Path, run_kata):
        self.repo, self.run_kata, self.now = repo, run_kata, START

    def wait(self, seconds: float) -> None:
        self.now += seconds

    def kata(self, *arguments: str, **environment: str) -> subprocess.CompletedProcess:
        environment.setdefault("KATA_INTERVIEW_NOW", repr(self.now))
        return self.run_kata(self.repo, *arguments, timeout=240, **environment)

    def interview(self, *arguments: str) -> subprocess.CompletedProcess:
        return self.kata("interview", *arguments)

    def status(self) -> dict:
        done = self.interview("status", "--json")
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    def write(self, source: str) -> Path:
        path = self.repo / self.status()["file"]
        path.write_text(source, encoding="utf-8")
        return path

    def session_file(self) -> Path:
        return next((self.repo / ".kata" / "interview").glob("*/session.json"))


@pytest.fixture
def candidate(repo, run_kata) -> Candidate:
    return Candidate(repo, run_kata)


# The scripts and the tracks ----------------------------------------------------------------


def _test_names(slug: str) -> list[str]:
    return [
        name
        for file in ("test_hidden.py", "test_properties.py", "test_guards.py")
        for name in re.findall(r"^def (test_\w+)", (TESTS / slug / file).read_text(), re.M)
    ]


@pytest.mark.parametrize("kata", KATAS, ids=lambda kata: kata.number)
def test_every_kata_has_a_script_whose_questions_decide_some_of_its_tests(kata):
    script = kata.script
    assert 3 <= len(script.questions) <= 5
    assert script.prompt and script.follow_up and script.adds and 5 <= script.target_minutes <= 60
    assert all(name in script.prompt for name in kata.functions), "the prompt names the functions to write"
    names = _test_names(kata.slug)
    for question in script.questions:
        assert question.asked.endswith("?") and question.answer
        unknown = [part for part in question.touches if not any(part in name for name in names)]
        assert not unknown, f"{kata.number}: {question.asked} touches no test named with {unknown}"


def test_the_tracks_are_chains_of_three_or_more_katas_including_the_three_the_issue_names():
    chains = {track.name: track.chain() for track in TRACKS}
    assert chains["packing"] == "02 -> 04 -> 05 -> 06"
    assert chains["splitting"] == "01 -> 03 -> 07"
    assert chains["retrieval"] == "03 -> 09 -> 10"
    assert all(len(track.numbers) >= 3 for track in TRACKS)


def test_kata_interview_tracks_lists_each_chain_and_what_each_follow_up_adds(candidate):
    done = candidate.interview("tracks")
    assert done.returncode == 0
    assert "packing: 02 -> 04 -> 05 -> 06" in done.stdout
    assert f"then 04 adds {find_kata('04').script.adds}" in done.stdout
    assert f"then 10 adds {find_kata('10').script.adds}" in done.stdout


@pytest.mark.parametrize("kata", KATAS, ids=lambda kata: kata.number)
def test_a_stage_file_keeps_the_stubs_code_but_not_its_statement(kata):
    source = fresh_stage(kata, 1)
    assert source_is_untouched(source, kata.functions)
    stub = untouched_stub(kata)
    assert "README" not in source and len(source) < len(stub)
    for name in kata.functions:
        assert f"def {name}(" in source
    assert "Raises" not in source, "the errors are the edge cases the candidate asks about"
    written = [
        node for node in ast.parse(stub).body if isinstance(node, ast.FunctionDef) and node.name in kata.functions
    ]
    first_lines = [(ast.get_docstring(node) or "").split("\n")[0] for node in written]
    assert not any(line in source for line in first_lines), (
        "not even the first line of a function's docstring: kata 03's names the windows of a long sentence"
    )


def test_an_interview_on_a_kata_the_learner_solved_starts_from_the_stub_not_their_solution(candidate, solve):
    kata = find_kata("1")
    solution = solve(candidate.repo, kata).read_text()
    assert candidate.interview("start", "--kata", "1").returncode == 0
    source = (candidate.repo / candidate.status()["file"]).read_text()
    solved_lines = {line.strip() for line in solution.splitlines()} - {
        line.strip() for line in untouched_stub(kata).splitlines()
    }
    assert source_is_untouched(source, kata.functions)
    assert not [line for line in source.splitlines() if line.strip() and line.strip() in solved_lines]
    done = candidate.interview("submit")
    assert done.returncode == 2 and "nothing to submit yet: write fixed_windows" in done.stderr, done.stderr
    assert not list(candidate.session_file().parent.glob("submitted/*")), "the stub was kept as a submission"


def test_a_follow_up_stage_starts_with_the_code_of_the_stage_before():
    source = carried_over("from __future__ import annotations\n" + reference("03"), find_kata("03"), find_kata("09"), 2)
    compile(source, "stage 2", "exec")  # __future__ imports are moved to the top
    assert source.index("def chunk_text(") < source.index("def bm25_scores(")
    assert source.count("from __future__ import annotations") == 1


def test_the_judge_shows_the_call_and_both_answers_but_not_why_nor_the_mistake():
    report = (
        "WRONG ANSWER\nCalled pack_sentences([3, 4], 7).\nIt returned [[0], [1]],\nbut the tests expected "
        "[[0, 1]].\nWhy: 3 + 4 = 7 is exactly the budget.\nThis matches a known mistake: Closes the chunk."
    )
    assert judge_view(report) == (
        "WRONG ANSWER\nCalled pack_sentences([3, 4], 7).\nIt returned [[0], [1]],\nbut the tests expected [[0, 1]]."
    )
    stalled = "DID NOT FINISH\nCalled f(1).\nIt was still running; does every iteration of your loop advance?"
    assert "advance" not in judge_view(stalled) and "Called f(1)." in judge_view(stalled)


def _ended_session(**changes) -> Session:
    """A session of kata 02 with one failed submission (its first failure an exact fit) and one pass."""
    failed = Submission(
        100.0,
        39,
        50,
        ["test_exact_fit_stays_in_the_chunk", "test_a_tuple_of_sizes_is_accepted"],
        "WRONG ANSWER",
        "closes_on_exact_fit",
    )
    passed = Submission(300.0, 50, 50)
    stage = Stage(
        "02_token_budget_packer",
        0.0,
        ".kata/interview/x/packer.py",
        runs=[50.0],
        asked=[4],
        submissions=[failed, passed],
        passed_at=300.0,
    )
    session = Session(
        "x", "kata 02", 20, START, "given", stages=[stage], ended_at=300.0, end_reason="every stage passed"
    )
    for name, value in changes.items():
        setattr(session, name, value)
    return session


def test_the_scorecard_counts_times_from_the_stage_and_names_only_the_unasked_question_of_the_first_failure():
    card = figures(_ended_session(), {0: Growth(2.0, 2.1, "looks linear")})
    stage = card["stages"][0]
    assert (stage["seconds_to_first_run"], stage["seconds_to_pass"], stage["failed_submissions"]) == (50.0, 300.0, 1)
    assert stage["not_asked_but_failed_on"] == [
        {"question": find_kata("02").script.questions[0].asked, "submission": 1}
    ], "the tuple test was not the failure shown"
    assert stage["questions_asked"] == [find_kata("02").script.questions[3].asked]
    assert "growth per doubling of your accepted code: 2.0, looks linear; the reference's 2.1" in as_markdown(card)


def test_the_scorecard_withholds_the_mistake_while_the_session_is_under_way():
    session = _ended_session(ended_at=None, end_reason="")
    session.clock = "given"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("KATA_INTERVIEW_NOW", str(START + 400))
        card = figures(session, {})
    assert card["stages"][0]["failures"][0]["mistake_title"] == "withheld"
    assert "mistakes are named once it ends" in as_markdown(card)


def test_a_scorecard_of_code_run_unconfined_says_so_and_its_page_is_well_formed():
    card = figures(_ended_session(confinement="confinement needs Landlock"), {})
    assert "Your code ran unconfined (confinement needs Landlock)." in as_markdown(card)
    page = ElementTree.fromstring(as_html(card).removeprefix("<!DOCTYPE html>\n"))
    assert page.find(".//h1") is not None and len(page.findall(".//h2")) == 2


# Bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (("start",), "give either --track NAME or --kata N"),
        (("start", "--track", "nope"), "there is no track 'nope'; the tracks are: packing"),
        (("start", "--kata", "11"), "there is no kata '11'"),
        (("start", "--kata", "1", "--minutes", "0"), "--minutes '0' is not a number of minutes from 1 to 600"),
        (("report", "--out", "card.txt"), "--out 'card.txt' does not end in .md, .html or .json"),
        (("ask", "x"), "N 'x' is not a question's number"),
        (("status",), "there has been no interview yet"),
        (("submit",), "no interview is under way"),
    ],
)
def test_bad_input_is_one_line_naming_what_is_wrong(candidate, arguments, said):
    done = candidate.interview(*arguments)
    assert done.returncode == 2
    assert said in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_a_clock_that_is_not_a_time_is_named_with_its_value(candidate):
    done = candidate.kata("interview", "start", "--kata", "1", KATA_INTERVIEW_NOW="soon")
    assert done.returncode == 2 and "KATA_INTERVIEW_NOW='soon' is not a number of seconds" in done.stderr


def test_a_session_on_the_given_clock_refuses_the_wall_clock_and_the_other_way_round(candidate):
    assert candidate.interview("start", "--kata", "1").returncode == 0
    done = candidate.run_kata(candidate.repo, "interview", "ask", "1")  # no KATA_INTERVIEW_NOW
    assert done.returncode == 2 and "runs on the given clock" in done.stderr
    assert candidate.interview("end").returncode == 0
    assert candidate.run_kata(candidate.repo, "interview", "start", "--kata", "1").returncode == 0
    done = candidate.interview("ask", "1")
    assert done.returncode == 2 and "runs on the wall clock" in done.stderr


def test_questions_are_listed_then_answered_one_by_one_and_recorded(candidate):
    candidate.interview("start", "--kata", "2")
    listed = candidate.interview("ask").stdout
    first = find_kata("02").script.questions[0]
    assert f"1. {first.asked}" in listed and first.answer.split(".")[0] not in listed
    asked = candidate.interview("ask", "1")
    assert "The interviewer:" in asked.stdout and first.answer.split(".")[0] in " ".join(asked.stdout.split())
    candidate.interview("ask", "1")
    assert candidate.status()["questions_asked"] == [1]
    assert "(asked)" in candidate.interview("ask").stdout
    done = candidate.interview("ask", "9")
    assert done.returncode == 2 and "there is no question 9: this stage has questions 1 to 5" in done.stderr


def test_when_time_runs_out_submissions_close(candidate):
    candidate.interview("start", "--kata", "1", "--minutes", "2")
    candidate.wait(119)
    assert candidate.status()["seconds_left"] == 1.0
    candidate.wait(2)
    done = candidate.interview("submit")
    assert done.returncode == 2 and "the interview has ended (time ran out)" in done.stderr
    status = candidate.status()
    assert status["ended"] and status["seconds_left"] == 0 and status["end_reason"] == "time ran out"
    report = json.loads(candidate.interview("report", "--json", "--no-growth").stdout)
    assert report["seconds_used"] == 120.0, "the session ends at its deadline, not when next asked"
    for command in ("submit", "run", "ask"):  # once its end is recorded, each still says why it is refused
        done = candidate.interview(command)
        assert done.returncode == 2 and "the interview has ended (time ran out)" in done.stderr, (command, done.stderr)


def test_a_session_whose_time_ran_out_makes_way_for_the_next_and_history_lists_both(candidate):
    candidate.interview("start", "--kata", "1", "--minutes", "1")
    assert candidate.interview("start", "--kata", "2").returncode == 2, "one session at a time"
    candidate.wait(61)
    assert candidate.interview("start", "--kata", "2").returncode == 0
    history = candidate.interview("history").stdout.splitlines()
    assert len(history) == 2 and history[0].endswith("time ran out") and history[1].endswith("under way")
    assert "0 submissions (0 failed)  0 questions asked" in history[0]


def test_the_sessions_katas_keep_their_hints_statements_and_mistakes_until_it_ends(candidate):
    candidate.interview("start", "--track", "splitting")
    for command in (("hint", "3"), ("show", "7"), ("check", "1"), ("check",), ("viz", "3"), ("watch", "1")):
        done = candidate.kata(*command)
        assert done.returncode == 2, command
        assert "withheld during your interview until it ends" in done.stderr, command
    assert candidate.kata("hint", "2").returncode == 0, "other katas are not withheld"
    candidate.interview("end")
    assert candidate.kata("hint", "3").returncode == 0


# Whole sessions ----------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.timeout(WHOLE_SESSION_SECONDS)
def test_a_whole_stage_gate_follow_up_carry_over_and_scorecard(candidate, file_fingerprints):
    learners_files = file_fingerprints(candidate.repo / "problems")
    started = candidate.interview("start", "--track", "packing")
    assert started.returncode == 0, started.stderr
    assert find_kata("02").script.prompt.split(".")[0] in " ".join(started.stdout.split())
    status = candidate.status()
    assert (status["stage"], status["kata"], status["seconds_left"]) == (1, "02", 90 * 60)
    assert status["file"].startswith(".kata/interview/") and status["file"].endswith("/packer.py")

    candidate.wait(60)
    candidate.interview("ask", "2")
    candidate.wait(60)
    assert "not started" in candidate.interview("run").stdout
    candidate.write(closes_on_exact_fit())
    candidate.wait(60)
    ran = candidate.interview("run")
    assert "Run: 8 of 9 examples pass." in ran.stdout and "Called pack_sentences([3, 4, 2, 5, 1], 7)." in ran.stdout

    candidate.wait(120)
    failed = candidate.interview("submit")
    assert failed.returncode == 1
    assert re.search(r"Submission 1: \d+ of \d+ tests pass\. The first failing input:", failed.stdout)
    assert "Called pack_sentences([3, 4], 7)." in failed.stdout and "but the tests expected [[0, 1]]." in failed.stdout
    for hidden in (EXACT_FIT_TITLE, "known mistake", "Why:", "This test checks"):
        assert hidden not in failed.stdout
    assert candidate.status()["stage"] == 1, "a failed submission opens no stage"
    assert not list(candidate.repo.glob(".kata/interview/*/streaming_packer.py"))

    candidate.write("# my packer\n" + reference("02"))
    candidate.wait(180)
    passed = candidate.interview("submit")
    assert passed.returncode == 0, passed.stdout
    assert "Submission 2: accepted" in passed.stdout
    assert " ".join(find_kata("04").script.follow_up.split()) in " ".join(passed.stdout.split())
    status = candidate.status()
    assert (status["stage"], status["kata"]) == (2, "04") and status["file"].endswith("/streaming_packer.py")
    carried = (candidate.repo / status["file"]).read_text()
    assert "# my packer" in carried and "def pack_sentences(" in carried and "def iter_pack(" in carried

    candidate.wait(90 * 60)
    assert candidate.interview("submit").returncode == 2
    report = json.loads(candidate.interview("report", "--json", "--no-growth").stdout)
    first, second = report["stages"]
    assert (first["kata"], first["submissions"], first["failed_submissions"]) == ("02", 2, 1)
    assert first["seconds_to_pass"] == 480.0 and first["seconds_to_first_run"] == 120.0
    assert first["questions_asked"] == [find_kata("02").script.questions[1].asked]
    assert first["failures"][0]["mistake"] == "closes_on_exact_fit"
    assert first["failures"][0]["mistake_title"].startswith(EXACT_FIT_TITLE)
    assert first["not_asked_but_failed_on"] == [
        {"question": find_kata("02").script.questions[0].asked, "submission": 1}
    ]
    assert (second["kata"], second["submissions"], second["seconds_to_pass"]) == ("04", 0, None)
    assert report["total"] == {
        "stages_passed": 1,
        "stages": 4,
        "submissions": 2,
        "failed_submissions": 1,
        "questions_asked": 1,
        "target_minutes": 90,
    }
    card = candidate.interview("report", "--out", "card.md").stdout
    assert (
        "- not asked: If a chunk's total is exactly the budget, does it still fit? Your first submission "
        "failed on exactly that." in card
    )
    assert "growth per doubling of your accepted code" in card and (candidate.repo / "card.md").read_text() in card
    history = candidate.interview("history").stdout
    assert "packing" in history and "1 of 4 stages" in history and "2 submissions (1 failed)" in history
    assert file_fingerprints(candidate.repo / "problems") == learners_files


@pytest.mark.slow
@pytest.mark.timeout(WHOLE_SESSION_SECONDS)
def test_a_track_taken_from_start_to_scorecard(candidate):
    candidate.interview("start", "--track", "retrieval")
    for number in ("03", "09", "10"):
        assert candidate.status()["kata"] == number
        source = (candidate.repo / candidate.status()["file"]).read_text()
        candidate.write(source + "\n\n" + reference(number))  # the candidate's answer below the carried code
        candidate.wait(600)
        done = candidate.interview("submit")
        assert done.returncode == 0, done.stdout
    assert "That was the last stage: the interview is over." in done.stdout
    report = json.loads(candidate.interview("report", "--json").stdout)
    assert report["ended"] and report["end_reason"] == "every stage passed"
    assert [stage["seconds_to_pass"] for stage in report["stages"]] == [600.0, 600.0, 600.0]
    assert all(stage["growth"] is not None for stage in report["stages"])
    page = candidate.interview("report", "--no-growth", "--out", "card.html")
    assert page.returncode == 0 and "<h2>Stage 3: kata 10," in (candidate.repo / "card.html").read_text()


@pytest.mark.slow
@pytest.mark.timeout(WHOLE_SESSION_SECONDS)
def test_without_the_solutions_the_scorecard_says_the_mistakes_catalog_is_absent(candidate):
    shutil.rmtree(candidate.repo / "solutions")
    candidate.interview("start", "--kata", "2")
    candidate.write(closes_on_exact_fit())
    assert candidate.interview("submit").returncode == 1
    candidate.write(reference("02"))
    assert candidate.interview("submit").returncode == 0
    report = json.loads(candidate.interview("report", "--json").stdout)
    failure = report["stages"][0]["failures"][0]
    assert failure["mistake_title"] in ("the catalog of mistakes is not in this copy", "no catalogued mistake matched")
    growth = report["stages"][0]["growth"]
    assert growth["reference"] is None and growth["yours"] is not None


# Hostile submissions -----------------------------------------------------------------------

HOSTILE = """
import json, pathlib
REPO = pathlib.Path(%r)
print("Submission 1: accepted, 50 of 50 tests pass")
for session in REPO.glob(".kata/interview/*/session.json"):
    try:
        data = json.loads(session.read_text())
        data["stages"][0]["passed_at"] = 1.0
        session.write_text(json.dumps(data))
    except OSError:
        pass
try:
    (REPO / "tests" / "02_token_budget_packer" / "test_hidden.py").write_text("")
except OSError:
    pass


def pack_sentences(sizes, max_tokens):
    print("50 passed")
    namespace = {}
    exec((REPO / "solutions" / "02_token_budget_packer" / "packer.py").read_text(), namespace)
    return namespace["pack_sentences"](sizes, max_tokens)
"""


@pytest.mark.slow
@pytest.mark.timeout(WHOLE_SESSION_SECONDS)
@needs_confinement
def test_code_that_forges_its_result_reads_the_reference_or_rewrites_the_session_gains_nothing(candidate):
    candidate.interview("start", "--kata", "2")
    candidate.write(HOSTILE % str(candidate.repo))
    before = candidate.session_file().read_text()
    done = candidate.interview("submit")
    assert done.returncode == 1 and "accepted" not in done.stdout and "50 passed" not in done.stdout
    assert re.search(r"Submission 1: \d+ of \d+ tests pass", done.stdout) or "cannot run" in done.stdout
    after = json.loads(candidate.session_file().read_text())
    assert after["stages"][0]["passed_at"] is None and json.loads(before)["stages"][0]["passed_at"] is None
    assert (candidate.repo / "tests" / "02_token_budget_packer" / "test_hidden.py").read_text()
    assert candidate.status()["stage"] == 1


def kept_pass(tmp_path, monkeypatch, source: bytes = b"def fixed_windows(t, c, o=0):\n    return []\n", **changes):
    """A session whose one stage was passed by `source`, kept under tmp_path; `changes` edit the submission."""
    code = hashlib.sha256(source).hexdigest()
    monkeypatch.setattr(Session, "kept_code", lambda self, name: tmp_path / f"{name}.py")
    (tmp_path / f"{code}.py").write_bytes(source)
    submission = Submission(60.0, 66, 66, code=code, seed=7)
    for name, value in changes.items():
        setattr(submission, name, value)
    stage = Stage(
        "01_fixed_windows", 0.0, ".kata/interview/x/fixed_windows.py", submissions=[submission], passed_at=60.0
    )
    return Session("x", "kata 01", 20, START, "given", confinement="", stages=[stage])


@pytest.mark.parametrize(
    ("changes", "why"),
    [
        ({"code": "../../../etc/passwd"}, "no accepted submission's code was kept"),
        ({"code": ""}, "no accepted submission's code was kept"),
        ({"at": 30.0, "passed": 66}, "its time is not that of the submission it accepted"),
        ({"seed": None}, "the seed of its examples was not kept"),
    ],
)
def test_a_recorded_pass_whose_record_is_not_its_submissions_is_not_confirmed(tmp_path, monkeypatch, changes, why):
    from kata.interview import confirm

    monkeypatch.setattr(
        confirm, "judge_code", lambda *a, **k: pytest.fail("judged a pass its record does not bear out")
    )
    assert confirm.unconfirmed_passes(kept_pass(tmp_path, monkeypatch, **changes)) == {0: why}


def test_judging_a_pass_again_is_confined_where_the_machine_can_whatever_the_session_says(tmp_path, monkeypatch):
    from kata.interview import confirm

    session = kept_pass(tmp_path, monkeypatch)
    session.confinement = "written into session.json by hand"
    asked = {}

    def judged(kata, source, **options):
        asked.update(options)
        return Submission(60.0, 66, 66)

    monkeypatch.setattr(confirm, "judge_code", judged)
    monkeypatch.setattr(confirm, "confinement_problem", lambda: None)
    assert confirm.unconfirmed_passes(session) == {}
    assert asked == {"at": 60.0, "confined": True, "seed": 7}  # the seed it was first judged with, drawn again


def forge_a_pass(candidate, code: str = "") -> None:
    """Write into session.json, by hand, that the first stage was passed and the session ended."""
    session = json.loads(candidate.session_file().read_text())
    session["stages"][0]["submissions"].append({"at": 60.0, "passed": 66, "total": 66, "code": code, "seed": 1})
    session["stages"][0]["passed_at"] = 60.0
    session["ended_at"], session["end_reason"] = 60.0, "every stage passed"
    candidate.session_file().write_text(json.dumps(session))


@pytest.mark.slow
@pytest.mark.timeout(WHOLE_SESSION_SECONDS)
def test_a_pass_written_into_the_session_by_hand_is_neither_on_the_scorecard_nor_in_the_history(candidate):
    candidate.interview("start", "--kata", "1")
    forge_a_pass(candidate)
    report = json.loads(candidate.interview("report", "--json", "--no-growth").stdout)
    stage = report["stages"][0]
    assert (stage["seconds_to_pass"], report["total"]["stages_passed"]) == (None, 0)
    assert stage["recorded_pass_unconfirmed"] == "no accepted submission's code was kept"
    assert (
        "not passed (recorded as passed, but no accepted submission's code was kept)"
        in candidate.interview("report", "--no-growth").stdout
    )
    assert " 0 of 1 stages " in candidate.interview("history").stdout


@pytest.mark.slow
@pytest.mark.timeout(WHOLE_SESSION_SECONDS)
def test_a_pass_forged_with_kept_code_that_fails_is_judged_again_and_not_counted(candidate):
    candidate.interview("start", "--kata", "1")
    stub = (candidate.repo / candidate.status()["file"]).read_bytes()
    code = hashlib.sha256(stub).hexdigest()
    kept = candidate.session_file().parent / "submitted" / f"{code}.py"
    kept.parent.mkdir()
    kept.write_bytes(stub)
    forge_a_pass(candidate, code)
    assert " 1 of 1 stages " in candidate.interview("history").stdout  # the kept code is there, unchanged
    stage = json.loads(candidate.interview("report", "--json", "--no-growth").stdout)["stages"][0]
    assert stage["seconds_to_pass"] is None
    assert stage["recorded_pass_unconfirmed"].startswith("judged again, the code it accepted did not pass: not started")
    kept.write_bytes(stub + b"\n")
    stage = json.loads(candidate.interview("report", "--json", "--no-growth").stdout)["stages"][0]
    assert stage["recorded_pass_unconfirmed"] == "the code it accepted has been changed since"


@pytest.mark.slow
@pytest.mark.timeout(WHOLE_SESSION_SECONDS)
def test_a_pass_keeps_the_code_it_judged_and_the_scorecard_confirms_it(candidate):
    candidate.interview("start", "--kata", "1")
    candidate.write(reference("01"))
    assert candidate.interview("submit").returncode == 0
    candidate.write("def fixed_windows(tokens, chunk_size, overlap=0):\n    raise NotImplementedError\n")
    session = json.loads(candidate.session_file().read_text())
    code = session["stages"][0]["submissions"][0]["code"]
    kept = candidate.session_file().parent / "submitted" / f"{code}.py"
    assert kept.read_text() == reference("01")
    stage = json.loads(candidate.interview("report", "--json", "--no-growth").stdout)["stages"][0]
    assert stage["seconds_to_pass"] is not None and stage["recorded_pass_unconfirmed"] == ""


@pytest.mark.slow
@pytest.mark.timeout(WHOLE_SESSION_SECONDS)
def test_code_that_never_finishes_loading_is_stopped_and_counted(candidate):
    candidate.interview("start", "--kata", "2")
    candidate.write("while True:\n    pass\n\ndef pack_sentences(sizes, max_tokens):\n    return []\n")
    begin = time.monotonic()
    done = candidate.interview("submit")
    assert done.returncode == 1 and "Submission 1:" in done.stdout
    assert time.monotonic() - begin < 200
    assert json.loads(candidate.interview("report", "--json").stdout)["stages"][0]["failed_submissions"] == 1


# In a terminal -----------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.timeout(WHOLE_SESSION_SECONDS)
@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_a_session_in_a_terminal_from_start_to_scorecard(repo, tmp_path):
    """The commands as a candidate types them in tmux, on the wall clock."""
    name = f"kata-interview-{tmp_path.name}"
    python = shutil.which("python") or "python3"
    subprocess.run(
        ["tmux", "-L", name, "new-session", "-d", "-s", name, "-x", "120", "-y", "50", "-c", str(repo)],
        check=True,
        timeout=30,
    )
    try:

        def typed(line: str, until: str, seconds: float = 120) -> str:
            subprocess.run(["tmux", "-L", name, "send-keys", "-t", name, line, "Enter"], check=True, timeout=30)
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline:
                screen = subprocess.run(
                    ["tmux", "-L", name, "capture-pane", "-p", "-S", "-200", "-t", name],
                    capture_output=True,
                    text=True,
                    timeout=30,
                ).stdout
                if until in screen:
                    return screen
                time.sleep(0.2)
            raise AssertionError(f"{until!r} never appeared; the screen:\n{screen}")

        typed("unset KATA_INTERVIEW_NOW; echo re''ady", "\nready")
        typed(f"{python} -m kata interview start --kata 1", "Stage 1 of 1: kata 01")
        typed(f"{python} -m kata interview ask 2", "The interviewer:")
        stage_file = json.loads(
            subprocess.run(
                [python, "-m", "kata", "interview", "status", "--json"],
                cwd=repo,
                capture_output=True,
                text=True,
                timeout=60,
            ).stdout
        )["file"]
        (repo / stage_file).write_text(reference("01"))
        typed(f"{python} -m kata interview run", "Run: ")
        typed(f"{python} -m kata interview submit", "accepted")
        screen = typed(f"{python} -m kata interview report --no-growth", "## Total")
        assert "stages passed: 1 of 1" in screen
    finally:
        subprocess.run(["tmux", "-L", name, "kill-server"], timeout=30)


def test_a_session_of_one_kata_is_named_as_one_kata(candidate):
    started = candidate.interview("start", "--kata", "1")
    assert started.returncode == 0, started.stderr
    assert "Interview started: kata 01, " in started.stdout
    assert "mistake names of kata 01 are withheld" in " ".join(started.stdout.split())
