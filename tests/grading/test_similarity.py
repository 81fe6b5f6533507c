"""kata similarity: winnowed fingerprints find a disguised copy and do not flag independent solutions.

The test class (tests/grading/similar_class/) holds eight independent correct solutions of katas 01 and 02,
written in different styles; five of their authors paste the same validation helper (a lecture's snippet),
as a class does. With the correct solution of tests/grading/classroom/, they are the honest pairs; with the
reference, the honest pairs of a student and the reference. Each is disguised here as a copier would (every
name renamed, docstrings and comments replaced, functions reordered, messages reworded, the layout
rewritten): those are the copies, each measured in the class it was handed in with.
"""

from __future__ import annotations

import ast
import base64
import builtins
import functools
import itertools
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kata.grading.similarity import (
    IGNORE_SHARED,
    REFERENCE,
    SHARED_FLOOR,
    THRESHOLD,
    class_prints,
    compare_class,
    flagged_students,
    trusted_sources,
)
from kata.grading.similarity_page import write_page
from kata.grading.winnowing import Fingerprint, fingerprint, normal_tokens, similarity
from kata.katas import KATAS as KATAS_OF_THE_REPOSITORY
from kata.katas import ROOT, Kata, find_kata
from tests.support.browser import needs_a_browser

CLASS = Path(__file__).parent / "similar_class"
HONEST = tuple(sorted(folder.name for folder in CLASS.iterdir() if folder.is_dir()))
KATAS = (find_kata("1"), find_kata("2"))  # the katas of the test class
ALL_KATAS = KATAS_OF_THE_REPOSITORY
MARGIN = 0.05  # at least, between the threshold and a copy's score; 0.15 below it for an honest pair
# The figures of the README, measured on the test class (test_the_readmes_figures_are_measured_here).
FIGURES = {
    "copies": 0.81,
    "pairs": 0.32,
    "with the reference": 0.36,
    "with a mistake": 0.57,
    "pairs, nothing ignored": 0.59,
}
ONE = '''def f(xs, n):
    """Doc."""
    total = 0  # sum
    for x in xs:
        total += x * 2
    return [total, 'a']
'''
OTHER = '''def f(values, limit):
    """Another doc, longer."""

    acc = 0
    for v in values:
        acc += v * 7

    return [acc, "zzz"]  # done
'''


def honest_sources(kata: Kata) -> dict[str, str]:
    """The class's honest files of the kata, by student: the test class's and tests/grading/classroom's correct one."""
    sources = {name: (CLASS / name / kata.slug / f"{kata.module}.py").read_text(encoding="utf-8") for name in HONEST}
    classroom = Path(__file__).parent / "classroom" / "correct" / kata.slug / f"{kata.module}.py"
    if classroom.is_file():
        sources["classroom"] = classroom.read_text(encoding="utf-8")
    return sources


@functools.cache
def fingerprint_of(source: str) -> Fingerprint:
    return fingerprint(source)


def stub_of(kata: Kata) -> Fingerprint:
    return fingerprint_of(kata.stub_path().read_text(encoding="utf-8"))


def score(kata: Kata, one: str, other: str) -> float:
    stub = stub_of(kata)
    return similarity(fingerprint_of(one).without(stub), fingerprint_of(other).without(stub))


def pair_scores(kata: Kata, sources: dict[str, str], ignore_shared: float = IGNORE_SHARED) -> dict[tuple, float]:
    """Every pair of the class's students, scored as kata similarity scores them."""
    _, prints = class_prints(sources, stub_of(kata), ignore_shared)
    return {(a, b): similarity(prints[a], prints[b]) for a, b in itertools.combinations(sorted(sources), 2)}


@functools.cache  # several tests read the same figures
def measured(kata: Kata, ignore_shared: float = IGNORE_SHARED) -> dict[str, float]:
    """The lowest score of a disguised copy (of a student's, in the class; of the reference's), the highest of an
    honest pair of students, and the highest of a student and the reference."""
    honest, reference = honest_sources(kata), kata.reference_path().read_text(encoding="utf-8")
    copies = [
        pair_scores(kata, {**honest, "~copy": disguised(source, kata.functions)}, ignore_shared)[(name, "~copy")]
        for name, source in honest.items()
        for disguised in DISGUISES
    ]
    copies += [score(kata, reference, disguised(reference, kata.functions)) for disguised in DISGUISES]
    mistakes = [source for name, source in trusted_sources(kata).items() if name != REFERENCE]
    return {
        "copies": min(copies),
        "pairs": max(pair_scores(kata, honest, ignore_shared).values()),
        "with the reference": max(score(kata, source, reference) for source in honest.values()),
        "with a mistake": max(score(kata, source, mistake) for source in honest.values() for mistake in mistakes),
    }


