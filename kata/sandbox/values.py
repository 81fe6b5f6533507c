"""The values that cross between the tests and an isolated worker process: plain data, never pickle.

Only plain data crosses: None, bools, ints, floats, strs, bytes, lists, tuples, dicts,
sets and dataclass instances, each decoded to its own type (an instance of a subclass of
int, float or str, such as NumPy's float64, to a subclass of the same name and repr), so that a tuple stays a
tuple and `same()` judges the answer exactly as it would in one process. Objects that
are not plain data stay on their side and cross as a handle (kata.sandbox.handles).
Whatever else the code under test returns arrives as an Opaque stand-in that equals
nothing, so no object of its making ever runs code in the tests' process.

Identity survives too: a list returned twice, or an argument returned as it is, comes
back as the same object (kata 01 checks that a window is not the input list).

An exception crosses as its type's name, its message, its args and the lines of its
traceback in the submission's file: a built-in exception is rebuilt, any other arrives as
a RemoteError named after it, and each text is cut short (a report of it stays small).

Both processes run this module: the tests' process, and the worker (kata.sandbox.worker).
"""

from __future__ import annotations

import base64
import builtins
from array import array
from collections import Counter
from itertools import accumulate, chain

from kata.judging.load_problems import ERROR_TEXT_LIMIT, text_of
from kata.sandbox.channel import ProtocolError
from kata.sandbox.kinds import (
    REPR_LIMIT,
    name_of_a_kind,
    rebuilt_container,
    rebuilt_dataclass,
    rebuilt_scalar,
    refuse_past_max_kinds,
    shortened,
)
from kata.sandbox.limits import FRAME_TEXT_CHARACTERS, MAX_EQUAL_HASHES, MAX_NESTING

TYPE_CHECKING = False  # as in kata.sandbox.channel: the worker imports this module
if TYPE_CHECKING:  # for annotations only
    from collections.abc import Callable
    from typing import Any

# pytest leaves this module's frames out of the tracebacks it shows (--full-trace shows them):
# a learner's traceback goes from the test to their own code, and is quicker to write.
__tracebackhide__ = True


class PlainValues:
    """What one side does with the values that are not plain data: here, plain data only.

    A value that is not plain data cannot be encoded (NotImplementedError), and no handle
    is decoded (ProtocolError): the codec of values kept in files (kata.runner.probes),
    and the base of each side's codec, which gives such values handles (kata.sandbox.handles).
    """

    # Whether subclasses of list and tuple cross as such (the tests' side, which the code under test
    # must see as it would in one process), or as any other object (what the code under test returns).
    sends_container_subclasses = False

    def encode_other(self, value: object) -> dict:
        raise NotImplementedError

    def decode_other(self, tag: str, body: Any) -> object:
        raise ProtocolError(f"unexpected value of kind {tag!r}")


# Encoding -----------------------------------------------------------------------------------


class Opaque:
    """Stands for an object the code under test returned that is not plain data: equal to nothing."""

    def __init__(self, type_name: str, shown: str):
        self.type_name = type_name
        self.shown = shown

    def __repr__(self) -> str:
        return self.shown

    def __eq__(self, other: object) -> bool:
        return False

    __hash__ = object.__hash__


_SCALARS = {type(None), bool, int, float, str}
# json cannot write an int past Python's 4,300-digit limit for str() (14,000 bits or so); hex has none.
WIDE_INT_BITS = 10_000


def _widest_int(items: Any, kinds: set[type]) -> int:
    """The most bits of any int among the items (of these kinds): read in C when they are all ints."""
    return max(
        map(int.bit_length, items if kinds == {int} else (item for item in items if type(item) is int)), default=0
    )


PACKED_MIN = 1000  # ints (or lists of ints); a shorter list is cheaper as JSON


def too_deep_to_send(value: object) -> dict:
    """The stand-in of a value nested deeper than MAX_NESTING: what it was, never its contents."""
    name = type(value).__qualname__
    return {
        "opaque": {
            "type": shortened(name, REPR_LIMIT),
            "repr": shortened(f"<a {name} nested more than {MAX_NESTING} levels deep>", REPR_LIMIT),
        }
    }


