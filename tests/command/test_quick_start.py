"""The README's quick start, two commands: python3 start.py sets up .venv, python3 start.py test runs the tests."""

from __future__ import annotations

import subprocess
import sys

import pytest

from kata.katas import KATAS

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]


def start(repo, *arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "start.py", *arguments],
        cwd=repo,
        capture_output=True,
        text=True,
        timeout=540,
        stdin=subprocess.DEVNULL,
    )


def test_start_sets_up_once_then_test_runs_every_katas_tests(repo):
    # a .venv made by hand (the README's other way) is installed into, never made again
    subprocess.run([sys.executable, "-m", "venv", str(repo / ".venv")], check=True, timeout=120)
    (repo / ".venv" / "mine").write_text("made by hand")
    first = start(repo)
    assert first.returncode == 0, first.stdout + first.stderr
    assert "Setting up the katas in .venv" in first.stdout and "The katas are set up in .venv" in first.stdout
    assert (repo / ".venv" / ".katas-installed").is_file() and (repo / ".venv" / "mine").is_file()
    again = start(repo)  # no second install
    assert again.returncode == 0 and "Setting up" not in again.stdout
    with (repo / "pyproject.toml").open("a") as project:
        project.write("\n# a pull changed the project\n")
    assert "Setting up the katas in .venv" in start(repo).stdout  # installed again
    tested = start(repo, "test")
    assert tested.returncode == 1, tested.stdout[-2000:]  # the stubs are untouched: every kata not started
    assert all(f"{kata.number} {kata.name}" in tested.stdout for kata in KATAS)
    assert tested.stdout.count("not started: write your solution") == len(KATAS)


def test_start_refuses_what_it_does_not_do_in_one_line(repo):
    done = start(repo, "tset")
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "'tset' is not something it does; python3 start.py" in done.stderr
    assert not (repo / ".venv").exists()
