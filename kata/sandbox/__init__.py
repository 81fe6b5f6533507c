"""The sandbox: a submission's code run in a worker process of its own, which the kernel confines.

Its door is this package's names, `__all__`: the rest of kata imports only them, never its modules
(tests/runner/test_layout.py), and each is loaded when first asked for, so that a run that isolates
nothing (a learner's plain run) loads none of its modules (tests/runner/test_sandbox_door.py).

The threat: a student who has read this source and wants full marks, or a classmate's zero. Their code
may try to read the tests, the references, the oracles or classmates' files; to write the outcomes,
the grades or the checkout; to outlast or hide from its limits (time, memory, processes, files); to
signal or trace the grader; to leave a process behind. The defence is the kernel's, not Python's: a
worker forked per submission, confined by Landlock (what it may read and write) and seccomp (the system
calls it may make), under root a user of its own and a view without what it may not see, with every
limit defined once (`limits`) and every message plain JSON, bounded before it is read. docs/security.md
says each refusal and why; tests/sandbox holds each attack that failed to get through.

In the tests' process, the tests' side of each worker:
- `pool`: the workers of a run, made for the runner, told of each new test, all stopped
  when the run ends; and what judging must know of them (`WAITING_IN`, `READ_THERE`).
- `client`: one worker as the tests call it: `WorkerClient` starts it, calls into it and
  reads its generators; `IsolatedFunction` is what a test's `Judged` wrapper calls.
- `kept`: what the tests' process keeps for a worker (the handles to the tests' objects, what
  it sends them), bounded across a run.
- `clock`: the worker's time, on the kernel's clock of its process, and the credit for the
  messages' travel.
- `memory`: the worker's memory, read from /proc, which a memory guard holds it to.
- `states`: what the tests' process tells of a worker from outside (whether it has ended, and why).
- `tests_memory`: the tests' process of one student's run, its resident memory held to a cap from
  outside.
- `forking`: this run's fork server, started and asked for workers.

In the fork server's process:
- `forkserver` (`python -m kata.sandbox.forkserver`): forks every worker of a run from
  itself, and stops one that runs too many threads or fills the kernel's page tables.

In each worker's process:
- `worker`: loads the submission and answers the tests' requests (`WorkerProcess`).
- `confinement`: what a worker may do once it runs a submission (Landlock, seccomp); under root,
  `identity` (a user of its own) and `sight` (what it may see of the filesystem, and nothing else).

On both sides:
- `channel`: the messages, JSON lines on two pipes, never pickle, bounded before they are
  decoded; `values`: the plain data they carry, exceptions included; `kinds`: the classes made
  for the kinds of value the other side names (dataclasses, namedtuples, subclasses); `handles`: what is not
  plain data, left on its side and called back across the pipes, or copied.
- `limits`: every limit of a worker but its memory (kata.judging.limits.WORKER_MEMORY_MB), each defined once.
- `folders`: removing a folder whatever a submission left in it (a worker's; grading's copies of a class,
  through the door).

Imports from `kata.judging` what holds no state of a run (the exceptions of a stopped call,
whether a value is an iterator and whether it can be watched, the words of a load failure, the
reading that measures memory, the memory caps), and reaches judging's state only through
`kata.judging.elsewhere`: the time of the test's waits, the call in progress, and the stop of a
test. Judging never
imports the sandbox; the runner's plugin connects the two when a run is isolated. Also
imports `kata.katas`, `kata.judging.vocabulary` (the words of a stop) and the katas'
materials; never the runner, grading or the command.
"""

from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kata.sandbox.channel import ProtocolError
    from kata.sandbox.client import IsolatedFunction, WorkerCouldNotStart
    from kata.sandbox.confinement import problem as confinement_problem
    from kata.sandbox.folders import remove_folder
    from kata.sandbox.limits import ALSO_HIDDEN_VARIABLE, TESTS_STOP_SECONDS
    from kata.sandbox.pool import connect_to_judging, start_a_test, stop_all_workers, worker_for
    from kata.sandbox.sight import workers_can_be_kept_from_sight
    from kata.sandbox.tests_memory import TestsMemoryWatch
    from kata.sandbox.values import Decoder, Encoder, PlainValues

# The door: each name, and the module (and the name there) it comes from.
DOOR = {
    "worker_for": ("pool", "worker_for"),  # a worker for a submission's file: the runner's isolated loading
    "IsolatedFunction": ("client", "IsolatedFunction"),
    "WorkerCouldNotStart": ("client", "WorkerCouldNotStart"),
    "connect_to_judging": ("pool", "connect_to_judging"),  # judging told of the workers (kata.judging.elsewhere)
    "start_a_test": ("pool", "start_a_test"),
    "stop_all_workers": ("pool", "stop_all_workers"),
    "confinement_problem": ("confinement", "problem"),  # why workers cannot be confined here, or None
    "workers_can_be_kept_from_sight": ("sight", "workers_can_be_kept_from_sight"),
    "TestsMemoryWatch": ("tests_memory", "TestsMemoryWatch"),  # a run's tests' process, watched from outside
    "ALSO_HIDDEN_VARIABLE": ("limits", "ALSO_HIDDEN_VARIABLE"),
    "TESTS_STOP_SECONDS": ("limits", "TESTS_STOP_SECONDS"),
    "Encoder": ("values", "Encoder"),  # plain values as JSON (shared probes keep them so)
    "Decoder": ("values", "Decoder"),
    "PlainValues": ("values", "PlainValues"),
    "ProtocolError": ("channel", "ProtocolError"),
    "remove_folder": ("folders", "remove_folder"),  # a folder removed whatever a submission left (grading's copies)
}
__all__ = [
    "ALSO_HIDDEN_VARIABLE",
    "TESTS_STOP_SECONDS",
    "Decoder",
    "Encoder",
    "IsolatedFunction",
    "PlainValues",
    "ProtocolError",
    "TestsMemoryWatch",
    "WorkerCouldNotStart",
    "confinement_problem",
    "connect_to_judging",
    "remove_folder",
    "start_a_test",
    "stop_all_workers",
    "worker_for",
    "workers_can_be_kept_from_sight",
    "workers_started",
]


def workers_started() -> bool:
    """Whether anything in this process has made a worker (and so loaded the sandbox's pool): a run that
    isolates nothing has none to tell of a new test, or to stop."""
    return f"{__name__}.pool" in sys.modules


def __getattr__(name: str) -> Any:
    if name not in DOOR:
        raise AttributeError(f"module 'kata.sandbox' has no attribute {name!r} (its door: {', '.join(__all__)})")
    module, attribute = DOOR[name]
    return getattr(importlib.import_module(f"kata.sandbox.{module}"), attribute)
