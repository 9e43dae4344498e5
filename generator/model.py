"""The tournament as the tie-break engine sees it: frozen records, no file access.

A :class:`Tournament` is built from a parsed TRF document plus the event's
settings (``reading.assembly.build_tournament``). Everything downstream (tie-breaks,
standings, the site) reads only these records.
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections.abc import Mapping
from dataclasses import field
from decimal import Decimal
from enum import StrEnum
from types import MappingProxyType
from typing import NewType, cast

from generator.speed import frozen_record

StartNo = NewType("StartNo", int)

ZERO = Decimal(0)
HALF = Decimal("0.5")
ONE = Decimal(1)


MAX_ROUNDS = 999
"""The most rounds an event can have: event.yml ``total_rounds`` and TRF 142/XXR alike. More
would not fit a round's number in three digits, and every reader loops over the rounds."""

MAX_RATING = 3500
"""The highest rating a setting may give an unrated player (``unrated_rating``, ``/U``)."""

_PLAIN_POINTS = re.compile(r"[+-]?(?:[0-9]{1,4}(?:\.[0-9]{0,3})?|\.[0-9]{1,3})")
POINTS_EXPECTED = "a plain number such as 1, 0.5 or 3 (no exponent, at most 9999.999)"
"""What :func:`plain_points` accepts, in the words of a diagnostic."""


def plain_points(text: str) -> Decimal | None:
    """The points ``text`` spells as a plain decimal (``1``, ``0.5``, ``-1``, ``2.50``), or
    None: no exponent (``1E+999999`` would be a million digits on the first page that shows
    it), no NaN or Infinity, no ``_``, at most 4 digits before the point and 3 after.

    The one reader of scoring values: event.yml ``scoring``, TRF-26 162 and 362, JaVaFo XXS,
    and the points columns of TRF-26 310.
    """
    return Decimal(text) if _PLAIN_POINTS.fullmatch(text) else None


class Edition(StrEnum):
    """The C.07 edition whose rules apply, keyed by the year it took effect."""

    FIDE_2024_08 = "2024"
    """In force 1 August 2024 - 28 February 2026: the dummy opponent scores the player's own
    score."""
    FIDE_2026_03 = "2026"
    """In force from 1 March 2026: the dummy opponent's score is capped (Art. 16.4)."""

    @property
    def effective(self) -> datetime.date:
        return _EDITION_EFFECTIVE[self]

    def is_at_least(self, edition: Edition) -> bool:
        """Are ``edition``'s rules in force under this one (it or a later one)?"""
        return self.effective >= edition.effective

    @property
    def has_2026_rules(self) -> bool:
        """The rules of 1 March 2026: the dummy's score capped (16.4), no Buchholz family in
        a round robin (Art. 8), STD, TPN and RTNG (7.7, 7.8, 10.6). The one test of them
        (worked out once per edition: every unplayed round of every player asks)."""
        return _HAS_2026_RULES[self]

    @classmethod
    def in_force_on(cls, day: datetime.date | None) -> Edition:
        """The edition in force on ``day``; the newest one when the day is unknown."""
        if day is None:
            return cls.FIDE_2026_03
        in_force = [e for e in cls if e.effective <= day]
        return max(in_force, key=lambda e: e.effective) if in_force else cls.FIDE_2024_08


_EDITION_EFFECTIVE = {
    Edition.FIDE_2024_08: datetime.date(2024, 8, 1),
    Edition.FIDE_2026_03: datetime.date(2026, 3, 1),
}
_HAS_2026_RULES = {edition: edition.is_at_least(Edition.FIDE_2026_03) for edition in Edition}


class Color(StrEnum):
    WHITE = "w"
    BLACK = "b"
    NONE = "-"
    """No colour: byes, absences, and forfeits that some programs write with '-'."""


class ResultCode(StrEnum):
    """The TRF round-block result character (upper-cased; blank kept as a space)."""

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    WIN_UNRATED = "W"
    """Win in a game that lasted less than one move: played, not rated."""
    DRAW_UNRATED = "D"
    LOSS_UNRATED = "L"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    HALF_POINT_BYE = "H"
    FULL_POINT_BYE = "F"
    PAIRING_ALLOCATED_BYE = "U"
    ZERO_POINT_BYE = "Z"
    BLANK = " "
    """Blank result: equivalent to Z (absent) for a round that has been played."""
    PENDING = "X"
    """Result not yet known (TRF-26 'X'; some programs write '?')."""
    NO_DATA = ""
    """No round block in the file for a round after the last one played: not played yet."""

    @property
    def is_over_the_board(self) -> bool:
        return self in _OVER_THE_BOARD

    @property
    def is_forfeit(self) -> bool:
        return self in (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS)


