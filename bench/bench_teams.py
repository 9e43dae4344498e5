"""Time the team engine on an Olympiad-sized event, against the reference, in one run.

    python bench/bench_teams.py                    # 190 teams x 4 boards x 11 rounds
    python bench/bench_teams.py --teams 60 --rounds 9 --skip-reference
    python bench/bench_teams.py --keep /tmp/olympiad   # keep the generated TRF file

The event is a deterministic team Swiss of tests/kit/teamgen.py (fixed seed, every irregular
case of its EVERYTHING mix: rosters with reserves, line-ups that change and 300 records,
empty boards, a PAB in 320, requested byes in 240, forfeited matches in 330). It is ranked
with every team code our engine computes (``teamgen.COMPUTED``, the list the differential
test compares), edition 2026, three ways:

* ours in this process: ``read_event(path)`` + ``compute_standings(...)`` on the teams
  (imports excluded; best of ``--repeat``);
* ours as a whole process: ``python -m generator rank FILE --format json --tiebreaks ...``
  (start-up, imports, reading, computing and writing included; best of ``--repeat``);
* the reference: ``python -m gacrux.tiebreakchecker -i FILE -t PTS/V2026 ...`` with the same
  codes, as a subprocess (best of ``--reference-repeat``).

Speed is reported as seconds and ratios, never asserted (STYLE.md section 9).
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "bench")]

from bench_rank import Timing, best, environments  # noqa: E402  (one timing helper)
from kit import teamgen  # noqa: E402

from generator.errors import StandingsError  # noqa: E402
from generator.model import Edition, TeamTournament  # noqa: E402
from generator.reading.events import read_event  # noqa: E402
from generator.rules.ranking import compute_standings  # noqa: E402

SEED = 2026
EDITION = "2026"
OURS = tuple(code for code in teamgen.COMPUTED if code != "PTS")
"""PTS is the first criterion without being named."""


def olympiad(teams: int, boards: int, rounds: int, seed: int, *, plain: bool = False,
             ) -> teamgen.GeneratedTeamEvent:
    if plain:
        return teamgen.generate_team_swiss(teams, boards, rounds, seed, mix=teamgen.PLAIN)
    # Fewer irregular cases per match than the differential test draws: an Olympiad has a
    # forfeit or an empty board now and then, not in every round.
    mix = teamgen.TeamMix(reserves=1, lineup_change=0.4, reorder=0.05, empty_board=0.01,
                          board_forfeit=0.01, short_game=0.005, half_bye=0.005,
                          zero_bye=0.005, forfeit_match=0.005, double_forfeit_match=0.001,
                          pab=True)
    return teamgen.generate_team_swiss(teams, boards, rounds, seed, mix=mix)


def rank_command(path: Path) -> list[str]:
    return [sys.executable, "-m", "generator", "rank", str(path), "--format", "json",
            "--tiebreaks", " ".join(OURS), "--edition", EDITION]


def reference_command(path: Path) -> list[str]:
    return [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", str(path),
            "-t", *(f"{code}/V{EDITION}" for code in ("PTS", *OURS))]


def in_process(path: Path, repeat: int) -> Timing:
    """Best of ``repeat``: reading the file and computing every code (no imports)."""
    walls, cpus = [], []
    for _ in range(repeat):
        gc.collect()
        wall0, cpu0 = time.perf_counter(), time.process_time()
        try:
            teams = read_event(path).competitors
        except StandingsError as error:
            raise SystemExit(f"ours refused the file:\n{error}") from error
        if not isinstance(teams, TeamTournament):
            raise SystemExit(f"{path} was not read as a team event")
        standings = compute_standings(teams, OURS, Edition(EDITION))
        walls.append(time.perf_counter() - wall0)
        cpus.append(time.process_time() - cpu0)
        if len(standings.rows) != len(teams.teams):
            raise SystemExit("the standings lost a team")
    return Timing(min(walls), min(cpus))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--teams", type=int, default=190)
    parser.add_argument("--boards", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--repeat", type=int, default=5, help="best of N runs of ours")
    parser.add_argument("--reference-repeat", type=int, default=1)
    parser.add_argument("--skip-reference", action="store_true")
    parser.add_argument("--keep", type=Path, help="write the generated TRF file here")
    parser.add_argument("--plain", action="store_true",
                        help="no byes, forfeited matches, empty boards or 300 line-ups "
                             "(only the records 310 352 362 162 192)")
    args = parser.parse_args(argv)

    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load {load}")
    print(f"codes (PTS and {len(OURS)}): {' '.join(OURS)}")
    missing = [code for code in teamgen.TEAM_CODES if code not in teamgen.COMPUTED]
    if missing:
        print(f"not computed by ours yet, left out on both sides: {' '.join(missing)}")
    with tempfile.TemporaryDirectory(prefix="bench-teams-") as scratch_name:
        scratch = Path(scratch_name)
        folder = args.keep or scratch
        folder.mkdir(parents=True, exist_ok=True)
        event = olympiad(args.teams, args.boards, args.rounds, args.seed, plain=args.plain)
        path = folder / f"teams-{event.team_count}x{args.boards}x{event.rounds_played}.trf"
        path.write_text(event.to_trf(), encoding="utf-8")
        print(f"\n{event.team_count} teams x {args.boards} boards x {event.rounds_played} "
              f"rounds, {len(event.entrants)} players (seed {args.seed}, "
              f"{path.stat().st_size / 1024:.0f} KiB): {sum(map(bool, event.pabs))} PABs, "
              f"{len(event.byes)} requested byes, {len(event.forfeits)} forfeited matches, "
              f"{len(event.lineups)} line-ups (300)")

        ours_in = in_process(path, args.repeat)
        print(f"  {'ours in process, best of ' + str(args.repeat):<56} {ours_in}")
        envs = environments(scratch)
        as_is = next(iter(envs.values()))
        ours_out: dict[str, Timing] = {}
        for how, env in envs.items():
            best(1, rank_command(path), env)    # the first run writes the bytecode, if kept
            ours_out[how] = best(args.repeat, rank_command(path), env,
                                 expect=f'"start_no":{event.team_count}')
            print(f"  {'ours rank --format json, ' + how:<56} {ours_out[how]}")
        if not args.skip_reference:
            reference = best(args.reference_repeat, reference_command(path), as_is,
                             expect='"tiebreakResult"')
            print(f"  {'reference, best of ' + str(args.reference_repeat):<56} {reference}")
            print(f"  ours in process is {reference.wall / ours_in.wall:6.1f}x faster (wall)")
            for how, timing in ours_out.items():
                print(f"  ours as a process is {reference.wall / timing.wall:6.1f}x faster "
                      f"(wall), {reference.cpu / timing.cpu:5.1f}x (CPU), {how}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
