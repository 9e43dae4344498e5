"""One test per C.07 rule or worked example (shared/spec/c07-tiebreaks.md), citing the article.

Expected numbers are the spec's published examples or worked out by hand in the docstring;
never this program's own output.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest
from kit.crosstable import TEC_EXERCISE, crosstable, round_robin_text, solo

from generator.model import Edition, ScoreSystem, StartNo
from generator.rules.context import REGISTRY, Context, TiebreakError, tiebreak
from generator.rules.direct_encounter import direct_encounter
from generator.rules.explain import (
    CutReason,
    ExpectedScoreNote,
    KoyaThresholdNote,
    NoteKind,
    RoundedNote,
    ShownRoundedNote,
    TableLookupNote,
    ZeroScoreNote,
)
from generator.rules.notation import CATALOGUE, NotationError, parse_tiebreak
from generator.rules.ranking import compute_standings
from generator.rules.ratings import (
    DP,
    PD_HIGHER,
    average_rating,
    expected_score_hundredths,
    perfect_performance,
    performance_rating,
)

D = Decimal
TEC = crosstable(TEC_EXERCISE)


def column(tournament, code: str, **context):
    ctx = Context(tournament, **context)
    return ctx, ctx.column(parse_tiebreak(code))


def value(tournament, code: str, player: int = 1, **context) -> Decimal | None:
    ctx, col = column(tournament, code, **context)
    return col.values[ctx.sheet.index[StartNo(player)]]


def explained(tournament, code: str, player: int = 1, **context):
    ctx, col = column(tournament, code, **context)
    return col.explain(ctx.sheet.index[StartNo(player)])


# --- Art. 6 Direct Encounter ---------------------------------------------------------------

def de_order(tournament, members=(1, 2, 3), code="DE"):
    ctx = Context(tournament)
    group = [ctx.sheet.index[StartNo(n)] for n in members]
    outcome = direct_encounter(ctx, parse_tiebreak(code), group)
    start = [p.start_no for p in ctx.players]
    order = [tuple(start[i] for i in sub) for sub in outcome.order]
    return order, {start[i]: p for i, p in outcome.positions().items()}, outcome


def test_de_6_3_cannot_separate_when_a_missing_game_could_change_the_top():
    """Spec 3, first case: A-B 1-0, B-C 1/2-1/2, A-C not played. s: A 1, B 1/2, C 1/2. A's
    worst (1) is not above C's best (1/2 + 1): nobody is ranked; DE gives 0 to all."""
    t = crosstable("""
        1 A - | 2w1 4w1
        2 B - | 1b0 3w=
        3 C - | 4b1 2b=
        4 D - | 3w0 1b0
    """)
    order, positions, outcome = de_order(t)
    assert order == [(1, 2, 3)]
    assert positions == {1: 0, 2: 0, 3: 0}
    assert outcome.groups[0].article == "6.3"
    assert outcome.groups[0].scores == {1: D(1), 2: D("0.5"), 3: D("0.5")}


def test_de_6_3_ranks_a_player_alone_at_the_top_whatever_the_missing_games():
    """Spec 3, second case: A beat B and C, B-C not played. worst(A) 2 > best(B) = best(C)
    = 0 + 1: A is first; B and C never met, so they stay tied (positions 1, 2, 2)."""
    t = crosstable("""
        1 A - | 2w1 3w1
        2 B - | 1b0 4w1
        3 C - | 4b1 1b0
        4 D - | 3w0 2b0
    """)
    order, positions, _ = de_order(t)
    assert order == [(1,), (2, 3)]
    assert positions == {1: 1, 2: 2, 3: 2}


def test_de_6_2_all_met_then_reapplied_to_the_subgroup():
    """Spec 3, third case: A-B 1-0, A-C 1-0, B-C 1/2-1/2: all met (6.2), A first; {B, C} is
    re-examined on its own game, 1/2 each: still tied."""
    t = crosstable("""
        1 A - | 2w1 3w1 4b1
        2 B - | 1b0 4w1 3w=
        3 C - | 4w1 1b0 2b=
        4 D - | 3b0 2b0 1w0
    """)
    order, positions, outcome = de_order(t)
    assert order == [(1,), (2, 3)]
    assert positions == {1: 1, 2: 2, 3: 2}
    assert [g.article for g in outcome.groups] == ["6.2", "6.2"]
    assert outcome.groups[1].members == (2, 3)