_OVER_THE_BOARD = frozenset({
    ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS,
    ResultCode.WIN_UNRATED, ResultCode.DRAW_UNRATED, ResultCode.LOSS_UNRATED,
})


class RoundKind(StrEnum):
    """What happened to a player in one round, in the categories C.07 Art. 16.2 needs."""

    GAME = "game"
    """Played over the board (results 1 = 0 W D L)."""
    FORFEIT_WIN = "forfeit-win"
    FORFEIT_LOSS = "forfeit-loss"
    """Includes each side of a double forfeit."""
    PAIRING_ALLOCATED_BYE = "pab"
    FULL_POINT_BYE = "fpb"
    HALF_POINT_BYE = "hpb"
    ZERO_POINT_BYE = "zpb"
    """Requested zero-point bye, absence, rounds after withdrawal or before a late entry."""
    PENDING = "pending"
    """Paired, result not known yet."""
    NOT_PLAYED_YET = "not-played-yet"
    """A round of the event that has not taken place."""


@frozen_record
class RoundResult:
    round: int
    """1-based round number."""
    opponent: StartNo | None
    """The scheduled opponent; None for a bye or a round without a pairing."""
    color: Color
    """Scheduled colour as written; Color.NONE when there is no opponent or it is unknown."""
    code: ResultCode
    """The TRF result character as written (upper-cased)."""
    line: int = 0
    """1-based line of the 001 record in the TRF file (0 when built in code)."""
    column: int = 0
    """1-based column where this round's block starts."""

    @property
    def kind(self) -> RoundKind:
        # A table lookup: readers and every tie-break ask for it, round after round.
        return ROUND_KINDS[self.code, self.opponent is not None]

    @property
    def is_played(self) -> bool:
        """Played over the board (C.07 15.1: a round with a game)."""
        return self.opponent is not None and self.code.is_over_the_board

    @property
    def is_forfeit(self) -> bool:
        return self.opponent is not None and self.code.is_forfeit


def _kind_of(code: ResultCode, opponent: StartNo | None) -> RoundKind:
    if code is ResultCode.PENDING:
        return RoundKind.PENDING
    if code is ResultCode.NO_DATA:
        return RoundKind.NOT_PLAYED_YET
    if code.is_over_the_board:
        # No opponent: some federations' programs write a bye as the points it gives
        # (`0000 - =` half-point, `0000 - 1` full-point, `0000 - 0` zero-point); read it so,
        # or the player's points and every opponent's Buchholz and SB change.
        return RoundKind.GAME if opponent is not None else _BYE_OF_GAME_CODE[code]
    if code is ResultCode.FORFEIT_WIN:
        # `0000 - +` (no opponent) is read as a full-point bye (spec trf.md §6).
        return RoundKind.FORFEIT_WIN if opponent is not None else RoundKind.FULL_POINT_BYE
    if code is ResultCode.FORFEIT_LOSS:
        return RoundKind.FORFEIT_LOSS if opponent is not None else RoundKind.ZERO_POINT_BYE
    return {
        ResultCode.HALF_POINT_BYE: RoundKind.HALF_POINT_BYE,
        ResultCode.FULL_POINT_BYE: RoundKind.FULL_POINT_BYE,
        ResultCode.PAIRING_ALLOCATED_BYE: RoundKind.PAIRING_ALLOCATED_BYE,
        ResultCode.ZERO_POINT_BYE: RoundKind.ZERO_POINT_BYE,
        ResultCode.BLANK: RoundKind.ZERO_POINT_BYE,
    }[code]


_BYE_OF_GAME_CODE = {
    ResultCode.WIN: RoundKind.FULL_POINT_BYE, ResultCode.WIN_UNRATED: RoundKind.FULL_POINT_BYE,
    ResultCode.DRAW: RoundKind.HALF_POINT_BYE, ResultCode.DRAW_UNRATED: RoundKind.HALF_POINT_BYE,
    ResultCode.LOSS: RoundKind.ZERO_POINT_BYE, ResultCode.LOSS_UNRATED: RoundKind.ZERO_POINT_BYE,
}
"""A game result written without an opponent -> the bye that gives its points."""

ROUND_KINDS: Mapping[tuple[ResultCode, bool], RoundKind] = MappingProxyType({
    (code, has_opponent): _kind_of(code, StartNo(1) if has_opponent else None)
    for code in ResultCode for has_opponent in (False, True)
})
"""(code, has an opponent) -> kind: what :func:`_kind_of` says, computed once."""


