"""How every number was reached: data, not prose.

The engine returns these records; the site templates, ``standings explain``,
the JSON output and the tests all read the same ones. Wording lives in
``site/wording.py`` (one table per enum, keyed by NoteKind, CutReason ...) and the
templates, never here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from decimal import Decimal
from enum import StrEnum
from operator import itemgetter
from typing import ClassVar

from generator.errors import Diagnostic
from generator.model import Edition, Player, RoundKind, StartNo, Tournament
from generator.rules.notation import TiebreakSpec
from generator.speed import frozen_record, keyword_record_maker


class CutReason(StrEnum):
    LEAST_SIGNIFICANT = "least-significant"
    """Cut-n / Median-n removed the least significant value (14.1-14.4)."""
    VOLUNTARY_UNPLAYED_FIRST = "vur-first"
    """16.5: a voluntary unplayed round is cut before the least significant value."""
    MOST_SIGNIFICANT = "most-significant"
    """Median-n removed the most significant value (14.3/14.4)."""
    EARLIEST_ROUND = "earliest-round"
    """PS Cut-n drops the first n cumulative scores (14.1.2)."""
    BELOW_LIMIT = "below-limit"
    """Koya (9.2): the opponent scored less than the limit, so the round does not count."""
    NOT_COUNTED = "not-counted"
    """The round is no element of this tie-break (e.g. a bye in REP, an unrated opponent)."""


@frozen_record
class Part:
    """One element of a tie-break value, usually one round."""

    round: int
    kind: RoundKind
    """What happened to the player in that round."""
    value: Decimal
    """This element's contribution (before any cut)."""
    opponent: StartNo | None = None
    """The opponent met or scheduled (None for byes)."""
    is_dummy: bool = False
    """16.4: the round counts as a game against a dummy opponent."""
    opponent_score: Decimal | None = None
    """The real opponent's actual final score (for display beside the adjusted one)."""
    adjusted_score: Decimal | None = None
    """16.3: the opponent's score as their opponents see it."""
    dummy_own_score: Decimal | None = None
    """The player's own score, which the dummy starts from (16.4)."""
    dummy_cap: Decimal | None = None
    """2026 edition: the cap on the dummy's score (16.4.1 opponent's adjusted score;
    16.4.2 D x N)."""
    category: str | None = None
    """Art. 16.2 category of an unplayed round, e.g. "16.2.3"."""
    is_voluntary_unplayed: bool = False
    """VUR (16.1): requested bye or forfeit loss; cut first (16.5)."""
    points: Decimal | None = None
    """Points the player scored in that round (SB, KS multiply by these)."""
    rating: int | None = None
    """The opponent's rating (rating tie-breaks)."""
    cut: CutReason | None = None
    """Set when a modifier removed this element."""
    article: str | None = None
    """The article that decided how this element counts."""
    counted_score: Decimal | None = None
    """The score counted for this round: the opponent's adjusted score, or the dummy's
    (capped) score. SB multiplies it by ``points``."""
    opponent_points: Decimal | None = None
    """Points the scheduled opponent received in that round (STD, DE)."""

    @property
    def counts(self) -> bool:
        return self.cut is None


new_part = keyword_record_maker(
    Part, "round", "kind", "value", "opponent", "is_dummy", "opponent_score", "adjusted_score",
    "dummy_own_score", "dummy_cap", "category", "is_voluntary_unplayed", "points", "rating",
    "cut", "article", "counted_score", "opponent_points")
"""``Part(...)`` with every field given: for the derivations made by the ten thousand (a
part per round, tie-break and player shown), speed.py says why."""


