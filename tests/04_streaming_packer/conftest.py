"""What kata 04's tests share: streams that record how far they were read, and ways to read chunks.

iter_pack returns an iterator (a generator, or any object whose iter() is itself), so its
chunks arrive one next() at a time, after the call has returned. These fixtures read them
for the tests and say in plain words what went wrong on the way: the call did not return
an iterator, the generator raised while the tests asked for a chunk, or a chunk changed
after it was yielded.
"""

from __future__ import annotations

import copy
import itertools

import pytest

from kata.judging.calls import log
from kata.judging.checks import RaisedWhileRead, WrongAnswer, same
from kata.judging.vocabulary import SHOWN_BESIDE, raised_when_read, show
from kata.runner.plain_words import where_in_learner_code


class OneTimeStream:
    """An iterator over sizes that counts how many sizes it has handed out.

    Reports show it as the expression that would build it: iter([3, 4, 2]),
    itertools.count(1), itertools.cycle([3, 4, 2]). Its __next__ is Python code, so a
    loop that reads it forever can always be interrupted by a time limit.
    """

    def __init__(self, sizes, label: str):
        self._sizes = iter(sizes)
        self.label = label
        self.read = 0  # how many sizes have been handed out
        self.ended = False  # whether a next() found the stream exhausted

    @classmethod
    def of(cls, sizes) -> OneTimeStream:
        return cls(list(sizes), f"iter({list(sizes)!r})")

    @classmethod
    def count(cls, start=0, step=1) -> OneTimeStream:
        return cls(itertools.count(start, step), f"itertools.count({start}{'' if step == 1 else f', {step}'})")

    @classmethod
    def cycle(cls, pattern) -> OneTimeStream:
        return cls(itertools.cycle(list(pattern)), f"itertools.cycle({list(pattern)!r})")

    def __iter__(self):
        return self

    def __next__(self):
        try:
            size = next(self._sizes)
        except StopIteration:
            self.ended = True
            raise
        self.read += 1
        return size

    def __repr__(self) -> str:
        return self.label


@pytest.fixture(scope="session")
def stream():
    """The OneTimeStream class: stream.of([3, 4, 2]), stream.count(1), stream.cycle([3, 4, 2])."""
    return OneTimeStream


@pytest.fixture(scope="session")
def pack_lazily(iter_pack):
    """Call iter_pack and require an iterator back, without reading any chunk from it."""

    def pack_lazily(sizes, max_tokens):
        chunks = iter_pack(sizes, max_tokens)
        _require_iterator(chunks)
        return chunks

    return pack_lazily


@pytest.fixture(scope="session")
def pack_all(iter_pack):
    """Every chunk iter_pack yields, as a list, once it has checked that none changed after it was yielded."""

    def pack_all(sizes, max_tokens):
        return _read_chunks(iter_pack(sizes, max_tokens))

    return pack_all


@pytest.fixture(scope="session")
def first_chunks(iter_pack):
    """The first `count` chunks iter_pack yields (fewer if it stops), for endless streams."""

    def first_chunks(sizes, max_tokens, count):
        return _read_chunks(iter_pack(sizes, max_tokens), count)

    return first_chunks


@pytest.fixture(scope="session")
def next_chunk():
    """next(chunks), for check_returns: an exception from the generator is reported with the line that raised it."""

    def next_chunk(chunks):
        try:
            return next(chunks)
        except StopIteration:
            raise WrongAnswer(
                f"Called {log.last}.\nAsked for one more chunk, it had none left: next() raised StopIteration."
            ) from None
        except Exception as error:
            raise RaisedWhileRead(_raised_when_asked(error)) from error

    return next_chunk


@pytest.fixture(scope="session")
def each_chunk():
    """The chunks of what iter_pack returned, one at a time, for a test's own for loop.

    An exception from the generator is reported as raised while the tests read it, with the
    chunks it had yielded before, instead of breaking the test's own code.
    """

    def each_chunk(chunks):
        yielded = []
        try:
            source = iter(chunks)
        except TypeError:
            _require_iterator(chunks)
            raise
        while True:
            try:
                chunk = next(source)
            except StopIteration:
                return
            except Exception as error:
                raise RaisedWhileRead(_raised_when_asked(error, yielded)) from error
            yielded.append(copy.copy(chunk))
            yield chunk

    return each_chunk


def _read_chunks(chunks, count=None):
    _require_iterator(chunks)
    kept, as_yielded = [], []
    while count is None or len(kept) < count:
        try:
            chunk = next(chunks)
        except StopIteration:
            break
        except Exception as error:
            raise RaisedWhileRead(_raised_when_asked(error, as_yielded)) from error
        kept.append(chunk)
        as_yielded.append(copy.copy(chunk))
    changed = next((i for i, (now, then) in enumerate(zip(kept, as_yielded)) if not same(now, then)), None)
    if changed is not None:
        raise WrongAnswer(
            f"Called {log.last}.\nAs they were yielded, the chunks were {show(as_yielded)};\n"
            f"by the time the tests had read them all, the chunks they kept were {show(kept)}.\n"
            f"Chunk {changed} was yielded as {show(as_yielded[changed], SHOWN_BESIDE)} and became "
            f"{show(kept[changed], SHOWN_BESIDE)}: "
            "the generator changed a list after yielding it. The consumer still holds that list, "
            "so every chunk must be a new list that the generator never touches again."
        )
    return kept


def _require_iterator(chunks) -> None:
    try:
        is_iterator = iter(chunks) is chunks
    except TypeError:
        is_iterator = False
    if not is_iterator:
        raise WrongAnswer(
            f"Called {log.last}.\nIt returned {show(chunks)}, a {type(chunks).__name__},\n"
            "but iter_pack must return an iterator (a generator, or any object whose iter() is itself) that "
            "yields the chunks one at a time: a whole list can only exist once the whole input has been read, "
            "and an endless stream is never read to its end."
        )


def _raised_when_asked(error: BaseException, yielded: list | None = None) -> str:
    """The words of an ERROR, for a generator that raised when the tests asked it for the next chunk."""
    return raised_when_read(
        str(log.last), yielded, type(error).__name__, str(error), where_in_learner_code(error, log.last.source)
    )
