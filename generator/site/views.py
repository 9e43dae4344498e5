"""What the event pages show: the records each page is rendered from.

Pure functions over the reader's ``Event`` and the engine's ``Standings``; no
Jinja and no disk here. ``render.py`` turns these records into HTML, and the
wording lives in the templates and ``wording.py``. Where pages live is ``addresses.py``; a player's
page has its own records in ``player_view.py``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from decimal import Decimal
from typing import Any

from generator.model import (
    ZERO,
    Color,
    Player,
    ResultCode,
    RoundKind,
    RoundResult,
    StartNo,
    Team,
)
from generator.rules.explain import Standings, StandingsRow
from generator.rules.notation import CATALOGUE, TiebreakInfo, TiebreakSpec
from generator.rules.progress import RoundProgress, round_progress
from generator.rules.ranking import GROUP_ORDERS, value_keys
from generator.site.addresses import (
    competitor_page,
    crosstable_page,
    folder_link,
    round_page,
)
from generator.site.language import active
from generator.site.matches import GAME_SYMBOLS, MatchBoard, match_boards, pair_result
from generator.site.numbers import format_points, shown_value
from generator.site.plan import EventPlan
from generator.site.wording import tiebreak_articles, tiebreak_label
from generator.speed import frozen_record, keyword_record_maker, record_maker


@frozen_record
class Column:
    """One announced tie-break as the pages show it."""

    spec: TiebreakSpec
    key: str
    """Its key in ``StandingsRow.values``: the code as written, ``#2`` for a repeat."""
    anchor: str
    """``bh-c1``; ``de-2`` for the second DE of a list."""
    label: str
    articles: tuple[str, ...]


def columns(specs: Sequence[TiebreakSpec]) -> tuple[Column, ...]:
    return _columns(tuple(specs), active().digest)


@functools.lru_cache(maxsize=256)
def _columns(specs: tuple[TiebreakSpec, ...], language: str) -> tuple[Column, ...]:
    # ``language``: the active language's digest (its catalogue's bytes), not only its code.
    # Every page of an event asks; the answer depends on the announced list and the
    # language of the labels alone.
    return tuple(
        Column(spec=spec, key=key,
               anchor=spec.anchor + (f"-{key.rsplit('#', 1)[1]}" if "#" in key else ""),
               label=tiebreak_label(spec), articles=tiebreak_articles(spec))
        for spec, key in zip(specs, value_keys(specs), strict=True)
    )


def player_anchor(start_no: int, column: Column) -> str:
    """``#p12-bh-c1``: one tie-break's derivation on a player's page."""
    return f"p{start_no}-{column.anchor}"


def value_of(row: StandingsRow, column: Column) -> Decimal | None:
    """A row's value as shown, without building its derivation (the engine builds those
    lazily)."""
    return shown_value(column.spec, row.number(column.key))


def tiebreak_info(acronym: str) -> TiebreakInfo:
    info = CATALOGUE[acronym]
    return info.canonical


# --- results as chess players write them ---------------------------------------------------

GAME_OUTCOMES = {
    ResultCode.WIN: "w", ResultCode.WIN_UNRATED: "w", ResultCode.FORFEIT_WIN: "w",
    ResultCode.DRAW: "d", ResultCode.DRAW_UNRATED: "d",
    ResultCode.LOSS: "l", ResultCode.LOSS_UNRATED: "l", ResultCode.FORFEIT_LOSS: "l",
}
"""A game's result from one side, as the crosstable and the round pages mark it."""


def result_symbol(result: RoundResult, points: Decimal) -> str:
    """One player's side of a round: 1 ½ 0, + − for forfeits, the points for a bye."""
    if result.kind is RoundKind.NOT_PLAYED_YET:
        return ""
    if result.opponent is not None and result.code in GAME_SYMBOLS:
        return GAME_SYMBOLS[result.code]
    return format_points(points)


