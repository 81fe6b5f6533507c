"""The kata runner: finds the katas, runs the implementation under test, and reports in plain words.

Packages by role, each importing only those listed before it (ARCHITECTURE.md draws them):

- `kata.katas`: the katas: their facts and files, the stubs as shipped, what an interviewer says, and
  the materials submissions import (the toy tokenizer and embedder, kata 09's labelled set).
- `kata.judging`: what a test uses to call the code under test and judge its answer, the limits of a
  call, and the words the reports print.
- `kata.drawing`: pictures of a chunking (`kata viz`) and of times (`kata bench --plot`).
- `kata.sandbox`: a submission's code in a worker process of its own, confined by the kernel.
- `kata.runner`: the runner's library: which implementation is judged, the catalogues of mistakes,
  the causes of failures, the outcomes of a run.
- `kata.plugin`: the pytest plugin, hooks only, over the runner's library.
- `kata.grading`: the teacher's cycle: the students' release, `kata grade`, feedback, the gradebook,
  similarity.
- `kata.interview`: interview mode (`kata interview`): a timed track of katas asked as follow-ups,
  and its scorecard.
- `kata.command`: the `kata` command.
- `kata.maintenance`: the tools whoever changes a kata runs (`python -m kata.maintenance`).

Beside them, `__main__` runs the command as `python -m kata`.
"""
