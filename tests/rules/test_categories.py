"""Categories (issue 14): who belongs to one, and its ranking (the overall order filtered).

Every expected membership and place is worked out by hand in the test, from the dates and
ratings written there; none comes from this program's output.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from kit.crosstable import crosstable

from generator.model import Edition, Player, StartNo, Tournament
from generator.rules.births import Birth, BirthProblem, birth_problem, read_birth
from generator.rules.categories import (
    UNTITLED,
    AgeCondition,
    AgeReference,
    Category,
    ExclusionReason,
    FederationCondition,
    RatingCondition,
    RatingList,
    Sex,
    SexCondition,
    StartNumberCondition,
    TitleCondition,
    categories_of,
    category_members,
    category_standings,
    exclusion,
)
from generator.rules.explain import Explained, Standings, StandingsRow
from generator.rules.ranking import compute_standings

FIRST_DAY = datetime.date(2024, 6, 15)


def _player(start_no: int = 1, **fields: object) -> Player:
    return Player(start_no=StartNo(start_no), name=f"Player {start_no}", **fields)  # type: ignore[arg-type]


def _category(*conditions: object, name: str = "C") -> Category:
    return Category(name=name, slug=name.lower(), conditions=conditions)  # type: ignore[arg-type]


def _why(category: Category, player: Player, first_day: datetime.date | None = FIRST_DAY):
    found = exclusion(category, player, first_day=first_day)
    return None if found is None else found.reason


@pytest.mark.parametrize(("text", "expected"), [
    ("1978", Birth(year=1978)),
    ("1978/05/02", Birth(year=1978, date=datetime.date(1978, 5, 2))),
    ("1978-05-02", Birth(year=1978, date=datetime.date(1978, 5, 2))),
    ("1978.05.02", Birth(year=1978, date=datetime.date(1978, 5, 2))),
    ("02.05.1978", Birth(year=1978, date=datetime.date(1978, 5, 2))),
    ("1978/00/00", Birth(year=1978)),   # month and day unknown: the year alone
    ("1978/05/00", Birth(year=1978)),   # the day unknown
    (" 1978/05/02 ", Birth(year=1978, date=datetime.date(1978, 5, 2))),
    ("", None), ("    ", None), ("0000/00/00", None), ("abcd", None), ("78", None),
    ("1978/05", None),
])
def test_a_birth_date_is_read_as_trf_programs_write_it(text, expected):
    assert read_birth(text) == expected


@pytest.mark.parametrize(("text", "problem"), [
    # Issue 22: each made a player a junior (U16, K 40). No age is better than a wrong one.
    ("9999/99/99", BirthProblem.NO_SUCH_DAY),
    ("1978/02/30", BirthProblem.NO_SUCH_DAY),
    ("2023/02/29", BirthProblem.NO_SUCH_DAY),
    ("1978/13/00", BirthProblem.NO_SUCH_DAY),
    ("1978/00/32", BirthProblem.NO_SUCH_DAY),
    ("31.02.2010", BirthProblem.NO_SUCH_DAY),
    ("2024/06/16", BirthProblem.AFTER_FIRST_DAY),   # the day after the first day
    ("2025", BirthProblem.AFTER_FIRST_DAY),
    ("2025/00/00", BirthProblem.AFTER_FIRST_DAY),
    ("2024/06/15", None),                           # the first day itself is a day of birth
    ("2024", None),
    ("2020/02/29", None),
    ("", None), ("abcd", None),                     # no date to judge
])
def test_a_birth_date_that_cannot_be_one_is_none(text, problem):
    assert birth_problem(text, FIRST_DAY) is problem
    if problem is not None:
        assert read_birth(text, FIRST_DAY) is None


def test_without_a_first_day_only_the_calendar_judges():
    assert birth_problem("9999/12/31", None) is None
    assert read_birth("9999/12/31") == Birth(year=9999, date=datetime.date(9999, 12, 31))
    assert birth_problem("9999/99/99", None) is BirthProblem.NO_SUCH_DAY


# --- age by year of birth (the default) ----------------------------------------------------
# First day 15 June 2024, so Y = 2024. U16: born in or after 2024 - 16 = 2008 (FIDE's U16:
# under 16 on 1 January 2024). 50+: born in or before 2024 - 50 = 1974 (reaches 50 in 2024).

@pytest.mark.parametrize(("birth", "expected"), [
    ("2008", None),                            # 16 during 2024, under 16 on 1 January
    ("2008/12/31", None),
    ("2008/01/01", None),                      # the whole year 2008 is in
    ("2007/12/31", ExclusionReason.TOO_OLD),   # 2024 - 2007 = 17 > 16
    ("2007", ExclusionReason.TOO_OLD),
    ("2016", None),
    ("", ExclusionReason.BIRTH_DATE_MISSING),
    ("unknown", ExclusionReason.BIRTH_DATE_MISSING),
    ("9999/99/99", ExclusionReason.BIRTH_DATE_MISSING),   # no such day: no age (issue 22)
    ("2016/02/30", ExclusionReason.BIRTH_DATE_MISSING),
    ("2024/12/01", ExclusionReason.BIRTH_DATE_MISSING),   # after the first day
    ("2025", ExclusionReason.BIRTH_DATE_MISSING),
])
def test_under_16_by_year_of_birth(birth, expected):
    u16 = _category(AgeCondition(under=16))
    assert _why(u16, _player(birth=birth)) is expected


@pytest.mark.parametrize(("birth", "expected"), [
    ("1974", None),                            # 2024 - 1974 = 50
    ("1974/12/31", None),                      # turns 50 on the last day of the year
    ("1975/01/01", ExclusionReason.TOO_YOUNG),  # 49
    ("1950", None),
])
def test_50_plus_by_year_of_birth(birth, expected):
    seniors = _category(AgeCondition(at_least=50))
    assert _why(seniors, _player(birth=birth)) is expected


def test_too_old_says_the_age_counted():
    found = exclusion(_category(AgeCondition(under=16)), _player(birth="2007"),
                      first_day=FIRST_DAY)
    assert found is not None and found.age == 17  # 2024 - 2007


# --- age on the first day -----------------------------------------------------------------
# First day 15 June 2024. U16 = under 16 on that day.

@pytest.mark.parametrize(("birth", "expected"), [
    ("2008/06/16", None),                      # 15 on 15 June 2024, 16 the day after
    ("2008/06/15", ExclusionReason.TOO_OLD),   # 16 on the first day itself
    ("2008/01/01", ExclusionReason.TOO_OLD),   # 16 since New Year
    ("2009", None),                            # 14 or 15 on 15 June: under 16 either way
    ("2008", ExclusionReason.BIRTH_DATE_INCOMPLETE),  # 15 or 16: depends on the day
    ("2007", ExclusionReason.TOO_OLD),         # 16 or 17: too old either way
    ("", ExclusionReason.BIRTH_DATE_MISSING),
])
def test_under_16_on_the_first_day(birth, expected):
    u16 = _category(AgeCondition(under=16, reference=AgeReference.FIRST_DAY))
    assert _why(u16, _player(birth=birth)) is expected


@pytest.mark.parametrize(("birth", "expected"), [
    ("1974/06/15", None),                       # 50 on the first day
    ("1974/06/16", ExclusionReason.TOO_YOUNG),  # 49 until the next day
    ("1973", None),                             # 50 or 51
    ("1974", ExclusionReason.BIRTH_DATE_INCOMPLETE),  # 49 or 50
    ("1975", ExclusionReason.TOO_YOUNG),        # 48 or 49
])
def test_50_plus_on_the_first_day(birth, expected):
    seniors = _category(AgeCondition(at_least=50, reference=AgeReference.FIRST_DAY))
    assert _why(seniors, _player(birth=birth)) is expected


def test_a_born_29_february_player_is_a_year_older_on_1_march():
    u16 = _category(AgeCondition(under=16, reference=AgeReference.FIRST_DAY))
    born = _player(birth="2008/02/29")
    # 28 February 2024 is before the birthday (15); 29 February 2024 is the 16th birthday.
    assert _why(u16, born, datetime.date(2024, 2, 28)) is None
    assert _why(u16, born, datetime.date(2024, 2, 29)) is ExclusionReason.TOO_OLD


def test_an_age_band_from_10_under_12_by_year():
    # 2024 - 2012 = 12 > 12? no, 12 is not over 12: in (U12 takes 2012); 2014: 10, in;
    # 2015: 9 < 10, too young; 2011: 13, too old.
    band = _category(AgeCondition(at_least=10, under=12))
    assert [_why(band, _player(birth=b)) for b in ("2011", "2012", "2014", "2015")] == [
        ExclusionReason.TOO_OLD, None, None, ExclusionReason.TOO_YOUNG]


def test_no_first_day_means_no_age_can_be_taken():
    u16 = _category(AgeCondition(under=16))
    assert _why(u16, _player(birth="2010"), None) is ExclusionReason.EVENT_DATE_MISSING


# --- ratings -------------------------------------------------------------------------------

@pytest.mark.parametrize(("rating", "expected"), [
    (1999, None),
    (2000, ExclusionReason.RATING_ABOVE_BAND),   # "below 2000" excludes 2000 itself
    (1000, None),
    (None, None),                                # an unrated player is under 2000
])
def test_under_2000_takes_unrated_players_by_default(rating, expected):
    assert _why(_category(RatingCondition(below=2000)), _player(rating=rating)) is expected


def test_under_2000_without_unrated_players_when_event_yml_says_so():
    band = _category(RatingCondition(below=2000, unrated=False))
    assert _why(band, _player(rating=None)) is ExclusionReason.UNRATED
    assert _why(band, _player(rating=1500)) is None


@pytest.mark.parametrize(("rating", "expected"), [
    (1800, None),
    (1799, ExclusionReason.RATING_BELOW_BAND),
    (1999, None),
    (2000, ExclusionReason.RATING_ABOVE_BAND),
    (None, ExclusionReason.UNRATED),   # a band with a lower bound: unrated is not in it
])
def test_a_band_from_1800_below_2000(rating, expected):
    band = _category(RatingCondition(at_least=1800, below=2000))
    assert _why(band, _player(rating=rating)) is expected


def test_a_band_with_a_lower_bound_may_admit_unrated_players():
    band = _category(RatingCondition(at_least=2200, unrated=True))
    assert _why(band, _player(rating=None)) is None
    assert _why(band, _player(rating=2100)) is ExclusionReason.RATING_BELOW_BAND


def test_a_national_band_reads_the_national_rating_not_the_fide_one():
    # The FIDE rating 1500 is no national rating: without one the player is unrated there.
    national = _category(RatingCondition(at_least=1400, rating_list=RatingList.NATIONAL))
    assert _why(national, _player(rating=1500)) is ExclusionReason.UNRATED
    assert _why(national, _player(rating=1300, national_rating=1450)) is None
    assert _why(national, _player(rating=1500, national_rating=1350)) is (
        ExclusionReason.RATING_BELOW_BAND)
    under = _category(RatingCondition(below=1400, rating_list=RatingList.NATIONAL))
    assert _why(under, _player(rating=2500)) is None
    assert _why(under, _player(rating=1000, national_rating=1400)) is (
        ExclusionReason.RATING_ABOVE_BAND)


# --- sex, federation, title, start numbers, combinations -----------------------------------

@pytest.mark.parametrize(("sex", "expected"), [
    ("w", None), ("f", None), ("W", None),
    ("m", ExclusionReason.SEX), ("", ExclusionReason.SEX),
])
def test_women(sex, expected):
    assert _why(_category(SexCondition(sex=Sex.FEMALE)), _player(sex=sex)) is expected


def test_federation_title_and_start_numbers():
    nordic = _category(FederationCondition(federations=frozenset({"NOR", "SWE"})))
    assert _why(nordic, _player(federation="SWE")) is None
    assert _why(nordic, _player(federation="DEN")) is ExclusionReason.FEDERATION
    assert _why(nordic, _player(federation="")) is ExclusionReason.FEDERATION
    untitled = _category(TitleCondition(titles=frozenset({UNTITLED, "CM"})))
    assert _why(untitled, _player(title="")) is None
    assert _why(untitled, _player(title="CM")) is None
    assert _why(untitled, _player(title="FM")) is ExclusionReason.TITLE
    club = _category(StartNumberCondition(start_numbers=frozenset({StartNo(3), StartNo(7)})))
    assert _why(club, _player(7)) is None
    assert _why(club, _player(4)) is ExclusionReason.START_NUMBER


def test_every_condition_must_hold_and_the_first_failed_is_the_reason():
    girls_u2000 = _category(SexCondition(sex=Sex.FEMALE), RatingCondition(below=2000),
                            AgeCondition(under=18))
    assert _why(girls_u2000, _player(sex="w", rating=1900, birth="2010")) is None
    assert _why(girls_u2000, _player(sex="w", rating=2100, birth="2010")) is (
        ExclusionReason.RATING_ABOVE_BAND)
    assert _why(girls_u2000, _player(sex="m", rating=2100, birth="1970")) is (
        ExclusionReason.SEX)
    assert _why(girls_u2000, _player(sex="w", rating=1900, birth="")) is (
        ExclusionReason.BIRTH_DATE_MISSING)


# --- the category ranking ------------------------------------------------------------------

def _standings(rows: list[tuple[int, int, int, str]], *, women: set[int]) -> Standings:
    """Rows (start number, rank, rank_to, points) in the standings' order."""
    players = {n: _player(n, sex="w" if n in women else "m") for n, *_ in rows}
    tournament = Tournament(name="T", total_rounds=5, rounds_played=5,
                            players=tuple(players[n] for n in sorted(players)))
    return Standings(
        tournament=tournament, edition=Edition.FIDE_2026_03, specs=(), after_round=5,
        is_final=True, rows=tuple(
            StandingsRow(player=players[n], rank=rank, rank_to=rank_to, points=Decimal(pts),
                         values={"BH": Explained(value=None)})
            for n, rank, rank_to, pts in rows))


