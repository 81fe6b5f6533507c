"""The tests' own module-level data, put back after every test.

Tests hand the code under test lists defined once at the top of their module (kata 09's CHUNKS,
kata 10's CHILDREN), and some later tests compute what they expect from those lists. Code that
changes such a list fails the test that passed it (the tests check their inputs), but the change
would stay for the rest of the run (an isolated worker's changes are copied back, as one process
would see them), so that later tests would expect what the code chose: a forged pass. Each kata
test's module-level lists, dicts, sets and bytearrays are copied before it runs and put back, in
place, after it.
"""

from __future__ import annotations

import copy
from types import ModuleType

import pytest

from kata.katas import kata_of_test

MUTABLE_KINDS = (list, dict, set, bytearray)

_SNAPSHOT = pytest.StashKey[dict[str, object]]()


def pytest_runtest_setup(item: pytest.Item) -> None:
    module = _kata_test_module(item)
    if module is not None:
        item.stash[_SNAPSHOT] = {
            name: copy.deepcopy(value)
            for name, value in vars(module).items()
            if type(value) in MUTABLE_KINDS and not name.startswith("__")
        }


def pytest_runtest_teardown(item: pytest.Item) -> None:
    module = _kata_test_module(item)
    for name, was in item.stash.get(_SNAPSHOT, {}).items():
        value = getattr(module, name, None)
        if type(value) is not type(was):  # rebound by the code under test, in this process
            setattr(module, name, was)
        else:
            _put_back(value, was)


def _put_back(value: object, was: object) -> None:
    """The same object made to hold what it held before the test, so that every reference to it sees it."""
    if isinstance(value, (list, bytearray)) and isinstance(was, (list, bytearray)):
        value[:] = was
    elif isinstance(value, (dict, set)) and isinstance(was, (dict, set)):
        value.clear()
        value.update(was)  # a dict from a dict, a set from a set: the types were checked equal


def _kata_test_module(item: pytest.Item) -> ModuleType | None:
    module = getattr(item, "module", None)
    return module if module is not None and kata_of_test(item.path) is not None else None
