"""The site on the event day: a round in progress, a round paired and not played, and no
"Final" or "Winner" until every round up to the announced number is complete.

The files are Seed Anna as a pairing program exports it part-way (tests/livekit.py); board
numbers and scores before the round are worked out by hand there.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from kit.livekit import (
    ROUND_6,
    ROUND_6_BOARDS,
    class_rows,
    live_trf,
    plain_text,
    site_page,
)
from kit.sitekit import html_pages, make_event

from generator.site.build import build_site

NAMES = {1: "Anna", 2: "Boris", 3: "Vera", 4: "Gleb", 5: "Dina", 6: "Egor", 7: "Zhanna",
         8: "Zurab"}
BEFORE_6 = {1: "4", 2: "4", 3: "2½", 4: "2½", 5: "2½", 6: "2", 7: "2", 8: "½"}
"""Scores after round 5 (the points column of seed-anna)."""
HALF_ENTERED = frozenset({(1, 5), (7, 5), (2, 5), (8, 5)})
"""Round 5 with Anna-Zhanna and Boris-Zurab not entered yet: 2 of 4 games."""
ROUND_6_WITH_BYES = {**{k: v for k, v in ROUND_6.items() if k not in (3, 8)},
                     3: "0000 - H", 8: "0000 - Z"}
"""Round 6 paired with Vera on a requested half-point bye and Zurab absent."""




@pytest.fixture(scope="module")
def live_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("live")
    events = root / "events"
    make_event(events, "paired", live_trf(announced=6, next_round=ROUND_6_WITH_BYES),
               "title: Paired open\n")
    make_event(events, "halfway", live_trf(announced=5, blank=HALF_ENTERED),
               "title: Halfway open\n")
    make_event(events, "short", live_trf(announced=7), "title: Short open\n")
    make_event(events, "done", live_trf(announced=5), "title: Done open\n")
    build_site(events, root / "site", strict=True)  # no warning: the files are clean
    return root / "site"




# --- provisional until complete -----------------------------------------------------------

@pytest.mark.parametrize("slug", ["paired", "halfway", "short"])
def test_a_provisional_event_says_final_or_winner_nowhere(live_site: Path, slug: str) -> None:
    pages = [*html_pages(live_site / slug), live_site / "index.html",
             *html_pages(live_site / "people")]
    assert len(pages) > 10
    for page in pages:
        text = plain_text(page.read_text(encoding="utf-8"))
        if page.name == "index.html" and page.parent == live_site:
            text = text.replace("Done open", "")  # the finished event's row may be final
        assert not re.search(r"\bfinal standings\b|\bwinners?\b", text, re.IGNORECASE), page
        assert not re.search(r"\bFinal\b", text), page


def test_a_complete_event_is_final(live_site: Path) -> None:
    assert "Final standings" in plain_text(site_page(live_site, "done/index.html"))
    document = json.loads(site_page(live_site, "done/standings.json"))
    assert (document["status"], document["rounds_played"], document["rounds_total"]) \
        == ("final", 5, 5)


def test_a_round_in_progress_is_named_with_the_games_entered(live_site: Path) -> None:
    event = plain_text(site_page(live_site, "halfway/index.html"))
    assert "Standings after round 5 (in progress: 2 of 4 games entered) provisional" in event
    assert "5 of 5 played, round 5 in progress" in event
    round_5 = plain_text(site_page(live_site, "halfway/rounds/5.html"))
    assert "Round 5 in progress: 2 of 4 games entered." in round_5
    # The standings after the round under way are the event's own, which say it above
    # (issue 26: that round's address sends the browser there).
    after = site_page(live_site, "halfway/rounds/5-standings.html")
    assert 'content="0; url=../index.html#standings"' in after
    player = plain_text(site_page(live_site, "halfway/players/2.html"))
    assert "after round 5 (in progress: 2 of 4 games entered), provisional" in player
    index = class_rows(site_page(live_site, "index.html"), "events")
    halfway = next(row for row in index if row.startswith("Halfway open"))
    assert "5 of 5" in halfway and "(leading)" in halfway
    document = json.loads(site_page(live_site, "halfway/standings.json"))
    assert (document["status"], document["rounds_played"], document["rounds_total"]) \
        == ("provisional", 5, 5)


def test_a_round_in_progress_shows_entered_results_and_blanks_the_rest(
        live_site: Path) -> None:
    """Scores before round 5 by hand: Boris 3½, Anna 3, Dina 2½, Zhanna 2, Egor 2, Vera 1½,
    Gleb 1½, Zurab 0. Boards: Zurab-Boris (3½, 3½), Anna-Zhanna (3, 5), Dina-Vera (2½, 4),
    Gleb-Egor (2, 3½): Egor (2) is the higher player there."""
    rows = class_rows(site_page(live_site, "halfway/rounds/5.html"), "pairings")
    assert rows == ["1 Zurab (0) Boris (3½)", "2 Anna (3) Zhanna (2)",
                    "3 Dina (2½) 0–1 Vera (1½)", "4 Gleb (1½) 1–0 Egor (2)"]
    player = plain_text(site_page(live_site, "halfway/players/7.html"))
    assert "Round 5, result not entered yet Board 2: Black against Anna (1)." in player
    entered = plain_text(site_page(live_site, "halfway/players/5.html"))
    assert "result not entered yet" not in entered  # Dina's game is in


def test_fewer_complete_rounds_than_announced_say_of_how_many(live_site: Path) -> None:
    event = plain_text(site_page(live_site, "short/index.html"))
    assert "Standings after round 5 of 7 provisional" in event
    document = json.loads(site_page(live_site, "short/standings.json"))
    assert (document["status"], document["rounds_played"], document["rounds_total"]) \
        == ("provisional", 5, 7)


# --- pairings of the coming round ------------------------------------------------------------

def test_a_paired_round_has_its_page_with_every_board(live_site: Path) -> None:
    markup = site_page(live_site, "paired/rounds/6.html")
    text = plain_text(markup)
    assert "Round 6: pairings" in text and "Pairings of round 6" in text
    boards = [(white, black) for white, black in ROUND_6_BOARDS if 3 not in (white, black)]
    assert class_rows(markup, "pairings") == [
        f"{number} {NAMES[white]} ({BEFORE_6[white]}) {NAMES[black]} ({BEFORE_6[black]})"
        for number, (white, black) in enumerate(boards, start=1)]
    assert class_rows(markup, "byes") == ["Vera (2½) requested half-point bye ½",
                                     "Zurab (½) zero-point bye or absence 0"]
    assert "the TRF file records no board numbers, so they are derived" in text
    assert not (live_site / "paired/rounds/6-standings.html").exists()
    assert "Standings after round 6" not in text


def test_the_standings_say_which_round_is_paired(live_site: Path) -> None:
    event = site_page(live_site, "paired/index.html")
    text = plain_text(event)
    assert "Standings after round 5 of 6 provisional" in text
    assert "Round 6 is paired and not played yet: pairings of round 6" in text
    assert "5 of 6 played, round 6 paired" in text
    assert 'href="rounds/6.html"' in event
    document = json.loads(site_page(live_site, "paired/standings.json"))
    assert (document["status"], document["rounds_played"], document["rounds_total"]) \
        == ("provisional", 5, 6)
    round_5 = site_page(live_site, "paired/rounds/5.html")
    assert 'href="6.html" rel="next"' in round_5


@pytest.mark.parametrize(("start_no", "line"), [
    (1, "Next: round 6 Board 2: White against Egor (6)."),
    (6, "Next: round 6 Board 2: Black against Anna (1)."),
    (2, "Next: round 6 Board 1: Black against Dina (5)."),
    (4, "Next: round 6 Board 3: Black against Zhanna (7)."),
    (3, "Next: round 6 Requested half-point bye (½)."),
    (8, "Next: round 6 Zero-point bye or absence (0)."),
])
def test_each_player_page_opens_with_the_next_game(live_site: Path, start_no: int,
                                                   line: str) -> None:
    markup = site_page(live_site, f"paired/players/{start_no}.html")
    article = plain_text(markup[markup.index("<article"):])
    # Issue 12: the place and why come first, then the next game, then the rounds.
    headline = article.index(" of 8 with ")
    game = article.index(f" {line} All pairings of round 6")
    assert headline < game < article.index("Round by round")
    assert 'href="../rounds/6.html"' in markup


def test_a_player_not_in_the_pairing_is_listed_as_not_paired(tmp_path: Path) -> None:
    events = tmp_path / "events"
    pairing = {k: v for k, v in ROUND_6.items() if k not in (3, 8)}
    make_event(events, "gap", live_trf(announced=6, next_round=pairing), "title: Gap\n")
    build_site(events, tmp_path / "site")
    markup = (tmp_path / "site/gap/rounds/6.html").read_text(encoding="utf-8")
    assert class_rows(markup, "byes") == ["Vera (2½) not paired 0", "Zurab (½) not paired 0"]
    player = plain_text((tmp_path / "site/gap/players/8.html").read_text(encoding="utf-8"))
    assert "Next: round 6 Not paired in this round." in player


def test_no_next_game_once_the_round_is_complete(live_site: Path) -> None:
    assert "p1-next" not in site_page(live_site, "done/players/1.html")
    assert "p1-next" not in site_page(live_site, "short/players/1.html")


def test_board_order_follows_the_higher_player_of_each_pair() -> None:
    """C.04: after the higher score and the sum, the pairing number of the higher player
    (the one with more points), not the lower starting number of the pair: no. 5 (3) with
    no. 6 (2) comes before no. 10 (3) with no. 1 (2)."""
    from decimal import Decimal

    from generator.site.views import _board_order

    three, two = Decimal(3), Decimal(2)
    keys = {"10-1": _board_order(three, 10, two, 1), "6-5": _board_order(two, 6, three, 5),
            "4-4½": _board_order(Decimal("4.5"), 20, Decimal(0), 30)}
    assert sorted(keys, key=keys.__getitem__) == ["4-4½", "6-5", "10-1"]


ROUND_6_RESULTS = {1: "0006 w 1", 6: "0001 b 0", 5: "0002 w 0", 2: "0005 b 1",
                   7: "0004 w =", 4: "0007 b =", 3: "0008 w 1", 8: "0003 b 0"}


def test_the_event_day_through_the_build_command(tmp_path: Path) -> None:
    """Paired, then half entered, then complete: each export rebuilt by `standings build`
    (incremental, as the workflow and the arbiter run it)."""
    from click.testing import CliRunner

    from generator.cli import main

    events, out = tmp_path / "events", tmp_path / "site"
    half = {k: v if k in (3, 8, 7, 4) else v[:6] for k, v in ROUND_6_RESULTS.items()}
    exports = [(ROUND_6, "Round 6 is paired and not played yet"),
               (half, "Standings after round 6 (in progress: 2 of 4 games entered)"),
               (ROUND_6_RESULTS, "Final standings")]
    for next_round, heading in exports:
        make_event(events, "open", live_trf(announced=6, next_round=next_round),
                   "title: Open\n")
        result = CliRunner().invoke(main, ["build", str(events), "--out", str(out),
                                           "--strict"])
        assert result.exit_code == 0, result.output
        event = plain_text((out / "open/index.html").read_text(encoding="utf-8"))
        assert heading in event
        assert (out / "open/rounds/6.html").is_file()
        assert (out / "open/rounds/6-standings.html").is_file() == (next_round is not ROUND_6)
        status = json.loads((out / "open/standings.json").read_text(encoding="utf-8"))
        assert status["status"] == ("final" if next_round is ROUND_6_RESULTS else "provisional")
    assert "p1-next" not in (out / "open/players/1.html").read_text(encoding="utf-8")


def test_the_live_preview_shows_the_pairings_as_soon_as_they_are_exported(
        tmp_path: Path) -> None:
    from generator.preview.serve import Preview, ServeSettings
    from generator.preview.site_port import default_site_functions
    from tests.preview.test_serve_site import get, wait_until

    trf = make_event(tmp_path / "events", "open", live_trf(announced=6),
                     "title: Open\n") / "tournament.trf"
    with Preview(ServeSettings(events_root=tmp_path / "events", port=0), default_site_functions(),
                 log=lambda line: None) as preview:
        assert get(preview, "/open/rounds/6.html")[0] == 404
        trf.write_text(live_trf(announced=6, next_round=ROUND_6), encoding="utf-8")
        wait_until(lambda: get(preview, "/open/rounds/6.html")[0] == 200)
        assert "Board 2: White against" in plain_text(get(preview, "/open/players/1.html")[1])
        assert get(preview, "/open/rounds/6-standings.html")[0] == 404
        trf.write_text(live_trf(announced=6, next_round=ROUND_6_RESULTS), encoding="utf-8")
        wait_until(lambda: get(preview, "/open/rounds/6-standings.html")[0] == 200)
        assert "Final standings" in plain_text(get(preview, "/open/")[1])
