"""Prize allocation (issue 14): hand-checked cases, each with its working in the test, and
properties that hold for any field and any prize lists.

The standings here are written by hand (place, points, a Buchholz), so every expected
amount follows from the numbers in the test, never from this program's output.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kit.crosstable import crosstable

from generator.model import Edition, Player, StartNo, Tournament
from generator.rules.categories import (
    Category,
    CategoryStandings,
    RatingCondition,
    Sex,
    SexCondition,
    StartNumberCondition,
    category_standings,
)
from generator.rules.explain import Explained, Standings, StandingsRow
from generator.rules.prizes import (
    OVERALL,
    AwardReason,
    NotAwardedReason,
    OnePerPlayer,
    PassReason,
    Prize,
    PrizeAward,
    PrizeSettings,
    ProvisionalReason,
    TieSplit,
    Unclaimed,
    award_prizes,
)
from generator.rules.ranking import compute_standings

FIRST_DAY = datetime.date(2024, 6, 15)
U2000 = Category(name="Under 2000", slug="under-2000",
                 conditions=(RatingCondition(below=2000),))
WOMEN = Category(name="Women", slug="women", conditions=(SexCondition(sex=Sex.FEMALE),))


def field(text: str, *, is_final: bool = True) -> Standings:
    """Standings from lines ``start points BH rating sex`` (``-`` unrated); the order is by
    points, then BH; equal points and BH share the place."""
    entries = []
    for line in text.strip().splitlines():
        number, points, bh, rating, sex = line.split()
        entries.append((int(number), Decimal(points), Decimal(bh),
                        None if rating == "-" else int(rating), sex))
    players = {n: Player(start_no=StartNo(n), name=f"P{n}", rating=rating, sex=sex)
               for n, _, _, rating, sex in entries}
    ordered = sorted(entries, key=lambda e: (-e[1], -e[2], e[0]))
    rows = []
    for k, (n, points, bh, _, _) in enumerate(ordered):
        equal = [i for i, e in enumerate(ordered) if (e[1], e[2]) == (points, bh)]
        rows.append(StandingsRow(player=players[n], rank=equal[0] + 1, rank_to=equal[-1] + 1,
                                 points=points, values={"BH": Explained(value=bh)}))
        assert k in equal
    tournament = Tournament(name="T", total_rounds=9, rounds_played=9,
                            players=tuple(players[n] for n in sorted(players)))
    return Standings(tournament=tournament, edition=Edition.FIDE_2026_03, specs=(),
                     rows=tuple(rows), after_round=9, is_final=is_final)


def prizes(lists: dict[str, list[str | int]], **options: object) -> PrizeSettings:
    listed = tuple(
        Prize(ranking=ranking, position=k,
              amount=Decimal(str(p)) if not isinstance(p, str) else None,
              name=p if isinstance(p, str) else None)
        for ranking, entries in lists.items() for k, p in enumerate(entries, start=1))
    return PrizeSettings(prizes=listed, **options)  # type: ignore[arg-type]


def award(settings: PrizeSettings, standings: Standings,
          categories: tuple[Category, ...] = (U2000, WOMEN)) -> PrizeAward:
    return award_prizes(settings, standings, ranked(categories, standings))


def ranked(categories: tuple[Category, ...], standings: Standings
           ) -> tuple[CategoryStandings, ...]:
    """Each category ranked as an event ranks it (once, for its pages and its prizes)."""
    return tuple(category_standings(c, standings, first_day=FIRST_DAY) for c in categories)


def winnings(result: PrizeAward) -> dict[int, Decimal | str]:
    """Each player's money (all shares together), or the name prize they get."""
    won: dict[int, Decimal | str] = {}
    for a in result.awards:
        for s in a.recipients:
            if s.amount is None:
                won[s.start_no] = a.prizes[0].name or ""
            else:
                won[s.start_no] = won.get(s.start_no, Decimal(0)) + s.amount  # type: ignore[operator]
    return won


def of(result: PrizeAward, ranking: str, position: int):
    return next(a for a in result.awards
                if any(p.ranking == ranking and p.position == position for p in a.prizes))


# 1: 7 points; 2, 3 and 4: 6 points (BH 30, 28, 27); 5: 5 points.
TIE_FOR_SECOND = """
    1 7   35 2300 m
    2 6   30 2200 m
    3 6   28 2100 m
    4 6   27 2050 m
    5 5   25 1900 m
"""


