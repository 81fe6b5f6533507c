"""The messages between the tests and an isolated worker process: JSON lines, never pickle.

Only plain data crosses: None, bools, ints, floats, strs, bytes, lists, tuples, dicts,
sets and dataclass instances, each decoded to its own type, so that a tuple stays a
tuple and `same()` judges the answer exactly as it would in one process. Objects that
are not plain data stay on their side and cross as a handle: an iterator or a
callable the tests pass in (kata 04's streams, kata 08's embed) is called back across
the pipe, and a generator the code under test returns is read one next() at a time.
Whatever else the code under test returns arrives as an Opaque stand-in that equals
nothing, so no object of its making ever runs code in the tests' process.

Identity survives too: a list returned twice, or an argument returned as it is, comes
back as the same object (kata 01 checks that a window is not the input list).
Both sides use the same Channel: a request is a message with an "op"; while waiting
for its reply, a side serves the other's requests (the callbacks).

Why not multiprocessing.connection: its send() pickles, and unpickling runs code of the
sender's choosing. Its send_bytes() would frame the messages as a line does, but a JSON
line can be read (and its size bounded, MAX_MESSAGE_BYTES) before a byte of it is trusted.
"""

from __future__ import annotations

import base64
import builtins
import json
import os
from array import array
from itertools import accumulate, chain

from kata.isolation.limits import FRAME_TEXT_CHARACTERS, MAX_CONTAINERS, MAX_KINDS, MAX_MESSAGE_BYTES
from kata.judging.load_problems import ERROR_TEXT_LIMIT, text_of

TYPE_CHECKING = False
if TYPE_CHECKING:  # for annotations only: the worker starts faster without importing typing
    from typing import Any
    from collections.abc import Callable, Iterable

# pytest leaves this module's frames out of the tracebacks it shows (--full-trace shows them):
# a learner's traceback goes from the test to their own code, and is quicker to write.
__tracebackhide__ = True

REPR_LIMIT = 300  # characters of an object's repr sent for reports


class ProtocolError(Exception):
    """The other side sent something that is not a message of this protocol."""


class ChannelClosed(Exception):
    """The other side closed its end: a worker that ended, or a grader that left."""


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
PACKED_MIN = 1000  # ints (or lists of ints); a shorter list is cheaper as JSON


class Encoder:
    """Turns one message's values into JSON-ready data, numbering containers so that shared ones stay shared.

    `known` maps the id of a container the other side already holds (an argument of the
    call) to its number there; such a container is sent as a reference, not a copy.
    """

    def __init__(self, codec: Codec, known: dict[int, int] | None = None, packed_min: int = PACKED_MIN):
        self.codec = codec
        self.known = known or {}
        self.packed_min = packed_min
        self.numbers: dict[int, int] = {}
        self.keep_alive: list = []  # ids are unique only while the objects live

    def encode(self, value: Any) -> object:
        kind = type(value)
        if value is None or kind in (bool, float, str):
            return value
        if kind is int:
            # json cannot write an int past Python's 4300-digit limit for str(); hex has none.
            return value if value.bit_length() < 10_000 else {"bigint": hex(value)}
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
        return self.codec.encode_other(value)

    def _list(self, value: list) -> list | dict:
        kinds = set(map(type, value))
        if kinds <= _SCALARS:
            # The common case, numbers or strings: json.dumps takes the list as it is; a
            # long list of ints travels packed, several times faster both ways.
            return self._packed_or(value, lambda: {"ints": _pack(value)}) if kinds == {int} else value
        ids = self._ids_of_new_flat_lists(value)
        if ids is not None:
            # The next common case, a list of chunks: number them all at C speed.
            self.numbers.update(zip(ids, range(len(self.numbers), len(self.numbers) + len(value))))
            self.keep_alive.extend(value)
            if set(map(type, chain.from_iterable(value))) == {int}:
                return self._packed_or(value, lambda: {"int_lists": [_pack(list(map(len, value))),
                                                                      _pack(list(chain.from_iterable(value)))]})
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
    return [flat[end - length:end] for length, end in zip(lengths, ends)]


