"""The folder ``standings build`` writes: what it may replace, and what older builds left.

``standings build`` writes the site in place (generator/site/inplace.py) under the rules
below. Builds of older versions wrote a staging folder beside the output and then swapped
the two; what such a build left when it was killed is still cleaned up here. Three rules
keep a user's files safe:

- Only a folder the build made (it holds :data:`MARKER_NAME`) or an empty folder is ever
  replaced; anything else is refused with one line saying how to go on. No option turns
  this off.
- An output that is, holds or lies inside the events folder or a templates folder, or that
  is or holds the current folder or the project (the folder holding the events folder), is
  refused even when empty: the next build would read it, or replace the project.
- What a killed build of an older version left behind (``.SITE.staging-*``,
  ``.SITE.previous-*`` beside the output) is removed by the next build, and only when it
  holds the marker or nothing at all; an output missing while a previous-site folder
  exists (killed between the two renames of its swap) gets its old site back. A folder
  locked (``flock``) belongs to a build still running and is left alone. The marker and the
  manifest are removed last, so a removal cut short is still recognised as ours next time.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path

from generator.errors import Diagnostic, Severity, StandingsError
from generator.files import read_regular_file
from generator.site.cache import LEGACY_MANIFEST_NAME
from generator.site.template_paths import package_templates

try:
    import fcntl
except ImportError:  # not POSIX: builds cannot lock their output folders
    fcntl = None  # type: ignore[assignment]

__all__ = [
    "MARKER_NAME", "MARKER_TEXT", "check_output", "is_made_by_build",
    "os_error_diagnostic", "recover",
]

MARKER_NAME = ".standings-site"
"""The file that marks a folder as made by ``standings build`` (so a build may replace it).

