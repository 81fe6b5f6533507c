"""The pytest side of the runner: options, the implementation fixtures, limits and reports.

The tests ask for a kata's functions by name (`def test_x(fixed_windows): ...`);
this plugin decides which implementation those names mean for the run.
"""

from __future__ import annotations

import copy
import dataclasses
import os
import textwrap
import types
from collections import defaultdict
from typing import TYPE_CHECKING, Any
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, settings

from kata.runner import report
from kata.judging.calls import CallDidNotFinish, LimitExceeded, log
from kata.judging.elsewhere import elsewhere
from kata.catalog import KATAS, PROBLEMS, TESTS, Kata, find_kata, kata_of_test, relative
from kata.runner.diagnosis import FAILED, FIXED_SO_FAR, PASSED, SHARED_PROBES, STOPPED, mistakes_failing_exactly
from kata.judging.guards import has_fixed_inputs
from kata.judging.limits import (CALL_SECONDS, STALLED_CALL_SECONDS, Watchdog, can_watch, drop_locals,
                                 give_back_freed_memory, repair_traceback)
from kata.isolation.limits import WORKER_MEMORY_MB
from kata.runner.loader import BadImplOption, Implementation, NotStarted, kata_defined_in, parse_impl
from kata.runner.loading import LoadProblem
from kata.runner.naming import NAMING, Naming
from kata.isolation.pool import READ_THERE, WAITING_IN, start_a_test, stop_all_workers
from kata.runner.outcomes import outcome_of, record_verdict, write_outcomes
from kata.runner.results import Result, fingerprint, record_results
from kata.vocabulary import COLUMNS, KataStatus, counted

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from types import SimpleNamespace

    from _pytest._code.code import TracebackStyle
    from _pytest.fixtures import FixtureFunctionDefinition

# No per-example deadline: time limits belong to the watchdog, which says what timed out.
# No "explain" phase: its coverage notes point into the runner, not into the learner's code.
# One failure per test, the simplest: the report explains it in plain words, where several
# distinct failures would arrive as one exception group with the runner's traceback.
_EVERY_PROFILE: dict[str, Any] = {"deadline": None, "report_multiple_bugs": False,
                  "phases": [Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink]}
# A test's time limit is set for this many examples of each property; a profile that tries
# more gives its property tests more time in proportion, so that no correct solution is stopped.
EXAMPLES = 60
settings.register_profile("dev", max_examples=EXAMPLES, **_EVERY_PROFILE)
settings.register_profile("ci", max_examples=EXAMPLES, derandomize=True, **_EVERY_PROFILE)
# Grading: the same examples for every student, and no example database, so that one
# student's failures are never replayed against the next.
settings.register_profile("grading", max_examples=EXAMPLES, derandomize=True, database=None, **_EVERY_PROFILE)
settings.register_profile("thorough", max_examples=1000, suppress_health_check=[HealthCheck.too_slow],
                          **_EVERY_PROFILE)
settings.load_profile("dev")

# A guard's large input and answer (or its thousands of chunks, one next() at a time) also
# travel between processes when isolated, which costs several times the reference's own work.
ISOLATED_GUARD_FACTOR = 10

IMPL = pytest.StashKey[Implementation]()
TALLY = pytest.StashKey["Tally"]()
LOADED = pytest.StashKey[dict]()
UNAVAILABLE = pytest.StashKey[dict]()
SELECTED = pytest.StashKey[dict]()  # kata slug -> how many of its tests this run selected
DESELECTED = pytest.StashKey[set]()  # slugs of the katas some of whose tests were deselected
STALLED = pytest.StashKey[set]()  # slugs of the katas a call of whose code ran past the limit for one call


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
        "--isolate",
        action="store_true",
        help="run the code under test in a worker process of its own: a crash, sys.exit or a runaway loop "
        "costs only the test that met it (the tests and their checks stay in pytest's process). "
        f"A guard's limit then holds for the worker's CPU time, and the whole guard may take "
        f"{ISOLATED_GUARD_FACTOR} times as long, for the time its inputs and answers take to travel",
    )
    group.addoption("--confined", action="store_true",
                    help="with --isolate: run the code only in workers the kernel confines (Landlock and seccomp), "
                    "and stop at once where it cannot (kata grade always asks for this)")
    group.addoption("--memory", type=int, default=WORKER_MEMORY_MB, metavar="MB",
                    help=f"with --isolate: the worker's address space in MB (default {WORKER_MEMORY_MB})")
    group.addoption("--call-seconds", type=float, default=CALL_SECONDS, metavar="S",
                    help=f"the time limit of one call in a test that is not a guard (default {CALL_SECONDS:g})")
    group.addoption("--outcomes", default=None, metavar="FILE",
                    help="also write every test's outcome, verdict and matched mistake to FILE as JSON "
                         "(for kata grade)")
    group.addoption("--first-failure", default=None, metavar="FILE",
                    help="write the first failure's report to FILE as soon as it is known "
                         "(kata watch shows it at once)")
    group.addoption("--shared-probes", default=None, metavar="DIR",
                    help="keep in DIR what the reference and the known mistakes do on failing inputs, and reuse "
                    "what other runs kept there (kata grade shares one DIR across a class)")


