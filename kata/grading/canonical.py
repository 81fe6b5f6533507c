"""Python source in a canonical form, so that cheap disguises of a copy change nothing its fingerprint sees.

As JPlag (v5) normalises token sequences before comparing them, the code is read as a syntax tree and
written back, statement by statement, with each statement's line in the source:
- statements that do nothing are left out: `pass` beside other statements, an expression statement that
  calls nothing but pure builtins (`len(())`, a bare name, a constant: docstrings too), and an assignment
  to a name nothing reads (`_ = None`), when its value calls nothing;
- comparisons face one way: `a > b` is written `b < a`, `a >= b` is `b <= a`;
- a run of simple statements that do not depend on each other is written in one order, the same whatever
  order they were in: a statement comes after every earlier one whose names it reads or writes, or which
  reads or writes its names (a call counts as writing the object it is called on, and as touching
  everything when it is not a pure builtin), and among those free to come next, the one whose text in
  normal form (the caller's: names made alike, so that renaming changes no order) is smallest comes first.
Source that does not parse has no canonical form (None): the caller reads its tokens as they are.
"""

from __future__ import annotations

import ast
import copy
import io
import tokenize
from collections.abc import Callable, Iterator

# Builtins that change nothing (with arguments that call nothing else): a call of one alone does nothing.
PURE_BUILTINS = frozenset(
    {
        "abs",
        "all",
        "any",
        "bool",
        "dict",
        "divmod",
        "float",
        "frozenset",
        "hash",
        "int",
        "isinstance",
        "issubclass",
        "len",
        "list",
        "max",
        "min",
        "range",
        "repr",
        "reversed",
        "round",
        "set",
        "sorted",
        "str",
        "sum",
        "tuple",
        "type",
        "zip",
        "enumerate",
    }
)
_FLIPPED = {ast.Gt: ast.Lt, ast.GtE: ast.LtE}
_SIMPLE = (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr)
_EVERYTHING = "*"  # what a call that is not a pure builtin may read or change
# Ordering a run compares each statement with each one before it: a longer run (a file of thousands of
# assignments, which a solution never has) keeps its written order, so that no file costs more than linear.
MAX_RUN = 64
_BLOCKS = ("body", "orelse", "finalbody")
# The statements written as a header and blocks (a match statement is written whole, as one statement).
_COMPOUND = (
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.ClassDef,
    ast.If,
    ast.For,
    ast.AsyncFor,
    ast.While,
    ast.With,
    ast.AsyncWith,
    ast.Try,
    getattr(ast, "TryStar", ast.Try),
)


def canonical_lines(source: str, normal: Callable[[str], str] = str) -> list[tuple[str, int]] | None:
    """The source's statements in canonical form, as (line of code, line in the source) with "{" and "}"
    lines around each block; None when the source does not parse. `normal` gives a statement's text the
    form in which independent statements are ordered."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    loaded = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)}
    try:
        tree = _Canonical(loaded, normal).visit(tree)
        return list(_lines(tree.body))
    except (RecursionError, ValueError):
        return None


class _Canonical(ast.NodeTransformer):
    def __init__(self, loaded: set[str], normal: Callable[[str], str]):
        self.loaded = loaded
        self.normal = normal

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        self.generic_visit(node)
        if len(node.ops) == 1 and type(node.ops[0]) in _FLIPPED:
            flipped = ast.Compare(node.comparators[0], [_FLIPPED[type(node.ops[0])]()], [node.left])
            return ast.copy_location(flipped, node)
        return node

    def generic_visit(self, node: ast.AST) -> ast.AST:
        super().generic_visit(node)
        for name in _BLOCKS:
            body = getattr(node, name, None)
            if isinstance(body, list) and body and all(isinstance(stmt, ast.stmt) for stmt in body):
                kept = [stmt for stmt in body if not self.does_nothing(stmt)]
                kept = kept or [ast.copy_location(ast.Pass(), body[0])]
                setattr(node, name, _in_canonical_order(kept, self.normal))
        return node

    def does_nothing(self, stmt: ast.stmt) -> bool:
        if isinstance(stmt, ast.Pass):
            return True
        if isinstance(stmt, ast.Expr):
            return _calls_nothing(stmt.value)
        if isinstance(stmt, ast.Assign):
            names = [target.id for target in stmt.targets if isinstance(target, ast.Name)]
            return len(names) == len(stmt.targets) and _calls_nothing(stmt.value) and not set(names) & self.loaded
        return False


def _calls_nothing(node: ast.AST) -> bool:
    """Whether evaluating the expression can change nothing: it calls only pure builtins, yields nothing."""
    for inner in ast.walk(node):
        if isinstance(inner, (ast.Await, ast.Yield, ast.YieldFrom, ast.NamedExpr, ast.Lambda)):
            return False
        if isinstance(inner, ast.Call) and not (isinstance(inner.func, ast.Name) and inner.func.id in PURE_BUILTINS):
            return False
    return True


def _in_canonical_order(body: list[ast.stmt], normal: Callable[[str], str]) -> list[ast.stmt]:
    """The body with each run of simple statements in canonical order (the module's docstring explains it)."""
    ordered: list[ast.stmt] = []
    run: list[ast.stmt] = []
    for stmt in [*body, None]:
        if isinstance(stmt, _SIMPLE):
            run.append(stmt)
            continue
        ordered += _ordered_run(run, normal)
        run = []
        if stmt is not None:
            ordered.append(stmt)
    return ordered


def _ordered_run(run: list[ast.stmt], normal: Callable[[str], str]) -> list[ast.stmt]:
    if not 2 <= len(run) <= MAX_RUN:
        return run
    touches = [_names_touched(stmt) for stmt in run]
    texts = [normal(ast.unparse(stmt)) for stmt in run]
    before = {
        index: {earlier for earlier in range(index) if _depends(touches[earlier], touches[index])}
        for index in range(len(run))
    }
    placed: list[int] = []
    while len(placed) < len(run):
        free = [index for index in range(len(run)) if index not in placed and before[index] <= set(placed)]
        placed.append(min(free, key=lambda index: (texts[index], index)))
    return [run[index] for index in placed]


def _names_touched(stmt: ast.stmt) -> tuple[set[str], set[str]]:
    """The names the statement reads, and those it writes (a call writes what it is called on)."""
    reads: set[str] = set()
    writes: set[str] = set()
    for node in ast.walk(stmt):
        if isinstance(node, ast.Name):
            (reads if isinstance(node.ctx, ast.Load) else writes).add(node.id)
        elif isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name) and node.func.id in PURE_BUILTINS:
                continue
            writes.add(_EVERYTHING)
            if isinstance(node.func, ast.Attribute):
                writes |= {inner.id for inner in ast.walk(node.func.value) if isinstance(inner, ast.Name)}
        elif isinstance(node, (ast.Subscript, ast.Attribute)) and isinstance(node.ctx, (ast.Store, ast.Del)):
            writes |= {inner.id for inner in ast.walk(node.value) if isinstance(inner, ast.Name)}
    if isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name):
        reads.add(stmt.target.id)
    return reads, writes