def competitor_symbol(competitor: Player, result: RoundResult, points: Decimal) -> str:
    """A round as the crosstable and the player page show it: for a team, the game points
    it scored in the match (2½), which say more than the match points; else
    :func:`result_symbol`."""
    if isinstance(competitor, Team) and result.opponent is not None:
        game_points = competitor.match(result.round).game_points
        return "?" if game_points is None else format_points(game_points)
    return result_symbol(result, points)




# --- rounds ------------------------------------------------------------------------------

@frozen_record
class Board:
    number: int
    white: Player
    black: Player
    result: str
    """"1–0", "½–½", "+:−" (forfeit), "−:−" (double forfeit), "" (not known yet: paired,
    or the result not entered); for a team match the game points, "2½–1½"."""
    has_known_colours: bool
    is_unrated_game: bool
    games: tuple[MatchBoard, ...] = ()
    """A team match: its boards, seen from the White team (the one with White on board 1)."""
    match_kind: RoundKind = RoundKind.GAME
    """A team match: FORFEIT_WIN or FORFEIT_LOSS (White's side) when it was forfeited."""
    # Written out once here rather than by filters and macros in the template (a round of
    # a 2,000-player event has 1,000 boards).
    white_href: str = ""
    """White's page, relative to the round's page."""
    black_href: str = ""
    white_before_text: str = ""
    """White's points before the round."""
    black_before_text: str = ""
    winner: str = ""
    """"white" or "black" when one side won (on the board or by forfeit), "" for a draw,
    a result not known yet, or a double forfeit: the page sets the winner's name apart."""

    @property
    def winner_class(self) -> str:
        """The board row's class: "w" or "b" for the winner's colour, "" without one
        (short, since a round of a 2,000-player event writes it 1,000 times)."""
        return self.winner[:1]


@frozen_record
class Unpaired:
    player: Player
    kind: RoundKind
    points: Decimal
    href: str = ""
    """The player's page, relative to the round's page."""
    points_text: str = ""
    before_text: str = ""
    """The player's points before the round."""
    game_points_text: str = ""
    """A team's bye: the game points it is worth; "" for a player."""


@frozen_record
class RoundView:
    round_no: int
    boards: tuple[Board, ...]
    unpaired: tuple[Unpaired, ...]
    """Byes and absences; in a round paired but not played, also the players without a
    round block (kind NOT_PLAYED_YET: not paired)."""
    standings: Standings | None
    """After this round; None for a round paired and not played yet."""
    progress: RoundProgress
    is_paired_only: bool = False
    """Paired, no result yet: the page lists the pairings."""


