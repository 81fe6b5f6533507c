"""Every call the confinement refuses (kata.sandbox.confinement) is either tried by an attack of
test_confinement.py, which must fail confined and, where harmless, succeed unconfined, or exempt
with the reason written here: a refusal nobody tries could be dropped, or never work, unseen.
"""

from __future__ import annotations

from kata.sandbox import confinement
from tests.sandbox.test_confinement import ATTACKS

# Each refused call or command, and the attacks that try it.
ATTACKED = {
    "fork": ["fork", "fork through ctypes"],
    "vfork": ["start a program with posix_spawn"],
    "execve": ["start a program with fork_exec"],
    "tkill": ["queue dozens of real-time signals to itself"],
    "pidfd_open": ["signal through a pidfd"],
    "pidfd_send_signal": ["signal through a pidfd"],
    "kill": ["signal the fork server"],
    "socket": ["open a socket"],
    "socketpair": ["open a socket"],
    "inotify_init": ["watch the repository's files"],
    "flock": ["lock a file others read"],
    "shmget": ["keep shared memory past its limit and its life"],
    "msgget": ["make a message queue for a classmate"],
    "memfd_create": ["fill memory through a memory-backed file"],
    "pipe": ["keep memory in a pipe, where its limit does not count it"],
    "pipe2": ["keep memory in a pipe, where its limit does not count it"],
    "syncfs": ["write back every file of the machine"],
    "fadvise64": ["evict the runtime's files from the page cache"],
    "readahead": ["load files into the page cache by hand"],
    "epoll_create1": ["keep data in epoll items"],
    "eventfd2": ["keep data in an event descriptor"],
    "eventfd": ["keep data in an event descriptor"],
    "timerfd_create": ["keep data in a timer descriptor"],
    "signalfd4": ["keep data in a signal descriptor"],
    "signalfd": ["keep data in a signal descriptor"],
    "timer_create": ["keep data in POSIX timers"],
    "rt_sigqueueinfo": ["keep data in signals queued with a value"],
    "seccomp": ["keep data in a system-call filter of its own"],
    "landlock_create_ruleset": ["keep data in a Landlock ruleset"],
    "chmod": ["change the mode of the grader's files"],
    "fchmodat": ["change the mode of the grader's files"],
    "setxattr": ["set an extended attribute on the grader's files"],
    "utimensat": ["change the times of the grader's files"],
    "truncate": ["truncate the grader's files"],
    "mknodat": ["make a fifo outside"],
    "mknod": ["make a fifo outside"],
    "setrlimit": ["raise its own memory limit"],
    "F_SETLEASE": ["lease a file every worker opens"],
    "F_NOTIFY": ["watch a folder with F_NOTIFY"],
    "F_SETLK": ["lock part of a file others read"],
    "F_SETLKW": ["lock part of a file others read"],
    "F_SETPIPE_SZ": ["grow one of its pipes' kernel memory"],
    "F_SETOWN": [
        "direct a pipe's signals to a process with F_SETOWN",
        "direct a pipe's signals with F_SETOWN, in the upper bits",
    ],
    "F_SETOWN_EX": ["direct a pipe's signals to a process with F_SETOWN_EX"],
    "F_SETSIG": ["choose the signal a pipe sends with F_SETSIG"],
    "PR_SET_DUMPABLE": [
        "hide its /proc files from a grader that is not root",
        "hide its /proc files, the option in the upper bits",
    ],
    "PR_SET_VMA": ["keep data in the names of its memory regions"],
    "PR_SET_SECCOMP": ["keep data in a system-call filter of its own"],
    "MADV_PAGEOUT": ["send its memory to swap, out of the resident memory read from outside"],
    "ioctl": [
        "make a pipe signal its owner with FIOASYNC",
        "set a readable file's flags with FS_IOC_SETFLAGS",
        "set a readable file's extended flags with FS_IOC_FSSETXATTR",
        "set a readable file's version with FS_IOC_SETVERSION",
        "make a pipe signal its owner with FIOASYNC, in the upper bits",
    ],
    "O_TRUNC": ["empty a file it may read by opening it with O_TRUNC"],
    "O_CREAT": ["create a file by opening it with O_CREAT"],
    "O_TMPFILE": ["create a file with no name with O_TMPFILE"],
    "creat": ["create a file with creat"],
    "openat2": ["empty a file through openat2, whose flags a filter cannot read"],
    "alarm": ["set an alarm that goes off while it rests"],
    "setitimer": ["set an interval timer that goes off while it rests"],
}

