"""The order of a board prize: the players of one board ranked by their score on it.

C.07 Art. 12 reads a team's game points board by board; a board prize reads a player's the
same way, one board at a time. The Handbook leaves the order to the event's regulations, so
this is the order they usually write and the pairing programs print: the better share of
the points a player could have scored on the board first, then more points (the same share
over more games), then more games; players equal on all three share the place. Who may win
(a minimum number of games, say) stays the regulations' word, shown on the page.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from generator.model import ZERO, StartNo


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardScore:
    """One player's score on one board, for one team (a player who moved between teams or
    boards has a score on each)."""

    player: StartNo
    team: StartNo
    points: Decimal
    games: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardPlace:
    place: int
    """Shared by players equal in share, points and games (the next place skips, 1, 1, 3)."""
    score: BoardScore


def board_prize_order(scores: Iterable[BoardScore], win: Decimal) -> tuple[BoardPlace, ...]:
    """``scores`` best first, each with its place; a score without a game has no place.

    ``win`` is a game won's points: the share is points / (win x games). Players equal on
    every key keep their start-number order, so the page is the same on every build.
    """
    def key(score: BoardScore) -> tuple[Decimal, Decimal, int]:
        share = score.points / (win * score.games) if win > 0 else ZERO
        return (-share, -score.points, -score.games)

    played = sorted((score for score in scores if score.games > 0),
                    key=lambda score: (key(score), score.player, score.team))
    places: list[BoardPlace] = []
    previous: tuple[Decimal, Decimal, int] | None = None
    place = 0
    for index, score in enumerate(played, start=1):
        if key(score) != previous:
            place, previous = index, key(score)
        places.append(BoardPlace(place=place, score=score))
    return tuple(places)
