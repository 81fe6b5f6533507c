"""`kata bench`: time an implementation on inputs that double in size, next to the reference.

The growth per doubling, time(2n) / time(n), shows how the time grows with the input:
about 2 is linear, about 4 quadratic, about 8 cubic. The estimate is read from the
largest sizes, where fixed costs no longer hide the growth: the median, over every pair
of those sizes, of the growth per doubling between the two (a median, so that one time
disturbed by another program on the machine cannot swing it). Each time is the best of
several calls, in CPU time (kata.judging.clocks: what other programs do is not counted)
while the garbage collector is paused. Where the pairs disagree about which complexity it
looks like, the sizes are timed again, and if they still disagree the report says the
machine is too noisy to tell, with the spread and the load, and names no complexity.
"""

from __future__ import annotations

import gc
import itertools
import math
import os
import statistics
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kata.command.bench_inputs import BUILDERS, Stream
from kata.command.progress import label
from kata.command.terminal import fit
from kata.drawing.growth_plot import Series, duration, write_growth_plot
from kata.judging.calls import LimitExceeded, UsedTooMuchMemory
from kata.judging.checks import same
from kata.judging.clocks import CODE_CLOCK
from kata.judging.limits import CALL_SECONDS, Watchdog, can_watch, drop_locals, give_back_freed_memory
from kata.katas import NO_SOLUTIONS_HERE, Kata, Timed, has_solutions, relative
from kata.runner.implementations import Implementation, NotStarted, parse_impl

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

BUDGET_SECONDS = 20.0
MOST_SIZES = 8  # from each kata's first size to 128 times it: large inputs time the memory, not the code
LEAST_SIZES = 5
MEASURE_SECONDS = 0.2  # calls repeat until they have taken this long...
LEAST_CALLS = 3  # ...and at least this many times,
REPEAT_SECONDS = 1.0  # unless they have taken this long already
MOST_CALLS = 200
FIT_SIZES = 6  # how many of the largest sizes the growth estimate is fitted on
RETIMINGS = 2  # how many more times the sizes are timed while the estimate's spread crosses a verdict's bound
SLOWEST_FIT_SECONDS = 0.00005  # sizes faster than this are mostly fixed cost: left out of the fit

# (growth per doubling below this, what it looks like), in order. The bounds of "linear" and
# "quadratic" lie halfway between 2, 4 and 8 on a log scale; n log n grows by about 2.2.
VERDICTS = (
    (1.5, "barely grows"),
    (2.8, "looks linear"),
    (3.4, "looks n log n-ish"),
    (5.7, "looks quadratic"),
    (math.inf, "worse than quadratic"),
)


def growth_rule() -> str:
    """The verdicts, one line each, for --help."""
    return "\n".join(
        f"  growth < {below:<4g} {words}" if below < math.inf else f"  otherwise     {words}"
        for below, words in VERDICTS
    )


class BenchStopped(Exception):
    """One implementation could not be timed on a size: it raised, stalled, or used too much memory."""


