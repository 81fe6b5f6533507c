"""The tracks: chains of katas that an interviewer asks as follow-ups of one another."""

from __future__ import annotations

from dataclasses import dataclass

from kata.katas import Kata, find_kata


class UnknownTrack(LookupError):
    pass


@dataclass(frozen=True)
class Track:
    name: str
    numbers: tuple[str, ...]  # the katas' numbers, in the order they are asked

    @property
    def katas(self) -> tuple[Kata, ...]:
        return tuple(find_kata(number) for number in self.numbers)

    @property
    def target_minutes(self) -> int:
        return sum(kata.script.target_minutes for kata in self.katas)

    def chain(self) -> str:
        """'02 -> 04 -> 05 -> 06'"""
        return " -> ".join(self.numbers)


TRACKS = (
    Track("packing", ("02", "04", "05", "06")),
    Track("splitting", ("01", "03", "07")),
    Track("retrieval", ("03", "09", "10")),
    Track("topics", ("02", "08", "09")),
)


def find_track(name: str) -> Track:
    wanted = name.strip().lower()
    for track in TRACKS:
        if track.name == wanted:
            return track
    raise UnknownTrack(f"there is no track {name!r}; the tracks are: {', '.join(track.name for track in TRACKS)}")


def one_kata(kata: Kata) -> Track:
    """A session of one stage: kata interview start --kata N."""
    return Track(f"kata {kata.number}", (kata.number,))


def track_of(name: str) -> Track:
    """A session's track by the name it was saved under: a track's, or 'kata NN'."""
    if name.startswith("kata "):
        return one_kata(find_kata(name.removeprefix("kata ")))
    return find_track(name)
