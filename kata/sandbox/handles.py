"""Handles: what is not plain data stays on its side, and crosses as a handle the other side calls back.

An iterator or a callable the tests pass in (kata 04's streams, kata 08's embed) is called
back across the pipe, an object's public methods too (kata 06's tokenizer), and a
generator the code under test returns is read one next() at a time. The other side may do
with a handle only what was offered with it: next(), a call, or the methods named.

A generator's chunks are lists both sides hold: Yielded keeps the changes of either side's
copies in step (a chunk the generator changed after yielding it, or that the tests changed
before asking for the next one), as refill() and contents_of() do for a call's arguments.

The iterators of the standard library, and a kata's material whose class says so, cross
instead as a recipe the worker makes a copy from (recipe_of, rebuild): no round trip.

Both processes run this module: the tests' process (kata.sandbox.client) and the worker
(kata.sandbox.worker), each with a codec of its own made from Codec.
"""

from __future__ import annotations

import functools
import itertools
import sys

from kata.sandbox.channel import Channel, ProtocolError
from kata.sandbox.values import Decoder, Encoder, PlainValues, answer_of, encode_exception

TYPE_CHECKING = False  # as in kata.sandbox.channel: the worker imports this module
if TYPE_CHECKING:  # for annotations only
    from collections.abc import Callable, Iterable
    from typing import Any

# pytest leaves this module's frames out of the tracebacks it shows (--full-trace shows them):
# a learner's traceback goes from the test to their own code, and is quicker to write.
__tracebackhide__ = True


class Codec(PlainValues):
    """Handles for this side's objects, proxies for the other side's: each side's codec is one of these."""

    def __init__(self) -> None:
        self.objects: dict[int, Any] = {}
        # What the other side may do with each handle: "next", "call", or the names of the
        # methods sent with it. Nothing else: not even __setattr__ on an object it holds.
        self.allowed: dict[int, frozenset] = {}
        self.channel: Channel | None = None
        self.handles_made = 0  # never reused: a handle let go (forget_every_handle) names nothing afterwards

    def connected(self) -> Channel:
        """The channel the values travel on: set before any value does."""
        if self.channel is None:
            raise ProtocolError("no channel to the other side yet")
        return self.channel

    def remember(self, value: object, allowed: Iterable[str]) -> int:
        self.handles_made += 1
        handle = self.handles_made
        self.objects[handle] = value
        self.allowed[handle] = frozenset(allowed)
        return handle

    def names_nothing(self, handle: object) -> str:
        if type(handle) is int and 0 < handle <= self.handles_made:
            return f"handle {handle} names an object of an earlier test, let go since: a test's objects are not kept"
        return f"no object with handle {handle!r}"

    def forget_every_handle(self) -> None:
        """Let go of every object the other side was given a handle to: a handle it calls later names nothing."""
        self.objects.clear()
        self.allowed.clear()

    def serve(self, message: dict) -> dict:
        """Run a callback the other side asked for: next() on an iterator, or a call of a function or method."""
        handle = message.get("handle")
        target = self.objects.get(handle) if type(handle) is int else None
        if target is None:
            raise ProtocolError(self.names_nothing(handle))
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
        reply = self._codec.connected().request({"op": "next", "handle": self._handle})
        if reply.get("stopped"):
            raise StopIteration
        return answer_of(reply, Decoder(self._codec))

    def __repr__(self) -> str:
        return self._shown


@functools.cache
def remote_iterator_named(name: str) -> type[RemoteIterator]:
    """RemoteIterator under the name of the iterator's own type on the tests' side ("generator", "list_iterator"),
    so that code which names the type of what it was given names the same type isolated as in one process."""
    return type(name if name.isidentifier() else "RemoteIterator", (RemoteIterator,), {})


