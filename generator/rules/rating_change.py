"""FIDE Handbook B.02 (the Rating Regulations): the rating change each player's games in
this event bring, with the arithmetic of every game.

Pure functions over the model; the words for the pages live in site/. The edition of B.02
applied is the one in force on the event's first day (:class:`RatingEdition`), from the
texts found (cited at each edition):

- every edition: per game the difference D, at most 400 points (the 400-point rule; 350
  before July 2009), the score probability PD from the table of 8.1.2
  (``rules/ratings.py``), the change K x (score - PD) with a score of 1, 0.5 or 0, the
  changes summed over the event;
- they differ in K (25/15/10, then 40/20/10 with the junior clause), in the games against
  unrated opponents (rated for the rated player in 2009, not in 2024) and, from October
  2025, in the 400-point rule for players rated 2650 and more.

What a TRF file cannot say (the games a player has had, whether 2400 was ever published)
makes some K an estimate: :class:`KSource`.
"""

from __future__ import annotations

import datetime
import functools
from collections.abc import Iterable, Mapping
from dataclasses import field
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum
from types import MappingProxyType
from typing import TypeAlias

from generator.model import ROUND_KINDS, Player, ResultCode, RoundKind, StartNo, Tournament
from generator.rules.births import read_birth
from generator.rules.ratings import (
    PD_HUNDREDTHS_BY_DIFFERENCE,
    WIDEST_DIFFERENCE,
    score_probability_hundredths,
)
from generator.speed import frozen_record, keyword_record_maker

ONE_HUNDREDTH = Decimal("0.01")


class RatingEdition(StrEnum):
    """The edition of B.02 whose K factors and 400-point rule apply, by the day it took
    effect (the value is that year and month)."""

    FIDE_BEFORE_2009_07 = "before-2009-07"
    """Until 30 June 2009: the 350-point rule (a difference of more than 350 counts as 350,
    replaced by the 400-point rule from 1 July 2009: FIDE news of 13 July 2009 and the
    game-by-game method as a player applied it in July 2008, https://vbhat.wordpress.com/
    2008/07/17/crossed-the-ts-dotted-the-is/); K 25 / 15 / 10 as in 2009. Earlier still FIDE
    took a tournament's expected score from the opponents' average rating, which is not
    what is computed here."""
    FIDE_2009_07 = "2009-07"
    """From 1 July 2009 (FIDE news "Changes to Title and Rating Regulations effective from
    July 1st 2009"): the 400-point rule replaces the 350-point one; K stays 25 for a new
    player (under 30 games), 15 under 2400, 10 once 2400 was reached (and 30 games); a
    rated player's games against an unrated opponent are rated too. Before 1 July 2014 a
    new player's K had become 30 (handbook article 8.56 as quoted for the rules before
    1 July 2014); the day it changed is not in the texts found, so 30 is accepted as given."""
    FIDE_2014_07 = "2014-07"
    """From 1 July 2014 (8.56): K 40 for a new player and for every player until their 18th
    birthday while rated under 2300, 20 under 2400, 10 once a published rating reached
    2400. The once-per-event limit of the 400-point rule that some later edition added is
    not in the texts found and is not applied."""
    FIDE_2024_03 = "2024-03"
    """From 1 March 2024 (8.3.1-8.3.4): the 400-point rule for every game, the junior K 40
    until the end of the year of the 18th birthday, K x n at most 700, the change rounded
    to a whole number (0.5 away from zero)."""
    FIDE_2025_10 = "2025-10"
    """From 1 October 2025: as 2024, but 8.3.1 keeps the real difference for a player rated
    2650 or more (the 400-point rule stays for the one rated below)."""

    @property
    def effective(self) -> datetime.date:
        if self is RatingEdition.FIDE_BEFORE_2009_07:
            return datetime.date(1970, 1, 1)  # FIDE's first rating list
        year, month = self.value.split("-")
        return datetime.date(int(year), int(month), 1)

    @property
    def max_difference(self) -> int:
        """The rating difference rule: a wider difference counts as this many points."""
        return 350 if self is RatingEdition.FIDE_BEFORE_2009_07 else 400

    @classmethod
    def in_force_on(cls, day: datetime.date | None) -> RatingEdition:
        """The edition in force on ``day``: the newest when the day is unknown, the oldest
        known one for a day before it."""
        editions = sorted(cls, key=lambda e: e.effective)
        if day is None:
            return editions[-1]
        in_force = [e for e in editions if e.effective <= day]
        return in_force[-1] if in_force else editions[0]

    @property
    def k_values(self) -> tuple[int, ...]:
        """The K factors this edition knows, highest first (what event.yml may give)."""
        return _K_VALUES[self]

    @property
    def article_game(self) -> str | None:
        """The article of the per-game steps (the difference, the 400-point rule, the
        change K x (score - PD) and its sum): 8.3 from 2024; 8.5, the section whose 8.56
        gives K, in 2009 and 2014; None before 2009, whose numbering the texts found do
        not give."""
        if self is RatingEdition.FIDE_BEFORE_2009_07:
            return None
        return "8.5" if self in _EDITIONS_BEFORE_2024 else "8.3"

    @property
    def article_k(self) -> str | None:
        """The article of K: 8.3.3 from 2024, 8.56 in 2009 and 2014 (quoted for the rules
        before and from 1 July 2014), None before 2009."""
        if self is RatingEdition.FIDE_BEFORE_2009_07:
            return None
        return "8.56" if self in _EDITIONS_BEFORE_2024 else "8.3.3"

    @property
    def article_table(self) -> str | None:
        """The table of score probabilities PD by rating difference: 8.1.2 from 2024 (the
        same table earlier, under a number the texts found do not give)."""
        return None if self in _EDITIONS_BEFORE_2024 else "8.1.2"

    @property
    def article_rounding(self) -> str | None:
        """The article that rounds the change; None where the texts found do not say (the
        2024 rounding is applied)."""
        return None if self in _EDITIONS_BEFORE_2024 else "8.3.4"

    @property
    def rates_games_against_unrated(self) -> bool:
        """2009: a rated player's game against an unrated one is rated (against the rating
        the unrated player is then given); 2024: only games against rated players count
        (8.3.1: "for each game played against a rated player"). The 2014 texts found say
        nothing on it; it is taken as 2024."""
        return self in _EDITIONS_BEFORE_2014

    @property
    def keeps_real_difference_from(self) -> int | None:
        """The rating from which a player's own difference is not cut at 400 (2025-10)."""
        return 2650 if self is RatingEdition.FIDE_2025_10 else None

    @property
    def caps_k_times_games(self) -> bool:
        """8.3.3 (2024): K x n at most 700."""
        return self not in _EDITIONS_BEFORE_2024


