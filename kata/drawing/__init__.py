"""Drawing: pictures of chunkings and of times, as pages with nothing to fetch.

- `chunkings`: how each kata's input and answer become chunks to draw (`kata viz`): spans
  of a text, or strips of blocks for the katas whose inputs are tokens or sizes; for kata
  09, each question's retrieved chunks.
- `chunk_page`: the page of one chunking, or two side by side, with the first difference
  marked.
- `growth_plot`: `kata bench --plot`, the times as the input doubles on log-log axes.

Imports `kata.labelled_set` (the sample document, and kata 09's questions) and, beside the
packages, `kata.vocabulary` and the katas' materials; `kata.command` imports it.
"""
