"""`kata viz`'s page: one chunking or two, side by side, over their input.

The page is one file with nothing to fetch: inline CSS, and a few lines of script that only
highlight a chunk when its row is clicked, so the page reads and prints the same without
them. Nothing depends on colour alone: the chunks alternate in colour and in underline
(solid, dashed), the parts that repeat the chunk before are hatched and boxed, text in no
chunk has a wavy underline, and the first chunk that differs is framed and named in words.
The chunks are real text, so a screen reader reads them, and every verdict is a sentence.

The markup is also well-formed XML (void elements closed, the script in CDATA), so that a
test can read it back without a browser.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field

from kata.drawing.chunkings import DrawnChunk, Question, Units
from kata.drawing.growth_plot import duration
from kata.judging.vocabulary import counted

PREVIEWED_CHUNKS = 400  # rows show each chunk's text up to this many chunks; beyond, the text picture does
PREVIEW_CHARACTERS = 90
# The text and the rows are laid out in pieces that a browser skips while they are off screen
# (content-visibility): a page of 5,000 chunks then opens in about a second.
BLOCK_CHARACTERS = 4000
ROWS_PER_TABLE = 200


@dataclass
class Column:
    """One implementation's side of the page."""

    name: str  # "Yours", "Reference"
    source_file: str  # where the code is, as the learner knows it
    chunks: list[DrawnChunk] = field(default_factory=list)
    keys: list[object] = field(default_factory=list)  # what the chunks are compared on, one each
    questions: list[Question] = field(default_factory=list)  # kata 09: each question's retrieved chunks
    recall: float | None = None
    verdict: str = ""  # WRONG ANSWER, ERROR... when the code gave no chunks to draw
    message: str = ""
    seconds: float | None = None
    raised: str = ""  # the type of the exception it raised, if it raised one
    as_asked: bool = False  # it raised what the statement asks for this input (the reference's own exception)


@dataclass
class Page:
    title: str
    call: str  # the call, in words
    described: str  # where the input comes from: "the sample document", "the statement's example 2 (line 100)"
    summary: str  # the one line that compares the two
    budget: int | None
    source: str | Units
    columns: list[Column]
    first_difference: int | None = None  # the index of the first chunk (kata 09: question) that differs


def chunk_page(page: Page) -> str:
    """The whole page, as text."""
    body = [
        f"<header><h1>{_e(page.title)}</h1>",
        f'<p class="input">Input: {_e(page.described)}</p>',
        f'<p class="call"><code>{_e(page.call)}</code></p>',
        f'<p class="summary" role="status" id="summary">{_e(page.summary)}</p>',
        _legend(page),
        "</header>",
        f'<main class="columns n{len(page.columns)}">',
    ]
    for number, column in enumerate(page.columns):
        body.append(_column(page, column, number))
    body.append("</main>")
    return (
        '<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml" lang="en">\n<head>\n'
        '<meta charset="utf-8" />\n<meta name="viewport" content="width=device-width, initial-scale=1" />\n'
        f"<title>{_e(page.title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
        + "\n".join(body)
        + f"\n<script>//<![CDATA[\n{SCRIPT}\n//]]></script>\n</body>\n</html>\n"
    )


def _column(page: Page, column: Column, number: int) -> str:
    heading = f"{column.name}: " + (column.verdict if column.verdict else counted(len(column.chunks), "chunk"))
    if column.seconds is not None and not column.verdict:
        heading += f" in {duration(column.seconds)}"
    parts = [
        f'<section class="column" id="col{number}" aria-labelledby="h{number}">',
        f'<h2 id="h{number}">{_e(heading)}</h2>',
        f'<p class="file">{_e(column.source_file)}</p>',
    ]
    if column.verdict:
        kind, role = ("verdict asked", "status") if column.as_asked else ("verdict", "alert")
        parts.append(
            f'<div class="{kind}" role="{role}"><p><strong>{_e(column.verdict)}</strong></p>'
            f"<pre>{_e(column.message)}</pre></div>"
        )
    else:
        if column.questions:  # kata 09: what was retrieved for each question comes first
            parts.append(_questions(page, column))
        if isinstance(page.source, str):
            marked = _marked_chunk(page, column)
            parts.append(f"<h3>The text, cut into {_e(counted(len(column.chunks), 'chunk'))}</h3>")
            parts.append(text_picture(page.source, column.chunks, marked))
        parts.append(_rows(page, column))
    parts.append("</section>")
    return "\n".join(parts)


