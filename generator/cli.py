"""The ``standings`` command line: check, rank, explain, build, serve.

Each command reads through ``generator.reading.events`` and turns a
:class:`StandingsError` into ``path:line:column: ...`` lines on stderr and exit
status 1. Usage errors exit 2 (click's convention). A Python traceback is shown
only with ``--debug``.
"""

from __future__ import annotations

import atexit
import gc
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from functools import wraps
from typing import TYPE_CHECKING, Any, NoReturn, ParamSpec, TypeVar

import click

from generator import __version__
from generator.errors import (
    Diagnostic,
    Severity,
    StandingsError,
    refused_by_strict,
    warning_count,
)

if TYPE_CHECKING:
    from decimal import Decimal

    from generator.reading.events import Event
    from generator.rules.explain import Standings, StandingsRow
    from generator.rules.notation import TiebreakSpec
    from generator.site.event_standings import RankedEvent

# Everything else is imported by the command that needs it, when it runs: start-up time.
# ``standings --help`` loads no tie-break, and ``rank`` no page template.

F = TypeVar("F", bound=Callable[..., Any])
_P = ParamSpec("_P")
_R = TypeVar("_R")


def print_diagnostics(diagnostics: Iterable[Diagnostic]) -> None:
    # Checks run in passes (fields, then games, then totals); an arbiter reads a file top
    # to bottom, so print in file order. sorted() is stable: same-position order is kept.
    # A cap's note ("100 more warnings not shown") comes after what it follows.
    def position(d: Diagnostic) -> tuple[str, bool, int, int]:
        return (d.path, d.severity is Severity.NOTE, d.line or 0, d.column or 0)

    for diagnostic in sorted(diagnostics, key=position):
        click.echo(str(diagnostic), err=True)


def reports_errors(command: Callable[_P, _R]) -> Callable[_P, _R]:
    """Print a StandingsError as diagnostics and exit 1, with no traceback unless --debug."""

    @wraps(command)
    def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        debug = bool(click.get_current_context().find_root().params.get("debug"))
        try:
            return command(*args, **kwargs)
        except StandingsError as error:
            if debug:
                raise
            print_diagnostics(error.diagnostics)
            sys.exit(1)
        except (click.exceptions.Exit, click.ClickException, KeyboardInterrupt):
            raise
        except BrokenPipeError:
            _reader_went_away()
        except Exception as error:  # a bug of ours: say so plainly, keep the trace for --debug
            if debug:
                raise
            click.echo(f"standings: internal error: {error!r} (run with --debug for details)",
                       err=True)
            sys.exit(1)

    return wrapper


def _reader_went_away() -> NoReturn:
    """Stop quietly when the output's reader closed it (``standings rank ... | head``).

    Python would complain about the pipe once more while flushing stdout at exit, so stdout
    is pointed at the null device first; the status is the one a shell reports for a tool
    stopped by SIGPIPE, 128 + 13.
    """
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, sys.stdout.fileno())
    os.close(null)
    sys.exit(141)


_may_end_at_once = False
"""Set by ``rank``, ``check`` and ``explain`` once everything is printed: :func:`run` may then
end the process without Python's teardown (see there)."""


_ends_the_process = False
"""Set by :func:`run`: the command runs in a process of its own, which ends with it (not in
click's test runner, which calls command after command in one process)."""

_made: list[object] = []
"""What a command that ends its process made, kept alive until the process ends."""


def _printed_all(made: object = None) -> None:
    """Everything is printed: :func:`run` may end the process at once.

    ``made`` (the ranked event): when the process ends with the command, it stays alive
    and out of the cycle collector's sight until then. Otherwise it would be freed object
    by object when the command returns, and what is left would be walked by the collector
    when ``collector_paused`` ends, only for the process to end a moment later (together
    some 2% of a whole run of ``rank`` on 2,000 players, bench/bench_rank.py).
    """
    global _may_end_at_once
    _may_end_at_once = True
    if _ends_the_process and made is not None:
        _made.append(made)
        gc.freeze()


