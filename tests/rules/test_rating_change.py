"""FIDE B.02 rating changes, worked by hand from the regulations' texts.

Texts used (stored public pages):
- 2024-03, 8.3.1-8.3.4 as quoted at https://www.chatillon-echecs.fr/outils/elo : D per
  game against a rated player, more than 400 counts as 400; PD from table 8.1.2; delta R =
  score - PD (score 1, 0.5, 0); change = K x the sum; K 40 (new, or until the end of the
  year of the 18th birthday under 2300) / 20 under 2400 / 10 once 2400; K x n <= 700; the
  change rounded to a whole number, 0.5 away from zero.
- 2025-10, 8.3.1 amended as quoted at http://trendtoday.live/?p=20459 : "For players
  rated 2650 and above, the difference between ratings shall be used in all cases".
- 2014-07, 8.56 as quoted at http://samara-chess.ru/index.php?go=Pages&in=print&id=24 :
  K 40 new / 20 under 2400 / 10 once 2400 / 40 until the 18th birthday under 2300.
- 2009-07, the FIDE news of 13 July 2009 (fide.com, article 4059): the K values stay
  (25 / 15 / 10), and "for the previously rated players all games, also the games against
  previously unrated players are rated".

The PD values come from the B.02 8.1.2 table (rules/ratings.py, pinned against the
handbook's table in tests/rules/test_tiebreaks.py); each expected number is worked in the
comment beside it, never taken from this program's output.
"""

from __future__ import annotations

import dataclasses
import datetime
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kit.crosstable import crosstable

from generator.model import ScoreSystem, StartNo, Tournament
from generator.reading.event_listing import event_paths
from generator.reading.events import read_event
from generator.rules.rating_change import (
    ALL_K_VALUES,
    KReason,
    KRule,
    KSettings,
    KSource,
    NoChange,
    NotCounted,
    RatingEdition,
    rating_changes,
)

D = Decimal
DAY_2025 = datetime.date(2025, 2, 1)
"""A day under the 2024-03 edition."""
DAY_2026 = datetime.date(2026, 3, 14)
"""A day under the 2025-10 edition."""
DAY_2010 = datetime.date(2010, 9, 24)
"""The Gros Open's first day: the 2009-07 edition."""
DAY_2020 = datetime.date(2020, 5, 29)
"""A day under the 2014-07 edition."""

ROOT = Path(__file__).resolve().parents[2]


def born(tournament: Tournament, **births: str) -> Tournament:
    """The tournament with birth fields (``p1="1980"``) and titles (``t1="IM"``) set."""
    players = []
    for player in tournament.players:
        birth = births.get(f"p{player.start_no}", player.birth or "1980")
        title = births.get(f"t{player.start_no}", player.title)
        players.append(dataclasses.replace(player, birth=birth, title=title))
    return dataclasses.replace(tournament, players=tuple(players))


def change(tournament: Tournament, player: int, on: datetime.date = DAY_2025,
           k: KSettings | None = None):
    changes = rating_changes(tournament, k or KSettings(), on=on)
    return changes[StartNo(player)]


# --- the editions -----------------------------------------------------------------------

@pytest.mark.parametrize(("day", "edition"), [
    (datetime.date(2005, 7, 28), RatingEdition.FIDE_BEFORE_2009_07),
    (datetime.date(1960, 1, 1), RatingEdition.FIDE_BEFORE_2009_07),  # the oldest known
    (datetime.date(2009, 6, 30), RatingEdition.FIDE_BEFORE_2009_07),
    (datetime.date(2009, 7, 1), RatingEdition.FIDE_2009_07),
    (datetime.date(2014, 6, 30), RatingEdition.FIDE_2009_07),
    (datetime.date(2014, 7, 1), RatingEdition.FIDE_2014_07),
    (datetime.date(2024, 2, 29), RatingEdition.FIDE_2014_07),
    (datetime.date(2024, 3, 1), RatingEdition.FIDE_2024_03),
    (datetime.date(2025, 9, 30), RatingEdition.FIDE_2024_03),
    (datetime.date(2025, 10, 1), RatingEdition.FIDE_2025_10),
    (None, RatingEdition.FIDE_2025_10),
])
def test_the_edition_in_force_on_the_first_day(day, edition):
    assert RatingEdition.in_force_on(day) is edition


