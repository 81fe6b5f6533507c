"""The words of every verdict, pinned: the same in pytest's own process and in an isolated worker.

Each case is a small learner's file and one test it fails; its report must be exactly the text
written here by hand ({file} stands for the file's path). Every report of a failure is made of
the sentences of kata.judging.vocabulary, so a change of wording shows here first.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from kata.katas import ROOT
from kata.runner.outcomes import failures_of, read_outcomes

pytestmark = pytest.mark.timeout(120)

SHARE_ONE_TOKEN = "tests/01_fixed_windows/test_examples.py::test_windows_share_one_token"
GREEDY_04 = "tests/04_streaming_packer/test_examples.py::test_the_chunks_are_those_of_greedy_packing"
TOP_K_09 = "tests/09_retrieval_recall/test_examples.py::test_the_best_chunks_come_first_and_equal_scores_in_index_order"
CALLED_01 = "Called fixed_windows(['a', 'b', 'c', 'd', 'e', 'f', 'g'], 3, 1).\n"

ONE_WINDOW_TOO_MANY = """
def fixed_windows(tokens, chunk_size, overlap=0):
    return [tokens[0:3], tokens[2:5], tokens[4:7], tokens[6:7]]
"""
WRONG_ANSWER = (
    "WRONG ANSWER\n" + CALLED_01 + "It returned [['a', 'b', 'c'], ['c', 'd', 'e'], ['e', 'f', 'g'], ['g']],\n"
    "but the tests expected [['a', 'b', 'c'], ['c', 'd', 'e'], ['e', 'f', 'g']].\n"
    "It returned 4 items where 3 items were expected; the first extra one is ['g'].\n"
    "This matches a known mistake: Emits extra windows after the one that reaches the\n"
    "end. Stop right after appending the first window whose end reaches len(tokens).\n"
    # Its last real window ends exactly at the end, so a second catalogued mistake answers the same.
    "This matches a known mistake: Adds a window after one that ends exactly at the\n"
    "end of the input. A window whose end equals len(tokens) already reaches the end:\n"
    "stop when end >= len(tokens), not >."
)
RAISES = """
def fixed_windows(tokens, chunk_size, overlap=0):
    return [tokens[0] / 0]
"""
ERROR = (
    "ERROR\n" + CALLED_01 + "It raised TypeError: unsupported operand type(s) for /: 'str' and 'int'\n"
    "at {file}, line 3, in fixed_windows:\n"
    "    return [tokens[0] / 0]"
)
LOOPS = """
def fixed_windows(tokens, chunk_size, overlap=0):
    while True:
        pass
"""
DID_NOT_FINISH = (
    "DID NOT FINISH\n" + CALLED_01 + "It was still running after its limit of 1 s of CPU time for one call; a correct\n"
    "solution answers at once here. Does every iteration of your loop advance? Check\n"
    "that the position you slice from moves forward each time, and that the loop's\n"
    "exit is reachable."
)
HALF_STARTED = """
def bm25_scores(query, chunks, k1=1.5, b=0.75):
    return [0.0] * len(chunks)

def top_k(query, chunks, k, k1=1.5, b=0.75):
    raise NotImplementedError("write your solution here")

def recall_at_k(doc, spans, questions, k, k1=1.5, b=0.75):
    raise NotImplementedError("write your solution here")
"""
NOT_STARTED = (
    "NOT STARTED\nCalled top_k('cat mat', ['cats purr', 'the cat sat on the mat', 'a cat and a cat', 'dogs bark'], "
    "3).\nIt raised NotImplementedError: this function is still the stub. Write it in\n{file}."
)
GROWS_IN_ONE_STEP = """
def fixed_windows(tokens, chunk_size, overlap=0):
    grown = b"x" * (600 << 20)
    while True:
        pass
