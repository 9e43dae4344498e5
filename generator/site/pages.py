"""Every kind of page of the site, declared in one place: a new page is one entry here.

A kind says which pages of it there are (its keys: a round's number, a place in the
standings, a category, a person), what each of them shows (its view, worked out for a batch
of keys at once, so that what the pages share is worked out once), and the files made of
each view: a template with its metadata (``page_meta.py``), or the bytes of a download.
:data:`EVENT_PAGE_KINDS` are made from one event's plan and live under its folder;
:data:`SITE_PAGE_KINDS` are made from every event (:class:`SiteSource`). ``render.py``
renders every kind the same way; the build's jobs (its forked workers), ``standings
serve``'s pages rendered on request and the site's structural tests read these lists, so
none of them names a page. No Jinja here: a template is named, never loaded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Generic, TypeVar

from generator.model import StartNo
from generator.reading.notes import render_notes
from generator.reading.site_settings import SiteSettings
from generator.rules.explain import Standings
from generator.site import language as languages
from generator.site.addresses import (
    boards_page,
    crosstable_page,
    csv_download,
    event_page,
    json_download,
    person_page,
    player_page,
    prizes_page,
    qr_page,
    round_page,
    series_download,
    series_page,
    standings_after_page,
    starting_list_page,
    team_page,
    trf_download,
)
from generator.site.downloads import standings_csv, standings_json
from generator.site.festival_downloads import festival_json, festival_trf_zip
from generator.site.festival_prizes import across_sections, festival_prizes
from generator.site.festival_view import (
    FestivalView,
    festival_views,
    section_switcher,
)
from generator.site.find import find_index
from generator.site.flags import FLAG_STYLESHEET, flag_files, flag_rules
from generator.site.index_pages import (
    PEOPLE_PAGE,
    TIEBREAKS_PAGE,
    EventsPage,
    NamesPage,
    PeopleIndex,
    events_pages,
    listed_plans,
    names_pages,
    people_index,
)
from generator.site.page_meta import (
    PageMeta,
    boards_meta,
    category_meta,
    competitor_meta,
    crosstable_meta,
    festival_meta,
    festival_prizes_meta,
    festival_qr_meta,
    index_meta,
    member_meta,
    names_meta,
    people_meta,
    person_meta,
    prizes_meta,
    round_meta,
    season_meta,
    series_meta,
    standings_meta,
    starting_list_meta,
    tiebreak_meta,
    tiebreaks_meta,
    venue_qr_meta,
)
from generator.site.people import Person
from generator.site.plan import EventPlan
from generator.site.player_view import PlayerView, player_views
from generator.site.prize_view import (
    CategoryView,
    PrizesView,
    category_rows_standings,
    category_view,
    player_honours,
    prize_nav,
    prizes_view,
)
from generator.site.series_view import (
    SeriesView,
    person_series,
    series_csv,
    series_json,
    series_view,
)
from generator.site.site_source import SiteSource, Topic
from generator.site.team_view import (
    TeamPageView,
    board_records,
    board_tables,
    member_numbers,
    member_views,
    team_berger_grid,
    team_crosstable,
    team_page_view,
)
from generator.site.views import RoundView, berger_grid, round_view, swiss_crosstable

__all__ = [
    "EVENT_PAGE_KINDS", "SITE_PAGE_KINDS", "Download", "EventJob", "EventKind", "Page",
    "PageKind", "SiteJob", "SiteKind", "SiteSource", "Split", "Topic",
    "csv_heading", "event_context", "event_jobs", "kind_named", "site_jobs",
]

S = TypeVar("S")
"""What a kind's pages are made from: an event's plan, or the whole site (:class:`SiteSource`)."""
K = TypeVar("K")
"""What tells one page of a kind from another: a round's number, a place, a start number."""
V = TypeVar("V")
"""What one page of a kind shows (its view)."""

class Split(Enum):
    """How a kind's pages are shared out among jobs (a build's worker processes, serve's
    pages rendered on request)."""

    ONE = "one"
    """All of them in one job."""
    EACH = "each"
    """A job per page."""
    SLICES = "slices"
    """Eight slices of at least 50 for a build; a job per page for serve."""


