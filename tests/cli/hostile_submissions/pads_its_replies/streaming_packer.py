"""Attack: a QUADRATIC packer (re-sums the whole input read so far at every size)
whose worker pads each reply with JSON that is cheap to send and slow to parse; each request's CPU is
then fully credited as "protocol time", so a guard's 2 s budget is never reached."""
import sys, time

PAD = True

def iter_pack(sizes, max_tokens):
    if not isinstance(max_tokens, int) or isinstance(max_tokens, bool):
        raise TypeError("max_tokens must be an int")
    if max_tokens < 1:
        raise ValueError("max_tokens must be at least 1")
    return _gen(iter(sizes), max_tokens)

def _gen(sizes, max_tokens):
    history, start = [], 0
    for i, s in enumerate(sizes):
        if not isinstance(s, int) or isinstance(s, bool):
            raise TypeError(f"sizes[{i}] must be an int")
        if s < 0:
            raise ValueError(f"sizes[{i}] must be at least 0")
        total = sum(history) - sum(history[:start])     # the open chunk's total, re-summed from the whole input: O(i)
        if i > start and total + s > max_tokens:
            yield list(range(start, i))
            start = i
        history.append(s)
    if history:
        yield list(range(start, len(history)))

# ---- the padding -------------------------------------------------------------------------
UNIT = b"[" * 64 + b"]" * 64          # 130 bytes; ~37 us for the tests' json.loads to build
US_PER_UNIT = 30e-6                   # conservative
if PAD:
    wire = sys.modules.get("kata.isolation.wire")
    if wire is not None:
        _receive, _send = wire.Channel.receive, wire.Channel.send
        state = {"t": 0.0}
        def receive(self):
            message = _receive(self)
            if "op" in message:                    # a request of the tests (not a callback's reply)
                state["t"] = time.process_time()
            return message
        def send(self, message):
            if "op" not in message and "ready" not in message:   # a reply to the tests' request
                spent = time.process_time() - state["t"]
                units = int(spent * 1.5 / US_PER_UNIT) + 1
                data = wire.json.dumps(message, separators=(",", ":")).encode("ascii")
                data = data[:-1] + b',"pad":[' + b",".join([UNIT] * units) + b"]}\n"
                view = memoryview(data)
                while view:
                    view = view[wire.os.write(self.write_fd, view):]
                return
            return _send(self, message)
        wire.Channel.receive, wire.Channel.send = receive, send
