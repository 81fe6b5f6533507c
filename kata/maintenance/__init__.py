"""Maintenance: the tools whoever changes a kata runs, behind one entry point (`__main__`).

    python -m kata.maintenance known-failures [KATA ...]   # each mistake's record of failures (a few minutes)
    python -m kata.maintenance mutants [KATA ...]          # mutation testing of the references (minutes a kata)
    python -m kata.maintenance labelled-set                # kata 09's chunkings of its labelled set
    python -m kata.maintenance stubs                       # kata/katas/stubs.json, the untouched stubs
    python -m kata.maintenance wild [--write|--vendored]   # the katas' suites on real libraries (wild/)

- `known_failures`: runs each catalogued mistake's suite and writes solutions/NN_slug/known_failures.json;
- `mutants`: changes each reference in small ways and reports the changes no test noticed;
- `labelled_set`: writes kata/katas/labelled_set/chunkings.json from the reference chunkers.
- `wild`: runs each kata's suite on the adapters of real libraries in wild/, and compares what it finds
  with wild/expected.json.
- `vendored`: checks the functions an adapter copies from a library against the release's wheel (`wild
  --vendored`).

Imports the runner (kata.runner) and the katas' files; nothing of the runner imports it.
"""