@dataclass(frozen=True, kw_only=True)
class Page(Generic[S, K, V]):
    """A file of a kind rendered from a template, with its metadata and the names every
    page of its source shares (an event's: :func:`event_context`)."""

    path: Callable[[S, K], str]
    template: str
    meta: Callable[[SiteSettings, S, str, V], PageMeta]
    """(site.yml, the source, the page's path, the view) -> its title and descriptions."""
    context: Callable[[S, V], Mapping[str, object]] = lambda _plan, _view: {}
    """The names the template reads besides the common ones and ``meta``."""
    when: Callable[[S, K], bool] = lambda _plan, _key: True
    """Whether the key has this file (a round paired but not played has no standings)."""


@dataclass(frozen=True, kw_only=True)
class Download(Generic[S, K, V]):
    """A file of a kind written as bytes, without a template."""

    path: Callable[[S, K], str]
    data: Callable[[S, V], bytes]


@dataclass(frozen=True, kw_only=True)
class PageKind(Generic[S, K, V]):
    """A kind of page: which an event has, what each shows, and the files made of it.

    (Not slotted, as :class:`Page` and :class:`Download`: a slotted frozen dataclass cannot
    be made through its subscripted generic, ``EventKind[int, RoundView](...)``, on Python
    3.11, and a site has a few dozen of them.)
    """

    name: str
    keys: Callable[[S], Sequence[K]]
    """The source's pages of this kind, in the order they are rendered (none: no job)."""
    views: Callable[[S, Sequence[K]], Iterable[V]]
    """The view of each of these keys (a contiguous run of ``keys``), in their order."""
    files: tuple[Page[S, K, V] | Download[S, K, V], ...]
    split: Split = Split.ONE
    probe: bool = False
    """Serve renders its first job while it rebuilds the event, before the new pages are
    served: the standings page an arbiter watches, and one page of each template that an
    event's rebuild must not break."""

    def paths(self, source: S, keys: Sequence[K]) -> tuple[str, ...]:
        """The files of these keys, known without rendering them."""
        return tuple(file.path(source, key) for key in keys for file in self.files
                     if not isinstance(file, Page) or file.when(source, key))

    def __reduce__(self) -> tuple[Callable[[str], PageKind[Any, Any, Any]], tuple[str]]:
        # A job goes to a forked worker by pickle; its kind goes by name (its functions
        # are lambdas, which pickle cannot carry).
        return kind_named, (self.name,)


EventKind = PageKind[EventPlan, K, V]
"""A kind of page under an event's folder."""


# --- what the declarations share --------------------------------------------------------


def event_context(plan: EventPlan) -> dict[str, Any]:
    """The names every page of an event is rendered with."""
    return {"plan": plan, "info": plan.info, "standings": plan.standings,
            "prize_nav": prize_nav(plan), "sections": section_switcher(plan)}


def csv_heading(heading: str) -> str:
    """A column heading of the site's standings.csv in the page's language (the CLI's
    ``rank --format csv`` keeps the English ones)."""
    return languages.pgettext("CSV column", heading)


def _one(_source: object) -> Sequence[None]:
    return (None,)


def _team_event_only(plan: EventPlan) -> Sequence[None]:
    return (None,) if plan.info.is_team_event else ()


def _once(view: Callable[[S], V]) -> Callable[[S, Sequence[None]], list[V]]:
    """The views of a kind its source has one page of: the source's alone."""
    return lambda source, keys: [view(source) for _ in keys]


def _nothing(_source: object) -> None:
    """The view of a page that shows only what every page of the event has."""
    return None


def _place(plan: EventPlan, index: int) -> StartNo:
    return plan.standings.rows[index].player.start_no


def _at_places(plan: EventPlan, places: Sequence[int]) -> Iterable[PlayerView]:
    """The competitors at these places (a contiguous run, from a job's slice)."""
    return player_views(plan, places[0], places[-1] + 1) if places else ()


def _individual_places(plan: EventPlan) -> Sequence[int]:
    return () if plan.info.is_team_event else range(len(plan.standings.rows))


def _team_places(plan: EventPlan) -> Sequence[int]:
    return range(len(plan.standings.rows)) if plan.info.is_team_event else ()


