"""What a worker may do once it runs a submission, enforced by the Linux kernel.

A worker confines itself after it has set itself up and before it loads the
submission; nothing the submission does afterwards can lift it, since the kernel
keeps both restrictions for the rest of the process's life (and no_new_privs stops
anything from regaining rights through a program it runs).

- Landlock (the filesystem): the worker may read the Python runtime (the standard
  library, installed packages and the system's shared libraries) and a few device
  files, and may read its own folder; it writes nowhere (but /dev/null), and every
  other path is refused, however it is reached (a relative path after chdir, a dir_fd, a
  link). So no repository, no tests or solutions, no classmate, no grading folder, no /proc of any process.
  From ABI 4 on it also refuses TCP, and from ABI 6 on signals and abstract sockets
  that leave the worker; seccomp refuses all three at every ABI, so each guarantee holds from
  ABI 1 on (KATA_MAX_LANDLOCK_ABI caps the ABI used, for tests).
- seccomp (system calls, through libseccomp): no new processes (threads stay
  allowed), no exec, no signal to any other process (nor one the kernel would send for it:
  a descriptor's owner, its signal, O_ASYNC), no ioctl but the few the runtime asks, no ptrace or reading another
  process's memory, no sockets, none of the file-metadata calls Landlock does not
  cover (chmod, chown, extended attributes, times), no opening a file to empty or make
  it (O_TRUNC, O_CREAT), no watching files (inotify,
  F_NOTIFY) and no leases or locks on them (a lease on a file every worker opens would
  make a classmate's worker wait), no shared memory, message queues, pipes or
  memory-backed files (memory its address space limit does not count, which may outlive
  it or pass notes to a classmate), none of the kernel objects that keep data in kernel
  memory (epoll, event, timer and signal descriptors, queued signals, names of memory
  regions), no timer of its own (alarm, setitimer: its signal would seem sent from outside
  while the worker rests), no shared anonymous memory (its pages can leave the resident count and keep
  their data), no raising of its own limits,
  nothing that needs a privilege (mounts, namespaces, modules, BPF, io_uring), and
  no system call newer than libseccomp knows.
- A user of its own (kata.sandbox.identity): a worker started by root takes a user and a
  group no file belongs to, and with root's id drops all its capabilities.

Both mechanisms work for an unprivileged user on any Linux of the last few years
(Landlock since 5.13), with nothing to install but libseccomp (bubblewrap and other
namespace sandboxes need user namespaces, which many distributions and containers
turn off). Where they are missing, `problem()` says what is missing in one line.
"""

from __future__ import annotations

import ctypes
import errno
import os
import sys
import sysconfig

from kata.sandbox.identity import (
    IdentityFailed,
    closed_to_the_workers,
    end_with_the_parent,
    first_closed_folder,
    runs_as_root,
    take_an_identity_of_its_own,
)
from kata.sandbox.limits import LOWEST_ABI, MAX_ABI_VARIABLE
from kata.sandbox.sight import Unnamed, cover

try:
    import pyseccomp
except (ImportError, OSError):  # not Linux, or no libseccomp: problem() says so
    pyseccomp = None

# Landlock's interface (include/uapi/linux/landlock.h); the system calls' numbers come from libseccomp.
_CREATE_RULESET_VERSION = 1
_RULE_PATH_BENEATH = 1
_READ_FILE, _WRITE_FILE, _READ_DIR = 1 << 2, 1 << 1, 1 << 3
_REMOVE_DIR, _REMOVE_FILE, _MAKE_DIR, _MAKE_REG, _MAKE_SYM = 1 << 4, 1 << 5, 1 << 7, 1 << 8, 1 << 12
_REFER, _TRUNCATE = 1 << 13, 1 << 14
_FS_RIGHTS_BY_ABI = {1: (1 << 13) - 1, 2: (1 << 14) - 1, 3: (1 << 15) - 1, 5: (1 << 16) - 1}
_NET_BIND_TCP, _NET_CONNECT_TCP = 1, 2
_SCOPE_ABSTRACT_UNIX_SOCKET, _SCOPE_SIGNAL = 1, 2
_PR_SET_NO_NEW_PRIVS = 38