def run() -> None:
    """The program (``standings``, ``python -m generator``): :func:`main`, and after a command
    that only reads and prints, the end of the process without Python's teardown.

    Freeing one by one the objects of a ranked 2,000-player event, and the modules, is work
    the system does at once when the process ends (some 2% of a whole run of ``rank``,
    bench/bench_rank.py). The output is flushed first; nothing else waits for the teardown
    in these commands (no file, no worker, no thread). mypy ends the same way. ``build``
    ends so once it has printed its last line, its workers reaped and its files closed
    before; a failed one, and ``serve``, end as usual (tests/cli/test_process_end.py).
    """
    global _ends_the_process
    _ends_the_process = True
    try:
        main()
    except SystemExit as finished:
        code = finished.code
        # A profiler or a tracer (cProfile, coverage) writes what it found at the teardown.
        watched = sys.getprofile() is not None or sys.gettrace() is not None
        if _may_end_at_once and not watched and (code is None or isinstance(code, int)):
            try:
                sys.stdout.flush()
                sys.stderr.flush()
            except OSError:
                raise finished from None  # the usual end reports it (a closed pipe ...)
            os._exit(code or 0)
        raise


class _Command(click.Command):
    """A command whose summary in ``standings --help`` is its help's first sentence, whole:
    click cuts it to fit beside the name ("rebuild on..."); the list wraps it instead."""

    def get_short_help_str(self, limit: int = 45) -> str:
        return super().get_short_help_str(limit=max(limit, len(self.help or "")))


class _Commands(click.Group):
    command_class = _Command


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="standings")
@click.option("--debug", is_flag=True, help="Show a Python traceback on errors.")
def main(debug: bool) -> None:
    """Chess tournament standings with FIDE C.07 tie-breaks, explained.

    Reads event folders (one TRF file plus an optional event.yml each) and
    checks them, ranks the players, explains every tie-break value, and
    builds a static site.
    """


# --- commands ---------------------------------------------------------------------------
# Each command lives below in its own section; keep them in this order:
# check (issue 2), rank and explain (issue 3), build (issue 4), serve (issue 5).


# --- check (issue 2) ----------------------------------------------------------------------


@main.command("check")
@click.argument("paths", nargs=-1, type=click.Path(), metavar="[PATH]...")
@click.option("--strict", is_flag=True,
              help="Treat warnings (e.g. a points column that disagrees with the results) "
                   "as errors.")
@click.option("--sources", is_flag=True,
              help="Also print, for each event, the file and line each setting in effect "
                   "comes from (a festival section's event.yml or its festival.yml).")
@reports_errors
def check_command(paths: tuple[str, ...], strict: bool, sources: bool) -> None:
    """Read event folders and TRF files and report every problem found.

    PATH is an events folder (one sub-folder per event), an event folder (one .trf
    file, optionally event.yml and notes.md) or a single TRF file; the default is
    events/. Every problem of every file is printed on its own line as

        path:line:column: what is wrong; expected what

    The exit status is 1 when there is any error (or, with --strict, any warning),
    0 otherwise. For each event read without errors a one-line summary is printed.
    """
    from generator.reading.event_places import is_events_folder
    from generator.reading.trf_event import summary

    given = [_event_path(p, "checking") for p in paths or ("events",)]
    events, diagnostics = _read_paths(given)
    series_lines: tuple[str, ...] = ()
    if any(is_events_folder(p) for p in given):
        # Only an events folder has a site.yml (and a logo) beside it: checking an event
        # loads no site reader.
        from generator.reading.site_files import site_problems

        series_problems, series_lines = _series_report(given, events)
        diagnostics = (*site_problems(given), *diagnostics, *series_problems)
    # Each event's warnings are those build and serve report (one function decides them):
    # the reader's, kept aside here, and the standings'.
    ranked = [(event, _event_problems(event)) for event in events]
    of_events = {id(d) for event in events for d in event.warnings}
    diagnostics = (*(d for d in diagnostics if id(d) not in of_events),
                   *(d for _event, found in ranked for d in found))
    if strict:
        diagnostics = tuple(d.as_error() for d in diagnostics)
    print_diagnostics(diagnostics)
    for line in series_lines:
        click.echo(line)
    for event, found in sorted(ranked, key=lambda pair: pair[0].display_path):
        if not (strict and refused_by_strict(found)):
            click.echo(summary(event, found))
            if sources:
                _print_sources(event)
    errors = sum(1 for d in diagnostics if d.is_error)
    if errors:
        warnings = warning_count(diagnostics)
        click.echo(f"standings check: {errors} error{'s' if errors != 1 else ''}"
                   + (f", {warnings} warning{'s' if warnings != 1 else ''}" if warnings else ""),
                   err=True)
    _printed_all()
    if errors:
        sys.exit(1)


