"""`kata show` prints the statement to fit 80 columns; `kata hint` reveals one hint more each time."""

from __future__ import annotations

import os
import pty
import subprocess
import sys

import pytest

from kata.command.cli import main
from kata.command.hints import hints_of
from kata.command.markdown import reflow, sections
from kata.katas import KATAS, ROOT

KATA = KATAS[0]

pytestmark = pytest.mark.timeout(60)  # pytest or kata in a subprocess: slower than a kata's test


@pytest.fixture(autouse=True)
def own_state(tmp_path, monkeypatch):
    """The hints seen are remembered in a folder of the test's own, not in the checkout's .kata/."""
    monkeypatch.setattr("kata.runner.learner_state.STATE", tmp_path / ".kata")
    monkeypatch.setenv("COLUMNS", "80")


def prose(text: str) -> list[str]:
    """The lines outside code blocks and tables: the ones that can be wrapped."""
    lines, in_code = [], False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            in_code = not in_code
        elif not in_code and not line.lstrip().startswith("|"):
            lines.append(line)
    return lines


def test_show_prints_the_statement_with_its_prose_in_80_columns(capsys):
    assert main(["show", "fixed"]) == 0
    shown = capsys.readouterr().out
    assert KATA.title in shown and "## Examples" in shown and f"kata hint {KATA.number}" in shown
    assert max(len(line) for line in prose(shown)) <= 80
    statement = KATA.statement_path().read_text(encoding="utf-8")
    assert " ".join(statement.split()) in " ".join(shown.split()), "the wrapping changed more than line breaks"


def test_hint_reveals_the_next_hint_each_time_and_remembers_where_it_was(capsys):
    hints = hints_of(KATA)
    assert len(hints) >= 2
    for number, hint in enumerate(hints, start=1):
        assert main(["hint", KATA.number]) == 0
        shown = capsys.readouterr().out
        assert f"Hint {number} of {len(hints)}" in shown and hint.split()[:5] == shown.split("\n\n", 1)[1].split()[:5]
        assert f"Hint {number + 1} of" not in shown
    main(["hint", KATA.number])
    assert f"You have seen all {len(hints)} hints" in capsys.readouterr().out


def test_hint_all_prints_every_hint_and_reset_starts_again(capsys):
    hints = hints_of(KATA)
    main(["hint", KATA.slug, "--all"])
    shown = capsys.readouterr().out
    assert all(f"Hint {number} of {len(hints)}" in shown for number in range(1, len(hints) + 1))
    main(["hint", KATA.slug, "--reset"])
    main(["hint", KATA.slug])
    assert f"Hint 1 of {len(hints)}" in capsys.readouterr().out


def test_reflow_wraps_paragraphs_and_list_items_and_keeps_code_and_tables():
    text = (
        "# Title\n\nA paragraph that is long enough to need wrapping when the width is small.\n\n"
        "- an item that is also long enough\n  to wrap, with its continuation\n\n"
        "```python\nkeep_this_line_exactly_as_it_is = 1\n```\n\n| a | table |\n"
    )
    assert reflow(text, 24) == (
        "# Title\n\nA paragraph that is long\nenough to need wrapping\nwhen the width is small.\n\n"
        "- an item that is also\n  long enough to wrap,\n  with its continuation\n\n"
        "```python\nkeep_this_line_exactly_as_it_is = 1\n```\n\n| a | table |\n"
    )
    assert sections("intro\n## One\nfirst\n## Two\nsecond\n") == [("One", "first"), ("Two", "second")]


def output_on_a_terminal(*arguments: str, **environment) -> str:
    controller, terminal = pty.openpty()
    env = {key: value for key, value in os.environ.items() if key not in ("NO_COLOR", "TERM")}
    process = subprocess.Popen(
        [sys.executable, "-m", "kata", *arguments],
        cwd=ROOT,
        stdout=terminal,
        stderr=terminal,
        env={**env, "TERM": "xterm", **environment},
    )
    os.close(terminal)
    chunks = []
    while True:
        try:
            chunk = os.read(controller, 65536)
        except OSError:  # the terminal closed: everything has been read
            break
        if not chunk:
            break
        chunks.append(chunk)
    process.wait(timeout=30)
    os.close(controller)
    return b"".join(chunks).decode()


def test_colour_only_on_a_terminal_and_never_with_no_color(run_kata):
    assert "\033[" in output_on_a_terminal("show", "1")
    assert "\033[" not in output_on_a_terminal("show", "1", NO_COLOR="1")
    piped = run_kata(ROOT, "show", "1")
    assert piped.returncode == 0 and "\033[" not in piped.stdout
