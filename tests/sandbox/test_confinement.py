"""Confinement by the kernel (kata.sandbox.confinement): each attack of a student who read the grader fails.

Every attack below is refused to a confined worker by Landlock, seccomp or its resource
limits; the harmless ones succeed unconfined, so the refusals are the kernel's. A worker
that must be confined where it cannot be does not run; one that may run unconfined says why.
"""

from __future__ import annotations

import errno
import os
import shutil
import tempfile
from pathlib import Path

import pytest

from kata.katas import ROOT, SOLUTIONS
from kata.sandbox import confinement, forking, pool
from kata.sandbox.client import WorkerCouldNotStart
from kata.sandbox.limits import ALSO_HIDDEN_VARIABLE
from tests.support.isolated_runs import needs_confinement

# Each attack a student who has read the grader's source might try, as one expression the
# submission evaluates; every one must fail with an error of the operating system.
ATTACKS = {
    "write outside its folder": "open(OUTSIDE, 'w').write('x')",
    "read the reference": "open(REFERENCE).read()",
    "read the tests after chdir to the repository": "read_after_chdir(ROOT, 'tests/support/oracles.py')",
    "read the reference through a dir_fd": "os.open('fixed_windows.py', os.O_RDONLY, dir_fd=os.open(ROOT + "
    "'/solutions/01_fixed_windows', os.O_RDONLY))",
    "list the repository": "os.listdir(ROOT)",
    "read its own original file": "open(ORIGINAL).read()",
    "read the grader's environment": "open(f'/proc/{os.getppid()}/environ').read()",
    "read another process's memory map": "open(f'/proc/{os.getppid()}/maps').read()",
    "fork": "os.fork()",
    "start a program with fork_exec": "__import__('subprocess').run(['/bin/true'])",
    "start a program with posix_spawn": "os.posix_spawn('/bin/true', ['true'], {})",
    "fork through ctypes": "__import__('ctypes').CDLL(None, use_errno=True).fork() < 0 and error()",
    "signal the fork server": "os.kill(os.getppid(), 0)",
    "signal through a pidfd": "signal.pidfd_send_signal(os.pidfd_open(os.getppid()), 0)",
    "open a socket": "__import__('socket').socket()",
    "make a fifo outside": "os.mkfifo(OUTSIDE)",
    "set an extended attribute on the grader's files": "os.setxattr(ROOT + '/README.md', 'user.x', b'1')",
    "change the mode of the grader's files": "os.chmod(ROOT + '/README.md', 0o777)",
    "change the times of the grader's files": "os.utime(ROOT + '/README.md', (0, 0))",
    "truncate the grader's files": "os.truncate(ROOT + '/README.md', 0)",
    "link a grader's file into its folder": "os.link(ROOT + '/README.md', 'stolen')",
    "write a database outside": "__import__('sqlite3').connect(OUTSIDE).execute('create table t (x)')",
    "raise its own memory limit": "resource.setrlimit(resource.RLIMIT_AS, (-1, -1))",
    "lease a file every worker opens": "fcntl.fcntl(os.open(os.__file__, os.O_RDONLY), fcntl.F_SETLEASE, "
    "fcntl.F_RDLCK)",
    "lock a file others read": "fcntl.flock(os.open(os.__file__, os.O_RDONLY), fcntl.LOCK_SH)",
    "lock part of a file others read": "fcntl.lockf(os.open(os.__file__, os.O_RDONLY), fcntl.LOCK_SH)",
    "watch the repository's files": "__import__('ctypes').CDLL(None, use_errno=True).inotify_init() < 0 and error()",
    "keep shared memory past its limit and its life": "__import__('ctypes').CDLL(None, use_errno=True).shmget(0, "
    "1 << 20, 0o1666) < 0 and error()",
    "make a message queue for a classmate": "__import__('ctypes').CDLL(None, use_errno=True).msgget(0, 0o1666) < 0 "
    "and error()",
    "fill memory through a memory-backed file": "os.write(os.memfd_create('x'), b'x')",
    # (SIGIO ignored first: unconfined, any access to the folder would otherwise end the worker)
    "watch a folder with F_NOTIFY": "(signal.signal(signal.SIGIO, signal.SIG_IGN), fcntl.fcntl(os.open("
    "os.path.dirname(os.__file__), os.O_RDONLY), fcntl.F_NOTIFY, fcntl.DN_ACCESS))",
    "keep memory in a pipe, where its limit does not count it": "os.pipe()",
    "grow one of its pipes' kernel memory": "fcntl.fcntl(a_pipe(), fcntl.F_SETPIPE_SZ, 1 << 20)",
    "hide its /proc files from a grader that is not root": "__import__('ctypes').CDLL(None, use_errno=True).prctl("
    "4, 0, 0, 0, 0) < 0 and error()",
    "send its memory to swap, out of the resident memory read from outside": "page_out()",
    # Kernel objects that keep a process's data in kernel memory, which neither its resident
    # memory (read by a memory guard) nor its address space limit counts.
    "keep data in epoll items": "libc().epoll_create1(0) < 0 and error()",
    "keep data in an event descriptor": "libc().eventfd(0, 0) < 0 and error()",
    "keep data in a timer descriptor": "libc().timerfd_create(1, 0) < 0 and error()",
    "keep data in a signal descriptor": "libc().signalfd(-1, ctypes.byref((ctypes.c_ulong * 16)()), 0) < 0 and error()",
    "keep data in POSIX timers": "libc().timer_create(1, None, ctypes.byref(ctypes.c_void_p())) < 0 and error()",
    "keep data in signals queued with a value": "libc().sigqueue(os.getpid(), 0, ctypes.c_void_p(0)) < 0 and error()",
    "keep data in the names of its memory regions": "name_a_region()",
    "keep data in a system-call filter of its own": "add_a_filter()",
    "keep data in a Landlock ruleset": "libc().syscall(444, None, 0, 1) < 0 and error()",  # its ABI version
    "queue dozens of real-time signals to itself": "queue_signals(32)",
    "keep data in shared memory, whose dropped pages leave the resident count": "mmap.mmap(-1, 4096)",
    "open a hundred descriptors": "[os.open(os.devnull, os.O_RDONLY) for _ in range(100)]",
    "write back every file of the machine": "libc().syncfs(os.open(os.__file__, os.O_RDONLY)) < 0 and error()",
    "evict the runtime's files from the page cache": "os.posix_fadvise(os.open(os.__file__, os.O_RDONLY), 0, 0, "
    "os.POSIX_FADV_DONTNEED)",
    "load files into the page cache by hand": "libc().readahead(os.open(os.__file__, os.O_RDONLY), 0, 4096) < 0 "
    "and error()",
    # Signals the kernel sends for it: the owner of a descriptor with O_ASYNC gets a signal (of
    # its choice, with F_SETSIG) whenever the other end reads or writes, which below Landlock's
    # ABI 6 reached any process, the grader's included. Its own pid stands for the victim, and
    # SIGIO, ignored, for the signal (unconfined, the worker would otherwise end itself).
    "direct a pipe's signals to a process with F_SETOWN": "fcntl.fcntl(a_pipe(), fcntl.F_SETOWN, os.getpid())",
    # (a command is 32 bits, which the kernel reads of a 64-bit register: the upper bits must not
    # hide a refused one)
    "direct a pipe's signals with F_SETOWN, in the upper bits": "raw('fcntl', a_pipe(), (1 << 32) | fcntl.F_SETOWN, "
    "os.getpid())",
    "direct a pipe's signals to a process with F_SETOWN_EX": "fcntl.fcntl(a_pipe(), 15, struct.pack('ii', 1, "
    "os.getpid()))",
    "choose the signal a pipe sends with F_SETSIG": "fcntl.fcntl(a_pipe(), 10, signal.SIGIO)",
    "make a pipe signal its owner with O_ASYNC": "ignore_sigio() or fcntl.fcntl(a_pipe(), fcntl.F_SETFL, "
    "fcntl.fcntl(a_pipe(), fcntl.F_GETFL) | os.O_ASYNC)",
    "make a pipe signal its owner with FIOASYNC": "ignore_sigio() or fcntl.ioctl(a_pipe(), termios.FIOASYNC, "
    "struct.pack('i', 1))",
    # ioctls that change a file Landlock lets it read, which it owns when the grader runs as
    # root: its flags (immutable, append only), its project and extended flags, its version.
    "set a readable file's flags with FS_IOC_SETFLAGS": "set_file_flags(0x40086602, 0x80086601, 8)",
    "set a readable file's extended flags with FS_IOC_FSSETXATTR": "set_file_flags(0x401C5820, 0x801C581F, 28)",
    "set a readable file's version with FS_IOC_SETVERSION": "set_file_flags(0x40087602, 0x80087601, 8)",
    "hide its /proc files, the option in the upper bits": "raw('prctl', (1 << 32) | 4, 0)",
    # Linux empties a file opened with O_TRUNC even for reading, and Landlock checks that right only
    # from ABI 3 on: any file it may read and its user owns (the runtime's, when the grader is root).
    # Its own module stands for the victim; a confined worker creates no file either.
    "empty a file it may read by opening it with O_TRUNC": "os.open(__file__, os.O_RDONLY | os.O_TRUNC)",
    "create a file by opening it with O_CREAT": "os.open('created', os.O_RDONLY | os.O_CREAT)",
    "create a file with no name with O_TMPFILE": "os.open('.', os.O_TMPFILE | os.O_RDWR)",
    "create a file with creat": "creat('created')",
    "empty a file through openat2, whose flags a filter cannot read": "openat2(__file__, os.O_RDONLY | os.O_TRUNC)",
    # A timer of its own would go off while it rests, stopped between two requests, so that the
    # signal would seem sent from outside: its crash blamed on the grader or a classmate.
    "set an alarm that goes off while it rests": "(libc().alarm(1000) < 0 and error(), libc().alarm(0))",
    "set an interval timer that goes off while it rests": "(signal.setitimer(signal.ITIMER_REAL, 1000), "
    "signal.setitimer(signal.ITIMER_REAL, 0))",
    "make a pipe signal its owner with FIOASYNC, in the upper bits": "ignore_sigio() or raw('ioctl', a_pipe(), "
    "(1 << 32) | termios.FIOASYNC, "
    "ctypes.addressof(ONE))",
}


