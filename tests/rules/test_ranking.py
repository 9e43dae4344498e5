"""Ranking (C.07 Art. 4.2): points, then each criterion on the players still tied; shared
places and lots; what separated neighbours; standings after a round; the event helper.

Expected orders are worked out by hand in each docstring.
"""

from __future__ import annotations

import dataclasses
import re
import shutil
from decimal import Decimal

import pytest
from conftest import CORPUS_TRF
from kit.crosstable import TEC_EXERCISE, crosstable

from generator.errors import Severity, StandingsError
from generator.model import Edition, StartNo, TieRule
from generator.reading.events import read_event
from generator.rules.ranking import compute_standings, value_keys
from generator.site.event_standings import standings_for_event

D = Decimal
TEC = crosstable(TEC_EXERCISE)


def order(standings) -> list[int]:
    return [row.player.start_no for row in standings.rows]


def test_points_first_then_tiebreaks_only_among_the_tied_art_4_2():
    """A (2 points, weak opponents) stays above B and C (1 point) whatever their BH; B and
    C are tied and BH separates them."""
    t = crosstable("""
        1 A - | 4w1 3b1
        2 B - | 3w1 4b0
        3 C - | 2b0 1w0
        4 D - | 1b0 2w1
    """)
    # Scores: A 2, B 1, D 1, C 0. BH (2026): B = C 0 + D 1 = 1; D = A 2 + B 1 = 3.
    standings = compute_standings(t, ["BH"])
    assert order(standings) == [1, 4, 2, 3]
    assert standings.row(StartNo(4)).above.criterion == "PTS"
    assert standings.row(StartNo(4)).below.criterion == "BH"
    assert (standings.row(StartNo(4)).below.value,
            standings.row(StartNo(4)).below.other_value) == (D(3), D(1))


def test_a_column_in_row_order_is_each_rows_value() -> None:
    # The downloads read a column at a time from the engine's own columns; a row made
    # otherwise (replaced, so no longer the engine's) is read row by row.
    standings = compute_standings(TEC, ["BH/C1", "SB", "DE", "WIN", "ARO"])
    keys = value_keys(standings.specs)
    expected = [[row.number(key) for row in standings.rows] for key in keys]
    assert [list(column) for column in standings.columns(keys)] == expected
    assert standings.columns(keys[1:2]) and len(set(map(len, expected))) == 1
    first = standings.rows[0]
    replaced = dataclasses.replace(standings, rows=(
        dataclasses.replace(first, values={key: first.values[key] for key in keys}),
        *standings.rows[1:]))
    assert [list(column) for column in replaced.columns(keys)] == expected
    one = dataclasses.replace(standings, rows=standings.rows[:1])
    assert [list(column) for column in one.columns(keys)] == [[c[0]] for c in expected]


DE_AFTER_BH = """
    1 A - | 2w1 3b0 -U
    2 B - | 1b0 -U  4w1
    3 C - | 4w1 1w1 -U
    4 D - | 3b0 -U  2b0
"""


def test_de_is_evaluated_on_the_group_where_it_stands():
    """A and B both have 2 points; A beat B. 'DE BH': DE decides (A first). 'BH DE': BH
    first; BH(A) = B 2 + C 3 + dummy min(2, 1.5) = 6.5 (2026) and BH(B) = A 2 + dummy 1.5
    + D 1 = 4.5, so A is first by BH and DE never applies to {A, B}."""
    standings = compute_standings(crosstable(DE_AFTER_BH), ["DE", "BH"])
    a, b = standings.row(StartNo(1)), standings.row(StartNo(2))
    assert a.rank < b.rank
    assert a.below.criterion == "DE" and (a.below.value, a.below.other_value) == (D(1), D(2))
    assert standings.direct_encounters[0].members == (1, 2)
    later = compute_standings(crosstable(DE_AFTER_BH), ["BH", "DE"])
    assert later.row(StartNo(1)).below.criterion == "BH"
    assert later.row(StartNo(1)).number("DE") == 0
    assert later.direct_encounters == ()


def test_shared_places_when_the_list_is_exhausted_art_4_2():
    """No tie-break: players on equal points share the place (rank .. rank_to)."""
    standings = compute_standings(TEC, [])
    by_no = {row.player.start_no: row for row in standings.rows}
    # Boris 4.0 alone; Anna, Carl, David, Rita 3.5 share 2-5.
    assert (by_no[2].rank, by_no[2].rank_to) == (1, 1)
    assert {(by_no[n].rank, by_no[n].rank_to) for n in (1, 3, 4, 16)} == {(2, 5)}
    assert by_no[1].below.criterion == ""
    assert not any(row.by_lot for row in standings.rows)


