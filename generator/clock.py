"""The day the site is built as of: what "an end date still ahead" is counted from.

On the ground floor because both ends read it: the reader (an event whose end date is after
it is not over) and the build cache (a new day may change a page).
"""

from __future__ import annotations

import datetime
import os

from generator.errors import Diagnostic, StandingsError


def build_date() -> datetime.date:
    """The day the site is built as of: ``SOURCE_DATE_EPOCH`` (seconds since 1970, the
    reproducible-builds convention, read in UTC) when it is set, else the machine's today.

    Only whether an event's end date is still ahead of it reaches a page, so a site built
    on two days is the same unless an event ended in between.
    """
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch:
        try:
            return datetime.datetime.fromtimestamp(int(epoch), tz=datetime.UTC).date()
        except (ValueError, OverflowError, OSError) as error:
            raise StandingsError([Diagnostic(
                path="SOURCE_DATE_EPOCH", message=f"cannot read {epoch!r} as a date",
                expected="a whole number of seconds since 1970-01-01 UTC")]) from error
    return datetime.date.today()


__all__ = ["build_date"]