def test_a_category_ranking_is_the_overall_order_with_shared_places_kept():
    # Overall: 4 first; 2, 5 and 6 share 2nd-4th; 1 fifth; 3 sixth. Women 2, 6, 1, 3:
    # 2 and 6 shared 2-4 overall, so they share 1st-2nd among the women; 1 is 3rd, 3 4th.
    standings = _standings([(4, 1, 1, "4"), (2, 2, 4, "3"), (5, 2, 4, "3"), (6, 2, 4, "3"),
                            (1, 5, 5, "2"), (3, 6, 6, "1")], women={1, 2, 3, 6})
    women = _category(SexCondition(sex=Sex.FEMALE), name="Women")
    ranked = category_standings(women, standings, first_day=FIRST_DAY)
    assert [(r.start_no, r.place, r.place_to, r.overall_rank, r.overall_rank_to)
            for r in ranked.rows] == [(2, 1, 2, 2, 4), (6, 1, 2, 2, 4), (1, 3, 3, 5, 5),
                                      (3, 4, 4, 6, 6)]
    assert ranked.members == 4 and ranked.is_final
    assert category_members(women, standings.tournament, first_day=FIRST_DAY) == {1, 2, 3, 6}
    found = categories_of(StartNo(1), [ranked])
    assert [(c.name, row.place) for c, row in found] == [("Women", 3)]
    assert categories_of(StartNo(4), [ranked]) == ()


