"""The catalog of common mistakes: each a complete, runnable implementation with one bug.

`solutions/<kata>/mistakes.py` defines one `Mistake` subclass per mistake. The
class holds the kata's functions as static methods, plus what a learner is told
when their code behaves the same way.
"""

from __future__ import annotations

import json

from kata.katas import Kata
from kata.runner.known_failures import KnownFailures, read_known_failures
from kata.runner.modules import load_module


class Mistake:
    id: str = ""  # short and stable: --impl=mistake:<kata>:<id>
    title: str = ""  # one line: what the code does wrong
    hint: str = ""  # one sentence: where to look, without giving the code away
    # Its fault is its error messages: it matches code that raises the same exception naming the same of the
    # words a test asks for, whatever else the message says. Any other mistake matches a message only word for
    # word (a mistake whose message is Python's own, by accident, is not a message mistake).
    about_the_message: bool = False
    # The tests with fixed inputs it fails, and those a limit stops (a loop that never advances,
    # quadratic work on a large input): read from the catalog's known_failures.json.
    known: KnownFailures = KnownFailures()

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        missing = [name for name in ("id", "title", "hint") if not getattr(cls, name)]
        if missing or not cls.__doc__:
            raise TypeError(f"mistake {cls.__name__} needs a docstring and {', '.join(missing) or 'nothing else'}")

    @classmethod
    def stalls(cls) -> bool:
        return bool(cls.known.stopped)


_catalogs: dict[str, dict[str, type[Mistake]]] = {}


def mistakes_of(kata: Kata) -> dict[str, type[Mistake]]:
    """The kata's catalogued mistakes by id, in the order the file defines them ({} when it has none)."""
    if kata.slug not in _catalogs:
        _catalogs[kata.slug] = _read_catalog(kata)
    return _catalogs[kata.slug]


def _read_catalog(kata: Kata) -> dict[str, type[Mistake]]:
    path = kata.mistakes_path()
    if not path.exists():
        return _recorded_catalog(kata)
    module = load_module(path, f"kata_mistakes_{kata.number}")
    found = [
        value
        for value in vars(module).values()
        if isinstance(value, type) and issubclass(value, Mistake) and value.__module__ == module.__name__
    ]
    catalog = {mistake.id: mistake for mistake in found}
    if len(catalog) != len(found):
        raise ValueError(f"{path} uses a mistake id twice")
    known = read_known_failures(kata)
    for mistake in found:
        absent = [name for name in kata.functions if not callable(getattr(mistake, name, None))]
        if absent:
            raise ValueError(f"mistake {mistake.id} in {path} lacks {', '.join(absent)}")
        mistake.known = known.get(mistake.id, KnownFailures())
    return catalog


def _recorded_catalog(kata: Kata) -> dict[str, type[Mistake]]:
    """A students' release holds no mistake as code, only each one's record (kata release writes it): its title,
    its hint and the fixed tests it fails. Such a mistake has none of the kata's functions: it is named from
    its record alone ({} when the kata has none)."""
    path = kata.recorded_mistakes_path()
    if not path.is_file():
        return {}
    recorded = json.loads(path.read_text(encoding="utf-8"))
    catalog: dict[str, type[Mistake]] = {}
    for mistake_id, entry in recorded.items():
        catalog[mistake_id] = type(
            f"Recorded_{mistake_id}",
            (Mistake,),
            {
                "__doc__": entry["title"],
                "id": mistake_id,
                "title": entry["title"],
                "hint": entry["hint"],
                "known": KnownFailures(frozenset(entry["fails"]), frozenset(entry["stopped"]), entry.get("how", {})),
            },
        )
    return catalog


def is_recorded_only(mistake: type[Mistake], kata: Kata) -> bool:
    """True for a mistake known from its record alone, without its code (in a students' release)."""
    return not all(callable(getattr(mistake, name, None)) for name in kata.functions)