_EDITIONS_BEFORE_2024 = frozenset({RatingEdition.FIDE_BEFORE_2009_07, RatingEdition.FIDE_2009_07,
                                   RatingEdition.FIDE_2014_07})
_EDITIONS_BEFORE_2014 = frozenset({RatingEdition.FIDE_BEFORE_2009_07, RatingEdition.FIDE_2009_07})
_K_VALUES = {
    RatingEdition.FIDE_BEFORE_2009_07: (25, 15, 10),
    RatingEdition.FIDE_2009_07: (30, 25, 15, 10),
    RatingEdition.FIDE_2014_07: (40, 20, 10),
    RatingEdition.FIDE_2024_03: (40, 20, 10),
    RatingEdition.FIDE_2025_10: (40, 20, 10),
}
ALL_K_VALUES = tuple(sorted({k for values in _K_VALUES.values() for k in values},
                            reverse=True))
"""Every K some edition knows: what event.yml may give before the event's date is known."""

K_TIMES_GAMES_LIMIT = 700
"""8.3.3 (2024): K x n may not exceed 700."""


class KRule(StrEnum):
    """How K is found when event.yml gives no number for a player."""

    RULE = "rule"
    """B.02's default rule, from the rating, the year of birth and the title."""


@frozen_record
class KSettings:
    """event.yml ``rating_change.k``: K for everyone (the rule or a number) and per player."""

    default: KRule | int = KRule.RULE
    players: Mapping[StartNo, int] = field(default_factory=lambda: MappingProxyType({}))
    """Start number -> the K the arbiter gives that player (it wins over ``default``)."""


DEFAULT_K_SETTINGS = KSettings()


class KSource(StrEnum):
    """Where a player's K comes from."""

    GIVEN = "given"
    """event.yml says it (for this player or for everyone)."""
    RULE = "rule"
    """B.02's default rule, and the file holds everything that rule needs."""
    ESTIMATED = "estimated"
    """B.02's default rule on what the file holds; the TRF carries no game count and no
    rating history, so a new player (under 30 games) or a past 2400 could change it."""


