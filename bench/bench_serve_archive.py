"""``standings serve`` on a federation's archive (issue 26): start, memory, edit to served.

    python bench/bench_serve_archive.py                       # 1, 100 and 1,000 events
    python bench/bench_serve_archive.py --events 1 1000 --edits 5
    python bench/bench_serve_archive.py --tree /work/main     # another checkout's serve
    python bench/bench_serve_archive.py --folder /data/archives   # keep the archives

The archives are bench_archive.py's (the same files for the same size). For each size a real
``python -m generator serve`` process serves the archive on a free port, as an arbiter or a
federation's editor runs it, and the bench measures:

* ``serving``: from the launch to the server's "serving ..." line (it answers from then on);
* ``index``: from the launch to the front page answered (it lists every event, so it waits
  for every event to be read at least once);
* ``RSS``: the server's resident memory once it is idle after the index, and its peak
  (``VmHWM``) at the end, after the edits;
* ``edit -> served``: bench_archive.py's edit of one result (a decisive game of the last
  round of an event in the middle of the archive turned round, and back), from the write to
  a GET of that event's standings page returning the new page (learnt in two warm-up
  edits); the server is left to go idle between edits. Median and worst of ``--edits``.

The results are printed and appended to ``--results`` (bench/results-serve-archive.md).
Speed is reported, never asserted (STYLE.md section 9).
"""

from __future__ import annotations

import argparse
import datetime
import http.client
import os
import re
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "bench")]

import bench_archive  # noqa: E402  (the archives and the edit)
import bench_serve  # noqa: E402  (fetch, wait_for, wait_until_idle)
from kit.servekit import serve, wait_for_line  # noqa: E402

LOG: list[str] = []
"""The server's log, read as it comes (a full pipe would block the server)."""
RESULTS = ROOT / "bench" / "results-serve-archive.md"
_SERVING = re.compile(r"at http://([\d.]+):(\d+)/")


def _status(pid: int, key: str) -> int:
    """A field of /proc/<pid>/status in MB (VmRSS, VmHWM)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1]) // 1024
    return 0


def _get_status(host: str, port: int, path: str) -> int:
    connection = http.client.HTTPConnection(host, port, timeout=600)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def measure(archive: bench_archive.Archive, edits: int, cwd: Path) -> dict[str, float]:
    index = bench_archive.changed_index(archive.size)
    event = bench_archive.archive_event(index, archive.size)
    trf = archive.events / event.slug / "tournament.trf"
    states = [event.trf, bench_archive.changed_result(index, archive.size)]
    launched = time.perf_counter()
    process = serve(str(archive.events), "--port", "0", cwd=cwd)
    try:
        found, _ = wait_for_line(process, _SERVING, timeout=1800)
        serving = time.perf_counter() - launched
        host, port = found.group(1), int(found.group(2))
        threading.Thread(target=bench_serve._drain, args=(process, LOG), daemon=True).start()
        status = _get_status(host, port, "/")
        index_s = time.perf_counter() - launched
        if status != 200:
            raise SystemExit(f"the front page answered {status}")
        bench_serve.wait_until_idle(process.pid, 600)
        idle_rss = _status(process.pid, "VmRSS")
        page = f"/{event.slug}/"
        pages = [bench_serve.fetch(host, port, page)]
        trf.write_text(states[1], encoding="utf-8")
        pages.append(bench_serve.wait_for(host, port, page, None, pages[0], timeout=120))
        bench_serve.wait_until_idle(process.pid, 60)
        trf.write_text(states[0], encoding="utf-8")
        bench_serve.wait_for(host, port, page, pages[0], pages[1], timeout=120)
        times = []
        for edit in range(edits):
            state = (edit + 1) % 2
            bench_serve.wait_until_idle(process.pid, 60)
            started = time.perf_counter()
            trf.write_text(states[state], encoding="utf-8")
            bench_serve.wait_for(host, port, page, pages[state], pages[1 - state], timeout=120)
            times.append(time.perf_counter() - started)
        peak = _status(process.pid, "VmHWM")
    finally:
        trf.write_text(states[0], encoding="utf-8")
        process.send_signal(signal.SIGINT)
        try:
            process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
    return {"serving_s": serving, "index_s": index_s, "idle_rss_mb": idle_rss,
            "peak_rss_mb": peak, "edit_median_ms": statistics.median(times) * 1000,
            "edit_worst_ms": max(times) * 1000}


COLUMNS = (("serving_s", "serving, s", 1), ("index_s", "front page, s", 1),
           ("idle_rss_mb", "RSS idle, MB", 0), ("peak_rss_mb", "peak RSS, MB", 0),
           ("edit_median_ms", "edit -> served, median ms", 0),
           ("edit_worst_ms", "worst ms", 0))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, nargs="+", default=[1, 100, 1000])
    parser.add_argument("--edits", type=int, default=5)
    parser.add_argument("--tree", type=Path, default=ROOT,
                        help="the checkout whose `python -m generator serve` runs (this one)")
    parser.add_argument("--folder", type=Path, help="where the archives are kept")
    parser.add_argument("--results", type=Path, default=RESULTS)
    parser.add_argument("--no-results", action="store_true", help="print only")
    args = parser.parse_args(argv)
    started = datetime.datetime.now(datetime.UTC)
    load = os.getloadavg()
    lines = []
    with tempfile.TemporaryDirectory() as scratch:
        for size in args.events:
            folder = (args.folder or Path(scratch)) / f"archive-{size}"
            archive = bench_archive.generate_archive(folder, size)
            found = measure(archive, args.edits, args.tree)
            line = (f"| {size:,} | {archive.appearances:,} | "
                    + " | ".join(f"{found[key]:.{digits}f}" for key, _, digits in COLUMNS)
                    + " |")
            print(line, flush=True)
            lines.append(line)
    section = "\n".join([
        f"## {started:%Y-%m-%d %H:%M} UTC: {args.tree}",
        "",
        f"{os.cpu_count()} cores; load average at start {load[0]:.2f}, at end "
        f"{os.getloadavg()[0]:.2f}; python {sys.version.split()[0]}; {args.edits} edits.",
        "",
        "    " + shlex.join(["python", "bench/bench_serve_archive.py",
                             *(sys.argv[1:] if argv is None else argv)]),
        "",
        "| events | appearances | " + " | ".join(title for _, title, _ in COLUMNS) + " |",
        "|" + "---|" * (2 + len(COLUMNS)),
        *lines,
        "",
    ])
    print("\n" + section)
    if not args.no_results:
        preamble = ("# Serve on an archive\n\nWritten by `python bench/bench_serve_archive.py` "
                    "(see its docstring): one section per run, newest last.\n")
        text = args.results.read_text(encoding="utf-8") if args.results.exists() else preamble
        args.results.write_text(text + "\n" + section, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
