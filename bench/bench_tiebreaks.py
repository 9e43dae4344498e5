"""Time reading a TRF file plus the full tie-break list, ours against the reference.

    python bench/bench_tiebreaks.py                      # 2,000 x 11 and 9,999 x 13
    python bench/bench_tiebreaks.py --players 500 --rounds 9 --skip-reference
    python bench/bench_tiebreaks.py --profile            # where our time goes

For each size the script generates a deterministic Swiss (tests/kit/trfgen.py, fixed seed, the
usual mix of byes, forfeits, withdrawals and late entries, everyone rated so the rating
tie-breaks are computed too), writes it to a temporary TRF file, and times:

* ours: ``load_tournament(path)`` + ``compute_standings(...)`` with the 27 codes of the
  reference corpus list (tests/corpus/README.md), edition 2026, in this process (imports
  excluded; best of ``--repeat`` runs);
* the reference: ``python -m gacrux.tiebreakchecker -i FILE -t PTS/V2026 ...`` as a
  subprocess, wall clock (interpreter start-up included; its start-up on a 2-player file
  is printed beside it), on the 2,000-player file only unless ``--reference-all``;
* optionally a Python peer, tiebreak-core (``pip install -e '.[bench]'``), fed by our reader.

Speed is reported as seconds and ratios, never asserted (STYLE.md section 9).
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import pstats
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from kit import trfgen  # noqa: E402  (tests/kit/trfgen.py, the generator the differential test uses)

TIEBREAKS = (
    "PTS", "DE", "BH/C1", "BH", "BH/C2", "BH/M1", "BH/M2", "SB", "SB/C1",
    "FB", "FB/C1", "AOB", "WIN", "WON", "BPG", "BWG", "GE", "REP",
    "PS", "PS/C1", "KS", "ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO",
)
DEFAULT_SIZES = ((2000, 11), (9999, 13))
REFERENCE_SIZE_LIMIT = 2000
"""Above this the reference needs about 10 minutes (almost all of it reading), and
tiebreak-core minutes too (its Fore Buchholz is quadratic); --reference-all runs them."""
EDITION = "2026"
SEED = 2026


@dataclass(frozen=True, slots=True)
class Timing:
    """Wall-clock and CPU seconds (the machine may be shared: CPU time is the steadier one)."""

    wall: float
    cpu: float

    def __add__(self, other: Timing) -> Timing:
        return Timing(self.wall + other.wall, self.cpu + other.cpu)

    def __str__(self) -> str:
        return f"{self.wall:7.3f} s ({self.cpu:.3f} s CPU)"


class _Clock:
    def __init__(self, cpu: Callable[[], float] = time.process_time) -> None:
        self._cpu = cpu
        self._wall0, self._cpu0 = time.perf_counter(), cpu()

    def lap(self) -> Timing:
        wall, cpu = time.perf_counter(), self._cpu()
        lap = Timing(wall - self._wall0, cpu - self._cpu0)
        self._wall0, self._cpu0 = wall, cpu
        return lap


def ours(path: Path) -> tuple[Timing, Timing]:
    """Time to read the file, and to compute the ranked standings."""
    from generator.model import Edition
    from generator.reading.events import load_tournament
    from generator.rules.notation import parse_tiebreak
    from generator.rules.ranking import compute_standings

    specs = tuple(parse_tiebreak(code) for code in TIEBREAKS if code != "PTS")
    clock = _Clock()
    tournament = load_tournament(path)
    read = clock.lap()
    standings = compute_standings(tournament, specs, Edition(EDITION))
    compute = clock.lap()
    assert len(standings.rows) == len(tournament.players)
    return read, compute


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def reference(path: Path) -> Timing:
    command = [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", str(path),
               "-t", *(f"{code}/V{EDITION}" for code in TIEBREAKS)]
    clock = _Clock(_children_cpu)
    finished = subprocess.run(command, capture_output=True, text=True, check=False)
    elapsed = clock.lap()
    if '"tiebreakResult"' not in finished.stdout:
        raise SystemExit(f"the reference failed on {path}:\n{finished.stdout[-1500:]}"
                         f"{finished.stderr[-1500:]}")
    return elapsed


def peer(path: Path) -> tuple[Timing, str] | None:
    """tiebreak-core behind our reader, or None when it is not installed."""
    try:
        import tiebreak_peer
    except ImportError:
        return None
    clock = _Clock()
    what = tiebreak_peer.run(path)
    return clock.lap(), what


def best(runs: int, measure: Callable[[], tuple[Timing, Timing]]) -> tuple[Timing, Timing]:
    timings = []
    for _ in range(runs):
        gc.collect()  # start each run clean: the previous run's objects are not its cost
        timings.append(measure())
    return min(timings, key=lambda pair: pair[0].cpu + pair[1].cpu)


def profile(path: Path, limit: int) -> str:
    profiler = cProfile.Profile()
    profiler.enable()
    ours(path)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(limit)
    stats.sort_stats("cumulative").print_stats(limit)
    return out.getvalue()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, help="one size instead of the two defaults")
    parser.add_argument("--rounds", type=int, help="rounds for --players (default 11)")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--repeat", type=int, default=3, help="best of N runs of ours")
    parser.add_argument("--skip-reference", action="store_true")
    parser.add_argument("--reference-all", action="store_true",
                        help=f"run the reference (and the peer) above {REFERENCE_SIZE_LIMIT} "
                             "players too")
    parser.add_argument("--peer", action="store_true",
                        help="also time tiebreak-core (pip install -e '.[bench]')")
    parser.add_argument("--profile", action="store_true", help="cProfile our run per size")
    parser.add_argument("--keep", type=Path, help="write the generated TRF files here")
    args = parser.parse_args(argv)
    if args.players is not None:
        sizes: Sequence[tuple[int, int]] = ((args.players, args.rounds or 11),)
    elif args.rounds is not None:
        parser.error("--rounds needs --players")
    else:
        sizes = DEFAULT_SIZES
    if any(not 2 <= players <= 9999 for players, _ in sizes):
        parser.error("TRF-16 starting numbers go from 1 to 9999")

    print(f"python {sys.version.split()[0]}, tie-breaks ({len(TIEBREAKS)}): {' '.join(TIEBREAKS)}")
    with tempfile.TemporaryDirectory(prefix="bench-") as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        if not args.skip_reference:
            tiny = folder / "tiny.trf"
            tiny.write_text(trfgen.generate_swiss(2, 1, args.seed), encoding="utf-8")
            print(f"reference start-up (2 players, 1 round): {reference(tiny)}")
        for players, rounds in sizes:
            path = folder / f"swiss-{players}x{rounds}.trf"
            started = time.perf_counter()
            path.write_text(trfgen.generate_swiss(players, rounds, args.seed), encoding="utf-8")
            size_kib = path.stat().st_size / 1024
            print(f"\n{players} players x {rounds} rounds (seed {args.seed}, {size_kib:.0f} KiB,"
                  f" generated in {time.perf_counter() - started:.2f} s)")
            read, compute = best(args.repeat, lambda path=path: ours(path))
            total = read + compute
            print(f"  ours          {total}  = read {read.wall:.3f} s ({read.cpu:.3f} CPU)"
                  f" + tie-breaks {compute.wall:.3f} s ({compute.cpu:.3f} CPU),"
                  f" best of {args.repeat}")
            slow_ones_too = players <= REFERENCE_SIZE_LIMIT or args.reference_all
            if args.peer and slow_ones_too:
                timed = peer(path)
                if timed is None:
                    print("  tiebreak-core not installed (pip install -e '.[bench]')")
                else:
                    seconds, what = timed
                    print(f"  tiebreak-core {seconds}  {what}; ours is "
                          f"{seconds.cpu / total.cpu:.1f}x faster (CPU)")
            if not args.skip_reference and slow_ones_too:
                seconds = reference(path)
                print(f"  reference     {seconds}  subprocess; ours is "
                      f"{seconds.wall / total.wall:.1f}x faster (wall), "
                      f"{seconds.cpu / total.cpu:.1f}x (CPU)")
            if args.profile:
                print(profile(path, 30))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