class KReason(StrEnum):
    """Which clause of B.02's K rule gave K (or that event.yml did)."""

    GIVEN_FOR_PLAYER = "given-for-player"
    GIVEN_FOR_EVERYONE = "given-for-everyone"
    JUNIOR = "junior"
    """K 40: until the 18th birthday (2014), until the end of the year of the 18th birthday
    (2024), while rated under 2300."""
    RATED_2400 = "rated-2400"
    """K 10: rated 2400 or more now, so 2400 was reached."""
    TITLE_2400 = "title-2400"
    """K 10: rated under 2400 with a title (GM, IM) that asked for 2400 at some time,
    though the file cannot say a published rating reached it."""
    UNDER_2400 = "under-2400"
    """K 20 (2009: 15): rated under 2400, taken as neither new nor once 2400."""


class NotCounted(StrEnum):
    """Why a round brings no rating change."""

    FORFEIT = "forfeit"
    """Won or lost by forfeit: no game was played."""
    BYE = "bye"
    """No opponent: a bye or an absence."""
    UNRATED_GAME = "unrated-game"
    """Played, but written as not rated (TRF W / D / L: less than one move)."""
    UNRATED_OPPONENT = "unrated-opponent"
    """The opponent has no rating (8.3.1 rates games against rated players only)."""
    OPPONENT_RATING_UNKNOWN = "opponent-rating-unknown"
    """2009: FIDE rates the game, against the rating the unrated opponent is given after
    the event, which the file cannot hold; the change leaves it out."""
    PENDING = "pending"
    """The result is not known yet."""


class NoChange(StrEnum):
    """Why a player has no rating change at all."""

    UNRATED = "unrated"
    """The player has no rating: a first rating is not a change."""


@frozen_record
class GameRatingChange:
    """One round of one player, rated or with the reason it is not."""

    round: int
    """1-based round number."""
    opponent: StartNo | None
    opponent_rating: int | None
    difference: int | None = None
    """The player's rating minus the opponent's as used, after the 400-point rule (so
    between -400 and 400, -350 and 350 before July 2009, unless the edition keeps the
    real one); None when not counted."""
    is_capped_at_400: bool = False
    """The real difference was wider than the rule's limit (400; 350 before July 2009:
    :attr:`RatingEdition.max_difference`) and counts as the limit (the real one is the
    player's rating minus ``opponent_rating``)."""
    expected: Decimal | None = None
    """PD, the player's score probability for this game (8.1.2 table, two decimals)."""
    result: Decimal | None = None
    """1, 0.5 or 0 for the game, whatever the event's own scoring gives it."""
    change: Decimal | None = None
    """K x (result - expected), unrounded."""
    counted: bool = False
    not_counted: NotCounted | None = None
    """Set when ``counted`` is False."""


_Round: TypeAlias = tuple[int, StartNo | None, int | None, int | None, bool, Decimal | None,
                          NotCounted | None]
"""One round before K is known: its number, the opponent and their rating, the difference
as used (None: not counted), whether the 400-point rule cut it, the score, and why it is
not counted."""


