"""A megabyte of sentences, for the tests and the benchmark of `kata viz`'s page."""

from __future__ import annotations

import random
from pathlib import Path

WORDS = ["harbour", "river", "boats", "dawn", "market", "tide"]


def a_megabyte_of_sentences(path: Path) -> Path:
    """Sentences of 4 to 15 words, about one in seven ending a paragraph, cut at 1,000,000 characters
    (so the text ends in the middle of a sentence)."""
    rng, parts, size = random.Random(7), [], 0
    while size < 1_000_000:
        sentence = " ".join(rng.choice(WORDS) for _ in range(rng.randint(4, 15))).capitalize() + "."
        parts.append(sentence + ("\n\n" if rng.random() < 0.15 else " "))
        size += len(parts[-1])
    path.write_text("".join(parts)[:1_000_000], encoding="utf-8")
    return path
