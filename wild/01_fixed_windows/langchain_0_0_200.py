"""Kata 01 on LangChain 0.0.200's TokenTextSplitter (MIT licence): the check its constructor inherits from
`TextSplitter.__init__` (an overlap larger than the chunk size is refused), then `split_text_on_tokens`, the
loop `TokenTextSplitter.split_text` runs between encoding a text and decoding each window. That release pins
pydantic 1 and SQLAlchemy, so the constructor, `Tokenizer` and the loop are copied below as they are in
langchain/text_splitter.py of the release's wheel (`python -m kata.maintenance wild --vendored` checks it); its
licence is wild/licences/langchain-0.0.200.txt.

Converts the kata's tokens to what the loop reads and back, as `split_text` builds its `Tokenizer` from the
splitter: it encodes to the tokens' positions (the ids, which the loop slices), and decodes a window's
positions to the kata's tokens at those positions (a list, where a real tokenizer would give text). Nothing
of the algorithm is changed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import List

LIBRARY = ("langchain", "0.0.200")
VENDORED = ("langchain/text_splitter.py", "f1567c52991e375ab1e41354587c54a931cf84e8e1a6427b380320825ec9390e")
UNREAD_BY_THE_LIBRARY = ("tokens",)  # it reads the ids made of them: their type tests are left out


def fixed_windows(tokens, chunk_size, overlap=0):
    splitter = TextSplitter(chunk_size=chunk_size, chunk_overlap=overlap)
    tokenizer = Tokenizer(
        chunk_overlap=splitter._chunk_overlap,
        tokens_per_chunk=splitter._chunk_size,
        decode=lambda positions: [tokens[position] for position in positions],
        encode=lambda _text: list(range(len(tokens))),
    )
    return split_text_on_tokens(text="", tokenizer=tokenizer)


# fmt: off
# Copied from langchain 0.0.200, langchain/text_splitter.py (The MIT License, Copyright (c) Harrison Chase): the
# constructor of its TextSplitter, whose other methods the kata does not reach. Its annotations are the release's.
# ruff: noqa: UP006, UP035

class TextSplitter:
    """Interface for splitting text into chunks."""

    def __init__(
        self,
        chunk_size: int = 4000,
        chunk_overlap: int = 200,
        length_function: Callable[[str], int] = len,
        keep_separator: bool = False,
        add_start_index: bool = False,
    ) -> None:
        """Create a new TextSplitter.

        Args:
            chunk_size: Maximum size of chunks to return
            chunk_overlap: Overlap in characters between chunks
            length_function: Function that measures the length of given chunks
            keep_separator: Whether or not to keep the separator in the chunks
            add_start_index: If `True`, includes chunk's start index in metadata
        """
        if chunk_overlap > chunk_size:
            raise ValueError(
                f"Got a larger chunk overlap ({chunk_overlap}) than chunk size "
                f"({chunk_size}), should be smaller."
            )
        self._chunk_size = chunk_size
        self._chunk_overlap = chunk_overlap
        self._length_function = length_function
        self._keep_separator = keep_separator
        self._add_start_index = add_start_index


@dataclass(frozen=True)
class Tokenizer:
    chunk_overlap: int
    tokens_per_chunk: int
    decode: Callable[[list[int]], str]
    encode: Callable[[str], List[int]]


def split_text_on_tokens(*, text: str, tokenizer: Tokenizer) -> List[str]:
    """Split incoming text and return chunks."""
    splits: List[str] = []
    input_ids = tokenizer.encode(text)
    start_idx = 0
    cur_idx = min(start_idx + tokenizer.tokens_per_chunk, len(input_ids))
    chunk_ids = input_ids[start_idx:cur_idx]
    while start_idx < len(input_ids):
        splits.append(tokenizer.decode(chunk_ids))
        start_idx += tokenizer.tokens_per_chunk - tokenizer.chunk_overlap
        cur_idx = min(start_idx + tokenizer.tokens_per_chunk, len(input_ids))
        chunk_ids = input_ids[start_idx:cur_idx]
    return splits
# fmt: on