def test_three_players_tied_for_second_share_the_second_to_fourth_prizes():
    # 500 + 300 + 100 = 900, split three ways: 300 each. 1 takes the 1000 alone.
    result = award(prizes({OVERALL: [1000, 500, 300, 100]}), field(TIE_FOR_SECOND))
    assert winnings(result) == {1: 1000, 2: 300, 3: 300, 4: 300}
    first = of(result, OVERALL, 1)
    assert first.reason is AwardReason.PLACE and first.recipients[0].place == 1
    shared = of(result, OVERALL, 2)
    assert shared is of(result, OVERALL, 4)
    assert shared.reason is AwardReason.SHARED
    assert [p.position for p in shared.prizes] == [2, 3, 4]
    assert shared.amount == 900 and shared.remainder == 0
    assert [(s.start_no, s.place, s.place_to) for s in shared.recipients] == [
        (2, 2, 2), (3, 3, 3), (4, 4, 4)]
    assert result.paid == 1900 and len(result.awards) == 2


def test_more_players_tied_than_prizes_left_share_what_there_is():
    # Places 2-4 tied, but only a 2nd and a 3rd prize: (500 + 250) / 3 = 250 each.
    result = award(prizes({OVERALL: [1000, 500, 250]}), field(TIE_FOR_SECOND))
    assert winnings(result) == {1: 1000, 2: 250, 3: 250, 4: 250}


def test_a_share_is_paid_in_whole_cents_and_the_rest_is_said():
    # 100 / 3 = 33.333...: 33.33 each, 0.01 left over (never paid twice).
    standings = field("""
        1 5 20 2000 m
        2 5 19 2000 m
        3 5 18 2000 m
    """)
    result = award(prizes({OVERALL: [100]}), standings)
    assert winnings(result) == {1: Decimal("33.33"), 2: Decimal("33.33"), 3: Decimal("33.33")}
    assert of(result, OVERALL, 1).remainder == Decimal("0.01")


def test_under_ties_tiebreaks_the_buchholz_order_decides_money():
    result = award(prizes({OVERALL: [1000, 500, 300, 100]}, ties=TieSplit.TIEBREAKS),
                   field(TIE_FOR_SECOND))
    assert winnings(result) == {1: 1000, 2: 500, 3: 300, 4: 100}
    second = of(result, OVERALL, 2)
    assert second.reason is AwardReason.TIE_BROKEN and second.criterion == "BH"
    assert second.tied_with == (3, 4)
    third = of(result, OVERALL, 3)
    assert third.reason is AwardReason.TIE_BROKEN and third.tied_with == (4,)
    # 4 is the last of the tie: nobody left who could take it has 6 points.
    assert of(result, OVERALL, 4).reason is AwardReason.PLACE


def test_hort_with_hort_s_own_example():
    """The worked example of de.wikipedia "Hort-System" (prizes 100 80 60 40 20 10; A and B
    8 points, C 7.5, D, E and F 7), in cents rounded down where the article pays euros:
    A 50 + (50 + 40) / 2 = 95; B 40 + 45 = 85; C alone 60; D, E, F keep 20, 10, 5 and
    share (20 + 10 + 5) / 3 = 11.666 -> 11.66: 31.66, 21.66, 16.66, 0.02 left."""
    standings = field("""
        1 8   71   2000 m
        2 8   70.5 2000 m
        3 7.5 68   2000 m
        4 7   68.5 2000 m
        5 7   67   2000 m
        6 7   66.5 2000 m
    """)
    result = award(prizes({OVERALL: [100, 80, 60, 40, 20, 10]}, ties=TieSplit.HORT,
                          hort_share=Decimal(50)), standings)
    assert winnings(result) == {1: 95, 2: 85, 3: 60, 4: Decimal("31.66"),
                                5: Decimal("21.66"), 6: Decimal("16.66")}
    top = of(result, OVERALL, 1)
    assert top.reason is AwardReason.HORT
    assert [s.kept for s in top.recipients] == [50, 40]
    assert of(result, OVERALL, 3).reason is AwardReason.PLACE
    assert of(result, OVERALL, 4).remainder == Decimal("0.02")


def test_hort_with_another_percentage():
    # 30% of 500 + 300 + 100 = 270 shared: 90 each; each keeps 70%: 350, 210, 70.
    # 1 takes 1000 alone; 2: 350 + 90 = 440, 3: 210 + 90 = 300, 4: 70 + 90 = 160 (= 900).
    result = award(prizes({OVERALL: [1000, 500, 300, 100]}, ties=TieSplit.HORT,
                          hort_share=Decimal(30)), field(TIE_FOR_SECOND))
    assert winnings(result) == {1: 1000, 2: 440, 3: 300, 4: 160}


