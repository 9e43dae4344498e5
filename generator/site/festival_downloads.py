"""A festival's downloads (issue 27): one JSON of every section, and every section's TRF
file in one ZIP. Each section's own part is its own download's, never a second writer:
the JSON holds each section's ``standings.json`` document, the ZIP each section's TRF bytes
as read (the same as the section's ``.trf`` download beside its pages).
"""

from __future__ import annotations

import io
import json
import zipfile
from typing import Any

from generator.site.downloads import standings_json
from generator.site.festival_view import FestivalView

ZIP_DAY = (1980, 1, 1, 0, 0, 0)
"""Every member's date in the ZIP: the earliest a ZIP can hold. A date of the build would
make each build's file differ; the TRF's own dates are inside it."""


def festival_document(festival: FestivalView) -> dict[str, Any]:
    """The festival's JSON as plain values: its words, then each section's standings
    document (as its ``standings.json``) under its folder name and switcher name."""
    settings = festival.festival.settings
    return {
        "festival": festival.title,
        "start_date": festival.start_date.isoformat() if festival.start_date else None,
        "end_date": festival.end_date.isoformat() if festival.end_date else None,
        "place": settings.place or None,
        "sections": [
            {"section": line.plan.slug.rpartition("/")[2], "name": line.label,
             "standings": json.loads(standings_json(
                 line.plan.standings, line.plan.info.title,
                 ratings=line.plan.standings_rating_changes))}
            for line in festival.sections],
    }


def festival_json(festival: FestivalView) -> bytes:
    return (json.dumps(festival_document(festival), ensure_ascii=False, indent=1)
            + "\n").encode("utf-8")


def festival_trf_zip(festival: FestivalView) -> bytes:
    """Every section's TRF file as ``<section>.trf``, stored in festival.yml's order."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for line in festival.sections:
            member = zipfile.ZipInfo(f"{line.plan.slug.rpartition('/')[2]}.trf",
                                     date_time=ZIP_DAY)
            member.compress_type = zipfile.ZIP_DEFLATED
            member.external_attr = 0o644 << 16
            archive.writestr(member, line.plan.event.trf_bytes)
    return buffer.getvalue()


__all__ = ["festival_document", "festival_json", "festival_trf_zip"]
