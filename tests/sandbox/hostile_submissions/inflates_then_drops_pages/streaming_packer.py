"""Attack on kata 04's memory guard: keep EVERY size read (4 bytes each: 4 MB for the million sizes,
well over the resident slack, sixteen times the traced bound), hidden from both measures.

- tracemalloc: the sizes live in a private anonymous mmap, which tracemalloc does not trace.
- VmHWM: the baseline is min(fork server VmRSS, worker VmRSS at ready). At load time this module
  touches pages of a read-only mapping of a runtime file until its own resident memory reaches
  TARGET_KB (just under the fork server's), so the baseline is as high as it can be. When the
  generator starts it gives all of that back (munmap), drops the text pages of every loaded
  library and of python (MADV_DONTNEED on read-only segments: they fault back in from the page
  cache as needed), and grows into the room made.
"""
import ctypes, gc, mmap, os, resource, sys

TARGET_KB = 17200   # the fork server's VmRSS on this machine is 17,400-17,840 KiB

libc = ctypes.CDLL(None, use_errno=True)
libc.madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]

class Phdr(ctypes.Structure):
    _fields_ = [("p_type", ctypes.c_uint32), ("p_flags", ctypes.c_uint32), ("p_offset", ctypes.c_uint64),
                ("p_vaddr", ctypes.c_uint64), ("p_paddr", ctypes.c_uint64), ("p_filesz", ctypes.c_uint64),
                ("p_memsz", ctypes.c_uint64), ("p_align", ctypes.c_uint64)]
class Info(ctypes.Structure):
    _fields_ = [("addr", ctypes.c_uint64), ("name", ctypes.c_char_p), ("phdr", ctypes.POINTER(Phdr)), ("phnum", ctypes.c_uint16)]
CB = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(Info), ctypes.c_size_t, ctypes.c_void_p)
SEGS = []
def _cb(info, size, data):
    i = info.contents
    for k in range(i.phnum):
        p = i.phdr[k]
        if p.p_type == 1 and not (p.p_flags & 2):  # PT_LOAD, not writable
            start = (i.addr + p.p_vaddr) & ~4095
            end = (i.addr + p.p_vaddr + p.p_memsz + 4095) & ~4095
            SEGS.append((start, end - start))
    return 0
_cbf = CB(_cb)
libc.dl_iterate_phdr(_cbf, None)

def drop():
    gc.collect()
    libc.malloc_trim(0)
    for start, length in SEGS:
        libc.madvise(start, length, 4)  # MADV_DONTNEED: text refaults from the page cache

def maxrss_kb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

# Inflate, at load time (before "ready"): touch read-only file pages until the resident memory is TARGET_KB.
_inflation = []
for _path in sorted({os.path.realpath(sys.executable)} | {os.path.realpath(p) for p in sys.path if p.endswith(".zip")}):
    pass
_candidates = []
for _root in ("/usr/lib/x86_64-linux-gnu", "/usr/lib", "/lib", os.path.dirname(os.__file__)):
    try:
        for _name in os.listdir(_root):
            _p = os.path.join(_root, _name)
            if os.path.isfile(_p) and os.path.getsize(_p) > (4 << 20):
                _candidates.append(_p)
    except OSError:
        pass
for _p in _candidates:
    if maxrss_kb() >= TARGET_KB:
        break
    try:
        with open(_p, "rb") as _f:
            _m = mmap.mmap(_f.fileno(), 0, flags=mmap.MAP_PRIVATE, prot=mmap.PROT_READ)
    except (OSError, ValueError):
        continue
    _inflation.append(_m)
    for _off in range(0, len(_m), 4096):
        if maxrss_kb() >= TARGET_KB:
            break
        _m[_off]

def iter_pack(sizes, max_tokens):
    if not isinstance(max_tokens, int) or isinstance(max_tokens, bool):
        raise TypeError("max_tokens must be an int")
    if max_tokens < 1:
        raise ValueError("max_tokens must be at least 1")
    return _gen(iter(sizes), max_tokens)

def _gen(sizes, max_tokens):
    for m in _inflation:
        m.close()                 # munmap: the room the baseline counted
    _inflation.clear()
    drop()
    store = mmap.mmap(-1, 64 << 20, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    kept = memoryview(store).cast("i")     # every size read, kept for the whole life of the generator
    chunk, total = [], 0
    for i, s in enumerate(sizes):
        if not isinstance(s, int) or isinstance(s, bool):
            raise TypeError(f"sizes[{i}] must be an int")
        if s < 0:
            raise ValueError(f"sizes[{i}] must be at least 0")
        kept[i] = s
        if chunk and total + s > max_tokens:
            yield chunk
            chunk, total = [], 0
        chunk.append(i); total += s
    assert sum(kept[:i + 1]) >= 0           # it really is all there
    if chunk:
        yield chunk
