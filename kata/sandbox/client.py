"""The tests' side of one worker: a submission's functions, called in a worker process of their own.

The tests and their assertions stay in this process; only the arguments travel to the
worker (kata.sandbox.worker) and only plain data comes back (kata.sandbox.values). The
worker is killed and replaced whenever a call is cut short (a time limit, an interrupted
test), ends by itself (sys.exit is caught; os._exit and crashes are not), or runs out of
its address space; the call then fails with a verdict, and the next call starts a fresh
worker. So no submission can hang, crash or fool the tests' process.

Everything here runs in the tests' process (`pytest --isolate`, and each student's run of
`kata grade`); the worker's side is kata.sandbox.worker.
"""

from __future__ import annotations

import os
import select
import shutil
import signal
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from kata.judging import load_problems
from kata.judging.calls import DidNotFinish
from kata.judging.elsewhere import elsewhere
from kata.judging.limits import WORKER_MEMORY_MB, can_watch
from kata.katas import relative
from kata.sandbox.channel import Channel, ChannelClosed, ProtocolError
from kata.sandbox.clock import cpu_clock_of, protocol_time, signals_held, travel_time
from kata.sandbox.folders import remove_folder
from kata.sandbox.forking import ForkedProcess, ForkServerFailed, fork_server
from kata.sandbox.handles import Yielded, refill
from kata.sandbox.kept import KeptForAWorker, TestsCodec, WorkerOutOfMemory
from kata.sandbox.kinds import shortened
from kata.sandbox.limits import (
    IDLE_CPU_SECONDS,
    LOAD_CPU_SECONDS,
    SLOW_LOAD_SECONDS,
    UNWATCHED_SECONDS,
    WORKER_START_SECONDS,
)
from kata.sandbox.memory import WorkerReading, memory_of
from kata.sandbox.states import has_ended, hidden_from_the_worker, pending_once_stopped, sent_since_rest, why_it_ended
from kata.sandbox.values import Decoder, Encoder, answer_of

if TYPE_CHECKING:
    from typing import Any

# pytest leaves this module's frames out of the tracebacks it shows (--full-trace shows them):
# a learner's traceback goes from the test to their own code, and is quicker to write.
__tracebackhide__ = True


class WorkerEnded(Exception):
    """The worker process ended during a call: os._exit, a crash, or a limit of the operating system."""


class WorkerCouldNotStart(Exception):
    """The submission could not be loaded in a worker; the message says why in one sentence."""


class WorkerChannel(Channel):
    deadline: float | None = None  # while the worker starts: the time by which it must be ready

    def wait_for_data(self) -> None:
        if self.deadline is not None:
            ready, _, _ = select.select([self.read_fd], [], [], max(0.0, self.deadline - time.monotonic()))
            if not ready:
                raise TimeoutError
            return
        # With a watchdog running, its signal ends the wait at the test's limits; without
        # one (another platform, another thread), this bound keeps the wait finite.
        seconds = None if can_watch() else UNWATCHED_SECONDS
        ready, _, _ = select.select([self.read_fd], [], [], seconds)
        if not ready:
            raise DidNotFinish(elsewhere.call_in_progress(), f"{UNWATCHED_SECONDS:g} s for one reply")