# Refused calls no attack tries, each with why a test of its own adds nothing.
PRIVILEGED = (
    "they need a capability the worker never holds (test_a_confined_worker_keeps_no_capability_even_"
    "when_started_by_root): refused a second time so that no kernel bug in them is reachable"
)
SIBLING = "the same kernel object or effect as a sibling call the attacks try, by another entry point"
EXEMPT = {
    "clone3": (
        "the C library makes its threads with it first: refused with ENOSYS, it falls back to clone, whose "
        "flags the filter reads (test_a_confined_worker_may_read_its_own_folder_use_threads_and_the_standard_"
        "library starts a thread so), and every attack that forks or starts a program meets clone's rule"
    ),
    **dict.fromkeys(
        (
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
            "fanotify_init",
            "vhangup",
            "nfsservctl",
            "lookup_dcookie",
            "uselib",
            "personality",
            "ptrace",
            "process_vm_readv",
            "process_vm_writev",
            "kcmp",
            "process_madvise",
            "process_mrelease",
            "migrate_pages",
            "move_pages",
            "get_robust_list",
            "pidfd_getfd",
        ),
        PRIVILEGED + " (or another process's memory, which the worker may not name without them)",
    ),
    **dict.fromkeys(
        (
            "execveat",
            "inotify_init1",
            "inotify_add_watch",
            "shmat",
            "shmdt",
            "shmctl",
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
            "memfd_secret",
            "sync",
            "fadvise64_64",
            "epoll_create",
            "epoll_ctl",
            "rt_tgsigqueueinfo",
            "landlock_add_rule",
            "landlock_restrict_self",
            "fchmod",
            "fchmodat2",
            "chown",
            "fchown",
            "lchown",
            "fchownat",
            "lsetxattr",
            "fsetxattr",
            "removexattr",
            "lremovexattr",
            "fremovexattr",
            "utime",
            "utimes",
            "futimesat",
            "io_uring_setup",
            "io_uring_enter",
            "io_uring_register",
            "tgkill",
            "sched_setaffinity",
            "sched_setscheduler",
            "sched_setparam",
            "sched_setattr",
            "setpriority",
            "ioprio_set",
            "F_OFD_SETLK",
            "F_OFD_SETLKW",
            "MADV_COLD",
        ),
        SIBLING,
    ),
}
PRCTL_NAMES = {4: "PR_SET_DUMPABLE", 0x53564D41: "PR_SET_VMA", 22: "PR_SET_SECCOMP"}
MADVISE_NAMES = {20: "MADV_COLD", 21: "MADV_PAGEOUT"}


def refused_by_the_confinement() -> set[str]:
    return (
        {
            *confinement.REFUSED,
            *confinement.ONLY_ON_ITSELF,
            *confinement.ONLY_ON_ITSELF_SECOND,
            *confinement.REFUSED_FCNTL,
            *confinement.REFUSED_OPEN_FLAGS,
            *confinement.UNKNOWN_TO_THE_WORKER,
            "ioctl",
        }
        | {PRCTL_NAMES[option] for option in confinement.REFUSED_PRCTL}
        | {MADVISE_NAMES[advice] for advice in confinement.REFUSED_MADVISE}
    )


def test_every_refused_call_is_attacked_or_exempt_with_a_reason():
    refused = refused_by_the_confinement()
    untried = sorted(refused - ATTACKED.keys() - EXEMPT.keys())
    assert not untried, f"refused, and neither attacked nor exempt: {untried}"
    listed_but_allowed = sorted((ATTACKED.keys() | EXEMPT.keys()) - refused)
    assert not listed_but_allowed, f"listed here, but not refused: {listed_but_allowed}"
    assert not ATTACKED.keys() & EXEMPT.keys(), "a call is attacked or exempt, not both"


def test_every_attack_named_here_is_one_the_confinement_tests_run():
    unknown = sorted({attack for attacks in ATTACKED.values() for attack in attacks} - ATTACKS.keys())
    assert not unknown, f"no such attack in test_confinement.py: {unknown}"