class Encoder:
    """Turns one message's values into JSON-ready data, numbering containers so that shared ones stay shared.

    `known` maps the id of a container the other side already holds (an argument of the
    call) to its number there; such a container is sent as a reference, not a copy.
    """

    def __init__(self, codec: PlainValues, known: dict[int, int] | None = None, packed_min: int = PACKED_MIN):
        self.codec = codec
        self.known = known or {}
        self.packed_min = packed_min
        self.numbers: dict[int, int] = {}
        self.keep_alive: list = []  # ids are unique only while the objects live
        self.depth = 0  # of the value being encoded, in containers

    def encode(self, value: Any) -> object:
        kind = type(value)
        if value is None or kind in (bool, float, str):
            return value
        if kind is int:
            return value if value.bit_length() < WIDE_INT_BITS else {"bigint": hex(value)}
        if self.depth >= MAX_NESTING:
            return too_deep_to_send(value)
        self.depth += 1
        try:
            return self._encode(value, kind)
        finally:
            self.depth -= 1

    def _encode(self, value: Any, kind: type) -> object:
        if kind in (list, dict, set, frozenset):
            if id(value) in self.known:
                return {"arg": self.known[id(value)]}
            if id(value) in self.numbers:
                return {"ref": self.numbers[id(value)]}
            self.numbers[id(value)] = len(self.numbers)
            self.keep_alive.append(value)
            if kind is list:
                return self._list(value)
            if kind is dict:
                return {"dict": [[self.encode(k), self.encode(v)] for k, v in value.items()]}
            return {kind.__name__: [self.encode(item) for item in value]}
        if kind is tuple:
            return {"tuple": [self.encode(item) for item in value]}
        if kind is bytes:
            return {"bytes": value.decode("latin-1")}
        if kind is range:
            return {"range": [value.start, value.stop, value.step]}
        if kind is slice:
            return {"slice": [self.encode(value.start), self.encode(value.stop), self.encode(value.step)]}
        if hasattr(kind, "__dataclass_fields__"):  # an instance of a dataclass
            return self._dataclass(value)
        base = next((scalar for scalar in (int, float, str) if isinstance(value, scalar)), None)
        if base is not None:
            # A subclass of a scalar, such as NumPy's float64: its value, its class's name and its
            # repr cross, and it arrives as an instance of a subclass of the same base.
            return {"subclass": [base.__name__, kind.__qualname__, base(value), shortened(repr(value), REPR_LIMIT)]}
        if self.codec.sends_container_subclasses and isinstance(value, (list, tuple)):
            # A namedtuple or a subclass of list the tests pass: the code under test must get one too.
            return {
                "container_subclass": {
                    "base": "list" if isinstance(value, list) else "tuple",
                    "name": kind.__qualname__,
                    "fields": list(getattr(value, "_fields", [])),
                    "items": [self.encode(item) for item in value],
                }
            }
        return self.codec.encode_other(value)

    def _list(self, value: list) -> list | dict:
        kinds = set(map(type, value))
        if int in kinds and _widest_int(value, kinds) >= WIDE_INT_BITS:
            return [self.encode(item) for item in value]  # each wide int as a bigint
        if kinds <= _SCALARS:
            # The common case, numbers or strings: json.dumps takes the list as it is; a
            # long list of ints travels packed, several times faster both ways.
            return self._packed_or(value, lambda: {"ints": _pack(value)}) if kinds == {int} else value
        ids = self._ids_of_new_flat_lists(value)
        inner = set(map(type, chain.from_iterable(value))) if ids is not None else set()
        if int in inner and _widest_int(chain.from_iterable(value), inner) >= WIDE_INT_BITS:
            ids = None  # each item encoded on its own, each wide int as a bigint
        if ids is not None:
            # The next common case, a list of chunks: number them all at C speed.
            self.numbers.update(zip(ids, range(len(self.numbers), len(self.numbers) + len(value))))
            self.keep_alive.extend(value)
            if inner == {int}:
                return self._packed_or(
                    value,
                    lambda: {"int_lists": [_pack(list(map(len, value))), _pack(list(chain.from_iterable(value)))]},
                )
            return value
        return [self.encode(item) for item in value]

    def _packed_or(self, value: list, packed: Callable[[], dict]) -> list | dict:
        """A long list of ints as packed machine words (both sides run on one machine); else as it is."""
        if len(value) < self.packed_min:
            return value
        try:
            return packed()
        except OverflowError:  # an int wider than 64 bits: JSON carries any int
            return value

    def _ids_of_new_flat_lists(self, value: list) -> list | None:
        """The ids of a list's items if they are lists of scalars, none of them numbered yet; else None."""
        if not value or set(map(type, value)) != {list}:
            return None
        ids = list(map(id, value))  # once per list: a long list is numbered in one pass
        unique = set(ids)
        if len(unique) != len(value) or not unique.isdisjoint(self.numbers) or not unique.isdisjoint(self.known):
            return None
        return ids if set(map(type, chain.from_iterable(value))) <= _SCALARS else None

    def contents(self, container: Any) -> list | dict | None:
        """What a container of the call's arguments holds now (its own identity aside), or None if it cannot change."""
        self.depth = 1  # the container itself is a level, as when it crosses whole
        kind = type(container)
        if kind is list:
            return list(container) if set(map(type, container)) <= _SCALARS else [self.encode(x) for x in container]
        if kind is dict:
            return {"dict": [[self.encode(k), self.encode(v)] for k, v in container.items()]}
        if kind is set:
            return {"set": [self.encode(item) for item in container]}
        return None

    def _dataclass(self, value: Any) -> dict:
        import dataclasses  # only here: the worker starts faster without it

        fields = [[field.name, self.encode(getattr(value, field.name))] for field in dataclasses.fields(value)]
        frozen = type(value).__dataclass_params__.frozen
        return {"dataclass": {"name": type(value).__qualname__, "frozen": frozen, "fields": fields}}


