"""The loop the README promises: from a fresh clone to a solved kata with `kata next`, `kata hint`
and `kata watch`, and the progress list changes.

One test walks it all, as a learner would, because each step starts from what the one
before left: the watcher's check is what `kata list` then reads without running again.
"""

from __future__ import annotations

import re
import signal

import pytest

from kata.katas import KATAS

FIRST, SECOND = KATAS[0], KATAS[1]


def row(output: str, kata) -> str:
    found = re.search(rf"^{kata.number}\s+{kata.name}\s+{kata.difficulty}\s+(.*)$", output, re.M)
    assert found, f"no row for {kata.slug} in:\n{output}"
    return found.group(1)


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_from_a_fresh_clone_to_a_solved_kata_and_a_changed_progress_list(repo, run_kata, start_kata, solve, screens_of):
    before = run_kata(repo, "list")
    assert row(before.stdout, FIRST) == "not started" and f"0 of {len(KATAS)} solved" in before.stdout
    assert f"Next: {FIRST.number} {FIRST.name}" in before.stdout
    assert max(len(line) for line in before.stdout.splitlines()) <= 80

    following = run_kata(repo, "next")
    assert f"Next: {FIRST.number} {FIRST.name} ({FIRST.difficulty}), not started" in following.stdout
    assert f"problems/{FIRST.slug}/README.md" in following.stdout
    assert f"problems/{FIRST.slug}/{FIRST.module}.py" in following.stdout

    assert "Hint 1 of" in run_kata(repo, "hint", FIRST.number).stdout

    watcher = start_kata(repo, "watch")
    screens = screens_of(watcher)
    first = screens.next_screen()
    assert f"kata watch: {FIRST.number} {FIRST.name}" in first and "Status: not started" in first
    stub = solve(repo, FIRST)
    solved = screens.next_screen()
    assert f"Solved: {FIRST.number} {FIRST.name} passes all" in solved
    assert f"Next: {SECOND.number} {SECOND.name}" in solved and f"1 of {len(KATAS)} solved" in solved
    stub.write_text(stub.read_text() + f"\n\ndef {FIRST.functions[0]}(tokens, chunk_size, overlap=0):\n    return []\n")
    broken = screens.next_screen()
    before_checking = broken.split(f"Checking {FIRST.number} {FIRST.name}...", 1)[0]
    assert "Status:" not in before_checking and "saved at" in before_checking, (
        "the last check's status stays on screen while the new check runs"
    )
    assert "Status: failing" in broken
    solve(repo, FIRST)
    assert f"Solved: {FIRST.number} {FIRST.name} passes all" in screens.next_screen()
    watcher.send_signal(signal.SIGINT)
    assert "Stopped watching." in screens.rest()
    assert watcher.wait(timeout=15) == 0, "Ctrl-C is a clean exit"

    after = run_kata(repo, "list")
    assert FIRST.name not in after.stderr, "the watcher's check was not recorded: kata list checked again"
    assert re.fullmatch(r"solved: all \d+ tests pass", row(after.stdout, FIRST))
    assert f"1 of {len(KATAS)} solved" in after.stdout and f"Next: {SECOND.number} {SECOND.name}" in after.stdout

    stub.write_text(stub.read_text() + "\ndef broken(:\n")
    changed = run_kata(repo, "list")
    assert f"Checking {FIRST.number} {FIRST.name}" in changed.stderr, "an edited kata was not checked again"
    assert row(changed.stdout, FIRST).startswith("cannot run: ")
