"""What every C.07 tie-break shares: the :class:`Context` it reads, the :class:`Column` it
returns, and the registry of the functions by acronym.

The functions themselves live by article: :mod:`generator.rules.ranking` (Art. 7-9, and the
module that completes and checks the registry), :mod:`generator.rules.ratings` (Art. 10) and
:mod:`generator.rules.direct_encounter` (Art. 6, which is not a column).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from operator import attrgetter
from typing import TypeAlias, TypeVar, cast

from generator.model import (
    DEFAULT_UNPLAYED,
    ZERO,
    Color,
    Edition,
    TeamTournament,
    Tournament,
    UnplayedOptions,
)
from generator.rules.explain import CutReason, Explained, Note, Part, new_part
from generator.rules.notation import (
    CATALOGUE,
    GAME_POINTS,
    MATCH_POINTS,
    TiebreakSpec,
    points_system_refusal,
)
from generator.rules.unplayed import (
    NO_OPPONENT,
    ScoreSheet,
    build_score_sheet,
    fore_sheet,
    opponent_units,
)

_T = TypeVar("_T")

_INTEGERS = tuple(Decimal(i) for i in range(64))
_COLOR = attrgetter("color")
"""A round result's colour, read by map (a round of every player)."""


def whole_number(n: int) -> Decimal:
    """``n`` as a Decimal; the small ones (counts, positions) are made once and shared."""
    return _INTEGERS[n] if 0 <= n < len(_INTEGERS) else Decimal(n)


class TiebreakError(ValueError):
    """A tie-break that cannot be computed for this event (e.g. team points systems)."""


@dataclass(frozen=True, slots=True, eq=False, kw_only=True)
class Column:
    """One tie-break's value for every player (indexed like ``tournament.players``)."""

    spec: TiebreakSpec
    values: tuple[Decimal | None, ...]
    derivation: Callable[[int], Explained] = field(repr=False)
    """Builds one player's :class:`Explained` when asked: most are never shown."""
    notes: tuple[Note, ...] = ()
    """Notes that concern every player (e.g. dropped for unrated players, Art. 10)."""

    def explain(self, player: int) -> Explained:
        """The derivation of ``values[player]`` (built now, from the same data)."""
        explained = self.derivation(player)
        if self.notes:
            return Explained(value=explained.value, parts=explained.parts,
                             notes=explained.notes + self.notes, total=explained.total)
        return explained


