"""The process that runs a submission's code for an isolated run, and nothing else.

Started by kata.isolation with the module to load, it limits itself first (address
space, files it may touch, processes and sockets it may start), then loads the module
and answers the tests' requests over two pipes: a call of one of the kata's functions,
or the next() of a generator it returned. It imports nothing of the runner beyond
kata.wire, and reads no test or solution file: it knows only what arrives in a request.

Whatever the submission prints is kept to a few thousand characters and sent back
with each reply; its working directory is a fresh folder of its own.
"""

from __future__ import annotations

import importlib.util
import io
import itertools
import json
import os
import sys
import time

from kata import wire
from kata.draining import drain_measuring_memory
from kata.toy_tokenizer import ToyTokenizer

OUTPUT_LIMIT = 4000  # characters of printed output kept per request


class KeptOutput(io.TextIOBase):
    """Stands for stdout and stderr: keeps the first few thousand characters, counts the rest."""

    def __init__(self):
        self.kept: list[str] = []
        self.size = 0
        self.dropped = 0

    def writable(self) -> bool:
        return True

    def write(self, text) -> int:
        text = str(text)
        room = OUTPUT_LIMIT - self.size
        if room > 0:
            self.kept.append(text[:room])
            self.size += min(room, len(text))
        self.dropped += max(0, len(text) - max(room, 0))
        return len(text)

    def take(self) -> str:
        text = "".join(self.kept)
        if self.dropped:
            text += f"\n[... {self.dropped} more characters not kept]"
        self.kept, self.size, self.dropped = [], 0, 0
        return text


class WorkerCodec(wire.Codec):
    """In the worker: generators the submission returns cross as handles; other objects as opaque stand-ins."""

    def __init__(self):
        super().__init__()
        self.copies: dict[int, tuple] = {}  # id of a rebuilt copy -> (the copy, what the tests sent for it)

    def encode_other(self, value):
        if isinstance(value, (wire.RemoteIterator, wire.RemoteFunction, wire.RemoteObject)):
            return {"yours": value._handle}  # an object of the tests' side goes back as itself
        if id(value) in self.copies and self.copies[id(value)][0] is value:
            return {"rebuilt": self.copies[id(value)][1]}
        if wire.is_iterator(value):
            return {"iterator": {"handle": self.remember(value, {"next"}), "repr": wire.short_repr(value)}}
        return {"opaque": {"type": type(value).__qualname__, "repr": wire.short_repr(value)}}

    def decode_other(self, tag: str, body):
        if tag == "iterator":
            return wire.RemoteIterator(self, body["handle"], body["repr"])
        if tag == "callable":
            return wire.RemoteFunction(self, body["handle"], body["repr"])
        if tag == "object":
            return wire.remote_object(self, body["handle"], body["repr"], body["methods"])
        if tag == "rebuilt":
            copy = rebuild(self, body)
            self.copies[id(copy)] = (copy, body)
            return copy
        return super().decode_other(tag, body)


class WorkingChannel(wire.Channel):
    """The worker's end, which tells the tests when it runs the submission and for how long.

    The tests' side holds a call to the worker's own work: the notices mark its start
    and end, and each callback request says how long the worker has worked so far, the
    round trips of earlier callbacks left out.
    """

    working_since: float | None = None
    waited = 0.0  # on the tests' callbacks, since working_since

    def start_working(self) -> None:
        self.working_since, self.waited = time.monotonic(), 0.0
        self.send({"event": "computing"})

    def stop_working(self) -> None:
        self.send({"event": "computed", "busy": self.busy()})
        self.working_since = None

    def busy(self) -> float:
        return 0.0 if self.working_since is None else time.monotonic() - self.working_since - self.waited

    def request(self, message: dict) -> dict:
        if self.working_since is None:
            return super().request(message)
        started = time.monotonic()
        message["busy"] = self.busy()
        try:
            return super().request(message)
        finally:
            self.waited += time.monotonic() - started


