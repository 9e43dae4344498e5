"""The output folder written in place: each changed file replaced on its own, under a lock.

A build no longer stages the whole site beside ``site/`` and swaps it in (a change of one
event cost the writing of every file, and the unlinking of the old site's): it writes only
the files whose bytes differ from the last build's, each through a temporary file in the
same folder and ``os.replace``, so a reader or a ``kill -9`` sees every file either old or
new, never half written. Three rules keep the set whole:

- The journal (:data:`JOURNAL_NAME`): before a file is replaced or removed, its path is
  appended to the journal in the output folder. A build killed at any instant leaves it; the
  next build reads it first and counts every path in it as unknown (its unit rendered again,
  the file written again or removed), so it completes the set the killed build began. A
  successful build removes the journal only after the manifest describing the new files is
  in place.
- Removals come last: the files of an event no longer in the site are removed after every
  page that linked them was rewritten, and never a file the new site has.
- The lock: the output folder itself is locked (``flock``) from before the manifest is read
  until the journal is removed, so two builds started at once never interleave their
  writes; the second refuses at once with one line (:func:`busy_diagnostic`) rather than
  wait behind a build that may take minutes. The system drops the lock when its process
  ends, however it ends; the render workers do not keep it (staging's
  ``_release_inherited_locks``).

What a build may write into, and the hostile cases, are staging.py's rules, kept: only a
folder the build made (its marker) or an empty one; never a folder reached through a link
(every folder below the output is opened with ``O_NOFOLLOW`` from its parent, and a link
found where the site has a folder or a file is removed, never followed); never a path with
``..`` or a leading ``/``.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Protocol

from generator.errors import Diagnostic, StandingsError
from generator.site import staging
from generator.site.cache import INPUTS_PATH, LEGACY_INPUTS_NAME, FileRecord
from generator.site.file_replace import (
    DIRECTORY,
    replace_file,
    temporary_name,
    write_all,
)
from generator.site.manifest import (
    LEGACY_MANIFEST_NAME,
    MANIFEST_DIR,
    MANIFEST_NAME,
    RECORDS_DIR,
    FileStamp,
    Manifest,
    record_path,
)

__all__ = ["JOURNAL_NAME", "InPlaceSite", "busy_diagnostic"]

JOURNAL_NAME = MANIFEST_DIR + "/journal"
"""The paths a build is about to replace or remove, one JSON string a line (in the
manifest's folder: the output folder itself changes only where the site does, so the times
of its folders stay those of its pages)."""
LEGACY_JOURNAL_NAME = ".standings-journal"
"""Where the versions before the manifest's folder kept it (read, and removed)."""

_OURS = frozenset({staging.MARKER_NAME, LEGACY_MANIFEST_NAME, LEGACY_INPUTS_NAME,
                   LEGACY_JOURNAL_NAME, MANIFEST_DIR})
"""The files of the output folder that are not pages (and the manifest's folder, whose
files are not either)."""


def _is_ours(relative: str) -> bool:
    return relative in _OURS or relative.startswith(MANIFEST_DIR + "/")


def busy_diagnostic(out: Path | str) -> Diagnostic:
    return Diagnostic(path=os.fspath(out),
                      message="another 'standings build' is writing this site; this one "
                              "wrote nothing",
                      expected="the other build finished first, then this one again")


