"""The plain numbers (issue 24's one writer, its part that knows no language): as the
downloads, the JSON, ``standings rank`` and the CLI's derivations write them, with a point
whatever the language and no Babel.

Kept apart from ``numbers.py``, which re-exports them beside the writers in the page's
language, so that ``standings rank`` writes its JSON and CSV without loading Babel's
catalogues and dates (issue 25: a command loads only what it uses).
"""

from __future__ import annotations

import json
import math
from decimal import Decimal
from typing import TYPE_CHECKING, overload

from generator.rules.notation import shown_rounded

if TYPE_CHECKING:
    from generator.rules.notation import TiebreakSpec


def plain_decimal(value: Decimal) -> str:
    """11.5, 2120, 45.83: no exponent, no trailing zeros, a point whatever the language
    (CSV, JSON, the CLI)."""
    text = format(value, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text if text not in ("", "-0") else "0"


def json_number(value: Decimal | None) -> int | float | None:
    """A plain JSON number (11.5, 2120, 45.83); None where C.07 leaves the value undefined."""
    if value is None:
        return None
    if value == value.to_integral_value():
        return int(value)
    # Python converts a Decimal to the nearest float, as it reads the plain decimal text.
    return float(value)


def json_number_text(value: Decimal | None) -> str:
    """The number as the JSON documents write it: ``11.5``, ``2120``, ``null``."""
    number = json_number(value)
    if number is None:
        return "null"
    # The text json.dumps gives a finite number (an int's or a float's repr), without its
    # encoder's set-up: a download writes thousands of distinct values.
    if isinstance(number, int) or math.isfinite(number):
        return repr(number)
    return json.dumps(number)


@overload
def shown_value(spec: TiebreakSpec, value: Decimal) -> Decimal: ...


@overload
def shown_value(spec: TiebreakSpec, value: Decimal | None) -> Decimal | None: ...


def shown_value(spec: TiebreakSpec, value: Decimal | None) -> Decimal | None:
    """AOB (an exact average) and SSSC (an exact combination): C.07 names no rounding, so
    they rank exactly and are shown with two decimals, as ``standings rank`` prints them.
    Every other value is shown exactly."""
    if value is None or not spec.info.is_shown_rounded:
        return value
    return shown_rounded(value)


__all__ = ["json_number", "json_number_text", "plain_decimal", "shown_value"]
