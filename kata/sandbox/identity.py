"""A user of its own for each worker, when the grader runs as root.

A worker that kept root's user id, even without root's capabilities, would own every file of
the grader's (the runtime, the repository, the grading folder): an owner may change a file it
can only read (its mode, owner, times, extended attributes, flags), and only seccomp's lists of
calls (kata.sandbox.confinement) would stand in the way; one call missed there, or added to a
later kernel, and a submission could change the grader's files. So a worker started by root
takes a user and a group of its own before it loads the submission, and owns no file at all:

- its ids are FIRST_WORKER_ID plus its process id, unique among the processes alive, so that
  two workers (of one student or of two, graded at once) cannot signal each other, read each
  other's /proc, or share a per-user limit (queued signals, processes), whatever seccomp and
  Landlock allow;
- its folder and the submission's copy in it are root's, in the worker's group, closed to
  every other user: it reads them, and owns neither;
- the runtime must be open to other users: the fork server, when a folder above it is closed
  (a runtime in /root, mode 0700), covers that folder in a mount namespace of its own with an
  empty read-only one that holds only the runtime; where it cannot, or where the runtime's own
  folders are closed, `closed_to_the_workers()` says which folder, in one line.

A grader that is not root has nothing to give up: a process may not take another user's id
without a privilege, and an unprivileged user namespace maps only the user's own id (and is
often turned off), so that its workers run as the grader's user, and seccomp alone keeps them
from changing the grader's files (docs/security.md).
"""

from __future__ import annotations

import ctypes
import os
import signal
import stat

from kata.sandbox.sight import cover

# The ids of the workers' users and groups: systemd's table of ranges (docs/UIDS-GIDS.md in its
# sources) gives 0x70000000 to 0x7FFFFFFF to no one, above the ranges of users, services and
# containers (which end at 0x6FFFFFFF) and below 2^31, where some tools read an id as negative.
# A process id is at most 2^22 (pid_max), so that every worker's id falls in it, and no user
# database lists it: no file anywhere is owned by one, but a worker's own, which it makes none of.
FIRST_WORKER_ID = 0x70000000
_PR_SET_PDEATHSIG = 1

OWN_FOLDER_MODE, OWN_FILE_MODE = 0o750, 0o640  # root's, the worker's group's, no one else's


class IdentityFailed(Exception):
    """A worker could not take a user of its own; the message says why, in one sentence."""


def runs_as_root() -> bool:
    return os.geteuid() == 0


def id_of_worker(pid: int) -> int:
    """The user and group id of the worker with this process id."""
    return FIRST_WORKER_ID + pid


def take_an_identity_of_its_own(folder: str) -> None:
    """Become the worker's own user and group, with no other group; its folder stays readable to it."""
    worker_id = id_of_worker(os.getpid())
    closed = first_closed_folder(os.path.dirname(os.path.realpath(folder)))
    if closed:
        raise IdentityFailed(
            f"the worker's folder {folder} is inside {closed}, which other users may not enter "
            f"(mode {os.stat(closed).st_mode & 0o777:04o})"
        )
    try:
        give_to_the_group(folder, worker_id)
        os.setgroups([])
        os.setresgid(worker_id, worker_id, worker_id)
        os.setresuid(worker_id, worker_id, worker_id)  # every capability goes with root's id
    except OSError as error:
        raise IdentityFailed(f"the worker could not take a user of its own ({error.strerror})") from None


def end_with_the_parent(parent: int) -> None:
    """The kernel kills this process when its parent, the fork server, ends: a worker has a session of its
    own, which no kill of the server's group reaches, and a stalled one spun on, orphaned, for as long as the
    machine ran. The setting is cleared by a change of user, so it is made again after one."""
    ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # the parent ended before the setting was made
        os._exit(1)


def give_to_the_group(folder: str, group: int) -> None:
    """A folder made for the worker (root's, closed to others, as mkdtemp makes it) and the files the
    tests put in it (the submission's copy): readable by the worker's group alone. Any other folder
    (a shared one, such as /tmp) is left as it is: the worker reads in it what others may."""
    status = os.lstat(folder)
    if not stat.S_ISDIR(status.st_mode) or status.st_uid != 0 or status.st_mode & 0o077:
        return
    for entry in os.scandir(folder):
        found = entry.stat(follow_symlinks=False)
        if stat.S_ISREG(found.st_mode) and found.st_uid == 0 and found.st_nlink == 1:
            os.chown(entry.path, -1, group, follow_symlinks=False)
            os.chmod(entry.path, OWN_FILE_MODE)
    os.chown(folder, -1, group, follow_symlinks=False)
    os.chmod(folder, OWN_FOLDER_MODE)


# The runtime, open to the workers' users ---------------------------------------------------


def first_closed_folder(path: str) -> str | None:
    """The first folder on the way to `path` (itself included, if a folder) that other users may not enter."""
    way = []
    current = os.path.realpath(path)
    while True:
        way.append(current)
        parent = os.path.dirname(current)
        if parent == current:
            break
        current = parent
    for folder in reversed(way):
        try:
            mode = os.stat(folder).st_mode
        except OSError:
            return None  # gone: nothing to read there
        if stat.S_ISDIR(mode) and not mode & stat.S_IXOTH:
            return folder
    return None


def closed_to_the_workers(readable: dict[str, int]) -> str | None:
    """Why a worker of a user of its own could not read the runtime (one sentence), or None."""
    for path in sorted(readable):
        closed = first_closed_folder(path)
        try:
            unreadable = not os.stat(path).st_mode & stat.S_IROTH
        except OSError:
            continue
        if closed or unreadable:
            where = closed or path
            return (
                f"the workers, each a user of its own, could not read {path}: other users may not "
                f"{'enter' if closed else 'read'} {where} (mode {os.stat(where).st_mode & 0o777:04o}); "
                "open the Python runtime to other users (chmod o+rX), or grade as a user that is not root"
            )
    return None


def open_the_runtime(readable: dict[str, int]) -> None:
    """In this process's own mount namespace, cover each closed folder above a readable path with an
    empty read-only one, in which only the readable paths are bound back (kata.sandbox.sight): their
    files are the same, and no other file of that folder is in view. Nothing changes outside this
    process and its workers; where the kernel refuses, closed_to_the_workers() says why."""
    cover({folder for folder in map(first_closed_folder, map(os.path.dirname, readable)) if folder}, readable)