def test_de_6_2_reapplication_separates_a_subgroup():
    """A beat B and C; C beat B (all met): s A 2, C 1, B 0 -> A, C, B (positions 1, 2, 3)."""
    t = crosstable("""
        1 A - | 2w1 3w1 -U
        2 B - | 1b0 -U  3b0
        3 C - | -U  1b0 2w1
    """)
    order, positions, _ = de_order(t)
    assert order == [(1,), (3,), (2,)]
    assert positions == {1: 1, 3: 2, 2: 3}


def test_de_6_1_2_repeated_games_count_as_their_average():
    """A beat B, then drew B: A's addend is (1 + 1/2) / 2 = 3/4, B's 1/4 -> A first."""
    t = crosstable("""
        1 A - | 2w1 2b=
        2 B - | 1b0 1w=
    """, round_robin=True)
    order, _, outcome = de_order(t, members=(1, 2))
    assert order == [(1,), (2,)]
    assert outcome.groups[0].scores == {1: D("0.75"), 2: D("0.25")}


def test_de_6_1_1_forfeits_are_excluded_unless_de_p():
    """A forfeit win of A over B is no encounter (6.1.1): DE cannot separate them; with DE/P
    the forfeit counts as a game; in a round robin (15.2) it counts anyway."""
    text = """
        1 A - | 2w+ 3w1 -U
        2 B - | 1b- -U  3b1
        3 C - | -U  1b0 2w0
    """
    assert de_order(crosstable(text), members=(1, 2))[0] == [(1, 2)]
    assert de_order(crosstable(text), members=(1, 2), code="DE/P")[0] == [(1,), (2,)]
    assert de_order(crosstable(text, round_robin=True), members=(1, 2))[0] == [(1,), (2,)]


def test_de_in_a_round_robin_with_a_missing_game_does_not_separate():
    """6.2 needs every game among the tied played; 6.3 is for Swiss events only. After round 1
    of a 3-player round robin only P2-P3 has been played (P2 won): no separation, whereas the
    same games in a Swiss would rank P2 above P3... but not above P1 (6.3: P1 could still
    win both), so compare with the Swiss on {P2, P3} only."""
    t = crosstable(round_robin_text(["x10", "0x1", "00x"]), round_robin=True)
    ctx = Context(t, rounds=1)
    assert ctx.sheet.opponents[1][0] == 2  # P2 met P3 in round 1
    assert not direct_encounter(ctx, parse_tiebreak("DE"), [0, 1, 2]).is_separated
    swiss = Context(crosstable(round_robin_text(["x10", "0x1", "00x"])), rounds=1)
    assert direct_encounter(swiss, parse_tiebreak("DE"), [1, 2]).is_separated


# --- Art. 7 the participant's own record ------------------------------------------------------

def test_win_and_won_art_7_1_7_2():
    """Spec 4: record +, =, 1, U, 0 -> WIN 3 (forfeit win, win, PAB), WON 1."""
    t = crosstable(solo("2w+ 3b= 4w1 -U 5b0"))
    assert value(t, "WIN") == 3
    assert value(t, "WON") == 1


def test_win_does_not_count_a_pab_worth_a_draw():
    scoring = ScoreSystem(pairing_allocated_bye=D("0.5"))
    t = crosstable(solo("2w1 -U"), scoring=scoring)
    assert value(t, "WIN") == 1


def test_bpg_and_bwg_count_games_over_the_board_only_art_7_3_7_4():
    """Black: a won game, a lost game, a forfeit win and a 'W' win (<1 move, played over
    the board); then a White win: BPG 3, BWG 2 (the forfeit is not a game over the board)."""
    t = crosstable(solo("2b1 3b0 4b+ 5bW 6w1"))
    assert value(t, "BPG") == 3
    assert value(t, "BWG") == 2


def test_progressive_scores_and_cuts_art_7_5():
    """Spec 4: scores 1, 0, 1, 1/2, 1 -> cumulative 1, 1, 2, 2.5, 3.5 -> PS 10; PS-C1 drops
    the first (9), PS-C2 the first two (8)."""
    t = crosstable(solo("2w1 3b0 4w1 5b= 6w1"))
    assert value(t, "PS") == D(10)
    assert value(t, "PS/C1") == D(9)
    assert value(t, "PS/C2") == D(8)
    cut = [p.round for p in explained(t, "PS/C2").parts if p.cut is CutReason.EARLIEST_ROUND]
    assert cut == [1, 2]


