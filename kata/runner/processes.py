"""Processes a command starts, each in a process group of its own, that never outlive it.

A pytest run (and whatever it starts) gets a session and a process group of its own, so
that the terminal's Ctrl-C reaches only the `kata` command, which then stops the whole
group: the group is killed when the block that started it is left by an exception (Ctrl-C
and SIGTERM arrive as KeyboardInterrupt). Groups started by other threads (`kata grade`
runs several students at once) are stopped by `stop_every_group()`.

The runs of the runner that others start: the command runs its pytest runs in such groups
(`kata check`, `kata watch`), grading each student's (`kata grade`) and interview mode each
submission's. Not the sandbox's work: the workers of a run are forked by its fork server, not
started here.
"""

from __future__ import annotations

import os
import signal
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any

INTERRUPTIONS = (signal.SIGINT, signal.SIGTERM)

_live: set[subprocess.Popen] = set()
_lock = threading.Lock()
_stopping = threading.Event()


@contextmanager
def process_group(command: list[str], **options: Any) -> Iterator[subprocess.Popen]:
    """`subprocess.Popen(command, **options)` in a new session; its group is killed if the block fails."""
    caught: list[int] = []
    # Ctrl-C or SIGTERM while Popen runs would raise before there is a process object to
    # stop, and the run would outlive the command: they wait until the group is registered.
    previous = _hold_interruptions(caught)
    try:
        process = subprocess.Popen(command, start_new_session=True, **options)
    except BaseException:
        _let_interruptions_through(previous, caught)
        raise
    try:
        with _lock:
            _live.add(process)
        _let_interruptions_through(previous, caught)
        if _stopping.is_set():
            raise KeyboardInterrupt
        yield process
    except BaseException:
        stop_group(process)
        raise
    finally:
        with _lock:
            _live.discard(process)


def stop_group(process: subprocess.Popen) -> None:
    """Kill the process and everything in its group, and reap it."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    process.wait()


def stop_every_group() -> None:
    """Stop the groups every thread has started, and any started from now on."""
    _stopping.set()
    with _lock:
        running = list(_live)
    for process in running:
        stop_group(process)


def _hold_interruptions(caught: list[int]) -> dict | None:
    if threading.current_thread() is not threading.main_thread():
        return None  # signal handlers run in the main thread only: nothing to hold here
    return {number: signal.signal(number, lambda received, frame: caught.append(received)) for number in INTERRUPTIONS}


def _let_interruptions_through(previous: dict | None, caught: list[int]) -> None:
    """Restore the handlers, then deliver what arrived meanwhile, as it would have been."""
    if previous is None:
        return
    for number, handler in previous.items():
        signal.signal(number, signal.SIG_DFL if handler is None else handler)
    for number in dict.fromkeys(caught):
        signal.raise_signal(number)  # the handler runs now, in this thread
