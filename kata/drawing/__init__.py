"""Drawing: pictures of chunkings and of times, as pages with nothing to fetch.

- `kinds`: the kinds of drawing a kata's record names, and each kata's drawing.
- `chunkings`: how a chunking kata's input and answer become chunks to draw (`kata viz`):
  spans of a text, or strips of blocks for the katas whose inputs are tokens or sizes.
- `retrieval`: kata 09's chunks with each question's retrieved ones, and kata 10's context.
- `statement_answer`: where a copy has no reference (a students' release), the statement's own answer
  for one of its examples.
- `chunk_page`: the page of one chunking, or two side by side, with the first difference
  marked.
- `growth_plot`: `kata bench --plot`, the times as the input doubles on log-log axes.

Imports `kata.katas.labelled_set` (the sample document, and kata 09's questions) and, beside the
packages, `kata.judging.vocabulary` and the katas' materials; `kata.command` imports it.
"""
