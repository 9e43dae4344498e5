"""An event ranked with its announced settings, and the FIDE rating changes that go with
its standings: all that ``standings rank`` prints, and the first part of an event's plan.

Apart from ``plan.py`` so that ``rank`` loads none of what only the pages read (the
categories and prizes, the person keys, the schedule: issue 25). This module is under the
plan: it words nothing and imports no other site module.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from generator.errors import Diagnostic, StandingsError
from generator.model import Edition, StartNo
from generator.reading.trf_event import Event
from generator.rules.context import TiebreakError
from generator.rules.explain import Standings
from generator.rules.notation import TiebreakSpec
from generator.rules.ranking import compute_standings
from generator.rules.rating_change import (
    DEFAULT_K_SETTINGS,
    KSettings,
    RatingChange,
    rating_changes,
)
from generator.speed import frozen_record


def standings_for_event(event: Event, *, after_round: int | None = None,
                        specs: Sequence[TiebreakSpec] | None = None,
                        edition: Edition | None = None) -> Standings:
    """The event's standings with its announced settings (event.yml, TRF 202/212, default).

    A team event ranks its teams (``event.competitors``). ``specs`` and ``edition`` override
    the announced list and edition (``standings rank --tiebreaks/--edition``).
    """
    settings = event.settings
    chosen = tuple(specs) if specs is not None else tuple(event.tiebreaks.specs)
    try:
        return compute_standings(
            event.competitors, chosen, edition or event.edition, after_round=after_round,
            unplayed=settings.unplayed, unrated_rating=settings.unrated_rating,
            ties=settings.ties, lots_seed=settings.lots_seed, source=event.display_path)
    except TiebreakError as error:
        raise StandingsError([Diagnostic(path=event.display_path, message=str(error),
                                         expected="individual C.07 tie-breaks")]) from error


@frozen_record
class RankedEvent:
    """An event and its standings, ranked as announced or with ``standings rank``'s and
    ``explain``'s overrides; an event's plan (``plan.py``) is made from it."""

    event: Event
    standings: Standings
    """After the last round with a result (final once every round is in), or after
    ``after_round``."""
    after_round: int | None = None
    """``--after-round``; None: the rounds as entered."""
    specs: tuple[TiebreakSpec, ...] | None = None
    """``--tiebreaks``; None: the event's announced list."""
    edition: Edition | None = None
    """``--edition``; None: the event's."""


def rank_event(event: Event, *, after_round: int | None = None,
               specs: Sequence[TiebreakSpec] | None = None,
               edition: Edition | None = None) -> RankedEvent:
    """The event ranked now (:func:`standings_for_event`), with the overrides it was given."""
    chosen = tuple(specs) if specs is not None else None
    standings = standings_for_event(event, after_round=after_round, specs=chosen,
                                    edition=edition)
    return RankedEvent(event=event, standings=standings, after_round=after_round,
                       specs=chosen, edition=edition)


def k_settings(event: Event) -> KSettings:
    """event.yml's ``rating_change`` block, else B.02's rule for everyone."""
    given = event.settings.rating_change
    return given if given is not None else DEFAULT_K_SETTINGS


def shown_rating_changes(event: Event) -> Mapping[StartNo, RatingChange] | None:
    """Every player's FIDE rating change (B.02), under the edition in force on the event's
    first day; None where none is shown: a team event (its standings rank teams), or an
    event in which no game counts (no rated players, or none who met a rated opponent)."""
    if event.teams is not None:
        return None
    tournament = event.tournament
    if not any(player.rating is not None for player in tournament.players):
        return None
    changes = rating_changes(tournament, k_settings(event), on=event.heading.start_date)
    if not any(change.counted_games for change in changes.values()):
        return None
    return changes


def carries_rating_changes(standings: Standings) -> bool:
    """Whether the rating changes go with ``standings`` (their downloads carry them): not a
    ranking after an earlier round, as the change counts every game entered."""
    return standings.after_round == standings.tournament.rounds_played


def standings_rating_changes(ranked: RankedEvent) -> Mapping[StartNo, RatingChange] | None:
    """The rating changes that go with ``ranked.standings`` (:func:`carries_rating_changes`),
    worked out now: ``standings rank``'s, which has no plan to keep them on."""
    return shown_rating_changes(ranked.event) if carries_rating_changes(ranked.standings) \
        else None


__all__ = ["RankedEvent", "carries_rating_changes", "k_settings", "rank_event",
           "shown_rating_changes", "standings_for_event", "standings_rating_changes"]
