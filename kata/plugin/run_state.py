"""Everything one pytest run of the katas keeps, in one record under one stash key.

pytest's own plugins keep their state on the config's stash; the runner's features (the
collection, the limits, the reports, the summary) all read and write this one record, so
that a second run in the same process starts from nothing and no module holds state.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from pathlib import Path
    from types import SimpleNamespace

    from kata.plugin.naming import Naming
    from kata.plugin.tally import Tally
    from kata.runner.implementations import Implementation


@dataclass
class RunState:
    impl: Implementation  # what the tests judge
    # The folder where the outcomes of probes on small inputs are kept, and read from other runs
    # (pytest --shared-probes=DIR, which kata grade gives every student's run); None: not shared.
    shared_probes: Path | None
    naming: Naming  # the failures' candidate mistakes, named when the run ends
    tally: Tally  # what the tests did, kata by kata
    loaded: dict[str, SimpleNamespace] = field(default_factory=dict)  # kata slug -> its implementation
    unavailable: dict[str, Exception] = field(default_factory=dict)  # kata slug -> why its code cannot run
    # node ids of the items that stand for a kata not started (told in the table of katas), and of those
    # after the first that stand for a kata that cannot run (told once)
    items_told_elsewhere: set[str] = field(default_factory=set)
    selected: dict[str, int] = field(default_factory=dict)  # kata slug -> how many of its tests were selected
    deselected: set[str] = field(default_factory=set)  # slugs of the katas some of whose tests were deselected
    runners_own_deselected: int = 0  # tests of the runner itself (tests/command, ...) deselected, as by default
    # kata slug -> the kinds of test (kata.runner.failures.TEST_KINDS) selected, and those some tests of were deselected
    kinds_selected: defaultdict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    kinds_deselected: defaultdict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    stalled: set[str] = field(default_factory=set)  # slugs of katas one of whose calls ran past its limit
    # kata slug -> the wall time its tests have taken so far in this run (kata.judging.limits.KATA_SECONDS)
    spent: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    # kata slug -> {test with fixed inputs: its outcome, kata.runner.diagnosis.PASSED, FAILED or STOPPED},
    # for the tests run so far
    fixed_so_far: defaultdict[str, dict[str, str]] = field(default_factory=lambda: defaultdict(dict))


RUN = pytest.StashKey[RunState]()


def run_state(config: pytest.Config) -> RunState | None:
    """The run's state, or None in a pytest run that does not judge the katas (one that failed to configure)."""
    return config.stash.get(RUN, None)
