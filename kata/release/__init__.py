"""`kata release DIR`: the students' version of the repository, without any code that solves a kata.

- `build`: what the release copies (statements, stubs, hints, tests, the runner and the command, the learners'
  docs), what it leaves out (solutions/: the references, the editorials, the catalogued mistakes; the runner's
  own tests, whose classes of submissions solve katas), and the record of each catalogued mistake it writes
  instead, so that the runner still names mistakes there (kata.runner.mistakes reads it).
- `readme`: the students' README.

Imports `kata.runner.mistakes` (the catalog, for its records) and `kata.katas`; never the command.
"""
