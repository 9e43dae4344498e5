"""Time a build in each shipped language against the same build in English (issue 13: a
language may cost at most 10% over English).

    python bench/bench_languages.py                     # examples + 1,000 x 9, every language
    python bench/bench_languages.py --players 2000 --rounds 11 --languages de fr
    TMPDIR=/dev/shm python bench/bench_languages.py     # the sites written to memory

Each build is ``build_site`` as ``standings build`` runs it, in this process, with site.yml
saying ``language: <code>`` beside a copy of the events; English and each language take
turns, best of ``--repeat`` each, so a busy neighbour slows both alike; the ratio is of
the CPU time (this process and its forked workers), which a shared machine disturbs less
than the wall time. A language whose
catalogue is not in generator/locales (a branch without the translators' work) is timed
with a made-up catalogue of the same messages (tests/kit/languagekit.py), marked "made up".
Speed is reported, never asserted (STYLE.md section 9).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "bench")]

from bench_build import _big_event  # noqa: E402  (bench/bench_build.py)
from kit import languagekit  # noqa: E402  (tests/kit/languagekit.py)
from kit.sitekit import example_events  # noqa: E402  (tests/kit/sitekit.py)

from generator.messages import SHIPPED_LANGUAGES  # noqa: E402
from generator.site import language  # noqa: E402
from generator.site.build import build_site, build_workers  # noqa: E402


def _club(tmp: Path, events: Path, code: str) -> Path:
    """A copy of ``events`` with site.yml beside it saying the language."""
    club = tmp / f"club-{events.name}-{code}"
    shutil.copytree(events, club / "events")
    (club / "site.yml").write_text(f"language: {code}\n", encoding="utf-8")
    return club / "events"


def _cpu() -> float:
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def _timed(events: Path, out: Path, workers: int) -> tuple[float, float]:
    """Wall and CPU seconds (this process and its workers) of one build."""
    started, cpu = time.perf_counter(), _cpu()
    build_site(events, out, workers=workers)
    return time.perf_counter() - started, _cpu() - cpu


def _compare(tmp: Path, name: str, events: Path, codes: list[str], repeat: int,
             workers: int, made_up: set[str]) -> None:
    clubs = {code: _club(tmp, events, code) for code in ["en", *codes]}
    _timed(clubs["en"], tmp / "warm-up", workers)  # first-use costs off the clock
    wall = dict.fromkeys(clubs, float("inf"))
    cpu = dict.fromkeys(clubs, float("inf"))
    for _ in range(repeat):
        for code, club in clubs.items():
            seconds, used = _timed(club, club.parent / "site", workers)
            wall[code], cpu[code] = min(wall[code], seconds), min(cpu[code], used)
    print(f"{name}: en {wall['en']:.2f} s (CPU {cpu['en']:.2f} s)")
    for code in codes:
        ratio = cpu[code] / cpu["en"]
        mark = " (made-up catalogue)" if code in made_up else ""
        print(f"  {code}: {wall[code]:.2f} s (CPU {cpu[code]:.2f} s = {ratio:.3f} x English, "
              f"{(ratio - 1) * 100:+.1f}%; the bar: +10%){mark}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--languages", nargs="*", default=list(SHIPPED_LANGUAGES[1:]))
    args = parser.parse_args()
    workers = build_workers() if args.workers is None else args.workers
    made_up = {code for code in args.languages if not language.catalogue_path(code).is_file()}
    with tempfile.TemporaryDirectory() as name, ExitStack() as stack:
        tmp = Path(name)
        if made_up:
            stack.enter_context(languagekit.catalogues(
                tmp / "locales", {code: languagekit.pseudo_catalogue(code) for code in made_up}))
        print(f"{workers} worker processes; load average before: "
              + " ".join(f"{x:.2f}" for x in os.getloadavg()))
        _compare(tmp, "examples", example_events(tmp), args.languages, args.repeat, 1, made_up)
        big = _big_event(tmp / "big", args.players, args.rounds)
        _compare(tmp, f"generated Swiss {args.players} x {args.rounds}", big, args.languages,
                 args.repeat, workers, made_up)
        print("load average after: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