class InPlaceSite:
    """The output folder, locked, written file by file (see the module docstring).

    ``dirty``: the paths a killed build had journaled (a unit holding one cannot be reused).
    ``previous``: the manifest of the files on disk as the last finished build wrote them.
    """

    def __init__(self, out_dir: Path | str,
                 read: tuple[Manifest | None, FileStamp | None] = (None, None)) -> None:
        self.out = staging.located(out_dir)
        self.shown = os.fspath(out_dir)
        self._lock = contextlib.ExitStack()
        self._written: dict[str, FileRecord] = {}
        self._journal: int | None = None
        self._root: int | None = None
        self._cache: int | None = None
        """The manifest's folder, once opened (:meth:`_cache_folder`)."""
        self._created = False
        self._read = read
        """A manifest read before the lock and its file's stamp: kept if the file is the same."""
        self._touched = False
        """The output folder did not exist before this build (see :meth:`close`)."""
        self._journal_found = False
        """A journal was there: a build was killed, maybe between writing record files and
        the index that names them (:meth:`_finish` lists the records folder then)."""
        try:
            with self._diagnosed():
                self._open()
        except BaseException:
            self.close()
            raise

    @contextlib.contextmanager
    def _diagnosed(self) -> Iterator[None]:
        try:
            yield
        except OSError as error:
            raise StandingsError([staging.os_error_diagnostic(error, self.shown,
                                                              in_place=True)]) from error

    def _open(self) -> None:
        try:
            os.makedirs(self.out)
            self._created = True
        except FileExistsError:
            pass
        if not self._lock.enter_context(staging.held_lock(self.out)):
            raise StandingsError([busy_diagnostic(self.shown)])
        # Checked again under the lock: the folder may have been replaced meanwhile.
        staging.check_output(self.out)
        self._root = os.open(self.out, DIRECTORY)
        if not staging.is_marked(self.out):  # new, empty, or a site of before the marker
            self._replace_file(self._root, staging.MARKER_NAME, staging.MARKER_TEXT)
        journaled = self._read_journal()
        self.previous = None if journaled is None else self._manifest()
        # Each path to its unit's files as the last build recorded them, for the units
        # rendered again (:meth:`expect`): an archive's other units are never read.
        self._records: dict[str, Mapping[str, FileRecord]] = {}
        self.dirty: frozenset[str] = journaled or frozenset()
        for path in self.dirty:  # a killed build's half-written file
            self._unlink(path, temporary=True)

    def _manifest(self) -> Manifest | None:
        known, stamp = self._read
        if known is not None and stamp is not None:
            try:
                found = os.lstat(self.out / MANIFEST_NAME)
            except OSError:
                return None
            if stat.S_ISREG(found.st_mode) \
                    and (found.st_ino, found.st_size, found.st_mtime_ns) == stamp:
                return known
        return Manifest.load(self.out)

    def expect(self, unit: str) -> None:
        """Unit ``unit`` is about to be rendered (cache.py ``on_render``): its files as the
        last build recorded them are read, so that one written again with the same bytes is
        left as it is (also by ``--clean``, whose cache reuses nothing)."""
        record = None if self.previous is None else self.previous.units.get(unit)
        if record is not None:
            files = record.files
            self._records.update(dict.fromkeys(files, files))

    def _read_journal(self) -> frozenset[str] | None:
        """The journaled paths (a line cut short by a kill was never acted upon); None
        when the journal cannot be read (every file is then unknown: no manifest)."""
        assert self._root is not None
        data = b""
        for folder, name in ((self._cache_folder(create=False), JOURNAL_NAME.rpartition("/")[2]),
                             (self._root, LEGACY_JOURNAL_NAME)):
            if folder is None:
                continue
            try:
                descriptor = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC,
                                     dir_fd=folder)
            except FileNotFoundError:
                continue
            except OSError:
                return None
            self._journal_found = True
            with os.fdopen(descriptor, "rb") as journal:
                data += journal.read()
        paths = set()
        for line in data.split(b"\n")[:-1]:
            try:
                path = json.loads(line)
            except ValueError:
                return None
            if isinstance(path, str) and _is_inside(path):
                paths.add(path)
        return frozenset(paths)

    # --- writing ---------------------------------------------------------------------

    def write(self, files: Mapping[str, bytes]) -> None:
        """Replace each file whose bytes differ from what the last build recorded (or that
        is missing, or journaled); a path given twice must have the same bytes."""
        changed = []
        for relative, content in files.items():
            record = FileRecord.of(content)
            known = self._written.get(relative)
            if known is not None:
                if known != record:
                    raise ValueError(f"two different pages for {relative!r}")
                continue
            if not _is_inside(relative) or _is_ours(relative):
                raise ValueError(f"refusing to write outside the site: {relative!r}")
            self._written[relative] = record
            if not self._is_on_disk(relative, record, content):
                changed.append(relative)
        if changed:
            with self._diagnosed(), self._folders() as folder:
                self._note(changed)
                for relative in changed:
                    parent, _, name = relative.rpartition("/")
                    self._replace_file(folder(parent, create=True), name, files[relative])

    def records(self, paths: Iterable[str]) -> dict[str, FileRecord]:
        """The records of files this build wrote (:meth:`write`), each made when its bytes
        were written: a unit's record takes them rather than hashing its pages again."""
        written = self._written
        return {path: written[path] for path in paths}

    def _is_on_disk(self, relative: str, record: FileRecord, content: bytes) -> bool:
        """The last build recorded these bytes for this path, nothing has journaled it
        since, and the file holds them. The bytes are read back, not only the size: a page
        edited by hand to the same size is written again once its unit is rendered (an
        unrendered unit's files are trusted to the manifest, stored_files.py)."""
        if relative in self.dirty or self.previous is None:
            return False
        files = self._records.get(relative)
        if files is None or files[relative] != record:
            return False
        try:
            # No link followed, no pipe or device waited on: only a regular file is read.
            handle = os.open(self.out / relative, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:
            return False
        with os.fdopen(handle, "rb") as opened:
            found = os.fstat(opened.fileno())
            return (stat.S_ISREG(found.st_mode) and found.st_size == record.size
                    and opened.read(record.size + 1) == content)

    def remove(self, paths: Iterable[str]) -> None:
        """Remove files the new site does not have (never one it has: checked here), and
        the folders they leave empty."""
        doomed = sorted(path for path in paths if path not in self._written
                        and _is_inside(path) and not _is_ours(path))
        if not doomed:
            return
        with self._diagnosed(), self._folders() as folder:
            self._note(doomed)
            for relative in doomed:
                self._unlink(relative, temporary=False, folder=folder)
        for parent in sorted({p.rpartition("/")[0] for p in doomed if "/" in p},
                             key=lambda p: -p.count("/")):
            self._remove_empty(parent)

    def remove_unlisted(self, keep: Iterable[str]) -> None:
        """Remove every file under the output that is not in ``keep`` (nor ours): for a
        folder without a manifest, whose files no record names."""
        kept = set(keep) | set(self._written)
        found = []
        for folder, dirnames, filenames in os.walk(self.out):  # never follows a link
            if folder == os.fspath(self.out) and MANIFEST_DIR in dirnames:
                dirnames.remove(MANIFEST_DIR)
            below = os.path.relpath(folder, self.out)
            prefix = "" if below == "." else below.replace(os.sep, "/") + "/"
            found += [prefix + name for name in filenames if prefix + name not in kept]
            found += [prefix + name for name in dirnames
                      if os.path.islink(os.path.join(folder, name))]
        self.remove(path for path in found if not _is_ours(path))

    def finish(self, manifest: Manifest | None,
               inputs: bytes | Callable[[], bytes | None] | None = None) -> None:
        """Put the manifest (and the inputs' record) in place, then drop the journal: from
        here the next build trusts the manifest again. ``inputs``: the record's bytes, or
        what gives them when they are to be written, or None once another process wrote
        it (cache.py ``BuildCache.inputs_record``); None: no record is kept."""
        with self._diagnosed():
            self._finish(manifest, inputs)
        self.close()

    def keep_inputs(self, inputs: bytes) -> None:
        """The inputs' record alone written again, by a build that found nothing changed
        but had to hash a file or list a folder to know it: the manifest, its commit point
        and the journal are left as they are (the record only ever saves a read)."""
        with self._diagnosed():
            cache = self._cache_folder(create=False)
            if cache is not None:
                self._replace_file(cache, INPUTS_PATH.rpartition("/")[2], inputs)

    def _finish(self, manifest: Manifest | None,
                inputs: bytes | Callable[[], bytes | None] | None) -> None:
        """The new units' record files first, then the index that names them (the commit
        point, manifest.py), the inputs' record, the journal dropped; last the record files
        no index names (the replaced units', and any a killed build left) and the files of
        the versions before the manifest's folder."""
        assert self._root is not None
        self._touched = True
        kept = manifest is not None  # else a build without a cache: none is left
        cache = self._cache_folder(create=kept)
        index: bytes | None = None
        made: Mapping[str, bytes] = {}
        named: frozenset[str] = frozenset()
        if manifest is not None:
            index, made, named = manifest.files()
        # Where the index named every record file there is (no build was cut short since
        # it was written), the files no index will name are the ones it names and the new
        # one does not: no listing of the records folder (28,000 files at 10,000 events).
        # A kill from here to the index leaves the journal, naming the new records.
        previous = None if self._journal_found else self.previous
        listed = previous is None
        on_disk = frozenset() if previous is None else previous.record_names()
        unnamed = sorted(f"{name}.json" for name in on_disk - named)
        # A record is named by the digest of its bytes: one this build read whole and found
        # to be the record it names is on disk with these very bytes (a hundred of the
        # records a change makes: the players' pages' parts whose pages came out the same,
        # the events' lines), and is not written again.
        if previous is not None:
            made = {name: record for name, record in made.items()
                    if name not in previous.verified}
        if made and not listed:
            self._note(record_path(name) for name in made)
        with self._folders() as folder:
            records = folder(RECORDS_DIR, create=kept)
            for name, record in made.items():
                self._replace_file(records, record_path(name).rpartition("/")[2], record)
        for path, given in ((MANIFEST_NAME, index), (INPUTS_PATH, inputs)):
            name = path.rpartition("/")[2]
            if cache is None:
                continue
            if callable(given):
                data = given()
                if data is None:  # written by the side process
                    continue
            else:
                data = given
            if data is None:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(name, dir_fd=cache)
            else:
                self._replace_file(cache, name, data)
        if self._journal is not None:
            os.close(self._journal)
            self._journal = None
        if cache is not None:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(JOURNAL_NAME.rpartition("/")[2], dir_fd=cache)
        if not kept:  # the folder the journal was kept in, if nothing else is left there
            for empty in (RECORDS_DIR, MANIFEST_DIR):
                with contextlib.suppress(OSError):
                    os.rmdir(empty, dir_fd=self._root)
        for legacy in (LEGACY_JOURNAL_NAME, LEGACY_MANIFEST_NAME, LEGACY_INPUTS_NAME):
            with contextlib.suppress(FileNotFoundError, IsADirectoryError):
                os.unlink(legacy, dir_fd=self._root)
        with self._folders() as folder:
            records = folder(RECORDS_DIR, create=False)
            if records is None:
                return
            if listed:
                with os.scandir(records) as entries:
                    unnamed = [entry.name for entry in entries
                               if entry.name.removesuffix(".json") not in named]
            for name in unnamed:
                with contextlib.suppress(FileNotFoundError, IsADirectoryError):
                    os.unlink(name, dir_fd=records)

    def _cache_folder(self, *, create: bool) -> int | None:
        """The manifest's folder, opened without following a link (None: there is none)."""
        assert self._root is not None
        if self._cache is None:
            self._cache = _open_folder(self._root, MANIFEST_DIR, create=create)
        return self._cache

    def close(self) -> None:
        """Let go of the lock (the journal, if any, stays for the next build). A folder
        this build made and wrote no page into is removed: a build that failed before
        writing leaves no site behind."""
        if self._created and not self._touched and self._root is not None:
            with contextlib.suppress(OSError):
                os.unlink(staging.MARKER_NAME, dir_fd=self._root)
                os.rmdir(self.out)
        for attribute in ("_journal", "_cache", "_root"):
            descriptor = getattr(self, attribute)
            if descriptor is not None:
                with contextlib.suppress(OSError):
                    os.close(descriptor)
                setattr(self, attribute, None)
        self._lock.close()

    # --- the journal and the files -----------------------------------------------------

    def _note(self, paths: Iterable[str]) -> None:
        """Append the paths to the journal before any of them is touched."""
        assert self._root is not None
        self._touched = True
        if self._journal is None:
            self._journal = os.open(JOURNAL_NAME.rpartition("/")[2],
                                    os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW
                                    | os.O_CLOEXEC, 0o644, dir_fd=self._cache_folder(create=True))
        write_all(self._journal, "".join(json.dumps(path) + "\n" for path in paths).encode())

    @contextlib.contextmanager
    def _folders(self) -> Iterator[_FolderOpener]:
        """Open folders below the output, each from its parent without following a link;
        the descriptors are closed at the end."""
        assert self._root is not None
        opened: dict[str, int] = {"": self._root}
        try:
            def folder(relative: str, *, create: bool) -> int | None:
                if relative in opened:
                    return opened[relative]
                parent_path, _, name = relative.rpartition("/")
                parent = folder(parent_path, create=create)
                if parent is None:
                    return None
                descriptor = _open_folder(parent, name, create=create)
                if descriptor is not None:
                    opened[relative] = descriptor
                return descriptor

            yield folder
        finally:
            for relative, descriptor in opened.items():
                if relative:
                    os.close(descriptor)

    def _replace_file(self, folder: int | None, name: str, content: bytes) -> None:
        assert folder is not None
        # In an output folder this build made, a name is new: the file needs no temporary.
        if self._created and _link_new_file(folder, name, content):
            return
        replace_file(folder, name, content)

    def _unlink(self, relative: str, *, temporary: bool,
                folder: _FolderOpener | None = None) -> None:
        parent, _, name = relative.rpartition("/")
        with contextlib.ExitStack() as stack:
            opener = folder if folder is not None else stack.enter_context(self._folders())
            descriptor = opener(parent, create=False)
            if descriptor is None:
                return
            with contextlib.suppress(FileNotFoundError, IsADirectoryError, PermissionError):
                os.unlink(temporary_name(name) if temporary else name, dir_fd=descriptor)

    def _remove_empty(self, relative: str) -> None:
        while relative:
            try:
                os.rmdir(self.out / relative)
            except OSError:
                return
            relative = relative.rpartition("/")[0]


class _FolderOpener(Protocol):
    """(folder below the output, create) -> its descriptor, or None (missing, not created)."""

    def __call__(self, relative: str, *, create: bool) -> int | None: ...


def _open_folder(parent: int, name: str, *, create: bool) -> int | None:
    """``name`` in ``parent`` as a folder, never through a link: a link or a file where the
    site has a folder is removed (when ``create``), and the folder made."""
    for _ in range(3):
        try:
            return os.open(name, DIRECTORY, dir_fd=parent)
        except FileNotFoundError:
            if not create:
                return None
            with contextlib.suppress(FileExistsError):
                os.mkdir(name, 0o755, dir_fd=parent)
        except OSError as error:
            if error.errno not in (errno.ELOOP, errno.ENOTDIR):
                raise
            if not create:
                return None
            os.unlink(name, dir_fd=parent)  # a link, or a file: removed, never followed
    raise OSError(errno.EBUSY, "a folder of the site keeps changing while it is written", name)


_UNNAMED = getattr(os, "O_TMPFILE", 0)
"""Linux's flag for a file made without a name in a folder (0 elsewhere: not used)."""
_unnamed_files = [bool(_UNNAMED)]
"""Whether the system still takes them (a file system without them says so once)."""


def _link_new_file(folder: int, name: str, content: bytes) -> bool:
    """``content`` written to a file without a name in ``folder``, then linked there as
    ``name``: the name appears with the whole file, as a temporary's rename makes it
    appear, with one entry of the folder written rather than two, and a build killed
    meanwhile leaves nothing behind (the file had no name). False, nothing changed, where
    ``name`` exists (a file to replace, or anything else: the temporary's way removes it,
    never follows it) or the system makes no such files."""
    if not _unnamed_files[0]:
        return False
    try:
        descriptor = os.open(".", os.O_WRONLY | _UNNAMED | os.O_CLOEXEC, 0o666, dir_fd=folder)
    except OSError as error:
        if error.errno in (errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL):
            _unnamed_files[0] = False
        return False
    try:
        write_all(descriptor, content)
        # The open file's own entry in /proc, followed: the documented way to name it
        # without the privilege that linking the descriptor itself asks for.
        os.link(f"/proc/self/fd/{descriptor}", name, dst_dir_fd=folder)
    except FileExistsError:
        return False
    except OSError as error:
        if error.errno in (errno.ENOENT, errno.EXDEV, errno.EPERM, errno.EACCES):  # no /proc
            _unnamed_files[0] = False
            return False
        raise
    finally:
        os.close(descriptor)
    return True


def _is_inside(relative: str) -> bool:
    parts = relative.split("/")
    return bool(relative) and not relative.startswith("/") and ".." not in parts \
        and "" not in parts and "." not in parts
