"""The pytest plugin that judges the learner's code, a reference, a mistake or a file: hooks only, each
feature a module, its state on the run's record (pytest's own plugins are the model).

`conftest.py` registers `registration`: the options, and the features it registers for a run:
- `collection`: which tests run, in which order; `fixtures`: each kata function handed to the tests.
- `time_limits`: each test's limits; `own_memory`: the tests' process held to a cap under --isolate.
- `failure_reports`: a failure's report in plain words; `module_data`: the tests' own data put back after each
  test.
- `by_cause`: the failures told by cause; `naming`: the causes named once the run is known.
- `summary`: the table of katas; `end_of_run`: what a run leaves behind.
- `run_state`: everything one run keeps, under one stash key; `tally`: the counts of its tests, kata by
  kata.

Imports the library it uses, `kata.runner`, with `kata.judging` and `kata.sandbox` (its door, loaded only
when a run is isolated); nothing imports it but pytest.
"""