@frozen_record
class RatingChange:
    """One player's rating change from this event."""

    start_no: StartNo
    rating: int | None
    """The rating the change is computed from (TRF 001 columns 49-52)."""
    k: int | None
    """The K used; None for an unrated player."""
    k_source: KSource | None
    k_reason: KReason | None
    k_before_cap: int | None = None
    """The K of the rule or event.yml when K x games passed 700 and K was lowered to
    ``k`` (8.3.3, 2024); None when no cap applied."""
    total: Decimal = Decimal(0)
    """The sum of the counted games' changes, unrounded (= K x the sum of score - PD)."""
    rounded: int = 0
    """The total rounded to a whole number, 0.5 away from zero (8.3.4 rounds a rating
    period's change: this is the change were the event the player's only one in it; the
    older editions' texts found do not say, and the same rounding is used)."""
    counted_games: int = 0
    """The games that count (those in ``games`` with ``counted``)."""
    no_change: NoChange | None = None
    edition: RatingEdition
    player: Player | None = field(default=None, repr=False)
    """The player, whose rounds ``rounds`` reads (None for an unrated player: no rounds)."""
    ratings: Mapping[StartNo, int | None] | None = field(default=None, repr=False,
                                                         compare=False)
    """Every player's rating, by start number, as the change read them."""

    @property
    def rounds(self) -> tuple[_Round, ...]:
        """Every round that has happened for the player, before K (``games`` reads them).
        Worked out when asked for, from the same player and ratings as the totals (a
        player's page asks; the standings' downloads and ``standings rank`` need the
        totals alone, and 11 rounds of 2,000 players are 22,000 of them)."""
        player, rating, ratings = self.player, self.rating, self.ratings
        if player is None or rating is None or ratings is None:
            return ()
        return _rounds(player, rating, ratings, self.edition)

    @property
    def games(self) -> tuple[GameRatingChange, ...]:
        """Every round that has happened for the player, counted or not, round 1 first,
        with its arithmetic. Made when asked for, as ``rounds``."""
        k = self.k
        if k is None:
            return ()
        return tuple([_game(game, k) for game in self.rounds])

    @property
    def leaves_out_rated_games(self) -> bool:
        """Some game FIDE rates could not be computed here (2009: an unrated opponent)."""
        return leaves_out_rated(self.games)


def leaves_out_rated(games: Iterable[GameRatingChange]) -> bool:
    """:attr:`RatingChange.leaves_out_rated_games` of a player's ``games`` as already read
    (``games`` works the rounds out each time it is read)."""
    return any(game.not_counted is NotCounted.OPPONENT_RATING_UNKNOWN for game in games)


def rating_changes(tournament: Tournament, k_settings: KSettings = DEFAULT_K_SETTINGS, *,
                   on: datetime.date | None) -> Mapping[StartNo, RatingChange]:
    """Every player's rating change (a team event: pass its ``individual`` tournament),
    under the B.02 edition in force ``on`` that day (the event's first day; the rating
    and K are those at the beginning of the event)."""
    edition = RatingEdition.in_force_on(on)
    # Each opponent's rating, looked up once for the event rather than once per game.
    ratings = {player.start_no: player.rating for player in tournament.players}
    return MappingProxyType({
        player.start_no: _rating_change(player, ratings, k_settings, edition, on)
        for player in tournament.players})


_SCORES = {ResultCode.WIN: Decimal(1), ResultCode.DRAW: Decimal("0.5"),
           ResultCode.LOSS: Decimal(0)}
"""8.3.2 b): for each game the score is 1, 0.5 or 0, whatever points the event gives."""

_FORFEITS = frozenset({RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS})


_SCORE_HUNDREDTHS = {ResultCode.WIN: 100, ResultCode.DRAW: 50, ResultCode.LOSS: 0}
"""The scores of :data:`_SCORES` in hundredths, as PD is in the table."""

_COUNTED_SCORE_HUNDREDTHS = {code: score for code, score in _SCORE_HUNDREDTHS.items()
                             if ROUND_KINDS[code, True] is RoundKind.GAME}
"""The codes of a game against a named opponent that counts (the others, forfeits and
unrated games, count for nothing: ``_round``), with their score in hundredths."""

_expected_hundredths = functools.cache(score_probability_hundredths)
"""PD in hundredths for a difference as used: a few hundred values, each looked up once."""


@functools.cache
def _expected(difference: int) -> Decimal:
    """PD for a difference as used (after the 400-point rule): one of a few hundred values,
    each worked out once per process rather than once per game."""
    return Decimal(_expected_hundredths(difference)) * ONE_HUNDREDTH


def _widest(rating: int, edition: RatingEdition) -> int | None:
    """The 400-point rule's limit for a player rated ``rating`` (350 before July 2009);
    None where the edition keeps the real difference (2025-10: rated 2650 or more)."""
    keeps_from = edition.keeps_real_difference_from
    return edition.max_difference if keeps_from is None or rating < keeps_from else None


