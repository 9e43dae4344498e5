"""The first screen of a player page: place, points and why, in sentences (issue 12).

The numbers in the expected sentences are the reference calculator's
(tests/corpus/expected/*.json, read here, not ours) or the wireframe's hand-checked ones
(design/player-page.md: synth-club-byes, Berg); the games named are read off the TRF.
"""

from __future__ import annotations

import html as html_module
import json
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS, CORPUS_TRF
from markupsafe import Markup

from generator.reading.events import read_event
from generator.site import derivation, headline_words, wording
from generator.site.build import build_site, plan_event
from generator.site.headline import Sentence, html_format
from generator.site.numbers import format_points
from generator.site.plan import EventPlan
from generator.site.player_view import PlayerView, player_views
from tests.kit.livekit import row_markups
from tests.kit.sitekit import make_event

PLAIN_LIST = "tiebreaks: [BH/C1, BH, SB]\nedition: '2026'\n"
DE_LIST = "tiebreaks: [DE, BH/C1, BH, SB]\nedition: '2026'\n"


def _plan(tmp_path: Path, corpus: str, settings: str) -> EventPlan:
    folder = make_event(tmp_path / "events", "ev", CORPUS_TRF / f"{corpus}.trf",
                        "title: Test\n" + settings)
    return plan_event(read_event(folder))


def _views(plan: EventPlan) -> dict[int, PlayerView]:
    return {view.row.player.start_no: view
            for view in player_views(plan, 0, len(plan.standings.rows))}


def _reference(corpus: str) -> dict[int, dict[str, Any]]:
    data = json.loads((CORPUS / "expected" / f"{corpus}.json").read_text(encoding="utf-8"))
    return {p["start_no"]: p["values"]["2026"] for p in data["players"]}


def _points(value: float) -> str:
    return format_points(Decimal(str(value)))


def test_points_alone(tmp_path: Path) -> None:
    reference = _reference("synth-club-byes")
    # Start no. 5 is the only player on 4½ (the reference's PTS column).
    assert [n for n, v in reference.items() if v["PTS"] == reference[5]["PTS"]] == [5]
    view = _views(_plan(tmp_path, "synth-club-byes", PLAIN_LIST))[5]
    assert view.headline_text == ("3rd of 15 with 4½ points. Nobody else has 4½ points: the "
                                  "points alone decide the place.")


def test_decided_by_the_first_tiebreak_names_both_neighbours(tmp_path: Path) -> None:
    # The wireframe's case: Berg, 11th, BH/C1 21 against Dubois's 22½ and Kim's 19½.
    view = _views(_plan(tmp_path, "synth-club-byes", PLAIN_LIST))[10]
    assert view.headline_text == (
        "11th of 15 with 3 points. "
        "Level with Jonas Dubois (10th) on points, behind on Buchholz, cut 1 (BH/C1): "
        "21 against 22½. "
        "Level with Tara Kim (12th) on points, ahead on Buchholz, cut 1 (BH/C1): 21 against 19½.")


def test_equal_tiebreaks_before_the_deciding_one_are_named(tmp_path: Path) -> None:
    reference = _reference("gnutterts-bbp-8p5r")
    eight, six = reference[8], reference[6]
    assert eight["PTS"] == six["PTS"]
    assert (eight["BH/C1"], eight["BH"]) == (six["BH/C1"], six["BH"])
    assert eight["SB"] > six["SB"]
    view = _views(_plan(tmp_path, "gnutterts-bbp-8p5r", PLAIN_LIST))[8]
    assert view.headline_text == (
        f"1st of 8 with {_points(eight['PTS'])} points. Level with Player Six (2nd) on points, "
        f"equal on BH/C1 {_points(eight['BH/C1'])} and BH {_points(eight['BH'])}, "
        "ahead on Sonneborn-Berger (SB): "
        f"{_points(eight['SB'])} against {_points(six['SB'])}.")


