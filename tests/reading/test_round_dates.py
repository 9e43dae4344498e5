"""TRF 132, the dates of the rounds: one per round, so their count announces the number of
rounds where no total_rounds, 142 or XXR does (issue 23); a starting time after a date is
kept; dates written year-day-month are read within the event's dates."""

from __future__ import annotations

import datetime

import pytest

from generator.model import RoundKind
from generator.reading.assembly import build_tournament
from generator.reading.trf import parse_trf
from tests.reading.test_trf_broken import BASE

WITHOUT_XXR = BASE.replace("XXR 3\n", "")
"""Three rounds played, nothing announcing how many there are."""


def _read(text: str):
    return build_tournament(parse_trf(text, "t.trf"))


def _with_132(record: str) -> str:
    return WITHOUT_XXR.replace("092 Swiss Dutch\n", f"092 Swiss Dutch\n{record}\n")


def test_without_an_announcement_the_round_blocks_are_no_number_of_rounds():
    tournament = _read(WITHOUT_XXR)
    assert (tournament.total_rounds, tournament.rounds_known) == (3, False)


def test_one_date_per_round_announces_the_rounds_still_to_come():
    # Swiss-Manager's layout: round k's date in the columns of round k's block (92 + 10(k-1)).
    dates = "".join(f"26/03/{day:02d}  " for day in (14, 14, 15, 15, 16))
    tournament = _read(_with_132("132" + " " * 88 + dates))
    assert (tournament.total_rounds, tournament.rounds_known) == (5, True)
    assert tournament.round_dates[-1] == datetime.date(2026, 3, 16)
    assert [result.kind for result in tournament.player(1).results[3:]] == [
        RoundKind.NOT_PLAYED_YET] * 2


def test_dates_one_record_each_count_as_well():
    records = "\n".join(f"132                          2026/03/{day}" for day in (14, 15, 16, 17))
    tournament = _read(_with_132(records))
    assert (tournament.total_rounds, tournament.rounds_known) == (4, True)


@pytest.mark.parametrize("dates", ["", "26/03/14  26/03/14"])
def test_fewer_dates_than_round_blocks_announce_nothing(dates):
    tournament = _read(_with_132(("132" + " " * 88 + dates).rstrip()))
    assert (tournament.total_rounds, tournament.rounds_known) == (3, False)


def test_a_starting_time_after_a_date_is_kept_and_a_following_date_is_no_time():
    # As in "10.09.13  10.09.25" (Armstrong Cup 2011): the second date's "10.09" is not a
    # time of the first.
    tournament = _read(_with_132("132 26.03.14  26.03.14 10:00  26/03/15 9h30"))
    assert tournament.round_dates == (datetime.date(2026, 3, 14), datetime.date(2026, 3, 14),
                                      datetime.date(2026, 3, 15))
    assert tournament.round_times == (None, datetime.time(10, 0), datetime.time(9, 30))


def test_dates_written_year_day_month_are_read_inside_the_event():
    text = _with_132("132 26.14.03  26.15.03  26.16.03").replace(
        "042 2026/03/14\n", "042 2026/03/14\n052 2026/03/16\n")
    assert _read(text).round_dates == tuple(datetime.date(2026, 3, day) for day in (14, 15, 16))
