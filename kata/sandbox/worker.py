"""The worker process: it runs a submission's code for an isolated run, and nothing else.

Forked from the fork server (kata.sandbox.forkserver), with the module to load in its
settings, it runs run() below and never returns to the server's loop. It limits itself
first (its address space and file sizes, then the kernel's confinement of
kata.sandbox.confinement: the files it may touch, no processes, signals or sockets),
then loads the module and answers the tests' requests over two pipes: a call of one of the
kata's functions, or the next() of a generator it returned. It imports nothing of the
runner beyond kata.sandbox's channel, values and handles (all imported by the fork
server before the fork), and reads no test or solution file: it knows only what arrives in
a request.

Whatever the submission prints is kept to a few thousand characters and sent back
with each reply; its working directory is a fresh folder of its own.
"""

from __future__ import annotations

import io
import os
import signal
import sys
import types

from kata.judging import load_problems
from kata.judging.calls import is_iterator
from kata.sandbox.channel import Channel, ChannelClosed
from kata.sandbox.confinement import Confinement, ConfinementFailed
from kata.sandbox.handles import (
    Codec,
    RemoteFunction,
    RemoteIterator,
    RemoteObject,
    Yielded,
    contents_of,
    rebuild,
    remote_iterator_named,
    remote_object,
)
from kata.sandbox.limits import FILE_LIMIT_MB, OPEN_FILES, OUTPUT_LIMIT, QUEUED_SIGNALS
from kata.sandbox.values import Decoder, Encoder, encode_exception, frames_in_file, short_repr

TYPE_CHECKING = False
if TYPE_CHECKING:  # for annotations only, as in kata.sandbox.channel: the worker starts faster without typing
    from collections.abc import Callable
    from typing import Any


class KeptOutput(io.TextIOBase):
    """Stands for stdout and stderr: keeps the first few thousand characters, counts the rest."""

    def __init__(self) -> None:
        self.kept: list[str] = []
        self.size = 0
        self.dropped = 0

    def writable(self) -> bool:
        return True

    def write(self, text: object) -> int:
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


class WorkerCodec(Codec):
    """In the worker: generators the submission returns cross as handles; other objects as opaque stand-ins."""

    def __init__(self) -> None:
        super().__init__()
        self.copies: dict[int, tuple] = {}  # id of a rebuilt copy -> (the copy, what the tests sent for it)

    def encode_other(self, value: object) -> dict:
        if isinstance(value, (RemoteIterator, RemoteFunction, RemoteObject)):
            return {"yours": value._handle}  # an object of the tests' side goes back as itself
        if id(value) in self.copies and self.copies[id(value)][0] is value:
            return {"rebuilt": self.copies[id(value)][1]}
        if is_iterator(value):
            return {"iterator": {"handle": self.remember(value, {"next"}), "repr": short_repr(value)}}
        return {"opaque": {"type": type(value).__qualname__, "repr": short_repr(value)}}

    def decode_other(self, tag: str, body: Any) -> object:
        if tag == "iterator":
            return remote_iterator_named(str(body.get("type") or "RemoteIterator"))(self, body["handle"], body["repr"])
        if tag == "callable":
            return RemoteFunction(self, body["handle"], body["repr"])
        if tag == "object":
            return remote_object(self, body["handle"], body["repr"], body["methods"], str(body.get("type") or ""))
        if tag == "rebuilt":
            copy = rebuild(self, body)
            self.copies[id(copy)] = (copy, body)
            return copy
        return super().decode_other(tag, body)


class WorkerProcess:
    """The submission's functions, loaded in this process, and the requests of the tests that call them."""

    def __init__(
        self,
        channel: Channel,
        codec: WorkerCodec,
        functions: dict,
        frames: Callable[[BaseException], list],
        output: KeptOutput,
    ) -> None:
        self.channel = channel
        self.codec = codec
        self.functions = functions
        self.frames = frames
        self.output = output
        self.yielded: dict[int, Yielded] = {}  # per generator handle
        self.readings: dict = {}  # per generator handle that the tests read to its end (kata.judging.measured_reading)

    def serve_forever(self) -> None:
        while True:
            try:
                message = self.channel.receive()
            except ChannelClosed:
                return
            self.channel.send(self.answer(message))

    def answer(self, message: dict) -> dict:
        if message.get("op") == "call" and message.get("function") in self.functions:
            reply = self.call(message)
        elif message.get("op") == "next" and message.get("handle") in self.codec.objects:
            reply = self.next(message["handle"], message.get("tests_changed") or [])
        elif message.get("op") == "read" and message.get("handle") in self.codec.objects:
            reply = self.read_measuring_memory(message)
        else:
            reply = {
                "raised": {"type": "RuntimeError", "builtin": True, "message": f"bad request {message.get('op')!r}"}
            }
        reply["output"] = self.output.take()
        return reply

    def call(self, message: dict) -> dict:
        decoder = Decoder(self.codec)
        args = [decoder.decode(arg) for arg in message["args"]]
        kwargs = {key: decoder.decode(value) for key, value in message["kwargs"].items()}
        arguments = decoder.containers
        known = {id(container): number for number, container in enumerate(arguments)}
        before = contents_of(arguments, self.codec, known)
        reply: dict
        try:
            result = self.functions[message["function"]](*args, **kwargs)
        except BaseException as error:  # SystemExit and KeyboardInterrupt too: they cost the call, not the worker
            reply = {"raised": encode_exception(error, Encoder(self.codec), self.frames)}
        else:
            reply = {"returned": Encoder(self.codec, known).encode(result)}
        after = contents_of(arguments, self.codec, known)
        if after != before:
            reply["args_after"] = after  # the submission modified its input: the tests must see that
        return reply

    def read_measuring_memory(self, message: dict) -> dict:
        """The next batch of a generator the tests read to its end, its peak traced memory, and whether it is over."""
        # Only here: the worker starts faster without tracemalloc.
        from kata.judging.measured_reading import MeasuredReading

        handle = message["handle"]
        if message.get("first") or handle not in self.readings:
            self.readings[handle] = MeasuredReading(self.codec.objects[handle], int(message["bound"]))
            self.readings[handle].start()
        reading = self.readings[handle]
        try:
            batch = reading.read_some()
        except BaseException as error:
            reading.stop()
            return {"raised": encode_exception(error, Encoder(self.codec), self.frames)}
        if reading.over:
            reading.stop()
        # Packed: while the tracer runs, each allocation is slow, and a packed batch allocates little.
        return {"returned": Encoder(self.codec, packed_min=1).encode((batch, reading.peak, reading.over))}

    def next(self, handle: int, tests_changed: list) -> dict:
        yielded = self.yielded.setdefault(handle, Yielded())
        yielded.apply(tests_changed, self.codec)  # the tests changed a chunk they hold: so does the generator's
        reply: dict
        try:
            value = next(self.codec.objects[handle])
        except StopIteration:
            reply = {"stopped": True}
        except BaseException as error:
            reply = {"raised": encode_exception(error, Encoder(self.codec), self.frames)}
        else:
            reply = {}
        produced = not reply
        changed = yielded.changes(self.codec)  # a chunk the generator modified after yielding it
        if changed:
            reply["yielded_after"] = changed
        if produced:
            encoder = Encoder(self.codec, yielded.numbers)
            reply["returned"] = encoder.encode(value)
            yielded.track(encoder.keep_alive, self.codec)
        return reply


