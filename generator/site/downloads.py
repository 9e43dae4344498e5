"""Standings as data: the JSON and CSV documents that ``standings rank --format json|csv``
prints and the site offers for download (``standings.json``, ``standings.csv``). One writer
per format, which both call, so the two can never differ."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from generator.messages import NC_
from generator.model import ZERO, Team
from generator.rules.progress import status_of
from generator.rules.ranking import value_keys
from generator.site.plain_numbers import json_number_text, plain_decimal, shown_value

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from decimal import Decimal

    from generator.model import StartNo
    from generator.rules.explain import Standings
    from generator.rules.notation import TiebreakSpec
    from generator.rules.rating_change import RatingChange


CSV_HEADINGS = (NC_("CSV column", "rank"), NC_("CSV column", "start_no"),
                NC_("CSV column", "title"), NC_("CSV column", "name"),
                NC_("CSV column", "federation"), NC_("CSV column", "rating"),
                NC_("CSV column", "points"))
"""The first columns of ``standings.csv``, before the team's game points and the tie-break
codes (which stay as written). The site's download has them in its language, ``standings
rank --format csv`` in English; the JSON keys stay English everywhere."""
GAME_POINTS_HEADING = NC_("CSV column", "game_points")
RATING_CHANGE_HEADINGS = (NC_("CSV column", "rating_change"), NC_("CSV column", "k"),
                          NC_("CSV column", "k_source"))
"""The last columns of ``standings.csv`` where the event shows a FIDE rating change
(site/plan.py decides): the change (blank without a counted game), K and where K
comes from (``given``, ``rule`` or ``estimated``, as the JSON's ``k_source``)."""


def _rating_fields(change: RatingChange | None
                   ) -> tuple[Decimal | None, int | None, str | None]:
    """A player's change (None without a counted game), K and its source."""
    if change is None:
        return None, None, None
    return (change.total if change.counted_games else None, change.k,
            None if change.k_source is None else change.k_source.value)

_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a CSV cell as a formula (or, for tab and carriage return,
hide the start of one)."""


def spreadsheet_text(text: str) -> str:
    """A text cell of a CSV download: one that a spreadsheet would run as a formula gets
    the apostrophe that makes it text (the usual defence; the cell shows as written).

    Only cells of text taken from the input files (names, titles, federations) go through
    this. The numbers are written by us (``plain_decimal``), never copied from a file, so
    a negative value stays the number it is."""
    return "'" + text if text.startswith(_FORMULA_STARTS) else text


def _memo(text_of: Callable[[Decimal], str], undefined: str) -> Callable[[Decimal | None], str]:
    """``text_of`` remembered for each value of one column; ``undefined`` for None.

    A download of 2,000 players holds 50,000 values but a few thousand distinct ones, and
    writing a Decimal costs more than finding it; equal Decimals (2 and 2.0) are written
    alike by both writers, so the value alone is the key."""
    texts: dict[Decimal, str] = {}

    def text(value: Decimal | None) -> str:
        if value is None:
            return undefined
        found = texts.get(value)
        if found is None:
            found = texts[value] = text_of(value)
        return found

    return text


def game_points_after(team: Team, after_round: int) -> Decimal:
    """A team's game points over its first ``after_round`` matches (those with a known
    result): the downloads' and the pages' GP of standings after that round."""
    return sum((m.game_points for m in team.matches[:after_round]
                if m.game_points is not None), ZERO)


def _team_game_points(standings: Standings) -> list[Decimal] | None:
    """Each row's game points when the standings rank teams, else None (no such column)."""
    rows = standings.rows
    if not rows or not isinstance(rows[0].player, Team):
        return None
    after = standings.after_round
    return [game_points_after(row.player, after) if isinstance(row.player, Team) else ZERO
            for row in rows]


def _value_columns(standings: Standings, text_of: Callable[[Decimal], str], undefined: str
                   ) -> list[tuple[str, Callable[[Decimal | None], str]]]:
    """Each announced code's key in the rows, and the text of its values as shown
    (``shown_value``). The codes shown exactly share one memo: a value has one text
    whichever column it is in, and the Buchholz variants, or the rating averages, hold
    many of the same values."""
    exact = _memo(text_of, undefined)

    def shown_text(spec: TiebreakSpec) -> Callable[[Decimal | None], str]:
        if not spec.info.is_shown_rounded:  # shown exactly (shown_value)
            return exact
        return _memo(lambda value: text_of(shown_value(spec, value)), undefined)

    return [(key, shown_text(spec))
            for key, spec in zip(value_keys(standings.specs), standings.specs, strict=True)]


def _document_head(standings: Standings, event_name: str) -> dict[str, Any]:
    """Every key of the JSON document but the players, in its order."""
    tournament = standings.tournament
    return {
        "event": event_name,
        # Provisional until every round up to the announced number is complete: a
        # half-entered last round has no winner yet; without an announced number the
        # status says so and the total is null (progress.py).
        "status": status_of(standings.is_final, rounds_known=tournament.rounds_known),
        "rounds_played": standings.after_round,
        "rounds_total": tournament.total_rounds if tournament.rounds_known else None,
        "edition": standings.edition.value,
        "tiebreaks": [spec.written for spec in standings.specs],
    }


_encode_text = json.encoder.encode_basestring
"""A str as the document writes it: what ``json.dumps(text, ensure_ascii=False)`` calls (the
json module's C encoder), without the call around it."""