class Decoder:
    """The inverse of Encoder, for one message; `known` lists the containers an {"arg": n} refers to."""

    def __init__(self, codec: Codec, known: list | dict[int, Any] | None = None):
        self.codec = codec
        self.known = known or []
        self.containers: list = []  # in the encoder's numbering

    def decode(self, data: Any) -> Any:
        if data is None or type(data) in (bool, int, float, str):
            return data
        if type(data) is list:
            return self._list(data)
        if type(data) is not dict or len(data) != 1:
            raise ProtocolError(f"not a value of this protocol: {str(data)[:80]}")
        (tag, body), = data.items()
        if tag == "dict":
            mapping: dict = {}
            self.containers.append(mapping)
            for key, value in body:
                mapping[self.decode(key)] = self.decode(value)
            return mapping
        if tag in ("set", "frozenset"):
            number = len(self.containers)
            self.containers.append(None)
            made = (set if tag == "set" else frozenset)(self.decode(item) for item in body)
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
        if tag == "dataclass":
            return _rebuild_dataclass(body["name"], body["frozen"], [(n, self.decode(v)) for n, v in body["fields"]])
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


_dataclasses: dict[tuple, type] = {}


def _rebuild_dataclass(name: str, frozen: bool, fields: list[tuple[str, Any]]) -> object:
    """An instance of a dataclass with the same name and fields (judge.same compares dataclasses by those)."""
    key = (name, frozen, tuple(field for field, _ in fields))
    if key not in _dataclasses:
        import dataclasses

        refuse_past_max_kinds(_dataclasses, "dataclasses")
        made = dataclasses.make_dataclass(name.rsplit(".", 1)[-1], list(key[2]), frozen=frozen)
        made.__qualname__ = name
        _dataclasses[key] = made
    return _dataclasses[key](**dict(fields))


def refuse_past_max_kinds(made: dict, kind: str) -> None:
    """A class is made and kept for each kind a worker names: past MAX_KINDS, names made up to grow this process."""
    if len(made) >= MAX_KINDS:
        raise ProtocolError(f"more than {MAX_KINDS} kinds of {kind} in one run")


# Exceptions ---------------------------------------------------------------------------------


class RemoteError(Exception):
    """An exception of the other side that cannot be rebuilt here (not a built-in Exception).

    Each is raised as a subclass named after the original type, so that reports read
    "It raised SystemExit: 0"; being an Exception, it can never stop the tests' process.
    """


_remote_errors: dict[str, type] = {}


def remote_error(type_name: str, message: str) -> RemoteError:
    name = type_name if type_name.isidentifier() else "UnknownError"
    if name not in _remote_errors:
        refuse_past_max_kinds(_remote_errors, "exception types")
        _remote_errors[name] = type(name, (RemoteError,), {"__module__": "the code under test"})
    return _remote_errors[name](message)


_REBUILDABLE = {name: value for name, value in vars(builtins).items()
                if isinstance(value, type) and issubclass(value, Exception)}


def encode_exception(error: BaseException, encoder: Encoder,
                     frames_in: Callable[[BaseException], list] | None = None) -> dict:
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
    error.frames_in_worker = [tuple(shortened(part, FRAME_TEXT_CHARACTERS) if isinstance(part, str) else part  # type: ignore[attr-defined]
                                    for part in frame) for frame in data.get("frames") or []]
    return error


def shortened(text: str, most: int) -> str:
    """The text, or its first characters and how many there were: a report stays readable and small."""
    if len(text) <= most:
        return text
    return f"{text[:most]}... (cut: {len(text):,} characters in all)"


def short_repr(value: object) -> str:
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text if len(text) <= REPR_LIMIT else text[: REPR_LIMIT - 3] + "..."


# Codec: what each side does with the values that are not plain data -------------------------


class Codec:
    """Handles for this side's objects, proxies for the other side's."""

    def __init__(self) -> None:
        self.objects: dict[int, Any] = {}
        # What the other side may do with each handle: "next", "call", or the names of the
        # methods sent with it. Nothing else: not even __setattr__ on an object it holds.
        self.allowed: dict[int, frozenset] = {}
        self.channel: Channel | None = None

    def connected(self) -> Channel:
        """The channel the values travel on: set before any value does."""
        if self.channel is None:
            raise ProtocolError("no channel to the other side yet")
        return self.channel

    def remember(self, value: object, allowed: Iterable[str]) -> int:
        handle = len(self.objects) + 1
        self.objects[handle] = value
        self.allowed[handle] = frozenset(allowed)
        return handle

    def encode_other(self, value: object) -> dict:
        raise NotImplementedError

    def decode_other(self, tag: str, body: Any) -> object:
        raise ProtocolError(f"unexpected value of kind {tag!r}")

    def serve(self, message: dict) -> dict:
        """Run a callback the other side asked for: next() on an iterator, or a call of a function or method."""
        handle = message.get("handle")
        target = self.objects.get(handle) if type(handle) is int else None
        if target is None:
            raise ProtocolError(f"no object with handle {message.get('handle')!r}")
        wanted = message.get("method") or message.get("op")
        if wanted not in self.allowed[message["handle"]]:
            raise ProtocolError(f"{wanted!r} is not allowed on handle {message['handle']}")
        encoder = Encoder(self)
        try:
            if message["op"] == "next":
                try:
                    value = next(target)
                except StopIteration:
                    return {"stopped": True}
            elif message["op"] == "call":
                decoder = Decoder(self)
                args = [decoder.decode(arg) for arg in message.get("args", [])]
                kwargs = {key: decoder.decode(value) for key, value in message.get("kwargs", {}).items()}
                method = message.get("method")
                function = getattr(target, method) if method else target
                value = function(*args, **kwargs)
            else:
                raise ProtocolError(f"no operation {message['op']!r}")
            return {"returned": encoder.encode(value)}
        except Exception as error:
            return {"raised": encode_exception(error, Encoder(self))}


