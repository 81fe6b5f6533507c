"""The limits of a worker process: its time, what it may hold, and what it may send.

Every other limit of the sandbox is defined here, once; the limits of a call and of a test, which
hold however the code runs, are kata.judging.limits, and so are the two memory caps the runner's
options name (a worker's address space, the tests' process's resident memory), so that a plain run
reads them without loading the sandbox. Plain numbers, and no imports: the
worker process reads some of them, and starts faster for importing nothing.
"""

WORKER_START_SECONDS = 10.0  # to start Python and load the submission: a module that loops on import gets no more
# CPU time a worker may spend loading the submission (its imports take milliseconds): more would be
# work done where no call's limit counts it, such as a guard's answer computed in advance.
LOAD_CPU_SECONDS = 2.0
# A worker between requests only waits for the next one; a few milliseconds of CPU time
# (the interpreter's own housekeeping) are let pass, not a thread that works meanwhile.
IDLE_CPU_SECONDS = 0.05
UNWATCHED_SECONDS = 60.0  # the longest wait for a worker's reply when no watchdog bounds the test
# How much more resident memory than it started with (kata.sandbox.memory.WorkerReading) a
# worker started for a memory guard may use, reading a generator: the reference's worker grows
# by about 150 KiB, and the traced peak it is held to is 256 KiB. Below this, memory the tracer
# does not see cannot be told from the worker's own: a million sizes kept in 4 bits each pass.
RESIDENT_SLACK_BYTES = 768 * 1024
# Of a worker's CPU time on each request (a call, a next(), a batch), how much may be the
# messages' travel rather than its work, and is left out of a guard's budget for the whole
# test: a generator read one next() at a time must not be charged for the protocol. The
# worker's side of one small request costs about 0.1 ms; a fixed allowance, never more than
# the tests' own time on the request nor the worker's, so that no reply can buy more.
PROTOCOL_ALLOWANCE_SECONDS = 0.00025
FORK_SERVER_SECONDS = 10.0  # for the fork server's start, and for any one of its answers
OUTPUT_LIMIT = 4000  # characters of a worker's printed output kept per request
FILE_LIMIT_MB = 16  # the largest file a worker may write (unconfined: confined, it writes none)
# Open descriptors and queued signals each keep a little kernel memory that no memory limit
# counts; a chunking function needs a few files open at once (its imports) and no signal queue.
OPEN_FILES = 64
QUEUED_SIGNALS = 8
# Threads are allowed, but each takes a process id, and thousands would leave none for a
# classmate's run: the fork server stops a worker that has more. A chunking function
# needs none, and a pool of a few threads stays far under it (the address space limit
# allows about twenty threads of the default stack size; only tiny stacks allow thousands).
MAX_THREADS = 64
# Page tables are kernel memory that neither the address space limit nor the resident memory
# counts: tens of thousands of one-page mappings, scattered far apart, take half a gigabyte of
# them. A worker's own need is under 100 KB, and its whole address space, mapped densely, 2 MB.
MAX_PAGE_TABLES_KB = 16 * 1024
# The largest answer of a reference is 12 MB (kata 01's 150,000 windows). With MAX_CONTAINERS,
# the cap also bounds what one submission can make the tests' process allocate.
MAX_MESSAGE_BYTES = 32 * 1024 * 1024
# Two bytes of JSON, "[]", make a list of about 60 bytes: 31 MB of nested empty lists would take
# the reading side 1.4 GB and seconds of CPU, in one call nothing can interrupt. A message may
# hold this many lists and dicts (brackets in its strings count too); the largest answer of a
# reference holds 60,005.
MAX_CONTAINERS = 500_000
# The levels of containers a value may nest, each side's encoding and decoding one call deeper for each: a list
# nested 3,000 deep overflowed Python's stack in the worker, which died. A deeper value crosses cut at this depth,
# an opaque stand-in there saying what it was; a reply nested deeper is refused. A kata's answers nest 4 deep.
MAX_NESTING = 100
# The items of a set, or keys of a dict, in a message that may share one hash: n of one hash cost
# the tests n * n / 2 probes to hold (20,000 ints took 5 s); distinct honest values seldom share one.
MAX_EQUAL_HASHES = 64
# The classes the tests' process makes for a worker's dataclasses and exceptions, kept for the
# whole run: one for each name a worker sends. A submission that named a new one in every item
# grew the tests' process by 6.7 KB for each 65 bytes sent, 21 GB in ten minutes. A kata's
# answers use at most a few kinds.
MAX_KINDS = 256
# ... each named in at most this many characters: a longer name is cut before anything keeps it
# (256 names of 32 MB would be 8 GB). A field's name is part of what is compared, so a longer one
# is refused instead.
MAX_NAME_CHARACTERS = 200
# The fields of one kind of dataclass: Python builds a dataclass's methods by compiling their
# source, in one call nothing can interrupt, and 70,000 fields took 44 s. A kata's have two or three.
MAX_DATACLASS_FIELDS = 64
# What the tests' process keeps for a worker, across the calls of a run. The tests' objects a
# worker calls back (kata 08's embed, which remembers every batch) may keep what it sends them;
# the handles the tests' process holds for a worker (the objects it passed, and those made in
# answering its calls) are let go at each new test, and at most MAX_HANDLES are held at once (a
# test's own arguments take at most 60). Within a test, its memory limit bounds what is kept
# (kata.judging.limits.MEMORY_LIMIT_MB); all that a run's workers send in their calls to the
# tests' objects is bounded too: kata 08's reference sends 0.2 MB in a whole run, and a worker that
# computes while the tests read its calls (6 MB each) must meet its CPU limit first, not this.
CALLBACK_MB = 256
MAX_HANDLES = 20_000
# The tests' process's resident memory (kata.judging.limits.TESTS_MEMORY_MB) is read every
# TESTS_MEMORY_CHECK_SECONDS; a run asked to stop past the cap that has not ended TESTS_STOP_SECONDS
# later (or grows to twice the cap meanwhile) is killed: pytest takes about 4 s to report the
# interruption (it parses the source of each frame) before it writes the outcomes of the tests that ran.
TESTS_MEMORY_CHECK_SECONDS = 0.05
TESTS_STOP_SECONDS = 10.0
# What a report keeps of each line of the traceback of an exception a worker raised (its
# message is cut to kata.judging.load_problems.ERROR_TEXT_LIMIT): without a cap, a message or a
# source line of 20 MB in every test made a class's grades a gigabyte.
FRAME_TEXT_CHARACTERS = 300
# A worker is started again for each test that ends it. One whose module took this long to load
# (wall time) is not started again in the same run: a sleep at the top level of the module would
# otherwise cost its time once per test.
SLOW_LOAD_SECONDS = 3.0

# The lowest Landlock ABI the confinement accepts (Linux 5.13): every guarantee holds there too,
# since seccomp gives those Landlock adds later (docs/security.md says which gives which); and the
# environment variable that caps the ABI used, so that the tests can run at the lowest on any kernel.
LOWEST_ABI = 1
MAX_ABI_VARIABLE = "KATA_MAX_LANDLOCK_ABI"
# The folders, besides the repository and the temporary folder, that no worker may read nor see:
# `kata grade` names there the class's folders to each student's run (os.pathsep between them).
ALSO_HIDDEN_VARIABLE = "KATA_HIDDEN_FROM_WORKERS"

PARENT_CHECK_SECONDS = 1.0  # how often the fork server looks whether the tests' process is still there
THREAD_CHECK_SECONDS = 0.01  # how often the fork server looks at its workers; hundreds of threads may start meanwhile
# How long the tests wait to see every thread of a worker stopped (SIGSTOP) after its request: a
# worker seen stopped can do nothing, so that a signal that reaches it afterwards, or its end, was
# another process's doing. One not seen stopped in time (ended already, say) is told no such thing.
STOPPED_WITHIN_SECONDS = 0.05