def _rating_change(player: Player, ratings: Mapping[StartNo, int | None],
                   k_settings: KSettings, edition: RatingEdition,
                   on: datetime.date | None) -> RatingChange:
    rating = player.rating
    if rating is None:
        return RatingChange(start_no=player.start_no, rating=None, k=None, k_source=None,
                            k_reason=None, no_change=NoChange.UNRATED, edition=edition)
    k, source, reason = k_factor(player, k_settings, edition, on)
    widest = _widest(rating, edition)
    # The 400-point rule's limit and the PD table's own ends (score_probability_hundredths)
    # in one: a difference inside it is an index of the table as it stands.
    limit = WIDEST_DIFFERENCE if widest is None else min(widest, WIDEST_DIFFERENCE)
    scores, expected = _COUNTED_SCORE_HUNDREDTHS, PD_HUNDREDTHS_BY_DIFFERENCE
    counted = 0
    margin = 0
    """The sum over the counted games of score - PD, in hundredths: K x this is the total."""
    for result in player.results:
        # The rounds ``_rounds`` counts (a game against a rated opponent with a score), as
        # it counts them; the others bring nothing to the totals.
        opponent = result.opponent
        if opponent is None:
            continue
        score = scores.get(result.code)
        if score is None:
            continue
        opponent_rating = ratings.get(opponent)
        if opponent_rating is None:
            continue
        difference = rating - opponent_rating
        if not -limit <= difference <= limit:
            difference = limit if difference > 0 else -limit
        counted += 1
        margin += score - expected[difference]
    k_before_cap = None
    if edition.caps_k_times_games and counted and k * counted > K_TIMES_GAMES_LIMIT:
        # 8.3.3: the games of this event alone pass K x n = 700, so K is the largest whole
        # number that keeps within it (other events of the rating period could lower it more).
        k_before_cap, k = k, K_TIMES_GAMES_LIMIT // counted
    # The sum of the games' changes as ``_game`` works each out (the pages show both): each
    # K x (score - PD) is a whole number of hundredths, so their sum is K x ``margin``
    # hundredths exactly, with the same two decimals ("12.80", "0.00").
    total = Decimal(k * margin) * ONE_HUNDREDTH if counted else Decimal(0)
    return _new_rating_change(
        start_no=player.start_no, rating=rating, k=k, k_source=source, k_reason=reason,
        k_before_cap=k_before_cap, total=total,
        rounded=int(total.quantize(_ONE, rounding=ROUND_HALF_UP)), counted_games=counted,
        no_change=None, edition=edition, player=player, ratings=ratings)


_ONE = Decimal(1)
# One per player of the event (speed.py says why this way).
_new_rating_change = keyword_record_maker(
    RatingChange, "start_no", "rating", "k", "k_source", "k_reason", "k_before_cap", "total",
    "rounded", "counted_games", "no_change", "edition", "player", "ratings")


def _rounds(player: Player, rating: int, ratings: Mapping[StartNo, int | None],
            edition: RatingEdition) -> tuple[_Round, ...]:
    """Every round that has happened for a rated player, counted or not, before K."""
    widest = _widest(rating, edition)
    rounds: list[_Round] = []
    append = rounds.append
    kinds, not_played_yet, game = ROUND_KINDS, RoundKind.NOT_PLAYED_YET, RoundKind.GAME
    scores = _SCORES
    for result in player.results:
        opponent, code = result.opponent, result.code
        kind = kinds[code, opponent is not None]  # RoundResult.kind, without the call
        if kind is not_played_yet:
            continue
        opponent_rating = ratings.get(opponent) if opponent is not None else None
        if kind is game and opponent_rating is not None and code in scores:
            # The usual round, counted: what ``_round`` gives it, without the call.
            difference = rating - opponent_rating
            capped = False
            if widest is not None and not -widest <= difference <= widest:
                difference, capped = (widest if difference > 0 else -widest), True
            append((result.round, opponent, opponent_rating, difference, capped, scores[code],
                    None))
        else:
            # Not counted (``_round`` gives the reason): no difference, no score.
            append(_round(result.round, opponent, code, kind, rating, ratings, edition, widest))
    return tuple(rounds)


def _round(round_no: int, opponent: StartNo | None, code: ResultCode, kind: RoundKind,
           rating: int, ratings: Mapping[StartNo, int | None], edition: RatingEdition,
           widest: int | None) -> _Round:
    """One round before K is known. ``widest``: the 400-point rule's limit for this
    player, None where the edition keeps the real difference (a player rated 2650+)."""
    known = opponent is not None and opponent in ratings
    opponent_rating = ratings[opponent] if known and opponent is not None else None
    reason = None
    if kind is not RoundKind.GAME or not known:
        reason = (NotCounted.FORFEIT if kind in _FORFEITS
                  else NotCounted.PENDING if kind is RoundKind.PENDING else NotCounted.BYE)
    elif code not in _SCORES:
        reason = NotCounted.UNRATED_GAME
    elif opponent_rating is None:
        reason = (NotCounted.OPPONENT_RATING_UNKNOWN if edition.rates_games_against_unrated
                  else NotCounted.UNRATED_OPPONENT)
    if reason is not None:
        return round_no, opponent, opponent_rating, None, False, None, reason
    assert opponent_rating is not None
    real = rating - opponent_rating
    difference = real if widest is None else max(-widest, min(widest, real))
    return (round_no, opponent, opponent_rating, difference, difference != real,
            _SCORES[code], None)


