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
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from importlib import resources
from pathlib import Path
from typing import Any

import jinja2
import markdown
import markupsafe
from jinja2.compiler import CodeGenerator
from jinja2.environment import TemplateModule
from jinja2.runtime import Context
from markupsafe import Markup

from generator.site import pages
from generator.rules.explain import CutReason, NoteKind, Standings
from generator.site.downloads import plain_decimal, standings_csv, standings_json
from generator.model import RoundKind
from generator.reading.notes import render_notes
from generator.site.pages import EventPlan, format_points

SITE_TITLE = "Tournament results"
STATIC_FILES = ("static/favicon.svg", "static/site.js", "static/style.css")
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


_escape_text: Callable[[str], str] = getattr(markupsafe, "_escape_inner", markupsafe.escape)
"""markupsafe's own escaping of a str, without wrapping the result in Markup (3.0 and later;
``markupsafe.escape`` before, and then templates compile as Jinja's own, see below)."""


def _escape_for_output(value: Any) -> Any:
    """What Jinja's autoescape writes for ``{{ value }}``: the same text.

    ``markupsafe.escape`` returns a Markup, made by a ``__new__`` written in Python; a page
    of a 2,000-player event has some thousand ``{{ }}`` and the site some two million. A
    value written out goes straight into the page (or into a block's buffer, which Jinja
    marks safe as a whole), so the wrapper is not needed there.
    """
    if type(value) is str:
        return _escape_text(value)
    return markupsafe.escape(value)


class _CodeGenerator(CodeGenerator):
    """Jinja's compiler, writing ``environment.escape_output(...)`` where it writes
    ``escape(...)`` for an autoescaped ``{{ }}`` (only that: a volatile autoescape block,
    or autoescape off, compiles as Jinja does)."""

    def _output_child_pre(self, node: Any, frame: Any, finalize: Any) -> None:
        if frame.eval_ctx.volatile or not frame.eval_ctx.autoescape:
            super()._output_child_pre(node, frame, finalize)
            return
        self.write("environment.escape_output(")
        if finalize.src is not None:
            self.write(finalize.src)


class _Environment(jinja2.Environment):
    """Jinja's environment, tuned for pages rendered by the thousand (output unchanged).

    Each template's globals are a plain dict: every render copies them into the page's
    context, and Jinja's ChainMap (which lets later changes to the environment's globals
    show through; ours are all set before the first template loads) is copied key by key
    in Python. ``{{ }}`` is escaped by :func:`_escape_for_output`.
    """

    escape_output = staticmethod(_escape_for_output)

    def make_globals(self, d: Mapping[str, Any] | None) -> dict[str, Any]:
        return {**self.globals, **(d or {})}


def _fast_escape_is_exact() -> bool:
    """The faster escaping writes what Jinja's would, on the characters that matter."""
    source = "{{ a }}|{{ b }}|{{ c }}|{% filter string %}{{ a }}{% endfilter %}"
    values = {"a": "<a href='x'>&\"</a>", "b": Markup("<i>"), "c": 5}
    ours = _Environment(autoescape=True)
    ours.code_generator_class = _CodeGenerator
    theirs = jinja2.Environment(autoescape=True)
    return bool(ours.from_string(source).render(values)
                == theirs.from_string(source).render(values))


if _escape_text is not markupsafe.escape and _fast_escape_is_exact():
    _Environment.code_generator_class = _CodeGenerator


def make_environment(events_dir: Path | None = None) -> jinja2.Environment:
    loaders: list[jinja2.BaseLoader] = []
    override = club_templates(events_dir)
    if override is not None:
        loaders.append(jinja2.FileSystemLoader(str(override)))
    loaders.append(jinja2.FileSystemLoader(str(package_templates())))
    env = _Environment(
        loader=jinja2.ChoiceLoader(loaders),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        # Templates do not change during a build, and serve makes a new environment when
        # they do (livebuild.py); checking each file's mtime on every include costs a stat.
        auto_reload=False,
    )
    env.filters.update(
        points=format_points,
        tb_value=tb_value,
        plain=plain_decimal,
        ordinal=ordinal,
        place=pages.place_text,
        date_range=date_range,
        articles=articles,
        kind_label=kind_label,
        note_details=note_details,
        cut_label=cut_label,
    )
    env.globals.update(
        site_title=SITE_TITLE,
        paths=pages,
        tb_columns=_columns,
        value_of=pages.value_of,
        standings_lines=pages.standings_lines,
        RoundKind=RoundKind,
        NoteKind=NoteKind,
        unplayed_page=pages.UNPLAYED_ROUNDS_PAGE,
    )
    return env