def test_a_shared_place_names_who_shares_it(tmp_path: Path) -> None:
    reference = _reference("gnutterts-bbp-8p5r")
    keys = ("PTS", "BH/C1", "BH", "SB")
    assert [reference[2][k] for k in keys] == [reference[3][k] for k in keys]
    views = _views(_plan(tmp_path, "gnutterts-bbp-8p5r", PLAIN_LIST))
    assert views[3].headline_text == (
        "3rd–4th of 8 with 3 points. Shares 3rd–4th with Player Two: equal on every "
        "tie-break of the list.")
    # Player Two also has Player Six above on the same points: that sentence follows.
    assert views[2].headline_text.startswith(
        "3rd–4th of 8 with 3 points. Shares 3rd–4th with Player Three: equal on every "
        "tie-break of the list. Level with Player Six (2nd) on points, behind on Buchholz, "
        "cut 1 (BH/C1): "
        f"{_points(reference[2]['BH/C1'])} against {_points(reference[6]['BH/C1'])}.")


def test_direct_encounter_in_words(tmp_path: Path) -> None:
    # lichess 2020-05: hansimpech (3rd) and michaelwalz7 (4th), both 6½; the TRF has their
    # game in round 6, won by hansimpech.
    views = _views(_plan(tmp_path, "sklangen-lichess-2020-05", DE_LIST))
    third = next(v for v in views.values() if v.row.rank == 3)
    fourth = next(v for v in views.values() if v.row.rank == 4)
    trf = (CORPUS_TRF / "sklangen-lichess-2020-05.trf").read_text(encoding="utf-8")
    line = next(li for li in trf.splitlines()
                if li.startswith("001") and int(li[4:8]) == third.row.player.start_no)
    round_six = line[91 + 5 * 10: 91 + 5 * 10 + 8].split()
    assert round_six == [str(fourth.row.player.start_no), round_six[1], "1"]
    assert third.headline_text.endswith(
        f"Level with {fourth.row.player.display_name} (4th) on points, ahead on direct "
        "encounter: won their game in round 6.")
    assert fourth.headline_text.startswith(
        f"4th of 13 with 6½ points. Level with {third.row.player.display_name} (3rd) on "
        "points, behind on direct encounter: lost their game in round 6.")


def test_direct_encounter_among_several_gives_their_points(tmp_path: Path) -> None:
    # seed-anna: Vera (3), Gleb (4), Dina (5) on 2½; Vera beat both (rounds 2 and 5),
    # Gleb and Dina did not meet (Art. 6.3).
    views = _views(_plan(tmp_path, "seed-anna", DE_LIST))
    assert views[3].headline_text.endswith(
        "Level with Gleb (4th) on points, ahead on direct encounter: 2 against 0 in the games "
        "among the tied players.")
    # Gleb against Dina: DE left them tied without a game between them, BH/C1 decided.
    assert "Level with Dina (5th) on points, equal on DE, ahead on Buchholz, cut 1 (BH/C1):" in (
        views[4].headline_text)


def test_direct_encounter_that_did_not_apply_is_not_called_equal(tmp_path: Path) -> None:
    # synth-club-byes: Jonas Kim (6) and Katya Costa (12), 8th and 9th on 3½, did not meet:
    # Art. 6 had no game to work on (6.3), so it is not "equal" for them.
    views = _views(_plan(tmp_path, "synth-club-byes", DE_LIST))
    assert "DE" not in views[6].headline_text
    assert ("Level with Katya Costa (9th) on points, ahead on Buchholz, cut 1 (BH/C1):"
            in views[6].headline_text)
    # Berg (10) and Dubois (2) drew in round 2, and Art. 6 (6.3) left them tied: equal.
    assert ("Level with Jonas Dubois (10th) on points, equal on DE, behind on Buchholz, "
            "cut 1 (BH/C1): 21 against 22½.") in views[10].headline_text


def test_drawing_of_lots(tmp_path: Path) -> None:
    views = _views(_plan(tmp_path, "gnutterts-bbp-8p5r",
                         PLAIN_LIST + "ties: lots\nlots_seed: 7\n"))
    two, three = views[2], views[3]
    ahead, behind = sorted((two, three), key=lambda v: v.row.rank)
    assert (ahead.row.rank, behind.row.rank) == (3, 4)
    assert ahead.headline_text.endswith(
        f"Level with {behind.row.player.display_name} (4th) on points and on every "
        "tie-break, placed ahead by drawing of lots, seed 7 (C.07 4.2).")
    assert (f"Level with {ahead.row.player.display_name} (3rd) on points and on every "
            "tie-break, placed behind by drawing of lots, seed 7 (C.07 4.2)."
            ) in behind.headline_text


