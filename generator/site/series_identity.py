"""Who is one person across a series' events, and who might be one but was not joined.

A person is joined by FIDE ID; a player without one by their national ID where the file
gives one (a TRF-26 national rating record's: the federation and its number), else by their
name (as ``person_keys.py`` reads it: accents and case folded) and federation. A series'
``aliases`` join the spellings that drift from month to month (a junior typed "Meier, Tim"
in January and "Maier, Tim" in March): every spelling of an alias is one person, and the
FIDE ID of any of them is theirs.

``standings check`` lists the probable duplicates that were not joined, so the organiser can
decide: the same name under two keys (two FIDE IDs, an ID once and none another time, two
federations), names one letter apart, names with their words in another order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from generator.model import Player
from generator.site.person_keys import name_key, national_key

MAX_COMPARED = 3000
"""Persons beyond which names one letter apart are not looked for (pairs grow as n²)."""


def _folded(name: str) -> str:
    return name_key(name)


def _words(name: str) -> tuple[str, ...]:
    return tuple(sorted(_folded(name).split("-")))


def identity_keys(players: Iterable[Player],
                  aliases: Sequence[tuple[str, Sequence[str]]]) -> dict[tuple[str, str], str]:
    """Every player's series key by (name, federation), FIDE ID or national ID: ``fide-N``,
    an alias group's ``alias-<name>``, ``nat-<federation>.<number>``, or
    ``name-<folded name>-<federation>``. The caller asks
    :func:`key_of` with a player."""
    group_of: dict[str, str] = {}
    for shown, others in aliases:
        for spelling in (shown, *others):
            group_of.setdefault(_folded(spelling), _folded(shown))
    group_fide: dict[str, int] = {}
    for player in players:
        group = group_of.get(_folded(player.name))
        if group is not None and player.fide_id:
            group_fide.setdefault(group, player.fide_id)
    keys: dict[tuple[str, str], str] = {}
    for group, fide_id in group_fide.items():
        keys[("group", group)] = f"fide-{fide_id}"
    for spelling, group in group_of.items():
        keys[("spelling", spelling)] = keys.get(("group", group), f"alias-{group}")
    return keys


def key_of(player: Player, keys: Mapping[tuple[str, str], str]) -> str:
    aliased = keys.get(("spelling", _folded(player.name)))
    if aliased is not None:
        return aliased
    if player.fide_id:
        return f"fide-{player.fide_id}"
    if player.national_id is not None:
        return national_key(player.national_id)
    return f"name-{_folded(player.name)}-{player.federation.strip().lower()}"


class Likeness(StrEnum):
    SAME_NAME = "same-name"
    """The same name (accents and case aside) under two keys: two FIDE IDs, an ID and
    none, or two federations."""
    ONE_LETTER = "one-letter"
    """Names one letter apart (one added, left out or changed)."""
    WORD_ORDER = "word-order"
    """The same words in another order."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ProbableDuplicate:
    first: str
    """A person's key."""
    second: str
    likeness: Likeness


def _one_letter_apart(a: str, b: str) -> bool:
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))


def probable_duplicates(names: Mapping[str, Sequence[str]]) -> tuple[ProbableDuplicate, ...]:
    """Pairs of persons (key -> every name they were written with) who may be one."""
    found: dict[tuple[str, str], Likeness] = {}
    keys = sorted(names)
    folded = {key: {_folded(n) for n in names[key]} for key in keys}
    by_name: dict[str, list[str]] = {}
    by_words: dict[tuple[str, ...], list[str]] = {}
    for key in keys:
        for name in names[key]:
            by_name.setdefault(_folded(name), []).append(key)
            by_words.setdefault(_words(name), []).append(key)
    for likeness, groups in ((Likeness.SAME_NAME, by_name), (Likeness.WORD_ORDER, by_words)):
        for sharing in groups.values():
            unique = sorted(set(sharing))
            for i, first in enumerate(unique):
                for second in unique[i + 1:]:
                    found.setdefault((first, second), likeness)
    if len(keys) <= MAX_COMPARED:
        for i, first in enumerate(keys):
            for second in keys[i + 1:]:
                if (first, second) not in found and any(
                        _one_letter_apart(a, b) for a in folded[first] for b in folded[second]):
                    found[(first, second)] = Likeness.ONE_LETTER
    return tuple(ProbableDuplicate(first=a, second=b, likeness=likeness)
                 for (a, b), likeness in sorted(found.items()))


__all__ = ["Likeness", "ProbableDuplicate", "identity_keys", "key_of", "probable_duplicates"]