ATTACKER = """
import ctypes
import errno
import fcntl
import mmap
import os
import resource
import signal
import stat
import struct
import termios

def error():
    raise OSError("the call returned an error")

def libc():
    return ctypes.CDLL(None, use_errno=True)

def name_a_region():
    memory = mmap.mmap(-1, 4096, flags=mmap.MAP_PRIVATE)
    address = ctypes.addressof(ctypes.c_char.from_buffer(memory))
    if libc().prctl(0x53564D41, 0, ctypes.c_ulong(address), 4096, b"kept") < 0:  # PR_SET_VMA, ..._ANON_NAME
        if ctypes.get_errno() != errno.EINVAL:  # EINVAL: this kernel names no region, so there is nothing to refuse
            error()

class BpfInstruction(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint16), ("jt", ctypes.c_uint8), ("jf", ctypes.c_uint8), ("k", ctypes.c_uint32)]

class BpfProgram(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.POINTER(BpfInstruction))]

def add_a_filter():
    allow_all = BpfProgram(1, ctypes.pointer(BpfInstruction(0x06, 0, 0, 0x7FFF0000)))  # BPF_RET|BPF_K, ALLOW
    libc().prctl(38, 1, 0, 0, 0)  # PR_SET_NO_NEW_PRIVS, which a filter needs
    number = {"x86_64": 317, "aarch64": 277}[os.uname().machine]  # seccomp(SECCOMP_SET_MODE_FILTER, 0, ...)
    if libc().syscall(number, 1, 0, ctypes.byref(allow_all)) < 0:
        error()

def queue_signals(count):
    signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGRTMIN])
    try:
        for _ in range(count):
            os.kill(os.getpid(), signal.SIGRTMIN)
        queued = 0
        while signal.sigtimedwait([signal.SIGRTMIN], 0):
            queued += 1
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGRTMIN])
    if queued < count:
        raise OSError(f"{queued} of the {count} signals were queued")

def page_out():
    import ctypes, mmap
    memory = mmap.mmap(-1, 4096, flags=mmap.MAP_PRIVATE)
    page = (ctypes.c_char * 4096).from_buffer(memory)
    madvise = ctypes.CDLL(None, use_errno=True).madvise
    madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    if madvise(ctypes.addressof(page), 4096, 21) < 0:  # MADV_PAGEOUT
        error()

def a_pipe():
    for fd in range(3, 256):  # one of its own two pipes to the tests
        try:
            if stat.S_ISFIFO(os.fstat(fd).st_mode):
                return fd
        except OSError:
            pass

ONE = ctypes.c_int(1)

def ignore_sigio():
    signal.signal(signal.SIGIO, signal.SIG_IGN)

def raw(name, *arguments):  # a system call with 64-bit arguments, as no wrapper of the C library passes them
    numbers = {"fcntl": {"x86_64": 72, "aarch64": 25}, "prctl": {"x86_64": 157, "aarch64": 167},
               "ioctl": {"x86_64": 16, "aarch64": 29}}
    if libc().syscall(numbers[name][os.uname().machine], *map(ctypes.c_long, arguments)) < 0:
        error()

def set_file_flags(set_request, get_request, size):  # those of its own module, a file it may read, set unchanged
    fd = os.open(__file__, os.O_RDONLY)
    try:
        flags = fcntl.ioctl(fd, get_request, bytes(size))
    except OSError:
        flags = bytes(size)
    fcntl.ioctl(fd, set_request, flags)

def creat(path):  # the system call itself: the C library's creat() is an openat
    number = {"x86_64": 85}.get(os.uname().machine)
    if number is None:  # no such call here (arm64): openat stands for it
        os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    elif libc().syscall(number, path.encode(), 0o600) < 0:
        error()

class OpenHow(ctypes.Structure):
    _fields_ = [("flags", ctypes.c_uint64), ("mode", ctypes.c_uint64), ("resolve", ctypes.c_uint64)]

def openat2(path, flags):  # 437 on every architecture; AT_FDCWD is -100
    if libc().syscall(437, -100, path.encode(), ctypes.byref(OpenHow(flags, 0, 0)), 24) < 0:
        error()

def read_after_chdir(folder, path):  # and back: unconfined, a later attack's file would land in the repository
    os.chdir(folder)
    try:
        return open(path).read()
    finally:
        os.chdir(os.environ["HOME"])  # the worker's own folder

def f(attack, names):
    globals().update(names)
    try:
        eval(attack)
    except Exception as refused:  # OSError mostly; sqlite3 and resource have errors of their own
        return "refused: " + type(refused).__name__
    return "done"
"""


