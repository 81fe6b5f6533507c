"""Running a submission in a worker process (`pytest --isolate`, `kata grade`): what crosses, what it may do.

Each test writes a small submission module, starts a worker on it (kata.isolation.client.WorkerClient)
and calls its functions as the tests of a kata do. The values that cross are checked for
type and identity, the arguments the submission modified for what the caller sees
afterwards, and the worker's limits (confinement, memory, time, printed output, loading) for
the verdict they give.
"""

from __future__ import annotations

import dataclasses
import errno
import itertools
import math
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from kata.isolation import confinement
from kata.isolation import channel, client, forking, memory, pool
from kata.isolation.channel import ProtocolError
from kata.isolation.values import Decoder, Encoder, Opaque, PlainValues, RemoteError
from kata.judging.calls import DidNotFinish, Judged, UsedTooMuchMemory, log
from kata.catalog import ROOT, SOLUTIONS, find_kata
from kata.folders import remove_folder
from kata.isolation.client import IsolatedFunction, WorkerClient, WorkerCouldNotStart, WorkerEnded
from kata.judging.elsewhere import elsewhere
from kata.judging.judge import same
from kata.judging.limits import Watchdog, can_watch, idle_limit
from kata.isolation.limits import MAX_KINDS, PARENT_CHECK_SECONDS, WORKER_MEMORY_MB
from kata.isolation.pool import start_a_test
from kata.runner.plugin import connect_the_workers_to_judging


def module_text(source: str) -> str:
    return textwrap.dedent(source).lstrip("\n")


@pytest.fixture(scope="module", autouse=True)
def workers_connected_to_judging():
    """These tests start workers in a run that is not isolated: judging is told of them as in an isolated run."""
    connect_the_workers_to_judging()
    yield
    elsewhere.connect(waiting_in=(), read_there=())


@pytest.fixture
def start_worker(tmp_path, monkeypatch):
    """Write a submission module in tmp_path and make a worker for it; every worker made is stopped after the test.

    The workers are made as the runner makes them (pool.worker_for), so that
    start_a_test() applies to them, in a list of this test's own.
    """
    monkeypatch.setattr(pool, "_workers", [])
    made = []

    def start(source: str, functions: tuple[str, ...] = ("f",), memory_mb: int = WORKER_MEMORY_MB,
              name: str = "submission.py", confined: bool = False) -> WorkerClient:
        path = tmp_path / name
        path.write_text(module_text(source))
        worker = pool.worker_for(path, functions, memory_mb, confinement_required=confined)
        made.append(worker)
        return worker

    yield start
    for worker in made:
        worker.stop()


# Values made by the submission: one worker for the whole module -----------------------------

VALUES_MODULE = """
import dataclasses


@dataclasses.dataclass(frozen=True)
class Chunk:
    text: str
    start: int


class Tokens(list):
    pass


class Agreeable:
    def __eq__(self, other):
        return True

    __hash__ = object.__hash__


MADE = {
    "tuple": lambda: (1, "a", (2, 3)),
    "list": lambda: [1, "a", [2, 3]],
    "dict": lambda: {1: "one", (2, 3): "pair", "three": [3]},
    "set": lambda: {1, "a", (2, 3)},
    "frozenset": lambda: frozenset({1, "a"}),
    "bytes": lambda: b"\\x00caf\\xc3\\xa9\\xff",
    "range": lambda: range(2, 20, 3),
    "floats": lambda: [float("nan"), float("inf"), -float("inf")],
    "big int": lambda: 10 ** 99 + 7,
    "none": lambda: None,
    "bools": lambda: [True, 1, False, 0],
    "chunk": lambda: Chunk("ab", 4),
    "list subclass": lambda: Tokens(["a", "b"]),
    "agreeable": lambda: Agreeable(),
    "huge int": lambda: 10 ** 5000,
    "long ints": lambda: [-(2 ** 63), 2 ** 63 - 1, 0, -1] + list(range(2000)),
    "long ints, one wider than 64 bits": lambda: [2 ** 64] + list(range(2000)),
    "long bools": lambda: [True, False] * 1000,
    "windows of ints": lambda: [[i, i + 1, i + 2] for i in range(2000)],
    "one window of ints twice": lambda: [list(range(600))] * 2,
}


def value(name):
    return MADE[name]()
"""


@pytest.fixture(scope="module")
def values(tmp_path_factory):
    """One worker whose `value(name)` returns a fresh value of each kind; stopped after this module's tests."""
    path = tmp_path_factory.mktemp("values") / "values.py"
    path.write_text(module_text(VALUES_MODULE))
    worker = WorkerClient(path, ("value",))
    yield worker
    worker.stop()


@pytest.fixture
def value_of(values):
    def value(name: str):
        values.ended_in_this_test = None  # a failure of one test must not fail the next ones
        return values.call("value", (name,), {})

    return value


@dataclasses.dataclass(frozen=True)
class Chunk:
    text: str
    start: int


def test_a_tuple_comes_back_as_a_tuple(value_of):
    assert same(value_of("tuple"), (1, "a", (2, 3)))


def test_a_list_comes_back_as_a_list(value_of):
    assert same(value_of("list"), [1, "a", [2, 3]])


def test_a_dict_keeps_its_int_and_tuple_keys(value_of):
    result = value_of("dict")
    assert same(result, {1: "one", (2, 3): "pair", "three": [3]})
    assert [type(key) for key in result] == [int, tuple, str]


def test_a_set_comes_back_as_a_set(value_of):
    assert same(value_of("set"), {1, "a", (2, 3)})


def test_a_frozenset_comes_back_as_a_frozenset(value_of):
    assert same(value_of("frozenset"), frozenset({1, "a"}))


def test_bytes_come_back_as_the_same_bytes(value_of):
    assert same(value_of("bytes"), b"\x00caf\xc3\xa9\xff")


def test_a_range_comes_back_as_a_range(value_of):
    assert same(value_of("range"), range(2, 20, 3))


def test_nan_and_the_infinities_come_back_as_floats(value_of):
    nan, inf, minus_inf = value_of("floats")
    assert type(nan) is float and math.isnan(nan)
    assert (inf, minus_inf) == (math.inf, -math.inf)


def test_a_100_digit_int_comes_back_exactly(value_of):
    assert same(value_of("big int"), 10 ** 99 + 7)


def test_none_comes_back_as_none(value_of):
    assert value_of("none") is None


def test_true_stays_a_bool_and_1_an_int(value_of):
    assert [type(item) for item in value_of("bools")] == [bool, int, bool, int]


def test_a_frozen_dataclass_comes_back_as_a_dataclass_with_the_same_name_and_fields(value_of):
    result = value_of("chunk")
    assert dataclasses.is_dataclass(result) and type(result).__name__ == "Chunk"
    assert same(result, Chunk("ab", 4))
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.start = 5


NAMES_A_NEW_KIND_IN_EVERY_ITEM = """
import dataclasses


def dataclasses_of_new_names(count):
    return [dataclasses.make_dataclass(f"Kind{number}", ["n"])(number) for number in range(count)]


def raises_a_new_exception_type(number):
    raise type(f"Error{number}", (Exception,), {})("made up")
"""


def test_a_worker_may_not_make_the_tests_keep_a_class_for_each_of_thousands_of_made_up_dataclasses(
        start_worker, monkeypatch):
    """The tests' process keeps a class for each dataclass a worker names, for the whole run: a
    red team named a new one in every item, and grew that process by 21 GB in ten minutes."""
    monkeypatch.setattr("kata.isolation.values._dataclasses", {})
    worker = start_worker(NAMES_A_NEW_KIND_IN_EVERY_ITEM, functions=("dataclasses_of_new_names",))
    assert len(worker.call("dataclasses_of_new_names", (MAX_KINDS,), {})) == MAX_KINDS
    with pytest.raises(WorkerEnded, match=f"more than {MAX_KINDS} kinds of dataclasses in one run"):
        worker.call("dataclasses_of_new_names", (MAX_KINDS + 1,), {})


def test_a_worker_may_not_make_the_tests_keep_a_class_for_each_of_thousands_of_made_up_exception_types(
        start_worker, monkeypatch):
    monkeypatch.setattr("kata.isolation.values._remote_errors", {})
    worker = start_worker(NAMES_A_NEW_KIND_IN_EVERY_ITEM, functions=("raises_a_new_exception_type",))
    for number in range(MAX_KINDS):
        with pytest.raises(RemoteError, match="made up"):
            worker.call("raises_a_new_exception_type", (number,), {})
    with pytest.raises(WorkerEnded, match=f"more than {MAX_KINDS} kinds of exception types in one run"):
        worker.call("raises_a_new_exception_type", (MAX_KINDS,), {})


def test_a_list_subclass_comes_back_as_an_opaque_stand_in_equal_to_nothing(value_of):
    result = value_of("list subclass")
    assert isinstance(result, Opaque) and result.type_name == "Tokens"
    assert result != ["a", "b"]
    assert not result == result  # noqa: SIM201 -- == itself, not !=, is what is tested


def test_an_object_with_a_hostile_eq_comes_back_as_an_opaque_stand_in_equal_to_nothing(value_of):
    result = value_of("agreeable")
    assert isinstance(result, Opaque) and result.type_name == "Agreeable"
    assert not result == 1 and not result == result  # noqa: SIM201


def test_an_int_of_5000_digits_comes_back_exactly(value_of):
    assert value_of("huge int") == 10 ** 5000


# Long lists of ints travel packed, several times faster than as JSON; they must come back the same.


def test_a_long_list_of_ints_comes_back_as_the_same_ints(value_of):
    assert same(value_of("long ints"), [-(2 ** 63), 2 ** 63 - 1, 0, -1] + list(range(2000)))


def test_a_long_list_with_an_int_wider_than_64_bits_comes_back_exactly(value_of):
    assert same(value_of("long ints, one wider than 64 bits"), [2 ** 64] + list(range(2000)))


def test_a_long_list_of_bools_stays_a_list_of_bools(value_of):
    assert same(value_of("long bools"), [True, False] * 1000)


def test_many_windows_of_ints_come_back_as_distinct_lists_of_ints(value_of):
    windows = value_of("windows of ints")
    assert same(windows, [[i, i + 1, i + 2] for i in range(2000)])
    assert len({id(window) for window in windows}) == 2000


