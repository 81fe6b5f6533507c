"""`kata bench` times an implementation next to the reference and says how its time grows."""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest

from kata.command.bench import LEAST_SIZES, Timings, bench, verdict
from kata.katas import KATAS, ROOT

KATA = KATAS[0]
SVG = "{http://www.w3.org/2000/svg}"

pytestmark = pytest.mark.timeout(60)  # pytest or kata in a subprocess: slower than a kata's test


@pytest.mark.slow
@pytest.mark.timeout(60)
def test_bench_of_the_reference_reports_linear_growth_for_kata_01(run_kata):
    linear = r"tested [\d.]+, looks linear; reference [\d.]+, looks linear\."
    for _attempt in range(2):  # a machine busy with other work can disturb one run's times
        run = run_kata(ROOT, "bench", KATA.number, "--impl=reference", "--seconds", "10")
        assert run.returncode == 0, run.stdout + run.stderr
        if re.search(linear, run.stdout):
            break
    assert re.search(linear, run.stdout), run.stdout
    rows = re.findall(r"^\s+[\d,]+\s+\S+ m?u?s\s+\S+ m?u?s\s+[\d.]+x", run.stdout, re.M)
    assert len(rows) >= LEAST_SIZES, run.stdout
    assert max(len(line) for line in run.stdout.splitlines()) <= 80


def test_bench_of_an_untouched_stub_is_one_line_that_names_the_way_out(repo, run_kata):
    run = run_kata(repo, "bench", KATA.number)
    assert run.returncode == 1 and run.stdout == ""
    assert run.stderr.count("\n") == 1 and "is not started" in run.stderr and "--impl=reference" in run.stderr


@pytest.mark.slow
@pytest.mark.parametrize("kata", KATAS, ids=[kata.slug for kata in KATAS])
def test_every_kata_is_timed_on_inputs_where_the_reference_agrees_with_itself(kata, capsys):
    """Each kata's record names the inputs kata bench times it on; the reference, judged against itself there,
    gives the same answers at every size (a generator's chunks read in full)."""
    assert bench(kata, "reference", budget=3.0) == 0
    shown = capsys.readouterr().out
    assert shown.startswith(f"Timing {kata.number} {kata.name}: {kata.timed.call}"), shown
    assert len(re.findall(r"^\s+[\d,]+\s+\S+ m?u?s\s+\S+ m?u?s\s+[\d.]+x", shown, re.M)) >= 3, shown
    assert "The answers differ" not in shown and "Stopped at" not in shown, shown


@pytest.mark.parametrize(
    "seconds_of, growth, words",
    [
        (lambda n: 3e-8 * n, 2.0, "looks linear"),
        (lambda n: 3e-8 * n * n.bit_length(), 2.2, "looks linear"),
        (lambda n: 1e-10 * n * n, 4.0, "looks quadratic"),
        (lambda n: 1e-13 * n**3, 8.0, "worse than quadratic"),
    ],
)
def test_the_growth_per_doubling_is_read_from_the_largest_sizes(seconds_of, growth, words):
    timings = Timings("tested", {n: seconds_of(n) for n in (1000 * 2**k for k in range(9))})
    assert timings.growth() == pytest.approx(growth, abs=0.1)
    assert verdict(timings.growth()) == words


def test_one_disturbed_time_does_not_swing_the_estimate():
    timings = Timings("tested", {n: 3e-8 * n for n in (1000 * 2**k for k in range(9))})
    timings.seconds[64_000] *= 3  # another program took the processor during that size
    assert verdict(timings.growth()) == "looks linear"


@pytest.mark.slow
@pytest.mark.parametrize("name", ["curve.svg", "curve.html"])
def test_bench_with_plot_draws_both_series_of_times_in_the_file(run_kata, tmp_path, name):
    run = run_kata(ROOT, "bench", KATA.number, "--impl=reference", "--seconds", "2", "--plot", str(tmp_path / name))
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.rstrip().endswith(f"The times are drawn in {tmp_path / name}.")
    drawn = (tmp_path / name).read_text(encoding="utf-8")
    svg = ElementTree.fromstring(drawn[drawn.index("<svg") : drawn.index("</svg>") + len("</svg>")])
    timed = [row for row in run.stdout.splitlines() if re.match(r"^\s+[\d,]+\s+\S+ m?u?s", row)]
    for series in ("tested", "reference"):
        group = next(group for group in svg.iter(f"{SVG}g") if group.get("data-name") == series)
        assert len([marker for marker in group if marker.tag != f"{SVG}polyline"]) == len(timed)


@pytest.mark.parametrize(
    "name, says",
    [("curve.png", "does not end in .svg or .html"), ("missing/curve.svg", "is in a folder that does not exist")],
)
def test_bench_refuses_a_plot_it_cannot_write_in_one_line_before_timing(run_kata, tmp_path, name, says):
    run = run_kata(ROOT, "bench", KATA.number, "--impl=reference", "--plot", str(tmp_path / name))
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.splitlines() == [
        f"kata bench: argument --plot: {str(tmp_path / name)!r} {says} (see kata bench --help)"
    ]
