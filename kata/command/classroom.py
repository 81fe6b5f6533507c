"""`kata classroom`: write the autograder of GitHub Classroom or Gradescope, or grade one kata in a workflow's step."""

from __future__ import annotations

from pathlib import Path

from kata.command.progress import label
from kata.judging.vocabulary import counted
from kata.katas import KATAS, ROOT, Kata, find_kata


class ClassroomProblem(ValueError):
    """Options that do not go together; the message names them."""


def classroom(
    platform: str,
    kata: str | None,
    names: list[str] | None,
    points: float,
    out: Path | None,
    template: Path | None = None,
) -> int:
    if template is not None and (platform != "github" or out is not None):
        raise ClassroomProblem("--template goes with github alone, without --out: the workflow goes into the template")
    if platform == "step":
        if kata is None or names is not None or out is not None:
            raise ClassroomProblem("step takes one KATA (and --points), as the workflow's steps run it")
        from kata.grading.classroom import write_github_step_result

        said, _ = write_github_step_result(find_kata(kata), points)
        print(said)
        return 0
    if kata is not None:
        raise ClassroomProblem(f"{platform} takes the katas as --katas, not as KATA ({kata!r})")
    katas = sorted({find_kata(name) for name in names}, key=KATAS.index) if names else list(KATAS)
    if platform == "github" and template is not None:
        return _write_template(katas, points, template)
    if platform == "github":
        return _write_workflow(katas, points, out or ROOT / ".github" / "workflows" / "classroom.yml")
    return _write_zip(katas, points, out or Path("autograder.zip"))


def _write_workflow(katas: list[Kata], points: float, out: Path) -> int:
    from kata.grading.classroom import workflow

    if out.suffix not in (".yml", ".yaml"):
        raise ClassroomProblem(f"--out {str(out)!r} does not end in .yml or .yaml")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(workflow(katas, points), encoding="utf-8")
    print(f"Wrote {out}: {counted(len(katas), 'kata')}, {points:g} points each ({', '.join(label(k) for k in katas)}).")
    print("Commit it to the assignment's template repository; GitHub Classroom grades every push.")
    return 0


def _write_template(katas: list[Kata], points: float, template: Path) -> int:
    """The assignment's template repository: the students' release, with the workflow in it."""
    from kata.command.release import release
    from kata.grading.classroom import WORKFLOW

    release(template)
    return _write_workflow(katas, points, template / WORKFLOW)


def _write_zip(katas: list[Kata], points: float, out: Path) -> int:
    from kata.grading.gradescope import build_zip

    if out.suffix != ".zip":
        raise ClassroomProblem(f"--out {str(out)!r} does not end in .zip")
    if not out.parent.is_dir():
        raise ClassroomProblem(f"--out {str(out)!r} is in a folder that does not exist")
    try:
        names = build_zip(out, katas, points)
    except ValueError as lacking:  # this copy lacks what the autograder needs
        raise ClassroomProblem(str(lacking)) from None
    print(
        f"Wrote {out}: setup.sh, run_autograder and {len(names)} files of the katas; "
        f"{counted(len(katas), 'kata')}, {points:g} points each."
    )
    print("Upload it as the autograder of a Gradescope programming assignment (Ubuntu base image).")
    return 0
