"""tiebreak-core (PyPI), the fastest Python peer, fed by our TRF reader, for bench_tiebreaks.py.

tiebreak-core has no TRF reader ("not a TRF file parser"), so the timing is our
``load_tournament`` plus the conversion to its records plus ``rank_descriptors_strict``.
It has no ``GE`` (the older name of REP), so its list has 26 entries (PTS is implicit).
Standard 1-½-0 scoring only (its scores are floats in {0, ½, 1}).
"""

from __future__ import annotations

from pathlib import Path

from generator.model import Color, RoundKind, Tournament
from generator.reading.events import load_tournament

# The corpus list in tiebreak-core's criterion names (its descriptor path, "BH/C1", recomputes
# the shared tables for every player and is far slower; it also lacks APRO/APPO).
PEER_CRITERIA = (
    "direct_encounter", "buchholz_cut1", "buchholz", "buchholz_cut2", "median_buchholz",
    "median_buchholz_2", "sonneborn_berger", "sonneborn_berger_cut1", "fore_buchholz",
    "fore_buchholz_cut1", "aob", "wins", "won", "games_black", "wins_black",
    "rounds_elected", "progressive", "progressive_cut1", "koya", "aro", "aro_cut1",
    "tpr", "ptp", "apro", "appo",
)

_KIND = {
    RoundKind.GAME: "played",
    RoundKind.FORFEIT_WIN: "forfeit_win",
    RoundKind.FORFEIT_LOSS: "forfeit_loss",
    RoundKind.PAIRING_ALLOCATED_BYE: "pairing_bye",
    RoundKind.FULL_POINT_BYE: "pairing_bye",
    RoundKind.HALF_POINT_BYE: "requested_bye",
    RoundKind.ZERO_POINT_BYE: "requested_bye",
}


def to_peer(tournament: Tournament) -> dict[int, object]:
    from tiebreak_core import GameRecord, PlayerTiebreakData

    scoring = tournament.score_system
    points = {p.start_no: [scoring.round_points(r) for r in p.results] for p in tournament.players}
    players: dict[int, object] = {}
    for player in tournament.players:
        games = []
        for result in player.results[: tournament.rounds_played]:
            kind = _KIND[result.kind]
            opponent = int(result.opponent) if result.opponent is not None else -1
            if kind in ("pairing_bye", "requested_bye"):
                opponent = -1
            rating = tournament.player(result.opponent).rating if result.opponent else None
            games.append(GameRecord(
                opponent, rating or 0, float(points[player.start_no][result.round - 1]),
                "black" if result.color is Color.BLACK else "white", result.round, kind=kind,
                opponent_score=(float(points[result.opponent][result.round - 1])
                                if result.opponent is not None else None)))
        players[int(player.start_no)] = PlayerTiebreakData(
            int(player.start_no), player.rating or 0, float(sum(points[player.start_no])), games)
    return players


def run(path: Path) -> str:
    """Read, convert and rank (the caller times it); says what was run."""
    from tiebreak_core import rank_standings_strict

    tournament = load_tournament(path)
    players = to_peer(tournament)
    rank_standings_strict(players, list(PEER_CRITERIA), total_rounds=tournament.rounds_played,
                          ruleset="fide-2026")
    return f"(our reader + conversion + {len(PEER_CRITERIA)} criteria, fide-2026)"
