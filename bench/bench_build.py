"""Time ``standings build``: the example events, and a generated 2,000-player 11-round Swiss.

    python bench/bench_build.py                    # examples + 2,000 x 11
    python bench/bench_build.py --players 500 --rounds 9
    python bench/bench_build.py --profile          # where the big build's time goes
    python bench/bench_build.py --workers 1        # without forked workers
    python bench/bench_build.py --url https://club.example.org/results/   # with QR codes
    TMPDIR=/dev/shm python bench/bench_build.py    # the site written to memory, not disk

The big event is a deterministic Swiss from tests/kit/trfgen.py (fixed seed, the usual mix of
byes, forfeits, withdrawals and late entries) with the tie-breaks BH/C1, BH, SB, DE, WIN,
BPG and TPN. Each build is the whole pipeline as ``standings build`` runs it (read, compute
the final standings and one per round, render every page including one per player, stage
and swap), in this process, best of ``--repeat``. The goal for the 2,000-player event is
under 5 s on a 2-core machine. Speed is reported, never asserted (STYLE.md section 9).

The site is written into a temporary folder (``TMPDIR``): 4,057 files, 52 MB. Where
creating files is slow (some shared machines take 0.2-0.6 ms a file in a /tmp that sees
many builds) that alone can add seconds; comparing with ``TMPDIR=/dev/shm`` tells the file
system's share from the program's.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from kit import trfgen  # noqa: E402  (tests/kit/trfgen.py)
from kit.sitekit import example_events  # noqa: E402  (tests/kit/sitekit.py)

from generator.site.build import build_site, build_workers  # noqa: E402

BIG_SETTINGS = "title: Generated open\ntiebreaks: [BH/C1, BH, SB, DE, WIN, BPG, TPN]\n"


def _big_event(tmp: Path, players: int, rounds: int, url: str | None = None) -> Path:
    events = tmp / f"big-{players}x{rounds}"
    folder = events / "generated-open"
    folder.mkdir(parents=True)
    (folder / "tournament.trf").write_text(trfgen.generate_swiss(players, rounds, seed=2026),
                                           encoding="utf-8")
    (folder / "event.yml").write_text(BIG_SETTINGS, encoding="utf-8")
    if url is not None:  # site.yml beside events/: every player page gets its QR code
        (tmp / "site.yml").write_text(f"url: {url}\n", encoding="utf-8")
    return events


def _cpu() -> float:
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def _time_build(events: Path, out: Path, repeat: int,
                workers: int | None = None) -> tuple[float, float, int, int]:
    """Best wall time, the CPU time of that run (this process and its workers), files, bytes."""
    best, best_cpu = float("inf"), 0.0
    for _ in range(repeat):
        started, cpu = time.perf_counter(), _cpu()
        build_site(events, out, workers=workers)
        wall = time.perf_counter() - started
        if wall < best:
            best, best_cpu = wall, _cpu() - cpu
    files = [p for p in out.rglob("*") if p.is_file()]
    return best, best_cpu, len(files), sum(p.stat().st_size for p in files)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--workers", type=int, default=None,
                        help="processes for the big event (default: the CPUs; 1: no fork)")
    parser.add_argument("--url", default=None,
                        help="the big event's site.yml url (the player pages' QR codes)")
    args = parser.parse_args()
    workers = build_workers() if args.workers is None else args.workers
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        examples = example_events(tmp)
        print(f"{workers} worker processes; load average before: "
              + " ".join(f"{x:.2f}" for x in os.getloadavg()))
        seconds, cpu, count, size = _time_build(examples, tmp / "site-examples", args.repeat)
        print(f"examples ({examples}): {seconds:.2f} s (CPU {cpu:.2f} s), {count} files, "
              f"{size / 1e6:.1f} MB")
        big = _big_event(tmp, args.players, args.rounds, args.url)
        if args.profile:
            profiler = cProfile.Profile()
            profiler.enable()
            build_site(big, tmp / "site-big", workers=workers)
            profiler.disable()
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(30)
            print(out.getvalue())
            return
        seconds, cpu, count, size = _time_build(big, tmp / "site-big", args.repeat, workers)
        goal = " (goal < 5 s)" if (args.players, args.rounds) == (2000, 11) else ""
        print(f"generated Swiss {args.players} players x {args.rounds} rounds: "
              f"{seconds:.2f} s{goal} (CPU {cpu:.2f} s), {count} files, {size / 1e6:.1f} MB")
        print("load average after: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
