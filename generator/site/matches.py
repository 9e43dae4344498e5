"""A game's result and a team match's boards as the pages write them.

The round pages, the player pages and the team pages all show results; the symbols and
the boards of a match (with the boards either team left empty) are made here once.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from generator.model import Color, Player, ResultCode, RoundResult, StartNo, Team
from generator.site.addresses import player_page, relative_link, round_page

if TYPE_CHECKING:
    from generator.reading.events import Event

GAME_SYMBOLS = {
    ResultCode.WIN: "1", ResultCode.WIN_UNRATED: "1",
    ResultCode.DRAW: "½", ResultCode.DRAW_UNRATED: "½",
    ResultCode.LOSS: "0", ResultCode.LOSS_UNRATED: "0",
    ResultCode.FORFEIT_WIN: "+", ResultCode.FORFEIT_LOSS: "−",
    ResultCode.PENDING: "?",
}
"""One player's result of a game as chess players write it (a player's or a board's)."""



_PAIR_RESULT = {
    (ResultCode.WIN, ResultCode.LOSS): "1–0", (ResultCode.LOSS, ResultCode.WIN): "0–1",
    (ResultCode.DRAW, ResultCode.DRAW): "½–½",
    (ResultCode.WIN_UNRATED, ResultCode.LOSS_UNRATED): "1–0",
    (ResultCode.LOSS_UNRATED, ResultCode.WIN_UNRATED): "0–1",
    (ResultCode.DRAW_UNRATED, ResultCode.DRAW_UNRATED): "½–½",
    (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS): "+:−",
    (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN): "−:+",
    (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS): "−:−",
}


def pair_result(white: RoundResult, black: RoundResult) -> str:
    if ResultCode.PENDING in (white.code, black.code):
        return "?"
    known = _PAIR_RESULT.get((white.code, black.code))
    if known:
        return known
    # Unusual scorings or one-sided codes: show each side's own symbol.
    white_side = GAME_SYMBOLS.get(white.code, white.code.value)
    black_side = GAME_SYMBOLS.get(black.code, black.code.value)
    return f"{white_side}–{black_side}"


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchBoard:
    """One board of a team match, seen from the team whose page or side it is on."""

    number: int
    player: Player | None
    """None: this team left the board empty (the opponent won it without a game)."""
    opponent: Player | None
    """None: the opposing team left the board empty (the player won it without a game)."""
    color: str
    """The player's colour: 'w', 'b', or '' when not recorded."""
    result: str
    """From the player's side: "1–0", "½–½", "0–1", "+:−", ..."""
    is_numbered: bool = True
    """False when the file does not say which board was left empty (a TRF-16 match with an
    empty board, Q9): the numbers are the order of the team list, not the board played."""
    player_href: str = ""
    """The player's page, seen from a round's or a team's page (they share a depth)."""
    opponent_href: str = ""


_EMPTY_BOARD_WIN = "+:−"
"""A board won against an empty board, from the winner's side: no game, like a forfeit."""
_EMPTY_BOARD_LOSS = "−:+"

_OTHER_COLOR = {Color.WHITE: Color.BLACK, Color.BLACK: Color.WHITE, Color.NONE: Color.NONE}


def match_boards(event: Event, team: Team, round_no: int) -> tuple[MatchBoard, ...]:
    """The boards of ``team``'s match in ``round_no``, with the players of the event: the
    boards either team left empty included (board order, the team's own boards first when
    an unnumbered TRF-16 match leaves the empty board's number unknown)."""
    individual = event.tournament
    match = team.match(round_no)
    numbered = match.boards_numbered
    here = round_page(event.slug, round_no)

    def href(number: StartNo | None) -> str:
        return "" if number is None else relative_link(here, player_page(event.slug, number))

    boards = []
    for game in match.boards:
        player = individual.player(game.player)
        if game.opponent is None:
            opponent, result = None, _EMPTY_BOARD_WIN
        else:
            opponent = individual.player(game.opponent)
            result = pair_result(player.result(round_no), opponent.result(round_no))
        boards.append(MatchBoard(number=game.board, player=player, opponent=opponent,
                                 color=color_text(game.color), result=result,
                                 is_numbered=numbered, player_href=href(game.player),
                                 opponent_href=href(game.opponent)))
    teams = event.teams
    if match.opponent is not None and teams is not None and teams.has_player(match.opponent):
        theirs = teams.team(match.opponent).match(round_no)
        numbered = numbered and theirs.boards_numbered
        taken = {board.number for board in boards}
        for game in theirs.boards:
            if game.opponent is not None:
                continue
            # The board this team left empty: the opponent won it without a game.
            number = game.board if game.board not in taken else max(taken) + 1
            taken.add(number)
            boards.append(MatchBoard(number=number, player=None,
                                     opponent=individual.player(game.player),
                                     color=color_text(_OTHER_COLOR[game.color]),
                                     result=_EMPTY_BOARD_LOSS, is_numbered=numbered,
                                     opponent_href=href(game.player)))
    boards.sort(key=lambda board: board.number)
    if not numbered:
        boards = [replace(board, is_numbered=False) for board in boards]
    return tuple(boards)


def color_text(color: Color) -> str:
    """A colour as the pages write it: "w", "b", or "" when not recorded."""
    return color.value if color is not Color.NONE else ""
