"""The runner: the pytest plugin that judges the learner's code, a reference, a mistake or a file.

The plugin (`conftest.py` registers it):
- `plugin`: the options, and the features it registers for a run, each a module: `collection` (which
  tests run, in which order), `fixtures` (each kata function handed to the tests), `time_limits` (each
  test's limits), `reporting` (a failure's report in plain words), `module_data` (the tests' own data put
  back after each test), `own_memory` (the tests' process held to a cap under --isolate), `by_cause` (the
  failures told by cause), `summary` (the table of katas), `end_of_run` (what a run leaves behind).
- `run_state`: everything one run keeps, under one stash key; `tally`: the counts of its tests, kata by kata.

What the plugin uses:
- `implementations`: which implementation the tests judge, and loading it kata by kata; `modules`: a file
  of Python source loaded as a module, under the loading limits.
- `failures`: the one record of a failed test; `report`: a failure in plain words.
- `mistakes`: the catalogs of mistakes; `known_failures`: the tests each one fails, as recorded;
  `diagnosis`: the known mistakes a failing answer looks like; `causes` and `naming`: the failures
  grouped into causes, each named once the run is known; `probes`: the outcomes of trusted code on
  small inputs, shared by several runs.
- `profiles`: the Hypothesis profiles of the properties.
- `outcomes`: every test's outcome as JSON, for grading and interview mode; `latest_results` and
  `state`: the learner's latest results and local state in `.kata/`, for `kata list`.

Imports `kata.judging` and `kata.sandbox`; never grading or the command.
"""
