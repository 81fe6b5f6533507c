"""`kata bench --plot` draws the times on log-log axes, where a quadratic line climbs twice as steeply."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from xml.etree import ElementTree

import pytest

from kata.drawing.growth_plot import (
    GUIDES,
    PlotPathProblem,
    Series,
    check_plot_path,
    duration,
    growth_plot_page,
    growth_plot_svg,
)

SVG = "{http://www.w3.org/2000/svg}"
SIZES = [1000 * 2**k for k in range(8)]
QUADRATIC = Series("yours", {n: 2e-6 * (n / 1000) ** 2 for n in SIZES}, "yours 4.0, looks quadratic")
LINEAR = Series("reference", {n: 3e-6 * n / 1000 for n in SIZES}, "reference 2.0, looks linear")


def drawn(*series: Series) -> ElementTree.Element:
    return ElementTree.fromstring(growth_plot_svg("kata 02: time as n doubles", list(series)))


def points_of(element: ElementTree.Element) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in (pair.split(",") for pair in element.get("points", "").split())]


def series_group(svg: ElementTree.Element, name: str) -> ElementTree.Element:
    return next(group for group in svg.iter(f"{SVG}g") if group.get("data-name") == name)


def slope(points: list[tuple[float, float]]) -> float:
    """Up (the y axis points down in SVG) per unit across, from the first point to the last."""
    (x0, y0), (x1, y1) = points[0], points[-1]
    return (y0 - y1) / (x1 - x0)


def test_the_picture_is_an_svg_with_a_title_and_a_description_a_screen_reader_reads():
    svg = drawn(QUADRATIC, LINEAR)
    assert svg.tag == f"{SVG}svg" and svg.get("role") == "img"
    assert svg.find(f"{SVG}title").text == "kata 02: time as n doubles"
    assert svg.find(f"{SVG}desc").text == "yours 4.0, looks quadratic; reference 2.0, looks linear."


def test_every_time_is_a_marker_whose_title_says_the_size_and_the_time():
    svg = drawn(QUADRATIC, LINEAR)
    yours = series_group(svg, "yours")
    titles = [marker.find(f"{SVG}title").text for marker in yours if marker.tag != f"{SVG}polyline"]
    assert len(titles) == len(SIZES)
    assert titles[0] == "yours: n=1,000, 2.00 us" and titles[-1] == "yours: n=128,000, 32.8 ms"


def test_on_log_log_axes_a_quadratic_line_climbs_twice_as_steeply_as_a_linear_one():
    svg = drawn(QUADRATIC, LINEAR)
    quadratic = slope(points_of(series_group(svg, "yours").find(f"{SVG}polyline")))
    linear = slope(points_of(series_group(svg, "reference").find(f"{SVG}polyline")))
    assert quadratic == pytest.approx(2 * linear, rel=0.01)


def test_the_guides_start_at_the_first_time_of_the_code_under_test_with_slopes_one_and_two():
    svg = drawn(QUADRATIC, LINEAR)
    first = points_of(series_group(svg, "yours").find(f"{SVG}polyline"))[0]
    guides = [points_of(line) for line in svg.iter(f"{SVG}polyline") if line.get("class") == "guide"]
    assert len(guides) == len(GUIDES) and all(guide[0] == first for guide in guides)
    linear_series = slope(points_of(series_group(svg, "reference").find(f"{SVG}polyline")))
    assert [slope(guide) for guide in guides] == pytest.approx([linear_series, 2 * linear_series], rel=0.01)


def test_the_series_differ_in_marker_and_line_pattern_not_only_in_colour():
    svg = drawn(QUADRATIC, LINEAR)
    yours, reference = series_group(svg, "yours"), series_group(svg, "reference")
    assert {child.tag for child in yours} - {f"{SVG}polyline"} == {f"{SVG}circle"}
    assert {child.tag for child in reference} - {f"{SVG}polyline"} == {f"{SVG}rect"}
    assert yours.find(f"{SVG}polyline").get("stroke-dasharray") != reference.find(f"{SVG}polyline").get(
        "stroke-dasharray"
    )
    legend = [text.text for text in svg.iter(f"{SVG}text") if text.get("class") == "legend"]
    assert legend == ["yours", "reference", *(name for name, _power, _dashes in GUIDES)]


def test_a_run_that_timed_nothing_is_drawn_as_words():
    svg = drawn(Series("yours", {}, "yours: too few sizes timed"))
    assert [text.text for text in svg.iter(f"{SVG}text")] == ["kata 02: time as n doubles", "Nothing was timed."]


class Cells(HTMLParser):
    def __init__(self):
        super().__init__()
        self.rows: list[list[str]] = []
        self.svgs = 0

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.rows.append([])
        self.svgs += tag == "svg"

    def handle_data(self, data):
        if self.rows and data.strip():
            self.rows[-1].append(data.strip())


def test_the_page_holds_the_picture_and_the_same_times_as_a_table():
    page = growth_plot_page("kata 02", [QUADRATIC, LINEAR], growth_plot_svg("kata 02", [QUADRATIC, LINEAR]))
    cells = Cells()
    cells.feed(page)
    assert cells.svgs == 1 and page.startswith("<!doctype html>") and '<html lang="en">' in page
    assert cells.rows[0] == ["n", "yours", "reference"]
    assert cells.rows[1] == ["1,000", "2.00 us", "3.00 us"] and len(cells.rows) == 1 + len(SIZES)


@pytest.mark.parametrize(
    "name, says",
    [("plot.png", "does not end in .svg or .html"), ("missing/plot.svg", "is in a folder that does not exist")],
)
def test_a_plot_path_that_cannot_be_written_is_named_in_one_line(tmp_path, name, says):
    with pytest.raises(PlotPathProblem) as problem:
        check_plot_path(tmp_path / name)
    assert str(problem.value) == f"{str(tmp_path / name)!r} {says}"


def test_a_plot_path_ending_in_svg_or_html_in_a_folder_is_accepted(tmp_path):
    assert check_plot_path(tmp_path / "curve.SVG") == Path(tmp_path / "curve.SVG")


@pytest.mark.parametrize(
    "seconds, shown",
    [
        (2e-6, "2.00 us"),
        (9.999e-6, "10.0 us"),
        (1.7e-4, "170 us"),
        (0.00099999, "1.00 ms"),
        (0.0328, "32.8 ms"),
        (1.2, "1.20 s"),
        (120, "120 s"),
    ],
)
def test_a_time_is_shown_in_three_figures_in_the_unit_that_reads_best(seconds, shown):
    assert duration(seconds) == shown
