"""Reading a file a user named, which may be anything: a folder, a named pipe, a device, a link.

Opening a named pipe (FIFO) for reading waits until something writes into it, and a device
can be endless (``/dev/zero``) or do something when opened, so the type is checked before
the file is opened, and again on the open file (it may have been swapped in between).

The files a build reads (the TRF file, event.yml, notes.md, site.yml and its logo, a club's
templates and static files) are published, whole or in part, so they are read only through
:func:`read_input_file`, which refuses a symbolic link whatever it points to, and any path
that leads out of the folder it belongs to (through a linked folder above it). A link is one
line in a pull request, easy to miss in review, and it can take any file of the machine:
``/proc/self/environ`` (the build's secrets), or ``.git/config``, which lies *inside* the
project and holds the token the Pages workflow's checkout writes there. So no file link is
followed, not even one inside the project; a copy of the file does the same job. Only an
event *folder* may be a link (an event listed under a second name), and only to a folder
inside the project that is not hidden (see :func:`input_problem`).

A hard link or a bind mount cannot be told from the file itself; neither can be made by a
pull request (git stores neither), only by someone who can already read the machine.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from io import BufferedReader
from pathlib import Path

from generator.errors import Diagnostic

__all__ = ["InputFolder", "RefusedInput", "input_problem", "open_regular_file",
           "read_input_file", "read_regular_file", "unreadable_input"]

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
)


def _refuse_unless_regular(mode: int, path: str | os.PathLike[str]) -> None:
    if stat.S_ISREG(mode):
        return
    kind = next((name for test, name in _KINDS if test(mode)), "not an ordinary file")
    code = errno.EISDIR if stat.S_ISDIR(mode) else errno.EINVAL
    raise OSError(code, f"it is {kind}, not a file", os.fspath(path))


@contextmanager
def open_regular_file(path: str | os.PathLike[str], *, follow_links: bool = True
                      ) -> Iterator[BufferedReader]:
    """An ordinary file opened for reading; OSError for anything else, never a wait.

    The OSError's ``strerror`` says what the path is instead ("it is a named pipe
    (FIFO), not a file"), ready for a diagnostic. Without ``follow_links``, a symbolic
    link put in place of the file after it was checked fails to open (``O_NOFOLLOW``).
    """
    no_follow = 0 if follow_links else getattr(os, "O_NOFOLLOW", 0)
    _refuse_unless_regular((os.stat(path) if follow_links else os.lstat(path)).st_mode, path)
    # O_NONBLOCK: should a pipe be swapped in after the check, opening it does not wait.
    descriptor = os.open(path, os.O_RDONLY | os.O_CLOEXEC | no_follow
                         | getattr(os, "O_NONBLOCK", 0))
    with open(descriptor, "rb", closefd=True) as file:
        _refuse_unless_regular(os.fstat(descriptor).st_mode, path)
        yield file


def read_regular_file(path: str | os.PathLike[str], *, limit: int | None = None) -> bytes:
    """The bytes of an ordinary file (:func:`open_regular_file`); with ``limit``, at most its
    first ``limit``, so a hostile file of gigabytes is refused by its size unread."""
    with open_regular_file(path) as file:
        return file.read(-1 if limit is None else limit)


# --- inputs: files a build reads and publishes ------------------------------------------


@dataclass(frozen=True, slots=True)
class InputFolder:
    """Where a build's inputs may lie once every link is resolved, and how to name it."""

    roots: tuple[Path, ...]
    """Real paths (links resolved): the project folder, and the events folder when the
    user's own ``events`` is a link to somewhere else."""
    name: str
    """As a diagnostic names it: "the project folder", "the templates folder"."""

    @classmethod
    def of(cls, *folders: str | os.PathLike[str], name: str) -> InputFolder:
        return cls(tuple(dict.fromkeys(Path(os.path.realpath(f)) for f in folders)), name)

    def holds(self, real: Path) -> bool:
        return any(real == root or root in real.parents for root in self.roots)

    def hidden_part(self, real: Path) -> str | None:
        """The first part of ``real`` below a root that begins with ``.`` (``.git``)."""
        for root in self.roots:
            if real == root or root in real.parents:
                return next((p for p in real.relative_to(root).parts if p.startswith(".")),
                            None)
        return None


class RefusedInput(OSError):
    """An input that is a symbolic link, or that leads outside its :class:`InputFolder`."""

    expected = "the file itself in its place, not a symbolic link"


def input_problem(path: str | os.PathLike[str], within: InputFolder, *,
                  is_folder: bool = False, real: Path | None = None) -> str | None:
    """Why ``path`` must not be read as an input of ``within`` (a diagnostic's message), or
    None. A missing path is no problem here: reading it says so.

    A file is refused when it is a symbolic link, wherever it points (inside the project
    too: ``.git/config``), and when a linked folder above it leads outside ``within``. An
    event folder (``is_folder``) may be a link, so that an event can be listed under a
    second name, but only to a folder inside ``within`` and not into a hidden folder such
    as ``.git``: nothing below an event folder is read but its TRF, event.yml and notes.md,
    each refused here again if it is a link.

    ``real``: the path with every link resolved, when the caller knows it already (an
    entry of a folder it resolved, an events folder's thousand); else resolved here.
    """
    try:
        is_link = stat.S_ISLNK(os.lstat(path).st_mode)
    except OSError:
        return None
    if real is None:
        real = Path(os.path.realpath(path))
    if is_link:
        target = os.readlink(path)
        if not within.holds(real):
            return f"it is a symbolic link to {target!r}, outside {within.name}"
        hidden = within.hidden_part(real)
        if not is_folder:
            return f"it is a symbolic link (to {target!r}), and no input is read through a link"
        if hidden is not None:
            return f"it is a symbolic link into the hidden folder {hidden!r} ({target!r})"
        return None
    if not within.holds(real):
        return f"it lies outside {within.name} (at {os.fspath(real)!r}, through a linked folder)"
    return None


def read_input_file(path: str | os.PathLike[str], within: InputFolder, *,
                    limit: int | None = None) -> bytes:
    """The bytes of an input file (:func:`read_regular_file`), after :func:`input_problem`;
    :class:`RefusedInput` (an OSError) for a link or a path leading outside ``within``."""
    problem = input_problem(path, within)
    if problem is not None:
        raise RefusedInput(errno.ELOOP, problem, os.fspath(path))
    with open_regular_file(path, follow_links=False) as file:
        return file.read(-1 if limit is None else limit)


def unreadable_input(display: str, error: OSError, expected: str | None = None) -> Diagnostic:
    """An input that could not be read (``error`` from :func:`read_input_file`), at its path
    as the user wrote it; a refused link says what to put there instead of ``expected``."""
    if isinstance(error, RefusedInput):
        expected = error.expected
    return Diagnostic(path=display, message=f"cannot read: {error.strerror}", expected=expected)
