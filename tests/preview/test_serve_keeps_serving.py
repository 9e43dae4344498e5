"""``standings serve`` keeps serving (issue 8): the watched folders replaced under it, the
watcher dying, and clients that connect and then say nothing.

Driven through the small stand-in site of tests/preview/test_serve_doubles.py, on 127.0.0.1, every
wait bounded.
"""

from __future__ import annotations

import contextlib
import shutil
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from kit.servekit import wait_until
from test_serve import get
from test_serve_doubles import FakeSite, make_events

from generator.preview.serve import Preview, ServeSettings
from generator.preview.server import BANNER_ID

EDIT_SEEN_S = 10.0
"""Bound on how long an edit may take to show once the folders are back (a rebuild is
normally a fraction of a second; the health check of the watches runs every second)."""


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Preview, list[str]]]:
    lines: list[str] = []
    root = make_events(tmp_path, {"open": "Anna 1\nBoris 0\n", "blitz": "Cy 1\n"})
    preview = Preview(ServeSettings(events_root=root, port=0), FakeSite().functions(),
                      log=lines.append)
    preview.start()
    try:
        yield preview, lines
    finally:
        preview.stop()


def results(preview: Preview, slug: str = "open") -> Path:
    return preview.events_root / slug / "results.txt"


def shows(preview: Preview, path: str, text: str) -> Callable[[], bool]:
    return lambda: text in get(preview, path)[1]


# --- the events folder replaced --------------------------------------------------------------


def test_an_edit_after_the_events_folder_was_deleted_and_copied_back_is_shown(
        served: tuple[Preview, list[str]], tmp_path: Path) -> None:
    # git checkout, git stash and sync tools delete a folder and write it again: a new
    # directory with the same name, which the watch on the old one never sees.
    preview, lines = served
    root = preview.events_root
    backup = tmp_path / "backup"
    shutil.copytree(root, backup)
    shutil.rmtree(root)
    wait_until(lambda: any("events folder" in line for line in lines), EDIT_SEEN_S)
    assert "Boris 0<" in get(preview, "/open/")[1]  # the last good pages stay meanwhile
    shutil.copytree(backup, root)
    wait_until(lambda: BANNER_ID not in get(preview, "/open/")[1], EDIT_SEEN_S)
    results(preview).write_text("Anna 1\nBoris 0.5\n", encoding="utf-8")
    wait_until(shows(preview, "/open/", "Boris 0.5<"), EDIT_SEEN_S)
    results(preview, "blitz").write_text("Cy 0\n", encoding="utf-8")
    wait_until(shows(preview, "/blitz/", "Cy 0<"), EDIT_SEEN_S)


def test_while_the_events_folder_is_gone_the_last_good_pages_say_so(
        served: tuple[Preview, list[str]], tmp_path: Path) -> None:
    preview, lines = served
    root = preview.events_root
    root.rename(tmp_path / "away")
    wait_until(shows(preview, "/open/", BANNER_ID), EDIT_SEEN_S)
    status, body, _ = get(preview, "/open/")
    assert status == 200 and "Boris 0<" in body
    assert f"{root}: the events folder is missing" in body
    assert any(line.startswith(f"{root}: the events folder is missing") for line in lines)


# How a folder renamed away comes back: renamed back (the same directory), or a fresh copy
# put in its place (the old directory lives on elsewhere, and a watch set on it follows it
# there: the folder now in place is another directory, and that is the one to watch).
RESTORED = {
    "renamed-back": lambda away, root: away.rename(root),
    "fresh-copy": lambda away, root: shutil.copytree(away, root),
}


@pytest.mark.parametrize("restore", RESTORED.values(), ids=RESTORED.keys())
def test_an_edit_after_the_events_folder_was_renamed_away_and_restored_is_shown(
        served: tuple[Preview, list[str]], tmp_path: Path, restore) -> None:
    preview, _ = served
    root = preview.events_root
    away = tmp_path / "away"
    root.rename(away)
    wait_until(shows(preview, "/open/", BANNER_ID), EDIT_SEEN_S)
    restore(away, root)
    wait_until(lambda: BANNER_ID not in get(preview, "/open/")[1], EDIT_SEEN_S)
    results(preview).write_text("Anna 1\nBoris 0.5\n", encoding="utf-8")
    wait_until(shows(preview, "/open/", "Boris 0.5<"), EDIT_SEEN_S)


def test_an_edit_in_a_renamed_event_folder_is_shown(
        served: tuple[Preview, list[str]]) -> None:
    preview, _ = served
    root = preview.events_root
    (root / "open").rename(root / "spring")
    wait_until(shows(preview, "/spring/", "Boris 0<"), EDIT_SEEN_S)
    assert get(preview, "/open/")[0] == 404
    results(preview, "spring").write_text("Anna 1\nBoris 0.5\n", encoding="utf-8")
    wait_until(shows(preview, "/spring/", "Boris 0.5<"), EDIT_SEEN_S)
    (root / "spring").rename(root / "open")
    wait_until(shows(preview, "/open/", "Boris 0.5<"), EDIT_SEEN_S)
    results(preview).write_text("Anna 1\nBoris 1\n", encoding="utf-8")
    wait_until(shows(preview, "/open/", "Boris 1<"), EDIT_SEEN_S)


# --- the watcher dying -----------------------------------------------------------------------


def test_a_watcher_that_dies_is_reported_and_replaced(
        served: tuple[Preview, list[str]]) -> None:
    preview, lines = served
    dying = preview._watches.observer
    dying.stop()
    dying.join(5)
    assert not dying.is_alive()
    wait_until(lambda: any("file watcher stopped" in line for line in lines), EDIT_SEEN_S)
    results(preview).write_text("Anna 1\nBoris 0.5\n", encoding="utf-8")
    wait_until(shows(preview, "/open/", "Boris 0.5<"), EDIT_SEEN_S)


