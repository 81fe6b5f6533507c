"""Kata 01 on Haystack 3.4.1's `DocumentSplitter` with `split_by="word"` (Apache licence 2.0): the checks its
constructor makes (`_init_checks`), then `_concatenate_units`, which cuts a document's words into windows of
`split_length` with `split_overlap` (more-itertools' `windowed`, as the release imports it). haystack-ai needs
OpenAI's client, Jinja and a score of other packages to import, so the two methods are copied below as they are
in haystack/components/preprocessors/document_splitter.py of the release's wheel (`python -m kata.maintenance
wild --vendored` checks it); its licence is wild/licences/haystack-ai-3.4.1.txt.

Converts the kata's tokens to what the step reads and back, as `_split_by_character` gives it a text's words:
each token is a unit named by its position and followed by the space it was split at (all but the last), and
each window the step joins is read back as the kata's tokens at the positions it holds. The splitter is built
with the defaults the kata's call leaves (`split_threshold` 0, empty documents skipped). Nothing of the
algorithm is changed.
"""

import logging
from collections.abc import Callable

from more_itertools import windowed

LIBRARY = ("haystack-ai", "3.4.1")
VENDORED = (
    "haystack/components/preprocessors/document_splitter.py",
    "f9093156d534adcf92ef68d03601c11b67f0945e81b00e999504b68bce4fdd80",
)
UNREAD_BY_THE_LIBRARY = ("tokens",)  # it reads the words made of them: their type tests are left out


def fixed_windows(tokens, chunk_size, overlap=0):
    splitter = DocumentSplitter()
    splitter._init_checks(
        split_by="word",
        split_length=chunk_size,
        split_overlap=overlap,
        splitting_function=None,
        respect_sentence_boundary=False,
    )
    splitter.split_by, splitter.skip_empty_documents = "word", True
    units = [f"{position} " for position in range(len(tokens))]
    if units:
        units[-1] = units[-1].rstrip()  # the last word has no space after it
    splits, _pages, _starts = splitter._concatenate_units(units, chunk_size, overlap, 0)
    return [[tokens[int(position)] for position in split.split()] for split in splits]


# fmt: off
# Copied from haystack-ai 3.4.1, haystack/components/preprocessors/document_splitter.py
# (SPDX-FileCopyrightText: 2022-present deepset GmbH <info@deepset.ai>; SPDX-License-Identifier: Apache-2.0):
# of DocumentSplitter, the methods the kata reaches, unchanged; the logger its checks warn on (the standard
# library's, where the release has its own wrapper of it).

logger = logging.getLogger(__name__)


class DocumentSplitter:
    def _init_checks(
        self,
        *,
        split_by: str,
        split_length: int,
        split_overlap: int,
        splitting_function: Callable | None,
        respect_sentence_boundary: bool,
    ) -> None:
        """
        Validates initialization parameters for DocumentSplitter.

        :param split_by: The unit for splitting documents
        :param split_length: The maximum number of units in each split
        :param split_overlap: The number of overlapping units for each split
        :param splitting_function: Custom function for splitting when split_by="function"
        :param respect_sentence_boundary: Whether to respect sentence boundaries when splitting
        :raises ValueError: If any parameter is invalid
        """
        valid_split_by = ["function", "page", "passage", "period", "word", "line", "sentence", "token"]
        if split_by not in valid_split_by:
            raise ValueError(f"split_by must be one of {', '.join(valid_split_by)}.")

        if split_by == "function" and splitting_function is None:
            raise ValueError("When 'split_by' is set to 'function', a valid 'splitting_function' must be provided.")

        if split_length <= 0:
            raise ValueError("split_length must be greater than 0.")

        if split_overlap < 0:
            raise ValueError("split_overlap must be greater than or equal to 0.")

        if split_overlap >= split_length:
            raise ValueError("split_overlap must be less than split_length.")

        if respect_sentence_boundary and split_by != "word":
            logger.warning(
                "The 'respect_sentence_boundary' option is only supported for `split_by='word'`. "
                "The option `respect_sentence_boundary` will be set to `False`."
            )
            self.respect_sentence_boundary = False

    def _concatenate_units(
        self, elements: list[str], split_length: int, split_overlap: int, split_threshold: int
    ) -> tuple[list[str], list[int], list[int]]:
        """
        Concatenates the elements into parts of split_length units.

        Keeps track of the original page number that each element belongs. If the length of the current units is less
        than the pre-defined `split_threshold`, it does not create a new split. Instead, it concatenates the current
        units with the last split, preventing the creation of excessively small splits.
        A trailing segment that adds no new text beyond the already covered units (an overlap-only window,
        or a window holding only the empty artifact of a trailing delimiter) is skipped instead of
        creating a redundant chunk.
        """
        step = split_length - split_overlap

        text_splits: list[str] = []
        splits_pages: list[int] = []
        splits_start_idxs: list[int] = []
        cur_start_idx = 0
        cur_page = 1
        segments = windowed(elements, n=split_length, step=step)
        # Number of leading units already covered by previous segments. The yielded segments advance by
        # `step`, so the segment at index i starts at unit i * step.
        covered_unit_count = 0

        for seg_index, seg in enumerate(segments):
            current_units = [unit for unit in seg if unit is not None]
            txt = "".join(current_units)

            # Skip a segment that adds no new text: every unit past the already covered ones is empty.
            # Emitting it would create a chunk fully contained in a previous chunk. This mirrors the
            # overlap-only trailing chunk fix of `_split_by_token` for the character-based split modes.
            new_units = current_units[max(0, covered_unit_count - seg_index * step) :]
            if split_overlap > 0 and text_splits and not "".join(new_units):
                continue
            covered_unit_count = max(covered_unit_count, seg_index * step + len(current_units))

            # check if length of current units is below split_threshold
            if len(current_units) < split_threshold and len(text_splits) > 0:
                # concatenate the last split with the current one. The first `split_overlap` units
                # of this segment are already part of the previous split (that is what the overlap
                # is), so only append the units beyond the overlap; otherwise the overlapping text
                # would be duplicated and the merged chunk would not be present in the source.
                text_splits[-1] += "".join(current_units[split_overlap:])

            # NOTE: If skip_empty_documents is True, this line skips documents that have content=""
            elif not self.skip_empty_documents or len(txt) > 0:
                text_splits.append(txt)
                splits_pages.append(cur_page)
                splits_start_idxs.append(cur_start_idx)

            processed_units = current_units[: split_length - split_overlap]
            cur_start_idx += len("".join(processed_units))

            if self.split_by == "page":
                num_page_breaks = len(processed_units)
            else:
                num_page_breaks = sum(processed_unit.count("\f") for processed_unit in processed_units)

            cur_page += num_page_breaks

        return text_splits, splits_pages, splits_start_idxs
# fmt: on