def pytest_configure(config: pytest.Config) -> None:
    run_the_katas_tests_from_its_problem_folder(config)
    try:
        impl = parse_impl(config.getoption("impl") or os.environ.get("KATA_IMPL"))
    except BadImplOption as error:
        raise pytest.UsageError(str(error)) from None
    if config.getoption("isolate"):
        if impl.kind == "mistake":
            raise pytest.UsageError("--isolate runs files (learner, reference, a folder or a .py file), "
                                    "not catalogued mistakes")
        if config.getoption("memory") < 64:
            raise pytest.UsageError(f"--memory={config.getoption('memory')}: give at least 64 (MB)")
        unconfined = config.getoption("confined") and why_workers_run_unconfined()
        if unconfined:
            raise pytest.UsageError(f"--confined: the workers cannot be confined here: {unconfined}")
        impl = dataclasses.replace(impl, isolated=True, memory_mb=config.getoption("memory"),
                                   confined=config.getoption("confined"))
        connect_the_workers_to_judging()
    elif config.getoption("confined"):
        raise pytest.UsageError("--confined goes with --isolate: only a worker process can be confined")
    if not config.getoption("call_seconds") > 0:
        raise pytest.UsageError(f"--call-seconds={config.getoption('call_seconds')}: give a number of seconds above 0")
    config.stash[IMPL] = impl
    shared = config.getoption("shared_probes")
    config.stash[SHARED_PROBES] = Path(shared) if shared else None
    config.stash[LOADED] = {}
    config.stash[TALLY] = Tally(config.rootpath)
    config.pluginmanager.register(config.stash[TALLY], "kata-tally")
    config.stash[UNAVAILABLE] = {}
    config.stash[SELECTED] = {}
    config.stash[DESELECTED] = set()
    config.stash[STALLED] = set()
    config.stash[FIXED_SO_FAR] = {}
    config.stash[NAMING] = Naming()
    config.pluginmanager.register(_function_fixtures(), "kata-function-fixtures")
    if config.getoption("first_failure"):
        config.pluginmanager.register(FirstFailureWriter(Path(config.getoption("first_failure"))),
                                      "kata-first-failure")


def run_the_katas_tests_from_its_problem_folder(config: pytest.Config) -> None:
    """`pytest` typed in problems/NN_slug/ (where the learner edits) runs that kata's tests, not nothing;
    typed in problems/, every kata's."""
    if config.args_source != pytest.Config.ArgsSource.INVOCATION_DIR:
        return  # paths were given: they are run as given
    try:
        folder = Path.cwd().resolve().relative_to(PROBLEMS).parts
    except ValueError:
        return
    if not folder:
        config.args[:] = [str(TESTS)]  # problems/ itself: every kata
        return
    kata = next((kata for kata in KATAS if kata.slug == folder[0]), None)
    if kata is not None:
        config.args[:] = [str(TESTS / kata.slug)]


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    terminal = session.config.pluginmanager.get_plugin("terminalreporter")
    impl = session.config.stash[IMPL]
    if terminal is not None:
        where = ", each kata in a worker process of its own" if impl.isolated else ""
        terminal.write_line(f"Testing {impl.describe()}{where}", bold=True)
        unconfined = impl.isolated and why_workers_run_unconfined()
        if unconfined:
            terminal.write_line(f"The workers run unconfined, with your own rights: {unconfined}.", yellow=True)