READS = _READ_FILE | _READ_DIR
# Its own folder is read only, like the rest: a file of 16 MB at most would still let it
# write thousands of them and fill the disk every classmate's run writes to, or nest
# folders too deep for the grader to remove. A chunking function needs no file.
OWN_FOLDER = READS

# Files outside the runtime that Python or the C library may open while a submission runs.
DEVICE_FILES = {"/dev/null": _READ_FILE | _WRITE_FILE, "/dev/zero": _READ_FILE, "/dev/urandom": _READ_FILE}
SYSTEM_FILES = ("/etc/ld.so.cache", "/etc/localtime")
SYSTEM_LIBRARIES = ("/lib", "/lib64", "/usr/lib", "/usr/lib64", "/usr/local/lib", "/usr/share/zoneinfo")

# System calls refused outright (those this libseccomp does not know are skipped: the kernel lacks them too).
REFUSED = (
    # new processes and programs (threads are clone with CLONE_THREAD, allowed below)
    "fork",
    "vfork",
    "execve",
    "execveat",
    # other processes: signals, tracing, their memory, their descriptors
    "tkill",
    "pidfd_open",
    "pidfd_send_signal",
    "pidfd_getfd",
    "ptrace",
    "process_vm_readv",
    "process_vm_writev",
    "kcmp",
    "process_madvise",
    "process_mrelease",
    "migrate_pages",
    "move_pages",
    "get_robust_list",
    # the network, and local sockets
    "socket",
    "socketpair",
    # watching files it may not read, and locks that make another process's open() or read wait
    "inotify_init",
    "inotify_init1",
    "inotify_add_watch",
    "flock",
    # memory outside its address space limit, which may outlive it or reach another process:
    # System V and POSIX shared memory, message queues and semaphores, memory-backed files
    "shmget",
    "shmat",
    "shmdt",
    "shmctl",
    "msgget",
    "msgsnd",
    "msgrcv",
    "msgctl",
    "semget",
    "semop",
    "semtimedop",
    "semctl",
    "ipc",
    "mq_open",
    "mq_unlink",
    "mq_timedsend",
    "mq_timedreceive",
    "mq_notify",
    "mq_getsetattr",
    "memfd_create",
    "memfd_secret",
    # pipes: what waits in one is kernel memory, kept while a read end is open (the worker's own
    # two pipes to the tests are made before it is confined)
    "pipe",
    "pipe2",
    # the machine's disks and page cache, which every classmate's worker reads its runtime from:
    # writing back every file, and evicting or loading cached files by hand
    "sync",
    "syncfs",
    "fadvise64",
    "fadvise64_64",
    "readahead",
    # kernel objects that keep what a process puts in them, in kernel memory that neither its
    # resident memory nor its address space limit counts: epoll items (each with 8 bytes of its
    # own data, hundreds of thousands of them), event, timer and signal descriptors, POSIX timers,
    # signals queued with data, more system-call filters and Landlock rulesets (both are applied
    # before the worker loads anything)
    "epoll_create",
    "epoll_create1",
    "epoll_ctl",
    "eventfd",
    "eventfd2",
    "timerfd_create",
    "signalfd",
    "signalfd4",
    "timer_create",
    "rt_sigqueueinfo",
    "rt_tgsigqueueinfo",
    "seccomp",
    "landlock_create_ruleset",
    "landlock_add_rule",
    "landlock_restrict_self",
    # timers of its own, which go off while it rests, stopped: their signal would seem sent from outside
    # (timer_create above; getitimer only reads)
    "setitimer",
    "alarm",
    # file metadata Landlock does not cover
    "chmod",
    "fchmod",
    "fchmodat",
    "fchmodat2",
    "chown",
    "fchown",
    "lchown",
    "fchownat",
    "setxattr",
    "lsetxattr",
    "fsetxattr",
    "removexattr",
    "lremovexattr",
    "fremovexattr",
    "utime",
    "utimes",
    "futimesat",
    "utimensat",
    "truncate",
    "mknod",
    "mknodat",
    # making a file (a confined worker makes none, not even in its own folder: see REFUSED_OPEN_FLAGS)
    "creat",
    # its own limits, once set
    "setrlimit",
    # what needs privileges, or escapes system-call filtering
    "open_by_handle_at",
    "name_to_handle_at",
    "mount",
    "umount2",
    "pivot_root",
    "chroot",
    "setns",
    "unshare",
    "move_mount",
    "open_tree",
    "fsopen",
    "fsconfig",
    "fsmount",
    "fspick",
    "mount_setattr",
    "bpf",
    "perf_event_open",
    "userfaultfd",
    "io_uring_setup",
    "io_uring_enter",
    "io_uring_register",
    "keyctl",
    "add_key",
    "request_key",
    "init_module",
    "finit_module",
    "delete_module",
    "kexec_load",
    "kexec_file_load",
    "reboot",
    "swapon",
    "swapoff",
    "syslog",
    "acct",
    "quotactl",
    "quotactl_fd",
    "settimeofday",
    "clock_settime",
    "clock_adjtime",
    "adjtimex",
    "sethostname",
    "setdomainname",
    "iopl",
    "ioperm",
    "personality",
    "fanotify_init",
    "vhangup",
    "uselib",
    "lookup_dcookie",
    "nfsservctl",
)
# System calls allowed only on the worker itself, named by its own process id: their first argument.
ONLY_ON_ITSELF = ("kill", "tgkill", "sched_setaffinity", "sched_setscheduler", "sched_setparam", "sched_setattr")
# ... and those whose second argument is (setpriority(which, who, prio), ioprio_set(which, who, prio)).
ONLY_ON_ITSELF_SECOND = ("setpriority", "ioprio_set")
# fcntl commands refused: a lease makes every other open() of the file wait up to
# /proc/sys/fs/lease-break-time (45 s), a lock makes a locking reader wait, F_NOTIFY watches a
# folder, and F_SETPIPE_SZ grows a pipe's kernel memory. An owner (F_SETOWN, F_SETOWN_EX) and a
# signal (F_SETSIG) of a descriptor make the kernel signal a process of the worker's choice
# whenever the other end of its pipe is read or written: any process, the grader's included,
# where Landlock's signal scope (ABI 6) is missing. Setting O_ASYNC (F_SETFL, FIOASYNC) is refused too.
REFUSED_FCNTL = {
    "F_SETLEASE": 1024,
    "F_NOTIFY": 1026,
    "F_SETLK": 6,
    "F_SETLKW": 7,
    "F_OFD_SETLK": 37,
    "F_OFD_SETLKW": 38,
    "F_SETPIPE_SZ": 1031,
    "F_SETOWN": 8,
    "F_SETSIG": 10,
    "F_SETOWN_EX": 15,
}
_F_SETFL, _O_ASYNC = 4, 0o20000
# Flags of open and openat refused: Linux empties a file opened with O_TRUNC even for reading, and
# Landlock checks that right only from ABI 3 on (before, only the descriptor's read or write mode),
# so that any readable file the worker's user owns (the runtime's, when the grader is root) could
# be emptied. A worker makes no file (its folder is read only), so O_CREAT and O_TMPFILE go too.
REFUSED_OPEN_FLAGS = {"O_TRUNC": 0o1000, "O_CREAT": 0o100, "O_TMPFILE": 0o20000000}
# System calls that pass their flags in memory, which a filter cannot read: ENOSYS, as on a kernel
# without them, makes the C library use the older call whose flags are registers (clone, openat).
UNKNOWN_TO_THE_WORKER = ("clone3", "openat2")
# The only ioctl commands a worker may use, all of them questions or its own descriptors' flags:
# is it a terminal (TCGETS), the window's size, the bytes waiting (FIONREAD), close-on-exec
# (FIOCLEX, FIONCLEX). Every other fails as on a file that knows no such command (ENOTTY): those
# that set a file's flags (FS_IOC_SETFLAGS: immutable, append only), its extended flags
# (FS_IOC_FSSETXATTR), its version, a descriptor's owner or O_ASYNC (FIOSETOWN, SIOCSPGRP,
# FIOASYNC), and whatever a driver adds. Landlock mediates no ioctl on a file before ABI 5, and
# at 5 only those on devices.
ALLOWED_IOCTL = {"TCGETS": 0x5401, "TIOCGWINSZ": 0x5413, "FIONREAD": 0x541B, "FIONCLEX": 0x5450, "FIOCLEX": 0x5451}
# prctl options refused: a process that is not "dumpable" hides its /proc files from a grader
# that is not root, where its memory is read from outside; a name of up to 80 bytes on each of
# tens of thousands of memory regions is kernel memory no limit counts; and a system-call
# filter added through prctl, like one added through seccomp().
REFUSED_PRCTL = (4, 0x53564D41, 22)  # PR_SET_DUMPABLE, PR_SET_VMA, PR_SET_SECCOMP
# madvise advice refused: pages sent to swap leave the resident memory the grader reads, and
# come back when read, so that memory could grow unseen on a machine with swap.
REFUSED_MADVISE = (20, 21)  # MADV_COLD, MADV_PAGEOUT
# Shared anonymous memory lives in a kernel object of its own: pages dropped from the worker's
# page tables (MADV_DONTNEED) leave its resident memory but keep their data, which comes back
# when read. A private mapping keeps nothing it drops; a file the worker may map is read only.
_MAP_TYPE, _MAP_SHARED, _MAP_SHARED_VALIDATE, _MAP_ANONYMOUS = 0x0F, 0x01, 0x03, 0x20
_CLONE_THREAD = 0x00010000
# fcntl's and ioctl's commands, prctl's options and madvise's advice are 32-bit in the kernel,
# which ignores the upper half of the register: compared on the lower half only, so that bits
# set above cannot hide a refused value.
_LOWER_32 = 0xFFFFFFFF
_NEWER_SYSTEM_CALLS = 64  # how many numbers past the newest call libseccomp knows are refused


