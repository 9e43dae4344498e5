"""The downloads (site/downloads.py): standings.json and standings.csv, which
``standings rank --format json|csv`` prints too.

The JSON writer lays the players out by hand (the json module's indenting encoder is slow);
these tests hold it to ``json.dumps(document, ensure_ascii=False, indent=1)``, the layout
``standings rank`` prints, and to the same on one line (``separators=(",", ":")``), the
site's download (issue 26), by reading each file back and writing it again with the json
module: the bytes must come back unchanged. The values are the reference calculator's
(tests/cli/test_rank_cli.py, tests/site/test_site.py).
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import replace

import pytest
from conftest import CORPUS_TRF
from kit.crosstable import crosstable

from generator.model import Edition
from generator.reading.events import read_event
from generator.rules.ranking import compute_standings
from generator.site.downloads import standings_csv, standings_json
from generator.site.event_standings import standings_for_event
from generator.site.plan import plan_event


def _as_json_writes_it(data: bytes) -> bytes:
    document = json.loads(data)
    return (json.dumps(document, ensure_ascii=False, separators=(",", ":")) + "\n"
            ).encode("utf-8")


@pytest.mark.parametrize("trf", sorted(p.name for p in CORPUS_TRF.glob("*.trf")))
def test_json_download_of_each_corpus_event_is_laid_out_as_json_lays_it_out(trf):
    event = read_event(str(CORPUS_TRF / trf))
    plan = plan_event(event)
    data = standings_json(plan.standings, event.competitors.name,
                          ratings=plan.standings_rating_changes)
    assert data == _as_json_writes_it(data)


HOSTILE_NAMES = ('Quote " and back\\slash', "Tab\there", "Bell\x07 and nul\x00",
                 "Ærøskøbing ♞ 象棋", "line\u2028separator", "</script><b>", "😀", "")

TWO_ROUNDS = """
    1 Anna  2100 | 2w1  3b=
    2 Boris -    | 1b0  -H
    3 Carl  1900 | -U   1w=
"""


@pytest.mark.parametrize("specs", [
    ("DE", "AOB", "DE", "ARO", "BH", "SB"),  # a repeat (DE#2), two decimals, undefined
    (),  # no tie-break: "tiebreaks" is an empty object and an empty list
])
def test_json_download_with_hostile_names_is_laid_out_as_json_lays_it_out(specs):
    tournament = crosstable(TWO_ROUNDS, name='Open "2026" \\ ♞')
    players = tuple(replace(p, name=name)
                    for p, name in zip(tournament.players, HOSTILE_NAMES, strict=False))
    standings = compute_standings(replace(tournament, players=players), specs,
                                  Edition.FIDE_2026_03)
    data = standings_json(standings, tournament.name)
    assert data == _as_json_writes_it(data)
    document = json.loads(data)
    assert document["event"] == 'Open "2026" \\ ♞'
    assert {p["name"] for p in document["players"]} == set(HOSTILE_NAMES[:3])
    assert all(len(p["tiebreaks"]) == len(specs) for p in document["players"])


def test_json_download_of_an_event_without_players_keeps_its_empty_list():
    tournament = crosstable("1 Anna - | -H")
    standings = compute_standings(replace(tournament, players=()), ("BH",))
    data = standings_json(standings, "Empty")
    assert data == _as_json_writes_it(data)
    assert json.loads(data)["players"] == []


@pytest.mark.parametrize("trf", ["seed-anna.trf", "synth-club-byes.trf", "seed-alekhin.trf"])
def test_csv_and_json_downloads_carry_the_same_standings(trf):
    """Two writers of one standings: every rank, number and value the same ('' in CSV is
    null in JSON)."""
    event = read_event(str(CORPUS_TRF / trf))
    standings = standings_for_event(event, specs=("DE", "BH/C1", "AOB", "ARO", "TPR"))
    document = json.loads(standings_json(standings, event.competitors.name))
    rows = list(csv.DictReader(io.StringIO(standings_csv(standings).decode("utf-8"))))
    assert len(rows) == len(document["players"]) == len(event.competitors.players)
    for row, player in zip(rows, document["players"], strict=True):
        assert (int(row["rank"]), int(row["start_no"]), row["name"]) == \
            (player["rank"], player["start_no"], player["name"])
        assert float(row["points"]) == player["points"]
        assert {key: float(row[key]) if row[key] else None for key in player["tiebreaks"]} \
            == player["tiebreaks"]
