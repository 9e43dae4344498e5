"""The tie-breaks of Arts. 6-10 on teams that tests/corpus/teams/expected/ does not hold
(DE, BPG, BWG, REP, and the :GP variants of the Art. 7 counts and of FB and KS), compared
with the reference run now, on the complete events of the team corpus, in both editions.

The expected files were made with the codes of the issue's list; these are the rest of
"every individual tie-break of Arts. 6-10 on :MP or :GP where the reference computes it".
Each code is one run of the reference (``-t PTS CODE``, as the expected files were made).
Its values are stored in ``expected/_more_codes.json`` (made by
``tests/corpus/teams/tools/run_more_codes.py``, which only records what the reference prints);
``pytest --live-reference`` runs the reference now instead, by the differential test's
runners. DE is compared as the reference prints it, the place inside the group tied on points
(0: not separated).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from decimal import Decimal

import pytest
from kit import teamcorpus
from test_team_differential import run_ours, run_reference

from generator.rules.context import TiebreakError

# Complete events the reference reads as they are (its -b utf-8 for the Greek names).
FILES = ("tec2023-exercise-teams", "markdechamps-team-rr",
         "crete-friendship-cup-2024-fixempty-pab320", "echecsjs-grandmommys-cup",
         "chessroster-fideteam-nocolor", "tiebreakserver-fideteam-issue23")
CODES = ("DE", "BPG", "BWG", "REP", "WIN:GP", "WON:GP", "STD:GP", "BPG:GP", "BWG:GP",
         "REP:GP", "KS:GP", "FB:GP")

# By C.07 against the reference, each pinned elsewhere with its article.
DIVERGENT = {
    # 8.3 with 16.2.4: test_team_corpus.py::
    # test_fore_buchholz_on_game_points_keeps_a_forfeit_loss_at_the_points_given
    ("echecsjs-grandmommys-cup", "FB:GP"),
    # GP primary there, so STD:GP is its STD: a PAB's boards are won games (Art. 12),
    # test_team_corpus.py::test_std_counts_a_pab_board_as_won_as_win_does_art_12
    ("tiebreakserver-fideteam-issue23", "STD:GP"),
}


@functools.cache
def _stored() -> Mapping[str, Mapping[str, Mapping[str, object]]]:
    text = (teamcorpus.EXPECTED / "_more_codes.json").read_text(encoding="utf-8")
    values: Mapping[str, Mapping[str, Mapping[str, object]]] = json.loads(text)["values"]
    return values


def _reference(name: str, code: str, edition: str, live: bool) -> dict[int, Decimal | None]:
    if live:
        trf = teamcorpus.load_expected(name)["file"]
        [result] = run_reference(teamcorpus.TRF / trf, [(edition, (code,))],
                                 options=("-b", "utf-8"))
        return {number: values[code] for number, values in result.values.items()}
    stored = _stored()[name][edition][code]
    if isinstance(stored, str):
        pytest.fail(f"the reference refused {code} on {name}: {stored}", pytrace=False)
    assert isinstance(stored, dict)
    return {int(number): None if value is None else Decimal(value)
            for number, value in stored.items()}


@pytest.mark.parametrize("edition", teamcorpus.EDITIONS)
@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("name", FILES)
def test_more_team_codes_are_the_references(name: str, code: str, edition: str,
                                            request: pytest.FixtureRequest) -> None:
    if (name, code) in DIVERGENT:
        pytest.skip("a divergence by C.07, pinned in tests/rules/test_team_corpus.py")
    trf = teamcorpus.load_expected(name)["file"]
    teams = teamcorpus.team_event(trf)
    try:
        ours = run_ours(teams, [code], edition)
    except TiebreakError as refused:
        # Art. 8 in a round robin under 2026 (FB): ours refuses it, as for individuals.
        assert teams.is_round_robin and code.startswith("FB") and edition == "2026", refused
        return
    reference = _reference(name, code, edition,
                           bool(request.config.getoption("--live-reference")))
    differences = {number: (value, ours.values[number][code])
                   for number, value in reference.items()
                   if ours.values[number][code] != value}
    assert not differences, differences