def test_every_edition_knows_its_k_values():
    assert RatingEdition.FIDE_2009_07.k_values == (30, 25, 15, 10)
    assert RatingEdition.FIDE_2024_03.k_values == (40, 20, 10)
    assert ALL_K_VALUES == (40, 30, 25, 20, 15, 10)


# --- 8.3.1: the 400-point rule --------------------------------------------------------------

WIDE = """
1 Strong 2200 | 2w1
2 Weak   1700 | 1b0
"""


def test_a_difference_over_400_counts_as_400_for_both_players():
    tournament = born(crosstable(WIDE))
    # 2200 - 1700 = 500 > 400: counted as 400; table 8.1.2: 392..411 -> PD 0.92.
    # K 20 (rated under 2400, born 1980: not a junior in 2025).
    # Strong won: 20 x (1 - 0.92) = 1.60. Weak lost: D = -400, PD 0.08: 20 x (0 - 0.08).
    strong, weak = change(tournament, 1), change(tournament, 2)
    (game,) = strong.games
    assert (game.difference, game.is_capped_at_400, game.expected, game.result) == \
        (400, True, D("0.92"), D(1))
    assert (strong.k, game.change, strong.total, strong.rounded) == (20, D("1.60"), D("1.60"), 2)
    (game,) = weak.games
    assert (game.difference, game.expected, game.change) == (-400, D("0.08"), D("-1.60"))
    assert weak.rounded == -2


def test_before_july_2009_the_difference_is_cut_at_350():
    tournament = born(crosstable(WIDE))
    # 2200 - 1700 = 500 counts as 350 (the 350-point rule): table 345..357 -> PD 0.89;
    # K 15 (under 2400): 15 x (1 - 0.89) = 1.65. The 400-point rule of 2009 gives 0.92:
    # 15 x 0.08 = 1.20.
    strong = change(tournament, 1, datetime.date(2008, 2, 1))
    assert (strong.edition, strong.games[0].difference, strong.games[0].expected) == \
        (RatingEdition.FIDE_BEFORE_2009_07, 350, D("0.89"))
    assert (strong.k, strong.total) == (15, D("1.65"))
    assert change(tournament, 1, DAY_2010).total == D("1.20")


def test_a_difference_within_400_is_used_as_it_is():
    tournament = born(crosstable("""
        1 Anna  2100 | 2w=
        2 Boris 2000 | 1b=
    """))
    # D = 100: table 99..106 -> 0.64; draw: 20 x (0.5 - 0.64) = -2.80; Boris +2.80.
    anna, boris = change(tournament, 1), change(tournament, 2)
    assert (anna.games[0].difference, anna.games[0].is_capped_at_400) == (100, False)
    assert (anna.games[0].expected, anna.total, anna.rounded) == (D("0.64"), D("-2.80"), -3)
    assert (boris.games[0].expected, boris.total, boris.rounded) == (D("0.36"), D("2.80"), 3)


def test_from_october_2025_a_player_rated_2650_keeps_the_real_difference():
    tournament = born(crosstable("""
        1 Top   2700 | 2w1
        2 Club  2000 | 1b0
    """))
    # 2025-10 8.3.1: for 2700 the difference stays 700: table 620..735 -> 0.99; K 10:
    # 10 x (1 - 0.99) = 0.10 (the "0.1 point" per win the press reported). The 2000 player
    # is below 2650: D = -700 counts as -400, PD 0.08, K 20: 20 x (0 - 0.08) = -1.60.
    top, club = change(tournament, 1, DAY_2026), change(tournament, 2, DAY_2026)
    assert (top.games[0].difference, top.games[0].is_capped_at_400) == (700, False)
    assert (top.games[0].expected, top.total, top.k) == (D("0.99"), D("0.10"), 10)
    assert (club.games[0].difference, club.games[0].expected, club.total) == \
        (-400, D("0.08"), D("-1.60"))
    # Under 2024-03 the same game is cut at 400 for both: 10 x (1 - 0.92) = 0.80.
    assert change(tournament, 1, DAY_2025).total == D("0.80")


# --- which games count ----------------------------------------------------------------------

ROUNDS = """
1 Anna  2000 | 2w1  3b0  -H   4w+  5bW  6wX
2 Boris 2000 | 1b0  .    .    .    .    .
3 Carl  -    | .    1w1  .    .    .    .
4 Dora  1900 | .    .    .    1b-  .    .
5 Emil  1800 | .    .    .    .    1wL  .
6 Fay   2000 | .    .    .    .    .    1bX
"""


