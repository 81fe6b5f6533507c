"""What crosses between the tests and a worker as plain data: values, identity, changed arguments, exceptions.

Each value comes back as its own type (a tuple stays a tuple, True stays a bool), a list
returned twice or an argument returned as it is comes back as the same object, an argument
the submission modified shows in the caller's own object, and an exception comes back as
the same built-in one or as a RemoteError named after it (kata.sandbox.values).
"""

from __future__ import annotations

import dataclasses
import math
import time

import pytest

from kata.judging.checks import same
from kata.sandbox.channel import ProtocolError
from kata.sandbox.client import WorkerClient, WorkerEnded
from kata.sandbox.limits import MAX_DATACLASS_FIELDS, MAX_KINDS, MAX_NAME_CHARACTERS, MAX_NESTING
from kata.sandbox.values import Decoder, Encoder, Opaque, PlainValues, RemoteError, remote_error
from tests.support.isolated_runs import module_text

# Values made by the submission: one worker for the whole module -----------------------------

VALUES_MODULE = """
import dataclasses


@dataclasses.dataclass(frozen=True)
class Chunk:
    text: str
    start: int


class Tokens(list):
    pass


class Score(float):
    def __repr__(self):
        return f"Score({float(self)})"


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
    "float subclass": lambda: Score(0.5),
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
    assert same(value_of("big int"), 10**99 + 7)


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
    start_worker, monkeypatch
):
    """The tests' process keeps a class for each dataclass a worker names, for the whole run: a
    red team named a new one in every item, and grew that process by 21 GB in ten minutes."""
    monkeypatch.setattr("kata.sandbox.kinds._dataclasses", {})
    worker = start_worker(NAMES_A_NEW_KIND_IN_EVERY_ITEM, functions=("dataclasses_of_new_names",))
    assert len(worker.call("dataclasses_of_new_names", (MAX_KINDS,), {})) == MAX_KINDS
    with pytest.raises(WorkerEnded, match=f"more than {MAX_KINDS} kinds of dataclasses in one run"):
        worker.call("dataclasses_of_new_names", (MAX_KINDS + 1,), {})


def test_a_worker_may_not_make_the_tests_keep_a_class_for_each_of_thousands_of_made_up_exception_types(
    start_worker, monkeypatch
):
    monkeypatch.setattr("kata.sandbox.values._remote_errors", {})
    worker = start_worker(NAMES_A_NEW_KIND_IN_EVERY_ITEM, functions=("raises_a_new_exception_type",))
    for number in range(MAX_KINDS):
        with pytest.raises(RemoteError, match="made up"):
            worker.call("raises_a_new_exception_type", (number,), {})
    with pytest.raises(WorkerEnded, match=f"more than {MAX_KINDS} kinds of exception types in one run"):
        worker.call("raises_a_new_exception_type", (MAX_KINDS,), {})


def test_a_subclass_of_float_comes_back_as_a_subclass_of_float_with_its_name_value_and_repr(value_of):
    """A threshold computed with NumPy is a np.float64: the code under test must get a float
    that is not exactly a float, as it would in one process (kata 08 tests that)."""
    result = value_of("float subclass")
    assert isinstance(result, float) and type(result) is not float and type(result).__name__ == "Score"
    assert result == 0.5 and repr(result) == "Score(0.5)"


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
    assert value_of("huge int") == 10**5000


# Long lists of ints travel packed, several times faster than as JSON; they must come back the same.


def test_a_long_list_of_ints_comes_back_as_the_same_ints(value_of):
    assert same(value_of("long ints"), [-(2**63), 2**63 - 1, 0, -1] + list(range(2000)))


def test_a_long_list_with_an_int_wider_than_64_bits_comes_back_exactly(value_of):
    assert same(value_of("long ints, one wider than 64 bits"), [2**64] + list(range(2000)))


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


@pytest.mark.parametrize(
    "damaged",
    [{"ints": "AAAA"}, {"ints": "not base64!"}, {"int_lists": ["AQAAAAAAAAA=", ""]}],
    ids=["partial", "garbage", "lengths"],
)
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
    worker = start_worker(
        """
        import sys

        def f():
            sys.exit(3)

        def g():
            return "still here"
    """,
        ("f", "g"),
    )
    worker.start_if_needed()
    pid = worker.process.pid
    with pytest.raises(Exception) as raised:
        worker.call("f", (), {})
    assert isinstance(raised.value, RemoteError) and type(raised.value).__name__ == "SystemExit"
    assert str(raised.value) == "3"
    assert worker.call("g", (), {}) == "still here"
    assert worker.process.pid == pid


def test_keyboard_interrupt_comes_back_as_an_exception_and_the_worker_keeps_answering(start_worker):
    worker = start_worker(
        """
        def f():
            raise KeyboardInterrupt

        def g():
            return "still here"
    """,
        ("f", "g"),
    )
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


# Names and fields a worker makes up: bounded before anything keeps them ---------------------


def a_dataclass(name: str, fields: list[str]) -> dict:
    return {"dataclass": {"name": name, "frozen": True, "fields": [[field, 0] for field in fields]}}


def test_a_dataclass_of_thousands_of_fields_is_refused_before_a_class_is_made(monkeypatch):
    """A reply naming a dataclass of 70,000 fields froze the tests' process in one call that
    compiles its methods (44 s against a 10 s limit): the fields are counted first."""
    monkeypatch.setattr("kata.sandbox.kinds._dataclasses", {})
    started = time.process_time()
    with pytest.raises(ProtocolError, match=f"a dataclass of more than {MAX_DATACLASS_FIELDS} fields"):
        Decoder(PlainValues()).decode(a_dataclass("Chunk", [f"f{number}" for number in range(5_000)]))
    assert time.process_time() - started < 0.5
    widest = Decoder(PlainValues()).decode(a_dataclass("Chunk", [f"f{n}" for n in range(MAX_DATACLASS_FIELDS)]))
    assert len(dataclasses.fields(widest)) == MAX_DATACLASS_FIELDS


def test_a_field_whose_name_is_a_megabyte_long_is_refused(monkeypatch):
    monkeypatch.setattr("kata.sandbox.kinds._dataclasses", {})
    with pytest.raises(ProtocolError, match=f"a field's name longer than {MAX_NAME_CHARACTERS} characters"):
        Decoder(PlainValues()).decode(a_dataclass("Chunk", ["f" * 1_000_000]))


@pytest.mark.parametrize("kind", ["dataclass", "subclass", "exception"])
def test_a_name_a_megabyte_long_is_cut_before_the_tests_keep_a_class_of_that_name(monkeypatch, kind):
    """Each kind named is kept for the whole run: 256 names of 32 MB would be 8 GB."""
    for kept in ("kinds._dataclasses", "kinds._subclasses", "values._remote_errors"):
        monkeypatch.setattr(f"kata.sandbox.{kept}", {})
    name = "Chunk" * 200_000
    if kind == "dataclass":
        made = type(Decoder(PlainValues()).decode(a_dataclass(name, ["text"])))
    elif kind == "subclass":
        made = type(Decoder(PlainValues()).decode({"subclass": ["float", name, 0.5, "0.5"]}))
    else:
        made = type(remote_error(name, "made up"))
    assert len(made.__name__) <= MAX_NAME_CHARACTERS and len(made.__qualname__) <= MAX_NAME_CHARACTERS
    assert made.__name__.startswith("Chunk")


def test_a_namedtuple_argument_arrives_as_a_namedtuple_of_the_same_name_and_fields(start_worker):
    """Kata 09 accepts namedtuple spans, as isinstance does: the code under test must get one."""
    import collections

    worker = start_worker("""
        def f(span):
            return [type(span).__name__, list(span._fields), span.start, isinstance(span, tuple), repr(span)]
    """)
    Offsets = collections.namedtuple("Offsets", ["start", "end"])
    assert worker.call("f", (Offsets(0, 22),), {}) == ["Offsets", ["start", "end"], 0, True, "Offsets(start=0, end=22)"]


def test_a_list_subclass_argument_arrives_as_a_subclass_of_list_of_the_same_name(start_worker):
    worker = start_worker("""
        def f(chunks):
            return [type(chunks).__name__, type(chunks) is list, isinstance(chunks, list), list(chunks)]
    """)

    class Chunks(list):
        pass

    assert worker.call("f", (Chunks(["a", "b"]),), {}) == ["Chunks", False, True, ["a", "b"]]


def test_a_namedtuple_named_with_too_many_fields_is_refused_before_a_class_is_made(monkeypatch):
    monkeypatch.setattr("kata.sandbox.kinds._subclasses", {})
    body = {
        "base": "tuple",
        "name": "Wide",
        "fields": [f"f{n}" for n in range(MAX_DATACLASS_FIELDS + 1)],
        "items": list(range(MAX_DATACLASS_FIELDS + 1)),
    }
    with pytest.raises(ProtocolError, match=f"a namedtuple of more than {MAX_DATACLASS_FIELDS} fields"):
        Decoder(PlainValues()).decode({"container_subclass": body})


SENDS_COLLIDING_HASHES = """
import sys

