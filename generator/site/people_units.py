"""The units of the manifest that hold the players' pages, one per part of the persons'
state (site_state.py), named here so that the cache tells them from the events' units and
the index's (touched.py makes them)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from generator.reading.site_names import PEOPLE_DIR
from generator.site.manifest import Unit

__all__ = ["PEOPLE_UNITS", "PeoplePages", "is_people_unit", "people_unit"]

PEOPLE_UNITS = PEOPLE_DIR + "/"
"""Where the units of the players' pages are named in the manifest (:func:`people_unit`)."""


def people_unit(home: str, part: str) -> str:
    """The unit of the players' pages of one part of the persons' state (site_state.py's
    ``persons/<digits>``) in the language under ``home``: ``people/<digits>``, a name no
    event takes (the players' folder is one of the site's own, site_names.py). The pages
    of 190,000 persons in one unit were a record of 20 MB that every change read, walked
    and wrote again; by part, a change reads and writes those of the parts it touches."""
    return home + PEOPLE_UNITS + part.rpartition("/")[2]


def is_people_unit(name: str) -> bool:
    """Whether a unit of the manifest is one of :func:`people_unit`'s, in any language (a
    festival's section is ``festival/section``, under a language ``en/festival/section``,
    and no festival is called ``people``)."""
    parts = name.split("/")
    return (len(parts) == 2 and parts[0] == PEOPLE_DIR) \
        or (len(parts) == 3 and parts[1] == PEOPLE_DIR)


class PeoplePages(Protocol):
    """The units of the players' pages of a build (touched.py's ``PeopleUnits``)."""

    def whole(self, home: str) -> bool:
        """Every unit of the language under ``home`` is the last build's, all there."""
        ...

    def units(self, home: str, key: str) -> Mapping[str, Unit]:
        """The units of the language under ``home``, under the index's key ``key``, once
        its index pages are rendered or kept."""
        ...
