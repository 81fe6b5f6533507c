"""The runner's library: what the pytest plugin (kata.plugin), grading, interview mode and the command
use to judge a kata's run and read it back.

- `implementations`: which implementation the tests judge, and loading it kata by kata; `modules`: a file
  of Python source loaded as a module, under the loading limits.
- `failures`: the one record of a failed test; `plain_words`: a failure in plain words.
- `mistakes`: the catalogs of mistakes; `known_failures`: the tests each one fails, as recorded;
  `diagnosis`: the known mistakes a failing answer looks like; `causes`: the failures grouped into
  causes; `probes`: the outcomes of trusted code on small inputs, shared by several runs.
- `profiles`: the Hypothesis profiles of the properties.
- `outcomes`: every test's outcome as JSON, for grading and interview mode; `latest_results` and
  `learner_state`: the learner's latest results and local state in `.kata/`, for `kata list`.
- `processes`: the runs of the runner that a command starts, each in a process group that never
  outlives the command.

Imports `kata.judging` and `kata.sandbox`; never the plugin, grading or the command.
"""
