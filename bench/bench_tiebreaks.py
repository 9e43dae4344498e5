"""Time reading a TRF file plus the full tie-break list, ours against the reference.

    python bench/bench_tiebreaks.py                      # 2,000 x 11 and 9,999 x 13
    python bench/bench_tiebreaks.py --players 500 --rounds 9 --skip-reference
    python bench/bench_tiebreaks.py --profile            # where our time goes

For each size the script generates a deterministic Swiss (tests/trfgen.py, fixed seed, the
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
import io
import pstats
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import trfgen  # noqa: E402  (tests/trfgen.py, the generator the differential test uses)

TIEBREAKS = (
    "PTS", "DE", "BH/C1", "BH", "BH/C2", "BH/M1", "BH/M2", "SB", "SB/C1",
    "FB", "FB/C1", "AOB", "WIN", "WON", "BPG", "BWG", "GE", "REP",
    "PS", "PS/C1", "KS", "ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO",
)
DEFAULT_SIZES = ((2000, 11), (9999, 13))
REFERENCE_SIZE_LIMIT = 2000
"""Above this the reference needs minutes (almost all of it reading); --reference-all forces it."""
EDITION = "2026"
SEED = 2026


def ours(path: Path) -> tuple[float, float]:
    """Seconds to read the file, and to compute the ranked standings."""
    from generator.events import load_tournament
    from generator.model import Edition
    from generator.notation import parse_tiebreak
    from generator.standings import compute_standings

    specs = tuple(parse_tiebreak(code) for code in TIEBREAKS if code != "PTS")
    started = time.perf_counter()
    tournament = load_tournament(path)
    read = time.perf_counter()
    standings = compute_standings(tournament, specs, Edition(EDITION))
    done = time.perf_counter()
    assert len(standings.rows) == len(tournament.players)
    return read - started, done - read


def reference(path: Path) -> float:
    command = [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", str(path),
               "-t", *(f"{code}/V{EDITION}" for code in TIEBREAKS)]
    started = time.perf_counter()
    finished = subprocess.run(command, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - started
    if '"tiebreakResult"' not in finished.stdout:
        raise SystemExit(f"the reference failed on {path}:\n{finished.stdout[-1500:]}"
                         f"{finished.stderr[-1500:]}")
    return elapsed


def peer(path: Path) -> tuple[float, str] | None:
    """tiebreak-core behind our reader, or None when it is not installed."""
    try:
        import tiebreak_peer
    except ImportError:
        return None
    return tiebreak_peer.run(path, EDITION)


def best(runs: int, measure: Callable[[], tuple[float, float]]) -> tuple[float, float]:
    timings = [measure() for _ in range(runs)]
    return min(timings, key=sum)


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
                        help=f"run the reference above {REFERENCE_SIZE_LIMIT} players too")
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
            print(f"reference start-up (2 players, 1 round): {reference(tiny):.2f} s")
        for players, rounds in sizes:
            path = folder / f"swiss-{players}x{rounds}.trf"
            started = time.perf_counter()
            path.write_text(trfgen.generate_swiss(players, rounds, args.seed), encoding="utf-8")
            size_kib = path.stat().st_size / 1024
            print(f"\n{players} players x {rounds} rounds (seed {args.seed}, {size_kib:.0f} KiB,"
                  f" generated in {time.perf_counter() - started:.2f} s)")
            read, compute = best(args.repeat, lambda path=path: ours(path))
            total = read + compute
            print(f"  ours       {total:8.3f} s  (read {read:.3f} s + tie-breaks {compute:.3f} s,"
                  f" best of {args.repeat})")
            if args.peer:
                timed = peer(path)
                if timed is None:
                    print("  tiebreak-core: not installed (pip install -e '.[bench]')")
                else:
                    seconds, what = timed
                    print(f"  tiebreak-core {seconds:5.3f} s  ({what}); ours is "
                          f"{seconds / total:.1f}x faster")
            if not args.skip_reference and (players <= REFERENCE_SIZE_LIMIT or args.reference_all):
                seconds = reference(path)
                print(f"  reference  {seconds:8.3f} s  (subprocess, wall clock); "
                      f"ours is {seconds / total:.1f}x faster")
            if args.profile:
                print(profile(path, 30))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
