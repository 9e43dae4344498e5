"""Every page's ``<head>``: its title, description, OpenGraph and Twitter tags, and the
site.yml that feeds them (title, url, logo), read from built pages as a browser parses them.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import html5lib
import pytest
from click.testing import CliRunner
from kit.servekit import ANNA
from kit.sitekit import html_pages, make_event

from generator.cli import main
from generator.site.page_meta import DESCRIPTION_LIMIT, fit

ROOT = Path(__file__).resolve().parents[2]
HOSTILE_TITLE = '</title><script>alert(1)</script> & "Club"'
HOSTILE_NAME = '"><script>alert(2)</script>'
LOGO = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><circle r="1"/></svg>'


def build(events: Path, out: Path) -> str:
    result = CliRunner().invoke(main, ["build", str(events), "--out", str(out)])
    assert result.exit_code == 0, result.output
    return result.output


def head(page: Path) -> dict[str, list[str]]:
    """The head as a browser reads it: ``title``, then each meta (by name and by property:
    one element may carry both) and link (by rel), with every value given. Only what comes
    before ``</head>`` is parsed: a link preview reads no further, and a whole page costs
    ten times as much to parse."""
    document = page.read_bytes()
    tree = html5lib.parse(document[:document.index(b"</head>")], namespaceHTMLElements=False)
    found: dict[str, list[str]] = {}
    for element in tree.iter():
        if element.tag == "title":
            found.setdefault("title", []).append(element.text or "")
        elif element.tag == "meta":
            for attribute in ("name", "property"):
                if attribute in element.attrib:
                    found.setdefault(element.attrib[attribute], []).append(
                        element.attrib.get("content", ""))
        elif element.tag == "link":
            found.setdefault(element.attrib["rel"], []).append(element.attrib["href"])
    return found


_SCRIPT = re.compile(rb"<script\b([^>]*)>(.*?)(?:</script|\Z)", re.IGNORECASE | re.DOTALL)
_SOURCE = re.compile(rb"""\bsrc\s*=\s*["']?([^"' >]*)""", re.IGNORECASE)


def scripts(page: Path) -> list[str]:
    """Each script element's source (or "inline: " and its text), found in the page's bytes:
    every ``<script`` written, even where a parser would read one as text (in a title), so
    no hostile value written unescaped can hide from it; a parse of each whole page cost
    the test most of its time."""
    found = []
    for attributes, text in _SCRIPT.findall(page.read_bytes()):
        source = _SOURCE.search(attributes)
        found.append(source[1].decode() if source else "inline: " + text.decode())
    return found


def address(page: str) -> str:
    """How a host serves ``page``: a folder's index.html at the folder's address."""
    return page[:-len("index.html")] if page.endswith("index.html") else page


@pytest.fixture(scope="module")
def club_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example events with a site.yml (a hostile title, a url, a logo) beside them."""
    club = tmp_path_factory.mktemp("club")
    shutil.copytree(ROOT / "events", club / "events")
    (club / "site.yml").write_text(
        f"title: '{HOSTILE_TITLE}'\nurl: https://club.example/results\n"
        "description: Every result of the club's tournaments.\nlogo: crest.svg\n",
        encoding="utf-8")
    (club / "crest.svg").write_bytes(LOGO)
    build(club / "events", club / "site")
    return club / "site"


def test_every_page_has_its_description_and_sharing_tags(club_site: Path) -> None:
    pages = list(html_pages(club_site))
    assert len(pages) > 50
    for page in pages:
        relative = page.relative_to(club_site).as_posix()
        tags = head(page)
        assert len(tags["title"]) == 1, relative
        (description,) = tags["description"]
        assert 20 <= len(description) <= DESCRIPTION_LIMIT, (relative, description)
        assert tags["og:description"] == [description], relative
        assert "og:type" not in tags, relative  # "website", what a page naming none is
        assert tags["og:site_name"] == [HOSTILE_TITLE], relative
        assert tags["twitter:card"] == ["summary"], relative
        (share_title,) = tags["og:title"]
        url = "https://club.example/results/" + address(relative)
        assert tags["og:url"] == [url], relative
        assert tags["canonical"] == [url], relative
        assert "og:image" not in tags, relative  # an SVG: no link preview shows one
        if relative == "index.html":
            assert tags["title"] == [HOSTILE_TITLE]
            assert description == "Every result of the club's tournaments."
        else:
            assert tags["title"] == [f"{share_title} | {HOSTILE_TITLE}"], relative
        # The hostile title stayed text: the only script is the site's own file.
        assert [src for src in scripts(page) if "alert" in src] == [], relative


_ENHANCED = re.compile(rb"<table[^>]* data-(?:filter|sortable|derivations)\b|class=\"print-line\"")


def test_a_page_loads_the_site_script_for_what_it_enhances_and_a_player_page_none(
        club_site: Path) -> None:
    # site.js filters and sorts tables, opens a value's derivation and dates a printed
    # sheet: a page with one of those loads it; a player's and a person's page have none
    # and load no script (issue 26: 50 bytes of each of the pages most numerous).
    without = 0
    for page in html_pages(club_site):
        relative = page.relative_to(club_site).as_posix()
        loads = any(src.endswith("static/site.js") for src in scripts(page))
        if _ENHANCED.search(page.read_bytes()):
            assert loads, relative
        elif re.fullmatch(r"[^/]+/players/\d+\.html|people/(?!index)[^/]+\.html", relative):
            assert scripts(page) == [], relative
            without += 1
    assert without > 20


def test_the_logo_is_copied_and_shown_in_the_header(club_site: Path) -> None:
    # An SVG is published as rewritten (generator/reading/svg_logo.py), declared UTF-8.
    assert (club_site / "static" / "logo" / "crest.svg").read_bytes() == (
        b'<?xml version="1.0" encoding="UTF-8"?>\n' + LOGO + b"\n")
    page = club_site / "gros-open-2010" / "players" / "5.html"
    tree = html5lib.parse(page.read_bytes(), namespaceHTMLElements=False)
    (header,) = tree.iter("header")
    (logo,) = header.iter("img")
    assert logo.attrib["src"] == "../../static/logo/crest.svg"
    # Beside the site's name in the same link: a text alternative would say it twice.
    assert logo.attrib["alt"] == ""
    link = next(header.iter("a"))
    assert "".join(link.itertext()) == HOSTILE_TITLE


def test_a_player_page_previews_with_place_points_and_the_reason(club_site: Path) -> None:
    tags = head(club_site / "gros-open-2010" / "players" / "5.html")
    assert tags["og:title"] == [
        "Sanz Perez Eduardo — 5th of 52, 3 points · XX Open Internacional de Gros"]
    assert tags["description"] == [
        "5th of 52 with 3 points. Level with Rodriguez Cabrera Fco. Javier (6th) on points, "
        "ahead on Buchholz, cut 1 (BH/C1): 9½ against 9."]


def test_the_standings_describe_the_leaders(club_site: Path) -> None:
    tags = head(club_site / "gros-open-2010" / "index.html")
    assert tags["og:title"] == ["XX Open Internacional de Gros – standings"]
    (description,) = tags["description"]
    assert description == (
        "XX Open Internacional de Gros, final standings: 1st Mirzoev Azer (4 points), "
        "2nd Argandona Riveiro Inigo (4), 3rd Eugenio Gorrochategui Torres (3½).")


def test_without_site_yml_pages_carry_no_absolute_address(tmp_path: Path) -> None:
    events = tmp_path / "events"
    make_event(events, "anna", ANNA)
    build(events, tmp_path / "site")
    for page in html_pages(tmp_path / "site"):
        tags = head(page)
        relative = page.relative_to(tmp_path / "site").as_posix()
        assert "og:url" not in tags and "canonical" not in tags, relative
        assert "og:image" not in tags, relative
        assert tags["og:site_name"] == ["Tournament results"]
        assert tags["title"][0].endswith("Tournament results"), relative
        assert tags["description"][0], relative
    assert not (tmp_path / "site" / "static" / "logo").exists()


def test_a_hostile_trf_name_is_text_in_the_meta_tags(tmp_path: Path) -> None:
    events = tmp_path / "events"
    text = ANNA.read_text(encoding="utf-8")
    padded = "Anna" + " " * (len(HOSTILE_NAME) - len("Anna"))
    assert padded in text
    make_event(events, "anna", text.replace(padded, HOSTILE_NAME, 1))
    build(events, tmp_path / "site")
    player = next(page for page in (tmp_path / "site" / "anna" / "players").iterdir()
                  if HOSTILE_NAME in head(page)["og:title"][0])
    tags = head(player)
    assert tags["og:title"][0].startswith(f"{HOSTILE_NAME} — ")
    assert tags["title"][0].startswith(f"{HOSTILE_NAME} — ")
    assert "alert(2)" not in "".join(scripts(player))
    standings = head(tmp_path / "site" / "anna" / "index.html")
    assert HOSTILE_NAME in standings["description"][0]
    for page in html_pages(tmp_path / "site"):
        assert [src for src in scripts(page) if "alert" in src] == [], page


def test_editing_site_yml_renders_every_page_again(tmp_path: Path) -> None:
    club = tmp_path / "club"
    make_event(club / "events", "anna", ANNA)
    (club / "site.yml").write_text("title: Before\n", encoding="utf-8")
    out = club / "site"
    build(club / "events", out)
    (club / "site.yml").write_text("title: After\n", encoding="utf-8")
    output = build(club / "events", out)
    assert "reused" not in output and "up to date" not in output
    for page in html_pages(out):
        assert head(page)["og:site_name"] == ["After"], page
    # The logo's content is an input too: a new crest with the same name is copied.
    (club / "site.yml").write_text("title: After\nlogo: crest.svg\n", encoding="utf-8")
    (club / "crest.svg").write_bytes(LOGO)
    build(club / "events", out)
    assert "up to date" in build(club / "events", out)  # the same site.yml and logo
    (club / "crest.svg").write_bytes(LOGO.replace(b'r="1"', b'r="0.5"'))
    assert "up to date" not in build(club / "events", out)
    assert b'r="0.5"' in (out / "static" / "logo" / "crest.svg").read_bytes()


def test_a_raster_logo_is_the_link_preview_image(tmp_path: Path) -> None:
    club = tmp_path / "club"
    make_event(club / "events", "anna", ANNA)
    (club / "site.yml").write_text("url: https://club.example/\nlogo: crest.png\n",
                                   encoding="utf-8")
    (club / "crest.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(40))
    build(club / "events", club / "site")
    for page in html_pages(club / "site"):
        assert head(page)["og:image"] == ["https://club.example/static/logo/crest.png"], page


def test_a_bad_site_yml_stops_the_build_and_leaves_the_site_as_it_was(tmp_path: Path) -> None:
    club = tmp_path / "club"
    make_event(club / "events", "anna", ANNA)
    out = club / "site"
    build(club / "events", out)
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    (club / "site.yml").write_text("title: Club\nurl: club.example\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(club / "events"), "--out", str(out)])
    assert result.exit_code == 1
    assert (f"{club / 'site.yml'}:2:6: 'url' 'club.example' is not an absolute http(s) "
            "address") in result.output
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    check = CliRunner().invoke(main, ["check", str(club / "events")])
    assert check.exit_code == 1
    assert f"{club / 'site.yml'}:2:6: 'url' 'club.example'" in check.output


@pytest.mark.parametrize(("text", "expected"), [
    ("Short.", "Short."),
    (("word " * 20).strip() + ". " + "x" * 200, ("word " * 20).strip() + "."),
    ("word " * 40, ("word " * 32).strip() + "…"),
    ("Lead: " + "a, " * 60, ("Lead: " + "a, " * 60)[:159].rstrip(" ,;:–") + "…"),
])
def test_fit_cuts_a_description_where_it_reads_well(text: str, expected: str) -> None:
    assert fit(text) == expected
    assert len(fit(text)) <= DESCRIPTION_LIMIT