class Context:
    """What the tie-breaks of one standings computation share; every piece is built once."""

    def __init__(self, tournament: Tournament, *, rounds: int | None = None,
                 edition: Edition = Edition.FIDE_2026_03,
                 unplayed: UnplayedOptions = DEFAULT_UNPLAYED,
                 unrated_rating: int | None = None,
                 reference_score: str | None = None) -> None:
        """``reference_score`` (team events): the score the tie-breaks read, ``MP`` or
        ``GP``; None is the event's primary score (C.07 11.1, Art. 13 preamble)."""
        self.teams = tournament if isinstance(tournament, TeamTournament) else None
        self.reference_score = reference_score or primary_score(tournament)
        points: Sequence[Sequence[Decimal | None]] | None = None
        if self.teams is not None and self.reference_score == GAME_POINTS:
            tournament, points = self.teams.game_points_view()
        self.tournament = tournament
        self.edition = edition = Edition(edition)
        self.unplayed = unplayed
        self.unrated_rating = unrated_rating
        if points is None and isinstance(tournament, TeamTournament):
            # Match points record 299 sets for a round (no result code carries them).
            points = tournament.match_points_rows()
        self.sheet = build_score_sheet(tournament, rounds=rounds, edition=edition,
                                       options=unplayed, points=points)
        self.rounds = self.sheet.rounds
        self.players = tournament.players
        self._cache: dict[Hashable, object] = {}

    def memo(self, key: Hashable, make: Callable[[], _T]) -> _T:
        """``make()``, computed the first time ``key`` is asked for and kept after that.

        The key names what is made, so two keys never share a value of different types.
        """
        if key not in self._cache:
            self._cache[key] = make()
        return cast(_T, self._cache[key])

    def score_sheet(self, *, fore: bool = False) -> ScoreSheet:
        if not fore:
            return self.sheet
        return self.memo("fore", lambda: fore_sheet(self.sheet))

    def opponent_units(self, *, fore: bool, forfeits_as_played: bool
                       ) -> tuple[tuple[int | None, ...], ...]:
        return self.memo(("opponent-units", fore, forfeits_as_played),
                         lambda: opponent_units(self.score_sheet(fore=fore),
                                                forfeits_as_played=forfeits_as_played))

    def colors(self) -> tuple[tuple[Color, ...], ...]:
        def make() -> tuple[tuple[Color, ...], ...]:
            rounds = self.rounds
            rows = []
            for player in self.players:
                colors = tuple(map(_COLOR, player.results[:rounds]))
                if len(colors) < rounds:
                    colors += (Color.NONE,) * (rounds - len(colors))
                rows.append(colors)
            return tuple(rows)
        return self.memo("colors", make)

    def column(self, spec: TiebreakSpec) -> Column:
        """The value of ``spec`` for every player (computed once per code)."""
        if spec.acronym == "DE":
            raise TiebreakError("DE depends on the tied group; use direct_encounter()")
        refusal = points_system_refusal(spec, is_team_event=self.teams is not None)
        if refusal is not None:
            raise TiebreakError(refusal[0])
        if spec.points_system is not None:
            return self.memo(("column", spec.code), lambda: self._points_system_column(spec))
        acronym = spec.info.acronym
        compute = (BOARD_REGISTRY[acronym] if self.counts_boards and acronym in BOARD_REGISTRY
                   else REGISTRY[acronym])
        return self.memo(("column", spec.code), lambda: compute(self, spec))

    def _points_system_column(self, spec: TiebreakSpec) -> Column:
        """``BH:GP`` is BH computed in the context whose score is the game points."""
        base = self.points_system_context(spec).column(replace(spec, points_system=None))
        return replace(base, spec=spec)

    def points_system_context(self, spec: TiebreakSpec) -> Context:
        """The context in which ``spec``'s reference score (``:MP``/``:GP``, C.07 Art. 13
        preamble; none: the primary score) is the score. Raises TiebreakError where that
        is not computed."""
        refusal = points_system_refusal(spec, is_team_event=self.teams is not None)
        if refusal is not None:
            raise TiebreakError(refusal[0])
        return self.score_context(spec.points_system)

    def score_context(self, score: str | None) -> Context:
        """The context whose score is ``score`` (``MP`` or ``GP`` of a team event; None or
        the score of this context: this one), built once."""
        teams = self.teams
        if score is None or score == self.reference_score or teams is None:
            return self
        return self.memo(("points-system", score), lambda: Context(
            teams, rounds=self.rounds, edition=self.edition, unplayed=self.unplayed,
            unrated_rating=self.unrated_rating, reference_score=score))

    @property
    def counts_boards(self) -> bool:
        """C.07 Art. 13 (Q5): the own-record tie-breaks of Art. 7 read on game points count
        boards, the variation of Arts. 6-10 the reference calculator computes."""
        return self.teams is not None and self.reference_score == GAME_POINTS

    def rating_of(self, player: int, unrated: int | None) -> int | None:
        rating = self.players[player].rating
        return rating if rating is not None else unrated

    def unrated_for(self, spec: TiebreakSpec) -> int | None:
        return unrated_rating_for(spec, self.unrated_rating)

    def is_dropped_for_unrated(self, spec: TiebreakSpec) -> bool:
        """:func:`is_dropped_for_unrated` in this event."""
        return is_dropped_for_unrated(spec, has_unrated_players=self.tournament.has_unrated_players,
                                      unrated_rating=self.unrated_rating)


