"""The same player across events: every person of the site, with their events newest first.

Who is one person (the key that names their page) is ``person_keys.py``'s; each event's
keys are worked out once, on its plan (``EventPlan.person_keys``).
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.rules.explain import StandingsRow
from generator.site.plan import EventPlan
from generator.site.views import event_sort_key
from generator.speed import frozen_record, keyword_record_maker


@frozen_record
class Appearance:
    plan: EventPlan
    row: StandingsRow


@frozen_record
class Person:
    key: str
    """The person's page is ``people/<key>.html``: ``fide-<id>``, the ASCII fold of a Latin
    name, or (another script) the name's Latin part and a digest; ``--`` and a qualifier
    where two players of one event would share it."""
    name: str
    fide_id: int | None
    federation: str
    appearances: tuple[Appearance, ...]
    """Newest event first."""


# An archive's every appearance is one (60,000 at a thousand events): speed.py's way in.
_new_appearance = keyword_record_maker(Appearance, "plan", "row")
_new_person = keyword_record_maker(Person, "key", "name", "fide_id", "federation",
                                   "appearances")


def people(plans: Sequence[EventPlan]) -> tuple[Person, ...]:
    """Every person of the individual events, by name, each with their events newest first."""
    grouped: dict[str, list[Appearance]] = {}
    for plan in sorted(plans, key=event_sort_key):
        if plan.info.is_team_event:
            continue  # the rows are teams, not people
        keys = plan.person_keys
        for row in plan.standings.rows:
            grouped.setdefault(keys[row.player.start_no], []).append(
                _new_appearance(plan=plan, row=row))
    persons = []
    for key, appearances in grouped.items():
        newest = appearances[0].row.player
        persons.append(_new_person(key=key, name=newest.name, fide_id=newest.fide_id,
                                   federation=newest.federation,
                                   appearances=tuple(appearances)))
    persons.sort(key=lambda p: (p.name.casefold(), p.key))
    return tuple(persons)


__all__ = ["Appearance", "Person", "people"]
