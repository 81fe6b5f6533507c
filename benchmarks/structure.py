"""The figures of the project's structure: where a kata is named, how long the modules are, how long CI takes.

    python benchmarks/structure.py           # the files that name a kata, and the modules' lengths (instant)
    python benchmarks/structure.py --times   # and the time of the runner's own tests, fast tier and all
                                             # (several minutes: run it on a quiet machine)

A kata's facts live in its record (kata/katas/__init__.py): adding a kata means its own folders
(problems/NN_slug, solutions/NN_slug, tests/NN_slug), its record, and its row in the README's
table of katas, which a test checks against the records. This lists every place in the
runner, its configuration and CI (kata/, pyproject.toml, .ci/) that singles a kata out by its
folder's name or its number, where a special case would make a new kata touch more. Docs,
benchmarks and the runner's own tests use katas as examples (kata 01 most): those are examples,
not wiring, and are not counted. It then prints the longest modules of
kata/ (tests/runner/test_layout.py holds them under its limit, and holds the imports free of
circles), and, with --times, how long the runner's own tests take, all of them and without the
slow ones, as `pytest -m cli -n auto` and `pytest -m "cli and not slow" -n auto`.
"""

from __future__ import annotations

import argparse
import ast
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kata.katas import KATAS, RUNNERS_OWN_TESTS  # noqa: E402

ALLOWED = {"kata/katas/__init__.py", "README.md"}  # the record, and the table a test checks against the records
WIRING = ("kata/", "pyproject.toml", ".ci/")  # where the runner is wired, as opposed to examples of it


def tracked_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True)
    return listed.stdout.split()


def special_cases(kata, files: list[str]) -> list[str]:
    """The places in the runner's code, its configuration and CI (its record aside) that single the kata out:
    a string that is exactly its folder's name or its number (a mention inside a sentence, such as a help
    text's example, is no special case)."""
    found = []
    for name in files:
        path = ROOT / name
        if not name.startswith(WIRING) or name in ALLOWED or not path.is_file():
            continue
        if path.suffix == ".py":
            found += [
                f"{name}:{node.lineno}"
                for node in ast.walk(ast.parse(path.read_text(), name))
                if isinstance(node, ast.Constant) and node.value in (kata.slug, kata.number)
            ]
        elif path.suffix in (".toml", "") and re.search(rf"\b{kata.slug}\b", path.read_text(errors="replace")):
            found.append(name)
    return found


def longest_modules(count: int = 5) -> list[tuple[int, str]]:
    lengths = [
        (len(path.read_text().splitlines()), str(path.relative_to(ROOT))) for path in (ROOT / "kata").rglob("*.py")
    ]
    return sorted(lengths, reverse=True)[:count]


def seconds_of(*arguments: str) -> tuple[float, str]:
    folders = [f"tests/{folder}" for folder, marker in RUNNERS_OWN_TESTS.items() if marker == "cli"]
    started = time.monotonic()
    run = subprocess.run(
        [sys.executable, "-m", "pytest", *arguments, "-n", "auto", "-q", "-p", "no:cacheprovider", *folders],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    last = (run.stdout.strip().splitlines() or ["(nothing printed)"])[-1]
    return time.monotonic() - started, last


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--times", action="store_true", help="also time the runner's own tests (minutes)")
    options = parser.parse_args()
    files = tracked_files()
    print("Places in the runner, its configuration and CI (its record aside) that single out each kata:")
    for kata in KATAS:
        named = special_cases(kata, files)
        print(f"  {kata.slug:<26} {len(named)}" + (f"  ({', '.join(named)})" if named else ""))
    print("The longest modules of kata/:")
    for lines, name in longest_modules():
        print(f"  {lines:>4} lines  {name}")
    if options.times:
        for label, marker in (("all the runner's own tests", "cli"), ("without the slow ones", "cli and not slow")):
            seconds, last = seconds_of("-m", marker)
            print(f"pytest -m {marker!r} -n auto: {seconds:.0f} s ({label}): {last}")


if __name__ == "__main__":
    main()