def test_one_long_window_returned_twice_comes_back_as_one_list(value_of):
    first, second = value_of("one window of ints twice")
    assert first is second and same(first, list(range(600)))


def test_a_long_list_of_ints_is_packed_and_unpacked_exactly():
    encoded = Encoder(PlainValues()).encode([list(range(1000)), [[i] for i in range(1000)]])
    assert set(encoded[0]) == {"ints"} and set(encoded[1]) == {"int_lists"}
    assert same(Decoder(PlainValues()).decode(encoded), [list(range(1000)), [[i] for i in range(1000)]])


@pytest.mark.parametrize("damaged", [{"ints": "AAAA"}, {"ints": "not base64!"},
                                     {"int_lists": ["AQAAAAAAAAA=", ""]}], ids=["partial", "garbage", "lengths"])
def test_damaged_packed_ints_are_a_protocol_error(damaged):
    with pytest.raises((ProtocolError, ValueError)):
        Decoder(PlainValues()).decode(damaged)


# Identity -----------------------------------------------------------------------------------


def test_the_argument_list_returned_as_it_is_is_the_callers_own_list(start_worker):
    worker = start_worker("""
        def f(tokens):
            return tokens
    """)
    tokens = ["a", "b"]
    assert worker.call("f", (tokens,), {}) is tokens


def test_a_list_returned_twice_comes_back_as_two_references_to_one_list(start_worker):
    worker = start_worker("""
        def f():
            window = [1, 2]
            return [window, window]
    """)
    first, second = worker.call("f", (), {})
    assert first is second and first == [1, 2]


def test_a_long_argument_list_of_ints_returned_as_it_is_is_the_callers_own_list(start_worker):
    worker = start_worker("""
        def f(tokens):
            return tokens
    """)
    tokens = list(range(5000))
    assert worker.call("f", (tokens,), {}) is tokens


def test_fresh_lists_come_back_as_distinct_lists(start_worker):
    worker = start_worker("""
        def f():
            return [[1, 2], [1, 2]]
    """)
    first, second = worker.call("f", (), {})
    assert first == second and first is not second


def test_an_argument_nested_in_the_result_is_the_callers_own_object(start_worker):
    worker = start_worker("""
        def f(tokens, options):
            return {"tokens": tokens, "windows": [tokens[:1], options["sizes"]]}
    """)
    tokens, options = ["a", "b"], {"sizes": [1, 2]}
    result = worker.call("f", (tokens,), {"options": options})
    assert result["tokens"] is tokens and result["windows"][1] is options["sizes"]
    assert result["windows"][0] == ["a"] and result["windows"][0] is not tokens


# Arguments the submission modified --------------------------------------------------------------


def test_appending_to_the_input_list_shows_in_the_callers_list(start_worker):
    worker = start_worker("""
        def f(tokens):
            tokens.append("z")
    """)
    tokens = ["a"]
    worker.call("f", (tokens,), {})
    assert tokens == ["a", "z"]


def test_sorting_a_nested_list_in_place_sorts_the_callers_nested_list(start_worker):
    worker = start_worker("""
        def f(lists):
            lists[0].sort()
            return len(lists)
    """)
    lists = [[3, 1, 2], [5, 4]]
    first, second = lists
    assert worker.call("f", (lists,), {}) == 2
    assert lists[0] is first and lists[1] is second
    assert lists == [[1, 2, 3], [5, 4]]


def test_popping_a_dict_key_shows_in_the_callers_dict(start_worker):
    worker = start_worker("""
        def f(counts):
            return counts.pop("b")
    """)
    counts = {"a": 1, "b": 2}
    assert worker.call("f", (counts,), {}) == 2
    assert counts == {"a": 1}


def test_appending_to_a_long_input_list_of_ints_shows_in_the_callers_list(start_worker):
    worker = start_worker("""
        def f(tokens):
            tokens.append(-1)
    """)
    tokens = list(range(5000))
    worker.call("f", (tokens,), {})
    assert tokens == list(range(5000)) + [-1]


def test_a_call_that_changes_nothing_leaves_the_arguments_alone(start_worker):
    worker = start_worker("""
        def f(lists, counts):
            return sum(map(len, lists)) + len(counts)
    """)
    lists, counts = [[3, 1], ["x"]], {"a": [1]}
    inner, values = lists[0], counts["a"]
    assert worker.call("f", (lists, counts), {}) == 4
    assert lists == [[3, 1], ["x"]] and lists[0] is inner
    assert counts == {"a": [1]} and counts["a"] is values


def test_sorting_a_list_inside_a_tuple_argument_sorts_the_callers_list(start_worker):
    worker = start_worker("""
        def f(pair):
            pair[0].sort()
            return pair[0]
    """)
    pair = ([3, 1, 2], "label")
    result = worker.call("f", (pair,), {})
    assert pair[0] == [1, 2, 3]
    assert result == [1, 2, 3]


@dataclasses.dataclass
class Box:
    items: list


def test_appending_to_a_list_inside_a_dataclass_argument_shows_in_the_callers_list(start_worker):
    worker = start_worker("""
        def f(box):
            box.items.append(3)
    """)
    box = Box([1, 2])
    worker.call("f", (box,), {})
    assert box.items == [1, 2, 3]


def test_a_list_popped_from_the_input_comes_back_with_its_own_items(start_worker):
    worker = start_worker("""
        def f(lists):
            return lists.pop(0)
    """)
    lists = [[1], [2]]
    result = worker.call("f", (lists,), {})
    assert lists == [[2]]
    assert result == [1]


def test_a_list_of_callbacks_that_the_submission_only_calls_is_left_alone(start_worker):
    worker = start_worker("""
        def f(callbacks):
            return callbacks[0](1)
    """)

    def increment(number):
        return number + 1

    callbacks = [increment]
    assert worker.call("f", (callbacks,), {}) == 2
    assert callbacks[0] is increment


# Exceptions ---------------------------------------------------------------------------------


def test_a_value_error_comes_back_as_a_value_error_with_the_same_message_and_args(start_worker):
    worker = start_worker("""
        def f(size):
            raise ValueError(f"size must be positive, not {size}", size)
    """)
    with pytest.raises(ValueError) as raised:
        worker.call("f", (-1,), {})
    assert type(raised.value) is ValueError
    assert raised.value.args == ("size must be positive, not -1", -1)
    assert str(raised.value) == str(ValueError("size must be positive, not -1", -1))


def test_a_key_error_keeps_its_quoted_message(start_worker):
    worker = start_worker("""
        def f():
            return {}["k"]
    """)
    with pytest.raises(KeyError) as raised:
        worker.call("f", (), {})
    assert str(raised.value) == "'k'" and raised.value.args == ("k",)


def test_an_exception_class_of_the_submission_comes_back_as_a_remote_error_named_after_it(start_worker):
    worker = start_worker("""
        class TooLong(ValueError):
            pass

        def f():
            raise TooLong("a window of 9 tokens")
    """)
    with pytest.raises(RemoteError) as raised:
        worker.call("f", (), {})
    assert type(raised.value).__name__ == "TooLong"
    assert isinstance(raised.value, Exception) and not isinstance(raised.value, ValueError)
    assert str(raised.value) == "a window of 9 tokens"


def test_system_exit_comes_back_as_an_exception_and_the_worker_keeps_answering(start_worker):
    worker = start_worker("""
        import sys

        def f():
            sys.exit(3)

        def g():
            return "still here"
    """, ("f", "g"))
    worker.start_if_needed()
    pid = worker.process.pid
    with pytest.raises(Exception) as raised:
        worker.call("f", (), {})
    assert isinstance(raised.value, RemoteError) and type(raised.value).__name__ == "SystemExit"
    assert str(raised.value) == "3"
    assert worker.call("g", (), {}) == "still here"
    assert worker.process.pid == pid


def test_keyboard_interrupt_comes_back_as_an_exception_and_the_worker_keeps_answering(start_worker):
    worker = start_worker("""
        def f():
            raise KeyboardInterrupt

        def g():
            return "still here"
    """, ("f", "g"))
    worker.start_if_needed()
    pid = worker.process.pid
    with pytest.raises(Exception) as raised:
        worker.call("f", (), {})
    assert isinstance(raised.value, RemoteError) and type(raised.value).__name__ == "KeyboardInterrupt"
    assert worker.call("g", (), {}) == "still here"
    assert worker.process.pid == pid


def test_an_exception_group_comes_back_as_an_exception_and_the_worker_keeps_answering(start_worker):
    worker = start_worker("""
        def f():
            raise ExceptionGroup("two problems", [ValueError("a"), KeyError("b")])
    """)
    with pytest.raises(Exception) as raised:
        worker.call("f", (), {})
    assert type(raised.value).__name__ == "ExceptionGroup"
    assert worker.process is not None


# A worker that ends -------------------------------------------------------------------------

EXITS = """
import os

def f():
    os._exit(7)

def g():
    return "answered"
"""


def test_os_exit_during_a_call_raises_worker_ended_naming_the_exit_status(start_worker):
    worker = start_worker(EXITS, ("f", "g"))
    with pytest.raises(WorkerEnded, match=r"os\._exit\(7\)"):
        worker.call("f", (), {})
    assert worker.process is None


def test_a_call_after_the_worker_ended_fails_at_once_without_starting_a_process(start_worker):
    worker = start_worker(EXITS, ("f", "g"))
    with pytest.raises(WorkerEnded):
        worker.call("f", (), {})
    with pytest.raises(WorkerEnded, match=r"os\._exit\(7\)"):
        worker.call("g", (), {})
    assert worker.process is None


def test_in_the_next_test_a_worker_that_ended_is_started_afresh(start_worker):
    worker = start_worker(EXITS, ("f", "g"))
    with pytest.raises(WorkerEnded):
        worker.call("f", (), {})
    start_a_test()
    assert worker.call("g", (), {}) == "answered"
    assert worker.process is not None


# Callbacks: what the tests pass that is not plain data stays in the tests' process ----------


class CountedReads:
    """An iterator that counts how many items were read from it."""

    def __init__(self, items):
        self.items = iter(items)
        self.reads = 0

    def __iter__(self):
        return self

    def __next__(self):
        item = next(self.items)
        self.reads += 1
        return item


