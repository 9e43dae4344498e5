"""The event day as the file tells it: when each round is played (TRF 132, a time where
the program writes one), for the event page and the round pages.

Facts only: the pages write the day and the time (``numbers.py``, through the templates'
``date_range`` and ``time_text`` filters), so the plan (``plan.py``) can keep the schedule
without loading the languages."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from itertools import zip_longest
from types import MappingProxyType

from generator.model import Tournament
from generator.speed import frozen_record


@frozen_record
class RoundDay:
    """When one round is played."""

    round_no: int
    day: datetime.date | None
    """None when only a time could be read."""
    time: datetime.time | None = None
    """Its starting time; None when the file gives none."""


def round_days(tournament: Tournament) -> Mapping[int, RoundDay]:
    """Round number -> when it is played, for the rounds whose date or time the file gives,
    in round order."""
    days = {}
    for round_no, (day, time) in enumerate(
            zip_longest(tournament.round_dates, tournament.round_times), start=1):
        if day is not None or time is not None:
            days[round_no] = RoundDay(round_no=round_no, day=day, time=time)
    return MappingProxyType(days)


__all__ = ["RoundDay", "round_days"]
