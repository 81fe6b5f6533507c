"""The teacher's cycle: the students' release, a class graded confined, feedback, the gradebook, similarity.

- `release` (`kata release DIR`): the students' version of the repository, without any code that solves
  a kata: what it copies (statements, stubs, hints, tests, the runner and the command, the learners'
  docs), what it leaves out (solutions/, the runner's own tests, whose classes of submissions solve
  katas), and the record of each catalogued mistake it writes instead, so that the runner still names
  mistakes there; `release_readme`: the students' README; `checkout`: what this copy of the repository
  holds, for what is built from it (the release, the Gradescope zip).
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
check, a worker's memory), `kata.judging` (the limits), `kata.runner.processes` (each student's run
in a process group), `kata.sandbox` (also to remove a copied folder) and `kata.judging.vocabulary`; never the command.
"""
