"""A festival against the same sections as unrelated events (issue 27), as processes.

    python bench/bench_festival.py                        # 6 sections, 400 players, 3 runs
    python bench/bench_festival.py --sections 4 --players 1000 --runs 1
    python bench/bench_festival.py --rev 3485df5 --rev .  # two revisions side by side

The same generated sections (trfgen's seeded Swiss files, 7 rounds, the players shared out
as evenly as the sections allow) are laid out twice:

* ``festival``: ``events/congress/festival.yml`` beside one folder per section, the title,
  dates and tie-breaks said once in ``festival.yml``;
* ``events``: one event folder per section, each with the same settings in its own
  ``event.yml``.

Each is built by ``standings build`` into a fresh folder (bench_budget.py's ``run``: CPU of
the process and of the workers it waited for, peak RSS the largest of them), the two taking
turns within a run, and measured: CPU, wall, peak RSS, the site's files and bytes. What the
festival adds (its page, the switcher on every section page, its JSON, ZIP and QR sheet) is
the difference of the two columns. Medians of ``--runs``; printed and appended to
``--results`` (bench/results-festival.md) in bench_budget.py's form. Speed is reported,
never asserted (STYLE.md section 9).
"""

from __future__ import annotations

import argparse
import datetime
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "bench")]

import bench_budget as budget  # noqa: E402  (processes, revisions, medians, the table)
from kit import trfgen  # noqa: E402

SEED = 2027
ROUNDS = 7
RESULTS = ROOT / "bench" / "results-festival.md"
SHARED = "dates: 2026-04-03 .. 2026-04-06\nplace: Limerick\ntiebreaks: [BH/C1, BH, SB, DE]\n"
LAYOUTS = (("festival", "a festival of sections"), ("events", "the sections as unrelated events"))


def section_sizes(players: int, sections: int) -> list[int]:
    """``players`` shared out over ``sections``, the first ones a player larger."""
    each, left = divmod(players, sections)
    return [each + (1 if number < left else 0) for number in range(sections)]


def write_layouts(folder: Path, players: int, sections: int, seed: int) -> dict[str, Path]:
    """The two events folders of the same sections: ``festival`` and ``events``."""
    festival = folder / "festival" / "congress"
    apart = folder / "events"
    for number, size in enumerate(section_sizes(players, sections), start=1):
        trf = trfgen.generate_swiss(size, ROUNDS, seed=seed + number)
        for place in (festival / f"section-{number}", apart / f"congress-section-{number}"):
            place.mkdir(parents=True, exist_ok=True)
            (place / "tournament.trf").write_text(trf, encoding="utf-8")
        (apart / f"congress-section-{number}" / "event.yml").write_text(
            f"title: Congress, section {number}\n{SHARED}", encoding="utf-8")
    (festival / "festival.yml").write_text(f"title: Congress\n{SHARED}", encoding="utf-8")
    return {"festival": festival.parent, "events": apart}


def measure(tree: budget.Tree, events: Path, out: Path, timeout: float) -> budget.Values:
    shutil.rmtree(out, ignore_errors=True)
    done = budget.run([sys.executable, "-m", "generator", "build", str(events),
                       "--out", str(out)], tree, timeout)
    files = [path.stat().st_size for path in out.rglob("*") if path.is_file()]
    shutil.rmtree(out, ignore_errors=True)
    return {"cpu": done.cpu, "wall": done.wall, "rss": done.rss_mb,
            "files": float(len(files)), "mb": sum(files) / 1e6}


MEASURES = (("cpu", "CPU s", 2), ("wall", "wall s", 2), ("rss", "peak RSS MB", 0),
            ("files", "files", 0), ("mb", "MB on disk", 2))

RESULTS_PREAMBLE = """# Festival results

Written by `python bench/bench_festival.py` (see its docstring): one section per run, newest
last. CPU seconds are `standings build`'s user + system time, its workers included; medians
of the runs given in each heading.
"""


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sections", type=int, default=6, help="sections (6)")
    parser.add_argument("--players", type=int, default=400,
                        help="players of all sections together (400)")
    parser.add_argument("--runs", type=int, default=3, help="runs, medians (3)")
    parser.add_argument("--rev", action="append", default=[], metavar="REV",
                        help="a git revision to measure (repeatable; '.' or none: the working "
                        "tree as it is)")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--timeout", type=float, default=3600, help="seconds per build")
    parser.add_argument("--results", type=Path, default=RESULTS,
                        help="the file the section is appended to (bench/results-festival.md)")
    parser.add_argument("--no-results", action="store_true", help="print only")
    args = parser.parse_args(argv)
    if args.sections < 2 or args.players < 2 * args.sections or args.runs < 1:
        parser.error("at least 2 sections of 2 players, and 1 run")
    if len(set(args.rev)) != len(args.rev):
        parser.error("each --rev once")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    started = datetime.datetime.now(datetime.UTC)
    load_at_start = budget._load()
    with budget.scratch_folder() as scratch:
        here = budget.working_tree()
        trees = [here if revision == "." else budget.extracted(revision, scratch)
                 for revision in args.rev] or [here]
        ctx = budget.Context(trees, budget.FULL, args.runs, args.runs, True, args.timeout,
                             scratch, here)
        layouts = write_layouts(scratch / "layouts", args.players, args.sections, args.seed)

        def both(tree: budget.Tree, _number: int) -> budget.Values:
            site = scratch / "site" / tree.label.replace(" ", "-")
            return {f"{layout}_{key}": value for layout, _w in LAYOUTS
                    for key, value in measure(tree, layouts[layout], site,
                                              args.timeout).items()}

        found = budget.medians(ctx, "festival", both)
        table: list[budget.Row] = []
        label = f"{args.sections} sections, {args.players:,} players x {ROUNDS} rounds"
        for layout, wording in LAYOUTS:
            table += budget.rows(f"{label}: {wording}", found, [
                (f"{layout}_{key}", measure_wording, digits, None)
                for key, measure_wording, digits in MEASURES])
        header = budget.section_header("bench_festival.py", argv, started, load_at_start,
                                       trees, args.runs)
        section = budget.report(ctx, table, header)
    print("\n" + section)
    if not args.no_results:
        budget.append_section(args.results, section, RESULTS_PREAMBLE)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
