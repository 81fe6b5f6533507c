"""Kata 01 on GraphRAG 2.2.0's `split_single_text_on_tokens` (MIT licence), the loop its TokenTextSplitter runs
between encoding a text and decoding each window (2.2.0 stops once a window reaches the last token). GraphRAG
needs pandas, tiktoken and its whole configuration to import, so the function and the `Tokenizer` it reads are
copied below as they are in graphrag/index/text_splitting/text_splitting.py of the release's wheel
(`python -m kata.maintenance wild --vendored` checks it); its licence is wild/licences/graphrag-2.2.0.txt.

Converts the kata's tokens to what the function reads and back: its `Tokenizer` encodes to the tokens'
positions (the ids, which the loop slices), and decodes a window's positions to the kata's tokens at those
positions (a list, where a real tokenizer would give text). Nothing of the algorithm is changed.
"""

from collections.abc import Callable
from dataclasses import dataclass

LIBRARY = ("graphrag", "2.2.0")
VENDORED = (
    "graphrag/index/text_splitting/text_splitting.py",
    "c8e5834796abff1184d0c13c56f1a610db82d4908ab5265cd800aefe629dd401",
)
UNREAD_BY_THE_LIBRARY = ("tokens",)  # it reads the ids made of them: their type tests are left out


def fixed_windows(tokens, chunk_size, overlap=0):
    tokenizer = Tokenizer(
        chunk_overlap=overlap,
        tokens_per_chunk=chunk_size,
        decode=lambda positions: [tokens[position] for position in positions],
        encode=lambda _text: list(range(len(tokens))),
    )
    return split_single_text_on_tokens(text="", tokenizer=tokenizer)


# fmt: off
# Copied from graphrag 2.2.0, graphrag/index/text_splitting/text_splitting.py:
# Copyright (c) 2024 Microsoft Corporation.
# Licensed under the MIT License

EncodedText = list[int]
DecodeFn = Callable[[EncodedText], str]
EncodeFn = Callable[[str], EncodedText]


@dataclass(frozen=True)
class Tokenizer:
    """Tokenizer data class."""

    chunk_overlap: int
    """Overlap in tokens between chunks"""
    tokens_per_chunk: int
    """Maximum number of tokens per chunk"""
    decode: DecodeFn
    """ Function to decode a list of token ids to a string"""
    encode: EncodeFn
    """ Function to encode a string to a list of token ids"""


def split_single_text_on_tokens(text: str, tokenizer: Tokenizer) -> list[str]:
    """Split a single text and return chunks using the tokenizer."""
    result = []
    input_ids = tokenizer.encode(text)

    start_idx = 0
    cur_idx = min(start_idx + tokenizer.tokens_per_chunk, len(input_ids))
    chunk_ids = input_ids[start_idx:cur_idx]

    while start_idx < len(input_ids):
        chunk_text = tokenizer.decode(list(chunk_ids))
        result.append(chunk_text)  # Append chunked text as string
        if cur_idx == len(input_ids):
            break
        start_idx += tokenizer.tokens_per_chunk - tokenizer.chunk_overlap
        cur_idx = min(start_idx + tokenizer.tokens_per_chunk, len(input_ids))
        chunk_ids = input_ids[start_idx:cur_idx]

    return result
# fmt: on
