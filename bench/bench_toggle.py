"""Revisions' incremental builds of one archive's site, one after the other (issue 26).

A clean build of 10,000 generated events takes some eight minutes, and a revision renders
every page again on a site another built (the program's digest is in every key), so two
revisions' one-change builds measured by ``bench_archive.py`` are two clean builds apart,
and this machine's speed drifts by 10% in an hour. This bench builds the site once, with
the first revision, then runs each revision's ``standings build`` on it in turn as if it
were the program that built the site: a process that imports the revision's package and
takes the site's program digest for its own (set in that process, for the bench alone).
What a revision renders may then differ from the site's pages; what is compared is the
time it takes to find what changed, read, render and write it.

Each revision toggles one result of the archive (bench_archive.py's ``changed_result``) on
and off ``--toggles`` times, then builds ``--same`` times with nothing changed; its first
build after another revision's is left out of the figures (a revision may remake the
site-wide state of another format whole, once). The result is written back at the end.

    python bench/bench_toggle.py --events 10000 --folder F --rev eb68d28 --rev HEAD
"""

from __future__ import annotations

import argparse
import datetime
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_archive as archives
import bench_budget as budget

_AS_BUILDER = """
import importlib.abc, importlib.util, sys
digest = sys.argv.pop(1)

class AsBuilder(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name != "generator.site.cache":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        run = spec.loader.exec_module

        def exec_module(module):
            run(module)
            module.program_digest = lambda *args, **kwargs: digest

        spec.loader.exec_module = exec_module
        return spec

sys.meta_path.insert(0, AsBuilder())
from generator.cli import run
sys.argv[0] = "standings"
run()
"""
"""A build by a revision's package with the digest of the program that built the site,
given once the command imports the cache itself: importing it first would take from the
build's own order what a build overlaps with its imports (the side process's start)."""

_DIGEST = ("import sys; from pathlib import Path; "
           "from generator.site.cache import program_digest; "
           "from generator.site.up_to_date import page_inputs; "
           "print(program_digest(page_inputs(Path(sys.argv[1]))))")


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=1000, help="the archive's size (1000)")
    parser.add_argument("--rev", action="append", default=[],
                        help="a revision (repeatable); the first builds the site")
    parser.add_argument("--folder", type=Path, required=True,
                        help="where the archive and its site are kept between runs")
    parser.add_argument("--toggles", type=int, default=6, help="changes per revision (6)")
    parser.add_argument("--same", type=int, default=3, help="no-change builds per revision (3)")
    parser.add_argument("--rounds", type=int, default=1,
                        help="each revision's turn repeated, in the same order (1)")
    parser.add_argument("--site", type=Path,
                        help="the site (default: FOLDER/toggle-site-EVENTS); one the first "
                             "revision built, or none yet")
    parser.add_argument("--rebuild", action="store_true",
                        help="build the site again with the first revision")
    parser.add_argument("--timeout", type=float, default=3600.0)
    parser.add_argument("--results", type=Path,
                        default=Path(__file__).resolve().parent / "results-archive.md")
    parser.add_argument("--no-results", action="store_true", help="print only")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    if len(args.rev) < 1:
        raise SystemExit("--rev: at least one revision (the first builds the site)")
    started = datetime.datetime.now(datetime.UTC)
    load_at_start = budget._load()
    archive = archives.generate_archive(args.folder / f"archive-{args.events}", args.events)
    site = args.site or args.folder / f"toggle-site-{args.events}"
    changed = archives.changed_index(archive.size)
    trf = archive.events / archives.archive_event(changed, archive.size).slug / "tournament.trf"
    original = trf.read_bytes()
    figures: dict[str, dict[str, list[budget.Process]]] = {}
    with budget.scratch_folder(args.folder) as scratch:
        trees = [budget.extracted(revision, scratch) for revision in args.rev]
        builder = trees[0]
        print(f"{archive.size:,} events, {archive.appearances:,} appearances; the site "
              f"built by {builder.label}; load {load_at_start}", flush=True)
        command = [sys.executable, "-m", "generator", "build", str(archive.events),
                   "--out", str(site)]
        if args.rebuild or not (site / ".standings-cache").is_dir():
            done = budget.run(command, builder, args.timeout)
            print(f"clean build by {builder.label}: {done.wall:.1f} s wall", flush=True)
        digest = budget.run([sys.executable, "-c", _DIGEST, str(archive.events)], builder,
                            args.timeout).stdout.strip()
        as_builder = [sys.executable, "-c", _AS_BUILDER, digest, "build",
                      str(archive.events), "--out", str(site)]
        try:
            for _round in range(args.rounds):
                for tree in trees:
                    found = figures.setdefault(tree.label, {"changed": [], "same": []})
                    for number in range(args.toggles + 1):
                        if number % 2 == 0:
                            trf.write_text(archives.changed_result(changed, archive.size),
                                           encoding="utf-8")
                        else:
                            trf.write_bytes(original)
                        done = budget.run(as_builder, tree, args.timeout)
                        if number:  # the first after another revision's is left out
                            found["changed"].append(done)
                        print(f"{tree.label} change {number}: {done.wall:.2f} s", flush=True)
                    trf.write_bytes(original)
                    budget.run(as_builder, tree, args.timeout)  # the result back: not timed
                    for _ in range(args.same):
                        found["same"].append(budget.run(as_builder, tree, args.timeout))
        finally:
            trf.write_bytes(original)
    section = _report(argv, args, archive, builder.label, trees, figures, started,
                      load_at_start)
    print("\n" + section)
    if not args.no_results:
        budget.append_section(args.results, section, "")
    return 0


def _report(argv: Sequence[str] | None, args: argparse.Namespace, archive: archives.Archive,
            builder: str, trees: Sequence[budget.Tree],
            figures: dict[str, dict[str, list[budget.Process]]], started: datetime.datetime,
            load_at_start: str) -> str:
    def span(runs: list[budget.Process]) -> str:
        walls = sorted(run.wall for run in runs)
        return (f"{statistics.median(walls):.2f} ({walls[0]:.2f}-{walls[-1]:.2f})"
                if walls else "-")

    runs = f"{args.toggles} changes and {args.same} builds without one a revision, " \
        f"{args.rounds} round(s)"
    lines = [*budget.section_header("bench_toggle.py", argv, started, load_at_start, trees,
                                    runs), "",
             f"{archive.size:,} generated events ({archive.appearances:,} appearances), the "
             f"site built once by {builder} and each revision's builds run as if it had built "
             "it (see the bench's docstring); each revision's first build after another's "
             "left out; medians of the wall seconds, and their range.", "",
             "| revision | one result changed, wall s | no change, wall s | peak RSS MB |",
             "|---|---:|---:|---:|"]
    for tree in trees:
        found = figures.get(tree.label, {"changed": [], "same": []})
        rss = max((run.rss_mb for run in found["changed"]), default=0.0)
        lines.append(f"| {tree.label} | {span(found['changed'])} | {span(found['same'])} "
                     f"| {rss:.0f} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    raise SystemExit(main())