class FirstFailureWriter:
    """Writes the first failed test's report to a file the moment it is made, while the run goes on."""

    def __init__(self, path: Path):
        self.path = path
        self.written = False

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if self.written or not report.failed:
            return
        self.written = True
        part = self.path.with_name(self.path.name + ".part")
        part.write_text(f"{report.nodeid}\n{report.longreprtext}", encoding="utf-8")
        os.replace(part, self.path)  # whole or not at all, for a reader polling the file


def connect_the_workers_to_judging() -> None:
    """Tell judging what it must know of the workers that run an isolated run's calls: where this process
    waits for their replies, and which iterators are read in them (kata.judging.elsewhere)."""
    elsewhere.connect(waiting_in=WAITING_IN, read_there=READ_THERE)


def why_workers_run_unconfined() -> str | None:
    from kata.isolation.confinement import problem  # only when isolated: loading libseccomp costs every other run

    return problem()


def pytest_unconfigure(config: pytest.Config) -> None:
    stop_all_workers()


# Fixtures ---------------------------------------------------------------------------------


def _function_fixtures() -> types.ModuleType:
    """One session fixture per kata function, named after it, so tests just ask for `fixed_windows`."""
    fixtures = types.ModuleType("kata_function_fixtures")
    for kata in KATAS:
        for name in kata.functions:
            setattr(fixtures, name, _function_fixture(kata, name))
    return fixtures


def _function_fixture(kata: Kata, name: str) -> FixtureFunctionDefinition:
    @pytest.fixture(scope="session", name=name)
    def judged_function(request: pytest.FixtureRequest) -> Callable[..., Any]:
        return getattr(_implementation_of(request.config, kata), name)

    return judged_function


def _implementation_of(config: pytest.Config, kata: Kata) -> SimpleNamespace:
    loaded = config.stash[LOADED]
    if kata.slug not in loaded:
        loaded[kata.slug] = config.stash[IMPL].load(kata)
    return loaded[kata.slug]


# Collection: load each selected kata once; a kata that cannot run becomes one clear line ----


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    impl = config.stash[IMPL]
    by_kata = defaultdict(list)
    for item in items:
        by_kata[kata_of_test(item.path)].append(item)
    if impl.judges_one_kata:
        _keep_only(_the_one_kata(impl, by_kata), by_kata, config)
    kept = list(by_kata.pop(None, []))  # tests outside the katas' folders run as they are
    for kata in sorted((kata for kata in by_kata if kata is not None), key=lambda k: k.slug):
        kata_items = by_kata[kata]
        config.stash[SELECTED][kata.slug] = len(kata_items)
        try:
            _implementation_of(config, kata)
        except (LoadProblem, NotStarted) as problem:
            config.stash[UNAVAILABLE][kata.slug] = problem
            kept.append(KataUnavailable.from_parent(_folder_node(kata_items[0]), name=kata.slug, problem=problem))
        else:
            kept.extend(sorted(kata_items, key=_stage))
    items[:] = kept


def _the_one_kata(impl: Implementation, by_kata: dict[Kata | None, list[pytest.Item]]) -> Kata:
    if impl.kind == "mistake" and impl.mistake_kata is not None:
        return impl.mistake_kata
    selected = [kata for kata in by_kata if kata is not None]
    if len(selected) == 1:
        return selected[0]
    assert impl.where is not None  # one file: its path is parsed with it (parse_impl)
    inferred = kata_defined_in(impl.where)
    if inferred is None:
        raise pytest.UsageError(
            f"--impl={impl.where} is one file, but the selected tests cover several katas and the file "
            "does not define one kata's functions. Select one kata's tests, e.g. "
            f"pytest {relative(KATAS[0].stub_path().parent).replace('problems', 'tests')} --impl=FILE"
        )
    return inferred


def _keep_only(kata: Kata, by_kata: dict[Kata | None, list[pytest.Item]], config: pytest.Config) -> None:
    others = [k for k in by_kata if k is not None and k != kata]
    deselected = [item for other in others for item in by_kata.pop(other)]
    if deselected:
        config.hook.pytest_deselected(items=deselected)


def _stage(item: pytest.Item) -> int:
    """Statement examples first, then hidden tests, properties, and the slow guards last."""
    order = ("test_examples", "test_hidden", "test_properties", "test_guards")
    stem = item.path.stem
    return order.index(stem) if stem in order else len(order)


