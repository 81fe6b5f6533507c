"""The learner's command (`kata list`, `kata check`, ...) and the teacher's (`kata grade`, ...).

- `cli`: the command line, one record per command; `argument_types`: each argument read, or refused
  in one line naming it.
- The learner's commands: `check`, `watch`, `bench` (with `bench_inputs`, the inputs it times),
  `hints`, `statement` (`kata show`), `viz` (`kata viz`, drawn with `kata.drawing`), `progress` and
  `status` (where the learner stands), `interview` (`kata interview`) and `interview_growth` (the
  growth its scorecard measures).
- The teacher's: `teaching` (the arguments of `kata grade`, `similarity`, `release` and `classroom`, and
  what each runs), `classroom`, `release`, `similarity`.
- `runs`: running a kata's tests with pytest in a process of its own; `terminal` and `markdown`:
  writing for a terminal; `statement_examples`: a statement's `>>>` examples as data, which
  `kata viz --example N` draws and the meta tests run.

Imports every other package; none imports it.
"""
