"""`kata release DIR`: write the students' version of the repository, with no code that solves a kata."""

from __future__ import annotations

from pathlib import Path

from kata.judging.vocabulary import counted
from kata.katas import KATAS


def release(folder: Path) -> int:
    from kata.grading.release import build_release

    built = build_release(folder)
    print(
        f"Wrote the students' release to {folder}: {counted(len(built.files), 'file')}, the statements, stubs, "
        f"hints and tests of {counted(len(KATAS), 'kata')}, the runner and the kata command."
    )
    print(
        f"Left out: solutions/ (the references, the editorials, the catalogued mistakes: "
        f"{counted(built.mistakes, 'mistake')} kept as their records only, to name a learner's mistakes), "
        "the tests' oracles, which compute the katas' answers (the tests that call one are skipped there, "
        "and run when you grade), and the runner's own tests."
    )
    if not built.tracked:
        print(
            "This copy is not a git checkout, so every file of the shipped folders was copied: check that none "
            "is a scratch file (a copy of a reference, say) before you publish it."
        )
    elif built.untracked:
        shown = ", ".join(map(str, built.untracked[:10])) + (", ..." if len(built.untracked) > 10 else "")
        print(f"Also left out, as git does not track them: {counted(len(built.untracked), 'file')} ({shown}).")
    print(
        f"Make it the assignment's template repository; kata classroom github --template {folder} "
        "also writes the autograding workflow into it."
    )
    return 0
