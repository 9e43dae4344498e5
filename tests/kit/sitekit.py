"""Helpers shared by the site tests: make event folders, build, walk the built pages."""

from __future__ import annotations

import posixpath
import shutil
from collections.abc import Callable, Iterator, Mapping
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import html5lib
from click.testing import CliRunner
from conftest import CORPUS_TRF, ROOT

from generator.cli import main
from generator.site.cache import INPUTS_NAME
from generator.site.inplace import InPlaceSite
from generator.site.manifest import Manifest

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


def club_twins(make_folder: Callable[[str], Path], put_events: Callable[[Path], None],
               template: str, as_before: Callable[[str], str]) -> tuple[Path, Path]:
    """Two clubs with the same events (``put_events`` into each events folder) in English
    and German, the second with its own copy of the package's ``template`` as
    ``as_before`` rewrites it: a loop the package's template now leaves to Python, which a
    club's older copy still holds. ``make_folder(name)``: a new folder."""
    made = []
    for name in ("package", "own"):
        club = make_folder(name)
        put_events(club / "events")
        (club / "site.yml").write_text("title: Club\nlanguages: [en, de]\n", encoding="utf-8")
        made.append(club)
    own = made[1] / "templates"
    own.mkdir()
    package = (ROOT / "templates" / template).read_text(encoding="utf-8")
    (own / template).write_text(as_before(package), encoding="utf-8")
    return made[0], made[1]


def built_pages(club: Path, kept: Callable[[Path], bool]) -> dict[str, bytes]:
    """``standings build`` of a club's events into its ``site``: the pages ``kept`` keeps,
    by their path in the site."""
    out = club / "site"
    result = CliRunner().invoke(main, ["build", str(club / "events"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    return {page.relative_to(out).as_posix(): page.read_bytes()
            for page in sorted(out.rglob("*.html")) if kept(page)}


def html_pages(site: Path) -> Iterator[Path]:
    """Every page a reader reads; not an address that only sends the browser on to another
    page (templates/standings_moved.html, which test_player_page_weight.py checks)."""
    for page in sorted(site.rglob("*.html")):
        with page.open("rb") as opened:
            if b'<meta http-equiv="refresh"' not in opened.read(1000):
                yield page


def read_tree(site: Path) -> Mapping[str, bytes]:
    """Every file of a built site but the record of its inputs' times, which is the
    machine's (generator/site/cache.py INPUTS_NAME), not the site's."""
    return {p.relative_to(site).as_posix(): p.read_bytes()
            for p in sorted(site.rglob("*")) if p.is_file() and p.name != INPUTS_NAME}


class _Links(HTMLParser):
    """A page's links (href, src) and ids (id, and an anchor's name)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.ids: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name in ("href", "src"):
            if values.get(name) is not None:
                self.links.append(values[name] or "")
        if values.get("id"):
            self.ids.append(values["id"] or "")
        if tag == "a" and values.get("name"):
            self.ids.append(values["name"] or "")


def page_links(page: Path) -> _Links:
    parser = _Links()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


def parsed_pages(built: Path) -> dict[Path, _Links]:
    """Every page of ``built``: its links and ids."""
    return {page: page_links(page) for page in html_pages(built)}


def broken_links(built: Path, parsed: Mapping[Path, _Links] | None = None
                 ) -> tuple[list[str], int]:
    """The site's link checker: every internal link and #anchor of every page of ``built``
    (``parsed``: parsed_pages of it, when the caller has them already) must resolve and be
    relative. Returns the problems, and how many links were checked."""
    if parsed is None:
        parsed = parsed_pages(built)
    ids = {page: set(p.ids) for page, p in parsed.items()}
    site = built.resolve()
    # Per target: whether it lies inside the site, and is a file. Thousands of links share
    # a target (the stylesheet, the event's pages): each is looked up on the disk once.
    targets: dict[Path, tuple[bool, bool]] = {}
    problems = []
    checked = 0
    for page, links in parsed.items():
        here = page.relative_to(built).as_posix()
        for link in links.links:
            if link.startswith("/"):
                problems.append(f"{here}: absolute link {link!r}")
                continue
            parts = urlsplit(link)
            if parts.scheme or parts.netloc:
                if parts.scheme not in ("https", "http", "mailto"):
                    problems.append(f"{here}: {link!r} has the scheme {parts.scheme!r}")
                continue
            target = page if not parts.path else (page.parent / unquote(parts.path))
            target = Path(posixpath.normpath(target.as_posix()))
            if target not in targets:
                targets[target] = (site in target.resolve().parents or target == built,
                                   target.is_file())
            inside, is_file = targets[target]
            if not inside:
                problems.append(f"{here}: {link!r} leaves the site")
                continue
            if not is_file:
                problems.append(f"{here}: {link!r} -> missing {target.relative_to(built)}")
                continue
            checked += 1
            if parts.fragment and parts.fragment not in ids.get(target, set()):
                problems.append(f"{here}: {link!r} -> no id {parts.fragment!r}")
    return problems, checked


def page_table_rows(page: str | bytes, caption: str) -> list[list[str]]:
    """The body rows of the table whose caption starts with ``caption``, cell texts, read as
    a browser reads the page (a cell's end tag may be left out, as the templates do)."""
    document = html5lib.parse(page, namespaceHTMLElements=False)
    for table in document.iter("table"):
        found = table.find("caption")
        if found is not None and "".join(found.itertext()).startswith(caption):
            return [[" ".join("".join(cell.itertext()).split()) for cell in row
                     if cell.tag in ("td", "th")]
                    for row in table.iter("tr") if row.find("td") is not None]
    raise AssertionError(f"no table captioned {caption!r}")


def write_in_place(files: dict[str, bytes], out: Path, manifest: Manifest | None = None) -> None:
    """build_site's writing of the pages it rendered: each changed one in place, the files
    the site no longer has removed, the manifest (if any) last (generator/site/inplace.py)."""
    site = InPlaceSite(out)
    try:
        site.write(files)
        site.remove_unlisted(files)
        site.finish(manifest)
    finally:
        site.close()