def _pack(ints: list) -> str:
    return base64.b64encode(array("q", ints).tobytes()).decode("ascii")


def _unpack(text: str) -> list:
    data = base64.b64decode(text, validate=True)
    if len(data) % 8:
        raise ProtocolError("a packed list of ints with a partial item")
    words = array("q")
    words.frombytes(data)
    return words.tolist()


def _unpack_lists(body: list[str]) -> list:
    lengths, flat = map(_unpack, body)
    if min(lengths, default=0) < 0 or sum(lengths) != len(flat):
        raise ProtocolError("packed lists of ints whose lengths do not add up")
    ends = list(accumulate(lengths))
    return [flat[end - length : end] for length, end in zip(lengths, ends)]


def of_few_equal_hashes(what: str, items: list, keys: list) -> list:
    """The items, if no more than MAX_EQUAL_HASHES of their keys share one hash: n keys of one hash
    cost a set or a dict n * n / 2 probes to hold (Python's hash of an int is its value modulo
    2**61 - 1, which a worker can choose), a worker's choice of the tests' time. Counted in one pass:
    the hashes are ints, which hash to themselves."""
    if len(keys) > MAX_EQUAL_HASHES:
        most = max(Counter(map(hash, keys)).values())
        if most > MAX_EQUAL_HASHES:
            raise ProtocolError(
                f"a {what} of {len(keys):,} items, {most:,} of them of one hash, which the tests "
                "would take minutes to build"
            )
    return items


class Decoder:
    """The inverse of Encoder, for one message; `known` lists the containers an {"arg": n} refers to."""

    def __init__(self, codec: PlainValues, known: list | dict[int, Any] | None = None):
        self.codec = codec
        self.known = known or []
        self.containers: list = []  # in the encoder's numbering
        self.depth = 0  # of the value being decoded, in containers

    def decode(self, data: Any) -> Any:
        if data is None or type(data) in (bool, int, float, str):
            return data
        if self.depth > MAX_NESTING:  # the encoder's stand-in for what lies deeper is one level below its cut
            raise ProtocolError(f"a value nested more than {MAX_NESTING} levels deep")
        self.depth += 1
        try:
            return self._decode(data)
        finally:
            self.depth -= 1

    def _decode(self, data: Any) -> Any:
        if type(data) is list:
            return self._list(data)
        if type(data) is not dict or len(data) != 1:
            raise ProtocolError(f"not a value of this protocol: {str(data)[:80]}")
        ((tag, body),) = data.items()
        if tag == "dict":
            mapping: dict = {}
            self.containers.append(mapping)
            pairs = [(self.decode(key), self.decode(value)) for key, value in body]
            mapping.update(of_few_equal_hashes("dict", pairs, [key for key, _ in pairs]))
            return mapping
        if tag in ("set", "frozenset"):
            number = len(self.containers)
            self.containers.append(None)
            items = [self.decode(item) for item in body]
            made = (set if tag == "set" else frozenset)(of_few_equal_hashes(tag, items, items))
            self.containers[number] = made
            return made
        if tag == "tuple":
            return tuple(self.decode(item) for item in body)
        if tag == "ints":
            items = _unpack(body)
            self.containers.append(items)
            return items
        if tag == "int_lists":
            items = _unpack_lists(body)
            self.containers.append(items)  # numbered in the encoder's order: the list, then its chunks
            self.containers.extend(items)
            return items
        if tag == "bytes":
            return body.encode("latin-1")
        if tag == "range":
            return range(*body)
        if tag == "slice":
            return slice(*(self.decode(part) for part in body))
        if tag == "bigint":
            return int(body, 16)
        if tag == "ref":
            return self.containers[body]
        if tag == "arg":
            return self.known[body]
        if tag == "subclass":
            return rebuilt_scalar(*body)
        if tag == "container_subclass":
            return rebuilt_container(body, [self.decode(item) for item in body["items"]])
        if tag == "dataclass":
            return rebuilt_dataclass(body["name"], body["frozen"], [(n, self.decode(v)) for n, v in body["fields"]])
        return self.codec.decode_other(tag, body)

    def _list(self, data: list) -> list:
        if set(map(type, data)) <= _SCALARS:
            items = list(data)  # a copy: the message itself must not change with the value
            self.containers.append(items)
            return items
        if set(map(type, data)) == {list} and set(map(type, chain.from_iterable(data))) <= _SCALARS:
            items = list(map(list, data))  # a list of chunks, copied at C speed, numbered in order
            self.containers.append(items)
            self.containers.extend(items)
            return items
        items = []
        self.containers.append(items)  # before its items, which may refer to it
        for item in data:
            items.append(self.decode(item))
        return items


