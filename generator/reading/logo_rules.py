"""What a logo file may be, for site.yml's logo and a festival.yml's alike (issue 22): its
name, its type, its size, and whether a raster is what its name says. No parser: the SVG
cleaner (``svg_logo.py``, defusedxml) is loaded only where a logo is read, by the build,
``serve`` and ``standings check`` of an events folder (``site_files.py``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from generator.errors import quote

if TYPE_CHECKING:
    from yaml.nodes import Node

    from generator.reading.settings_reader import SettingsReader

LOGO_TYPES = {".svg": "an SVG image", ".png": "a PNG image", ".jpg": "a JPEG image",
              ".jpeg": "a JPEG image", ".webp": "a WebP image"}
"""The logo's file types, by name ending: images every browser shows in an ``<img>``."""
MAX_LOGO_BYTES = 256 * 1024
"""The largest logo copied: a header logo is a few kilobytes, and every page loads it."""
LOGO_FOLDER = "static/logo"
"""Where the site keeps the logo: its own folder, so no logo name can take the name of one
of the site's own files (static/favicon.svg). A festival's is ``<festival>/static/logo``
(no section may be named ``static``, reading/site_names.py)."""

_LOGO_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
"""A logo's file name: the last part of its address on the site, so plain ASCII (a name a
browser would re-encode or read as a path, ``a/b``, ``%2e``, ``..``, never matches)."""


def logo_name(reader: SettingsReader, node: Node, beside: str) -> str | None:
    """The ``logo`` key of the settings file ``beside`` (site.yml, festival.yml): a file
    name beside it; None, reported at the value's line and column, when it cannot be."""
    written = reader.text(node, "logo")
    if written is None:
        return None
    name = written.strip()
    suffix = name[name.rfind("."):].lower() if "." in name else ""
    if "/" in name or "\\" in name:
        reader.error(node, f"'logo' {quote(name)} is a path, not a file name",
                     f"the name of an image file beside {beside}, such as 'logo.svg'")
    elif not _LOGO_NAME.fullmatch(name):
        reader.error(node, f"'logo' {quote(name)} is not a plain file name",
                     "a name of ASCII letters, digits, '-', '_' and '.', beginning with a "
                     "letter or a digit, such as 'logo.svg'")
    elif suffix not in LOGO_TYPES:
        reader.error(node, f"'logo' {quote(name)} is not an image of a type the site shows",
                     "a file ending in " + ", ".join(LOGO_TYPES))
    else:
        return name
    return None


def logo_problem(name: str, data: bytes) -> str | None:
    """Why ``data`` (the file ``name``) cannot be a logo, as a diagnostic's message; None
    when it can (an SVG is then still to be cleaned: :func:`is_svg_logo`). ``data`` is at
    most one byte longer than :data:`MAX_LOGO_BYTES`."""
    if len(data) > MAX_LOGO_BYTES:
        return f"the logo is larger than {MAX_LOGO_BYTES // 1024} KB"
    suffix = name[name.rfind("."):].lower()
    kind = LOGO_TYPES[suffix]
    head = data[:64]
    if suffix == ".svg":
        return None  # read as XML and rewritten by generator/reading/svg_logo.py
    signatures = {".png": (b"\x89PNG\r\n\x1a\n",), ".jpg": (b"\xff\xd8\xff",),
                  ".jpeg": (b"\xff\xd8\xff",)}
    if suffix == ".webp":
        matches = head[:4] == b"RIFF" and head[8:12] == b"WEBP"
    else:
        matches = head.startswith(signatures[suffix])
    return None if matches else f"the logo is named like {kind} but is not one"


def is_svg_logo(name: str) -> bool:
    """Whether the logo ``name`` is an SVG image, which the site publishes rewritten."""
    return name.lower().endswith(".svg")


__all__ = ["LOGO_FOLDER", "LOGO_TYPES", "MAX_LOGO_BYTES", "is_svg_logo", "logo_name",
           "logo_problem"]
