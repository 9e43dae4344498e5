"""Dates as pairing programs and clubs write them: TRF headers 042, 052 and 132, and event.yml.

Below the TRF reader and the settings reader alike (both read dates), so it knows no TRF
type: a header record is anything with the record's ``text``, ``line`` and ``value``.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable
from typing import Protocol

from generator.errors import DiagnosticSink


class HeaderRecord(Protocol):
    """What a date is read from: a TRF header record (``trf.TrfRecord``)."""

    @property
    def text(self) -> str:
        """The whole line as written."""

    @property
    def line(self) -> int:
        """1-based line number."""

    @property
    def value(self) -> str:
        """Columns 5 onwards, stripped."""


_MONTHS = {name: number for number, names in enumerate((
    ("jan", "januar", "january", "janvier", "enero"),
    ("feb", "februar", "february", "fevrier", "febrero"),
    ("mar", "marz", "march", "mars", "marzo", "mär", "märz"),
    ("apr", "april", "avril", "abril"),
    ("may", "mai", "mayo"),
    ("jun", "juni", "june", "juin", "junio"),
    ("jul", "juli", "july", "juillet", "julio"),
    ("aug", "august", "aout", "août", "agosto"),
    ("sep", "sept", "september", "septembre", "septiembre"),
    ("oct", "okt", "oktober", "october", "octobre", "octubre"),
    ("nov", "november", "novembre", "noviembre"),
    ("dec", "dez", "dezember", "december", "decembre", "décembre", "diciembre"),
), start=1) for name in names}


def parse_date(text: str) -> tuple[datetime.date | None, str | None]:
    """A date as pairing programs write it -> (date, note).

    Accepts ``2026/03/14``, ``2026-03-14``, ``2026.03.14``, ``14/03/2026``,
    ``28. 07. 2005``, ``26/03/14`` (TRF YY/MM/DD), ``May 29, 2020``, ``29 May 2020``
    and a bare year ``2005`` (read as 1 January, with a note). (None, reason) when unreadable.
    """
    value = text.strip()
    numbers = re.fullmatch(r"(\d{1,4})\s*[./-]\s*(\d{1,2})\s*[./-]\s*(\d{1,4})\.?", value)
    try:
        if numbers:
            a, b, c = (int(n) for n in numbers.groups())
            if len(numbers[1]) == 4:
                return _date_or_zero(a, b, c)
            if len(numbers[3]) == 4:
                # Day first (European order) unless the first number cannot be a month's day.
                return (_date_or_zero(c, a, b) if b > 12 else _date_or_zero(c, b, a))
            if len(numbers[1]) == 2 and len(numbers[3]) == 2:
                return _date_or_zero(2000 + a, b, c)  # TRF 132: YY/MM/DD
        if re.fullmatch(r"\d{4}", value):
            return datetime.date(int(value), 1, 1), f"only the year is given; read as {value}-01-01"
        words = re.fullmatch(r"([^\W\d]+)\.?\s+(\d{1,2}),?\s+(\d{4})", value)
        if words and words[1].lower() in _MONTHS:
            return datetime.date(int(words[3]), _MONTHS[words[1].lower()], int(words[2])), None
        words = re.fullmatch(r"(\d{1,2})\.?\s+([^\W\d]+)\.?,?\s+(\d{4})", value)
        if words and words[2].lower() in _MONTHS:
            return datetime.date(int(words[3]), _MONTHS[words[2].lower()], int(words[1])), None
    except ValueError:
        return None, "no such day"
    return None, None


def _date_or_zero(year: int, month: int, day: int) -> tuple[datetime.date | None, str | None]:
    if year == 0:
        return None, None
    if month == 0:  # "1990/00/00" (birth dates) - only the year is known
        return datetime.date(year, 1, 1), f"only the year is given; read as {year}-01-01"
    if day == 0:
        return datetime.date(year, month, 1), f"no day given; read as {year}-{month:02d}-01"
    return datetime.date(year, month, day), None


def read_date(text: str, record: HeaderRecord, sink: DiagnosticSink) -> datetime.date | None:
    """The date in a header record, with a warning (never an error) when it cannot be read."""
    day, note = parse_date(text)
    column = record.text.index(text.strip()[:1], 3) + 1 if text.strip() else 5
    if day is None:
        sink.warning(f"cannot read the date {text.strip()!r}" + (f" ({note})" if note else ""),
                     line=record.line, column=column, expected="a date such as 2026/03/14")
    elif note:
        sink.warning(f"date {text.strip()!r}: {note}", line=record.line, column=column,
                     expected="a full date such as 2026/03/14")
    return day


def header_date(record: HeaderRecord | None) -> datetime.date | None:
    """The date in a header record (042, 052), None when missing or unreadable (the reader
    warned about it: :func:`read_date`)."""
    return parse_date(record.value)[0] if record is not None and record.value else None


_ROUND_DATE = re.compile(r"(\d{2,4})[/.-](\d{1,2})[/.-](\d{1,4})"
                         r"(?:[ T]+(\d{1,2})[:.h](\d{2})(?![/.:-]?\d))?")
"""A date of a 132 record, and the starting time a program may write after it."""


def round_schedule(records: Iterable[HeaderRecord], *, start: datetime.date | None = None,
                   end: datetime.date | None = None
                   ) -> tuple[tuple[datetime.date | None, ...], tuple[datetime.time | None, ...]]:
    """The date of each round in the 132 records, in order (None where unreadable), and
    its starting time where one follows the date (``24/11/23 10:00``).

    The count is the event's number of rounds (a program writes one per round, played or
    not). TRF writes YY/MM/DD; some exports write YY.DD.MM (``11.25.02`` for 25 February
    2011): a date that cannot be YY/MM/DD, or falls outside the event's ``start`` to ``end``,
    is read the other way round when that reading falls inside them.
    """
    dates: list[datetime.date | None] = []
    times: list[datetime.time | None] = []
    for record in records:
        for found in _ROUND_DATE.finditer(record.text[4:]):
            dates.append(_round_date(found[1], found[2], found[3], start, end))
            hour, minute = found[4], found[5]
            times.append(datetime.time(int(hour), int(minute))
                         if hour is not None and int(hour) < 24 and int(minute) < 60 else None)
    return tuple(dates), tuple(times)


def _round_date(first: str, second: str, third: str, start: datetime.date | None,
                end: datetime.date | None) -> datetime.date | None:
    day, _ = parse_date(f"{first}/{second}/{third}")
    if len(first) != 2 or len(third) != 2 or start is None or end is None:
        return day
    if day is not None and start <= day <= end:
        return day
    swapped, _ = parse_date(f"{first}/{third}/{second}")
    if swapped is not None and start <= swapped <= end:
        return swapped
    return day


__all__ = ["HeaderRecord", "header_date", "parse_date", "read_date", "round_schedule"]