def _marked_chunk(page: Page, column: Column) -> int | None:
    """The chunk to frame as the first difference: none for kata 09, whose first difference is a question."""
    return None if column.questions else page.first_difference


def text_picture(text: str, chunks: list[DrawnChunk], first_difference: int | None) -> str:
    """The text with every chunk's span marked: a numbered badge where a chunk starts, a bar
    where it ends, each stretch of text classed by the chunks that hold it."""
    starts: dict[int, list[int]] = {}
    ends: dict[int, list[int]] = {}
    for index, chunk in enumerate(chunks):
        if chunk.span is not None and chunk.span[0] < chunk.span[1]:
            starts.setdefault(chunk.span[0], []).append(index)
            ends.setdefault(chunk.span[1], []).append(index)
    cuts = sorted({0, len(text), *starts, *ends})
    open_chunks: list[int] = []
    out, in_block = ['<div class="text"><div class="tb">'], 0
    for at, following in zip(cuts, cuts[1:] + [None]):
        for index in ends.get(at, ()):
            open_chunks.remove(index)
            out.append('<b class="cut"></b>')
        for index in starts.get(at, ()):
            open_chunks.append(index)
            out.append(f'<b class="start" data-n="{index}"></b>')
        if following is None or following == at:
            continue
        stretch = text[at:following]
        line_end = stretch.find("\n") + 1
        if in_block >= BLOCK_CHARACTERS and line_end:  # a new piece starts on a line of its own
            out.append(_stretch(stretch[:line_end], open_chunks, first_difference) + '</div><div class="tb">')
            stretch, in_block = stretch[line_end:], 0
        if stretch:
            out.append(_stretch(stretch, open_chunks, first_difference))
        in_block += len(stretch)
    out.append("</div></div>")
    return "".join(out)


def _stretch(stretch: str, open_chunks: list[int], first_difference: int | None) -> str:
    if not open_chunks:
        if stretch.strip():
            return f'<span class="s none" title="in no chunk">{_e(stretch)}</span>'
        return f'<span class="s">{_e(stretch)}</span>'
    classes = ["s", f"a{min(open_chunks) % 2}"]
    if len(open_chunks) > 1:
        classes.append("o")
    if first_difference in open_chunks:
        classes.append("d")
    chunk_numbers = " ".join(map(str, open_chunks))
    return f'<span class="{" ".join(classes)}" data-c="{chunk_numbers}">{_e(stretch)}</span>'


def _rows(page: Page, column: Column) -> str:
    source = page.source
    blocks = isinstance(source, Units)
    unit = source.name if isinstance(source, Units) else "character"
    previews = len(column.chunks) <= PREVIEWED_CHUNKS
    # The second column counts the chunk's tokens; the third says where the chunk lies, by its units'
    # positions (kata 01's units are tokens too, so there it is headed "positions").
    where = "positions" if unit == "token" else f"{unit}s"
    head = ["#", "tokens", where, "blocks, to scale" if blocks else ("text" if previews else "")]
    table = (
        '<table class="rows"><colgroup><col class="i" /><col class="n" /><col class="w" /><col />'
        "</colgroup><thead><tr>" + "".join(f'<th scope="col">{_e(h)}</th>' for h in head if h) + "</tr></thead><tbody>"
    )
    out = ['<div class="rg">' + table]
    marked = _marked_chunk(page, column)
    for index, chunk in enumerate(column.chunks):
        if index and index % ROWS_PER_TABLE == 0:
            out.append('</tbody></table></div><div class="rg">' + table)
        differs = index == marked
        mark = ' class="d"' if differs else ""
        label = f"{index} ≠" if differs else str(index)
        cells = [f"<th>{_e(label)}</th>", _tokens_cell(chunk.tokens, page.budget), _where(chunk, unit)]
        if isinstance(source, Units):
            cells.append(_strip(chunk, page.budget, source))
        elif previews:
            cells.append(f'<td class="t">{_e(_preview(chunk))}</td>')
        out.append(f"<tr{mark}>{''.join(cells)}</tr>")
    out.append("</tbody></table></div>")
    return "".join(out)


