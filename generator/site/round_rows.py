"""The boards of a round's page, written as HTML in one pass.

A round of a 2,000-player Swiss has 1,000 boards; written by the template, each went through
some fifteen attribute lookups, a filter and the escaping hook per value, board after board
(issue 25). Here a board is one string: a name escaped once (``table_rows.breakable_name``),
a result once per page for each distinct one, a sentence translated once a page, and the
values that cannot hold a character to escape written as they are (a board's number, the
points ``numbers.py`` writes, our own page addresses). The template keeps the table's frame
and headings, and its own loop for a team event, whose boards are matches with their games.
A club's copy of ``round.html`` with the loop still renders: the view is the same.
"""

from __future__ import annotations

from markupsafe import Markup, escape

from generator.messages import N_
from generator.site.language import gettext, pgettext
from generator.site.table_rows import breakable_name
from generator.site.views import Board

COLOURS_NOT_RECORDED = N_("(colours not recorded)")
"""A board whose file writes no colours (the TRF's colour '-')."""
NOT_RATED = N_("game of less than one move, not rated")
"""A game the file marks as unrated (less than one move played, FIDE B.02 5.1)."""


def board_rows(boards: tuple[Board, ...]) -> Markup:
    """Every board of an individual event's round, a row each, one after the other with no
    line between them, as the template's loop wrote them (its cells' and its own end tags
    left out, as HTML allows: the next cell or row, or the table's body's end, closes each).
    """
    results: dict[str, str] = {}
    unrated = colours = ""
    written: list[str] = []
    add = written.append
    for board in boards:
        winner = board.winner
        result = results.get(board.result)
        if result is None:
            result = results[board.result] = str(escape(board.result))
        add(f'<tr class="{winner[:1]}"><td>' if winner else "<tr><td>")
        add(f'{board.number}<th><a href="{board.white_href}">{breakable_name(board.white.name)}'
            f"</a> <span>({board.white_before_text})</span><td>{result}")
        if board.is_unrated_game:
            if not unrated:
                unrated = (f' <abbr title="{_words(NOT_RATED)}">'
                           f'{Markup(pgettext("not rated", "nr")) % {}}</abbr>')
            add(unrated)
        add(f'<td><a href="{board.black_href}">{breakable_name(board.black.name)}</a>'
            f" <span>({board.black_before_text})</span>")
        if not board.has_known_colours:
            if not colours:
                colours = f' <span class="muted">{_words(COLOURS_NOT_RECORDED)}</span>'
            add(colours)
    return Markup("".join(written))


def _words(message: str) -> str:
    """A sentence as the template's ``_()`` writes it: the translation is the page's own
    HTML, never escaped (render.py's gettext)."""
    return str(Markup(gettext(message)) % {})