def test_a_category_ranking_follows_the_tie_breaks_of_the_overall_one():
    # Four players, one round each pair (round robin): 1 beats 2, 2 beats 3, 3 beats 1,
    # everyone beats 4: 1, 2 and 3 tie on 2 points. With DE, their mini-table is 1 each:
    # still tied; Sonneborn-Berger: 1 beat 2 (2) + 4 (0) = 2; 2: 3 + 4 = 2; 3: 1 + 4 = 2.
    # All equal: the places are shared 1-3 overall, so the category {2, 3, 4} has 2 and 3
    # sharing its 1st-2nd place and 4 third.
    tournament = crosstable("""
        1 A - | 2w1 3b0 4w1
        2 B - | 1b0 4w1 3w1
        3 C - | 4b1 1w1 2b0
        4 D - | 3w0 2b0 1b0
    """, total_rounds=3)
    standings = compute_standings(tournament, ["SB"], edition=Edition.FIDE_2026_03,
                                  source="t.trf")
    club = _category(StartNumberCondition(start_numbers=frozenset(map(StartNo, (2, 3, 4)))))
    ranked = category_standings(club, standings, first_day=None)
    assert [(r.start_no, r.place, r.place_to) for r in ranked.rows] == [
        (2, 1, 2), (3, 1, 2), (4, 3, 3)]