@pytest.fixture
def confined_worker(start_worker, tmp_path):
    worker = start_worker(ATTACKER, name="fixed_windows.py", confined=True)
    outside = tmp_path.parent / f"outside-{tmp_path.name}"
    names = {
        "ROOT": str(ROOT),
        "REFERENCE": str(SOLUTIONS / "01_fixed_windows" / "fixed_windows.py"),
        "OUTSIDE": str(outside),
        "ORIGINAL": str(tmp_path / "fixed_windows.py"),
    }
    yield lambda attack: worker.call("f", (attack, names), {})
    assert not outside.exists()


@needs_confinement
@pytest.mark.parametrize("attack", ATTACKS.values(), ids=ATTACKS.keys())
def test_a_confined_worker_is_refused(confined_worker, attack):
    before = {path: path.stat() for path in [ROOT / "README.md"]}
    assert confined_worker(attack).startswith("refused"), attack
    assert {path: path.stat() for path in before} == before


HARMLESS_ATTACKS = [
    "read the reference",
    "read the tests after chdir to the repository",
    "read the reference through a dir_fd",
    "list the repository",
    "read the grader's environment",
    "signal the fork server",
    "open a socket",
    "lock a file others read",
    "lock part of a file others read",
    "watch the repository's files",
    "watch a folder with F_NOTIFY",
    "fill memory through a memory-backed file",
    "keep memory in a pipe, where its limit does not count it",
    "grow one of its pipes' kernel memory",
    "hide its /proc files from a grader that is not root",
    "send its memory to swap, out of the resident memory read from outside",
    "keep data in epoll items",
    "keep data in an event descriptor",
    "keep data in a timer descriptor",
    "keep data in a signal descriptor",
    "keep data in POSIX timers",
    "keep data in signals queued with a value",
    "keep data in the names of its memory regions",
    "keep data in a system-call filter of its own",
    "keep data in a Landlock ruleset",
    "keep data in shared memory, whose dropped pages leave the resident count",
    "write back every file of the machine",
    "evict the runtime's files from the page cache",
    "load files into the page cache by hand",
    "direct a pipe's signals to a process with F_SETOWN",
    "direct a pipe's signals with F_SETOWN, in the upper bits",
    "direct a pipe's signals to a process with F_SETOWN_EX",
    "choose the signal a pipe sends with F_SETSIG",
    "make a pipe signal its owner with O_ASYNC",
    "make a pipe signal its owner with FIOASYNC",
    "make a pipe signal its owner with FIOASYNC, in the upper bits",
    "set a readable file's flags with FS_IOC_SETFLAGS",
    "set a readable file's extended flags with FS_IOC_FSSETXATTR",
    "hide its /proc files, the option in the upper bits",
    "empty a file it may read by opening it with O_TRUNC",
    "create a file by opening it with O_CREAT",
    "create a file with no name with O_TMPFILE",
    "create a file with creat",
    "empty a file through openat2, whose flags a filter cannot read",
    "set an alarm that goes off while it rests",
    "set an interval timer that goes off while it rests",
]


