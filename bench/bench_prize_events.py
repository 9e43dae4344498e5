"""Run generated events with prize lists through the pipeline and count internal errors.

    python bench/bench_prize_events.py                 # 2,000 events
    python bench/bench_prize_events.py --events 200 --first-seed 5000
    python bench/bench_prize_events.py --keep /tmp/failed   # keep each failing event folder

Issue 29: a valid prize configuration stopped ``standings build`` with an internal error
on 1 of 200 generated events. Each event here is a Swiss of tests/kit/trfgen.py (8 to 60
players, 3 to 9 rounds, its irregular cases or none) with an event.yml in the shape the
issue gave (four categories by rating, sex and age, a list for each and for the overall
standings), its rules drawn: ``one_per_player``, ``ties`` (and ``hort_share``),
``min_players``, ``unclaimed``, the lists' lengths and amounts, a name prize among them.
Seed k makes event k, so a failure is rebuilt by its seed.

Each event goes the way a build takes it up to the words of its pages: ``read_event``,
``plan_event`` (the standings), ``EventPlan.prizes`` (categories ranked, prizes awarded) and
``prizes_view`` (every sentence of the prize list). An input the reader refuses is counted
apart (a generated event may end early, leaving too few rounds for BH/C1); anything else
raised is an internal error. Nothing is timed.
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from kit.trfgen import QUIET, Mix, generate_swiss  # noqa: E402

from generator.errors import StandingsError  # noqa: E402
from generator.reading.events import read_event  # noqa: E402
from generator.site.build import plan_event  # noqa: E402
from generator.site.prize_view import prizes_view  # noqa: E402

CATEGORIES = """categories:
  - {name: Under 2000, rating: {below: 2000}}
  - {name: Women, sex: w}
  - {name: Juniors U18, age: {under: 18}}
  - {name: Veterans 50+, age: {from: 50}}
"""


def _amounts(rng: random.Random, count: int, top: int) -> list[str]:
    """A list as clubs write it: each place less than the one above, a name prize now and
    then."""
    amounts = sorted((rng.randint(1, top // 10) * 10 for _ in range(count)), reverse=True)
    entries = [str(a) for a in amounts]
    if rng.random() < 0.3:
        entries.insert(rng.randint(0, len(entries)), "Trophy")
    return entries


def event_settings(rng: random.Random) -> str:
    rules = [f"  one_per_player: {rng.choice(['highest', 'highest', 'first_listed', 'no'])}",
             f"  ties: {rng.choice(['shared', 'shared', 'hort', 'tiebreaks'])}",
             f"  min_players: {rng.randint(1, 5)}",
             f"  unclaimed: {rng.choice(['not_awarded', 'next_overall'])}"]
    if "hort" in rules[1]:
        rules.append(f"  hort_share: {rng.choice([30, 50, 100])}")
    lists = [f"    overall: [{', '.join(_amounts(rng, rng.randint(2, 6), 1000))}]"]
    for name in ("Under 2000", "Women", "Juniors U18", "Veterans 50+"):
        if rng.random() < 0.8:
            lists.append(f"    {name}: [{', '.join(_amounts(rng, rng.randint(1, 3), 150))}]")
    return ("tiebreaks: [BH/C1, BH, SB, DE, WIN, BPG]\n" + CATEGORIES
            + "prizes:\n  currency: EUR\n" + "\n".join(rules) + "\n  lists:\n"
            + "\n".join(lists) + "\n")


def make_event(seed: int, folder: Path) -> None:
    rng = random.Random(seed)
    players = rng.randint(8, 60)
    rounds = rng.randint(3, min(9, players - 1))
    mix = rng.choice([Mix(), QUIET, Mix(unrated=0.1)])
    folder.mkdir(parents=True)
    (folder / "tournament.trf").write_text(generate_swiss(players, rounds, seed, mix=mix),
                                           encoding="utf-8")
    (folder / "event.yml").write_text(event_settings(rng), encoding="utf-8")


def run_event(folder: Path) -> str | None:
    """None when the event went through; "refused: ..." for an input the reader refuses;
    the traceback of an internal error."""
    try:
        plan = plan_event(read_event(folder))
        prizes = plan.prizes
        if prizes is not None:
            prizes_view(plan, prizes)
    except StandingsError as error:
        return f"refused: {error}"
    except Exception:  # the point of the count: anything else is a bug of ours
        return traceback.format_exc()
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=2000)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--keep", type=Path, help="copy each failing event folder here")
    args = parser.parse_args(argv)
    internal: list[tuple[int, str]] = []
    refused = 0
    with tempfile.TemporaryDirectory() as scratch:
        for seed in range(args.first_seed, args.first_seed + args.events):
            folder = Path(scratch) / f"event-{seed}"
            make_event(seed, folder)
            outcome = run_event(folder)
            if outcome is not None and outcome.startswith("refused: "):
                refused += 1
            elif outcome is not None:
                internal.append((seed, outcome.strip().splitlines()[-1]))
                print(f"seed {seed}: {internal[-1][1]}", flush=True)
                if args.keep is not None:
                    shutil.copytree(folder, args.keep / folder.name)
            shutil.rmtree(folder)
    print(f"{args.events} events (seeds {args.first_seed}-{args.first_seed + args.events - 1}):"
          f" {len(internal)} internal errors, {refused} refused as input")
    return 1 if internal else 0


if __name__ == "__main__":
    raise SystemExit(main())
