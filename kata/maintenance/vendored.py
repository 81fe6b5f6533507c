"""The code wild/'s vendored adapters copy from a library's release, checked word for word against its wheel.

A library too heavy to install for the one function a kata's suite judges (GraphRAG, an old LangChain,
llama-index-core, Haystack) is copied into its adapter instead: each copied function, class or method exactly as
it is in the file `VENDORED[0]` of the wheel PyPI serves for the release `LIBRARY` names, whose SHA-256 is
`VENDORED[1]`. The adapter's own code is the kata's functions and its constants; everything else it defines must
be found, the same, in that file. The release's licence is in wild/licences/, named after the release.

    python -m kata.maintenance wild --vendored    # download each wheel, check its hash, find every copied piece
"""

from __future__ import annotations

import ast
import hashlib
import subprocess
import sys
import tempfile
import textwrap
import zipfile
from pathlib import Path

from kata.katas import relative
from kata.maintenance.wild import LICENCES, Adapter, adapters

DOWNLOAD_SECONDS = 300


def licence_of(adapter: Adapter) -> Path:
    """Where the licence of the adapter's release is kept: wild/licences/graphrag-2.1.0.txt."""
    return LICENCES / f"{adapter.distribution}-{adapter.version}.txt"


def source_of(node: ast.stmt, lines: list[str]) -> str:
    """A definition's text with its decorators, dedented (a method compares with a method at any depth)."""
    first = min([node.lineno, *(decorator.lineno for decorator in getattr(node, "decorator_list", []))])
    return textwrap.dedent("".join(lines[first - 1 : node.end_lineno]))


def name_of(node: ast.stmt) -> str | None:
    """What a top-level statement defines: a function's or class's name, or an assignment's one name."""
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return node.name
    if isinstance(node, ast.Assign | ast.AnnAssign):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if len(targets) == 1 and isinstance(targets[0], ast.Name):
            return targets[0].id
    return None


def definitions(body: list[ast.stmt]) -> dict[str, ast.stmt]:
    """The named statements of a module's or a class's body."""
    return {name: node for node in body if (name := name_of(node)) is not None}


def is_docstring(node: ast.stmt) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


def differences_from_release(adapter: Adapter, release_source: str) -> list[str]:
    """How the adapter's copied code differs from the release's file (none when every piece is found the same).

    A copied class is the release's whole, or holds some of its methods and fields, each the same (the rest
    of the release's class is what the kata does not reach)."""
    where = f"{adapter.vendored[0] if adapter.vendored else '?'} of {adapter.distribution} {adapter.version}"
    ours_lines = adapter.path.read_text(encoding="utf-8").splitlines(keepends=True)
    theirs_lines = release_source.splitlines(keepends=True)
    theirs = definitions(ast.parse(release_source).body)
    said = []
    for name, node in definitions(ast.parse("".join(ours_lines)).body).items():
        own = name in adapter.kata.functions or (isinstance(node, ast.Assign | ast.AnnAssign) and name not in theirs)
        if own:
            continue
        if name not in theirs:
            said.append(f"{adapter.name}: {name} is not in {where}")
        elif source_of(node, ours_lines) == source_of(theirs[name], theirs_lines):
            continue
        elif isinstance(node, ast.ClassDef) and isinstance(release := theirs[name], ast.ClassDef):
            said += class_differences(adapter.name, node, ours_lines, release, theirs_lines, where)
        else:
            said.append(f"{adapter.name}: {name} differs from {where}")
    return said


def class_differences(
    adapter_name: str,
    ours: ast.ClassDef,
    ours_lines: list[str],
    theirs: ast.ClassDef,
    theirs_lines: list[str],
    where: str,
) -> list[str]:
    """How a class holding some of the release's methods and fields differs from the release's class."""
    members = definitions(theirs.body)
    said = []
    for node in ours.body:
        if is_docstring(node):
            continue
        name = name_of(node)
        if not isinstance(node, ast.FunctionDef | ast.AnnAssign) or name not in members:
            said.append(f"{adapter_name}: {ours.name} holds {name or 'a statement'} that {where}'s {ours.name} has not")
        elif source_of(node, ours_lines) != source_of(members[name], theirs_lines):
            said.append(f"{adapter_name}: {ours.name}.{name} differs from {where}")
    return said


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def release_file(wheel: Path, inside: str) -> str:
    """A file's text in a wheel."""
    with zipfile.ZipFile(wheel) as archive:
        return archive.read(inside).decode("utf-8")


def download_wheel(adapter: Adapter, folder: Path) -> Path:
    """The release's wheel, from the package index pip is set up with."""
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:", "-d", str(folder)]
        + [f"{adapter.distribution}=={adapter.version}"],
        check=True,
        timeout=DOWNLOAD_SECONDS,
    )
    (wheel,) = folder.glob("*.whl")
    return wheel


def check_against_wheel(adapter: Adapter, wheel: Path) -> list[str]:
    """Everything wrong with the adapter's copy, given its release's wheel: its hash, its file, its pieces, and
    the licence kept beside."""
    assert adapter.vendored is not None
    inside, sha256 = adapter.vendored
    found = sha256_of(wheel)
    if found != sha256:
        return [f"{adapter.name}: {wheel.name} has SHA-256 {found}, not {sha256}"]
    try:
        source = release_file(wheel, inside)
    except KeyError:
        return [f"{adapter.name}: {wheel.name} has no {inside}"]
    said = differences_from_release(adapter, source)
    if not licence_of(adapter).is_file():
        said.append(
            f"{adapter.name}: no licence of {adapter.distribution} {adapter.version} at {relative(licence_of(adapter))}"
        )
    return said


def check_vendored() -> int:
    """Download each vendored adapter's wheel and check the copy; print what differs; 0 when nothing does."""
    said = []
    for adapter in (adapter for adapter in adapters() if adapter.vendored is not None):
        with tempfile.TemporaryDirectory(prefix="kata-wheel-") as folder:
            try:
                wheel = download_wheel(adapter, Path(folder))
            except (subprocess.SubprocessError, ValueError) as error:
                said.append(f"{adapter.name}: {adapter.distribution}=={adapter.version} not downloaded: {error}")
                continue
            found = check_against_wheel(adapter, wheel)
        print(f"{adapter.name}: {'differs' if found else 'the same as'} {adapter.distribution} {adapter.version}")
        said += found
    for line in said:
        print(line)
    return 1 if said else 0
