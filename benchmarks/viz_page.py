"""How large and how fast `kata viz`'s page is on a megabyte of text.

    python benchmarks/viz_page.py

Kata 03 cuts a megabyte of sentences into more than 5,000 chunks, with a catalogued mistake
beside the reference, so the page holds the text twice and more than 10,000 rows. This prints
how long `kata viz` takes to write the page, its size, and how long headless Chromium takes
to open it (navigation to the load event and the first layout; the median of three tabs
of one browser, whose own start is left out). The goals: a page under 5 MB that opens in
under 2 s. The tests (tests/command/test_viz.py) check the size, and allow the browser ten times
the goal.

Times are wall times on whatever else the machine is doing: run it on a quiet machine.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.browser import Browser, find_browser  # noqa: E402  (a helper of the tests, found through sys.path)
from tests.support.large_text import a_megabyte_of_sentences  # noqa: E402

TABS = 3


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        text, page = Path(folder) / "text.txt", Path(folder) / "page.html"
        a_megabyte_of_sentences(text)
        started = time.perf_counter()
        subprocess.run(
            [
                sys.executable,
                "-m",
                "kata",
                "viz",
                "3",
                str(text),
                "--max-tokens",
                "34",
                "--impl=mistake:03:drops_the_unterminated_tail",
                "--out",
                str(page),
            ],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        written = time.perf_counter() - started
        print(f"{'kata viz writes the page':<40} {written:6.2f} s")
        print(f"{'the page':<40} {page.stat().st_size / 1e6:6.2f} MB   (goal: under 5 MB)")
        executable = find_browser()
        if executable is None:
            print("No Chromium here: the time to open the page is not measured (Debian: apt install chromium).")
            return 0
        browser = Browser(executable)
        try:
            seconds = statistics.median(browser.open(page) for _ in range(TABS))
        finally:
            browser.close()
        print(f"{'headless Chromium opens it':<40} {seconds:6.2f} s   (goal: under 2 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