class ConfinementFailed(Exception):
    """The kernel refused to confine this process; the message says what failed."""


def problem() -> str | None:
    """Why workers cannot be confined on this machine (one sentence), or None when they can."""
    cap = os.environ.get(MAX_ABI_VARIABLE, "")
    if cap and not (cap.isdigit() and int(cap) >= LOWEST_ABI):
        return (
            f"the environment variable {MAX_ABI_VARIABLE} must be a whole number of {LOWEST_ABI} or more "
            f"(a Landlock ABI), not {cap!r}"
        )
    if not sys.platform.startswith("linux"):
        return f"confinement needs Linux (Landlock and seccomp); this is {sys.platform}"
    if pyseccomp is None:
        return "confinement needs libseccomp and the pyseccomp package (install libseccomp2, then this project)"
    abi = landlock_abi()
    if abi < LOWEST_ABI:
        return (
            "confinement needs Landlock, which this kernel does not offer "
            f"({os.uname().release}; Linux 5.13 or later with Landlock enabled)"
        )
    return None


def landlock_abi() -> int:
    """The Landlock version the confinement uses: this kernel's, or 0, at most MAX_ABI_VARIABLE's."""
    if pyseccomp is None:
        return 0
    version = _syscall("landlock_create_ruleset", None, ctypes.c_size_t(0), ctypes.c_uint32(_CREATE_RULESET_VERSION))
    cap = os.environ.get(MAX_ABI_VARIABLE, "")
    return max(min(version, int(cap)) if cap.isdigit() else version, 0)