def test_an_iterator_argument_is_read_one_item_at_a_time(start_worker):
    worker = start_worker("""
        def f(sentences):
            return [next(sentences), next(sentences)]
    """)
    sentences = CountedReads(f"sentence {n}" for n in range(100))
    assert worker.call("f", (sentences,), {}) == ["sentence 0", "sentence 1"]
    assert sentences.reads == 2


def test_a_callable_argument_is_called_back_with_the_submissions_arguments(start_worker):
    worker = start_worker("""
        def f(embed):
            return embed("abc", scale=2) + embed("de")
    """)
    calls = []

    def embed(text, scale=1):
        calls.append((text, scale))
        return [len(text) * scale]

    assert worker.call("f", (embed,), {}) == [6, 2]
    assert calls == [("abc", 2), ("de", 1)]


class Tokenizer:
    def encode(self, text):
        return [ord(character) for character in text]

    def decode(self, ids):
        return "".join(map(chr, ids))


def test_the_public_methods_of_an_object_argument_can_be_called(start_worker):
    worker = start_worker("""
        def f(tokenizer, text):
            ids = tokenizer.encode(text)
            return ids, tokenizer.decode(ids[1:])
    """)
    assert worker.call("f", (Tokenizer(), "abc"), {}) == ([97, 98, 99], "bc")


class Sentences:
    def __init__(self, *items):
        self.items = items

    def __len__(self):
        return len(self.items)

    def __getitem__(self, index):
        return self.items[index]


def test_an_object_with_len_and_getitem_supports_len_and_indexing_in_the_worker(start_worker):
    worker = start_worker("""
        def f(sentences):
            return len(sentences), sentences[1], sentences[-1]
    """)
    assert worker.call("f", (Sentences("a", "b", "c"),), {}) == (3, "b", "c")


def test_len_of_an_object_without_len_raises_type_error_in_the_worker(start_worker):
    worker = start_worker("""
        def f(tokenizer):
            try:
                len(tokenizer)
            except Exception as error:
                return type(error).__name__
            return "no error"
    """)
    assert worker.call("f", (Tokenizer(),), {}) == "TypeError"


def test_an_exception_raised_by_a_callback_reaches_the_submission_as_the_same_built_in_type(start_worker):
    worker = start_worker("""
        def f(lookup):
            try:
                lookup("missing")
            except KeyError as error:
                return type(error).__name__, str(error)
            return "no error"
    """)

    def lookup(word):
        raise KeyError(word)

    assert worker.call("f", (lookup,), {}) == ("KeyError", "'missing'")


def test_an_object_argument_with_getitem_can_be_sliced_in_the_worker(start_worker):
    worker = start_worker("""
        def f(sentences):
            return sentences[1:]
    """)
    assert worker.call("f", (Sentences("a", "b", "c"),), {}) == ("b", "c")


# Generators the submission returns ----------------------------------------------------------


def test_a_returned_generator_is_read_one_item_at_a_time(start_worker):
    worker = start_worker("""
        def f():
            number = 0
            while True:  # endless: read as a whole, it would never come back
                yield number
                number += 1
    """)
    numbers = worker.call("f", (), {})
    assert iter(numbers) is numbers
    assert [next(numbers) for _ in range(3)] == [0, 1, 2]


def test_a_returned_generator_raises_stop_iteration_at_its_end(start_worker):
    worker = start_worker("""
        def f():
            yield "a"
            yield ("b", 1)
    """)
    items = worker.call("f", (), {})
    assert next(items) == "a" and next(items) == ("b", 1)
    with pytest.raises(StopIteration):
        next(items)


def test_an_error_of_a_returned_generator_is_raised_by_the_next_that_reaches_it(start_worker):
    worker = start_worker("""
        def f():
            yield 1
            yield 2
            raise ValueError("no third chunk")
    """)
    items = worker.call("f", (), {})
    assert [next(items), next(items)] == [1, 2]
    with pytest.raises(ValueError, match="no third chunk"):
        next(items)


# Standard iterators travel by value -----------------------------------------------------------

READS_FOUR = """
from itertools import islice

def f(items):
    return list(islice(items, 4))
"""


def test_a_list_iterator_arrives_at_the_position_it_had_reached(start_worker):
    worker = start_worker(READS_FOUR)
    items = iter([1, 2, 3])
    next(items)
    assert worker.call("f", (items,), {}) == [2, 3]


def test_itertools_repeat_arrives_as_an_equivalent_iterator(start_worker):
    worker = start_worker(READS_FOUR)
    assert worker.call("f", (itertools.repeat("a", 3),), {}) == ["a", "a", "a"]


def test_itertools_count_arrives_as_an_equivalent_iterator(start_worker):
    worker = start_worker(READS_FOUR)
    assert worker.call("f", (itertools.count(5),), {}) == [5, 6, 7, 8]


def test_a_standard_iterator_read_in_the_worker_stays_where_it_was_in_the_tests(start_worker):
    worker = start_worker(READS_FOUR)
    items = iter(["a", "b", "c", "d", "e"])
    assert worker.call("f", (items,), {}) == ["a", "b", "c", "d"]
    assert next(items) == "a"  # only the worker's copy advanced


# A submission that speaks the protocol itself -------------------------------------------------

SPEAKS_THE_PROTOCOL = """
import json
import os
import sys

SETTINGS = json.loads(sys.argv[1])

def send(data):
    os.write(SETTINGS["write_fd"], data)

def ask(message):
    send(json.dumps(message).encode() + b"\\n")
    reply = b""
    while not reply.endswith(b"\\n"):
        reply += os.read(SETTINGS["read_fd"], 4096)
    return json.loads(reply)
"""


def test_garbage_on_the_reply_pipe_makes_the_call_raise_worker_ended(start_worker):
    worker = start_worker(SPEAKS_THE_PROTOCOL + """
def f():
    send(b"not json\\n")
    return 1
""")
    with pytest.raises(WorkerEnded, match="not an answer"):
        worker.call("f", (), {})
    assert worker.process is None


def test_a_reply_longer_than_any_answer_is_refused_before_it_is_decoded(start_worker):
    """A line of 40 MB of empty lists would take over a gigabyte here once decoded."""
    worker = start_worker(SPEAKS_THE_PROTOCOL + """
def f():
    send(b'{"returned": [' + b'[],' * (40 * 1024 * 1024 // 3))
    return 1
""", memory_mb=512)
    with pytest.raises(WorkerEnded, match=r"not an answer.*longer than"):
        worker.call("f", (), {})
    assert worker.process is None


def test_a_reply_that_refers_to_nothing_makes_the_call_raise_worker_ended(start_worker):
    worker = start_worker(SPEAKS_THE_PROTOCOL + """
def f():
    send(b'{"returned": {"ref": 9}}\\n')
    return 1
""")
    with pytest.raises(WorkerEnded, match="not an answer"):
        worker.call("f", (), {})
    assert worker.process is None


def test_the_worker_may_not_call_a_method_of_the_tests_objects_that_was_not_offered(start_worker):
    worker = start_worker(SPEAKS_THE_PROTOCOL + """
def f(callback):
    return ask({"op": "call", "handle": callback._handle, "method": "__setattr__",
                "args": ["changed_by_the_worker", True], "kwargs": {}})
""")

    def callback():
        return None

    with pytest.raises(WorkerEnded, match="not allowed"):
        worker.call("f", (callback,), {})
    assert not hasattr(callback, "changed_by_the_worker")
    assert worker.process is None


# Confinement by the kernel (kata.isolation.confinement) -----------------------------------------------

needs_confinement = pytest.mark.skipif(bool(confinement.problem()), reason=f"{confinement.problem()}")

