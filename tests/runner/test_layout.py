"""The runner's packages import one another in one direction only (ARCHITECTURE.md)."""

from __future__ import annotations

import ast
import re

import pytest

from kata.katas import MATERIALS, ROOT

# Each package, and the packages it may import. kata.katas (the katas: their facts, stubs, interview scripts
# and materials) is beneath them all; kata.judging beneath every package that runs or reports a test.
MAY_IMPORT = {
    "katas": set(),
    "judging": {"katas"},
    "drawing": {"katas", "judging"},
    "sandbox": {"katas", "judging"},
    "runner": {"katas", "sandbox", "judging"},
    "plugin": {"katas", "runner", "sandbox", "judging"},
    "grading": {"katas", "runner", "sandbox", "judging"},
    "interview": {"katas", "runner", "sandbox", "judging"},
    "command": {"katas", "runner", "grading", "interview", "sandbox", "judging", "drawing"},
    "maintenance": {"katas", "runner", "judging"},
}
TOP_LEVEL = ROOT / "kata"
BESIDE_THE_PACKAGES = {"__init__.py", "__main__.py"}  # the package's docstring, and `python -m kata`
MOST_ENTRIES = 12  # what a newcomer can take in at a glance


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
    wrong = [
        f"{path.relative_to(ROOT)}:{line} imports kata.{imported}"
        for path in sorted((TOP_LEVEL / package).rglob("*.py"))
        for imported, line in sorted(imported_packages(path))
        if imported != package and imported not in MAY_IMPORT[package]
    ]
    assert not wrong, "\n".join(wrong)


def test_kata_holds_at_most_a_dozen_entries_each_a_package_but_its_docstring_and_main():
    entries = {path.name for path in TOP_LEVEL.iterdir() if path.name != "__pycache__"}
    loose = sorted(name for name in entries - BESIDE_THE_PACKAGES if not (TOP_LEVEL / name / "__init__.py").is_file())
    assert not loose, f"kata/ holds entries that are not packages: {loose}"
    assert len(entries) <= MOST_ENTRIES, f"kata/ holds {len(entries)} entries: {sorted(entries)}"


def test_every_package_says_what_it_holds():
    for package in MAY_IMPORT:
        docstring = ast.get_docstring(ast.parse((TOP_LEVEL / package / "__init__.py").read_text()))
        assert docstring and "Imports" in docstring, f"kata/{package}/__init__.py says what it may import"


def test_the_sandbox_reaches_the_state_of_a_run_in_judging_only_through_kata_judging_elsewhere():
    """The time of a test's waits, the call in progress and a test's stop are judging's; the sandbox reads and writes
    them through kata.judging.elsewhere alone, never through the call log or a registry of the guards."""
    wrong = [
        f"{path.relative_to(ROOT)}:{node.lineno} imports {node.module}.{alias.name}"
        for path in sorted((TOP_LEVEL / "sandbox").glob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(), str(path)))
        if isinstance(node, ast.ImportFrom) and node.module in ("kata.judging.calls", "kata.judging.guards")
        for alias in node.names
        if node.module == "kata.judging.guards" or alias.name == "log"
    ]
    assert not wrong, "\n".join(wrong)


def test_every_module_of_kata_a_statement_or_stub_imports_is_a_material_workers_load():
    """A confined worker cannot read kata/: what a submission imports from it is loaded beforehand."""
    imported = {
        match
        for path in sorted((ROOT / "problems").glob("*/*"))
        if path.suffix in (".py", ".md")
        for match in re.findall(r"(?:from|import) (kata(?:\.[a-z_]+)+)", path.read_text(encoding="utf-8"))
    }
    assert imported and imported <= set(MATERIALS), sorted(imported - set(MATERIALS))


