"""A date of birth that cannot be one (issue 22): ``9999/99/99``, ``2026/02/30``, a day after
the event's first day. Each made a player a junior (a U16 place, K 40) without a word; now
it is a warning at its column of the 001 record and the player has no age.

BASE's first day is 2026/03/14 (042); Alpha, Anna (line 5) is rated 2100, under 2300 where
a junior's K is 40. Columns 70-79 hold the birth date (TRF 001).
"""

from __future__ import annotations

import datetime
import os

import pytest

from generator.reading.events import read_event
from generator.rules.categories import category_members
from generator.rules.rating_change import DEFAULT_K_SETTINGS, RatingEdition, k_factor
from tests.reading.test_events import make_event
from tests.reading.test_trf_broken import BASE

U16 = "categories:\n  - name: U16\n    age: {under: 16}\nprizes:\n  lists: {U16: [100]}\n"
FIRST_DAY = datetime.date(2026, 3, 14)


def _born(birth: str, column: int = 70) -> str:
    """BASE with Anna's birth date written from ``column`` (70 to 79)."""
    lines = BASE.split("\n")
    record = lines[4]
    assert record[69:79] == " " * 10
    field = (" " * (column - 70) + birth).ljust(10)
    lines[4] = record[:69] + field + record[79:]
    return "\n".join(lines)


def _anna(tmp_path, monkeypatch, birth: str, column: int = 70):
    monkeypatch.chdir(tmp_path)
    make_event(tmp_path / "events", "open", _born(birth, column), settings=U16)
    event = read_event(os.path.join("events", "open"))
    return event, [str(w) for w in event.warnings]


def _junior_k(event) -> int:
    anna = event.tournament.players[0]
    return k_factor(anna, DEFAULT_K_SETTINGS, RatingEdition.in_force_on(FIRST_DAY),
                    FIRST_DAY)[0]


def test_a_real_junior_is_in_u16_with_k_40(tmp_path, monkeypatch):
    # The control: what each case below wrongly gave.
    event, warnings = _anna(tmp_path, monkeypatch, "2012/05/17")
    assert warnings == []
    category = event.settings.categories[0]
    assert 1 in category_members(category, event.tournament, first_day=FIRST_DAY)
    assert _junior_k(event) == 40


TRF = os.path.join("events", "open", "tournament.trf")
NO_AGE = "read as no birth date (no age category, K as for an unknown age)"
NO_SUCH_DAY = "expected a date such as 2008/05/17 in columns 70-79, or blanks"
AFTER = "expected the player's date of birth, before the event"


def _warning(column: int, birth: str, what: str, expected: str) -> str:
    return (f"{TRF}:5:{column}: warning: player 1's birth date {birth!r} {what}: {NO_AGE}; "
            f"{expected}")


CALENDAR = "is not a day of the calendar"
AFTER_FIRST_DAY = "is after the event's first day (2026-03-14)"


@pytest.mark.parametrize(("birth", "column", "expected"), [
    ("9999/99/99", 70, _warning(70, "9999/99/99", CALENDAR, NO_SUCH_DAY)),
    ("2012/02/30", 70, _warning(70, "2012/02/30", CALENDAR, NO_SUCH_DAY)),
    ("2012/13/1", 71, _warning(71, "2012/13/1", CALENDAR, NO_SUCH_DAY)),
    ("2026/03/15", 70, _warning(70, "2026/03/15", AFTER_FIRST_DAY, AFTER)),
    ("2030", 72, _warning(72, "2030", AFTER_FIRST_DAY, AFTER)),
])
def test_a_birth_that_cannot_be_one_is_a_warning_and_gives_no_age(tmp_path, monkeypatch,
                                                                   birth, column, expected):
    event, warnings = _anna(tmp_path, monkeypatch, birth, column)
    assert warnings == [expected]
    category = event.settings.categories[0]
    assert 1 not in category_members(category, event.tournament, first_day=FIRST_DAY)
    assert _junior_k(event) == 20  # B.02 8.3.3 without an age: under 2400


def test_the_birth_is_still_shown_as_written(tmp_path, monkeypatch):
    event, _warnings = _anna(tmp_path, monkeypatch, "9999/99/99")
    assert event.tournament.players[0].birth == "9999/99/99"


def test_a_date_read_again_is_not_worked_out_again():
    """K (rating change), categories and the reader's warning all read every player's date,
    and ``standings serve`` reads them again after each edit: each text is worked out once."""
    from generator.rules.births import read_birth
    first_day = datetime.date(2026, 4, 1)
    birth = read_birth("1975/03/15", first_day)
    assert birth is not None and birth.date == datetime.date(1975, 3, 15)
    assert read_birth("1975/03/15", first_day) is birth
