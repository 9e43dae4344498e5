"""Small tournaments written as text crosstables, for tests that build the model in code.

One line per player: starting number, a one-word name, a rating (``-`` when unrated),
``|``, then one token per round::

    crosstable('''
        1 Anna  2100 | 5w1  2b=  -H
        2 Boris -    | 6b0  1w=  3b+
    ''')

Round tokens:

* ``5w1``: opponent 5, colour ``w``/``b`` (``-`` for none), TRF result ``1 = 0 W D L + -``
  or ``X`` (pending);
* ``-H``, ``-F``, ``-U``, ``-Z``: no opponent, with that result; ``-_`` is a blank result;
* ``.``: no round block at all (a round after the end of the player's line).

Nothing here checks that the two lines of a game agree: some tests want files that don't.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

from generator.model import (
    STANDARD_SCORING,
    Color,
    Player,
    ResultCode,
    RoundResult,
    ScoreSystem,
    StartNo,
    Tournament,
)

_GAME = re.compile(r"^(?P<opponent>\d+)(?P<color>[wb-])(?P<code>[10=WDL+\-X])$")
_BYE = re.compile(r"^-(?P<code>[HFUZ_+\-])$")


def _result(token: str, round_no: int) -> RoundResult:
    if token == ".":
        return RoundResult(round=round_no, opponent=None, color=Color.NONE,
                           code=ResultCode.NO_DATA)
    if match := _GAME.match(token):
        return RoundResult(round=round_no, opponent=StartNo(int(match["opponent"])),
                           color=Color(match["color"]), code=ResultCode(match["code"]))
    if match := _BYE.match(token):
        code = " " if match["code"] == "_" else match["code"]
        return RoundResult(round=round_no, opponent=None, color=Color.NONE,
                           code=ResultCode(code))
    raise ValueError(f"cannot read round token {token!r}")


def crosstable(
    text: str,
    *,
    name: str = "Crosstable",
    scoring: ScoreSystem = STANDARD_SCORING,
    round_robin: bool = False,
    total_rounds: int | None = None,
    start_date: datetime.date | None = None,
    ranks: dict[int, int] | None = None,
) -> Tournament:
    players = []
    width = 0
    for line_no, raw in enumerate(text.strip().splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        head, _, rounds = line.partition("|")
        number, player_name, rating = head.split()
        results = tuple(_result(token, k) for k, token in enumerate(rounds.split(), start=1))
        width = max(width, len(results))
        players.append((int(number), player_name, None if rating == "-" else int(rating),
                        results, line_no))
    total = total_rounds if total_rounds is not None else width
    built = []
    played = 0
    for number, player_name, rating, results, line_no in players:
        padded = results + tuple(
            RoundResult(round=k, opponent=None, color=Color.NONE, code=ResultCode.NO_DATA)
            for k in range(len(results) + 1, total + 1))
        for result in padded:
            if result.code is not ResultCode.NO_DATA:
                played = max(played, result.round)
        points = sum((scoring.round_points(r) for r in padded), Decimal(0))
        built.append(Player(
            start_no=StartNo(number), name=player_name, rating=rating, results=padded,
            points_in_file=points, rank_in_file=(ranks or {}).get(number), line=line_no))
    built.sort(key=lambda p: p.start_no)
    return Tournament(name=name, start_date=start_date, total_rounds=total,
                      rounds_played=played, players=tuple(built), score_system=scoring,
                      is_round_robin=round_robin)


TEC_EXERCISE = """
# FIDE TEC tie-break exercise (published 2024-03-18), as transcribed in
# marceljuenemann/tiebreak src/__tests__/testcases/fide-exercise-2023.csv; the spec
# (unplayed-rounds.md section 7) names the players Anna (1) ... Rita (16); it does not
# name 2 and 15, so their names here are placeholders.
 1 Anna    - | 9w1   13b=  2w=   15b1  4w=
 2 Boris   - | 10b1  7w1   1b=   16w1  3b=
 3 Carl    - | 11w=  6b1   8w1   4b=   2w=
 4 David   - | 12b1  -H    13w1  3w=   1b=
 5 Eve     - | 13w0  15b0  11w1  7b=   10w1
 6 Franck  - | 14b0  3w0   -U    10w1  8b1
 7 Gina    - | 15w1  2b0   16b0  5w=   11b0
 8 Hugo    - | 16b=  14w1  3b0   13w1  6w0
 9 Ivan    - | 1b0   10w0  -H    11w-  -U
