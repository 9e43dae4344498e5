"""TRF-26 national rating (NRS) records -> each player's national rating and national ID.

An NRS record repeats the static columns of a 001 record under a federation's code instead
of ``001``: columns 5-8 the starting rank of the 001 record it belongs to, columns 49-52
the national rating (spec trf.md §3, "NRS records"), and so columns 58-68, the 001
record's FIDE ID, the player's ID in that federation's list. That last reading is an
inference from "the same columns": our spec names only the rank and the rating. The
TRF-2026 text itself was not found in the public code index we searched; two independent
TRF-26 readers found there (a Go library's record documentation and a TypeScript type of a
pairing tool) both say an NRS record carries a national ID beside the rating, and the 001
layout has one ID column, so that is where it is read. The Go library's own TRF-26 test file
(tests/corpus/teams/trf/gnutterts-trf2026-team.trf) writes its NRS records so: ``I-12345``
in columns 58-68, with a separator, and the sub-federation (``US``) in columns 54-56.

Which codes are record types rather than unknown records is the file's to say: the
federation named by its 172 record (the starting-rank method, which TRF-26 makes mandatory
with NRS records) or by its 032 (the event's federation), written before them
(trf.read_records reads them so). A record that cannot be used is a warning: national
ratings only serve categories and the joining of people, never the standings.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from generator.errors import DiagnosticSink
from generator.model import MAX_RATING, NationalId
from generator.reading.trf import (
    KNOWN_TAGS,
    NATIONAL_FEDERATION_TAGS,
    TrfDocument,
    named_federation,
)

_RATING_EXPECTED = f"a rating from 1 to {MAX_RATING} in columns 49-52, or blanks"

_ID = re.compile(r"[0-9A-Za-z]+(?:[-/.][0-9A-Za-z]+)*")
"""A national ID as federations' lists write them: digits and letters, in groups a hyphen,
slash or full stop may join (``I-12345``); no space, nothing else."""


def national_records(document: TrfDocument, start_numbers: Collection[int],
                     sink: DiagnosticSink) -> tuple[dict[int, int], dict[int, NationalId]]:
    """Starting rank -> national rating, and starting rank -> national ID, of the players
    of ``start_numbers`` an NRS record names; every record or field that cannot be used
    reported into ``sink`` as a warning."""
    named: set[str] = set()
    ratings: dict[int, int] = {}
    ids: dict[int, NationalId] = {}
    first_line: dict[int, int] = {}
    for record in document.records:
        if record.tag in NATIONAL_FEDERATION_TAGS:
            named.add(named_federation(record))
            continue
        if record.tag in KNOWN_TAGS or record.tag not in named:
            continue
        written_no = record.text[4:8].strip()
        if not (written_no.isascii() and written_no.isdigit()):
            sink.warning(f"national rating record without a starting rank ({written_no!r})",
                         line=record.line, column=5,
                         expected="the starting rank of a player in columns 5-8")
            continue
        start_no = int(written_no)
        if start_no not in start_numbers:
            sink.warning(f"national rating record for starting rank {start_no}, which no 001 "
                         "record has", line=record.line, column=5,
                         expected="the starting rank of a player")
            continue
        if start_no in first_line:
            sink.warning(f"a second national rating record for starting rank {start_no} "
                         f"(first on line {first_line[start_no]}) is not used",
                         line=record.line, column=5,
                         expected="one national rating record per player")
            continue
        first_line[start_no] = record.line
        rating = _rating(record.text[48:52].strip(), record.line, sink)
        if rating is not None:
            ratings[start_no] = rating
        number = _national_id(record.text[57:68].strip(), record.line, sink)
        if number is not None:
            ids[start_no] = NationalId(federation=record.tag, number=number)
    return ratings, ids


def _national_id(written: str, line: int, sink: DiagnosticSink) -> str | None:
    """Columns 58-68: blank or 0 is no national ID (as for the FIDE ID of a 001)."""
    if not written or written.strip("0") == "":
        return None
    if not (written.isascii() and _ID.fullmatch(written)):
        sink.warning(f"national ID {written!r} is not an ID", line=line, column=58,
                     expected="the player's ID in the federation's list (letters and digits, "
                              "groups joined by - / or .) "
                              "in columns 58-68, or blanks")
        return None
    return written


def _rating(written: str, line: int, sink: DiagnosticSink) -> int | None:
    """Columns 49-52: blank or 0 is no national rating (as for the FIDE rating of a 001)."""
    if not written:
        return None
    if not (written.isascii() and written.isdigit()):
        sink.warning(f"national rating {written!r} is not a number", line=line, column=49,
                     expected=_RATING_EXPECTED)
        return None
    rating = int(written)
    if rating > MAX_RATING:
        sink.warning(f"national rating {rating} is out of range", line=line, column=49,
                     expected=_RATING_EXPECTED)
        return None
    return rating or None


__all__ = ["national_records"]