# Each attack a student who has read the grader's source might try, as one expression the
# submission evaluates; every one must fail with an error of the operating system.
ATTACKS = {
    "write outside its folder": "open(OUTSIDE, 'w').write('x')",
    "read the reference": "open(REFERENCE).read()",
    "read the tests after chdir to the repository": "os.chdir(ROOT) or open('tests/oracles.py').read()",
    "read the reference through a dir_fd": "os.open('fixed_windows.py', os.O_RDONLY, dir_fd=os.open(ROOT + "
                                           "'/solutions/01_fixed_windows', os.O_RDONLY))",
    "list the repository": "os.listdir(ROOT)",
    "read its own original file": "open(ORIGINAL).read()",
    "read the grader's environment": "open(f'/proc/{os.getppid()}/environ').read()",
    "read another process's memory map": "open(f'/proc/{os.getppid()}/maps').read()",
    "fork": "os.fork()",
    "start a program with fork_exec": "__import__('subprocess').run(['/bin/true'])",
    "start a program with posix_spawn": "os.posix_spawn('/bin/true', ['true'], {})",
    "fork through ctypes": "__import__('ctypes').CDLL(None, use_errno=True).fork() < 0 and error()",
    "signal the fork server": "os.kill(os.getppid(), 0)",
    "signal through a pidfd": "signal.pidfd_send_signal(os.pidfd_open(os.getppid()), 0)",
    "open a socket": "__import__('socket').socket()",
    "make a fifo outside": "os.mkfifo(OUTSIDE)",
    "set an extended attribute on the grader's files": "os.setxattr(ROOT + '/README.md', 'user.x', b'1')",
    "change the mode of the grader's files": "os.chmod(ROOT + '/README.md', 0o777)",
    "change the times of the grader's files": "os.utime(ROOT + '/README.md', (0, 0))",
    "truncate the grader's files": "os.truncate(ROOT + '/README.md', 0)",
    "link a grader's file into its folder": "os.link(ROOT + '/README.md', 'stolen')",
    "write a database outside": "__import__('sqlite3').connect(OUTSIDE).execute('create table t (x)')",
    "raise its own memory limit": "resource.setrlimit(resource.RLIMIT_AS, (-1, -1))",
    "lease a file every worker opens": "fcntl.fcntl(os.open(os.__file__, os.O_RDONLY), fcntl.F_SETLEASE, "
                                       "fcntl.F_RDLCK)",
    "lock a file others read": "fcntl.flock(os.open(os.__file__, os.O_RDONLY), fcntl.LOCK_SH)",
    "lock part of a file others read": "fcntl.lockf(os.open(os.__file__, os.O_RDONLY), fcntl.LOCK_SH)",
    "watch the repository's files": "__import__('ctypes').CDLL(None, use_errno=True).inotify_init() < 0 and error()",
    "keep shared memory past its limit and its life": "__import__('ctypes').CDLL(None, use_errno=True).shmget(0, "
                                                       "1 << 20, 0o1666) < 0 and error()",
    "make a message queue for a classmate": "__import__('ctypes').CDLL(None, use_errno=True).msgget(0, 0o1666) < 0 "
                                            "and error()",
    "fill memory through a memory-backed file": "os.write(os.memfd_create('x'), b'x')",
    # (SIGIO ignored first: unconfined, any access to the folder would otherwise end the worker)
    "watch a folder with F_NOTIFY": "(signal.signal(signal.SIGIO, signal.SIG_IGN), fcntl.fcntl(os.open("
                                    "os.path.dirname(os.__file__), os.O_RDONLY), fcntl.F_NOTIFY, fcntl.DN_ACCESS))",
    "keep memory in a pipe, where its limit does not count it": "os.pipe()",
    "grow one of its pipes' kernel memory": "fcntl.fcntl(a_pipe(), fcntl.F_SETPIPE_SZ, 1 << 20)",
    "hide its /proc files from a grader that is not root": "__import__('ctypes').CDLL(None, use_errno=True).prctl("
                                                           "4, 0, 0, 0, 0) < 0 and error()",
    "send its memory to swap, out of the resident memory read from outside": "page_out()",
    # Kernel objects that keep a process's data in kernel memory, which neither its resident
    # memory (read by a memory guard) nor its address space limit counts.
    "keep data in epoll items": "libc().epoll_create1(0) < 0 and error()",
    "keep data in an event descriptor": "libc().eventfd(0, 0) < 0 and error()",
    "keep data in a timer descriptor": "libc().timerfd_create(1, 0) < 0 and error()",
    "keep data in a signal descriptor": "libc().signalfd(-1, ctypes.byref((ctypes.c_ulong * 16)()), 0) < 0 "
                                        "and error()",
    "keep data in POSIX timers": "libc().timer_create(1, None, ctypes.byref(ctypes.c_void_p())) < 0 and error()",
    "keep data in signals queued with a value": "libc().sigqueue(os.getpid(), 0, ctypes.c_void_p(0)) < 0 "
                                                "and error()",
    "keep data in the names of its memory regions": "name_a_region()",
    "keep data in a system-call filter of its own": "add_a_filter()",
    "keep data in a Landlock ruleset": "libc().syscall(444, None, 0, 1) < 0 and error()",  # its ABI version
    "queue dozens of real-time signals to itself": "queue_signals(32)",
    "keep data in shared memory, whose dropped pages leave the resident count": "mmap.mmap(-1, 4096)",
    "open a hundred descriptors": "[os.open(os.devnull, os.O_RDONLY) for _ in range(100)]",
    "write back every file of the machine": "libc().syncfs(os.open(os.__file__, os.O_RDONLY)) < 0 and error()",
    "evict the runtime's files from the page cache": "os.posix_fadvise(os.open(os.__file__, os.O_RDONLY), 0, 0, "
                                                     "os.POSIX_FADV_DONTNEED)",
    "load files into the page cache by hand": "libc().readahead(os.open(os.__file__, os.O_RDONLY), 0, 4096) < 0 "
                                              "and error()",
}

ATTACKER = """
import ctypes
import errno
import fcntl
import mmap
import os
import resource
import signal
import stat

def error():
    raise OSError("the call returned an error")

def libc():
    return ctypes.CDLL(None, use_errno=True)

def name_a_region():
    memory = mmap.mmap(-1, 4096, flags=mmap.MAP_PRIVATE)
    address = ctypes.addressof(ctypes.c_char.from_buffer(memory))
    if libc().prctl(0x53564D41, 0, ctypes.c_ulong(address), 4096, b"kept") < 0:  # PR_SET_VMA, ..._ANON_NAME
        if ctypes.get_errno() != errno.EINVAL:  # EINVAL: this kernel names no region, so there is nothing to refuse
            error()

class BpfInstruction(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint16), ("jt", ctypes.c_uint8), ("jf", ctypes.c_uint8), ("k", ctypes.c_uint32)]

class BpfProgram(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.POINTER(BpfInstruction))]

def add_a_filter():
    allow_all = BpfProgram(1, ctypes.pointer(BpfInstruction(0x06, 0, 0, 0x7FFF0000)))  # BPF_RET|BPF_K, ALLOW
    libc().prctl(38, 1, 0, 0, 0)  # PR_SET_NO_NEW_PRIVS, which a filter needs
    number = {"x86_64": 317, "aarch64": 277}[os.uname().machine]  # seccomp(SECCOMP_SET_MODE_FILTER, 0, ...)
    if libc().syscall(number, 1, 0, ctypes.byref(allow_all)) < 0:
        error()

def queue_signals(count):
    signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGRTMIN])
    try:
        for _ in range(count):
            os.kill(os.getpid(), signal.SIGRTMIN)
        queued = 0
        while signal.sigtimedwait([signal.SIGRTMIN], 0):
            queued += 1
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGRTMIN])
    if queued < count:
        raise OSError(f"{queued} of the {count} signals were queued")

def page_out():
    import ctypes, mmap
    memory = mmap.mmap(-1, 4096, flags=mmap.MAP_PRIVATE)
    page = (ctypes.c_char * 4096).from_buffer(memory)
    madvise = ctypes.CDLL(None, use_errno=True).madvise
    madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    if madvise(ctypes.addressof(page), 4096, 21) < 0:  # MADV_PAGEOUT
        error()

def a_pipe():
    for fd in range(3, 256):  # one of its own two pipes to the tests
        try:
            if stat.S_ISFIFO(os.fstat(fd).st_mode):
                return fd
        except OSError:
            pass

def f(attack, names):
    globals().update(names)
    try:
        eval(attack)
    except Exception as refused:  # OSError mostly; sqlite3 and resource have errors of their own
        return "refused: " + type(refused).__name__
    return "done"
"""


@pytest.fixture
def confined_worker(start_worker, tmp_path):
    worker = start_worker(ATTACKER, name="fixed_windows.py", confined=True)
    outside = tmp_path.parent / f"outside-{tmp_path.name}"
    names = {"ROOT": str(ROOT), "REFERENCE": str(SOLUTIONS / "01_fixed_windows" / "fixed_windows.py"),
             "OUTSIDE": str(outside), "ORIGINAL": str(tmp_path / "fixed_windows.py")}
    yield lambda attack: worker.call("f", (attack, names), {})
    assert not outside.exists()


@needs_confinement
@pytest.mark.parametrize("attack", ATTACKS.values(), ids=ATTACKS.keys())
def test_a_confined_worker_is_refused(confined_worker, attack):
    before = {path: path.stat() for path in [ROOT / "README.md"]}
    assert confined_worker(attack).startswith("refused"), attack
    assert {path: path.stat() for path in before} == before


HARMLESS_ATTACKS = ["read the reference", "read the tests after chdir to the repository",
                    "read the reference through a dir_fd", "list the repository", "read the grader's environment",
                    "signal the fork server", "open a socket", "lock a file others read",
                    "lock part of a file others read", "watch the repository's files", "watch a folder with F_NOTIFY",
                    "fill memory through a memory-backed file",
                    "keep memory in a pipe, where its limit does not count it", "grow one of its pipes' kernel memory",
                    "hide its /proc files from a grader that is not root",
                    "send its memory to swap, out of the resident memory read from outside",
                    "keep data in epoll items", "keep data in an event descriptor", "keep data in a timer descriptor",
                    "keep data in a signal descriptor", "keep data in POSIX timers",
                    "keep data in signals queued with a value", "keep data in the names of its memory regions",
                    "keep data in a system-call filter of its own", "keep data in a Landlock ruleset",
                    "keep data in shared memory, whose dropped pages leave the resident count",
                    "write back every file of the machine", "evict the runtime's files from the page cache",
                    "load files into the page cache by hand"]


def test_unconfined_the_harmless_attacks_succeed_so_the_refusals_are_the_kernels(start_worker, unconfined_fork_server):
    worker = start_worker(ATTACKER, name="fixed_windows.py")
    names = {"ROOT": str(ROOT), "REFERENCE": str(SOLUTIONS / "01_fixed_windows" / "fixed_windows.py")}
    assert {name: worker.call("f", (ATTACKS[name], names), {}) for name in HARMLESS_ATTACKS} == \
        dict.fromkeys(HARMLESS_ATTACKS, "done")
    pool.stop_all_workers()


@needs_confinement
def test_a_confined_worker_may_read_its_own_folder_use_threads_and_the_standard_library(start_worker):
    worker = start_worker("""
        import json, os, re, threading, decimal

        def f():
            results = []
            thread = threading.Thread(target=lambda: results.append(re.findall(r"\\w+", "two words")))
            thread.start()
            thread.join()
            return os.listdir("."), results, json.dumps(str(decimal.Decimal(1) / 8))
    """, confined=True)
    assert worker.call("f", (), {}) == (["submission.py"], [["two", "words"]], '"0.125"')


@needs_confinement
@pytest.mark.parametrize("write", ["open('notes.txt', 'w')", "os.mkdir('d')", "os.remove('submission.py')",
                                   "os.symlink('submission.py', 'l')"])
def test_a_confined_worker_writes_nothing_even_in_its_own_folder(start_worker, write):
    """Thousands of files of 16 MB, or folders nested too deep to remove, would hurt every classmate."""
    worker = start_worker("import os\n\ndef f(write):\n    try:\n        eval(write)\n"
                          "    except OSError as error:\n        return error.errno\n    return 'written'\n",
                          confined=True)
    assert worker.call("f", (write,), {}) in (errno.EACCES, errno.EPERM)