def round_view(plan: EventPlan, round_no: int, standings: Standings | None = None) -> RoundView:
    tournament = plan.tournament
    system = tournament.score_system
    here = round_page(plan.slug, round_no)
    is_paired_only = round_no > plan.info.rounds_played

    is_team = plan.info.is_team_event
    # Every competitor's page is in one folder: its link from the round's page is worked
    # out once (a round of a 2,000-player event links 2,000 of them).
    folder = folder_link(here.rpartition("/")[0],
                         competitor_page(plan.slug, 0, is_team).rpartition("/")[0])

    def href(player: Player) -> str:
        return folder + competitor_page(plan.slug, player.start_no, is_team).rpartition("/")[2]

    seen: set[StartNo] = set()
    boards: list[tuple[tuple[Decimal, Decimal, int], tuple[Any, ...]]] = []
    unpaired: list[Unpaired] = []
    for player in tournament.players:
        if player.start_no in seen or round_no > len(player.results):
            continue
        result = player.result(round_no)
        before = plan.running[player.start_no][round_no - 1]
        if result.opponent is None or not tournament.has_player(result.opponent):
            if result.kind is not RoundKind.NOT_PLAYED_YET or is_paired_only:
                points = system.round_points(result)
                game_points = (player.match(round_no).game_points
                               if isinstance(player, Team) else None)
                unpaired.append(Unpaired(player=player, kind=result.kind,
                                         points=points, href=href(player),
                                         points_text=format_points(points),
                                         before_text=format_points(before),
                                         game_points_text="" if game_points is None
                                         else format_points(game_points)))
            continue
        opponent = tournament.player(result.opponent)
        other = opponent.result(round_no)
        seen.update((player.start_no, opponent.start_no))
        # Forfeits written with colour '-' on both sides: keep start-number order.
        is_white = result.color is not Color.BLACK
        white, black = (player, opponent) if is_white else (opponent, player)
        white_result, black_result = (result, other) if is_white else (other, result)
        white_before = plan.running[white.start_no][round_no - 1]
        black_before = plan.running[black.start_no][round_no - 1]
        games: tuple[MatchBoard, ...] = ()
        match_kind = RoundKind.GAME
        if isinstance(white, Team):
            if white_result.kind in (RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS):
                match_kind = white_result.kind
            outcome = (competitor_symbol(white, white_result, ZERO) + "–"
                       + competitor_symbol(black, black_result, ZERO))
            games = match_boards(plan.event, white, round_no)
        else:
            outcome = pair_result(white_result, black_result)
        # A board's fields in Board's order, made into one once it is numbered: a dict of
        # them and a Board(**) cost some 3.5 us a board, 1,000 a round (issue 25).
        board = (white, black, "" if "?" in outcome else outcome,
                 result.color is not Color.NONE, white_result.code in _UNRATED_GAME,
                 games, match_kind, href(white), href(black),
                 format_points(white_before), format_points(black_before),
                 _winner(white_result, black_result))
        boards.append((_board_order(white_before, white.start_no,
                                    black_before, black.start_no), board))
    boards.sort(key=lambda item: item[0])
    numbered = tuple(
        _new_board(number=i, white=w, black=b, result=shown, has_known_colours=known,
                   is_unrated_game=unrated, games=g, match_kind=kind, white_href=w_href,
                   black_href=b_href, white_before_text=w_before, black_before_text=b_before,
                   winner=winner)
        for i, (_, (w, b, shown, known, unrated, g, kind, w_href, b_href, w_before, b_before,
                    winner)) in enumerate(boards, start=1))
    unpaired.sort(key=lambda u: (_UNPAIRED_ORDER[u.kind], u.player.start_no))
    return RoundView(round_no=round_no, boards=numbered, unpaired=tuple(unpaired),
                     standings=standings, progress=round_progress(tournament, round_no),
                     is_paired_only=is_paired_only)


_new_board = keyword_record_maker(
    Board, "number", "white", "black", "result", "has_known_colours", "is_unrated_game",
    "games", "match_kind", "white_href", "black_href", "white_before_text",
    "black_before_text", "winner")
_UNRATED_GAME = frozenset({ResultCode.WIN_UNRATED, ResultCode.DRAW_UNRATED,
                           ResultCode.LOSS_UNRATED})


def _winner(white: RoundResult, black: RoundResult) -> str:
    white_side, black_side = GAME_OUTCOMES.get(white.code), GAME_OUTCOMES.get(black.code)
    if white_side == "w" and black_side != "w":
        return "white"
    if black_side == "w" and white_side != "w":
        return "black"
    return ""


def _board_order(white_before: Decimal, white_no: int, black_before: Decimal,
                 black_no: int) -> tuple[Decimal, Decimal, int]:
    """The sort key of a board. The TRF records no board numbers, so they are derived as
    pairing programs number them (FIDE C.04: the pairings are sorted before they are
    published): the score of the higher player of the pair, then the sum of the pair's
    scores, then the pairing number of the higher player, who is the one with the higher
    score, or on equal scores the lower starting number."""
    higher = min((-white_before, white_no), (-black_before, black_no))
    return (higher[0], -(white_before + black_before), higher[1])


_UNPAIRED_ORDER = {
    RoundKind.PAIRING_ALLOCATED_BYE: 0, RoundKind.FULL_POINT_BYE: 1,
    RoundKind.HALF_POINT_BYE: 2, RoundKind.ZERO_POINT_BYE: 3, RoundKind.PENDING: 4,
    RoundKind.GAME: 5, RoundKind.FORFEIT_WIN: 5, RoundKind.FORFEIT_LOSS: 5,
    RoundKind.NOT_PLAYED_YET: 6,
}


