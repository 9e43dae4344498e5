"""Time ``standings serve``: from a TRF edit to the rebuilt page being served; no-change builds.

    python bench/bench_serve.py                          # 30 and 300 players, 20 edits each
    python bench/bench_serve.py --players 300 --edits 50
    python bench/bench_serve.py --events 50              # also: 50-event no-change build

Edit latency: a generated Swiss (tests/kit/trfgen.py, 9 rounds, fixed seed) is served by a real
``python -m generator serve`` process on a free port, as an arbiter runs it. Each edit turns
one decisive last-round game into a draw, or back (both players' lines and points columns,
as a pairing program exports it), written with one ``write_text``. The clock starts just
before the write and stops when a GET of the event's standings page returns the page of the
new result (compared with the page each state gives, learnt in two warm-up edits). Between
edits the bench waits for the server to finish its background rendering (an arbiter's edits
are minutes apart). Reported: median and worst over the edits. Goal: median under 300 ms for
300 players on a 2-core machine.

No-change build: ``standings build`` of N generated events (30 players, 7 rounds each) into
a fresh folder, then the same command again with nothing changed, as separate processes
(Python's start-up included) and in this process (the cache check alone). Goal: under half
a second for 50 events. Speed is reported, never asserted (STYLE.md section 9).
"""

from __future__ import annotations

import argparse
import http.client
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from kit import trfgen  # noqa: E402  (tests/kit/trfgen.py)
from kit.servekit import serve, wait_for_line  # noqa: E402  (tests/kit/servekit.py)
from kit.sitekit import make_event  # noqa: E402  (tests/kit/sitekit.py)

SETTINGS = "title: Generated open\ntiebreaks: [BH/C1, BH, SB, DE, WIN, BPG]\n"
ROUNDS = 9
SERVER_LOG: list[str] = []
_SERVING = re.compile(r"at http://([\d.]+):(\d+)/")
_INJECTED = re.compile(rb'<div id="standings-build-errors".*?</ul></div>|'
                       rb'<script src="/__standings__/[^"]*"[^>]*></script>', re.DOTALL)


# --- the edit ------------------------------------------------------------------------------


def _result_column(round_no: int) -> int:
    """0-based index of round ``round_no``'s result character (TRF col 99 + 10(k-1))."""
    return 98 + 10 * (round_no - 1)


def _opponent(line: str, round_no: int) -> int | None:
    start = 91 + 10 * (round_no - 1)
    text = line[start:start + 4].strip()
    return int(text) if text.isdigit() and int(text) else None


def find_game(trf: str) -> tuple[int, int]:
    """Line indexes of a decisive last-round game (1-0) between two players."""
    lines = trf.splitlines()
    players = {int(line[4:8]): index for index, line in enumerate(lines)
               if line.startswith("001")}
    column = _result_column(ROUNDS)
    for _, index in sorted(players.items()):
        line = lines[index]
        opponent = _opponent(line, ROUNDS)
        if opponent and len(line) > column and line[column] == "1":
            other = lines[players[opponent]]
            if other[column] == "0":
                return index, players[opponent]
    raise SystemExit("no decisive last-round game in the generated event")


def toggled(trf: str, winner: int, loser: int, to_draw: bool) -> str:
    """The game as a draw (or back to 1-0), with both points columns (81-84) following."""
    lines = trf.splitlines(keepends=True)
    column = _result_column(ROUNDS)
    for index, (before, after, delta) in ((winner, ("1", "=", "-0.5")),
                                          (loser, ("0", "=", "0.5"))):
        line = lines[index]
        old, new = (before, after) if to_draw else (after, before)
        assert line[column] == old, (index, line)
        change = Decimal(delta) if to_draw else -Decimal(delta)
        points = Decimal(line[80:84]) + change
        line = line[:80] + f"{points:4.1f}" + line[84:column] + new + line[column + 1:]
        lines[index] = line
    return "".join(lines)


# --- the server ----------------------------------------------------------------------------


def _drain(process: subprocess.Popen[str], lines: list[str]) -> None:
    """Keep reading the server's log (a full pipe would block the server)."""
    assert process.stderr is not None
    for line in process.stderr:
        lines.append(line.rstrip("\n"))


Launch = Callable[[Path], "subprocess.Popen[str]"]
"""Starts ``standings serve`` on an events folder (a free port, the log on stderr)."""


def serve_here(events: Path) -> subprocess.Popen[str]:
    return serve(str(events), "--port", "0")


def start_server(events: Path, launch: Launch = serve_here,
                 ) -> tuple[subprocess.Popen[str], str, int]:
    process = launch(events)
    found, _ = wait_for_line(process, _SERVING, timeout=120)
    threading.Thread(target=_drain, args=(process, SERVER_LOG), daemon=True).start()
    return process, found.group(1), int(found.group(2))


def fetch(host: str, port: int, path: str) -> bytes:
    connection = http.client.HTTPConnection(host, port, timeout=30)
    try:
        connection.request("GET", path)
        return _INJECTED.sub(b"", connection.getresponse().read())
    finally:
        connection.close()