def test_provisional_standings_say_so(tmp_path: Path) -> None:
    plan = _plan(tmp_path, "bbp-dutch2025-c5", PLAIN_LIST)
    assert not plan.standings.is_final
    for view in _views(plan).values():
        assert re.match(r"\d+(st|nd|rd|th)(–\d+(st|nd|rd|th))? of 6 with .* after round 2"
                        r"( of \d+)?, provisional\. ", view.headline_text), view.headline_text


def test_the_sentence_is_escaped_and_links_the_neighbours() -> None:
    ahead = (headline_words.Reason.TIEBREAK, headline_words.Side.AHEAD)
    sentence = Sentence(wording=headline_words.REASONS[ahead],
                        fields={"name": "<script>x</script> & {place}", "place": "2nd",
                                "criterion": "BH", "mine": "3", "theirs": "2"},
                        links={"name": 'p2.html?"a"', "criterion": "#p1-bh"})
    html = sentence.html
    assert isinstance(html, Markup)
    assert "<script>" not in html and "&lt;script&gt;x&lt;/script&gt; &amp; {place}" in html
    assert '<a href="p2.html?&#34;a&#34;">' in html and '<a href="#p1-bh">BH</a>' in html
    assert sentence.text.startswith("Level with <script>x</script> & {place} (2nd)")


def test_every_reason_has_words_for_both_sides() -> None:
    given = {"name", "place", "criterion", "mine", "theirs", "equal", "round", "seed"}
    for reason in headline_words.Reason:
        for side in headline_words.Side:
            words = headline_words.REASONS[(reason, side)]
            assert wording.fields_named(words) <= given, (reason, side)
    for key, words in headline_words.TEAM_REASONS.items():
        assert wording.fields_named(words) == wording.fields_named(headline_words.REASONS[key])
    for reason, after in headline_words.AFTER_EQUAL.items():
        assert "equal" in wording.fields_named(
            headline_words.REASONS[(after, headline_words.Side.AHEAD)])
        assert "equal" not in wording.fields_named(
            headline_words.REASONS[(reason, headline_words.Side.AHEAD)])


@pytest.mark.parametrize(("items", "text"), [
    ((), ""), (("A",), "A"), (("A", "B"), "A and B"), (("A", "B", "C"), "A, B and C")])
def test_join_words(items: tuple[str, ...], text: str) -> None:
    assert wording.join_words(items) == text


def test_player_page_opens_with_the_sentence(tmp_path: Path) -> None:
    events = tmp_path / "events"
    make_event(events, "club", CORPUS_TRF / "synth-club-byes.trf", "title: Club\n" + PLAIN_LIST)
    site = tmp_path / "site"
    build_site(events, site)
    html = (site / "club" / "players" / "10.html").read_text(encoding="utf-8")
    main = html[html.index("<main"):]
    headline = main.index('class="headline"')
    # The sentence comes before the rounds and the derivations.
    assert headline < main.index('class="rounds-table') < main.index("How each tie-break")
    text = re.sub(r"<[^>]+>", "", main[headline:main.index("</p>", headline)])
    assert "11th of 15 with 3 points." in text
    assert "behind on Buchholz, cut 1 (BH/C1): 21 against 22½" in text


def _cells_of(html: str, anchor: str) -> dict[str, str]:
    """Player number -> the text of the standings cell in the column whose derivations are
    at ``anchor`` (``#p3-de``): the heading names it by ``data-anchor``."""
    thead = html[html.index("<thead>"):html.index("</thead>")]
    headings = re.findall(r"<th(?:\s[^>]*)?>", thead)
    column = next(i for i, th in enumerate(headings) if f'data-anchor="{anchor}"' in th)
    # Each row's cells as a browser reads them (their end tags are left out).
    body = html[html.index("<tbody>"):html.index("</tbody>")]
    found = {}
    for row in row_markups(body):
        player = re.search(r'href="players/(\d+)\.html"', row)
        if player is None:
            continue
        cells = re.split(r"<t[dh](?:\s[^>]*)?>", row)[1:]
        found[player.group(1)] = re.sub(r"<[^>]+>", "", cells[column]).strip()
    return found


