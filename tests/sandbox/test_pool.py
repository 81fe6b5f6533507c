"""The workers of a run (kata.sandbox.pool): a kata's worker ends when the run leaves that kata's tests.

A kata's worker rests, stopped, between its requests; kept until the run ended, every kata's
worker of a student's run was alive at once, each with up to --memory of its own (ten katas,
ten times the memory). A run holds one kata's workers at a time, and a kata whose tests come
back later (another order, --lf, a distributed run) gets a fresh worker.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import textwrap

import pytest

from kata.katas import ROOT, find_kata
from kata.sandbox import pool

SAYS_ITS_PID = """
import os

def f():
    return os.getpid()
"""


def is_alive(pid: int) -> bool:
    return os.path.exists(f"/proc/{pid}")


def test_a_katas_worker_ends_when_the_run_leaves_its_tests_and_starts_afresh_when_they_come_back(start_worker):
    pool.start_a_test(kata="01_fixed_windows")
    first = start_worker(SAYS_ITS_PID, name="first.py", kata="01_fixed_windows")
    first_pid = first.call("f", (), {})
    pool.start_a_test(kata="01_fixed_windows")  # the next test of the same kata keeps it
    assert first.call("f", (), {}) == first_pid
    pool.start_a_test(kata="02_token_budget_packer")
    second = start_worker(SAYS_ITS_PID, name="second.py", kata="02_token_budget_packer")
    second_pid = second.call("f", (), {})
    assert not is_alive(first_pid) and is_alive(second_pid)
    pool.start_a_test(kata="01_fixed_windows")  # kata 01's tests again
    again = first.call("f", (), {})
    assert again != first_pid and is_alive(again) and not is_alive(second_pid)


def test_a_worker_made_for_another_kata_ends_the_last_katas_worker(start_worker):
    """The runner loads every kata's module before the first test, each in a worker of its own."""
    first = start_worker(SAYS_ITS_PID, name="first.py", kata="01_fixed_windows")
    first_pid = first.call("f", (), {})
    second = start_worker(SAYS_ITS_PID, name="second.py", kata="02_token_budget_packer")
    assert not is_alive(first_pid) and second.call("f", (), {}) != first_pid


def test_a_test_of_no_kata_ends_no_katas_worker_and_a_worker_of_no_kata_is_kept(start_worker):
    pool.start_a_test(kata="01_fixed_windows")
    worker, of_no_kata = start_worker(SAYS_ITS_PID, kata="01_fixed_windows"), start_worker(SAYS_ITS_PID, name="b.py")
    pids = worker.call("f", (), {}), of_no_kata.call("f", (), {})
    pool.start_a_test()
    pool.start_a_test(kata="02_token_budget_packer")
    assert not is_alive(pids[0]) and of_no_kata.call("f", (), {}) == pids[1]


# What a whole run holds: each test of it records the workers alive while it runs (a plugin of its own)
RECORDS_THE_WORKERS = """
import json
import os

import pytest

from kata.sandbox import pool
from kata.katas import kata_of_test


@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(items):  # after the runner's order: kata 01's hidden tests last, as a
    yield                                  # plugin that shuffles or a distributed run may order them
    items.sort(key=lambda item: item.path.name == "test_hidden.py")


def pytest_collection_finish(session):  # every kata's module has been loaded, each in a worker
    write_down("collected")


@pytest.hookimpl(trylast=True)
def pytest_runtest_call(item):
    write_down(kata_of_test(item.path).slug)


def write_down(when):
    alive = [[worker.source.parent.name, worker.process.pid] for worker in pool._workers
             if worker.process is not None and os.path.exists(f"/proc/{worker.process.pid}")]
    with open(os.environ["WORKERS_RECORD"], "a") as record:
        record.write(json.dumps([when, alive]) + "\\n")
"""


@pytest.mark.timeout(120)  # pytest in a subprocess: four test files, each kata's worker started afresh
@pytest.mark.parametrize("distributed", [[], ["-n", "2"]], ids=["one process", "two processes"])
def test_a_run_over_three_katas_holds_one_katas_worker_at_a_time_and_a_kata_that_comes_back_gets_a_fresh_one(
    tmp_path, distributed
):
    if distributed and importlib.util.find_spec("xdist") is None:
        pytest.skip("pytest-xdist is not installed (pip install -e '.[parallel]')")
    (tmp_path / "records_the_workers.py").write_text(textwrap.dedent(RECORDS_THE_WORKERS))
    record = tmp_path / "workers.jsonl"
    katas = [find_kata(number).slug for number in ("1", "2", "3")]
    files = [
        f"tests/{katas[0]}/test_examples.py",
        f"tests/{katas[1]}/test_examples.py",
        f"tests/{katas[2]}/test_examples.py",
        f"tests/{katas[0]}/test_hidden.py",
    ]  # kata 01 comes back
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            *files,
            *distributed,
            "--impl=reference",
            "--isolate",
            "-q",
            "-p",
            "no:cacheprovider",
            "-p",
            "records_the_workers",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{ROOT}", "WORKERS_RECORD": str(record)},
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    records = [json.loads(line) for line in record.read_text().splitlines()]
    assert all(len(alive) <= 1 for when, alive in records if when == "collected"), records[:2]
    tests = [[kata, alive] for kata, alive in records if kata != "collected"]
    assert [kata for kata, _ in tests if kata != tests[0][0]]  # the record holds more than one kata
    held_by_another = [(kata, alive) for kata, alive in tests if any(folder != kata for folder, _ in alive)]
    assert not held_by_another, held_by_another[:3]
    if distributed:
        return  # each process has workers of its own, and its tests of a kata come and go
    first_pids = {pid for kata, alive in tests[:5] for _, pid in alive}
    later_pids = {pid for kata, alive in tests[-5:] for _, pid in alive}
    assert tests[0][0] == tests[-1][0] == katas[0] and first_pids and later_pids and not first_pids & later_pids
