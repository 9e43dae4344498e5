"""Jinja rendering: the environment, the formatting filters, and each page's bytes.

The environment escapes everything (autoescape) and refuses unknown names
(StrictUndefined), so a TRF name like ``<script>`` is text and a template typo is
an error rather than an empty cell. Templates only loop and branch; the filters
below format numbers, and ``url_to`` makes every link relative to the page it
is on.
"""

from __future__ import annotations

import functools
import multiprocessing
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from enum import StrEnum
from importlib import resources
from pathlib import Path
from typing import Any

import jinja2
import markdown
from jinja2.environment import TemplateModule
from jinja2.runtime import Context
from markupsafe import Markup, escape

from generator.errors import StandingsError
from generator.model import RoundKind, StartNo
from generator.reading.notes import render_notes
from generator.reading.site_settings import DEFAULT_SITE_TITLE, SiteSettings
from generator.rules.explain import Note, NoteKind, Standings
from generator.site import addresses
from generator.site import language as languages
from generator.site.addresses import (
    FIND_INDEX,
    PEOPLE_DIR,
    TIEBREAKS_DIR,
    UNPLAYED_ROUNDS_PAGE,
    boards_page,
    competitor_page,
    crosstable_page,
    csv_download,
    event_page,
    explanation_stem,
    json_download,
    link_from_folder,
    person_page,
    player_page,
    qr_page,
    round_page,
    standings_after_page,
    starting_list_page,
    team_page,
    trf_download,
)
from generator.site.downloads import standings_csv, standings_json
from generator.site.escaping import EscapingEnvironment, require_exact_escaping
from generator.site.find import find_index
from generator.site.flags import FLAG_STYLESHEET, flag_files, flag_mark, flag_rules
from generator.site.numbers import date_range, format_points, plain_decimal, time_text
from generator.site.page_meta import (
    boards_meta,
    competitor_meta,
    crosstable_meta,
    index_meta,
    member_meta,
    people_meta,
    person_meta,
    round_meta,
    standings_meta,
    starting_list_meta,
    tiebreak_meta,
    tiebreaks_meta,
    venue_qr_meta,
)
from generator.site.people import Person
from generator.site.plan import EventPlan
from generator.site.player_view import player_views
from generator.site.prize_pages import prize_files
from generator.site.prize_view import player_honours, prize_nav, prize_paths
from generator.site.qr import qr_svg, small_qr_svg
from generator.site.rating_view import rating_column
from generator.site.team_view import (
    board_records,
    board_tables,
    member_numbers,
    member_views,
    team_berger_grid,
    team_crosstable,
    team_page_view,
    team_standings_lines,
    team_table_shape,
)
from generator.site.template_files import ClubTemplateLoader, club_template_problems
from generator.site.views import (
    Column,
    berger_grid,
    columns,
    event_sort_key,
    place_text,
    round_view,
    standings_lines,
    swiss_crosstable,
    used_tiebreaks,
    value_of,
)
from generator.site.wording import (
    colour_letter,
    cut_words,
    note_words,
    ordinal,
    outcome_letter,
    outcome_words,
    round_kind_words,
    team_round_kind_words,
)
from generator.site.workers import forked_pool

STATIC_FILES = ("static/favicon.svg", "static/find.js", "static/site.js", "static/style.css")
EXPLANATIONS_PACKAGE_DIR = "explanations"


# --- where templates come from ----------------------------------------------------------

def package_templates() -> Path:
    """The templates shipped with the package (``templates/`` in the source tree)."""
    try:
        located = resources.files("generator.templates")
        path = Path(str(located))
        if (path / "base.html").is_file():
            return path
    except (ModuleNotFoundError, TypeError):
        pass
    # An editable install made before templates/ became a package: read the source tree.
    return Path(__file__).resolve().parents[2] / "templates"


def club_templates(events_dir: Path | None) -> Path | None:
    """A club's own ``templates/`` beside its ``events/`` overrides ours file by file."""
    if events_dir is None:
        return None
    candidate = Path(events_dir).resolve().parent / "templates"
    if candidate.is_dir() and candidate.resolve() != package_templates().resolve():
        return candidate
    return None