def test_only_games_played_against_rated_opponents_count():
    tournament = born(crosstable(ROUNDS))
    anna = change(tournament, 1)
    reasons = [(g.round, g.counted, g.not_counted) for g in anna.games]
    assert reasons == [
        (1, True, None),
        (2, False, NotCounted.UNRATED_OPPONENT),  # Carl has no rating (8.3.1)
        (3, False, NotCounted.BYE),                # a half-point bye is no game
        (4, False, NotCounted.FORFEIT),            # won by forfeit: not played
        (5, False, NotCounted.UNRATED_GAME),       # TRF 'W'/'L': less than one move
        (6, False, NotCounted.PENDING),            # result not known yet
    ]
    # The one game: D = 0, PD 0.50, won: K 20 x 0.5 = 10.
    assert (anna.counted_games, anna.total, anna.rounded) == (1, D("10.0"), 10)
    assert not anna.leaves_out_rated_games


def test_in_2009_a_game_against_an_unrated_opponent_is_rated_but_not_computable_here():
    tournament = born(crosstable(ROUNDS))
    anna = change(tournament, 1, DAY_2010)
    assert anna.games[1].not_counted is NotCounted.OPPONENT_RATING_UNKNOWN
    assert anna.leaves_out_rated_games
    # 2009: K 15 under 2400 (estimated): the won game 15 x (1 - 0.50) = 7.5, rounded 8.
    assert (anna.k, anna.k_source, anna.total, anna.rounded) == \
        (15, KSource.ESTIMATED, D("7.50"), 8)


def test_an_unrated_player_has_no_change():
    tournament = born(crosstable(ROUNDS))
    carl = change(tournament, 3)
    assert (carl.no_change, carl.k, carl.games, carl.rounded) == (NoChange.UNRATED, None, (), 0)


def test_the_score_is_1_half_0_whatever_points_the_event_gives():
    tournament = born(crosstable(WIDE, scoring=ScoreSystem(win=D(3), draw=D(1))))
    assert change(tournament, 1).games[0].result == D(1)
    assert change(tournament, 1).total == D("1.60")


# --- K ------------------------------------------------------------------------------------

PAIR = """
1 Anna  2000 | 2w1
2 Boris 2000 | 1b0
"""


@pytest.mark.parametrize(("rating", "birth", "title", "day", "expected"), [
    # 2024-03: until the end of the year of the 18th birthday, under 2300: 40 by the rule.
    (2000, "2007", "", DAY_2025, (40, KSource.RULE, KReason.JUNIOR)),      # 18 in 2025
    (2000, "2006/12/31", "", DAY_2025, (20, KSource.ESTIMATED, KReason.UNDER_2400)),
    (2299, "2010", "", DAY_2025, (40, KSource.RULE, KReason.JUNIOR)),
    (2300, "2010", "", DAY_2025, (20, KSource.ESTIMATED, KReason.UNDER_2400)),
    # Rated 2400 now: 2400 was reached, K 10 by the rule.
    (2400, "1980", "", DAY_2025, (10, KSource.RULE, KReason.RATED_2400)),
    # Under 2400 with an IM title: 2400 was asked for at some time; a guess of K 10.
    (2380, "1980", "IM", DAY_2025, (10, KSource.ESTIMATED, KReason.TITLE_2400)),
    # Birth unknown: could be a junior or a new player; K 20 is a guess.
    (2000, "", "", DAY_2025, (20, KSource.ESTIMATED, KReason.UNDER_2400)),
    # 2014-07: "until their 18th birthday": the full date tells, the year alone may not.
    (2000, "2002/06/01", "", DAY_2020, (40, KSource.RULE, KReason.JUNIOR)),
    (2000, "2002/05/01", "", DAY_2020, (20, KSource.ESTIMATED, KReason.UNDER_2400)),
    (2000, "2002", "", DAY_2020, (40, KSource.ESTIMATED, KReason.JUNIOR)),
    (2000, "2003", "", DAY_2020, (40, KSource.RULE, KReason.JUNIOR)),
    # A birth that cannot be one gives no age: K as for an unknown birth, not a junior's
    # 40 (issue 22: no such day, born after the first day 1 February 2025).
    (2000, "9999/99/99", "", DAY_2025, (20, KSource.ESTIMATED, KReason.UNDER_2400)),
    (2000, "2010/02/30", "", DAY_2025, (20, KSource.ESTIMATED, KReason.UNDER_2400)),
    (2000, "2010/13/01", "", DAY_2025, (20, KSource.ESTIMATED, KReason.UNDER_2400)),
    (2000, "2025/02/02", "", DAY_2025, (20, KSource.ESTIMATED, KReason.UNDER_2400)),
    (2000, "2026", "", DAY_2025, (20, KSource.ESTIMATED, KReason.UNDER_2400)),
    (2000, "2025/02/01", "", DAY_2025, (40, KSource.RULE, KReason.JUNIOR)),  # born that day
    (2000, "2030/01/01", "", DAY_2020, (20, KSource.ESTIMATED, KReason.UNDER_2400)),
    # 2009-07: 15 under 2400, 10 from 2400 (also 30 games, which the file cannot show).
    (2000, "1995", "", DAY_2010, (15, KSource.ESTIMATED, KReason.UNDER_2400)),
    (2450, "1980", "", DAY_2010, (10, KSource.ESTIMATED, KReason.RATED_2400)),
])
def test_the_default_k_rule(rating, birth, title, day, expected):
    tournament = crosstable(PAIR.replace("Anna  2000", f"Anna  {rating}"))
    tournament = born(tournament, p1=birth, t1=title)
    anna = change(tournament, 1, day)
    assert (anna.k, anna.k_source, anna.k_reason) == expected


