"""Kata 02 on llama-index-core 0.14.25's `SentenceSplitter._merge` (MIT licence), the step its sentence splitter
ends with: the text's splits merged, in order, into chunks of at most `chunk_size` tokens (and its
`_postprocess_chunks`, which strips each chunk and drops the blank ones). llama-index-core needs some thirty
packages to import, so `_Split`, the two fields the splitter is built with (pydantic checks them, as the
release's model does) and the two methods are copied below as they are in
llama_index/core/node_parser/text/sentence.py of the release's wheel (`python -m kata.maintenance wild
--vendored` checks it); its licence is wild/licences/llama-index-core-0.14.25.txt.

Converts the kata's sizes to what the step reads and back: each sentence is a split (a sentence, as the
splitter marks those its sentence tokenizer finds) whose text is its index and a space and whose token size is
its size; each chunk the step joins is read back as the indices it holds. The overlap is 0: the kata keeps
none. Nothing of the algorithm is changed.
"""

from dataclasses import dataclass
from typing import List, Tuple

from pydantic import BaseModel, Field

LIBRARY = ("llama-index-core", "0.14.25")
VENDORED = (
    "llama_index/core/node_parser/text/sentence.py",
    "caa7d9c5ac9b13dc33400cf8d5e92e689b6d1e4497eb9bfa50d6f52ca2eb22a1",
)
UNREAD_BY_THE_LIBRARY = ("sizes",)  # it reads splits made of them: the tests of their container are left out
DEFAULT_CHUNK_SIZE = 1024  # llama_index.core.constants: a default the adapter never uses
SENTENCE_CHUNK_OVERLAP = 200


def pack_sentences(sizes, max_tokens):
    splitter = SentenceSplitter(chunk_size=max_tokens, chunk_overlap=0)
    splits = [_Split(text=f"{index} ", is_sentence=True, token_size=size) for index, size in enumerate(sizes)]
    return [[int(index) for index in chunk.split()] for chunk in splitter._merge(splits, splitter.chunk_size)]


# fmt: off
# Copied from llama-index-core 0.14.25, llama_index/core/node_parser/text/sentence.py (The MIT License,
# Copyright (c) Jerry Liu): of SentenceSplitter, the fields it is built with and the methods the kata reaches.
# Its annotations are the release's.
# ruff: noqa: UP006, UP035

@dataclass
class _Split:
    text: str  # the split text
    is_sentence: bool  # save whether this is a full sentence
    token_size: int  # token length of split text


class SentenceSplitter(BaseModel):
    chunk_size: int = Field(
        default=DEFAULT_CHUNK_SIZE,
        description="The token chunk size for each chunk.",
        gt=0,
    )
    chunk_overlap: int = Field(
        default=SENTENCE_CHUNK_OVERLAP,
        description="The token overlap of each chunk when splitting.",
        ge=0,
    )

    def _merge(self, splits: List[_Split], chunk_size: int) -> List[str]:
        """Merge splits into chunks."""
        chunks: List[str] = []
        cur_chunk: List[Tuple[str, int]] = []  # list of (text, length)
        last_chunk: List[Tuple[str, int]] = []
        cur_chunk_len = 0
        new_chunk = True

        def close_chunk() -> None:
            nonlocal chunks, cur_chunk, last_chunk, cur_chunk_len, new_chunk

            chunks.append("".join([text for text, length in cur_chunk]))
            last_chunk = cur_chunk
            cur_chunk = []
            cur_chunk_len = 0
            new_chunk = True

            # add overlap to the next chunk using the last one first
            if len(last_chunk) > 0:
                last_index = len(last_chunk) - 1
                while (
                    last_index >= 0
                    and cur_chunk_len + last_chunk[last_index][1] <= self.chunk_overlap
                ):
                    overlap_text, overlap_length = last_chunk[last_index]
                    cur_chunk_len += overlap_length
                    cur_chunk.insert(0, (overlap_text, overlap_length))
                    last_index -= 1

        split_idx = 0
        while split_idx < len(splits):
            cur_split = splits[split_idx]
            if cur_split.token_size > chunk_size:
                raise ValueError("Single token exceeded chunk size")
            if cur_chunk_len + cur_split.token_size > chunk_size and not new_chunk:
                # if adding split to current chunk exceeds chunk size: close out chunk
                close_chunk()
            else:
                # If this is a new chunk with overlap, and adding the split would
                # exceed chunk_size, remove overlap to make room
                if new_chunk and cur_chunk_len + cur_split.token_size > chunk_size:
                    # Remove overlap from the beginning until split fits
                    while (
                        len(cur_chunk) > 0
                        and cur_chunk_len + cur_split.token_size > chunk_size
                    ):
                        _, length = cur_chunk.pop(0)
                        cur_chunk_len -= length

                if (
                    cur_split.is_sentence
                    or cur_chunk_len + cur_split.token_size <= chunk_size
                    or new_chunk  # new chunk, always add at least one split
                ):
                    # add split to chunk
                    cur_chunk_len += cur_split.token_size
                    cur_chunk.append((cur_split.text, cur_split.token_size))
                    split_idx += 1
                    new_chunk = False
                else:
                    # close out chunk
                    close_chunk()

        # handle the last chunk
        if not new_chunk:
            chunk = "".join([text for text, length in cur_chunk])
            chunks.append(chunk)

        # run postprocessing to remove blank spaces
        return self._postprocess_chunks(chunks)

    def _postprocess_chunks(self, chunks: List[str]) -> List[str]:
        """
        Post-process chunks.
        Remove whitespace only chunks and remove leading and trailing whitespace.
        """
        new_chunks = []
        for chunk in chunks:
            stripped_chunk = chunk.strip()
            if stripped_chunk == "":
                continue
            new_chunks.append(stripped_chunk)
        return new_chunks
# fmt: on
