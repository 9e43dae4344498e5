"""The program digest of serve is taken again exactly when the files behind it may differ."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from generator.preview.program import ProgramDigest
from generator.site.cache_keys import program_digest


class CountingDigest:
    def __init__(self) -> None:
        self.taken = 0

    def __call__(self, inputs: Sequence[Path]) -> str:
        self.taken += 1
        return program_digest(inputs)


def _templates(tmp_path: Path) -> tuple[Path, Path]:
    folder = tmp_path / "templates"
    (folder / "partials").mkdir(parents=True)
    page = folder / "partials" / "page.html"
    page.write_text("<p>one</p>", encoding="utf-8")
    os.utime(page, ns=(1_000_000_000, 1_000_000_000))
    return folder, page


def test_files_left_alone_are_not_digested_again(tmp_path: Path) -> None:
    folder, _ = _templates(tmp_path)
    counting = CountingDigest()
    digests = ProgramDigest(digest_files=counting, racy_ns=0)
    first = digests.of([folder])
    assert digests.of([folder]) == first == program_digest([folder])
    assert counting.taken == 1


def test_a_file_rewritten_to_the_same_size_is_digested_again(tmp_path: Path) -> None:
    folder, page = _templates(tmp_path)
    counting = CountingDigest()
    digests = ProgramDigest(digest_files=counting, racy_ns=0)
    first = digests.of([folder])
    page.write_text("<p>two</p>", encoding="utf-8")
    os.utime(page, ns=(2_000_000_000, 2_000_000_000))
    assert digests.of([folder]) == program_digest([folder]) != first
    assert counting.taken == 2


def test_added_files_folders_and_site_files_are_noticed(tmp_path: Path) -> None:
    folder, _ = _templates(tmp_path)
    site_yml = tmp_path / "site.yml"
    counting = CountingDigest()
    digests = ProgramDigest(digest_files=counting, racy_ns=0)
    digests.of([folder, site_yml])
    site_yml.write_text("title: Club\n", encoding="utf-8")
    assert digests.of([folder, site_yml]) == program_digest([folder, site_yml])
    (folder / "partials" / "new.html").write_text("<p>new</p>", encoding="utf-8")
    assert digests.of([folder, site_yml]) == program_digest([folder, site_yml])
    club = tmp_path / "club"
    club.mkdir()  # an empty folder given as an input changes the digest by its name
    assert digests.of([folder, site_yml, club]) == program_digest([folder, site_yml, club])
    assert counting.taken == 4


def test_files_changed_a_moment_ago_are_digested_every_time(tmp_path: Path) -> None:
    # Within the file system's clock tick a file may change again with the same size and
    # times: until its change is safely older than the look, the look vouches for nothing.
    folder, _ = _templates(tmp_path)
    counting = CountingDigest()
    digests = ProgramDigest(digest_files=counting, racy_ns=10**18)
    digests.of([folder])
    digests.of([folder])
    assert counting.taken == 2
