"""Who is one person by national ID (issue 27: "joined by FIDE ID, else national ID, else
the name and federation"): across a festival's sections and across a series' events. A
player without a national ID keeps the key they had before."""

from __future__ import annotations

from types import MappingProxyType

from generator.model import NationalId, Player, StartNo
from generator.reading.festival import Festival
from generator.reading.settings import EventSettings
from generator.site.build import build_site
from generator.site.person_keys import section_person_keys
from generator.site.series_identity import identity_keys, key_of
from tests.reading.test_national_ratings import national
from tests.site.test_festival_across import make_congress

FESTIVAL = Festival(slug="congress", display_path="events/congress", settings=EventSettings(),
                    sections=("major", "minor"),
                    labels=MappingProxyType({"major": "Major", "minor": "Minor"}))


def player(no: int, name: str, *, fide_id: int | None = None, federation: str = "ENG",
           national: str | None = None) -> Player:
    return Player(start_no=StartNo(no), name=name, federation=federation, fide_id=fide_id,
                  national_id=None if national is None else NationalId(federation="ENG",
                                                                         number=national))


MAJOR = (player(1, "Smith, John", national="123456A"), player(2, "Brown, Ann"),
         player(3, "Green, Tom", national="200001B"), player(4, "Kane, Joe", fide_id=2501,
                                                            national="300003C"))
MINOR = (player(1, "Smyth, John", national="123456A"), player(2, "Brown, Ann"),
         player(3, "Green, Tom", national="200002C"), player(4, "Kane, Joseph",
                                                             national="300003C"))


def test_two_sections_join_a_player_by_national_id_though_the_names_differ():
    major = section_person_keys("congress/major", MAJOR, FESTIVAL)
    minor = section_person_keys("congress/minor", MINOR, FESTIVAL)
    assert major[StartNo(1)] == minor[StartNo(1)] == "nat-eng.123456a"
    # The same name under two national IDs: two people.
    assert major[StartNo(3)] != minor[StartNo(3)]
    # A FIDE ID comes first: the Major's Kane is his FIDE ID's person.
    assert major[StartNo(4)] == "fide-2501"


def test_a_player_without_a_national_id_keeps_the_name_and_federation_key():
    major = section_person_keys("congress/major", MAJOR, FESTIVAL)
    minor = section_person_keys("congress/minor", MINOR, FESTIVAL)
    assert major[StartNo(2)] == minor[StartNo(2)] == "brown-ann--eng"


def test_a_series_joins_a_player_by_national_id_else_name_and_federation():
    players = [*MAJOR, *MINOR]
    keys = identity_keys(players, [])
    got = [key_of(p, keys) for p in players]
    assert got[0] == got[4] == "nat-eng.123456a"
    assert got[1] == got[5] == "name-brown-ann-eng"
    assert got[2] != got[6]
    assert got[3] == "fide-2501" and got[7] == "nat-eng.300003c"


def test_a_built_festival_gives_one_person_page_to_one_national_id(tmp_path):
    # Two spellings of one player in two sections, one national ID (TRF-26 NRS records):
    # one person page, listing both sections.
    festival = make_congress(tmp_path, "title: Spring Congress\n")
    for section in ("major", "minor"):
        trf = festival / section / "tournament.trf"
        trf.write_text("032 ENG\n" + trf.read_text(encoding="utf-8")
                       + national("1", "1850", "ENG", "123456A"), encoding="utf-8")
    build_site(tmp_path / "events", tmp_path / "site", strict=True)
    person = (tmp_path / "site" / "people" / "nat-eng.123456a.html").read_text(
        encoding="utf-8")
    assert "../spring/major/players/1.html" in person
    assert "../spring/minor/players/1.html" in person