@pytest.mark.parametrize("kata", KATAS, ids=lambda kata: kata.number)
def test_every_disguised_copy_is_flagged(kata):
    assert measured(kata)["copies"] >= THRESHOLD + MARGIN


@pytest.mark.parametrize("kata", KATAS, ids=lambda kata: kata.number)
def test_independent_correct_solutions_are_not_flagged(kata):
    figures = measured(kata)
    assert max(figures["pairs"], figures["with the reference"]) <= THRESHOLD - 3 * MARGIN, figures
    assert figures["with a mistake"] < THRESHOLD, figures  # the closest of some thirty mistakes


def test_the_readmes_figures_are_measured_here():
    by_kata = [measured(kata) for kata in KATAS]
    figures = {
        "copies": min(figures["copies"] for figures in by_kata),
        "pairs": max(figures["pairs"] for figures in by_kata),
        "with the reference": max(figures["with the reference"] for figures in by_kata),
        "with a mistake": max(figures["with a mistake"] for figures in by_kata),
        "pairs, nothing ignored": max(max(pair_scores(kata, honest_sources(kata), 1.0).values()) for kata in KATAS),
    }
    assert {name: round(value, 2) for name, value in figures.items()} == FIGURES
    # Every disguised copy above the threshold, every honest pair below, with the margin; without the rule, the
    # class's common code brings honest pairs within the margin.
    assert figures["copies"] - MARGIN >= THRESHOLD > figures["with a mistake"]
    assert max(figures["pairs"], figures["with the reference"]) <= THRESHOLD - 3 * MARGIN
    assert figures["pairs, nothing ignored"] > THRESHOLD - 3 * MARGIN  # what the rule buys: the margin
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    paragraph = readme[readme.index("`kata similarity` compares") :].split("\n\n", 1)[0]
    stated = [float(number) for number in re.findall(r"\b0\.\d\d?\b", paragraph)]
    assert stated == [
        FIGURES["pairs"],
        FIGURES["with the reference"],
        FIGURES["with a mistake"],
        FIGURES["copies"],
        FIGURES["pairs, nothing ignored"],
        THRESHOLD,
        IGNORE_SHARED,
    ], paragraph


def test_code_most_of_the_class_shares_is_ignored_in_a_class_large_enough():
    kata = find_kata("1")
    honest = honest_sources(kata)
    assert len(honest) >= SHARED_FLOOR
    own, uncommon = class_prints(honest, stub_of(kata))
    helper = next(name for name, source in honest.items() if "def check_int" in source)
    assert len(uncommon[helper].hashes) < len(own[helper].hashes)
    small = dict(itertools.islice(honest.items(), SHARED_FLOOR - 1))  # under the floor, nothing is ignored
    own, uncommon = class_prints(small, stub_of(kata), 0.1)
    assert own == uncommon


def test_a_copy_most_of_the_class_hands_in_is_the_classs_code_but_still_the_references(tmp_path):
    """The rule's limit, as the docs say: nine copies of the reference in a class of seventeen are, to the pairs
    of students, the class's common code; each is still flagged against the reference."""
    kata = find_kata("1")
    shutil.copytree(CLASS, tmp_path / "class")
    copy = disguise(kata.reference_path().read_text(encoding="utf-8"), kata.functions)
    for number in range(9):
        (tmp_path / "class" / f"copier{number}" / kata.slug).mkdir(parents=True)
        (tmp_path / "class" / f"copier{number}" / kata.slug / f"{kata.module}.py").write_text(copy, encoding="utf-8")
    compared = compare_class(tmp_path / "class", [kata])
    flagged = {(pair.a, pair.b) for pair in compared.pairs if pair.flagged}
    assert flagged == {(f"copier{number}", REFERENCE) for number in range(9)}


def test_what_two_students_share_is_never_the_classs():
    kata = find_kata("1")
    honest = honest_sources(kata)
    copied = {**honest, "~copy": disguise(honest["ada"], kata.functions)}
    assert pair_scores(kata, copied, 0.01)[("ada", "~copy")] >= THRESHOLD + MARGIN  # a share of under 2 files


