"""An event's summary: what the pages outside its folder read of it, without the rest.

The index, the players' list and pages, the find index, the flags and the tie-break pages
list every event of the site; ``standings serve`` keeps an archive's events out of memory
(it reads an event again when one of its pages is asked for) but must render those pages
at any time. A summary is the event's plan cut down to what they read: the heading facts,
the final standings' rows with each player's own record (a series reads their results and
what its categories ask), the tie-breaks announced and the person keys. A festival's section
is kept whole. The derivations behind every tie-break, the file's bytes and the standings
after each round are left out: they are most of a plan's memory, and only the event's own
pages show them.

A summary is an :class:`EventPlan` itself, so the same page kinds render from it; asking it
for a part it does not keep (the rating changes, the standings after an earlier round) is a
bug, and fails (tests/site/test_summary.py renders the pages outside the events' folders
from summaries and from the full plans, and compares them byte for byte).
"""

from __future__ import annotations

import dataclasses

from generator.model import Player, Tournament
from generator.rules.explain import StandingsRow
from generator.site.plan import EventPlan

_KEPT_PARTS = ("info", "person_keys")
"""The plan's parts worked out on first use that the summary keeps as worked out: its
event is cut down too far to work them out again."""


def summarise(plan: EventPlan) -> EventPlan:
    """The plan as the pages outside the event's folder read it (see the module's text).

    A festival's section is kept whole: its festival's pages (the JSON of every section's
    standings, the ZIP of their files, the prize-giving) read all of it, and a festival
    holds a few sections, not an archive's thousands."""
    if plan.event.festival is not None:
        return plan
    for name in _KEPT_PARTS:
        getattr(plan, name)  # worked out from the whole event, before it is cut down
    event = plan.event
    players = {player.start_no: _bare(player) for player in event.tournament.players}
    tournament = _with_players(event.tournament, tuple(players.values()))
    teams = event.teams
    if teams is not None:
        # A team event's rows are teams; the find index lists their members by team.
        competitors: Tournament = teams
        ranked = {team.start_no: team for team in teams.players}
    else:
        competitors, ranked = tournament, players
    standings = plan.standings
    rows = tuple(_bare_row(row, ranked[row.player.start_no]) for row in standings.rows)
    bare_standings = dataclasses.replace(
        standings, tournament=competitors, rows=rows, direct_encounters=(), diagnostics=())
    bare_event = dataclasses.replace(event, trf_bytes=b"", tournament=tournament, notes=None,
                                     warnings=())
    summary = EventPlan(event=bare_event, standings=bare_standings,
                        after_round=plan.after_round, specs=plan.specs, edition=plan.edition)
    for name in _KEPT_PARTS:
        summary.__dict__[name] = plan.__dict__[name]
    return summary


def _bare(player: Player) -> Player:
    """The player without what only the event's own pages read (the file's points and rank
    columns, the line number): a series reads the rest, its categories the sex, birth and
    ratings, its counts the results."""
    return dataclasses.replace(player, points_in_file=None, rank_in_file=None, line=0)


def _with_players(tournament: Tournament, players: tuple[Player, ...]) -> Tournament:
    return dataclasses.replace(tournament, players=players, round_dates=(), round_times=())


def _bare_row(row: StandingsRow, player: Player) -> StandingsRow:
    return dataclasses.replace(row, player=player, values={}, above=None, below=None)


__all__ = ["summarise"]
