"""The learner's local state: small JSON files in `.kata/`, a folder that git ignores.

It holds what the `kata` command remembers between runs: the latest test results
of each kata (written by every pytest run) and which hints have been shown.
"""

from __future__ import annotations

import json
import os
import tempfile

from kata.katas import ROOT

STATE = ROOT / ".kata"


def read_state(name: str) -> dict:
    """The contents of `.kata/<name>.json`, or {} when it is missing or unreadable."""
    try:
        data = json.loads((STATE / f"{name}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def write_state(name: str, data: dict) -> None:
    """Replace `.kata/<name>.json` in one step, so that a reader never sees half a file."""
    STATE.mkdir(exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=STATE, prefix=f".{name}-", suffix=".json")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            json.dump(data, file, indent=1, sort_keys=True)
        os.replace(temporary, STATE / f"{name}.json")
    except BaseException:
        os.unlink(temporary)
        raise
