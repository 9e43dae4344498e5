"""Federation flags: FIDE's three-letter federation codes to the vendored SVG flags.

The flags are flag-icons' 4x3 set (``generator/flags/``, see its PROVENANCE.md), named by
ISO 3166-1 alpha-2 code. FIDE's codes mostly follow the Olympic ones, which is why the
table is written out rather than derived: GER is ``de``, NED ``nl``, SUI ``ch``, and the
members that are not ISO countries (England, Scotland, Wales, Jersey, Guernsey, Kosovo)
have flags of their own or none. A code not in the table (a national federation's own
code, a federation that no longer exists such as YUG or URS, a typo) shows no flag: the
code beside it is the text, the flag only decoration.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from importlib import resources
from importlib.resources.abc import Traversable

from markupsafe import Markup, escape

from generator.reading.site_names import STATIC_DIR

FLAGS_PACKAGE_DIR = "flags"
"""Where the SVG files are, inside the ``generator`` package."""

FLAGS_SITE_DIR = f"{STATIC_DIR}/flags"
"""Where the flags an event uses are copied to in the site."""

FIDE_FLAG = "fide"
"""Players registered with FIDE itself (FID): a neutral flag of our own drawing, not FIDE's
logo, which is FIDE's mark and not ours to ship."""

FEDERATION_FLAGS: dict[str, str] = {
    "AFG": "af", "ALB": "al", "ALG": "dz", "AND": "ad", "ANG": "ao",
    "ANT": "ag", "ARG": "ar", "ARM": "am", "ARU": "aw", "AUS": "au", "AUT": "at",
    "AZE": "az", "BAH": "bs", "BAN": "bd", "BAR": "bb", "BDI": "bi", "BEL": "be",
    "BEN": "bj", "BER": "bm", "BHU": "bt", "BIH": "ba", "BIZ": "bz", "BLR": "by",
    "BOL": "bo", "BOT": "bw", "BRA": "br", "BRN": "bh", "BRU": "bn", "BUL": "bg",
    "BUR": "bf", "CAF": "cf", "CAM": "kh", "CAN": "ca", "CAY": "ky", "CGO": "cg",
    "CHA": "td", "CHI": "cl", "CHN": "cn", "CIV": "ci", "CMR": "cm", "COD": "cd",
    "COL": "co", "COM": "km", "CPV": "cv", "CRC": "cr", "CRO": "hr", "CUB": "cu",
    "CYP": "cy", "CZE": "cz", "DEN": "dk", "DJI": "dj", "DMA": "dm", "DOM": "do",
    "ECU": "ec", "EGY": "eg", "ERI": "er", "ESA": "sv", "ESP": "es", "EST": "ee",
    "ETH": "et", "FAI": "fo", "FIJ": "fj", "FIN": "fi", "FRA": "fr", "GAB": "ga",
    "GAM": "gm", "GEO": "ge", "GEQ": "gq", "GER": "de", "GHA": "gh", "GRE": "gr",
    "GRN": "gd", "GUA": "gt", "GUM": "gu", "GUY": "gy", "HAI": "ht", "HKG": "hk",
    "HON": "hn", "HUN": "hu", "INA": "id", "IND": "in", "IRI": "ir", "IRL": "ie",
    "IRQ": "iq", "ISL": "is", "ISR": "il", "ISV": "vi", "ITA": "it", "IVB": "vg",
    "JAM": "jm", "JOR": "jo", "JPN": "jp", "KAZ": "kz", "KEN": "ke", "KGZ": "kg",
    "KOR": "kr", "KOS": "xk", "KSA": "sa", "KUW": "kw", "LAO": "la", "LAT": "lv",
    "LBA": "ly", "LBN": "lb", "LBR": "lr", "LCA": "lc", "LES": "ls", "LIE": "li",
    "LTU": "lt", "LUX": "lu", "MAC": "mo", "MAD": "mg", "MAR": "ma", "MAS": "my",
    "MAW": "mw", "MDA": "md", "MDV": "mv", "MEX": "mx", "MGL": "mn", "MKD": "mk",
    "MLI": "ml", "MLT": "mt", "MNC": "mc", "MNE": "me", "MOZ": "mz", "MRI": "mu",
    "MTN": "mr", "MYA": "mm", "NAM": "na", "NCA": "ni", "NED": "nl", "NEP": "np",
    "NGR": "ng", "NIG": "ne", "NOR": "no", "NRU": "nr", "NZL": "nz", "OMA": "om",
    "PAK": "pk", "PAN": "pa", "PAR": "py", "PER": "pe", "PHI": "ph", "PLE": "ps",
    "PLW": "pw", "PNG": "pg", "POL": "pl", "POR": "pt", "PUR": "pr", "QAT": "qa",
    "ROU": "ro", "RSA": "za", "RUS": "ru", "RWA": "rw", "SEN": "sn", "SEY": "sc",
    "SGP": "sg", "SKN": "kn", "SLE": "sl", "SLO": "si", "SMR": "sm", "SOL": "sb",
    "SOM": "so", "SRB": "rs", "SRI": "lk", "SSD": "ss", "STP": "st", "SUD": "sd",
    "SUI": "ch", "SUR": "sr", "SVK": "sk", "SWE": "se", "SWZ": "sz", "SYR": "sy",
    "TAN": "tz", "THA": "th", "TJK": "tj", "TKM": "tm", "TLS": "tl", "TOG": "tg",
    "TPE": "tw", "TTO": "tt", "TUN": "tn", "TUR": "tr", "UAE": "ae", "UGA": "ug",
    "UKR": "ua", "URU": "uy", "USA": "us", "UZB": "uz", "VAN": "vu", "VEN": "ve",
    "VIE": "vn", "VIN": "vc", "YEM": "ye", "ZAM": "zm", "ZIM": "zw",
    # The members that are not ISO 3166-1 countries: the home nations fly their own
    # flags (ISO 3166-2 subdivisions in flag-icons), the Crown Dependencies theirs.
    "ENG": "gb-eng", "SCO": "gb-sct", "WLS": "gb-wls",
    "GCI": "gg", "JCI": "je", "IOM": "im",
    "FID": FIDE_FLAG,
}
"""FIDE federation code -> flag file stem. Codes of federations that no longer exist (YUG,
SCG, URS, TCH, AHO) are left out: which flag they would fly is a question, not a lookup."""