def test_names_literals_comments_docstrings_and_layout_do_not_count():
    assert [token.text for token in normal_tokens(ONE)] == [token.text for token in normal_tokens(OTHER)]


def test_what_the_code_calls_does_count():
    assert [token.text for token in normal_tokens("y = len(x)\nprint(y)\n")] != [
        token.text for token in normal_tokens("y = sum(x)\nprint(y)\n")
    ]


def test_statements_that_do_nothing_are_left_out_and_comparisons_face_one_way():
    plain = normal_tokens("def f(xs, n):\n    if n > 0:\n        return xs\n    return []\n")
    padded = normal_tokens(
        "def f(a, b):\n    _ = None\n    if 0 < b:\n        pass\n        len(())\n        return a\n    return []\n"
    )
    assert [token.text for token in plain] == [token.text for token in padded]
    assert [token.line for token in padded][-3:] == [7, 7, 7]  # each token keeps the line it came from


def test_a_file_of_fifteen_thousand_statements_is_fingerprinted_in_written_order():
    """Ordering compares each statement of a run with those before it: a run past MAX_RUN keeps its order, so a
    file made of nothing but assignments costs no more than its length."""
    tokens = normal_tokens("a = a + 1\n" * 15_000)  # 150,000 characters, under MAX_SOURCE_CHARACTERS
    assert len(tokens) == 6 * 15_000 and tokens[-1].line == 15_000


def test_independent_statements_are_read_in_one_order_whatever_order_they_were_written_in():
    one = normal_tokens("def f(xs, n):\n    out = []\n    start = 0\n    step = n - 1\n    return out, start, step\n")
    other = normal_tokens("def g(a, b):\n    c = b - 1\n    d = 0\n    e = []\n    return e, d, c\n")
    assert [token.text for token in one] == [token.text for token in other]
    dependent = normal_tokens("def f(n):\n    step = n - 1\n    n = 0\n    return n, step\n")
    swapped = normal_tokens("def f(n):\n    n = 0\n    step = n - 1\n    return n, step\n")
    assert [token.text for token in dependent] != [token.text for token in swapped]  # the order matters there


def test_the_order_of_the_functions_does_not_hide_a_copy():
    kata = find_kata("1")
    source = kata.reference_path().read_text(encoding="utf-8")
    tree = ast.parse(source)
    tree.body = tree.body[::-1]
    assert score(kata, source, ast.unparse(tree)) >= 0.9


def test_the_stub_never_counts_as_copied():
    kata = find_kata("2")
    stub = kata.stub_path().read_text(encoding="utf-8")
    assert score(kata, stub, stub) == 0.0


def test_source_that_does_not_tokenize_is_compared_as_far_as_it_reads():
    assert [token.text for token in normal_tokens("x = 1\ndef f(:\n  )]]\x00")][:4] == ["N", "=", "0", ";"]
    assert normal_tokens("(" * 5000)  # nesting deeper than the parser allows
    assert fingerprint("\x00\xff garbage ''' unterminated").hashes == {}


@pytest.fixture
def copied_class(tmp_path) -> Path:
    """The test class, with a disguised copy of grace's 01 (bob) and of the reference's 02 (mallory)."""
    folder = tmp_path / "class"
    shutil.copytree(CLASS, folder)
    one, two = KATAS
    bob = folder / "bob" / one.slug / f"{one.module}.py"
    bob.parent.mkdir(parents=True)
    bob.write_text(disguise((CLASS / "grace" / one.slug / f"{one.module}.py").read_text(), one.functions))
    mallory = folder / "<b>mallory" / two.slug / f"{two.module}.py"
    mallory.parent.mkdir(parents=True)
    mallory.write_text(disguise(two.reference_path().read_text(), two.functions) + "# </pre><script>x</script>\n")
    return folder


def test_a_class_is_compared_pair_by_pair_and_with_the_reference(copied_class):
    compared = compare_class(copied_class, list(KATAS))
    flagged = {(pair.kata, pair.a, pair.b) for pair in compared.pairs if pair.flagged}
    assert flagged == {("01_fixed_windows", "bob", "grace"), ("02_token_budget_packer", "<b>mallory", "reference")}
    flags = flagged_students(compared.pairs)
    assert set(flags) == {"bob", "grace", "<b>mallory"}
    [mallory] = flags["<b>mallory"]
    assert mallory.startswith("02_token_budget_packer: matches the reference (similarity 0.")
    pair = next(pair for pair in compared.pairs if pair.flagged and pair.a == "bob")
    assert pair.regions and all(set(region) == {"a", "b"} for region in pair.regions)