@frozen_record
class ScoreSystem:
    """Points for each kind of round (TRF-26 162, XXS, or event.yml ``scoring``)."""

    win: Decimal = ONE
    draw: Decimal = HALF
    loss: Decimal = ZERO
    forfeit_win: Decimal | None = None
    """None: same as a win."""
    forfeit_loss: Decimal = ZERO
    pairing_allocated_bye: Decimal | None = None
    """None: same as a win (C.07 default; some events give a draw)."""
    full_point_bye: Decimal | None = None
    """None: same as a win."""
    half_point_bye: Decimal | None = None
    """None: same as a draw."""
    zero_point_bye: Decimal = ZERO
    pending: Decimal = ZERO
    """Points counted for a result not known yet."""
    _points_cache: dict[tuple[RoundKind, ResultCode], Decimal] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False)
    """Memo of :meth:`points` (the system is frozen, so an answer never changes)."""

    def points(self, kind: RoundKind, code: ResultCode) -> Decimal:
        """Points a player receives for one round."""
        try:
            return self._points_cache[kind, code]
        except KeyError:
            points = self._points_cache[kind, code] = self._compute_points(kind, code)
            return points

    def _compute_points(self, kind: RoundKind, code: ResultCode) -> Decimal:
        if kind is RoundKind.GAME:
            if code in (ResultCode.WIN, ResultCode.WIN_UNRATED):
                return self.win
            if code in (ResultCode.DRAW, ResultCode.DRAW_UNRATED):
                return self.draw
            return self.loss
        return {
            RoundKind.FORFEIT_WIN: self.forfeit_win if self.forfeit_win is not None else self.win,
            RoundKind.FORFEIT_LOSS: self.forfeit_loss,
            RoundKind.PAIRING_ALLOCATED_BYE: (
                self.pairing_allocated_bye if self.pairing_allocated_bye is not None else self.win
            ),
            RoundKind.FULL_POINT_BYE: (
                self.full_point_bye if self.full_point_bye is not None else self.win
            ),
            RoundKind.HALF_POINT_BYE: (
                self.half_point_bye if self.half_point_bye is not None else self.draw
            ),
            RoundKind.ZERO_POINT_BYE: self.zero_point_bye,
            RoundKind.PENDING: self.pending,
            RoundKind.NOT_PLAYED_YET: ZERO,
        }[kind]

    def round_points(self, result: RoundResult) -> Decimal:
        return self.points(result.kind, result.code)

    @property
    def label(self) -> str:
        """Short form such as ``1-½-0`` or ``3-1-0``."""
        return f"{points_shown(self.win)}-{points_shown(self.draw)}-{points_shown(self.loss)}"


def points_shown(points: Decimal) -> str:
    """Points in running text: ``½``, ``1``, ``1.5``, ``3`` (no trailing zeros)."""
    return format(points.normalize(), "f") if points != HALF else "½"


STANDARD_SCORING = ScoreSystem()


@frozen_record
class NationalId:
    """A player's ID in a national federation's rating list (TRF-26 NRS record, columns
    58-68): the number means something only with the federation that gave it."""

    federation: str
    """The NRS record's type: the federation's three-letter code, as written."""
    number: str
    """As written, stripped: digits, or letters and digits where a federation's list has
    them (the English Chess Federation's codes end with a letter)."""


@frozen_record
class Player:
    start_no: StartNo
    """Starting rank (pairing number), TRF 001 columns 5-8."""
    name: str
    """As written, "Lastname, Firstname" (column 15-47), stripped."""
    sex: str = ""
    title: str = ""
    """Normalised title: GM IM WGM FM WIM CM WFM WCM, or empty."""
    rating: int | None = None
    """FIDE rating; None when unrated (blank or 0)."""
    national_rating: int | None = None
    """National rating from a TRF-26 NRS record (columns 49-52); None when the file gives none."""
    federation: str = ""
    fide_id: int | None = None
    national_id: NationalId | None = None
    """The ID of a TRF-26 NRS record (reading/national_ratings.py); None when the file
    gives none."""
    birth: str = ""
    points_in_file: Decimal | None = None
    """TRF points column (81-84), as the pairing program wrote it."""
    rank_in_file: int | None = None
    results: tuple[RoundResult, ...] = ()
    """One entry per round of the event, round 1 first; rounds past the data are NOT_PLAYED_YET."""
    line: int = 0
    """1-based line of this player's 001 record."""

    def result(self, round_no: int) -> RoundResult:
        return self.results[round_no - 1]

    @property
    def last_name(self) -> str:
        return self.name.split(",", 1)[0].strip()

    @property
    def first_name(self) -> str:
        parts = self.name.split(",", 1)
        return parts[1].strip() if len(parts) > 1 else ""

    @property
    def display_name(self) -> str:
        """"Firstname Lastname" for running text; the TRF form stays in ``name``."""
        return f"{self.first_name} {self.last_name}".strip() if self.first_name else self.name


