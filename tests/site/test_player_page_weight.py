"""A player page lighter with nothing a reader sees lost (issue 26).

Each test names what a page no longer writes and checks that the reader still has what it
gave them: the same heading to reach a derivation by, the same sentence once.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import html5lib
import pytest
from conftest import CORPUS_TRF
from kit.sitekit import make_event

from generator.site.build import build_site

CLUB = CORPUS_TRF / "synth-club-byes.trf"  # byes and absences: dummy opponents, cuts


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("weight")
    make_event(root / "events", "club", CLUB, "title: Club\ntiebreaks: [BH/C1, BH, SB, DE, WIN]\n")
    build_site(root / "events", root / "site")
    return root / "site"


@pytest.fixture(scope="module")
def players(site: Path) -> list[str]:
    pages = sorted((site / "club/players").glob("*.html"))
    assert pages
    return [page.read_text(encoding="utf-8") for page in pages]


class _Sections(HTMLParser):
    """Each <section>: its attributes, the sections it sits in, its first heading's tag."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[dict[str, str | None]] = []
        self.sections: list[tuple[dict[str, str | None], int, str | None]] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.add(str(found["id"]))
        if tag == "section":
            self.open.append(found)
            self.sections.append((found, len(self.open) - 1, None))
        elif re.fullmatch(r"h[1-6]", tag) and self.open:
            index = next(i for i in range(len(self.sections) - 1, -1, -1)
                         if self.sections[i][0] is self.open[-1])
            attributes, depth, heading = self.sections[index]
            if heading is None:
                self.sections[index] = (attributes, depth, tag)

    def handle_endtag(self, tag: str) -> None:
        if tag == "section":
            self.open.pop()


def test_every_section_is_reached_by_its_heading_and_only_a_link_target_has_an_id(
        players: list[str]) -> None:
    # A screen reader reaches each part of the page by its heading: a section by its h2, a
    # derivation by its h3 inside "How each tie-break was reached". None is a landmark (an
    # aria-labelledby and two ids a section cost a page some 260 bytes, issue 26); the
    # sections a link points to keep their id: each tie-break and the rating change (the
    # headline's, the neighbours' and the table's links; section.tiebreak:target), the
    # next game.
    derivations = 0
    for page in players:
        parser = _Sections()
        parser.feed(page)
        for attributes, depth, heading in parser.sections:
            assert "aria-labelledby" not in attributes, attributes
            anchor = attributes.get("id")
            # A derivation is a tie-break section inside "How each tie-break was reached";
            # the rating change, a section of the same class, stands on its own.
            if attributes.get("class") == "tiebreak" and depth == 1:
                derivations += 1
                assert depth == 1 and heading == "h3" and anchor, attributes
                assert f'href="#{anchor}"' in page, anchor
            elif depth == 0:
                assert heading == "h2", attributes
                assert anchor is None or "tiebreak" in attributes.get("class", "") \
                    or anchor.endswith("-next"), attributes
    assert derivations > len(players)


def test_headings_and_notes_leave_out_their_end_tags_and_read_the_same(
        players: list[str]) -> None:
    # HTML's optional end tags (a heading cell closed by the next one or the row's end, an
    # item by the next item or the list's end): a browser and a screen reader read the same
    # cells and items, each whole and apart.
    for page in players:
        theads = re.findall(r"<thead>.*?</thead>", page, re.S)
        assert theads and not any("</th>" in thead for thead in theads)
        bodies = re.findall(r"<tbody>.*?</tbody>", page, re.S)
        assert bodies and not any("</tr>" in body for body in bodies)
        document = html5lib.parse(page, namespaceHTMLElements=False)
        for body in document.iter("tbody"):
            rows = list(body)
            assert rows and all(row.tag == "tr" and len(row) >= 3 for row in rows)
            assert all(re.fullmatch(r"\d+|—?", "".join(row[0].itertext()).strip())
                       for row in rows)
        for thead in document.iter("thead"):
            cells = [" ".join("".join(cell.itertext()).split()) for cell in thead.iter("th")]
            assert cells and all(cells) and "#" not in cells[1:], cells
        for notes in document.iter("ul"):
            if notes.get("class") != "notes":
                continue
            items = [" ".join("".join(item.itertext()).split()) for item in notes]
            assert items and all(item.endswith(".") and item.count("Round ") <= 1
                                 for item in items), items
    assert sum(page.count('<ul class="notes">') for page in players) > len(players)


def test_a_rounds_reasons_are_said_once_a_page_and_pointed_to_after(
        players: list[str]) -> None:
    # A dummy opponent's reasons were written under BH/C1 and again under SB, word for word:
    # the later note points to the earlier section, which says them all for that round.
    pointers = 0
    for page in players:
        said: dict[tuple[str, str], str] = {}
        notes_of: dict[str, str] = {}
        for anchor, body in re.findall(r'<section class="tiebreak" id="([^"]+)">(.*?)</section>',
                                       page, re.S):
            notes_of[anchor] = body
            for round_no, reasons in re.findall(r"<li>Round (\d+)(?: \(.*?\))?: (.*)", body):
                pointer = re.fullmatch(
                    r'Explained under <a href="#([^"]+)">[^<]+</a>(, but for the cut there)?\.',
                    reasons)
                if pointer:
                    pointers += 1
                    there = re.search(rf"<li>Round {round_no}\b.*", notes_of[pointer.group(1)])
                    assert there, (anchor, round_no)
                    # A cut said there is that section's own: the pointer says so.
                    assert ("Cut " in there.group(0)) == bool(pointer.group(2)), there.group(0)
                    continue
                for sentence in re.split(r"(?<=\.) ", reasons):
                    assert (round_no, sentence) not in said, (anchor, round_no, sentence)
                    said[round_no, sentence] = anchor
    assert pointers


def test_the_standings_after_the_last_round_are_the_events_own_page(site: Path) -> None:
    # The ranking after the last round played is the event's standings: its address stays
    # (a link kept from elsewhere) and sends the browser to the event's page, which every
    # link of the site now goes to directly; the earlier rounds keep their tables.
    afters = sorted((site / "club/rounds").glob("*-standings.html"),
                    key=lambda page: int(page.name.split("-")[0]))
    last = afters[-1]
    moved = last.read_text(encoding="utf-8")
    assert "<table" not in moved and len(moved.encode()) < 1000
    assert '<meta http-equiv="refresh" content="0; url=../index.html#standings">' in moved
    assert '<a href="../index.html#standings">' in moved
    assert 'id="standings"' in (site / "club/index.html").read_text(encoding="utf-8")
    for earlier in afters[:-1]:
        assert '<table class="standings"' in earlier.read_text(encoding="utf-8")
    linking = [page for page in site.rglob("*.html")
               if last.name in page.read_text(encoding="utf-8")]
    assert not linking, linking
    assert len(afters) > 1