def test_rounds_elected_to_play_art_7_6():
    """Spec 4: 9 rounds, one half-point bye and one forfeit loss -> 9 - 2 = 7. A full-point
    bye, a PAB and a forfeit win do not reduce it (7.6 names only HPB, ZPB, forfeit losses)."""
    t = crosstable(solo("-H 2w- 3w1 4b1 5w= -F -U 6w+ 7b0"))
    assert value(t, "REP") == 7
    assert value(t, "GE") == 7
    t = crosstable(solo("2w1 -Z -Z"))
    assert value(t, "REP") == 1


def test_standard_points_art_7_7():
    """Spec 4: 3-1-0 event, record W D L PAB(3) -> 1 + 1/2 + 0 + 1 = 2.5."""
    scoring = ScoreSystem(win=D(3), draw=D(1))
    t = crosstable(solo("2w1 3b= 4w0 -U"), scoring=scoring)
    assert value(t, "STD") == D("2.5")


def test_standard_points_double_forfeit_is_half_art_7_7():
    """7.7 compares with the scheduled opponent: in a double forfeit both score 0, 'the same
    number of points', so 1/2 each (the reference calculator gives 0: a known divergence)."""
    t = crosstable("""
        1 A - | 2w- 3w1
        2 B - | 1b- -U
        3 C - | -U  1b0
    """)
    assert value(t, "STD", 1) == D("1.5")
    assert explained(t, "STD", 1).parts[0].opponent_points == D(0)


def test_tournament_pairing_number_and_reverse_art_7_8():
    _, col = column(TEC, "TPN")
    assert col.values[:3] == (1, 2, 3)
    assert parse_tiebreak("TPN").direction.value == "lower"
    assert parse_tiebreak("TPN/R").direction.value == "higher"


# --- Art. 8-9 ---------------------------------------------------------------------------------

def test_average_of_opponents_buchholz_art_8_2():
    """A drew B, beat C, had a PAB; B had a PAB and beat C; C had a PAB. Scores A 2.5, B 2.5,
    C 1. 2024: BH(B) = 2.5 + 2.5 (dummy) + 1 = 6.0, BH(C) = 1 (dummy) + 2.5 + 2.5 = 6.0,
    AOB(A) = 6.0. 2026: B's PAB dummy is min(2.5, 1/2 x 3) = 1.5, so BH(B) = 5.0 and
    AOB(A) = 5.5. A's own bye adds no opponent."""
    t = crosstable("""
        1 A - | 2w= 3b1 -U
        2 B - | 1b= -U  3w1
        3 C - | -U  1w0 2b0
    """)
    assert value(t, "AOB", 1, edition=Edition.FIDE_2024_08) == D("6.0")
    assert value(t, "AOB", 1, edition=Edition.FIDE_2026_03) == D("5.5")
    parts = explained(t, "AOB", 1, edition=Edition.FIDE_2024_08).parts
    assert [p.opponent for p in parts] == [2, 3]


def test_aob_is_exact_and_shown_with_two_decimals():
    """A 3, B 2, C 1, D 0 (each beat the lower ones). BH: A 3, C 5, D 6 (B's opponents);
    AOB(B) = (3 + 6 + 5) / 3 = 14/3, kept exact, shown as 4.67."""
    t = crosstable("""
        1 A - | 2w1 3b1 4w1
        2 B - | 1b0 4w1 3b1
        3 C - | 4b1 1w0 2w0
        4 D - | 3w0 2b0 1b0
    """)
    aob = explained(t, "AOB", 2)
    assert aob.value == D(14) / D(3)
    assert aob.notes == (ShownRoundedNote(article="8.2", exact=D(14) / D(3), shown=D("4.67"),
                                          games=3),)


