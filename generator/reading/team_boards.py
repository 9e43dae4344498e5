"""Which board each game of a team match was played on, where no line-up says it.

Without a line-up (record 300, which TRF-16 has not), a team's boards are its players in
roster order (spec §3). A match where a board was left empty needs more: which board was
empty. The file still decides it when exactly one numbering fits everything it writes:

- each team's players sit in roster order (013 or 310, the order every other match uses);
- board k of one team meets board k of the other (the 001 pairings);
- a board won against an empty board is a board the other team left empty;
- the colours alternate board by board (record 352's sequence where there is one), the
  other team's the opposite (C.07 Art. 12 needs the board numbers; the colours are how a
  pairing program writes them).

:func:`number_empty_boards` numbers such matches on both teams at once, so that one game has
one board number for both teams. Where the colours fit no numbering but the roster order and
pairings leave only one, that one is read, with a warning; where several (or none) fit, the
match stays as read and, in a TRF-16 export, its board tie-breaks undefined (Q9).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence

from generator.errors import DiagnosticSink
from generator.model import BoardGame, Color, Match, StartNo, Tournament
from generator.speed import frozen_record

_FLIPPED = {Color.WHITE: Color.BLACK, Color.BLACK: Color.WHITE}
_MOST_NUMBERINGS = 64
"""Enough to tell one numbering from several; the search stops there."""


def in_roster_order(members: Sequence[StartNo], played: Sequence[BoardGame],
                    won_empty: Sequence[BoardGame]) -> list[BoardGame]:
    """The boards of one team's match in the roster order of those who sat, a board won
    against an empty board included (spec §3: board order without 300), numbered 1, 2, ...
    until :func:`number_empty_boards` knows which board the other team left empty."""
    if not won_empty:
        return list(played)
    order = {member: index for index, member in enumerate(members)}
    ordered = sorted((*played, *won_empty), key=lambda g: order[g.player])
    return [dataclasses.replace(g, board=board) for board, g in enumerate(ordered, start=1)]


@frozen_record
class _Numbering:
    own: tuple[int, ...]
    """The board of each of the first team's seats, in roster order."""
    theirs: tuple[int, ...]


def numberings(own: Sequence[BoardGame], theirs: Sequence[BoardGame], boards: int
               ) -> list[_Numbering]:
    """Every way to seat both teams' players, in roster order each, on boards 1..``boards``
    so that every game is on one board for both and every board won against an empty board
    is empty on the other side (a board may be empty on both)."""
    found: list[_Numbering] = []

    def seat(board: int, i: int, j: int, own_boards: tuple[int, ...],
             their_boards: tuple[int, ...]) -> None:
        if len(found) >= _MOST_NUMBERINGS:
            return
        if board > boards:
            if i == len(own) and j == len(theirs):
                found.append(_Numbering(own=own_boards, theirs=their_boards))
            return
        if boards - board + 1 < max(len(own) - i, len(theirs) - j):
            return  # too few boards left for the players still to seat
        if (i < len(own) and j < len(theirs) and own[i].opponent is not None
                and own[i].opponent == theirs[j].player):
            seat(board + 1, i + 1, j + 1, (*own_boards, board), (*their_boards, board))
        if i < len(own) and own[i].opponent is None:
            seat(board + 1, i + 1, j, (*own_boards, board), their_boards)
        if j < len(theirs) and theirs[j].opponent is None:
            seat(board + 1, i, j + 1, own_boards, (*their_boards, board))
        seat(board + 1, i, j, own_boards, their_boards)

    seat(1, 0, 0, (), ())
    return found


def colours_alternate(own: Sequence[BoardGame], theirs: Sequence[BoardGame],
                      numbering: _Numbering, sequence: str) -> bool:
    """Do the written colours follow one board colour sequence (352's, else White, Black,
    White, ... or its opposite), the other team's the opposite on each board?"""
    def flips(board: int) -> bool:
        """Does board ``board`` have the other colour than board 1 for the same team?"""
        if board <= len(sequence):
            return sequence[board - 1] != sequence[0]
        return board % 2 == 0

    board_one: set[Color] = set()
    for games, boards, mine in ((own, numbering.own, True), (theirs, numbering.theirs, False)):
        for game, board in zip(games, boards, strict=True):
            if game.color not in _FLIPPED:
                continue
            colour = game.color if mine else _FLIPPED[game.color]
            board_one.add(_FLIPPED[colour] if flips(board) else colour)
    return len(board_one) <= 1


def number_empty_boards(matches: dict[int, list[Match]], individual: Tournament,
                        board_count: int, sequence: str,
                        line_ups: Collection[tuple[int, int]], sink: DiagnosticSink) -> None:
    """Number the boards of every match with a board won against an empty board and no
    line-up on either side, on both teams, where the file allows one numbering only."""
    for number, team_matches in matches.items():
        for index, match in enumerate(team_matches):
            opponent = match.opponent
            if (opponent is None or opponent < number or opponent not in matches
                    or (number, match.round) in line_ups
                    or (opponent, match.round) in line_ups):
                continue
            other_index = match.round - 1
            theirs = matches[opponent][other_index]
            if not any(g.opponent is None for g in (*match.boards, *theirs.boards)):
                continue
            fits = numberings(match.boards, theirs.boards, board_count)
            coloured = [n for n in fits
                        if colours_alternate(match.boards, theirs.boards, n, sequence)]
            first = individual.player(
                (match.boards or theirs.boards)[0].player).result(match.round)
            if len(coloured) == 1:
                chosen = coloured[0]
            elif len(fits) == 1:
                chosen = fits[0]
                sink.warning(
                    f"the colours of team {number}'s match against team {opponent} in round "
                    f"{match.round} do not alternate board by board as the roster order and "
                    "the pairings number the boards (the only numbering they allow): read "
                    "by that numbering", line=first.line, column=first.column,
                    expected="colours alternating from board to board, the other team's "
                             "the opposite")
            else:
                if not match.boards_numbered:
                    # A note, not a warning: a TRF-16 file cannot say which board was left
                    # empty, so nothing in it is wrong, and --strict publishes it.
                    many = len(coloured) or len(fits)
                    sink.remark(
                        f"the boards of team {number}'s match against team {opponent} in "
                        f"round {match.round} fit "
                        + (f"{'more than ' if many >= _MOST_NUMBERINGS else ''}{many} "
                           "numberings" if many else "no numbering")
                        + " of the roster order, the pairings and the colours: BC, TBR and "
                        "BBE are undefined for both teams (C.07 Art. 12 needs the board of "
                        "every game)", line=first.line, column=first.column,
                        expected="a line-up (record 300) for each team of the match")
                continue
            team_matches[index] = _renumbered(match, chosen.own)
            matches[opponent][other_index] = _renumbered(theirs, chosen.theirs)


def _renumbered(match: Match, boards: Sequence[int]) -> Match:
    return dataclasses.replace(match, boards_numbered=True, boards=tuple(
        dataclasses.replace(game, board=board)
        for game, board in zip(match.boards, boards, strict=True)))
