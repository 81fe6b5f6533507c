"""Kata 03's `chunk_text` on langchain-text-splitters' `RecursiveCharacterTextSplitter` (MIT licence), set up
as the kata's statement cuts a text: paragraphs first (a blank line), then sentences (whitespace after `.`, `!`
or `?`), then words, then characters, each a regular expression the splitter tries in that order; its length
is the kata's `count_tokens` (words), its chunk size `max_tokens` and its overlap `overlap_tokens`. It cuts
pieces and merges them into chunks itself: `split_units` is not defined here, and its tests are skipped
(--defined-only).

Converts the splitter's chunks to the kata's: each keeps the whitespace the text had between its pieces,
which becomes one space, as the kata joins its units. Nothing of the algorithm is changed.
"""

from langchain_text_splitters import RecursiveCharacterTextSplitter

LIBRARY = ("langchain-text-splitters", "1.1.3")
SEPARATORS = [r"\n\s*\n", r"(?<=[.!?])\s+", r"\s+", ""]


def count_tokens(text):
    """The words of text: the kata's provided count."""
    return len(text.split())


def chunk_text(text, max_tokens, overlap_tokens=0):
    splitter = RecursiveCharacterTextSplitter(
        separators=SEPARATORS,
        is_separator_regex=True,
        keep_separator="end",
        chunk_size=max_tokens,
        chunk_overlap=overlap_tokens,
        length_function=count_tokens,
    )
    return [" ".join(chunk.split()) for chunk in splitter.split_text(text)]
