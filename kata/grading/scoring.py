"""What a kata's grade is worth in points, under the teacher's scoring policy.

- proportional (the default, as on GitHub Classroom and Gradescope): the kata's points in proportion to
  the tests passed;
- all-or-nothing: the kata's points when it is solved, else none (as Exercism counts an exercise);
- weighted: each kind of test (the statement's examples, the hidden tests, the properties, the guards)
  weighs its share of the kata's points, earned in proportion to the tests of that kind passed.

A kata is worth `points` unless the teacher gives it its own (`per_kata`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kata.grading.grades import KataGrade
from kata.judging.vocabulary import KataStatus
from kata.runner.failures import TEST_KINDS, kind_of_test

POLICIES = ("proportional", "all-or-nothing", "weighted")
POINTS = 10.0  # a kata's worth, unless the teacher says otherwise
KINDS = TEST_KINDS  # the kinds of test a teacher weighs


@dataclass(frozen=True)
class Scoring:
    policy: str = "proportional"
    points: float = POINTS
    per_kata: dict[str, float] = field(default_factory=dict)  # kata slug -> its points, where not `points`
    weights: dict[str, float] = field(default_factory=lambda: dict.fromkeys(KINDS, 1.0))

    def __post_init__(self) -> None:
        if self.policy not in POLICIES:
            raise ValueError(f"scoring {self.policy!r} is not one of {', '.join(POLICIES)}")
        unknown = sorted(set(self.weights) - set(KINDS))
        if unknown:
            raise ValueError(f"weights name {', '.join(unknown)}, which is no kind of test ({', '.join(KINDS)})")
        if any(weight < 0 for weight in self.weights.values()) or not any(self.weights.values()):
            raise ValueError(f"weights {self.weights} must be at least 0, and one of them above 0")

    def possible(self, kata: str) -> float:
        """What the kata is worth."""
        return self.per_kata.get(kata, self.points)

    def earned(self, grade: KataGrade) -> float:
        """The kata's points that the grade earns under the policy."""
        points = self.possible(grade.kata)
        if self.policy == "all-or-nothing":
            return points if grade.status == KataStatus.SOLVED else 0.0
        if self.policy == "weighted":
            return points * self._weighted_share(grade)
        return proportional(grade, points)

    def describe(self) -> str:
        if self.policy == "weighted":
            return "weighted: " + ", ".join(f"{kind} {weight:g}" for kind, weight in self.weights.items())
        return self.policy

    def _weighted_share(self, grade: KataGrade) -> float:
        passed = dict.fromkeys(KINDS, 0)
        run = dict.fromkeys(KINDS, 0)
        for test in grade.tests:
            kind = kind_of_test(test.test)
            if kind in run:
                run[kind] += 1
                passed[kind] += test.passed
        present = [kind for kind in KINDS if run[kind]]
        if not present:  # nothing ran: not submitted, cannot run, not started
            return 0.0
        total = sum(self.weights.get(kind, 0.0) for kind in present)
        if total == 0:  # every kind this kata has weighs nothing: count its tests alike
            return proportional(grade, 1.0)
        return sum(self.weights.get(kind, 0.0) * passed[kind] / run[kind] for kind in present) / total


PROPORTIONAL = Scoring()  # what a kata earns unless the teacher says otherwise


def proportional(grade: KataGrade, points: float) -> float:
    """The kata's points in proportion to the tests passed."""
    return points * grade.passed / grade.run if grade.run else 0.0


def parse_weights(pairs: list[str]) -> dict[str, float]:
    """["examples=1", "hidden=2"] -> the weights, the kinds not named weighing 1; ValueError naming a bad pair."""
    weights = dict.fromkeys(KINDS, 1.0)
    for pair in pairs:
        kind, _, number = pair.partition("=")
        try:
            weights[kind.strip()] = float(number)
        except ValueError:
            raise ValueError(f"--weights {pair!r}: write KIND=NUMBER, KIND one of {', '.join(KINDS)}") from None
    return weights