def _read_paths(given: Sequence[str]) -> tuple[list[Event], tuple[Diagnostic, ...]]:
    """The events at ``given``; a lone TRF file without settings by reading/trf_event.py."""
    from generator.reading.trf_event import read_bare_trf

    read = read_bare_trf(given[0]) if len(given) == 1 else None
    if read is None:
        from generator.reading.events import read_paths

        return read_paths(given)
    event, diagnostics = read
    return ([] if event is None else [event]), diagnostics


def _print_sources(event: Event) -> None:
    """Where each setting in effect was written (``check --sources``)."""
    from generator.reading.festival import setting_sources

    for key, path, line, column in setting_sources(event.settings):
        click.echo(f"  {key}: {path}:{line}:{column}")


def _event_path(path: str, doing: str) -> str:
    """``events/x/event.yml`` stands for its event folder: read as a TRF file it would give
    a page of nonsense errors, so say what it is and read the folder."""
    from generator.reading.event_places import SETTINGS_FILE

    if os.path.basename(path) != SETTINGS_FILE or not os.path.isfile(path):
        return path
    folder = os.path.dirname(path) or "."
    click.echo(f"{path}: note: this is the event's settings file, not a TRF file; {doing} its "
               f"folder {folder}", err=True)
    return folder


def _event_problems(event: Event) -> tuple[Diagnostic, ...]:
    """The event's warnings as build and serve report them (the reader's, then the TRF rank
    column against the standings as announced), or, when it cannot be ranked, the reader's
    warnings and why not."""
    from generator.site.plan import event_warnings, plan_event

    try:
        return plan_event(event).warnings
    except StandingsError as error:
        return (*event_warnings(event, None), *error.diagnostics)


def _series_report(given: Sequence[str], events: Sequence[Event]
                   ) -> tuple[tuple[Diagnostic, ...], tuple[str, ...]]:
    """The series beside each events folder given (issue 28): their problems, and the
    probable duplicates they did not join."""
    from generator.reading.events import is_events_folder
    from generator.reading.series_files import series_inputs

    folders = [p for p in given if is_events_folder(p) and series_inputs(p)]
    if not folders:
        return (), ()
    from generator.site.plan import plan_event
    from generator.site.series_check import series_report

    plans = []
    for event in events:
        try:
            plans.append(plan_event(event))
        except StandingsError:
            continue  # its problems are the event's to report
    found = [series_report(folder, plans) for folder in dict.fromkeys(folders)]
    return (tuple(d for problems, _ in found for d in problems),
            tuple(line for _, lines in found for line in lines))


# --- rank and explain (issue 3) -------------------------------------------------------------


def _ranking_options(command: F) -> F:
    """--tiebreaks, --edition and --after-round, shared by rank and explain."""
    command = click.option(
        "--after-round", "after_round", type=click.IntRange(min=0), metavar="K",
        help="Standings as if the event had ended after round K.")(command)
    command = click.option(
        "--edition", type=click.Choice(["2026", "2024"]),
        help="C.07 edition (default: event.yml, else the one in force on the start "
             "date).")(command)
    command = click.option(
        "--tiebreaks", metavar='"BH/C1 BH SB"',
        help="Tie-breaks after points, separated by blanks or commas (default: the "
             "event's announced list).")(command)
    return command


