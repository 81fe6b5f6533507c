"""The katas: their list, in the order a learner meets them, how to find one by name, and what each brings.

This module holds each kata's facts (its files, functions, limits, drawing) and finds a kata by name.
Beside it, the katas' content that is not a kata's own folder:
- `interview_scripts`: what an interviewer says for each kata (`Kata.script`).
- `stubs` (and stubs.json): the stubs as the repository ships them, whatever a learner wrote since.
- The materials that submissions import, which a confined worker loads before the submission:
  `toy_tokenizer` (kata 06) and `toy_embedder` (kata 08).
- `labelled_set`: kata 09's document, questions and chunkings (kata viz draws them too).

Imports no other package of kata: every one of them may import it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from kata.katas.interview_scripts import SCRIPTS, Script

if TYPE_CHECKING:
    from typing import NoReturn

ROOT = Path(__file__).resolve().parents[2]
PROBLEMS = ROOT / "problems"
SOLUTIONS = ROOT / "solutions"
TESTS = ROOT / "tests"
# The folders of tests/ that judge the runner (or, tests/wild, released libraries), not the learner's code, each
# with the marker that selects it (pytest -m cli, meta, wild); tests/support holds what the tests share.
RUNNERS_OWN_TESTS = {
    "command": "cli",
    "grading": "cli",
    "sandbox": "cli",
    "runner": "cli",
    "meta": "meta",
    "wild": "wild",
}
# In a students' release (kata release), which has no solutions/: what each catalogued mistake fails, and its
# title and hint, one file per kata, so that mistakes are still named, from their records alone.
RECORDED_MISTAKES = ROOT / "known_mistakes"
NO_SOLUTIONS_HERE = (
    "this is the students' copy of the katas: it has no reference solutions, editorials or "
    "catalogued mistakes (the teacher's copy has them)"
)


def has_solutions() -> bool:
    """Whether this copy holds the reference solutions and the catalog of mistakes; a students' release does not."""
    return SOLUTIONS.is_dir()


@dataclass(frozen=True)
class Drawn:
    """How `kata viz` draws the kata: a kind of drawing (kata.drawing.kinds.KINDS) and what it needs."""

    kind: str
    function: str  # the function drawn
    budget: str | None = "max_tokens"  # the name of its budget argument, if it has one
    overlap: str | None = None  # the name of its overlap argument, if it has one
    default_budget: int = 40
    default_overlap: int = 0
    default_example: int | None = None  # drawn by default, for a kata that draws no file: the statement's example
    helpers: tuple[str, ...] = ()  # other functions of the same implementation that the drawing calls


@dataclass(frozen=True)
class Timed:
    """What `kata bench` times: one function, on inputs of a kind (kata.command.bench_inputs.BUILDERS) that
    double from `first_size`."""

    function: str
    call: str  # the call, in words, with n
    first_size: int
    inputs: str


@dataclass(frozen=True)
class Kata:
    """Everything the runner, the command and the docs know of a kata: its one record.

    The statement's title and the README's table of katas are checked against it
    (tests/meta/test_katas_are_whole.py), and so is each piece a kata needs."""

    slug: str  # the folder name in problems/, solutions/ and tests/
    module: str  # the file the learner edits, without .py
    functions: tuple[str, ...]  # what the learner writes and the tests call
    title: str
    difficulty: str
    practises: str  # what the kata practises, for the README's table
    drawn: Drawn
    timed: Timed
    extras: tuple[str, ...] = ()  # optional modules some of its tests use: without them those skip

    @property
    def number(self) -> str:
        return self.slug.split("_", 1)[0]

    @property
    def name(self) -> str:
        return self.slug.split("_", 1)[1]

    @property
    def script(self) -> Script:
        """What an interviewer says for this kata (kata/katas/interview_scripts.py, keyed by its slug)."""
        return SCRIPTS[self.slug]

    def stub_path(self) -> Path:
        return PROBLEMS / self.slug / f"{self.module}.py"

    def reference_path(self) -> Path:
        return SOLUTIONS / self.slug / f"{self.module}.py"

    def mistakes_path(self) -> Path:
        return SOLUTIONS / self.slug / "mistakes.py"

    def recorded_mistakes_path(self) -> Path:
        return RECORDED_MISTAKES / f"{self.slug}.json"

    def statement_path(self) -> Path:
        return PROBLEMS / self.slug / "README.md"