# --- standings tables ---------------------------------------------------------------------

def place_text(row: StandingsRow) -> str:
    """"3" or "3–5" when several players share the place (Art. 4.2)."""
    return str(row.rank) if row.rank_to == row.rank else f"{row.rank}–{row.rank_to}"


@frozen_record
class StandingsLine:
    """One row of a standings table, its numbers and links already written out.

    The final standings of a 2,000-player event are shown on the event page, and a table
    as long for every round; formatting the cells in Python is several times cheaper
    than filters and calls per cell in the template.
    """

    row: StandingsRow
    href: str
    """The player's page, relative to the page the table is on."""
    place: str
    rating: str
    """The rating, or "" for an unrated player."""
    points: str
    cells: tuple[tuple[str, str], ...]
    """Each tie-break column: (value as shown, link to its derivation on the player page)."""


def standings_lines(standings: Standings, slug: str,
                    page: str = "") -> tuple[StandingsLine, ...]:
    """The rows of ``standings`` as a table on ``page`` shows them."""
    is_team = bool(standings.rows) and isinstance(standings.rows[0].player, Team)
    players = folder_link(page.rpartition("/")[0],
                          competitor_page(slug, 0, is_team).rpartition("/")[0])
    # A column of 2,000 rows holds a few dozen values: each is written once per table.
    cols: list[tuple[str, str, Callable[[Decimal | None], str], dict[Decimal | None, str]]] = [
        (column.key, f"-{column.anchor}", cell_writer(column), {})
        for column in columns(standings.specs)]
    points: dict[Decimal, str] = {}
    lines = []
    for row in standings.rows:
        player = row.player
        number = player.start_no
        href = players + competitor_page(slug, number, is_team).rpartition("/")[2]
        # Every value of the row at once: a call per row rather than two per cell.
        value = row.numbers()
        fragment = f"{href}#p{number}"
        cells = []
        for code, anchor, write, written in cols:
            shown = value[code]
            text = written.get(shown)
            if text is None:
                text = written[shown] = write(shown)
            cells.append((text, fragment + anchor))
        total = points.get(row.points)
        if total is None:
            total = points[row.points] = format_points(row.points)
        lines.append(_new_standings_line(
            row, href, place_text(row),
            "" if player.rating is None else str(player.rating),
            total, tuple(cells),
        ))
    return tuple(lines)


def cell_writer(column: Column) -> Callable[[Decimal | None], str]:
    """How ``column``'s cells write a value (:func:`cell_text`)."""
    spec = column.spec
    shown_rounded = spec if spec.info.is_shown_rounded else None
    is_order = spec.acronym in GROUP_ORDERS
    return lambda value: _cell_text(value, shown_rounded, is_order)


def _cell_text(value: Decimal | None, shown_rounded: TiebreakSpec | None,
               is_order: bool) -> str:
    if is_order and value == 0:
        # A group order (Art. 6 DE, 13.3, 12.2-12.3) is a place within a tied group; 0 is
        # the reference calculator's "no place": the player was tied with nobody at that
        # point, the tied players had no game among them (6.3), or it left them all equal.
        # It did not apply, so the cell is blank (the downloads keep the 0).
        return ""
    return format_points(value if shown_rounded is None else shown_value(shown_rounded, value))


def cell_text(row: StandingsRow, column: Column) -> str:
    """A tie-break's value as the standings cell writes it (blank where a group order
    gave no place)."""
    spec = column.spec
    return _cell_text(row.number(column.key), spec if spec.info.is_shown_rounded else None,
                      spec.acronym in GROUP_ORDERS)


_new_standings_line = record_maker(StandingsLine, "row", "href", "place", "rating",
                                   "points", "cells")


# --- crosstable --------------------------------------------------------------------------