def test_hort_with_more_tied_than_prizes():
    # Places 2-4 tied on prizes 500 and 250 only (50%): pool 375, 125 each; 2 keeps 250,
    # 3 keeps 125, 4 keeps nothing (no place prize): 375, 250, 125.
    result = award(prizes({OVERALL: [1000, 500, 250]}, ties=TieSplit.HORT),
                   field(TIE_FOR_SECOND))
    assert winnings(result) == {1: 1000, 2: 375, 3: 250, 4: 125}


# 1 (2300) 7; 2 (1950) 6.5; 3 (2100) 6; 4 (1900) 5.5; 5 (1850) 5; 6 (1700) 4.5.
MIXED = """
    1 7   40 2300 m
    2 6.5 38 1950 w
    3 6   36 2100 m
    4 5.5 34 1900 w
    5 5   32 1850 m
    6 4.5 30 1700 m
"""


def test_one_prize_per_player_passes_a_category_prize_down():
    # Overall 1000, 500, 250 to 1, 2, 3. Under 2000's best is 2, who has 500 (more than
    # 150): passed over, so 150 goes to 4 and 100 to 5.
    result = award(prizes({OVERALL: [1000, 500, 250], "Under 2000": [150, 100]}),
                   field(MIXED))
    assert winnings(result) == {1: 1000, 2: 500, 3: 250, 4: 150, 5: 100}
    first_u2000 = of(result, "Under 2000", 1)
    assert first_u2000.reason is AwardReason.PLACE
    assert [(s.start_no, s.place) for s in first_u2000.recipients] == [(4, 2)]
    [passed] = first_u2000.passed_over
    assert (passed.start_no, passed.reason, passed.kept.amount) == (2, PassReason.HAS_HIGHER,
                                                                    500)
    # 4 is placed ahead of 5 in the category: 5 was passed over by nobody new.
    second_u2000 = of(result, "Under 2000", 2)
    assert [s.start_no for s in second_u2000.recipients] == [5]
    assert [p.start_no for p in second_u2000.passed_over] == [2]


def test_tied_means_tied_among_those_who_may_still_take_a_prize():
    # Women listed first (first_listed): woman 3 takes the trophy. In Under 2000, 3 and 4
    # are tied on 6 points, but 3 holds the trophy: 4 is alone among those left, so 4
    # takes the 150 whole (not 150 + 100 shared with 3), 3 passed over; 5 takes the 100.
    standings = field("""
        1 7   40 2300 m
        3 6   36 1900 w
        4 6   34 1850 m
        5 5   32 1800 m
    """)
    result = award(prizes({"Women": ["Trophy"], "Under 2000": [150, 100]},
                          one_per_player=OnePerPlayer.FIRST_LISTED), standings)
    assert winnings(result) == {3: "Trophy", 4: 150, 5: 100}
    first_u2000 = of(result, "Under 2000", 1)
    assert first_u2000.reason is AwardReason.PLACE
    assert [(p.start_no, p.reason) for p in first_u2000.passed_over] == [
        (3, PassReason.HAS_EARLIER)]


def test_the_higher_prize_wins_even_when_the_category_is_listed_first():
    # Same lists, Under 2000 written first: under "highest" 2 still takes 500 (> 150).
    result = award(prizes({"Under 2000": [150, 100], OVERALL: [1000, 500, 250]}),
                   field(MIXED))
    assert winnings(result) == {1: 1000, 2: 500, 3: 250, 4: 150, 5: 100}
    # The awards come in the settings' order: the Under 2000 list first.
    assert [a.ranking for a in result.awards] == ["Under 2000"] * 2 + [OVERALL] * 3


def test_first_listed_takes_the_first_prize_listed():
    # Under 2000 listed first: 2 (best under 2000) takes its 150 and 4 its 100; the
    # overall 1000, 500, 250 go to 1, 3 and 5 (2 and 4 passed over: earlier prizes).
    result = award(prizes({"Under 2000": [150, 100], OVERALL: [1000, 500, 250]},
                          one_per_player=OnePerPlayer.FIRST_LISTED), field(MIXED))
    assert winnings(result) == {2: 150, 4: 100, 1: 1000, 3: 500, 5: 250}
    second = of(result, OVERALL, 2)
    assert [(p.start_no, p.reason) for p in second.passed_over] == [
        (2, PassReason.HAS_EARLIER)]
    third = of(result, OVERALL, 3)
    assert [p.start_no for p in third.passed_over] == [2, 4]


def test_without_one_prize_per_player_a_player_takes_several():
    result = award(prizes({OVERALL: [1000, 500], "Under 2000": [150], "Women": ["Trophy"]},
                          one_per_player=OnePerPlayer.NO), field(MIXED))
    assert [s.start_no for a in result.awards for s in a.recipients] == [1, 2, 2, 2]
    assert all(not a.passed_over for a in result.awards)