def primary_score(tournament: Tournament) -> str | None:
    """C.07 11.1: a team event's primary score (``MP`` unless its regulations, TRF 192,
    name the game points); None for an individual event."""
    if not isinstance(tournament, TeamTournament):
        return None
    return GAME_POINTS if tournament.game_points_primary else MATCH_POINTS


def unrated_rating_for(spec: TiebreakSpec, unrated_rating: int | None) -> int | None:
    """The rating an unrated player counts with in ``spec``: its /U, else the event's."""
    return spec.unrated_rating if spec.unrated_rating is not None else unrated_rating


def is_dropped_for_unrated(spec: TiebreakSpec, *, has_unrated_players: bool,
                           unrated_rating: int | None) -> bool:
    """Art. 10: with unrated players present and no rating announced for them (the code's
    /U or the event's ``unrated_rating``), a rating tie-break is dropped for everyone. The
    one rule for the engine and the check's warning."""
    return (spec.info.is_rating_based and has_unrated_players
            and unrated_rating_for(spec, unrated_rating) is None)


Compute: TypeAlias = Callable[[Context, TiebreakSpec], Column]
"""A tie-break function: the value of one announced code for every player."""

REGISTRY: dict[str, Compute] = {}
"""The function computing each CATALOGUE acronym (all but DE); complete once
:mod:`generator.rules.ranking` is imported, which checks that it is."""


def tiebreak(acronym: str) -> Callable[[Compute], Compute]:
    """Register the function computing ``acronym`` (a CATALOGUE entry, not an alias: the
    column of an alias is the one of the entry it names)."""
    if acronym not in CATALOGUE:
        raise KeyError(acronym)
    canonical = CATALOGUE[acronym].canonical.acronym
    if canonical != acronym:
        raise ValueError(f"{acronym!r} is another name for {canonical!r}; register that")

    def register(function: Compute) -> Compute:
        REGISTRY[acronym] = function
        return function
    return register


BOARD_REGISTRY: dict[str, Compute] = {}
"""The Art. 7 tie-breaks read on a team event's game points, which count boards
(C.07 Art. 13's variation, Q5): the function for each acronym that has one."""


def tiebreak_on_boards(acronym: str) -> Callable[[Compute], Compute]:
    """Register the board-counting variant of ``acronym`` (see BOARD_REGISTRY)."""
    if acronym not in CATALOGUE or CATALOGUE[acronym].canonical.acronym != acronym:
        raise KeyError(acronym)

    def register(function: Compute) -> Compute:
        BOARD_REGISTRY[acronym] = function
        return function
    return register


def explained_sum(parts: Sequence[Part], notes: Iterable[Note] = ()) -> Explained:
    """The sum of the parts not cut, with every part kept for the explanation."""
    total = sum((p.value for p in parts if p.cut is None), ZERO)
    return Explained(value=total, parts=tuple(parts), notes=tuple(notes), total=total)



def round_part(sheet: ScoreSheet, player: int, r: int, value: Decimal, *,
                article: str | None = None, cut: CutReason | None = None) -> Part:
    """Round ``r`` of ``player`` as a part of an explanation."""
    opponent = sheet.opponents[player][r]
    return new_part(round=r + 1, kind=sheet.kinds[player][r], value=value,
                    opponent=None if opponent == NO_OPPONENT
                    else sheet.players[opponent].start_no,
                    is_dummy=False, opponent_score=None, adjusted_score=None,
                    dummy_own_score=None, dummy_cap=None,
                    category=sheet.categories[player][r], is_voluntary_unplayed=False,
                    points=sheet.points[player][r], rating=None, cut=cut, article=article,
                    counted_score=None, opponent_points=None)


def in_points(units: Sequence[int | None], scale: Decimal) -> tuple[Decimal | None, ...]:
    """Whole numbers of ``scale`` as Decimals (each distinct value converted once)."""
    converted: dict[int | None, Decimal | None] = {
        u: Decimal(u) * scale for u in set(units) if u is not None}
    converted[None] = None
    return tuple(map(converted.__getitem__, units))