class NoteKind(StrEnum):
    """Which note a record is: the key of its wording (site/wording.py) and of its record."""

    UNDEFINED_UNRATED = "undefined-unrated"
    NO_RATED_GAMES = "no-rated-games"
    NO_GAMES = "no-games"
    ROUNDED = "rounded"
    SHOWN_ROUNDED = "shown-rounded"
    TABLE_LOOKUP = "table-lookup"
    EXPECTED_SCORE = "expected-score"
    ZERO_SCORE = "zero-score"
    FORBIDDEN_IN_ROUND_ROBIN = "forbidden-in-round-robin"
    DIRECT_ENCOUNTER = "direct-encounter"
    NOT_TIED = "not-tied"
    KOYA_THRESHOLD = "koya-threshold"
    UNRATED_RATING = "unrated-rating"
    SECONDARY_SCORE = "secondary-score"
    STRENGTH_COMBINATION = "strength-combination"
    COUNTS_BOARDS = "counts-boards"
    EXTENDED_DIRECT_ENCOUNTER = "extended-direct-encounter"
    BOARD_TOTALS = "board-totals"
    BOARDS_UNNUMBERED = "boards-unnumbered"
    BOARD_COUNT_GAME_POINTS_DIFFER = "board-count-game-points-differ"
    BOARD_ORDER = "board-order"


class EncounterStep(StrEnum):
    """Which score one application of Extended Direct Encounter (C.07 13.3) compared."""

    PRIMARY = "primary"
    """13.3.1: the primary score (match points, unless the event ranks on game points)."""
    SECONDARY = "secondary"
    """13.3.1: the secondary score, when the primary one broke no tie."""
    BOARD_COUNT = "board-count"
    """13.3.2 with 12.1: the board count of the two teams' own match(es), lower first."""
    TOP_BOARD = "top-board"
    """13.3.2 with 12.2: the game points on one board of their match(es)."""
    BOTTOM_BOARD = "bottom-board"
    """13.3.2 with 12.3: the game points on the top boards of their match(es), the bottom
    ones left out."""


# One record per note kind, each with exactly the numbers its wording names. ``kind`` is a
# class constant, so a template can branch on it without knowing the record types.

@frozen_record
class UndefinedUnratedNote:
    """Art. 10: unrated players take part and no rating was announced for them."""

    kind: ClassVar[NoteKind] = NoteKind.UNDEFINED_UNRATED
    article: str
    unrated: tuple[StartNo, ...]
    """The unrated players' start numbers."""


@frozen_record
class NoRatedGamesNote:
    """A rating average with no game over the board against a rated opponent to average."""

    kind: ClassVar[NoteKind] = NoteKind.NO_RATED_GAMES
    article: str


@frozen_record
class NoGamesNote:
    """AOB (8.2): no game over the board, so no opponents to average."""

    kind: ClassVar[NoteKind] = NoteKind.NO_GAMES
    article: str


@frozen_record
class RoundedNote:
    """ARO, APRO, APPO: an average rounded to the nearest whole number, 0.5 up."""

    kind: ClassVar[NoteKind] = NoteKind.ROUNDED
    article: str
    exact: Decimal
    """The average before rounding."""
    rounded: Decimal
    """The value: the average rounded."""
    games: int
    """How many values were averaged."""


@frozen_record
class ShownRoundedNote:
    """AOB (8.2): the exact average is the value; pages show it to two decimals."""

    kind: ClassVar[NoteKind] = NoteKind.SHOWN_ROUNDED
    article: str
    exact: Decimal
    shown: Decimal
    """The average rounded to two decimals, 0.5 up (display only)."""
    games: int
    """The opponents met over the board."""


@frozen_record
class TableLookupNote:
    """TPR (10.2): ARO plus dp of the fractional score, from the B.02 table."""

    kind: ClassVar[NoteKind] = NoteKind.TABLE_LOOKUP
    article: str
    average: int
    """The rounded ARO of the games counted."""
    dp: int
    score: Decimal
    games: int
    fraction: Decimal
    """score / games, exact."""
    fraction_rounded: Decimal
    """The fraction rounded to two decimals, the row of the table."""
    value: int


@frozen_record
class ExpectedScoreNote:
    """PTP (10.3): the lowest rating whose expected score reaches the score."""

    kind: ClassVar[NoteKind] = NoteKind.EXPECTED_SCORE
    article: str
    score: Decimal
    value: int
    expected: Decimal
    """The expected score at ``value``."""
    expected_one_below: Decimal
    """The expected score one rating point lower, which falls short."""


