"""What a worker started by root can see of the filesystem: what it may read, and nothing else.

Landlock refuses to open what a worker may not read, but mediates no `stat`: a worker could tell
whether any path exists, and its size and times. The repository's path is no secret (it is on
the worker's PYTHONPATH and in every code object), nor is a class folder kept where a teachers'
guide lays it out, so that a submission could learn which katas a classmate handed in, and when.
So a worker started by root, before it takes a user of its own (kata.sandbox.identity), enters
a mount namespace of its own and covers each folder hidden from it (the repository, the
temporary folder, the class's folders that `kata grade` names in ALSO_HIDDEN_VARIABLE) with an
empty read-only one, into which only what it may read is bound back: its own folder, and the
runtime's paths that lie inside. Nothing changes outside the worker. The fork server covers a
closed folder above the runtime (/root) the same way, for its workers' users to reach it.

A process that is not root, or root without CAP_SYS_ADMIN (a container's default), has no mount
namespace of its own to make: there, a worker can still stat what it cannot open (docs/security.md).
"""

from __future__ import annotations

import ctypes
import os
from collections.abc import Iterable

_CLONE_NEWNS, _MS_RDONLY, _MS_REMOUNT, _MS_BIND, _MS_REC, _MS_PRIVATE = 0x20000, 1, 32, 4096, 1 << 14, 1 << 18
_MS_NOSUID, _MS_NODEV = 2, 4


def inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def outermost(paths: Iterable[str]) -> list[str]:
    """The paths that lie in no other of them."""
    found = set(paths)
    return sorted(path for path in found if not any(other != path and inside(path, other) for other in found))


def cover(folders: Iterable[str], kept: Iterable[str]) -> bool:
    """In a mount namespace of this process's own, cover each folder with an empty read-only one, in which
    only the `kept` paths inside it are bound back (the same files, and nothing else of that folder in view).
    False, and nothing covered, where the kernel gives no mount namespace (not root, or no CAP_SYS_ADMIN)."""
    covers = outermost(os.path.realpath(folder) for folder in folders if os.path.isdir(folder))
    if not covers:
        return True
    kept = [os.path.realpath(path) for path in kept if os.path.exists(path)]
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(_CLONE_NEWNS) != 0 or libc.mount(b"none", b"/", None, _MS_REC | _MS_PRIVATE, None) != 0:
        return False
    mask = os.umask(0o022)  # the folders made in a cover are open to the workers' users
    try:
        for folder in covers:
            _cover_one(libc, folder, outermost(path for path in kept if inside(path, folder) and path != folder))
    finally:
        os.umask(mask)
    return True


def _cover_one(libc: ctypes.CDLL, folder: str, kept: list[str]) -> None:
    held = {path: os.open(path, os.O_PATH | os.O_CLOEXEC) for path in kept}  # reachable once covered
    try:
        if libc.mount(b"tmpfs", folder.encode(), b"tmpfs", _MS_NOSUID | _MS_NODEV, b"mode=0755,size=1m") != 0:
            return
        for path, fd in held.items():
            if os.path.isdir(f"/proc/self/fd/{fd}"):
                os.makedirs(path, mode=0o755, exist_ok=True)
            else:
                os.makedirs(os.path.dirname(path), mode=0o755, exist_ok=True)
                os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o644))
            libc.mount(f"/proc/self/fd/{fd}".encode(), path.encode(), None, _MS_BIND | _MS_REC, None)
        libc.mount(None, folder.encode(), None, _MS_REMOUNT | _MS_RDONLY | _MS_NOSUID | _MS_NODEV, None)
    finally:
        for fd in held.values():
            os.close(fd)


class Unnamed:
    """Folders hidden from the workers whose names no worker may learn (a class's, a grading folder's): with a
    name, a worker that is not root's could stat what lies inside (which katas a classmate handed in). They
    reach the fork server as O_PATH descriptors, and are known here by device and inode alone."""

    def __init__(self, descriptors: Iterable[int], kept: bool):
        """`kept`: whether the workers will cover the folders (started by root, given a mount namespace): they
        keep the descriptors, to read the folders' paths by (paths()); else they are closed here."""
        descriptors = list(descriptors)
        self.folders = {_identity(os.fstat(fd)) for fd in descriptors}
        self.holding = set()  # every folder that holds one of them, each itself included
        for fd in descriptors:
            self.holding |= _identities_up_from(fd)
        self.descriptors = descriptors
        if not kept:  # closed unread: no name of theirs is ever in this process's memory
            self._close()

    def forget(self) -> None:
        """Let the identities go, once the readable paths are worked out: every worker is forked from the fork
        server's memory, and with them a worker could rebuild a folder's path one guessed name at a time."""
        self.folders, self.holding = set(), set()

    def paths(self) -> list[str]:
        """The folders' paths, read by a worker from the descriptors to cover the folders (which leaves their
        names nothing to find); the descriptors are closed, for no submission to stat through them."""
        paths = [os.readlink(f"/proc/self/fd/{fd}") for fd in self.descriptors]
        self._close()
        return paths

    def _close(self) -> None:
        for fd in self.descriptors:
            os.close(fd)
        self.descriptors = []

    def hold(self, path: str) -> bool:
        """Whether one of the folders holds this path (or is it)."""
        while True:
            try:
                if _identity(os.stat(path)) in self.folders:
                    return True
            except OSError:
                pass
            parent = os.path.dirname(path)
            if parent == path:
                return False
            path = parent

    def lie_in(self, path: str) -> bool:
        """Whether one of the folders lies in this path (or is it)."""
        try:
            return _identity(os.stat(path)) in self.holding
        except OSError:
            return False


def _identity(status: os.stat_result) -> tuple[int, int]:
    return status.st_dev, status.st_ino


def _identities_up_from(fd: int) -> set[tuple[int, int]]:
    """The folder's identity, and those of every folder above it, up to /."""
    found, current = set(), os.dup(fd)
    try:
        while _identity(os.fstat(current)) not in found:
            found.add(_identity(os.fstat(current)))
            parent = os.open("..", os.O_PATH | os.O_DIRECTORY | os.O_CLOEXEC, dir_fd=current)
            os.close(current)
            current = parent
    finally:
        os.close(current)
    return found


def workers_can_be_kept_from_sight() -> bool:
    """Whether this process's workers will cover what is hidden from them: root, given a mount namespace
    (tried in a child process, which ends at once)."""
    if os.geteuid() != 0 or not hasattr(os, "fork"):
        return False
    pid = os.fork()
    if pid == 0:  # the child: nothing of the parent's is touched, and it leaves by _exit
        os._exit(0 if ctypes.CDLL(None, use_errno=True).unshare(_CLONE_NEWNS) == 0 else 1)
    return os.waitpid(pid, 0)[1] == 0
