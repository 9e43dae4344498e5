"""QR codes for the venue: the event's live standings on a printed sheet, and each player's
own page on their printed page.

A QR code needs an absolute address (``SiteSettings.absolute``), so it exists only when
``site.yml`` gives ``url``; a QR code of a relative link would open nothing on a phone.
The codes are inline SVG (one ``<path>``, dark on a white square so that they scan in dark
mode and on paper), made by segno.
"""

from __future__ import annotations

import functools
import re

from markupsafe import Markup, escape

ERROR_CORRECTION = "m"
"""Level M (15 % of the code may be lost): a sheet pinned at the venue gets creased, and a
higher level would make the code denser for the same address."""

PLAYER_QR_MASK = 0
"""The player pages' codes use one mask pattern instead of the best of eight. Any mask is
a valid code (ISO/IEC 18004 7.8: the encoder chooses); scoring all eight is most of segno's
time, and a 2,000-player event makes 2,000 codes. The event's sheet, one code, gets the
best mask."""


def qr_svg(url: str, label: str, *, mask: int | None = None) -> Markup:
    """``url`` as an inline SVG QR code, sized by its viewBox (CSS gives the size), with
    ``label`` as its accessible name."""
    # Imported here: a site without a url (no code at all) loads none of segno's writers.
    import segno

    code = segno.make(url, error=ERROR_CORRECTION, micro=False, mask=mask)
    svg = code.svg_inline(scale=1, border=4, dark="#000", light="#fff", omitsize=True,
                          svgclass="qr", lineclass=None)
    # segno writes <svg viewBox=... class="qr">: add what a screen reader needs. The label
    # is ours (an event title or a player's name from the TRF), so it is escaped.
    return Markup(re.sub(r"^<svg ", f'<svg role="img" aria-label="{escape(label)}" ',
                         svg, count=1))


@functools.lru_cache(maxsize=4096)
def small_qr_svg(url: str, label: str) -> Markup:
    """A code on one of many pages (each player's): :data:`PLAYER_QR_MASK`, not the best.
    Kept (about 2 KB each): ``standings serve`` renders a player's page again after each
    export of the TRF, and the page's address, so its code, stays the same."""
    return qr_svg(url, label, mask=PLAYER_QR_MASK)
