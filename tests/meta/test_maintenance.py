"""Each maintenance tool runs, and makes what the repository holds: run in a copy of the repository, so that
nothing here writes into the checkout.

Mutation testing and the records of failures run whole kata suites many times: they are in the slow tier.
"""

from __future__ import annotations

import filecmp
import shutil
import subprocess
import sys

import pytest

from kata.katas import KATAS, ROOT, find_kata, relative
from tests.support.pristine import write_pristine_stubs

COPIED = ("kata", "problems", "solutions", "tests", "conftest.py", "pyproject.toml", "LICENSE")


@pytest.fixture
def copy(tmp_path):
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(
                source,
                tmp_path / name,
                symlinks=True,
                ignore=shutil.ignore_patterns("__pycache__", ".hypothesis", ".kata"),
            )
        else:
            shutil.copy2(source, tmp_path / name)
    return tmp_path


def maintenance(copy, *arguments: str, timeout: float) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "kata.maintenance", *arguments],
        cwd=copy,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_the_labelled_set_made_again_is_the_one_stored(copy):
    done = maintenance(copy, "labelled-set", timeout=60)
    assert done.returncode == 0, done.stderr
    stored = "kata/katas/labelled_set/chunkings.json"
    assert filecmp.cmp(copy / stored, ROOT / stored, shallow=False)


def test_the_stubs_copied_again_are_the_ones_shipped(copy):
    write_pristine_stubs(copy / "problems")
    shipped = (copy / "kata" / "katas" / "stubs.json").read_text(encoding="utf-8")
    done = maintenance(copy, "stubs", timeout=60)
    assert done.returncode == 0, done.stderr
    assert (copy / "kata" / "katas" / "stubs.json").read_text(encoding="utf-8") == shipped


def test_a_solved_stub_is_not_copied_as_the_stub_and_the_refusal_names_it(copy):
    write_pristine_stubs(copy / "problems")
    kata = find_kata("3")
    (copy / relative(kata.stub_path())).write_text(kata.reference_path().read_text(encoding="utf-8"), encoding="utf-8")
    shipped = (copy / "kata" / "katas" / "stubs.json").read_text(encoding="utf-8")
    done = maintenance(copy, "stubs", timeout=60)
    assert done.returncode == 1 and len(done.stderr.splitlines()) == 1, done.stderr
    assert done.stderr.startswith(
        f"python -m kata.maintenance stubs: {relative(kata.stub_path())} is not the untouched stub"
    )
    assert (copy / "kata" / "katas" / "stubs.json").read_text(encoding="utf-8") == shipped


def test_an_unknown_kata_is_refused_in_one_line(copy):
    done = maintenance(copy, "known-failures", "99", timeout=60)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "there is no kata '99'" in done.stderr


# The catalogue that runs quickest: kata 01's mistakes take under two seconds each, where kata 04's, fewer,
# read streams until their guards stop them (pytest -m meta --durations=0 shows each mistake's run).
QUICKEST_CATALOG = KATAS[0]


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_the_records_of_failures_made_again_are_the_ones_stored(copy):
    kata = QUICKEST_CATALOG
    done = maintenance(copy, "known-failures", kata.number, timeout=880)
    assert done.returncode == 0, done.stderr
    stored = f"solutions/{kata.slug}/known_failures.json"
    assert filecmp.cmp(copy / stored, ROOT / stored, shallow=False), f"{stored} is out of date"


@pytest.mark.slow
@pytest.mark.timeout(1800)
def test_mutation_testing_of_a_kata_explains_every_mutant_no_test_kills(copy):
    pytest.importorskip("cosmic_ray", reason='mutation testing needs the extra: pip install -e ".[mutation]"')
    kata = KATAS[0]
    done = maintenance(copy, "mutants", kata.number, timeout=1780)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]


def test_without_the_adapters_the_libraries_are_not_run_and_the_refusal_says_why(copy):
    done = maintenance(copy, "wild", timeout=60)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1, done.stderr
    assert "wild/ is not here: the adapters are in the repository, not in a students' release" in done.stderr


@pytest.mark.parametrize(
    "folder, source, refusal",
    [
        ("01_fixed_windows", "def fixed_windows(tokens, chunk_size, overlap=0):\n    return []\n", "must say LIBRARY"),
        ("99_no_kata", 'LIBRARY = ("chonkie", "1.7.0")\n', "is no kata's folder"),
        ("01_fixed_windows", 'LIBRARY = ("graphrag", "2.1.0")\nVENDORED = "graphrag.py"\n', "must say VENDORED"),
        (
            "01_fixed_windows",
            'LIBRARY = ("chonkie", "1.7.0")\nUNREAD_BY_THE_LIBRARY = ("overlap",)\n',
            "UNREAD_BY_THE_LIBRARY must be a tuple of some of ['tokens']",
        ),
    ],
    ids=["no_library_said", "no_kata", "vendored_not_a_pair", "an_argument_no_test_of_its_type_knows"],
)
def test_an_adapter_that_cannot_be_read_is_refused_in_one_line(copy, folder, source, refusal):
    (copy / "wild" / folder).mkdir(parents=True)
    (copy / "wild" / folder / "adapter.py").write_text(source, encoding="utf-8")
    done = maintenance(copy, "wild", timeout=60)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1 and refusal in done.stderr, done.stderr
