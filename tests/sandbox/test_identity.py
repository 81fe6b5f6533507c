"""A worker started by root is a user of its own (kata.sandbox.identity): it owns no file of the grader's.

With root's id, even without its capabilities, a worker owned every file it could read (the
runtime, its own submission's copy, the repository's), so that a system call seccomp missed
could change one through a read-only descriptor; it shared one user with every classmate's
worker, and with it a per-user limit; and only seccomp and Landlock kept it from signalling
them or reading their /proc. Each attack below is a submission, or a process forked here, that
tries what the kernel lets a process of the same user do.
"""

from __future__ import annotations

import errno
import json
import os
import select
import shutil
import signal
import tempfile
import time
from pathlib import Path

import pytest

from kata.katas import ROOT
from kata.sandbox import confinement, forking, identity, pool, sight
from kata.sandbox.client import WorkerCouldNotStart
from kata.sandbox.limits import QUEUED_SIGNALS
from tests.support.isolated_runs import needs_confinement

needs_root = pytest.mark.skipif(
    not identity.runs_as_root(),
    reason=(
        "a worker takes a user of its own only when the grader runs as root; as any other user it runs as "
        "that user, who owns the grader's files, and seccomp alone refuses the calls that would change them"
    ),
)

OWNS = """
import os

def f(canary):
    paths = {"its module": __file__, "its folder": ".", "the runtime": os.__file__,
             "the standard library": os.path.dirname(os.__file__), "a file the tests put in its folder": canary}
    return {name: os.stat(path).st_uid == os.geteuid() for name, path in paths.items()}
"""


@needs_confinement
@needs_root
def test_a_confined_worker_owns_no_file_it_can_read(start_worker):
    """An owner may change the mode, times, flags and attributes of a file it can only read: one
    call seccomp let through would change the grader's files. The worker must own none of them."""
    worker = start_worker(OWNS, confined=True)
    worker.start_if_needed()
    shutil.copyfile(os.__file__, worker.folder / "canary.py")  # made by the tests' process, as root
    owned = worker.call("f", ("canary.py",), {})
    assert owned == dict.fromkeys(owned, False) and len(owned) == 5


IDS = """
import os

def f():
    return os.getresuid(), os.getresgid(), os.getgroups(), os.getpid()
"""


@needs_confinement
@needs_root
def test_each_confined_worker_is_a_user_and_group_of_its_own(start_worker):
    """Not root, not the shared `nobody`: two workers alive at once are two users, in no group."""
    seen = [start_worker(IDS, name=f"{name}.py", confined=True).call("f", (), {}) for name in ("first", "second")]
    for uids, gids, groups, pid in seen:
        assert uids == gids == (identity.id_of_worker(pid),) * 3, (uids, gids)
        assert groups == []
        assert identity.FIRST_WORKER_ID <= uids[0] < 0x80000000
    assert seen[0][0] != seen[1][0]


REACHES_A_CLASSMATE = """
import os, signal

def f(victim):
    found = {}
    for name, attack in {"signal it": lambda: os.kill(victim, signal.SIGCONT),
                         "read its environment": lambda: open(f"/proc/{victim}/environ", "rb").read(),
                         "read its memory map": lambda: open(f"/proc/{victim}/maps").read()}.items():
        try:
            attack()
        except OSError as error:
            found[name] = error.errno
        else:
            found[name] = "done"
    return found
"""


@needs_confinement
def test_a_confined_worker_cannot_signal_or_read_a_classmates_worker(start_worker):
    """Refused by seccomp (signals to itself only) and Landlock (no /proc), at every uid."""
    victim = start_worker(IDS, name="victim.py", confined=True)
    victim_pid = victim.call("f", (), {})[3]
    attacker = start_worker(REACHES_A_CLASSMATE, name="attacker.py", confined=True)
    assert "done" not in attacker.call("f", (victim_pid,), {}).values()
    assert victim.call("f", (), {})[3] == victim_pid  # still there, still answering