@dataclass(eq=False)  # hashable by identity: a key of the functions timed
class Timings:
    name: str
    seconds: dict[int, float] = field(default_factory=dict)  # size -> the best time of one call

    def growth(self) -> float | None:
        """Time per doubling, fitted on the largest sizes that are not mostly fixed cost."""
        slopes = self._slopes()
        return 2 ** statistics.median(slopes) if slopes else None

    def spread(self) -> tuple[float, float] | None:
        """The growth per doubling of the lower and the upper quartile of the pairs of sizes, or None."""
        slopes = self._slopes()
        if len(slopes) < 3:
            return None
        lower, _, upper = statistics.quantiles(slopes, n=4)
        return 2**lower, 2**upper

    def too_noisy(self) -> bool:
        """Whether the pairs of sizes disagree on the complexity: a quartile falls under another verdict."""
        spread = self.spread()
        return spread is not None and verdict(spread[0]) != verdict(spread[1])

    def _slopes(self) -> list[float]:
        sizes = sorted(self.seconds)
        fitted = [n for n in sizes if self.seconds[n] >= SLOWEST_FIT_SECONDS][-FIT_SIZES:]
        if len(fitted) < 3:
            fitted = sizes[-3:]
        return (
            [
                math.log2(self.seconds[large] / self.seconds[small]) / math.log2(large / small)
                for small, large in itertools.combinations(fitted, 2)
            ]
            if len(fitted) >= 2
            else []
        )

    def step_growth(self, size: int) -> float | None:
        earlier = self.seconds.get(size // 2)
        return self.seconds[size] / earlier if earlier else None


def bench(kata: Kata, impl: str | None = None, budget: float = BUDGET_SECONDS, plot: Path | None = None) -> int:
    deadline = time.perf_counter() + budget
    bench_input = kata.timed
    judged = parse_impl(impl)
    tested = _tested_function(judged, kata, bench_input)
    mine, theirs = Timings(_column(judged)), Timings("reference")
    functions: dict[Timings, Callable[..., object]] = {mine: tested}
    if has_solutions():  # a students' release has no reference: their code is timed alone
        functions[theirs] = _function(parse_impl("reference"), kata, bench_input)
    _print_heading(kata, bench_input, judged, mine, alone=len(functions) == 1)
    stop_reason, differs_at = _time_doubling_sizes(bench_input, functions, deadline)
    _time_again_while_noisy(bench_input, functions, deadline)
    print()
    spent = budget - (deadline - time.perf_counter())
    for line in _summary(mine, theirs, stop_reason, differs_at, kata, spent, budget):
        print("\n".join(fit(line)))
    if plot is not None:
        write_growth_plot(
            plot,
            f"{label(kata)}: the time of one call as n doubles",
            [Series(timings.name, timings.seconds, _estimate(timings)) for timings in functions],
        )
        print(f"The times are drawn in {plot}.")
    return 0 if len(mine.seconds) >= 2 else 1


def _tested_function(judged: Implementation, kata: Kata, bench_input: Timed) -> Callable[..., object]:
    try:
        return _function(judged, kata, bench_input)
    except NotStarted as error:
        alone = f"; kata bench {kata.number} --impl=reference times the reference alone" if has_solutions() else ""
        raise NotStarted(f"{label(kata)} is not started ({error}){alone}") from None


def _function(judged: Implementation, kata: Kata, bench_input: Timed) -> Callable[..., object]:
    # The plain function, not the runner's recording wrapper, whose copies of the input would be timed too.
    return getattr(judged.load(kata), bench_input.function).function


def _column(judged: Implementation) -> str:
    return "yours" if judged.kind == "learner" else "tested"


def _print_heading(kata: Kata, bench_input: Timed, judged: Implementation, mine: Timings, alone: bool = False) -> None:
    print(f"Timing {label(kata)}: {bench_input.call}")
    print(f"  {mine.name + ':':<10} {relative(judged.source(kata))}")
    if alone:
        print(f"  {'reference:':<10} none in this copy ({NO_SOLUTIONS_HERE.split(':', 1)[0]}): yours is timed alone")
        print(f"Each time: the best of several calls, in {CODE_CLOCK.name}. Growth: time(2n) / time(n).\n")
        print(f"{'n':>10} {mine.name:>10} {'growth':>12}")
        return
    print(f"  {'reference:':<10} {relative(kata.reference_path())}")
    print(f"Each time: the best of several calls, in {CODE_CLOCK.name}. Growth: time(2n) / time(n).\n")
    print(f"{'growth per doubling':>66}")
    print(f"{'n':>10} {mine.name:>10} {'reference':>10} {'ratio':>7} {mine.name:>12} {'reference':>12}")


def _time_doubling_sizes(bench_input: Timed, functions: dict, deadline: float) -> tuple[str, int | None]:
    """Time each function on sizes that double, printing a row each; returns why it stopped,
    and the first size where the two answers differ (None if they never do)."""
    size, differs_at = bench_input.first_size, None
    for _ in range(MOST_SIZES):
        left = deadline - time.perf_counter()
        estimate = _estimated_seconds(size, list(functions))
        if estimate > left:
            return (
                f"Skipped n={size:,} and larger: it would take about {estimate:.1f} s, "
                f"more than the {max(left, 0):.1f} s left of the budget."
            ), differs_at
        arguments = BUILDERS[bench_input.inputs](size)
        try:
            answers = [_time(function, arguments, size, timings, left) for timings, function in functions.items()]
        except BenchStopped as stopped:
            return f"Stopped at n={size:,}: {stopped}", differs_at
        if differs_at is None and len(answers) == 2 and not same(*answers):
            differs_at = size
        del answers, arguments
        print(_row(size, *functions), flush=True)
        size *= 2
    return f"Stopped after {MOST_SIZES} sizes, the most it tries.", differs_at


def _time_again_while_noisy(bench_input: Timed, functions: dict, deadline: float) -> None:
    """Time every size again, keeping each one's best, while a function's estimate crosses a verdict's bound
    and the budget allows: a time that other work on the machine disturbed is replaced by a better one."""
    for _ in range(RETIMINGS):
        if not any(timings.too_noisy() for timings in functions):
            return
        for size in sorted(set().union(*(timings.seconds for timings in functions))):
            left = deadline - time.perf_counter()
            if _estimated_seconds(2 * size, list(functions)) > left:
                return
            arguments = BUILDERS[bench_input.inputs](size)
            for timings, function in functions.items():
                if size in timings.seconds:
                    again = Timings(timings.name)
                    try:
                        _time(function, arguments, size, again, left)
                    except BenchStopped:
                        return
                    timings.seconds[size] = min(timings.seconds[size], again.seconds[size])


def _time(function: Callable[..., object], arguments: tuple, size: int, timings: Timings, left: float) -> object:
    """The best time of several calls on the input of this size, under the runner's time and memory limits."""
    limit = max(0.5, min(left, CALL_SECONDS + 3 * _estimated_seconds(size, [timings])))
    try:
        with _watched(limit):
            timings.seconds[size], answer = _best_of_several_calls(function, arguments)
    except LimitExceeded as exceeded:
        drop_locals(exceeded.__traceback__)
        give_back_freed_memory()
        if isinstance(exceeded, UsedTooMuchMemory):
            raise BenchStopped(f"{timings.name} used more than {exceeded.limit}.") from None
        raise BenchStopped(f"{timings.name} did not finish within {limit:.1f} s.") from None
    except Exception as error:
        raise BenchStopped(f"{timings.name} raised {type(error).__name__}: {error}") from None
    return answer


@contextmanager
def _watched(limit: float) -> Iterator[None]:
    """The runner's watchdog (time and memory), with the garbage collector paused:
    a collection landing inside one call and not another would be timed as growth."""
    watchdog = Watchdog(limit) if can_watch() else None  # no watchdog on Windows: no limits there
    gc.collect()
    gc.disable()
    if watchdog is not None:
        watchdog.start()
    try:
        yield
    finally:
        if watchdog is not None:
            watchdog.stop()
        gc.enable()


def _best_of_several_calls(function: Callable[..., object], arguments: tuple) -> tuple[float, object]:
    best, spent, calls, answer = math.inf, 0.0, 0, None
    while calls < MOST_CALLS and ((calls < LEAST_CALLS and spent < REPEAT_SECONDS) or spent < MEASURE_SECONDS):
        # A fresh copy each time, in case the code under test changes its input; a stream afresh.
        fresh = tuple(
            iter(list(argument))
            if isinstance(argument, Stream)
            else list(argument)
            if isinstance(argument, list)
            else argument
            for argument in arguments
        )
        begin = CODE_CLOCK.now()
        answer = function(*fresh)
        if isinstance(answer, Iterator):  # a generator's work is done as it is read
            answer = list(answer)
        seconds = CODE_CLOCK.now() - begin
        best, spent, calls = min(best, seconds), spent + seconds, calls + 1
    return best, answer


def _estimated_seconds(size: int, all_timings: list[Timings]) -> float:
    """What timing this size is likely to cost, from the last size at its growth (at least linear)."""
    total = 0.0
    for timings in all_timings:
        if size // 2 not in timings.seconds:
            continue
        growth = max(2.0, timings.step_growth(size // 2) or 2.0)
        one_call = timings.seconds[size // 2] * growth
        total += max(MEASURE_SECONDS, min(LEAST_CALLS * one_call, REPEAT_SECONDS + one_call))
    return total


def _row(size: int, mine: Timings, theirs: Timings | None = None) -> str:
    if theirs is None:
        return f"{size:>10,} {duration(mine.seconds[size]):>10} {_factor(mine.step_growth(size)):>12}"
    ratio = mine.seconds[size] / theirs.seconds[size]
    return (
        f"{size:>10,} {duration(mine.seconds[size]):>10} {duration(theirs.seconds[size]):>10} "
        f"{ratio:>6.1f}x {_factor(mine.step_growth(size)):>12} {_factor(theirs.step_growth(size)):>12}"
    )


def _summary(
    mine: Timings, theirs: Timings, stop_reason: str, differs_at: int | None, kata: Kata, spent: float, budget: float
) -> list[str]:
    lines = [stop_reason]
    if len(mine.seconds) < 2:
        lines.append("Too few sizes were timed to tell how the time grows.")
    else:
        if len(mine.seconds) < LEAST_SIZES:
            lines.append(f"Only {len(mine.seconds)} sizes were timed: the estimate below is rough.")
        lines.append("Growth per doubling over the largest sizes (2: linear, 4: quadratic):")
        lines.append(f"  {_estimate(mine)}; {_estimate(theirs)}." if theirs.seconds else f"  {_estimate(mine)}.")
    if differs_at is not None:
        lines.append(f"The answers differ from the reference's at n={differs_at:,}: kata check {kata.number} says how.")
    lines.append(f"Took {spent:.1f} s of the {budget:g} s budget.")
    return lines


def _estimate(timings: Timings) -> str:
    growth, spread = timings.growth(), timings.spread()
    if growth is None:
        return f"{timings.name}: too few sizes timed"
    if spread is not None and timings.too_noisy():
        return (
            f"{timings.name} {growth:.1f}, from {spread[0]:.1f} to {spread[1]:.1f} between sizes: too noisy to "
            f"tell on this machine now (load average {_load_average()})"
        )
    return f"{timings.name} {growth:.1f}, {verdict(growth)}"


def _load_average() -> str:
    try:
        return f"{os.getloadavg()[0]:.1f}"
    except (AttributeError, OSError):  # Windows has none
        return "unknown"


def verdict(growth: float) -> str:
    """What a growth per doubling looks like: "looks linear", "looks quadratic"..."""
    return next(words for below, words in VERDICTS if growth < below)


def _factor(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"
