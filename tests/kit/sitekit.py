"""Helpers shared by the site tests: make event folders, build, walk the built pages."""

from __future__ import annotations

import shutil
from collections.abc import Iterator, Mapping
from pathlib import Path

from conftest import CORPUS_TRF, ROOT

EXAMPLES_DIR = ROOT / "events"

SEED_SETTINGS = {
    "seed-anna": "title: Seed example Anna\nplace: Tallinn\ntiebreaks: [BH/C1, BH, SB]\n",
    "seed-alekhin": "title: Seed example Alekhin\nplace: Riga\ntiebreaks: [BH/C1, BH, SB]\n",
    "club-byes": ("title: Club open with byes\nplace: Synthetic City\n"
                  "tiebreaks: [BH/C1, BH, SB]\nedition: '2026'\n"),
}
SEED_TRF = {
    "seed-anna": CORPUS_TRF / "seed-anna.trf",
    "seed-alekhin": CORPUS_TRF / "seed-alekhin.trf",
    "club-byes": CORPUS_TRF / "synth-club-byes.trf",
}


def make_event(events_dir: Path, slug: str, trf: str | Path, settings: str | None = None,
               notes: str | None = None) -> Path:
    """One event folder: a TRF (a corpus path or the text itself), event.yml, notes.md."""
    folder = events_dir / slug
    folder.mkdir(parents=True, exist_ok=True)
    if isinstance(trf, Path):
        shutil.copyfile(trf, folder / "tournament.trf")
    else:
        (folder / "tournament.trf").write_text(trf, encoding="utf-8")
    if settings is not None:
        (folder / "event.yml").write_text(settings, encoding="utf-8")
    if notes is not None:
        (folder / "notes.md").write_text(notes, encoding="utf-8")
    return folder


def make_seed_events(events_dir: Path, slugs: tuple[str, ...] = tuple(SEED_TRF)) -> Path:
    for slug in slugs:
        make_event(events_dir, slug, SEED_TRF[slug], SEED_SETTINGS[slug])
    return events_dir


def example_events(tmp: Path) -> Path:
    """The repo's example events when they exist, else the seed events in ``tmp``."""
    if EXAMPLES_DIR.is_dir() and any(p.is_dir() for p in EXAMPLES_DIR.iterdir()):
        return EXAMPLES_DIR
    return make_seed_events(tmp / "events")


def html_pages(site: Path) -> Iterator[Path]:
    yield from sorted(site.rglob("*.html"))


def read_tree(site: Path) -> Mapping[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes()
            for p in sorted(site.rglob("*")) if p.is_file()}
