"""A standings table's and a Swiss crosstable's rows as HTML, written in Python, and a name
as the pages write it.

The standings of a 2,000-player event are a table of 2,000 rows on its page and on the
page of the standings after each earlier round: 24,000 rows for an 11-round event, each
some twenty ``{{ }}`` and filters in a template. Written here, with the same escaping as
the template's (``escaping.py``), a row is a few string joins (issue 25), and the bytes
are those the template wrote. The macro ``standings_table`` of ``_macros.html`` and
``crosstable.html`` keep the tables' frames (caption, headings) and ask this module for
their bodies.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Protocol

from markupsafe import Markup, escape

from generator.model import Player, RoundKind, StartNo, Team
from generator.rules.explain import Standings
from generator.site.addresses import competitor_page, folder_link
from generator.site.escaping import escape_for_output
from generator.site.flags import flag_mark
from generator.site.numbers import format_points
from generator.site.plan import PlayerColumns
from generator.site.views import (
    CrossCell,
    CrossRow,
    StandingsLine,
    cell_writer,
    columns,
    place_text,
)
from generator.site.wording import colour_letter, round_kind_words

__all__ = ["breakable_name", "crosstable_rows", "standings_body", "standings_rows"]

_COMMA_BEFORE_A_WORD = re.compile(r",(?=[^\s,])")


def breakable_name(name: str) -> Markup:
    """A name as a page writes it, a line allowed to break after a comma no space follows.

    Swiss-Manager writes a whole federation's names ``Psarianos,Emmanouil``: one word to a
    browser, wider than a phone's name column, so it ran over the next cell. ``<wbr>``
    adds no character: what is copied or searched is the name as the file writes it.
    """
    # A player's name is written on every page that lists them (an opponent's on a dozen
    # player pages, each some four times): a plain str is broken once and kept.
    plain = type(name) is str
    if plain:
        found = _BROKEN_NAMES.get(name)
        if found is not None:
            return found
    escaped = escape(name)
    broken = (Markup(_COMMA_BEFORE_A_WORD.sub(",<wbr>", escaped)) if "," in escaped
              else escaped)
    if plain:
        if len(_BROKEN_NAMES) >= _BROKEN_NAMES_LIMIT:
            _BROKEN_NAMES.clear()
        _BROKEN_NAMES[name] = broken
    return broken


_BROKEN_NAMES: dict[str, Markup] = {}
""":func:`breakable_name` of each name given as a plain str (a Markup or a str subclass
is worked out every time: its text alone does not say how it is escaped)."""
_BROKEN_NAMES_LIMIT = 65536


class _RatingCell(Protocol):
    @property
    def text(self) -> str: ...


class _RatingColumn(Protocol):
    """rating_view.RatingColumn, as far as a row reads it."""

    @property
    def cells(self) -> Mapping[StartNo, _RatingCell]: ...


def standings_rows(lines: Iterable[StandingsLine], shows: PlayerColumns,
                   ratings: _RatingColumn | None, with_player_facts: bool) -> Markup:
    """The ``<tbody>`` rows of a standings table, one line each.

    A cell's and a row's end tags are left out, as HTML allows: the next cell or row, or the
    body's end, closes each, and the page is the same to a browser and a screen reader, five
    bytes less a cell and a row (issue 26: a row of every player after every round).
    ``shows``: ``federation`` and ``rating``, the player's own columns the event shows
    (``EventInfo.shows``);
    ``ratings``: the rating change column, on the event's own standings only;
    ``with_player_facts``: the federation, rating and starting number, which a ranking
    after an earlier round leaves to the event's standings.
    """
    text = escape_for_output
    write = _RowWriter(shows, ratings, with_player_facts)
    for line in lines:
        write(line.row.player, line.place, line.href,
              f"{text(line.points)}{''.join(f'<td>{text(value)}' for value, _ in line.cells)}",
              line.rating)
    return write.markup()


class _RowWriter:
    """A standings row's markup, written in one place for :func:`standings_rows` and
    :func:`standings_body`: the place, the title and the linked name, the points and the
    tie-breaks (given written), then the player's own columns the table shows."""

    __slots__ = ("add", "federation", "out", "player_facts", "rating", "ratings")

    def __init__(self, shows: PlayerColumns, ratings: _RatingColumn | None,
                 with_player_facts: bool) -> None:
        self.federation = shows.federation and with_player_facts
        self.rating = shows.rating and with_player_facts
        self.ratings, self.player_facts = ratings, with_player_facts
        self.out: list[str] = []
        self.add = self.out.append

    def __call__(self, player: Player | Team, place: str, href: str, scores: str,
                 rating: str) -> None:
        text, add = escape_for_output, self.add
        add(f'<tr><td>{text(place)}<th scope="row">')
        if player.title:
            add(f'<span class="title">{text(player.title)}</span> ')
        add(f'<a href="{text(href)}">{breakable_name(player.name)}</a><td>{scores}')
        if self.federation:
            add(f'<td class="fed">{flag_mark(player.federation)}{text(player.federation)}')
        if self.rating:
            add(f"<td>{text(rating)}")
        if self.ratings:
            add(f"<td>{text(self.ratings.cells[player.start_no].text)}")
        if self.player_facts:
            add(f"<td>{player.start_no}")
        add("\n")

    def markup(self) -> Markup:
        return Markup("".join(self.out))