def test_koya_art_9_2():
    """Spec 6.2: 8-player round robin, max 7, limit 3.5; P1 scored 1, 1/2, 1 against the only
    three players with at least 3.5 (P2 3.5, P3 4.0, P4 3.5) -> KS 2.5. /L-1 lowers the limit
    by half a point (14.5) to 3.0, adding P5-P8 (1/2 + 1/2 + 1/2 + 1): 5.0."""
    matrix = [
        "x1=1===1",
        "0x==1===",
        "==x===1=",
        "0==x=1==",
        "=0==x===",
        "===0=x==",
        "==0===x=",
        "0======x",
    ]
    t = crosstable(round_robin_text(matrix), round_robin=True)
    assert [p.points_in_file for p in t.players] == [D(5), D("3.5"), D(4), D("3.5"), D(3),
                                                     D(3), D(3), D(3)]
    assert value(t, "KS") == D("2.5")
    assert value(t, "KS/L-1") == D("5.0")
    below = [p.opponent for p in explained(t, "KS").parts if p.cut is CutReason.BELOW_LIMIT]
    assert sorted(below) == [5, 6, 7, 8]


def test_koya_odd_round_robin_free_round_cannot_score():
    """7 players, 7 rounds, one free round each: the maximum is 6 (not 7), limit 3."""
    matrix = ["x111111", "0x=====", "0=x====", "0==x===", "0===x==", "0====x=", "0=====x"]
    t = crosstable(round_robin_text(matrix), round_robin=True)
    assert explained(t, "KS").notes == (
        KoyaThresholdNote(article="9.2", limit=D(3), maximum=D(6), shift=0),)
    assert explained(t, "KS/L+1").notes == (
        KoyaThresholdNote(article="9.2", limit=D("3.5"), maximum=D(6), shift=1),)


# --- Art. 10 ratings --------------------------------------------------------------------------

def test_rating_tables_match_the_spec_check_values():
    assert (DP[75], DP[67], DP[80], DP[90], DP[100], DP[0]) == (193, 125, 240, 366, 800, -800)
    assert (PD_HIGHER[0], PD_HIGHER[3], PD_HIGHER[4], PD_HIGHER[735]) == (50, 50, 51, 99)
    assert expected_score_hundredths(2206, [2100, 2050, 1980, 1890]) == 301
    assert expected_score_hundredths(2205, [2100, 2050, 1980, 1890]) == 299


def test_rating_worked_example_art_10_1_to_10_3():
    """Spec 7: opponents 2100, 2050, 1980, 1890, score 3/4: ARO 8020/4 = 2005; p 0.75 ->
    dp 193 -> TPR 2198; PTP 2206 (PD .64+.71+.79+.87 = 3.01 at 2206, 2.99 at 2205)."""
    t = crosstable(solo("2w1 3b1 4w= 5b=", rating=2000,
                        opponent_ratings={2: 2100, 3: 2050, 4: 1980, 5: 1890}))
    assert value(t, "ARO") == 2005
    assert value(t, "TPR") == 2198
    assert value(t, "PTP") == 2206
    assert explained(t, "ARO").notes == (
        RoundedNote(article="10.1", exact=D(2005), rounded=D(2005), games=4),)
    assert explained(t, "TPR").notes == (TableLookupNote(
        article="10.2", average=2005, dp=193, score=D(3), games=4, fraction=D("0.75"),
        fraction_rounded=D("0.75"), value=2198),)
    assert explained(t, "PTP").notes == (ExpectedScoreNote(
        article="10.3", score=D(3), value=2206, expected=D("3.01"),
        expected_one_below=D("2.99")),)


def test_the_rounding_note_carries_the_exact_and_the_rounded_average_art_10_1():
    """ARO 10.1 of 2100 and 2051: 4151 / 2 = 2075.5, rounded 0.5 up to 2076. The note holds
    both numbers, so the page and the CLI can say what was rounded to what."""
    t = crosstable(solo("2w1 3b0", rating=2000, opponent_ratings={2: 2100, 3: 2051}))
    assert explained(t, "ARO").notes == (
        RoundedNote(article="10.1", exact=D("2075.5"), rounded=D(2076), games=2),)


def test_perfect_performance_of_a_zero_score_art_10_3():
    """10.3: a zero score is 800 below the lowest-rated opponent: 2051 - 800 = 1251."""
    t = crosstable(solo("2w0 3b0", rating=2000, opponent_ratings={2: 2100, 3: 2051}))
    assert explained(t, "PTP").notes == (ZeroScoreNote(article="10.3", value=1251),)


