"""Standings as data: the numbers and the JSON document that ``standings rank`` prints and
the site offers for download. One schema, written once, so the two can never differ."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import TYPE_CHECKING, Any

from generator.rules.progress import FINAL, PROVISIONAL

if TYPE_CHECKING:
    from generator.rules.explain import Standings
    from generator.rules.notation import TiebreakSpec


def plain_decimal(value: Decimal) -> str:
    """11.5, 2120, 45.83: no exponent, no trailing zeros (CSV, JSON, titles)."""
    text = format(value, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text if text not in ("", "-0") else "0"


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


def shown_value(spec: TiebreakSpec, value: Decimal | None) -> Decimal | None:
    """AOB is an exact average and C.07 names no rounding: shown with two decimals, as
    ``standings rank`` prints it. Every other value is shown exactly."""
    if value is None or spec.info.acronym != "AOB":
        return value
    return value.quantize(Decimal("0.01"), ROUND_HALF_UP)


def json_number(value: Decimal | None) -> int | float | None:
    """A plain JSON number (11.5, 2120, 45.83); None where C.07 leaves the value undefined."""
    if value is None:
        return None
    if value == value.to_integral_value():
        return int(value)
    return float(plain_decimal(value))


def standings_document(standings: Standings, event_name: str) -> dict[str, Any]:
    """The schema of ``standings rank --format json`` and of the site's standings.json."""
    # Imported here: the number helpers above are used by commands (check, --help) that
    # should not pay for loading the tie-break engine.
    from generator.rules.ranking import value_keys

    columns = tuple(zip(value_keys(standings.specs), standings.specs, strict=True))
    return {
        "event": event_name,
        # Provisional until every round up to the announced number is complete: a
        # half-entered last round has no winner yet (progress.py).
        "status": FINAL if standings.is_final else PROVISIONAL,
        "rounds_played": standings.after_round,
        "rounds_total": standings.tournament.total_rounds,
        "edition": standings.edition.value,
        "tiebreaks": [spec.written for spec in standings.specs],
        "players": [
            {
                "start_no": int(row.player.start_no),
                "name": row.player.name,
                "rank": row.rank,
                "points": json_number(row.points),
                "tiebreaks": {key: json_number(shown_value(spec, row.number(key)))
                              for key, spec in columns},
            }
            for row in standings.rows
        ],
    }