@frozen_record
class CrossCell:
    round_no: int
    kind: RoundKind
    opponent: StartNo | None
    opponent_rank: int | None
    color: str
    symbol: str
    href: str = ""
    """The opponent's page, relative to the crosstable page."""
    outcome: str = ""
    """"w", "d" or "l" for a game won, drawn or lost (forfeits included); "" otherwise.
    The stylesheet sets the three apart by weight as well as colour."""


@frozen_record
class CrossRow:
    row: StandingsRow
    cells: tuple[CrossCell, ...]
    """Swiss: one per round. Round robin: one per column (opponent by place), own cell empty."""
    grid: tuple[tuple[str, ...], ...] = ()
    """Round robin: each column's results (several when players met more than once)."""
    grid_outcomes: tuple[str, ...] = ()
    """Round robin: each column's :data:`GAME_OUTCOMES` mark when every game against that
    opponent ended alike, else ""; empty for a team grid."""
    standing: StandingsLine | None = None
    """Swiss: the row's place, rating, points and tie-breaks as the crosstable page shows them."""


_new_cross_cell = record_maker(CrossCell, "round_no", "kind", "opponent", "opponent_rank",
                               "color", "symbol", "href", "outcome")



def swiss_crosstable(plan: EventPlan) -> tuple[CrossRow, ...]:
    lines = standings_lines(plan.standings, plan.slug, crosstable_page(plan.slug))
    ranks = {line.row.player.start_no: line.row.rank for line in lines}
    hrefs = {line.row.player.start_no: line.href for line in lines}
    system = plan.tournament.score_system
    played = plan.info.rounds_played
    rows = []
    for line in lines:
        row = line.row
        cells = []
        for result in row.player.results[:played]:
            opponent = result.opponent if result.opponent in ranks else None
            cells.append(_new_cross_cell(
                result.round, result.kind, opponent,
                ranks[opponent] if opponent is not None else None,
                result.color.value if result.color is not Color.NONE else "",
                competitor_symbol(row.player, result, system.round_points(result)),
                hrefs[opponent] if opponent is not None else "",
                GAME_OUTCOMES.get(result.code, "") if opponent is not None else "",
            ))
        rows.append(CrossRow(row=row, cells=tuple(cells), standing=line))
    return tuple(rows)


def berger_grid(plan: EventPlan) -> tuple[CrossRow, ...]:
    """Round robin: rows and columns in standings order, each cell the results between two."""
    order = [row.player.start_no for row in plan.standings.rows]
    system = plan.tournament.score_system
    rows = []
    for row in plan.standings.rows:
        met: dict[StartNo, list[str]] = {}
        outcomes: dict[StartNo, set[str]] = {}
        for result in row.player.results[: plan.info.rounds_played]:
            if result.opponent is not None:
                met.setdefault(result.opponent, []).append(
                    competitor_symbol(row.player, result, system.round_points(result)))
                outcomes.setdefault(result.opponent, set()).add(
                    GAME_OUTCOMES.get(result.code, ""))
        rows.append(CrossRow(
            row=row, cells=(),
            grid=tuple(("×",) if other == row.player.start_no else tuple(met.get(other, ()))
                       for other in order),
            grid_outcomes=tuple(next(iter(outcomes[other])) if len(outcomes.get(other, ())) == 1
                                else "" for other in order),
        ))
    return tuple(rows)


# --- events in order ------------------------------------------------------------------------

def event_sort_key(plan: EventPlan) -> tuple[Any, ...]:
    """Newest first: by start date (undated last), then by folder name."""
    start = plan.info.start_date
    return (start is None, -(start.toordinal()) if start is not None else 0, plan.slug)


def used_tiebreaks(plans: Iterable[EventPlan]) -> tuple[str, ...]:
    """Catalogue acronyms (aliases resolved) announced by any event, sorted."""
    # Each list of tie-breaks looked at once: an archive's unchanged events share a few
    # (stored_summary.py makes one of each), and every build asks this of all of them.
    lists = {id(specs): specs for specs in (plan.standings.specs for plan in plans)}
    return tuple(sorted({tiebreak_info(spec.acronym).acronym
                         for specs in lists.values() for spec in specs}))