M = (1 << 61) - 1  # hash(k * M) == 0 for every k: an int's hash is its value modulo 2**61 - 1
_values = sys.modules["kata.sandbox.values"]  # the worker's own encoder, which the code may change
_original = _values.Encoder.encode


class Colliding:
    def __init__(self, tag):
        self.tag = tag


def _encode(self, value):
    if isinstance(value, Colliding):  # never built here: sending costs the worker O(n)
        if value.tag == "dict":
            return {"dict": [[M * k, 0] for k in range(1, 100_000)]}
        return {value.tag: [M * k for k in range(1, 100_000)]}
    return _original(self, value)


_values.Encoder.encode = _encode


def f(tag):
    return Colliding(tag)
"""


@pytest.mark.parametrize("tag", ["set", "frozenset", "dict"])
def test_a_reply_whose_items_share_one_hash_is_refused_at_once(start_worker, tag):
    """Putting n items of one hash in a set or dict costs n * n / 2 probes: 100,000 of them would keep
    the tests' process busy for minutes, blamed on the code's loop, while the worker answered at once."""
    worker = start_worker(SENDS_COLLIDING_HASHES)
    started = time.monotonic()
    with pytest.raises(WorkerEnded, match=rf"a {tag} of 99,999 items, 99,999 of them of one hash"):
        worker.call("f", (tag,), {})
    assert time.monotonic() - started < 5


def test_a_set_of_a_few_items_of_one_hash_still_comes_back(start_worker):
    worker = start_worker("def f():\n    return {0, (1 << 61) - 1, 2 * ((1 << 61) - 1), 5}\n")
    assert worker.call("f", (), {}) == {0, (1 << 61) - 1, 2 * ((1 << 61) - 1), 5}  # three hash as 0


DEEP = """
def f(depth):
    value = []
    for _ in range(depth):
        value = [value]
    return value


