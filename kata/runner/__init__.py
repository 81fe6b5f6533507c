"""The runner: the pytest plugin that judges the learner's code, a reference, a mistake or a file.

- `plugin`: the options, the fixtures that hand each test the implementation, the limits,
  and the reports (`conftest.py` registers it).
- `loader`: which implementation the tests judge, and loading it kata by kata;
  `loading`: a file of Python source loaded as a module, under the loading limits.
- `report`: a failed test in plain words; `diagnosis`: the known mistake it looks like,
  from the catalogs (`mistakes`) and their recorded failures (`known_failures`).
- `outcomes`: every test's outcome as JSON, for grading; `results` and `state`: the
  learner's latest results, for `kata list`; `shared_probes`: diagnosis outcomes shared by
  several runs.

Imports `kata.judging` and `kata.isolation`; never grading or the command.
"""