def flag_stem(federation: str | None) -> str | None:
    """The flag file (without ``.svg``) of a federation code as a TRF writes it (any case,
    padded), or None when the code has no flag."""
    if not federation:
        return None
    return FEDERATION_FLAGS.get(federation.strip().upper())


def flag_path(stem: str) -> str:
    """The site address of a flag, e.g. ``static/flags/de.svg``."""
    return f"{FLAGS_SITE_DIR}/{stem}.svg"


def vendored_flags() -> Traversable:
    """The folder of SVG flags shipped with the package."""
    return resources.files("generator") / FLAGS_PACKAGE_DIR


def flag_files(federations: Iterable[str | None]) -> dict[str, bytes]:
    """The site's copies of the flags of ``federations`` (an iterable of codes), by site
    address, sorted: only the flags something on the site shows."""
    folder = vendored_flags()
    return {flag_path(stem): (folder / f"{stem}.svg").read_bytes()
            for stem in flag_stems(federations)}


def flag_stems(federations: Iterable[str | None]) -> list[str]:
    """The flags of ``federations`` (codes, any case, repeated or not), sorted, once each."""
    return sorted({stem for code in federations if (stem := flag_stem(code)) is not None})


FLAG_STYLESHEET = f"{STATIC_DIR}/style.css"
"""The stylesheet the flags' rules are added to: every page links it already, so a flag
costs no request of its own."""


@functools.lru_cache(maxsize=512)
def flag_mark(federation: str | None) -> Markup:
    """The flag of ``federation`` as an empty ``<span>`` the stylesheet paints, or nothing.

    Not an ``<img>``: a 300-player standings page asked the browser for 300 images, one
    request and one decode bookkeeping per row, which was a third of its load time on a
    phone. A background named once per flag in the stylesheet is fetched once, and only
    for a row the browser styles. Decorative: the code beside it is the text a screen
    reader says, and the span has no content to say.
    """
    stem = flag_stem(federation)
    if stem is None:
        return Markup("")
    return Markup(f'<span class="flag flag-{escape(stem)}"></span>')


def flag_rules(federations: Iterable[str | None]) -> str:
    """The stylesheet rules painting the flags of ``federations``, each url relative to
    :data:`FLAG_STYLESHEET`; empty when none has a flag."""
    folder = FLAGS_SITE_DIR.removeprefix(f"{STATIC_DIR}/")
    return "".join(f".flag-{stem} {{ background-image: url({folder}/{stem}.svg); }}\n"
                   for stem in flag_stems(federations))
