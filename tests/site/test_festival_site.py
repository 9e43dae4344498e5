"""A festival's site (issue 27): its own page, the section switcher on every section page,
the front page's line, one person across sections, "where do I play", the downloads and
the prize-giving.

The sections are Seed Anna as a pairing program exports it (tests/kit/livekit.py): the
Open complete, the Rapid with round 6 paired (its boards worked out by hand there).
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path

import pytest
from kit.livekit import (
    ROUND_6,
    ROUND_6_BOARDS,
    class_rows,
    live_trf,
    site_page,
)
from kit.sitekit import html_pages, make_event

from generator.site.build import build_site

ROOT = Path(__file__).resolve().parents[2]

NAMES = {1: "Anna", 2: "Boris", 3: "Vera", 4: "Gleb", 5: "Dina", 6: "Egor", 7: "Zhanna",
         8: "Zurab"}

FESTIVAL_YML = """\
title: Spring Congress
dates: 2025-01-10 .. 2025-01-12
place: Tallinn
sections:
  - open: Open
  - rapid: Rapid
people:
  join: [[open/8, rapid/8]]
  split: [rapid/2]
"""




@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("festival")
    events = root / "events"
    festival = events / "spring"
    festival.mkdir(parents=True)
    (festival / "festival.yml").write_text(FESTIVAL_YML, encoding="utf-8")
    make_event(festival, "open", live_trf(announced=5),
               "prizes: {lists: {overall: [100, 50]}}\n")
    # The Rapid's Zurab is written otherwise: festival.yml joins him to the Open's.
    rapid = live_trf(announced=6, next_round=ROUND_6).replace(
        "Zurab                                     ", "Zurab K.                                  ")
    make_event(festival, "rapid", rapid)
    make_event(events, "club", live_trf(announced=5), "title: Club open\n")
    build_site(events, root / "site", strict=True)
    return root / "site"




def test_the_festival_page_lists_each_section_with_its_status_leader_and_players(site):
    rows = class_rows(site_page(site, "spring/index.html"), "events sections")
    assert rows == ["Open final Anna (4) — 8",
                    "Rapid round 6 of 6 in progress Anna (4) (leading) — 8"]


def test_every_page_of_a_section_has_the_switcher_and_no_other_page_has(site):
    pages = [*html_pages(site / "spring" / "open"), *html_pages(site / "spring" / "rapid")]
    assert len(pages) > 20
    for page in pages:
        markup = page.read_text(encoding="utf-8")
        nav = markup[markup.index('<nav class="event-nav section-nav"'):]
        nav = nav[:nav.index("</nav>")]
        links = re.findall(r'<li><a href="([^"]+)"( aria-current="true")?>', nav)
        assert len(links) == 2, page
        current = [href for href, mark in links if mark]
        section = page.relative_to(site / "spring").parts[0]
        assert len(current) == 1
        assert (page.parent / current[0]).resolve() == (site / "spring" / section /
                                                         "index.html").resolve()
        for href, _ in links:
            assert (page.parent / href).is_file(), (page, href)
    for page in [*html_pages(site / "club"), site / "index.html"]:
        assert "section-nav" not in page.read_text(encoding="utf-8"), page


def test_the_front_page_has_one_line_for_the_festival_with_its_sections_under_it(site):
    rows = class_rows(site_page(site, "index.html"), "events")
    festival = next(i for i, row in enumerate(rows) if row.startswith("Spring Congress"))
    assert rows[festival].startswith("Spring Congress (2 sections)")
    assert rows[festival + 1].startswith("↳ Open ")
    assert rows[festival + 2].startswith("↳ Rapid ")
    assert sum("Spring Congress" in row for row in rows) == 1


def _person_events(site: Path, key: str) -> list[str]:
    markup = site_page(site, f"people/{key}.html")
    return sorted({event for event in re.findall(r'href="\.\./([^"]+)/players/\d+\.html"',
                                                 markup) if event.startswith("spring/")})


def _person_key(site: Path, section_page: str) -> str:
    found = re.search(r'href="(?:\.\./)+people/(?!index\.html)([^"]+)\.html"',
                      site_page(site, section_page))
    assert found is not None
    return found[1]


def test_a_player_of_two_sections_is_one_person_by_name_and_federation(site):
    key = _person_key(site, "spring/rapid/players/1.html")
    assert key == _person_key(site, "spring/open/players/1.html")
    assert _person_events(site, key) == ["spring/open", "spring/rapid"]


def test_festival_yml_joins_two_names_and_splits_a_namesake(site):
    joined = _person_key(site, "spring/rapid/players/8.html")
    assert joined == _person_key(site, "spring/open/players/8.html")
    assert _person_events(site, joined) == ["spring/open", "spring/rapid"]
    split = _person_key(site, "spring/rapid/players/2.html")
    assert split != _person_key(site, "spring/open/players/2.html")
    assert _person_events(site, split) == ["spring/rapid"]


def _find_entries(site: Path) -> list[tuple[str, str, str, str]]:
    entries = []
    for shard in (site / "static" / "find").glob("*.js"):
        data = json.loads(shard.read_text(encoding="ascii").split("=", 2)[-1].rstrip(";\n"))
        for name, event, where, page, _position in data["entries"]:
            entries.append((name, data["events"][event][0], where, page))
    return entries


def test_find_a_player_says_where_they_play_in_the_round_under_way(site):
    entries = _find_entries(site)
    for board, (white, black) in enumerate(ROUND_6_BOARDS, start=1):
        for player, opponent in ((white, black), (black, white)):
            opponent_name = "Zurab K." if opponent == 8 else NAMES[opponent]
            (where,) = [w for name, event, w, page in entries
                        if event == "spring/rapid" and page == f"players/{player}.html"]
            assert where.endswith(f"; round 6, board {board} against {opponent_name}")
    # The finished section and the event on its own say the place alone, as before.
    assert not any("board" in where for _n, event, where, _p in entries
                   if event in ("spring/open", "club"))


def test_the_downloads_hold_every_section_s_own_files(site):
    archive = zipfile.ZipFile(io.BytesIO((site / "spring" / "spring-trf.zip").read_bytes()))
    assert archive.namelist() == ["open.trf", "rapid.trf"]
    for section in ("open", "rapid"):
        assert archive.read(f"{section}.trf") == (
            site / "spring" / section / f"{section}.trf").read_bytes()
    document = json.loads(site_page(site, "spring/festival.json"))
    assert document["festival"] == "Spring Congress"
    assert [s["section"] for s in document["sections"]] == ["open", "rapid"]
    for section in document["sections"]:
        assert section["standings"] == json.loads(
            site_page(site, f"spring/{section['section']}/standings.json"))


def test_the_prize_giving_shows_each_section_s_prize_list_as_its_own_page_does(site):
    markup = site_page(site, "spring/prizes.html")
    own = site_page(site, "spring/open/prizes.html")
    for row in class_rows(own, "prizes"):
        assert row in class_rows(markup, "prizes")
    for href in re.findall(r'href="([^"#]+)"', markup[markup.index("<main"):]):
        assert (site / "spring" / href).resolve().is_file(), href


def test_the_venue_sheet_and_link_previews_name_the_festival(site):
    markup = site_page(site, "spring/qr.html")
    assert "<h1>Spring Congress</h1>" in markup
    festival = site_page(site, "spring/index.html")
    assert '<meta property="og:title" content="Spring Congress">' in festival
    assert ('<meta name="description" property="og:description" content="Spring Congress, '
            '2 sections: Open, Rapid.">' in festival)


def test_the_festival_page_gives_a_section_s_next_round_date_from_its_file(tmp_path):
    # The Bunratty Masters without its last round: its 132 record dates round 6 on
    # 27 February 2011 (written "11.27.02", year.day.month, as the other rounds show).
    masters = ROOT / "events" / "bunratty-2011" / "masters" / "tournament.trf"
    lines = masters.read_text(encoding="ascii").splitlines()
    cut = [line[:141].rstrip() if line.startswith("001") else line for line in lines]
    festival = tmp_path / "events" / "bunratty"
    festival.mkdir(parents=True)
    (festival / "festival.yml").write_text("title: Bunratty\n", encoding="utf-8")
    make_event(festival, "masters", "\n".join(cut) + "\n")
    build_site(tmp_path / "events", tmp_path / "site")
    (row,) = class_rows(site_page(tmp_path / "site", "bunratty/index.html"), "events sections")
    assert "27 February 2011" in row
    assert "after round 5 of 6" in row
