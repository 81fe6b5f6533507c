"""What a worker's submission may not do, enforced with an audit hook (PEP 578) before it is loaded.

Chunking needs no files, processes or network, so a submission may write only inside
its own fresh folder, may not start processes, signal other processes or open sockets,
and may not read the tests or the reference solutions. An audit hook cannot be removed
once added; it is a guard rail for a classroom, not a security boundary against code
written to escape it (run untrusted code in a container for that).
"""

from __future__ import annotations

import os
import sys

_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
_CHANGES_A_PATH = {"os.remove", "os.rmdir", "os.mkdir", "os.truncate", "os.chmod", "os.chown", "os.utime",
                   "os.link", "os.symlink", "shutil.rmtree", "shutil.move", "os.rename"}
_NEVER = ("subprocess.", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "os.forkpty",
          "os.kill", "os.killpg", "signal.pthread_kill", "socket.", "ctypes.", "pty.", "os.startfile",
          "webbrowser.", "sys.remote_exec")


def confine(folder: str, forbidden: list[str]) -> None:
    """From now on: write only under `folder`; read nothing under the `forbidden` folders; no processes or sockets."""
    home = os.path.realpath(folder)
    hidden = [os.path.realpath(path) for path in forbidden]

    def inside(path, root: str) -> bool:
        if isinstance(path, int):
            return root == home  # an open file descriptor: its path was checked when it was opened
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        full = os.path.realpath(os.path.join(home, os.fspath(path)))
        return full == root or full.startswith(root + os.sep)

    def hook(event: str, args: tuple) -> None:
        if event == "builtins.id":
            return  # harmless, and by far the most frequent: the protocol numbers every list it sends
        if event.startswith(_NEVER):
            raise PermissionError(f"a submission may not use {event}")
        if event == "open":
            path, mode, flags = (tuple(args) + (None, None, None))[:3]
            writes = (isinstance(mode, str) and any(c in mode for c in "wax+")) or bool((flags or 0) & _WRITE_FLAGS)
            if path is None:
                return
            if writes and not inside(path, home):
                raise PermissionError(f"a submission may write files only in its own folder, not {path}")
            if any(inside(path, root) for root in hidden):
                raise PermissionError(f"a submission may not read {path}")
        elif event in _CHANGES_A_PATH:
            paths = [arg for arg in args if isinstance(arg, (str, bytes, os.PathLike))]
            outside = next((path for path in paths if not inside(path, home)), None)
            if outside is not None:
                raise PermissionError(f"a submission may change files only in its own folder, not {outside}")

    sys.addaudithook(hook)