@frozen_record
class ZeroScoreNote:
    """PTP (10.3) of a zero score: 800 below the lowest-rated opponent."""

    kind: ClassVar[NoteKind] = NoteKind.ZERO_SCORE
    article: str
    value: int


@frozen_record
class ForbiddenInRoundRobinNote:
    """2026 Art. 8: a Buchholz-family value computed for a round robin."""

    kind: ClassVar[NoteKind] = NoteKind.FORBIDDEN_IN_ROUND_ROBIN
    article: str


@frozen_record
class DirectEncounterNote:
    """Art. 6: the tie group the player's DE value comes from."""

    kind: ClassVar[NoteKind] = NoteKind.DIRECT_ENCOUNTER
    article: str
    members: tuple[StartNo, ...]
    scores: Mapping[StartNo, Decimal]
    """Each member's points in the games among the members."""
    order: tuple[tuple[StartNo, ...], ...]
    """The sub-groups, best first."""


@frozen_record
class NotTiedNote:
    """DE (6): the player is tied with nobody where DE stands in the list."""

    kind: ClassVar[NoteKind] = NoteKind.NOT_TIED
    article: str


@frozen_record
class KoyaThresholdNote:
    """KS (9.2): the limit an opponent's score must reach, moved by /L (14.5)."""

    kind: ClassVar[NoteKind] = NoteKind.KOYA_THRESHOLD
    article: str
    limit: Decimal
    maximum: Decimal
    """The maximum possible score."""
    shift: int
    """Half points the /L modifier moves the limit by (0 without it)."""


@frozen_record
class UnratedRatingNote:
    """RTNG (10): an unrated player's value is the rating announced for unrated players."""

    kind: ClassVar[NoteKind] = NoteKind.UNRATED_RATING
    article: str
    rating: int


@frozen_record
class SecondaryScoreNote:
    """MPvGP (13.1): the value is the team's total of the event's secondary score."""

    kind: ClassVar[NoteKind] = NoteKind.SECONDARY_SCORE
    article: str
    is_game_points: bool
    """The secondary score is the game points (match points are primary)."""


@frozen_record
class StrengthCombinationNote:
    """SSSC (13.4): the secondary score plus the primary Buchholz divided by K."""

    kind: ClassVar[NoteKind] = NoteKind.STRENGTH_COMBINATION
    article: str
    secondary: Decimal
    """The team's secondary score (13.4.2 a)."""
    buchholz: Decimal
    """The team's Buchholz (Fore Buchholz with /F) on the primary score."""
    divisor: int
    """K (13.4.2 b)."""
    divisor_given: bool
    """K as the code announces it (/K), not computed from the event."""
    highest_primary: Decimal
    """The highest primary score a team can reach in ``rounds`` rounds."""
    highest_secondary: Decimal
    """The highest secondary score a team can reach in one match."""
    rounds: int
    """The event's announced rounds (Q8)."""
    exact: Decimal
    shown: Decimal
    """The value rounded to two decimals, 0.5 up (display only)."""


@frozen_record
class CountsBoardsNote:
    """Art. 7 on game points (Art. 13 preamble, Q5): the parts count boards, not matches."""

    kind: ClassVar[NoteKind] = NoteKind.COUNTS_BOARDS
    article: str
    boards: int
    """Boards per match (an unplayed round counts as that many boards)."""


@frozen_record
class ExtendedEncounterNote:
    """EDE (13.3): one step applied to a group of tied teams the team belongs to."""

    kind: ClassVar[NoteKind] = NoteKind.EXTENDED_DIRECT_ENCOUNTER
    article: str
    step: EncounterStep
    board: int
    """The board a top-board step compared, or how many top boards a bottom-board step
    kept; 0 for the other steps."""
    members: tuple[StartNo, ...]
    scores: Mapping[StartNo, Decimal]
    """Each member's value in the step (points among the members, or its board value)."""
    order: tuple[tuple[StartNo, ...], ...]
    """The sub-groups, best first."""


