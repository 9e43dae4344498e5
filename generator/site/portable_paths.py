"""The paths of the warnings an incremental build keeps, free of the machine that built it.

A build replays an unchanged event's warnings from the manifest (generator/site/cache.py):
kept with the events folder as a placeholder, they read as a clean build would print them
however the folder is spelt the next time.
"""

from __future__ import annotations

import os
from dataclasses import replace

from generator.errors import Diagnostic

__all__ = ["EVENTS_PLACEHOLDER", "local_diagnostic", "portable_diagnostic"]

EVENTS_PLACEHOLDER = "<events>"
"""Stands in the manifest for the events folder as the user wrote it.

The manifest lies in the site's folder and may be published with it (by any means but the
Pages workflow's upload, which leaves it out), so it must not carry a path of the machine that
built it (``standings build /home/anna/club/events`` would otherwise put that into every
warning's path). The reader names every file by joining its path below the events folder
onto the folder as given (``os.path.join``), so replaying ``<events>/open/tournament.trf``
with the spelling given now gives what a clean build would print, however the folder was
named when the manifest was written.
"""


def _below(path: str, events_spelling: str) -> str | None:
    """``path`` below the events folder as the reader wrote it ("" for the folder itself),
    or None when it is not below it."""
    if path == events_spelling:
        return ""
    for separator in {os.sep, "/"}:
        prefix = (events_spelling if events_spelling.endswith(separator)
                  else events_spelling + separator)
        if path.startswith(prefix):
            return path[len(prefix):]
    return None


def portable_diagnostic(diagnostic: Diagnostic, events_spelling: str) -> Diagnostic:
    """``diagnostic`` as the manifest keeps it: its path below the events folder named from
    :data:`EVENTS_PLACEHOLDER`, a path elsewhere by its file's name alone."""
    path = diagnostic.path
    below = _below(path, events_spelling)
    if below is not None:
        path = EVENTS_PLACEHOLDER + ("/" + below if below else "")
    elif os.path.isabs(path):  # not below the events folder (not made by the reader)
        path = os.path.basename(path)
    return replace(diagnostic, path=path)


def local_diagnostic(diagnostic: Diagnostic, events_spelling: str) -> Diagnostic:
    """A kept ``diagnostic`` with the events folder spelt as the user gave it this time."""
    path = diagnostic.path
    if path == EVENTS_PLACEHOLDER:
        return replace(diagnostic, path=events_spelling)
    for separator in {os.sep, "/"}:
        if path.startswith(EVENTS_PLACEHOLDER + separator):
            below = path[len(EVENTS_PLACEHOLDER) + 1:]
            return replace(diagnostic, path=os.path.join(events_spelling, below))
    return diagnostic
