"""What the pages outside the events' folders are made from: the site's events, its persons,
its explanations and files (render.py gathers it; pages.py declares its kinds of page)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from generator.reading.site_settings import SiteSettings
from generator.site.addresses import TIEBREAKS_DIR
from generator.site.people import Person
from generator.site.plan import EventPlan
from generator.site.series_plan import SeriesPlan

__all__ = ["SiteSource", "Topic"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Topic:
    """An explanation page (a tie-break's, the unplayed rounds', ...), from its Markdown."""

    stem: str
    title: str
    markdown: str
    is_used: bool
    """One of the site's events ranks by it: listed first, and marked."""

    @property
    def page(self) -> str:
        return f"{TIEBREAKS_DIR}/{self.stem}.html"


@dataclass(frozen=True, slots=True, kw_only=True)
class SiteSource:
    """What the pages outside the events' folders are made from (render.py gathers it)."""

    site: SiteSettings
    plans: tuple[EventPlan, ...]
    """Newest first, as the index lists them."""
    persons: tuple[Person, ...]
    topics: tuple[Topic, ...]
    static: Mapping[str, str]
    """The static files by their path, as the templates folder holds them."""
    explain: Callable[[str], str]
    """Our own Markdown (an explanation page) as HTML: render.py's, and only when a page
    shows it (serve renders the index without converting every explanation)."""
    find_files: dict[str, bytes] = field(default_factory=dict, compare=False, repr=False)
    """The find index's files once pages.py's ``_find_files`` has made them: its shards' paths
    are known only by making them, and a job asks for its keys and then its views."""
    series: tuple[SeriesPlan, ...] = ()
    """The series of ``series/`` beside the events folder (issue 28), by name."""
    festival_logos: Mapping[str, bytes] = field(default_factory=dict)
    """A festival's logo path (``Festival.logo_page``) -> its bytes as checked and cleaned
    (``site_files.read_festival_logo``), for each festival.yml that names one."""
    kept_pages: frozenset[str] = frozenset()
    """Pages of the index kinds a build keeps as the last one wrote them (index_update.py):
    their kinds leave them out of their keys."""
    person_total: int | None = None
    """The site's persons when ``persons`` holds only those whose page is rendered and
    ``index_views`` the pages of names already (site_state.py); None: ``persons``'."""
    index_views: dict[str, object] = field(default_factory=dict, compare=False, repr=False)
    """The index kinds' pages once index_pages.py has cut them (each kind asks for them)."""

    @property
    def person_count(self) -> int:
        """The site's persons (not only those whose page is rendered)."""
        return len(self.persons) if self.person_total is None else self.person_total

    @property
    def federations(self) -> frozenset[str | None]:
        """Every federation a page shows a flag of."""
        return frozenset(player.federation for plan in self.plans
                         for player in plan.event.tournament.players)
