"""The game (or bye) a player waits for in the round paired or in progress, at the top of
their page (player_view.py's PlayerView.next_game): on the event day that is what they look
for."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from generator.model import Color, Player, RoundKind, StartNo
from generator.site.addresses import player_page, relative_link, round_page, sibling_player_link
from generator.site.plan import EventPlan
from generator.site.views import round_view


@dataclass(frozen=True, slots=True, kw_only=True)
class NextGame:
    """A player's game of the round still to be played or entered (EventInfo.current_round),
    at the top of their page: on the event day that is what they look for."""

    round_no: int
    round_href: str
    """The round's page, relative to the player's page."""
    board: int | None = None
    """The board number (derived, see :func:`views._board_order`); None without a game."""
    color: str = ""
    """The player's colour: 'w', 'b', or '' when not recorded."""
    opponent: Player | None = None
    opponent_href: str = ""
    kind: RoundKind = RoundKind.PENDING
    """PENDING for a game; a bye or absence (NOT_PLAYED_YET: not paired) otherwise."""
    points_text: str = ""
    """A bye's points."""


def next_games(plan: EventPlan) -> Mapping[StartNo, NextGame]:
    """Each player's game (or bye) in the current round, when there is one to wait for."""
    round_no = plan.info.current_round
    if round_no is None:
        return {}
    view = round_view(plan, round_no)
    round_href = relative_link(player_page(plan.slug, 0), round_page(plan.slug, round_no))
    games: dict[StartNo, NextGame] = {}
    for board in view.boards:
        if board.result:  # entered already: it is in the rounds table
            continue
        for player, opponent, color in ((board.white, board.black, Color.WHITE),
                                        (board.black, board.white, Color.BLACK)):
            games[player.start_no] = NextGame(
                round_no=round_no, round_href=round_href, board=board.number,
                color=color.value if board.has_known_colours else "", opponent=opponent,
                opponent_href=sibling_player_link(plan.slug, opponent.start_no))
    if view.is_paired_only:
        for entry in view.unpaired:
            games[entry.player.start_no] = NextGame(
                round_no=round_no, round_href=round_href, kind=entry.kind,
                points_text=entry.points_text)
    return games
