"""The files beside an events folder that shape every page: ``site.yml`` and its logo.

Apart from the event reader (``events.py``) so that reading and ranking an event loads
neither the site's settings nor the logo's cleaner (``svg_logo.py``, defusedxml): only the
build, ``serve`` and ``standings check`` of an events folder read them (issue 25).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import replace
from functools import partial
from pathlib import Path

from generator.errors import Diagnostic, DiagnosticSink
from generator.files import InputFolder, read_input_file
from generator.reading.event_listing import event_paths
from generator.reading.events import event_slug, is_events_folder, read_text
from generator.reading.festival import FESTIVAL_FILE, Festival, festival_of, read_festival
from generator.reading.settings import MAX_SETTINGS_CHARACTERS
from generator.reading.site_names import language_folder_problems
from generator.reading.site_settings import (
    MAX_LOGO_BYTES,
    SITE_FILE,
    SiteSettings,
    is_svg_logo,
    logo_problem,
    read_site_settings,
)
from generator.reading.svg_logo import clean_svg


def site_file(events_root: str | os.PathLike[str]) -> tuple[Path, str]:
    """Where ``site.yml`` is for an events folder: beside it (in the folder holding
    ``events/``), as a path and as the user would write it."""
    # Lexically, as the user spelled it: "events" -> "site.yml", "." -> "../site.yml".
    display = os.path.normpath(os.path.join(os.fspath(events_root), os.pardir, SITE_FILE))
    return Path(os.path.abspath(display)), display


def _read_site_file(events_root: str | os.PathLike[str]
                    ) -> tuple[SiteSettings, list[Diagnostic]]:
    """``site.yml`` alone, its logo named but not read."""
    path, display = site_file(events_root)
    # lexists: a folder, a pipe or a broken link named site.yml is reported, not skipped.
    if not os.path.lexists(path):
        return SiteSettings(), []
    diagnostics: list[Diagnostic] = []
    project = InputFolder.of(path.parent, name="the project folder")
    text = read_text(path, display, diagnostics, project,
                      limit=4 * MAX_SETTINGS_CHARACTERS + 4)
    if text is None:
        return SiteSettings(path=display), diagnostics
    sink = DiagnosticSink(display)
    settings = read_site_settings(text, display, sink)
    diagnostics.extend(sink.collected())
    return settings, diagnostics


def read_site(events_root: str | os.PathLike[str]
              ) -> tuple[SiteSettings, tuple[Diagnostic, ...]]:
    """``site.yml`` beside the events folder, with its logo's bytes; the defaults without
    one. Never raises for bad input: the settings (defaults where refused) and every
    problem, each at its ``site.yml:LINE:COLUMN``."""
    settings, diagnostics = _read_site_file(events_root)
    if settings.logo is None:
        return settings, tuple(diagnostics)
    path, display = site_file(events_root)
    data, problems = _read_logo(settings.logo, path.parent,
                                InputFolder.of(path.parent, name="the project folder"),
                                display, SITE_FILE, settings.positions.get("logo", (None, None)))
    diagnostics.extend(problems)
    if data is None:
        return replace(settings, logo=None), tuple(diagnostics)
    return replace(settings, logo_data=data), tuple(diagnostics)


def read_festival_logo(festival: Festival) -> tuple[bytes | None, tuple[Diagnostic, ...]]:
    """The logo festival.yml names, read and checked as site.yml's (none when it names
    none): its bytes to publish (an SVG rewritten), or None and why not, at
    ``festival.yml:LINE:COLUMN``."""
    if festival.logo is None:
        return None, ()
    folder = Path(festival.folder)
    return _read_logo(festival.logo, folder, InputFolder.of(folder, name="the festival folder"),
                      festival.path, FESTIVAL_FILE,
                      festival.positions.get("logo", (None, None)))


def festival_logo_problems(festivals: Iterable[Festival]) -> tuple[Diagnostic, ...]:
    """Every problem of the logos of ``festivals`` (each festival once), as the build and
    ``standings check`` report them with site.yml's."""
    seen: dict[str, Festival] = {}
    for festival in festivals:
        seen.setdefault(festival.slug, festival)
    return tuple(problem for slug in sorted(seen)
                 for problem in read_festival_logo(seen[slug])[1])


def _festivals_in(given: str | os.PathLike[str]) -> list[Festival]:
    """The festivals among the events of the events folder ``given`` (their festival.yml
    read again: its own problems are the events' to report)."""
    folders = {folder: os.path.dirname(event) for event in event_paths(given, [])
               if (folder := festival_of(Path(event))) is not None}
    found = []
    for folder, display in sorted(folders.items()):
        festival, _problems = read_festival(folder, display, None)
        if festival is not None:
            found.append(festival)
    return found


def _read_logo(name: str, folder: Path, within: InputFolder, display: str, beside: str,
               position: tuple[int | None, int | None] | tuple[int, int]
               ) -> tuple[bytes | None, tuple[Diagnostic, ...]]:
    """The logo ``name`` beside the settings file ``display`` (named ``beside``), which
    names it at ``position``, from ``folder``: read only if it is no link and stays
    ``within``, checked
    by type and size, an SVG rewritten by the allow-list; None and why when it cannot be."""
    line, column = position
    at = partial(Diagnostic, path=display, line=line, column=column)
    logo_path = folder / name
    problem: str | None = None
    data = b""
    if not os.path.lexists(logo_path):
        problem = f"no file {name!r} beside {beside}"
    else:
        try:
            data = read_input_file(logo_path, within, limit=MAX_LOGO_BYTES + 1)
        except OSError as error:
            problem = f"cannot read {name!r}: {error.strerror}"
        else:
            problem = logo_problem(name, data)
    if problem is None and is_svg_logo(name):
        cleaned = clean_svg(data, os.path.join(os.path.dirname(display), name))
        return cleaned.data, cleaned.diagnostics
    if problem is not None:
        return None, (at(message=f"'logo': {problem}",
                         expected=f"an image file of at most {MAX_LOGO_BYTES // 1024} KB "
                                  f"beside {beside} (svg, png, jpg or webp)"),)
    return data, ()


def site_problems(paths: Iterable[str | os.PathLike[str]]) -> tuple[Diagnostic, ...]:
    """The problems of the site.yml beside each events folder among ``paths`` (a folder
    holding no TRF file itself: an event folder or a TRF file has no site of its own), each
    site.yml once; ``standings check`` reports them with the events'."""
    found: dict[Path, tuple[Diagnostic, ...]] = {}
    for given in paths:
        if is_events_folder(given):
            path, _ = site_file(given)
            if path not in found:
                settings, problems = read_site(given)
                listed = event_paths(given, [])  # its own problems are the events' to report
                found[path] = (*problems, *language_folder_problems(
                    ((event_slug(Path(event)), event) for event in listed),
                    settings.language_folders), *festival_logo_problems(_festivals_in(given)))
    return tuple(problem for problems in found.values() for problem in problems)


def site_inputs(events_root: str | os.PathLike[str]) -> tuple[Path, ...]:
    """The files beside the events folder that shape every page: site.yml and its logo
    (the build cache digests them, serve watches them)."""
    path, _ = site_file(events_root)
    # The logo's name is enough: reading and cleaning it is the build's work, done once.
    settings, _problems = _read_site_file(events_root)
    logo = (path.parent / settings.logo,) if settings.logo is not None else ()
    return (path, *logo)


__all__ = ["festival_logo_problems", "read_festival_logo", "read_site", "site_file",
           "site_inputs", "site_problems"]
