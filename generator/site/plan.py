"""An event's plan: everything the rules decide for it, worked out once, read by every page
and by ``standings explain``, ``check`` and ``serve`` (``rank`` reads its first part alone,
``event_standings.py``).

The reader gives an ``Event`` (files, settings, the tournament) and stops there; the plan
applies the rules to it with its announced settings: the final standings (the engine,
``rules/ranking.py``, by ``event_standings.py``), the running scores, the standings after
each earlier round, the categories ranked and the prizes awarded (``rules/categories.py``,
``rules/prizes.py``), the FIDE rating changes (``rules/rating_change.py``) and the warnings
``--strict`` refuses. Only the final standings are computed when the plan is made: every
other part is worked out the first time something asks for it, once, under the plan's lock
(``standings serve`` renders an event's pages in several threads).

This module is the bottom of the site wing: it words nothing and renders nothing (no Jinja,
no page records); ``tests/test_layers.py`` keeps it so.
"""

from __future__ import annotations

import datetime
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Generic, TypeVar, overload

from generator.errors import Diagnostic
from generator.model import ZERO, Edition, Player, StartNo, Tournament
from generator.reading.trf_event import Event
from generator.rules.categories import Category, CategoryStandings, category_standings
from generator.rules.explain import Standings, StandingsRow
from generator.rules.notation import TiebreakSpec
from generator.rules.prizes import PrizeAward, PrizeSettings, award_prizes
from generator.rules.progress import Progress, event_progress
from generator.rules.rating_change import RatingChange
from generator.site.event_standings import (
    RankedEvent,
    carries_rating_changes,
    rank_event,
    shown_rating_changes,
    standings_for_event,
)
from generator.site.person_keys import person_keys, section_person_keys
from generator.site.schedule import RoundDay, round_days
from generator.speed import frozen_record

T = TypeVar("T")


# --- the event's warnings ------------------------------------------------------------

def event_warnings(event: Event, standings: Standings | None) -> tuple[Diagnostic, ...]:
    """The warnings of an event, which ``--strict`` refuses: the reader's (a points column
    that disagrees with the results...), then the standings' (a rank column that disagrees
    with ours). ``standings check``, ``build`` and ``serve`` all ask this one function
    (through ``EventPlan.warnings`` once the event is planned); ``standings`` is None when
    the event could not be ranked. A cap's note ("100 more warnings not shown") stays with
    the warnings it follows.
    """
    found = (*event.warnings, *(standings.diagnostics if standings is not None else ()))
    return tuple(d for d in found if isinstance(d, Diagnostic) and not d.is_error)


# --- the event's heading facts ----------------------------------------------------------

@frozen_record
class PlayerColumns:
    """Which of the players' own columns an event's tables show. A column empty for every
    player of the event (a club event without federations or ratings) says nothing and
    only pushes the points off a phone's screen, so it is left out; decided once here, not
    by the templates."""

    federation: bool
    """Some player has a federation."""
    rating: bool
    """Some player has a rating."""


def player_columns(players: Iterable[Player]) -> PlayerColumns:
    federation = rating = False
    for player in players:
        federation = federation or bool(player.federation.strip())
        rating = rating or player.rating is not None
        if federation and rating:
            break
    return PlayerColumns(federation=federation, rating=rating)


@frozen_record
class EventInfo:
    """The event's heading facts, settings first, the TRF header where settings are silent."""

    slug: str
    title: str
    start_date: datetime.date | None
    end_date: datetime.date | None
    place: str
    organiser: str
    arbiter: str
    rounds_total: int
    rounds_played: int
    is_round_robin: bool
    notes_markdown: str
    tournament_type: str
    time_control: str
    is_team_event: bool = False
    """The competitors are teams (C.07 Art. 11): pages say "team" and show match results."""
    board_count: int = 0
    """Boards per match in a team event."""
    ranks_on_game_points: bool = False
    """A team event whose primary score is the game points (C.07 11.1): its points are GP."""
    progress: Progress
    """Which rounds are complete, which is in progress, which is paired only."""
    shows: PlayerColumns = PlayerColumns(federation=True, rating=True)
    """The players' columns the event's tables show (of the individual players in a team
    event)."""
    deputy_arbiters: tuple[str, ...] = ()
    """TRF 112 as written, one record each."""
    schedule: Mapping[int, RoundDay]
    """Round number -> its date (TRF 132), for the rounds whose date the file gives."""

    @property
    def rounds_listed(self) -> int:
        """The rounds with a page: those played and the round paired after them."""
        paired = self.progress.paired_round
        return paired.round_no if paired is not None else self.rounds_played

    @property
    def current_round(self) -> int | None:
        """The round whose games are still to be played or entered: the paired round, else
        the last round while it is in progress; None between rounds and at the end."""
        if self.progress.paired_round is not None:
            return self.progress.paired_round.round_no
        if self.progress.is_in_progress:
            return self.rounds_played
        return None


