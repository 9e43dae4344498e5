"""Properties of the engine over generated tournaments (tests/trfgen.py strategies: Swiss
events and round robins with byes of every kind, forfeits, double forfeits, withdrawals,
late entries, unrated players, 3-1-0 scoring).

* renumbering the players changes no value (except TPN, which is the number);
* BH/M1 <= BH/C1 <= BH (and the same for FB), BH/C2 <= BH/C1;
* the uncut contributions add up to the value;
* the standings after round k equal those of the file cut after round k.

``--examples N`` sets the hypothesis budget (default: a small CI-sized run).
"""

from __future__ import annotations

import random
from dataclasses import replace
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kit import trfgen

from generator.errors import DiagnosticSink
from generator.model import Edition, Player, StartNo, Tournament
from generator.reading.assembly import assemble
from generator.reading.settings import EventSettings
from generator.reading.trf import read_records
from generator.rules.ranking import compute_standings

CI_EXAMPLES = 25
CODES = ("DE", "BH/C1", "BH", "BH/C2", "BH/M1", "BH/M2", "SB", "SB/C1", "SB/M1", "FB",
         "FB/C1", "FB/M1", "AOB", "WIN", "WON", "BPG", "BWG", "REP", "PS", "PS/C1", "KS",
         "STD", "ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO", "RTNG")
SUMS = frozenset({"BH", "SB", "FB", "WIN", "WON", "BPG", "BWG", "REP", "PS", "KS", "STD"})


def read(text: str) -> Tournament:
    sink = DiagnosticSink("generated.trf")
    document = read_records(text, "generated.trf", sink)
    tournament = assemble(document, EventSettings(), sink)
    sink.raise_if_errors()
    return tournament


def _examples(request: pytest.FixtureRequest) -> int:
    wanted = request.config.getoption("--examples")
    return int(wanted) if wanted else CI_EXAMPLES


def _property(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    return settings(max_examples=_examples(request), deadline=None, print_blob=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


EVENTS = st.one_of(trfgen.swiss_tournaments(max_players=16, max_rounds=7),
                   trfgen.round_robin_tournaments(max_players=8))


def renumbered(tournament: Tournament, seed: int) -> tuple[Tournament, dict[int, int]]:
    """The same event with the starting numbers shuffled, and the new number of each old."""
    numbers = [p.start_no for p in tournament.players]
    shuffled = numbers[:]
    random.Random(seed).shuffle(shuffled)
    new = dict(zip(numbers, shuffled, strict=True))
    players: list[Player] = []
    for player in tournament.players:
        results = tuple(replace(r, opponent=None if r.opponent is None
                                else StartNo(new[r.opponent])) for r in player.results)
        players.append(replace(player, start_no=StartNo(new[player.start_no]), results=results,
                               rank_in_file=None))
    players.sort(key=lambda p: p.start_no)
    return replace(tournament, players=tuple(players)), new


def _by_number(standings, numbers: dict[int, int] | None = None
               ) -> dict[int, tuple[int, Decimal, dict[str, Decimal | None]]]:
    old = {new: old for old, new in (numbers or {}).items()}
    return {old.get(row.player.start_no, row.player.start_no):
            (row.rank, row.points, row.values.numbers()) for row in standings.rows}


def test_renumbering_the_players_changes_no_value(request: pytest.FixtureRequest) -> None:
    @_property(request)
    @given(EVENTS, st.integers(0, 2**32), st.sampled_from(list(Edition)))
    def check(generated: trfgen.GeneratedTournament, seed: int, edition: Edition) -> None:
        tournament = read(generated.to_trf())
        original = _by_number(compute_standings(tournament, CODES, edition))
        shuffled, numbers = renumbered(tournament, seed)
        moved = _by_number(compute_standings(shuffled, CODES, edition), numbers)
        assert moved == original

    check()


def test_cuts_never_raise_the_value(request: pytest.FixtureRequest) -> None:
    @_property(request)
    @given(EVENTS, st.sampled_from(list(Edition)))
    def check(generated: trfgen.GeneratedTournament, edition: Edition) -> None:
        standings = compute_standings(read(generated.to_trf()), CODES, edition)
        for row in standings.rows:
            n = row.number
            for family in ("BH", "FB"):
                assert n(f"{family}/M1") <= n(f"{family}/C1") <= n(family)
            assert n("BH/M2") <= n("BH/C2") <= n("BH/C1")
            assert n("SB/M1") <= n("SB/C1") <= n("SB")

    check()


def test_uncut_contributions_add_up_to_the_value(request: pytest.FixtureRequest) -> None:
    @_property(request)
    @given(EVENTS, st.sampled_from(list(Edition)))
    def check(generated: trfgen.GeneratedTournament, edition: Edition) -> None:
        standings = compute_standings(read(generated.to_trf()), CODES, edition)
        for row in standings.rows:
            for code, explained in row.values.items():
                assert explained.value == row.number(code)
                if explained.total is not None:
                    counted = sum((p.value for p in explained.parts if p.cut is None),
                                  Decimal(0))
                    assert counted == explained.total, (row.player.start_no, code)
                if code.split("/")[0] in SUMS:
                    assert explained.total == explained.value, (row.player.start_no, code)

    check()


def test_standings_after_round_k_equal_the_file_cut_after_round_k(
        request: pytest.FixtureRequest) -> None:
    @_property(request)
    @given(EVENTS.filter(lambda g: g.rounds > 1), st.data(), st.sampled_from(list(Edition)))
    def check(generated: trfgen.GeneratedTournament, data: st.DataObject,
              edition: Edition) -> None:
        rounds = data.draw(st.integers(1, generated.rounds - 1))
        full = compute_standings(read(generated.to_trf()), CODES, edition, after_round=rounds)
        cut = compute_standings(read(generated.truncated(rounds).to_trf()), CODES, edition,
                                after_round=rounds)
        assert [(r.player.start_no, r.rank, r.rank_to, r.points, r.values.numbers())
                for r in full.rows] == \
            [(r.player.start_no, r.rank, r.rank_to, r.points, r.values.numbers())
             for r in cut.rows]

    check()