def test_unconfined_the_harmless_attacks_succeed_so_the_refusals_are_the_kernels(start_worker, unconfined_fork_server):
    worker = start_worker(ATTACKER, name="fixed_windows.py")
    names = {"ROOT": str(ROOT), "REFERENCE": str(SOLUTIONS / "01_fixed_windows" / "fixed_windows.py")}
    assert {name: worker.call("f", (ATTACKS[name], names), {}) for name in HARMLESS_ATTACKS} == dict.fromkeys(
        HARMLESS_ATTACKS, "done"
    )
    pool.stop_all_workers()
    assert not (ROOT / "created").exists(), "an attack created its file in the repository, not in its own folder"


@needs_confinement
def test_a_confined_worker_may_read_its_own_folder_use_threads_and_the_standard_library(start_worker):
    worker = start_worker(
        """
        import json, os, re, threading, decimal

        def f():
            results = []
            thread = threading.Thread(target=lambda: results.append(re.findall(r"\\w+", "two words")))
            thread.start()
            thread.join()
            return os.listdir("."), results, json.dumps(str(decimal.Decimal(1) / 8))
    """,
        confined=True,
    )
    assert worker.call("f", (), {}) == (["submission.py"], [["two", "words"]], '"0.125"')


@needs_confinement
def test_a_confined_worker_may_ask_of_its_descriptors_what_the_runtime_asks(start_worker):
    """Only a few ioctl commands are allowed: whether a descriptor is a terminal, what waits in it, close-on-exec."""
    worker = start_worker(
        """
        import fcntl, os, stat, struct, termios

        def f():
            pipe = next(fd for fd in range(3, 64) if is_a_pipe(fd))
            waiting = struct.unpack("i", fcntl.ioctl(pipe, termios.FIONREAD, bytes(4)))[0]
            os.set_inheritable(pipe, False)
            with open(__file__) as module:
                return os.isatty(0), module.isatty(), waiting, os.get_inheritable(pipe)

        def is_a_pipe(fd):
            try:
                return stat.S_ISFIFO(os.fstat(fd).st_mode)
            except OSError:
                return False
    """,
        confined=True,
    )
    assert worker.call("f", (), {}) == (False, False, 0, False)