class WorkerClient:
    """One submission module, loaded in a process of its own; started on the first call, restarted after a kill."""

    def __init__(
        self,
        source: Path,
        functions: tuple[str, ...],
        memory_mb: int = WORKER_MEMORY_MB,
        confinement_required: bool = False,
    ):
        self.source = Path(source)
        self.functions = functions
        self.memory_mb = memory_mb
        self.confinement_required = confinement_required  # else a worker that cannot be confined runs unconfined
        self.unconfined = ""  # why the last worker started runs unconfined, if it does
        self.spawned_at = 0.0  # the wall clock when the last process was started
        self.slow_to_load = ""  # why the module is not loaded again in this run, once it loaded too slowly
        self.memory_at_ready: dict[str, int] = {}  # its resident memory once loaded, by field of /proc/PID/status
        self.process: ForkedProcess | None = None
        self.generation = 0  # counts the processes started: a generator belongs to one of them
        self.output = ""  # what the submission printed during the last request
        self.ended_in_this_test: WorkerEnded | None = None
        self.cpu_at_rest: float | None = None  # the worker's CPU time when it loaded, or its last request ended
        self.started_in_this_test = False  # its process was started during the current test (start_a_test)
        self.sent_while_resting: set[int] = set()  # the signals sent to the worker while it last rested
        self.pending_at_rest: set[int] | None = None  # those waiting once it was seen stopped; None: not seen
        self.kept = KeptForAWorker(relative(self.source))  # what its processes made the tests keep, in the run

    # Calls ----------------------------------------------------------------------------------

    def call(self, function: str, args: tuple, kwargs: dict) -> Any:
        with protocol_time():
            return self._call(function, args, kwargs)

    def next(self, handle: int, generation: int, yielded: Yielded) -> Any:
        with protocol_time():
            return self._next(handle, generation, yielded)

    def _call(self, function: str, args: tuple, kwargs: dict) -> Any:
        if self.ended_in_this_test is not None:
            # The test fails already; a retrying caller (Hypothesis shrinking its example)
            # must not make a crashing submission start a new worker for every retry.
            raise WorkerEnded(str(self.ended_in_this_test))
        self.kept.refuse_once_stopped()
        self.start_if_needed()
        encoder = Encoder(self.codec)
        with travel_time():
            message = {
                "op": "call",
                "function": function,
                "args": [encoder.encode(arg) for arg in args],
                "kwargs": {key: encoder.encode(value) for key, value in kwargs.items()},
            }
        reply = self.exchange(message)
        if "args_after" in reply:
            self.read_back_arguments(reply["args_after"], encoder.keep_alive)
        return self.answer(reply, encoder.keep_alive)

    def _next(self, handle: int, generation: int, yielded: Yielded) -> Any:
        self.require(generation)
        reply = self.exchange({"op": "next", "handle": handle, "tests_changed": yielded.changes(self.codec)})
        if reply.get("yielded_after"):
            try:
                yielded.apply(reply["yielded_after"], self.codec)
            except Exception as error:
                raise self.garbled(error) from None
        if reply.get("stopped"):
            raise StopIteration
        decoder = Decoder(self.codec, yielded.by_number)
        value = self.answer(reply, decoder=decoder)
        yielded.track(decoder.containers, self.codec)
        return value

    def generator(self, handle: int, shown: str) -> WorkerIterator:
        """A generator the submission returned, which lives in the current process."""
        return WorkerIterator(self, self.generation, handle, shown)

    def let_go_of_the_last_test(self) -> None:
        """A new test: the objects the earlier tests passed the worker (and what they kept) are let go."""
        if self.process is not None:
            self.codec.forget_every_handle()

    def require(self, generation: int) -> ForkedProcess:
        """The worker process a generator of this generation lives in; raises WorkerEnded when it has gone."""
        if generation != self.generation or self.process is None:
            raise WorkerEnded(
                "this generator's worker process was stopped after an earlier failure; it cannot yield any more chunks"
            )
        return self.process

    def exchange(self, message: dict) -> dict:
        """Send a request and wait for its reply; if anything cuts the wait short, the worker is replaced."""
        self.wake()
        elsewhere.time.started_waiting(self.cpu_clock)
        try:
            reply = self.channel.request(message)
        except (ChannelClosed, BrokenPipeError):
            raise self.ended(self.stop_and_say_why()) from None
        except ProtocolError as error:
            raise self.garbled(error) from None
        except BaseException:
            self.stop()  # a time limit or an interrupt: the worker is in the middle of something
            raise
        finally:
            elsewhere.time.stopped_waiting()
            self.rest()
        self.output = str(reply.get("output", ""))
        raised = reply.get("raised")
        if isinstance(raised, dict) and isinstance(raised.get("frames"), list):
            # The worker knows its file by its name alone: the tests name it as the learner types it.
            for frame in raised["frames"]:
                if isinstance(frame, list) and frame:
                    frame[0] = relative(self.source)
        raised = reply.get("raised")
        if isinstance(raised, dict) and raised.get("type") == "MemoryError" and raised.get("builtin"):
            self.stop()
            raise elsewhere.stop_the_test(WorkerOutOfMemory, f"{self.memory_mb} MB of address space")
        return reply

    def rest(self) -> float:
        """Between requests a worker gets no CPU time at all: it is stopped (SIGSTOP, which no process can
        catch or ignore) until the next one, so that no thread of it computes where no limit counts it,
        not even after a kata's last request."""
        if self.process is not None:
            try:
                os.kill(self.process.pid, signal.SIGSTOP)
            except ProcessLookupError:
                pass  # it has ended: the next request says how
        self.cpu_at_rest, self.pending_at_rest = self.cpu_clock(), None  # None until it is seen stopped
        if self.process is not None:
            self.pending_at_rest = pending_once_stopped(self.process.pid)
        return self.cpu_at_rest

    def wake(self) -> None:
        """Resume a resting worker for a request; one seen stopped that ended meanwhile was ended from outside."""
        if self.process is None:
            return
        if has_ended(self.process.pid):
            raise self.ended(self.stop_and_say_why(resting=self.pending_at_rest is not None))
        # A signal sent while it rested waits for SIGCONT (all but SIGKILL): one of these that ends it
        # during the request came from outside too; one that waited already, it may have sent itself.
        self.sent_while_resting = sent_since_rest(self.process.pid, self.pending_at_rest)
        self.refuse_work_between_requests()
        try:
            os.kill(self.process.pid, signal.SIGCONT)
        except ProcessLookupError:
            pass  # reaped meanwhile: the request meets a closed pipe, and says why

    def refuse_work_between_requests(self) -> None:
        """A worker computes only while it answers: CPU time it spent since its last request (or since it
        loaded), in a thread of its own, is work no limit would count, so the worker is stopped."""
        if self.cpu_at_rest is None or self.process is None:
            return
        idle_work = self.cpu_clock() - self.cpu_at_rest
        if idle_work > IDLE_CPU_SECONDS:
            self.stop()
            raise self.ended(
                f"the worker process was stopped: it computed for {idle_work:.2f} s between two "
                "requests, in a thread of its own, where no time limit counts it"
            )

    def ended(self, why: str) -> WorkerEnded:
        self.ended_in_this_test = WorkerEnded(why)
        return self.ended_in_this_test

    def garbled(self, problem: Exception) -> WorkerEnded:
        """The worker sent something that is not an answer of this protocol: it is stopped, and the call fails."""
        self.stop()
        return self.ended(f"the worker process sent something that is not an answer ({problem})")

    def answer(self, reply: dict, known: list | None = None, decoder: Decoder | None = None) -> Any:
        try:
            return answer_of(reply, decoder or Decoder(self.codec, known))
        except ProtocolError as error:
            raise self.garbled(error) from None

    def read_a_batch(self, generation: int, message: dict) -> Any:
        """The answer to one request of a memory guard's reading (kata.sandbox.memory), timed as a call is."""
        with protocol_time():
            self.require(generation)
            return self.answer(self.exchange(message))

    def read_back_arguments(self, after: list, containers: list) -> None:
        """The submission modified its arguments: make the tests' own containers hold what the worker's hold now."""
        self.refill(
            [[number, content] for number, content in enumerate(after) if content is not None],
            dict(enumerate(containers)),
        )

    def refill(self, changes: list, containers: dict) -> None:
        """Refill the tests' containers in place with their new contents, [[number, contents], ...].

        A container of the same call (or generator) found inside is the tests' own one, so
        identity survives: a list popped from another is still the list the tests made.
        """
        try:
            contents = [
                (containers[number], Decoder(self.codec, containers).decode(content)) for number, content in changes
            ]
        except Exception as error:
            raise self.garbled(error) from None
        for container, content in contents:
            refill(container, content)

    # The process ----------------------------------------------------------------------------

    def start_if_needed(self) -> None:
        if self.process is not None:
            return
        if self.slow_to_load:
            raise WorkerCouldNotStart(self.slow_to_load)
        elsewhere.require_a_connection()
        with signals_held():  # never a folder without its process, nor a process nobody will stop
            self.spawn()
        self.wait_until_ready()

    def cpu_clock(self) -> float:
        """The worker's CPU time in seconds, as the kernel counts it (never as the worker says).

        Where the kernel offers no clock of another process (not Linux), the wall clock
        stands in: an upper bound of the worker's work, which it cannot shorten either.
        """
        if self.clock_id is None:
            return time.monotonic()
        try:
            self.last_cpu_seconds = time.clock_gettime(self.clock_id)
        except OSError:
            pass  # the process has ended: its time stays what it was
        return self.last_cpu_seconds

    def spawn(self) -> None:
        self.spawned_at = time.monotonic()
        self.generation += 1
        self.started_in_this_test = True
        self.cpu_at_rest = None  # until the new process has loaded
        self.sent_while_resting = set()
        self.memory_at_ready = {}
        self.folder = Path(tempfile.mkdtemp(prefix="kata-worker-"))
        module = self.folder / self.source.name
        shutil.copyfile(self.source, module)
        to_worker_read, to_worker_write = os.pipe()
        from_worker_read, from_worker_write = os.pipe()
        settings = {
            "read_fd": to_worker_read,
            "write_fd": from_worker_write,
            "memory_mb": self.memory_mb,
            "folder": str(self.folder),
            "module": str(module),
            "shown_as": self.source.name,
            "functions": list(self.functions),
            "hidden": hidden_from_the_worker(self.source.parent),
            "confinement_required": self.confinement_required,
        }
        try:
            self.process = fork_server().start(settings, to_worker_read, from_worker_write)
        except ForkServerFailed as error:
            for fd in (to_worker_read, to_worker_write, from_worker_read, from_worker_write):
                os.close(fd)
            remove_folder(self.folder)
            raise WorkerCouldNotStart(str(error)) from None
        os.close(to_worker_read)
        os.close(from_worker_write)
        self.codec = TestsCodec(self)
        self.channel = WorkerChannel(from_worker_read, to_worker_write, self.codec)
        self.clock_id, self.last_cpu_seconds = cpu_clock_of(self.process.pid), 0.0

    def wait_until_ready(self) -> None:
        self.channel.deadline = time.monotonic() + WORKER_START_SECONDS
        try:
            hello = self.channel.receive()
        except TimeoutError:
            self.stop()
            raise WorkerCouldNotStart(
                load_problems.did_not_finish_loading(relative(self.source), WORKER_START_SECONDS)
            ) from None
        except (ChannelClosed, ProtocolError):
            raise WorkerCouldNotStart(
                f"loading {relative(self.source)} ended the worker process: {self.stop_and_say_why()}."
            ) from None
        except BaseException:
            self.stop()  # a time limit of the test, say: never leave a half-started worker behind
            raise
        finally:
            if self.channel is not None:
                self.channel.deadline = None
        if not hello.get("ready"):
            self.stop()
            problem = str(hello.get("problem")).replace(self.source.name, relative(self.source), 1)
            raise WorkerCouldNotStart(shortened(problem, load_problems.ERROR_TEXT_LIMIT))
        self.unconfined = str(hello.get("unconfined") or "")
        loading = time.monotonic() - self.spawned_at
        if loading > SLOW_LOAD_SECONDS:  # this test goes on; the next start is refused
            self.slow_to_load = load_problems.too_slow_to_load_again(relative(self.source), loading)
        loaded_in = self.rest()  # from here on, work is done in requests
        self.memory_at_ready = memory_of(self.require(self.generation).pid)
        if loaded_in > LOAD_CPU_SECONDS:
            self.stop()
            raise WorkerCouldNotStart(
                load_problems.computed_too_long_loading(relative(self.source), loaded_in, LOAD_CPU_SECONDS)
            )

    def stop_and_say_why(self, resting: bool = False) -> str:
        """Why the worker ended; `resting`: while it was stopped between two requests, when it could do nothing."""
        process = self.process
        self.stop()
        return why_it_ended(process, from_outside=resting, sent_while_resting=self.sent_while_resting)

    def stop(self) -> None:
        with signals_held():  # a watchdog's next tick must not cut the cleaning up short
            process, self.process = self.process, None
            if process is None:
                return
            for kill in (os.killpg, os.kill):  # the process too: it may not have its own group yet
                try:
                    kill(process.pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass
            process.wait()
            for fd in (self.channel.read_fd, self.channel.write_fd):
                try:
                    os.close(fd)
                except OSError:
                    pass
            remove_folder(self.folder)


class WorkerIterator:
    """A generator the submission returned, read in its worker one next() at a time."""

    def __init__(self, worker: WorkerClient, generation: int, handle: int, shown: str):
        self._worker = worker
        self._generation = generation
        self._handle = handle
        self._shown = shown
        self._yielded = Yielded()

    def __iter__(self) -> WorkerIterator:
        return self

    def __next__(self) -> Any:
        return self._worker.next(self._handle, self._generation, self._yielded)

    def read_measuring_memory(self, *, bound: int) -> WorkerReading:
        return WorkerReading(self._worker, self._generation, self._handle, bound)

    def __repr__(self) -> str:
        return self._shown


class IsolatedFunction:
    """Calls one function of the worker's submission; used inside a Judged wrapper like any implementation."""

    def __init__(self, worker: WorkerClient, name: str):
        self.worker = worker
        self.__name__ = name

    def __call__(self, *args: object, **kwargs: object) -> Any:
        return self.worker.call(self.__name__, args, kwargs)