def _ranked(path: str, tiebreaks: str | None, edition: str | None,
            after_round: int | None) -> RankedEvent:
    """Read the event and rank it with the command-line overrides, without its plan (rank
    loads nothing that only the pages read); warnings to stderr."""
    from generator.model import Edition
    from generator.rules.notation import NotationError, parse_tiebreak_list, round_robin_refusal
    from generator.site.event_standings import rank_event

    event = _read_event(_event_path(path, "reading"))
    print_diagnostics(event.warnings)
    specs = None
    if tiebreaks is not None:
        try:
            # The rules of event.yml and TRF 212 (one function): the cuts against the
            # announced rounds.
            specs = parse_tiebreak_list(tiebreaks, rounds=event.competitors.total_rounds)
        except NotationError as error:
            hint = f"; expected {error.expected}" if error.expected else ""
            raise click.BadParameter(error.message + hint, param_hint="'--tiebreaks'") from None
    chosen = Edition(edition) if edition else event.edition
    tournament = event.competitors
    # The lists event.yml and TRF 212/202 may announce are the lists --tiebreaks takes.
    for spec in specs or ():
        if art8 := round_robin_refusal(spec, chosen, is_round_robin=tournament.is_round_robin):
            message, expected = art8
            raise click.BadParameter(f"{message}; expected {expected}",
                                     param_hint="'--tiebreaks'")
    played = max(tournament.total_rounds, tournament.rounds_played)
    if after_round is not None and after_round > played:
        raise click.BadParameter(f"round {after_round} is after the last round ({played})",
                                 param_hint="'--after-round'")
    ranked = rank_event(event, after_round=after_round, specs=specs, edition=chosen)
    print_diagnostics(ranked.standings.diagnostics)
    return ranked


def _read_event(path: str) -> Event:
    """The event at ``path``; a TRF file without settings by reading/trf_event.py alone."""
    from generator.reading.trf_event import read_bare_trf

    read = read_bare_trf(path)
    if read is None:
        from generator.reading.events import read_event

        return read_event(path)
    if read[0] is None:
        raise StandingsError(read[1])
    return read[0]


def _shown(spec: TiebreakSpec, value: Decimal | None) -> str | None:
    """A tie-break value as printed in the text table and by explain (AOB with two
    decimals)."""
    from generator.site.plain_numbers import plain_decimal, shown_value

    shown = shown_value(spec, value)
    return None if shown is None else plain_decimal(shown)


def _place(row: StandingsRow) -> str:
    return str(row.rank) if row.rank == row.rank_to else f"{row.rank}-{row.rank_to}"


def _rounds_counted(standings: Standings) -> str:
    """"after round 5 of 9", "after round 9 of 9, in progress: 3 of 8 games entered", or
    "9 rounds" once the event is over."""
    from generator.model import TeamTournament
    from generator.rules.progress import round_progress

    if standings.is_final:
        return f"{standings.after_round} rounds"
    counted = (f"after round {standings.after_round} of {standings.tournament.total_rounds}"
               if standings.tournament.rounds_known else f"after round {standings.after_round}")
    last = round_progress(standings.tournament, standings.after_round)
    if not last.is_complete:
        games = "matches" if isinstance(standings.tournament, TeamTournament) else "games"
        counted += f", in progress: {last.entered} of {last.paired} {games} entered"
    return counted


@main.command("rank")
@click.argument("path", type=click.Path(exists=True))
@_ranking_options
@click.option("--format", "output", type=click.Choice(["text", "json", "csv"]), default="text",
              show_default=True, help="Output format.")
@reports_errors
def rank_command(path: str, tiebreaks: str | None, edition: str | None,
                 after_round: int | None, output: str) -> None:
    """Rank the players of one event: points, then the tie-breaks in order (C.07 4.2).

    PATH is an event folder or a TRF file. Without --tiebreaks the event's announced
    list applies (event.yml, else TRF record 212/202, else the default list). Values
    C.07 leaves undefined (rating tie-breaks with unrated players) are shown as '-'
    (null in JSON).
    """
    from generator.speed import collector_paused

    # One event's objects are made, printed, and freed by the end of the process: the
    # cycle collector, which would walk them again and again for the few cycles among
    # them, stays off for the command (speed.py says why) and out of the exit.
    with collector_paused():
        _end_without_collecting()
        _rank(path, tiebreaks, edition, after_round, output)