@needs_a_browser
def test_in_chromium_both_columns_of_a_pair_fit_the_window_whatever_their_lines(copied_class, tmp_path, browser):
    """A long line of the left-hand file widened its column and pushed the right-hand one out of the window."""
    bob = next(copied_class.glob("bob/01_fixed_windows/*.py"))
    bob.write_text(bob.read_text(encoding="utf-8") + "\nLONG = '" + "x" * 3_000 + "'\n", encoding="utf-8")
    write_page(compare_class(copied_class, [find_kata("1")]), tmp_path / "similar.html", THRESHOLD)
    browser.open(tmp_path / "similar.html", width=1200)
    edges = browser.evaluate(
        "[...document.querySelectorAll('.pair > *')].map(column => column.getBoundingClientRect().right)"
    )
    assert edges and max(edges) <= browser.evaluate("document.documentElement.clientWidth"), edges
    assert browser.script_errors() == []


def test_the_page_shows_flagged_pairs_side_by_side_and_escapes_everything(copied_class, tmp_path):
    compared = compare_class(copied_class, list(KATAS))
    write_page(compared, tmp_path / "similar.html", THRESHOLD)
    page = (tmp_path / "similar.html").read_text(encoding="utf-8")
    assert "<mark>" in page and "&lt;b&gt;mallory" in page
    assert "<script>" not in page and "<b>mallory" not in page
    assert "default-src 'none'" in page
    assert (
        "Left out of the pairs of students as the class's common code (found in more than 50% of the files "
        "of a kata): 01_fixed_windows: 21 fingerprints; 02_token_budget_packer:" in page
    )


@pytest.mark.parametrize("share", [0, 1.5, True, "0.5"])
def test_a_share_that_is_not_one_is_refused_naming_the_option(share):
    with pytest.raises(ValueError, match=r"^--ignore-shared .* is not a number above 0 and at most 1$"):
        compare_class(CLASS, list(KATAS), ignore_shared=share)


@pytest.mark.parametrize("folder", ["reference", "mistake:no_validation"])
def test_a_student_named_as_the_reference_or_a_mistake_is_compared_as_a_student(tmp_path, folder):
    """A copier who names their folder "reference" must not pass their copy off as the reference's, nor make
    the student they copied look like the one who handed the reference in."""
    kata = find_kata("1")
    for name, source in (
        ("alice", kata.reference_path().read_text()),
        (folder, disguise((CLASS / "grace" / kata.slug / f"{kata.module}.py").read_text(), kata.functions)),
    ):
        (tmp_path / "class" / name / kata.slug).mkdir(parents=True)
        (tmp_path / "class" / name / kata.slug / f"{kata.module}.py").write_text(source, encoding="utf-8")
    shutil.copytree(CLASS / "grace", tmp_path / "class" / "grace")
    compared = compare_class(tmp_path / "class", [kata])
    students = {pair.a for pair in compared.pairs} | {pair.b for pair in compared.pairs}
    assert f"student {folder}" in students and folder not in students - {REFERENCE}
    flags = flagged_students(compared.pairs)
    assert flags["alice"] == [f"{kata.slug}: matches the reference (similarity 1.00)"]
    assert any(f"very similar to student {folder}'s" in line for line in flags["grace"])


def test_a_link_to_the_reference_is_not_read(tmp_path):
    kata = find_kata("1")
    (tmp_path / "class" / "eve" / kata.slug).mkdir(parents=True)
    (tmp_path / "class" / "eve" / kata.slug / f"{kata.module}.py").symlink_to(kata.reference_path())
    compared = compare_class(tmp_path / "class", [kata])
    assert compared.pairs == [] and compared.skipped and "link" in compared.skipped[0]


