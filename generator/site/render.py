"""Jinja rendering: the environment, the formatting filters, and each page's bytes.

The environment escapes everything (autoescape) and refuses unknown names
(StrictUndefined), so a TRF name like ``<script>`` is text and a template typo is
an error rather than an empty cell. Templates only loop and branch; the filters
below format numbers, and ``url_to`` makes every link relative to the page it
is on. Which pages there are, and what each is rendered from, is site/pages.py's
declared list; this module renders any kind of it the same way.
"""

from __future__ import annotations

import functools
import hashlib
import multiprocessing
import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from pathlib import Path
from typing import Any, TypeVar

import jinja2
from jinja2.environment import TemplateModule
from jinja2.runtime import Context
from markupsafe import Markup

from generator.errors import StandingsError
from generator.model import RoundKind
from generator.reading.notes import render_notes
from generator.reading.series_files import read_series
from generator.reading.series_settings import SeriesSettings
from generator.reading.site_files import read_festival_logo
from generator.reading.site_settings import DEFAULT_SITE_TITLE, SiteSettings
from generator.rules.explain import NoteKind, Standings
from generator.site import addresses
from generator.site import language as languages
from generator.site.addresses import (
    UNPLAYED_ROUNDS_PAGE,
    explanation_stem,
    link_from_folder,
)
from generator.site.cache_keys import package_digest
from generator.site.escaping import (
    EscapingEnvironment,
    escape_for_output,
    require_exact_escaping,
)
from generator.site.explanation_pages import explanation_html, explanation_sources
from generator.site.flags import flag_mark
from generator.site.numbers import date_range, format_points, load_dates, plain_decimal, time_text
from generator.site.pages import (
    Download,
    EventJob,
    Page,
    PageKind,
    SiteJob,
    SiteSource,
    Split,
    Topic,
    event_context,
    event_jobs,
    site_jobs,
)
from generator.site.people import Person
from generator.site.plan import EventPlan
from generator.site.player_rows import neighbour_rows, rating_items, rounds_rows
from generator.site.qr import qr_svg, small_qr_svg
from generator.site.rating_view import rating_column
from generator.site.round_rows import board_rows
from generator.site.series_plan import SeriesPlan, plan_series
from generator.site.table_rows import (
    breakable_name,
    crosstable_rows,
    standings_body,
    standings_rows,
)
from generator.site.team_view import (
    team_standings_lines,
    team_table_shape,
)
from generator.site.template_files import ClubTemplateLoader, club_template_problems
from generator.site.template_paths import (
    club_templates,
    package_templates,
)
from generator.site.tiebreak_sections import note_sentence, tiebreak_links, tiebreak_sections
from generator.site.views import (
    Column,
    columns,
    event_sort_key,
    place_text,
    standings_lines,
    used_tiebreaks,
    value_of,
)
from generator.site.wording import (
    colour_letter,
    cut_words,
    ordinal,
    outcome_letter,
    outcome_words,
    round_kind_words,
    team_round_kind_words,
)
from generator.site.workers import forked_pool

STATIC_FILES = ("static/favicon.svg", "static/find.js", "static/site.js", "static/style.css")

S = TypeVar("S")
K = TypeVar("K")


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
    site = site or SiteSettings()
    speaks = languages.language(language or site.language)
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
        bytecode_cache=compiled_templates_cache(speaks.digest),
    )
    series_settings: tuple[SeriesSettings, ...] = ()
    if events_dir is not None:
        series_settings, series_problems = read_series(events_dir, (site or SiteSettings()).aliases)
        if any(problem.is_error for problem in series_problems):
            raise StandingsError(series_problems)
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
    env.globals.update(_words_callables(speaks))
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
        standings_body=standings_body,
        standings_rows=standings_rows,
        crosstable_rows=crosstable_rows,
        team_standings_lines=team_standings_lines,
        team_table_shape=team_table_shape,
        RoundKind=RoundKind,
        NoteKind=NoteKind,
        unplayed_page=UNPLAYED_ROUNDS_PAGE,
        rating_column=rating_column,
        rounds_rows=rounds_rows,
        board_rows=board_rows,
        neighbour_rows=neighbour_rows,
        rating_items=rating_items,
        tiebreak_sections=tiebreak_sections,
        tiebreak_links=tiebreak_links,
        series_settings=series_settings,
    )
    return env