@needs_confinement
def test_a_confined_worker_keeps_no_capability_even_when_started_by_root(start_worker):
    worker = start_worker("""
        import ctypes

        def f():
            header = (ctypes.c_uint32 * 2)(0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3, this process
            sets = (ctypes.c_uint32 * 6)()
            assert ctypes.CDLL(None).capget(header, sets) == 0
            return list(sets)
    """, confined=True)
    assert worker.call("f", (), {}) == [0] * 6


@pytest.fixture
def unconfined_fork_server(monkeypatch, tmp_path):
    """The test's workers come from a fork server that cannot import libseccomp's binding, as on a
    machine without it; that fork server is stopped after the test, however it ends."""
    shadow = tmp_path / "shadow"
    shadow.mkdir()
    (shadow / "pyseccomp.py").write_text("raise ImportError('no libseccomp here')\n")
    environment = forking.worker_environment()
    monkeypatch.setattr(forking, "worker_environment",
                        lambda: {**environment, "PYTHONPATH": f"{shadow}{os.pathsep}{ROOT}"})
    pool.stop_all_workers()
    yield
    pool.stop_all_workers()


def test_a_worker_that_must_be_confined_where_it_cannot_be_does_not_run(start_worker, unconfined_fork_server):
    worker = start_worker("def f():\n    return 'ran'\n", confined=True)
    with pytest.raises(WorkerCouldNotStart,
                       match=r"could not be confined, so .*submission\.py was not run: .*libseccomp"):
        worker.start_if_needed()
    pool.stop_all_workers()


def test_a_worker_that_may_run_unconfined_says_why(start_worker, unconfined_fork_server):
    worker = start_worker("def f():\n    return 'ran'\n")
    assert worker.call("f", (), {}) == "ran"
    assert "libseccomp" in worker.unconfined
    pool.stop_all_workers()


def test_the_module_the_worker_loads_is_a_copy(start_worker, tmp_path):
    """Removing its own file removes the worker's copy (unconfined) or is refused (confined): never the original."""
    worker = start_worker("""
        import os

        def f():
            try:
                os.remove(__file__)
            except PermissionError:
                return "refused"
            return __file__
    """)
    removed = worker.call("f", (), {})
    assert removed == "refused" or removed != str(tmp_path / "submission.py")
    assert (tmp_path / "submission.py").is_file()


# Memory, time and printed output -------------------------------------------------------------

ALLOCATES = """
def f():
    return len(bytearray(400_000_000))

def g():
    return "answered"
"""


@pytest.fixture
def no_limit_passed():
    """A limit that stops a call is remembered in kata.judging.calls.log; forget it after the test."""
    yield
    log.stopped_by = None
    log.forget()


def test_allocating_past_the_address_space_raises_used_too_much_memory(start_worker, no_limit_passed):
    worker = start_worker(ALLOCATES, ("f", "g"), memory_mb=256)
    with pytest.raises(UsedTooMuchMemory, match="256 MB"):
        worker.call("f", (), {})
    assert worker.process is None


def test_after_running_out_of_memory_the_next_call_gets_a_fresh_worker(start_worker, no_limit_passed):
    worker = start_worker(ALLOCATES, ("f", "g"), memory_mb=256)
    worker.start_if_needed()
    first = worker.process.pid
    with pytest.raises(UsedTooMuchMemory):
        worker.call("f", (), {})
    log.stopped_by = None
    start_a_test()
    assert worker.call("g", (), {}) == "answered"
    assert worker.process.pid != first


def watchdog_or_skip(seconds: float) -> Watchdog:
    if not can_watch():
        pytest.skip("the watchdog needs setitimer and the main thread")
    return Watchdog(seconds=seconds, call_seconds=None)


def test_a_call_that_never_returns_is_stopped_and_its_worker_killed(start_worker, no_limit_passed):
    worker = start_worker("""
        def f():
            while True:
                pass
    """)
    worker.start_if_needed()
    process = worker.process
    judged = Judged("f", IsolatedFunction(worker, "f"), worker.source, isolated=True)
    watchdog = watchdog_or_skip(0.5)
    started = time.monotonic()
    watchdog.start()
    try:
        with pytest.raises(DidNotFinish):
            judged()
    finally:
        watchdog.stop()
    assert time.monotonic() - started < 1.5
    assert worker.process is None and process.returncode is not None


def run_under_a_call_limit(worker, call_seconds: float, *args):
    """Call f under a watchdog with this per-call limit; the seconds it took, or the limit that stopped it."""
    if not can_watch():
        pytest.skip("the watchdog needs setitimer and the main thread")
    worker.start_if_needed()
    judged = Judged("f", IsolatedFunction(worker, "f"), worker.source, isolated=True)
    watchdog = Watchdog(seconds=30, call_seconds=call_seconds)
    started = time.monotonic()
    watchdog.start()
    try:
        judged(*args)
    except DidNotFinish as stopped:
        return stopped.limit, time.monotonic() - started
    except WorkerEnded as ended:
        return str(ended), time.monotonic() - started
    finally:
        watchdog.stop()
    return None, time.monotonic() - started


def test_a_worker_that_freezes_its_own_clocks_is_still_stopped_at_the_call_limit(start_worker, no_limit_passed):
    # What a student who has read the runner might try: stop every clock the worker can reach.
    worker = start_worker("""
        import gc, time

        def f():
            time.monotonic = time.perf_counter = time.time = lambda: 0.0
            for thing in gc.get_objects():
                for name in ("working_since", "busy_since", "waited"):
                    if hasattr(type(thing), name) or name in getattr(thing, "__dict__", {}):
                        try:
                            setattr(thing, name, None)
                        except Exception:
                            pass
            total = 0
            for step in range(200_000_000):
                total += step
            return total
    """)
    limit, seconds = run_under_a_call_limit(worker, 0.3)
    assert limit == "0.3 s for one call" and seconds < 3


def test_a_worker_that_tells_the_tests_it_has_stopped_working_fails_its_call(start_worker, no_limit_passed):
    worker = start_worker("""
        import gc

        def f():
            for thing in gc.get_objects():
                if type(thing).__name__.endswith("Channel"):
                    thing.send({"event": "computed", "busy": 0.0})  # what its worker once said, and was believed
            total = 0
            for step in range(200_000_000):
                total += step
            return total
    """)
    outcome, seconds = run_under_a_call_limit(worker, 0.3)
    assert "not an answer" in outcome or outcome == "0.3 s for one call"
    assert seconds < 3


def test_a_worker_that_sleeps_is_stopped_when_its_wait_passes_the_idle_limit(start_worker, no_limit_passed):
    worker = start_worker("""
        import time

        def f():
            time.sleep(60)
    """)
    limit, seconds = run_under_a_call_limit(worker, 0.2)
    assert limit == "0.2 s for one call" and idle_limit(0.2) <= seconds < idle_limit(0.2) + 2


def test_a_worker_that_waits_for_the_tests_callbacks_is_not_charged_for_them(start_worker, no_limit_passed):
    worker = start_worker("""
        def f(slow_callback):
            return [slow_callback() for _ in range(3)]
    """)

    def slow_callback():
        time.sleep(0.3)  # the tests' own time: three of them pass the idle limit of a 0.1 s call
        return 1

    limit, seconds = run_under_a_call_limit(worker, 0.1, slow_callback)
    assert limit is None and seconds >= 0.9


def test_printed_output_is_cut_to_a_few_thousand_characters(start_worker):
    worker = start_worker("""
        def f():
            print("x" * 1_000_000)
            return "answered"
    """)
    assert worker.call("f", (), {}) == "answered"
    assert len(worker.output) <= 4100
    assert worker.output.startswith("xxx") and "[... 996001 more characters not kept]" in worker.output


def test_the_submission_has_no_stdin_to_wait_on(start_worker):
    worker = start_worker("""
        def f():
            try:
                return input()
            except EOFError as error:
                return type(error).__name__
    """)
    assert worker.call("f", (), {}) == "EOFError"


def test_the_submission_sees_a_small_environment_without_the_graders_secrets(start_worker, monkeypatch):
    monkeypatch.setenv("GRADER_TOKEN", "do not show the students")
    worker = start_worker("""
        import os

        def f():
            return sorted(os.environ), os.getcwd(), os.environ["HOME"]
    """)
    names, folder, home = worker.call("f", (), {})
    assert "GRADER_TOKEN" not in names
    assert set(names) <= {"PATH", "HOME", "TMPDIR", "LANG", "LC_CTYPE", "PYTHONPATH", "PYTHONHASHSEED",
                          "PYTHONSAFEPATH"}, names
    assert home == folder and Path(folder).name.startswith("kata-worker-")


# Starting workers: each is forked from one server per run --------------------------------------

PARENT = """
    import os

    def f():
        return os.getppid(), os.getpid()
"""


def test_every_worker_is_forked_from_the_runs_one_fork_server(start_worker):
    first, second = start_worker(PARENT, name="first.py"), start_worker(PARENT, name="second.py")
    (first_parent, first_pid), (second_parent, second_pid) = first.call("f", (), {}), second.call("f", (), {})
    assert first_parent == second_parent == forking.fork_server().process.pid
    assert first_pid != second_pid


def test_a_fork_server_that_has_ended_is_started_again(start_worker):
    worker = start_worker(PARENT)
    server = forking.fork_server()
    server.process.kill()
    server.process.wait()
    parent, _ = worker.call("f", (), {})
    assert parent == forking.fork_server().process.pid != server.process.pid


KILLED_RUN = """
import sys, time
from pathlib import Path
from kata.isolation import forking
from kata.isolation.client import WorkerClient

worker = WorkerClient(Path(sys.argv[1]), ("f",))
worker.start_if_needed()
print(forking.fork_server().process.pid, worker.process.pid, flush=True)
worker.call("f", (), {})  # never returns: the run is killed meanwhile
"""


