"""A small rated event for the rating change tests: six players, five rounds (issue 14).

Player 1 (rated 1900) beats 2000, draws 1800, beats 1350, beats an unrated player and wins
a forfeit; tests/site/test_rating_pages.py works out its B.02 change by hand.
"""

from __future__ import annotations

from decimal import Decimal

# Every pair meets at most once; 6 forfeits round 5 to 1.
_PLAYERS = {  # start no: name, rating (None: unrated)
    1: ("Hero, Anna", 1900), 2: ("Strong, Bo", 2000), 3: ("Equal, Cy", 1800),
    4: ("Low, Di", 1350), 5: ("Newcomer, Ed", None), 6: ("Absent, Flo", 1700),
}
_ROUNDS = {  # start no: (opponent, colour, result) per round
    1: [(2, "w", "1"), (3, "b", "="), (4, "w", "1"), (5, "b", "1"), (6, "w", "+")],
    2: [(1, "b", "0"), (5, "w", "="), (6, "b", "="), (4, "w", "="), (3, "b", "=")],
    3: [(4, "w", "="), (1, "w", "="), (5, "b", "="), (6, "w", "="), (2, "w", "=")],
    4: [(3, "b", "="), (6, "w", "="), (1, "b", "0"), (2, "b", "="), (5, "w", "=")],
    5: [(6, "b", "="), (2, "b", "="), (3, "w", "="), (1, "w", "0"), (4, "b", "=")],
    6: [(5, "w", "="), (4, "b", "="), (2, "w", "="), (3, "b", "="), (1, "b", "-")],
}
_POINTS = {"1": Decimal(1), "+": Decimal(1), "=": Decimal("0.5"), "0": Decimal(0),
           "-": Decimal(0)}


def rated_trf(ratings: dict[int, int | None] | None = None) -> str:
    """The event as a TRF-16 file (columns as FIDE's TRF description places them)."""
    lines = ["012 Rating change test", "022 Testville", "042 2025/03/15", "062 6", "XXR 5"]
    for number, (name, rating) in _PLAYERS.items():
        if ratings is not None:
            rating = ratings.get(number)
        points = sum((_POINTS[result] for _, _, result in _ROUNDS[number]), Decimal(0))
        rounds = "  ".join(f"{opponent:4d} {colour} {result}"
                           for opponent, colour, result in _ROUNDS[number])
        lines.append(f"001 {number:4d} m    {name:<33} {rating or '':>4} NOR {'':>11} "
                     f"{'':>10} {points:>4.1f} {'':>4}  {rounds}")
    return "\n".join(lines) + "\n"