def test_k_given_in_event_yml_wins_over_the_rule():
    tournament = born(crosstable(PAIR))
    settings = KSettings(default=KRule.RULE, players={StartNo(2): 40})
    anna, boris = change(tournament, 1, k=settings), change(tournament, 2, k=settings)
    assert (anna.k, anna.k_source) == (20, KSource.ESTIMATED)
    assert (boris.k, boris.k_source, boris.k_reason) == \
        (40, KSource.GIVEN, KReason.GIVEN_FOR_PLAYER)
    # Boris lost at D = 0: 40 x (0 - 0.50) = -20.
    assert boris.total == D("-20.00")
    everyone = KSettings(default=10, players={StartNo(2): 40})
    assert (change(tournament, 1, k=everyone).k, change(tournament, 1, k=everyone).k_reason) \
        == (10, KReason.GIVEN_FOR_EVERYONE)
    assert change(tournament, 2, k=everyone).k == 40


def test_k_times_games_stays_within_700():
    # 18 games at K 40 would be 720 > 700: K becomes 700 // 18 = 38 (8.3.3, 2024).
    # Each game a draw at D = 0: 38 x (0.5 - 0.5) = 0, so the won first game shows it:
    # 38 x (1 - 0.50) = 19.
    rounds = " ".join(["2w1"] + ["2w="] * 17)
    tournament = born(crosstable(f"""
        1 Anna  2000 | {rounds}
        2 Boris 2000 | {" ".join(["1b0"] + ["1b="] * 17)}
    """), p1="2010")
    anna = change(tournament, 1)
    assert (anna.k, anna.k_before_cap, anna.counted_games) == (38, 40, 18)
    assert anna.total == D("19.00")
    # 2014-07 has no such clause in the texts found: K stays 40 (40 x 0.5 = 20).
    assert change(tournament, 1, DAY_2020).k == 40


# --- 8.3.4: rounding --------------------------------------------------------------------------

def test_half_a_point_is_rounded_away_from_zero():
    tournament = born(crosstable("""
        1 Low   2410 | 2w=  2w0
        2 High  2600 | 1b=  1b1
    """))
    # D = -190: the higher player's PD for 189..197 is 0.75, so Low's is 0.25 (K 10):
    # draw 10 x (0.5 - 0.25) = 2.50; then a loss 10 x (0 - 0.25) = -2.50.
    low = change(tournament, 1)
    assert [g.change for g in low.games] == [D("2.50"), D("-2.50")]
    assert low.total == D("0.00")
    one_draw = born(crosstable("""
        1 Low   2410 | 2w=
        2 High  2600 | 1b=
    """))
    assert change(one_draw, 1).rounded == 3   # 2.50 -> 3
    assert change(one_draw, 2).rounded == -3  # 10 x (0.5 - 0.75) = -2.50 -> -3