@needs_confinement
@pytest.mark.parametrize(
    "write",
    ["open('notes.txt', 'w')", "os.mkdir('d')", "os.remove('submission.py')", "os.symlink('submission.py', 'l')"],
)
def test_a_confined_worker_writes_nothing_even_in_its_own_folder(start_worker, write):
    """Thousands of files of 16 MB, or folders nested too deep to remove, would hurt every classmate."""
    worker = start_worker(
        "import os\n\ndef f(write):\n    try:\n        eval(write)\n"
        "    except OSError as error:\n        return error.errno\n    return 'written'\n",
        confined=True,
    )
    assert worker.call("f", (write,), {}) in (errno.EACCES, errno.EPERM)


@pytest.fixture(params=[None, 1, 2], ids=["the machine's abi", "abi 1", "abi 2"])
def landlock_abi(request, monkeypatch):
    """The test's workers come from a fork server whose confinement uses the machine's Landlock ABI, or
    at most the one given; that fork server is stopped after the test."""
    if request.param is not None:
        monkeypatch.setenv(confinement.MAX_ABI_VARIABLE, str(request.param))
    pool.stop_all_workers()
    yield request.param
    pool.stop_all_workers()


@needs_confinement
def test_a_confined_worker_empties_no_file_it_may_read_at_any_landlock_abi(start_worker, landlock_abi):
    """Opened with O_TRUNC, even for reading, a file is emptied: before Landlock's ABI 3 nothing but
    seccomp sees it. The canary, a copy of a file of the runtime in the worker's own folder, is
    readable and owned by the grader's user, as the runtime's files are when the grader is root."""
    worker = start_worker(
        """
        import os

        def f(name):
            try:
                os.close(os.open(name, os.O_RDONLY | os.O_TRUNC))
            except OSError as error:
                return error.errno
            return f"emptied: {os.stat(name).st_size} bytes left"
    """,
        confined=True,
    )
    worker.start_if_needed()
    canary = worker.folder / "canary.py"
    shutil.copyfile(os.__file__, canary)
    assert worker.call("f", (canary.name,), {}) == errno.EPERM  # seccomp's refusal, at every ABI
    assert canary.read_bytes() == Path(os.__file__).read_bytes()


