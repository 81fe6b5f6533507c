"""Judging: what a test uses to call the code under test and judge its answer.

- `calls`: every call into the code under test goes through `Judged`, and is recorded
  (its arguments, its result, its time) so that a failure can restate it; a call stopped at
  a limit raises a `LimitExceeded`.
- `checks`: `expect`, `check_returns`, `check_raises` and the verdicts of a wrong answer.
- `clocks`: the clock every time limit reads, the CPU time of the thread that runs the code.
- `limits`: the time and memory limits of a call, a test and loading a module, however
  the code runs (a worker process's own are kata.sandbox's).
- `elsewhere`: calls that run in another process (an isolated run's workers): their time,
  which the watchdog reads, and the one door through which the code that runs them reaches
  judging; the runner's plugin connects that code to it.
- `guards`: the markers of the tests that stop stalled loops and quadratic work.
- `measured_reading`: reading a generator to its end while measuring its memory.
- `load_problems`: why a submission's module cannot be used, in the same words wherever
  it is loaded (in this process or in a worker).
- `vocabulary`: the words the reports print (a failed test's verdict, a kata's status), each defined
  once, and how a value, a call or a count is put into a few words; `printable`: text from anyone (a
  submission's words, a student's folder name) made safe to print.

Imports only `kata.katas`; every other package but the katas may import it.
"""
