"""The process that runs a submission's code for an isolated run, and nothing else.

Forked, with the module to load, from a server process that imported this module once
(kata.isolation.forkserver; main() below is that server), it limits itself first (its address
space and file sizes, then the kernel's confinement of kata.isolation.confinement: the files it
may touch, no processes, signals or sockets), then loads the module and
answers the tests' requests over two pipes: a call of one of the kata's functions, or
the next() of a generator it returned. It imports nothing of the runner beyond
kata.isolation's channel, values and handles, and reads no test or solution file: it knows
only what arrives in a request.

Whatever the submission prints is kept to a few thousand characters and sent back
with each reply; its working directory is a fresh folder of its own.
"""

from __future__ import annotations

import io
import itertools
import json
import os
import select
import signal
import socket
import sys
import time
import types

from kata.catalog import MATERIALS
from kata.isolation.channel import Channel, ChannelClosed, ProtocolError
from kata.isolation.handles import (Codec, RemoteFunction, RemoteIterator, RemoteObject, Yielded, contents_of,
                                    remote_object)
from kata.isolation.values import Decoder, Encoder, encode_exception, frames_in_file, short_repr
from kata.isolation.confinement import Confinement, ConfinementFailed
from kata.judging import load_problems
from kata.judging.calls import is_iterator
from kata.isolation.limits import (FILE_LIMIT_MB, MAX_PAGE_TABLES_KB, MAX_THREADS, OPEN_FILES, OUTPUT_LIMIT,
                                   PARENT_CHECK_SECONDS, QUEUED_SIGNALS, THREAD_CHECK_SECONDS)

TYPE_CHECKING = False
if TYPE_CHECKING:  # for annotations only, as in kata.isolation.channel: the worker starts faster without typing
    from typing import Any
    from collections.abc import Callable


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
            return RemoteIterator(self, body["handle"], body["repr"])
        if tag == "callable":
            return RemoteFunction(self, body["handle"], body["repr"])
        if tag == "object":
            return remote_object(self, body["handle"], body["repr"], body["methods"])
        if tag == "rebuilt":
            copy = rebuild(self, body)
            self.copies[id(copy)] = (copy, body)
            return copy
        return super().decode_other(tag, body)


class Worker:
    def __init__(self, channel: Channel, codec: WorkerCodec, functions: dict,
                 frames: Callable[[BaseException], list], output: KeptOutput) -> None:
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
            reply = {"raised": {"type": "RuntimeError", "builtin": True,
                                "message": f"bad request {message.get('op')!r}"}}
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


def rebuild(codec: WorkerCodec, body: dict) -> object:
    """The worker's copy of a standard iterator or a kata's material the tests passed.

    The tests' side describes it in kata.isolation.workers.recipe_of.
    """
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


def main() -> None:
    settings = json.loads(sys.argv[1])
    serve_forks(socket.socket(fileno=settings["fork_server_fd"]), prepare_confinement(settings["hidden"]))


def prepare_confinement(hidden: list[str]) -> Confinement | str:
    """The confinement every worker will apply to itself, or why there can be none here."""
    try:
        return Confinement(hidden)
    except ConfinementFailed as error:
        return str(error)


def serve_forks(control: socket.socket, confinement: Confinement | str) -> None:
    """Start a worker for each request of the tests' process, forked from this process (kata.isolation.forkserver).

    A request brings the worker's settings and the ends of its two pipes; the reply is
    its process id. The tests' process also asks here for a worker's exit status, since
    the workers are this process's children. When the tests' process is gone, so are
    this server and every worker it started.
    """
    # Imported once here, so that no worker spends its start on them; and a confined worker
    # could not read the runner's files to import them: these are all it ever needs.
    import importlib
    import resource  # noqa: F401
    import kata.judging.measured_reading  # noqa: F401

    for material in MATERIALS:  # which submissions import, and which the tests' copies are made from (rebuild)
        importlib.import_module(material)

    parent, children, stopped_for = os.getppid(), set[int](), dict[int, str]()
    while True:
        request: dict = {"op": "end"}
        fds: list[int] = []
        try:
            if select.select([control], [], [], THREAD_CHECK_SECONDS if children else PARENT_CHECK_SECONDS)[0]:
                data, fds, _, _ = socket.recv_fds(control, 1 << 16, 2)
                request = json.loads(data) if data else request
            elif os.getppid() == parent:
                stopped_for.update(stop_workers_past_their_kernel_limits(children - stopped_for.keys()))
                continue
        except (OSError, ValueError):
            pass
        if request.get("op") == "start" and len(fds) == 2:
            reply: dict = {"pid": fork_a_worker(control, request["settings"], fds, confinement)}
            children.add(reply["pid"])
        elif request.get("op") == "wait":
            pid = int(request["pid"])
            reply = {"returncode": exit_status_of(pid), "stopped_for": stopped_for.pop(pid, "")}
            children.discard(pid)
        else:  # the tests' process has gone, or speaks nonsense
            for child in children:
                try:
                    os.killpg(child, signal.SIGKILL)
                except OSError:
                    pass
            os._exit(0)
        for fd in fds:
            os.close(fd)
        control.send(json.dumps(reply).encode("ascii"))


