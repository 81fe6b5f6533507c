"""The kata runner: finds the katas, runs the implementation under test, and reports in plain words.

Packages by role, each importing only those listed before it (ARCHITECTURE.md draws them):

- `kata.labelled_set`: data: kata 09's document, questions and chunkings.
- `kata.drawing`: pictures of a chunking (`kata viz`) and of times (`kata bench --plot`).
- `kata.judging`: what a test uses to call the code under test and judge its answer, and
  the limits of a call.
- `kata.sandbox`: a submission's code in a worker process of its own, confined by the kernel.
- `kata.runner`: the pytest plugin: which implementation is judged, the reports, the
  diagnosis of known mistakes.
- `kata.grading`: `kata grade`, a class's submissions graded and reported.
- `kata.interview`: interview mode (`kata interview`): a timed track of katas asked as follow-ups,
  and its scorecard.
- `kata.release`: the students' copy of the katas, without any solution (`kata release`).
- `kata.command`: the `kata` command.
- `kata.maintenance`: the tools whoever changes a kata runs (`python -m kata.maintenance`).

Beside them: `kata.katas` (the katas and their files; `kata.interview_scripts` holds the part of each
record an interviewer says) and `kata.vocabulary` (the verdicts
and statuses the reports print, defined once, and how values and calls are put into words),
`kata.processes` (process groups that never outlive the command that started them) and
`kata.folders` (removing a folder, whatever a submission left in it), which any package may
import; and the katas' materials, which submissions import:
`kata.toy_tokenizer` (kata 06) and `kata.toy_embedder` (kata 08).
"""
