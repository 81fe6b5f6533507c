"""The classes the tests' process makes for the kinds of value a worker names (and the worker for the tests'):
dataclasses, subclasses of int, float and str, namedtuples and subclasses of list and tuple.

Each is made from plain data (a name, field names), never from code the other side sent; names
are cut to MAX_NAME_CHARACTERS, fields to MAX_DATACLASS_FIELDS, and past MAX_KINDS kinds in one
run the other side is refused, so that names made up to grow this process cannot.
"""

from __future__ import annotations

import collections
from collections.abc import Sequence
from typing import Any

from kata.sandbox.channel import ProtocolError
from kata.sandbox.limits import MAX_DATACLASS_FIELDS, MAX_KINDS, MAX_NAME_CHARACTERS

REPR_LIMIT = 300  # characters of an object's repr kept for reports


def shortened(text: str, most: int) -> str:
    """The text, or its first characters and how many there were: a report stays readable and small."""
    if len(text) <= most:
        return text
    return f"{text[:most]}... (cut: {len(text):,} characters in all)"


_dataclasses: dict[tuple, type] = {}


def rebuilt_dataclass(name: str, frozen: bool, fields: list[tuple[str, Any]]) -> object:
    """An instance of a dataclass with the same name and fields (judge.same compares dataclasses by those)."""
    names = tuple(str(field) for field, _ in fields)
    refuse_too_many_or_too_long(names, "a dataclass")
    key = (name_of_a_kind(name), bool(frozen), names)
    if key not in _dataclasses:
        import dataclasses

        refuse_past_max_kinds(_dataclasses, "dataclasses")
        made = dataclasses.make_dataclass(key[0].rsplit(".", 1)[-1], list(names), frozen=key[1])
        made.__qualname__ = key[0]
        _dataclasses[key] = made
    return _dataclasses[key](**dict(fields))


_subclasses: dict[tuple[str, ...], type] = {}


def rebuilt_scalar(base_name: str, name: str, value: object, shown: str) -> object:
    """An instance of a subclass of int, float or str named like the original, with the same value and repr."""
    base = {"int": int, "float": float, "str": str}.get(base_name)
    if base is None or type(value) is not (int if base is int else base) or type(shown) is not str:
        raise ProtocolError(f"not a subclass of a scalar: {base_name!r}")
    key = (base_name, name_of_a_kind(name))
    if key not in _subclasses:
        refuse_past_max_kinds(_subclasses, "subclasses")
        made = type(key[1].rsplit(".", 1)[-1], (base,), {"__repr__": lambda self: self.shown})
        made.__qualname__ = key[1]
        _subclasses[key] = made
    rebuilt = _subclasses[key](value)
    rebuilt.shown = shortened(shown, REPR_LIMIT)
    return rebuilt


def rebuilt_container(body: dict, items: list) -> object:
    """A namedtuple (its fields by name) or a subclass of list or tuple, named like the original, with its items."""
    base = {"list": list, "tuple": tuple}.get(body["base"])
    fields = body["fields"]
    if (
        base is None
        or type(fields) is not list
        or not all(type(field) is str and field.isidentifier() for field in fields)
    ):
        raise ProtocolError("not a subclass of a list or a tuple")
    refuse_too_many_or_too_long(fields, "a namedtuple")
    key = (body["base"], name_of_a_kind(body["name"]), *fields)
    if key not in _subclasses:
        refuse_past_max_kinds(_subclasses, "subclasses")
        short = key[1].rsplit(".", 1)[-1]
        made: Any = (
            collections.namedtuple(short if short.isidentifier() else "Record", fields)
            if fields and base is tuple
            else type(short, (base,), {})
        )
        made.__qualname__ = key[1]
        _subclasses[key] = made
    return _subclasses[key](*items) if fields and base is tuple else _subclasses[key](items)


def refuse_too_many_or_too_long(fields: Sequence[str], kind: str) -> None:
    """The fields of a kind the other side names are bounded before a class is made of them."""
    if len(fields) > MAX_DATACLASS_FIELDS:
        raise ProtocolError(f"{kind} of more than {MAX_DATACLASS_FIELDS} fields")
    if any(len(field) > MAX_NAME_CHARACTERS for field in fields):
        raise ProtocolError(f"a field's name longer than {MAX_NAME_CHARACTERS} characters")


def name_of_a_kind(name: object) -> str:
    """The name of a class a worker names, cut to MAX_NAME_CHARACTERS before anything keeps it."""
    return str(name)[:MAX_NAME_CHARACTERS]


def refuse_past_max_kinds(made: dict, kind: str) -> None:
    """A class is made and kept for each kind a worker names: past MAX_KINDS, names made up to grow this process."""
    if len(made) >= MAX_KINDS:
        raise ProtocolError(f"more than {MAX_KINDS} kinds of {kind} in one run")
