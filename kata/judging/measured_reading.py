"""Reading a generator to its end in batches while measuring the memory it allocates, for memory guards.

The reading runs in the tests' process, or in the worker process of an isolated run, where
the submission allocates; either way the tests receive every item and judge it themselves,
so a worker can fake no count and no item, only its own figure for the peak (which the
isolation layer checks against the kernel's count of the worker's memory).
"""

from __future__ import annotations

import tracemalloc
from collections.abc import Iterable, Iterator

# pytest leaves this module's frames out of the tracebacks it shows (--full-trace shows them):
# a learner's traceback goes from the test to their own code, and is quicker to write.
__tracebackhide__ = True

# A batch ends once the memory traced since it began grows by this much: the items waiting
# in it are counted in the peak, so a batch is kept small beside any memory bound a guard sets.
BATCH_BYTES = 16 * 1024
LOOK_EVERY = 16  # items between two looks at the tracer: a look allocates, and allocating is slow while tracing


class MeasuredReading:
    """Reads `items` to the end in batches, tracing memory; `peak` is the most traced while reading.

    Reading stops early once the peak reaches `bound`: a generator that grows fails quickly.
    Each batch is emptied when the next one is read, as a consumer that drops its chunks would.
    What the reader does with a batch between two reads (checking it, sending it to the
    tests' process) is not counted: the tracer's peak starts afresh at each read.
    """

    def __init__(self, items: Iterable, bound: int):
        self.items = iter(items)
        self.bound = bound
        self.peak = 0
        self.over = False  # the items ended, or the peak reached the bound
        self._stop_tracing = False

    def __iter__(self) -> Iterator[list]:
        self.start()
        try:
            while not self.over:
                batch = self.read_some()
                yield batch
                batch.clear()  # the reader is done with it: its items are not the generator's memory
        finally:
            self.stop()

    def start(self) -> None:
        self._stop_tracing = not tracemalloc.is_tracing()
        if self._stop_tracing:
            tracemalloc.start()

    def stop(self) -> None:
        if self._stop_tracing:
            tracemalloc.stop()
            self._stop_tracing = False

    def read_some(self) -> list:
        """The next items, at least one unless the items have ended; sets `over` after the last batch."""
        tracemalloc.reset_peak()
        batch: list = []
        began = tracemalloc.get_traced_memory()[0]
        for item in self.items:
            batch.append(item)
            if len(batch) % LOOK_EVERY == 0:
                current, peak = tracemalloc.get_traced_memory()
                if peak >= self.bound or current - began >= BATCH_BYTES:
                    break
        else:
            self.over = True
        # The tracer's peak covers every item read since the reset, looked at or not.
        self.peak = max(self.peak, tracemalloc.get_traced_memory()[1])
        self.over = self.over or self.peak >= self.bound
        return batch
