"""`kata bench --plot`: the times of a run as the input doubles, drawn on log-log axes.

On log-log axes a time that grows as n^k is a straight line of slope k, so a quadratic
solution's line climbs twice as steeply as a linear one's: the picture shows at a glance
what the growth per doubling says in numbers. Two guides, linear and quadratic, start from
the first time of the code under test, and each series has its own marker and line pattern
as well as its own colour, so that nothing depends on telling colours apart. The picture
is one SVG (a page of its own, or inside an HTML page with the times as a table, for a
screen reader), with nothing to fetch from the network.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from pathlib import Path

PLOT_SUFFIXES = (".svg", ".html")
WIDTH, HEIGHT = 760, 440
LEFT, RIGHT, TOP, BOTTOM = 80, 220, 56, 56  # margins: the legend and the guides' names sit on the right
# Okabe and Ito's palette, told apart by most forms of colour blindness; the markers and the
# line patterns tell the series apart without colour.
STYLES = (("#0072B2", "circle", ""), ("#D55E00", "square", "7 4"))
GUIDES = (("linear: x2 a doubling", 1, "8 4"), ("quadratic: x4 a doubling", 2, "2 3"))


@dataclass(frozen=True)
class Series:
    name: str  # "yours", "tested" or "reference"
    seconds: dict[int, float]  # input size -> the best time of one call
    summary: str  # "yours 4.0, looks quadratic"


class PlotPathProblem(ValueError):
    """A --plot path that cannot be written; the message names it."""


def check_plot_path(path: Path) -> Path:
    """The path itself, or PlotPathProblem: a .svg or .html file in a folder that exists."""
    if path.suffix.lower() not in PLOT_SUFFIXES:
        raise PlotPathProblem(f"{str(path)!r} does not end in .svg or .html")
    if not path.parent.is_dir():
        raise PlotPathProblem(f"{str(path)!r} is in a folder that does not exist")
    return path


def write_growth_plot(path: Path, title: str, series: list[Series]) -> None:
    """Write the plot as an SVG picture, or as an HTML page holding it and a table of the times."""
    svg = growth_plot_svg(title, series)
    text = svg if path.suffix.lower() == ".svg" else growth_plot_page(title, series, svg)
    path.write_text(text, encoding="utf-8")


def growth_plot_svg(title: str, series: list[Series]) -> str:
    """Every series' times against the input size on log-log axes, with the linear and quadratic guides."""
    timed = [s for s in series if s.seconds]
    sizes = sorted({size for s in timed for size in s.seconds})
    if not sizes:
        return _svg(title, "Nothing was timed.", ['<text x="40" y="80">Nothing was timed.</text>'])
    times = [seconds for s in timed for seconds in s.seconds.values()]
    axes = Axes(sizes[0], sizes[-1], min(times), max(times))
    shown = timed[: len(STYLES)]
    parts = [*axes.drawn(sizes), *_guides(axes, timed[0])]  # the guides under the series
    for one, style in zip(shown, STYLES):
        parts += _series(axes, one, style)
    # The legend in reading order: the series, then the guides.
    entries: list[tuple[str, str, str | None, str]] = [
        (colour, dashes, marker, one.name) for one, (colour, marker, dashes) in zip(shown, STYLES)
    ]
    entries += [("#777", dashes, None, name) for name, _power, dashes in GUIDES]
    for row, entry in enumerate(entries):
        parts += _legend_entry(row, *entry)
    description = "; ".join(s.summary for s in timed) + "."
    return _svg(title, description, parts)


