"""What the tests that `pytest -m cli` runs share, wherever they are (tests/cli, tests/isolation).

They judge the runner (the command, grading, the sandbox), not a kata: they run only when
asked for, and leave the checkout as they found it. Each folder's conftest.py marks its
own tests with mark_as_cli_tests and imports the_checkout_is_left_as_it_was.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from kata.katas import ROOT


def mark_as_cli_tests(items: list[pytest.Item], folder: Path) -> None:
    """The tests under `folder` judge the runner, not a kata: they run only when asked for (pytest -m cli)."""
    for item in items:
        if Path(item.path).is_relative_to(folder):
            item.add_marker(pytest.mark.cli)


def fingerprints(folder: Path) -> dict[str, str]:
    """Every file under the folder with a hash of its contents, leaving out caches that Python itself writes."""
    found = {}
    for path in sorted(folder.rglob("*")):
        parts = path.relative_to(folder).parts
        if any(part.startswith(".") or part == "__pycache__" or part.endswith(".egg-info") for part in parts):
            continue
        if path.is_file():
            found[str(path.relative_to(folder))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def state_of_the_checkout() -> dict[str, str]:
    """What a test must never change in the checkout: the learner's files and the learner's state."""
    state = {f"problems/{name}": digest for name, digest in fingerprints(ROOT / "problems").items()}
    kata_state = ROOT / ".kata"
    if kata_state.is_dir():
        state.update({f".kata/{path.name}": hashlib.sha256(path.read_bytes()).hexdigest()
                      for path in sorted(kata_state.iterdir()) if path.is_file()})
    return state


@pytest.fixture(scope="session", autouse=True)
def the_checkout_is_left_as_it_was():
    """Every test works on copies: problems/ and .kata/ are as they were when the tests began."""
    before = state_of_the_checkout()
    yield
    after = state_of_the_checkout()
    changed = sorted(name for name in before.keys() | after.keys() if before.get(name) != after.get(name))
    assert not changed, f"tests wrote into the checkout: {changed}"