class Confinement:
    """Everything a worker's confinement needs that does not depend on the worker, worked out once.

    A fork server prepares one, and each worker forked from it applies it to itself: the
    system-call filter and the list of readable paths cost milliseconds to build, and a
    class's stalling submissions start a fresh worker for almost every test.
    """

    def __init__(self, hidden: list[str], unnamed: Unnamed | None = None):  # hidden by name, by descriptor
        why = problem()
        if why is not None:
            raise ConfinementFailed(why)
        self.hidden = hidden
        self.unnamed = unnamed or Unnamed([], kept=False)
        self.readable = readable_paths(hidden, self.unnamed)
        closed = closed_to_the_workers(self.readable) if runs_as_root() else None
        if closed:
            raise ConfinementFailed(closed)
        self.rules = system_call_rules()

    def apply(self, folder: str, also_hidden: list[str]) -> None:
        """From now on this process may read the runtime, use only `folder`, start nothing, signal nothing else."""
        secret = [os.path.realpath(path) for path in also_hidden]
        readable = {
            path: rights
            for path, rights in self.readable.items()
            if not any(_contains(path, inner) or _contains(inner, path) for inner in secret)
        }
        parent = os.getppid()
        if runs_as_root():
            # Out of its sight first, while it may still mount (where no mount namespace can be had, stat stays
            # open), and with them a folder closed to other users above its own (a TMPDIR in /root, say).
            above = first_closed_folder(os.path.dirname(os.path.realpath(folder)))
            cover([*self.hidden, *self.unnamed.paths(), *secret, *filter(None, [above])], kept=[folder, *readable])
            try:
                take_an_identity_of_its_own(folder)
            except IdentityFailed as error:
                raise ConfinementFailed(str(error)) from None
        end_with_the_parent(parent)  # again: a change of user clears it
        drop_capabilities()  # none are left after root's id; kept for a process that has some without it
        restrict_the_filesystem(folder, readable)  # first: the filter refuses Landlock's calls
        filter_system_calls(self.rules, os.getpid())


