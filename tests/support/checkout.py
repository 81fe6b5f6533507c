"""The runner's own tests (tests/command, grading, sandbox, runner, meta and wild): marked by their folder,
run only when asked for, and leaving the checkout as they found it.

tests/conftest.py marks each test with its folder's marker (kata.katas.RUNNERS_OWN_TESTS) and
uses the_checkout_is_left_as_it_was, which checks problems/ and .kata/ after a run of them.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from kata.katas import ROOT, RUNNERS_OWN_TESTS, TESTS


def runners_own_folder(item: pytest.Item) -> str | None:
    """The folder of tests/ that holds the test if it is one of the runner's own, else None (a kata's test)."""
    path = Path(item.path)
    if not path.is_relative_to(TESTS):
        return None
    folder = path.relative_to(TESTS).parts[0]
    return folder if folder in RUNNERS_OWN_TESTS else None


def mark_the_runners_own_tests(items: list[pytest.Item]) -> None:
    """The runner's own tests run only when asked for: each gets its folder's marker (pytest -m cli or meta)."""
    for item in items:
        folder = runners_own_folder(item)
        if folder is not None:
            item.add_marker(getattr(pytest.mark, RUNNERS_OWN_TESTS[folder]))


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
        state.update(
            {
                f".kata/{path.name}": hashlib.sha256(path.read_bytes()).hexdigest()
                for path in sorted(kata_state.iterdir())
                if path.is_file()
            }
        )
    return state


@pytest.fixture(scope="session", autouse=True)
def the_checkout_is_left_as_it_was(request):
    """Every test of the runner works on copies: problems/ and .kata/ are as they were when the tests began.

    A run of a kata's tests alone is not checked: the learner may be editing while it runs."""
    before = state_of_the_checkout()
    yield
    if not any(runners_own_folder(item) for item in request.session.items):
        return
    after = state_of_the_checkout()
    changed = sorted(name for name in before.keys() | after.keys() if before.get(name) != after.get(name))
    assert not changed, f"tests wrote into the checkout: {changed}"
