"""Every number and date the site and the CLI write (issue 24): points as chess players write
them (3½), plain decimals (the downloads, ``standings rank``, the CLI's derivations), JSON
numbers, money, shares, rating changes, days and ranges of days.

One writer, so that a page, a download and ``standings rank`` cannot write the same value
two ways. The locale's part (the decimal separator, the month names and the order of a
date) comes from the active language (``language.py``) and Babel; the plain part, which
knows no language, is ``plain_numbers.py`` (re-exported here), so that ``standings rank``
writes its JSON and CSV without loading Babel. ``tests/site/test_numbers.py`` checks that no
other module of the site, the preview or the CLI writes dates with Babel, rounds a Decimal
or reads the decimal separator itself.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from datetime import date, time
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal
from typing import TYPE_CHECKING

from generator.messages import NC_
from generator.site.language import active, words
from generator.site.plain_numbers import json_number as json_number
from generator.site.plain_numbers import json_number_text as json_number_text
from generator.site.plain_numbers import plain_decimal as plain_decimal
from generator.site.plain_numbers import shown_value as shown_value

if TYPE_CHECKING:
    from babel import Locale

UNDEFINED = "–"
"""A value C.07 leaves undefined (a tie-break of a player without games), in a cell."""

MINUS = "\N{MINUS SIGN}"
"""The sign of a rating loss, as a page prints it (a hyphen is the sort script's fallback
too)."""

MONEY = NC_("an amount of money: 500 EUR", "{amount} {currency}")
"""An amount with the event's currency (event.yml ``prizes.currency``, shown as written)."""

HUNDREDTHS = Decimal("0.01")
TENTHS = Decimal("0.1")


# --- in the page's language ------------------------------------------------------------------

def _localized(text: str) -> str:
    """A number written with a point ("1850.5") with the active locale's decimal separator
    ("1850,5")."""
    return _separated(text, active().decimal)


def _separated(text: str, separator: str) -> str:
    return text if separator == "." else text.replace(".", separator)


def plain_number(value: Decimal) -> str:
    """A number that is no points (a rating average 2005.25, a fraction 0.75, a score in a
    rating's arithmetic) as the pages and the CLI write it: plain, with the active
    language's decimal separator."""
    return _localized(plain_decimal(value))


def format_points(value: Decimal | None) -> str:
    """Points as chess players write them: 3½, ¼, 10¾, -½; other values as plain decimals
    in the page's language (45.83, "45,83"); – where C.07 leaves the value undefined."""
    if value is None:
        return UNDEFINED
    return _points_with(active().decimal, value)


def points_writer() -> Callable[[Decimal | None], str]:
    """:func:`format_points` in the language active now, which it looks up once: for a
    page that writes some hundred numbers (a player page's derivations)."""
    separator = active().decimal
    known = _points_texts(separator).get

    def write(value: Decimal | None) -> str:
        if value is None:
            return UNDEFINED
        text = known(value)
        return text if text is not None else _points_with(separator, value)

    return write


def _points_with(separator: str, value: Decimal) -> str:
    # A big event shows the same few hundred numbers some hundred thousand times. Equal
    # values (2.5 and 2.50) are written alike, so the value is the key.
    texts = _points_texts(separator)
    text = texts.get(value)
    if text is None:
        if len(texts) >= _POINTS_TEXT_SIZE:
            texts.clear()
        text = texts[value] = _points_text(value, separator)
    return text


def _points_texts(separator: str) -> dict[Decimal, str]:
    texts = _POINTS_TEXT.get(separator)
    if texts is None:
        texts = _POINTS_TEXT[separator] = {}
    return texts


_POINTS_TEXT: dict[str, dict[Decimal, str]] = {}
"""By the decimal separator of the page's language, then by value."""
_POINTS_TEXT_SIZE = 50_000


def _points_text(value: Decimal, separator: str) -> str:
    sign = "-" if value < 0 else ""
    magnitude = abs(value)
    whole = int(magnitude)
    fraction = magnitude - whole
    glyph = _FRACTIONS.get(fraction)
    if glyph is None:
        return sign + _separated(plain_decimal(magnitude), separator)
    if not glyph:
        return f"{sign}{whole}"
    return f"{sign}{whole if whole else ''}{glyph}"


_FRACTIONS = {Decimal(0): "", Decimal("0.25"): "¼", Decimal("0.5"): "½", Decimal("0.75"): "¾"}


def money_text(amount: Decimal, currency: str | None) -> str:
    """"500 EUR", "333.33 EUR", "100.50", "1000": whole amounts without decimals, others to
    the cent (cut, as rules/prizes.py shares them), with the locale's decimal separator,
    and the currency where the language's catalogue puts it ("EUR 500" in Dutch)."""
    if amount == amount.to_integral_value():
        number = plain_number(amount)
    else:
        number = _localized(format(amount.quantize(HUNDREDTHS, ROUND_DOWN), "f"))
    if currency is None:
        return number
    return words(MONEY, {"amount": number, "currency": currency},
                 context="an amount of money: 500 EUR")