def _members(plan: EventPlan) -> Sequence[StartNo]:
    """The players of a team event with a page (a team's members keep ``players/``)."""
    teams = plan.event.teams
    return member_numbers(teams) if teams is not None else ()


def _notes(plan: EventPlan) -> object:
    notes = plan.info.notes_markdown
    return render_notes(notes) if notes.strip() else None


def _crosstable(plan: EventPlan) -> Mapping[str, object]:
    """One of three tables: a Swiss event's, a round robin's grid, or a team Swiss's."""
    is_team = plan.event.teams is not None
    if is_team and not plan.info.is_round_robin:
        return {"swiss": (), "grid": (), "team_swiss": team_crosstable(plan)}
    if plan.info.is_round_robin:
        grid = team_berger_grid(plan) if is_team else berger_grid(plan)
        return {"swiss": (), "grid": grid, "team_swiss": ()}
    return {"swiss": swiss_crosstable(plan), "grid": (), "team_swiss": ()}


def _rounds(plan: EventPlan) -> Sequence[int]:
    """Every round listed, the latest first."""
    return range(plan.info.rounds_listed, 0, -1)


def _is_played(plan: EventPlan, round_no: int) -> bool:
    return round_no <= plan.info.rounds_played


def _round_views(plan: EventPlan, rounds: Sequence[int]) -> list[RoundView]:
    return [round_view(plan, k, plan.standings_after(k) if _is_played(plan, k) else None)
            for k in rounds]


def _after(shown: RoundView) -> Standings:
    assert shown.standings is not None, "a played round has its standings"
    return shown.standings


def _prizes(plan: EventPlan) -> Sequence[None]:
    return (None,) if prize_nav(plan).prizes is not None else ()


def _prize_list(plan: EventPlan) -> PrizesView:
    prizes = plan.prizes
    shown = prizes_view(plan, prizes) if prizes is not None else None
    assert shown is not None, "prizes: in event.yml awards them"
    return shown


def _categories(plan: EventPlan) -> Sequence[int]:
    return range(len(prize_nav(plan).categories))


def _category_views(plan: EventPlan, numbers: Sequence[int]
                    ) -> list[tuple[CategoryView, Standings]]:
    """Each category's page and the rows of its CSV."""
    prizes = plan.prizes
    assert prizes is not None, "categories in event.yml"
    return [(category_view(plan, prizes, ranked), category_rows_standings(plan, ranked))
            for ranked in (prizes.categories[number] for number in numbers)]


def _team_views(plan: EventPlan, places: Sequence[int]
                ) -> Iterable[tuple[PlayerView, TeamPageView]]:
    teams = plan.event.teams
    assert teams is not None, "team pages of an individual event"
    records = board_records(teams)
    return ((view, team_page_view(plan, view, records)) for view in _at_places(plan, places))


def _player_context(plan: EventPlan, view: PlayerView) -> Mapping[str, object]:
    start_no = view.row.player.start_no
    return {"view": view, "person_key": plan.person_keys[start_no],
            "honours": player_honours(plan, plan.prizes, start_no)}


# --- the list -----------------------------------------------------------------------------