@frozen_record
class BoardTotalsNote:
    """Art. 12: the game points the team scored on each board over the rounds counted."""

    kind: ClassVar[NoteKind] = NoteKind.BOARD_TOTALS
    article: str
    totals: tuple[Decimal, ...]
    """Board 1 first."""


@frozen_record
class BoardsUnnumberedNote:
    """Art. 12 undefined: the file does not say on which board a game was played (Q9)."""

    kind: ClassVar[NoteKind] = NoteKind.BOARDS_UNNUMBERED
    article: str
    rounds: tuple[int, ...]


@frozen_record
class BoardCountGamePointsNote:
    """BC (12.1) separates nobody in a tied group whose game points differ (Q6)."""

    kind: ClassVar[NoteKind] = NoteKind.BOARD_COUNT_GAME_POINTS_DIFFER
    article: str
    game_points: Mapping[StartNo, Decimal]
    """Each tied team's game points."""


@frozen_record
class BoardOrderNote:
    """TBR (12.2) or BBE (12.3): the order of the tied group, board by board."""

    kind: ClassVar[NoteKind] = NoteKind.BOARD_ORDER
    article: str
    members: tuple[StartNo, ...]
    order: tuple[tuple[StartNo, ...], ...]
    """The sub-groups, best first."""


Note = (UndefinedUnratedNote | NoRatedGamesNote | NoGamesNote | RoundedNote | ShownRoundedNote
        | TableLookupNote | ExpectedScoreNote | ZeroScoreNote | ForbiddenInRoundRobinNote
        | DirectEncounterNote | NotTiedNote | KoyaThresholdNote | UnratedRatingNote
        | SecondaryScoreNote | StrengthCombinationNote | CountsBoardsNote
        | ExtendedEncounterNote | BoardTotalsNote | BoardsUnnumberedNote
        | BoardCountGamePointsNote | BoardOrderNote)
"""Every note the engine writes; ``note.kind`` says which."""


@frozen_record
class Explained:
    """A tie-break value with its derivation. The uncut parts add up to ``total`` (sums)."""

    value: Decimal | None
    """The value used for ranking; None where C.07 leaves it undefined."""
    parts: tuple[Part, ...] = ()
    notes: tuple[Note, ...] = ()
    total: Decimal | None = None
    """Sum of the uncut parts, before any averaging or rounding (None when not a sum)."""


@frozen_record
class DirectEncounterGroup:
    """Art. 6: one tie group DE was applied to, and what came of it."""

    members: tuple[StartNo, ...]
    games: tuple[tuple[int, StartNo, StartNo, Decimal, Decimal], ...]
    """(round, player, opponent, player's points, opponent's points) among the members."""
    scores: Mapping[StartNo, Decimal]
    """Each member's score in the separate standings of the group."""
    order: tuple[tuple[StartNo, ...], ...]
    """The resulting sub-groups, best first; a sub-group of several is still tied."""
    article: str = "6.2"
    step: EncounterStep | None = None
    """Extended Direct Encounter (13.3): the score or board value compared; None for
    Art. 6 on the points."""
    board: int = 0
    """The board of a top- or bottom-board step (see ExtendedEncounterNote.board)."""


@frozen_record
class Separation:
    """What put two neighbours in the standings in their order."""

    criterion: str
    """"PTS", a tie-break code as announced, "lots", or "" when they share the place."""
    value: Decimal | None
    other_value: Decimal | None
    other: StartNo


@frozen_record
class StandingsRow:
    player: Player
    rank: int
    """1-based place; players sharing a place get the same rank."""
    rank_to: int
    """Last place of a shared range (== rank when not shared)."""
    points: Decimal
    values: Mapping[str, Explained]
    """Keyed by ``TiebreakSpec.written`` (a repeated code, e.g. a second DE, gets ``#2``).
    The engine fills it with an :class:`ExplainedValues`, which builds each derivation
    when it is first read."""
    above: Separation | None = None
    """Against the neighbour above (None for the first row)."""
    below: Separation | None = None
    """Against the neighbour below (None for the last row)."""
    by_lot: bool = False
    """The place among equals was decided by drawing of lots (4.2)."""
    rank_in_file_differs: bool = False

    def number(self, key: str) -> Decimal | None:
        """The value of one tie-break, without building its derivation."""
        if isinstance(self.values, ExplainedValues):
            return self.values.number(key)
        return self.values[key].value

    def numbers(self) -> Mapping[str, Decimal | None]:
        """The value of every tie-break by key, without building their derivations (the
        downloads write them all, row after row)."""
        if isinstance(self.values, ExplainedValues):
            return self.values.numbers()
        return {key: explained.value for key, explained in self.values.items()}


