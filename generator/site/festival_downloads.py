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

from generator.rules.cross_section import CrossAward
from generator.site.downloads import standings_json
from generator.site.festival_prizes import across_awards
from generator.site.festival_view import FestivalView
from generator.site.plain_numbers import json_number

ZIP_DAY = (1980, 1, 1, 0, 0, 0)
"""Every member's date in the ZIP: the earliest a ZIP can hold. A date of the build would
make each build's file differ; the TRF's own dates are inside it."""


def festival_document(festival: FestivalView) -> dict[str, Any]:
    """The festival's JSON as plain values: its words, then each section's standings
    document (as its ``standings.json``) under its folder name and switcher name, then,
    where festival.yml has them, the prizes across sections (``across_sections``)."""
    settings = festival.festival.settings
    document: dict[str, Any] = {
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
    across = across_awards(festival)
    if across:
        # Only where festival.yml has them: a festival without keeps its JSON as it was.
        document["across_sections"] = [_across_document(cross) for cross in across]
    return document


def _across_document(cross: CrossAward) -> dict[str, Any]:
    """A prize across sections as data: its rule, and each award with its recipients named
    by section and start number (their section's JSON has the rest), the reason as the
    engine's word for it (``rules/prizes.py`` AwardReason, NotAwardedReason)."""
    prizes = cross.prizes
    awards = []
    for award in cross.award.awards:
        awards.append({
            "list": award.ranking,
            "positions": [prize.position for prize in award.prizes],
            "amount": json_number(award.amount),
            "prize": " · ".join(p.name for p in award.prizes if p.name) or None,
            "recipients": [
                {"section": cross.entries[share.start_no].section,
                 "start_no": cross.entries[share.start_no].row.player.start_no,
                 "name": cross.entries[share.start_no].row.player.name,
                 "amount": json_number(share.amount)}
                for share in award.recipients],
            "reason": award.reason.value if award.reason is not None else None,
            "criterion": award.criterion,
            "not_awarded": award.not_awarded.value if award.not_awarded is not None else None,
        })
    return {"name": prizes.name, "sections": list(prizes.sections),
            "compare": prizes.compare.value, "currency": cross.award.currency,
            "provisional": cross.award.provisional, "awards": awards}


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