def test_lots_are_reproducible_from_the_seed_and_shown_as_lots():
    first = compute_standings(TEC, [], ties=TieRule.LOTS, lots_seed=2026)
    again = compute_standings(TEC, [], ties=TieRule.LOTS, lots_seed=2026)
    assert order(first) == order(again)
    assert first.lots_seed == 2026
    tied = [row for row in first.rows if row.points == D("3.5")]
    assert [row.rank for row in tied] == [2, 3, 4, 5]
    assert all(row.by_lot for row in tied)
    assert tied[0].below.criterion == "lots"
    seeds = {tuple(order(compute_standings(TEC, [], ties=TieRule.LOTS, lots_seed=s)))
             for s in range(8)}
    assert len(seeds) > 1


def test_repeated_code_gets_its_own_key():
    assert value_keys(compute_standings(TEC, ["DE", "BH", "DE"]).specs) == ("DE", "BH", "DE#2")


def test_rank_column_disagreeing_is_a_warning_with_both_ranks():
    t = crosstable(TEC_EXERCISE, ranks={2: 1, 1: 9})
    standings = compute_standings(t, ["BH/C1", "BH"], source="tec.trf")
    warnings = standings.diagnostics
    assert [d.severity for d in warnings] == [Severity.WARNING]
    message = str(warnings[0])
    assert message.startswith("tec.trf:")
    assert "player 1 (Anna) 9" in message and re.search(r"computed standings rank them \d", message)
    assert standings.row(StartNo(1)).rank_in_file_differs
    assert not standings.row(StartNo(2)).rank_in_file_differs


def _truncated(text: str, rounds: int) -> str:
    lines = []
    for line in text.strip().splitlines():
        if "|" not in line:
            lines.append(line)
            continue
        head, tokens = line.split("|")
        lines.append(head + "| " + " ".join(tokens.split()[:rounds]))
    return "\n".join(lines)


@pytest.mark.parametrize("edition", list(Edition))
@pytest.mark.parametrize("rounds", [1, 2, 3, 4])
def test_standings_after_round_k_equal_the_file_cut_after_round_k(rounds, edition):
    codes = ["DE", "BH/C1", "BH", "SB", "FB", "AOB", "PS", "REP", "KS", "STD", "WIN"]
    after = compute_standings(TEC, codes, edition, after_round=rounds)
    cut = compute_standings(crosstable(_truncated(TEC_EXERCISE, rounds)), codes, edition)
    assert after.after_round == cut.after_round == rounds
    assert not after.is_final
    assert [(r.player.start_no, r.rank, r.points, r.values.numbers()) for r in after.rows] == \
        [(r.player.start_no, r.rank, r.points, r.values.numbers()) for r in cut.rows]


def test_after_round_outside_the_event_is_refused():
    with pytest.raises(ValueError, match="round 6 is outside the event"):
        compute_standings(TEC, [], after_round=6)


def test_rating_codes_undefined_for_everyone_are_listed_as_dropped():
    standings = compute_standings(TEC, ["BH", "ARO"])
    assert standings.dropped == ("ARO",)
    assert standings.row(StartNo(1)).number("ARO") is None


# --- the event helper -----------------------------------------------------------------------

def _event_folder(tmp_path, trf: str, yml: str | None):
    folder = tmp_path / "open"
    folder.mkdir()
    shutil.copy(CORPUS_TRF / trf, folder / "tournament.trf")
    if yml is not None:
        (folder / "event.yml").write_text(yml, encoding="utf-8")
    return folder


def test_event_settings_are_applied(tmp_path):
    """seed-alekhin is rated: with the list from event.yml and edition 2026 the values are
    those of compute_standings called with the same settings."""
    folder = _event_folder(tmp_path, "seed-alekhin.trf",
                           "tiebreaks: [BH/C1, DE, ARO]\nedition: 2026\nties: lots\n"
                           "lots_seed: 7\n")
    event = read_event(folder)
    standings = standings_for_event(event)
    assert [s.written for s in standings.specs] == ["BH/C1", "DE", "ARO"]
    assert standings.edition is Edition.FIDE_2026_03
    direct = compute_standings(event.tournament, ["BH/C1", "DE", "ARO"], Edition.FIDE_2026_03,
                               ties=TieRule.LOTS, lots_seed=7)
    assert order(standings) == order(direct)
    assert all(row.number("ARO") is not None for row in standings.rows)


def test_event_edition_defaults_from_the_start_date(tmp_path):
    """seed-anna starts 2025-01-10: the 2024 edition applies unless event.yml says so."""
    event = read_event(_event_folder(tmp_path, "seed-anna.trf", None))
    assert standings_for_event(event).edition is Edition.FIDE_2024_08
    assert standings_for_event(event, edition=Edition.FIDE_2026_03).edition \
        is Edition.FIDE_2026_03


def test_event_team_codes_are_a_diagnostic_not_a_zero(tmp_path):
    event = read_event(_event_folder(tmp_path, "seed-anna.trf", None))
    from generator.rules.notation import parse_tiebreak
    refused = r"team tie-break 'SB:MP'.*applies to team events only"
    with pytest.raises(StandingsError, match=refused):
        standings_for_event(event, specs=[parse_tiebreak("SB:MP")])