def make_environment(events_dir: Path | None = None,
                     site: SiteSettings | None = None,
                     language: str | None = None) -> jinja2.Environment:
    """The environment every page is rendered in; ``site`` is ``site.yml`` as read (the
    defaults without one), ``language`` the pages' (the site's ``language`` when None).
    Render inside ``language.speaking(code)`` so that the Python wording speaks it too."""
    require_exact_escaping()
    loaders: list[jinja2.BaseLoader] = []
    override = club_templates(events_dir)
    if override is not None and events_dir is not None:
        problems = club_template_problems(events_dir, override)
        if problems:
            raise StandingsError(problems)
        loaders.append(ClubTemplateLoader(events_dir, override))
    loaders.append(jinja2.FileSystemLoader(str(package_templates())))
    env = EscapingEnvironment(
        loader=jinja2.ChoiceLoader(loaders),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        # Templates do not change during a build, and serve makes a new environment when
        # they do (livebuild.py); checking each file's mtime on every include costs a stat.
        auto_reload=False,
        # Issue 13: every word a visitor reads goes through gettext ({{ _("...") }}, the
        # new style, which formats and escapes its named fields itself).
        extensions=["jinja2.ext.i18n"],
    )
    site = site or SiteSettings()
    speaks = languages.language(language or site.language)
    built = site.built_languages
    root_url = site.url
    if "title" not in site.positions and site.title == DEFAULT_SITE_TITLE:
        site = replace(site, title=speaks.gettext(DEFAULT_SITE_TITLE))
    home = languages.home(speaks.code, built)
    if home and site.url is not None:
        # A language under /en/: its pages' published addresses (og:url, the QR codes) too.
        site = replace(site, url=site.url + home)
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=speaks.gettext, ngettext=speaks.translations.ngettext,
        pgettext=speaks.pgettext, npgettext=speaks.translations.npgettext, newstyle=True)
    env.filters.update(
        points=format_points,
        tb_value=tb_value,
        plain=plain_decimal,
        ordinal=ordinal,
        place=place_text,
        date_range=date_range,
        time_text=time_text,
        articles=articles,
        kind_label=round_kind_words,
        cut_label=cut_words,
        note_sentence=note_sentence,
        team_kind_label=team_round_kind_words,
        outcome_letter=outcome_letter,
        outcome_words=outcome_words,
        colour_letter=colour_letter,
        flag=flag_mark,
        breakable=breakable_name,
    )
    env.globals.update(
        site=site,
        language=speaks.code,
        language_versions=functools.partial(languages.versions, current=speaks.code,
                                            built=built, root_url=root_url),
        qr_code=qr_svg,
        small_qr_code=small_qr_svg,
        paths=addresses,
        tb_columns=_columns,
        value_of=value_of,
        standings_lines=standings_lines,
        team_standings_lines=team_standings_lines,
        team_table_shape=team_table_shape,
        RoundKind=RoundKind,
        NoteKind=NoteKind,
        unplayed_page=UNPLAYED_ROUNDS_PAGE,
        rating_column=rating_column,
    )
    return env


def site_of(env: jinja2.Environment) -> SiteSettings:
    """The site.yml settings the environment was made with (make_environment)."""
    site = env.globals["site"]
    assert isinstance(site, SiteSettings), "an environment not made by make_environment"
    return site


def _columns(standings: Standings) -> tuple[Column, ...]:
    return columns(standings.specs)


# --- links and formatting --------------------------------------------------------------

def page_context(page: str) -> dict[str, Any]:
    """What every page is rendered with: its own address and ``url_to``, which makes
    ``url_to(target)`` (a path from the site root) a link relative to the page.

    ``url_to`` is bound to the page's folder: Jinja hands a ``pass_context`` function
    called inside a loop a freshly derived copy of the whole context, on every call, and
    a page of 2,000 rows makes thousands of links. Bound, ``url_to`` is a plain call.
    """
    return {"page": page,
            "url_to": functools.partial(link_from_folder, page.rpartition("/")[0])}


def tb_value(value: Any) -> str:
    """A tie-break value: quarters as fractions (10¼), other values as decimals (12.43), and
    – where it is undefined."""
    if type(value) is Decimal or value is None:
        return format_points(value)
    if hasattr(value, "parts"):
        value = value.value
    return format_points(None if value is None else Decimal(value))


_COMMA_BEFORE_A_WORD = re.compile(r",(?=[^\s,])")