@frozen_record
class Tournament:
    name: str
    city: str = ""
    federation: str = ""
    start_date: datetime.date | None = None
    end_date: datetime.date | None = None
    tournament_type: str = ""
    """TRF 092 free text (e.g. "Swiss Dutch")."""
    chief_arbiter: str = ""
    deputy_arbiters: tuple[str, ...] = ()
    time_control: str = ""
    round_dates: tuple[datetime.date | None, ...] = ()
    """TRF 132: the date of each round, in order (None where it cannot be read)."""
    round_times: tuple[datetime.time | None, ...] = ()
    """TRF 132: the starting time written after a round's date, where one is (None else)."""
    total_rounds: int
    """Rounds of the event as announced (event.yml / 142 / XXR / the dates of 132), else the
    round blocks present (``rounds_known`` False)."""
    rounds_known: bool = True
    """The number of rounds is announced (event.yml ``total_rounds``, TRF 142, XXR, or one
    date per round in 132). When it is not, ``total_rounds`` is only the round blocks of the
    file, and no standings are final: the export may be cut before the last round."""
    ends_later: bool = False
    """The event's end date (event.yml, else TRF 052) is after the day of the build: the
    event is not over, whatever its rounds say."""
    rounds_played: int
    """Highest round with a game result (over the board or forfeit), 0 before round 1.

    Byes and absences entered ahead of a round that has no games yet (e.g. a 'Z' for
    the next round) do not make it played; only when no round has a game does the
    highest round with any bye or absence count. Rounds after it are NOT_PLAYED_YET
    for players without data there (ResultCode.NO_DATA)."""
    players: tuple[Player, ...]
    """Sorted by starting number."""
    score_system: ScoreSystem = STANDARD_SCORING
    is_round_robin: bool = False
    """Pre-determined pairings (C.07 15.2): forfeits are games, no dummies, no Buchholz."""
    _by_start_no: Mapping[StartNo, Player] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "_by_start_no", MappingProxyType({p.start_no: p for p in self.players})
        )

    def player(self, start_no: StartNo) -> Player:
        return self._by_start_no[start_no]

    def has_player(self, start_no: StartNo) -> bool:
        return start_no in self._by_start_no

    @property
    def has_unrated_players(self) -> bool:
        return any(p.rating is None for p in self.players)


class TieRule(StrEnum):
    """Art. 4.2: what happens to players still tied after the last tie-break."""

    SHARED = "shared"
    """They share the place (same rank)."""
    LOTS = "lots"
    """Drawing of lots, reproducible from a published seed."""


class CapRounds(StrEnum):
    """N in the 16.4.2 cap (D x N) for standings part-way through an event."""

    COUNTED = "counted"
    """The rounds counted for these standings (what the reference calculator does)."""
    ANNOUNCED = "announced"
    """The rounds announced for the whole event."""


@frozen_record
class UnplayedOptions:
    """C.07 16.6: provisions the regulations may announce instead of 16.3-16.5."""

    forfeits_as_played: bool = False
    """Forfeits count as games against the scheduled opponent (like the /P modifier)."""
    unplayed_as_draw: bool = False
    """Every own unplayed round counts as a draw against a dummy with the player's own score."""
    vur_cut_first: bool = True
    """16.5: cuts remove voluntary unplayed rounds first; False cuts the plain lowest value."""
    cap_rounds: CapRounds = CapRounds.COUNTED
    absence_is_voluntary: bool = True
    """Unannounced absences (Z, blank) count as voluntary unplayed rounds (16.1.1)."""


DEFAULT_UNPLAYED = UnplayedOptions()


# --- team events (C.07 Art. 11): teams as competitors, each round a match ----------------

@frozen_record
class BoardGame:
    """One board of a match, seen from the team whose match it is."""

    board: int
    """1-based, in the order the team record lists the players who played in this match."""
    player: StartNo
    opponent: StartNo | None
    """None: the opposing team left this board empty, and the player won it (``0000 - +``)."""
    color: Color
    """The player's colour on this board."""
    code: ResultCode
    """The player's result as written in their 001 record."""
    points: Decimal
    """Game points of the player (the event's game scoring, record 162)."""