def _game(game: _Round, k: int) -> GameRatingChange:
    round_no, opponent, opponent_rating, difference, capped, result, reason = game
    if difference is None or result is None:
        return GameRatingChange(round=round_no, opponent=opponent,
                                opponent_rating=opponent_rating, not_counted=reason)
    expected = _expected(difference)
    return GameRatingChange(
        round=round_no, opponent=opponent, opponent_rating=opponent_rating,
        difference=difference, is_capped_at_400=capped, expected=expected, result=result,
        change=k * (result - expected), counted=True)


_TITLES_THAT_ASKED_FOR_2400 = frozenset({"GM", "IM"})
"""B.01: the GM and IM titles ask for a rating of 2500 / 2400 at some time."""


def k_factor(player: Player, k_settings: KSettings, edition: RatingEdition,
             on: datetime.date | None) -> tuple[int, KSource, KReason]:
    """A rated player's K: event.yml's, else the edition's default rule on what the file
    holds (the rating at the start, the birth, the title)."""
    given = k_settings.players.get(player.start_no)
    if given is not None:
        return given, KSource.GIVEN, KReason.GIVEN_FOR_PLAYER
    if isinstance(k_settings.default, int):
        return k_settings.default, KSource.GIVEN, KReason.GIVEN_FOR_EVERYONE
    rating = player.rating
    assert rating is not None
    old = edition in _EDITIONS_BEFORE_2014
    if rating >= 2400:
        # 2009 also asks for 30 games, which the file cannot show.
        return 10, KSource.ESTIMATED if old else KSource.RULE, KReason.RATED_2400
    if not old and rating < 2300:
        junior = _is_junior(player, edition, on)
        if junior:
            return 40, KSource.RULE, KReason.JUNIOR
        if junior is None and _may_be_junior(player, on):
            return 40, KSource.ESTIMATED, KReason.JUNIOR
    if player.title in _TITLES_THAT_ASKED_FOR_2400:
        return 10, KSource.ESTIMATED, KReason.TITLE_2400
    return (15 if old else 20), KSource.ESTIMATED, KReason.UNDER_2400


def _is_junior(player: Player, edition: RatingEdition, on: datetime.date | None
               ) -> bool | None:
    """Does the junior clause hold on the event's first day? None: the file cannot say."""
    birth = read_birth(player.birth, on)
    if birth is None or on is None:
        return None
    year = birth.year
    if edition is RatingEdition.FIDE_2014_07:
        # 8.56 (2014): "until their 18th birthday"; with the year alone, the year of that
        # birthday is the one that cannot be told.
        born = birth.date
        if born is not None:
            return on < _birthday(born, 18)
        return None if on.year == year + 18 else on.year < year + 18
    # 8.3.3 (2024): "until the end of the year of their 18th birthday": the year suffices.
    return on.year <= year + 18


def _may_be_junior(player: Player, on: datetime.date | None) -> bool:
    """2014, the year of birth alone: the event falls in the year of the 18th birthday."""
    birth = read_birth(player.birth, on)
    return birth is not None and on is not None and on.year == birth.year + 18


def _birthday(born: datetime.date, age: int) -> datetime.date:
    try:
        return born.replace(year=born.year + age)
    except ValueError:  # born on 29 February: the birthday falls on 1 March
        return datetime.date(born.year + age, 3, 1)


__all__ = ["ALL_K_VALUES", "DEFAULT_K_SETTINGS", "K_TIMES_GAMES_LIMIT",
           "GameRatingChange", "KReason", "KRule", "KSettings", "KSource", "NoChange",
           "NotCounted", "RatingChange", "RatingEdition", "k_factor", "leaves_out_rated",
           "rating_changes"]
