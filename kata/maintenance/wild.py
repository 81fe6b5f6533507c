"""The katas' suites on real chunking and retrieval libraries: each adapter of wild/ judged as a learner's file.

An adapter (wild/NN_slug/NAME.py) defines a kata's functions on one pinned release of a library: it converts
the kata's arguments and answers to the library's conventions and changes nothing of its algorithm. Its
`LIBRARY = ("distribution", "version")` says which release; an adapter whose release is not the installed one
is not run, and says so. An adapter that copies its library's function instead (a library too heavy to install
for one function) says where from with `VENDORED = ("path in the release's wheel", "the wheel's SHA-256")`,
and always runs; `--vendored` checks each copy against the wheel on PyPI (kata/maintenance/vendored.py). An
adapter that converts an argument before the library reads it (tokens made into ids, text into words) names
it in `UNREAD_BY_THE_LIBRARY`, and its run leaves out the tests of that argument's type (TESTS_OF_THE_TYPE_OF).

What each run finds (tests passed, the causes of its failures, the mistakes they are named after, and the
call that shows each) is compared with wild/expected.json, so that a release that fixes a bug, or brings one,
is noticed.

    python -m kata.maintenance wild            # run the adapters and compare with wild/expected.json
    python -m kata.maintenance wild --write    # record what they do now as the expectation
    python -m kata.maintenance wild --vendored # check each copied function against its release's wheel
"""

from __future__ import annotations

import ast
import json
import re
import tempfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from kata.katas import ROOT, Kata, UnknownKata, find_kata, relative
from kata.maintenance.known_failures import run_suite
from kata.runner.outcomes import TestOutcome, failures_by_cause, read_outcomes, shown_of

WILD = ROOT / "wild"
EXPECTED = WILD / "expected.json"
LICENCES = WILD / "licences"  # the licence of each release a vendored adapter copies from
GUARD_SEED = 2026  # the guards' inputs, the same in every run: a cause shown by a guard shows the same call
EXTRA = 'pip install -e ".[wild]"'
# A library builds objects a kata's plain loop does not (a dataclass a piece, a pydantic model): a linear pass
# of it can cost more than the ten times the tests' own pass that a learner's code is given, and by how much
# varies from run to run. The question asked here is growth, which thirty times still catches: work that grows
# faster than the input, on the guards' inputs, costs hundreds of times more.
PACE_FACTOR = 30
FIXED_KINDS = ("examples", "hidden")  # the tests whose inputs are written in them, not drawn
# The tests of an argument's type, by kata and argument: an adapter that converts the argument before the library
# reads it (the kata's tokens made into ids, its text into words) says so with UNREAD_BY_THE_LIBRARY, and these
# tests are left out of its run: what they find is the adapter's conversion, never the library.
TESTS_OF_THE_TYPE_OF = {
    ("01", "tokens"): (
        "test_hidden.py::test_tokens_that_are_not_a_sequence_are_rejected",
        "test_hidden.py::test_the_type_of_tokens_is_checked_after_the_other_arguments",
        "test_hidden.py::test_the_type_of_tokens_is_checked_after_the_value_of_overlap",
    ),
    ("02", "sizes"): ("test_hidden.py::test_sizes_that_are_not_a_sequence_are_rejected",),
    ("09", "query"): (
        "test_examples.py::test_a_query_that_is_not_a_str_is_refused",
        "test_hidden.py::test_bm25_scores_refuses_bad_arguments_in_order[query]",
        "test_hidden.py::test_bm25_scores_refuses_bad_arguments_in_order[query_first]",
    ),
    ("09", "chunks"): (
        "test_examples.py::test_a_str_of_chunks_is_refused",
        "test_hidden.py::test_bm25_scores_refuses_bad_arguments_in_order[chunk]",
        "test_hidden.py::test_bm25_scores_refuses_bad_arguments_in_order[str_chunks]",
        "test_hidden.py::test_bm25_scores_refuses_bad_arguments_in_order[set_of_chunks]",
        "test_hidden.py::test_bm25_scores_refuses_bad_arguments_in_order[generator_of_chunks]",
        "test_hidden.py::test_bm25_scores_refuses_bad_arguments_in_order[deque_of_chunks]",
        "test_hidden.py::test_bm25_scores_refuses_bad_arguments_in_order[no_chunks_at_all]",
        "test_hidden.py::test_bm25_scores_refuses_bad_arguments_in_order[chunks_before_k1]",
    ),
}


