"""The site-wide state kept by delta (issue 26, generator/site/site_state.py): a build after a
change makes the index pages and the players' pages from the last build's state, the
changed events' old appearances taken out and their new ones put in, and its site (its
manifest and state included) is a clean build's, byte for byte: a person in a new event,
a person gone with their last event, a player renamed onto another page of names, a
manifest without a state, and an unchanged event whose summary is never read."""

from __future__ import annotations

import hashlib
import json
import random
import shutil
from pathlib import Path

import pytest
from kit.sitekit import read_tree
from kit.trfgen import generate_swiss, with_player_field

from generator.site import index_pages, site_state
from generator.site import manifest as stored
from generator.site.build import build_site, prepare_cache
from generator.site.manifest import MANIFEST_NAME, Manifest, record_path, state_bytes
from generator.site.names_state import PAGE as NAMES_PAGE
from generator.site.site_state import LINES, PERSONS, kept_digits

SHARED = [("Shared, Ana", "1000001"), ("Shared, Bo", "1000002"), ("Zed, Shared", "1000003")]


def put_event(events: Path, slug: str, seed: int, *, date: str,
              names: dict[int, tuple[str, str]] | None = None) -> None:
    """A Swiss of 6 to 10 players; ``names``: start number -> (name, FIDE ID)."""
    folder = events / slug
    folder.mkdir(parents=True, exist_ok=True)
    trf = generate_swiss(6 + seed % 5, 3, seed=seed)
    people = names if names is not None else {1: SHARED[seed % 3], 2: SHARED[(seed + 1) % 3]}
    trf = with_player_field(trf, {n: name for n, (name, _) in people.items()},
                            first_column=15, width=33)
    trf = with_player_field(trf, {n: fide_id.rjust(11) for n, (_, fide_id) in people.items()},
                            first_column=58, width=11)
    (folder / "tournament.trf").write_text(trf, encoding="utf-8")
    (folder / "event.yml").write_text(f"title: {slug.title()}\nstart_date: {date}\n",
                                      encoding="utf-8")


def build(events: Path, out: Path, *, clean: bool = False) -> None:
    build_site(events, out, cache=prepare_cache(events, out, clean=clean), workers=1)


def assert_clean(events: Path, out: Path, scratch: Path) -> None:
    clean = scratch / "clean"
    shutil.rmtree(clean, ignore_errors=True)
    build(events, clean, clean=True)
    assert read_tree(out) == read_tree(clean)


@pytest.fixture
def archive(tmp_path: Path) -> tuple[Path, Path]:
    events, out = tmp_path / "events", tmp_path / "site"
    for number in range(4):
        put_event(events, f"club-{number}", number + 3, date=f"2025-0{number + 1}-10")
    build(events, out)
    return events, out


def test_a_person_in_a_new_event_is_added_to_their_page(
        archive: tuple[Path, Path], tmp_path: Path) -> None:
    events, out = archive
    put_event(events, "club-new", 11, date="2025-06-01",
              names={1: SHARED[0], 3: ("Newcomer, Nia", "7000001")})
    build(events, out)
    assert_clean(events, out, tmp_path)
    assert (out / "people" / "fide-7000001.html").is_file()


def test_a_person_gone_with_their_last_event_loses_their_page(
        archive: tuple[Path, Path], tmp_path: Path) -> None:
    events, out = archive
    put_event(events, "club-new", 11, date="2025-06-01",
              names={1: SHARED[0], 3: ("Passing, Pat", "7000002")})
    build(events, out)
    assert (out / "people" / "fide-7000002.html").is_file()
    shutil.rmtree(events / "club-new")
    build(events, out)
    assert_clean(events, out, tmp_path)
    assert not (out / "people" / "fide-7000002.html").exists()