def _questions(page: Page, column: Column) -> str:
    """Kata 09: each question, the chunks it retrieved, and whether one of them holds its evidence."""
    answered = sum(question.answered for question in column.questions)
    out = [
        f"<h3>Recall: {column.recall!r}, {answered} of {len(column.questions)} questions answered</h3>",
        '<table class="questions"><thead><tr><th scope="col">#</th><th scope="col">question</th>'
        '<th scope="col">evidence</th><th scope="col">retrieved chunks</th>'
        '<th scope="col">answered</th></tr></thead><tbody>',
    ]
    for index, question in enumerate(column.questions):
        differs = index == page.first_difference
        label = f"{index} ≠" if differs else str(index)
        verdict = "yes" if question.answered else "no: no retrieved chunk holds the whole evidence"
        start, end = question.evidence
        mark = ' class="d"' if differs else ""
        out.append(
            f"<tr{mark}><th>{_e(label)}</th><td>{_e(question.text)}</td>"
            f"<td>{start} to {end}</td><td>{_e(', '.join(map(str, question.retrieved)))}</td>"
            f'<td class="{"yes" if question.answered else "no"}">{_e(verdict)}</td></tr>'
        )
    out.append("</tbody></table>")
    return "".join(out)


def _tokens_cell(tokens: int, budget: int | None) -> str:
    if not budget:
        return f"<td>{tokens}</td>"
    share = min(tokens / budget, 1.0) * 100
    over = tokens > budget
    # "over the budget" on a line of its own: on one line it ran into the next column
    over_line = '<br /><span class="why">over the budget</span>' if over else ""
    return (
        f'<td class="n{" over" if over else ""}"><i style="--w:{share:.0f}%"></i>{tokens} of {budget}{over_line}</td>'
    )


def _where(chunk: DrawnChunk, unit: str) -> str:
    if chunk.span is None:
        return '<td class="lost">not found in the input</td>'
    start, end = chunk.span
    if unit == "character":
        return f"<td>{start} to {end}</td>"
    return f"<td>{start} to {end - 1}</td>" if end - start > 1 else f"<td>{start}</td>"


def _strip(chunk: DrawnChunk, budget: int | None, source: Units) -> str:
    """The chunk's units as blocks whose widths are their sizes, on a scale where the budget is the
    strip's full width (a chunk over the budget runs past the budget's line)."""
    scale = max(budget or 1, sum(chunk.blocks), 1)
    width = sum(chunk.blocks) / scale * 100
    blocks = []
    for position, size in enumerate(chunk.blocks):
        repeated = position < chunk.repeated
        unit = chunk.span[0] + position if chunk.span else None
        label = source.labels[unit] if unit is not None and unit < len(source.labels) else f"{size}"
        title = f"{label} ({size} token{'' if size == 1 else 's'}" + (", repeated" if repeated else "") + ")"
        style = f"flex-grow:{max(size, 0)}" if size > 0 else "flex-grow:0;min-width:2px"
        shown = label if source.name == "token" else str(size)  # a token's text; a sentence's size
        blocks.append(
            f'<span class="k{" o" if repeated else ""}" style="{style}" title="{_e(title)}">{_e(shown)}</span>'
        )
    budget_line = f'<span class="budget" style="left:{(budget or 0) / scale * 100:.1f}%"></span>' if budget else ""
    return (
        f'<td class="strip"><span class="lane">{budget_line}'
        f'<span class="blocks" style="width:{width:.1f}%">{"".join(blocks)}</span></span></td>'
    )


