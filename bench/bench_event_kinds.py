"""Where a big event's build spends its CPU, kind of page by kind of page, in one process.

    python bench/bench_event_kinds.py                     # 2,000 x 11, 5 rounds
    python bench/bench_event_kinds.py --players 500 --rounds 9 --repeat 9
    python bench/bench_event_kinds.py --profile player    # cProfile of one kind's jobs

``bench_budget.py`` times whole builds as processes: on the shared 2-core machine its medians
move by some 5% from run to run, more than most single changes to a page are worth. This
renders the generated Swiss of bench_build.py (the same file and tie-breaks) kind by kind
in this process, without workers, files written or imports, the kinds taking turns ``--repeat``
times; each kind's best CPU is its figure (what the machine's other load added least), with
the time of the player pages split into their views (player_view.py) and the rest of the
page. The plan's own parts are worked out first, as before a build's fork. What the rules
work out on first use is kept by the plan: the standings after each round (the first round
pages) and each player's derivations (the first views), so the kinds' figures leave them
out; each is printed apart, as its first pass less the best of the others.

Speed is reported, never asserted (STYLE.md section 9).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "bench")]

from bench_build import BIG_SETTINGS  # noqa: E402  (the big event's tie-breaks)
from kit import trfgen  # noqa: E402

from generator.reading.events import read_events  # noqa: E402
from generator.site import build, render  # noqa: E402
from generator.site.language import speaking  # noqa: E402
from generator.site.player_view import player_views  # noqa: E402
from generator.speed import collector_paused  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--profile", metavar="KIND", help="cProfile this kind's jobs once")
    arguments = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        event = Path(folder) / "generated-open"
        event.mkdir()
        (event / "tournament.trf").write_text(
            trfgen.generate_swiss(arguments.players, arguments.rounds, seed=2026),
            encoding="utf-8")
        (event / "event.yml").write_text(BIG_SETTINGS, encoding="utf-8")
        events = read_events(folder)
    with collector_paused(), speaking("en"):
        plan = build.plan_event(events[0])
        env = build.make_environment()
        jobs = build.event_jobs(plan)
        plan.work_out_shared()
        render.compile_templates(env, jobs)
        kinds: dict[str, Callable[[], object]] = {}
        for name in dict.fromkeys(job.kind.name for job in jobs):
            chosen = [job for job in jobs if job.kind.name == name]
            kinds[name] = lambda chosen=chosen: [render.render_job(plan, env, job)
                                                 for job in chosen]
        players = len(plan.standings.rows)
        started = time.process_time()
        kinds["round"]()  # the standings after each round, computed once and kept
        first_rounds = time.process_time() - started
        started = time.process_time()
        list(player_views(plan, 0, players))  # every derivation built once and kept
        first_views = time.process_time() - started
        kinds["player views"] = lambda: list(player_views(plan, 0, players))
        if arguments.profile:
            profile = cProfile.Profile()
            profile.runcall(kinds[arguments.profile])
            pstats.Stats(profile).sort_stats("tottime").print_stats(30)
            return
        best = dict.fromkeys(kinds, float("inf"))
        for _ in range(arguments.repeat):
            for name, run in kinds.items():
                before = time.process_time()
                run()
                best[name] = min(best[name], time.process_time() - before)
    print(f"{players} players x {arguments.rounds} rounds, best of {arguments.repeat} "
          "(CPU s, one process):")
    print(f"  {'the standings after each round (rules)':42} "
          f"{first_rounds - best['round']:7.3f}  (the first round pages less the best)")
    print(f"  {'the derivations on player pages (rules)':42} "
          f"{first_views - best['player views']:7.3f}  (the first views less the best)")
    for name, seconds in sorted(best.items(), key=lambda item: -item[1]):
        print(f"  {name:42} {seconds:7.3f}")
    pages = best["player"]
    print(f"  a player page: {pages / players * 1e6:.0f} us, of which its view "
          f"{best['player views'] / players * 1e6:.0f} us")


if __name__ == "__main__":
    main()
