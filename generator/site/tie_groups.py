"""A tied group too large to list, as a player page and ``standings explain`` name it.

One rule for every group a page or the CLI writes out (DE, Art. 6; a team's EDE, 13.3, and
board order, 12.2-12.3): up to ENCOUNTER_LISTED members are named in full, a larger group by
the members that matter to the player, so that no page grows with the size of its group
(issue 25: 3,000 players all tied made every page list all 3,000). The words are
``wording``'s.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from generator.model import StartNo
from generator.rules.explain import (
    BoardOrderNote,
    DirectEncounterNote,
    ExtendedEncounterNote,
    Note,
)

ENCOUNTER_LISTED = 12
"""The largest tied group a player page names in full. A larger one names only the members
that matter to the page's player (ENCOUNTER_*_NAMED): them, the members they met and their
neighbours in the standings, some 15 names in an event of 9 to 11 rounds, so up to here the
full list is no longer than that, and past it a page's size no longer grows with the group
(3,000 players all tied made every page list all 3,000 twice)."""
ENCOUNTER_NEIGHBOURS = 2
"""The members a large group's sentence names just above and just below the player."""


def encounter_named(player: StartNo, members: Collection[StartNo], met: Iterable[StartNo],
                    around: Sequence[StartNo], at: int) -> frozenset[StartNo] | None:
    """The members of a tied group that a player's page or ``standings explain`` names:
    None (name them all) for a group of at most ENCOUNTER_LISTED, else the player, the
    members they ``met``, and the members next to them in the standings, up to
    ENCOUNTER_NEIGHBOURS on each side. ``around`` is the standings' start numbers in order
    (or a stretch of them), the player at position ``at``; the group is a run of the
    standings, so its nearest members are there. None too when that names everyone (they
    met the whole group: a round robin)."""
    if len(members) <= ENCOUNTER_LISTED:
        return None
    named = {player}
    named.update(number for number in met if number in members)
    for step in (-1, 1):
        near = at + step
        while (abs(near - at) <= ENCOUNTER_NEIGHBOURS and 0 <= near < len(around)
               and around[near] in members):
            named.add(around[near])
            near += step
    return None if len(named) == len(members) else frozenset(named)


_GroupNote = TypeVar("_GroupNote",
                     bound=DirectEncounterNote | ExtendedEncounterNote | BoardOrderNote)


def narrowed(note: _GroupNote, named: Collection[StartNo]) -> _GroupNote:
    """A group note with only the members ``named``: their values and their order."""
    order = tuple(kept for sub in note.order
                  if (kept := tuple(number for number in sub if number in named)))
    if isinstance(note, BoardOrderNote):
        return replace(note, members=tuple(sorted(named)), order=order)
    return replace(note, members=tuple(sorted(named)), order=order,
                   scores={number: value for number, value in note.scores.items()
                           if number in named})


@dataclass(frozen=True, slots=True, kw_only=True)
class NamedGroupNote:
    """A team group's note (EDE, 13.3; the board order of TBR and BBE, 12.2-12.3) for a
    group too large to list (ENCOUNTER_LISTED): the note with the members
    :func:`encounter_named` names, and how many teams the group has."""

    note: ExtendedEncounterNote | BoardOrderNote
    size: int


def named_group_notes(notes: Sequence[Note], player: StartNo, met: Collection[StartNo],
                      around: Sequence[StartNo], at: int) -> tuple[Note | NamedGroupNote, ...]:
    """``notes`` as a page or ``standings explain`` says them for ``player``: a team group's
    note of a large group names what :func:`encounter_named` names (``met``, ``around``
    and ``at`` as it takes them), so that it does not grow with the group."""
    shown: list[Note | NamedGroupNote] = []
    for note in notes:
        if isinstance(note, ExtendedEncounterNote | BoardOrderNote):
            named = encounter_named(player, frozenset(note.members), met, around, at)
            if named is not None:
                shown.append(NamedGroupNote(note=narrowed(note, named),
                                            size=len(note.members)))
                continue
        shown.append(note)
    return tuple(shown)


__all__ = ["ENCOUNTER_LISTED", "ENCOUNTER_NEIGHBOURS", "NamedGroupNote", "encounter_named",
           "named_group_notes", "narrowed"]