def test_a_category_with_too_few_players_awards_nothing():
    # Two women (2 and 4), min_players 3: neither Women prize is awarded.
    result = award(prizes({OVERALL: [100], "Women": [50, 30]}, min_players=3), field(MIXED))
    for position in (1, 2):
        women = of(result, "Women", position)
        assert women.not_awarded is NotAwardedReason.TOO_FEW_PLAYERS
        assert women.members == 2 and women.recipients == ()
    # Four players under 2000 (2, 4, 5 and 6): its prize is awarded at min 3 and 4, not 5.
    for minimum in (3, 4):
        u2000 = of(award(prizes({"Under 2000": [50]}, min_players=minimum), field(MIXED)),
                   "Under 2000", 1)
        assert u2000.recipients[0].start_no == 2
    too_few = of(award(prizes({"Under 2000": [50]}, min_players=5), field(MIXED)),
                 "Under 2000", 1)
    assert too_few.not_awarded is NotAwardedReason.TOO_FEW_PLAYERS and too_few.members == 4


def test_a_name_prize_in_a_tie_follows_the_tie_breaks_and_is_not_shared():
    # Women 2 and 4 both on 6 points, BH 30 and 27: the trophy goes to 2, even under
    # "shared" (a trophy cannot be split).
    standings = field("""
        1 7 35 2300 m
        2 6 30 2200 w
        3 6 28 2100 m
        4 6 27 2050 w
    """)
    result = award(prizes({"Women": ["Trophy"]}), standings)
    trophy = of(result, "Women", 1)
    assert [s.start_no for s in trophy.recipients] == [2]
    assert trophy.recipients[0].amount is None
    assert trophy.reason is AwardReason.TIE_BROKEN and trophy.criterion == "BH"
    assert trophy.tied_with == (4,)


def test_a_name_prize_in_a_tie_nothing_separates_goes_in_the_standings_order():
    # 2 and 4 share 2nd-3rd (equal points and BH): the standings list 2 first.
    standings = field("""
        1 7 35 2300 m
        2 6 30 2200 w
        4 6 30 2050 w
    """)
    trophy = of(award(prizes({"Women": ["Trophy"]}), standings), "Women", 1)
    assert [s.start_no for s in trophy.recipients] == [2]
    assert (trophy.reason, trophy.criterion) == (AwardReason.TIE_UNBROKEN, None)


def test_a_tie_broken_by_the_engine_names_its_tie_break():
    """A real ranking. Round 1: 1 beats 3, 2 beats 4; round 2: 4 beats 1, 3 beats 2;
    round 3: 1 and 2 draw, 3 beats 4. Points: 3 has 2, 1 and 2 have 1.5, 4 has 1.
    BH(1) = 2 + 1 + 1.5 = 4.5 = BH(2) = 1 + 2 + 1.5: still tied. SB(1) = 2 (beat 3) +
    1.5 / 2 (drew 2) = 2.75; SB(2) = 1 (beat 4) + 1.5 / 2 = 1.75: SB puts 1 ahead."""
    tournament = crosstable("""
        1 A - | 3w1 4b0 2w=
        2 B - | 4b1 3w0 1b=
        3 C - | 1b0 2b1 4w1
        4 D - | 2w0 1w1 3b0
    """)
    standings = compute_standings(tournament, ["BH", "SB"], edition=Edition.FIDE_2026_03)
    assert [r.player.start_no for r in standings.rows] == [3, 1, 2, 4]
    result = award_prizes(prizes({OVERALL: [100, 60, 40]}, ties=TieSplit.TIEBREAKS),
                          standings)
    second = of(result, OVERALL, 2)
    assert [s.start_no for s in second.recipients] == [1]
    assert (second.reason, second.criterion, second.tied_with) == (
        AwardReason.TIE_BROKEN, "SB", (2,))
    # Shared instead: 1 and 2 occupy the 2nd and 3rd places: (60 + 40) / 2 = 50 each.
    shared = award_prizes(prizes({OVERALL: [100, 60, 40]}), standings)
    assert winnings(shared) == {3: 100, 1: 50, 2: 50}


def test_a_prize_nobody_can_take_is_not_awarded_by_default():
    # The only woman, 2, has the overall 500; the Women trophy has nobody left.
    standings = field("""
        1 7 35 2300 m
        2 6 30 2200 w
        3 5 28 2100 m
    """)
    result = award(prizes({OVERALL: [1000, 500], "Women": ["Trophy"]}), standings)
    trophy = of(result, "Women", 1)
    assert trophy.not_awarded is NotAwardedReason.NOBODY_ELIGIBLE and not trophy.recipients
    [passed] = trophy.passed_over
    assert (passed.start_no, passed.reason) == (2, PassReason.HAS_HIGHER)


