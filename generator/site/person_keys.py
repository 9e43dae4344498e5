"""Who is one person across events: the key of a player, which names their page.

A FIDE ID names one person. Without one, the name is all there is (C.07 and the TRF give
nothing else), read so that two different names never become one person:

- A name written in Latin letters keeps the key it always had: its ASCII fold ("Müller,
  Anna" -> ``muller-anna``), so an export without accents still finds the same person, and
  every address published before stays where it was.
- Any other name (Cyrillic, Greek, Chinese, Arabic, or a name with no letter at all) is
  keyed by its words in Unicode, NFKC-normalised and case-folded: folding it to ASCII would
  leave nothing, and every such player would be one person. Its address is the Latin part of
  the name, if any, and a digest of that key: ASCII, the same on every build, never the
  address of a Latin name (those have no ``_``).
- Two players of one event are never one person: players of one event who would share a key
  are told apart by federation and year of birth, and where those do not tell them apart
  either, by their start number in that event (then that page holds that one event).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from generator.model import NationalId, Player, StartNo

if TYPE_CHECKING:
    from generator.reading.festival import Festival

_DIGEST_LENGTH = 12
"""Hex digits of the SHA-256 digest in a non-Latin name's address: 48 bits, so two names
of one site share an address with odds of about n²/2⁴⁹ (1 in 10⁶ for 20,000 names)."""

_FIDE_KEY = re.compile(r"fide-[0-9]+")
"""The key of a player with a FIDE ID; no name is given it."""


def _ascii_slug(name: str) -> str:
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")


def _is_latin(name: str) -> bool:
    """Every letter of ``name`` is a Latin one (with or without its marks), and it has one."""
    letters = [c for c in unicodedata.normalize("NFKC", name) if unicodedata.category(c)[0] == "L"]
    return bool(letters) and all(
        c.isascii() or unicodedata.name(c, "").startswith("LATIN ") for c in letters)


def _unicode_words(name: str) -> str:
    """The name's words (letters with their marks, and digits), NFKC, case-folded, joined by
    '-': "Иванов,  Иван" and "ИВАНОВ, Иван" are one key; a name with no letter or digit is
    kept whole."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    words = "".join(c if unicodedata.category(c)[0] in "LMN" else " " for c in folded).split()
    return "-".join(words) if words else folded.strip()


def name_key(name: str) -> str:
    """The key of a player without a FIDE ID, from the name alone (see the module's text)."""
    slug = _ascii_slug(name)
    # A name that folds to "fide-1234" would be that FIDE ID's page.
    if _is_latin(name) and slug and not _FIDE_KEY.fullmatch(slug):
        return slug
    digest = _sha256_hex(_unicode_words(name))[:_DIGEST_LENGTH]
    return f"{slug or 'player'}_{digest}"


def _own_key(player: Player) -> str:
    return f"fide-{player.fide_id}" if player.fide_id else name_key(player.name)


def national_key(national_id: NationalId) -> str:
    """The key of a national ID: ``nat-eng.123456a``. The "." is in no name's key (an ASCII
    fold keeps letters, digits and "-"; a digest key adds "_"), nor a FIDE ID's, so no name
    can take a national ID's page."""
    return f"nat-{_ascii_slug(national_id.federation)}.{_ascii_slug(national_id.number)}"


def _section_key(player: Player) -> str:
    """A festival section's player (issue 27): the FIDE ID, else the national ID (a TRF-26
    NRS record's), else the name and the federation, so that two players of one name from
    two federations stay two people across the festival's sections. A player without a
    national ID keeps the key they had before national IDs were read."""
    if player.fide_id:
        return f"fide-{player.fide_id}"
    if player.national_id is not None:
        return national_key(player.national_id)
    federation = _ascii_slug(player.federation)
    return f"{name_key(player.name)}--{federation}" if federation else name_key(player.name)


def _qualifier(player: Player) -> str:
    """Federation and year of birth, as address words ("rus-1990"); "" when neither is given."""
    year = player.birth.strip()[:4]
    parts = [_ascii_slug(player.federation), year if year.isdigit() else ""]
    return "-".join(part for part in parts if part)


def _event_mark(slug: str) -> str:
    return _sha256_hex(slug)[:8]


def _sha256_hex(text: str) -> str:
    # hashlib loads OpenSSL, which ``standings rank`` (it imports the plan, and so this
    # module, but asks for no key) need not load: imported when a key is first made.
    import hashlib

    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def person_keys(slug: str, players: Sequence[Player], *,
                own_key: Callable[[Player], str] = _own_key) -> Mapping[StartNo, str]:
    """The person key of every player of the event ``slug`` (its player pages link to the
    person's page): no two players of the event share one."""
    by_key: dict[str, list[Player]] = {}
    for player in players:
        by_key.setdefault(own_key(player), []).append(player)
    event_mark = _event_mark(slug)
    keys: dict[StartNo, str] = {}
    for key, sharing in by_key.items():
        if len(sharing) == 1:
            keys[sharing[0].start_no] = key
            continue
        # "--" is in no ASCII fold nor digest key, so a told-apart key is no one else's.
        told_apart = {p.start_no: f"{key}--{_qualifier(p)}" for p in sharing if _qualifier(p)}
        counts: dict[str, int] = {}
        for told in told_apart.values():
            counts[told] = counts.get(told, 0) + 1
        for player in sharing:
            candidate = told_apart.get(player.start_no)
            keys[player.start_no] = (
                candidate if candidate is not None and counts[candidate] == 1
                else f"{key}--{event_mark}-{player.start_no}")
    return keys


def section_person_keys(slug: str, players: Sequence[Player], festival: Festival
                        ) -> Mapping[StartNo, str]:
    """The person keys of a festival section's players: one person across the festival's
    sections by FIDE ID, else by name and federation; festival.yml's ``people`` joins
    entries whose names differ (the key of the join's first entry, from festival.yml
    alone) and splits an entry from a namesake (its own key in this section). Each key
    reads this section's file and festival.yml only, never another section's."""
    section = slug.rpartition("/")[2]
    keys = dict(person_keys(slug, players, own_key=_section_key))
    mark = _event_mark(slug)
    for ref in festival.splits:
        if ref.section == section and ref.start_no in keys:
            keys[StartNo(ref.start_no)] = f"{keys[StartNo(ref.start_no)]}--{mark}-{ref.start_no}"
    festival_words = _ascii_slug(festival.slug) or "festival"
    for group in festival.joins:
        first = group[0]
        joined = f"{festival_words}--{_ascii_slug(first.section) or 'section'}-{first.start_no}"
        for ref in group:
            if ref.section == section and ref.start_no in keys:
                keys[StartNo(ref.start_no)] = joined
    return keys


__all__ = ["name_key", "national_key", "person_keys", "section_person_keys"]
