"""An archive's front page and players' index cut into pages (site/index_pages.py), and a
change rendering only the pages that list what changed (site/index_update.py).

The examples are few: the thresholds are lowered here so that they split as an archive
does (their events span 2010 to 2026, their players many initials).
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from kit.sitekit import read_tree

from generator.cli import main
from generator.site import index_pages, render
from generator.site.index_pages import family_prefix

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def small_thresholds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(index_pages, "FRONT_PAGE_EVENTS", 2)
    monkeypatch.setattr(index_pages, "PEOPLE_PAGE_ROWS", 12)


@pytest.fixture
def rendered(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The pages the build renders in this process (the index kinds are rendered here)."""
    pages: list[str] = []
    real = render._render_page

    def recording(template: Any, page: str, context: dict[str, Any]) -> bytes:
        pages.append(page)
        return real(template, page, context)

    monkeypatch.setattr(render, "_render_page", recording)
    yield pages


def build(events: Path, out: Path, *extra: str) -> None:
    result = CliRunner().invoke(main, ["build", str(events), "--out", str(out), *extra])
    assert result.exit_code == 0, result.output


def is_index_page(path: str) -> bool:
    """The pages kept by their digest (the explanations too: they show no event)."""
    return path in ("index.html", "people/index.html") or path.startswith(
        ("seasons/", "people/names/", "tiebreaks/"))


def index_files(site: Path) -> dict[str, bytes]:
    return {path: data for path, data in read_tree(site).items() if is_index_page(path)}


def test_family_names_are_folded_as_the_search_folds_them() -> None:
    assert family_prefix("Müller, Hans") == "muller"
    assert family_prefix("van der Berg, Jan") == "vanderberg"
    assert family_prefix("O'Brien, Ann") == "obrien"
    assert family_prefix("Ivanov") == "ivanov"
    assert family_prefix("Иванов, Пётр") == "иванов"
    assert family_prefix("--, Ann") == "ann"


def test_an_archive_is_split_into_seasons_and_pages_of_names(small_thresholds: None,
                                                             tmp_path: Path) -> None:
    events = tmp_path / "events"
    shutil.copytree(ROOT / "events", events)
    build(events, tmp_path / "site")
    site = read_tree(tmp_path / "site")
    front = site["index.html"].decode()
    # The current season in full, the older ones linked, each page of its own.
    assert "Events of 2026, newest first" in front
    assert 'href="seasons/2010.html"' in front and "seasons/2010.html" in site
    # ... linked before the current season's table too: on a phone's first screen.
    assert front.index('href="seasons/2010.html"') < front.index("<table")
    assert "Gros" not in front and "Gros" in site["seasons/2010.html"].decode()
    # Every player is on exactly one page of names, and people/index.html links them.
    people = site["people/index.html"].decode()
    names = {path: data.decode() for path, data in site.items()
             if path.startswith("people/names/")}
    # (A page of names links its neighbours in its folder; a person's page is one up.)
    linked = {f"people/names/{target}" for page in (*names.values(), people)
              for target in re.findall(r'href="(?:names/)?([^"/.]+\.html)"', page)}
    assert linked - {"people/names/index.html"} == set(names)
    rows = [page.count('<tr><th scope="row"') for page in names.values()]
    persons = [path for path in site if path.startswith("people/")
               and path.count("/") == 1 and path != "people/index.html"]
    assert sum(rows) == len(persons)
    assert max(rows) <= 12 or len(names) > 1


def test_a_change_renders_only_the_index_pages_it_touches(small_thresholds: None,
                                                         rendered: list[str],
                                                         tmp_path: Path) -> None:
    events, cached, clean = tmp_path / "events", tmp_path / "cached", tmp_path / "clean"
    shutil.copytree(ROOT / "events", events)
    build(events, cached)
    before = index_files(cached)
    # One event of 2010 renamed, and one of its players.
    settings = events / "gros-open-2010" / "event.yml"
    settings.write_text("title: Gros renamed\n" + settings.read_text(encoding="utf-8"),
                        encoding="utf-8")
    trf = events / "gros-open-2010" / "tournament.trf"
    text = trf.read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.startswith("001"))
    name = line[14:47]
    assert name.strip()
    renamed = "Zzyzx, Renamed".ljust(len(name))[:len(name)]
    trf.write_text(text.replace(line, line.replace(name, renamed, 1), 1), encoding="utf-8")
    rendered.clear()
    build(events, cached)
    rendered_by_change = {page for page in rendered if is_index_page(page)}
    after_cached = read_tree(cached)
    build(events, clean, "--clean")
    assert after_cached == read_tree(clean)
    after = index_files(clean)
    changed = {path for path in after if before.get(path) != after[path]}
    assert "seasons/2010.html" in changed and "index.html" not in changed
    assert any(path.startswith("people/names/z") for path in changed)
    # Exactly the pages whose bytes changed were rendered, not the others.
    assert rendered_by_change == changed
    assert len(changed) < len(after) // 2


