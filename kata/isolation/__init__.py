"""Isolation: running a submission's code in a worker process of its own, which the kernel confines.

Loaded only by a run that isolates code (pytest --isolate, kata grade, interview mode): the runner
reaches it through kata.runner.implementations (loading a kata isolated, and the workers of this
process, if any), so that a learner's plain run imports none of it (tests/runner/test_sandbox_door.py).

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
- `forkserver` (`python -m kata.isolation.forkserver`): forks every worker of a run from
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
- `limits`: every limit of a worker, each defined once.

Imports from `kata.judging` what holds no state of a run (the exceptions of a stopped call,
whether a value is an iterator and whether it can be watched, the words of a load failure, the
reading that measures memory, the memory caps), and reaches judging's state only through
`kata.judging.elsewhere`: the time of the test's waits, the call in progress, and the stop of a
test. Judging never
imports isolation; the runner's plugin connects the two when a run is isolated. Also
imports `kata.katas`, `kata.folders`, `kata.vocabulary` (the words of a stop) and the katas'
materials; never the runner, grading or the command.
"""