def test_a_prize_nobody_can_take_goes_to_the_next_overall_when_announced():
    standings = field("""
        1 7 35 2300 m
        2 6 30 2200 w
        3 5 28 2100 m
    """)
    result = award(prizes({OVERALL: [1000, 500], "Women": ["Trophy"]},
                          unclaimed=Unclaimed.NEXT_OVERALL), standings)
    trophy = of(result, "Women", 1)
    assert trophy.reason is AwardReason.UNCLAIMED_TO_OVERALL
    assert [(s.start_no, s.place) for s in trophy.recipients] == [(3, 3)]  # overall 3rd


def test_a_category_without_players_has_too_few_even_with_no_minimum():
    # min_players defaults to 1: an empty category is one with too few (0), whatever
    # ``unclaimed`` says (its prizes were never on offer).
    nobody = Category(name="Juniors", slug="juniors",
                      conditions=(RatingCondition(at_least=3000),))
    standings = field(MIXED)
    result = award_prizes(prizes({"Juniors": [50]}, unclaimed=Unclaimed.NEXT_OVERALL),
                          standings, ranked((nobody,), standings))
    juniors = of(result, "Juniors", 1)
    assert (juniors.not_awarded, juniors.members) == (NotAwardedReason.TOO_FEW_PLAYERS, 0)


def test_a_share_is_the_player_s_one_prize():
    # 2, 3 and 4 share 2nd-4th (300 each). The trophy (a name prize, given after every
    # money prize) finds woman 3 holding a share: passed over, so woman 5 takes it.
    standings = field("""
        1 7 35 2300 m
        2 6 30 2200 m
        3 6 28 2100 w
        4 6 27 2050 m
        5 5 25 1900 w
    """)
    result = award(prizes({OVERALL: [1000, 500, 300, 100], "Women": ["Trophy"]}), standings)
    trophy = of(result, "Women", 1)
    assert [s.start_no for s in trophy.recipients] == [5]
    [passed] = trophy.passed_over
    assert (passed.start_no, passed.reason, passed.kept.position) == (
        3, PassReason.HAS_SHARE, 2)


def test_a_list_is_given_in_its_own_order_even_when_a_later_place_pays_more():
    # Overall [100, 200] (a 2nd prize larger than the 1st, as written): the 1st place
    # still takes the 1st prize, the 2nd the 2nd.
    result = award(prizes({OVERALL: [100, 200]}), field(MIXED))
    assert winnings(result) == {1: 100, 2: 200}


@pytest.mark.parametrize(("is_final", "confirmed", "reasons"), [
    (True, True, ()),
    (True, False, (ProvisionalReason.NOT_CONFIRMED,)),
    (False, True, (ProvisionalReason.EVENT_NOT_COMPLETE,)),
    (False, False, (ProvisionalReason.EVENT_NOT_COMPLETE, ProvisionalReason.NOT_CONFIRMED)),
])
def test_provisional_until_complete_and_confirmed(is_final, confirmed, reasons):
    result = award(prizes({OVERALL: [100]}, confirmed=confirmed),
                   field(MIXED, is_final=is_final))
    assert result.provisional_reasons == reasons
    assert result.provisional is bool(reasons)


def test_provisional_follows_the_event_s_progress():
    # Round 2 of 2 has a pending game: the standings are not final.
    tournament = crosstable("""
        1 A - | 2w1 3bX
        2 B - | 1b0 -H
        3 C - | -H  1wX
    """)
    standings = compute_standings(tournament, ["BH"])
    assert not standings.is_final
    result = award_prizes(prizes({OVERALL: [100]}, confirmed=True), standings)
    assert result.provisional_reasons == (ProvisionalReason.EVENT_NOT_COMPLETE,)


def test_a_list_naming_no_category_is_the_caller_s_mistake():
    with pytest.raises(ValueError, match="names no category"):
        award_prizes(prizes({"Seniors": [10]}), field(MIXED), ())


# --- properties --------------------------------------------------------------------------

def _by_start_number(name: str, numbers: set[int]) -> Category:
    return Category(name=name, slug=name.lower(), conditions=(
        StartNumberCondition(start_numbers=frozenset(StartNo(n) for n in numbers)),))


def _likely(tenths: int) -> st.SearchStrategy[bool]:
    """True about ``tenths`` times in ten (shrinking towards True)."""
    return st.integers(0, 9).map(lambda k: k < tenths)


