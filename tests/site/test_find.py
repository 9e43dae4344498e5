"""Find a player: the index the search box reads, and the box on the pages that have it."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import hypothesis
from conftest import CORPUS, ROOT
from kit.findkit import index_entries, site_files
from kit.sitekit import SEED_TRF, make_event

from generator.site import find
from generator.site.addresses import FIND_SCRIPT
from generator.site.build import build_site
from generator.site.find import FIND_GLOBAL, SHARD_GLOBAL

HOSTILE = "</script><b>Rémy"


def index_data(site: Path) -> dict[str, list[list[object]]]:
    events, entries = index_entries(site_files(site))
    return {"events": [event[:2] for event in events], "entries": entries}


def build(tmp_path: Path) -> Path:
    events = tmp_path / "events"
    trf = SEED_TRF["seed-anna"].read_text(encoding="utf-8")
    name = next(line for line in trf.splitlines() if line.startswith("001 "))[14:47]
    make_event(events, "anna", trf.replace(name, HOSTILE.ljust(len(name)), 1),
               "title: Anna\nstart_date: 2026-01-10\n")
    make_event(events, "older", SEED_TRF["seed-alekhin"], "title: Older\nstart_date: 2020-05-01\n")
    build_site(events, tmp_path / "site")
    return tmp_path / "site"


def test_the_index_lists_every_ranked_player_newest_event_first(tmp_path: Path) -> None:
    site = build(tmp_path)
    data = index_data(site)
    assert data["events"] == [["anna", "Anna"], ["older", "Older"]]
    anna = [entry for entry in data["entries"] if entry[1] == 0]
    assert len(anna) == 8 and len(data["entries"]) == 16
    pages = {entry[3] for entry in data["entries"]}
    assert all((site / str(page)).is_file() for page in pages)
    assert [entry[2] for entry in anna][:2] == ["1st place", "2nd place"]


def test_a_hostile_name_is_data_in_an_ascii_script(tmp_path: Path) -> None:
    site = build(tmp_path)
    for raw in site_files(site).values():
        assert raw.isascii() and b"<" not in raw
    assert HOSTILE in [entry[0] for entry in index_data(site)["entries"]]


def test_the_front_page_and_event_pages_have_the_box(tmp_path: Path) -> None:
    site = build(tmp_path)
    front = (site / "index.html").read_text(encoding="utf-8")
    event = (site / "anna/index.html").read_text(encoding="utf-8")
    assert 'data-find-root="" data-find-index="static/find-index.js" data-find-event=""' in front
    assert '<a href="people/index.html">Find a player</a>' in front
    assert 'data-find-root="../" data-find-index="../static/find-index.js"' in event
    assert 'data-find-event="anna"' in event
    assert '<script src="../static/find.js" defer></script>' in event
    assert (site / FIND_SCRIPT).is_file()


def test_the_script_reads_the_name_the_index_sets() -> None:
    script = (ROOT / "templates" / FIND_SCRIPT).read_text(encoding="utf-8")
    assert f"window.{FIND_GLOBAL}" in script and f"window.{SHARD_GLOBAL}" in script
    assert "innerHTML" not in script and "insertAdjacentHTML" not in script


def test_a_team_events_players_are_found_with_their_team(tmp_path: Path) -> None:
    events = tmp_path / "events"
    make_event(events, "cup", CORPUS / "teams/trf/crete-friendship-cup-2024.trf",
               "title: Cup\ntiebreaks: [BH:MP]\n")
    build_site(events, tmp_path / "site")
    entries = index_data(tmp_path / "site")["entries"]
    teams = [entry for entry in entries if str(entry[3]).startswith("cup/teams/")]
    members = [entry for entry in entries if str(entry[3]).startswith("cup/players/")]
    assert teams and members
    assert all((tmp_path / "site" / str(entry[3])).is_file() for entry in members)
    first_team = teams[0]
    assert first_team[2] == "1st place"
    # A member of the winning team says so: the team's name, then its place.
    assert any(entry[2] == f"{first_team[0]}, 1st place" for entry in members)



def _fully_folded(text: str) -> str:
    return find._MARKS.sub("", unicodedata.normalize("NFD", text)).lower().translate(
        find._FOLDING)


@hypothesis.given(hypothesis.strategies.text())
def test_fold_gives_every_step_of_folding(text: str) -> None:
    """fold's shortcut for ASCII text (most names) gives what its every step gives."""
    ascii_only = text.encode("ascii", "ignore").decode()
    assert find.fold(text) == _fully_folded(text)
    assert find.fold(ascii_only) == _fully_folded(ascii_only)
