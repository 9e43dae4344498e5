"""Every value and every rank of the reference corpus, in both editions.

tests/corpus/expected/*.json were produced by FIDE's reference calculator (gacrux 1.11.65,
see tests/corpus/README.md), never by this program. One test per file and edition; a
failure lists every value that differs.

The reference's list: PTS DE BH/C1 BH BH/C2 BH/M1 BH/M2 SB SB/C1 FB FB/C1 AOB WIN WON BPG
BWG GE REP PS PS/C1 KS ARO ARO/C1 TPR PTP APRO APPO. Its DE value is 0 when DE does not
separate the player's group and the position inside the group otherwise, which is what
``standings`` reports for DE too.

A team event (markdechamps-team-rr: TRF-26 310 teams, 362 match scoring) is ranked by team:
the reference's competitors are the teams, each round a match, PTS the match points.
"""

from __future__ import annotations

import json
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest
from conftest import CORPUS_EXPECTED, CORPUS_TRF

from generator.model import Edition, TeamTournament, Tournament
from generator.reading.events import read_event
from generator.rules.notation import parse_tiebreak
from generator.rules.ranking import compute_standings

EDITIONS = ("2024", "2026")

NOT_SUPPORTED: dict[str, str] = {}

SAME_EVENT = {
    # The reference rejects this file (forfeits written with colour '-' on both sides, see
    # tests/corpus/README.md); '-fixcol' is the same event with the colours filled in, which
    # no tie-break reads, so its expectations apply to both files.
    "sklangen-karl-mala-2005": "sklangen-karl-mala-2005-fixcol",
    # The reference rejects these real files: their points column counts byes whose result
    # is blank. '-fixpts' is the same event with the points column made the sum of the
    # results as both programs read them (a blank is a zero-point bye), which no tie-break
    # reads.
    "icu-bunratty-masters-2011": "icu-bunratty-masters-2011-fixpts",
    "icu-irish-juniors-2011": "icu-irish-juniors-2011-fixpts",
}

NO_REFERENCE_VALUES = {
    "icu-armstrong-cup-2011": "the reference rejects it: a team league whose clubs field "
                              "players on changing boards, which it wants as 300 records; "
                              "tests/reading/test_events_corpus.py reads it",
}

# icu-gonzaga-2008 writes its half-point byes as '0000 - =' (players 1 and 8 in round 1,
# 10 in round 4). The reference reads them as games played against no one; they are
# requested half-point byes: unplayed rounds (15.1), voluntary ones (16.2.3) that a cut
# removes first (16.5), and no round elected to play (7.6). The same file with 'H'
# (icu-gonzaga-2008-hbye) gets our value from the reference in every one of these.
_PLAYED_BYE_CUT = ("16.2.3, 16.5", "reference cuts a '0000 - =' bye as a played draw")
_PLAYED_BYE_REP = ("7.6", "reference counts a '0000 - =' bye as a round elected to play")
_GONZAGA = {
    ("2024", 1): {"BH/C1": (12.5, 10.5), "BH/C2": (10.0, 8.5), "BH/M1": (8.5, 7.5),
                  "BH/M2": (3.0, 2.5), "FB/C1": (13.0, 11.5)},
    ("2026", 1): {"BH/C1": (11.0, 10.5), "BH/M1": (8.0, 7.5), "FB/C1": (12.0, 11.5)},
    ("2024", 8): {"BH/C1": (12.5, 12.0), "BH/M1": (8.5, 8.0), "FB/C1": (11.5, 11.0)},
    ("2026", 8): {"BH/C1": (12.5, 12.0), "BH/M1": (8.5, 8.0), "FB/C1": (11.5, 11.0)},
}

KNOWN_DIVERGENCES: dict[tuple[str, str, int, str], tuple[object, object, str, str]] = {
    # (file, edition, start_no, code): (reference value, our value, C.07 article, reason)
    #
    # Only icu-gonzaga-2008 (above). Elsewhere no value of this corpus differs under
    # gacrux 1.11.65. The divergences tests/corpus/README.md suspects do not occur here (see
    # README.md, "Tie-breaks and known divergences from the reference"): the reference
    # already cuts the SB VUR by contribution; it counts a full-point bye 'F' in REP/GE,
    # which 7.6 also does; STD is not in its list; AOB is compared at the precision it prints.
    **{("icu-gonzaga-2008", edition, start_no, code): (reference, ours, *_PLAYED_BYE_CUT)
       for (edition, start_no), values in _GONZAGA.items()
       for code, (reference, ours) in values.items()},
    **{("icu-gonzaga-2008", edition, start_no, code): (5, 4, *_PLAYED_BYE_REP)
       for edition in EDITIONS for start_no in (1, 8, 10) for code in ("GE", "REP")},
}

