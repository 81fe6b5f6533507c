"""What a run leaves behind, once every test has run: the mistakes named in the failures' reports (before
pytest prints them), the outcomes file (pytest --outcomes, for kata grade and the command), and, in learner
mode, each whole kata's result for `kata list`."""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

import pytest

from kata.katas import KATAS, Kata, find_kata
from kata.plugin.collection import status_of
from kata.plugin.run_state import RUN, RunState, run_state
from kata.plugin.summary import mistakes_failing_as_this_run, ran_every_hidden_test, ran_whole_suite
from kata.runner.latest_results import LatestResult, fingerprint, record_results
from kata.runner.outcomes import outcome_of, write_outcomes


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    config = session.config
    state = run_state(config)
    if state is None:
        return
    tally = state.tally
    # Before the failures are printed: the causes' names go into their reports.
    for named in state.naming.name_the_causes(
        state.fixed_so_far, lambda slug: ran_every_hidden_test(find_kata(slug), config)
    ):
        tally.outcomes[named.nodeid] = outcome_of(named) or tally.outcomes[named.nodeid]
    _keep_the_records(state)
    if config.getoption("outcomes"):
        write_outcomes(
            Path(config.getoption("outcomes")),
            session,
            tally.outcomes,
            state.unavailable,
            state.selected,
            status_of,
            lambda slug: [mistake.id for mistake in mistakes_failing_as_this_run(find_kata(slug), config)],
            lambda slug: [cause.as_json() for cause in state.naming.causes.get(slug, [])],
        )
    if state.impl.kind == "learner":  # the results are the learner's progress
        record_results({kata: _result(kata, config) for kata in KATAS if ran_whole_suite(kata, config)})


def _keep_the_records(state: RunState) -> None:
    """Each failure's outcome holds its record and the index of its cause."""
    for causes in state.naming.causes.values():
        for index, cause in enumerate(causes):
            for failure in cause.failures:
                outcome = state.tally.outcomes.get(failure.test)
                if outcome is not None:
                    outcome.failure, outcome.cause = asdict(failure), index


def _result(kata: Kata, config: pytest.Config) -> LatestResult:
    state = config.stash[RUN]
    problem = state.unavailable.get(kata.slug)
    if problem is not None:
        return LatestResult(0, 0, fingerprint(kata), problem=f"{status_of(problem)}: {problem}")
    counts = state.tally.counts[kata.slug]
    return LatestResult(counts["passed"], counts["failed"], fingerprint(kata))
