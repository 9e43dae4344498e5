"""tests/kit/trfgen.py's all-drawn Swiss: the benchmark's worst case of a tie group
(bench/bench_budget.py) must really be one tie group, read from the text it writes."""

from __future__ import annotations

from decimal import Decimal

import pytest
from kit import trfgen


def _player_lines(trf: str) -> list[str]:
    return [line for line in trf.splitlines() if line.startswith("001")]


@pytest.mark.parametrize(("players", "rounds"), [(10, 5), (200, 11)])
def test_every_game_is_drawn_and_everyone_is_level(players: int, rounds: int) -> None:
    # 200 x 11 with seed 2026 is a field whose top-down pairing leaves two players who
    # have met each other in some round: they must still get a game, not an absence.
    lines = _player_lines(trfgen.generate_tied_swiss(players, rounds, seed=2026))
    assert len(lines) == players
    for line in lines:
        blocks = [line[column:column + 8] for column in range(91, len(line), 10)]
        assert len(blocks) == rounds, line
        for block in blocks:
            opponent, color, code = block.split()
            assert int(opponent) != 0 and color in "wb" and code == "=", line
        assert Decimal(line[80:84]) == Decimal(rounds) / 2, line


def test_an_odd_field_is_refused() -> None:
    with pytest.raises(ValueError, match="even field"):
        trfgen.generate_tied_swiss(11, 5, seed=2026)
