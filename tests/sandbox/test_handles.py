"""What crosses as a handle: the tests' iterators, callables and objects called back, the submission's generators.

The tests' objects stay in the tests' process and are called back across the pipes; a
generator the submission returns is read one next() at a time; the standard iterators
travel as a recipe the worker makes a copy from (kata.sandbox.handles).
"""

from __future__ import annotations

import itertools
from collections import deque

import pytest

# Callbacks: what the tests pass that is not plain data stays in the tests' process ----------


class CountedReads:
    """An iterator that counts how many items were read from it."""

    def __init__(self, items):
        self.items = iter(items)
        self.reads = 0

    def __iter__(self):
        return self

    def __next__(self):
        item = next(self.items)
        self.reads += 1
        return item


def test_an_iterator_argument_is_read_one_item_at_a_time(start_worker):
    worker = start_worker("""
        def f(sentences):
            return [next(sentences), next(sentences)]
    """)
    sentences = CountedReads(f"sentence {n}" for n in range(100))
    assert worker.call("f", (sentences,), {}) == ["sentence 0", "sentence 1"]
    assert sentences.reads == 2


def test_an_iterator_argument_has_the_name_of_its_own_type_in_the_worker(start_worker):
    # A submission's message names the type it was given ("got a value of type generator"): the same isolated.
    worker = start_worker("""
        def f(items):
            return type(items).__name__
    """)
    assert worker.call("f", ((n for n in range(3)),), {}) == "generator"
    assert worker.call("f", (iter([1, 2]),), {}) == "list_iterator"
    assert worker.call("f", (CountedReads([1]),), {}) == "CountedReads"


def test_an_object_argument_has_the_name_of_its_own_type_in_the_worker(start_worker):
    # A deque is no plain data: it crosses as a handle, and a message that names its type names deque isolated
    # as in one process (kata 09 refuses a deque of chunks, naming it).
    worker = start_worker("""
        def f(items):
            return type(items).__name__, len(items)
    """)
    assert worker.call("f", (deque(["a", "b"]),), {}) == ("deque", 2)


def test_a_callable_argument_is_called_back_with_the_submissions_arguments(start_worker):
    worker = start_worker("""
        def f(embed):
            return embed("abc", scale=2) + embed("de")
    """)
    calls = []

    def embed(text, scale=1):
        calls.append((text, scale))
        return [len(text) * scale]

    assert worker.call("f", (embed,), {}) == [6, 2]
    assert calls == [("abc", 2), ("de", 1)]


class Tokenizer:
    def encode(self, text):
        return [ord(character) for character in text]

    def decode(self, ids):
        return "".join(map(chr, ids))


def test_the_public_methods_of_an_object_argument_can_be_called(start_worker):
    worker = start_worker("""
        def f(tokenizer, text):
            ids = tokenizer.encode(text)
            return ids, tokenizer.decode(ids[1:])
    """)
    assert worker.call("f", (Tokenizer(), "abc"), {}) == ([97, 98, 99], "bc")


class Sentences:
    def __init__(self, *items):
        self.items = items

    def __len__(self):
        return len(self.items)

    def __getitem__(self, index):
        return self.items[index]


def test_an_object_with_len_and_getitem_supports_len_and_indexing_in_the_worker(start_worker):
    worker = start_worker("""
        def f(sentences):
            return len(sentences), sentences[1], sentences[-1]
    """)
    assert worker.call("f", (Sentences("a", "b", "c"),), {}) == (3, "b", "c")


def test_len_of_an_object_without_len_raises_type_error_in_the_worker(start_worker):
    worker = start_worker("""
        def f(tokenizer):
            try:
                len(tokenizer)
            except Exception as error:
                return type(error).__name__
            return "no error"
    """)
    assert worker.call("f", (Tokenizer(),), {}) == "TypeError"


def test_an_exception_raised_by_a_callback_reaches_the_submission_as_the_same_built_in_type(start_worker):
    worker = start_worker("""
        def f(lookup):
            try:
                lookup("missing")
            except KeyError as error:
                return type(error).__name__, str(error)
            return "no error"
    """)

    def lookup(word):
        raise KeyError(word)

    assert worker.call("f", (lookup,), {}) == ("KeyError", "'missing'")


def test_an_object_argument_with_getitem_can_be_sliced_in_the_worker(start_worker):
    worker = start_worker("""
        def f(sentences):
            return sentences[1:]
    """)
    assert worker.call("f", (Sentences("a", "b", "c"),), {}) == ("b", "c")


# Generators the submission returns ----------------------------------------------------------


def test_a_returned_generator_is_read_one_item_at_a_time(start_worker):
    worker = start_worker("""
        def f():
            number = 0
            while True:  # endless: read as a whole, it would never come back
                yield number
                number += 1
    """)
    numbers = worker.call("f", (), {})
    assert iter(numbers) is numbers
    assert [next(numbers) for _ in range(3)] == [0, 1, 2]


def test_a_returned_generator_raises_stop_iteration_at_its_end(start_worker):
    worker = start_worker("""
        def f():
            yield "a"
            yield ("b", 1)
    """)
    items = worker.call("f", (), {})
    assert next(items) == "a" and next(items) == ("b", 1)
    with pytest.raises(StopIteration):
        next(items)


def test_an_error_of_a_returned_generator_is_raised_by_the_next_that_reaches_it(start_worker):
    worker = start_worker("""
        def f():
            yield 1
            yield 2
            raise ValueError("no third chunk")
    """)
    items = worker.call("f", (), {})
    assert [next(items), next(items)] == [1, 2]
    with pytest.raises(ValueError, match="no third chunk"):
        next(items)


# Standard iterators travel by value -----------------------------------------------------------

READS_FOUR = """
from itertools import islice

def f(items):
    return list(islice(items, 4))
"""


def test_a_list_iterator_arrives_at_the_position_it_had_reached(start_worker):
    worker = start_worker(READS_FOUR)
    items = iter([1, 2, 3])
    next(items)
    assert worker.call("f", (items,), {}) == [2, 3]


def test_itertools_repeat_arrives_as_an_equivalent_iterator(start_worker):
    worker = start_worker(READS_FOUR)
    assert worker.call("f", (itertools.repeat("a", 3),), {}) == ["a", "a", "a"]


def test_itertools_count_arrives_as_an_equivalent_iterator(start_worker):
    worker = start_worker(READS_FOUR)
    assert worker.call("f", (itertools.count(5),), {}) == [5, 6, 7, 8]


def test_a_standard_iterator_read_in_the_worker_stays_where_it_was_in_the_tests(start_worker):
    worker = start_worker(READS_FOUR)
    items = iter(["a", "b", "c", "d", "e"])
    assert worker.call("f", (items,), {}) == ["a", "b", "c", "d"]
    assert next(items) == "a"  # only the worker's copy advanced
