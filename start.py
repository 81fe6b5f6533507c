"""Set up the katas and start practising, in one command: python3 start.py

The first run makes a virtual environment in .venv (or uses the one you made) and installs the katas
into it (pytest, Hypothesis and the `kata` command); then, in a terminal, it starts `kata watch` on
your next kata, which checks your file again on every save. `python3 start.py test` runs every kata's
tests instead. It installs again when pyproject.toml changes (after a pull that adds a dependency).

Only Python's standard library is used, and only what every Python 3 parses (no f-strings, no
annotations), so that an old Python gets the one line that says which one is needed.
"""

import hashlib
import os
import subprocess
import sys
import venv

ROOT = os.path.dirname(os.path.abspath(__file__))
VENV = os.path.join(ROOT, ".venv")
# Written once the install has succeeded, with the hash of the pyproject.toml it installed.
INSTALLED = os.path.join(VENV, ".katas-installed")
USAGE = "python3 start.py (set up, then watch your next kata) or python3 start.py test (run every kata's tests)"


def python_of_the_environment():
    return os.path.join(VENV, "Scripts", "python.exe") if os.name == "nt" else os.path.join(VENV, "bin", "python")


def what_is_installed():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as project:
        return hashlib.sha256(project.read()).hexdigest()


def set_up():
    """Install the katas into .venv, making it first if it is not there; again when pyproject.toml changed."""
    wanted = what_is_installed()
    try:
        with open(INSTALLED, encoding="utf-8") as marker:
            if marker.read().strip() == wanted and os.path.isfile(python_of_the_environment()):
                return
    except OSError:
        pass
    print("Setting up the katas in .venv (a minute or so): pip install -e .")
    if not os.path.isfile(python_of_the_environment()):
        try:
            venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
        except (OSError, subprocess.CalledProcessError) as error:
            sys.exit(
                "start.py: Python could not make a virtual environment in .venv ({}); on Debian or "
                "Ubuntu, sudo apt install python3-venv, then run python3 start.py again".format(error)
            )
    install = [python_of_the_environment(), "-m", "pip", "install", "--quiet", "-e", ROOT]
    if subprocess.call(install, cwd=ROOT) != 0:
        sys.exit("start.py: installing the katas into .venv failed (pip says why above); run python3 start.py again")
    with open(INSTALLED, "w", encoding="utf-8") as marker:
        marker.write(wanted + "\n")


def main(arguments):
    if sys.version_info < (3, 10):
        sys.exit("start.py: the katas need Python 3.10 or newer; this is Python " + sys.version.split()[0])
    if arguments not in ([], ["test"]):
        print("start.py: {!r} is not something it does; {}".format(" ".join(arguments), USAGE), file=sys.stderr)
        return 2
    set_up()
    python = python_of_the_environment()
    if arguments == ["test"]:
        return subprocess.call([python, "-m", "pytest"], cwd=ROOT)
    if not sys.stdin.isatty():  # kata watch needs a terminal to draw its screen in
        print("The katas are set up in .venv. In a terminal: " + USAGE + ".")
        return 0
    try:
        return subprocess.call([python, "-m", "kata", "watch"], cwd=ROOT)
    except KeyboardInterrupt:  # Ctrl-C ends kata watch, which says so itself
        return 130


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
