"""Issue 25: no player page grows with the size of the player's tie group.

An event where every game is drawn ties every player on points and on every tie-break
before DE, so Art. 6 gets the whole field as one group (C.07 6.3: they have not all met).
Each page used to list that group twice in its DE section, which made a 3,000-player
event's pages 234 KB each and its site 701 MB; a page now names what matters to its
player (site/player_view.py, wording.ENCOUNTER_LISTED) and links to the standings.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.model import StartNo
from generator.rules.explain import BoardOrderNote, EncounterStep, ExtendedEncounterNote
from generator.site.build import build_site
from generator.site.tie_groups import ENCOUNTER_LISTED, NamedGroupNote, named_group_notes
from generator.site.wording import note_words
from tests.kit import trfgen
from tests.kit.sitekit import make_event

PLAYERS = 300
"""Large enough that a list of the group (some 120 bytes a member on a page: a linked name,
then the name with its points) would be more than the page's rounds explain."""
ROUNDS = 5
"""Few rounds: the shape shows at any number of rounds, and the build stays short."""
FIXED_BYTES = 12_000
"""What a player page holds whatever the number of rounds and players: the head and the
navigation, the headline and the "why" table of its two neighbours, the about card, the
headings and fixed sentences of each tie-break's section (some 10.5 KB in this event)."""
BYTES_PER_ROUND = 2_000
"""What one more round adds to a player page: a line of the rounds table, of each
tie-break table that lists rounds (BH/C1, SB), of the rating change, a term of each sum,
and at most one opponent named twice in the DE section (some 1.3 KB in this event)."""


@pytest.fixture(scope="module")
def players_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("tied")
    make_event(root / "events", "tied", trfgen.generate_tied_swiss(PLAYERS, ROUNDS, seed=25),
               "title: All drawn\ntiebreaks: [BH/C1, BH, SB, DE, WIN, BPG, TPN]\n")
    build_site(root / "events", root / "site", workers=1)
    return root / "site" / "tied" / "players"


def test_the_largest_player_page_of_an_all_tied_event_is_bounded_by_its_rounds(
        players_folder: Path) -> None:
    sizes = {page.name: page.stat().st_size for page in players_folder.glob("*.html")}
    assert len(sizes) == PLAYERS
    largest = max(sizes, key=sizes.__getitem__)
    bound = FIXED_BYTES + BYTES_PER_ROUND * ROUNDS
    assert sizes[largest] <= bound, (
        f"{largest} is {sizes[largest]} bytes, more than {bound} for {ROUNDS} rounds: a page "
        f"grows with its tie group of {PLAYERS}")


def _de_section(page: Path) -> str:
    text = page.read_text(encoding="utf-8")
    found = re.search(r'<section class="tiebreak" id="p\d+-de".*?</section>', text, re.S)
    assert found is not None, f"{page.name} has no DE section"
    return found.group(0)


def test_a_large_group_names_whom_the_player_met_and_links_to_the_standings(
        players_folder: Path) -> None:
    assert PLAYERS > ENCOUNTER_LISTED
    page = players_folder / "7.html"
    section = _de_section(page)
    assert f"Tied at this point: {PLAYERS} players, among them " in section
    assert '<a href="../index.html#standings">The standings list the whole group.</a>' in section
    # Every opponent of the rounds table (all in the group) is named, and the player.
    rounds = page.read_text(encoding="utf-8").split('<table class="rounds-table', 1)[1]
    rounds = rounds.split("</section>", 1)[0]
    opponents = set(re.findall(r'<a href="(\d+\.html)">', rounds))
    assert len(opponents) == ROUNDS
    named = set(re.findall(r'<a href="(\d+\.html)">', section.split("Tied at this point", 1)[1]))
    assert opponents | {"7.html"} <= named
    assert len(named) <= ROUNDS + 5  # the player, the opponents, two neighbours a side