def readable_paths(hidden: list[str], unnamed: Unnamed | None = None) -> dict[str, int]:
    """The paths a worker may read, with the rights on each: the Python runtime and the system's libraries."""
    trees = [sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix]
    trees += [
        path for name, path in sysconfig.get_paths().items() if name in ("stdlib", "platstdlib", "purelib", "platlib")
    ]
    trees += [path for path in sys.path if path and os.path.isdir(path)]
    trees += SYSTEM_LIBRARIES
    secret = [os.path.realpath(path) for path in hidden]
    runtime = os.path.realpath(sys.prefix)  # a virtual environment may live inside the repository
    paths = {}
    for path in trees + list(SYSTEM_FILES):
        real = os.path.realpath(path)
        above_a_secret = any(_contains(real, inner) for inner in secret) or bool(unnamed and unnamed.lie_in(real))
        in_a_secret = (
            any(_contains(outer, real) for outer in secret) or bool(unnamed and unnamed.hold(real))
        ) and not _contains(runtime, real)
        if os.path.exists(real) and not above_a_secret and not in_a_secret:
            paths[real] = READS if os.path.isdir(real) else _READ_FILE
    paths.update({path: rights for path, rights in DEVICE_FILES.items() if os.path.exists(path)})
    return paths


def _contains(outer: str, inner: str) -> bool:
    return inner == outer or inner.startswith(outer.rstrip(os.sep) + os.sep)


# Landlock ----------------------------------------------------------------------------------


class _RulesetAttr(ctypes.Structure):
    _fields_ = [
        ("handled_access_fs", ctypes.c_uint64),
        ("handled_access_net", ctypes.c_uint64),
        ("scoped", ctypes.c_uint64),
    ]


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1  # packed in the kernel's header
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def restrict_the_filesystem(folder: str, readable: dict[str, int]) -> None:
    abi = landlock_abi()
    handled = _FS_RIGHTS_BY_ABI[max(version for version in _FS_RIGHTS_BY_ABI if version <= abi)]
    ruleset = _RulesetAttr(handled_access_fs=handled)
    size = 8  # the first field only, before ABI 4
    if abi >= 4:
        ruleset.handled_access_net, size = _NET_BIND_TCP | _NET_CONNECT_TCP, 16
    if abi >= 6:
        ruleset.scoped, size = _SCOPE_ABSTRACT_UNIX_SOCKET | _SCOPE_SIGNAL, 24
    ruleset_fd = _syscall("landlock_create_ruleset", ctypes.byref(ruleset), ctypes.c_size_t(size), ctypes.c_uint32(0))
    if ruleset_fd < 0:
        raise ConfinementFailed(f"Landlock refused a ruleset ({os.strerror(ctypes.get_errno())})")
    try:
        for path, rights in {**readable, os.path.realpath(folder): OWN_FOLDER}.items():
            _allow(ruleset_fd, path, rights & handled)
        if _prctl(_PR_SET_NO_NEW_PRIVS, 1) != 0:
            raise ConfinementFailed(f"no_new_privs could not be set ({os.strerror(ctypes.get_errno())})")
        if _syscall("landlock_restrict_self", ctypes.c_int(ruleset_fd), ctypes.c_uint32(0)) != 0:
            raise ConfinementFailed(f"Landlock could not restrict the worker ({os.strerror(ctypes.get_errno())})")
    finally:
        os.close(ruleset_fd)