@pytest.mark.timeout(60)
def test_the_command_writes_the_pairs_as_json(copied_class, tmp_path):
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "kata",
            "similarity",
            str(copied_class),
            "--katas",
            "1",
            "2",
            "--out",
            str(tmp_path / "pairs.json"),
            "--html",
            str(tmp_path / "pairs.html"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    pairs = json.loads((tmp_path / "pairs.json").read_text(encoding="utf-8"))
    assert all(set(pair) == {"a", "b", "kata", "score", "flagged", "regions"} for pair in pairs)
    assert sum(pair["flagged"] for pair in pairs) == 2
    assert "2 flagged" in done.stdout and "bob: 01_fixed_windows: very similar to grace's" in done.stdout
    assert (
        "similarity 01: 9 students compared, 1 pair flagged, 21 fingerprints found in more than 50% of the "
        "files ignored"
    ) in done.stderr


@pytest.mark.timeout(60)
def test_the_command_says_the_katas_nobody_handed_in_once(copied_class, tmp_path):
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "kata",
            "similarity",
            str(copied_class),
            "--katas",
            "1",
            "5",
            "6",
            "--out",
            str(tmp_path / "pairs.json"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "similarity 05" not in done.stderr and "similarity 06" not in done.stderr
    assert "similarity: no student handed in 05, 06\n" in done.stderr


@pytest.mark.timeout(60)
def test_the_command_ignores_nothing_when_asked(copied_class, tmp_path):
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "kata",
            "similarity",
            str(copied_class),
            "--katas",
            "1",
            "--ignore-shared",
            "1",
            "--out",
            str(tmp_path / "pairs.json"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "similarity 01: 9 students compared, 1 pair flagged\n" in done.stderr
    ignoring = json.loads((tmp_path / "pairs.json").read_text(encoding="utf-8"))
    everything = {(pair.a, pair.b): pair.score for pair in compare_class(copied_class, [find_kata("1")]).pairs}
    honest = [(pair["a"], pair["b"]) for pair in ignoring if pair["b"] in HONEST and pair["a"] in HONEST]
    assert max(pair["score"] for pair in ignoring if (pair["a"], pair["b"]) in honest) > max(
        everything[pair] for pair in honest
    )


@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["--out", "x.txt"], "does not end in .json"),
        (["--out", "x.json", "--threshold", "2"], "'2' is not a number"),
        (["--out", "x.json", "--ignore-shared", "0"], "'0' is not a number"),
        (["--out", "x.json", "--html", "x.htm"], "does not end in .html"),
    ],
)
def test_bad_options_are_refused_in_one_line(tmp_path, arguments, said):
    done = subprocess.run(
        [sys.executable, "-m", "kata", "similarity", str(CLASS), *arguments],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and said in done.stderr and len(done.stderr.strip().splitlines()) == 1


# A copier's disguise of a solution: every name it defines renamed (but the kata's functions, which the tests
# call), its docstrings and comments replaced, its top-level functions in reverse order, its messages reworded
# and its layout rewritten (ast.unparse).

KEPT = set(dir(builtins)) | {"self", "cls"}


def with_dead_statements(source: str, kept: tuple[str, ...] = ()) -> str:
    """A statement that does nothing after every statement: `_ = None`, `pass`, `len(())` in turn."""
    tree = _DeadStatements().visit(ast.parse(source))
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


def with_statements_swapped(source: str, kept: tuple[str, ...] = ()) -> str:
    """Every two neighbouring assignments that share no name swapped, and every comparison turned round."""
    tree = _Swapped().visit(ast.parse(source))
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


def disguise(source: str, kept: tuple[str, ...]) -> str:
    tree = ast.parse(source)
    defined = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)}
    defined |= {node.arg for node in ast.walk(tree) if isinstance(node, ast.arg)}
    defined |= {node.name for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
    renamed = {
        name: f"v{index}_{name[::-1].strip('_')}x" for index, name in enumerate(sorted(defined - KEPT - set(kept)))
    }
    tree = _Renamer(renamed).visit(tree)
    functions = [node for node in tree.body if isinstance(node, ast.FunctionDef)]
    others = [node for node in tree.body if not isinstance(node, ast.FunctionDef)]
    tree.body = others + functions[::-1]
    lines = ["# my own work, written from scratch", *ast.unparse(tree).splitlines()]
    return (
        "\n".join(line + ("  # step" if line.strip().startswith(("if ", "for ", "while ")) else "") for line in lines)
        + "\n"
    )


_DEAD = ("_ = None", "pass", "len(())")


class _DeadStatements(ast.NodeTransformer):
    def generic_visit(self, node: ast.AST) -> ast.AST:
        super().generic_visit(node)
        for name in ("body", "orelse", "finalbody"):
            body = getattr(node, name, None)
            if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
                setattr(
                    node,
                    name,
                    [
                        statement
                        for index, stmt in enumerate(body)
                        for statement in (stmt, ast.parse(_DEAD[index % len(_DEAD)]).body[0])
                    ],
                )
        return node


_TURNED = {ast.Lt: ast.Gt, ast.LtE: ast.GtE, ast.Gt: ast.Lt, ast.GtE: ast.LtE}


class _Swapped(ast.NodeTransformer):
    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        self.generic_visit(node)
        if len(node.ops) == 1 and type(node.ops[0]) in _TURNED:
            return ast.Compare(node.comparators[0], [_TURNED[type(node.ops[0])]()], [node.left])
        return node

    def generic_visit(self, node: ast.AST) -> ast.AST:
        super().generic_visit(node)
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
            for index in range(len(body) - 1):
                one, other = body[index], body[index + 1]
                if isinstance(one, ast.Assign) and isinstance(other, ast.Assign) and not (_names(one) & _names(other)):
                    body[index], body[index + 1] = other, one
        return node


def _names(stmt: ast.stmt) -> set[str]:
    return {node.id for node in ast.walk(stmt) if isinstance(node, ast.Name)} | (
        {"call"} if any(isinstance(node, ast.Call) for node in ast.walk(stmt)) else set()
    )


class _Renamer(ast.NodeTransformer):
    def __init__(self, renamed: dict[str, str]) -> None:
        self.renamed = renamed

    def visit_Name(self, node: ast.Name) -> ast.AST:
        node.id = self.renamed.get(node.id, node.id)
        return node

    def visit_arg(self, node: ast.arg) -> ast.AST:
        node.arg = self.renamed.get(node.arg, node.arg)
        return node

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        node.name = self.renamed.get(node.name, node.name)
        if node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant):
            node.body[0].value = ast.Constant("Does what the statement asks.")
        self.generic_visit(node)
        return node

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        if isinstance(node.value, str) and len(node.value) > 3:
            return ast.Constant("bad value: " + node.value[::-1][:8])
        return node

    def visit_keyword(self, node: ast.keyword) -> ast.AST:
        if node.arg is not None:
            node.arg = self.renamed.get(node.arg, node.arg)
        self.generic_visit(node)
        return node