"""
TOO_MUCH_MEMORY = (
    "TOO MUCH MEMORY\n" + CALLED_01 + "While it ran, the tests' process, which runs your code, grew by more than 512\n"
    "MB, so it was stopped. This usually means a loop that never advances keeps\n"
    "appending to a list."
)
RUNS_OUT_OF_ADDRESS_SPACE = """
def fixed_windows(tokens, chunk_size, overlap=0):
    return b"x" * (2 << 30)
"""
TOO_MUCH_MEMORY_ISOLATED = (
    "TOO MUCH MEMORY\n"
    + CALLED_01
    + "While it ran, its worker process used up its limit of 1024 MB of address space,\n"
    "so it was stopped. This usually means a loop that never advances keeps appending\n"
    "to a list."
)
RAISES_WHILE_READ = """
def iter_pack(sizes, max_tokens):
    yield [0]
    raise KeyError("boom")
"""
RAISED_WHILE_READ = (
    "ERROR\nCalled iter_pack([3, 4, 2, 5, 1], 7).\n"
    "It yielded [[0]], and then, asked for the next chunk, it raised KeyError: 'boom'\n"
    "at {file}, line 4, in iter_pack:\n"
    '    raise KeyError("boom")'
)
RAISES_BEFORE_YIELDING = """
def iter_pack(sizes, max_tokens):
    raise KeyError("boom")
    yield [0]
"""
RAISED_BEFORE_YIELDING = (
    "ERROR\nCalled iter_pack([3, 4, 2, 5, 1], 7).\n"
    "It yielded [], and then, asked for the next chunk, it raised KeyError: 'boom'\n"
    "at {file}, line 3, in iter_pack:\n"
    '    raise KeyError("boom")'
)

BOTH = ("", "--isolate")
CASES = [
    ("wrong_answer", ONE_WINDOW_TOO_MANY, "fixed_windows", SHARE_ONE_TOKEN, BOTH, WRONG_ANSWER),
    ("error", RAISES, "fixed_windows", SHARE_ONE_TOKEN, BOTH, ERROR),
    ("did_not_finish", LOOPS, "fixed_windows", SHARE_ONE_TOKEN, BOTH, DID_NOT_FINISH),
    ("not_started", HALF_STARTED, "retrieval_recall", TOP_K_09, BOTH, NOT_STARTED),
    ("too_much_memory", GROWS_IN_ONE_STEP, "fixed_windows", SHARE_ONE_TOKEN, ("",), TOO_MUCH_MEMORY),
    (
        "too_much_memory_isolated",
        RUNS_OUT_OF_ADDRESS_SPACE,
        "fixed_windows",
        SHARE_ONE_TOKEN,
        ("--isolate",),
        TOO_MUCH_MEMORY_ISOLATED,
    ),
    ("generator_raises", RAISES_WHILE_READ, "streaming_packer", GREEDY_04, BOTH, RAISED_WHILE_READ),
    ("generator_raises_at_once", RAISES_BEFORE_YIELDING, "streaming_packer", GREEDY_04, BOTH, RAISED_BEFORE_YIELDING),
]


def report_of(test: str, learner_file, *options: str) -> str:
    outcomes = learner_file.parent / "outcomes.json"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            test,
            f"--impl={learner_file}",
            "-p",
            "no:cacheprovider",
            "-q",
            f"--outcomes={outcomes}",
            *options,
        ],
        cwd=ROOT,
        capture_output=True,
        timeout=100,
    )
    [failure] = failures_of(read_outcomes(outcomes))
    return failure.report


@pytest.mark.parametrize(
    ("source", "module", "test", "modes", "words"), [case[1:] for case in CASES], ids=[case[0] for case in CASES]
)
def test_each_verdict_has_the_same_words_in_process_and_isolated(tmp_path, source, module, test, modes, words):
    learner_file = tmp_path / f"{module}.py"
    learner_file.write_text(source, encoding="utf-8")
    for mode in modes:
        assert report_of(test, learner_file, *filter(None, [mode])) == words.format(file=learner_file), mode


OVERSIZED_RUN_02 = "tests/02_token_budget_packer/test_guards.py::test_the_loop_ends_on_long_runs_of_oversized_sentences"
NEVER_ENDS_02 = """
def pack_sentences(sentence_tokens, max_tokens):
    while True:
        pass