def standings_body(standings: Standings, slug: str, page: str, shows: PlayerColumns,
                   ratings: _RatingColumn | None, with_player_facts: bool) -> Markup:
    """:func:`standings_rows` of :func:`views.standings_lines`, the same bytes, written
    straight from ``standings`` (the macro ``standings_table``; a club's copy that makes the
    lines itself still renders).

    The lines are records a template can loop over, each value written and each tie-break
    linked; the rows need neither the records nor the links. Ten tables of 2,000 rows
    after the rounds of an 11-round event: each value is read a column at a time and
    written once per distinct value, a row is a join (issue 25).
    """
    text = escape_for_output
    rows = standings.rows
    is_team = bool(rows) and isinstance(rows[0].player, Team)
    players = folder_link(page.rpartition("/")[0],
                          competitor_page(slug, 0, is_team).rpartition("/")[0])
    shown = columns(standings.specs)
    # Each column's cells: its values read in the rows' order, each distinct one written once.
    cells: list[list[str]] = []
    for column, values in zip(shown, standings.columns([c.key for c in shown]), strict=True):
        cell_text = cell_writer(column)
        written: dict[object, str] = {}
        column_cells = []
        for value in values:
            cell = written.get(value)
            if cell is None:
                cell = written[value] = f"<td>{text(cell_text(value))}"
            column_cells.append(cell)
        cells.append(column_cells)
    row_cells = (["".join(parts) for parts in zip(*cells, strict=True)] if cells
                 else [""] * len(rows))
    write = _RowWriter(shows, ratings, with_player_facts)
    points: dict[object, str] = {}
    for row, tiebreaks in zip(rows, row_cells, strict=True):
        player = row.player
        total = points.get(row.points)
        if total is None:
            total = points[row.points] = text(format_points(row.points))
        href = players + competitor_page(slug, player.start_no, is_team).rpartition("/")[2]
        write(player, place_text(row), href, f"{total}{tiebreaks}",
              "" if player.rating is None else str(player.rating))
    return write.markup()


def crosstable_rows(rows: Iterable[CrossRow], shows_rating: bool) -> Markup:
    """The ``<tbody>`` rows of a Swiss crosstable, one line each (``crosstable.html``), its
    row's end tag left out as a standings row's.

    A round's cell has a class only for its mark (w, d, l, or bye: the stylesheet knows the
    rounds' columns by place), and its space that does not break is the character itself
    (U+00A0), not the six bytes of its entity (issue 26). A cell is written once for each
    distinct opponent place, colour, result and mark: a 2,000-player crosstable of 11
    rounds has 22,000 cells (issue 25).
    """
    text = escape_for_output
    written: dict[tuple[object, ...], str] = {}
    out: list[str] = []
    add = out.append
    for line in rows:
        shown = line.standing
        assert shown is not None, "a Swiss crosstable's row has its standing"
        add(f'<tr><td>{text(shown.place)}<th scope="row"><a href="{text(shown.href)}">'
            f"{breakable_name(line.row.player.name)}</a>")
        for cell in line.cells:
            key = (cell.opponent_rank, cell.color, cell.symbol, cell.outcome, cell.kind,
                   cell.opponent is None)
            found = written.get(key)
            if found is None:
                found = written[key] = _cross_cell(cell)
            add(found)
        add(f'<td class="pts">{text(shown.points)}')
        for value, _link in shown.cells:
            add(f"<td>{text(value)}")
        if shows_rating:
            add(f"<td>{text(shown.rating)}")
        add("\n")
    return Markup("".join(out))


def _cross_cell(cell: CrossCell) -> str:
    text = escape_for_output
    if cell.opponent is not None:
        mark = f' class="{text(cell.outcome)}"' if cell.outcome else ""
        return (f"<td{mark}>{text(cell.opponent_rank)}{text(colour_letter(cell.color))}"
                f"\u00a0{text(cell.symbol)}")
    if cell.kind is RoundKind.NOT_PLAYED_YET:
        return "<td>"
    return (f'<td class="bye"><abbr title="{text(round_kind_words(cell.kind))}">'
            f"{text(cell.symbol)}</abbr>")
