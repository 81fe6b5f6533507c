"""The catalog of common mistakes: each a complete, runnable implementation with one bug.

`solutions/<kata>/mistakes.py` defines one `Mistake` subclass per mistake. The
class holds the kata's functions as static methods, plus what a learner is told
when their code behaves the same way.
"""

from __future__ import annotations

from kata.catalog import Kata


class Mistake:
    id: str = ""  # short and stable: --impl=mistake:<kata>:<id>
    title: str = ""  # one line: what the code does wrong
    hint: str = ""  # one sentence: where to look, without giving the code away
    # The guards with fixed inputs (kata.guards.has_fixed_inputs) on which a limit stops it: a
    # loop that never advances, or quadratic work on a large input. Their inputs are fixed, so
    # this is a fact of the catalog, which a meta test keeps true; a stall is named from it.
    stalls_in: frozenset[str] = frozenset()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        missing = [name for name in ("id", "title", "hint") if not getattr(cls, name)]
        if missing or not cls.__doc__:
            raise TypeError(f"mistake {cls.__name__} needs a docstring and {', '.join(missing) or 'nothing else'}")

    @classmethod
    def stalls(cls) -> bool:
        return bool(cls.stalls_in)


_catalogs: dict[str, dict[str, type[Mistake]]] = {}


def mistakes_of(kata: Kata) -> dict[str, type[Mistake]]:
    """The kata's catalogued mistakes by id, in the order the file defines them ({} when it has none)."""
    if kata.slug not in _catalogs:
        _catalogs[kata.slug] = _read_catalog(kata)
    return _catalogs[kata.slug]


def _read_catalog(kata: Kata) -> dict[str, type[Mistake]]:
    from kata.loader import load_module

    path = kata.mistakes_path()
    if not path.exists():
        return {}
    module = load_module(path, f"kata_mistakes_{kata.number}")
    found = [value for value in vars(module).values()
             if isinstance(value, type) and issubclass(value, Mistake) and value.__module__ == module.__name__]
    catalog = {mistake.id: mistake for mistake in found}
    if len(catalog) != len(found):
        raise ValueError(f"{path} uses a mistake id twice")
    for mistake in found:
        absent = [name for name in kata.functions if not callable(getattr(mistake, name, None))]
        if absent:
            raise ValueError(f"mistake {mistake.id} in {path} lacks {', '.join(absent)}")
    return catalog
