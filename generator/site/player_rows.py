"""The rows of a player page's "Round by round" table, and of its neighbours' table, and the
items of its rating change, written as HTML in one pass.

The table is the page's largest: a row per round, some fifteen values in each. Written by
the template, every value went through Jinja's attribute lookup, a filter call and the
escaping hook, row after row (a tenth of the page's time, issue 25). Here each row is one
string, each value escaped once where it can hold a character to escape (a name, a
translated word) and written as it is where it cannot (digits, the points ``numbers.py``
writes, our own page addresses). The template keeps the table's frame and its headings.
"""

from __future__ import annotations

from markupsafe import Markup, escape

from generator.messages import N_
from generator.site.escaping import escape_for_output
from generator.site.language import active, gettext
from generator.site.numbers import format_points
from generator.site.player_view import PlayerView
from generator.site.rating_view import RatingView
from generator.site.table_rows import breakable_name
from generator.site.views import place_text
from generator.site.wording import colour_letter, round_kind_words

DUMMY = N_("dummy")
"""A round that counts as against a dummy opponent (C.07 16.4), linked to its explanation."""
CUT = N_("(cut)")
"""After a contribution a modifier or a rule cuts (C.07 14, 16.5)."""
ROUND_REASONS = N_("Round %(number)s: %(reasons)s")
"""A round the rating change does not count, and why."""


def _words(message: str) -> str:
    """A sentence as the template's ``_()`` writes it: the translation is the page's own
    HTML, never escaped (render.py's gettext)."""
    return str(Markup(gettext(message)) % {})


def rounds_rows(view: PlayerView, unplayed_href: str) -> Markup:
    """Every row of the table, each ending its line (its cells' and its own end tags left
    out, as HTML allows: the next cell or row, or the table's body's end, closes each;
    issue 26). ``unplayed_href``: the unplayed rounds' explanation, relative to the page."""
    rating = view.rating
    # RatingView.change_in, without a method call a row.
    change_in = rating.round_changes.get if rating else None
    has_counts = bool(view.buchholz_code)
    kinds, colours, symbols, dummy_words, cut_words = _cells_spoken()
    dummy = cut = ""
    if has_counts:
        dummy = f'<a href="{escape(unplayed_href)}">{dummy_words}</a> '
        cut = f' <span class="muted">{cut_words}</span>'
    written: list[str] = []
    for line in view.rounds:
        kind = kinds.get(line.kind)
        if kind is None:
            kind = kinds[line.kind] = str(escape(round_kind_words(line.kind)))
        opponent = line.opponent
        if opponent:
            who = (f'<a href="{line.opponent_href}">{breakable_name(opponent.name)}</a>'
                   f" ({opponent.start_no})")
            if not line.is_game:
                who += f' <span class="muted">{kind}</span>'
            rating_cell = str(opponent.rating) if opponent.rating is not None else ""
        else:
            who = f"— {kind}"
            rating_cell = ""
        colour = colours.get(line.color)
        if colour is None:
            colour = colours[line.color] = str(escape(colour_letter(line.color)))
        symbol = symbols.get(line.symbol)
        if symbol is None:
            symbol = symbols[line.symbol] = str(escape(line.symbol))
        row = (f'<tr><td><a href="{line.round_href}">{line.round_no}</a><th scope="row">{who}'
               f"<td>{rating_cell}<td>{colour}<td>{symbol}<td>{line.running_text}"
               f"<td>{line.opponent_score_text}")
        if has_counts:
            counts_as = line.counts_as
            if counts_as:
                row += (f"<td>{dummy if counts_as.is_dummy else ''}{line.counts_as_text}"
                        f"{cut if counts_as.cut else ''}")
            else:
                row += "<td>—"
        if change_in is not None:  # numbers.change_text: digits, a sign and a separator
            row += f"<td>{change_in(line.round_no, '')}"
        written.append(row + "\n")
    return Markup("".join(written))


_Cells = tuple[dict[object, str], dict[str, str], dict[str, str], str, str]
_CELLS: dict[str, _Cells] = {}
"""A round's kind, colour and result as the rows write them (a few words or letters, each
escaped once), and the words DUMMY and CUT, in each language by its catalogue's digest:
the same on every page."""


def _cells_spoken() -> _Cells:
    digest = active().digest
    found = _CELLS.get(digest)
    if found is None:
        if len(_CELLS) >= 32:  # `standings serve` under a translator's edits
            _CELLS.clear()
        found = _CELLS[digest] = ({}, {}, {}, _words(DUMMY), _words(CUT))
    return found


def rating_items(rating: RatingView) -> Markup:
    """The items of a player's rating change, a game's arithmetic or why the round does not
    count, one a line (an item's end tag left out, as the template's loop wrote them; some
    ten a page, each a filter and a sentence in Jinja)."""
    not_counted = Markup(gettext(ROUND_REASONS))
    items: list[str] = []
    for line in rating.lines:
        said = " ".join(line.sentences)
        if line.counted:
            items.append(f"<li>{escape_for_output(said)}\n")
        else:
            items.append(f"<li>{not_counted % {'number': line.round_no, 'reasons': said}}\n")
    return Markup("".join(items))


def neighbour_rows(view: PlayerView) -> Markup:
    """The rows of the table of the player and their neighbours on the standings, the
    player's own between those above and below, a row a line (end tags left out as in
    :func:`rounds_rows`). A cell of the value that separated a neighbour from the player
    is marked ``decides``. The places, points and values are digits, signs and fractions
    (views.place_text, numbers.py): written as they are."""
    keys = [column.key for column in view.why_columns]
    above: list[str] = []
    below: list[str] = []
    for neighbour in view.neighbours:
        other = neighbour.row
        decided_by = neighbour.separation.criterion
        row = (f'<tr><td>{place_text(other)}<th scope="row"><a href="{neighbour.href}">'
               f"{breakable_name(other.player.name)}</a>"
               f"<td{DECIDES if decided_by == 'PTS' else ''}>{format_points(other.points)}")
        for key, value in zip(keys, neighbour.why_values, strict=True):
            row += f"<td{DECIDES if key == decided_by else ''}>{value}"
        (above if neighbour.is_above else below).append(row + "\n")
    own = view.row
    mine = (f'<tr class="self"><td>{place_text(own)}<th scope="row">'
            f"{breakable_name(own.player.name)}<td>{format_points(own.points)}"
            + "".join(f"<td>{value}" for value in view.why_values) + "\n")
    return Markup("".join(above) + mine + "".join(below))


DECIDES = ' class="decides"'
"""A neighbour's cell of the value that separated them from the page's player."""