@dataclass(frozen=True)
class Adapter:
    """One adapter file: the kata it answers and the library release it runs on."""

    path: Path
    kata: Kata
    distribution: str
    version: str
    vendored: tuple[str, str] | None = None  # (its file in the release's wheel, the wheel's SHA-256)
    unread: tuple[str, ...] = ()  # the kata's arguments it converts before the library reads them

    def left_out(self) -> list[str]:
        """The tests its run leaves out, as pytest names them: those of the type of an argument it converts."""
        return [
            f"tests/{self.kata.slug}/{test}"
            for argument in self.unread
            for test in TESTS_OF_THE_TYPE_OF[self.kata.number, argument]
        ]

    @property
    def name(self) -> str:
        """Its path in wild/: 01_fixed_windows/chonkie_token_chunker.py."""
        return f"{self.path.parent.name}/{self.path.name}"


class BadAdapter(Exception):
    """An adapter file that does not say which library release it runs on, or lies in no kata's folder; or no
    adapters at all (a students' release has no wild/)."""


def constants_of(path: Path) -> dict[str, object]:
    """The constants the adapter assigns (NAME = literal), read from its source without running it (its library
    may be absent)."""
    return {
        node.targets[0].id: ast.literal_eval(node.value)
        for node in ast.parse(path.read_text(encoding="utf-8"), str(path)).body
        if isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
        and node.targets[0].id in ("LIBRARY", "VENDORED", "UNREAD_BY_THE_LIBRARY")
    }


def adapter_at(path: Path, kata: Kata) -> Adapter:
    """The adapter file as its constants describe it; BadAdapter for one that says something else."""
    constants = constants_of(path)

    def pair(name: str, meaning: str) -> tuple[str, str] | None:
        value = constants.get(name)
        if value is None or (isinstance(value, tuple) and len(value) == 2 and all(type(part) is str for part in value)):
            return value
        raise BadAdapter(f"{relative(path)} must say {name} = {meaning}")

    library = pair("LIBRARY", "(distribution, exact version)")
    if library is None:
        raise BadAdapter(f"{relative(path)} must say LIBRARY = (distribution, exact version)")
    vendored = pair("VENDORED", "(its file in the release's wheel, the wheel's SHA-256)")
    unread = constants.get("UNREAD_BY_THE_LIBRARY", ())
    known = sorted(argument for number, argument in TESTS_OF_THE_TYPE_OF if number == kata.number)
    if not isinstance(unread, tuple) or not set(unread) <= set(known):
        raise BadAdapter(f"{relative(path)}: UNREAD_BY_THE_LIBRARY must be a tuple of some of {known}, not {unread!r}")
    return Adapter(path, kata, *library, vendored, unread)


def adapters() -> list[Adapter]:
    """Every adapter of wild/, kata by kata, in the order of their names."""
    if not WILD.is_dir():
        raise BadAdapter(
            f"{relative(WILD)}/ is not here: the adapters are in the repository, not in a students' release"
        )
    found = []
    for folder in sorted(
        path for path in WILD.iterdir() if path.is_dir() and path != LICENCES and not path.name.startswith(("_", "."))
    ):
        try:
            kata = find_kata(folder.name)
        except UnknownKata:
            raise BadAdapter(f"{relative(folder)} is no kata's folder (wild/NN_slug/, as in tests/)") from None
        found += [adapter_at(path, kata) for path in sorted(folder.glob("*.py"))]
    return found


def why_not_run(adapter: Adapter) -> str | None:
    """Why the adapter cannot run here (its library absent, or another release), or None. A vendored adapter
    holds its library's code and always runs."""
    if adapter.vendored is not None:
        return None
    try:
        installed = metadata.version(adapter.distribution)
    except metadata.PackageNotFoundError:
        return f"{adapter.distribution} is not installed ({EXTRA} installs the pinned releases)"
    if installed != adapter.version:
        return f"{adapter.distribution} {installed} is installed; {adapter.name} is for {adapter.version}"
    return None


def judge(adapter: Adapter) -> dict:
    """The kata's whole suite on the adapter: its tests passed and run, and each cause of its failures."""
    with tempfile.TemporaryDirectory(prefix="kata-wild-") as work:
        outcomes = Path(work) / "outcomes.json"
        run = run_suite(
            adapter.kata,
            f"--impl={adapter.path}",
            "--defined-only",
            f"--pace-factor={PACE_FACTOR}",
            *(f"--leave-out={test}" for test in adapter.left_out()),
            outcomes=outcomes,
            guard_seed=GUARD_SEED,
            hash_seed=GUARD_SEED,  # a set in a call is shown in the order of its items, which hashing decides
        )
        try:
            found = read_outcomes(outcomes)[adapter.kata.slug]
        except (OSError, ValueError, KeyError):
            ran = run.stdout[-2000:]
            raise RuntimeError(f"the suite of {adapter.kata.slug} did not run on {adapter.name}:\n{ran}") from None
    tests, causes = found["tests"], found["causes"]
    ran = [test for test in tests if not test.skipped]
    return {
        "library": adapter.distribution,
        "version": adapter.version,
        "passed": sum(test.passed for test in ran),
        "run": len(ran),
        "not_read": list(adapter.unread),  # the arguments whose type tests were left out
        "causes": [cause_of(group, causes) for group in failures_by_cause(ran)],
    }


