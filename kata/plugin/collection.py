"""Which tests run, in which order: each selected kata is loaded once, and a kata whose code cannot run
becomes one clear line instead of a traceback per test.

Under `--junitxml`, a kata whose code cannot run stands in each of its tests instead (each failing with
the one line, told once in the terminal): a JUnit reader counts the tests, and one case for a kata
not started beside 56 for a kata solved would weigh it as one test.

The tests of a kata run from simple to subtle: the statement's examples, the hidden tests, the
properties, and the slow guards last, so that the first failure is usually the one to fix first.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from kata.judging.vocabulary import KataStatus, counted
from kata.katas import KATAS, PROBLEMS, RUNNERS_OWN_TESTS, TESTS, Kata, kata_of_test, relative
from kata.plugin.fixtures import implementation_of
from kata.plugin.run_state import RUN
from kata.runner.failures import kind_of_test
from kata.runner.implementations import Implementation, NotStarted, kata_defined_in
from kata.runner.modules import LoadProblem

if TYPE_CHECKING:
    from collections.abc import Sequence

    from _pytest._code.code import TracebackStyle

STAGES = ("test_examples", "test_hidden", "test_properties", "test_guards")


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


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    state = config.stash[RUN]
    by_kata = defaultdict(list)
    for item in items:
        by_kata[kata_of_test(item.path)].append(item)
    if state.impl.judges_one_kata:
        _keep_only(_the_one_kata(state.impl, by_kata), by_kata, config)
    kept = list(by_kata.pop(None, []))  # tests outside the katas' folders run as they are
    for kata in sorted((kata for kata in by_kata if kata is not None), key=lambda k: k.slug):
        kata_items = by_kata[kata]
        state.selected[kata.slug] = len(kata_items)
        state.kinds_selected[kata.slug].update(kind_of_test(item.nodeid) for item in kata_items)
        try:
            implementation_of(config, kata)
        except (LoadProblem, NotStarted) as problem:
            state.unavailable[kata.slug] = problem
            stand_ins = _stand_ins(kata, kata_items, problem, for_junit=bool(config.getoption("xmlpath", None)))
            kept.extend(stand_ins)
            told_elsewhere = stand_ins if isinstance(problem, NotStarted) else stand_ins[1:]
            state.items_told_elsewhere.update(item.nodeid for item in told_elsewhere)
        else:
            kept.extend(sorted(kata_items, key=_stage))
    _skip_the_tests_left_out(kept, config.getoption("leave_out"))
    items[:] = kept


def _skip_the_tests_left_out(items: list[pytest.Item], prefixes: Sequence[str]) -> None:
    """Skipped, not deselected: the run still holds every hidden test, so a mistake can be named as in a whole run
    (a test skipped is no evidence for or against one)."""
    for item in items:
        if any(item.nodeid.startswith(prefix) for prefix in prefixes):
            item.add_marker(pytest.mark.skip(reason="left out of this run (--leave-out): not what it judges"))


def _stand_ins(kata: Kata, items: list[pytest.Item], problem: Exception, for_junit: bool) -> list[pytest.Item]:
    """One item for the kata, or, for a JUnit file, one in the place of each of its tests."""
    if not for_junit:
        return [KataUnavailable.from_parent(_folder_node(items[0]), name=kata.slug, problem=problem)]
    return [
        KataUnavailable.from_parent(_parent(item), name=item.name, problem=problem)
        for item in sorted(items, key=_stage)
    ]


def _parent(item: pytest.Item) -> pytest.Collector:
    assert item.parent is not None  # a test item always has one (its module or class)
    return item.parent


def pytest_deselected(items: Sequence[pytest.Item]) -> None:
    """Note the katas that lost tests to -k, -m, --lf and the like: their run is not the whole suite."""
    for item in items:
        kata = kata_of_test(item.path)
        if kata is not None:
            item.config.stash[RUN].deselected.add(kata.slug)
            item.config.stash[RUN].kinds_deselected[kata.slug].add(kind_of_test(item.nodeid))
        elif is_the_runners_own_test(item.path):
            item.config.stash[RUN].runners_own_deselected += 1


def is_the_runners_own_test(path: Path) -> bool:
    return any(path.is_relative_to(TESTS / folder) for folder in RUNNERS_OWN_TESTS)


def pytest_report_collectionfinish(config: pytest.Config, items: Sequence[pytest.Item]) -> list[str]:
    """Why pytest's count of deselected tests is what it is, and what a kata not started stands for."""
    state = config.stash[RUN]
    lines = []
    if state.runners_own_deselected and not any(is_the_runners_own_test(item.path) for item in items):
        markers = ", ".join(f"pytest -m {marker}" for marker in dict.fromkeys(RUNNERS_OWN_TESTS.values()))
        lines.append(
            f"{state.runners_own_deselected} deselected: the runner's own tests ({markers}), which judge "
            "the kata command and released libraries, not your code"
        )
    not_started = [slug for slug, problem in state.unavailable.items() if isinstance(problem, NotStarted)]
    if not_started:
        lines.append(
            f"{counted(len(not_started), 'kata')} {KataStatus.NOT_STARTED}: one line each in the table of "
            "katas at the end"
        )
    return lines


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
    stem = item.path.stem
    return STAGES.index(stem) if stem in STAGES else len(STAGES)


def _folder_node(item: pytest.Item) -> pytest.Collector:
    node: pytest.Item | pytest.Collector = item
    while node.parent is not None and not isinstance(node, pytest.Dir):
        node = node.parent
    # A test item always has a parent, so the loop ends on a collector; mypy cannot see that.
    return node  # type: ignore[return-value]


class KataUnavailable(pytest.Item):
    """Stands for a kata's tests when its code cannot run: one line instead of a traceback per test (one item for
    them all; under --junitxml one in place of each, so that pytest's counts and the JUnit file count every test)."""

    def __init__(self, *, problem: Exception, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.problem = problem

    def runtest(self) -> None:
        raise self.problem

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: TracebackStyle | None = None) -> str:
        place = getattr(self.problem, "place", "")
        return f"{status_of(self.problem)}: {self.problem}" + (f"\n{place}" if place else "")

    def reportinfo(self) -> tuple[Path, None, str]:
        return self.path, None, self.name


def status_of(problem: Exception) -> str:
    """The status of a kata whose code cannot run: not started (the stub), or cannot run."""
    return KataStatus.NOT_STARTED if isinstance(problem, NotStarted) else KataStatus.CANNOT_RUN
