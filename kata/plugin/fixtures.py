"""One session fixture per kata function, named after it, so that a test just asks for `fixed_windows`."""

from __future__ import annotations

import types
from typing import TYPE_CHECKING, Any

import pytest

from kata.katas import KATAS, Kata
from kata.plugin.run_state import RUN

if TYPE_CHECKING:
    from collections.abc import Callable
    from types import SimpleNamespace

    from _pytest.fixtures import FixtureFunctionDefinition


def function_fixtures() -> types.ModuleType:
    """A plugin module holding the fixtures: registered for the run (kata.plugin.registration)."""
    fixtures = types.ModuleType("kata_function_fixtures")
    for kata in KATAS:
        for name in kata.functions:
            setattr(fixtures, name, _function_fixture(kata, name))
    return fixtures


def _function_fixture(kata: Kata, name: str) -> FixtureFunctionDefinition:
    @pytest.fixture(scope="session", name=name)
    def judged_function(request: pytest.FixtureRequest) -> Callable[..., Any]:
        implementation = implementation_of(request.config, kata)
        if not hasattr(implementation, name):  # only under --defined-only: otherwise loading refuses the file
            pytest.skip(f"{name}() is not defined in the file judged (--defined-only judges the functions it defines)")
        return getattr(implementation, name)

    return judged_function


def implementation_of(config: pytest.Config, kata: Kata) -> SimpleNamespace:
    """The kata's implementation for the run, loaded the first time it is asked for."""
    state = config.stash[RUN]
    if kata.slug not in state.loaded:
        state.loaded[kata.slug] = state.impl.load(kata)
    return state.loaded[kata.slug]
