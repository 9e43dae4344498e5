"""A club's ``templates/`` folder read as an input: no link in it, nothing outside it.

Its templates are published (and ``static/style.css`` is copied as it is), and a template
can include any file of the folder it is loaded from, so a link anywhere in the folder
(``templates/static/style.css -> /proc/self/environ``, or ``templates/g -> ../.git`` and an
``{% include "g/config" %}``) would publish a file of the machine. Every link is refused
before anything is rendered, each at its path, and the loader reads every file through
``generator.files.read_input_file`` should one appear later. The templates folder itself
may be a link, to a folder inside the project that is not hidden, as an event folder may.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Callable
from pathlib import Path

import jinja2
from jinja2.loaders import split_template_path

from generator.errors import Diagnostic, StandingsError
from generator.files import InputFolder, input_problem, read_input_file, unreadable_input

__all__ = ["ClubTemplateLoader", "club_template_problems"]

_EXPECTED = "the file itself in its place, not a symbolic link"


def _display(events_dir: Path | str) -> str:
    """The templates folder as the user would write it (``templates`` for ``events``)."""
    return os.path.normpath(os.path.join(os.fspath(events_dir), os.pardir, "templates"))


def club_template_problems(events_dir: Path | str, folder: Path) -> tuple[Diagnostic, ...]:
    """Every link in the club's templates ``folder`` (beside ``events_dir``), at its path."""
    shown = _display(events_dir)
    # ``folder`` is the folder beside the events folder, its own name not resolved.
    problem = input_problem(folder, InputFolder.of(folder.parent, name="the project folder"),
                            is_folder=True)
    if problem is not None:
        return (Diagnostic(path=shown, message=f"cannot read: {problem}",
                           expected="the templates folder itself, or a link to a folder "
                                    "inside the project"),)
    within = InputFolder.of(folder, name="the templates folder")
    found: list[Diagnostic] = []
    # followlinks=False: a linked folder is reported below, never walked into.
    for root, folders, files in os.walk(folder):
        folders.sort()
        for name in sorted((*folders, *files)):
            path = os.path.join(root, name)
            if os.path.islink(path):
                where = os.path.join(shown, os.path.relpath(path, folder))
                found.append(Diagnostic(
                    path=where, message=f"cannot read: {input_problem(path, within)}",
                    expected=_EXPECTED))
    return tuple(found)


class ClubTemplateLoader(jinja2.FileSystemLoader):
    """Jinja's file loader for a club's folder, refusing links (:func:`club_template_problems`
    found them all before the first page; this is for one made while rendering)."""

    def __init__(self, events_dir: Path | str, folder: Path) -> None:
        super().__init__(str(folder))
        self._folder = folder
        self._shown = _display(events_dir)
        self._within = InputFolder.of(folder, name="the templates folder")

    def get_source(self, environment: jinja2.Environment, template: str
                   ) -> tuple[str, str, Callable[[], bool]]:
        pieces = split_template_path(template)  # refuses ".." and absolute names
        filename = posixpath.join(os.fspath(self._folder), *pieces)
        if not (os.path.islink(filename) or os.path.isfile(filename)):
            raise jinja2.TemplateNotFound(template)
        try:
            contents = read_input_file(filename, self._within).decode(self.encoding)
            mtime = os.path.getmtime(filename)
        except OSError as error:
            raise StandingsError([unreadable_input(os.path.join(self._shown, *pieces), error,
                                                   _EXPECTED)]) from error

        def uptodate() -> bool:
            try:
                return os.path.getmtime(filename) == mtime
            except OSError:
                return False

        return contents, os.path.normpath(filename), uptodate