def _folder_node(item: pytest.Item) -> pytest.Collector:
    node: pytest.Item | pytest.Collector = item
    while node.parent is not None and not isinstance(node, pytest.Dir):
        node = node.parent
    # A test item always has a parent, so the loop ends on a collector; mypy cannot see that.
    return node  # type: ignore[return-value]


class KataUnavailable(pytest.Item):
    """Stands for all of a kata's tests when its code cannot run: one line instead of a traceback per test."""

    def __init__(self, *, problem: Exception, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.problem = problem

    def runtest(self) -> None:
        raise self.problem

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: TracebackStyle | None = None) -> str:
        return f"{_status_of(self.problem)}: {self.problem}"

    def reportinfo(self) -> tuple[Path, None, str]:
        return self.path, None, self.name


def _status_of(problem: Exception) -> str:
    return KataStatus.NOT_STARTED if isinstance(problem, NotStarted) else KataStatus.CANNOT_RUN


# Limits and reports ---------------------------------------------------------------------


@pytest.hookimpl(optionalhook=True)  # pytest-timeout is a dependency, but a bare pytest must still load this plugin
def pytest_timeout_set_timer(item: pytest.Item, settings: Any) -> bool | None:
    """Take over pytest-timeout's timer: the watchdog also bounds memory and names the stalled call."""
    if not can_watch():
        return None  # pytest-timeout's own method applies
    guard = item.get_closest_marker("guard")
    seconds, computing_seconds = settings.timeout * _examples_factor(item), None
    if guard is not None and item.config.stash[IMPL].isolated:
        # The guard's limit holds for the worker's CPU time in the whole test; the test
        # itself, with the travel of large inputs and answers, or of thousands of chunks
        # one next() at a time, may take several times longer.
        seconds, computing_seconds = seconds * ISOLATED_GUARD_FACTOR, seconds
    call_seconds, shortened, large_call_seconds = _call_limits(item, guard)
    watchdog = Watchdog(seconds, call_seconds=call_seconds, computing_seconds=computing_seconds, shortened=shortened,
                        large_call_seconds=large_call_seconds)
    watchdog.start()
    # pytest-timeout's own protocol: it calls the item's cancel_timeout, an attribute pytest.Item does not declare.
    item.cancel_timeout = watchdog.stop  # type: ignore[attr-defined]
    return True


def _examples_factor(item: pytest.Item) -> float:
    """How many times more examples than EXAMPLES the test's property tries (1 for other tests)."""
    profile = settings.default  # the one loaded, by --hypothesis-profile or by this module
    if profile is None or not getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
        return 1.0
    return max(1.0, profile.max_examples / EXAMPLES)


def _call_limits(item: pytest.Item, guard: pytest.Mark | None) -> tuple[float | None, bool, float | None]:
    """The limit of one call on a small input (None: the test's own limit), whether an earlier stall
    shortened it, and the limit of one call on a large input.

    A complexity guard's one large call may use the guard's whole limit, and so may each
    call of a progress guard on a large input (the statements promise both). A call on a
    small input, which a correct solution answers at once, has the limit for one call:
    shorter once a call of the kata's code has stalled in this run, since a loop that never
    advances meets many tests.
    """
    if guard is not None and guard.kwargs.get("kind") == "complexity":
        return None, False, None
    call_seconds = item.config.getoption("call_seconds")
    large = guard.kwargs["seconds"] if guard is not None else call_seconds
    kata = kata_of_test(item.path)
    if kata is not None and kata.slug in item.config.stash[STALLED] and call_seconds > STALLED_CALL_SECONDS:
        return STALLED_CALL_SECONDS, True, large
    return call_seconds, False, large


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    log.forget()
    start_a_test(own_worker=item.get_closest_marker("own_worker") is not None)


