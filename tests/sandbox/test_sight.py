"""What a worker started by root can see of the filesystem: nothing it may not read, even by `stat`.

Landlock refuses to open what a worker may not read, but mediates no `stat`: a worker could
tell whether a path exists, and its size and times, anywhere. Its path to the repository is no
secret (it is on the worker's PYTHONPATH and in every code object), nor is a class folder that a
teachers' guide lays out, so that a submission could learn which katas a classmate handed in,
and when. A worker started by root covers what is hidden from it (the repository, the temporary
folder, the folders of a class being graded) in a mount namespace of its own, and sees there
only what it may read (kata.sandbox.sight).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from kata.katas import ROOT
from kata.sandbox import identity
from kata.sandbox.limits import ALSO_HIDDEN_VARIABLE
from tests.support.isolated_runs import needs_confinement

needs_root = pytest.mark.skipif(
    not identity.runs_as_root(),
    reason=(
        "only root can give a worker a mount namespace of its own; as any other user a worker can stat what "
        "it cannot open (docs/security.md)"
    ),
)

STATS = """
import os

def f(paths):
    seen = {}
    for path in paths:
        path = __file__ if path == "its own file" else path
        try:
            seen[path] = os.stat(path).st_size
        except OSError as error:
            seen[path] = error.errno
    return seen
"""


@needs_confinement
@needs_root
def test_a_confined_worker_cannot_stat_the_repository_or_another_temporary_folder(start_worker, tmp_path):
    classmate = Path(tempfile.mkdtemp(prefix="classmate-"))
    try:
        (classmate / "fixed_windows.py").write_text("x = 1\n", encoding="utf-8")
        hidden = [str(ROOT / "README.md"), str(ROOT / "solutions"), str(classmate / "fixed_windows.py")]
        worker = start_worker(STATS, confined=True)
        seen = worker.call("f", (hidden,), {})
        assert all(type(value) is int and value < 200 for value in seen.values()), seen  # errno, not a size
        own = worker.call("f", (["its own file", os.__file__],), {})
        assert all(value > 200 for value in own.values()), own  # its own file and the runtime are in sight
    finally:
        for entry in classmate.iterdir():
            entry.unlink()
        classmate.rmdir()


@needs_confinement
@needs_root
def test_a_class_folder_named_to_the_run_is_out_of_a_workers_sight(start_worker, tmp_path, monkeypatch):
    """kata grade names the class's folders to each student's run (ALSO_HIDDEN_VARIABLE): a class kept at a
    path a student can guess, outside the temporary folder and the repository, is covered too."""
    if not Path("/var/tmp").is_dir():
        pytest.skip("no /var/tmp, a folder outside the temporary folder and the repository, to keep a class in")
    outside = Path(tempfile.mkdtemp(prefix="kata-test-class-", dir="/var/tmp"))
    outside.chmod(0o755)  # as a teacher's class folder would be
    (outside / "bob" / "01_fixed_windows").mkdir(parents=True)
    try:
        (outside / "bob" / "01_fixed_windows" / "fixed_windows.py").write_text("x = 1\n", encoding="utf-8")
        monkeypatch.setenv(ALSO_HIDDEN_VARIABLE, str(outside))
        from kata.sandbox import forking

        forking.stop_the_fork_server()  # the next one reads the class's folders
        worker = start_worker(STATS, confined=True)
        seen = worker.call("f", ([str(outside / "bob" / "01_fixed_windows" / "fixed_windows.py"), str(outside)],), {})
        assert all(type(value) is int and value < 200 for value in seen.values()), seen
    finally:
        forking.stop_the_fork_server()
        (outside / "bob" / "01_fixed_windows" / "fixed_windows.py").unlink()
        (outside / "bob" / "01_fixed_windows").rmdir()
        (outside / "bob").rmdir()
        outside.rmdir()


def test_a_folder_hidden_by_descriptor_keeps_the_paths_above_and_inside_it_from_being_read(tmp_path, monkeypatch):
    """A class folder goes to the fork server as a descriptor, not by name (kata.sandbox.sight.Unnamed): no
    path that holds it, and none it holds, may be read, as for a folder hidden by name."""
    from kata.sandbox.confinement import readable_paths
    from kata.sandbox.sight import Unnamed

    holding, inside = tmp_path / "teacher", tmp_path / "teacher" / "class" / "packages"
    inside.mkdir(parents=True)
    monkeypatch.setattr("sys.path", [*__import__("sys").path, str(holding), str(inside)])
    fd = os.open(holding / "class", os.O_PATH)
    try:
        unnamed = Unnamed([fd], kept=True)
        assert unnamed.hold(str(inside)) and unnamed.hold(str(holding / "class"))
        assert not unnamed.hold(str(holding)) and unnamed.lie_in(str(holding)) and unnamed.lie_in("/")
        assert not unnamed.lie_in(str(inside))
        readable = readable_paths([], unnamed)
    finally:
        os.close(fd)
    assert {str(holding), str(inside)} <= set(readable_paths([]))
    assert not {str(holding), str(inside)} & set(readable)
