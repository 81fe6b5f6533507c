"""Starts programs without the subprocess module, one of them in a session of its own that would outlive grading."""

import os


def start():
    command = ["/bin/sh", "-c", "sleep 300 # left-by-a-hostile-student"]
    attempts = [
        lambda: __import__("subprocess").Popen(command, start_new_session=True),
        lambda: os.posix_spawn(command[0], command, {}),
        lambda: os.fork() == 0 and (os.setsid(), os.execv(command[0], command)),
    ]
    try:  # below the subprocess module: no audit event at all (Python 3.11's argument list)
        import _posixsubprocess
        attempts.append(lambda: _posixsubprocess.fork_exec(
            command, [command[0].encode()], True, (), None, None, -1, -1, -1, -1, -1, -1, *os.pipe(),
            False, True, -1, None, None, -1, -1, None, False))
    except ImportError:
        pass
    for attempt in attempts:
        try:
            attempt()
        except BaseException:
            pass


start()


def fixed_windows(tokens, chunk_size, overlap=0):
    return []