class ExplainedValues(Mapping[str, Explained]):
    """A row's tie-break values, each derivation built (once) when it is first read.

    The numbers are computed for every player when the standings are; the derivations
    (one part per round) only for the players someone looks at, from the same data.
    """

    __slots__ = ("_build", "_built", "_columns", "_index")

    def __init__(self, columns: Mapping[str, Sequence[Decimal | None]], index: int,
                 build: Callable[[str], Explained]) -> None:
        # Every player's value of each code, in the engine's player order (shared by rows).
        self._columns = columns
        self._index = index
        self._build = build
        self._built: dict[str, Explained] = {}

    def number(self, key: str) -> Decimal | None:
        return self._columns[key][self._index]

    def numbers(self) -> dict[str, Decimal | None]:
        return {key: column[self._index] for key, column in self._columns.items()}

    def __getitem__(self, key: str) -> Explained:
        explained = self._built.get(key)
        if explained is None:
            if key not in self._columns:
                raise KeyError(key)
            explained = self._built[key] = self._build(key)
        return explained

    def __iter__(self) -> Iterator[str]:
        return iter(self._columns)

    def __len__(self) -> int:
        return len(self._columns)

    def __repr__(self) -> str:
        return f"ExplainedValues({self.numbers()!r})"


@frozen_record
class Standings:
    tournament: Tournament
    edition: Edition
    specs: tuple[TiebreakSpec, ...]
    rows: tuple[StandingsRow, ...]
    after_round: int
    """The standings read as if the event ended after this round."""
    is_final: bool
    """The announced last round is counted and every pairing up to it has a result
    (progress.is_complete_after); otherwise the standings are provisional."""
    direct_encounters: tuple[DirectEncounterGroup, ...] = ()
    dropped: tuple[str, ...] = ()
    """Codes left undefined for everyone (e.g. rating tie-breaks with unrated players)."""
    diagnostics: tuple[Diagnostic, ...] = ()
    """Warnings found while ranking (e.g. a TRF rank column that disagrees with ours)."""
    lots_seed: int | None = None
    """The seed the drawing of lots used (4.2), when lots decided any place."""

    def row(self, start_no: StartNo) -> StandingsRow:
        return next(r for r in self.rows if r.player.start_no == start_no)

    def columns(self, keys: Sequence[str]) -> list[Sequence[Decimal | None]]:
        """The values of each of ``keys`` for every row, in the rows' order, without building
        a derivation (the downloads write them a column at a time).

        The engine's rows share its columns (:class:`ExplainedValues`): each column is then
        read in the rows' order in one step, not a value per row and key."""
        rows = self.rows
        shared = _shared_columns(rows)
        if shared is None:
            return [[row.number(key) for row in rows] for key in keys]
        columns, order = shared
        if len(order) == 1:
            return [[columns[key][order[0]]] for key in keys]
        pick = itemgetter(*order)
        return [pick(columns[key]) for key in keys]


def _shared_columns(rows: Sequence[StandingsRow]
                    ) -> tuple[Mapping[str, Sequence[Decimal | None]], list[int]] | None:
    """The engine's columns every row reads, and each row's place in them; None unless every
    row reads the same ones (rows made otherwise, as by ``dataclasses.replace``)."""
    if not rows or not isinstance(rows[0].values, ExplainedValues):
        return None
    columns = rows[0].values._columns
    order = []
    for row in rows:
        values = row.values
        if not isinstance(values, ExplainedValues) or values._columns is not columns:
            return None
        order.append(values._index)
    return columns, order