def _site_of(tmp_path: Path, corpus: str, settings: str) -> Path:
    events = tmp_path / "events"
    make_event(events, "ev", CORPUS_TRF / f"{corpus}.trf", "title: Ev\n" + settings)
    site = tmp_path / "site"
    build_site(events, site)
    return site / "ev"


def test_direct_encounter_is_blank_on_the_standings_where_it_did_not_apply(
        tmp_path: Path) -> None:
    # synth-club-byes, DE first: 8 and 13 (5 points) drew; 5 (4½) and 1 (2) were tied with
    # nobody; 6 and 12 (3½) did not meet. Art. 6 put no one ahead: no cell says "0".
    event = _site_of(tmp_path, "synth-club-byes", DE_LIST)
    html = (event / "index.html").read_text(encoding="utf-8")
    table = html[html.index("<table"):html.index("</table>")]
    cells = _cells_of(table, "de")
    assert len(cells) == 15 and set(cells.values()) == {""}, cells
    # The downloads keep the engine's value, the reference calculator's 0 (Art. 6 gives
    # no place in a group it does not separate).
    players = json.loads((event / "standings.json").read_text(encoding="utf-8"))
    assert {p["tiebreaks"]["DE"] for p in players["players"]} == {0}


def test_direct_encounter_shows_the_place_it_gave(tmp_path: Path) -> None:
    # seed-anna: Art. 6 (6.3) put Vera (3) first of the group {3, 4, 5}, then left Gleb
    # (4) and Dina (5) tied at 2 (they did not meet); Anna and Boris (1, 2) drew.
    html = (_site_of(tmp_path, "seed-anna", DE_LIST) / "index.html").read_text(
        encoding="utf-8")
    table = html[html.index("<table"):html.index("</table>")]
    cells = _cells_of(table, "de")
    assert (cells["3"], cells["4"], cells["5"]) == ("1", "2", "2")
    assert (cells["1"], cells["2"]) == ("", "")


def test_every_dummy_sentence_exists_and_names_only_what_it_is_given() -> None:
    given = {"kind", "round", "who", "opponent", "own", "cap", "article"}
    for against in (False, True):
        for cap in wording.DummyCap:
            named = wording.fields_named(wording.DUMMY_SENTENCES[(against, cap)])
            assert named <= given and ("opponent" in named) == against
            assert ("cap" in named) == (cap is not wording.DummyCap.NONE)


def test_every_unplayed_category_has_words() -> None:
    from generator.rules.unplayed import Category
    assert set(wording.CATEGORIES) == set(Category)
    for category, words in wording.CATEGORIES.items():
        assert words.endswith(f"{category.value})") or f"{category.value}," in words


def test_derivation_lines_say_it_in_words_first_and_cite_the_article_last(
        tmp_path: Path) -> None:
    # The wireframe's Berg (10): round 1 a requested bye, own score 3 and cap 3½ (½ x 7
    # rounds, 16.4.2); round 6 a forfeit loss, cap Lopez's score 5 (16.4.1); neither bites.
    html = (_site_of(tmp_path, "synth-club-byes", PLAIN_LIST) / "players" / "10.html"
            ).read_text(encoding="utf-8")
    section = html[html.index('id="p10-bh-c1"'):html.index('id="p10-bh"')]
    text = html_module.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", section)))
    assert ("Cut first, being a voluntary unplayed round (C.07 16.5). The requested "
            "half-point bye in round 1 counts as a game against an imaginary opponent with "
            "Pavel Berg's own score, 3; the cap, 3½, does not bite (C.07 16.4.2). A requested "
            "bye, so a voluntary unplayed round (C.07 16.1, 16.2.3).") in text
    assert ("The forfeit loss against Pavel Lopez in round 6 counts as a game against an "
            "imaginary opponent with Pavel Berg's own score, 3; the cap, Pavel Lopez's score "
            "5, does not bite (C.07 16.4.1).") in text
    assert "Category 16" not in html and "Voluntary unplayed round (16.1)" not in html