def _columns(standings: Standings) -> tuple[pages.Column, ...]:
    return pages.columns(standings.specs)


# --- links and formatting --------------------------------------------------------------

def page_context(page: str) -> dict[str, Any]:
    """What every page is rendered with: its own address and ``url_to``, which makes
    ``url_to(target)`` (a path from the site root) a link relative to the page.

    ``url_to`` is bound to the page's folder: Jinja hands a ``pass_context`` function
    called inside a loop a freshly derived copy of the whole context, on every call, and
    a page of 2,000 rows makes thousands of links. Bound, ``url_to`` is a plain call.
    """
    return {"page": page,
            "url_to": functools.partial(pages.link_from_folder, page.rpartition("/")[0])}


relative_link = pages.relative_link


def tb_value(value: Any) -> str:
    """A tie-break value: quarters as fractions (10¼), other values as decimals (12.43), and
    – where it is undefined."""
    if type(value) is Decimal or value is None:
        return format_points(value)
    if hasattr(value, "parts"):
        value = value.value
    if value is None:
        return "–"
    return format_points(Decimal(value))


def ordinal(number: int) -> str:
    if 10 <= number % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December")


def date_range(start: Any, end: Any = None) -> str:
    if start is None:
        return "" if end is None else _day(end)
    if end is None or end == start:
        return _day(start)
    if (start.year, start.month) == (end.year, end.month):
        return f"{start.day}–{end.day} {_MONTHS[end.month - 1]} {end.year}"
    if start.year == end.year:
        return f"{start.day} {_MONTHS[start.month - 1]} – {_day(end)}"
    return f"{_day(start)} – {_day(end)}"


def _day(day: Any) -> str:
    return f"{day.day} {_MONTHS[day.month - 1]} {day.year}"


def articles(values: Sequence[str]) -> str:
    return ", ".join(values)


_KIND_LABELS = {
    RoundKind.GAME: "game",
    RoundKind.FORFEIT_WIN: "forfeit win",
    RoundKind.FORFEIT_LOSS: "forfeit loss",
    RoundKind.PAIRING_ALLOCATED_BYE: "pairing-allocated bye",
    RoundKind.FULL_POINT_BYE: "full-point bye",
    RoundKind.HALF_POINT_BYE: "requested half-point bye",
    RoundKind.ZERO_POINT_BYE: "zero-point bye / absent",
    RoundKind.PENDING: "result not known yet",
    RoundKind.NOT_PLAYED_YET: "not played yet",
}


