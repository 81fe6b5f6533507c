"""The runner's pytest plugin: its options, and the features it registers for a run of the katas.

The tests ask for a kata's functions by name (`def test_x(fixed_windows): ...`); this plugin
decides which implementation those names mean for the run, and registers, as pytest registers
its own plugins, one module or object per feature:

- `kata.plugin.fixtures`: a fixture per kata function;
- `kata.plugin.collection`: which tests run, in which order, and a kata that cannot run as one line;
- `kata.plugin.time_limits`: the watchdog that bounds each test's time and memory;
- `kata.plugin.failure_reports`: a failure in plain words (`kata.runner.plain_words`), and the first one at once;
- `kata.plugin.summary`: the counts (`Tally`), the failures by cause (`kata.plugin.by_cause`) and a line per
  kata at the end;
- `kata.plugin.end_of_run`: the mistakes named, the outcomes file, the learner's results;
- `kata.plugin.module_data`: the tests' module-level data put back after each test;
- `kata.plugin.own_memory`: with --isolate, this process held to a cap on its memory.

All of them keep the run's state in one record, `kata.plugin.run_state.RunState`.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest

from kata import sandbox  # its door alone, which loads none of its modules
from kata.judging.limits import CALL_SECONDS, KATA_SECONDS, PACE_FACTOR, TESTS_MEMORY_MB, WORKER_MEMORY_MB
from kata.judging.vocabulary import EVERY_FAILURE_OPTION
from kata.plugin import collection, end_of_run, failure_reports, module_data, summary, time_limits
from kata.plugin.by_cause import FailuresByCause
from kata.plugin.failure_reports import FirstFailureWriter
from kata.plugin.fixtures import function_fixtures
from kata.plugin.naming import Naming
from kata.plugin.run_state import RUN, RunState
from kata.plugin.tally import Tally
from kata.plugin.time_limits import ISOLATED_GUARD_FACTOR
from kata.runner import profiles  # registers the Hypothesis profiles, before any test runs
from kata.runner.implementations import BadImplOption, Implementation, parse_impl


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("kata", "chunking katas")
    group.addoption(
        "--impl",
        default=None,
        help="what the tests judge: learner (your code in problems/, the default), reference, "
        "mistake:<kata>:<id>, a folder laid out like problems/, or one kata's .py file. "
        "The KATA_IMPL environment variable means the same; this option wins.",
    )
    group.addoption(
        "--defined-only",
        action="store_true",
        help="judge only the kata's functions a .py file defines: each test that calls another is skipped, "
        "saying which (for a library that does part of a kata, as the adapters of wild/)",
    )
    group.addoption(
        "--leave-out",
        action="append",
        default=[],
        metavar="NODEID",
        help="with --defined-only: skip each test whose node id starts with NODEID, saying so (an adapter of wild/ "
        "that converts an argument before its library reads it leaves out the tests of that argument's type)",
    )
    group.addoption(
        "--isolate",
        action="store_true",
        help="run the code under test in a worker process of its own: a crash, sys.exit or a runaway loop "
        "costs only the test that met it (the tests and their checks stay in pytest's process). "
        f"A guard's limit then holds for the worker's CPU time, and the whole guard may take "
        f"{ISOLATED_GUARD_FACTOR} times as long, for the time its inputs and answers take to travel",
    )
    group.addoption(
        "--confined",
        action="store_true",
        help="with --isolate: run the code only in workers the kernel confines (Landlock and seccomp), "
        "and stop at once where it cannot (kata grade always asks for this)",
    )
    group.addoption(
        "--memory",
        type=int,
        default=WORKER_MEMORY_MB,
        metavar="MB",
        help=f"with --isolate: the worker's address space in MB (default {WORKER_MEMORY_MB})",
    )
    group.addoption(
        "--tests-memory",
        type=int,
        default=None,
        metavar="MB",
        help=f"with --isolate: stop the run when this process (the tests', which reads what the workers "
        f"send) grows past MB of resident memory (default {TESTS_MEMORY_MB}; 0: no limit, for a run "
        "watched from outside, as kata grade watches its own)",
    )
    group.addoption(
        "--call-seconds",
        type=float,
        default=CALL_SECONDS,
        metavar="S",
        help=f"the time limit of one call in a test that is not a guard (default {CALL_SECONDS:g})",
    )
    group.addoption(
        "--kata-seconds",
        type=float,
        default=KATA_SECONDS,
        metavar="S",
        help=f"the wall time one kata's tests may take in all: the rest of them then fail without "
        f"running, saying so (default {KATA_SECONDS:g})",
    )
    group.addoption(
        "--pace-factor",
        type=float,
        default=PACE_FACTOR,
        metavar="N",
        help=f"a complexity guard stops the code under test at N times the CPU time of the tests' own "
        f"plain pass over the same input (default {PACE_FACTOR:g}); other values measure how far code is "
        "from that limit",
    )
    group.addoption(
        EVERY_FAILURE_OPTION,
        action="store_true",
        dest="every_failure",
        help="print each failing test's own report, as pytest does; by default the failures are told "
        "by cause, one paragraph for all the tests one mistake fails",
    )
    group.addoption(
        "--outcomes",
        default=None,
        metavar="FILE",
        help="also write every test's outcome, verdict and matched mistake to FILE as JSON (for kata grade)",
    )
    group.addoption(
        "--first-failure",
        default=None,
        metavar="FILE",
        help="write the first failure's report to FILE as soon as it is known (kata watch shows it at once)",
    )
    group.addoption(
        "--shared-probes",
        default=None,
        metavar="DIR",
        help="keep in DIR what the reference and the known mistakes do on failing inputs, and reuse "
        "what other runs kept there (kata grade shares one DIR across a class)",
    )


def pytest_configure(config: pytest.Config) -> None:
    collection.run_the_katas_tests_from_its_problem_folder(config)
    profiles.use_the_seed_of_the_environment()
    shared = config.getoption("shared_probes")
    state = RunState(
        impl=_implementation_judged(config),
        shared_probes=Path(shared) if shared else None,
        naming=Naming(),
        tally=Tally(config.rootpath),
    )
    config.stash[RUN] = state
    for name, feature in (
        ("kata-function-fixtures", function_fixtures()),
        ("kata-collection", collection),
        ("kata-time-limits", time_limits),
        ("kata-failure-reports", failure_reports),
        ("kata-summary", summary),
        ("kata-tally", state.tally),
        ("kata-end-of-run", end_of_run),
        ("kata-module-data", module_data),
    ):
        config.pluginmanager.register(feature, name)
    if not config.getoption("every_failure"):
        config.pluginmanager.register(FailuresByCause(), "kata-failures-by-cause")
    tests_memory = _tests_memory_mb(config)
    if tests_memory:
        from kata.plugin.own_memory import OwnMemory  # with --isolate only: it reads the memory as the sandbox does

        config.pluginmanager.register(OwnMemory(tests_memory), "kata-own-memory")
    if config.getoption("first_failure"):
        config.pluginmanager.register(FirstFailureWriter(Path(config.getoption("first_failure"))), "kata-first-failure")


def _implementation_judged(config: pytest.Config) -> Implementation:
    """What the options say the tests judge, and how; a bad combination stops the run in one line."""
    try:
        impl = parse_impl(config.getoption("impl") or os.environ.get("KATA_IMPL"))
    except BadImplOption as error:
        raise pytest.UsageError(str(error)) from None
    if config.getoption("defined_only"):
        if impl.kind != "file" or config.getoption("isolate"):
            raise pytest.UsageError("--defined-only judges one kata's .py file (--impl=FILE), in this process")
        impl = dataclasses.replace(impl, defined_only=True)
    elif config.getoption("leave_out"):
        raise pytest.UsageError("--leave-out leaves tests out of a --defined-only run only")
    if config.getoption("isolate"):
        if impl.kind == "mistake":
            raise pytest.UsageError(
                "--isolate runs files (learner, reference, a folder or a .py file), not catalogued mistakes"
            )
        if config.getoption("memory") < 64:
            raise pytest.UsageError(f"--memory={config.getoption('memory')}: give at least 64 (MB)")
        unconfined = config.getoption("confined") and why_workers_run_unconfined()
        if unconfined:
            raise pytest.UsageError(f"--confined: the workers cannot be confined here: {unconfined}")
        impl = dataclasses.replace(
            impl, isolated=True, memory_mb=config.getoption("memory"), confined=config.getoption("confined")
        )
        connect_the_workers_to_judging()
    elif config.getoption("confined"):
        raise pytest.UsageError("--confined goes with --isolate: only a worker process can be confined")
    for option in ("call_seconds", "kata_seconds", "pace_factor"):
        if not config.getoption(option) > 0:
            raise pytest.UsageError(
                f"--{option.replace('_', '-')}={config.getoption(option):g}: give a number "
                + ("above 0" if option == "pace_factor" else "of seconds above 0")
            )
    return impl


def _tests_memory_mb(config: pytest.Config) -> int:
    """The cap on this process's memory: with --isolate only, TESTS_MEMORY_MB unless --tests-memory says."""
    asked = config.getoption("tests_memory")
    if not config.getoption("isolate"):
        if asked is not None:
            raise pytest.UsageError(
                "--tests-memory goes with --isolate: without it, each test's memory is limited "
                "(kata.judging.limits.MEMORY_LIMIT_MB)"
            )
        return 0
    if asked is not None and asked < 0:
        raise pytest.UsageError(f"--tests-memory={asked}: give a whole number of MB, 1 or more, or 0 for no limit")
    return TESTS_MEMORY_MB if asked is None else asked


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    terminal = session.config.pluginmanager.get_plugin("terminalreporter")
    impl = session.config.stash[RUN].impl
    if terminal is not None:
        where = ", each kata in a worker process of its own" if impl.isolated else ""
        terminal.write_line(f"Testing {impl.describe()}{where}", bold=True)
        unconfined = impl.isolated and why_workers_run_unconfined()
        if unconfined:
            terminal.write_line(f"The workers run unconfined, with your own rights: {unconfined}.", yellow=True)


def connect_the_workers_to_judging() -> None:
    """Tell judging what it must know of the workers that run an isolated run's calls: where this process
    waits for their replies, and which iterators are read in them (kata.judging.elsewhere)."""
    from kata.sandbox import connect_to_judging  # an isolated run's: a plain run loads none of its modules

    connect_to_judging()


def why_workers_run_unconfined() -> str | None:
    from kata.sandbox import confinement_problem  # only when isolated: loading libseccomp costs every other run

    return confinement_problem()


def pytest_unconfigure(config: pytest.Config) -> None:
    if sandbox.workers_started():
        sandbox.stop_all_workers()
