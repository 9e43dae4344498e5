"""Event folder names as web addresses: which ones the site takes, decided here only.

An event folder's name is its address on the site (``SITE/<name>/index.html``) and the
text of every link to it. A name that a browser reads as more than one path segment
would break those links or turn them into something else: in ``c:d/index.html`` the
``c:`` is a URL scheme (so ``javascript:alert(1)`` is a script link), ``#`` and ``?``
end the path, ``%20`` is read as a space, and ``\\`` as ``/``. Rather than encode the
name in every link and decode it again in every place that looks an address up (the
server, the build cache), such names are refused with a name that works.

The reader checks the names of the folders it lists (so ``standings check`` reports
them) and the site checks every event it publishes (``site.build.plan_site``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from generator.errors import Diagnostic, quote

STATIC_DIR = "static"
TIEBREAKS_DIR = "tiebreaks"
PEOPLE_DIR = "people"
SERIES_DIR = "series"
"""The series' pages (issue 28): ``series/<name>/index.html``."""
SEASONS_DIR = "seasons"
"""An archive's older seasons, a page each (issue 26): ``seasons/<year>.html``."""
SITE_NAMES = frozenset({STATIC_DIR, TIEBREAKS_DIR, PEOPLE_DIR, SERIES_DIR, SEASONS_DIR,
                        "index.html"})
"""Top-level names the site itself uses; an event folder may not take them."""

MAX_NAME_BYTES = 255 - len(".trf")
"""The longest name in UTF-8: the event's TRF download is ``<name>/<name>.trf``, and a file
name takes at most 255 bytes on the disks sites are built on (ext4, APFS, NTFS's 255
UTF-16 units are more)."""

_SEPARATORS = frozenset("-_.")
ALLOWED = "letters, digits, '-', '_' and '.', beginning with a letter or a digit"


def address_key(name: str) -> str:
    """Names with one key are one address on a case-insensitive disk (Windows, macOS) and
    on hosts that fold case; macOS also takes the composed and decomposed forms as one."""
    return unicodedata.normalize("NFC", name).casefold()


def _is_word_character(character: str) -> bool:
    # Letters (with their combining marks, as macOS writes "å" in a file name) and
    # digits: a browser sends them percent-encoded as UTF-8 and every host reads them back.
    return unicodedata.category(character)[0] in "LMN"


def address_words(name: str) -> str:
    """``name``'s words (letters and digits) in lower case joined by '-', a name every
    address takes: "Under 2000" -> "under-2000"; empty when it has no letter or digit."""
    words = re.split(r"[^\w]+|_+", unicodedata.normalize("NFC", name).lower())
    return "-".join(word for word in words if word)


def _suggestion(name: str) -> str:
    return address_words(name) or "event"


_PLAIN_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
"""A name of ASCII letters, digits and separators, beginning well: most names, which need
no look at each character's Unicode category (an archive's build names ten thousand)."""


def address_problem(name: str, path: str) -> Diagnostic | None:
    """Why the event folder (or lone TRF file) ``name`` at ``path`` cannot be an address."""
    if _PLAIN_NAME.fullmatch(name) and not name.endswith(".") \
            and len(name) <= MAX_NAME_BYTES and name.lower() not in SITE_NAMES:
        return None
    if address_key(name) in SITE_NAMES:
        return Diagnostic(path=path, message=f"event folder name {name!r} is used by the site "
                          "itself", expected="another folder name (not "
                          + ", ".join(sorted(SITE_NAMES)) + ")")
    unfit = next((c for c in name if not (_is_word_character(c) or c in _SEPARATORS)), None)
    if unfit is not None:
        what = f"holds {unfit!r}, which a web address cannot carry as it is"
    elif not name or not _is_word_character(name[0]):
        what = "does not begin with a letter or a digit"
    elif name.endswith("."):
        what = "ends with '.', which Windows drops from a folder name"
    elif len(name.encode()) > MAX_NAME_BYTES:
        return Diagnostic(path=path, message=f"event folder name {quote(name)} is "
                          f"{len(name.encode())} bytes long in UTF-8, too long for the name of "
                          f"its TRF download ('<name>/<name>.trf', at most 255 bytes)",
                          expected=f"a name of at most {MAX_NAME_BYTES} bytes")
    else:
        return None
    return Diagnostic(path=path, message=f"event folder name {name!r} {what} (the name is the "
                      "event's address on the site)",
                      expected=f"{ALLOWED}, such as {_suggestion(name)!r}")


def address_problems(named: Iterable[tuple[str, str]]) -> list[Diagnostic]:
    """Every refused name of ``(name, path)`` pairs: unfit names, and each name whose
    address is another's but for case (both would be one folder on many disks)."""
    problems = []
    taken: dict[str, tuple[str, str]] = {}
    for name, path in named:
        # A festival's section ("bunratty/major") lives under its festival's folder, whose
        # name is the address; the section's was checked when the festival was listed.
        problem = address_problem(name.partition("/")[0], path)
        if problem is None:
            first = taken.setdefault(address_key(name), (name, path))
            if first[0] != name or first[1] != path:
                problem = Diagnostic(
                    path=path, message=f"event folder names {first[0]!r} ({first[1]}) and "
                    f"{name!r} differ only in case, and are one folder on case-insensitive "
                    "disks and hosts", expected="names that differ in more than case")
        if problem is not None:
            problems.append(problem)
    return problems


def language_folder_problems(named: Iterable[tuple[str, str]], folders: Iterable[str]
                             ) -> list[Diagnostic]:
    """Every event folder of ``(name, path)`` pairs named like one of ``folders``, the
    site's folders of its languages (``de/`` in a site built in ``[en, de]``): in any case,
    as the site's own names, since ``DE`` and ``de`` are one folder on case-insensitive
    disks and hosts."""
    taken = {address_key(folder): folder for folder in folders}
    return [Diagnostic(path=path, message=f"the event folder {name!r} has the name of the "
                       f"site's folder for the language {taken[key]!r}",
                       expected="another folder name, or site.yml 'languages' without it")
            for name, path in named if (key := address_key(name.partition("/")[0])) in taken]
