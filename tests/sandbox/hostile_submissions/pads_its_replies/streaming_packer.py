"""Attack: a SLOW packer (0.5 ms of CPU time of extra work before every chunk, 5 s over the
guard's 10,000 chunks) whose worker pads each reply with JSON that is cheap to send and slow to
parse, in proportion to the work: each request's CPU would then be credited in full as
"protocol time", and a guard's 2 s budget never reached. The work is measured in CPU time, not
in steps, and the padding's cost to parse is measured at load, so the attack is as strong on a
fast machine as on a slow one.

So that the test cannot pass for want of an attack, the module refuses to load where it cannot
pad, and the generator raises if its earlier replies went out unpadded: the test then fails on
that error, not on the time limit it expects."""
import json, sys, time

PAD = True
EXTRA_WORK_SECONDS = 0.0005

def iter_pack(sizes, max_tokens):
    if not isinstance(max_tokens, int) or isinstance(max_tokens, bool):
        raise TypeError("max_tokens must be an int")
    if max_tokens < 1:
        raise ValueError("max_tokens must be at least 1")
    return _gen(iter(sizes), max_tokens)

def _work():
    until = time.process_time() + EXTRA_WORK_SECONDS
    while time.process_time() < until:
        pass

def _gen(sizes, max_tokens):
    chunk, total, produced = [], 0, 0
    for i, s in enumerate(sizes):
        if not isinstance(s, int) or isinstance(s, bool):
            raise TypeError(f"sizes[{i}] must be an int")
        if s < 0:
            raise ValueError(f"sizes[{i}] must be at least 0")
        if chunk and total + s > max_tokens:
            produced += 1
            if produced > 2 and state["padded"] < produced - 1:
                raise RuntimeError(f"only {state['padded']} of {produced - 1} replies were padded")
            _work()
            yield chunk
            chunk, total = [], 0
        chunk.append(i)
        total += s
    if chunk:
        yield chunk

# ---- the padding -------------------------------------------------------------------------
UNIT = b"[" * 64 + b"]" * 64          # 130 bytes, 64 lists for the tests' json.loads to build
SAMPLE = b'{"pad":[' + b",".join([UNIT] * 2000) + b"]}"
_started = time.process_time()
json.loads(SAMPLE)
SECONDS_PER_UNIT = (time.process_time() - _started) / 2000   # as fast as the tests' process parses
state = {"t": 0.0, "padded": 0}
if PAD:
    channel = sys.modules.get("kata.sandbox.channel")
    if channel is None:
        raise ImportError("no channel to pad: this attack needs --isolate")
    _receive, _send = channel.Channel.receive, channel.Channel.send
    def receive(self):
        message = _receive(self)
        if "op" in message:                    # a request of the tests (not a callback's reply)
            state["t"] = time.process_time()
        return message
    def send(self, message):
        if "op" not in message and "ready" not in message:   # a reply to the tests' request
            spent = time.process_time() - state["t"]
            units = int(spent * 1.1 / SECONDS_PER_UNIT) + 1
            data = channel.json.dumps(message, separators=(",", ":")).encode("ascii")
            data = data[:-1] + b',"pad":[' + b",".join([UNIT] * units) + b"]}\n"
            state["padded"] += 1
            view = memoryview(data)
            while view:
                view = view[channel.os.write(self.write_fd, view):]
            return
        return _send(self, message)
    channel.Channel.receive, channel.Channel.send = receive, send