def test_a_bug_in_handling_a_file_event_is_logged_and_watching_goes_on(
        served: tuple[Preview, list[str]], monkeypatch: pytest.MonkeyPatch) -> None:
    preview, lines = served
    noted = preview.file_changed
    failed: list[bool] = []

    def fails_once(path: Path, *, write_done: bool = False) -> None:
        if not failed:
            failed.append(True)
            raise RuntimeError("a bug of ours")
        noted(path, write_done=write_done)

    monkeypatch.setattr(preview, "file_changed", fails_once)
    (preview.events_root / "open" / "notes.md").write_text("x", encoding="utf-8")
    wait_until(lambda: bool(failed), EDIT_SEEN_S)
    results(preview).write_text("Anna 1\nBoris 0.5\n", encoding="utf-8")
    wait_until(shows(preview, "/open/", "Boris 0.5<"), EDIT_SEEN_S)
    assert any("RuntimeError('a bug of ours')" in line for line in lines)


# --- clients that say nothing ----------------------------------------------------------------

SILENT_CLIENTS = 300
NORMAL_CLIENTS = 20


def _open_silent_clients(port: int, count: int) -> list[socket.socket]:
    """``count`` connections opened at once (as many tabs, preconnects or a stuck proxy
    would), half of them sending nothing, half an unfinished request."""
    clients = []
    for _ in range(count):
        client = socket.socket()
        client.setblocking(False)
        client.connect_ex(("127.0.0.1", port))
        clients.append(client)
    for number, client in enumerate(clients):
        client.setblocking(True)
        client.settimeout(5)
        if number % 2:
            with contextlib.suppress(OSError):  # refused outright: silent all the same
                client.sendall(b"GET /open/ HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    return clients


_TCP_INFO_TOTAL_RETRANS = 100
"""Offset of ``tcpi_total_retrans`` (a u32) in Linux's ``struct tcp_info``: 8 one-byte
fields, then ``tcpi_rto`` ... ``tcpi_rcv_space``, 23 u32s, before it. A dropped SYN sent
again counts in it."""


def _ask_and_count_retransmissions(port: int, path: str) -> tuple[bytes, int]:
    """The whole answer to one GET, and how many segments this client had to send again."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as client:
        client.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                       "Connection: close\r\n\r\n".encode())
        answered = b""
        while chunk := client.recv(65536):
            answered += chunk
        info = client.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 104)
    return answered, int.from_bytes(
        info[_TCP_INFO_TOTAL_RETRANS:_TCP_INFO_TOTAL_RETRANS + 4], sys.byteorder)


def _closed_by_the_server(client: socket.socket) -> bool:
    client.settimeout(0.0)
    try:
        return client.recv(1) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True  # reset: closed too


@pytest.mark.skipif(not hasattr(socket, "TCP_INFO"), reason="reads Linux's TCP_INFO")
def test_many_silent_connections_neither_delay_a_request_nor_stay_forever(
        tmp_path: Path) -> None:
    root = make_events(tmp_path, {"open": "Anna 1\n"})
    timeout = 1.0
    preview = Preview(ServeSettings(events_root=root, port=0), FakeSite().functions(),
                      log=lambda line: None, request_timeout=timeout)
    preview.start()
    clients: list[socket.socket] = []
    try:
        baseline = threading.active_count()
        port = preview.server.server_address[1]
        clients = _open_silent_clients(port, SILENT_CLIENTS)
        answers: list[tuple[bool, int]] = []

        def ask() -> None:
            answered, retransmitted = _ask_and_count_retransmissions(port, "/open/")
            answers.append((b"Anna 1<" in answered, retransmitted))

        askers = [threading.Thread(target=ask) for _ in range(NORMAL_CLIENTS)]
        for asker in askers:
            asker.start()
        for asker in askers:
            asker.join(30)
        assert [answered for answered, _ in answers] == [True] * NORMAL_CLIENTS
        # A connection dropped from a full listen queue is tried again (after 1 s, 3 s...):
        # no segment sent twice means no request waited behind the silent ones, however
        # slowly a loaded machine answered it (no clock is read).
        assert [retransmitted for _, retransmitted in answers] == [0] * NORMAL_CLIENTS
        deadline = time.monotonic() + timeout + 10
        while time.monotonic() < deadline and not all(map(_closed_by_the_server, clients)):
            time.sleep(0.1)
        assert all(map(_closed_by_the_server, clients))
        wait_until(lambda: threading.active_count() <= baseline + 2, 10)
    finally:
        for client in clients:
            client.close()
        preview.stop()


def test_a_long_poll_outlives_the_request_timeout(tmp_path: Path) -> None:
    # The reload request waits without reading or writing: the timeout that closes silent
    # clients must not cut it.
    root = make_events(tmp_path, {"open": "Anna 1\n"})
    preview = Preview(ServeSettings(events_root=root, port=0), FakeSite().functions(),
                      log=lambda line: None, request_timeout=0.3)
    preview.start()
    try:
        epoch = preview.live_site.epoch
        answers: list[str] = []
        poller = threading.Thread(target=lambda: answers.append(
            get(preview, f"/__standings__/livereload/{epoch}")[1]))
        poller.start()
        time.sleep(1.0)  # over three request timeouts
        assert answers == []
        (root / "open" / "results.txt").write_text("Anna 0\n", encoding="utf-8")
        poller.join(10)
        assert answers and int(answers[0]) > epoch
    finally:
        preview.stop()

