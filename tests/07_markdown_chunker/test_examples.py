"""The examples printed in problems/07_markdown_chunker/README.md, in the same order."""

import pytest

from kata.judging.checks import check_raises
from kata.judging.guards import progress_guard
from tests.support.answers import check_chunks

pytestmark = pytest.mark.examples

README = (
    "# Acme CLI\n"
    "\n"
    "Acme syncs your notes between devices.\n"
    "\n"
    "## Install\n"
    "\n"
    "Run the installer, then log in:\n"
    "\n"
    "```bash\n"
    "# needs Python 3.10\n"
    "pip install acme\n"
    "acme login\n"
    "```\n"
    "\n"
    "## Usage\n"
    "\n"
    "### Sync\n"
    "\n"
    "Sync every folder once.\n"
    "Conflicts keep both copies.\n"
    "\n"
    "## License\n"
    "\n"
    "MIT.\n"
)


def test_a_readme_is_cut_at_headings_and_its_code_block_stays_whole(chunk_markdown):
    check_chunks(
        chunk_markdown,
        README,
        12,
        expected=[
            ("# Acme CLI\n\nAcme syncs your notes between devices.", 0, 50, ("Acme CLI",)),
            ("## Install\n\nRun the installer, then log in:", 52, 95, ("Acme CLI", "Install")),
            ("```bash\n# needs Python 3.10\npip install acme\nacme login\n```", 97, 156, ("Acme CLI", "Install")),
            ("## Usage", 158, 166, ("Acme CLI", "Usage")),
            (
                "### Sync\n\nSync every folder once.\nConflicts keep both copies.",
                168,
                229,
                ("Acme CLI", "Usage", "Sync"),
            ),
            ("## License\n\nMIT.", 231, 247, ("Acme CLI", "License")),
        ],
        why="the code block (11 words) does not fit after '## Install' and its paragraph (8 words), so it "
        "starts a new chunk, whole; '# needs Python 3.10' is inside the fence, so it is not a heading; "
        "'## Usage' holds only its heading; '## License' removes 'Usage' and 'Sync' from the path.",
    )


def test_a_paragraph_larger_than_the_budget_is_cut_at_words(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "# Notes\nOne two three four five six seven.",
        3,
        expected=[
            ("# Notes", 0, 7, ("Notes",)),
            ("One two three", 8, 21, ("Notes",)),
            ("four five six", 22, 35, ("Notes",)),
            ("seven.", 36, 42, ("Notes",)),
        ],
        why="the paragraph has 7 words, more than 3: it is cut into windows of 3 words, each an exact slice.",
    )


def test_a_code_block_larger_than_the_budget_is_cut_at_lines(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "```py\nx = 1\ny = 2\n\nprint(x + y)\n```",
        5,
        expected=[
            ("```py\nx = 1", 0, 11, ()),
            ("y = 2", 12, 17, ()),
            ("print(x + y)\n```", 19, 35, ()),
        ],
        why="the code block has 10 words, more than 5: it is cut into runs of whole lines, each as long as fits.",
    )


def test_a_shallower_heading_pops_the_deeper_ones(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "# A\n## B\n### C\nDeep.\n## D\nShallow again.",
        50,
        expected=[
            ("# A", 0, 3, ("A",)),
            ("## B", 4, 8, ("A", "B")),
            ("### C\nDeep.", 9, 20, ("A", "B", "C")),
            ("## D\nShallow again.", 21, 40, ("A", "D")),
        ],
        why="every heading starts a new chunk; '## D' removes 'B' and 'C' from the path.",
    )


def test_crlf_line_endings_keep_exact_offsets(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "Intro line.\r\n\r\n# Title\r\nBody text.\r\n",
        10,
        expected=[
            ("Intro line.", 0, 11, ()),
            ("# Title\r\nBody text.", 15, 34, ("Title",)),
        ],
        why="the offsets count every '\\r', but no block ends with the '\\r' of its line break.",
    )


def test_an_unclosed_fence_runs_to_the_end_of_the_document(chunk_markdown):
    check_chunks(
        chunk_markdown,
        "Before.\n\n```\n# still code\n\nmore code\n\n\n",
        20,
        expected=[
            ("Before.\n\n```\n# still code\n\nmore code", 0, 36, ()),
        ],
        why="a fence that is never closed runs to the end, so '# still code' is not a heading; "
        "the trailing blank lines are in no block.",
    )


def test_an_empty_document_gives_no_chunks(chunk_markdown):
    check_chunks(chunk_markdown, "", 5, expected=[])


@progress_guard()
def test_a_budget_of_zero_is_rejected(chunk_markdown):
    """max_tokens must be at least 1: chunk_markdown('# Hi', 0) raises ValueError naming max_tokens and 0."""
    check_raises(chunk_markdown, "# Hi", 0, error=ValueError, mentions=["max_tokens", 0])


@progress_guard()
def test_a_document_that_is_not_a_str_is_rejected(chunk_markdown):
    """chunk_markdown(b'# Hi', 5) raises TypeError naming doc."""
    check_raises(chunk_markdown, b"# Hi", 5, error=TypeError, mentions=["doc"])


@progress_guard()
def test_a_bool_budget_is_rejected(chunk_markdown):
    """True is not a token count: chunk_markdown('# Hi', True) raises TypeError naming max_tokens and True."""
    check_raises(chunk_markdown, "# Hi", True, error=TypeError, mentions=["max_tokens", True])