# The strategies are made once: hypothesis spends more making one than drawing from it.
_PLAYER = st.tuples(st.integers(0, 3), st.integers(0, 2),  # points, BH
                    st.sampled_from(["-", "1500", "1900", "2100"]), st.sampled_from("mw"),
                    _likely(7), _likely(7))  # a junior? a veteran?
_SOMETIMES, _MOSTLY = _likely(3), _likely(8)
_MONEY = {top: st.one_of(st.sampled_from([50, 60, 80, 100, 200, 300]), st.integers(0, top),
                         st.decimals("0.01", top, places=2))
          for top in (300, 1000)}
_TIES = st.sampled_from([TieSplit.SHARED, TieSplit.SHARED, TieSplit.HORT, TieSplit.TIEBREAKS])
"""Shared money is where players leave ties for larger prizes: drawn most often."""


@st.composite
def events(draw: st.DrawFn, one_per_player: OnePerPlayer
           ) -> tuple[PrizeSettings, Standings, tuple[Category, ...]]:
    """A field of up to 16 players in up to four overlapping categories, with prize lists.

    Coarse points and BH make ties common, and shared places (equal points and BH) too; the
    categories cut across them, so one place is shared by members and non-members and most
    players stand in several rankings at once (the declines of US Chess 32B3 need that).
    Lists are mostly as clubs write them, each place paying less than the one above, with a
    name prize among the money now and then.
    """
    field_ = draw(st.lists(_PLAYER, min_size=4, max_size=16))
    lines = [f"{n} {points} {bh} {rating} {sex}"
             for n, (points, bh, rating, sex, _, _) in enumerate(field_, start=1)]
    juniors = {n for n, player in enumerate(field_, start=1) if player[4]}
    veterans = {n for n, player in enumerate(field_, start=1) if player[5]}
    categories = (U2000, WOMEN, _by_start_number("Juniors", juniors),
                  _by_start_number("Veterans", veterans))
    lists: dict[str, list[str | int]] = {}
    for ranking in draw(st.permutations([OVERALL, *(c.name for c in categories)])):
        if not draw(_MOSTLY):
            continue
        # A category's prizes mostly below the overall's first ones, above its last shares.
        top = 1000 if ranking == OVERALL or not draw(_MOSTLY) else 300
        amounts = draw(st.lists(_MONEY[top], min_size=1, max_size=4))
        if draw(_MOSTLY):
            amounts.sort(reverse=True)
        entries: list[str | int] = list(amounts)
        if draw(_SOMETIMES):
            entries.insert(draw(st.integers(0, len(entries))),
                           draw(st.sampled_from(["Trophy", "Book"])))
        lists[ranking] = entries
    if not lists:
        lists[OVERALL] = [100]
    options = {
        "one_per_player": one_per_player,
        "ties": draw(_TIES),
        "hort_share": Decimal(draw(st.integers(0, 100))),
        # From no category cut to most of them cut.
        "min_players": draw(st.integers(1, 5)),
        "unclaimed": draw(st.sampled_from(Unclaimed)),
    }
    return prizes(lists, **options), field("\n".join(lines)), categories


CI_EXAMPLES = 100
"""Examples per mode of ``one_per_player`` unless ``--examples`` asks for more (the long
run: ``pytest tests/rules/test_prizes.py -k properties --examples 1500``, which the
allocation of issue 29 failed under ``highest`` at the 164th to 400th example of three
seeds, and the fixed one passes in every mode)."""


@pytest.mark.parametrize("one_per_player", list(OnePerPlayer))
def test_allocation_properties(request: pytest.FixtureRequest,
                               one_per_player: OnePerPlayer) -> None:
    wanted = request.config.getoption("--examples")
    budget = settings(max_examples=int(wanted) if wanted else CI_EXAMPLES, deadline=None,
                      print_blob=True)
    budget(given(events(one_per_player))(_allocation_holds))()