def test_when_the_tests_process_is_killed_its_fork_server_and_stalled_worker_end_too(tmp_path):
    submission = tmp_path / "submission" / "stalls.py"
    submission.parent.mkdir()
    submission.write_text("def f():\n    while True:\n        pass\n")
    run = subprocess.Popen([sys.executable, "-c", KILLED_RUN, str(submission)], stdout=subprocess.PIPE, text=True,
                           cwd=ROOT)
    try:
        pids = [int(pid) for pid in run.stdout.readline().split()]
        assert len(pids) == 2, "the run did not start its worker"
        time.sleep(0.2)  # the worker is in its loop
    finally:
        run.kill()
        run.wait()
    deadline = time.monotonic() + 3 * PARENT_CHECK_SECONDS + 2
    while any(is_running(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(is_running(pid) for pid in pids), "the fork server or its worker outlived the killed run"


def is_running(pid: int) -> bool:
    """True if the process exists and (where /proc tells) is not a zombie waiting to be reaped."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return True  # no /proc: the process exists
    return state not in ("Z", "X")


# Loading the module -----------------------------------------------------------------------------


def test_a_module_that_loops_at_import_cannot_start_after_start_seconds(start_worker, monkeypatch):
    monkeypatch.setattr(client, "WORKER_START_SECONDS", 1.0)
    worker = start_worker("""
        while True:
            pass
    """)
    started = time.monotonic()
    with pytest.raises(WorkerCouldNotStart, match="did not finish within 1 s"):
        worker.start_if_needed()
    assert time.monotonic() - started < 3
    assert worker.process is None


def test_a_module_with_a_syntax_error_cannot_start_and_the_message_names_the_line(start_worker):
    worker = start_worker("""
        def f():
            return 1

        def g(:
            return 2
    """)
    with pytest.raises(WorkerCouldNotStart, match="syntax error on line 4"):
        worker.start_if_needed()
    assert worker.process is None


def test_a_module_without_a_function_of_the_kata_cannot_start_and_the_message_names_it(start_worker):
    worker = start_worker("""
        def f():
            return 1
    """, ("f", "g"))
    with pytest.raises(WorkerCouldNotStart, match=r"defines no function g\(\)"):
        worker.start_if_needed()


def test_a_module_that_writes_half_a_message_and_loops_at_import_cannot_start_after_start_seconds(
        start_worker, monkeypatch, no_limit_passed):
    monkeypatch.setattr(client, "WORKER_START_SECONDS", 0.6)
    worker = start_worker(SPEAKS_THE_PROTOCOL + """
send(b'{"ready": ')
while True:
    pass
""")
    watchdog = watchdog_or_skip(1.0)  # bounds the wait that WORKER_START_SECONDS does not
    watchdog.start()
    try:
        with pytest.raises(WorkerCouldNotStart):
            worker.start_if_needed()
    finally:
        watchdog.stop()


def test_a_start_cut_short_by_a_time_limit_stops_the_worker_process(start_worker, no_limit_passed):
    worker = start_worker("""
        while True:
            pass
    """)
    watchdog = watchdog_or_skip(0.3)
    watchdog.start()
    try:
        with pytest.raises(DidNotFinish):
            worker.start_if_needed()
    finally:
        watchdog.stop()
    assert worker.process is None


def test_a_folder_nested_thousands_deep_is_removed(tmp_path, monkeypatch):
    """shutil.rmtree recurses once per level; an unconfined worker may nest folders deeper than Python recurses."""
    top = tmp_path / "worker"
    top.mkdir()
    monkeypatch.chdir(top)
    for _ in range(3000):
        os.mkdir("d")
        os.chdir("d")
    monkeypatch.chdir(tmp_path)
    remove_folder(top)
    assert not top.exists()


THREAD_BOMB = """
import threading

def f():
    threading.stack_size(64 * 1024)  # the smallest stacks, so that the address space limit comes last
    for _ in range(20_000):
        threading.Thread(target=threading.Event().wait, daemon=True).start()
    return "started"
"""


def test_a_worker_that_starts_thousands_of_threads_is_stopped(start_worker):
    """Each thread takes a process id: thousands would leave none for a classmate's run."""
    worker = start_worker(THREAD_BOMB)
    with pytest.raises(WorkerEnded, match="the worker process was stopped: it ran more than 64 threads"):
        worker.call("f", (), {})


def test_a_worker_that_starts_thousands_of_threads_while_loading_is_stopped(start_worker):
    worker = start_worker(THREAD_BOMB + "\nf()\n")
    with pytest.raises(WorkerCouldNotStart, match="it ran more than 64 threads"):
        worker.start_if_needed()


# The main thread ends alone (the exit system call, not exit_group) and a thread of its own
# answers in its place, then starts hundreds more: the fork server read the status of a zombie
# main thread as that of a worker that had ended, and counted its threads no more.
ENDS_ITS_MAIN_THREAD = """
import ctypes
import gc
import sys
import threading
import time


def take_over():
    time.sleep(0.2)  # the main thread has ended by now
    worker = next(thing for thing in gc.get_objects() if type(thing).__name__ == "WorkerProcess")
    values = sys.modules["kata.isolation.values"]
    worker.channel.send({"returned": values.Encoder(worker.codec).encode("started"), "output": ""})
    threading.stack_size(64 * 1024)
    for _ in range(400):
        threading.Thread(target=time.sleep, args=(60,), daemon=True).start()
    worker.serve_forever()


def f():
    threading.Thread(target=take_over).start()
    ctypes.CDLL(None).syscall(60, 0)  # SYS_exit: this thread only
"""


def test_a_worker_whose_main_thread_ends_while_its_threads_run_on_is_stopped(start_worker):
    worker = start_worker(ENDS_ITS_MAIN_THREAD)
    with pytest.raises(WorkerEnded, match="the worker process was stopped: its main thread ended while its other "
                                          "threads ran on"):
        worker.call("f", (), {})


SCATTERS_ITS_MAPPINGS = """
import ctypes
import mmap

libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
kept = []


def f():
    for gibibyte in range(1024, 1024 + 70_000):  # from 1 TiB up, one page in each GiB
        page = libc.mmap(gibibyte << 30, 4096, mmap.PROT_READ, mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS, -1, 0)
        if page in (None, ctypes.c_void_p(-1).value):
            return "refused"
        kept.append(ctypes.c_char.from_address(page).value)  # maps the zero page, which no resident count has
    return "mapped"
"""


def test_a_worker_whose_scattered_mappings_fill_the_kernels_page_tables_is_stopped(start_worker):
    """Each page, a gigabyte from the next, takes page tables of its own: kernel memory that neither
    the address space limit (4 KiB a page) nor the resident memory counts, half a gigabyte in all."""
    worker = start_worker(SCATTERS_ITS_MAPPINGS)
    with pytest.raises(WorkerEnded, match="the worker process was stopped: its memory mappings took more than 16 MB "
                                          "of the kernel's page tables"):
        worker.call("f", (), {})


def test_a_worker_may_run_a_few_threads(start_worker):
    worker = start_worker("""
from concurrent.futures import ThreadPoolExecutor

def f():
    with ThreadPoolExecutor(max_workers=8) as pool:
        return sum(pool.map(len, ["ab"] * 1000))
""")
    assert worker.call("f", (), {}) == 2000


def memory_guard_report(tmp_path, submission_text: str, *options: str) -> str:
    """What pytest prints for kata 04's memory guard on this submission, isolated."""
    return kata_04_report(tmp_path, submission_text, "million_sizes", "--isolate", *options)


def kata_04_report(tmp_path, submission_text: str, tests: str, *options: str) -> str:
    """What pytest prints for kata 04's tests selected by `-k tests` on this submission."""
    return kata_report(tmp_path / "streaming_packer.py", submission_text, "04_streaming_packer", tests, *options)


def kata_report(submission: Path, source: str, kata: str, tests: str, *options: str) -> str:
    """What pytest prints for a kata's tests selected by `-k tests` on this source, written to `submission`."""
    submission.write_text(source, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "pytest", f"tests/{kata}", "-k", tests, f"--impl={submission}",
                           *options, "-q", "-p", "no:cacheprovider"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120).stdout


HIDES_ITS_MEMORY = '''
import tracemalloc

tracemalloc.get_traced_memory = lambda: (0, 0)  # hides every allocation from the guard's tracer


def iter_pack(sizes, max_tokens):
    if type(max_tokens) is not int:
        raise TypeError(f"max_tokens must be an int, got {max_tokens!r}")
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
    return _pack(iter(sizes), max_tokens)


def _pack(stream, max_tokens):
    kept, current, total = [], [], 0  # every chunk kept: memory that grows with the input
    for index, size in enumerate(stream):
        if current and total + size > max_tokens:
            kept.append(current)
            yield current
            current, total = [], 0
        current.append(index)
        total += size
    if current:
        yield current
'''


@pytest.mark.slow
@pytest.mark.timeout(60)  # pytest in a subprocess, reading a million sizes
def test_a_generator_that_hides_its_memory_from_tracemalloc_fails_the_memory_guard_when_isolated(tmp_path):
    """Isolated, the reading and its tracer run in the worker, where the submission can patch them;
    the worker's resident memory, read by the kernel's count from the tests' side, still shows the growth."""
    report = memory_guard_report(tmp_path, HIDES_ITS_MEMORY)
    assert "1 failed" in report and "the peak was already" in report, report[-1500:]


FORGES_THE_READING = HIDES_ITS_MEMORY.replace(
    "tracemalloc.get_traced_memory = lambda: (0, 0)  # hides every allocation from the guard's tracer", """
import sys

reading = sys.modules["kata.judging.measured_reading"].MeasuredReading  # loaded in the worker before the submission


def read_some(self):
    # The figures an honest reading would end with, without reading anything.
    self.peak, self.over = 0, True
    return [list(range(999_992, 1_000_000))]


reading.read_some = read_some""")


@pytest.mark.slow
@pytest.mark.timeout(60)  # pytest in a subprocess, reading a million sizes
def test_a_submission_that_forges_the_reading_of_its_chunks_fails_the_memory_guard_when_isolated(tmp_path):
    """The reading runs in the worker, where the submission can replace it; but the tests count
    and check every chunk they receive, so a reading that reports the end at once yields one chunk."""
    report = memory_guard_report(tmp_path, FORGES_THE_READING)
    assert "1 failed" in report and "It yielded 1 chunk; the chunk at index 0 was [999992" in report, report[-1500:]


# A generator that keeps every chunk (about 55 MB here) and hides it both ways: a tracer that
# reports nothing, and 64 MB made resident as the call starts, given back at the first chunk,
# so that the worker's resident memory never rises above what it was when the reading began.
HIDES_ITS_MEMORY_UNDER_A_BALLAST = HIDES_ITS_MEMORY.replace(
    "tracemalloc.get_traced_memory = lambda: (0, 0)  # hides every allocation from the guard's tracer", """
import mmap
import sys


class Tracer:  # counts nothing, and says the batch is full at each look, so that batches stay small
    current = 0
    is_tracing = staticmethod(lambda: True)
    start = stop = reset_peak = staticmethod(lambda *args: None)

    @classmethod
    def get_traced_memory(cls):
        cls.current += 1 << 20
        return cls.current, 0


sys.modules["kata.judging.measured_reading"].tracemalloc = Tracer
ballast = []""").replace(
    "    return _pack(iter(sizes), max_tokens)", """    memory = mmap.mmap(-1, 64 << 20, flags=mmap.MAP_PRIVATE)
    memory.write(b"x" * (64 << 20))  # every page resident
    ballast.append(memory)
    return _pack(iter(sizes), max_tokens)""").replace(
    "    kept, current, total = [], [], 0", """    ballast.pop().close()  # 64 MB given back: room to grow unseen
    kept, current, total = [], [], 0""")


@pytest.mark.slow
@pytest.mark.timeout(60)  # pytest in a subprocess, reading a million sizes
def test_a_generator_that_gives_back_memory_taken_before_the_reading_fails_the_memory_guard_when_isolated(tmp_path):
    """Memory is counted from what a fresh worker has, over the worker's whole life, not from
    what the worker holds when the reading starts: memory taken early cannot be grown into unseen."""
    report = memory_guard_report(tmp_path, HIDES_ITS_MEMORY_UNDER_A_BALLAST)
    assert "1 failed" in report and "the peak was already" in report, report[-1500:]


# A generator that keeps every size it reads, as 4 bytes in an anonymous mmap that the tracer
# never sees: about 4 MB for the million sizes, well under the 1024 MB address space.
KEEPS_ITS_INPUT_OUTSIDE_THE_TRACER = HIDES_ITS_MEMORY.replace(
    "tracemalloc.get_traced_memory = lambda: (0, 0)  # hides every allocation from the guard's tracer", """
import mmap
import struct

kept = []""").replace("    kept, current, total = [], [], 0  # every chunk kept: memory that grows with the input", """
    store = mmap.mmap(-1, 64 << 20, flags=mmap.MAP_PRIVATE)  # only the pages written become resident
    kept.append(store)
    current, total = [], 0""").replace(
    "        if current and total + size > max_tokens:\n            kept.append(current)", """
        struct.pack_into("<i", store, 4 * index, size)
        if current and total + size > max_tokens:""")


@pytest.mark.slow
@pytest.mark.timeout(60)  # pytest in a subprocess, reading a million sizes
@pytest.mark.parametrize("layout", ['"<i", store, 4 * index', '"<B", store, index'], ids=["4 MB", "1 MB"])
def test_a_generator_that_keeps_its_input_in_a_megabyte_or_more_outside_the_tracer_fails_the_memory_guard_when_isolated(
        tmp_path, layout):
    """A worker's anonymous memory may grow 768 KiB over what it started with: the input kept in
    an mmap, 4 bytes or 1 byte a size, passes the tracer, not that bound."""
    submission = KEEPS_ITS_INPUT_OUTSIDE_THE_TRACER.replace('"<i", store, 4 * index', layout)
    assert "kept.append(current)" not in submission and layout in submission
    report = memory_guard_report(tmp_path, submission)
    assert "1 failed" in report and "the peak was already" in report, report[-1500:]


# A generator that keeps the whole input, each size with its index, as the 8 bytes of user data
# of an epoll item: about 200 MB of kernel memory for the million sizes, which neither the
# tracer nor the worker's resident memory counts.
KEEPS_ITS_INPUT_IN_THE_KERNEL = HIDES_ITS_MEMORY.replace(
    "tracemalloc.get_traced_memory = lambda: (0, 0)  # hides every allocation from the guard's tracer", """
import ctypes

libc = ctypes.CDLL(None, use_errno=True)
TARGETS = 1024  # descriptors each epoll watches: one item per (epoll, descriptor)


class Event(ctypes.Structure):
    _pack_ = 1  # struct epoll_event is packed on x86-64
    _fields_ = [("events", ctypes.c_uint32), ("data", ctypes.c_uint64)]


def keep_in_the_kernel(sizes):
    targets = [libc.eventfd(0, 0) for _ in range(TARGETS)]
    epolls, event = [], Event(4)  # EPOLLOUT: an eventfd is always writable
    for index, size in enumerate(sizes):
        if index % TARGETS == 0:
            epolls.append(libc.epoll_create1(0))
        event.data = (index << 32) | size
        if libc.epoll_ctl(epolls[-1], 1, targets[index % TARGETS], ctypes.byref(event)) != 0:
            raise OSError(ctypes.get_errno(), "epoll_ctl")
    return epolls


def read_back(epolls):
    events = (Event * TARGETS)()
    for epoll in epolls:
        count = libc.epoll_wait(epoll, events, TARGETS, 0)
        yield from (data & 0xFFFFFFFF for data in sorted(events[i].data for i in range(count)))""").replace(
    "enumerate(stream)", "enumerate(read_back(keep_in_the_kernel(stream)))"
).replace("            kept.append(current)\n", "")  # the chunks are dropped: only the kernel keeps anything


@needs_confinement
@pytest.mark.slow
@pytest.mark.timeout(60)  # on a kernel that allowed the items, filling them took about 13 s
def test_a_generator_that_keeps_its_input_in_kernel_memory_fails_the_memory_guard_when_confined(tmp_path):
    """Kernel objects that keep a process's data (here epoll items) are refused to a confined worker:
    memory the kernel keeps for a process is counted by neither the tracer nor its resident memory."""
    assert "kept.append(current)" not in KEEPS_ITS_INPUT_IN_THE_KERNEL
    report = memory_guard_report(tmp_path, KEEPS_ITS_INPUT_IN_THE_KERNEL, "--confined")
    assert "1 failed" in report and "PermissionError: [Errno 1] epoll_ctl" in report, report[-1500:]


# A generator that copies the whole input into shared anonymous memory, 8 bytes a size, and
# drops each 64 KiB from its page tables once written: the kernel keeps the data, which comes
# back when read, but the worker's resident memory never holds more than 64 KiB of it.
KEEPS_ITS_INPUT_IN_SHARED_MEMORY = HIDES_ITS_MEMORY.replace(
    "tracemalloc.get_traced_memory = lambda: (0, 0)  # hides every allocation from the guard's tracer", """
import mmap

PAGES = 64 * 1024  # bytes resident at most
PER = PAGES // 8


def hidden_copy(sizes):
    store = mmap.mmap(-1, 64 << 20)  # MAP_SHARED | MAP_ANONYMOUS: a kernel object of its own
    view = memoryview(store).cast("q")
    count = 0
    for count, size in enumerate(sizes, 1):
        view[count - 1] = size
        if count % PER == 0:
            store.madvise(mmap.MADV_DONTNEED, (count - PER) * 8, PAGES)
    store.madvise(mmap.MADV_DONTNEED, 0, 64 << 20)
    for index in range(count):
        size = view[index]
        if index % PER == PER - 1:
            store.madvise(mmap.MADV_DONTNEED, (index - PER + 1) * 8, PAGES)
        yield size""").replace("enumerate(stream)", "enumerate(hidden_copy(stream))").replace(
    "            kept.append(current)\n", "")


@needs_confinement
@pytest.mark.slow
@pytest.mark.timeout(60)
def test_a_generator_that_keeps_its_input_in_shared_memory_fails_the_memory_guard_when_confined(tmp_path):
    """Shared anonymous memory is refused to a confined worker: its dropped pages leave the resident
    count that the memory guard reads, and keep their data."""
    assert "kept.append(current)" not in KEEPS_ITS_INPUT_IN_SHARED_MEMORY
    report = memory_guard_report(tmp_path, KEEPS_ITS_INPUT_IN_SHARED_MEMORY, "--confined")
    assert "1 failed" in report and "PermissionError: [Errno 1] Operation not permitted" in report, report[-1500:]


# A packer that computes for 3 s before its first chunk, against the guard's 2 s, and pads the
# reply of the call (which only hands back the generator) with 30 MB of JSON numbers that cost
# the tests' process about 1.5 s to read and the worker about 10 ms to send.
BUYS_TIME_WITH_COSTLY_REPLIES = HIDES_ITS_MEMORY.replace(
    "tracemalloc.get_traced_memory = lambda: (0, 0)  # hides every allocation from the guard's tracer", """
import sys
import time

channel = sys.modules["kata.isolation.channel"]  # loaded in the worker before the submission
send_honestly = channel.Channel.send
PADDING = b',"pad":[' + b'1.2345678901234567e-300,' * (30 * 1024 * 1024 // 24) + b'0]}\\n'


def send(self, message):
    if isinstance(message.get("returned"), dict) and "iterator" in message["returned"]:
        data = channel.json.dumps(message, separators=(",", ":")).encode("ascii")[:-1] + PADDING  # inside the object
        view = memoryview(data)
        while view:
            view = view[channel.os.write(self.write_fd, view):]
        return
    send_honestly(self, message)


channel.Channel.send = send""").replace("    kept, current, total = [], [], 0", """    started = time.process_time()
    while time.process_time() - started < 3.0:
        pass
    kept, current, total = [], [], 0""")


@pytest.mark.slow
@pytest.mark.timeout(60)
def test_a_worker_cannot_buy_time_for_a_guard_with_replies_that_are_costly_to_read(tmp_path):
    """A guard's budget leaves out the tests' side of the messages, but never more than the worker
    itself spent on them, nor 0.25 ms a request: not the 1.5 s the tests' process spent reading."""
    assert "while time.process_time()" in BUYS_TIME_WITH_COSTLY_REPLIES
    report = kata_04_report(tmp_path, BUYS_TIME_WITH_COSTLY_REPLIES, "two_hundred_thousand", "--isolate", "--confined")
    assert "1 failed" in report and "limit of 2 s for this test" in report, report[-1500:]


# A generator that offers the memory guard a reading of its own, as the tests' side of a worker
# does: the guard reads only its own iterators that way, recognised by their type.
OFFERS_ITS_OWN_READING = HIDES_ITS_MEMORY.replace(
    "tracemalloc.get_traced_memory = lambda: (0, 0)  # hides every allocation from the guard's tracer", """
class Reading:
    peak = 0

    def __iter__(self):
        yield [list(range(start, start + 8)) for start in range(0, 1_000_000, 8)]


class Packer:
    def __iter__(self):
        return self

    def __next__(self):
        raise StopIteration

    def read_measuring_memory(self, bound):
        return Reading()""").replace("    return _pack(iter(sizes), max_tokens)", "    return Packer()")


@pytest.mark.slow
@pytest.mark.parametrize("isolated", [False, True], ids=["in-process", "isolated"])
@pytest.mark.timeout(60)  # pytest in a subprocess, reading a million sizes
def test_a_generator_that_offers_its_own_reading_fails_the_memory_guard(tmp_path, isolated):
    report = kata_04_report(tmp_path, OFFERS_ITS_OWN_READING, "million_sizes", *(["--isolate"] if isolated else []))
    assert "1 failed" in report and "It yielded 0 chunks" in report, report[-1500:]


# Submissions of a red team, in files of their own: tests/cli/hostile_submissions/<attack>/<module>.py.
HOSTILE_SUBMISSIONS = Path(__file__).parent / "hostile_submissions"


def hostile_report(tmp_path, kata: str, attack: str, tests: str, replace: tuple[str, str] = ("", ""),
                   after_the_reference: bool = False) -> str:
    """What pytest prints for the selected tests of a kata on a hostile submission, isolated and confined.

    An attack that only adds to the reference solution is kept without it, and written after it here.
    """
    submission = next((HOSTILE_SUBMISSIONS / attack).glob("*.py"))
    source = submission.read_text(encoding="utf-8").replace(*replace)
    if after_the_reference:
        source = find_kata(kata).reference_path().read_text(encoding="utf-8") + "\n\n" + source
    return kata_report(tmp_path / submission.name, source, kata, tests, "--isolate", "--confined")


@needs_confinement
@pytest.mark.slow
@pytest.mark.timeout(90)
def test_a_slow_generator_cannot_buy_time_by_padding_each_reply_in_proportion_to_its_work(tmp_path):
    """Each request's credit for the messages' travel is a small fixed allowance (0.25 ms), whatever
    the replies cost the tests' process to read: 0.5 ms of extra work a chunk, hidden behind
    padding, still leaves at least 2.5 s of the 10,000 chunks' work over the 2 s limit."""
    report = hostile_report(tmp_path, "04_streaming_packer", "pads_its_replies", "ten_thousand_chunks")
    assert "1 failed" in report and "limit of 2 s for this test" in report, report[-1500:]


@needs_confinement
@pytest.mark.slow
@pytest.mark.timeout(90)
def test_work_a_worker_does_while_the_tests_serve_its_callback_is_counted(tmp_path):
    """The worker's CPU clock runs on while the tests serve a callback: a thread of the worker that
    computes only then is still charged."""
    report = hostile_report(tmp_path, "08_semantic_chunker", "computes_during_callbacks",
                            "ten_thousand_topics_of_one_sentence", after_the_reference=True)
    assert "1 failed" in report and "limit of 2 s for this test" in report, report[-1500:]


@needs_confinement
@pytest.mark.slow
@pytest.mark.timeout(90)
def test_a_generator_that_raises_the_baseline_with_file_pages_and_drops_them_fails_the_memory_guard(start_worker,
                                                                                                       tmp_path):
    """Its input is kept in anonymous memory, which the guard samples after every batch against
    the anonymous memory a worker starts with: file pages, touched or dropped, move neither."""
    start_worker("def f():\n    return 1\n").call("f", (), {})
    fork_servers_kib = memory.status_kib(forking.fork_server().process.pid, "VmRSS")
    report = hostile_report(tmp_path, "04_streaming_packer", "inflates_then_drops_pages", "million_sizes",
                            replace=("TARGET_KB = 17200", f"TARGET_KB = {fork_servers_kib - 200}"))
    assert "1 failed" in report and "the peak was already" in report, report[-1500:]


@needs_confinement
@pytest.mark.slow
@pytest.mark.timeout(90)
def test_a_reply_of_millions_of_nested_lists_is_refused_before_it_is_decoded(tmp_path):
    """31 MB of nested empty lists would take the tests' process 1.4 GB and 8 s of CPU to decode,
    in one call no limit can interrupt; a reply may hold at most MAX_CONTAINERS lists and dicts."""
    started = time.monotonic()
    report = hostile_report(tmp_path, "01_fixed_windows", "sends_a_parse_bomb", "test_windows_share_one_token",
                            after_the_reference=True)
    assert "1 failed" in report and "not an answer" in report and "lists and dicts" in report, report[-1500:]
    assert time.monotonic() - started < 30


def test_a_worker_whose_memory_cannot_be_read_from_outside_is_stopped(start_worker, monkeypatch):
    """On Linux a worker's /proc files can always be read by the tests' process; when they cannot
    (a worker that made itself undumpable, for a grader that is not root), it is not judged."""
    worker = start_worker("""
        def f():
            yield from range(3)
    """)
    pool.start_a_test(own_worker=True)
    chunks = worker.call("f", (), {})

    def unreadable(pid, field):
        raise PermissionError(f"[Errno 13] Permission denied: '/proc/{pid}/status'")

    monkeypatch.setattr(memory, "status_kib", unreadable)
    with pytest.raises(WorkerEnded, match=r"its memory could not be read from outside \(.*Permission denied"):
        list(chunks.read_measuring_memory(bound=1 << 20))
    assert worker.process is None


def test_a_memory_reading_needs_a_worker_started_for_its_test(start_worker):
    """Over its whole life, a worker that earlier tests used holds their peaks too: a memory guard
    that forgot to ask for its own worker is told so, never judged on another test's memory."""
    worker = start_worker("""
        def f():
            yield from range(3)
    """)
    chunks = worker.call("f", (), {})
    pool.start_a_test()  # a new test, in the same worker
    with pytest.raises(RuntimeError, match="memory_guard"):
        list(chunks.read_measuring_memory(bound=1 << 20))

def test_a_worker_that_computes_between_requests_is_stopped(start_worker, no_limit_passed):
    """A thread started at import keeps computing while the tests' process is busy elsewhere (an
    answer precomputed for a guard's input, say): work no call's limit would count."""
    worker = start_worker("""
        import threading, time

        def burn():
            end = time.process_time() + 1.5
            while time.process_time() < end:
                pass

        threading.Thread(target=burn, daemon=True).start()

        def f():
            return "at once"
    """)
    worker.start_if_needed()
    time.sleep(1.0)  # the tests' process is busy elsewhere; the worker's thread is not
    stopped, _ = run_under_a_call_limit(worker, 0.5)
    assert "it computed for" in stopped and "between two requests" in stopped
    assert worker.process is None


def test_a_worker_that_waits_between_requests_is_not_stopped(start_worker, no_limit_passed):
    worker = start_worker("""
        def f():
            return "at once"
    """)
    worker.start_if_needed()
    time.sleep(0.3)
    assert run_under_a_call_limit(worker, 0.5)[0] is None
    assert run_under_a_call_limit(worker, 0.5)[0] is None


def test_a_module_that_computes_for_seconds_while_loading_cannot_start(start_worker):
    """Work at the top level of the module (an answer computed in advance) is counted by no call's limit."""
    worker = start_worker("""
        import time

        end = time.process_time() + 2.5
        while time.process_time() < end:
            pass

        def f():
            return "at once"
    """)
    with pytest.raises(WorkerCouldNotStart, match=r"took \d\.\d s of CPU time, more than the 2 s"):
        worker.start_if_needed()


def test_a_limit_passed_while_the_tests_wait_for_a_worker_stops_the_call_at_once():
    """The watchdog raises at once in the code under test; elsewhere (a garbage collector's
    callback) it waits a moment. Isolated, the code under test is the wait for the worker."""
    from kata.judging import limits

    call = limits.Call("f", (), {}, isolated=True)
    assert limits._runs(call, channel.__file__) and limits._runs(call, client.__file__)
    assert not limits._runs(call, __file__)


def test_a_worker_that_sleeps_through_a_guard_is_stopped_at_the_guards_idle_limit(start_worker, no_limit_passed):
    """An isolated guard counts the worker's CPU time, and allows ten times its limit for the
    whole test (its large inputs travel); a worker that sleeps computes nothing, so one wait
    for its reply gets the idle limit of the guard's own limit, not the whole test's ten."""
    if not can_watch():
        pytest.skip("the watchdog needs setitimer and the main thread")
    worker = start_worker("""
        import time

        def f():
            time.sleep(60)
    """)
    worker.start_if_needed()
    judged = Judged("f", IsolatedFunction(worker, "f"), worker.source, isolated=True)
    watchdog = Watchdog(seconds=10 * 0.5, call_seconds=None, computing_seconds=0.5)
    started = time.monotonic()
    watchdog.start()
    try:
        with pytest.raises(DidNotFinish, match=r"2 s for one reply of its worker"):
            judged()
    finally:
        watchdog.stop()
    assert idle_limit(0.5) <= time.monotonic() - started < 4.0


# One wording of a module that cannot be used, wherever it is loaded -------------------------------

@pytest.mark.parametrize("source, says", [
    ("raise ValueError('left from experimenting')", "raised ValueError: left from experimenting."),
    ("def windows(tokens, size, overlap):\n    return []\n", "defines no function fixed_windows(); "
                                                              "the tests of this kata call it."),
])
def test_a_module_that_cannot_be_used_is_told_in_the_same_words_in_process_and_isolated(tmp_path, source, says):
    from kata.runner.loader import Implementation
    from kata.runner.loading import LoadProblem

    kata = find_kata("1")
    path = tmp_path / f"{kata.module}.py"
    path.write_text(source)
    told = []
    for isolated in (False, True):
        with pytest.raises(LoadProblem) as problem:
            Implementation("file", path, isolated=isolated).load(kata)
        told.append(str(problem.value))
    pool.stop_all_workers()
    assert told[0] == told[1] and told[0].endswith(says), told