EVENT_PAGE_KINDS: tuple[EventKind[Any, Any], ...] = (
    EventKind[None, object](
        name="standings", keys=_one, views=_once(_notes), probe=True,
        files=(Page(path=lambda plan, _: event_page(plan.slug), template="event.html",
                    context=lambda _plan, notes: {"notes": notes},
                    meta=lambda site, plan, page, _: standings_meta(site, plan, page,
                                                                    plan.standings)),)),
    EventKind[None, Mapping[str, object]](
        name="crosstable", keys=_one, views=_once(_crosstable),
        files=(Page(path=lambda plan, _: crosstable_page(plan.slug), template="crosstable.html",
                    context=lambda _plan, tables: tables,
                    meta=lambda site, plan, page, _: crosstable_meta(site, plan, page)),)),
    EventKind[None, None](
        name="starting-list", keys=_one, views=_once(_nothing),
        files=(Page(path=lambda plan, _: starting_list_page(plan.slug),
                    template="starting_list.html",
                    meta=lambda site, plan, page, _: starting_list_meta(site, plan, page)),)),
    EventKind[None, object](
        name="boards", keys=_team_event_only, views=_once(board_tables),
        files=(Page(path=lambda plan, _: boards_page(plan.slug), template="boards.html",
                    context=lambda _plan, boards: {"boards": boards},
                    meta=lambda site, plan, page, _: boards_meta(site, plan, page)),)),
    EventKind[None, None](
        name="qr", keys=_one, views=_once(_nothing),
        files=(Page(path=lambda plan, _: qr_page(plan.slug), template="qr.html",
                    meta=lambda site, plan, page, _: venue_qr_meta(site, plan, page)),)),
    EventKind[None, Any](
        name="downloads", keys=_one,
        views=_once(lambda plan: plan.standings_rating_changes),
        files=(
            # The bytes the event was read from, not the file now on disk: under serve the
            # file may have changed since, and the download must match the pages beside it.
            Download(path=lambda plan, _: trf_download(plan.slug),
                     data=lambda plan, _: plan.event.trf_bytes),
            Download(path=lambda plan, _: csv_download(plan.slug),
                     data=lambda plan, ratings: standings_csv(
                         plan.standings, heading=csv_heading, ratings=ratings)),
            Download(path=lambda plan, _: json_download(plan.slug),
                     data=lambda plan, ratings: standings_json(
                         plan.standings, plan.info.title, ratings=ratings)))),
    EventKind[None, PrizesView](
        name="prizes", keys=_prizes, views=_once(_prize_list),
        files=(Page(path=lambda plan, _: prizes_page(plan.slug), template="prizes.html",
                    context=lambda _plan, prizes: {"prizes": prizes},
                    meta=prizes_meta),)),
    EventKind[int, tuple[CategoryView, Standings]](
        name="category", keys=_categories, views=_category_views,
        files=(Page(path=lambda plan, number: prize_nav(plan).categories[number].page,
                    template="category.html",
                    context=lambda _plan, shown: {"category": shown[0]},
                    meta=lambda site, plan, page, shown: category_meta(site, plan, page,
                                                                       shown[0])),
               Download(path=lambda plan, number: prize_nav(plan).categories[number].csv,
                        data=lambda _plan, shown: standings_csv(shown[1],
                                                                heading=csv_heading)))),
    EventKind[int, RoundView](
        name="round", keys=_rounds, views=_round_views, split=Split.EACH,
        files=(Page(path=lambda plan, k: round_page(plan.slug, k), template="round.html",
                    context=lambda _plan, shown: {"round": shown}, meta=round_meta),
               Page(path=lambda plan, k: standings_after_page(plan.slug, k),
                    template="standings_after.html",
                    when=lambda plan, k: k < plan.info.rounds_played,
                    context=lambda _plan, shown: {"round": shown, "after": _after(shown)},
                    meta=lambda site, plan, page, shown: standings_meta(
                        site, plan, page, _after(shown), shown.round_no)),
               # After the last round played they are the event's own, on its page.
               Page(path=lambda plan, k: standings_after_page(plan.slug, k),
                    template="standings_moved.html",
                    when=lambda plan, k: k == plan.info.rounds_played,
                    context=lambda _plan, shown: {"round": shown},
                    meta=lambda site, plan, page, shown: standings_meta(
                        site, plan, page, _after(shown), shown.round_no)))),
    EventKind[int, PlayerView](
        name="player", keys=_individual_places, split=Split.SLICES, probe=True,
        views=lambda plan, places: _at_places(plan, places),
        files=(Page(path=lambda plan, index: player_page(plan.slug, _place(plan, index)),
                    template="player.html", context=_player_context,
                    meta=competitor_meta),)),
    EventKind[int, tuple[PlayerView, TeamPageView]](
        name="team", keys=_team_places, split=Split.SLICES, probe=True, views=_team_views,
        files=(Page(path=lambda plan, index: team_page(plan.slug, _place(plan, index)),
                    template="team.html",
                    context=lambda _plan, shown: {"view": shown[0], "team_view": shown[1],
                                                  "honours": None},
                    meta=lambda site, plan, page, shown: competitor_meta(site, plan, page,
                                                                         shown[0])),)),
    EventKind[StartNo, Any](
        name="member", keys=_members, split=Split.SLICES,
        views=lambda plan, numbers: member_views(plan, numbers),
        files=(Page(path=lambda plan, number: player_page(plan.slug, number),
                    template="member.html", context=lambda _plan, member: {"member": member},
                    meta=member_meta),)),
)
"""Every kind of page under an event's folder, in the order serve renders them (the
standings page first, the rounds latest first, the players by place)."""



