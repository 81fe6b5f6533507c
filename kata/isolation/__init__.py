"""Isolation: running a submission's code in a worker process of its own, which the kernel confines.

- `client`: the tests' side of one worker: starting it, calling into it, reading its
  generators; `clock`: its time, measured from outside; `memory`: its memory, read from
  outside for a memory guard; `pool`: the workers of a run.
- `worker`: the worker process itself: it loads the submission and answers the requests.
- `channel`: the messages between the two, JSON lines on two pipes, never pickle, and the
  checks of their size before they are decoded.
- `values`: the plain data those messages carry, exceptions included.
- `handles`: what is not plain data, left on its side and called back across the pipes.
- `forking` and `forkserver`: starting workers in a millisecond or two, from one fork server
  per run: the tests' side of it, and the server's own process.
- `confinement`: what a worker may do once it runs a submission (Landlock, seccomp).

Imports `kata.judging` (the call log and the limits it enforces), `kata.catalog` and the
katas' materials; never the runner, grading or the command.
"""
