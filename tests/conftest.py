"""What every test under tests/ shares: the runner's own tests marked by their folder, and their fixtures.

A kata's tests (tests/NN_slug) judge the learner's code; the runner's own tests (tests/command,
grading, sandbox, runner, meta; wild, on released libraries) judge the runner, and run only when asked
for (pytest -m cli, pytest -m meta, pytest -m wild). Shared helpers are in tests/support.
"""

import random

import pytest

from tests.support import guard_inputs
from tests.support.browser import REQUIRED, browser  # noqa: F401
from tests.support.checkout import mark_the_runners_own_tests, the_checkout_is_left_as_it_was  # noqa: F401
from tests.support.repository import file_fingerprints, repo, repository_copier, run_kata, screens_of, solve, start_kata  # noqa: F401


@pytest.fixture
def _the_browser_that_is_required():
    pytest.fail(
        f"{REQUIRED} is set, and no Chromium was found: the tests of the pages need one (Debian: apt install chromium)",
        pytrace=False,
    )


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    mark_the_runners_own_tests(items)


def pytest_configure(config):
    guard_inputs.seed_of_the_run()  # a KATA_GUARD_SEED that names no seed stops the run at once, in one line


@pytest.fixture
def guard_random(request) -> random.Random:
    """A guard's random generator: its input is drawn at run time, from a seed the code under test never sees."""
    return guard_inputs.generator_for(request.node)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    guard_inputs.note_the_seed(item, call)  # before the runner writes the report, which shows the notes
    yield
