"""The runner's packages import one another in one direction only (ARCHITECTURE.md)."""

from __future__ import annotations

import ast
import re

import pytest

from kata.katas import MATERIALS, ROOT

# Each package, and the packages it may import; the modules directly in kata/ (kata.katas, kata.vocabulary,
# kata.printable, kata.processes, kata.folders, kata.stubs and the katas' materials) may be imported by any of them.
MAY_IMPORT = {
    "judging": set(),
    "labelled_set": set(),
    "drawing": {"labelled_set"},
    "isolation": {"judging"},
    "runner": {"isolation", "judging"},
    "grading": {"runner", "isolation", "judging"},
    "interview": {"runner"},
    "release": {"runner", "isolation", "judging"},
    "command": {"runner", "grading", "interview", "release", "isolation", "judging", "drawing", "labelled_set"},
    "maintenance": {"runner", "judging", "labelled_set"},
}
TOP_LEVEL = ROOT / "kata"


def imported_packages(path) -> set[tuple[str, int]]:
    """The kata packages a module imports, with the line of each import (inside functions too)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "kata":
            names = [node.module] if node.module != "kata" else [f"kata.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names if alias.name.split(".")[0] == "kata"]
        else:
            continue
        found |= {(name.split(".")[1], node.lineno) for name in names if len(name.split(".")) > 1}
    return {(package, line) for package, line in found if package in MAY_IMPORT}


@pytest.mark.parametrize("package", sorted(MAY_IMPORT))
def test_a_package_imports_only_the_packages_beneath_it(package):
    wrong = [f"{path.relative_to(ROOT)}:{line} imports kata.{imported}"
             for path in sorted((TOP_LEVEL / package).glob("*.py"))
             for imported, line in sorted(imported_packages(path))
             if imported != package and imported not in MAY_IMPORT[package]]
    assert not wrong, "\n".join(wrong)


def test_the_modules_beside_the_packages_import_none_of_them():
    """kata.katas, kata.vocabulary, kata.printable, kata.processes, kata.folders, kata.stubs and the materials may be
    imported by any package: they import none."""
    wrong = [f"{path.relative_to(ROOT)}:{line} imports kata.{imported}"
             for path in sorted(TOP_LEVEL.glob("*.py")) if path.name != "__main__.py"
             for imported, line in sorted(imported_packages(path))]
    assert not wrong, "\n".join(wrong)


def test_every_package_says_what_it_holds():
    for package in MAY_IMPORT:
        docstring = ast.get_docstring(ast.parse((TOP_LEVEL / package / "__init__.py").read_text()))
        assert docstring and "Imports" in docstring, f"kata/{package}/__init__.py says what it may import"


def test_isolation_reaches_the_state_of_a_run_in_judging_only_through_kata_judging_elsewhere():
    """The time of a test's waits, the call in progress and a test's stop are judging's; isolation reads and writes
    them through kata.judging.elsewhere alone, never through the call log or a registry of the guards."""
    wrong = [f"{path.relative_to(ROOT)}:{node.lineno} imports {node.module}.{alias.name}"
             for path in sorted((TOP_LEVEL / "isolation").glob("*.py"))
             for node in ast.walk(ast.parse(path.read_text(), str(path)))
             if isinstance(node, ast.ImportFrom) and node.module in ("kata.judging.calls", "kata.judging.guards")
             for alias in node.names if node.module == "kata.judging.guards" or alias.name == "log"]
    assert not wrong, "\n".join(wrong)


def test_every_module_of_kata_a_statement_or_stub_imports_is_a_material_workers_load():
    """A confined worker cannot read kata/: what a submission imports from it is loaded beforehand."""
    imported = {match for path in sorted((ROOT / "problems").glob("*/*"))
                if path.suffix in (".py", ".md")
                for match in re.findall(r"(?:from|import) (kata\.[a-z_]+)", path.read_text(encoding="utf-8"))}
    assert imported and imported <= set(MATERIALS), sorted(imported - set(MATERIALS))


def test_every_package_of_kata_has_its_place_in_the_layout_and_in_its_descriptions():
    """A package added without a place in MAY_IMPORT would escape the checks above; one missing from
    kata/__init__.py, ARCHITECTURE.md or CONTRIBUTING.md's Layout would leave a newcomer a folder unexplained."""
    packages = {path.parent.name for path in TOP_LEVEL.glob("*/__init__.py")}
    unplaced, vanished = sorted(packages - set(MAY_IMPORT)), sorted(set(MAY_IMPORT) - packages)
    assert not unplaced and not vanished, f"packages without a place: {unplaced}; places without a package: {vanished}"
    descriptions = {"kata/__init__.py": ast.get_docstring(ast.parse((TOP_LEVEL / "__init__.py").read_text())),
                    "ARCHITECTURE.md": (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8"),
                    "CONTRIBUTING.md": (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")}
    missing = [f"{where} does not name kata.{package}" for where, text in descriptions.items()
               for package in sorted(packages) if f"kata.{package}" not in (text or "").replace("/", ".")]
    assert not missing, "\n".join(missing)


MOST_LINES = 450  # a module longer than this holds more than one concern: split it by what it holds


def test_no_module_of_the_runner_is_longer_than_a_screenful_of_concerns():
    long = [f"{path.relative_to(ROOT)}: {lines} lines" for path in sorted(TOP_LEVEL.rglob("*.py"))
            if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES]
    assert not long, f"modules over {MOST_LINES} lines:\n" + "\n".join(long)


def module_name(path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules_imported_on_loading(path) -> set[str]:
    """The kata modules a module imports outside its functions (under `if TYPE_CHECKING` too: a reader
    follows those), each as the longest module name that exists."""
    names: set[str] = set()
    pending = list(ast.parse(path.read_text(encoding="utf-8"), str(path)).body)
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.If, ast.Try)):
            pending += node.body + node.orelse + getattr(node, "handlers", []) + getattr(node, "finalbody", [])
        elif isinstance(node, ast.ExceptHandler):
            pending += node.body
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("kata"):
            names |= {f"{node.module}.{alias.name}" for alias in node.names} | {node.module}
        elif isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names if alias.name.startswith("kata")}
    return names


def test_no_two_modules_of_the_runner_import_each_other_even_through_others():
    modules = {module_name(path): path for path in TOP_LEVEL.rglob("*.py")}
    graph = {name: {imported for imported in modules_imported_on_loading(path)
                    if imported in modules and imported != name and not name.startswith(imported + ".")}
             for name, path in modules.items()}
    circles = []
    state: dict[str, str] = {}

    def visit(name: str, trail: list[str]) -> None:
        state[name] = "open"
        for imported in sorted(graph[name]):
            if state.get(imported) == "open":
                circles.append(" -> ".join(trail[trail.index(imported):] + [imported]))
            elif imported not in state:
                visit(imported, trail + [imported])
        state[name] = "done"

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert not circles, "import circles:\n" + "\n".join(circles)