def test_a_player_page_never_says_de_0_above_the_points_that_left_them_equal(
        tmp_path: Path) -> None:
    # seed-anna: Anna (1) and Boris (2) drew their game (round 2): Art. 6 gave no place.
    players = _site_of(tmp_path, "seed-anna", DE_LIST) / "players"
    for page in players.glob("*.html"):
        text = re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8"))
        assert "DE = 0" not in text, page.name
    anna = re.sub(r"<[^>]+>", "", (players / "1.html").read_text(encoding="utf-8"))
    assert ("½ (rd 2) = ½ in the games among the tied players, which leaves them equal: "
            "no place from direct encounter.") in anna
    vera = re.sub(r"<[^>]+>", "", (players / "3.html").read_text(encoding="utf-8"))
    assert "DE = 1" in vera and "= 2 in the games among the tied players: 1st among them" in vera


def test_a_team_page_has_the_same_sentence_in_match_points(tmp_path: Path) -> None:
    # Armstrong Cup 2011: Malahide, Rathmines B and Dublin on 6 match points; Art. 6 on
    # their three matches (2 match points each, 6 in all) gives 4, 2 and 0.
    views = _views(_plan(tmp_path, "icu-armstrong-cup-2011", "tiebreaks: [DE, SB]\n"))
    by_rank = {v.row.rank: v for v in views.values()}
    ninth, tenth, eleventh = by_rank[9], by_rank[10], by_rank[11]
    assert tenth.headline_text == (
        f"10th of 12 with 6 match points. Level with {ninth.row.player.name} (9th) on points, "
        "behind on direct encounter: 2 against 4 in the matches among the tied teams. "
        f"Level with {eleventh.row.player.name} (11th) on points, ahead on direct encounter: "
        "2 against 0 in the matches among the tied teams.")


HOSTILE_NAME = "<script>x</script>&amp;{place}, A"
"""33 characters, the TRF's name field (001 columns 15-47)."""


def test_a_hostile_neighbour_name_is_escaped_in_the_sentence(tmp_path: Path) -> None:
    lines = (CORPUS_TRF / "synth-club-byes.trf").read_text(encoding="utf-8").splitlines()
    index = next(k for k, line in enumerate(lines) if line.startswith("001    2 "))
    assert len(HOSTILE_NAME) == 33
    lines[index] = lines[index][:14] + HOSTILE_NAME + lines[index][47:]
    events = tmp_path / "events"
    make_event(events, "club", "\n".join(lines) + "\n", "title: Club\n" + PLAIN_LIST)
    build_site(events, tmp_path / "site")
    page = (tmp_path / "site" / "club" / "players" / "10.html").read_text(encoding="utf-8")
    headline = page[page.index('class="headline"'):]
    headline = headline[:headline.index("</p>")]
    assert "<script>" not in headline
    # display_name puts the first name first: "A <script>…".
    assert ('<a href="2.html">A &lt;script&gt;x&lt;/script&gt;&amp;amp;{place}</a> (10th)'
            in headline), headline
    views = _views(plan_event(read_event(events / "club")))
    assert "Level with A <script>x</script>&amp;{place} (10th) on points" in (
        views[10].headline_text)


def test_the_direct_encounter_section_says_the_group_in_sentences(tmp_path: Path) -> None:
    anna = _site_of(tmp_path / "anna", "seed-anna", DE_LIST) / "players" / "3.html"
    text = re.sub(r"<[^>]+>", "", anna.read_text(encoding="utf-8"))
    assert ("Tied at this point: Vera, Gleb and Dina. Points in the games between them: "
            "Vera 2, Gleb 0 and Dina 0.") in text
    # synth-club-byes: Jonas Kim (6) and Katya Costa (12) tied on 3½ without a game.
    club = _site_of(tmp_path / "club", "synth-club-byes", DE_LIST) / "players" / "6.html"
    text = re.sub(r"<[^>]+>", "", club.read_text(encoding="utf-8"))
    assert ("Tied at this point: Jonas Kim and Katya Costa. They did not play each other, so "
            "the direct encounter cannot separate them.") in text