def _end_without_collecting() -> None:
    """Leave the objects alive at exit out of Python's last collection (gc.freeze): the
    end of the process frees them anyway. On a 2,000-player event the pause and this
    took a tenth off a whole run of ``rank`` (bench/bench_rank.py). Registered again
    rather than twice: click's test runner calls the command many times in one process.
    """
    atexit.unregister(gc.freeze)
    atexit.register(gc.freeze)


def _rank(path: str, tiebreaks: str | None, edition: str | None, after_round: int | None,
          output: str) -> None:
    """The standings of ``rank`` in the format asked for."""
    from generator.rules.ranking import value_keys
    from generator.site.downloads import standings_csv, standings_json
    from generator.site.event_standings import standings_rating_changes
    from generator.site.plain_numbers import plain_decimal

    ranked = _ranked(path, tiebreaks, edition, after_round)
    standings = ranked.standings
    name = ranked.event.competitors.name
    # The site's downloads, byte for byte: one writer each (site/downloads.py), the same
    # rating changes (the plan's, by the same functions).
    if output in ("json", "csv"):
        ratings = standings_rating_changes(ranked)
        click.echo(standings_json(standings, name, ratings=ratings) if output == "json"
                   else standings_csv(standings, ratings=ratings), nl=False)
        _printed_all(ranked)
        return
    keys = value_keys(standings.specs)
    lines = [[_place(row), str(row.player.start_no), row.player.name, plain_decimal(row.points),
              *(_shown(spec, row.number(key)) or "-"
                for key, spec in zip(keys, standings.specs, strict=True))]
             for row in standings.rows]
    click.echo(f"{name} ({_rounds_counted(standings)}; C.07 edition {standings.edition.value})")
    titles = ["Rank", "No", "Name", "Pts", *keys]
    widths = [max(len(t), *(len(line[k]) for line in lines)) if lines else len(t)
              for k, t in enumerate(titles)]
    numeric = {0, 1, 3, *range(4, len(titles))}

    def formatted(cells: list[str]) -> str:
        return "  ".join(c.rjust(w) if k in numeric else c.ljust(w)
                         for k, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip()
    click.echo(formatted(titles))
    for line in lines:
        click.echo(formatted(line))
    _printed_all(ranked)


def _number_ranges(numbers: list[int]) -> str:
    """``1-3 or 7``: sorted numbers as runs, to name the start numbers there are."""
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    spans = [str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs]
    if len(spans) > _RUNS_SHOWN:  # a file numbered 2, 4, 6 ...: a line, not a page
        spans = [*spans[:_RUNS_SHOWN - 1], "...", spans[-1]]
    return spans[0] if len(spans) == 1 else ", ".join(spans[:-1]) + " or " + spans[-1]


_RUNS_SHOWN = 6


@main.command("explain")
@click.argument("path", type=click.Path(exists=True))
@click.argument("start_no", type=int)
@_ranking_options
@reports_errors
def explain_command(path: str, start_no: int, tiebreaks: str | None, edition: str | None,
                    after_round: int | None) -> None:
    """Explain one player's place: every tie-break value, round by round.

    PATH is an event folder or a TRF file, START_NO the player's starting number (in a
    team event, the team's number: teams are ranked on match points, or on game points
    when TRF 192 makes them primary). Each
    tie-break lists its rounds (the opponent or the dummy opponent, the score counted,
    caps and articles), the values a modifier cut and why, the rounding, and then why
    the player is placed between their neighbours.
    """
    from generator.model import StartNo
    from generator.rules.ranking import value_keys
    from generator.site import views
    from generator.site.derivation import derivation_lines
    from generator.site.explain_text import note_lines, part_line, player_label
    from generator.site.headline import encounter_groups, headline
    from generator.site.plain_numbers import plain_decimal
    from generator.site.plan import plan_of
    from generator.site.tie_groups import named_group_notes
    from generator.site.wording import TERMINAL

    plan = plan_of(_ranked(path, tiebreaks, edition, after_round))
    event, standings = plan.event, plan.standings
    tournament = event.competitors  # a team event explains its teams
    if not tournament.has_player(StartNo(start_no)):
        what = "team with number" if event.teams is not None else "player with start number"
        numbers = _number_ranges(sorted(p.start_no for p in tournament.players))
        raise click.BadParameter(f"no {what} {start_no}; expected {numbers}",
                                 param_hint="'START_NO'")
    rows = list(standings.rows)
    index = next(k for k, r in enumerate(rows) if r.player.start_no == start_no)
    row = rows[index]
    keys = value_keys(standings.specs)
    standings_order = [r.player.start_no for r in rows]
    click.echo(TERMINAL.explained.format(
        who=player_label(tournament, StartNo(start_no)), event=tournament.name,
        rounds=_rounds_counted(standings), edition=standings.edition.value))
    place = TERMINAL.place
    if event.teams is not None:
        # C.07 11.1: the team's primary score.
        place = (TERMINAL.team_place_game_points if event.teams.game_points_primary
                 else TERMINAL.team_place)
    click.echo(place.format(place=_place(row), points=plain_decimal(row.points)))
    for key, spec in zip(keys, standings.specs, strict=True):
        explained = row.values[key]
        shown = _shown(spec, explained.value)
        click.echo("")
        click.echo(TERMINAL.heading.format(
            key=key, title=spec.info.title, articles=spec.info.article,
            value=shown if shown is not None else TERMINAL.undefined))
        for element in derivation_lines(tournament, spec, row.player.display_name, explained):
            click.echo(part_line(tournament, spec, element))
        if explained.total is not None and explained.parts:
            click.echo("    " + TERMINAL.total.format(total=plain_decimal(explained.total)))
        met = frozenset(part.opponent for part in explained.parts
                        if part.opponent is not None)
        for note in named_group_notes(explained.notes, row.player.start_no, met,
                                      standings_order, index):
            for line in note_lines(note, row, met, standings_order, index):
                click.echo(line)
    click.echo("")
    click.echo(TERMINAL.why)
    # The player page's sentences (site/headline.py), with the points as the terminal
    # writes them.
    why = headline(plan, index, views.columns(standings.specs), {}, lambda _number: "",
                   encounter_groups(standings), plain_decimal)
    for reason in why.reasons:
        click.echo("  " + reason.text)
    _printed_all()


# --- build (issue 4) ----------------------------------------------------------------------


@main.command("build")
@click.argument("events", required=False, default="events", type=click.Path(),
                metavar="[EVENTS]")
@click.option("--out", "out", default="site", show_default=True, type=click.Path(),
              help="Folder the site is written to (only the pages that changed, and only "
                   "if it is new, empty or a site build made).")
@click.option("--strict", is_flag=True, help="Treat warnings as errors: nothing is written.")
@click.option("--clean", is_flag=True,
              help="Render every page again instead of reusing the unchanged events' pages.")
@reports_errors
def build_command(events: str, out: str, strict: bool, clean: bool) -> None:
    """Build the static site from an events folder (default events/) into site/.

    Every event that changed is read and computed, and each page whose bytes changed is written
    into OUT in place, replaced whole: a failed build writes nothing, and one killed while writing
    leaves every page old or new, which the next build completes (OUT/.standings-cache/journal).
    Two builds of one OUT never write at once: the second stops. OUT must be new, empty, or a site
    that build made (it holds .standings-site); anything else, and the events, templates or project
    folder, is refused. The same input always gives byte-identical files. Templates in a templates/
    folder beside EVENTS override the built-in ones file by file; site.yml beside EVENTS gives the
    site's title, published url, description and logo (see the README).

    Builds are incremental: an event whose files, templates and program version are unchanged keeps
    the pages it has in OUT (OUT/.standings-cache/ records what they were made from) and is not
    read again; its warnings are counted in one line rather than printed again ('standings check'
    lists them; --strict refuses them). --clean renders everything again, to the same bytes.
    """
    import time

    from generator.site.inputs_now import begin_side

    early = begin_side(events, out, clean=clean)  # at work while the rest is imported
    from generator.site.up_to_date import prepare_cache, reused_events, unchanged_build
    from generator.speed import collector_paused

    started = time.perf_counter()
    # As for `rank` (run): the modules a build imports and what it makes are alive to the
    # end of the process, and the collector would walk them again for nothing.
    with collector_paused():
        _end_without_collecting()
        cache = prepare_cache(events, out, clean=clean, early=early)
        opened, warnings = unchanged_build(events, out, cache, strict=strict)
        if warnings is None:  # the pages' machinery, only now that something is rendered
            from generator.site.build import build_site
            warnings = build_site(events, out, strict=strict, cache=cache, opened=opened)
        if _ends_the_process:  # else the first collection after the pause walks it all
            gc.freeze()
    print_diagnostics(warnings)
    elapsed = time.perf_counter() - started
    counted = _counted(warnings)
    if not cache.rendered:
        click.echo(f"standings build: {out}/ is up to date, nothing written "
                   f"({elapsed:.2f} s){counted}")
    else:
        reused = reused_events(cache)
        click.echo(f"standings build: wrote {out}/ in {elapsed:.2f} s{counted}"
                   + (f"; {len(reused)} unchanged event{'s' if len(reused) != 1 else ''} "
                      "reused" if reused else ""))
    # Its files written and closed, its lock let go, its workers reaped (workers.py) and
    # its side process on its own: nothing waits for Python's teardown, which frees the
    # manifest and the events' stand-ins object by object (some 25 ms at 10,000 events).
    _printed_all()


def _counted(diagnostics: Sequence[Diagnostic]) -> str:
    """`` (2 warnings, 1 note)`` for the build's last line; empty when there is neither."""
    warnings = warning_count(diagnostics)
    notes = sum(1 for d in diagnostics if d.severity is Severity.REMARK)
    parts = [f"{warnings} warning{'s' if warnings != 1 else ''}"] if warnings else []
    parts += [f"{notes} note{'s' if notes != 1 else ''}"] if notes else []
    return f" ({', '.join(parts)})" if parts else ""


# --- serve (issue 5) ----------------------------------------------------------------------


@main.command("serve")
@click.argument("events", required=False, default="events",
                type=click.Path(exists=True, file_okay=False), metavar="[EVENTS]")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="Port to listen on (0: any free port).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on. Anything other than 127.0.0.1 lets other machines "
                   "see the preview (a warning is printed).")
