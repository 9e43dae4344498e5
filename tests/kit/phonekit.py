"""A 300-player, 9-round Swiss for the phone-first tests and benches (issue 12).

Two variants of one deterministic event (tests/kit/trfgen.py, a fixed seed):

* ``club``: nobody rated and no federation written, as in a club event, where the Fed and
  Rtg columns are empty for the whole event;
* ``full``: ratings and federations for everyone.

Every seventh player gets a long name with accented letters (``LONG_NAMES``), the kind
that used to break inside a word on a phone ("Argand/ona").
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from kit import trfgen

PLAYERS = 300
ROUNDS = 9
SEED = 1212
TIEBREAKS = "[BH/C1, BH, SB, DE, WIN, BPG]"

LONG_NAMES = (
    "Argandoña Rodríguez, Maximiliano",
    "Sanz Pérez-Castellanos, Eduardo",
    "Wojciechowska-Kowalczyk, Agata",
    "Schwarzenberger, Friedhelm",
    "Rodriguez Cabrera, Anastasia",
    "Vasilyevich Khristoforov, Nikolai",
    "Oyelaran-Babatunde, Oluwaseun",
)
"""At most 33 characters, what a TRF-16 name field holds (a longer one would be cut inside
a word by the file itself)."""
assert all(len(name) <= 33 for name in LONG_NAMES)

VARIANTS = {
    "club": "title: Club open 300\nplace: Generated City\ntiebreaks: " + TIEBREAKS + "\n",
    "full": "title: Rated open 300\nplace: Generated City\ntiebreaks: " + TIEBREAKS + "\n",
}
"""Event slug: its event.yml."""


def swiss_300_trf(variant: str) -> str:
    """The TRF of one variant (``club`` or ``full``)."""
    club = variant == "club"
    mix = trfgen.Mix(unrated=1.0) if club else trfgen.Mix()
    tournament = trfgen.build_swiss(random.Random(SEED), PLAYERS, ROUNDS, mix=mix, seed=SEED)
    entrants = []
    for entrant in tournament.entrants:
        if entrant.start_no % 7 == 0:
            long_name = LONG_NAMES[(entrant.start_no // 7) % len(LONG_NAMES)]
            entrant = replace(entrant, name=long_name)
        if club:
            entrant = replace(entrant, federation="", fide_id=None)
        entrants.append(entrant)
    return replace(tournament, entrants=tuple(entrants)).to_trf()


def make_300_events(events: Path) -> Path:
    """Both variants as event folders ``club`` and ``full`` under ``events``."""
    for slug, settings in VARIANTS.items():
        folder = events / slug
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "tournament.trf").write_text(swiss_300_trf(slug), encoding="utf-8")
        (folder / "event.yml").write_text(settings, encoding="utf-8")
    return events
