"""The outcomes of trusted code on small inputs, kept in a folder that several test runs share.

Naming a known mistake means running the reference and the catalogued mistakes on the
failing input (kata.runner.diagnosis). `kata grade` runs pytest once per student, and a class
fails the same tests on the same inputs, so each outcome is worked out once for the
whole class and read back by the other runs. A mistake that never finishes on an input
costs its full patience every time it is probed: without sharing, every student whose
code stalls or crashes paid that again.

Only plain data is kept and read: the input as the key, the outcome as the value, both
in the JSON of kata.sandbox.values. A file that cannot be read is a miss, never an error.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from kata.sandbox import Decoder, Encoder, PlainValues, ProtocolError

POLL_SECONDS = 0.01  # how often a run waiting for another's outcome looks for it
CLAIM_MARGIN_SECONDS = 1.0  # beyond twice the probe's limit, before a waiting run works it out itself


def key_of(*parts: object) -> str | None:
    """A name for the probe of these parts (kata, function, probed code, arguments).

    None if they are not plain data.
    """
    try:
        encoded = Encoder(PlainValues()).encode(list(parts))
    except NotImplementedError:  # an object of the tests' own (a tokenizer, a stream): no lasting name
        return None
    text = json.dumps(encoded, separators=(",", ":"), sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def outcome(folder: Path, key: str, probe: Callable[[], tuple], seconds: float) -> tuple:
    """The probe's (outcome, seconds it took) kept under `key`; else worked out here and kept.

    When another run is working the same one out (two students stalled on the same
    test at the same time), this one waits for its answer instead of repeating the work,
    for the probe's own limit and a margin; if none comes, it does the work itself.
    """
    found = _kept(folder, key)
    if found is not None:
        return found
    if not _claim(folder, key):
        deadline = time.monotonic() + 2 * seconds + CLAIM_MARGIN_SECONDS
        while time.monotonic() < deadline:
            time.sleep(POLL_SECONDS)
            found = _kept(folder, key)
            if found is not None:
                return found
    try:
        found = probe()
    except BaseException:
        (folder / f"{key}.claim").unlink(missing_ok=True)  # nobody need wait for this run's answer
        raise
    _keep(folder, key, found)
    return found


def _claim(folder: Path, key: str) -> bool:
    """True if this run is the first to work this outcome out."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        os.close(os.open(folder / f"{key}.claim", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return False
    except OSError:
        return True  # the folder cannot be written: nobody else will answer either
    return True


def _kept(folder: Path, key: str) -> tuple[tuple[str, object], float] | None:
    # Only a regular file is read (a FIFO put there would block the read), and nothing in it,
    # however deeply nested, may raise anything but a miss.
    try:
        with open(os.open(folder / f"{key}.json", os.O_RDONLY | os.O_NONBLOCK), "rb") as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                return None
            kind, value, seconds = json.loads(file.read())
        return (str(kind), Decoder(PlainValues()).decode(value)), float(seconds)
    except (OSError, ValueError, TypeError, RecursionError, ProtocolError):
        return None


def _keep(folder: Path, key: str, found: tuple) -> None:
    """Keep a probe's result for the other runs; one that is not plain data is simply not kept."""
    (kind, value), seconds = found
    try:
        text = json.dumps([kind, Encoder(PlainValues()).encode(value), seconds])
    except (NotImplementedError, ValueError):
        return
    try:
        # Written aside and renamed: a run reading at the same moment sees all of it or none.
        handle, written = tempfile.mkstemp(dir=folder, suffix=".part")
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(written, folder / f"{key}.json")
    except OSError:
        pass  # not kept: the other runs work it out themselves
