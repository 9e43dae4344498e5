"""Work done in a forked side process (site/side_process.py): its results come back in
order and whole, or not at all, and it leaves no process behind."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator.site.side_process import SideProcess


def _children() -> set[int]:
    """This process's children, ended or not (Linux's /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rpartition(")")[2].split()
            except OSError:
                continue
            if int(fields[1]) == os.getpid():
                found.add(int(entry.name))
    return found


def test_the_results_come_back_in_order_and_whole() -> None:
    large = bytes(range(256)) * 8_000  # two megabytes: many times a pipe's buffer
    side = SideProcess.start([lambda: b"first", lambda: b"", lambda: large])
    assert side is not None
    assert [side.next(), side.next(), side.next()] == [b"first", b"", large]
    assert side.next() is None  # no task left


def test_a_task_that_fails_gives_nothing_from_it_on() -> None:
    def broken() -> bytes:
        raise OSError("the disk went away")

    side = SideProcess.start([lambda: b"listed", broken, lambda: b"never"])
    assert side is not None
    assert side.next() == b"listed"
    assert side.next() is None
    assert side.next() is None


def test_no_fork_no_side_process(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused() -> int:
        raise OSError("no more processes")

    monkeypatch.setattr(os, "fork", refused)
    assert SideProcess.start([lambda: b"x"]) is None


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads Linux's /proc")
def test_a_side_process_dropped_or_read_leaves_no_process_behind() -> None:
    before = _children()
    for _ in range(3):
        dropped = SideProcess.start([lambda: bytes(1_000_000), lambda: b"y"])
        assert dropped is not None
        dropped.drop()
        assert dropped.next() is None
        read = SideProcess.start([lambda: b"x"])
        assert read is not None
        assert read.next() == b"x"
        abandoned = SideProcess.start([lambda: bytes(1_000_000)])
        del abandoned  # never read: its pipe closed when it is let go
    # The first forked process is reaped at once; the second is nobody's child to reap.
    assert _children() <= before