def test_every_package_of_kata_has_its_place_in_the_layout_and_in_its_descriptions():
    """A package added without a place in MAY_IMPORT would escape the checks above; one missing from
    kata/__init__.py, ARCHITECTURE.md or CONTRIBUTING.md's Layout would leave a newcomer a folder unexplained."""
    packages = {path.parent.name for path in TOP_LEVEL.glob("*/__init__.py")}
    unplaced, vanished = sorted(packages - set(MAY_IMPORT)), sorted(set(MAY_IMPORT) - packages)
    assert not unplaced and not vanished, f"packages without a place: {unplaced}; places without a package: {vanished}"
    descriptions = {
        "kata/__init__.py": ast.get_docstring(ast.parse((TOP_LEVEL / "__init__.py").read_text())),
        "ARCHITECTURE.md": (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8"),
        "CONTRIBUTING.md": (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8"),
    }
    missing = [
        f"{where} does not name kata.{package}"
        for where, text in descriptions.items()
        for package in sorted(packages)
        if f"kata.{package}" not in (text or "").replace("/", ".")
    ]
    assert not missing, "\n".join(missing)


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
    graph = {
        name: {
            imported
            for imported in modules_imported_on_loading(path)
            if imported in modules and imported != name and not name.startswith(imported + ".")
        }
        for name, path in modules.items()
    }
    circles = []
    state: dict[str, str] = {}

    def visit(name: str, trail: list[str]) -> None:
        state[name] = "open"
        for imported in sorted(graph[name]):
            if state.get(imported) == "open":
                circles.append(" -> ".join(trail[trail.index(imported) :] + [imported]))
            elif imported not in state:
                visit(imported, trail + [imported])
        state[name] = "done"

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert not circles, "import circles:\n" + "\n".join(circles)


def modules_with_code(package: str) -> set[str]:
    """A package's modules, by file name, and its packages, by folder name and a slash (`labelled_set/`); an
    __init__.py holding only its docstring and imports is not one."""
    found = {f"{path.parent.name}/" for path in (TOP_LEVEL / package).glob("*/__init__.py")}
    for path in (TOP_LEVEL / package).glob("*.py"):
        body = ast.parse(path.read_text(encoding="utf-8")).body
        if path.name != "__init__.py" or any(
            not isinstance(node, (ast.Expr, ast.ImportFrom, ast.Import)) for node in body
        ):
            found.add(path.name)
    return found


def architecture_rows() -> dict[str, str]:
    """ARCHITECTURE.md's table of packages: package -> the cell that lists its modules."""
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    return dict(re.findall(r"^\| `kata\.([a-z_]+)` \|[^|]*\| (.*) \|$", text, re.M))


@pytest.mark.parametrize("package", sorted(MAY_IMPORT))
def test_architectures_map_lists_exactly_the_modules_of_each_package(package):
    listed = set(re.findall(r"`([a-z_]+(?:\.py|/))`", architecture_rows().get(package, "")))
    modules = modules_with_code(package)
    assert (sorted(modules - listed), sorted(listed - modules)) == ([], []), (
        f"ARCHITECTURE.md's row of kata.{package}: (modules it does not list, listed modules that do not exist)"
    )


def test_architecture_names_exactly_the_modules_beside_the_packages():
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`kata/([a-z_]+\.py)`", text))
    modules = {path.name for path in TOP_LEVEL.glob("*.py")} - {"__init__.py"}
    assert (sorted(modules - named), sorted(named - modules)) == ([], [])


def defined_names(package: str) -> set[str]:
    """The names a package's modules define at their top level."""
    names = set()
    for path in (TOP_LEVEL / package).glob("*.py"):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names |= {target.id for target in targets if isinstance(target, ast.Name)}
    return names


@pytest.mark.parametrize("package", sorted(MAY_IMPORT))
def test_each_package_docstring_names_exactly_its_modules(package):
    """A docstring named modules that no longer existed (runner's loader, loading, results): a name in
    backquotes that is neither a module of the package nor a name one of them defines is one of those."""
    docstring = ast.get_docstring(ast.parse((TOP_LEVEL / package / "__init__.py").read_text())) or ""
    quoted = set(re.findall(r"`([a-z_]+)`", docstring))
    modules = {name.removesuffix(".py").removesuffix("/") for name in modules_with_code(package)} - {"__init__"}
    unnamed = sorted(modules - quoted)
    phantoms = sorted(quoted - modules - defined_names(package))
    assert (unnamed, phantoms) == ([], []), (
        f"kata/{package}/__init__.py: (modules it does not name, names of no module)"
    )


def test_the_rest_of_kata_enters_the_sandbox_only_by_its_door():
    """kata.sandbox's names (__all__) are its public interface: no module outside it imports one of its
    modules (nor reaches one by name, by importlib or sys.modules), nor uses a name the door does not list."""
    from kata import sandbox

    wrong = []
    for path in sorted(TOP_LEVEL.rglob("*.py")):
        if path.is_relative_to(TOP_LEVEL / "sandbox"):
            continue
        where = path.relative_to(ROOT)
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                names = [alias.name for alias in node.names]
                if node.level or module.startswith("kata.sandbox."):
                    wrong.append(f"{where}:{node.lineno} imports from {'.' * node.level}{module}")
                elif module == "kata.sandbox":
                    wrong += [
                        f"{where}:{node.lineno} imports {name}, not in the door"
                        for name in names
                        if name not in sandbox.__all__
                    ]
            elif isinstance(node, ast.Import):
                wrong += [
                    f"{where}:{node.lineno} imports {alias.name}"
                    for alias in node.names
                    if alias.name.startswith("kata.sandbox")
                ]
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "sandbox":
                if node.attr not in sandbox.__all__:
                    wrong.append(f"{where}:{node.lineno} uses sandbox.{node.attr}, not in the door")
            elif isinstance(node, (ast.Call, ast.Subscript)):  # importlib.import_module(...), sys.modules[...]
                named = (
                    [*node.args, *(keyword.value for keyword in node.keywords)]
                    if isinstance(node, ast.Call)
                    else [node.slice]
                )
                wrong += [
                    f"{where}:{node.lineno} reaches {value.value!r} by name"
                    for value in named
                    if isinstance(value, ast.Constant) and str(value.value).startswith("kata.sandbox.")
                ]
    assert not wrong, "\n".join(wrong)


def test_the_sandboxs_door_lists_exactly_the_names_it_opens():
    from kata import sandbox

    assert sorted(sandbox.__all__) == sorted([*sandbox.DOOR, "workers_started"])
    for name in sandbox.__all__:
        assert getattr(sandbox, name) is not None, name