SUMS = frozenset({"PTS", "BH", "SB", "FB", "WIN", "WON", "BPG", "BWG", "GE", "REP", "PS", "KS"})
"""Tie-breaks whose value is the sum of their uncut parts."""


def _cases() -> list[object]:
    names = sorted(p.stem for p in CORPUS_TRF.glob("*.trf"))
    cases = []
    for name in names:
        for edition in EDITIONS:
            marks = ()
            if name in NOT_SUPPORTED:
                marks = (pytest.mark.skip(reason=NOT_SUPPORTED[name]),)
            elif name in NO_REFERENCE_VALUES:
                marks = (pytest.mark.skip(reason=NO_REFERENCE_VALUES[name]),)
            cases.append(pytest.param(name, edition, id=f"{name}-{edition}", marks=marks))
    return cases


def _expected(name: str) -> dict:
    path = CORPUS_EXPECTED / f"{SAME_EVENT.get(name, name)}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def load_tournament(path: Path) -> Tournament:
    """What the event ranks: the players, or the teams of a team event."""
    return read_event(path).competitors


def _codes(expected: dict, tournament: Tournament) -> list[str]:
    """The codes after PTS. A team event refuses the rating tie-breaks of Art. 10 (teams
    have no rating; the reference leaves them undefined, tests/rules/test_team_scores.py
    pins the refusal), so they are not asked for there."""
    codes = expected["tiebreaks"][1:]
    if isinstance(tournament, TeamTournament):
        codes = [c for c in codes if not parse_tiebreak(c).info.is_rating_based]
    return codes


def _agrees(code: str, reference: object, ours: Decimal | None, rounds: int) -> bool:
    if reference is None or ours is None:
        return reference is None and ours is None
    expected = Decimal(str(reference))
    if code == "AOB":
        # The reference prints AOB rounded half up: 2 decimals below 9 rounds, else 3.
        places = Decimal("0.01") if rounds < 9 else Decimal("0.001")
        return ours.quantize(places, ROUND_HALF_UP) == expected
    return ours == expected


@pytest.mark.parametrize(("name", "edition"), _cases())
def test_corpus_file(name: str, edition: str) -> None:
    expected = _expected(name)
    tournament = load_tournament(CORPUS_TRF / f"{name}.trf")
    codes = _codes(expected, tournament)
    standings = compute_standings(tournament, codes, Edition(edition),
                                  after_round=expected["rounds"])
    rows = {row.player.start_no: row for row in standings.rows}
    differences = []
    for player in expected["players"]:
        row = rows[player["start_no"]]
        for code, reference in player["values"][edition].items():
            if code != "PTS" and code not in codes:
                continue
            ours = row.points if code == "PTS" else row.number(code)
            known = KNOWN_DIVERGENCES.get((name, edition, player["start_no"], code))
            if known is not None:
                assert (reference, ours) == (known[0], Decimal(str(known[1]))), known
                continue
            if not _agrees(code, reference, ours, expected["rounds"]):
                differences.append(f"#{player['start_no']} {code}: reference {reference}, "
                                   f"ours {ours}")
        if row.rank != player["rank"][edition]:
            differences.append(f"#{player['start_no']} rank: reference "
                               f"{player['rank'][edition]}, ours {row.rank}")
    assert not differences, "\n".join(differences)


@pytest.mark.parametrize(("name", "edition"), _cases())
def test_corpus_derivations_add_up(name: str, edition: str) -> None:
    """Every derivation's uncut parts add up to its total, and for sums to the value."""
    expected = _expected(name)
    tournament = load_tournament(CORPUS_TRF / f"{name}.trf")
    standings = compute_standings(tournament, _codes(expected, tournament), Edition(edition),
                                  after_round=expected["rounds"])
    for row in standings.rows:
        for code, explained in row.values.items():
            assert explained.value == row.number(code), (row.player.start_no, code)
            if explained.total is not None:
                counted = sum((p.value for p in explained.parts if p.cut is None), Decimal(0))
                assert counted == explained.total, (row.player.start_no, code)
            if code.split("/")[0] in SUMS:
                assert explained.total == explained.value, (row.player.start_no, code)


def test_every_corpus_file_is_covered() -> None:
    files = {Path(p).stem for p in CORPUS_TRF.glob("*.trf")}
    expected = {p.stem for p in CORPUS_EXPECTED.glob("*.json") if not p.stem.startswith("_")}
    assert expected | set(SAME_EVENT) | set(NO_REFERENCE_VALUES) == files
