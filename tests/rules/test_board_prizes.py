"""The order of a board prize (rules/board_prizes.py), worked by hand."""

from decimal import Decimal

from generator.model import StartNo
from generator.rules.board_prizes import BoardScore, board_prize_order


def score(player: int, points: str, games: int, team: int = 1) -> BoardScore:
    return BoardScore(player=StartNo(player), team=StartNo(team), points=Decimal(points),
                      games=games)


def test_share_then_points_then_games_and_equal_scores_share_a_place():
    scores = [
        score(1, "3", 4),    # 75%
        score(2, "4.5", 6),  # 75%, more points: ahead of 1
        score(3, "2", 2),    # 100%
        score(4, "3", 4),    # equal to 1 in share, points and games: the same place
        score(5, "1.5", 2),  # 75%, fewer points than 1
        score(6, "0", 0),    # no game: no place
        score(7, "1", 4),    # 25%
    ]
    order = [(place.place, int(place.score.player))
             for place in board_prize_order(scores, Decimal(1))]
    assert order == [(1, 3), (2, 2), (3, 1), (3, 4), (5, 5), (6, 7)]


def test_the_share_is_of_a_game_won_s_points():
    # A win worth 3: 6 points of 3 games and 4 of 2 are both two thirds, 6 the more
    # points; 3 points of 1 game is all of it.
    scores = [score(1, "4", 2), score(2, "6", 3), score(3, "3", 1)]
    order = [int(place.score.player) for place in board_prize_order(scores, Decimal(3))]
    assert order == [3, 2, 1]