def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> pytest.TestReport | None:
    """A failure of the code under test gets its report in plain words.

    pytest's own traceback would only be replaced by it, so it is not formatted at all:
    for a class of failing submissions that formatting was a good part of the grading time.
    (Registered after pytest's own runner, this runs before it; the first report made is kept.)
    """
    if call.excinfo is None:
        _note_fixed_test(item, call, PASSED)
        return None
    if isinstance(item, KataUnavailable) or isinstance(call.excinfo.value, pytest.skip.Exception):
        return None
    failure = call.excinfo.value
    stalled_kata = kata_of_test(item.path) if isinstance(failure, CallDidNotFinish) else None
    if stalled_kata is not None:
        item.config.stash[STALLED].add(stalled_kata.slug)
    if isinstance(failure, LimitExceeded):
        repair_traceback(failure)
        call.excinfo = pytest.ExceptionInfo.from_exception(failure)
    # The limits are for the code under test, not for writing its report (which may
    # run catalogued mistakes under limits of their own).
    getattr(item, "cancel_timeout", lambda: None)()
    explanation = report.explain(item, failure)
    text = explanation.text() if explanation is not None else None  # the mistakes are named when the run ends
    result = pytest.TestReport.from_item_and_call(item, call if text is None else _reported_as(call, text))
    if result.failed:
        record_verdict(item, result, text)
        kata = kata_of_test(item.path)
        if explanation is not None and kata is not None:
            item.config.stash[NAMING].wait_for_the_run(result, explanation, kata.slug)
    # The report is written; drop the failed frames' locals, which may hold a stalled
    # loop's half-gigabyte list, before the next test measures its memory.
    drop_locals(call.excinfo.tb)
    log.forget()
    if isinstance(failure, LimitExceeded) and not getattr(failure.call, "isolated", False):
        give_back_freed_memory()  # an isolated call's memory was its worker's, and went with it
    # After the report, which weighs only the tests before this one.
    _note_fixed_test(item, call, STOPPED if isinstance(failure, LimitExceeded) else FAILED)
    return result


def _note_fixed_test(item: pytest.Item, call: pytest.CallInfo[None], verdict: str) -> None:
    """Remember how a test with fixed inputs went: later failures of the kata are named from them.

    See kata.runner.diagnosis.
    """
    kata = kata_of_test(item.path)
    if call.when != "call" or kata is None or not has_fixed_inputs(item):
        return
    item.config.stash[FIXED_SO_FAR].setdefault(kata.slug, {})[item.name] = verdict


def _reported_as(call: pytest.CallInfo[None], text: str) -> pytest.CallInfo[None]:
    """The same call, with the failure's report already written (pytest takes a text as it is)."""
    written = copy.copy(call)
    # TestReport.from_item_and_call takes a non-ExceptionInfo excinfo as the report's text; CallInfo is not typed so.
    written.excinfo = text  # type: ignore[assignment]
    return written


class Tally:
    """What the run's tests did: each kata's passes and failures, and every test's outcome.

    Kept on a plugin object of its own, registered for the run, as pytest's own plugins
    keep their state: a second run in the same process starts from nothing.
    """

    def __init__(self, rootpath: Path) -> None:
        self.rootpath = rootpath  # report.fspath is relative to it, wherever pytest was started
        # per slug: tests passed, failed, and skipped (an optional extra not installed: they count for no one)
        self.counts: defaultdict[str, dict[str, int]] = defaultdict(lambda: {"passed": 0, "failed": 0, "skipped": 0})
        self.outcomes: dict[str, dict] = {}  # node id -> outcome (kata.runner.outcomes), in the order tests ran

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        outcome = outcome_of(report)
        if outcome is not None:
            self.outcomes[report.nodeid] = outcome
        kata = kata_of_test(self.rootpath / report.fspath) if report.fspath else None
        if kata is None or report.when not in ("setup", "call"):
            return
        if report.skipped:
            self.counts[kata.slug]["skipped"] += 1
        elif report.failed or report.when == "call":
            self.counts[kata.slug]["failed" if report.failed else "passed"] += 1


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, exitstatus: pytest.ExitCode,
                            config: pytest.Config) -> None:
    if not config.stash[TALLY].counts and not config.stash[UNAVAILABLE]:
        return
    terminalreporter.section("katas")
    for kata in KATAS:
        line = _kata_status(kata, config)
        if line:
            terminalreporter.write_line(line)
        for mistake in _mistakes_failing_as_this_run(kata, config):
            terminalreporter.write_line(textwrap.fill(
                f"Its failures on the tests with fixed inputs are exactly those of a known mistake: {mistake.title}. "
                f"{mistake.hint}", COLUMNS, initial_indent="   ", subsequent_indent="   ", break_long_words=False))