class Yielded:
    """The lists a generator yielded lately, numbered, with what each held when it was yielded.

    Each side keeps one per generator, in step: the worker sends a chunk yielded again
    as a reference, and the contents of a chunk it changed after yielding it; the tests
    send the contents of a chunk they changed before asking for the next one. So both
    sides see one list, as they would in one process. Only the latest TRACKED are kept:
    a change to a chunk yielded long before is not followed.
    """

    TRACKED = 16

    def __init__(self) -> None:
        self.by_number: dict[int, Any] = {}
        self.numbers: dict[int, int] = {}  # id of a tracked container -> its number
        self.held: dict[int, Any] = {}  # in the worker: the contents as last sent
        self.count = 0

    def track(self, containers: list, codec: Codec | None = None) -> None:
        """Number the new containers of the value just sent (or received), in the encoder's order."""
        for container in containers:
            self.by_number[self.count] = container
            self.numbers[id(container)] = self.count
            self.count += 1
        for number in [n for n in self.by_number if n < self.count - self.TRACKED]:
            del self.numbers[id(self.by_number.pop(number))]
            self.held.pop(number, None)
        if codec is not None:
            for container in containers:
                tracked = self.numbers.get(id(container))
                if tracked is not None:
                    self.held[tracked] = self._contents(container, codec)

    def apply(self, changes: list, codec: Codec) -> None:
        """Refill the tracked containers with the other side's changes, [[number, contents], ...]."""
        for number, content in changes:
            container = self.by_number.get(number)
            if container is not None:
                refill(container, Decoder(codec, self.by_number).decode(content))
                self.held[number] = self._contents(container, codec)

    def changes(self, codec: Codec) -> list:
        """[[number, contents], ...] for the tracked containers that changed since they were last sent."""
        changed = []
        for number, container in self.by_number.items():
            now = self._contents(container, codec)
            if now != self.held[number]:
                self.held[number] = now
                changed.append([number, now])
        return changed

    def _contents(self, container: object, codec: Codec) -> list | dict | None:
        return Encoder(codec, self.numbers).contents(container)


def refill(container: Any, content: Any) -> None:
    """Make a list, dict or set hold what `content` (of the same type) holds, keeping its identity."""
    if type(content) is not type(container):
        return
    if type(container) is list:
        container[:] = content
    else:
        container.clear()
        container.update(content)


def contents_of(containers: list, codec: Codec, known: dict[int, int]) -> list:
    """What each container of a call's arguments holds, the arguments' containers inside sent as references."""
    return [Encoder(codec, known).contents(container) for container in containers]


class RemoteIterator:
    """An iterator of the other side, read one next() at a time across the pipe."""

    def __init__(self, codec: Codec, handle: int, shown: str):
        self._codec = codec
        self._handle = handle
        self._shown = shown

    def __iter__(self) -> RemoteIterator:
        return self

    def __next__(self) -> Any:
        channel = self._codec.connected()
        reply = channel.request({"op": "next", "handle": self._handle})
        if reply.get("stopped"):
            raise StopIteration
        return channel.answer_of(reply)

    def __repr__(self) -> str:
        return self._shown


class RemoteFunction:
    """A callable of the other side (or one method of its object)."""

    def __init__(self, codec: Codec, handle: int, shown: str, method: str | None = None):
        self._codec = codec
        self._handle = handle
        self._shown = shown
        self._method = method

    def __call__(self, *args: object, **kwargs: object) -> Any:
        encoder = Encoder(self._codec)
        message = {"op": "call", "handle": self._handle, "method": self._method,
                   "args": [encoder.encode(arg) for arg in args],
                   "kwargs": {str(key): encoder.encode(value) for key, value in kwargs.items()}}
        channel = self._codec.connected()
        return channel.answer_of(channel.request(message))

    def __repr__(self) -> str:
        return self._shown