@needs_confinement
def test_a_confined_worker_keeps_no_capability_even_when_started_by_root(start_worker):
    worker = start_worker(
        """
        import ctypes

        def f():
            header = (ctypes.c_uint32 * 2)(0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3, this process
            sets = (ctypes.c_uint32 * 6)()
            assert ctypes.CDLL(None).capget(header, sets) == 0
            return list(sets)
    """,
        confined=True,
    )
    assert worker.call("f", (), {}) == [0] * 6


@pytest.fixture
def unconfined_fork_server(monkeypatch, tmp_path):
    """The test's workers come from a fork server that cannot import libseccomp's binding, as on a
    machine without it; that fork server is stopped after the test, however it ends."""
    shadow = tmp_path / "shadow"
    shadow.mkdir()
    (shadow / "pyseccomp.py").write_text("raise ImportError('no libseccomp here')\n")
    environment = forking.worker_environment()
    monkeypatch.setattr(
        forking, "worker_environment", lambda: {**environment, "PYTHONPATH": f"{shadow}{os.pathsep}{ROOT}"}
    )
    pool.stop_all_workers()
    yield
    pool.stop_all_workers()


def test_a_worker_that_must_be_confined_where_it_cannot_be_does_not_run(start_worker, unconfined_fork_server):
    worker = start_worker("def f():\n    return 'ran'\n", confined=True)
    with pytest.raises(
        WorkerCouldNotStart, match=r"could not be confined, so .*submission\.py was not run: .*libseccomp"
    ):
        worker.start_if_needed()
    pool.stop_all_workers()