def cause_of(failures: list[TestOutcome], causes: list[dict]) -> dict:
    """One cause: the mistakes it is named after, its verdict, how many tests it fails, and the call that shows
    it, as the run's own section of causes shows it."""
    told = causes[failures[0].cause] if failures[0].cause is not None else {}
    shown = next((test for test in failures if test.test == told.get("shown")), None) or shown_of(failures)
    record = shown.failure or {}
    return {
        "mistakes": list(told.get("mistakes", [])),
        "verdict": shown.verdict,
        "tests": len(failures),
        "shown": shown.test.split("::", 1)[1],
        "call": stable(record.get("call", "")),
        "came_back": stable(record.get("came_back", "")),
        "expected": stable(record.get("expected", "")),
        # Every call of the cause with inputs fixed in the tests, and what it did: the one shown is the
        # shortest, which need not be the one that shows a library's bug best.
        "calls": list(dict.fromkeys(calls_with_fixed_inputs(failures))),
    }


def calls_with_fixed_inputs(failures: list[TestOutcome]) -> list[str]:
    """Each failing call with inputs fixed in the tests (an example or a hidden test), and what came back."""
    return [
        stable(f"{record['call']} {record.get('came_back', '')}".strip())
        for record in (test.failure or {} for test in failures)
        if record.get("call") and record.get("kind") in FIXED_KINDS
    ]


def stable(text: str) -> str:
    """The text without the memory addresses of objects (`<generator object f at 0x7f...>`): they change from run to
    run."""
    return re.sub(r" at 0x[0-9a-f]+>", ">", text)


def expected() -> dict[str, dict]:
    """wild/expected.json: adapter name -> what its run found when it was recorded."""
    return json.loads(EXPECTED.read_text(encoding="utf-8")) if EXPECTED.is_file() else {}


def differences(name: str, found: dict, recorded: dict | None) -> list[str]:
    """How a run of the adapter differs from its record, in words (none when it matches)."""
    if recorded is None:
        return [f"{name}: no record in {relative(EXPECTED)} (python -m kata.maintenance wild --write)"]
    said = []
    if (found["passed"], found["run"]) != (recorded["passed"], recorded["run"]):
        said.append(
            f"{name}: {found['passed']} of {found['run']} tests pass, "
            f"where {recorded['passed']} of {recorded['run']} did"
        )
    shown = {json.dumps(cause, sort_keys=True) for cause in recorded["causes"]}
    now = {json.dumps(cause, sort_keys=True) for cause in found["causes"]}
    said += [f"{name}: a new cause: {cause}" for cause in sorted(now - shown)]
    said += [f"{name}: a cause no longer found: {cause}" for cause in sorted(shown - now)]
    return said


def table(rows: dict[str, dict]) -> str:
    """The findings as a Markdown table, an adapter a row, its causes in its last cell."""
    lines = [
        "| adapter | library | tests passed | causes (named mistake: the call that shows it) |",
        "|---|---|---|---|",
    ]
    for name, row in rows.items():
        causes = "<br>".join(
            f"{', '.join(cause['mistakes']) or cause['verdict']}: `{cause['call']}` {cause['came_back']}".strip()
            for cause in row["causes"]
        )
        unread = f" (the type of {' and '.join(row['not_read'])} left out)" if row.get("not_read") else ""
        passed = f"{row['passed']} of {row['run']}{unread}"
        lines.append(f"| {name} | {row['library']} {row['version']} | {passed} | {causes} |")
    return "\n".join(lines) + "\n"


def run_wild(*, write: bool) -> int:
    """Run every adapter that can run here; compare with the record, or (write) record what they did."""
    rows, skipped = {}, []
    for adapter in adapters():
        reason = why_not_run(adapter)
        if reason is not None:
            skipped.append(f"{adapter.name}: not run: {reason}")
            continue
        rows[adapter.name] = judge(adapter)
    print(table(rows), end="")
    for line in skipped:
        print(line)
    if write:
        if skipped:
            print(f"not written: every adapter must run to record them all ({EXTRA})")
            return 1
        EXPECTED.write_text(json.dumps(rows, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {relative(EXPECTED)} ({len(rows)} adapters)")
        return 0
    recorded = expected()
    said = [line for name, row in rows.items() for line in differences(name, row, recorded.get(name))]
    for line in said:
        print(line)
    return 1 if said or skipped else 0