A file of its own rather than the cache manifest: a site written without the cache
(``build_site`` called by a program) has no manifest, and the marker is written first
(generator/site/inplace.py), so even a build killed a moment after it started leaves a folder
that the next one recognises. Its text is fixed (no date, no path), so builds stay byte-identical,
and it says nothing about the machine when the site is published.
"""

MARKER_TEXT = (b"This folder was made by 'standings build', which replaces it whole on the\n"
               b"next build: keep nothing else in it.\n")

_STAGING = "staging"
_PREVIOUS = "previous"


def _leftover_prefix(out: Path, kind: str) -> str:
    return f".{out.name}.{kind}-"


# --- what may be replaced -----------------------------------------------------------------


def _is_regular_file(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def _is_legacy_manifest(path: Path) -> bool:
    """A cache manifest as every ``standings build`` since incremental builds has written.

    Sites built before the marker existed hold this file and nothing else of ours; they were
    made by build all the same (the manifest is written only through the swap, and it is
    unmistakable: a JSON object with the cache's format number and its units), so they may
    be replaced. Refusing them would make every club's first build after an upgrade fail.
    """
    if not _is_regular_file(path):
        return False
    try:
        data = json.loads(read_regular_file(path))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and isinstance(data.get("format"), int) \
        and isinstance(data.get("units"), dict)


def is_marked(folder: Path) -> bool:
    """The folder holds the marker itself."""
    return _is_regular_file(folder / MARKER_NAME)


def is_made_by_build(folder: Path) -> bool:
    """The folder holds the marker (or a manifest of an older build): build made it."""
    return (_is_regular_file(folder / MARKER_NAME)
            or _is_legacy_manifest(folder / LEGACY_MANIFEST_NAME))


def _may_replace(folder: Path) -> bool:
    """A real folder (not a link) that build made, or an empty one."""
    try:
        if not stat.S_ISDIR(os.lstat(folder).st_mode):
            return False
        with os.scandir(folder) as entries:
            empty = next(entries, None) is None
    except OSError:
        return False
    return empty or is_made_by_build(folder)


def located(out: Path | str) -> Path:
    """``out`` made absolute with the folders above it resolved; the last part is kept as it
    is, since it may be a link (which is refused, not followed)."""
    absolute = Path(out).absolute()
    if absolute.name in ("", ".."):
        return absolute.resolve()
    return absolute.parent.resolve() / absolute.name


def _relation(out: Path, other: Path) -> str | None:
    """"is", "holds" or "inside" when ``out`` is, contains or lies inside ``other``."""
    if out == other:
        return "is"
    if out in other.parents:
        return "holds"
    if other in out.parents:
        return "inside"
    return None


def _protected_folders(events_dir: Path) -> list[tuple[Path, str, frozenset[str]]]:
    """(folder, how to name it, the relations refused): the inputs, and the project."""
    events = events_dir.resolve()
    inputs = frozenset({"is", "holds", "inside"})
    project = frozenset({"is", "holds"})  # site/ inside the project is the normal output
    protected = [(events, "the events folder", inputs)]
    # The club's templates folder even before it exists: a site built there would become
    # the templates of the next build.
    for templates in (events.parent / "templates", package_templates()):
        protected.append((templates.resolve(), "the templates folder", inputs))
    protected.append((events.parent, "the project folder (it holds the events folder)",
                      project))
    protected.append((Path.cwd().resolve(), "the current folder", project))
    return protected


def check_output(out: Path | str, events_dir: Path | str | None = None) -> None:
    """Raise a StandingsError (one line) when ``out`` must not be written as a site."""
    shown = os.fspath(out) or "."  # --out '' is the current folder
    place = located(out)
    if events_dir is not None:
        for folder, name, refused in _protected_folders(Path(events_dir)):
            relation = _relation(place, folder)
            if relation in refused:
                what = {"is": f"is {name}", "holds": f"holds {name} ({folder})",
                        "inside": f"lies inside {name} ({folder})"}[relation]
                raise StandingsError([Diagnostic(
                    path=shown, message=f"refusing to build the site here: the output {what}",
                    expected="--out naming a folder of its own, such as 'site' beside the "
                             "events folder")])
    _check_replaceable(place, shown)


def _check_replaceable(place: Path, shown: str) -> None:
    try:
        mode = os.lstat(place).st_mode
    except FileNotFoundError:
        return
    except NotADirectoryError:
        raise StandingsError([Diagnostic(
            path=shown, message="cannot build the site here: part of the path is a file, "
                                "not a folder",
            expected="--out naming a folder")]) from None
    if stat.S_ISLNK(mode):
        problem, fix = "a symbolic link", "--out naming a real folder"
    elif not stat.S_ISDIR(mode):
        problem, fix = "a file", "another --out, or move the file away"
    elif _may_replace(place):
        return
    else:
        problem = f"a folder that 'standings build' did not make (no {MARKER_NAME} in it)"
        fix = "another --out, or an empty folder (empty this one yourself)"
    raise StandingsError([Diagnostic(path=shown, message=f"refusing to replace {problem} "
                                     "with the site", expected=fix)])


# --- operating-system failures ------------------------------------------------------------

_ERRNO_WORDS = {
    errno.ENOSPC: ("no space left on the disk", "more free space, then build again"),
    errno.EDQUOT: ("the disk quota is used up", "more free space, then build again"),
    errno.EROFS: ("the file system is read-only", "--out on a writable disk"),
    errno.EACCES: ("no permission to write there", "--out in a folder you may write to"),
    errno.EPERM: ("no permission to write there", "--out in a folder you may write to"),
    errno.ENOTDIR: ("part of the path is a file, not a folder", "--out naming a folder"),
    errno.ENAMETOOLONG: ("the path is too long", "a shorter --out"),
}


def os_error_diagnostic(error: OSError, out: Path | str, *, in_place: bool = False,
                        ) -> Diagnostic:
    """A failure of the system while writing the site, as one line naming ``out``.

    ``in_place``: the site was being written file by file (inplace.py), so some pages may be
    new already; each is whole, and the next build completes the set."""
    what, expected = _ERRNO_WORDS.get(error.errno or 0, (
        (error.strerror or str(error)).lower(), None))
    state = ("each page is the previous one or the new one, and the next build completes "
             "the site") if in_place else "the previous site, if any, is unchanged"
    # Named by the output the user gave: the staging folder's name would mean nothing.
    return Diagnostic(path=os.fspath(out), message=f"cannot write the site: {what}; {state}",
                      expected=expected)


# --- locks, leftovers and recovery --------------------------------------------------------


_HELD_LOCKS: set[int] = set()
"""The descriptors this process holds its locks through (:func:`_locked`)."""


def _release_inherited_locks() -> None:
    """In a forked child (a render worker): close the copies of the build's lock descriptors.

    A ``flock`` lock lives as long as any process holds a descriptor of it, and a forked
    child holds copies of all its parent's. A render worker that outlived a killed build
    kept its staging folder locked, so the next build left that folder behind (issues 22,
    23). Closing a copy releases nothing while the build itself still holds the lock.
    """
    for descriptor in _HELD_LOCKS:
        with contextlib.suppress(OSError):
            os.close(descriptor)
    _HELD_LOCKS.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_release_inherited_locks)


@contextlib.contextmanager
def _locked(folder: Path) -> Iterator[bool]:
    """Hold an exclusive lock on ``folder``; yields False when another process holds it.

    ``flock`` locks are dropped by the system when their process ends, however it ends,
    so a folder that cannot be locked belongs to a build that is still running (forked
    children do not keep it: :func:`_release_inherited_locks`).
    """
    if fcntl is None:
        yield True
        return
    try:
        descriptor = os.open(folder, os.O_RDONLY | os.O_CLOEXEC | os.O_NOFOLLOW
                             | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        yield False
        return
    _HELD_LOCKS.add(descriptor)
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            yield False
            return
        yield True
    finally:
        # Not in the set after a fork: the child closed it, and the number may be reused.
        if descriptor in _HELD_LOCKS:
            _HELD_LOCKS.discard(descriptor)
            os.close(descriptor)


held_lock = _locked
"""The lock of a folder, held as :func:`_locked` holds it (inplace.py locks the output)."""


def _leftovers(out: Path) -> list[Path]:
    """Staging and previous-site folders of ``out`` beside it, oldest first."""
    prefixes = (_leftover_prefix(out, _STAGING), _leftover_prefix(out, _PREVIOUS))
    try:
        with os.scandir(out.parent) as entries:
            found = [Path(entry.path) for entry in entries
                     if entry.name.startswith(prefixes) and entry.is_dir(follow_symlinks=False)]
    except OSError:
        return []

    def age(path: Path) -> tuple[int, str]:
        try:
            return os.lstat(path).st_mtime_ns, path.name
        except OSError:
            return 0, path.name

    return sorted(found, key=age)


def recover(out: Path | str) -> tuple[Diagnostic, ...]:
    """Undo what a killed build left beside ``out``; warnings for what could not be removed.

    An output missing while a previous-site folder of ours exists was cut between the two
    renames of the fallback swap: the old site goes back first. Then every leftover of ours
    that no running build holds is removed.
    """
    place = located(out)
    warnings: list[Diagnostic] = []
    leftovers = _leftovers(place)
    if not os.path.lexists(place):
        for previous in reversed(leftovers):
            if previous.name.startswith(_leftover_prefix(place, _PREVIOUS)) \
                    and is_made_by_build(previous):
                with contextlib.suppress(OSError):
                    os.rename(previous, place)
                    leftovers.remove(previous)
                    break
    for leftover in leftovers:
        with _locked(leftover) as free:
            if not free or not _may_replace(leftover):
                continue
            try:
                remove_site(leftover)
            except OSError as error:
                warnings.append(_not_removed(leftover, error))
    return tuple(warnings)


def _not_removed(folder: Path, error: OSError) -> Diagnostic:
    return Diagnostic(path=os.fspath(folder), severity=Severity.WARNING,
                      message=f"could not remove this folder left by an earlier build: "
                              f"{(error.strerror or str(error)).lower()}",
                      expected="remove it by hand")


def remove_site(folder: Path) -> None:
    """Remove a folder the build made, its marker (and manifest) last.

    Files that vanish meanwhile (another build removing the same leftover) are fine.
    """
    last = (MARKER_NAME, LEGACY_MANIFEST_NAME)
    _remove_children(folder, skip=last)
    for name in last:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(folder / name)
    with contextlib.suppress(FileNotFoundError):
        os.rmdir(folder)


def _remove_children(folder: Path, skip: Iterable[str] = ()) -> None:
    skipped = set(skip)
    try:
        with os.scandir(folder) as scanned:
            entries = [(entry.name, entry.is_dir(follow_symlinks=False)) for entry in scanned]
    except FileNotFoundError:
        return
    for name, is_dir in entries:
        if name in skipped:
            continue
        path = folder / name
        try:
            if is_dir:
                _remove_children(path)
                os.rmdir(path)
            else:
                os.unlink(path)
        except FileNotFoundError:
            pass