def test_a_worker_that_may_run_unconfined_says_why(start_worker, unconfined_fork_server):
    worker = start_worker("def f():\n    return 'ran'\n")
    assert worker.call("f", (), {}) == "ran"
    assert "libseccomp" in worker.unconfined
    pool.stop_all_workers()


def test_the_module_the_worker_loads_is_a_copy(start_worker, tmp_path):
    """Removing its own file removes the worker's copy (unconfined) or is refused (confined): never the original."""
    worker = start_worker("""
        import os

        def f():
            try:
                os.remove(__file__)
            except PermissionError:
                return "refused"
            return __file__
    """)
    removed = worker.call("f", (), {})
    assert removed == "refused" or removed != str(tmp_path / "submission.py")
    assert (tmp_path / "submission.py").is_file()


STRINGS_IT_CAN_REACH = """
import gc, os, sys

def strings_in(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for pair in list(value.items()):
            yield from (part for part in pair if isinstance(part, str))
    elif isinstance(value, (list, tuple, set, frozenset)):
        yield from (item for item in list(value) if isinstance(item, str))
    elif hasattr(value, "__dict__") and isinstance(getattr(value, "__dict__", None), dict):
        yield from strings_in(vars(value))

def f():
    reachable = [sys.argv, sys.orig_argv, dict(os.environ), sys.path, *gc.get_objects()]
    for frame in sys._current_frames().values():
        while frame is not None:
            reachable.append(dict(frame.f_locals))
            frame = frame.f_back
    try:
        with open("/proc/self/cmdline", "rb") as command_line:
            reachable.append(command_line.read().decode(errors="replace"))
    except OSError:
        pass
    return sorted({text for value in reachable for text in strings_in(value) if os.sep in text})
"""


@needs_confinement
def test_a_worker_finds_nothing_of_the_folder_its_submission_came_from(start_worker, tmp_path):
    """In grading that folder's random name is the grading folder's: with it a worker could stat
    its classmates' files and the shared probes. It was in the worker's sys.argv (its settings)."""
    worker = start_worker(STRINGS_IT_CAN_REACH, confined=True)
    found = worker.call("f", (), {})
    assert found and not [text for text in found if tmp_path.name in text]


@pytest.fixture
def class_folders(monkeypatch):
    """The folders a run is told to hide, as kata grade names them (ALSO_HIDDEN_VARIABLE): a class folder
    outside the temporary folder and the repository, and a grading folder inside the temporary folder, each
    with a random name; this test's fork server is the first to read them, and is stopped after it."""
    if not Path("/var/tmp").is_dir():
        pytest.skip("no /var/tmp, a folder outside the temporary folder and the repository, to keep a class in")
    folders = [
        Path(tempfile.mkdtemp(prefix="kata-test-class-", dir="/var/tmp")),
        Path(tempfile.mkdtemp(prefix="kata-grade-")),
    ]
    monkeypatch.setenv(ALSO_HIDDEN_VARIABLE, os.pathsep.join(map(str, folders)))
    pool.stop_all_workers()
    forking.stop_the_fork_server()
    yield folders
    forking.stop_the_fork_server()
    for folder in folders:
        folder.rmdir()


@needs_confinement
def test_a_worker_finds_nothing_of_the_names_of_the_class_folders_hidden_from_it(start_worker, class_folders):
    """With a grading folder's random name a worker that is not root's could stat its classmates' unpacked
    files and the shared probes (Landlock mediates no stat); the names reached it in its fork server's
    command line (sys.orig_argv) and in that server's frames, which every worker inherits."""
    worker = start_worker(STRINGS_IT_CAN_REACH, confined=True)
    found = worker.call("f", (), {})
    assert found  # the search finds paths: the runtime's, its own folder's
    named = [text for text in found if any(folder.name in text for folder in class_folders)]
    assert not named, named


