"""Interview mode: katas asked as an interview asks them, one prompt said aloud, a clock, a run, a submit and
the follow-up, each stage extending the candidate's own code; then the scorecard.

`tracks` (the chains of katas an interviewer asks as follow-ups), `clock` (the time a session reads),
`session` (a session's state in `.kata/interview/`), `workspace` (the file of each stage), `judge` (the
run and the submit, as an online judge shows them), `confirm` (whether the code a stage kept bears out its
pass), `scorecard` (the figures of a session, and its report). Each kata's script is part of its record
(kata/katas/interview_scripts.py, read through kata.katas).

Imports kata.runner (the outcomes of a run, the catalog of mistakes, the folder of the learner's state),
kata.judging (the guards' seed) and kata.sandbox's door (whether this machine can confine code).
"""
