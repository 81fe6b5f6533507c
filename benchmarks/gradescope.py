"""How long Gradescope's run_autograder takes to grade one student's ten katas.

    python benchmarks/gradescope.py

It hands in every reference solution, laid out as problems/ (one folder per kata), in a
folder laid out as Gradescope's /autograder, and times what run_autograder runs. The goal:
within a minute on two cores. Times are wall times: run it on a quiet machine.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kata.katas import KATAS  # noqa: E402


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        for kata in KATAS:
            (root / "submission" / kata.slug).mkdir(parents=True)
            shutil.copy(kata.reference_path(), root / "submission" / kata.slug / kata.reference_path().name)
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "kata.grading.gradescope", "--root", str(root)],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        seconds = time.perf_counter() - started
        results = json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))
    print(
        f"{len(KATAS)} katas, {len(results['tests'])} tests, score {results['score']:g}: {seconds:.1f} s "
        "(goal: under 60 s on two cores)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
