"""A file of the output replaced whole: written under a temporary name beside it, then
renamed over it, so that a reader (a browser, the next build) sees the old file or the new
one, never a part. The build's own writer (inplace.py) and the side process (which writes
the inputs' record at an archive's build's end, inputs_now.py) both replace files this way;
this module imports nothing of the site, so that the side process needs no more.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil

__all__ = ["DIRECTORY", "NEW_SUFFIX", "replace_file", "temporary_name", "write_all"]

NEW_SUFFIX = ".standings-new"
"""A file being written is ``.<digest of its name>`` + this, beside its final name (one
build at a time writes, under the lock, so the name needs no randomness and a killed build's
is found; a digest rather than the name itself, so that a name near the file system's limit
of 255 bytes still has room for it)."""

DIRECTORY = os.O_RDONLY | os.O_CLOEXEC | os.O_NOFOLLOW | getattr(os, "O_DIRECTORY", 0)
"""A folder opened as such, never through a link."""


def temporary_name(name: str) -> str:
    return f".{hashlib.sha256(os.fsencode(name)).hexdigest()[:24]}{NEW_SUFFIX}"


def replace_file(folder: int, name: str, content: bytes) -> None:
    """``name`` in the opened ``folder`` replaced by a file of ``content``."""
    temporary = temporary_name(name)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    try:
        descriptor = os.open(temporary, flags, 0o666, dir_fd=folder)
    except FileExistsError:
        # A killed build's temporary (or anything else at its name): removed, never
        # followed, then made anew. Only then, rather than before every file: nearly
        # always there is none, and the removal of none costs as much as a write.
        os.unlink(temporary, dir_fd=folder)
        descriptor = os.open(temporary, flags, 0o666, dir_fd=folder)
    try:
        write_all(descriptor, content)
    finally:
        os.close(descriptor)
    try:
        try:
            os.replace(temporary, name, src_dir_fd=folder, dst_dir_fd=folder)
        except IsADirectoryError:  # a folder where the site has a file: not ours to keep
            shutil.rmtree(name, dir_fd=folder)
            os.replace(temporary, name, src_dir_fd=folder, dst_dir_fd=folder)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary, dir_fd=folder)
        raise


def write_all(descriptor: int, content: bytes) -> None:
    view = memoryview(content)
    while view:
        view = view[os.write(descriptor, view):]
