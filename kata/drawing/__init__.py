"""Drawing: pictures of chunkings and of times, as pages with nothing to fetch.

- `chunkings`: how each kata's input and answer become chunks to draw (`kata viz`): spans
  of a text, or strips of blocks for the katas whose inputs are tokens or sizes.
- `chunk_page`: the page of one chunking, or two side by side, with the first difference
  marked.
- `growth_plot`: `kata bench --plot`, the times as the input doubles on log-log axes.
- `sample_document.md`: what `kata viz` draws when it is given no text.

Imports none of the other packages (only `kata.show` and the katas' materials); `kata.command`
imports it.
"""
