"""The settings of one event (event.yml read, else its defaults): the record every reader
takes. A TRF file without an event.yml is read with the defaults alone, so this module imports
none of event.yml's readers (reading/settings.py reads the file into it).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from dataclasses import field
from decimal import Decimal
from types import MappingProxyType
from typing import TYPE_CHECKING

from generator.model import DEFAULT_UNPLAYED, Edition, ScoreSystem, TieRule, UnplayedOptions
from generator.rules.notation import TiebreakSpec
from generator.speed import frozen_record

if TYPE_CHECKING:
    from generator.reading.settings_reader import Position
    from generator.rules.categories import Category
    from generator.rules.prizes import PrizeSettings
    from generator.rules.rating_change import KSettings


@frozen_record
class EventSettings:
    """What event.yml says; None wherever it says nothing (the TRF or a default decides)."""

    title: str | None = None
    start_date: datetime.date | None = None
    end_date: datetime.date | None = None
    place: str | None = None
    organiser: str | None = None
    arbiter: str | None = None
    edition: Edition | None = None
    """None: the edition in force on the start date (C.07 2026 from 1 March 2026)."""
    tiebreaks: tuple[TiebreakSpec, ...] | None = None
    """The announced order after points (Art. 4.1); None: TRF 202/212, else the default."""
    scoring: ScoreSystem | None = None
    """None: TRF-26 162, else XXS, else inferred from the points column."""
    unplayed: UnplayedOptions = DEFAULT_UNPLAYED
    """C.07 16.6 provisions announced instead of 16.3-16.5."""
    total_rounds: int | None = None
    encoding: str | None = None
    """The TRF file's encoding as a Python codec (reading/decoding.py); None: UTF-8, else
    cp1252 with a warning."""
    unrated_rating: int | None = None
    """Rating used for unrated players in rating tie-breaks (Art. 10 preamble)."""
    round_robin: bool | None = None
    """None: detected from the TRF (192, 092, the pairings)."""
    ties: TieRule = TieRule.SHARED
    lots_seed: int | None = None
    team_bye: tuple[Decimal, Decimal] | None = None
    """A team event's pairing-allocated bye: its match points and game points. C.07 leaves
    the value to the event (16.2.1); None: TRF-26 320, else the players' `0000 - U` marks,
    else a drawn match (Q3)."""
    notes: str | None = None
    """Markdown shown on the event's pages (inline here, or notes.md next to event.yml)."""
    categories: tuple[Category, ...] = ()
    """Named groups of players with a ranking each (the overall order filtered) and,
    with ``prizes``, their own prize lists; in event.yml order."""
    prizes: PrizeSettings | None = None
    """The prize lists and the rules that allocate them; None: the event announces none."""
    rating_change: KSettings | None = None
    """K for the FIDE rating change (B.02): for everyone or per player; None: B.02's
    default rule on what the TRF holds."""
    path: str = ""
    """The event.yml as the user named it; empty when there is none."""
    positions: Mapping[str, Position] = field(default_factory=lambda: MappingProxyType({}))
    """Key path (``scoring.win``, ``tiebreaks[2]``) -> (line, column), 1-based."""
    sources: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """Top-level key -> the file it was written in, where that is not ``path``: a festival
    section's settings that its festival.yml gives (reading/festival.py)."""

    def file_of(self, key: str) -> str:
        """The file a key path (``rating_change.k.default``) was written in."""
        return self.sources.get(re.split(r"[.\[]", key, maxsplit=1)[0], self.path)


__all__ = ["EventSettings"]