# --- a real event -------------------------------------------------------------------------

def test_the_gros_open_2010_after_round_4_by_hand():
    """XX Open Internacional de Gros (events/gros-open-2010), 2009-07 edition, K 15 taken
    for players under 2400. Player 4, Guijarro Galan (2222): round 1 against 30 (unrated:
    rated by FIDE against 30's first rating, not computable here); round 2 beat 17 (1880):
    D 342 -> table 329..344 PD 0.88, 15 x 0.12 = 1.80; round 3 beat 9 (2010): D 212 ->
    207..215 PD 0.77, 15 x 0.23 = 3.45; round 4 lost to 1 (2527): D -305 -> 1 - 0.86 =
    0.14, 15 x -0.14 = -2.10. Total 3.15, rounded 3."""
    event = read_event(ROOT / "events" / "gros-open-2010")
    tournament = event.tournament
    player = rating_changes(tournament, on=tournament.start_date)[StartNo(4)]
    assert player.edition is RatingEdition.FIDE_2009_07
    assert [g.change for g in player.games] == [None, D("1.80"), D("3.45"), D("-2.10")]
    assert player.games[0].not_counted is NotCounted.OPPONENT_RATING_UNKNOWN
    assert (player.k, player.total, player.rounded) == (15, D("3.15"), 3)


# --- published calculations ---------------------------------------------------------------

def test_eleven_wins_against_players_at_most_2250_bring_a_2650_player_nine_points():
    """Published: in August-September 2025 (the 2024-03 edition) Hikaru Nakamura, world
    number 2, scored 11/11 at the Iowa Open and the Louisiana State Championship, his
    strongest opponent rated 2250, and gained 9 points, 0.8 a win (ChessBase, 30 September
    2025, https://de.chessbase.com/post/fide-aendert-berechnung-der-elo-zahlen ; also
    http://trendtoday.live/?p=20459). The opponents' own ratings are not published there;
    any rating of 2650 or more against opponents of 2250 or less gives the same numbers: the
    difference passes 400, counts as 400, PD 0.92, K 10 (2400 reached): 10 x 0.08 = 0.8 a
    win, 11 x 0.8 = 8.8, rounded 9. The stand-in ratings below are 2800 against 2250 down to
    1800 ("some opponents were rated as low as 1800")."""
    opponents = [2250, 2200, 2100, 2050, 2000, 1950, 1900, 1880, 1850, 1820, 1800]
    lines = ["1 Hikaru 2800 | " + " ".join(f"{n}w1" for n in range(2, 13))]
    lines += [f"{n} Opp{n} {rating} | " + " ".join(
        "1b0" if r == n - 2 else "." for r in range(11))
        for n, rating in zip(range(2, 13), opponents, strict=True)]
    tournament = born(crosstable("\n".join(lines)))
    hikaru = change(tournament, 1, datetime.date(2025, 9, 1))
    assert [g.change for g in hikaru.games] == [D("0.80")] * 11
    assert (hikaru.k, hikaru.total, hikaru.rounded) == (10, D("8.80"), 9)
    # From 1 October 2025 the same games keep the real difference (550 to 1000): PD 0.97
    # for 518..559, else 0.98, 0.99 or 1.00 from 736 (the "zero points gained if the rating
    # difference is more than 735 points" of the reports).
    after = change(tournament, 1, datetime.date(2025, 10, 1))
    assert after.games[0].expected == D("0.97") and after.games[0].change == D("0.30")
    assert [g.expected for g in after.games][-3:] == [D("1.00")] * 3
    assert after.rounded == 1


@pytest.mark.parametrize(("opponent", "expected", "gain"), [
    (2065, D("0.99"), D("0.10")),  # 735 points below: 99 percent, 0.1 a win
    (2064, D("1.00"), D("0.00")),  # 736: 100 percent, nothing
])
def test_from_october_2025_a_win_over_a_player_735_points_below_brings_at_most_0_1(
        opponent, expected, gain):
    """The reports of the 2025 change: "their expected score can now be as high as 99
    percent, which equals a rating gain of 0.1 point, or 100 percent, and zero points
    gained if the rating difference is more than 735 points"
    (https://worldsportsnews.live/fide-scraps-400-point-rule-for-2650-players-triggered-by-nakamura)."""
    tournament = born(crosstable(f"""
        1 Top  2800     | 2w1
        2 Opp  {opponent} | 1b0
    """))
    top = change(tournament, 1, DAY_2026)
    assert (top.games[0].expected, top.games[0].change) == (expected, gain)