def _allow(ruleset_fd: int, path: str, rights: int) -> None:
    try:
        fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except OSError:
        return  # gone since it was listed: nothing to allow
    try:
        rule = _PathBeneathAttr(allowed_access=rights, parent_fd=fd)
        if (
            _syscall(
                "landlock_add_rule",
                ctypes.c_int(ruleset_fd),
                ctypes.c_int(_RULE_PATH_BENEATH),
                ctypes.byref(rule),
                ctypes.c_uint32(0),
            )
            != 0
        ):
            raise ConfinementFailed(f"Landlock refused a rule for {path} ({os.strerror(ctypes.get_errno())})")
    finally:
        os.close(fd)


# seccomp -----------------------------------------------------------------------------------


def system_call_rules() -> pyseccomp.SyscallFilter:
    """A filter refusing, with EPERM, the system calls a chunking function never needs and an attack would.

    The rules that name the worker's own process id are added by filter_system_calls.
    """
    refuse = pyseccomp.ERRNO(errno.EPERM)
    rules = pyseccomp.SyscallFilter(pyseccomp.ALLOW)
    rules.set_attr(pyseccomp.Attr.CTL_OPTIMIZE, 2)  # a binary tree: a few comparisons per call, not hundreds
    for name in REFUSED:
        _add(rules, refuse, name)
    for name in UNKNOWN_TO_THE_WORKER:
        _add(rules, pyseccomp.ERRNO(errno.ENOSYS), name)
    _add(rules, refuse, "clone", pyseccomp.Arg(0, pyseccomp.MASKED_EQ, _CLONE_THREAD, 0))  # x86-64 and arm64 order
    _add(rules, refuse, "prlimit64", pyseccomp.Arg(2, pyseccomp.NE, 0))  # setting a limit, not reading one
    for flag in REFUSED_OPEN_FLAGS.values():  # open(path, flags, mode), openat(folder, path, flags, mode)
        _add(rules, refuse, "open", pyseccomp.Arg(1, pyseccomp.MASKED_EQ, flag, flag))
        _add(rules, refuse, "openat", pyseccomp.Arg(2, pyseccomp.MASKED_EQ, flag, flag))
    for command in REFUSED_FCNTL.values():
        _add(rules, refuse, "fcntl", _lower_half(1, command))
    _add(rules, refuse, "fcntl", _lower_half(1, _F_SETFL), pyseccomp.Arg(2, pyseccomp.MASKED_EQ, _O_ASYNC, _O_ASYNC))
    for mask, value in values_outside(set(ALLOWED_IOCTL.values())):
        _add(rules, pyseccomp.ERRNO(errno.ENOTTY), "ioctl", pyseccomp.Arg(1, pyseccomp.MASKED_EQ, mask, value))
    for option in REFUSED_PRCTL:
        _add(rules, refuse, "prctl", _lower_half(0, option))
    for advice in REFUSED_MADVISE:
        _add(rules, refuse, "madvise", _lower_half(2, advice))
    for shared in (_MAP_SHARED, _MAP_SHARED_VALIDATE):
        _add(
            rules,
            refuse,
            "mmap",
            pyseccomp.Arg(3, pyseccomp.MASKED_EQ, _MAP_TYPE | _MAP_ANONYMOUS, shared | _MAP_ANONYMOUS),
        )
    arch = pyseccomp.system_arch()
    # Calls newer than this libseccomp may be newer than this list too: refused, as unknown. Linux
    # numbers them in order and adds a few a year, so the next 64 numbers cover many years.
    newest = max(number for number in range(1024) if _name_of(arch, number))
    for number in range(newest + 1, newest + 1 + _NEWER_SYSTEM_CALLS):
        rules.add_rule(pyseccomp.ERRNO(errno.ENOSYS), number)
    return rules