def event_info(event: Event) -> EventInfo:
    tournament = event.competitors
    teams = event.teams
    heading = event.heading  # event.yml over the TRF header, decided once by the reader
    return EventInfo(
        slug=event.slug,
        title=heading.title,
        start_date=heading.start_date,
        end_date=heading.end_date,
        place=heading.place,
        organiser=heading.organiser,
        arbiter=heading.arbiter,
        rounds_total=tournament.total_rounds,
        rounds_played=tournament.rounds_played,
        is_round_robin=tournament.is_round_robin,
        notes_markdown=event.notes or "",
        tournament_type=tournament.tournament_type,
        time_control=tournament.time_control,
        is_team_event=teams is not None,
        board_count=teams.board_count if teams is not None else 0,
        ranks_on_game_points=teams is not None and teams.game_points_primary,
        progress=event_progress(tournament),
        shows=player_columns(event.tournament.players),
        deputy_arbiters=tournament.deputy_arbiters, schedule=round_days(tournament),
    )


# --- categories and prizes ----------------------------------------------------------------

@frozen_record
class EventPrizes:
    """An event's categories ranked and its prizes awarded (issue 14)."""

    categories: tuple[CategoryStandings, ...]
    """Every category of event.yml, in its order, each ranked once."""
    settings: PrizeSettings | None
    award: PrizeAward | None
    """None when event.yml gives no ``prizes:``."""


def announced_prizes(event: Event) -> tuple[tuple[Category, ...], PrizeSettings | None]:
    """The categories and the prizes event.yml announces, as the event applies them."""
    if event.teams is not None:
        # A category groups players; a team event ranks teams (no category of teams yet).
        return (), None
    settings = event.settings
    return tuple(settings.categories), settings.prizes


def _event_prizes(standings: Standings, event: Event,
                  first_day: datetime.date | None) -> EventPrizes | None:
    categories, settings = announced_prizes(event)
    if not categories and settings is None:
        return None
    ranked = tuple(category_standings(c, standings, first_day=first_day) for c in categories)
    award = award_prizes(settings, standings, ranked) if settings is not None else None
    return EventPrizes(categories=ranked, settings=settings, award=award)


# --- the plan -----------------------------------------------------------------------------

class _WorkedOut(Generic[T]):
    """A part of the plan worked out the first time it is read, once, whichever thread
    reads it first: the answer is kept in the plan's own ``__dict__``, which Python reads
    before this descriptor from then on (as ``functools.cached_property``, which takes no
    lock)."""

    def __init__(self, work_out: Callable[[EventPlan], T]) -> None:
        self._work_out = work_out
        self._name = work_out.__name__
        self.__doc__ = work_out.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    @overload
    def __get__(self, plan: None, owner: type) -> _WorkedOut[T]: ...
    @overload
    def __get__(self, plan: EventPlan, owner: type | None = None) -> T: ...

    def __get__(self, plan: EventPlan | None, owner: type | None = None) -> T | _WorkedOut[T]:
        if plan is None:
            return self
        known = plan.__dict__
        if self._name not in known:
            with plan._lock:
                if self._name not in known:
                    known[self._name] = self._work_out(plan)
        value: T = known[self._name]
        return value