def test_a_team_event_ranked_on_game_points_heads_the_neighbours_points_gp(
        tmp_path: Path) -> None:
    # Record 192 FIDE_TEAM_GP_MP: the game points are the primary score (C.07 11.1), so the
    # neighbours table's points column holds game points and says so.
    events = tmp_path / "events"
    make_event(events, "gp", CORPUS / "teams" / "trf" / "bbp-team-gp-primary-fix362.trf",
               "tiebreaks: [BH:GP]\n")
    build_site(events, tmp_path / "site")
    heads = []
    for page in sorted((tmp_path / "site" / "gp" / "teams").glob("*.html")):
        table = re.search(r'<table class="why">.*?</thead>', page.read_text(encoding="utf-8"),
                          re.S)
        if table:
            heads.append(table.group(0))
    assert heads, "no team page has a neighbours table"
    for head in heads:
        assert '<abbr title="Game points">GP</abbr>' in head and ">MP<" not in head


_HOSTILE = {"name": "<b>O'Neil & \"Co\"</b>", "link": Markup('<a href="x">&lt;A&gt;</a>'),
            "number": 7, "points": Decimal("3.5")}


@pytest.mark.parametrize("wording", [
    "{name} and {link} on {points} ({number}).",
    "{{literal}} {name} & <i>{link}</i>",
    "{number:4} {name!r} {name}",  # a format and a conversion: Markup's own formatting
    "no fields at all",
])
def test_a_sentence_formats_its_fields_as_markup_would(wording: str) -> None:
    template = Markup(wording) if "<i>" in wording else Markup(html_module.escape(wording))
    assert html_format(template, _HOSTILE) == template.format_map(_HOSTILE)


def test_a_sentence_of_bare_fields_needs_no_markup_formatter(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*_: object) -> None:
        raise AssertionError("Markup.format_map called")

    monkeypatch.setattr(Markup, "format_map", refused)
    sentence = Sentence(wording="{name} beat {other}.", fields={"name": "<A>", "other": "B"},
                        links={"other": "../players/2.html"})
    assert sentence.html == '&lt;A&gt; beat <a href="../players/2.html">B</a>.'
    assert html_format(Markup("{x}"), {"x": "&"}) == "&amp;"


def test_a_cut_variants_lines_are_its_sums_lines_made_once(tmp_path: Path) -> None:
    """BH/C1 and BH show the same elements, one of them cut (Art. 14.1): on a page each
    element not cut is one line, written once and shown in both sections; a cut one is a
    line of its own, which says why it is cut."""
    views = _views(_plan(tmp_path, "synth-club-byes", PLAIN_LIST))
    shared = cut = 0
    for view in views.values():
        by_code = {section.spec.written: section for section in view.sections}
        with_cut, without = by_code["BH/C1"], by_code["BH"]
        for line, full in zip(with_cut.lines, without.lines, strict=True):
            if line.part.cut is None:
                assert line is full
                shared += 1
            else:
                cut += 1
                assert line is not full and full.part.cut is None and line.reasons
                assert not full.reasons or full.reasons != line.reasons
    assert shared and cut >= len(views) - 1


def test_a_sum_written_as_terms_words_no_round(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """WIN and BPG (Art. 7) are sums of the player's own rounds, written as one line of
    terms ("1 (rd 1) + 1 (rd 3) = 2"): no round of theirs has a "why" to word, so no
    clause is made for them (a page has some twenty such rounds per tie-break); a table
    (BH) still words each round as ``standings explain`` does."""
    worded: list[object] = []
    real_cut_clause = derivation.cut_clause

    def counting_cut_clause(part: Any, spec: Any) -> Any:
        worded.append(spec.written)
        return real_cut_clause(part, spec)

    monkeypatch.setattr(derivation, "cut_clause", counting_cut_clause)
    views = _views(_plan(tmp_path, "synth-club-byes", "tiebreaks: [WIN, BPG, BH]\n"))
    sections = [section for view in views.values() for section in view.sections]
    assert {s.spec.written for s in sections if s.lines and not s.is_tabular} == {"WIN", "BPG"}
    assert set(worded) == {"BH"}
    assert len(worded) == sum(len(s.lines) for s in sections if s.spec.written == "BH")