class RemoteFunction:
    """A callable of the other side (or one method of its object)."""

    def __init__(self, codec: Codec, handle: int, shown: str, method: str | None = None):
        self._codec = codec
        self._handle = handle
        self._shown = shown
        self._method = method

    def __call__(self, *args: object, **kwargs: object) -> Any:
        encoder = Encoder(self._codec)
        message = {
            "op": "call",
            "handle": self._handle,
            "method": self._method,
            "args": [encoder.encode(arg) for arg in args],
            "kwargs": {str(key): encoder.encode(value) for key, value in kwargs.items()},
        }
        return answer_of(self._codec.connected().request(message), Decoder(self._codec))

    def __repr__(self) -> str:
        return self._shown


# The special methods an object of the other side may have, which Python looks up on the type.
FORWARDED_SPECIAL_METHODS = (
    "__len__",
    "__getitem__",
    "__iter__",
    "__contains__",
    "__bool__",
    "__float__",
    "__int__",
    "__index__",
)


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


_remote_classes: dict[tuple[str, frozenset], type] = {}


def remote_object(codec: Codec, handle: int, shown: str, methods: list[str], type_name: str = "") -> RemoteObject:
    """A proxy under the name of the object's own type on the tests' side ("deque", "ToyTokenizer"), as
    remote_iterator_named does for iterators: code that names the type of what it was given names the same
    type isolated as in one process."""
    special = frozenset(name for name in methods if name in FORWARDED_SPECIAL_METHODS)
    name = type_name if type_name.isidentifier() else "RemoteObject"
    if (name, special) not in _remote_classes:
        _remote_classes[name, special] = type(name, (RemoteObject,), {method: _forwarder(method) for method in special})
    return _remote_classes[name, special](codec, handle, shown, methods)


def _forwarder(name: str) -> Callable[..., Any]:
    def forward(self: RemoteObject, *args: object) -> Any:
        return RemoteFunction(self._codec, self._handle, f"{self._shown}.{name}", name)(*args)

    forward.__name__ = name
    return forward


# Copies: what the worker makes afresh instead of calling back -------------------------------

# Objects the worker can make a copy of, so that using them costs no round trip: the
# iterators of the standard library (rebuilt from their state; only the worker's copy
# advances; the tests' streams whose reads a test counts are objects of their own, called
# back), and a kata's material whose class says it may be copied (copied_by_workers), made
# afresh in the worker from its class: kata 06's toy tokenizer.
_REBUILT_BY_ITER = {"list_iterator", "tuple_iterator", "range_iterator", "str_ascii_iterator", "str_iterator"}


def recipe_of(value: Any) -> tuple[str, list, int] | None:
    """(kind, args, position) for an iterator the worker can make a copy of, else None: the tests' side."""
    name = type(value).__name__
    if name in _REBUILT_BY_ITER and type(value).__module__ == "builtins":
        _, (sequence,), *position = value.__reduce__()
        return "iter", [sequence], (position[0] if position else 0)
    if type(value) in (itertools.repeat, itertools.count):
        _, args = value.__reduce__()[:2]
        return type(value).__name__, list(args), 0
    if getattr(type(value), "copied_by_workers", False) is True:
        return "copy", [type(value).__module__, type(value).__qualname__], 0
    return None


def rebuild(codec: Codec, body: dict) -> object:
    """The worker's copy of a standard iterator or a kata's material the tests passed, from its recipe_of()."""
    args = [Decoder(codec).decode(arg) for arg in body["args"]]
    if body["kind"] == "copy" and len(args) == 2 and all(type(arg) is str for arg in args):
        module, name = args
        # Only a class of the kata package loaded before the submission: never an import here.
        kind = getattr(sys.modules.get(module) if module.startswith("kata.") else None, name, None)
        if isinstance(kind, type) and getattr(kind, "copied_by_workers", False) is True:
            return kind()
    if body["kind"] == "repeat":
        return itertools.repeat(*args)
    if body["kind"] == "count":
        return itertools.count(*args)
    if body["kind"] == "iter" and len(args) == 1 and type(args[0]) in (list, tuple, range, str):
        iterator = iter(args[0])
        if body["position"]:
            iterator.__setstate__(body["position"])
        return iterator
    raise ProtocolError(f"no iterator of kind {body['kind']!r}")