def hidden_in_a_comment_as_utf_7(source: str) -> bytes:
    """The source as Python reads it under a `# coding: utf-7` line, and as two comments read as UTF-8."""
    encoded = base64.b64encode(("\n" + source).encode("utf-16-be")).rstrip(b"=")
    return b"# coding: utf-7\n# +" + encoded + b"-\n"


def test_a_copy_hidden_by_an_encoding_declaration_is_compared_as_python_reads_it(tmp_path):
    """Python obeys a file's encoding declaration: under utf-7, the reference hides in what reads as a comment in
    UTF-8, and a copy of it scored 0.00 against the reference, while it passed every test."""
    one = KATAS[0]
    folder = tmp_path / "class"
    shutil.copytree(CLASS, folder)
    copy = folder / "copycat" / one.slug / f"{one.module}.py"
    copy.parent.mkdir(parents=True)
    copy.write_bytes(hidden_in_a_comment_as_utf_7(one.reference_path().read_text(encoding="utf-8")))
    compared = compare_class(folder, [one])
    assert ("01_fixed_windows", "copycat", "reference") in {
        (pair.kata, pair.a, pair.b) for pair in compared.pairs if pair.flagged
    }


# Each disguise of a copy that the scores must see through: renaming and rewriting everything but the code,
# a statement that does nothing after every statement, independent statements swapped and comparisons turned,
# and all three at once.
def every_disguise(source: str, kept: tuple[str, ...]) -> str:
    return with_statements_swapped(with_dead_statements(disguise(source, kept)))


DISGUISES = (disguise, with_dead_statements, with_statements_swapped, every_disguise)


@pytest.mark.parametrize("disguised", DISGUISES, ids=lambda disguised: disguised.__name__)
@pytest.mark.parametrize("kata", ALL_KATAS, ids=lambda kata: kata.number)
def test_a_disguised_copy_of_every_reference_is_flagged(kata, disguised):
    """A statement that does nothing after every line took a copy from 1.00 to about 0.3, and two statements
    swapped with comparisons turned round to about 0.6; kata 09's reference, renamed, scored 0.54."""
    reference = kata.reference_path().read_text(encoding="utf-8")
    assert score(kata, reference, disguised(reference, kata.functions)) >= THRESHOLD + MARGIN