@pytest.mark.parametrize(("tokens", "aro", "tpr", "ptp"), [
    ("2w1 3b1 4w0", 1900, 2025, 2026),
    ("2w0 3b0 4w0", 1900, 1100, 1000),
    ("2w1 3b1 4w1", 1900, 2700, 2736),
])
def test_rating_second_example_art_10_1_to_10_3(tokens, aro, tpr, ptp):
    """Spec 7: opponents 2000, 1901, 1800: ARO 1900.33 -> 1900. 2/3: p 0.67 -> dp 125 -> TPR
    2025, PTP 2026; 0/3: PTP = 1800 - 800 = 1000 (10.3); 3/3: PTP = 2000 + 736 = 2736."""
    t = crosstable(solo(tokens, rating=2000, opponent_ratings={2: 2000, 3: 1901, 4: 1800}))
    assert (value(t, "ARO"), value(t, "TPR"), value(t, "PTP")) == (aro, tpr, ptp)


def test_rating_functions_round_half_up():
    assert average_rating([2000, 2001]) == 2001  # 2000.5 -> 2001
    assert average_rating([]) is None
    assert performance_rating([2000, 2000, 2000], 1) == 2000 + DP[17]  # 1/6 = 0.1667 -> 0.17
    # A draw: PD is 0.50 for differences 0 to 3 (B.02 8.1.2), so the lowest rating with an
    # expected 0.50 is 3 below the opponent's.
    assert perfect_performance([1500], 1) == 1497


def test_aro_cut_removes_the_lowest_rating_art_14_1():
    t = crosstable(solo("2w1 3b1 4w=", rating=2000,
                        opponent_ratings={2: 2100, 3: 1700, 4: 1900}))
    assert value(t, "ARO/C1") == 2000
    assert value(t, "ARO/M1") == 1900
    cut = [p.rating for p in explained(t, "ARO/C1").parts if p.cut is not None]
    assert cut == [1700]


def test_apro_and_appo_art_10_4_10_5():
    """A beat B and drew C; B and C have TPR/PTP from their single games. Hand-computed:
    TPR(B) = 2000 + dp(0) = 1200, TPR(C) = 2000 + dp(0.5) = 2000 -> APRO(A) = 1600;
    PTP(B) = 2000 - 800 = 1200 (zero score), PTP(C) = 1997 (PD 0.50 reaches down to a
    difference of -3) -> APPO(A) = 3197 / 2 = 1598.5, rounded 0.5 up: 1599."""
    t = crosstable(solo("2w1 3b=", rating=2000, opponent_ratings={2: 1900, 3: 2100}))
    assert value(t, "APRO") == 1600
    assert value(t, "APPO") == 1599


def test_rating_tiebreaks_are_undefined_with_unrated_players_art_10():
    """Art. 10: unrated players present and no rating announced: dropped for everyone."""
    for code in ("ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"):
        _, col = column(TEC, code)
        assert set(col.values) == {None}
        assert col.explain(0).notes[0].kind is NoteKind.UNDEFINED_UNRATED


def test_rating_for_unrated_players_when_announced():
    """With a rating announced for unrated players (/U1000 or the event setting) they count."""
    assert value(TEC, "ARO/U1000", 4) == 1000
    assert value(TEC, "RTNG", 4, unrated_rating=1500) == 1500
    assert value(TEC, "RTNG/U1200", 4) == 1200


# --- the registry, notation, team events ------------------------------------------------------

def test_every_individual_tiebreak_of_the_catalogue_has_one_function():
    """An alias (GE) has none of its own: Context.column reads the entry it names."""
    individual = {a for a, info in CATALOGUE.items()
                  if not info.team_only and a != "DE" and info.canonical is info}
    assert individual == {a for a in REGISTRY if not CATALOGUE[a].team_only}
    with pytest.raises(ValueError, match="'GE' is another name for 'REP'"):
        tiebreak("GE")


def test_ge_is_rep_and_bh_c1_is_bh_slash_c1():
    assert column(TEC, "GE")[1].values == column(TEC, "REP")[1].values
    assert column(TEC, "BH-C1")[1].values == column(TEC, "BH/C1")[1].values


def test_team_points_systems_are_refused_not_zero():
    with pytest.raises(TiebreakError, match=r"team tie-break 'BH:MP'.*applies to team events only"):
        column(TEC, "BH:MP")


def test_unknown_code_is_an_error():
    with pytest.raises(NotationError, match="unknown tie-break 'BHX'"):
        parse_tiebreak("BHX")