def test_a_change_no_row_shows_renders_no_other_index_page(
        small_thresholds: None, rendered: list[str], tmp_path: Path) -> None:
    events, out = tmp_path / "events", tmp_path / "site"
    shutil.copytree(ROOT / "events", events)
    build(events, out)
    notes = events / "alekhin-memorial" / "notes.md"
    notes.write_text(notes.read_text(encoding="utf-8") + "\nOne more line.\n",
                     encoding="utf-8")
    rendered.clear()
    build(events, out)
    assert "alekhin-memorial/index.html" in rendered
    # Its season's page only (it lists the event, whose inputs changed): not the front
    # page, the players' index or a page of names.
    season = next(path for path, data in read_tree(out).items()
                  if path.startswith("seasons/") and b"alekhin-memorial/" in data)
    assert {page for page in rendered if is_index_page(page)} <= {season}


def test_an_index_page_deleted_by_hand_is_written_again_by_the_next_change(
        small_thresholds: None, rendered: list[str], tmp_path: Path) -> None:
    """A kept index page is known there by its folder's time: a page deleted by hand
    changes it, so the folder is listed and the page rendered again, beside the change."""
    events, out, clean = tmp_path / "events", tmp_path / "site", tmp_path / "clean"
    shutil.copytree(ROOT / "events", events)
    build(events, out)
    gone = ["people/index.html", next(path for path in sorted(index_files(out))
                                      if path.startswith("people/names/"))]
    for path in gone:
        (out / path).unlink()
    notes = events / "alekhin-memorial" / "notes.md"
    notes.write_text(notes.read_text(encoding="utf-8") + "\nOne more line.\n",
                     encoding="utf-8")
    rendered.clear()
    build(events, out)
    assert set(gone) <= set(rendered)
    build(events, clean, "--clean")
    assert read_tree(out) == read_tree(clean)


def test_an_event_folder_may_not_take_the_seasons_folder(tmp_path: Path) -> None:
    events = tmp_path / "events"
    shutil.copytree(ROOT / "events" / "gros-open-2010", events / "seasons")
    result = CliRunner().invoke(main, ["build", str(events), "--out", str(tmp_path / "site")])
    assert result.exit_code == 1
    assert "event folder name 'seasons' is used by the site itself" in result.output


def test_a_hostile_name_is_text_on_its_page_of_names(small_thresholds: None,
                                                     tmp_path: Path) -> None:
    events = tmp_path / "events"
    shutil.copytree(ROOT / "events" / "gros-open-2010", events / "gros")
    shutil.copytree(ROOT / "events" / "alekhin-memorial", events / "alekhin")
    trf = events / "gros" / "tournament.trf"
    text = trf.read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.startswith("001"))
    hostile = "<script>alert(1)</script>, \"Ev'il"
    trf.write_text(text.replace(line, line[:14] + hostile[:33].ljust(33) + line[47:], 1),
                   encoding="utf-8")
    build(events, tmp_path / "site")
    site = read_tree(tmp_path / "site")
    assert "people/names/_.html" not in site  # the folded family name is "scriptalert1script"
    page = site["people/names/s.html"].decode() if "people/names/s.html" in site else next(
        data.decode() for path, data in site.items()
        if path.startswith("people/names/s") and b"alert" in data)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    # (The downloads carry the name as the TRF file wrote it: they are data, not pages.)
    assert [path for path, data in site.items()
            if path.endswith(".html") and b"<script>alert" in data] == []