@dataclass(frozen=True, kw_only=True)
class EventPlan:
    """One event and what the rules decide for it: the final standings at once, the rest on
    first use (each part's docstring says what it is)."""

    event: Event
    standings: Standings
    """After the last round with a result (final once every round is in); ``after_round``,
    ``specs`` and ``edition`` as given to :func:`plan_event`."""
    after_round: int | None = None
    """``standings rank --after-round``; None for the site (the rounds as entered)."""
    specs: tuple[TiebreakSpec, ...] | None = None
    """``standings rank --tiebreaks``; None: the event's announced list."""
    edition: Edition | None = None
    """``standings rank --edition``; None: the event's."""
    # Reentrant: a part may read another part while it is worked out. One lock per plan:
    # a page waits only for what its own event works out.
    _lock: threading.RLock = field(init=False, default_factory=threading.RLock, repr=False,
                                   compare=False)
    _after: dict[int, Standings] = field(init=False, default_factory=dict, repr=False,
                                         compare=False)

    @property
    def slug(self) -> str:
        return self.event.slug

    def work_out_shared(self) -> None:
        """Work out now every part that the pages of the whole event read (all but the
        standings after each round, which one round's pages read).

        ``standings build`` calls this before it forks its workers: each inherits the parts
        worked out, where otherwise every worker would work each of them out again.
        """
        for name, part in type(self).__dict__.items():
            if isinstance(part, _WorkedOut):
                getattr(self, name)

    @_WorkedOut
    def info(self) -> EventInfo:
        """The event's heading facts and what its pages show of it (``standings rank``
        needs none of it)."""
        return event_info(self.event)

    @property
    def tournament(self) -> Tournament:
        """What the standings rank: the teams of a team event, else the players."""
        return self.event.competitors

    @property
    def winners(self) -> tuple[StandingsRow, ...]:
        if self.info.rounds_played == 0:
            return ()
        return tuple(row for row in self.standings.rows if row.rank == 1)

    def standings_after(self, round_no: int) -> Standings:
        """The standings after round ``round_no`` (a round page's), each round's computed
        once, on first use: ``standings serve`` may render two round pages at once (a request
        and its warmer), and the second waits for the first rather than computing the same
        round again."""
        if round_no >= self.tournament.rounds_played and self.after_round is None:
            return self.standings
        with self._lock:
            found = self._after.get(round_no)
            if found is None:
                found = self._after[round_no] = standings_for_event(
                    self.event, after_round=round_no, specs=self.specs, edition=self.edition)
            return found

    @_WorkedOut
    def running(self) -> Mapping[StartNo, tuple[Decimal, ...]]:
        """Each competitor's score after every round (index 0 = before round 1)."""
        return running_scores(self.tournament)

    @_WorkedOut
    def final_points(self) -> Mapping[StartNo, Decimal]:
        """Each competitor's points in ``standings``."""
        return {row.player.start_no: row.points for row in self.standings.rows}

    @_WorkedOut
    def warnings(self) -> tuple[Diagnostic, ...]:
        """The reader's warnings and the standings' (:func:`event_warnings`)."""
        return event_warnings(self.event, self.standings)

    @_WorkedOut
    def prizes(self) -> EventPrizes | None:
        """The categories ranked (once: the prize award takes them) and the prizes awarded;
        None when event.yml announces neither (the event has no such pages)."""
        return _event_prizes(self.standings, self.event, self.info.start_date)

    @_WorkedOut
    def rating_changes(self) -> Mapping[StartNo, RatingChange] | None:
        """Every player's FIDE rating change (B.02), under the edition in force on the
        event's first day; None where the pages show none: a team event (its standings rank
        teams), or an event in which no game counts (no rated players, or none who met a
        rated opponent)."""
        return shown_rating_changes(self.event)

    @property
    def standings_rating_changes(self) -> Mapping[StartNo, RatingChange] | None:
        """The changes that go with ``standings`` (the downloads carry them): None for a
        ranking after an earlier round, as the change counts every game entered."""
        return self.rating_changes if carries_rating_changes(self.standings) else None

    @_WorkedOut
    def person_keys(self) -> Mapping[StartNo, str]:
        """The key of each player's person page (``person_keys.py``)."""
        festival = self.event.festival
        if festival is not None:
            return section_person_keys(self.slug, self.event.tournament.players, festival)
        return person_keys(self.slug, self.event.tournament.players)


def plan_event(event: Event, *, after_round: int | None = None,
               specs: Sequence[TiebreakSpec] | None = None,
               edition: Edition | None = None) -> EventPlan:
    """The event's plan: its standings computed now, everything else on first use.

    ``after_round``, ``specs`` and ``edition`` are ``standings rank``'s and ``explain``'s
    overrides; the site plans every event as announced. Callers keep the plan (``standings
    serve`` keeps each event's, and lists them on the index). There is deliberately no
    cache of plans by event: in a server that stays up all day it would keep every replaced
    event alive, and the garbage collector would walk them all on every full collection.
    """
    return plan_of(rank_event(event, after_round=after_round, specs=specs, edition=edition))


def plan_of(ranked: RankedEvent) -> EventPlan:
    """The plan of an event ranked already (``standings explain`` ranks it first, as
    ``rank`` does, then reads the plan's parts)."""
    return EventPlan(event=ranked.event, standings=ranked.standings,
                     after_round=ranked.after_round, specs=ranked.specs,
                     edition=ranked.edition)


def running_scores(tournament: Tournament) -> dict[StartNo, tuple[Decimal, ...]]:
    scores: dict[StartNo, tuple[Decimal, ...]] = {}
    system = tournament.score_system
    for player in tournament.players:
        total = ZERO
        steps = [total]
        for result in player.results:
            total += system.round_points(result)
            steps.append(total)
        scores[player.start_no] = tuple(steps)
    return scores


__all__ = [
    "EventInfo", "EventPlan", "EventPrizes", "PlayerColumns", "announced_prizes", "event_info",
    "event_warnings", "plan_event", "plan_of", "player_columns", "running_scores",
]
