"""What the tests' process keeps for a worker: its handles to the tests' objects, and what they are sent.

The tests pass the worker objects that are not plain data (kata 08's embed, kata 04's
streams, kata 06's tokenizers); each stays in the tests' process, held by a handle the worker
calls back, and may keep what the worker sends it: kata 08's embedders remember every batch.
Held for the worker's whole life, from test to test, they let one submission grow the tests'
process by gigabytes, each test under its own memory limit. So the tests' side of a worker
(TestsCodec) lets go of every handle at each new test, holds at most MAX_HANDLES at once, and
counts what a run's workers send in their calls to the tests' objects: past CALLBACK_MB, the
call is stopped, and so are the run's later calls (KeptForAWorker).

Everything here runs in the tests' process.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kata.judging.calls import UsedTooMuchMemory, is_iterator
from kata.judging.elsewhere import elsewhere
from kata.judging.vocabulary import IN_THE_TESTS_KEEPING, IN_THE_WORKER, counted
from kata.sandbox.channel import ProtocolError
from kata.sandbox.clock import callback_time
from kata.sandbox.handles import FORWARDED_SPECIAL_METHODS, Codec, recipe_of
from kata.sandbox.limits import CALLBACK_MB, MAX_HANDLES
from kata.sandbox.values import Encoder, Opaque, short_repr

if TYPE_CHECKING:
    from typing import Any, Protocol

    class ServedWorker(Protocol):
        """What the codec needs of the tests' side of its worker (kata.sandbox.client.WorkerClient)."""

        kept: KeptForAWorker

        def generator(self, handle: int, shown: str) -> object: ...


# pytest leaves this module's frames out of the tracebacks it shows (--full-trace shows them):
# a learner's traceback goes from the test to their own code, and is quicker to write.
__tracebackhide__ = True


# Each stop names the process that grew (kata.judging.vocabulary.memory_stop): a UsedTooMuchMemory of judging's
# own, raised by the watchdog in an isolated run, is the tests' process reading what a worker sent.
class WorkerOutOfMemory(UsedTooMuchMemory):
    """The worker used up its address space: its own limit, not the tests' process's."""

    where = IN_THE_WORKER


class TestsKeptTooMuch(UsedTooMuchMemory):
    """The code under test made the tests' process keep too much for it, across the calls of its run:
    `limit` says what grew, and whose run it is."""

    where = IN_THE_TESTS_KEEPING


class KeptForAWorker:
    """What a run's workers of one submission made the tests' process keep, counted over the whole run."""

    def __init__(self, shown_as: str):
        self.shown_as = shown_as  # the submission's file, as the learner (or, graded, the teacher) names it
        self.sent_bytes = 0  # in the workers' calls to the tests' objects, in all of the run
        self.stopped = ""  # what grew past its limit, once something did: every later call fails at once

    def refuse_once_stopped(self) -> None:
        if self.stopped:
            raise elsewhere.stop_the_test(TestsKeptTooMuch, self.stopped)

    def count_a_callback(self, message_bytes: int) -> None:
        """A call the worker makes to one of the tests' objects, `message_bytes` long, before it is read."""
        self.refuse_once_stopped()
        self.sent_bytes += message_bytes
        if self.sent_bytes > CALLBACK_MB * 1024 * 1024:
            self.stop(
                f"sent it more than {CALLBACK_MB} MB in its calls to the tests' objects, which may keep what "
                f"they are sent (embed remembers each batch), in the run of {self.shown_as}"
            )

    def count_handles(self, held: int) -> None:
        if held > MAX_HANDLES:
            self.stop(
                f"made it hold more than {counted(MAX_HANDLES, 'object')} at once, made in answering its calls "
                f"to the tests' objects, in the run of {self.shown_as}"
            )

    def stop(self, what: str) -> None:
        self.stopped = what
        self.refuse_once_stopped()


class TestsCodec(Codec):
    """In the tests' process: what the tests pass that is not plain data stays here and is called back."""

    sends_container_subclasses = True

    def __init__(self, worker: ServedWorker):
        super().__init__()
        self.worker = worker

    def remember(self, value: object, allowed: Any) -> int:
        self.worker.kept.count_handles(len(self.objects) + 1)
        return super().remember(value, allowed)

    def encode_other(self, value: object) -> dict:
        shown = short_repr(value)
        rebuilt = recipe_of(value)
        if rebuilt is not None:
            return {
                "rebuilt": {
                    "kind": rebuilt[0],
                    "args": [self.encode_part(arg) for arg in rebuilt[1]],
                    "position": rebuilt[2],
                    "repr": shown,
                }
            }
        if is_iterator(value):
            return {"iterator": {"handle": self.remember(value, {"next"}), "repr": shown, "type": type(value).__name__}}
        if callable(value):
            return {"callable": {"handle": self.remember(value, {"call"}), "repr": shown}}
        methods = [name for name in dir(value) if _may_be_called(value, name)]
        handle = self.remember(value, methods)
        return {"object": {"handle": handle, "repr": shown, "methods": methods, "type": type(value).__name__}}

    def encode_part(self, value: object) -> object:
        return Encoder(self).encode(value)

    def serve(self, message: dict) -> dict:
        """A callback runs the tests' own object: the wait for the worker's reply is paused meanwhile,
        but not its CPU clock, so what a thread of the worker computes during a callback still counts.
        A call's arguments are counted before they are read: the object called may keep them."""
        if message.get("op") == "call":
            self.worker.kept.count_a_callback(self.connected().last_received_bytes)
        elsewhere.time.pause_the_wall_clock()
        try:
            with callback_time():
                return super().serve(message)
        finally:
            elsewhere.time.resume_the_wall_clock()

    def decode_other(self, tag: str, body: Any) -> object:
        if tag == "iterator":
            return self.worker.generator(body["handle"], body["repr"])
        if tag == "opaque":
            return Opaque(str(body["type"]), str(body["repr"]))
        if tag == "yours":
            if body not in self.objects:
                raise ProtocolError(self.names_nothing(body))
            return self.objects[body]
        return super().decode_other(tag, body)


def _may_be_called(value: object, name: str) -> bool:
    if name.startswith("_") and name not in FORWARDED_SPECIAL_METHODS:
        return False
    try:
        return callable(getattr(value, name))
    except Exception:
        return False