"""


@pytest.mark.parametrize("mode", BOTH, ids=["in_process", "isolated"])
def test_a_progress_guards_hint_is_the_advice_of_its_did_not_finish(tmp_path, mode):
    # Kata 02's guard names a slow step that looks like a stalled loop on its input: its hint, not the
    # general advice about loops, is what the report gives.
    learner_file = tmp_path / "token_budget_packer.py"
    learner_file.write_text(NEVER_ENDS_02, encoding="utf-8")
    report = " ".join(report_of(OVERSIZED_RUN_02, learner_file, *filter(None, [mode])).split())
    assert report.startswith("DID NOT FINISH Called pack_sentences("), report
    assert "Does every iteration of your loop move on to the next sentence?" in report, report
    assert "chunks + [chunk] copies the list of chunks each time" in report, report
    assert "Check that the position you slice from" not in report, report


RAISES_A_WIDE_INT = """
def fixed_windows(tokens, chunk_size, overlap=0):
    raise ValueError(10 ** 5000)
"""
RETURNS_A_WIDE_INT = """
def fixed_windows(tokens, chunk_size, overlap=0):
    return [[(1 << 80_000) - 1]]
"""


@pytest.mark.parametrize("mode", BOTH, ids=["in_process", "isolated"])
def test_an_exception_whose_message_cannot_be_made_is_reported_as_such(tmp_path, mode):
    # str() of an int past 4,300 digits raises ValueError: the report says so, and the run goes on.
    learner_file = tmp_path / "fixed_windows.py"
    learner_file.write_text(RAISES_A_WIDE_INT, encoding="utf-8")
    report = report_of(SHARE_ONE_TOKEN, learner_file, *filter(None, [mode]))
    assert report == (
        "ERROR\n" + CALLED_01 + "It raised ValueError: <ValueError whose message cannot be shown>\n"
        f"at {learner_file}, line 3, in fixed_windows:\n    raise ValueError(10 ** 5000)"
    ), report


def test_an_answer_holding_an_int_too_wide_for_decimal_crosses_from_the_worker(tmp_path):
    learner_file = tmp_path / "fixed_windows.py"
    learner_file.write_text(RETURNS_A_WIDE_INT, encoding="utf-8")
    report = " ".join(report_of(SHARE_ONE_TOKEN, learner_file, "--isolate").split())
    assert report.startswith("WRONG ANSWER " + " ".join(CALLED_01.split())), report
    assert "os._exit" not in report and "crash" not in report, report


BREAKS_THE_REPORT = """
import kata.runner.plain_words


def _broken(*arguments, **options):
    raise RuntimeError("the report broke")


kata.runner.plain_words.explain = _broken
"""


def test_a_report_that_cannot_be_written_leaves_pytests_own_and_the_run_goes_on(tmp_path):
    learner_file = tmp_path / "fixed_windows.py"
    learner_file.write_text(ONE_WINDOW_TOO_MANY, encoding="utf-8")
    (tmp_path / "breaks_the_report.py").write_text(BREAKS_THE_REPORT, encoding="utf-8")
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "tests/01_fixed_windows/test_examples.py",
            f"--impl={learner_file}",
            "-p",
            "breaks_the_report",
            "-p",
            "no:cacheprovider",
            "-q",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=100,
        env={**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{ROOT}"},
    )
    assert "INTERNALERROR" not in run.stdout + run.stderr, run.stdout[-2000:]
    words = " ".join(run.stdout.split())
    assert (
        "The runner could not write this failure's report in plain words (RuntimeError: the report broke)" in words
    ), run.stdout[-2000:]
    assert re.search(r"^8 failed in ", run.stdout, re.M), run.stdout[-500:]  # every test ran, each reported