def _lower_half(argument: int, value: int) -> pyseccomp.Arg:
    return pyseccomp.Arg(argument, pyseccomp.MASKED_EQ, _LOWER_32, value)


def values_outside(allowed: set[int], bits: int = 32) -> list[tuple[int, int]]:
    """Every `bits`-bit value but those allowed, as (mask, value) pairs: a value v is covered when
    v & mask == value. libseccomp takes one comparison per argument and rule, and no rule that
    allows where everything else is allowed, so a list of commands allowed is its complement:
    one pair for each branch of the allowed values' binary tree that leads to none of them."""
    pairs = []
    prefixes = {0}  # the prefixes of allowed values, `depth` bits long, counted from the top
    for depth in range(bits):
        shift = bits - depth - 1
        mask = ((1 << (depth + 1)) - 1) << shift
        longer = {value & mask for value in allowed}
        for prefix in sorted(prefixes):
            for branch in (prefix, prefix | (1 << shift)):
                if branch not in longer:
                    pairs.append((mask, branch))
        prefixes = longer
    return pairs


def filter_system_calls(rules: pyseccomp.SyscallFilter, pid: int) -> None:
    """Add the rules that keep signals and scheduling to this process, and load the filter."""
    refuse = pyseccomp.ERRNO(errno.EPERM)
    for name in ONLY_ON_ITSELF:
        _add(rules, refuse, name, pyseccomp.Arg(0, pyseccomp.NE, pid))
    for name in ONLY_ON_ITSELF_SECOND:
        _add(rules, refuse, name, pyseccomp.Arg(1, pyseccomp.NE, pid))
    try:
        rules.load()
    except OSError as error:
        raise ConfinementFailed(f"seccomp could not filter the worker's system calls ({error})") from None


def _add(rules: pyseccomp.SyscallFilter, action: int, name: str, *conditions: pyseccomp.Arg) -> None:
    if pyseccomp.resolve_syscall(pyseccomp.system_arch(), name) < 0:
        return  # unknown to this libseccomp on this architecture
    rules.add_rule(action, name, *conditions)


def _name_of(arch: int, number: int) -> bool:
    try:
        return bool(pyseccomp.resolve_syscall(arch, number))
    except Exception:
        return False


class _CapHeader(ctypes.Structure):  # capset's, for a worker started by root
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class _CapData(ctypes.Structure):
    _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32), ("inheritable", ctypes.c_uint32)]


_CAPABILITY_VERSION_3 = 0x20080522  # two data structures: 64 capability bits


def drop_capabilities() -> None:
    """A worker started by root keeps root's user id but none of its privileges."""
    if os.geteuid() != 0:
        return
    none = (_CapData * 2)()
    if _libc().capset(ctypes.byref(_CapHeader(_CAPABILITY_VERSION_3, 0)), none) != 0:
        raise ConfinementFailed(f"the worker could not drop root's capabilities ({os.strerror(ctypes.get_errno())})")


def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def _prctl(option: int, value: int) -> int:
    return _libc().prctl(
        ctypes.c_int(option), ctypes.c_ulong(value), ctypes.c_ulong(0), ctypes.c_ulong(0), ctypes.c_ulong(0)
    )


def _syscall(name: str, *args: object) -> int:
    number = pyseccomp.resolve_syscall(pyseccomp.system_arch(), name)
    if number < 0:
        return -1
    return _libc().syscall(ctypes.c_long(number), *args)
