"""The people pages (issue 22, item 4): who is one person across events, and where their page
lives. A name in another script than Latin is a name too, and two players of one event are
never one person."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from kit.sitekit import SEED_TRF, make_event

from generator.site.build import build_site
from generator.site.person_keys import name_key

# The seed event's eight players, renamed (TRF 001: name 15-47, federation 54-56, birth 70-79).
NO_LATIN_LETTER = ("Иванов, Иван", "Петров, Пётр", "Σμίρνοβ, Αλέξιος", "Παπαδόπουλος, Γιώργος",
                   "王伟", "李娜", "محمد علي", "أحمد حسن")


def _renamed(players: dict[int, tuple[str, str, str]]) -> str:
    """The seed event with players renamed: start number -> (name, federation, birth)."""
    lines = []
    for line in SEED_TRF["seed-anna"].read_text(encoding="utf-8").splitlines():
        if line.startswith("001 ") and int(line[4:8]) in players:
            name, federation, birth = players[int(line[4:8])]
            line = (line[:14] + name.ljust(33) + line[47:53] + federation.ljust(3)
                    + line[56:69] + birth.ljust(10) + line[79:])
        lines.append(line)
    return "\n".join(lines) + "\n"


def _build(tmp_path: Path, events: dict[str, dict[int, tuple[str, str, str]]]) -> Path:
    for number, (slug, players) in enumerate(sorted(events.items())):
        make_event(tmp_path / "events", slug, _renamed(players),
                   f"title: {slug}\nstart_date: 2026-01-{10 + number}\n")
    build_site(tmp_path / "events", tmp_path / "site", workers=1)
    return tmp_path / "site"


def _person_pages(site: Path) -> dict[str, str]:
    return {page.name: page.read_text(encoding="utf-8")
            for page in sorted((site / "people").glob("*.html")) if page.name != "index.html"}


_APPEARANCE = re.compile(r'<tr>.*?href="\.\./([^"]+/players/\d+\.html)"', re.DOTALL)


def _appearances(page: str) -> list[str]:
    """The player pages a person's page links to, one per event they played."""
    table = page.split('class="person-events"', 1)[1].split("</table>", 1)[0]
    return _APPEARANCE.findall(table)


def _person_link(site: Path, player_page: str) -> str:
    found = [link for link in re.findall(r'href="\.\./\.\./people/([^"]+)"',
                                         (site / player_page).read_text(encoding="utf-8"))
             if link != "index.html"]
    assert len(found) == 1, (player_page, found)
    return found[0]


def test_players_without_a_latin_letter_are_each_their_own_person(tmp_path: Path) -> None:
    # Four scripts, no FIDE IDs: the ASCII fold of every name was empty, so all eight were
    # people/player.html, one person with eight results of one event.
    site = _build(tmp_path, {"open": {n: (name, "", "") for n, name in
                                       enumerate(NO_LATIN_LETTER, start=1)}})
    pages = _person_pages(site)
    assert len(pages) == len(NO_LATIN_LETTER)
    for number, name in enumerate(NO_LATIN_LETTER, start=1):
        person = _person_link(site, f"open/players/{number}.html")
        assert re.fullmatch(r"[a-z0-9_-]+\.html", person), person
        assert name in pages[person]
        assert _appearances(pages[person]) == [f"open/players/{number}.html"]


def test_a_name_in_another_script_is_the_same_person_in_another_event(tmp_path: Path) -> None:
    # The same name, cased and spaced differently, in two events is one person (as a Latin
    # name is), and the address is the same on every build.
    site = _build(tmp_path, {"autumn": {3: ("ИВАНОВ,  Иван", "", "")},
                             "spring": {5: ("Иванов, Иван", "", "")}})
    person = _person_link(site, "autumn/players/3.html")
    assert _person_link(site, "spring/players/5.html") == person
    assert sorted(_appearances(_person_pages(site)[person])) == [
        "autumn/players/3.html", "spring/players/5.html"]
    assert person == name_key("Иванов, Иван") + ".html"


def test_two_players_of_one_event_with_one_name_are_two_people(tmp_path: Path) -> None:
    # Told apart by federation and year of birth where those differ, else by start number.
    site = _build(tmp_path, {"open": {1: ("Иванов, Иван", "RUS", "1990/01/02"),
                                      2: ("иванов, иван", "UKR", "1985/03/04"),
                                      3: ("Anna", "", ""), 4: ("ANNA", "", "")}})
    links = [_person_link(site, f"open/players/{n}.html") for n in (1, 2, 3, 4)]
    assert len(set(links)) == 4
    assert links[0].endswith("--rus-1990.html") and links[1].endswith("--ukr-1985.html")
    pages = _person_pages(site)
    for number, link in zip((1, 2, 3, 4), links, strict=True):
        assert _appearances(pages[link]) == [f"open/players/{number}.html"]


def test_one_fide_id_written_twice_in_one_event_is_two_people(tmp_path: Path) -> None:
    # A pairing program's slip (the same ID typed for two players) joins no one.
    trf = _renamed({1: ("Anna", "", ""), 2: ("Boris", "", "")})
    trf = "\n".join(line[:57] + "24100005".rjust(11) + line[68:] if line[4:8] in ("   1", "   2")
                    and line.startswith("001") else line for line in trf.splitlines()) + "\n"
    make_event(tmp_path / "events", "open", trf, "title: open\n")
    build_site(tmp_path / "events", tmp_path / "site", workers=1)
    links = [_person_link(tmp_path / "site", f"open/players/{n}.html") for n in (1, 2)]
    assert links[0] != links[1] and all(link.startswith("fide-24100005--") for link in links)


def test_latin_names_keep_their_address(tmp_path: Path) -> None:
    # The addresses published before issue 22 stay where they were (the golden files link
    # to people/anna.html the same way).
    site = _build(tmp_path, {"open": {1: ("Müller, Jörg", "GER", ""), 2: ("Anna", "", "")}})
    assert _person_link(site, "open/players/1.html") == "muller-jorg.html"
    assert _person_link(site, "open/players/2.html") == "anna.html"


@pytest.mark.parametrize("name", [*NO_LATIN_LETTER, "Li 李", "???", "", "Ünal, Ömer"])
def test_every_key_is_a_safe_address(name: str) -> None:
    key = name_key(name)
    assert re.fullmatch(r"[a-z0-9][a-z0-9_-]*", key), key
    assert key == name_key(name)


def test_names_that_differ_in_another_script_have_different_keys() -> None:
    keys = {name_key(name) for name in NO_LATIN_LETTER}
    assert len(keys) == len(NO_LATIN_LETTER)
    assert name_key("Li 李") != name_key("Li 王") != name_key("Li")


def test_no_name_takes_a_fide_ids_page() -> None:
    assert name_key("Fide, 1234") != "fide-1234"
