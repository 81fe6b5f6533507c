"""The growth of a stage's accepted code for the interview's scorecard, measured as `kata bench` measures it.

Run as `python -m kata.command.interview_growth KATA FILE SECONDS` by `kata interview report`, in
a process of its own that it stops past a limit; prints one line of JSON: the growth per
doubling of the file's code and of the reference (null where it is absent or too few sizes
were timed), and kata bench's words for the first.
"""

from __future__ import annotations

import json
import sys
import time

from kata.command.bench import MOST_SIZES, BenchStopped, Timings, _estimated_seconds, _function, _time, verdict
from kata.command.bench_inputs import BUILDERS
from kata.katas import find_kata
from kata.runner.implementations import parse_impl


def measure(kata_name: str, file: str, budget: float) -> dict:
    kata = find_kata(kata_name)
    timed = kata.timed
    functions = {Timings("yours"): _function(parse_impl(file), kata, timed)}
    if kata.reference_path().is_file():  # the student release has no reference: yours alone
        functions[Timings("reference")] = _function(parse_impl("reference"), kata, timed)
    deadline, size = time.perf_counter() + budget, timed.first_size
    for _ in range(MOST_SIZES):
        left = deadline - time.perf_counter()
        if _estimated_seconds(size, list(functions)) > left:
            break
        arguments = BUILDERS[timed.inputs](size)
        try:
            for timings, function in functions.items():
                _time(function, arguments, size, timings, left)
        except BenchStopped:
            break
        size *= 2
    mine, *theirs = [timings.growth() for timings in functions]
    reference = theirs[0] if theirs else None
    words = verdict(mine) if mine is not None else "not measured: too few sizes were timed"
    return {"yours": mine, "reference": reference, "verdict": words}


if __name__ == "__main__":
    print(json.dumps(measure(sys.argv[1], sys.argv[2], float(sys.argv[3]))))