def run(settings: dict, confinement: Confinement | str) -> None:
    """Be the worker: limit this process, load the submission, and answer requests until told to end."""
    read_fd, write_fd = settings["read_fd"], settings["write_fd"]
    output = KeptOutput()
    detach_from_the_terminal(output)
    limit_resources(settings["memory_mb"])
    os.chdir(settings["folder"])
    os.environ["HOME"] = os.environ["TMPDIR"] = settings["folder"]
    codec = WorkerCodec()
    channel = Channel(read_fd, write_fd, codec)
    unconfined = confine(settings, confinement)
    if unconfined and settings["confinement_required"]:
        channel.send(
            {
                "ready": False,
                "problem": f"the worker could not be confined, so {settings['shown_as']} was not run: {unconfined}.",
                "output": "",
            }
        )
        os._exit(0)
    functions, problem = load_functions(settings["module"], settings["functions"], settings["shown_as"])
    channel.send({"ready": problem is None, "problem": problem, "unconfined": unconfined, "output": output.take()})
    if problem is None:
        frames = frames_in_file(settings["module"], settings["shown_as"])
        WorkerProcess(channel, codec, functions, frames, output).serve_forever()
    os._exit(0)


def detach_from_the_terminal(output: KeptOutput) -> None:
    """No stdin to wait on; what the submission prints is kept (cut short), not written anywhere."""
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)
    sys.stdin = io.StringIO("")
    sys.stdout = sys.stderr = output


def limit_resources(megabytes: int) -> None:
    """Its address space, no core files, files of a few megabytes at most (a write past that raises),
    a few dozen open descriptors and a handful of queued signals."""
    import resource

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # so that a write past the limit fails with EFBIG, not a kill
    for kind, value in (
        (resource.RLIMIT_AS, megabytes * 1024 * 1024),
        (resource.RLIMIT_CORE, 0),
        (resource.RLIMIT_FSIZE, FILE_LIMIT_MB * 1024 * 1024),
        (resource.RLIMIT_NOFILE, OPEN_FILES),
        (resource.RLIMIT_SIGPENDING, QUEUED_SIGNALS),
    ):
        hard = resource.getrlimit(kind)[1]
        value = value if hard == resource.RLIM_INFINITY else min(value, hard)  # a limit may only be lowered
        resource.setrlimit(kind, (value, value))


def confine(settings: dict, confinement: Confinement | str) -> str:
    """Confine this process (kata.sandbox.confinement); '' when done, else why it could not be."""
    if isinstance(confinement, str):
        return confinement
    try:
        confinement.apply(settings["folder"], settings["hidden"])
    except ConfinementFailed as error:
        return str(error)
    return ""


def load_functions(path: str, names: list[str], shown_as: str) -> tuple[dict, str | None]:
    """The kata's functions from the submission's module, or why they cannot be had (one sentence)."""
    # Loaded as `python file.py` would run it; plainer, and quicker to start, than importlib's machinery.
    module = types.ModuleType("submission")
    module.__file__ = path
    sys.modules["submission"] = module  # dataclasses look their module up by name
    try:
        with open(path, "rb") as file:
            code = compile(file.read(), path, "exec")
        exec(code, module.__dict__)
    except SyntaxError as error:
        return {}, load_problems.syntax_error(shown_as, error)
    except BaseException as error:
        return {}, load_problems.raised_while_loading(shown_as, error)
    functions = {name: getattr(module, name, None) for name in names}
    missing = [name for name, function in functions.items() if not callable(function)]
    if missing:
        return {}, load_problems.defines_no_function(shown_as, missing[0])
    return functions, None