@pytest.mark.parametrize("code", sorted({
    "PTS", "WIN", "WON", "BPG", "BWG", "PS", "PS/C1", "REP", "STD", "TPN", "BH", "BH/C1",
    "BH/C2", "BH/M1", "BH/M2", "BH/P", "FB", "FB/C1", "SB", "SB/C1", "SB/M1", "KS", "AOB",
    "AOB/F", "ARO/U1000", "ARO/C1/U1000", "TPR/U1000", "PTP/U1000", "APRO/U1000",
    "APPO/U1000", "RTNG/U1000"}))
@pytest.mark.parametrize("edition", list(Edition))
def test_uncut_parts_add_up_to_the_total(code, edition):
    """The derivation of every player's value: the uncut parts add up to the total, and a
    sum's total is its value."""
    _, col = column(TEC, code, edition=edition)
    for i in range(len(TEC.players)):
        result = col.explain(i)
        assert result.value == col.values[i]
        if result.total is not None:
            assert sum((p.value for p in result.parts if p.cut is None), D(0)) == result.total
        if code.split("/")[0] in {"PTS", "WIN", "WON", "BPG", "BWG", "PS", "REP", "STD", "BH",
                                  "FB", "SB", "KS"}:
            assert result.total == result.value


@pytest.mark.parametrize(("cut_code", "code"), [("BH/C1", "BH"), ("BH/M1", "BH"),
                                               ("SB/C1", "SB")])
def test_a_cut_variant_shares_the_uncut_elements_of_its_sum(cut_code, code):
    """BH/C1 and BH (Art. 14.1) are one sum of the same elements, cut or not: a player
    page shows both derivations, so the parts not cut are the same records, made once, and
    only a cut one differs (its ``cut``), equal in every other field."""
    ctx = Context(TEC)
    cut_column, full_column = ctx.column(parse_tiebreak(cut_code)), ctx.column(parse_tiebreak(code))
    cuts = 0
    for i in range(len(TEC.players)):
        cut_parts, full_parts = cut_column.explain(i).parts, full_column.explain(i).parts
        assert len(cut_parts) == len(full_parts)
        for with_cut, without in zip(cut_parts, full_parts, strict=True):
            if with_cut.cut is None:
                assert with_cut is without
            else:
                cuts += 1
                assert with_cut == replace(without, cut=with_cut.cut)
    assert cuts >= len(TEC.players)  # every player has an element cut


def test_aob_does_not_depend_on_the_other_tiebreaks_in_the_list():
    """A: beat B, then a zero-point bye and two forfeit losses; B: lost to A, a half-point
    bye and two forfeit losses (4 rounds, 2024 edition). A's bye is followed only by VURs,
    so B's opponents see A at 1 + 1/2 (16.3.2) = 1.5, and BH(B) = 1.5 + three dummies of
    B's own 0.5 = 3.0 = AOB(A) (8.2). The reference gives 2.5 when FB precedes AOB in its
    list (its Fore Buchholz leaves state behind: spec section 15); a value must not depend
    on the list."""
    t = crosstable("""
        1 A - | 2w1 -Z 3w- 4b-
        2 B - | 1b0 -H 5w- 6b-
        3 C - | .   .  1b+ .
        4 D - | .   .  .   1w+
        5 E - | .   .  2b+ .
        6 F - | .   .  .   2w+
    """)
    alone = compute_standings(t, ["AOB"], Edition.FIDE_2024_08)
    after_fb = compute_standings(t, ["FB", "AOB"], Edition.FIDE_2024_08)
    assert alone.row(StartNo(1)).number("AOB") == after_fb.row(StartNo(1)).number("AOB") == 3


def test_perfect_performance_is_the_lowest_rating_reaching_the_score_art_10_3():
    """10.3 by definition, checked against a plain upward scan on random cases."""
    import random

    rng = random.Random(103)
    for _ in range(300):
        ratings = [rng.randint(1000, 2800) for _ in range(rng.randint(1, 13))]
        halves = rng.randint(1, 2 * len(ratings))
        lowest = min(ratings) - 800
        while expected_score_hundredths(lowest, ratings) < 50 * halves:
            lowest += 1
        assert perfect_performance(ratings, halves) == lowest, (ratings, halves)