def standings_json(standings: Standings, event_name: str,
                   ratings: Mapping[StartNo, RatingChange] | None = None) -> bytes:
    """``standings.json`` and ``standings rank --format json``, as UTF-8 bytes.

    The layout is ``json.dumps(document, ensure_ascii=False, separators=(",", ":"))`` plus a
    newline: one line, no space after a separator, since programs read it (indented, it was
    a third bigger; issue 26; ``jq .`` indents it for a reader). The json module lays out in
    pure Python, which cost as long as computing the tie-breaks of a large event, so the
    players, whose shape is fixed, are written here with the same separators and the same
    text for every string and number (``standings_document`` reads the result back).
    ``ratings``: each player's FIDE rating change, given where the event shows one; each
    player then has ``rating_change`` (null without a counted game), ``k`` and ``k_source``.
    """
    rows = standings.rows
    value_lines = _column_texts(standings, [
        (f"{_encode_text(key)}:", key, text)
        for key, text in _value_columns(standings, json_number_text, "null")])
    points = _memo(json_number_text, "null")
    game_points = _team_game_points(standings)
    players = []
    # K and its source take a few values: each written once (as json.dumps writes it).
    dumped: dict[int | str | None, str] = {}
    for index, row in enumerate(rows):
        tiebreaks = ",".join(value_lines[index]) if value_lines else ""
        # A team's game points follow its match points (C.07 Art. 11: both are its score).
        team_fields = (f'"game_points":{points(game_points[index])},'
                       if game_points is not None else "")
        if ratings is not None:
            change, k, source = _rating_fields(ratings.get(row.player.start_no))
            k_text = dumped.get(k) or dumped.setdefault(k, json.dumps(k))
            source_text = dumped.get(source) or dumped.setdefault(source, json.dumps(source))
            team_fields += (f'"rating_change":{points(change)},"k":{k_text},'
                            f'"k_source":{source_text},')
        players.append(
            f'{{"start_no":{int(row.player.start_no)},'
            f'"name":{_encode_text(row.player.name)},"rank":{row.rank},'
            f'"points":{points(row.points)},{team_fields}"tiebreaks":{{{tiebreaks}}}}}')
    head = json.dumps({**_document_head(standings, event_name), "players": []},
                      ensure_ascii=False, separators=(",", ":"))
    # The head ends '"players":[]}': the list is opened there and closed after, and the
    # head and the end join the first and last player, so that the document (a megabyte
    # for 2,000 players) is put together by one join rather than copied once per piece.
    if not players:
        return (head + "\n").encode("utf-8")
    players[0] = head.removesuffix("[]}") + "[" + players[0]
    players[-1] += "]}\n"
    return ",".join(players).encode("utf-8")


def _column_texts(standings: Standings,
                  columns: Sequence[tuple[str, str, Callable[[Decimal | None], str]]]
                  ) -> list[tuple[str, ...]]:
    """Each row's value lines (``prefix`` + the value's text, one per column), worked out a
    column at a time: each distinct value of a column is written once and the column's
    lines are then looked up, which leaves per row only the joining (a 2,000-player
    download holds 50,000 values but a few thousand distinct ones). Empty without columns.
    """
    if not columns:
        return []
    texts = []
    for (prefix, _key, text), values in zip(
            columns, standings.columns([key for _prefix, key, _text in columns]), strict=True):
        lines = {value: prefix + text(value) for value in set(values)}
        texts.append(map(lines.__getitem__, values))
    return list(zip(*texts, strict=True))


def standings_document(standings: Standings, event_name: str) -> dict[str, Any]:
    """The JSON document as plain values (what a reader of ``standings.json`` gets)."""
    document: dict[str, Any] = json.loads(standings_json(standings, event_name))
    return document


def standings_csv(standings: Standings,
                  heading: Callable[[str], str] = lambda english: english,
                  ratings: Mapping[StartNo, RatingChange] | None = None) -> bytes:
    """``standings.csv`` and ``standings rank --format csv``, as UTF-8 bytes: one row per
    player, the numbers as ``plain_decimal`` writes them, '' where a value is undefined.
    ``heading`` says each of :data:`CSV_HEADINGS` (the site's in its language); with
    ``ratings``, :data:`RATING_CHANGE_HEADINGS` end each row."""
    import csv  # loaded by the CSV alone (standings rank's other formats start without it)

    columns = _value_columns(standings, plain_decimal, "")
    points = _memo(plain_decimal, "")
    game_points = _team_game_points(standings)
    team_head = [heading(GAME_POINTS_HEADING)] if game_points is not None else []
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    rating_head = [*map(heading, RATING_CHANGE_HEADINGS)] if ratings is not None else []
    writer.writerow([*map(heading, CSV_HEADINGS), *team_head,
                     *(key for key, _text in columns), *rating_head])
    # The title, name and federation are the cells of text from the file
    # (spreadsheet_text says why).
    writer.writerows(
        [row.rank, row.player.start_no, spreadsheet_text(row.player.title),
         spreadsheet_text(row.player.name), spreadsheet_text(row.player.federation),
         "" if row.player.rating is None else row.player.rating, points(row.points),
         *([points(game_points[index])] if game_points is not None else []),
         *[text(row.number(key)) for key, text in columns],
         *(_rating_cells(ratings, row.player.start_no) if ratings is not None else ())]
        for index, row in enumerate(standings.rows))
    return buffer.getvalue().encode("utf-8")


def _rating_cells(ratings: Mapping[StartNo, RatingChange], start_no: StartNo
                  ) -> tuple[str, str, str]:
    change, k, source = _rating_fields(ratings.get(start_no))
    return ("" if change is None else plain_decimal(change), "" if k is None else str(k),
            source or "")