# The special methods an object of the other side may have, which Python looks up on the type.
FORWARDED_SPECIAL_METHODS = ("__len__", "__getitem__", "__iter__", "__contains__", "__bool__", "__float__",
                             "__int__", "__index__")


class RemoteObject:
    """An object of the other side whose public methods can be called (kata 06's tokenizer).

    Made through remote_object(), as a class that has exactly the special methods of the
    original (len() of an object without __len__ must still raise TypeError).
    """

    def __init__(self, codec: Codec, handle: int, shown: str, methods: list[str]):
        self._codec = codec
        self._handle = handle
        self._shown = shown
        self._methods = set(methods)

    def __getattr__(self, name: str) -> RemoteFunction:
        if name.startswith("_") or name not in self._methods:
            raise AttributeError(f"{self._shown} has no method {name!r} that can be called from here")
        return RemoteFunction(self._codec, self._handle, f"{self._shown}.{name}", name)

    def __repr__(self) -> str:
        return self._shown


_remote_classes: dict[frozenset, type] = {}


def remote_object(codec: Codec, handle: int, shown: str, methods: list[str]) -> RemoteObject:
    special = frozenset(name for name in methods if name in FORWARDED_SPECIAL_METHODS)
    if special not in _remote_classes:
        _remote_classes[special] = type("RemoteObject", (RemoteObject,),
                                        {name: _forwarder(name) for name in special})
    return _remote_classes[special](codec, handle, shown, methods)


def _forwarder(name: str) -> Callable[..., Any]:
    def forward(self: RemoteObject, *args: object) -> Any:
        return RemoteFunction(self._codec, self._handle, f"{self._shown}.{name}", name)(*args)

    forward.__name__ = name
    return forward


# Framing and the request loop ---------------------------------------------------------------


class Channel:
    """One side's end of the pipes: sends messages, waits for replies, serves the other side meanwhile."""

    def __init__(self, read_fd: int, write_fd: int, codec: Codec):
        self.read_fd = read_fd
        self.write_fd = write_fd
        self.codec = codec
        codec.channel = self
        self._buffer = bytearray()

    def send(self, message: dict) -> None:
        data = json.dumps(message, separators=(",", ":")).encode("ascii") + b"\n"
        view = memoryview(data)
        while view:
            written = os.write(self.write_fd, view)
            view = view[written:]

    def receive(self) -> dict:
        searched = 0  # the bytes already known to hold no line break
        while True:
            end = self._buffer.find(b"\n", searched)
            if end >= 0:
                line = bytes(self._buffer[:end])
                del self._buffer[: end + 1]
                return self._parse(line)
            searched = len(self._buffer)
            if searched > MAX_MESSAGE_BYTES:
                raise ProtocolError(f"a message longer than {MAX_MESSAGE_BYTES} bytes")
            self.wait_for_data()
            # Small reads for the many small messages (a large buffer costs more than the read);
            # larger once a big one comes.
            chunk = os.read(self.read_fd, 4096 if len(self._buffer) < 4096 else 1 << 18)
            if not chunk:
                raise ChannelClosed("the other side closed the pipe")
            self._buffer += chunk

    def wait_for_data(self) -> None:
        """Block until the pipe can be read; the grader's side bounds the wait."""

    def request(self, message: dict) -> dict:
        """Send a request and return its reply, serving the other side's callbacks until it comes."""
        self.send(message)
        while True:
            incoming = self.receive()
            if "op" in incoming:
                self.send(self.codec.serve(incoming))
            else:
                return incoming

    def answer_of(self, reply: dict, known: list | None = None, decoder: Decoder | None = None) -> Any:
        """The value a reply carries, or the exception it reports, raised here."""
        decoder = decoder or Decoder(self.codec, known)
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

    @staticmethod
    def _parse(line: bytes) -> dict:
        if line.count(b"[") + line.count(b"{") > MAX_CONTAINERS:
            raise ProtocolError(f"a message of more than {MAX_CONTAINERS:,} lists and dicts")
        try:
            message = json.loads(line)
        except (ValueError, RecursionError):
            raise ProtocolError(f"not JSON (or nested too deep): {line[:80]!r}") from None
        if type(message) is not dict:
            raise ProtocolError(f"not a message: {line[:80]!r}")
        return message


def frames_in_file(path: str, shown_as: str) -> Callable[[BaseException], list]:
    """The traceback entries of an exception that lie in one file, as (file, line, function, code)."""

    def frames(error: BaseException) -> list:
        import traceback  # only here: the worker starts faster without it

        return [[shown_as, frame.lineno, frame.name, frame.line or ""]
                for frame in traceback.extract_tb(error.__traceback__) if frame.filename == path][-5:]

    return frames