COMPILED_TEMPLATES_DIR = "STANDINGS_TEMPLATE_CACHE"
"""The environment variable naming the folder of compiled templates (else the user's cache
folder, ``$XDG_CACHE_HOME/standings`` or ``~/.cache/standings``); empty: none kept."""


def compiled_templates_cache(language_digest: str) -> jinja2.BytecodeCache | None:
    """Where Jinja keeps the templates it compiled, for the next build (a one-event change
    of an archive spent 0.9 s compiling them again): outside the published site, which
    must hold pages only, and outside the project, whose folders are inputs.

    One folder per program and language catalogue (``Language.digest``: its code and the
    bytes of its .po file): Jinja checks a template's source against what it compiled, but
    not what the compiling made of it, and ours folds each constant sentence into the
    compiled page as that catalogue translates it (escaping.py's ``_ConstantWords``) and
    depends on this code and Jinja's own. None (compile as before) when the folder
    cannot be made."""
    chosen = os.environ.get(COMPILED_TEMPLATES_DIR)
    if chosen == "":
        return None
    base = Path(chosen) if chosen is not None else Path(
        os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "standings"
    program = hashlib.sha256(
        f"{package_digest()}\0{jinja2.__version__}\0{language_digest}".encode())
    folder = base / f"templates-{program.hexdigest()[:24]}"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError:
        return None
    return jinja2.FileSystemBytecodeCache(os.fspath(folder))


def _words_callables(speaks: languages.Language) -> dict[str, Callable[..., str]]:
    """``_``, ``gettext``, ``pgettext`` and ``ngettext`` as jinja2.ext.i18n's new style
    makes them, each one call deep, their sentences kept (:class:`SentenceMemo`).

    Jinja's ``_`` looks ``gettext`` up and calls it, which calls the catalogue: three
    ``context.call`` for each sentence with a number or a name in it, some ninety a player
    page. These write the same (the words as Markup where the page escapes, formatted with
    the fields escaped), with the catalogue called directly.
    """
    look_up, look_up_in = speaks.gettext, speaks.pgettext
    look_up_plural = speaks.translations.ngettext
    written = SentenceMemo()
    plural_words: dict[tuple[str, str, int], str] = {}

    @jinja2.pass_context
    def gettext(context: Context, message: str, /, **fields: Any) -> str:
        if context.eval_ctx.autoescape:
            return written.sentence(look_up(message), fields)
        return look_up(message) % fields

    @jinja2.pass_context
    def pgettext(context: Context, sense: str, message: str, /, **fields: Any) -> str:
        fields.setdefault("context", sense)
        if context.eval_ctx.autoescape:
            return written.sentence(look_up_in(sense, message), fields)
        return look_up_in(sense, message) % fields

    @jinja2.pass_context
    def ngettext(context: Context, singular: str, plural: str, count: int, /,
                 **fields: Any) -> str:
        # Jinja's own calls the catalogue through context.call and formats a new Markup
        # each time: some twenty times the cost of a kept sentence, three times a page.
        fields.setdefault("num", count)
        if type(count) is int:  # the catalogue's plural formula, in Python, once a count
            forms = (singular, plural, count)
            words = plural_words.get(forms)
            if words is None:
                if len(plural_words) >= SentenceMemo.LIMIT:
                    plural_words.clear()
                words = plural_words[forms] = look_up_plural(singular, plural, count)
        else:
            words = look_up_plural(singular, plural, count)
        if context.eval_ctx.autoescape:
            return written.sentence(words, fields)
        return words % fields

    return {"_": gettext, "gettext": gettext, "pgettext": pgettext, "ngettext": ngettext}


_SAME_TEXT_WHEN_EQUAL = frozenset({str, Markup, int})
"""The types whose equal values always write the same text (a Decimal does not: 1 and 1.0
are equal; a bool is equal to an int; a str and a Markup of the same characters are equal
but only the str is escaped)."""


class SentenceMemo:
    """A translated sentence with its fields, formatted once per environment and reused.

    A player page of an 11-round event says "(rd 5)" a dozen times, "%(name)s (C.07
    %(articles)s)" for each tie-break, "round %(number)s (%(contribution)s)"...: the same
    handful of sentences on every page, each a Markup format (every field wrapped, escaped
    and formatted in Python) at every call. The result depends only on the words and on
    the fields' text, so a sentence whose fields are all of a type in
    :data:`_SAME_TEXT_WHEN_EQUAL` is kept, by its words and each field's name, type and
    value; any other (a Decimal, a list) is formatted every time. Bounded: when full, the
    memo starts again (a player's name makes a sentence of its own on each page).
    """

    LIMIT = 4096

    __slots__ = ("_kept",)

    def __init__(self) -> None:
        self._kept: dict[tuple[Any, ...], Markup] = {}

    def sentence(self, words: str, fields: Mapping[str, Any]) -> Markup:
        key: tuple[Any, ...] = (words,)
        for name, value in fields.items():
            kind = type(value)
            if kind not in _SAME_TEXT_WHEN_EQUAL:
                return Markup(words) % fields
            key += (name, kind, value)
        found = self._kept.get(key)
        if found is None:
            if len(self._kept) >= self.LIMIT:
                self._kept.clear()
            found = self._kept[key] = _filled(words, fields)
        return found


def _filled(words: str, fields: Mapping[str, Any]) -> Markup:
    """``Markup(words) % fields``, for fields of the types in :data:`_SAME_TEXT_WHEN_EQUAL`.

    Markup's ``%`` wraps every field in a helper that escapes it when str's ``%`` asks for
    its text: some half dozen calls a field, on sentences a page says with its own player's
    name or number (kept by the memo, but new on every page). Where every placeholder of the
    words is ``%(name)s`` (or ``%%``), each field escaped first as a page writes it and put
    in by str's own ``%`` is the same text; any other (``%(num)d``, a width) goes the
    helper's way.
    """
    if _named_strings_only(words):
        return Markup(words % {name: escape_for_output(value) for name, value in fields.items()})
    return Markup(words) % fields


_PLACEHOLDER = re.compile(r"%(?:%|\(\w+\)s)")


@functools.lru_cache(maxsize=4096)
def _named_strings_only(words: str) -> bool:
    """Every ``%`` of ``words`` starts a ``%(name)s`` or a ``%%``."""
    return "%" not in _PLACEHOLDER.sub("", words)


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
    folder = page.rpartition("/")[0]
    return {"page": page, "url_to": functools.partial(link_from_folder, folder),
            "links": site_links(folder)}


@dataclass(frozen=True, slots=True, kw_only=True)
class SiteLinks:
    """The links of base.html, which every page has, seen from a folder of the site: the
    same for every page in it, so worked out once per folder rather than by six calls of
    ``url_to`` on each of thousands of pages (issue 25)."""

    stylesheet: str
    icon: str
    script: str
    home: str
    players: str
    tiebreaks: str


@functools.lru_cache(maxsize=256)
def site_links(folder: str) -> SiteLinks:
    return SiteLinks(stylesheet=link_from_folder(folder, "static/style.css"),
                     icon=link_from_folder(folder, "static/favicon.svg"),
                     script=link_from_folder(folder, "static/site.js"),
                     home=link_from_folder(folder, "index.html"),
                     players=link_from_folder(folder, f"{addresses.PEOPLE_DIR}/index.html"),
                     tiebreaks=link_from_folder(folder, f"{addresses.TIEBREAKS_DIR}/index.html"))


def tb_value(value: Any) -> str:
    """A tie-break value: quarters as fractions (10¼), other values as decimals (12.43), and
    – where it is undefined."""
    if type(value) is Decimal or value is None:
        return format_points(value)
    if hasattr(value, "parts"):
        value = value.value
    return format_points(None if value is None else Decimal(value))


def articles(values: Sequence[str]) -> str:
    return ", ".join(values)


# --- Markdown ----------------------------------------------------------------------------

def render_markdown(text: str, *, allow_html: bool = False) -> Markup:
    """Markdown to HTML. Only our own pages (the tie-break explanations) may hold HTML;
    any other text is a club's notes, sanitized by :func:`notes.render_notes`."""
    return explanation_html(text) if allow_html else render_notes(text)


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
        if isinstance(value, TemplateModule):
            _let_go_of_module(value)
    context.vars.clear()
    context.parent.clear()


def _let_go_of_module(module: TemplateModule) -> None:
    """Empty the context an imported module's macros refer to. They all refer to the one
    the module was made with: the first found is emptied, and the rest of the module's
    macros (some twenty-five of _macros.html, on every page) need not be searched."""
    for member in tuple(vars(module).values()):
        function = getattr(member, "_func", None)
        for cell in getattr(function, "__closure__", None) or ():
            try:
                inner = cell.cell_contents
            except ValueError:  # an empty cell
                continue
            if isinstance(inner, Context):
                inner.vars.clear()
                inner.parent.clear()
                return


PARALLEL_MIN_PLAYERS = 400
"""Below this many players an event renders in one process (forking costs more than it saves)."""


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
    jobs = sorted(event_jobs(plan), key=lambda job: _LARGEST_FIRST[job.kind.split])
    files: dict[str, bytes] = {}
    if (workers > 1 and len(plan.standings.rows) >= PARALLEL_MIN_PLAYERS
            and "fork" in multiprocessing.get_all_start_methods()):
        global _FORKED
        _FORKED = (plan, env)
        # Worked out before the fork, every worker inherits them (each would work them out
        # again): what the plan's pages share, the templates, and Babel's dates.
        plan.work_out_shared()
        compile_templates(env, jobs)
        load_dates()
        try:
            with forked_pool(workers) as pool:
                for result in pool.imap(_run_forked_job, jobs):
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


_LARGEST_FIRST = {Split.SLICES: 0, Split.EACH: 1, Split.ONE: 2}


def compile_templates(env: jinja2.Environment, jobs: Iterable[EventJob]) -> None:
    """The templates ``jobs`` render, with every partial and base.html (which any page
    may include or extend), compiled into ``env`` (the package's, or a club's in its place).

    Each worker would otherwise compile those it renders, which in the end is nearly all
    of them, in each worker: 0.4 s of CPU apiece. A page template no job renders (a team
    event's, on an individual event) is left out: nobody would use it. One that does not
    compile is left to the page that uses it, which says what is wrong (a club's template
    it never uses must not stop a build).
    """
    rendered = {file.template for job in jobs for file in job.kind.files
                if isinstance(file, Page)}
    for template in sorted(path.name for path in package_templates().glob("*.html")):
        if template in rendered or template.startswith("_") or template == "base.html":
            try:
                env.get_template(template)
            except jinja2.TemplateError:
                continue


def _run_forked_job(job: EventJob) -> dict[str, bytes]:
    assert _FORKED is not None, "worker started without the forked state"
    return render_job(*_FORKED, job)


def render_job(plan: EventPlan, env: jinja2.Environment, job: EventJob) -> dict[str, bytes]:
    """The files of one job (exactly ``job.paths(plan)``), as its kind declares them
    (site/pages.py)."""
    return _render_kind(env, plan, job.kind, job.keys(plan), event_context(plan))


def render_site_job(source: SiteSource, env: jinja2.Environment,
                    job: SiteJob) -> dict[str, bytes]:
    """The files of one kind of page outside the events' folders (``job.paths(source)``)."""
    return _render_kind(env, source, job.kind, job.keys(source), {})


def _render_kind(env: jinja2.Environment, source: S, kind: PageKind[S, K, Any],
                 keys: Sequence[K], common: Mapping[str, Any]) -> dict[str, bytes]:
    site = site_of(env)
    templates = {file.template: env.get_template(file.template)
                 for file in kind.files if isinstance(file, Page)}
    files: dict[str, bytes] = {}
    for key, view in zip(keys, kind.views(source, keys), strict=True):
        for file in kind.files:
            if isinstance(file, Download):
                files[file.path(source, key)] = file.data(source, view)
            elif file.when(source, key):
                page = file.path(source, key)
                files[page] = _render_page(
                    templates[file.template], page,
                    {**file.context(source, view), "meta": file.meta(site, source, page, view),
                     **common})
    return files


def render_index(plans: Sequence[EventPlan], env: jinja2.Environment,
                 persons: Sequence[Person] = ()) -> dict[str, bytes]:
    """Everything outside the event folders: index, people, explanations, static files."""
    source = site_source(plans, env, persons)
    files: dict[str, bytes] = {}
    for job in site_jobs(source):
        files.update(render_site_job(source, env, job))
    return files


def site_source(plans: Sequence[EventPlan], env: jinja2.Environment,
                persons: Sequence[Person] = (),
                series: Sequence[SeriesPlan] | None = None,
                names: tuple[object, int] | None = None) -> SiteSource:
    """What the pages outside the event folders are made from, in the environment's
    language: the events newest first, and the explanations (our Markdown, as HTML).
    ``series``: planned already (the build plans each once for every language); None:
    planned here, from the series files the environment read. ``names``: the pages of
    names and the number of persons, when ``persons`` holds only those whose page is
    rendered (site_state.py)."""
    sources = explanation_sources(str(env.globals["language"]))
    # Every page ships (they link to each other); the events' own tie-breaks come first.
    used = list(dict.fromkeys(explanation_stem(a) for a in used_tiebreaks(plans)
                              if explanation_stem(a) in sources))
    general = ["unplayed-rounds", "modifiers"]
    rest = [stem for stem in sources if stem not in used and stem not in general]
    topics = []
    for stem in (*used, *general, *rest):
        text = sources[stem]
        title = text.lstrip().splitlines()[0].lstrip("# ").strip() if text.strip() else stem
        topics.append(Topic(stem=stem, title=title, is_used=stem in used, markdown=text))
    static = {name: env.loader.get_source(env, name)[0]  # type: ignore[union-attr]
              for name in STATIC_FILES}
    if series is None:
        read: Sequence[SeriesSettings] = env.globals.get("series_settings", ())  # type: ignore[assignment]
        series = tuple(plan_series(settings, plans) for settings in read)
        problems = [d for each in series for d in each.diagnostics if d.is_error]
        if problems:
            raise StandingsError(problems)
    return SiteSource(site=site_of(env), plans=tuple(sorted(plans, key=event_sort_key)),
                      persons=tuple(persons), topics=tuple(topics), static=static,
                      series=tuple(series), festival_logos=festival_logos(plans),
                      index_views={} if names is None else {"names": names[0]},
                      person_total=None if names is None else names[1],
                      explain=functools.partial(render_markdown, allow_html=True))


def festival_logos(plans: Iterable[EventPlan]) -> dict[str, bytes]:
    """Each festival's logo (festival.yml ``logo``), read and checked as site.yml's: its
    path on the site -> the bytes to publish. A logo that cannot be published stops the
    build, as a series' error does (the build reports its warnings beforehand)."""
    festivals = {plan.event.festival.slug: plan.event.festival for plan in plans
                 if plan.event.festival is not None}
    logos: dict[str, bytes] = {}
    for slug in sorted(festivals):
        festival = festivals[slug]
        data, problems = read_festival_logo(festival)
        errors = [problem for problem in problems if problem.is_error]
        if errors:
            raise StandingsError(errors)
        if data is not None and festival.logo_page is not None:
            logos[festival.logo_page] = data
    return logos


def missing_explanations(plans: Iterable[EventPlan]) -> tuple[str, ...]:
    sources = explanation_sources()
    return tuple(a for a in used_tiebreaks(plans) if explanation_stem(a) not in sources)
