"""The ``series/`` folder beside an events folder: one YAML file per series, read.

Apart from the event reader, as ``site_files.py`` is: only the build, ``serve`` and
``standings check`` of an events folder read it.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Sequence
from pathlib import Path

from generator.errors import Diagnostic, DiagnosticSink
from generator.files import InputFolder
from generator.reading.events import read_text
from generator.reading.series_settings import SERIES_FOLDER, SeriesSettings, read_series_settings
from generator.reading.settings import MAX_SETTINGS_CHARACTERS
from generator.reading.site_names import address_problem

MAX_SERIES = 100


def series_folder(events_root: str | os.PathLike[str]) -> tuple[Path, str]:
    """Where ``series/`` is for an events folder: beside it, as a path and as the user
    would write it ("events" -> "series")."""
    display = os.path.normpath(os.path.join(os.fspath(events_root), os.pardir, SERIES_FOLDER))
    return Path(os.path.abspath(display)), display


def series_inputs(events_root: str | os.PathLike[str]) -> tuple[Path, ...]:
    """The series files (the build cache digests them, serve watches them)."""
    folder, _ = series_folder(events_root)
    if not folder.is_dir():
        return ()
    return tuple(sorted(entry for entry in folder.iterdir() if entry.name.endswith(".yml")))


def read_series(events_root: str | os.PathLike[str],
                aliases: Sequence[tuple[str, tuple[str, ...]]] = (),
                ) -> tuple[tuple[SeriesSettings, ...], tuple[Diagnostic, ...]]:
    """Every ``series/*.yml`` beside the events folder, by name; none without the folder.
    Never raises for bad input: the problems each at ``series/NAME.yml:LINE:COLUMN``.
    ``aliases``: site.yml's, joined in every series after the series' own."""
    folder, display = series_folder(events_root)
    if not os.path.lexists(folder):
        return (), ()
    diagnostics: list[Diagnostic] = []
    if not folder.is_dir():
        return (), (Diagnostic(path=display, message="'series' beside the events folder is "
                               "not a folder", expected="a folder of series files"),)
    project = InputFolder.of(folder.parent, name="the project folder")
    read: list[SeriesSettings] = []
    for entry in series_inputs(events_root)[:MAX_SERIES + 1]:
        shown = f"{display}/{entry.name}"
        if len(read) == MAX_SERIES:
            diagnostics.append(Diagnostic(path=shown, message=f"more than {MAX_SERIES} series",
                                          expected=f"at most {MAX_SERIES} files in series/"))
            break
        problem = address_problem(entry.name[:-4], shown)
        if problem is not None:
            diagnostics.append(Diagnostic(
                path=shown, message=problem.message.replace("event folder name",
                                                            "series file name"),
                expected=problem.expected))
            continue
        text = read_text(entry, shown, diagnostics, project, limit=MAX_SETTINGS_CHARACTERS + 4)
        if text is None:
            continue
        sink = DiagnosticSink(shown)
        settings = read_series_settings(text, shown, sink)
        diagnostics.extend(sink.collected())
        if aliases:
            settings = dataclasses.replace(settings, aliases=(*settings.aliases, *aliases))
        read.append(settings)
    return tuple(read), tuple(diagnostics)


__all__ = ["read_series", "series_folder", "series_inputs"]
