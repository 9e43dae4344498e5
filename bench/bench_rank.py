"""Time ``standings rank FILE --format json`` as a whole process, against the reference.

    python bench/bench_rank.py                     # 2,000 x 11, ours best of 5, reference once
    python bench/bench_rank.py --skip-reference --importtime
    python bench/bench_rank.py --profile           # cProfile of one whole run of ours

The file is the deterministic Swiss of bench/bench_tiebreaks.py (tests/kit/trfgen.py, seed
2026). Both programs run as subprocesses and are timed by the wall clock, interpreter
start-up, imports, reading, computing and writing the output included:

* ours: ``python -m generator rank FILE --format json --tiebreaks ... --edition 2026``;
* the reference: ``python -m gacrux.tiebreakchecker -i FILE -t CODE/V2026 ...``.

Ours gets 26 of the 27 corpus codes: GE is REP under its 2023 name, and our command line
refuses a list that names one tie-break twice (a repeat cannot separate anyone, C.07 4.2).

Python compiles a module's source on every start when it may not keep the bytecode
(``PYTHONDONTWRITEBYTECODE``, set on some machines), which an installed copy does not do.
Ours is therefore timed both ways: as this environment starts it, and with the bytecode
kept in a temporary folder (``PYTHONPYCACHEPREFIX``) after a first run has written it. The
reference runs as this environment starts it.

Speed is reported as seconds and ratios, never asserted (STYLE.md section 9).
"""

from __future__ import annotations

import argparse
import io
import os
import pstats
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "bench")]

from bench_tiebreaks import EDITION, SEED, TIEBREAKS  # noqa: E402  (one list for both benches)
from kit import trfgen  # noqa: E402

OURS = tuple(code for code in TIEBREAKS if code not in ("PTS", "GE"))
"""PTS is the first criterion without being named; GE is REP (see the docstring)."""


@dataclass(frozen=True, slots=True)
class Timing:
    """Wall-clock and CPU seconds of a child process (the machine may be shared)."""

    wall: float
    cpu: float

    def __str__(self) -> str:
        return f"{self.wall:7.3f} s ({self.cpu:.3f} s CPU)"


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: Sequence[str], env: Mapping[str, str]) -> tuple[Timing, str, str]:
    """One run: its timing, stdout and stderr; a failed run ends the bench."""
    wall0, cpu0 = time.perf_counter(), _children_cpu()
    finished = subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT,
                              check=False)
    timing = Timing(time.perf_counter() - wall0, _children_cpu() - cpu0)
    if finished.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({finished.returncode}):\n"
                         f"{finished.stderr[-2000:]}")
    return timing, finished.stdout, finished.stderr


def best(runs: int, command: Sequence[str], env: Mapping[str, str], *,
         expect: str = "") -> Timing:
    """The least wall-clock and the least CPU time of ``runs`` runs (on a shared machine the
    two need not come from one run), each run checked to print ``expect``: a run that
    printed nothing useful is not a time."""
    timings = []
    for _ in range(runs):
        timing, out, _err = timed(command, env)
        if expect not in out:
            raise SystemExit(f"{' '.join(command)} printed no {expect!r}:\n{out[-1500:]}")
        timings.append(timing)
    return Timing(min(t.wall for t in timings), min(t.cpu for t in timings))


def rank_command(path: Path, *python_options: str) -> list[str]:
    return [sys.executable, *python_options, "-m", "generator", "rank", str(path),
            "--format", "json", "--tiebreaks", " ".join(OURS), "--edition", EDITION]


def reference_command(path: Path) -> list[str]:
    return [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", str(path),
            "-t", *(f"{code}/V{EDITION}" for code in TIEBREAKS)]


def environments(scratch: Path) -> dict[str, dict[str, str]]:
    """This environment as it is, and the same with bytecode kept (see the docstring)."""
    as_is = dict(os.environ, PYTHONPATH=str(ROOT))
    kept = {key: value for key, value in as_is.items() if key != "PYTHONDONTWRITEBYTECODE"}
    kept["PYTHONPYCACHEPREFIX"] = str(scratch / "pycache")
    return {"as this environment starts it": as_is, "bytecode kept": kept}


def import_times(stderr: str) -> list[tuple[int, int, str]]:
    """(own, cumulative microseconds, module) of each module ``python -X importtime`` lists."""
    rows = []
    for line in stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        own, cumulative, name = line.removeprefix("import time:").split("|")
        rows.append((int(own), int(cumulative), name.strip()))
    return rows