def growth_plot_page(title: str, series: list[Series], svg: str) -> str:
    """A page of its own: the picture, and the same times as a table."""
    sizes = sorted({size for s in series for size in s.seconds})
    head = "".join(f'<th scope="col">{html.escape(s.name)}</th>' for s in series)
    rows = "".join(
        f'<tr><th scope="row">{size:,}</th>'
        + "".join(f"<td>{duration(s.seconds[size]) if size in s.seconds else '-'}</td>" for s in series)
        + "</tr>\n"
        for size in sizes
    )
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{html.escape(title)}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2rem; color: #111; }}
table {{ border-collapse: collapse; margin-top: 1rem; }}
th, td {{ border: 1px solid #999; padding: 0.2rem 0.6rem; text-align: right; }}
@media print {{ body {{ margin: 0; }} svg {{ max-width: 100%; }} }}
</style>
</head>
<body>
<h1>{html.escape(title)}</h1>
{svg}
<table>
<caption>The best time of one call, by input size n</caption>
<tr><th scope="col">n</th>{head}</tr>
{rows}</table>
</body>
</html>
"""


@dataclass(frozen=True)
class Axes:
    """Where a (size, seconds) point falls: log2 of the size across, log10 of the time up."""

    smallest: int
    largest: int
    fastest: float
    slowest: float

    @property
    def decades(self) -> tuple[int, int]:
        """The powers of ten of time below the fastest and above the slowest: at least one decade."""
        low = math.floor(math.log10(self.fastest))
        return low, max(low + 1, math.ceil(math.log10(self.slowest)))

    def x(self, size: float) -> float:
        low, high = math.log2(self.smallest) - 0.5, math.log2(self.largest) + 0.5
        return LEFT + (math.log2(size) - low) / (high - low) * (WIDTH - LEFT - RIGHT)

    def y(self, seconds: float) -> float:
        low, high = self.decades
        return HEIGHT - BOTTOM - (math.log10(seconds) - low) / (high - low) * (HEIGHT - TOP - BOTTOM)

    def drawn(self, sizes: list[int]) -> list[str]:
        """The frame, a tick and a label at every size timed and every power of ten of time, and the axes' names."""
        right, bottom = WIDTH - RIGHT, HEIGHT - BOTTOM
        parts = [
            f'<rect x="{LEFT}" y="{TOP}" width="{right - LEFT}" height="{bottom - TOP}" fill="none" stroke="#555"/>'
        ]
        for size in sizes:
            x = self.x(size)
            parts.append(
                f'<line x1="{x:.1f}" y1="{bottom}" x2="{x:.1f}" y2="{bottom + 5}" stroke="#555"/>'
                f'<text x="{x:.1f}" y="{bottom + 18}" text-anchor="middle">{compact(size)}</text>'
            )
        low, high = self.decades
        for power in range(low, high + 1):
            y = self.y(10.0**power)
            parts.append(
                f'<line x1="{LEFT}" y1="{y:.1f}" x2="{right}" y2="{y:.1f}" stroke="#ddd"/>'
                f'<text x="{LEFT - 8}" y="{y + 4:.1f}" text-anchor="end">{duration(10.0**power)}</text>'
            )
        parts.append(
            f'<text x="{(LEFT + right) / 2:.1f}" y="{HEIGHT - 12}" text-anchor="middle">'
            "input size n (each step doubles it)</text>"
        )
        parts.append(
            f'<text x="18" y="{(TOP + bottom) / 2:.1f}" text-anchor="middle" '
            f'transform="rotate(-90 18 {(TOP + bottom) / 2:.1f})">time of one call</text>'
        )
        return parts


def _guides(axes: Axes, first: Series) -> list[str]:
    """The linear and quadratic guides, from the first time of the first series, cut at the frame."""
    size, seconds = min(first.seconds.items())
    parts = []
    for _name, power, dashes in GUIDES:
        end = axes.largest * 2**0.5
        points = [(size, seconds), (end, seconds * (end / size) ** power)]
        line = " ".join(f"{axes.x(n):.1f},{axes.y(t):.1f}" for n, t in points)
        parts.append(
            f'<polyline class="guide" points="{line}" fill="none" stroke="#777" '
            f'stroke-dasharray="{dashes}" clip-path="url(#frame)"/>'
        )
    return parts


def _series(axes: Axes, series: Series, style: tuple[str, str, str]) -> list[str]:
    colour, marker, dashes = style
    points = sorted(series.seconds.items())
    line = " ".join(f"{axes.x(n):.1f},{axes.y(t):.1f}" for n, t in points)
    dash = f' stroke-dasharray="{dashes}"' if dashes else ""
    parts = [
        f'<g class="series" data-name="{html.escape(series.name)}">',
        f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>',
    ]
    for n, t in points:
        parts.append(_marker(marker, axes.x(n), axes.y(t), colour, f"{series.name}: n={n:,}, {duration(t)}"))
    parts.append("</g>")
    return parts


def _legend_entry(row: int, colour: str, dashes: str, marker: str | None, name: str) -> list[str]:
    """A sample of the line (and its marker) and its name, on the right of the frame."""
    x, y = WIDTH - RIGHT + 10, TOP + 8 + 20 * row
    dash = f' stroke-dasharray="{dashes}"' if dashes else ""
    parts = [f'<line x1="{x}" y1="{y - 4}" x2="{x + 28}" y2="{y - 4}" stroke="{colour}" stroke-width="2"{dash}/>']
    if marker is not None:
        parts.append(_marker(marker, x + 14, y - 4, colour, name))
    parts.append(f'<text class="legend" x="{x + 36}" y="{y}">{html.escape(name)}</text>')
    return parts


def _marker(shape: str, x: float, y: float, colour: str, label: str) -> str:
    title = f"<title>{html.escape(label)}</title>"
    if shape == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="{colour}">{title}</circle>'
    return (
        f'<rect x="{x - 4:.1f}" y="{y - 4:.1f}" width="8" height="8" fill="white" stroke="{colour}" '
        f'stroke-width="2">{title}</rect>'
    )


def _svg(title: str, description: str, parts: list[str]) -> str:
    body = "\n".join(parts)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-labelledby="plot-title plot-description" '
        'font-family="sans-serif" font-size="12">\n'
        f'<title id="plot-title">{html.escape(title)}</title>\n'
        f'<desc id="plot-description">{html.escape(description)}</desc>\n'
        f'<defs><clipPath id="frame"><rect x="{LEFT}" y="{TOP}" width="{WIDTH - LEFT - RIGHT}" '
        f'height="{HEIGHT - TOP - BOTTOM}"/></clipPath></defs>\n'
        '<rect width="100%" height="100%" fill="white"/>\n'
        f'<text x="{LEFT}" y="28" font-size="15" font-weight="bold">{html.escape(title)}</text>\n'
        f"{body}\n</svg>\n"
    )


def compact(size: int) -> str:
    """1000 -> 1k, 2_000_000 -> 2M: a size in a few characters."""
    for divisor, suffix in ((1_000_000, "M"), (1_000, "k")):
        if size >= divisor:
            return f"{size / divisor:g}{suffix}"
    return str(size)


def duration(seconds: float) -> str:
    """A time in three figures and the unit that reads best: 40.0 us, 2.50 ms, 120 s."""
    for scale, unit in ((1e-6, "us"), (1e-3, "ms")):
        text = _three_figures(seconds / scale)
        if float(text) < 1000:
            return f"{text} {unit}"
    return f"{_three_figures(seconds)} s"


def _three_figures(value: float) -> str:
    return f"{value:.{2 if value < 9.995 else 1 if value < 99.95 else 0}f}"
