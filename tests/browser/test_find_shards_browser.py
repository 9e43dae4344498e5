"""Find a player in an index of many shards, from disk (``file://``): find.js reads the list
of shards, then only the shards of the name typed, and finds the player.

The site is small; the shards are made small (a budget of 1 KB instead of 256 KB) so
that it has many, as an archive of thousands of events has.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from kit import trfgen
from kit.findkit import index_entries, manifest, site_files
from kit.sitekit import make_event
from kit.trfgen import renamed

from generator.site import pages
from generator.site.build import build_site
from generator.site.find import find_entries, find_files, name_words
from generator.site.plan import EventPlan

pytestmark = pytest.mark.browser

RENAMED = {3: "Sanz Pérez, Eduardo", 7: "Иванов, Пётр", 11: "../../etc, Dot.Dot",
           12: "Müller, Anna"}
SMALL_BUDGET = 1_000



def small_shards(plans: Sequence[EventPlan]) -> dict[str, bytes]:
    return find_files(*find_entries(plans), budget=SMALL_BUDGET)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("find-shards")
    events = root / "events"
    make_event(events, "open", renamed(trfgen.generate_swiss(160, 7, seed=26), RENAMED),
               "title: Open\ntiebreaks: [BH]\n")
    make_event(events, "rapid", trfgen.generate_swiss(90, 5, seed=27),
               "title: Rapid\ntiebreaks: [BH]\n")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pages, "find_index", small_shards)
        build_site(events, root / "site", workers=1)
    return root / "site"


@pytest.fixture()
def page(browser: object) -> Iterator[object]:
    context = browser.new_context()  # type: ignore[attr-defined]
    opened = context.new_page()
    opened.problems = []
    opened.requested = []
    opened.on("console", lambda m: opened.problems.append(m.text) if m.type == "error" else None)
    opened.on("pageerror", lambda e: opened.problems.append(str(e)))
    opened.on("request", lambda r: opened.requested.append(r.url))
    try:
        yield opened
    finally:
        context.close()


def shards_read(page: object) -> list[str]:
    return [url for url in page.requested if "/static/find/" in url]  # type: ignore[attr-defined]


def test_the_site_has_many_shards(site: Path) -> None:
    assert len(manifest(site_files(site))) > 10


@pytest.mark.parametrize(("typed", "name", "player"), [
    ("perez eduardo", "Sanz Pérez, Eduardo", 3),
    ("иванов", "Иванов, Пётр", 7),
    ("ПЁТР", "Иванов, Пётр", 7),
    ("etc dot", "../../etc, Dot.Dot", 11),
    ("muller a", "Müller, Anna", 12),
])
def test_a_name_is_found_from_disk_reading_only_its_shard(site: Path, page: object,
                                                          typed: str, name: str,
                                                          player: int) -> None:
    page.goto((site / "rapid" / "index.html").as_uri())  # type: ignore[attr-defined]
    page.get_by_label("Find a player").fill(typed)  # type: ignore[attr-defined]
    page.locator(".find-results a").first.wait_for()  # type: ignore[attr-defined]
    assert page.locator(".find-results a").all_inner_texts() == [name]  # type: ignore[attr-defined]
    assert len(shards_read(page)) == 1 < len(manifest(site_files(site)))
    page.locator(".find-results").get_by_role("link", name=name).click()  # type: ignore[attr-defined]
    page.wait_for_url((site / "open" / "players" / f"{player}.html").as_uri())  # type: ignore[attr-defined]
    assert page.problems == []  # type: ignore[attr-defined]


def test_one_letter_reads_every_shard_below_it_and_finds_all_it_begins(site: Path,
                                                                       page: object) -> None:
    keys = sorted(manifest(site_files(site)))
    letter = next(key[0] for key in keys
                  if key[:1].isalpha() and sum(k.startswith(key[0]) for k in keys) > 1)
    page.goto((site / "index.html").as_uri())  # type: ignore[attr-defined]
    page.get_by_label("Find a player").fill(letter.upper())  # type: ignore[attr-defined]
    page.locator(".find-results a").first.wait_for()  # type: ignore[attr-defined]
    assert len(shards_read(page)) == sum(key.startswith(letter) for key in keys)
    status = page.locator(".find-status").inner_text()  # type: ignore[attr-defined]
    found = page.locator(".find-results a").all_inner_texts()  # type: ignore[attr-defined]
    assert found and (len(found) < 20 or status.startswith("The first 20 of"))
    # In the index's order across the shards read: the newest event first, standings order.
    _, entries = index_entries(site_files(site))
    assert found == [str(entry[0]) for entry in entries
                     if any(word.startswith(letter) for word in name_words(str(entry[0])))][:20]
    assert page.problems == []  # type: ignore[attr-defined]