# The modules of the katas' materials, which submissions import by these names (kata 06's
# tokenizer, kata 08's embedder): a worker loads them before it is confined, when it can
# still read the runner's files.
MATERIALS = ("kata.katas.toy_tokenizer", "kata.katas.toy_embedder")

KATAS = (
    Kata(
        slug="01_fixed_windows",
        module="fixed_windows",
        functions=("fixed_windows",),
        title="Fixed overlapping token windows",
        difficulty="easy",
        practises="loop bounds, the stop rule, validation that prevents an endless loop",
        drawn=Drawn(
            "windows", "fixed_windows", budget="chunk_size", overlap="overlap", default_budget=16, default_overlap=4
        ),
        timed=Timed("fixed_windows", "fixed_windows(n tokens, chunk_size=16, overlap=4)", 1_000, "tokens"),
    ),
    Kata(
        slug="02_token_budget_packer",
        module="packer",
        functions=("pack_sentences",),
        title="Greedy token-budget sentence packer",
        difficulty="medium",
        practises=(
            "deciding before adding, exact fits, oversized and zero-size sentences, a running total instead of "
            "re-summing"
        ),
        drawn=Drawn("blocks", "pack_sentences"),
        timed=Timed(
            "pack_sentences", "pack_sentences(n sizes of 1 to 9 tokens, max_tokens=n)", 1_000, "sentence sizes"
        ),
    ),
    Kata(
        slug="03_recursive_chunker",
        module="recursive_chunker",
        functions=("split_units", "chunk_text"),
        title="Recursive sentence-aware chunker with whole-sentence overlap",
        difficulty="hard",
        practises=(
            "split on the largest boundary first, greedy packing, an overlap that always leaves room for progress"
        ),
        drawn=Drawn("text", "chunk_text", overlap="overlap_tokens"),
        timed=Timed("chunk_text", "chunk_text(n words in sentences, max_tokens=n // 4)", 1_000, "text"),
    ),
    Kata(
        slug="04_streaming_packer",
        module="streaming_packer",
        functions=("iter_pack",),
        title="Streaming sentence packer (generator)",
        difficulty="medium",
        practises="generators: lazy reading, eager validation, yielded lists that must not change, O(chunk) memory",
        drawn=Drawn("stream of blocks", "iter_pack"),
        timed=Timed(
            "iter_pack",
            "list(iter_pack(a stream of n sizes of 1 to 9 tokens, max_tokens=n))",
            1_000,
            "a stream of sentence sizes",
        ),
    ),
    Kata(
        slug="05_balanced_packer",
        module="balanced_packer",
        functions=("balanced_pack",),
        title="Balanced packing: same chunk count, smallest budget",
        difficulty="medium",
        practises="binary search over budgets, the monotonicity that makes it valid, off-by-one bounds",
        drawn=Drawn("blocks", "balanced_pack"),
        timed=Timed("balanced_pack", "balanced_pack(n sizes of 1 to 9 tokens, max_tokens=n)", 1_000, "sentence sizes"),
    ),
    Kata(
        slug="06_token_aware_chunker",
        module="token_aware_chunker",
        functions=("chunk_sections",),
        title="Token-aware chunker: measure with the model's tokenizer",
        difficulty="hard",
        practises=(
            "measuring the joined chunk, separators that merge, cutting on token boundaries without splitting a "
            "character"
        ),
        drawn=Drawn("sections", "chunk_sections", default_budget=60),
        timed=Timed("chunk_sections", 'chunk_sections(["the cat"] * n, 32, ToyTokenizer())', 100, "sections"),
        extras=("tiktoken",),
    ),
    Kata(
        slug="07_markdown_chunker",
        module="markdown_chunker",
        functions=("chunk_markdown",),
        title="Structure-aware Markdown chunker with offsets and heading paths",
        difficulty="hard",
        practises="blocks and sections first, code fences kept whole, exact source offsets, heading paths",
        drawn=Drawn("markdown", "chunk_markdown", default_budget=60),
        timed=Timed("chunk_markdown", "chunk_markdown(n words in headed paragraphs, max_tokens=n)", 1_000, "markdown"),
    ),
    Kata(
        slug="08_semantic_chunker",
        module="semantic_chunker",
        functions=("semantic_chunks",),
        title="Semantic chunking: cut where the topic changes",
        difficulty="medium",
        practises="one batched embedding call, safe cosine similarity, the boundary index, a budget inside each topic",
        drawn=Drawn("semantic", "semantic_chunks"),
        timed=Timed(
            "semantic_chunks",
            "semantic_chunks(n one-word sentences on one topic, embed, 0.5, max_tokens=n)",
            1_000,
            "sentences on one topic",
        ),
    ),
    Kata(
        slug="09_retrieval_recall",
        module="retrieval_recall",
        functions=("bm25_scores", "top_k", "recall_at_k"),
        title="Retrieval recall: BM25, the top k, and recall@k",
        difficulty="medium",
        practises=(
            "BM25 from its formula in linear time, ranking with stable ties, containment versus overlap: "
            "measuring chunkers on a labelled set"
        ),
        drawn=Drawn("recall", "recall_at_k", budget=None, helpers=("top_k",)),
        timed=Timed(
            "bm25_scores",
            "bm25_scores(a query of n // 10 words, n // 20 chunks of 20 words)",
            1_000,
            "a query and chunks",
        ),
    ),
    Kata(
        slug="10_small_to_big",
        module="small_to_big",
        functions=("assemble_context",),
        title="Small-to-big context: from retrieved chunks to what the model reads",
        difficulty="medium",
        practises=(
            "interval arithmetic on children, deduplicated hits and ranks, merging runs within a parent, "
            "a budget that skips what does not fit"
        ),
        drawn=Drawn("context", "assemble_context", default_example=5),
        timed=Timed(
            "assemble_context",
            "assemble_context(doc, n // 10 hits, n children, n // 10 parents)",
            1_000,
            "hits among children",
        ),
    ),
)


