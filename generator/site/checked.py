"""An archive's events read, checked and let go one by one, and read again when their pages
are rendered: a build of thousands of events holds none of their plans to its end (issue 26).

A build must refuse bad input before it writes anything (STYLE.md section 2: gather every
event first, then write), so every event is read and planned before the first page is
written. Kept whole, an event's reading and plan weigh about a quarter of a megabyte, held
until the build ends: gigabytes at a federation's thousands of events. What the build needs
of an event before it writes is small: its warnings, its address, and its summary, which is
what the index, the players' pages and the find index read of it (stored_summary.py, which
also lists an unchanged event in an incremental build). So past :data:`HELD_EVENTS` events
each is planned as soon as it is read, kept as a :class:`CheckedEvent`, and let go; its
pages are rendered from the same folder read and planned again, one event at a time (in a
forked worker, whose memory so stays that of one event).

Reading and planning cost about 8 ms an event, a twentieth of its pages' rendering: that is
what the second reading costs. A festival's sections and the events a series ranks are
kept whole all the same (their pages read each other's plans: build._read_whole), and so is
an event whose plan raises, for the build to raise it where it does with every event whole.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.errors import Diagnostic, StandingsError
from generator.reading.events import Event, read_events_but
from generator.site.plan import EventPlan, plan_event
from generator.site.stored_summary import SummarisedEvent, summarise, summarised

__all__ = ["HELD_EVENTS", "CheckedEvent", "CheckedEvents", "checker", "plan_again"]

HELD_EVENTS = 64
"""Events read by a build up to which each is kept whole until its pages are written (the
examples, a club's seasons, a one-event change); past it each is kept as a
:class:`CheckedEvent`. Below it the second reading would save no memory worth its time."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CheckedEvent:
    """An event read and planned without an error, and let go: what the build needs of it
    before its pages are rendered, which read it again (:func:`plan_again`)."""

    slug: str
    display_path: str
    """The event as the reader named it (``Event.display_path``)."""
    given: str
    """The path the reader was given for it (one of the events folder's listed paths)."""
    warnings: tuple[Diagnostic, ...]
    """The event's warnings, its standings' included (build.planned_warnings)."""
    summary: Mapping[str, Any]
    """stored_summary.summarise of its plan: the manifest keeps it."""
    listed: SummarisedEvent
    """The stand-in the pages outside its folder read."""


def checker(given: Mapping[str, str], whole: Collection[str],
            ) -> Callable[[Event], Event | CheckedEvent]:
    """What a build keeps of each event as it is read (events.read_events_but's ``keep``):
    the event whole when its slug is in ``whole``, when it is a festival's section, or when
    its plan raises; else a :class:`CheckedEvent`. ``given``: slug -> the path listed."""

    def keep(event: Event) -> Event | CheckedEvent:
        if event.slug in whole or event.festival is not None or event.slug not in given:
            return event
        try:
            plan = plan_event(event)
            warnings = plan.warnings
        except StandingsError:
            return event  # planned again by plan_site, which raises it in its turn
        summary = summarise(plan)
        return CheckedEvent(slug=event.slug, display_path=event.display_path,
                            given=given[event.slug], warnings=warnings, summary=summary,
                            listed=summarised(event.slug, summary))

    return keep


def plan_again(events_root: Path, checked: CheckedEvent) -> EventPlan:
    """The event read again from the same path, and planned: its pages are rendered from it.
    Raises StandingsError when it no longer reads (changed since it was checked)."""
    (event,) = read_events_but(events_root, (), ([checked.given], ()))
    return plan_event(event)


@dataclass(frozen=True, slots=True)
class CheckedEvents:
    """The events a build let go once checked (slug -> :class:`CheckedEvent`), for its
    renderers: each one's plan made again, its summary as it was checked."""

    events_root: Path
    checked: Mapping[str, CheckedEvent]
    made: dict[str, Mapping[str, Any]] = field(default_factory=dict, compare=False,
                                               repr=False)
    """The summaries made of the events read whole, by slug: the site's state takes each
    one's line and the manifest keeps it (site_state.py, cache.py), made once for both."""

    def plan(self, plan: EventPlan) -> EventPlan:
        """The plan to render ``plan``'s pages from: read again for a checked event's
        stand-in, else ``plan`` itself."""
        found = self.checked.get(plan.slug)
        if found is None or plan is not found.listed:  # type: ignore[comparison-overlap]
            return plan
        return plan_again(self.events_root, found)

    def summary(self, plan: EventPlan) -> Mapping[str, Any]:
        """stored_summary.summarise of the event, from its check for a checked one."""
        found = self.checked.get(plan.slug)
        if found is not None:
            return found.summary
        made = self.made.get(plan.slug)
        if made is None:
            made = self.made[plan.slug] = summarise(plan)
        return made

    def is_checked(self, plan: EventPlan) -> bool:
        """Whether ``plan`` is a checked event's stand-in (no plan: not for event_jobs)."""
        found = self.checked.get(plan.slug)
        return found is not None and plan is found.listed  # type: ignore[comparison-overlap]