def changes_its_argument(tokens, depth):
    tokens.append(f(depth))
    return []


def g():
    return 42
"""


def nesting_of(value) -> int:
    """How many lists deep value goes (without recursion: it may be deep)."""
    depth = 0
    while type(value) is list and value:
        value, depth = value[0], depth + 1
    return depth


@pytest.mark.parametrize("depth", [3_000, 200_000])
def test_a_value_nested_too_deep_to_send_comes_back_cut_and_the_worker_lives_on(start_worker, depth):
    """A list nested thousands deep made the worker's encoder overflow Python's stack: the worker died, and
    every call was reported as ending it with os._exit(1). It comes back cut at MAX_NESTING, where an
    opaque stand-in says what it was, and the worker answers the next call."""
    worker = start_worker(DEEP, functions=("f", "g"))
    result = worker.call("f", (depth,), {})
    inner = result
    for _ in range(MAX_NESTING):
        inner = inner[0]
    assert isinstance(inner, Opaque), nesting_of(result)
    assert f"nested more than {MAX_NESTING} levels deep" in repr(inner)
    assert worker.call("g", (), {}) == 42


def test_an_argument_changed_into_a_value_nested_too_deep_is_seen_changed(start_worker):
    worker = start_worker(DEEP, functions=("changes_its_argument",))
    tokens = ["a"]
    assert worker.call("changes_its_argument", (tokens, 3_000), {}) == []
    assert tokens[0] == "a" and len(tokens) == 2
    assert f"nested more than {MAX_NESTING} levels deep" in repr(tokens[1])


SENDS_DEEP_JSON = """
import kata.sandbox.values as _values

_original = _values.Encoder.encode


def _encode(self, value):
    if value == "deep":  # what a worker writing its own reply can send, whatever its encoder does
        data = 0
        for _ in range(300):  # 600 levels of JSON, which the channel still reads
            data = {"tuple": [data]}
        return data
    return _original(self, value)


_values.Encoder.encode = _encode


def f():
    return "deep"
"""


def test_a_reply_nested_too_deep_is_refused_at_once(start_worker):
    worker = start_worker(SENDS_DEEP_JSON)
    with pytest.raises(WorkerEnded, match=rf"nested more than {MAX_NESTING} levels deep"):
        worker.call("f", (), {})
