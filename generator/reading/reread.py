"""What one read of a file made of its player lines, offered to the next read of that file.

``standings serve`` reads an event's whole TRF file again after every edit, in which an
entered result changes a few player lines (the two players', and those whose rank it
moves): the other lines are read as they were. The reader itself keeps nothing between
reads (tests/reading/test_reader_state.py); the caller that reads the same file again and
again keeps a :class:`Reread` for it, which holds what the last read made, never more.

A line is known again by its whole text and its number (the records carry the line they
come from), and only the lines read without a word to say (the well-formed fast paths,
which report nothing) are offered, so a read with a Reread gives exactly what it gives
without one.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeAlias, TypeVar

from generator.model import ResultCode, RoundKind, RoundResult

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
P = TypeVar("P")
"""The reader's record of a player line (trf.PlayerRecord)."""


class LastRead(Generic[K, V]):
    """Values by key: those of the read under way, and those of the read before it."""

    __slots__ = ("_before", "_now")

    def __init__(self) -> None:
        self._before: dict[K, V] = {}
        self._now: dict[K, V] = {}

    def begin(self) -> None:
        """A new read: what the last one made is offered to it, and dropped after it."""
        self._before, self._now = self._now, {}

    def get(self, key: K, make: Callable[[], V]) -> V:
        """The value the last read made for ``key``, or ``make()``; kept for the next."""
        value = self._now[key] = (self._before[key] if key in self._before else make())
        return value

    def __len__(self) -> int:
        return len(self._now)


RoundsKey: TypeAlias = tuple[int, tuple[int | None, ...], str, str]
"""A player's round blocks as read: the line, the opponents, the colours, the results."""
Rounds: TypeAlias = (tuple[tuple[RoundResult, ...], frozenset[tuple[RoundKind, ResultCode, int]]]
                     | None)
"""What assembly makes of them: the results and their tally (scoring.Tally); None off
the fast path."""


class Reread(Generic[P]):
    """What the last read of one file made of its player lines (trf.read_records) and of
    their rounds (assembly.assemble); :meth:`begin` before each read."""

    __slots__ = ("players", "rounds")

    def __init__(self) -> None:
        self.players: LastRead[tuple[str, int], P | None] = LastRead()
        self.rounds: LastRead[RoundsKey, Rounds] = LastRead()

    def begin(self) -> None:
        self.players.begin()
        self.rounds.begin()


__all__ = ["LastRead", "Reread", "Rounds", "RoundsKey"]
