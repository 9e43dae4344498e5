"""A player's date of birth as the TRF file writes it (001 columns 70-79), read once for
every rule that takes an age: a category's age limit (``categories.py``), B.02's K factor
(``rating_change.py``), and the reader's warning at a date that cannot be a birth.

Apart from the categories so that the reader and the rating change, which ``standings rank``
runs, load no category or prize rule (issue 25).
"""

from __future__ import annotations

import datetime
import functools
import re
from enum import StrEnum

from generator.speed import frozen_record


@frozen_record
class Birth:
    """A date of birth as TRF 001 columns 70-79 give it: the year, and the day when known."""

    year: int
    date: datetime.date | None = None


_BIRTH_YEAR_FIRST = re.compile(r"(?P<y>[0-9]{4})(?:[/.-](?P<m>[0-9]{1,2})[/.-](?P<d>[0-9]{1,2}))?")
_BIRTH_DAY_FIRST = re.compile(r"(?P<d>[0-9]{1,2})[/.-](?P<m>[0-9]{1,2})[/.-](?P<y>[0-9]{4})")


class BirthProblem(StrEnum):
    """Why the date of birth a file gives is none: the player is given no age (no age
    category takes them, and B.02's K is the one for an unknown age)."""

    NO_SUCH_DAY = "no-such-day"
    """``9999/99/99``, ``2026/02/30``: a month or day no calendar has."""
    AFTER_FIRST_DAY = "after-first-day"
    """Born after the event's first day, the day ages are taken on: a slip of the keys (a
    junior's U16 place and K 40 would follow from it)."""


def read_birth(text: str, first_day: datetime.date | None = None) -> Birth | None:
    """The birth in ``text``: ``1978``, ``1978/05/02``, ``1978-05-02``, ``1978.05.02`` (TRF
    writes year first), ``02.05.1978`` (some programs write the day first); ``1978/00/00``
    (month and day unknown) is the year alone. None for a blank or unreadable field, a year
    0, and a date that cannot be a birth (:func:`birth_problem`; ``first_day`` is the day
    ages are taken on, when known)."""
    birth, _problem = _birth_and_problem(text, first_day)
    return birth


def birth_problem(text: str, first_day: datetime.date | None) -> BirthProblem | None:
    """Why ``text``, a date as :func:`read_birth` reads it, is no birth; None when it is
    one, or is blank or unreadable (no date to judge)."""
    return _birth_and_problem(text, first_day)[1]


@functools.lru_cache(maxsize=16384)
def _birth_and_problem(text: str, first_day: datetime.date | None
                       ) -> tuple[Birth | None, BirthProblem | None]:
    # Kept: a rebuild after an edit (standings serve) asks again for every player's date.
    text = text.strip()
    match = _BIRTH_YEAR_FIRST.fullmatch(text) or _BIRTH_DAY_FIRST.fullmatch(text)
    if match is None:
        return None, None
    year = int(match["y"])
    if year < 1:
        return None, None
    birth = Birth(year=year)
    if match["m"] is not None:
        month, day = int(match["m"]), int(match["d"])
        if month > 12 or day > 31:
            return None, BirthProblem.NO_SUCH_DAY
        if month and day:
            try:
                birth = Birth(year=year, date=datetime.date(year, month, day))
            except ValueError:  # "1978/02/30"
                return None, BirthProblem.NO_SUCH_DAY
        # A month or day of 0: unknown, the year alone is given.
    if first_day is not None and (birth.date > first_day if birth.date is not None
                                  else birth.year > first_day.year):
        return None, BirthProblem.AFTER_FIRST_DAY
    return birth, None


__all__ = ["Birth", "BirthProblem", "birth_problem", "read_birth"]
