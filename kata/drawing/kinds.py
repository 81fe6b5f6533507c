"""The kinds of drawing a kata's record names (kata.katas.Drawn.kind), and each kata's drawing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kata.drawing.chunkings import (
    Blocks,
    ChunkMarkdown,
    ChunkSections,
    ChunkText,
    Drawing,
    FixedWindows,
    IterPack,
    SemanticChunks,
)
from kata.drawing.retrieval import AssembleContext, RecallAtK

if TYPE_CHECKING:
    from kata.katas import Kata

KINDS: dict[str, type[Drawing]] = {
    "windows": FixedWindows,
    "blocks": Blocks,
    "stream of blocks": IterPack,
    "text": ChunkText,
    "sections": ChunkSections,
    "markdown": ChunkMarkdown,
    "semantic": SemanticChunks,
    "recall": RecallAtK,
    "context": AssembleContext,
}


def drawing_of(kata: Kata) -> Drawing:
    """The kata's drawing, of the kind its record names."""
    return KINDS[kata.drawn.kind](kata.drawn)