def percent_text(part: Decimal, whole: Decimal) -> str:
    """``part`` as a share of ``whole``, to one decimal ("62.5%", "62,5%"); – where there
    is no whole (no game played)."""
    if whole <= 0:
        return UNDEFINED
    share = (part * 100 / whole).quantize(TENTHS, rounding=ROUND_HALF_UP)
    return f"{_localized(format(share, 'f'))}%"


def change_text(value: Decimal) -> str:
    """A rating change as the pages write it: the sign always ("+12.8", "−3.0", "0.0"), one
    decimal, two where K x (score - expected) needs them (K 15 or 25: 15 x 0.37 = 5.55)."""
    return _change_text(value, active().decimal)


# A 2,000-player event writes some 60,000 changes and game sentences, of a few hundred
# distinct values: each is written once per language (the separator is part of the key).
@functools.lru_cache(maxsize=8192)
def _change_text(value: Decimal, separator: str) -> str:
    hundredths = value.quantize(HUNDREDTHS, ROUND_HALF_UP)
    shown = hundredths if hundredths != hundredths.quantize(TENTHS) \
        else hundredths.quantize(TENTHS)
    text = _localized(format(abs(shown), "f"))
    if shown > 0:
        return "+" + text
    return MINUS + text if shown < 0 else text


def signed_text(value: int) -> str:
    """A rating difference or a rounded change: "+120", "−400", "0"."""
    if value > 0:
        return f"+{value}"
    return f"{MINUS}{-value}" if value < 0 else "0"


def hundredths_text(value: Decimal) -> str:
    """An expected score as the B.02 table writes it: two decimals (0.36, 0.50)."""
    return _localized(format(value.quantize(HUNDREDTHS), "f"))


# --- dates -----------------------------------------------------------------------------------

def date_range(start: date | None, end: date | None = None) -> str:
    """An event's or a round's days: one day ("5 March 2026"), or a range ("5–7 March
    2026"); "" without either."""
    if start is None:
        return "" if end is None else day_text(end)
    if end is None or end == start:
        return day_text(start)
    return day_range_text(start, end)


def day_text(day: date) -> str:
    """A date as the locale writes it in full ("5 March 2026", "5. März 2026")."""
    return _day_text(active().locale, day)


def day_range_text(start: date, end: date) -> str:
    """Two dates as the locale writes a range ("5–7 March 2026", "5.–7. März 2026")."""
    return _day_range_text(active().locale, start, end)


def load_dates() -> None:
    """Babel's dates and the active locale's data loaded now rather than at the first date
    written: ``standings build`` loads them before it forks its render workers, which
    would each load them again (some 15 ms of CPU apiece; every page writes a date)."""
    _day_text(active().locale, _SOME_DAY)


_SOME_DAY = date(2000, 1, 1)


def time_text(clock: time) -> str:
    """A round's starting time on the 24-hour clock chess schedules use, in every language
    ("14:00", "09:30")."""
    return f"{clock:%H:%M}"


ENGLISH_DAY = "d MMMM y"
"""The site's English day: day, month in full, year, as since the first site (Babel's "en"
puts the month first: "March 5, 2026")."""

ENGLISH_RANGES = {
    "y": ("d MMMM y – ", ENGLISH_DAY),
    "M": ("d MMMM – ", ENGLISH_DAY),
    "d": ("d–", ENGLISH_DAY),
}
"""The site's English ranges, by the largest field that differs: the start's pattern and
the end's, as CLDR's interval formats are laid out. No English locale of CLDR writes these
("5–7 March 2026", "30 March – 2 April 2026"): its day-month-year ranges abbreviate the
month ("5–7 Mar 2026") and set the dash between thin spaces, so Babel writes them with the
site's own patterns, as the site has always shown them."""


# Babel matches the skeleton to the locale's patterns on every call (a few milliseconds):
# an event's dates are written on each of its pages, and the index lists every event's.
@functools.lru_cache(maxsize=1024)
def _day_text(locale: Locale, day: date) -> str:
    # Babel's dates when a date is written (language.py says why not before).
    from babel.dates import format_date

    if locale.language == "en":
        return str(format_date(day, ENGLISH_DAY, locale=locale))
    return str(format_date(day, "long", locale=locale))


@functools.lru_cache(maxsize=1024)
def _day_range_text(locale: Locale, start: date, end: date) -> str:
    from babel.dates import format_date, format_interval

    if locale.language == "en":
        field = ("y" if start.year != end.year else "M" if start.month != end.month
                 else "d")
        first, last = ENGLISH_RANGES[field]
        return str(format_date(start, first, locale=locale)
                   + format_date(end, last, locale=locale))
    return str(format_interval(start, end, "yMMMMd", locale=locale))


__all__ = [
    "ENGLISH_DAY",
    "ENGLISH_RANGES",
    "MINUS",
    "MONEY",
    "UNDEFINED",
    "change_text",
    "date_range",
    "day_range_text",
    "day_text",
    "format_points",
    "hundredths_text",
    "json_number",
    "json_number_text",
    "load_dates",
    "money_text",
    "percent_text",
    "plain_decimal",
    "plain_number",
    "points_writer",
    "shown_value",
    "signed_text",
    "time_text",
]
