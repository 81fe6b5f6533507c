"""The learner's command, `kata`: list, show, check, hint, watch, bench, viz, and grade for teachers.

- `cli`: the command line; `check`, `watch`, `bench`, `hints`, `statement`: one command each.
- `runs`: running a kata's tests with pytest in a process of its own.
- `status` and `progress`: where the learner stands; `terminal` and `markdown`: writing
  for a terminal.
- `bench_inputs`: the inputs `kata bench` times; `viz`: `kata viz`, which draws a chunking
  (with `kata.drawing`); `statement_examples`: a statement's `>>>` examples as data, which
  `kata viz --example N` draws and the meta tests run.

Imports every other package; none imports it.
"""