@frozen_record
class Match:
    """What one team did in one round."""

    round: int
    opponent: StartNo | None
    """The opposing team's number; None when the team had no match this round."""
    game_points: Decimal | None
    """Game points the team scored (the sum over its boards, or its players' bye points);
    None while a board's result is pending and for rounds not played yet."""
    opponent_game_points: Decimal | None
    boards: tuple[BoardGame, ...] = ()
    """The team's boards, board 1 first; a board the team left empty is not listed."""
    boards_numbered: bool = True
    """False when the file does not say which board a game was played on (a TRF-16 match
    with an empty board that more than one numbering fits, reading/team_boards.py: C.07
    Art. 12's board tie-breaks are then undefined for the team)."""
    match_points: Decimal | None = None
    """The round's match points when record 299 sets them (an abnormal assignment, a
    penalty or a bonus); None: what the match scoring (362) gives the result."""


@frozen_record
class Team(Player):
    """A team as a competitor: ``start_no`` is the team's number, ``name`` its name, and
    ``results`` its matches scored in match points (``points_in_file``: the 310 MP column)."""

    members: tuple[StartNo, ...] = ()
    """Starting ranks of the team's players, in the order the team record lists them."""
    matches: tuple[Match, ...] = ()
    """One per round of the event, round 1 first."""
    game_points_in_file: Decimal | None = None
    """TRF-26 310 columns 62-67, as the pairing program wrote them."""

    @property
    def display_name(self) -> str:
        # A team name is not "Lastname, Firstname": "Berlin, SC" stays as written.
        return self.name

    @property
    def last_name(self) -> str:
        return self.name

    @property
    def first_name(self) -> str:
        return ""

    def match(self, round_no: int) -> Match:
        return self.matches[round_no - 1]

    @property
    def game_points(self) -> Decimal:
        """Game points over every match with a known result."""
        return sum((m.game_points for m in self.matches if m.game_points is not None), ZERO)


@frozen_record
class TeamTournament(Tournament):
    """The team view of a team event: ``players`` are :class:`Team` records, the results
    are matches scored in match points (``score_system``, record 362)."""

    individual: Tournament
    """The event board by board, as the 001 records give it."""
    board_count: int
    """Boards per match (record 352, else the most boards played in one match)."""
    game_scoring: ScoreSystem
    """Points for one game (record 162): what a board adds to the game points."""
    game_points_primary: bool = False
    """C.07 11.1: the event's regulations name the primary score; True when it is the game
    points (TRF-26 192 ``FIDE_TEAM_GP_MP``, ``..._GP``), so that the team's ``results`` and
    ``score_system`` still carry match points and the ranking reads game points first."""
    _team_of: Mapping[StartNo, StartNo] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        Tournament.__post_init__(self)
        object.__setattr__(self, "_team_of", MappingProxyType({
            member: team.start_no for team in self.teams for member in team.members}))

    # ``players`` holds only Team records here (build_team_tournament makes it so).
    @property
    def teams(self) -> tuple[Team, ...]:
        return cast("tuple[Team, ...]", self.players)

    def team(self, number: StartNo) -> Team:
        return cast("Team", self.player(number))

    def team_of(self, player: StartNo) -> Team | None:
        """The team a player of the individual event plays for."""
        number = self._team_of.get(player)
        return None if number is None else self.team(number)

    @property
    def game_points_scoring(self) -> ScoreSystem:
        """Points of a whole match counted in game points: a match won on every board, a
        drawn one (half of the boards' points), ... C.07 16.4 note: for game points the
        16.4.2 cap is the game points of a drawn match times the rounds; 8.3 counts the
        final match as drawn; 9.2 takes half of the most game points possible."""
        games = self.game_scoring
        boards = Decimal(self.board_count)
        return ScoreSystem(win=games.win * boards, draw=games.draw * boards,
                           loss=games.loss * boards, forfeit_loss=games.forfeit_loss * boards,
                           zero_point_bye=games.zero_point_bye * boards)

    def match_points_rows(self) -> tuple[tuple[Decimal | None, ...], ...] | None:
        """Every team's match points per round where record 299 set them (None elsewhere:
        the scoring decides), or None when no round has them."""
        if not any(m.match_points is not None for team in self.teams for m in team.matches):
            return None
        return tuple(tuple(m.match_points for m in team.matches) for team in self.teams)

    def game_points_view(self) -> tuple[Tournament, tuple[tuple[Decimal | None, ...], ...]]:
        """The same matches with game points as the reference score (C.07 Art. 13
        preamble): the tournament with the game-points scoring, and every team's game
        points per round (None where the scoring decides: not played yet, pending)."""
        view = dataclasses.replace(self, score_system=self.game_points_scoring)
        rows = tuple(tuple(m.game_points for m in team.matches) for team in self.teams)
        return view, rows
