"""The channel between the tests and an isolated worker process: JSON lines on two pipes, never pickle.

Each message is one line of JSON. A request is a message with an "op"; while waiting for
its reply, a side serves the other's requests (the callbacks of kata.sandbox.handles).
Both processes run this module: the tests' process (kata.sandbox.client) and the worker
(kata.sandbox.worker), each on its end of the two pipes.

A line is refused before a byte of it is decoded when it is longer than MAX_MESSAGE_BYTES,
or holds more than MAX_CONTAINERS lists and dicts: no message makes the side that reads it
allocate gigabytes, in one call of json.loads that nothing could interrupt.

Why not multiprocessing.connection: its send() pickles, and unpickling runs code of the
sender's choosing. Its send_bytes() would frame the messages as a line does, but a JSON
line can be read (and its size bounded) before a byte of it is trusted.
"""

from __future__ import annotations

import json
import os

from kata.sandbox.limits import MAX_CONTAINERS, MAX_MESSAGE_BYTES

# TYPE_CHECKING is a name of this module's own, not typing's: the worker imports this module,
# and importing typing for annotations alone would lengthen the fork server's start, which
# the first worker of every run waits for.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Protocol

    class ServesCallbacks(Protocol):
        """What a side does with the other's requests (kata.sandbox.handles.Codec)."""

        channel: Channel | None

        def serve(self, message: dict) -> dict: ...


# pytest leaves this module's frames out of the tracebacks it shows (--full-trace shows them):
# a learner's traceback goes from the test to their own code, and is quicker to write.
__tracebackhide__ = True


class ProtocolError(Exception):
    """The other side sent something that is not a message of this protocol."""


class ChannelClosed(Exception):
    """The other side closed its end: a worker that ended, or a grader that left."""


class Channel:
    """One side's end of the pipes: sends messages, waits for replies, serves the other side meanwhile."""

    def __init__(self, read_fd: int, write_fd: int, codec: ServesCallbacks):
        self.read_fd = read_fd
        self.write_fd = write_fd
        self.codec = codec
        codec.channel = self
        self._buffer = bytearray()
        self.last_received_bytes = 0  # the length of the last message received

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
                self.last_received_bytes = len(line)
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
