"""Grading a class: `kata grade` runs the tests on every student's submission, confined.

- `grader`: the command: one pytest run per student, in parallel, on a copy of the files.
- `submissions`: the students of a folder (one sub-folder or .zip each), safely read; `names`: what
  the students are called in the reports and in their files' names.
- `grades`: what grading produces, one record per student and kata; `scoring`: what a grade is worth
  in points; `reports`: the table, the summary, and the CSV, JSON, JUnit and Markdown files;
  `feedback`: each student's file to hand back; `gradebook`: a row per student, as an LMS imports it.
- `similarity`: `kata similarity`, the pairs too alike to be independent, from `winnowing` (the
  fingerprints) of `canonical` (the code in a canonical form); `similarity_page`: its page.
- `classroom`: one student graded the same way on GitHub Classroom (the workflow and
  each step's result); `gradescope`: the autograder zip and its results.json.

Imports `kata.runner.outcomes` (reading each run back), `kata.runner.mistakes` (a mistake's words, for
the feedback), `kata.runner.implementations` (what an untouched stub is), `kata.sandbox` (the confinement
check, a worker's memory), `kata.judging` (the limits), `kata.processes` (each student's run
in a process group), `kata.folders` and `kata.vocabulary`; never the command.
"""
