"""The Hypothesis profiles of the katas' properties, and what a profile's examples mean for a test's limit."""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, core, settings

# No per-example deadline: time limits belong to the watchdog, which says what timed out.
# No "explain" phase: its coverage notes point into the runner, not into the learner's code.
# One failure per test, the simplest: the report explains it in plain words, where several
# distinct failures would arrive as one exception group with the runner's traceback.
_EVERY_PROFILE: dict[str, Any] = {
    "deadline": None,
    "report_multiple_bugs": False,
    "phases": [Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink],
}
# A test's time limit is set for this many examples of each property; a profile that tries
# more gives its property tests more time in proportion, so that no correct solution is stopped.
EXAMPLES = 60
settings.register_profile("dev", max_examples=EXAMPLES, **_EVERY_PROFILE)
settings.register_profile("ci", max_examples=EXAMPLES, derandomize=True, **_EVERY_PROFILE)
# Grading: no example database, so that one student's failures are never replayed against the
# next; not derandomized, so that no run elsewhere sees the examples: kata grade draws one seed
# for the class (HYPOTHESIS_SEED_VARIABLE), and every student of the run gets the same examples.
# (derandomize=False said, not left to the default: Hypothesis derandomizes by default where CI is set.)
settings.register_profile("grading", max_examples=EXAMPLES, derandomize=False, database=None, **_EVERY_PROFILE)
settings.register_profile("thorough", max_examples=1000, suppress_health_check=[HealthCheck.too_slow], **_EVERY_PROFILE)
settings.load_profile("dev")
# kata grade's seed for the class reaches each student's tests' process in its environment, which only the
# grader's user may read, never on its command line (--hypothesis-seed), which every user of the machine may.
HYPOTHESIS_SEED_VARIABLE = "KATA_HYPOTHESIS_SEED"


def use_the_seed_of_the_environment() -> None:
    """Draw every property's examples from HYPOTHESIS_SEED_VARIABLE's seed, where it is set, as --hypothesis-seed
    would; a value that is not a whole number of 0 or more is refused in one line."""
    value = os.environ.get(HYPOTHESIS_SEED_VARIABLE)
    if value is None:
        return
    if not value.strip().isdigit():
        raise pytest.UsageError(
            f"the environment variable {HYPOTHESIS_SEED_VARIABLE} must be a whole number of 0 "
            f"or more (kata grade's seed for the class), got {value!r}"
        )
    # What Hypothesis's own plugin does with --hypothesis-seed (its stub types the default, None, alone).
    core.global_force_seed = int(value)  # type: ignore[assignment]


def examples_factor(item: pytest.Item) -> float:
    """How many times more examples than EXAMPLES the test's property tries (1 for other tests)."""
    profile = settings.default  # the one loaded, by --hypothesis-profile or by this module
    if profile is None or not getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
        return 1.0
    return max(1.0, profile.max_examples / EXAMPLES)