class Worker:
    def __init__(self, channel: WorkingChannel, codec: WorkerCodec, functions: dict, frames, output: KeptOutput):
        self.channel = channel
        self.codec = codec
        self.functions = functions
        self.frames = frames
        self.output = output
        self.yielded: dict[int, wire.Yielded] = {}  # per generator handle

    def serve_forever(self) -> None:
        while True:
            try:
                message = self.channel.receive()
            except wire.ChannelClosed:
                return
            self.channel.send(self.answer(message))

    def answer(self, message: dict) -> dict:
        if message.get("op") == "call" and message.get("function") in self.functions:
            reply = self.call(message)
        elif message.get("op") == "next" and message.get("handle") in self.codec.objects:
            reply = self.next(message["handle"], message.get("tests_changed") or [])
        elif message.get("op") == "drain" and message.get("handle") in self.codec.objects:
            reply = self.drain(message)
        else:
            reply = {"raised": {"type": "RuntimeError", "builtin": True, "message": f"bad request {message.get('op')!r}"}}
        reply["output"] = self.output.take()
        return reply

    def call(self, message: dict) -> dict:
        decoder = wire.Decoder(self.codec)
        args = [decoder.decode(arg) for arg in message["args"]]
        kwargs = {key: decoder.decode(value) for key, value in message["kwargs"].items()}
        arguments = decoder.containers
        known = {id(container): number for number, container in enumerate(arguments)}
        before = wire.contents_of(arguments, self.codec, known)
        # The notices let the tests' side time the submission's own work apart from the travel.
        self.channel.start_working()
        try:
            result = self.functions[message["function"]](*args, **kwargs)
        except BaseException as error:  # SystemExit and KeyboardInterrupt too: they cost the call, not the worker
            self.channel.stop_working()
            reply = {"raised": wire.encode_exception(error, wire.Encoder(self.codec), self.frames)}
        else:
            self.channel.stop_working()
            reply = {"returned": wire.Encoder(self.codec, known).encode(result)}
        after = wire.contents_of(arguments, self.codec, known)
        if after != before:
            reply["args_after"] = after  # the submission modified its input: the tests must see that
        return reply

    def drain(self, message: dict) -> dict:
        self.channel.start_working()
        try:
            count, last, peak = drain_measuring_memory(self.codec.objects[message["handle"]],
                                                       every=int(message["every"]), bound=int(message["bound"]))
        except BaseException as error:
            return {"raised": wire.encode_exception(error, wire.Encoder(self.codec), self.frames)}
        finally:
            self.channel.stop_working()
        return {"returned": wire.Encoder(self.codec).encode((count, last, peak))}

    def next(self, handle: int, tests_changed: list) -> dict:
        yielded = self.yielded.setdefault(handle, wire.Yielded())
        yielded.apply(tests_changed, self.codec)  # the tests changed a chunk they hold: so does the generator's
        self.channel.start_working()
        try:
            value = next(self.codec.objects[handle])
        except StopIteration:
            reply = {"stopped": True}
        except BaseException as error:
            reply = {"raised": wire.encode_exception(error, wire.Encoder(self.codec), self.frames)}
        else:
            reply = {}
        self.channel.stop_working()
        produced = not reply
        changed = yielded.changes(self.codec)  # a chunk the generator modified after yielding it
        if changed:
            reply["yielded_after"] = changed
        if produced:
            encoder = wire.Encoder(self.codec, yielded.numbers)
            reply["returned"] = encoder.encode(value)
            yielded.track(encoder.keep_alive, self.codec)
        return reply


def rebuild(codec: WorkerCodec, body: dict):
    """The worker's copy of a standard iterator or the toy tokenizer the tests passed (kata.isolation.recipe_of)."""
    args = [wire.Decoder(codec).decode(arg) for arg in body["args"]]
    if body["kind"] == "toy_tokenizer":
        return ToyTokenizer()
    if body["kind"] == "repeat":
        return itertools.repeat(*args)
    if body["kind"] == "count":
        return itertools.count(*args)
    if body["kind"] == "iter" and len(args) == 1 and type(args[0]) in (list, tuple, range, str):
        iterator = iter(args[0])
        if body["position"]:
            iterator.__setstate__(body["position"])
        return iterator
    raise wire.ProtocolError(f"no iterator of kind {body['kind']!r}")


def main() -> None:
    settings = json.loads(sys.argv[1])
    read_fd, write_fd = settings["read_fd"], settings["write_fd"]
    output = KeptOutput()
    detach_from_the_terminal(output)
    limit_memory(settings["memory_mb"])
    os.chdir(settings["folder"])
    from kata.sandbox import confine  # noqa: E402 -- imported before the submission, used after

    confine(settings["folder"], settings["forbidden"])
    codec = WorkerCodec()
    channel = WorkingChannel(read_fd, write_fd, codec)
    functions, problem = load_functions(settings["module"], settings["functions"], settings["shown_as"])
    channel.send({"ready": problem is None, "problem": problem, "output": output.take()})
    if problem is None:
        frames = wire.frames_in_file(settings["module"], settings["shown_as"])
        Worker(channel, codec, functions, frames, output).serve_forever()
    os._exit(0)


def detach_from_the_terminal(output: KeptOutput) -> None:
    """No stdin to wait on; what the submission prints is kept (cut short), not written anywhere."""
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)
    sys.stdin = io.StringIO("")
    sys.stdout = sys.stderr = output


def limit_memory(megabytes: int) -> None:
    import resource

    size = megabytes * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (size, size))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def load_functions(path: str, names: list[str], shown_as: str) -> tuple[dict, str | None]:
    """The kata's functions from the submission's module, or why they cannot be had (one sentence)."""
    spec = importlib.util.spec_from_file_location("submission", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["submission"] = module  # dataclasses look their module up by name
    try:
        spec.loader.exec_module(module)
    except SyntaxError as error:
        return {}, f"{shown_as} has a syntax error on line {error.lineno}: {error.msg}."
    except BaseException as error:
        return {}, f"loading {shown_as} raised {type(error).__name__}: {wire._text_of(error)}."
    functions = {name: getattr(module, name, None) for name in names}
    missing = [name for name, function in functions.items() if not callable(function)]
    if missing:
        return {}, f"{shown_as} defines no function {missing[0]}(); the tests of this kata call it."
    return functions, None


if __name__ == "__main__":
    main()