# --- jobs ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class EventJob:
    """Some pages of one kind, rendered on their own (render.py's ``render_job``).

    ``standings build`` spreads an event's jobs over its worker processes; ``standings
    serve`` renders the standings page at once and the others when asked or idle.
    """

    kind: EventKind[Any, Any]
    first: int = 0
    """The first of the kind's keys (:attr:`PageKind.keys`) this job renders."""
    end: int = 0
    """One past the last."""

    def keys(self, plan: EventPlan) -> Sequence[Any]:
        return self.kind.keys(plan)[self.first:self.end]

    def paths(self, plan: EventPlan) -> tuple[str, ...]:
        """The files the job renders, known without rendering them."""
        return self.kind.paths(plan, self.keys(plan))

    @property
    def is_probe(self) -> bool:
        return self.kind.probe and self.first == 0


def event_jobs(plan: EventPlan, *, players_per_job: int | None = None) -> tuple[EventJob, ...]:
    """Every file under ``<slug>/``, as jobs, in the order of :data:`EVENT_PAGE_KINDS`.

    ``players_per_job``: None splits each kind of :attr:`Split.SLICES` in eight (for worker
    processes); 1 gives each of its pages a job of its own (serve renders the one asked for).
    """
    jobs: list[EventJob] = []
    for kind in EVENT_PAGE_KINDS:
        count = len(kind.keys(plan))
        if not count:
            continue
        if kind.split is Split.ONE:
            size = count
        elif kind.split is Split.EACH:
            size = 1
        else:
            size = players_per_job or max(50, -(-count // 8))
        jobs.extend(EventJob(kind=kind, first=first, end=min(first + size, count))
                    for first in range(0, count, size))
    return tuple(jobs)


# --- the pages outside the events' folders ----------------------------------------------


SiteKind = PageKind[SiteSource, K, V]
"""A kind of page outside the events' folders: it shows every event."""


def _flag_files(source: SiteSource) -> Mapping[str, bytes]:
    return flag_files(source.federations)


def _find_files(source: SiteSource) -> dict[str, bytes]:
    if not source.find_files:
        source.find_files.update(find_index(source.plans))
    return source.find_files


def _static_text(source: SiteSource, name: str) -> bytes:
    text = source.static[name]
    if name == FLAG_STYLESHEET:
        text += flag_rules(source.federations)
    return text.encode("utf-8")


def _has_logo(source: SiteSource) -> Sequence[None]:
    site = source.site
    return (None,) if site.logo_page is not None and site.logo_data is not None else ()


def _logo(source: SiteSource) -> tuple[str, bytes]:
    page, data = source.site.logo_page, source.site.logo_data
    assert page is not None and data is not None, "a site without a logo"
    return page, data


def _unkept(source: SiteSource, shown: Sequence[EventsPage] | Sequence[NamesPage], *,
            first: int = 0) -> Sequence[int]:
    """The pages (by their place in ``shown``, from ``first``) a build does not keep."""
    return [n for n in range(first, len(shown)) if _page_of(shown[n]) not in source.kept_pages]


def _page_of(shown: EventsPage | NamesPage) -> str:
    return shown.page if isinstance(shown, EventsPage) else shown.link.page


def _festival_context(_source: SiteSource, festival: FestivalView) -> Mapping[str, object]:
    notes = festival.festival.notes
    return {"festival": festival,
            "notes": render_notes(notes) if notes is not None and notes.strip() else None}



SITE_PAGE_KINDS: tuple[SiteKind[Any, Any], ...] = (
    SiteKind[int, EventsPage](
        name="index", keys=lambda source: _unkept(source, events_pages(source)[:1]),
        views=lambda source, numbers: [events_pages(source)[n] for n in numbers],
        files=(Page(path=lambda source, n: events_pages(source)[n].page, template="index.html",
                    context=lambda source, shown: {"plans": source.plans, "shown": shown,
                                                   "listing": shown.entries,
                                                   "series": source.series},
                    meta=lambda site, source, page, shown: index_meta(
                        site, page, source.plans, listed_plans(source, shown))),)),
    SiteKind[int, EventsPage](
        name="season", keys=lambda source: _unkept(source, events_pages(source), first=1),
        views=lambda source, numbers: [events_pages(source)[n] for n in numbers],
        files=(Page(path=lambda source, n: events_pages(source)[n].page,
                    template="season.html", context=lambda _source, shown: {"shown": shown},
                    meta=lambda site, _source, page, shown: season_meta(site, page, shown)),)),
    SiteKind[int, FestivalView](
        name="festival", keys=lambda source: range(len(festival_views(source.plans))),
        views=lambda source, numbers: [festival_views(source.plans)[n] for n in numbers],
        files=(Page(path=lambda source, n: festival_views(source.plans)[n].page,
                    template="festival.html", context=_festival_context,
                    meta=lambda site, _source, page, shown: festival_meta(site, page, shown)),
               Page(path=lambda source, n: festival_views(source.plans)[n].qr_page,
                    template="festival_qr.html",
                    context=lambda _source, shown: {"festival": shown},
                    meta=lambda site, _source, page, shown: festival_qr_meta(site, page, shown)),
               Page(path=lambda source, n: festival_views(source.plans)[n].prizes_page,
                    template="festival_prizes.html",
                    when=lambda source, n: festival_views(source.plans)[n].has_prizes,
                    context=lambda _source, shown: {"festival": shown,
                                                    "sections": festival_prizes(shown),
                                                    "across": across_sections(shown)},
                    meta=lambda site, _source, page, shown: festival_prizes_meta(site, page,
                                                                                 shown)),
               Download(path=lambda source, n: festival_views(source.plans)[n].json_download,
                        data=lambda _source, shown: festival_json(shown)),
               Download(path=lambda source, n: festival_views(source.plans)[n].trf_download,
                        data=lambda _source, shown: festival_trf_zip(shown)))),
    SiteKind[None, PeopleIndex](
        name="people", keys=lambda source: () if PEOPLE_PAGE in source.kept_pages else (None,),
        views=_once(people_index),
        files=(Page(path=lambda _source, _: PEOPLE_PAGE, template="people.html",
                    context=lambda _source, shown: {"shown": shown},
                    meta=lambda site, source, page, _: people_meta(site, page, source.person_count,
                                                                   source.plans)),)),
    SiteKind[int, NamesPage](
        name="names", keys=lambda source: _unkept(source, names_pages(source)[1]),
        views=lambda source, numbers: [names_pages(source)[1][n] for n in numbers],
        files=(Page(path=lambda source, n: names_pages(source)[1][n].link.page,
                    template="people_names.html", context=lambda _source, shown: {"shown": shown},
                    meta=lambda site, _source, page, shown: names_meta(site, page, shown)),)),
    SiteKind[int, Person](
        name="person", keys=lambda source: range(len(source.persons)),
        views=lambda source, numbers: [source.persons[n] for n in numbers],
        files=(Page(path=lambda source, n: person_page(source.persons[n].key),
                    template="person.html", context=lambda source, person: {
                        "person": person,
                        "person_series": person_series(source.series, person.key)},
                    meta=lambda site, _source, page, person: person_meta(site, page, person)),)),
    SiteKind[int, SeriesView](
        name="series", keys=lambda source: range(len(source.series)),
        views=lambda source, numbers: [series_view(source.series[n]) for n in numbers],
        files=(Page(path=lambda source, n: series_page(source.series[n].slug),
                    template="series.html", context=lambda _source, view: {"series": view},
                    meta=lambda site, _source, page, view: series_meta(site, page, view)),
               Download(path=lambda source, n: series_download(source.series[n].slug, "json"),
                        data=lambda _source, view: series_json(view.plan)),
               Download(path=lambda source, n: series_download(source.series[n].slug, "csv"),
                        data=lambda _source, view: series_csv(view.plan)))),
    SiteKind[int, tuple[Topic, str]](
        name="tiebreak", keys=lambda source: [n for n, topic in enumerate(source.topics)
                                              if topic.page not in source.kept_pages],
        views=lambda source, numbers: [
            (topic, source.explain(topic.markdown))
            for topic in (source.topics[n] for n in numbers)],
        files=(Page(path=lambda source, n: source.topics[n].page, template="tiebreak.html",
                    context=lambda _source, shown: {"title": shown[0].title, "body": shown[1]},
                    meta=lambda site, _source, page, shown: tiebreak_meta(
                        site, page, shown[0].title, str(shown[1]))),)),
    SiteKind[None, None](
        name="tiebreaks", views=_once(_nothing),
        keys=lambda source: () if TIEBREAKS_PAGE in source.kept_pages else (None,),
        files=(Page(path=lambda _source, _: TIEBREAKS_PAGE, template="tiebreaks.html",
                    context=lambda source, _: {"topics": [(t.page, t.title, t.is_used)
                                                          for t in source.topics]},
                    meta=lambda site, _source, page, _: tiebreaks_meta(site, page)),)),
    SiteKind[str, str](
        name="static", keys=lambda source: tuple(source.static),
        views=lambda _source, names: names,
        files=(Download(path=lambda _source, name: name, data=_static_text),)),
    SiteKind[str, bytes](
        name="find-index", keys=lambda source: tuple(_find_files(source)),
        views=lambda source, paths: [_find_files(source)[path] for path in paths],
        files=(Download(path=lambda _source, path: path, data=lambda _source, data: data),)),
    SiteKind[str, str](
        name="flags", keys=lambda source: tuple(_flag_files(source)),
        views=lambda _source, paths: paths,
        files=(Download(path=lambda _source, path: path,
                        data=lambda source, path: _flag_files(source)[path]),)),
    SiteKind[None, None](
        name="logo", keys=_has_logo, views=_once(_nothing),
        # The bytes checked when site.yml was read, not the file now on disk.
        files=(Download(path=lambda source, _: _logo(source)[0],
                        data=lambda source, _: _logo(source)[1]),)),
    SiteKind[str, str](
        name="festival-logo", keys=lambda source: tuple(sorted(source.festival_logos)),
        views=lambda _source, paths: paths,
        # The bytes checked and cleaned when the source was gathered, as site.yml's logo.
        files=(Download(path=lambda _source, path: path,
                        data=lambda source, path: source.festival_logos[path]),)),
    SiteKind[None, None](
        name="nojekyll", keys=_one, views=_once(_nothing),
        # GitHub Pages publishes the files as they are, without Jekyll (which leaves out
        # every file whose name begins with "_" or ".").
        files=(Download(path=lambda _source, _: ".nojekyll", data=lambda _source, _: b""),)),
)
"""Every kind of page outside the events' folders: the index, the players across events,
the explanations, and the files every page uses."""

_EVERY_KIND: tuple[PageKind[Any, Any, Any], ...] = (*EVENT_PAGE_KINDS, *SITE_PAGE_KINDS)
_BY_NAME = {kind.name: kind for kind in _EVERY_KIND}


def kind_named(name: str) -> PageKind[Any, Any, Any]:
    """The declared kind of this name (names are unique across both lists)."""
    return _BY_NAME[name]


@dataclass(frozen=True, slots=True, kw_only=True)
class SiteJob:
    """The pages of one kind outside the events' folders."""

    kind: SiteKind[Any, Any]
    part: int = 0
    parts: int = 1
    """The job renders share ``part`` of ``parts`` of the kind's pages, in the order of
    its keys (``standings serve`` renders an archive's person pages a few at a time)."""

    def keys(self, source: SiteSource) -> Sequence[Any]:
        keys = self.kind.keys(source)
        if self.parts == 1:
            return keys
        count = len(keys)
        return keys[count * self.part // self.parts:count * (self.part + 1) // self.parts]

    def paths(self, source: SiteSource) -> tuple[str, ...]:
        return self.kind.paths(source, self.keys(source))


def site_jobs(source: SiteSource) -> tuple[SiteJob, ...]:
    """The pages outside the events' folders, a job per kind that has any."""
    return tuple(SiteJob(kind=kind) for kind in SITE_PAGE_KINDS if kind.keys(source))
