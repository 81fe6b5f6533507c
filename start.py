"""Set up the katas and start practising, in one command: python3 start.py

The first run makes a virtual environment in .venv and installs the katas into it (pytest,
Hypothesis and the `kata` command); then, in a terminal, it starts `kata watch` on your next kata,
which checks your file again on every save. `python3 start.py test` runs every kata's tests instead.
Only Python's standard library is used here, so that it works before anything is installed.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
# Written once the install has succeeded: a .venv left half made (an interrupted install) is made again.
INSTALLED = VENV / ".katas-installed"
USAGE = "python3 start.py (set up, then watch your next kata) or python3 start.py test (run every kata's tests)"


def python_of_the_environment() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def set_up() -> None:
    """Make .venv and install the katas into it, once."""
    if INSTALLED.is_file() and python_of_the_environment().is_file():
        return
    print("Setting up the katas in .venv (once, a minute or so): a virtual environment, then pip install -e .")
    venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    install = [str(python_of_the_environment()), "-m", "pip", "install", "--quiet", "-e", str(ROOT)]
    if subprocess.call(install, cwd=ROOT) != 0:
        sys.exit("start.py: installing the katas into .venv failed (pip says why above); run python3 start.py again")
    INSTALLED.write_text("pip install -e . succeeded\n", encoding="utf-8")


def main(arguments: list[str]) -> int:
    if sys.version_info < (3, 10):  # noqa: UP036 (this script is what an older Python runs first)
        sys.exit(f"start.py: the katas need Python 3.10 or newer; this is Python {sys.version.split()[0]}")
    if arguments not in ([], ["test"]):
        print(f"start.py: {' '.join(arguments)!r} is not something it does; {USAGE}", file=sys.stderr)
        return 2
    set_up()
    python = str(python_of_the_environment())
    if arguments == ["test"]:
        return subprocess.call([python, "-m", "pytest"], cwd=ROOT)
    if not sys.stdin.isatty():  # kata watch needs a terminal to draw its screen in
        print(f"The katas are set up in .venv. In a terminal: {USAGE}.")
        return 0
    try:
        return subprocess.call([python, "-m", "kata", "watch"], cwd=ROOT)
    except KeyboardInterrupt:  # Ctrl-C ends kata watch, which says so itself
        return 130


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