def breakable_name(name: str) -> Markup:
    """A name as a page writes it, a line allowed to break after a comma no space follows.

    Swiss-Manager writes a whole federation's names ``Psarianos,Emmanouil``: one word to a
    browser, wider than a phone's name column, so it ran over the next cell. ``<wbr>``
    adds no character: what is copied or searched is the name as the file writes it.
    """
    escaped = escape(name)
    if "," not in escaped:
        return escaped
    return Markup(_COMMA_BEFORE_A_WORD.sub(",<wbr>", escaped))


def articles(values: Sequence[str]) -> str:
    return ", ".join(values)


def note_sentence(note: Note) -> str:
    """A note as the page says it: its wording with points as 3½, as a sentence."""
    words = note_words(note, format_points)
    return words[:1].upper() + words[1:]


# --- Markdown ----------------------------------------------------------------------------

def render_markdown(text: str, *, allow_html: bool = False) -> Markup:
    """Markdown to HTML. Only our own pages (the tie-break explanations) may hold HTML;
    any other text is a club's notes, sanitized by :func:`notes.render_notes`."""
    if not allow_html:
        return render_notes(text)
    converter = markdown.Markdown(extensions=["tables", "sane_lists"])
    body = converter.convert(text)  # our own files, shipped with the package
    # A worked example's table is wider than a phone: it scrolls in its own box, as every
    # table of the site does, rather than widen the page (issue 23).
    body = body.replace("<table>", '<div class="table-wrap"><table>')
    return Markup(body.replace("</table>", "</table></div>"))


# --- pages -------------------------------------------------------------------------------

def _render(env: jinja2.Environment, template: str, page: str, **context: Any) -> bytes:
    return _render_page(env.get_template(template), page, context)


def _render_page(template: jinja2.Template, page: str, context: dict[str, Any]) -> bytes:
    """``template.render`` for ``page``, then :func:`_let_go` of what it leaves behind."""
    ctx = template.new_context({**page_context(page), **context})
    try:
        html = template.environment.concat(template.root_render_func(ctx))
    except Exception:
        template.environment.handle_exception()  # raises it with the template's line
    finally:
        _let_go(ctx)
    return str(html).encode("utf-8")


def _let_go(context: Any) -> None:
    """Drop what a rendered page's context holds, so the page's records go at once.

    ``{% import "_macros.html" as m with context %}`` gives each render a module whose
    macros refer to its own context, a copy of the page's, and that context holds the
    macros: a reference cycle, which keeps the page's view (and through it the standings
    and every derivation) alive until the garbage collector finds it. A build runs with
    the collector paused, so that came to a million objects freed at the end, 0.6 s of the
    2,000-player build. Emptying the page's context and those modules' contexts breaks
    the cycles' hold; what is left is a few small objects. Reaching the modules' contexts
    uses Jinja's insides (a macro's function and its closure): where those differ, nothing
    is emptied and the page is the same, only freed later.
    """
    for value in tuple(context.vars.values()):
        if not isinstance(value, TemplateModule):
            continue
        for member in tuple(vars(value).values()):
            function = getattr(member, "_func", None)
            for cell in getattr(function, "__closure__", None) or ():
                try:
                    inner = cell.cell_contents
                except ValueError:  # an empty cell
                    continue
                if isinstance(inner, Context):
                    inner.vars.clear()
                    inner.parent.clear()
    context.vars.clear()
    context.parent.clear()


PARALLEL_MIN_PLAYERS = 400
"""Below this many players an event renders in one process (forking costs more than it saves)."""