def wait_for(host: str, port: int, path: str, expected: bytes | None, previous: bytes,
             timeout: float = 30.0) -> bytes:
    """Poll until the page is ``expected`` (or, when not known yet, differs from previous)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        page = fetch(host, port, path)
        if (page == expected) if expected is not None else (page != previous):
            return page
        time.sleep(0.002)
    raise SystemExit(f"{path} did not change within {timeout} s")


def _cpu_ticks(pid: int) -> int | None:
    """The process's user + system time so far, all its threads, in clock ticks (Linux)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return int(fields[11]) + int(fields[12])       # stat fields 14 and 15, utime and stime


def wait_until_idle(pid: int, longest: float, quiet: float = 0.3) -> None:
    """Return once the server has used at most one clock tick of CPU in ``quiet`` seconds
    (its background rendering is done), or after ``longest`` seconds; where /proc cannot
    tell, simply wait ``longest``."""
    deadline = time.monotonic() + longest
    before = _cpu_ticks(pid)
    while time.monotonic() < deadline:
        time.sleep(quiet)
        now = _cpu_ticks(pid)
        if before is not None and now is not None and now - before <= 1:
            return
        before = now


def bench_edits(players: int, edits: int, settle: float, launch: Launch = serve_here, *,
                until_idle: bool = False) -> list[float]:
    """Seconds from each edit to its page served; between edits wait ``settle`` seconds, or
    (``until_idle``) until the server is idle, ``settle`` at most."""
    with tempfile.TemporaryDirectory() as name:
        events = Path(name) / "events"
        original = trfgen.generate_swiss(players, ROUNDS, seed=2026)
        trf_path = make_event(events, "open", original, SETTINGS) / "tournament.trf"
        winner, loser = find_game(original)
        states = [original, toggled(original, winner, loser, to_draw=True)]
        process, host, port = start_server(events, launch)

        def pause() -> None:
            if until_idle:
                wait_until_idle(process.pid, settle)
            else:
                time.sleep(settle)

        try:
            page = "/open/"
            pages = [fetch(host, port, page)]
            pause()
            trf_path.write_text(states[1], encoding="utf-8")  # learn the drawn page
            pages.append(wait_for(host, port, page, None, pages[0]))
            pause()
            trf_path.write_text(states[0], encoding="utf-8")
            wait_for(host, port, page, pages[0], pages[1])
            times = []
            for edit in range(edits):
                state = (edit + 1) % 2
                pause()
                started = time.perf_counter()
                trf_path.write_text(states[state], encoding="utf-8")
                wait_for(host, port, page, pages[state], pages[1 - state])
                times.append(time.perf_counter() - started)
            return times
        finally:
            process.send_signal(signal.SIGINT)
            try:
                process.communicate(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


# --- no-change builds ----------------------------------------------------------------------


def bench_no_change_build(count: int, repeat: int) -> tuple[float, float, float]:
    from generator.site.build import prepare_cache

    with tempfile.TemporaryDirectory() as name:
        events = Path(name) / "events"
        for number in range(count):
            make_event(events, f"event-{number:02d}", trfgen.generate_swiss(30, 7, seed=number),
                       SETTINGS)
        out = Path(name) / "site"
        command = [sys.executable, "-m", "generator", "build", str(events), "--out", str(out)]
        started = time.perf_counter()
        result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        first = time.perf_counter() - started
        if result.returncode:
            raise SystemExit(f"the first build failed:\n{result.stdout}{result.stderr}")
        processes = []
        for _ in range(repeat):
            started = time.perf_counter()
            result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
            processes.append(time.perf_counter() - started)
            if "nothing written" not in result.stdout:
                raise SystemExit(f"not a no-change build:\n{result.stdout}{result.stderr}")
        checks = []
        for _ in range(repeat):
            started = time.perf_counter()
            cache = prepare_cache(events, out)
            assert cache.unchanged_warnings() is not None
            checks.append(time.perf_counter() - started)
        return first, statistics.median(processes), statistics.median(checks)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[30, 300])
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--events", type=int, default=50,
                        help="events for the no-change build (0: skip)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--verbose", action="store_true", help="every edit and the server log")
    args = parser.parse_args()
    for players in args.players:
        SERVER_LOG.clear()
        times = bench_edits(players, args.edits, settle=max(0.5, players * 0.01))
        print(f"edit -> served, {players} players x {ROUNDS} rounds, {len(times)} edits: "
              f"median {statistics.median(times) * 1000:.0f} ms, "
              f"worst {max(times) * 1000:.0f} ms, best {min(times) * 1000:.0f} ms")
        rebuilds = [int(m.group(1)) for line in SERVER_LOG
                    if (m := re.search(r"^rebuilt open\b.* in (\d+) ms", line))]
        if rebuilds:
            print(f"  server side, {len(rebuilds)} rebuilds (read, plan, event pages): "
                  f"median {statistics.median(rebuilds)} ms, worst {max(rebuilds)} ms")
        if args.verbose:
            print("  edits (ms):", " ".join(f"{t * 1000:.0f}" for t in times))
            print("\n".join(f"  | {line}" for line in SERVER_LOG))
    if args.events:
        first, process, check = bench_no_change_build(args.events, args.repeat)
        print(f"{args.events} events x 30 players: first build {first:.2f} s; "
              f"no-change build {process:.3f} s as a process (median of {args.repeat}), "
              f"cache check {check * 1000:.0f} ms in-process")


if __name__ == "__main__":
    main()