def _preview(chunk: DrawnChunk) -> str:
    text = " ".join(chunk.text.split())
    if len(text) > PREVIEW_CHARACTERS:
        text = text[: PREVIEW_CHARACTERS * 2 // 3] + " … " + text[-PREVIEW_CHARACTERS // 3 :]
    return f"{text} [{chunk.note}]" if chunk.note else text


def _legend(page: Page) -> str:
    if isinstance(page.source, Units):
        items = [
            ("k", "a block is one " + page.source.name + ", as wide as its tokens"),
            ("k o", "hatched and boxed: repeated from the chunk before (overlap)"),
            ("budget-key", "the line: the budget"),
        ]
    else:
        items = [
            ("s a0", "a chunk"),
            ("s a1", "the next chunk"),
            ("s a0 o", "hatched and boxed: in two chunks (overlap)"),
            ("s none", "wavy: in no chunk"),
            ("cut-key", "a bar: a chunk ends"),
        ]
    items.append(("d-key", "framed, and ≠ in the rows: the first chunk that differs"))
    return (
        '<ul class="legend">'
        + "".join(f'<li><span class="{c}">sample</span> {_e(words)}</li>' for c, words in items)
        + "</ul>"
    )


def _e(text: str) -> str:
    return html.escape(text, quote=True)


# Okabe and Ito's palette, lightened for a background: told apart by most forms of colour
# blindness, and the underline styles tell the chunks apart without colour.
STYLE = """
body { font: 15px/1.5 system-ui, sans-serif; margin: 1.5em; color: #111; background: #fff; }
h1 { font-size: 1.3em; margin: 0 0 .3em; } h2 { font-size: 1.1em; margin: .2em 0; } h3 { font-size: 1em; }
.call code { font-size: .95em; } .summary { font-weight: 600; padding: .4em .6em; border-left: 4px solid #111; }
.file { color: #444; margin: 0; font-size: .9em; }
.columns { display: grid; gap: 1.5em; } .columns.n2 { grid-template-columns: 1fr 1fr; }
.column { min-width: 0; }
.text { white-space: pre-wrap; font-family: ui-monospace, monospace; font-size: 13px; line-height: 1.9;
  border: 1px solid #bbb; padding: .6em; overflow-wrap: anywhere; }
.rg { content-visibility: auto; contain-intrinsic-size: auto 4400px; }
.tb { content-visibility: auto; contain-intrinsic-size: auto 1300px; }
.s.a0 { background: #cfe6f7; border-bottom: 2px solid #0072B2; }
.s.a1 { background: #fde3c8; border-bottom: 2px dashed #D55E00; }
.s.o { background: repeating-linear-gradient(135deg, #e9d5f5 0 4px, #fff 4px 8px); outline: 1px dotted #333; }
.s.none { text-decoration: underline wavy #c00; }
.s.d { outline: 2px solid #000; }
.s.focus { background: #ffe45c; }
b.cut { display: inline-block; width: 3px; height: 1.3em; margin: 0 1px; vertical-align: text-bottom;
  background: #111; }
b.start::before { content: attr(data-n); font: bold 10px/1 system-ui, sans-serif; vertical-align: super;
  color: #fff; background: #333; border-radius: 3px; padding: 0 2px; }
.rows { border-collapse: collapse; width: 100%; font-size: 13px; table-layout: fixed; }
.rg:first-of-type { margin-top: 1em; }
col.i { width: 4.5em; } col.n { width: 13em; } col.w { width: 7.5em; }
.rows th { white-space: nowrap; }
.rows th, .rows td { border-bottom: 1px solid #ddd; padding: 2px 6px; text-align: left; vertical-align: top; }
.rows tr.d { outline: 3px double #000; } .rows tr.d th { background: #111; color: #fff; }
.rows tr.focus { background: #ffe45c; }
.rows tbody tr { cursor: pointer; } .rows tbody th { font-weight: normal; }
.n { white-space: nowrap; } .n.over { color: #a00; font-weight: 600; }
.n i { display: inline-block; width: 60px; height: 8px; border: 1px solid #333; vertical-align: middle;
  margin-right: .4em; background: linear-gradient(90deg, #333 var(--w), #fff var(--w)); }
.over i { background: repeating-linear-gradient(90deg, #a00 0 3px, #fff 3px 5px); }
.t { font-family: ui-monospace, monospace; font-size: 12px; } .lost { color: #a00; }
.strip { width: 45%; }
.lane { position: relative; display: block; height: 18px; }
.blocks { display: flex; height: 16px; }
.k { display: inline-block; background: #cfe6f7; border: 1px solid #0072B2; box-sizing: border-box; min-width: 1px;
  overflow: hidden; white-space: nowrap; font-size: 10px; line-height: 14px; padding: 0 1px; color: #123;
  flex-basis: 0; }  /* widths from the sizes alone, not from the text shown in them */
.k.o { background: repeating-linear-gradient(135deg, #e9d5f5 0 3px, #fff 3px 6px); border: 1px dotted #333; }
.budget { position: absolute; top: -2px; bottom: -2px; border-left: 2px solid #c00; }
.legend { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .4em 1.2em; font-size: .9em; }
.legend span { font-family: ui-monospace, monospace; padding: 0 .3em; }
.legend .k { color: transparent; } .legend .budget-key { border-left: 2px solid #c00; color: transparent; }
.legend .cut-key { border-right: 3px solid #111; color: transparent; }
.legend .d-key { outline: 2px solid #000; color: transparent; }
.verdict { border: 3px solid #a00; padding: .5em .8em; } .verdict.asked { border-color: #0072B2; }
.questions { border-collapse: collapse; width: 100%; font-size: 13px; }
.questions th, .questions td { border-bottom: 1px solid #ddd; padding: 2px 6px; text-align: left; vertical-align: top; }
.questions tr.d { outline: 3px double #000; } .questions td.no { color: #a00; }
.questions tbody th { white-space: nowrap; font-weight: normal; }
.verdict pre { white-space: pre-wrap; margin: 0; }
@media (max-width: 900px) { .columns.n2 { grid-template-columns: 1fr; } }
@media print {
  body { margin: 0; font-size: 11px; } .columns.n2 { grid-template-columns: 1fr 1fr; }
  * { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
  .rg, .tb { content-visibility: visible; }
}
"""

# Clicking a row highlights its chunk in the text of the same column, and the reverse.
SCRIPT = """
document.addEventListener("click", function (event) {
  var row = event.target.closest("tbody tr, .s[data-c]");
  if (!row) return;
  var column = row.closest(".column");
  var chunk = row.tagName === "TR" ? String(parseInt(row.cells[0].textContent, 10))
                                   : row.getAttribute("data-c").split(" ")[0];
  column.querySelectorAll(".focus").forEach(function (element) { element.classList.remove("focus"); });
  column.querySelectorAll(".s[data-c]").forEach(function (element) {
    if (element.getAttribute("data-c").split(" ").indexOf(chunk) >= 0) element.classList.add("focus");
  });
  var rows = column.querySelectorAll("tbody tr");
  if (rows[chunk]) rows[chunk].classList.add("focus");
  var shown = row.tagName === "TR" ? column.querySelector(".s.focus") : column.querySelector("tr.focus");
  if (shown) shown.scrollIntoView({block: "center"});
});
"""