def _allocation_holds(event: tuple[PrizeSettings, Standings, tuple[Category, ...]]) -> None:
    prize_settings, standings, categories = event
    result = award(prize_settings, standings, categories)
    # Every prize is in exactly one award.
    listed = [p for a in result.awards for p in a.prizes]
    assert sorted(listed, key=prize_settings.prizes.index) == list(prize_settings.prizes)
    # Money paid never exceeds the fund, and each award's shares plus its remainder are
    # exactly its money (nothing invented, nothing lost but the said remainder).
    assert result.paid <= prize_settings.fund
    for a in result.awards:
        paid = sum((s.amount for s in a.recipients if s.amount is not None), Decimal(0))
        if a.recipients and a.amount is not None:
            assert paid + a.remainder == a.amount
            # Rounding down to cents: at most a cent per share (two under Hort: the kept
            # part and the equal part are each rounded).
            assert Decimal(0) <= a.remainder < Decimal("0.02") * len(a.recipients)
        assert (a.not_awarded is None) == bool(a.recipients)
        assert len({s.start_no for s in a.recipients}) == len(a.recipients)
    # One prize per player: nobody receives from two awards.
    receivers = [s.start_no for a in result.awards for s in a.recipients]
    if prize_settings.one_per_player is not OnePerPlayer.NO:
        assert len(receivers) == len(set(receivers))
    # A player passed over holds another award, of the kind the reason says.
    for a in result.awards:
        for passed in a.passed_over:
            held = result.award_of(passed.kept)
            assert held is not a and passed.start_no in {s.start_no for s in held.recipients}
            if passed.reason is PassReason.HAS_SHARE:
                assert held.reason in (AwardReason.SHARED, AwardReason.HORT)
            if passed.reason is PassReason.TAKES_LARGER:
                assert prize_settings.one_per_player is OnePerPlayer.HIGHEST
                assert held.amount is not None
    # Every prize money is paid, left over by rounding, or not awarded: nothing else.
    unpaid = sum((a.amount or Decimal(0) for a in result.awards if not a.recipients),
                 Decimal(0))
    remainders = sum((a.remainder for a in result.awards), Decimal(0))
    assert result.paid + remainders + unpaid == prize_settings.fund
    # A name prize has exactly one recipient.
    for a in result.awards:
        if a.recipients and a.prizes[0].amount is None:
            assert len(a.recipients) == 1
    orders = {OVERALL: [r.player.start_no for r in standings.rows]}
    for category in categories:
        ranked = category_standings(category, standings, first_day=FIRST_DAY)
        orders[category.name] = [r.start_no for r in ranked.rows]
    _every_player_ahead_is_explained(result, orders)
    _too_few_is_too_few(result, prize_settings, orders)


def _every_player_ahead_is_explained(result: PrizeAward,
                                     orders: dict[str, list[StartNo]]) -> None:
    """The prize went to the best of its ranking who could take it: everyone placed ahead
    of its (last) recipient takes part in it, has a prize of the same list, or is named as
    passed over; a prize not awarded (or given to the overall's next) names everyone."""
    for a in result.awards:
        if a.not_awarded is NotAwardedReason.TOO_FEW_PLAYERS:
            continue
        order = orders[a.ranking]
        taking = {s.start_no for s in a.recipients}
        if a.reason is AwardReason.UNCLAIMED_TO_OVERALL or not a.recipients:
            ahead = order
        else:
            ahead = order[:max(order.index(s) for s in taking)]
        same_list = {s.start_no for other in result.awards
                     if other is not a and other.ranking == a.ranking
                     for s in other.recipients}
        passed = [p.start_no for p in a.passed_over]
        assert len(passed) == len(set(passed)) and not taking & set(passed)
        for start_no in ahead:
            assert start_no in taking or start_no in same_list or start_no in passed, (
                a, start_no)


def _too_few_is_too_few(result: PrizeAward, prize_settings: PrizeSettings,
                        orders: dict[str, list[StartNo]]) -> None:
    """``min_players`` cuts a category's prizes exactly when it has fewer players."""
    for a in result.awards:
        if a.ranking == OVERALL:
            continue
        members = len(orders[a.ranking])
        cut = a.not_awarded is NotAwardedReason.TOO_FEW_PLAYERS
        assert cut == (members < prize_settings.min_players), (a, members)
        if cut:
            assert a.members == members


def test_a_tied_player_takes_a_larger_category_prize_instead_of_a_share():
    """2, 3 and 4 tie on 6 for 2nd-4th (500 + 300 + 100 = 900: 300 each); 3 is in
    "Seniors" (a category by start number here), whose prize is 400 > 300. So 3 takes the
    400 (US Chess 32B3: unless a winner would receive more by winning a prize the others
    in the tie cannot), and 2 and 4 share 2nd-3rd: (500 + 300) / 2 = 400 each; the 4th
    prize (100) goes to the next, 5. Total 1000 + 400 + 400 + 400 + 100 = 2300 = fund."""
    seniors = Category(name="Seniors", slug="seniors", conditions=(
        StartNumberCondition(start_numbers=frozenset({StartNo(3), StartNo(5)})),))
    standings = field(TIE_FOR_SECOND)
    result = award_prizes(prizes({OVERALL: [1000, 500, 300, 100], "Seniors": [400]}),
                          standings, ranked((seniors,), standings))
    assert winnings(result) == {1: 1000, 2: 400, 4: 400, 3: 400, 5: 100}
    tie = of(result, OVERALL, 2)
    assert tie.reason is AwardReason.SHARED and [p.position for p in tie.prizes] == [2, 3]
    [passed] = tie.passed_over
    assert (passed.start_no, passed.reason) == (3, PassReason.TAKES_LARGER)
    assert (passed.kept.ranking, passed.kept.amount) == ("Seniors", 400)
    assert of(result, "Seniors", 1).recipients[0].start_no == 3
    fourth = of(result, OVERALL, 4)
    assert [s.start_no for s in fourth.recipients] == [5]
    # 2 and 4 hold prizes of this list (placed higher, not passed over); 3 declined it.
    assert [(p.start_no, p.reason) for p in fourth.passed_over] == [
        (3, PassReason.TAKES_LARGER)]