10 Jessica - | 2w0   9b1   15w0  6b0   5b0
11 Maria   - | 3b=   16w0  5b0   9b+   7w1
12 Nick    - | 4w0   -U    14w+  -Z    -Z
13 Olga    - | 5b1   1w=   4b0   8b0   14w0
14 Paul    - | 6w1   8b0   12b-  -Z    13b1
15 Quentin - | 7b0   5w1   10b1  1w0   16b0
16 Rita    - | 8w=   11b1  7w1   2b0   15w1
"""
"""The crosstable of the worked examples 1-5 of the spec (16 players, 5 rounds)."""


def round_robin_text(results: list[str], ratings: list[int | None] | None = None) -> str:
    """A crosstable text for a single round robin from its result matrix.

    ``results[i][j]`` is player i+1's result against player j+1: ``1``, ``=`` or ``0``
    (``+``/``-`` for a forfeit; ``x`` on the diagonal). Rounds follow the circle method,
    so every pair meets once; with an odd number of players each has one free round
    (written ``-_``, no opponent).
    """
    n = len(results)
    seats = list(range(n)) + ([None] if n % 2 else [])
    size = len(seats)
    rounds: list[list[str]] = [[] for _ in range(n)]
    for round_no in range(size - 1):
        for k in range(size // 2):
            a, b = seats[k], seats[size - 1 - k]
            if a is None or b is None:
                alone = b if a is None else a
                rounds[alone].append("-_")
                continue
            white, black = (a, b) if (round_no + k) % 2 == 0 else (b, a)
            rounds[white].append(f"{black + 1}w{results[white][black]}")
            rounds[black].append(f"{white + 1}b{results[black][white]}")
        seats = [seats[0], seats[-1], *seats[1:-1]]
    lines = []
    for i in range(n):
        rating = "-" if ratings is None or ratings[i] is None else str(ratings[i])
        lines.append(f"{i + 1} P{i + 1} {rating} | " + " ".join(rounds[i]))
    return "\n".join(lines)


_MIRROR = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "W": "L", "L": "W", "D": "D",
           "X": "X"}


def solo(tokens: str, *, rating: int | None = None,
         opponent_ratings: dict[int, int] | None = None) -> str:
    """A crosstable text for one player (number 1) whose opponents play nobody else.

    ``tokens`` are player 1's round tokens; each opponent's line gets the mirrored result
    in that round and ``.`` elsewhere. With ``rating``/``opponent_ratings`` everyone is
    rated (opponents not named get 2000).
    """
    own = tokens.split()
    rows: dict[int, list[str]] = {}
    for round_index, token in enumerate(own):
        if token[0].isdigit():
            opponent, color, code = int(token[:-2]), token[-2], token[-1]
            line = rows.setdefault(opponent, ["."] * len(own))
            line[round_index] = f"1{'b' if color == 'w' else 'w'}{_MIRROR[code]}"

    def shown(given: int | None) -> str:
        if rating is None and opponent_ratings is None:
            return "-"
        return str(given if given is not None else 2000)

    lines = [f"1 P1 {shown(rating)} | {tokens}"]
    for number in sorted(rows):
        given = (opponent_ratings or {}).get(number)
        lines.append(f"{number} P{number} {shown(given)} | " + " ".join(rows[number]))
    return "\n".join(lines)