@settings(max_examples=200, deadline=None)
@given(first=st.integers(1000, 2649), second=st.integers(1000, 2649),
       code=st.sampled_from(["1", "=", "0"]),
       day=st.sampled_from([datetime.date(2008, 2, 1), DAY_2010, DAY_2020, DAY_2025,
                            DAY_2026]))
def test_one_game_moves_both_ratings_by_the_same_amount(first, second, code, day):
    """With the same K, what one player wins the other loses: the 400-point rule cuts
    both sides alike and the table's PD of the two players add up to 1 (8.1.2)."""
    other = {"1": "0", "=": "=", "0": "1"}[code]
    tournament = born(crosstable(f"""
        1 Anna  {first}  | 2w{code}
        2 Boris {second} | 1b{other}
    """))
    same_k = KSettings(default=15 if day <= DAY_2010 else 20)
    anna, boris = change(tournament, 1, day, same_k), change(tournament, 2, day, same_k)
    assert anna.total == -boris.total
    assert anna.games[0].expected + boris.games[0].expected == 1


CORPUS = sorted((ROOT / "tests" / "corpus" / "trf").glob("*.trf"))
# Every event folder, the sections of a festival among them, as the reader lists them.
EVENTS = [Path(folder) for folder in event_paths(ROOT / "events", [])]


@pytest.mark.parametrize("path", CORPUS + EVENTS, ids=lambda p: p.name)
def test_every_corpus_event_gets_a_consistent_change(path):
    """Real and generated files of every kind (byes, forfeits, round robins, unrated
    players, team events): each player's total is the sum of the counted games, its
    rounding the B.02 one, and no counted game passes 400 points unless 2025's exemption
    applies."""
    tournament = read_event(path).tournament
    changes = rating_changes(tournament, on=tournament.start_date)
    assert set(changes) == {p.start_no for p in tournament.players}
    for player in tournament.players:
        result = changes[player.start_no]
        assert (result.no_change is NoChange.UNRATED) == (player.rating is None)
        assert result.total == sum((g.change for g in result.games if g.counted), D(0))
        assert abs(result.total - result.rounded) <= D("0.5")
        for game in result.games:
            assert game.counted == (game.not_counted is None)
            if game.counted and not (result.edition is RatingEdition.FIDE_2025_10
                                     and (player.rating or 0) >= 2650):
                assert game.difference is not None
                assert abs(game.difference) <= result.edition.max_difference


def test_the_articles_cited_are_those_of_the_texts_found():
    now, then, oldest = (RatingEdition.FIDE_2024_03, RatingEdition.FIDE_2014_07,
                         RatingEdition.FIDE_BEFORE_2009_07)
    assert (now.article_game, now.article_table, now.article_k, now.article_rounding) == \
        ("8.3", "8.1.2", "8.3.3", "8.3.4")
    assert (then.article_game, then.article_table, then.article_k, then.article_rounding) \
        == ("8.5", None, "8.56", None)
    assert (oldest.article_game, oldest.article_k) == (None, None)


def test_the_totals_are_worked_out_without_each_games_arithmetic(tmp_path, monkeypatch):
    """The standings column shows the totals alone: working them out makes no game's change
    (``games`` does, when a player's page asks), and each total is still the sum of its
    games' changes to the last digit ("12.80" as the games give it, "0" with none)."""
    from kit.sitekit import make_event
    from kit.trfgen import generate_swiss

    from generator.rules import rating_change as module
    tournament = read_event(make_event(tmp_path, "open", generate_swiss(60, 7, seed=3))
                            ).tournament
    worked_out: list[int] = []
    expected = module._expected
    monkeypatch.setattr(module, "_expected",
                        lambda difference: worked_out.append(difference) or expected(difference))
    changes = rating_changes(tournament, on=tournament.start_date)
    assert worked_out == []
    assert any(change.counted_games for change in changes.values())
    for change in changes.values():
        games = sum((g.change for g in change.games if g.counted and g.change is not None), D(0))
        assert (change.total, str(change.total)) == (games, str(games))
    assert worked_out
