"""Every command has --help with an example, in 80 columns; an error is one line and a non-zero exit."""

from __future__ import annotations

import importlib.metadata
import re

import pytest

from kata.command.cli import COMMANDS, main
from kata.katas import ROOT

pytestmark = pytest.mark.timeout(60)  # pytest or kata in a subprocess: slower than a kata's test


@pytest.fixture(autouse=True)
def eighty_columns(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")


def test_kata_alone_lists_every_command(capsys):
    assert main([]) == 0
    shown = capsys.readouterr().out
    assert all(re.search(rf"^\s+{command.name}\s+\w", shown, re.M) for command in COMMANDS), shown


def test_the_modules_docstring_names_every_command():
    import kata.command.cli

    assert all(f"`{command.name}`" in kata.command.cli.__doc__ for command in COMMANDS)


@pytest.mark.parametrize("command", [command.name for command in COMMANDS])
def test_every_command_has_help_with_an_example_in_80_columns(capsys, command):
    with pytest.raises(SystemExit) as exit:
        main([command, "--help"])
    shown = capsys.readouterr().out
    assert exit.value.code == 0
    assert f"example:\n  kata {command}" in shown
    assert max(len(line) for line in shown.splitlines()) <= 80, shown


def test_the_commands_own_help_fits_80_columns_with_its_sentences_whole(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    shown = capsys.readouterr().out
    assert max(len(line) for line in shown.splitlines()) <= 80, shown
    paragraphs = [" ".join(paragraph.split()) for paragraph in shown.split("\n\n")]
    assert "Each command has --help. KATA is a number (2), a folder name, or a unique part of one (budget)." in (
        paragraphs
    ), shown


@pytest.mark.parametrize(
    "arguments, says",
    [
        (["show", "no_such_kata"], "there is no kata 'no_such_kata'; the katas are: 01_fixed_windows"),
        (["hint", "er"], "matches several katas"),
        (["hint", "0"], "there is no kata '0': the katas are numbered from 01 to"),
        (["show", "99"], "there is no kata '99': the katas are numbered from 01 to"),
        (["frobnicate"], "invalid choice: 'frobnicate'"),
        (["hint"], "the following arguments are required: KATA"),
        (["check", "1", "--impl=no/such/folder"], "--impl=no/such/folder: no such folder or .py file"),
        (["bench", "1", "--seconds", "0"], "is not a number of seconds from 1 to 600"),
        (["list", "--", "-x"], "only kata check passes options after -- to pytest"),
    ],
)
def test_an_error_is_one_line_and_a_non_zero_exit(capsys, arguments, says):
    try:
        exit_code = main(arguments)
    except SystemExit as exit:  # argparse's own errors
        exit_code = exit.code
    shown = capsys.readouterr()
    assert exit_code == 2
    assert shown.out == ""
    assert shown.err.count("\n") == 1 and shown.err.startswith("kata") and says in shown.err, shown.err


def test_a_missing_file_is_one_line_not_a_traceback(repo, run_kata):
    (repo / "problems" / "01_fixed_windows" / "README.md").unlink()
    run = run_kata(repo, "show", "1")
    assert run.returncode == 1
    assert run.stderr.count("\n") == 1 and "No such file" in run.stderr and "Traceback" not in run.stderr


def test_python_dash_m_kata_is_the_command(run_kata):
    run = run_kata(ROOT, "--help")
    assert run.returncode == 0 and run.stdout.startswith("usage: kata")


def test_the_install_registers_the_kata_console_script():
    scripts = importlib.metadata.entry_points(group="console_scripts", name="kata")
    assert [script.value for script in scripts] == ["kata.command.cli:main"]