# Exceptions ---------------------------------------------------------------------------------


class RemoteError(Exception):
    """An exception of the other side that cannot be rebuilt here (not a built-in Exception).

    Each is raised as a subclass named after the original type, so that reports read
    "It raised SystemExit: 0"; being an Exception, it can never stop the tests' process.
    """


_remote_errors: dict[str, type] = {}


def remote_error(type_name: str, message: str) -> RemoteError:
    name = name_of_a_kind(type_name)
    name = name if name.isidentifier() else "UnknownError"
    if name not in _remote_errors:
        refuse_past_max_kinds(_remote_errors, "exception types")
        _remote_errors[name] = type(name, (RemoteError,), {"__module__": "the code under test"})
    return _remote_errors[name](message)


_REBUILDABLE = {
    name: value for name, value in vars(builtins).items() if isinstance(value, type) and issubclass(value, Exception)
}


def encode_exception(
    error: BaseException, encoder: Encoder, frames_in: Callable[[BaseException], list] | None = None
) -> dict:
    kind = type(error)
    try:
        args = encoder.encode(error.args)
    except Exception:
        args = None
    return {
        "type": kind.__name__,
        "builtin": kind.__module__ == "builtins",
        "message": text_of(error),
        "args": args,
        "frames": frames_in(error) if frames_in else [],
    }


def decode_exception(data: dict, decoder: Decoder) -> Exception:
    """The same built-in exception with the same args; anything else (SystemExit too) as a RemoteError."""
    kind = _REBUILDABLE.get(str(data.get("type"))) if data.get("builtin") else None
    error: Exception | None = None
    if kind is not None:
        try:
            args = decoder.decode(data["args"]) if data.get("args") is not None else (data.get("message", ""),)
            error = kind(*args)
        except Exception:
            try:
                error = kind(data.get("message", ""))
            except Exception:  # ExceptionGroup and others that need more than a message
                error = None
    if error is not None and kind is not None and len(text_of(error)) > ERROR_TEXT_LIMIT:
        try:  # the same exception, with its message cut: a report of it stays small
            error = kind(shortened(text_of(error), ERROR_TEXT_LIMIT))
        except Exception:
            error = None
    if error is None:
        error = remote_error(str(data.get("type")), shortened(str(data.get("message", "")), ERROR_TEXT_LIMIT))
    error.frames_in_worker = [  # type: ignore[attr-defined]
        tuple(shortened(part, FRAME_TEXT_CHARACTERS) if isinstance(part, str) else part for part in frame)
        for frame in data.get("frames") or []
    ]
    return error


def short_repr(value: object) -> str:
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text if len(text) <= REPR_LIMIT else text[: REPR_LIMIT - 3] + "..."


def frames_in_file(path: str, shown_as: str) -> Callable[[BaseException], list]:
    """The traceback entries of an exception that lie in one file, as (file, line, function, code)."""

    def frames(error: BaseException) -> list:
        import traceback  # only here: the worker starts faster without it

        return [
            [shown_as, frame.lineno, frame.name, frame.line or ""]
            for frame in traceback.extract_tb(error.__traceback__)
            if frame.filename == path
        ][-5:]

    return frames


def answer_of(reply: dict, decoder: Decoder) -> Any:
    """The value a reply carries, or the exception it reports, raised here."""
    try:
        if "raised" in reply:
            error = decode_exception(reply["raised"], decoder)
        elif "returned" in reply:
            return decoder.decode(reply["returned"])
        else:
            raise ProtocolError(f"a reply with neither a value nor an exception: {str(reply)[:80]}")
    except ProtocolError:
        raise
    except Exception as problem:  # a reference to nothing, an unhashable key, a malformed field
        raise ProtocolError(f"an answer that cannot be read: {type(problem).__name__}: {problem}") from None
    raise error
