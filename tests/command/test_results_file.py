"""The results that pytest runs record for `kata list`: only a run of a kata's whole suite counts."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from kata.katas import KATAS

KATA = KATAS[0]

pytestmark = pytest.mark.timeout(60)  # pytest or kata in a subprocess: slower than a kata's test


def test_a_run_of_one_test_file_records_no_result_for_kata_list(repo, solve):
    """One file of a kata's tests says nothing about the whole suite: `kata list` must not call it solved."""
    solve(repo, KATA)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", f"tests/{KATA.slug}/test_examples.py"],
        cwd=repo,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stdout
    results = repo / ".kata" / "results.json"
    assert not results.exists() or KATA.slug not in json.loads(results.read_text())