IDENTITIES_IT_CAN_REACH = """
import gc, sys

def f(identities):
    wanted, found, seen = set(identities), set(), set()  # "device:inode", for the search not to find its own
    reachable = [*gc.get_objects()]
    for frame in sys._current_frames().values():
        while frame is not None:
            reachable.append(frame.f_locals)
            frame = frame.f_back
    while reachable:  # everything these hold, to the bottom: sets and tuples of numbers are not tracked by gc
        value = reachable.pop()
        if id(value) in seen:
            continue
        seen.add(id(value))
        if isinstance(value, tuple) and len(value) == 2 and all(type(part) is int for part in value) \
                and f"{value[0]}:{value[1]}" in wanted:
            found.add(value)
        if isinstance(value, dict):
            reachable += [*value.keys(), *value.values()]
        elif isinstance(value, (list, tuple, set, frozenset)):
            reachable += list(value)
        elif hasattr(value, "__dict__") and isinstance(getattr(value, "__dict__", None), dict):
            reachable.append(vars(value))
    return sorted(found)
"""


@needs_confinement
def test_a_worker_finds_nothing_of_the_identities_of_the_class_folders_hidden_from_it(start_worker, class_folders):
    """The fork server knows those folders by device and inode (kata.sandbox.sight.Unnamed): left in its memory,
    the numbers let a worker rebuild a folder's path one guessed name at a time, by stat, and confirm it."""
    identities = [f"{os.stat(folder).st_dev}:{os.stat(folder).st_ino}" for folder in class_folders]
    identities.append(f"{os.stat('/var/tmp').st_dev}:{os.stat('/var/tmp').st_ino}")  # above the class folder
    worker = start_worker(IDENTITIES_IT_CAN_REACH, confined=True)
    assert worker.call("f", (identities,), {}) == []


# The lowest Landlock ABI accepted: every guarantee holds there too -------------------------------


@pytest.fixture
def lowest_landlock_abi(monkeypatch):
    """The test's workers come from a fork server whose confinement uses Landlock's ABI 1 alone, as on
    Linux 5.13 to 5.18; that fork server is stopped after the test."""
    monkeypatch.setenv(confinement.MAX_ABI_VARIABLE, str(confinement.LOWEST_ABI))
    pool.stop_all_workers()
    yield
    pool.stop_all_workers()


@needs_confinement
@pytest.mark.parametrize("attack", ATTACKS.values(), ids=ATTACKS.keys())
def test_a_confined_worker_is_refused_at_the_lowest_landlock_abi(lowest_landlock_abi, confined_worker, attack):
    assert forking.worker_environment()[confinement.MAX_ABI_VARIABLE] == str(confinement.LOWEST_ABI)
    before = {path: path.stat() for path in [ROOT / "README.md"]}
    assert confined_worker(attack).startswith("refused"), attack
    assert {path: path.stat() for path in before} == before


@needs_confinement
def test_the_landlock_abi_used_is_capped_for_tests(monkeypatch):
    monkeypatch.delenv(confinement.MAX_ABI_VARIABLE, raising=False)  # the suite itself may run capped
    machine = confinement.landlock_abi()
    monkeypatch.setenv(confinement.MAX_ABI_VARIABLE, "1")
    assert confinement.landlock_abi() == 1 and confinement.problem() is None
    monkeypatch.setenv(confinement.MAX_ABI_VARIABLE, "99")
    assert confinement.landlock_abi() == machine


@pytest.mark.parametrize("value", ["six", "0", "-1", "1.5"])
def test_a_cap_that_is_not_an_abi_is_refused_in_one_line(monkeypatch, value):
    monkeypatch.setenv(confinement.MAX_ABI_VARIABLE, value)
    assert confinement.problem() == (
        f"the environment variable KATA_MAX_LANDLOCK_ABI must be a whole number of 1 or "
        f"more (a Landlock ABI), not {value!r}"
    )
