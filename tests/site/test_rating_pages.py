"""The FIDE rating change (B.02) on the pages: the standings column, the downloads, and a
player's derivation game by game (issue 14).

The expected numbers are worked out by hand from B.02 (the table of 8.1.2, the 400-point
rule and K x (score - expected) of 8.3), never taken from the program: a player rated 1900
with K 20 (the rule's estimate: the file has no birth, no game count) meets

- 2000 and wins: difference -100, expected 0.36, 20 x (1 - 0.36) = +12.8;
- 1800 and draws: difference +100, expected 0.64, 20 x (0.5 - 0.64) = -2.8;
- 1350 and wins: difference +550 counts as +400, expected 0.92, 20 x (1 - 0.92) = +1.6;
- an unrated player (not counted, 8.3.1) and wins by forfeit (no game, not counted);

so the change is +11.6, which the rating list rounds to +12 (8.3.4).
"""

from __future__ import annotations

import csv
import datetime
import html
import io
import json
import re
from decimal import Decimal
from pathlib import Path

import pytest
from kit.crosstable import crosstable
from kit.ratingkit import rated_trf
from kit.sitekit import make_event, page_table_rows

from generator.model import StartNo
from generator.rules.rating_change import KSettings, rating_changes
from generator.site.build import build_site
from generator.site.language import speaking
from generator.site.numbers import change_text
from generator.site.rating_view import player_rating_view, sum_text


def _build(tmp_path: Path, trf: str, settings: str = "tiebreaks: [BH]\n") -> Path:
    events = tmp_path / "events"
    make_event(events, "rated", trf, settings)
    build_site(events, tmp_path / "site")
    return tmp_path / "site" / "rated"


def _text(fragment: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment))).strip()


def _headings(page: str) -> list[str]:
    thead = page.split("<thead>", 1)[1].split("</thead>", 1)[0]
    # A heading cell's end tag may be left out, as HTML allows: the next cell closes it.
    return [_text(cell) for cell in re.findall(r"<th[^>]*>(.*?)(?=<th|</th>|</tr>)", thead, re.S)]


def _standings_rows(page: str) -> dict[str, list[str]]:
    """Each row of the standings table by the player's name: its cells as text."""
    return {cells[1]: cells for cells in page_table_rows(page, "Standings of")}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory.mktemp("rated"), rated_trf())


def test_the_standings_show_each_rated_players_change_in_a_column(site: Path) -> None:
    page = (site / "index.html").read_text(encoding="utf-8")
    headings = _headings(page)
    assert headings[headings.index("Rtg") + 1] == "Rtg±", headings
    column = headings.index("Rtg±")
    rows = _standings_rows(page)
    # By hand (module docstring); K 20 is the rule's estimate, so the cell is marked.
    assert rows["Hero, Anna"][column] == "+11.6≈"
    # The unrated player has no change: a blank cell, not 0.
    assert rows["Newcomer, Ed"][column] == ""
    # 2000 lost to 1900 (expected 0.64: -12.8), then four draws, one against the
    # unrated player (not counted): 2000-1800 (+200: 0.76, -5.2), 2000-1350 (+400:
    # 0.92, -8.4), 2000-1700 (+300: 0.85, -7.0).
    assert rows["Strong, Bo"][column] == "−33.4≈"


def test_the_legend_says_what_the_column_and_its_mark_are_and_links_the_page(
        site: Path) -> None:
    page = (site / "index.html").read_text(encoding="utf-8")
    legend = page.split('<details class="legend">', 1)[1].split("</details>", 1)[0]
    assert '<a href="../tiebreaks/rating-change.html">Rtg±</a>' in legend
    assert "≈: the K used is estimated" in _text(legend)
    explanation = (site.parent / "tiebreaks" / "rating-change.html").read_text(encoding="utf-8")
    assert "400-point rule" in explanation and "B.02 8.3.3" in explanation