def stop_workers_past_their_kernel_limits(workers: set[int]) -> dict[int, str]:
    """Kill each worker running more than MAX_THREADS threads or holding more than MAX_PAGE_TABLES_KB
    of page tables; returns why, by process id."""
    stopped = {}
    for pid in workers:
        why = kernel_limit_passed(status_of(pid))
        if why == MAIN_THREAD_ENDED:
            # A worker ending by exit_group shows this state for an instant, while its other
            # threads are being ended: only one that still shows it a moment later is stopped.
            time.sleep(THREAD_CHECK_SECONDS)
            why = kernel_limit_passed(status_of(pid))
        if why is None:
            continue
        stopped[pid] = why
        try:
            os.killpg(pid, signal.SIGKILL)
        except OSError:
            pass
    return stopped


def status_of(pid: int) -> dict[bytes, bytes]:
    """The fields of the process's /proc status; none when it has been reaped, or there is no /proc."""
    try:
        with open(f"/proc/{pid}/status", "rb") as status:
            return dict(line.split(b":", 1) for line in status.read().splitlines() if b":" in line)
    except OSError:
        return {}


MAIN_THREAD_ENDED = "its main thread ended while its other threads ran on"


def kernel_limit_passed(status: dict[bytes, bytes]) -> str | None:
    """Why a worker with this /proc status must be stopped, or None."""
    threads = int(status.get(b"Threads", b"0"))
    if status.get(b"State", b"").strip().startswith(b"Z"):
        # The main thread ended alone (a raw exit system call) and left the others running:
        # the status of a zombie shows neither its page tables nor, once read, anything to
        # count again, so its threads would escape both limits. A worker answers from its
        # main thread; a zombie with no other thread is only ending.
        return MAIN_THREAD_ENDED if threads > 1 else None
    if threads > MAX_THREADS:
        return f"it ran more than {MAX_THREADS} threads"
    page_tables = status.get(b"VmPTE", b"").split()
    if page_tables and int(page_tables[0]) > MAX_PAGE_TABLES_KB:
        return (f"its memory mappings took more than {MAX_PAGE_TABLES_KB // 1024} MB of the kernel's "
                "page tables (thousands of small mappings, scattered)")
    return None


def fork_a_worker(control: socket.socket, settings: dict, fds: list[int], confinement: Confinement | str) -> int:
    pid = os.fork()
    if pid:
        return pid
    try:
        control.close()
        os.setsid()  # its own process group: a kill reaches anything it started
        settings["read_fd"], settings["write_fd"] = fds
        sys.argv[1:] = [json.dumps(settings)]  # as if started on its own
        run(settings, confinement)
    finally:
        os._exit(1)  # never back into the server's loop


def exit_status_of(pid: int) -> int | None:
    """The worker's exit code, or minus the signal that ended it (as subprocess gives it); None if unknown."""
    try:
        _, status = os.waitpid(pid, 0)
    except ChildProcessError:
        return None
    return os.waitstatus_to_exitcode(status)


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
        channel.send({"ready": False, "problem": f"the worker could not be confined, so {settings['shown_as']} "
                                                 f"was not run: {unconfined}.", "output": ""})
        os._exit(0)
    functions, problem = load_functions(settings["module"], settings["functions"], settings["shown_as"])
    channel.send({"ready": problem is None, "problem": problem, "unconfined": unconfined, "output": output.take()})
    if problem is None:
        frames = frames_in_file(settings["module"], settings["shown_as"])
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


def limit_resources(megabytes: int) -> None:
    """Its address space, no core files, files of a few megabytes at most (a write past that raises),
    a few dozen open descriptors and a handful of queued signals."""
    import resource

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # so that a write past the limit fails with EFBIG, not a kill
    for kind, value in ((resource.RLIMIT_AS, megabytes * 1024 * 1024), (resource.RLIMIT_CORE, 0),
                        (resource.RLIMIT_FSIZE, FILE_LIMIT_MB * 1024 * 1024), (resource.RLIMIT_NOFILE, OPEN_FILES),
                        (resource.RLIMIT_SIGPENDING, QUEUED_SIGNALS)):
        hard = resource.getrlimit(kind)[1]
        value = value if hard == resource.RLIM_INFINITY else min(value, hard)  # a limit may only be lowered
        resource.setrlimit(kind, (value, value))


def confine(settings: dict, confinement: Confinement | str) -> str:
    """Confine this process (kata.isolation.confinement); '' when done, else why it could not be."""
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


if __name__ == "__main__":
    main()