def test_a_group_over_the_limit_whose_members_all_met_is_named_in_full(tmp_path: Path) -> None:
    # A round robin of 14, every game drawn: one group of 14, each member met the 13 others,
    # so the page's selection is the whole group and it says so as a small group's page.
    players = ENCOUNTER_LISTED + 2
    make_event(tmp_path / "events", "rr",
               trfgen.generate_round_robin(players, seed=25, mix=trfgen.ALL_DRAWN),
               "title: Drawn round robin\ntiebreaks: [DE, SB]\n")
    build_site(tmp_path / "events", tmp_path / "site", workers=1)
    section = _de_section(tmp_path / "site" / "rr" / "players" / "3.html")
    assert "Tied at this point: " in section
    assert "among them" not in section and "whole group" not in section
    named = set(re.findall(r'<a href="(\d+\.html)">', section.split("Tied at this point", 1)[1]))
    assert named == {f"{number}.html" for number in range(1, players + 1)}


def _explain_group_line(trf: Path, start_no: int) -> str:
    """The line ``standings explain`` writes under the DE note of ``start_no``."""
    result = CliRunner().invoke(main, ["explain", str(trf), str(start_no),
                                       "--tiebreaks", "DE BH"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    note = next(k for k, line in enumerate(lines) if "direct encounter among" in line)
    return lines[note + 1]


def test_explain_names_of_a_large_group_what_the_page_names(tmp_path: Path) -> None:
    # The group's line of ``standings explain`` used to list all 300 members three times
    # (members, points, order); it now names the members the player page names.
    trf = tmp_path / "tied.trf"
    trf.write_text(trfgen.generate_tied_swiss(PLAYERS, ROUNDS, seed=25), encoding="utf-8")
    line = _explain_group_line(trf, 7)
    assert line.strip().startswith(f"tied group of {PLAYERS}, among them ")
    assert line.endswith("the standings list the whole group")
    listed = line.split("among them ", 1)[1].split(";", 1)[0].split(", ")
    assert "7" in listed
    assert len(listed) <= ROUNDS + 5  # the player, the opponents, two neighbours a side
    assert len(line) < 40 * (ROUNDS + 5)


def test_explain_lists_a_small_group_whole(tmp_path: Path) -> None:
    players = ENCOUNTER_LISTED - 2
    trf = tmp_path / "tied.trf"
    trf.write_text(trfgen.generate_tied_swiss(players, ROUNDS, seed=25), encoding="utf-8")
    members = ", ".join(str(number) for number in range(1, players + 1))
    assert _explain_group_line(trf, 3).strip().startswith(f"tied group {members}; points ")


def _team_notes(size: int) -> tuple[ExtendedEncounterNote, BoardOrderNote]:
    members = tuple(StartNo(n) for n in range(1, size + 1))
    # Teams 1-4 first, then everyone else still level: the order an EDE step can leave.
    order = (members[:4], members[4:])
    return (ExtendedEncounterNote(article="13.3", step=EncounterStep.PRIMARY, board=0,
                                  members=members, scores=dict.fromkeys(members, Decimal(2)),
                                  order=order),
            BoardOrderNote(article="12.2", members=members, order=order))


def test_a_team_group_note_of_a_large_group_names_what_the_page_names() -> None:
    # The EDE and board-order notes listed every team of the group on every member's page:
    # 190 teams level made each note 190 numbers long, on 190 pages.
    size = 190
    standings = [StartNo(n) for n in range(1, size + 1)]
    player, met = StartNo(100), frozenset({StartNo(3), StartNo(150)})
    shown = named_group_notes(_team_notes(size), player, met, standings, 99)
    named = {StartNo(n) for n in (3, 98, 99, 100, 101, 102, 150)}
    for note in shown:
        assert isinstance(note, NamedGroupNote) and note.size == size
        assert set(note.note.members) == named
        text = note_words(note, str)
        assert f"{size} teams" in text and "whole group" in text
        assert "3 > 98=99=100=101=102=150" in text  # the order, of those named
        assert len(text) < 400


def test_a_team_group_note_of_a_small_group_is_unchanged() -> None:
    notes = _team_notes(ENCOUNTER_LISTED)
    standings = [StartNo(n) for n in range(1, ENCOUNTER_LISTED + 1)]
    assert named_group_notes(notes, StartNo(7), frozenset(), standings, 6) == notes