def note_details(data: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The plain numbers and words of a note's data (groups and tables are shown elsewhere)."""
    details = []
    for key in sorted(data):
        value = data[key]
        if key in ("exact", "rounded") or isinstance(value, bool):
            continue
        if isinstance(value, Decimal):
            details.append((key.replace("_", " "), format_points(value)))
        elif isinstance(value, (int, str)):
            details.append((key.replace("_", " "), str(value)))
    return details


def kind_label(kind: RoundKind) -> str:
    return _KIND_LABELS[kind]


_CUT_LABELS = {
    # Keyed by value so labels for reasons the engine adds later need no import change.
    "least-significant": "least significant value cut (14.1)",
    "vur-first": "voluntary unplayed round cut first (16.5)",
    "most-significant": "most significant value cut (median, 14.3)",
    "earliest-round": "first cumulative score dropped (14.1)",
    "below-limit": "opponent below the Koya limit (9.2)",
    "not-counted": "not an element of this tie-break",
}


def cut_label(reason: CutReason) -> str:
    return _CUT_LABELS.get(str(reason), str(reason).replace("-", " "))


# --- Markdown ----------------------------------------------------------------------------

def render_markdown(text: str, *, allow_html: bool = False) -> Markup:
    """Markdown to HTML. Only our own pages (the tie-break explanations) may hold HTML;
    any other text is a club's notes, sanitized by :func:`notes.render_notes`."""
    if not allow_html:
        return render_notes(text)
    converter = markdown.Markdown(extensions=["tables", "sane_lists"])
    return Markup(converter.convert(text))  # our own files, shipped with the package


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
    """The pages of the players at places ``first`` to ``end`` (exclusive)."""


@dataclass(frozen=True, slots=True)
class EventJob:
    """Some of an event's files, rendered on their own by :func:`render_job`.

    ``standings build`` spreads an event's jobs over its worker processes; ``standings
    serve`` renders the standings page at once and the others when asked or idle.
    """

    kind: JobKind
    first: int = 0
    """The round (ROUND), or the first place in the standings (PLAYERS)."""
    end: int = 0
    """PLAYERS: one past the last place."""

    def paths(self, plan: EventPlan) -> tuple[str, ...]:
        """The files the job renders, known without rendering them."""
        slug = plan.slug
        if self.kind is JobKind.STANDINGS:
            return (pages.event_page(slug),)
        if self.kind is JobKind.EVENT_PAGES:
            return (pages.crosstable_page(slug), pages.starting_list_page(slug),
                    pages.trf_download(slug), pages.csv_download(slug),
                    pages.json_download(slug))
        if self.kind is JobKind.ROUND:
            if self.first > plan.info.rounds_played:  # paired, not played: no standings
                return (pages.round_page(slug, self.first),)
            return (pages.round_page(slug, self.first),
                    pages.standings_after_page(slug, self.first))
        rows = plan.standings.rows
        return tuple(pages.player_page(slug, rows[index].player.start_no)
                     for index in range(self.first, self.end))


def event_jobs(plan: EventPlan, *, players_per_job: int | None = None) -> tuple[EventJob, ...]:
    """Every file under ``<slug>/``, as jobs: the standings page first, then the other
    event pages, the rounds (latest first) and the players (by place).

    ``players_per_job``: None splits the players in eight (for worker processes); 1 gives
    each player page its own job (serve renders the one asked for).
    """
    count = len(plan.standings.rows)
    size = players_per_job or max(50, -(-count // 8))
    return (EventJob(JobKind.STANDINGS), EventJob(JobKind.EVENT_PAGES),
            *(EventJob(JobKind.ROUND, k) for k in range(plan.info.rounds_listed, 0, -1)),
            *(EventJob(JobKind.PLAYERS, first, min(first + size, count))
              for first in range(0, count, size)))


_FORKED: tuple[EventPlan, jinja2.Environment, Callable[[int], Standings]] | None = None
"""What forked workers inherit: set just before the pool forks, cleared after."""


def render_event(plan: EventPlan, env: jinja2.Environment,
                 standings_after: Callable[[int], Standings], *,
                 workers: int = 1,
                 on_files: Callable[[Mapping[str, bytes]], None] | None = None,
                 ) -> dict[str, bytes]:
    """Every file under ``<slug>/``: standings, crosstable, rounds, players, downloads.

    ``standings_after(k)`` gives the standings after round k (the engine with the event's
    settings). With ``workers`` > 1, a large event is rendered by forked processes, one job
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
        _FORKED = (plan, env, standings_after)
        try:
            with multiprocessing.get_context("fork").Pool(workers) as pool:
                for result in pool.imap(_run_forked_job, jobs, chunksize=1):
                    if on_files is not None:
                        on_files(result)
                    files.update(result)
        finally:
            _FORKED = None
    else:
        for job in jobs:
            result = render_job(plan, env, standings_after, job)
            if on_files is not None:
                on_files(result)
            files.update(result)
    return files


_LARGEST_FIRST = {JobKind.PLAYERS: 0, JobKind.ROUND: 1, JobKind.EVENT_PAGES: 2,
                  JobKind.STANDINGS: 3}


def _run_forked_job(job: EventJob) -> dict[str, bytes]:
    assert _FORKED is not None, "worker started without the forked state"
    return render_job(*_FORKED, job)


def render_job(plan: EventPlan, env: jinja2.Environment,
               standings_after: Callable[[int], Standings], job: EventJob) -> dict[str, bytes]:
    """The files of one job (exactly ``job.paths(plan)``)."""
    info = plan.info
    slug = plan.slug
    common: dict[str, Any] = {"plan": plan, "info": info, "standings": plan.standings}
    files: dict[str, bytes] = {}
    if job.kind is JobKind.PLAYERS:
        player_template = env.get_template("player.html")
        for view in pages.player_views(plan, job.first, job.end):
            page = pages.player_page(slug, view.row.player.start_no)
            files[page] = _render_page(
                player_template, page,
                {"view": view, "person_key": pages.person_key(view.row.player), **common})
    elif job.kind is JobKind.ROUND:
        is_played = job.first <= info.rounds_played
        round_view = pages.round_view(plan, job.first,
                                      standings_after(job.first) if is_played else None)
        page = pages.round_page(slug, job.first)
        files[page] = _render(env, "round.html", page, round=round_view, **common)
        if not is_played:
            return files
        page = pages.standings_after_page(slug, job.first)
        files[page] = _render(env, "standings_after.html", page, round=round_view,
                              after=round_view.standings, **common)
    elif job.kind is JobKind.STANDINGS:
        notes = render_markdown(info.notes_markdown) if info.notes_markdown.strip() else None
        page = pages.event_page(slug)
        files[page] = _render(env, "event.html", page, notes=notes, **common)
    else:
        page = pages.crosstable_page(slug)
        if info.is_round_robin:
            files[page] = _render(env, "crosstable.html", page, swiss=(),
                                  grid=pages.berger_grid(plan), **common)
        else:
            files[page] = _render(env, "crosstable.html", page,
                                  swiss=pages.swiss_crosstable(plan), grid=(), **common)
        page = pages.starting_list_page(slug)
        files[page] = _render(env, "starting_list.html", page, **common)
        # The bytes the event was read from, not the file now on disk: under serve the
        # file may have changed since, and the download must match the pages beside it.
        files[pages.trf_download(slug)] = plan.event.trf_bytes
        files[pages.csv_download(slug)] = standings_csv(plan.standings)
        files[pages.json_download(slug)] = standings_json(plan.standings, info.title)
    return files


def explanation_sources() -> dict[str, str]:
    """The Markdown page of each tie-break shipped with the package, by file stem."""
    folder = resources.files("generator") / EXPLANATIONS_PACKAGE_DIR
    sources = {}
    for entry in folder.iterdir():
        if entry.name.endswith(".md"):
            sources[entry.name[:-3]] = entry.read_text(encoding="utf-8")
    return dict(sorted(sources.items()))


def render_index(plans: Sequence[EventPlan], env: jinja2.Environment,
                 persons: Sequence[pages.Person] = ()) -> dict[str, bytes]:
    """Everything outside the event folders: index, people, explanations, static files."""
    ordered = sorted(plans, key=pages.event_sort_key)
    files: dict[str, bytes] = {}
    files["index.html"] = _render(env, "index.html", "index.html", plans=ordered)
    page = f"{pages.PEOPLE_DIR}/index.html"
    files[page] = _render(env, "people.html", page, persons=persons)
    for person in persons:
        page = pages.person_page(person.key)
        files[page] = _render(env, "person.html", page, person=person)
    sources = explanation_sources()
    # Every page ships (they link to each other); the events' own tie-breaks come first.
    used = [a.lower() for a in pages.used_tiebreaks(plans) if a.lower() in sources]
    general = ["unplayed-rounds", "modifiers"]
    rest = [stem for stem in sources if stem not in used and stem not in general]
    topics = [(stem, sources[stem]) for stem in (*used, *general, *rest)]
    listed = []
    for stem, text in topics:
        page = f"{pages.TIEBREAKS_DIR}/{stem}.html"
        title = text.lstrip().splitlines()[0].lstrip("# ").strip() if text.strip() else stem
        listed.append((page, title, stem in used))
        files[page] = _render(env, "tiebreak.html", page, title=title,
                              body=render_markdown(text, allow_html=True))
    page = f"{pages.TIEBREAKS_DIR}/index.html"
    files[page] = _render(env, "tiebreaks.html", page, topics=listed)
    for name in STATIC_FILES:
        source, _, _ = env.loader.get_source(env, name)  # type: ignore[union-attr]
        files[name] = source.encode("utf-8")
    files[".nojekyll"] = b""
    return files


def missing_explanations(plans: Iterable[EventPlan]) -> tuple[str, ...]:
    sources = explanation_sources()
    return tuple(a for a in pages.used_tiebreaks(plans) if a.lower() not in sources)
