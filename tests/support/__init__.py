"""What the tests share.

- `answers`: read an answer strictly (exact types and shape) before judging it;
- `oracles`: independent oracles (greedy packing, BM25, kata 10's assembly) that never use solutions/, left out
  of the students' release (kata.grading.release);
- `tokenizers`: kata 06's tokenizers whose tokens depend on their neighbours;
- `guard_inputs`: the guards' inputs, drawn at run time from a seed the code under test never sees;
- `large_text`: the large texts of the guards;
- `checkout`: the runner's own tests marked by folder, and the checkout left as it was;
- `repository`: a copy of the repository, and the `kata` command run in it;
- `pristine`: the stubs as committed, whatever the learner has written;
- `isolated_runs`: submissions started in workers, and pytest run on them isolated;
- `browser`: a headless browser for the pages of `kata viz` and `kata bench --plot`.
"""