def in_a_child(work, *, then_wait: bool = False) -> tuple[int, dict]:
    """Fork a process that runs `work` and writes what it returns; `then_wait`: it then waits to be killed."""
    reading, writing = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(reading)
            os.write(writing, json.dumps(work()).encode() + b"\n")
            if then_wait:
                time.sleep(60)
        finally:
            os._exit(0)
    os.close(writing)
    ready, _, _ = select.select([reading], [], [], 20)
    answer = json.loads(os.read(reading, 1 << 16)) if ready else {"no answer": True}
    os.close(reading)
    return pid, answer


def reach(victim: int) -> dict:
    found = {}
    for name, attack in {
        "signal it": lambda: os.kill(victim, 0),
        "read its environment": lambda: Path(f"/proc/{victim}/environ").read_bytes(),
    }.items():
        try:
            attack()
        except OSError as error:
            found[name] = errno.errorcode[error.errno]
        else:
            found[name] = "done"
    return found


@needs_root
def test_a_user_of_its_own_alone_keeps_a_worker_from_its_classmates(tmp_path):
    """What seccomp and Landlock refuse, were either to miss a call: with root's id (capabilities
    dropped, as before) a process signals and reads another such process; as users of their own,
    it does neither."""
    folders = [tempfile.mkdtemp(prefix="kata-identity-") for _ in range(4)]
    children = []
    try:

        def shared_id() -> dict:
            confinement.drop_capabilities()
            return {}

        def its_own_id(folder: str):
            return lambda: identity.take_an_identity_of_its_own(folder) or {}

        victim, _ = in_a_child(shared_id, then_wait=True)
        children.append(victim)
        attacker, found = in_a_child(lambda: shared_id() or reach(victim))
        children.append(attacker)
        assert found == {"signal it": "done", "read its environment": "done"}  # what a shared uid allows

        victim, _ = in_a_child(its_own_id(folders[0]), then_wait=True)
        children.append(victim)
        attacker, found = in_a_child(lambda: its_own_id(folders[1])() or reach(victim))
        children.append(attacker)
        assert found == {"signal it": "EPERM", "read its environment": "EACCES"}
    finally:
        for child in children:
            try:
                os.kill(child, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(child, 0)
        for folder in folders:
            shutil.rmtree(folder, ignore_errors=True)


QUEUES_SIGNALS = """
import os, signal

def f(count, drain):
    signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGRTMIN])
    for _ in range(count):
        os.kill(os.getpid(), signal.SIGRTMIN)
    queued = 0
    while drain and signal.sigtimedwait([signal.SIGRTMIN], 0):
        queued += 1
    return queued
"""


@needs_confinement
@needs_root
def test_a_workers_queued_signals_use_up_no_classmates_limit(start_worker):
    """RLIMIT_SIGPENDING counts the signals queued for every process of a user: with one user for all
    the workers, one that keeps its queue full left a classmate's worker none."""
    greedy = start_worker(QUEUES_SIGNALS, name="greedy.py", confined=True)
    greedy.call("f", (QUEUED_SIGNALS, False), {})  # kept queued while it rests
    classmate = start_worker(QUEUES_SIGNALS, name="classmate.py", confined=True)
    assert classmate.call("f", (QUEUED_SIGNALS, True), {}) == QUEUED_SIGNALS


@pytest.fixture
def fresh_fork_server():
    pool.stop_all_workers()
    yield
    pool.stop_all_workers()


@needs_confinement
@needs_root
def test_a_runtime_closed_to_other_users_refuses_in_one_line(start_worker, tmp_path, monkeypatch, fresh_fork_server):
    """A folder of the runtime (here one on the fork server's PYTHONPATH) that other users may not enter:
    a worker of a user of its own could import nothing from it, so none runs, and the reason says where."""
    private = tmp_path / "private_packages"
    private.mkdir(mode=0o700)
    private.chmod(0o700)
    environment = forking.worker_environment()
    monkeypatch.setattr(
        forking, "worker_environment", lambda: {**environment, "PYTHONPATH": f"{private}{os.pathsep}{ROOT}"}
    )
    monkeypatch.setattr(forking, "hidden_from_every_worker", lambda: [str(ROOT)])  # its temporary folder is not
    worker = start_worker("def f():\n    return 'ran'\n", confined=True)
    with pytest.raises(WorkerCouldNotStart) as refused:
        worker.start_if_needed()
    assert "\n" not in str(refused.value)
    assert f"could not read {private}: other users may not enter {private} (mode 0700)" in str(refused.value)


@needs_confinement
@needs_root
def test_a_workers_folder_where_other_users_may_not_enter_is_opened_to_it_alone(
    start_worker, tmp_path, monkeypatch, fresh_fork_server
):
    """A temporary folder closed to other users (a TMPDIR in /root, say): the worker covers the closed folder
    in its own mount namespace with one that holds only its own folder (kata.sandbox.sight)."""
    closed = tmp_path / "closed"
    closed.mkdir()
    closed.chmod(0o700)
    (closed / "beside.txt").write_text("the grader's")
    monkeypatch.setattr(tempfile, "tempdir", str(closed))
    worker = start_worker("import os\n\ndef f(beside):\n    return os.path.exists(beside)\n", confined=True)
    assert worker.call("f", (str(closed / "beside.txt"),), {}) is False  # it ran, and sees nothing beside its folder


@needs_root
def test_a_workers_folder_where_other_users_may_not_enter_refuses_in_one_line(tmp_path):
    """Where no mount namespace opens it (root without CAP_SYS_ADMIN), a folder other users may not enter above
    the worker's stops it in one line: taking a user of its own alone, the worker could not reach its folder."""
    closed = tmp_path / "closed"
    (closed / "worker").mkdir(parents=True)
    closed.chmod(0o700)

    def take_it():
        try:
            identity.take_an_identity_of_its_own(str(closed / "worker"))
        except identity.IdentityFailed as error:
            return {"refused": str(error)}
        return {"took": True}

    pid, found = in_a_child(take_it)
    os.waitpid(pid, 0)
    refused = found.get("refused", "")  # inside the first closed folder on its way (pytest's may be one)
    assert refused.startswith(f"the worker's folder {closed / 'worker'} is inside /") and refused.endswith(
        ", which other users may not enter (mode 0700)"
    ), found


@needs_confinement
@needs_root
def test_a_runtime_behind_a_closed_folder_is_opened_to_the_workers_alone(start_worker):
    """A runtime under /root (mode 0700), say: the fork server covers the closed folder, in a mount
    namespace of its own, with one that holds only the runtime; the grader's own view is unchanged."""
    readable = confinement.readable_paths(forking.hidden_from_every_worker())
    closed = sorted({identity.first_closed_folder(os.path.dirname(path)) for path in readable} - {None})
    if not closed:
        pytest.skip("no folder above this Python runtime is closed to other users")
    before = {folder: sorted(os.listdir(folder)) for folder in closed}
    worker = start_worker("import decimal\n\ndef f():\n    return str(decimal.Decimal(1) / 8)\n", confined=True)
    assert worker.call("f", (), {}) == "0.125"  # the standard library, read by a user of its own
    server = forking.fork_server().process.pid
    for folder in closed:
        leading_to_the_runtime = {
            path[len(folder) :].strip(os.sep).split(os.sep)[0] for path in readable if sight.inside(path, folder)
        }
        assert set(os.listdir(f"/proc/{server}/root{folder}")) <= leading_to_the_runtime
        assert sorted(os.listdir(folder)) == before[folder]


@needs_root
def test_a_shared_folder_given_as_a_workers_is_left_as_it_is():
    """Only a folder made for the worker (root's, closed to others) is given to its group: never /tmp, say."""
    shared = tempfile.mkdtemp(prefix="kata-identity-")
    try:
        os.chmod(shared, 0o755)
        kept = Path(shared, "kept.txt")
        kept.write_text("a classmate's")
        kept.chmod(0o644)
        before = [(path.stat().st_mode, path.stat().st_gid) for path in (Path(shared), kept)]
        pid, found = in_a_child(lambda: identity.take_an_identity_of_its_own(shared) or {"read": kept.read_text()})
        os.waitpid(pid, 0)
        assert found == {"read": "a classmate's"}
        assert [(path.stat().st_mode, path.stat().st_gid) for path in (Path(shared), kept)] == before
    finally:
        shutil.rmtree(shared, ignore_errors=True)
