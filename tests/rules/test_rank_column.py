"""The file's rank column against the standings (generator/rules/rank_column.py).

A rank that differs only inside a group of equal points is the pairing program's own
tie-break order: one note per file, which ``--strict`` lets pass. A rank the points
contradict (C.07 Art. 4.2: points first), or one written twice, is a warning.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import CORPUS_TRF
from kit.crosstable import TEC_EXERCISE, crosstable

from generator.cli import main
from generator.errors import Severity
from generator.reading.events import read_event
from generator.rules.ranking import compute_standings
from generator.site.event_standings import standings_for_event

TIEBREAKS = ["BH/C1", "BH"]
SOURCE = "tec.trf"


def as_computed() -> dict[int, int]:
    """The ranks the standings give (the TEC exercise: 4-5 shared, the others apart), as a
    file that agrees with them writes them."""
    standings = compute_standings(crosstable(TEC_EXERCISE), TIEBREAKS)
    return {row.player.start_no: place for place, row in enumerate(standings.rows, start=1)}


def diagnostics(ranks: dict[int, int]) -> list[tuple[Severity, str]]:
    standings = compute_standings(crosstable(TEC_EXERCISE, ranks=ranks), TIEBREAKS,
                                  source=SOURCE)
    return [(d.severity, str(d)) for d in standings.diagnostics]


def swapped(ranks: dict[int, int], a: int, b: int) -> dict[int, int]:
    return {**ranks, a: ranks[b], b: ranks[a]}


def test_a_rank_column_that_agrees_says_nothing() -> None:
    assert diagnostics(as_computed()) == []


def test_another_order_inside_equal_points_is_one_note_for_the_file() -> None:
    # Hugo (8), Maria (11) and Eve (5) are level on 2.5 points; Quentin (15), Nick (12) and
    # Paul (14) on 2: the file orders both groups its own way.
    ranks = swapped(swapped(as_computed(), 8, 5), 15, 14)
    assert diagnostics(ranks) == [(
        Severity.REMARK,
        "tec.trf: note: the file's ranks follow another tie-break order than the one applied: "
        "4 players ranked otherwise among equal points")]


def test_a_rank_above_a_player_with_more_points_is_a_warning() -> None:
    # Jessica (10, 1 point, last) written 6th and Franck (6, 3 points) 16th: each rank
    # (lines: the crosstable text, its four comment lines included)
    # contradicts the points, whatever the tie-breaks.
    ranks = swapped(as_computed(), 10, 6)
    found = diagnostics(ranks)
    assert [severity for severity, _ in found] == [Severity.WARNING, Severity.WARNING]
    assert found[0][1] == (
        "tec.trf:10:86: warning: the file ranks player 6 (Franck) 16; the computed standings "
        "rank them 6, and their 3 points place them 6; expected a rank column that follows "
        "the points, each rank once")
    assert found[1][1].startswith(
        "tec.trf:14:86: warning: the file ranks player 10 (Jessica) 6; the computed standings "
        "rank them 16, and their 1 points place them 16;")


def test_a_rank_written_twice_is_a_warning_for_the_one_misplaced() -> None:
    # Maria (11) written 7th like Hugo (8), both on 2.5: not a permutation of the places.
    ranks = {**as_computed(), 11: as_computed()[8]}
    assert diagnostics(ranks) == [(
        Severity.WARNING,
        "tec.trf:15:86: warning: the file ranks player 11 (Maria) 7; the computed standings "
        "rank them 8, and the file ranks player 8 (Hugo) 7 too; expected a rank column that "
        "follows the points, each rank once")]


def test_players_the_file_leaves_unranked_do_not_shift_the_others() -> None:
    # Boris (2, first) written 0: the file ranks the other 15 from 1, each a place higher
    # than the standings do, in the standings' order.
    computed = as_computed()
    ranks = {number: place - 1 if place > 1 else 0 for number, place in computed.items()}
    found = diagnostics(ranks)
    assert [severity for severity, _ in found] == [Severity.REMARK]


@pytest.mark.parametrize("name", [
    "competichess-gros-2010-r4",  # Gros 2010 (the JaVaFo sample): 39 players otherwise
    "sklangen-karl-mala-2005-fixcol",  # Swiss-Manager, 284 players, some left unranked
    "icu-bunratty-masters-2011",  # ranked by a points column that counts blank byes
    "icu-irish-juniors-2011",
    "icu-gonzaga-2008-hbye",
    "bbp-issue15",
])
def test_real_exports_ranked_by_another_list_have_a_note_and_no_rank_warning(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / name
    folder.mkdir()
    shutil.copyfile(CORPUS_TRF / f"{name}.trf", folder / "tournament.trf")
    monkeypatch.chdir(tmp_path)
    found = standings_for_event(read_event(name)).diagnostics
    assert [d.severity for d in found] == [Severity.REMARK]
    assert "ranks follow another tie-break order" in found[0].message


def test_strict_publishes_a_file_with_a_note_and_says_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "events" / "gros"
    folder.mkdir(parents=True)
    shutil.copyfile(CORPUS_TRF / "competichess-gros-2010-r4.trf", folder / "tournament.trf")
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    note = ("events/gros/tournament.trf: note: the file's ranks follow another tie-break "
            "order than the one applied: 39 players ranked otherwise among equal points")
    built = runner.invoke(main, ["build", "events", "--out", "site", "--strict"])
    assert built.exit_code == 0, built.stderr
    assert note in built.stderr.splitlines()
    assert "(1 note)" in built.output and "warning" not in built.output
    assert (tmp_path / "site" / "gros" / "index.html").is_file()
    again = runner.invoke(main, ["build", "events", "--out", "site", "--strict"])
    assert again.exit_code == 0 and "nothing written" in again.output  # the cache's notes too
    checked = runner.invoke(main, ["check", "--strict", "events"])
    assert checked.exit_code == 0, checked.stderr
    assert note in checked.stderr.splitlines()
    assert "events/gros/tournament.trf: 52 players" in checked.output
