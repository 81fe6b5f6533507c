"""The real readers of the files kata grade writes for other tools, where they can run here.

GitHub renders a grades.md with cmark-gfm, its own CommonMark library, which cmarkgfm binds for Python.

JUnit XML has no single standard; the schema most readers follow is junit-10.xsd, kept by Jenkins'
xUnit plugin. pytest validates its own --junitxml output against a copy of it, which ships in
pytest's source distribution: the tests fetch that file from PyPI for the installed pytest, and
skip, saying why, where xmlschema is not installed or PyPI cannot be reached.
"""

from __future__ import annotations

import functools
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

import pytest

JUNIT_SCHEMA_IN_PYTEST = "testing/example_scripts/junit-10.xsd"


@functools.cache
def junit_schema():
    """junit-10.xsd as an xmlschema schema, from the source distribution of the pytest that runs the tests."""
    xmlschema = pytest.importorskip(
        "xmlschema", reason="JUnit's schema is read with xmlschema: pip install -e '.[classroom]'"
    )
    version = pytest.__version__
    folder = Path(tempfile.mkdtemp(prefix="kata-junit-schema-"))
    download = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--no-deps",
            "--no-binary=:all:",
            f"pytest=={version}",
            "--dest",
            str(folder),
        ],
        capture_output=True,
        text=True,
        timeout=180,
    )
    archives = list(folder.glob("pytest-*.tar.gz"))
    if download.returncode or not archives:
        pytest.skip(
            f"pytest {version}'s source distribution, which holds junit-10.xsd, could not be downloaded: "
            f"{(download.stderr.strip().splitlines() or ['no archive'])[-1]}"
        )
    with tarfile.open(archives[0]) as archive:
        member = archive.extractfile(f"pytest-{version}/{JUNIT_SCHEMA_IN_PYTEST}")
        assert member is not None, f"pytest {version}'s source distribution has no {JUNIT_SCHEMA_IN_PYTEST}"
        return xmlschema.XMLSchema(member.read().decode("utf-8"))


def junit_schema_errors(path: Path) -> list[str]:
    """What junit-10.xsd finds wrong in a JUnit file (none for a valid one)."""
    with Path(path).open("rb") as file:  # a file, not a path: xmlschema reads a path as a URL (%20 in it)
        return [str(error.reason) for error in junit_schema().iter_errors(file)]


def github_html(markdown: str) -> str:
    """The HTML GitHub makes of a Markdown text: cmark-gfm with GitHub's extensions (tables, autolinks)."""
    cmarkgfm = pytest.importorskip(
        "cmarkgfm", reason="GitHub's Markdown is rendered with cmarkgfm: pip install -e '.[classroom]'"
    )
    return cmarkgfm.github_flavored_markdown_to_html(markdown)
