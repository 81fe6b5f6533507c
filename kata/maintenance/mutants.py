"""Mutation testing of the reference solutions with cosmic-ray: are the tests strong enough?

    python -m pip install -e ".[mutation]"
    python -m kata.maintenance mutants            # every kata
    python -m kata.maintenance mutants 02         # one kata

Each small change ("mutant") to a reference that no test notices is a gap in the tests,
unless the change cannot alter any behaviour the statement promises (an equivalent
mutant). The editorial of each kata lists its equivalent mutants under the heading
"Equivalent mutants", one per line, as: - `operator` on `original line`: why.
This command prints the score per kata and every surviving mutant that is not listed,
and exits 1 if there is one.

The work happens in a temporary copy of the repository, because cosmic-ray rewrites
the file under test in place.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from kata.katas import ROOT, Kata, relative

CONFIG = """\
[cosmic-ray]
module-path = "{module}"
timeout = 30.0
excluded-modules = []
test-command = "{python} -m pytest -x -q -p no:cacheprovider --hypothesis-profile=ci tests/{slug} --impl={module}"

[cosmic-ray.distributor]
name = "local"
"""


@dataclass
class Survivor:
    operator: str
    original: str
    mutated: str


def mutation_test(katas: list[Kata]) -> int:
    """Mutation testing of the katas' references: 0 when every surviving mutant is explained, 1 otherwise,
    2 when cosmic-ray is not installed."""
    if shutil.which("cosmic-ray") is None and not _has_cosmic_ray():
        print('cosmic-ray is not installed: python -m pip install -e ".[mutation]"', file=sys.stderr)
        return 2
    unexplained = 0
    with tempfile.TemporaryDirectory(prefix="kata-mutants-") as work:
        copy = Path(work) / "repo"
        # Links are copied as links: the hostile class's links point at files that must not be
        # followed (one dangles on purpose), and nothing mutated lies behind a link.
        shutil.copytree(
            ROOT,
            copy,
            symlinks=True,
            ignore=shutil.ignore_patterns(
                ".git", ".venv", "*.egg-info", "__pycache__", ".hypothesis", ".pytest_cache", ".kata"
            ),
        )
        for kata in katas:
            unexplained += _report(kata, *_run(kata, copy))
    return 1 if unexplained else 0


def _run(kata: Kata, copy: Path) -> tuple[int, list[Survivor]]:
    module = relative(kata.reference_path())
    config = copy / f"cosmic-ray-{kata.number}.toml"
    session = copy / f"cosmic-ray-{kata.number}.sqlite"
    config.write_text(CONFIG.format(module=module, python=sys.executable, slug=kata.slug), encoding="utf-8")
    cosmic_ray = [sys.executable, "-m", "cosmic_ray.cli"]
    subprocess.run(cosmic_ray + ["init", str(config), str(session)], cwd=copy, check=True)
    subprocess.run(cosmic_ray + ["exec", str(config), str(session)], cwd=copy, check=True)
    dump = subprocess.run(cosmic_ray + ["dump", str(session)], cwd=copy, check=True, capture_output=True, text=True)
    jobs = [json.loads(line) for line in dump.stdout.splitlines() if line.strip()]
    survivors = [_survivor(item, result) for item, result in jobs if result and result["test_outcome"] == "survived"]
    return len(jobs), survivors


def _survivor(item: dict, result: dict) -> Survivor:
    lines = result["diff"].splitlines()
    removed = [line[1:].strip() for line in lines if line.startswith("-") and not line.startswith("---")]
    added = [line[1:].strip() for line in lines if line.startswith("+") and not line.startswith("+++")]
    return Survivor(item["mutations"][0]["operator_name"], " ".join(removed), " ".join(added))


def _report(kata: Kata, total: int, survivors: list[Survivor]) -> int:
    listed = equivalent_mutants(kata)
    unexplained = [s for s in survivors if (s.operator, s.original) not in listed]
    killed = total - len(survivors)
    print(
        f"\n{kata.slug}: {killed} of {total} mutants killed ({100 * killed / max(total, 1):.1f}%), "
        f"{len(survivors) - len(unexplained)} equivalent, {len(unexplained)} not explained"
    )
    for survivor in unexplained:
        print(f"  SURVIVED {survivor.operator}: `{survivor.original}` -> `{survivor.mutated}`")
    return len(unexplained)


def equivalent_mutants(kata: Kata) -> set[tuple[str, str]]:
    """(operator, original line) pairs listed in the editorial's "Equivalent mutants" section."""
    editorial = (kata.reference_path().parent / "EXPLANATION.md").read_text(encoding="utf-8")
    section = editorial.split("## Equivalent mutants", 1)[1] if "## Equivalent mutants" in editorial else ""
    section = section.split("\n## ", 1)[0]
    return {(operator, line.strip()) for operator, line in re.findall(r"^- `([^`]+)` on `([^`]+)`", section, re.M)}


def _has_cosmic_ray() -> bool:
    try:
        import cosmic_ray  # noqa: F401
    except ImportError:
        return False
    return True