def _depends(earlier: tuple[set[str], set[str]], later: tuple[set[str], set[str]]) -> bool:
    """Whether the later statement must stay after the earlier: one writes what the other reads or writes."""
    (reads_a, writes_a), (reads_b, writes_b) = earlier, later
    return _meet(writes_a, reads_b | writes_b) or _meet(writes_b, reads_a)


def _meet(writes: set[str], names: set[str]) -> bool:
    return bool(writes & names) or (bool(names) and _EVERYTHING in writes) or (bool(writes) and _EVERYTHING in names)


def _lines(body: list[ast.stmt]) -> Iterator[tuple[str, int]]:
    for stmt in body:
        if not isinstance(stmt, _COMPOUND):
            for line in ast.unparse(stmt).splitlines():
                yield line, stmt.lineno
            continue
        yield from ((line, stmt.lineno) for line in _header(stmt))
        yield from _block(stmt.body)
        for handler in getattr(stmt, "handlers", None) or []:
            yield from ((line, handler.lineno) for line in _header(handler))
            yield from _block(handler.body)
        for name, word in (("orelse", "else:"), ("finalbody", "finally:")):
            block = getattr(stmt, name, None)
            if block:
                yield word, block[0].lineno
                yield from _block(block)


def _block(body: list[ast.stmt]) -> Iterator[tuple[str, int]]:
    yield "{", body[0].lineno
    yield from _lines(body)
    yield "}", body[-1].lineno


def _header(node: ast.AST) -> list[str]:
    """The lines of a compound statement before its body (decorators, `def f(x):`, `if a < b:`)."""
    bare = copy.copy(node)
    for name in (*_BLOCKS, "handlers"):
        if getattr(bare, name, None):
            setattr(bare, name, [ast.Pass()] if name == "body" else [])
    return ast.unparse(bare).splitlines()[:-1]


def canonical_tokens(source: str, normal: Callable[[str], str] = str) -> list[tuple[tokenize.TokenInfo, int]] | None:
    """Each token of the canonical form, with the line of the source it comes from; None where it does not
    parse. "{" and "}" lines stand for the start and the end of a block, as INDENT and DEDENT do."""
    lines = canonical_lines(source, normal)
    if lines is None:
        return None
    tokens: list[tuple[tokenize.TokenInfo, int]] = []
    for text, line in lines:
        if text in ("{", "}"):
            kind = tokenize.INDENT if text == "{" else tokenize.DEDENT
            tokens.append((tokenize.TokenInfo(kind, text, (line, 0), (line, 0), text), line))
            continue
        try:
            for token in tokenize.generate_tokens(io.StringIO(text + "\n").readline):
                if token.type not in (tokenize.ENDMARKER, tokenize.NL, tokenize.INDENT, tokenize.DEDENT):
                    tokens.append((token, line))
        except (tokenize.TokenError, SyntaxError):
            return None
    return tokens
