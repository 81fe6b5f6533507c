"""Reading a generator to its end while measuring the memory it allocates, for memory guards.

The same loop runs in the tests' process, or in the worker process of an isolated run,
where the submission's allocations happen (and where reading costs no round trip per item).
"""

from __future__ import annotations

import tracemalloc

# pytest leaves this module's frames out of the tracebacks it shows (--full-trace shows them):
# a learner's traceback goes from the test to their own code, and is quicker to write.
__tracebackhide__ = True


def drain_measuring_memory(items, *, every: int, bound: int) -> tuple[int, object, int]:
    """Read `items` to the end, dropping each; returns (how many were read, the last one, the peak traced bytes).

    The peak is looked at every `every` items from the first one on, and reading stops
    early once it reaches `bound`: a generator that grows fails quickly.
    """
    already_tracing = tracemalloc.is_tracing()
    if already_tracing:
        tracemalloc.reset_peak()
    else:
        tracemalloc.start()
    try:
        count, last, peak = 0, None, 0
        for item in items:
            count, last = count + 1, item
            if count % every == 1:
                peak = tracemalloc.get_traced_memory()[1]
                if peak >= bound:
                    break
        return count, last, tracemalloc.get_traced_memory()[1]
    finally:
        if not already_tracing:
            tracemalloc.stop()
