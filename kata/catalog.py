"""The list of katas, in the order a learner meets them, and how to find one by name."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import NoReturn

ROOT = Path(__file__).resolve().parent.parent
PROBLEMS = ROOT / "problems"
SOLUTIONS = ROOT / "solutions"
TESTS = ROOT / "tests"


@dataclass(frozen=True)
class Kata:
    slug: str  # the folder name in problems/, solutions/ and tests/
    module: str  # the file the learner edits, without .py
    functions: tuple[str, ...]  # what the learner writes and the tests call
    title: str
    difficulty: str

    @property
    def number(self) -> str:
        return self.slug.split("_", 1)[0]

    @property
    def name(self) -> str:
        return self.slug.split("_", 1)[1]

    def stub_path(self) -> Path:
        return PROBLEMS / self.slug / f"{self.module}.py"

    def reference_path(self) -> Path:
        return SOLUTIONS / self.slug / f"{self.module}.py"

    def mistakes_path(self) -> Path:
        return SOLUTIONS / self.slug / "mistakes.py"

    def statement_path(self) -> Path:
        return PROBLEMS / self.slug / "README.md"


# The modules of the katas' materials, which submissions import by these names (kata 06's
# tokenizer, kata 08's embedder): a worker loads them before it is confined, when it can
# still read the runner's files.
MATERIALS = ("kata.toy_tokenizer", "kata.toy_embedder")

KATAS = (
    Kata(
        slug="01_fixed_windows",
        module="fixed_windows",
        functions=("fixed_windows",),
        title="Fixed overlapping token windows",
        difficulty="easy",
    ),
    Kata(
        slug="02_token_budget_packer",
        module="packer",
        functions=("pack_sentences",),
        title="Greedy token-budget sentence packer",
        difficulty="medium",
    ),
    Kata(
        slug="03_recursive_chunker",
        module="recursive_chunker",
        functions=("split_units", "chunk_text"),
        title="Recursive sentence-aware chunker with whole-sentence overlap",
        difficulty="hard",
    ),
    Kata(
        slug="04_streaming_packer",
        module="streaming_packer",
        functions=("iter_pack",),
        title="Streaming sentence packer (generator)",
        difficulty="medium",
    ),
    Kata(
        slug="05_balanced_packer",
        module="balanced_packer",
        functions=("balanced_pack",),
        title="Balanced packing: same chunk count, smallest budget",
        difficulty="medium",
    ),
    Kata(
        slug="06_token_aware_chunker",
        module="token_aware_chunker",
        functions=("chunk_sections",),
        title="Token-aware chunker: measure with the model's tokenizer",
        difficulty="hard",
    ),
    Kata(
        slug="07_markdown_chunker",
        module="markdown_chunker",
        functions=("chunk_markdown",),
        title="Structure-aware Markdown chunker with offsets and heading paths",
        difficulty="hard",
    ),
    Kata(
        slug="08_semantic_chunker",
        module="semantic_chunker",
        functions=("semantic_chunks",),
        title="Semantic chunking: cut where the topic changes",
        difficulty="medium",
    ),
    Kata(
        slug="09_retrieval_recall",
        module="retrieval_recall",
        functions=("bm25_scores", "top_k", "recall_at_k"),
        title="Retrieval recall: BM25, the top k, and recall@k",
        difficulty="medium",
    ),
    Kata(
        slug="10_small_to_big",
        module="small_to_big",
        functions=("assemble_context",),
        title="Small-to-big context: parents, windows and auto-merging within a budget",
        difficulty="medium",
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
