"""An attack written after the reference solution, which the test puts before it."""

# ---- attack: SLOW_SECONDS of CPU (three times the guard's 2 s) done by a helper thread, only while the
# tests' process serves a callback. The tests stop the worker's CPU clock for the time they spend
# serving it (log.worker_stopped_working in TestsCodec.serve) and restart it from the clock's value
# afterwards, so whatever another thread of the worker computes meanwhile is never counted. The callback
# is a call of the tests' embed() with a set given as 3 million 1s: cheap for the tests to parse,
# slow for their Python-level Decoder to rebuild (inside serve, uncharged), and {1} once built.
import os as _os, sys as _sys, threading as _threading, time as _time

SLOW_SECONDS = 6.0
WINDOWED = True
# The tests parse the 3 million numbers in about 0.1 s. A longer pause only adds wall time to the
# wait for the reply (paused while the tests serve), so that a machine that serves faster stops the
# attack by the idle limit of one reply before any CPU limit, whether the callbacks are charged or not.
PARSE_SECONDS = 0.1
_reference = semantic_chunks


def _slow_work(done, window):
    """Stands for a quadratic algorithm's work: SLOW_SECONDS of CPU, in slices, only while the window is open."""
    spent, x = 0.0, 0
    while spent < SLOW_SECONDS:
        if WINDOWED:
            window.wait()
        started = _time.thread_time()
        for i in range(20_000):
            x = (x * 31 + i) % 1_000_003
        spent += _time.thread_time() - started
    done.set()


def semantic_chunks(sentences, embed, *args, **kwargs):
    handles = _sys.modules.get("kata.sandbox.handles")
    done, window = _threading.Event(), _threading.Event()
    helper = _threading.Thread(target=_slow_work, args=(done, window), daemon=True)
    helper.start()
    if WINDOWED and isinstance(embed, handles.RemoteFunction):
        channel = embed._codec.connected()
        junk = (b'{"op":"call","handle":%d,"method":null,"args":[{"set":[' % embed._handle
                + b",".join([b"1"] * 3_000_000) + b']}],"kwargs":{}}\n')
        while not done.is_set():
            view = memoryview(junk)
            while view:
                view = view[_os.write(channel.write_fd, view):]
            _time.sleep(PARSE_SECONDS)   # the tests parse the message (charged); then they serve it (not)
            window.set()
            channel.receive()            # the tests' reply: embed's answer for the junk, dropped
            window.clear()
    helper.join()
    return _reference(sentences, embed, *args, **kwargs)