class UnknownKata(LookupError):
    pass


def find_kata(name: str) -> Kata:
    """The kata named by its number ("1", "01"), its folder name, or a unique part of its slug."""
    wanted = name.strip().lower()
    for kata in KATAS:
        if wanted in (kata.slug, kata.number, kata.number.lstrip("0")):
            return kata
    matches = [kata for kata in KATAS if wanted and wanted in kata.slug]
    if len(matches) == 1:
        return matches[0]
    known = ", ".join(kata.slug for kata in KATAS)
    if wanted.isdigit():
        return _no_kata_numbered(name)
    if matches:
        raise UnknownKata(f"{name!r} matches several katas ({', '.join(k.slug for k in matches)}); be more specific")
    raise UnknownKata(f"there is no kata {name!r}; the katas are: {known}")


def _no_kata_numbered(name: str) -> NoReturn:
    raise UnknownKata(f"there is no kata {name!r}: the katas are numbered from {KATAS[0].number} to {KATAS[-1].number}")


def kata_of_test(path: str | Path) -> Kata | None:
    """The kata whose tests/ folder holds this file, or None for files outside them."""
    try:
        parts = Path(path).resolve().relative_to(TESTS).parts
    except ValueError:
        return None
    return next((kata for kata in KATAS if parts and parts[0] == kata.slug), None)


def relative(path: Path | None) -> str:
    """A path as the learner would type it from the repository's root."""
    if path is None:
        return "an unknown file"
    try:
        return str(Path(path).resolve().relative_to(ROOT))
    except ValueError:
        return str(path)