def test_a_tied_player_keeps_the_share_when_the_other_prize_is_smaller():
    # The same tie; Seniors pays 250 < 300: 3 keeps the share and 5 takes the 250.
    seniors = Category(name="Seniors", slug="seniors", conditions=(
        StartNumberCondition(start_numbers=frozenset({StartNo(3), StartNo(5)})),))
    standings = field(TIE_FOR_SECOND)
    result = award_prizes(prizes({OVERALL: [1000, 500, 300, 100], "Seniors": [250]}),
                          standings, ranked((seniors,), standings))
    assert winnings(result) == {1: 1000, 2: 300, 3: 300, 4: 300, 5: 250}
    assert [(p.start_no, p.reason) for p in of(result, "Seniors", 1).passed_over] == [
        (3, PassReason.HAS_SHARE)]


def test_a_player_leaves_a_category_tie_for_a_larger_overall_share():
    """1 has 3 points; 2, 3 and 4 have 2 (BH 3, 2, 1); 5 has 0. Overall 400, 150, 150;
    "Club" (3 and 4) 200. Highest first: 400 to 1; then Club's 200 (more than 150): 3 and
    4 tie in Club and share it, 100 each; then the overall 150s: 2, alone on 2 points among
    those left, takes the 2nd and 5 the 3rd, 3 and 4 passed over (each has a share).
    3 would rather have 150 than 100: without 3 in the Club tie, 4 takes the 200 alone and
    2 and 3 tie for the overall 2nd-3rd, (150 + 150) / 2 = 150 each > 100: accepted. 4 has
    the 200 whole, nothing more to try. So 1 400, 2 150, 3 150, 4 200 (900 = the fund)."""
    club = Category(name="Club", slug="club", conditions=(
        StartNumberCondition(start_numbers=frozenset({StartNo(3), StartNo(4)})),))
    standings = field("""
        1 3 5 2000 m
        2 2 3 2000 m
        3 2 2 2000 m
        4 2 1 2000 m
        5 0 0 2000 m
    """)
    result = award_prizes(prizes({OVERALL: [400, 150, 150], "Club": [200]}), standings,
                          ranked((club,), standings))
    assert winnings(result) == {1: 400, 2: 150, 3: 150, 4: 200}
    club_prize = of(result, "Club", 1)
    assert club_prize.reason is AwardReason.PLACE
    assert [(p.start_no, p.reason, p.kept.position) for p in club_prize.passed_over] == [
        (3, PassReason.TAKES_LARGER, 2)]
    tie = of(result, OVERALL, 2)
    assert tie.reason is AwardReason.SHARED and [p.position for p in tie.prizes] == [2, 3]
    assert [s.start_no for s in tie.recipients] == [2, 3]


def test_a_player_keeps_a_share_when_leaving_the_tie_gives_less():
    """1 and 2 (women) and 3 (a man) have 2 points (BH 3, 2, 1); 4 has 0. Women 300,
    overall 250. Highest first: the women's 300: 1 and 2 tie and share it, 150 each; then
    the overall 250: 3, alone among those left, with 1 and 2 passed over (shares).
    1 would rather have 250 than 150, but without 1 in the women's tie, 2 takes the 300
    and 1 ties with 3 for the overall 250: 125 each, less than 150: refused; the same for
    2. So 1 150, 2 150, 3 250 (550 = the fund)."""
    standings = field("""
        1 2 3 2000 w
        2 2 2 2000 w
        3 2 1 2000 m
        4 0 0 2000 m
    """)
    result = award(prizes({"Women": [300], OVERALL: [250]}), standings)
    assert winnings(result) == {1: 150, 2: 150, 3: 250}
    assert [(p.start_no, p.reason) for p in of(result, OVERALL, 1).passed_over] == [
        (1, PassReason.HAS_SHARE), (2, PassReason.HAS_SHARE)]