def test_a_player_renamed_onto_another_page_of_names(
        archive: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    events, out = archive
    # Pages of names from 5 players on: a rename moves a row from one page to another, and
    # past 5 rows of an initial splits it.
    monkeypatch.setattr(index_pages, "PEOPLE_PAGE_ROWS", 5)
    build(events, out, clean=True)
    for number, name in enumerate(("Adams, Al", "Zorn, Zoe", "Adler, Ada", "Zorn, Zak")):
        put_event(events, "club-1", 4, date="2025-02-10",
                  names={1: SHARED[1], 2: SHARED[2], 3: (name, "7000003")})
        build(events, out)
        assert_clean(events, out, tmp_path / str(number))


def test_a_manifest_without_the_state_builds_it_whole(
        archive: tuple[Path, Path], tmp_path: Path) -> None:
    events, out = archive
    index = out / MANIFEST_NAME
    data = json.loads(index.read_bytes())
    for name in data.pop("state").values():  # as an older version wrote it: no state
        (out / record_path(name)).unlink()
    index.write_bytes((json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n").encode())
    put_event(events, "club-2", 9, date="2025-03-10")
    build(events, out)
    assert_clean(events, out, tmp_path)


def test_an_unchanged_event_is_listed_from_its_line_unread(
        archive: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    events, out = archive
    before = Manifest.load(out)
    assert before is not None
    summaries = {unit.summary_name: name for name, unit in before.units.items()  # type: ignore[union-attr]
                 if name}
    read: list[str] = []
    reader = stored._read_record
    monkeypatch.setattr(stored, "_read_record",
                        lambda folder, name: read.append(name) or reader(folder, name))
    # A new event of players no other event has: no page of an unchanged event's player.
    put_event(events, "club-new", 11, date="2025-06-01", names={
        n: (f"Solo, Player {n}", str(8000000 + n)) for n in range(1, 11)})
    build(events, out)
    assert not {summaries[name] for name in read if name in summaries}
    assert_clean(events, out, tmp_path)


FAMILIES = ["Adams", "Adler", "Alvarez", "Baker", "Bauer", "Zorn", "Zeller", "Smith", "Smit",
            "Sm", "Schmidt", "Schulz", "Ito", "Ivanov", "Müller", "Ørsted", "123"]


def test_random_changes_on_split_pages_of_names_stay_a_clean_build(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Players renamed, added and gone at random on pages of names cut at 4 rows: each build
    equals a clean one, whether it moves rows between pages or cuts the pages again."""
    monkeypatch.setattr(index_pages, "PEOPLE_PAGE_ROWS", 4)
    rng = random.Random(26)
    events, out = tmp_path / "events", tmp_path / "site"

    def names() -> dict[int, tuple[str, str]]:
        return {n: (f"{rng.choice(FAMILIES)}, {rng.choice('ABCDE')}{n}",
                    str(7100000 + rng.randrange(40))) for n in range(1, 7)}

    for number in range(3):
        put_event(events, f"club-{number}", number + 3, date=f"2025-0{number + 1}-10",
                  names=names())
    build(events, out)
    for step in range(10):
        slug = f"club-{rng.randrange(5)}"
        if (events / slug).exists() and rng.random() < 0.3:
            shutil.rmtree(events / slug)
        else:
            put_event(events, slug, rng.randrange(3, 9), date=f"2025-0{rng.randrange(1, 9)}-10",
                      names=names())
        build(events, out)
        assert_clean(events, out, tmp_path / f"step-{step}")


def test_a_player_renamed_reads_the_pages_of_names_of_that_player_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(index_pages, "PEOPLE_PAGE_ROWS", 3)
    events, out = tmp_path / "events", tmp_path / "site"

    def put(number: int, renamed: str = "Zorn, P1") -> None:
        put_event(events, f"club-{number}", 5, date=f"2025-0{number + 1}-10", names={
            n: (renamed if number == 2 and n == 1 else
                f"{FAMILIES[(number * 10 + n) % len(FAMILIES)]}, P{n}",
                str(7200000 + number * 10 + n)) for n in range(1, 10)})

    for number in range(4):
        put(number)
    build(events, out)
    before = Manifest.load(out)
    assert before is not None
    pages = {name: part for part, name in before.state.items() if isinstance(name, str)
             and part.startswith(NAMES_PAGE)}
    read: list[str] = []
    reader = stored._read_record
    monkeypatch.setattr(stored, "_read_record",
                        lambda folder, name: read.append(name) or reader(folder, name))
    put(2, renamed="Zorn, Q1")
    build(events, out)
    assert_clean(events, out, tmp_path)
    # The page of "Zorn" (the longest prefix of the cut that begins it): no other page read.
    page = max((part for part in pages.values() if "zorn".startswith(part[len(NAMES_PAGE):])),
               key=len)
    assert {pages[name] for name in read if name in pages} == {page}


def test_a_state_of_another_layout_is_made_whole(
        archive: tuple[Path, Path], tmp_path: Path) -> None:
    """A state an earlier layout wrote (the persons' parts without their rows, the lines
    without their format) is not read as this one: the build makes it whole."""
    events, out = archive
    index = out / MANIFEST_NAME
    data = json.loads(index.read_bytes())
    for part in [part for part in data["state"] if part.startswith("persons/")]:
        record = out / record_path(data["state"][part])
        held = json.loads(record.read_bytes())
        older = state_bytes({key: person[1] for key, person in held.items()})
        name = hashlib.sha256(older).hexdigest()[:32]
        (out / record_path(name)).write_bytes(older)
        record.unlink()  # an earlier layout wrote only its own
        data["state"][part] = name
    record = out / record_path(data["state"][LINES])
    lines = json.loads(record.read_bytes())
    older = state_bytes(lines["events"])
    data["state"][LINES] = name = hashlib.sha256(older).hexdigest()[:32]
    (out / record_path(name)).write_bytes(older)
    record.unlink()
    index.write_bytes((json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n").encode())
    put_event(events, "club-2", 9, date="2025-03-10")
    build(events, out)
    assert_clean(events, out, tmp_path)


def _persons_kept(out: Path) -> int:
    data = json.loads((out / MANIFEST_NAME).read_bytes())
    return sum(len(json.loads((out / record_path(record)).read_bytes()))
               for part, record in data["state"].items() if part.startswith(PERSONS))


def test_a_small_site_keeps_its_persons_in_a_few_parts(archive: tuple[Path, Path]) -> None:
    """A part per digest prefix of one hex digit (16 at most) for so few persons, not a
    record file for nearly every person."""
    _events, out = archive
    index = Manifest.load(out)
    assert index is not None
    assert kept_digits(index) == 1
    parts = [name for name in index.state if name.startswith(PERSONS)]
    assert 0 < len(parts) <= 16 < _persons_kept(out)


def test_a_change_that_crosses_a_size_makes_the_parts_a_clean_build_makes(
        archive: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The persons grow past 16 parts' worth: the parts are made again with two digits, as
    a clean build of the same events makes them, and the site stays a clean build's."""
    events, out = archive
    before = _persons_kept(out)
    # As many persons a part as keeps the archive in one-digit parts, just.
    monkeypatch.setattr(site_state, "PERSONS_PER_PART", -(-before // 16))
    for seed in (4, 9):  # ten players each, every one new
        put_event(events, f"grown-{seed}", seed, date="2025-07-01",
                  names={n: (f"Grower{seed}x{n}, Gus", f"8{seed}000{n:02d}")
                         for n in range(1, 11)})
    build(events, out)
    index = Manifest.load(out)
    assert index is not None
    assert _persons_kept(out) == before + 20
    assert kept_digits(index) == 2
    assert_clean(events, out, tmp_path)