class JobKind(StrEnum):
    STANDINGS = "standings"
    """The event page: the standings the arbiter watches."""
    EVENT_PAGES = "event-pages"
    """Crosstable, starting list and the downloads (TRF, CSV, JSON)."""
    ROUND = "round"
    """One round's results and the standings after it."""
    PLAYERS = "players"
    """The pages of the players (the teams of a team event) at places ``first`` to
    ``end`` (exclusive)."""
    MEMBERS = "members"
    """A team event: the pages of its players ``first`` to ``end`` (exclusive) of
    ``team_view.member_numbers``."""
    PRIZES = "prizes"
    """The prize list, and each category's page and CSV (site/prize_pages.py)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class EventJob:
    """Some of an event's files, rendered on their own by :func:`render_job`.

    ``standings build`` spreads an event's jobs over its worker processes; ``standings
    serve`` renders the standings page at once and the others when asked or idle.
    """

    kind: JobKind
    first: int = 0
    """The round (ROUND), the first place in the standings (PLAYERS), or the first member
    (MEMBERS)."""
    end: int = 0
    """PLAYERS, MEMBERS: one past the last."""

    def paths(self, plan: EventPlan) -> tuple[str, ...]:
        """The files the job renders, known without rendering them."""
        slug = plan.slug
        if self.kind is JobKind.STANDINGS:
            return (event_page(slug),)
        if self.kind is JobKind.EVENT_PAGES:
            boards = (boards_page(slug),) if plan.info.is_team_event else ()
            return (crosstable_page(slug), starting_list_page(slug), *boards, qr_page(slug),
                    trf_download(slug), csv_download(slug),
                    json_download(slug))
        if self.kind is JobKind.ROUND:
            if self.first > plan.info.rounds_played:  # paired, not played: no standings
                return (round_page(slug, self.first),)
            return (round_page(slug, self.first),
                    standings_after_page(slug, self.first))
        if self.kind is JobKind.PRIZES:
            return prize_paths(plan)
        if self.kind is JobKind.MEMBERS:
            members = _members(plan)
            return tuple(player_page(slug, members[index])
                         for index in range(self.first, self.end))
        rows = plan.standings.rows
        is_team = plan.info.is_team_event
        return tuple(competitor_page(slug, rows[index].player.start_no, is_team)
                     for index in range(self.first, self.end))


def _members(plan: EventPlan) -> tuple[StartNo, ...]:
    """The players of a team event with a page, in the order of the MEMBERS jobs."""
    teams = plan.event.teams
    return member_numbers(teams) if teams is not None else ()


def event_jobs(plan: EventPlan, *, players_per_job: int | None = None) -> tuple[EventJob, ...]:
    """Every file under ``<slug>/``, as jobs: the standings page first, then the other
    event pages, the rounds (latest first) and the players (by place).

    ``players_per_job``: None splits the players in eight (for worker processes); 1 gives
    each player page its own job (serve renders the one asked for).
    """
    count = len(plan.standings.rows)
    size = players_per_job or max(50, -(-count // 8))
    members = len(_members(plan))
    member_size = players_per_job or max(50, -(-members // 8))
    prizes = (EventJob(kind=JobKind.PRIZES),) if prize_paths(plan) else ()
    return (EventJob(kind=JobKind.STANDINGS), EventJob(kind=JobKind.EVENT_PAGES), *prizes,
            *(EventJob(kind=JobKind.ROUND, first=k)
              for k in range(plan.info.rounds_listed, 0, -1)),
            *(EventJob(kind=JobKind.PLAYERS, first=first, end=min(first + size, count))
              for first in range(0, count, size)),
            *(EventJob(kind=JobKind.MEMBERS, first=first, end=min(first + member_size, members))
              for first in range(0, members, member_size)))


_FORKED: tuple[EventPlan, jinja2.Environment] | None = None
"""What forked workers inherit: set just before the pool forks, cleared after."""


def render_event(plan: EventPlan, env: jinja2.Environment, *,
                 workers: int = 1,
                 on_files: Callable[[Mapping[str, bytes]], None] | None = None,
                 ) -> dict[str, bytes]:
    """Every file under ``<slug>/``: standings, crosstable, rounds, players, downloads.

    With ``workers`` > 1, a large event is rendered by forked processes, one job
    per round and per slice of players; the files are the same as from one process.
    ``on_files`` is handed each job's files as soon as they are rendered (``standings
    build`` writes them meanwhile); the whole event is returned as well.
    """
    # Largest first, so the last job to finish is a small one.
    jobs = sorted(event_jobs(plan), key=lambda job: _LARGEST_FIRST[job.kind])
    files: dict[str, bytes] = {}
    if (workers > 1 and len(plan.standings.rows) >= PARALLEL_MIN_PLAYERS
            and "fork" in multiprocessing.get_all_start_methods()):
        global _FORKED
        _FORKED = (plan, env)
        # Worked out before the fork, every worker inherits them (each would work them out
        # again): the rating changes and prizes its pages show.
        _ = plan.info, plan.rating_changes, plan.prizes, plan.person_keys
        try:
            with forked_pool(workers) as pool:
                for result in pool.imap(_run_forked_job, jobs, chunksize=1):
                    if on_files is not None:
                        on_files(result)
                    files.update(result)
        finally:
            _FORKED = None
    else:
        for job in jobs:
            result = render_job(plan, env, job)
            if on_files is not None:
                on_files(result)
            files.update(result)
    return files


_LARGEST_FIRST = {JobKind.PLAYERS: 0, JobKind.MEMBERS: 0, JobKind.ROUND: 1,
                  JobKind.EVENT_PAGES: 2, JobKind.PRIZES: 2, JobKind.STANDINGS: 3}


def _run_forked_job(job: EventJob) -> dict[str, bytes]:
    assert _FORKED is not None, "worker started without the forked state"
    return render_job(*_FORKED, job)


def render_job(plan: EventPlan, env: jinja2.Environment, job: EventJob) -> dict[str, bytes]:
    """The files of one job (exactly ``job.paths(plan)``)."""
    info = plan.info
    slug = plan.slug
    site = site_of(env)
    common: dict[str, Any] = {"plan": plan, "info": info, "standings": plan.standings,
                              "prize_nav": prize_nav(plan)}
    files: dict[str, bytes] = {}
    teams = plan.event.teams
    if job.kind is JobKind.PLAYERS and teams is not None:
        team_template = env.get_template("team.html")
        records = board_records(teams)
        for view in player_views(plan, job.first, job.end):
            team = teams.team(view.row.player.start_no)
            page = team_page(slug, team.start_no)
            files[page] = _render_page(
                team_template, page,
                {"view": view, "team_view": team_page_view(plan, view, records), "honours": None,
                 "meta": competitor_meta(site, plan, page, view), **common})
    elif job.kind is JobKind.PLAYERS:
        player_template = env.get_template("player.html")
        prizes = plan.prizes
        for view in player_views(plan, job.first, job.end):
            page = player_page(slug, view.row.player.start_no)
            files[page] = _render_page(
                player_template, page,
                {"view": view, "person_key": plan.person_keys[view.row.player.start_no],
                 "honours": player_honours(plan, prizes, view.row.player.start_no),
                 "meta": competitor_meta(site, plan, page, view), **common})
    elif job.kind is JobKind.MEMBERS:
        member_template = env.get_template("member.html")
        for member in member_views(plan, _members(plan)[job.first:job.end]):
            page = player_page(slug, member.player.start_no)
            files[page] = _render_page(member_template, page, {
                "member": member, "meta": member_meta(site, plan, page, member), **common})
    elif job.kind is JobKind.ROUND:
        is_played = job.first <= info.rounds_played
        shown_round = round_view(plan, job.first,
                                 plan.standings_after(job.first) if is_played else None)
        page = round_page(slug, job.first)
        files[page] = _render(env, "round.html", page, round=shown_round,
                              meta=round_meta(site, plan, page, shown_round), **common)
        if not is_played:
            return files
        page = standings_after_page(slug, job.first)
        after = shown_round.standings
        assert after is not None, "a played round has its standings"
        files[page] = _render(env, "standings_after.html", page, round=shown_round,
                              after=after,
                              meta=standings_meta(site, plan, page, after, job.first), **common)
    elif job.kind is JobKind.PRIZES:
        files.update(prize_files(
            plan, site, lambda template, page, **context: _render(env, template, page,
                                                                  **context, **common),
            csv_heading))
    elif job.kind is JobKind.STANDINGS:
        notes = render_markdown(info.notes_markdown) if info.notes_markdown.strip() else None
        page = event_page(slug)
        files[page] = _render(env, "event.html", page, notes=notes,
                              meta=standings_meta(site, plan, page, plan.standings), **common)
    else:
        page = crosstable_page(slug)
        common["meta"] = crosstable_meta(site, plan, page)
        if teams is not None and not info.is_round_robin:
            files[page] = _render(env, "crosstable.html", page, swiss=(), grid=(),
                                  team_swiss=team_crosstable(plan), **common)
        elif info.is_round_robin:
            grid = team_berger_grid(plan) if teams is not None else berger_grid(plan)
            files[page] = _render(env, "crosstable.html", page, swiss=(),
                                  grid=grid, team_swiss=(), **common)
        else:
            files[page] = _render(env, "crosstable.html", page,
                                  swiss=swiss_crosstable(plan), grid=(), team_swiss=(),
                                  **common)
        page = starting_list_page(slug)
        common["meta"] = starting_list_meta(site, plan, page)
        files[page] = _render(env, "starting_list.html", page, **common)
        if teams is not None:
            page = boards_page(slug)
            common["meta"] = boards_meta(site, plan, page)
            files[page] = _render(env, "boards.html", page, boards=board_tables(plan),
                                  **common)
        page = qr_page(slug)
        common["meta"] = venue_qr_meta(site, plan, page)
        files[page] = _render(env, "qr.html", page, **common)
        # The bytes the event was read from, not the file now on disk: under serve the
        # file may have changed since, and the download must match the pages beside it.
        files[trf_download(slug)] = plan.event.trf_bytes
        ratings = plan.standings_rating_changes
        files[csv_download(slug)] = standings_csv(plan.standings, heading=csv_heading,
                                                  ratings=ratings)
        files[json_download(slug)] = standings_json(plan.standings, info.title,
                                                    ratings=ratings)
    return files


def csv_heading(heading: str) -> str:
    """A column heading of the site's standings.csv in the page's language (the CLI's
    ``rank --format csv`` keeps the English ones)."""
    return languages.pgettext("CSV column", heading)


def explanation_sources(language: str = languages.ENGLISH) -> dict[str, str]:
    """The Markdown page of each tie-break shipped with the package, by file stem: the
    English ``explanations/<stem>.md``, or a language's ``explanations/<code>/<stem>.md``
    (the same names, so their links to each other hold). A page a language lacks stays
    English (the catalogue test refuses a shipped language without all of them)."""
    folder = resources.files("generator") / EXPLANATIONS_PACKAGE_DIR
    sources = _pages_in(folder)
    if language != languages.ENGLISH:
        own = folder / language
        if own.is_dir():
            sources.update((stem, text) for stem, text in _pages_in(own).items()
                           if stem in sources)
    return dict(sorted(sources.items()))


def _pages_in(folder: Any) -> dict[str, str]:
    return {entry.name[:-3]: entry.read_text(encoding="utf-8") for entry in folder.iterdir()
            if entry.name.endswith(".md") and entry.is_file()}


def render_index(plans: Sequence[EventPlan], env: jinja2.Environment,
                 persons: Sequence[Person] = ()) -> dict[str, bytes]:
    """Everything outside the event folders: index, people, explanations, static files."""
    ordered = sorted(plans, key=event_sort_key)
    files: dict[str, bytes] = {}
    site = site_of(env)
    files["index.html"] = _render(env, "index.html", "index.html", plans=ordered,
                                  meta=index_meta(site, "index.html", ordered))
    page = f"{PEOPLE_DIR}/index.html"
    files[page] = _render(env, "people.html", page, persons=persons,
                          meta=people_meta(site, page, persons, ordered))
    for person in persons:
        page = person_page(person.key)
        files[page] = _render(env, "person.html", page, person=person,
                              meta=person_meta(site, page, person))
    sources = explanation_sources(str(env.globals["language"]))
    # Every page ships (they link to each other); the events' own tie-breaks come first.
    used = list(dict.fromkeys(explanation_stem(a) for a in used_tiebreaks(plans)
                              if explanation_stem(a) in sources))
    general = ["unplayed-rounds", "modifiers"]
    rest = [stem for stem in sources if stem not in used and stem not in general]
    topics = [(stem, sources[stem]) for stem in (*used, *general, *rest)]
    listed = []
    for stem, text in topics:
        page = f"{TIEBREAKS_DIR}/{stem}.html"
        title = text.lstrip().splitlines()[0].lstrip("# ").strip() if text.strip() else stem
        listed.append((page, title, stem in used))
        body = render_markdown(text, allow_html=True)
        files[page] = _render(env, "tiebreak.html", page, title=title, body=body,
                              meta=tiebreak_meta(site, page, title, str(body)))
    page = f"{TIEBREAKS_DIR}/index.html"
    files[page] = _render(env, "tiebreaks.html", page, topics=listed,
                          meta=tiebreaks_meta(site, page))
    federations = {player.federation for plan in plans
                   for player in plan.event.tournament.players}
    for name in STATIC_FILES:
        source, _, _ = env.loader.get_source(env, name)  # type: ignore[union-attr]
        if name == FLAG_STYLESHEET:
            source += flag_rules(federations)
        files[name] = source.encode("utf-8")
    files[FIND_INDEX] = find_index(ordered)
    files.update(flag_files(federations))
    if site.logo_page is not None and site.logo_data is not None:
        files[site.logo_page] = site.logo_data  # the bytes checked when site.yml was read
    files[".nojekyll"] = b""
    return files


def missing_explanations(plans: Iterable[EventPlan]) -> tuple[str, ...]:
    sources = explanation_sources()
    return tuple(a for a in used_tiebreaks(plans) if explanation_stem(a) not in sources)