def import_offenders(path: Path, env: Mapping[str, str], limit: int) -> str:
    """``python -X importtime`` of one run: the total, and the modules slowest to import."""
    _timing, _out, err = timed(rank_command(path, "-X", "importtime"), env)
    rows = import_times(err)
    total = sum(own for own, _cumulative, _name in rows)
    lines = [f"  imports: {len(rows)} modules, {total / 1e6:.3f} s; slowest by own time "
             "(own, with what they import, module):"]
    lines += [f"    {own / 1e6:6.3f} s  {cumulative / 1e6:6.3f} s  {name}"
              for own, cumulative, name in sorted(rows, reverse=True)[:limit]]
    ours = [row for row in rows if row[2].startswith("generator")]
    lines.append(f"  of which generator's own modules: {len(ours)}, "
                 f"{sum(own for own, _c, _n in ours) / 1e6:.3f} s")
    return "\n".join(lines)


def profile(path: Path, env: Mapping[str, str], scratch: Path, limit: int) -> str:
    """cProfile of one whole run of ours, imports included."""
    stats_file = scratch / "rank.prof"
    timed(rank_command(path, "-m", "cProfile", "-o", str(stats_file)), env)
    out = io.StringIO()
    stats = pstats.Stats(str(stats_file), stream=out)
    stats.sort_stats("cumulative").print_stats(limit)
    stats.sort_stats("tottime").print_stats(limit)
    return out.getvalue()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--repeat", type=int, default=5, help="best of N runs of ours")
    parser.add_argument("--reference-repeat", type=int, default=1,
                        help="best of N runs of the reference (about 50 s each)")
    parser.add_argument("--skip-reference", action="store_true")
    parser.add_argument("--importtime", type=int, nargs="?", const=15, default=0,
                        metavar="N", help="show the N modules slowest to import (15)")
    parser.add_argument("--profile", type=int, nargs="?", const=25, default=0, metavar="N",
                        help="cProfile one run of ours, N lines per ordering (25)")
    parser.add_argument("--keep", type=Path, help="write the generated TRF files here")
    args = parser.parse_args(argv)
    if not 2 <= args.players <= 9999:
        parser.error("TRF-16 starting numbers go from 1 to 9999")

    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load {load}")
    print(f"ours: PTS and {len(OURS)} codes, {len(OURS) + 1} of the {len(TIEBREAKS)} (GE left"
          f" out: it is REP, and a list names a tie-break once, C.07 4.2): {' '.join(OURS)}")
    print(f"reference: {len(TIEBREAKS)} codes: {' '.join(TIEBREAKS)}")
    with tempfile.TemporaryDirectory(prefix="bench-rank-") as scratch_name:
        scratch = Path(scratch_name)
        folder = args.keep or scratch
        folder.mkdir(parents=True, exist_ok=True)
        # The reference's start-up on 2 players, as bench_tiebreaks measures it; ours needs
        # 5 rounds for the list (BH/M2 leaves a value of 5, C.07 14.2).
        tiny = folder / "tiny.trf"
        tiny.write_text(trfgen.generate_swiss(2, 1, args.seed), encoding="utf-8")
        small = folder / "small.trf"
        small.write_text(trfgen.generate_swiss(6, 5, args.seed), encoding="utf-8")
        path = folder / f"swiss-{args.players}x{args.rounds}.trf"
        path.write_text(trfgen.generate_swiss(args.players, args.rounds, args.seed),
                        encoding="utf-8")
        print(f"\n{args.players} players x {args.rounds} rounds (seed {args.seed}, "
              f"{path.stat().st_size / 1024:.0f} KiB); ours best of {args.repeat}")

        envs = environments(scratch)
        ours: dict[str, Timing] = {}
        for how, env in envs.items():
            timed(rank_command(path), env)  # the first run writes the bytecode, if kept
            print(f"  {how}:")
            help_run = best(args.repeat, [sys.executable, "-m", "generator", "--help"], env)
            print(f"    start-up, standings --help        {help_run}")
            small_run = best(args.repeat, rank_command(small), env)
            print(f"    start-up, rank of 6 players x 5   {small_run}")
            ours[how] = best(args.repeat, rank_command(path), env,
                             expect=f'"start_no":{args.players}')
            print(f"    rank --format json                {ours[how]}")
        as_is = next(iter(envs.values()))

        if not args.skip_reference:
            print(f"  reference, best of {args.reference_repeat}:")
            start = best(args.repeat, reference_command(tiny), as_is)
            print(f"    start-up, 2 players               {start}")
            reference = best(args.reference_repeat, reference_command(path), as_is,
                             expect='"tiebreakResult"')
            print(f"    tiebreakchecker                   {reference}")
            for how, timing in ours.items():
                print(f"  ours is {reference.wall / timing.wall:5.1f}x faster (wall), "
                      f"{reference.cpu / timing.cpu:5.1f}x (CPU), {how}")

        if args.importtime:
            print(f"\n{import_offenders(path, as_is, args.importtime)}")
        if args.profile:
            print(f"\n{profile(path, as_is, scratch, args.profile)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