@click.option("--open", "open_browser", is_flag=True,
              help="Open the site in the default web browser once it is served.")
@click.option("--base", default="/", show_default=True, metavar="/REPO/",
              help="Serve the site under this sub-path, as GitHub Pages serves a project "
                   "site at user.github.io/REPO/ (/ redirects there).")
@reports_errors
def serve_command(events: str, port: int, host: str, open_browser: bool, base: str) -> None:
    """Preview the site while you work: build it, serve it, rebuild on every change.

    The site is built in memory from EVENTS (default events/) and served at
    http://127.0.0.1:8000/. The events folder, the templates (built-in, and a
    templates/ folder beside EVENTS) and site.yml beside EVENTS (with its logo) are
    watched: when a file changes, the events whose files changed are rebuilt (every
    event when a template or site.yml changed), with the index and cross-event
    pages, and every open browser tab reloads by itself.

    When a file has a problem, the last good pages stay served, the problem is
    printed here as path:line:column: ... and shown at the top of every page
    until the file is fixed. site/ is not touched (use 'standings build').
    Stop with Ctrl-C.
    """
    from pathlib import Path

    from generator.preview.serve import ServeSettings, run

    status = run(ServeSettings(events_root=Path(events), host=host, port=port, base=base),
                 log=lambda line: click.echo(line, err=True), open_browser=open_browser)
    if status:
        sys.exit(status)
