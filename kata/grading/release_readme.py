"""The students' README of a release: the katas (from their records), how to install, the everyday loop."""

from __future__ import annotations

from kata.katas import KATAS


def students_readme() -> str:
    rows = "\n".join(
        f"| {kata.number} | [{kata.title}](problems/{kata.slug}/README.md) | {kata.difficulty} | {kata.practises} |"
        for kata in KATAS
    )
    return f"""# Chunking katas

Interview practice on **chunking text for retrieval (RAG)**. Each kata is a statement
(`problems/NN_slug/README.md`), a stub to edit beside it, hints, and a test suite that tells you
in plain words what your code returned, what was expected, and which classic mistake it looks like.

This is the students' copy: it has no reference solutions, nor the tests' oracles (which compute
the answers), so that the tests that need one are skipped here, saying so; your teacher's grading
runs them. Your teacher grades what you write in `problems/`.

| # | kata | difficulty | what you practise |
| --- | --- | --- | --- |
{rows}

## Quick start

You need Python 3.10 or newer. Two commands:

```bash
python3 start.py        # once: .venv with the katas installed; then kata watch on your next kata
python3 start.py test   # every kata's tests: each starts as "not started"
```

By hand instead: `python3 -m venv .venv`, `. .venv/bin/activate` (on Windows
`.venv\\Scripts\\activate`), `pip install -e .`, then `pytest`. The `kata` commands below run in
`.venv` (activate it first).

## The everyday loop

```bash
kata next                   # the first kata not yet solved: where its statement and your file are
kata watch                  # check again on every save: the status and the first failure
kata hint 1                 # the next hint you have not seen yet
kata check 1 --examples     # only the statement's examples, like a "Run" button
kata list                   # every kata with its status, and your progress
```

Every failure starts with a verdict (`WRONG ANSWER`, `ERROR`, `DID NOT FINISH`, `TOO SLOW`,
`TOO MUCH MEMORY`, `NOT STARTED`) and restates the call, what came back and what was expected.
When the whole run fails exactly the tests a well-known wrong solution fails, the report names it.

`kata bench` times your code alone here. `kata viz` draws your chunks beside the statement's own
answer where you draw one of its examples as written (`kata viz 2 --example 1`), and yours alone
on other inputs: only your teacher's copy has the reference. [docs/learners.md](docs/learners.md)
describes every command; where it mentions `solutions/`, that folder is in your teacher's copy
only.
"""
