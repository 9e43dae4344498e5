"""The ``standings`` command line: check, rank, explain, build, serve.

Each command reads through ``generator.events`` and turns a
:class:`StandingsError` into ``path:line:column: ...`` lines on stderr and exit
status 1. Usage errors exit 2 (click's convention). A Python traceback is shown
only with ``--debug``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from functools import wraps
from typing import Any, TypeVar

import click

from generator import __version__
from generator.errors import Diagnostic, StandingsError

F = TypeVar("F", bound=Callable[..., Any])


def print_diagnostics(diagnostics: Iterable[Diagnostic]) -> None:
    # Checks run in passes (fields, then games, then totals); an arbiter reads a file top
    # to bottom, so print in file order. sorted() is stable: same-position order is kept.
    def position(d: Diagnostic) -> tuple[str, int, int]:
        return (d.path, d.line or 0, d.column or 0)

    for diagnostic in sorted(diagnostics, key=position):
        click.echo(str(diagnostic), err=True)


def reports_errors(command: F) -> F:
    """Print a StandingsError as diagnostics and exit 1, with no traceback unless --debug."""

    @wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
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
        except Exception as error:  # a bug of ours: say so plainly, keep the trace for --debug
            if debug:
                raise
            click.echo(f"standings: internal error: {error!r} (run with --debug for details)",
                       err=True)
            sys.exit(1)

    return wrapper  # type: ignore[return-value]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
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
@reports_errors
def check_command(paths: tuple[str, ...], strict: bool) -> None:
    """Read event folders and TRF files and report every problem found.

    PATH is an events folder (one sub-folder per event), an event folder (one .trf
    file, optionally event.yml and notes.md) or a single TRF file; the default is
    events/. Every problem of every file is printed on its own line as

        path:line:column: what is wrong; expected what

    The exit status is 1 when there is any error (or, with --strict, any warning),
    0 otherwise. For each event read without errors a one-line summary is printed.
    """
    from generator.events import read_paths, summary

    events, diagnostics = read_paths(paths or ("events",))
    if strict:
        diagnostics = tuple(d.as_error() for d in diagnostics)
    print_diagnostics(diagnostics)
    for event in sorted(events, key=lambda e: e.display_path):
        if not (strict and event.warnings):
            click.echo(summary(event))
    errors = sum(1 for d in diagnostics if d.is_error)
    if errors:
        warnings = len(diagnostics) - errors
        click.echo(f"standings check: {errors} error{'s' if errors != 1 else ''}"
                   + (f", {warnings} warning{'s' if warnings != 1 else ''}" if warnings else ""),
                   err=True)
        sys.exit(1)


# --- build (issue 4) ----------------------------------------------------------------------


@main.command("build")
@click.argument("events", required=False, default="events", type=click.Path(),
                metavar="[EVENTS]")
@click.option("--out", "out", default="site", show_default=True, type=click.Path(),
              help="Folder the site is written to (replaced only when the build succeeds).")
@click.option("--strict", is_flag=True, help="Treat warnings as errors: nothing is written.")
@click.option("--clean", is_flag=True,
              help="Render every page again instead of reusing the unchanged events' pages.")
@reports_errors
def build_command(events: str, out: str, strict: bool, clean: bool) -> None:
    """Build the static site from an events folder (default events/) into site/.

    Every event is read and computed, every page rendered into a staging folder
    beside OUT, and only then does that folder replace OUT: a failed build leaves
    the previous site untouched and prints every problem. The same input always
    gives byte-identical files. Templates in a templates/ folder beside EVENTS
    override the built-in ones file by file.

    Builds are incremental: an event whose files, templates and program version
    are unchanged keeps the pages it has in OUT (OUT/.standings-cache.json
    records what they were made from), and when nothing changed nothing is
    written. --clean renders everything again; the result is the same.
    """
    import time

    from generator.incremental import BuildCache
    from generator.site import build_site

    started = time.perf_counter()
    cache = BuildCache.prepare(events, out, clean=clean)
    warnings = build_site(events, out, strict=strict, cache=cache)
    print_diagnostics(warnings)
    elapsed = time.perf_counter() - started
    counted = (f" ({len(warnings)} warning{'s' if len(warnings) != 1 else ''})"
               if warnings else "")
    if not cache.rendered:
        click.echo(f"standings build: {out}/ is up to date, nothing written "
                   f"({elapsed:.2f} s){counted}")
        return
    reused = [unit for unit in cache.reused if unit]
    click.echo(f"standings build: wrote {out}/ in {elapsed:.2f} s{counted}"
               + (f"; {len(reused)} unchanged event{'s' if len(reused) != 1 else ''} reused"
                  if reused else ""))


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
    http://127.0.0.1:8000/. The events folder and the templates (built-in, and a
    templates/ folder beside EVENTS) are watched: when a file changes, the events
    whose files changed are rebuilt, with the index and cross-event pages, and
    every open browser tab reloads by itself.

    When a file has a problem, the last good pages stay served, the problem is
    printed here as path:line:column: ... and shown at the top of every page
    until the file is fixed. site/ is not touched (use 'standings build').
    Stop with Ctrl-C.
    """
    from pathlib import Path

    from generator.serve import ServeSettings, run

    status = run(ServeSettings(Path(events), host=host, port=port, base=base),
                 log=lambda line: click.echo(line, err=True), open_browser=open_browser)
    if status:
        sys.exit(status)