def test_the_column_heading_opens_the_players_derivation(site: Path) -> None:
    page = (site / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<th class="num" data-anchor="rating-change">', page)
    player = (site / "players" / "1.html").read_text(encoding="utf-8")
    assert 'id="p1-rating-change"' in player


def test_no_column_without_rated_players(tmp_path: Path) -> None:
    site = _build(tmp_path, rated_trf(ratings={}))
    page = (site / "index.html").read_text(encoding="utf-8")
    assert "Rtg±" not in _headings(page)
    assert "rating-change.html" not in page
    player = (site / "players" / "1.html").read_text(encoding="utf-8")
    assert "rating-change" not in player


def test_the_standings_after_a_round_have_no_column(site: Path) -> None:
    # (After round 5, the last, they are the event's own standings: that address sends
    # the browser to the event's page, issue 26.)
    page = (site / "rounds" / "4-standings.html").read_text(encoding="utf-8")
    assert "Rtg±" not in _headings(page)


def _derivation(site: Path, number: int) -> str:
    page = (site / "players" / f"{number}.html").read_text(encoding="utf-8")
    return page.split(f'id="p{number}-rating-change"', 1)[1].split("</section>", 1)[0]


def test_the_player_page_shows_each_games_arithmetic(site: Path) -> None:
    block = _derivation(site, 1)
    # A line per game (the opponent, their rating and the change are the round table's):
    # the round, the difference as counted, the arithmetic or why the game does not count.
    # What a difference and an expected score are, and the articles (B.02 8.3, the
    # 400-point rule), the explanation page says, which the section's heading links: a
    # reader finds it in one step, and neither the lines nor the page say it again.
    games = [_text(item) for item in re.findall(r"<li>(.*?)(?=<li>|</li>|</ul>)", block, re.S)]
    assert games == [
        "Round 1: difference −100, expected score 0.36: 20 × (1 − 0.36) = +12.8.",
        "Round 2: difference +100, expected score 0.64: 20 × (0.5 − 0.64) = −2.8.",
        "Round 3: difference +550, counted as +400, expected score 0.92: "
        "20 × (1 − 0.92) = +1.6.",
        "Round 4: Not counted: the opponent is unrated, and only games against rated "
        "opponents count (B.02 8.3).",
        "Round 5: Not counted: won or lost by forfeit, no game was played.",
    ]
    text = _text(block)
    assert "the rating difference (at most" not in text
    heading = block.split("</h2>", 1)[0]
    assert '<a href="../../tiebreaks/rating-change.html">Rating change</a>' in heading
    method = _text((site.parent / "tiebreaks" / "rating-change.html").read_text(encoding="utf-8"))
    assert "The rating difference." in method and "The expected score." in method
    assert "K × (score − expected score)" in method and "400-point rule, B.02 8.3.1" in method
    assert "+12.8 − 2.8 + 1.6 = +11.6, rounded to +12 (B.02 8.3.4)." in text
    assert ("K 20, estimated: rated under 2400; the file does not say how many rated games "
            "the player has played") in text
    assert "in force from 1 March 2024" in text


def test_the_round_by_round_table_has_each_games_change(site: Path) -> None:
    page = (site / "players" / "1.html").read_text(encoding="utf-8")
    table = page.split('<table class="rounds-table', 1)[1].split("</table>", 1)[0]
    headings = _headings(table)
    assert headings[-1] == "Rtg±"
    rows = page_table_rows(page, "Games of")
    assert [row[-1] for row in rows] == ["+12.8", "−2.8", "+1.6", "", ""]
    # The opponents and their ratings, which the derivation's lines do not repeat.
    assert [row[1:3] for row in rows] == [
        ["Strong, Bo (2)", "2000"], ["Equal, Cy (3)", "1800"], ["Low, Di (4)", "1350"],
        ["Newcomer, Ed (5)", ""], ["Absent, Flo (6) forfeit win", "1700"]]


def test_an_unrated_players_page_says_there_is_no_change(site: Path) -> None:
    block = _derivation(site, 5)
    assert "<table" not in block
    assert "No rating change: the player has no rating yet" in _text(block)


def test_the_derivation_heading_links_the_explanation_page(site: Path) -> None:
    block = _derivation(site, 1)
    assert '<a href="../../tiebreaks/rating-change.html">Rating change</a> = +11.6' in block


def test_the_downloads_carry_the_change_k_and_its_source(site: Path) -> None:
    document = json.loads((site / "standings.json").read_bytes())
    players = {player["start_no"]: player for player in document["players"]}
    assert (players[1]["rating_change"], players[1]["k"], players[1]["k_source"]) == (
        11.6, 20, "estimated")
    assert (players[5]["rating_change"], players[5]["k"], players[5]["k_source"]) == (
        None, None, None)
    rows = {row["start_no"]: row for row in csv.DictReader(
        io.StringIO((site / "standings.csv").read_text(encoding="utf-8")))}
    assert (rows["1"]["rating_change"], rows["1"]["k"], rows["1"]["k_source"]) == (
        "11.6", "20", "estimated")
    assert (rows["5"]["rating_change"], rows["5"]["k"], rows["5"]["k_source"]) == ("", "", "")
    assert rows["2"]["rating_change"] == "-33.4"


def test_an_unrated_events_downloads_have_no_rating_fields(tmp_path: Path) -> None:
    site = _build(tmp_path, rated_trf(ratings={}))
    document = json.loads((site / "standings.json").read_bytes())
    assert all("rating_change" not in player for player in document["players"])
    header = (site / "standings.csv").read_text(encoding="utf-8").splitlines()[0]
    assert "rating_change" not in header.split(",")


# --- the view without a site: K given, the decimal separator --------------------------------

_SMALL = """
1 Anna  1900 | 2w1  3b=
2 Boris 2000 | 1b0  -H
3 Cyril 1800 | -H   1w=
"""


def test_a_k_the_settings_give_is_not_marked_estimated() -> None:
    tournament = crosstable(_SMALL)
    changes = rating_changes(tournament, KSettings(default=40), on=None)
    view = player_rating_view(changes[StartNo(1)], tournament.player(StartNo(1)),
                              "rating-change.html")
    assert not view.is_estimated
    assert view.k_sentences == ("K 40: the event's settings give it for every player.",)
    # 40 x (1 - 0.36) = +25.6; 40 x (0.5 - 0.64) = -5.6.
    assert [line.change for line in view.lines] == ["+25.6", "−5.6"]
    assert view.total == "+20.0"
    assert view.change_in(1) == "+25.6" and view.change_in(3) == ""


def test_the_sentences_every_player_shares_are_worded_once() -> None:
    """The edition's method and date read the same on every page of an event: worded once
    per language and the same text for each page, not once per player."""
    tournament = crosstable(_SMALL)
    changes = rating_changes(tournament, KSettings(default=40), on=None)
    views = [player_rating_view(changes[number], tournament.player(number),
                                "rating-change.html")
             for number in (StartNo(1), StartNo(2))]
    assert views[0].edition is views[1].edition
    with speaking("de"):
        german = player_rating_view(changes[StartNo(1)],
                                    tournament.player(StartNo(1)), "rating-change.html")
    assert german.edition != views[0].edition


def test_the_method_is_said_on_a_page_only_where_the_player_keeps_the_real_difference() -> None:
    """Issue 26: the method (difference, expected score, K x (score - expected)) is the same
    on every page of an event, and the explanation page the section's heading links says
    it; a page says it again only for a player rated 2650 or more from October 2025, whose
    difference is not cut at 400 (B.02 8.3.1 of 2025-10) as that page says a line's is."""
    tournament = crosstable("""
        1 Top   2700 | 2w1
        2 Club  2000 | 1b0
    """)
    changes = rating_changes(tournament, KSettings(default=10),
                             on=datetime.date(2026, 1, 10))
    top, club = (player_rating_view(changes[number], tournament.player(number),
                                    "rating-change.html")
                 for number in (StartNo(1), StartNo(2)))
    assert club.how == ""
    assert top.how.startswith("For each game against a rated opponent: the rating difference "
                              "(not cut at 400 for a player rated 2650 or more")


def test_k_given_for_one_player_wins_over_the_rule() -> None:
    tournament = crosstable(_SMALL)
    changes = rating_changes(tournament, KSettings(players={StartNo(1): 10}), on=None)
    view = player_rating_view(changes[StartNo(1)], tournament.player(StartNo(1)),
                              "rating-change.html")
    assert view.k_sentences == ("K 10: the event's settings give it for this player.",)
    assert view.total == "+5.0"  # 10 x 0.64 - 10 x 0.14


@pytest.mark.parametrize(("value", "english", "german"), [
    (Decimal("12.8"), "+12.8", "+12,8"),
    (Decimal("-3"), "−3.0", "−3,0"),
    (Decimal("5.55"), "+5.55", "+5,55"),
    (Decimal("0"), "0.0", "0,0"),
])
def test_a_change_is_written_with_its_sign_and_the_languages_separator(
        value: Decimal, english: str, german: str) -> None:
    assert change_text(value) == english
    with speaking("de"):
        assert change_text(value) == german


def test_a_sum_is_written_as_a_reader_writes_it() -> None:
    assert sum_text((Decimal("12.8"), Decimal("-2.8"), Decimal("1.6"))) == "+12.8 − 2.8 + 1.6"
    assert sum_text((Decimal("-2.8"),)) == "−2.8"


def test_event_yml_gives_k_for_one_player_and_the_rule_the_others(tmp_path: Path) -> None:
    site = _build(tmp_path, rated_trf(),
                  "tiebreaks: [BH]\nrating_change:\n  k: {default: rule, players: {1: 40}}\n")
    rows = _standings_rows((site / "index.html").read_text(encoding="utf-8"))
    column = _headings((site / "index.html").read_text(encoding="utf-8")).index("Rtg±")
    # 40 x (0.64 - 0.14 + 0.08) = +23.2, K given: no mark; player 2 keeps the rule's K 20.
    assert rows["Hero, Anna"][column] == "+23.2"
    assert rows["Strong, Bo"][column] == "−33.4≈"
    assert "K 40: the event's settings give it for this player." in _text(_derivation(site, 1))
    document = json.loads((site / "standings.json").read_bytes())
    first = next(p for p in document["players"] if p["start_no"] == 1)
    assert (first["rating_change"], first["k"], first["k_source"]) == (23.2, 40, "given")


def test_a_game_fide_rates_but_the_file_cannot_is_left_out_and_said_so() -> None:
    # 2009 (the edition in force on 1 March 2010): FIDE rated a game against an unrated
    # opponent with the rating the opponent got from the event, which a TRF cannot hold.
    tournament = crosstable("""
        1 Anna  1900 | 2w1  3b1
        2 Boris 2000 | 1b0  -H
        3 Cyril -    | -H   1w0
    """)
    changes = rating_changes(tournament, KSettings(default=15), on=datetime.date(2010, 3, 1))
    view = player_rating_view(changes[StartNo(1)], tournament.player(StartNo(1)),
                              "rating-change.html")
    assert [line.sentences for line in view.lines][1] == (
        "Left out: FIDE rates this game against the rating the unrated opponent gets from "
        "the event, which the file cannot hold.",)
    # 15 x (1 - 0.36) = +9.6; the edition names no rounding.
    assert view.sum_sentence == ("+9.6 = +9.6. FIDE's own change also counts the games left "
                                 "out here, so it will differ from this one.")


def test_the_json_with_rating_fields_keeps_the_documents_layout(site: Path) -> None:
    # standings.json is laid out by hand as json.dumps would lay it out on one line
    # (downloads.py: the site's download, issue 26).
    data = (site / "standings.json").read_bytes()
    document = json.loads(data)
    assert data == (json.dumps(document, ensure_ascii=False, separators=(",", ":"))
                    + "\n").encode("utf-8")


def test_before_july_2009_the_350_point_rule_and_a_citation_without_a_number() -> None:
    # Before 1 July 2009 a wider difference counted as 350 (the FIDE news of July 2009
    # says the 400-point rule replaced it); -350 gives 0.11 (B.02's table: 89 for the
    # higher-rated from 345 to 357), so a win with K 15 is 15 x (1 - 0.11) = +13.35.
    tournament = crosstable("""
        1 Anna  1900 | 2w1
        2 Boris 2300 | 1b0
    """)
    changes = rating_changes(tournament, KSettings(default=15), on=datetime.date(2005, 6, 1))
    view = player_rating_view(changes[StartNo(1)], tournament.player(StartNo(1)),
                              "rating-change.html")
    assert view.lines[0].sentences == (
        "Round 1: difference −400, counted as −350, expected score 0.11: "
        "15 × (1 − 0.11) = +13.35.",)
    assert view.edition == "FIDE Rating Regulations (B.02) in force before 1 July 2009"
    assert view.how == ""  # the method (at most 350 points) is the explanation page's
    assert view.sum_sentence == "+13.35 = +13.35."