def _kata_status(kata: Kata, config: pytest.Config) -> str:
    label = f"{kata.number} {kata.name:<24}"
    problem = config.stash[UNAVAILABLE].get(kata.slug)
    if problem is not None:
        return f"{label} {_status_of(problem)}: {problem}"
    counts = config.stash[TALLY].counts.get(kata.slug)
    if counts is None:
        return ""
    total = counts["passed"] + counts["failed"]
    left = config.stash[SELECTED].get(kata.slug, total) - total - counts["skipped"]
    skipped = f" ({counts['skipped']} skipped)" if counts["skipped"] else ""
    if counts["failed"] and left > 0:
        return (f"{label} failing: the run stopped early; {counts['passed']} of the {counted(total, 'test')} run pass, "
                f"{left} not run{skipped}")
    if counts["failed"]:
        return f"{label} failing: {counts['passed']} of {counted(total, 'test')} pass{skipped}"
    return f"{label} passing: all {total} selected tests pass{skipped}"


def _mistakes_failing_as_this_run(kata: Kata, config: pytest.Config) -> list:
    """The catalogued mistakes that fail exactly what the code failed, when the run was the kata's whole suite."""
    if kata.slug in config.stash[UNAVAILABLE] or not _ran_whole_suite(kata, config):
        return []
    return mistakes_failing_exactly(kata, config.stash[FIXED_SO_FAR].get(kata.slug, {}))


def _ids_of_mistakes_failing_as_this_run(slug: str, config: pytest.Config) -> list[str]:
    return [mistake.id for mistake in _mistakes_failing_as_this_run(find_kata(slug), config)]


# The results file for `kata list` ----------------------------------------------------------


def pytest_deselected(items: Sequence[pytest.Item]) -> None:
    """Note the katas that lost tests to -k, -m, --lf and the like: their run is not the whole suite."""
    for item in items:
        kata = kata_of_test(item.path)
        if kata is not None:
            item.config.stash[DESELECTED].add(kata.slug)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    """Record the results of each kata whose whole suite ran, so `kata list` can show them without a run.

    Only in learner mode: the results are the learner's progress.
    """
    config = session.config
    if NAMING in config.stash:  # before the failures are printed, and before their outcomes are written
        tally = config.stash[TALLY]
        for named in config.stash[NAMING].name_the_mistakes(config):
            tally.outcomes[named.nodeid] = outcome_of(named) or tally.outcomes[named.nodeid]
    if IMPL in config.stash and config.getoption("outcomes"):
        write_outcomes(Path(config.getoption("outcomes")), session, config.stash[TALLY].outcomes,
                       config.stash[UNAVAILABLE], config.stash[SELECTED], _status_of,
                       lambda slug: _ids_of_mistakes_failing_as_this_run(slug, config))
    if IMPL not in config.stash or config.stash[IMPL].kind != "learner":
        return
    record_results({kata: _result(kata, config) for kata in KATAS if _ran_whole_suite(kata, config)})


def _result(kata: Kata, config: pytest.Config) -> Result:
    problem = config.stash[UNAVAILABLE].get(kata.slug)
    if problem is not None:
        return Result(0, 0, fingerprint(kata), problem=f"{_status_of(problem)}: {problem}")
    counts = config.stash[TALLY].counts[kata.slug]
    return Result(counts["passed"], counts["failed"], fingerprint(kata))


def _ran_whole_suite(kata: Kata, config: pytest.Config) -> bool:
    """True when this run selected all of the kata's tests and finished them (no -k, -m, -x cut them short).

    A kata whose code cannot run is reported whole by any run that selects it.
    """
    if kata.slug not in config.stash[SELECTED]:
        return False
    if kata.slug in config.stash[UNAVAILABLE]:
        return True
    counts = config.stash[TALLY].counts.get(kata.slug, {"passed": 0, "failed": 0, "skipped": 0})
    finished = counts["passed"] + counts["failed"] + counts["skipped"] == config.stash[SELECTED][kata.slug]
    return finished and kata.slug not in config.stash[DESELECTED] and _arguments_cover(kata, config)


def _arguments_cover(kata: Kata, config: pytest.Config) -> bool:
    """Whether a path given to pytest holds the kata's whole tests/ folder (not one file or one test of it)."""
    folder = TESTS / kata.slug
    for argument in config.args:
        if "::" in argument:
            continue
        path = (config.invocation_params.dir / Path(argument)).resolve()
        if path == folder or path in folder.parents:
            return True
    return False
