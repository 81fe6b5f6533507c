"""The sandbox (kata.sandbox) is loaded only by the runs that isolate code: --isolate, kata grade; a plain run
reaches at most its door, the package's own few lines, which load none of its modules.

A learner's plain run, failing tests and the naming of their mistakes included, imports none of its modules.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from kata.katas import find_kata

pytestmark = pytest.mark.timeout(120)
KATA = find_kata("01")

LOADED = """
import json, sys, pytest
code = pytest.main(sys.argv[1:])
print(json.dumps({"code": int(code), "loaded": sorted(name for name in sys.modules if name.startswith("kata."))}))
"""


def modules_loaded_by(repo, *arguments: str) -> list[str]:
    run = subprocess.run(
        [sys.executable, "-c", LOADED, "-p", "no:cacheprovider", "-q", *arguments],
        cwd=repo,
        capture_output=True,
        text=True,
        timeout=110,
    )
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["code"] in (0, 1), run.stdout[-2000:]
    return report["loaded"]


# The classic tail window, with no checks of the arguments: failures to report and mistakes to name.
WRONG = """
def fixed_windows(tokens, chunk_size, overlap=0):
    return [tokens[start:start + chunk_size] for start in range(0, len(tokens), chunk_size - overlap)]
"""


def test_a_learners_plain_run_imports_nothing_of_the_sandbox(repo):
    (repo / "problems" / KATA.slug / f"{KATA.module}.py").write_text(WRONG, encoding="utf-8")
    loaded = modules_loaded_by(repo, f"tests/{KATA.slug}")
    assert "kata.runner.diagnosis" in loaded and "kata.runner.mistakes" in loaded  # diagnosed, and yet:
    assert [name for name in loaded if name.startswith("kata.sandbox.")] == []  # its door alone, if anything
    stubs = modules_loaded_by(repo)  # every kata, not started
    assert "kata.plugin.registration" in stubs and [name for name in stubs if name.startswith("kata.sandbox.")] == []


def test_an_isolated_run_loads_the_sandbox(repo):
    loaded = modules_loaded_by(repo, f"tests/{KATA.slug}/test_examples.py", "--impl=reference", "--isolate")
    assert "kata.sandbox.pool" in loaded and "kata.sandbox.client" in loaded
