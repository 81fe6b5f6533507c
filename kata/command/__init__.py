"""The learner's command, `kata`: list, show, check, hint, watch, bench, and grade for teachers.

- `cli`: the command line; `check`, `watch`, `bench`, `hints`, `statement`: one command each.
- `runs`: running a kata's tests with pytest in a process of its own.
- `status` and `progress`: where the learner stands; `terminal` and `markdown`: writing
  for a terminal.
- `bench_inputs`: the inputs `kata bench` times; `plot`: its times drawn on log-log axes.

Imports every other package; none imports it.
"""
