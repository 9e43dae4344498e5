"""C.07 Arts. 15-16: categories, adjusted scores, dummies and their caps, the Cut-1
exception, and the 16.6 options.

Expected numbers are the worked examples of shared/spec/unplayed-rounds.md section 7 (the
FIDE TEC tie-break exercise, values produced by FIDE's reference calculator and re-derived
by hand there) or are worked out by hand in the test's docstring.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from kit.crosstable import TEC_EXERCISE, crosstable

import generator.rules.ranking  # noqa: F401  (fills the registry Context.column reads)
from generator.model import (
    DEFAULT_UNPLAYED,
    CapRounds,
    Edition,
    RoundKind,
    ScoreSystem,
    StartNo,
    UnplayedOptions,
)
from generator.rules import opponents
from generator.rules.context import Context
from generator.rules.cuts import cut_elements
from generator.rules.explain import CutReason
from generator.rules.notation import parse_tiebreak
from generator.rules.unplayed import (
    Category,
    ScoreSheet,
    build_score_sheet,
    categorize,
    opponent_scores,
    scoring_unit,
)

D = Decimal
E2024 = Edition.FIDE_2024_08
E2026 = Edition.FIDE_2026_03
TEC = crosstable(TEC_EXERCISE)


def value(code: str, player: int, edition: Edition = E2026, tournament=TEC,
          unplayed: UnplayedOptions = DEFAULT_UNPLAYED) -> Decimal | None:
    ctx = Context(tournament, edition=edition, unplayed=unplayed)
    return ctx.column(parse_tiebreak(code)).values[ctx.sheet.index[StartNo(player)]]


def parts(code: str, player: int, edition: Edition = E2026, tournament=TEC,
          unplayed: UnplayedOptions = DEFAULT_UNPLAYED):
    ctx = Context(tournament, edition=edition, unplayed=unplayed)
    return ctx.column(parse_tiebreak(code)).explain(ctx.sheet.index[StartNo(player)])


# --- 16.2 categories, 16.3 adjusted score ---------------------------------------------------

def test_categories_of_the_tec_exercise_art_16_2():
    """Ivan: R3 HPB followed by a PAB (not a VUR) is 16.2.3; R4 forfeit loss 16.2.4; R5 PAB
    16.2.1. Nick withdrew: R4-R5 are requested byes followed only by VURs (16.2.5). Paul's R4
    ZPB is followed by a played round: 16.2.3."""
    sheet = build_score_sheet(TEC)
    by_no = {p.start_no: sheet.categories[i] for i, p in enumerate(sheet.players)}
    assert by_no[9] == (None, None, Category.REQUESTED_BYE_THEN_AVAILABLE,
                        Category.FORFEIT_LOSS, Category.AWARDED_BYE)
    assert by_no[12] == (None, Category.AWARDED_BYE, Category.FORFEIT_WIN,
                         Category.REQUESTED_BYE_AT_THE_END, Category.REQUESTED_BYE_AT_THE_END)
    assert by_no[14] == (None, None, Category.FORFEIT_LOSS,
                         Category.REQUESTED_BYE_THEN_AVAILABLE, None)
    assert by_no[4][1] is Category.REQUESTED_BYE_THEN_AVAILABLE


def test_a_forfeit_loss_in_the_last_round_is_never_16_2_5():
    """16.3.2 lists only requested byes: a trailing forfeit loss stays 16.2.4, and a bye
    followed only by it is 16.2.5."""
    kinds = crosstable("""
        1 A - | 2w1 -H 3w-
        2 B - | 1b0 .  .
        3 C - | .   .  1b+
    """).players[0].results
    assert categorize(tuple(r.kind for r in kinds)) == (
        None, Category.REQUESTED_BYE_AT_THE_END, Category.FORFEIT_LOSS)


def test_adjusted_score_of_a_withdrawn_player_art_16_3_2():
    """Example 3: Nick scores 0+1+1+0+0 = 2.0; his opponents see 0+1+1+1/2+1/2 = 3.0."""
    sheet = build_score_sheet(TEC)
    nick = sheet.index[StartNo(12)]
    assert sheet.scores[nick] == D("2.0")
    assert sheet.adjusted[nick] == D("3.0")
    # Ivan's mid-event HPB (16.2.3) keeps its half point: 1.5 both ways (Example 2).
    ivan = sheet.index[StartNo(9)]
    assert (sheet.scores[ivan], sheet.adjusted[ivan]) == (D("1.5"), D("1.5"))


# --- 16.4 the dummy and its caps ---------------------------------------------------------------

@pytest.mark.parametrize(("edition", "bh", "bh_c1", "sb", "fb"), [
    (E2024, "15.0", "11.5", "9.75", "15.5"),
    (E2026, "14.0", "11.5", "9.25", "14.5"),
])
def test_example_1_mid_event_half_point_bye_art_16_4_2(edition, bh, bh_c1, sb, fb):
    """David (#4): the R2 HPB dummy is his own 3.5 (2024) or min(3.5, 1/2 x 5) = 2.5 (2026)."""
    assert value("BH", 4, edition) == D(bh)
    assert value("BH/C1", 4, edition) == D(bh_c1)
    assert value("SB", 4, edition) == D(sb)
    assert value("FB", 4, edition) == D(fb)


def test_example_1_dummy_part_shows_cap_and_article():
    dummy = parts("BH", 4).parts[1]
    assert dummy.is_dummy and dummy.round == 2
    assert (dummy.dummy_own_score, dummy.dummy_cap, dummy.value) == (D("3.5"), D("2.5"), D("2.5"))
    assert dummy.article == "16.4.2"
    assert dummy.category == "16.2.3" and dummy.is_voluntary_unplayed
    # R1: Nick's adjusted 3.0, not his actual 2.0 (16.3).
    first = parts("BH", 4).parts[0]
    assert (first.opponent_score, first.adjusted_score, first.value) == (D(2), D(3), D(3))
    assert first.article == "16.3"


def test_the_value_and_its_explanation_read_one_dummy(monkeypatch):
    """16.4 is coded once (ScoreSheet.dummy_cap, which the explanations' dummy_score and the
    values' dummy_units both read): given another cap, David's BH and its derivation both
    follow it. His R2 dummy is 2.5 of BH 14.0 (Example 1); a dummy capped at one unit (0.5
    under 1-1/2-0) makes BH 14.0 - 2.5 + 0.5 = 12.0."""
    def cap(sheet: ScoreSheet, player: int, round_index: int) -> tuple[int | None, str]:
        return 1, "test"
    monkeypatch.setattr(ScoreSheet, "dummy_cap", cap)
    assert value("BH", 4) == D("12.0")
    part = parts("BH", 4).parts[1]
    assert (part.is_dummy, part.dummy_own_score, part.dummy_cap) == (True, D("3.5"), D("0.5"))
    assert (part.counted_score, part.value, part.article) == (D("0.5"), D("0.5"), "test")


def test_the_value_and_its_explanation_read_one_game_rule(monkeypatch):
    """Whether a round counts as a game is coded once (ScoreSheet.game_kinds, which
    ScoreSheet.is_game and the values' loop both read): told that every forfeit is one,
    Maria's 2024 BH counts Ivan's 1.5 for her R4 forfeit win instead of a dummy of her own
    2.5, as BH/P does: 12.5, and the derivation shows no dummy."""
    def forfeits_as_games(sheet: ScoreSheet, *, forfeits_as_played: bool
                          ) -> frozenset[RoundKind]:
        return frozenset({RoundKind.GAME, RoundKind.PENDING, RoundKind.FORFEIT_WIN,
                          RoundKind.FORFEIT_LOSS})
    monkeypatch.setattr(ScoreSheet, "game_kinds", forfeits_as_games)
    assert value("BH", 11, E2024) == value("BH/P", 11, E2024) == D("12.5")
    assert not parts("BH", 11, E2024).parts[3].is_dummy


@pytest.mark.parametrize(("edition", "own", "cap", "score", "article"), [
    (E2024, 7, None, 7, "16.4"),
    (E2026, 7, 5, 5, "16.4.2"),
])
def test_a_dummy_is_its_own_score_capped_from_2026(edition, own, cap, score, article):
    """David's R2 HPB in units of 0.5: own 3.5 = 7; the 2026 cap 1/2 x 5 rounds = 5."""
    sheet = build_score_sheet(TEC, edition=edition)
    dummy = sheet.dummy_score(sheet.index[StartNo(4)], 1)
    assert (dummy.own, dummy.cap, dummy.score, dummy.article) == (own, cap, score, article)


@pytest.mark.parametrize(("edition", "bh", "bh_c1", "sb"), [
    (E2024, "13.5", "12.0", "5.75"),
    (E2026, "12.5", "11.0", "4.75"),
])
def test_example_2_forfeit_win_cap_is_the_opponents_adjusted_score_art_16_4_1(
        edition, bh, bh_c1, sb):
    """Maria (#11): R4 forfeit win vs Ivan; the dummy is 2.5 (2024) or min(2.5, adj(Ivan)
    1.5) = 1.5 (2026). A forfeit win is not a VUR, so Cut-1 removes the lowest value."""
    assert value("BH", 11, edition) == D(bh)
    assert value("BH/C1", 11, edition) == D(bh_c1)
    assert value("SB", 11, edition) == D(sb)
    dummy = parts("BH", 11, edition).parts[3]
    assert dummy.is_dummy and not dummy.is_voluntary_unplayed
    if edition is E2026:
        assert (dummy.dummy_cap, dummy.article) == (D("1.5"), "16.4.1")


def test_example_3_withdrawn_players_own_buchholz():
    """Nick: 3.5 + PAB dummy 2.0 + forfeit-win dummy min(2.0, adj(Paul) 2.0) + two ZPB
    dummies 2.0 = 11.5; the caps do not bite (both editions)."""
    assert value("BH", 12, E2024) == value("BH", 12, E2026) == D("11.5")


@pytest.mark.parametrize("edition", [E2024, E2026])
def test_example_4_vurs_are_cut_first_art_16_5(edition):
    """Paul (#14): BH 11.0; Cut-1 removes a 2.0 VUR dummy although Olga's 1.5 is lower
    (9.0, not 9.5); Cut-2 removes the other VUR (7.0). Ivan: BH 9.0, BH-C1 7.5."""
    assert value("BH", 14, edition) == D("11.0")
    assert value("BH/C1", 14, edition) == D("9.0")
    assert value("BH/C2", 14, edition) == D("7.0")
    assert value("BH", 9, edition) == D("9.0")
    assert value("BH/C1", 9, edition) == D("7.5")
    cut = [p for p in parts("BH/C1", 14, edition).parts if p.cut is not None]
    assert [(p.round, p.cut) for p in cut] == [(3, CutReason.VOLUNTARY_UNPLAYED_FIRST)]


@pytest.mark.parametrize(("edition", "bh", "bh_c1", "sb"), [
    (E2024, "12.0", "11.0", "6.5"),
    (E2026, "11.5", "10.5", "6.0"),
])
def test_example_5_pairing_allocated_bye_capped_but_not_a_vur(edition, bh, bh_c1, sb):
    """Franck (#6): PAB dummy 3.0 (2024) or min(3.0, 2.5) (2026); Cut-1 cuts Jessica's 1.0."""
    assert value("BH", 6, edition) == D(bh)
    assert value("BH/C1", 6, edition) == D(bh_c1)
    assert value("SB", 6, edition) == D(sb)


def test_example_6_sonneborn_berger_cut_with_two_vurs_art_16_5_2():
    """R1 HPB: dummy 4.5 x 1/2 = 2.25 (VUR); R5 forfeit loss: dummy 5.0 x 0 = 0.00 (VUR);
    R8 draw vs R (3.0): 1.50; other contributions larger. The LSV is R's 1.50 (lowest
    score); the lowest VUR contribution is 0.00; cut the higher: 1.50 (round 8)."""
    values = [D("2.25"), D(4), D(5), D(4), D(0), D("3.5"), D(6), D("1.50"), D(5)]
    scores = [D("4.5"), D(4), D(5), D(4), D(5), D("3.5"), D(6), D(3), D(5)]
    voluntary = [True, False, False, False, True, False, False, False, False]
    cut = cut_elements(values, scores, voluntary, low=1, high=0)
    assert cut == [(7, CutReason.LEAST_SIGNIFICANT)]
    # Re-applied for a second cut (16.5.2, last paragraph): LSV now the 3.5 opponent's
    # 3.5 against the lowest VUR 0.00: cut 3.5.
    cut = cut_elements(values, scores, voluntary, low=2, high=0)
    assert cut == [(7, CutReason.LEAST_SIGNIFICANT), (5, CutReason.LEAST_SIGNIFICANT)]


def test_a_vur_contribution_at_least_the_lsv_is_cut_first_in_sb():
    """16.5.1: the VUR's 2.0 is not lower than the LSV's 1.0, so it is cut."""
    values = [D(2), D(1), D(3)]
    scores = [D(4), D(2), D(3)]
    assert cut_elements(values, scores, [True, False, False], low=1, high=0) == [
        (0, CutReason.VOLUNTARY_UNPLAYED_FIRST)]


def test_example_7_three_one_zero_scoring_dummy_cap():
    """9 rounds, 3-1-0, a last-round HPB worth 1: A's own dummy is min(23, 1 x 9) = 9 under
    2026 and 23 under 2024; A's opponents see 23 (the bye, 16.2.5, is a draw anyway)."""
    scoring = ScoreSystem(win=D(3), draw=D(1), loss=D(0))
    lines = ["1 A - | " + " ".join(f"{n}w1" for n in range(2, 9)) + " 9w= -H"]
    for n in range(2, 10):
        tokens = ["."] * 9
        tokens[n - 2] = "1b0" if n < 9 else "1b="
        lines.append(f"{n} P{n} - | " + " ".join(tokens))
    t = crosstable("\n".join(lines), scoring=scoring)
    sheet = build_score_sheet(t)
    a = sheet.index[StartNo(1)]
    assert sheet.scores[a] == D(23) and sheet.adjusted[a] == D(23)
    assert opponent_scores(sheet)[a][8] == D(9)
    assert opponent_scores(build_score_sheet(t, edition=E2024))[a][8] == D(23)
    assert value("STD", 1, tournament=t) == D("8.0")


# --- 15.2 pre-determined pairings -----------------------------------------------------------

ROUND_ROBIN = """
    1 A - | 4w1 3b+ 2w=
    2 B - | 3w= 4b1 1b=
    3 C - | 2b= 1w- 4w1
    4 D - | 1b0 2w0 3b0
"""


def test_round_robin_forfeits_are_games_and_there_are_no_dummies_art_15_2():
    """Scores: A 2.5, B 2.0, C 1.5, D 0. A: R1 beat D (0), R2 forfeit win vs C (1.5), R3
    drew B (2.0). In a round robin the forfeit is a game against C:
    SB = 0 x 1 + 1.5 x 1 + 2.0 x 1/2 = 2.5, with no dummy."""
    rr = crosstable(ROUND_ROBIN, round_robin=True)
    assert value("SB", 1, tournament=rr) == D("2.5")
    explained = parts("SB", 1, tournament=rr)
    assert not any(p.is_dummy for p in explained.parts)
    assert explained.parts[1].article == "15.2"
    # C's forfeit loss is a game against A (A's 2.5), with 0 points: BH 2.0 + 2.5 + 0 = 4.5.
    assert value("BH", 3, tournament=rr) == D("4.5")
    swiss = crosstable(ROUND_ROBIN)
    # Swiss: C's R2 is a VUR against a dummy min(C 1.5, adj(A) 2.5) = 1.5: 2.0 + 1.5 + 0.
    assert value("BH", 3, tournament=swiss) == D("3.5")


def test_round_robin_forfeits_stay_unplayed_for_ratings_and_type_b_losses():
    """15.2 exceptions: ARO counts over-the-board games only; REP still loses C's forfeit."""
    rr = crosstable(ROUND_ROBIN.replace(" - |", " 2000 |"), round_robin=True)
    assert value("REP", 3, tournament=rr) == D(2)
    aro = parts("ARO", 1, tournament=rr)
    assert [p.round for p in aro.parts] == [1, 3]


def test_odd_round_robin_free_round_is_no_element():
    """A free round (no opponent) in a round robin contributes nothing to SB or BH."""
    rr = crosstable("""
        1 A - | 2w1 3b1 -_
        2 B - | 1b0 -_  3w1
        3 C - | -_  1w0 2b0
    """, round_robin=True)
    assert [p.round for p in parts("BH", 1, tournament=rr).parts] == [1, 2]
    assert value("BH", 1, tournament=rr) == D(1)


# --- 16.6 options ------------------------------------------------------------------------------

def test_option_no_vur_preference_cuts_the_plain_lowest():
    """Paul with the 16.6 switch 'vur_cut_first: false': Cut-1 removes Olga's 1.5: 9.5."""
    options = UnplayedOptions(vur_cut_first=False)
    assert value("BH/C1", 14, unplayed=options) == D("9.5")


def test_option_forfeits_as_played_uses_the_scheduled_opponent():
    """Maria with forfeits as games (16.6, like /P): R4 counts adj(Ivan) 1.5 as a game:
    3.5 + 3.5 + 2.5 + 1.5 + 1.5 = 12.5 in both editions; BH/P gives the same."""
    options = UnplayedOptions(forfeits_as_played=True)
    assert value("BH", 11, E2024, unplayed=options) == D("12.5")
    assert value("BH/P", 11, E2024) == D("12.5")


def test_option_unplayed_as_draw():
    """Every own unplayed round is a draw against the player's own score (no cap): David's
    R2 counts 3.5 x 1/2 in SB under 2026 too: 9.75."""
    options = UnplayedOptions(unplayed_as_draw=True)
    assert value("SB", 4, unplayed=options) == D("9.75")
    # Franck's PAB (1 point) then counts as a draw: 3.0 x 1/2 instead of 2.5 x 1: 5.0.
    assert value("SB", 6, unplayed=options) == D("5.0")


def test_the_value_and_its_explanation_read_one_multiplier(monkeypatch):
    """SB's multipliers (the points of a round, or a draw for an unplayed round under 16.6)
    are coded once (unplayed.round_multipliers): given others, Franck's SB and its
    derivation both follow. Every multiplier made one unit (1/2 point) under the 16.6
    option: SB is half his Buchholz with every dummy his own 3.0."""
    def halves(sheet: ScoreSheet, *, forfeits_as_played: bool = False):
        return tuple((1,) * sheet.rounds for _ in sheet.players)
    monkeypatch.setattr(opponents, "round_multipliers", halves)
    options = UnplayedOptions(unplayed_as_draw=True)
    buchholz = value("BH", 6, unplayed=options)
    assert value("SB", 6, unplayed=options) == buchholz / 2
    assert {part.points for part in parts("SB", 6, unplayed=options).parts} == {D("0.5")}


def test_option_cap_rounds_announced():
    """Standings after round 2 of 5: David's R2 HPB dummy is min(own 1.5, 1/2 x N); with N the
    rounds counted (2) the cap is 1.0, with the 5 announced rounds it is 2.5."""
    counted = Context(TEC, rounds=2)
    announced = Context(TEC, rounds=2, unplayed=UnplayedOptions(cap_rounds=CapRounds.ANNOUNCED))
    sheet = build_score_sheet(TEC, rounds=2, options=announced.unplayed, announced_rounds=5)
    david = counted.sheet.index[StartNo(4)]
    assert opponent_scores(counted.sheet)[david][1] == D("1.0")
    assert opponent_scores(sheet)[david][1] == D("1.5")


def test_option_absences_not_voluntary():
    """With absences (Z, blank) not voluntary, Nick's trailing ZPBs keep their 0 for his
    opponents (no 16.3.2 draw): adj(Nick) = 2.0, and David's 2024 BH is 14.0."""
    options = UnplayedOptions(absence_is_voluntary=False)
    sheet = build_score_sheet(TEC, options=options)
    assert sheet.adjusted[sheet.index[StartNo(12)]] == D("2.0")
    assert value("BH", 4, E2024, unplayed=options) == D("14.0")


# --- Fore Buchholz ------------------------------------------------------------------------------

def test_fore_buchholz_final_round_forfeit_becomes_a_played_draw_art_8_3():
    """A: R1 beat B, R2 HPB, R3 forfeit loss to C. For FB the R3 forfeit is a drawn game, so
    the R2 bye is followed by a non-VUR round (16.2.3, no longer 16.2.5): B sees A at
    1 + 1/2 + 1/2 = 2.0 for FB, but 1 + 1/2 (16.2.5 draw) + 0 = 1.5 for BH."""
    t = crosstable("""
        1 A - | 2w1 -H 3w-
        2 B - | 1b0 3w1 -U
        3 C - | -U  2b0 1b+
    """)
    ctx = Context(t, edition=E2024)
    fore = ctx.score_sheet(fore=True)
    a = fore.index[StartNo(1)]
    assert fore.categories[a][1] is Category.REQUESTED_BYE_THEN_AVAILABLE
    assert ctx.sheet.categories[a][1] is Category.REQUESTED_BYE_AT_THE_END
    assert ctx.sheet.adjusted[a] == D("1.5")
    assert fore.adjusted[a] == D("2.0")


def test_scoring_unit():
    assert scoring_unit(ScoreSystem()) == D("0.5")
    assert scoring_unit(ScoreSystem(win=D(3), draw=D(1))) == D(1)
    assert scoring_unit(ScoreSystem(win=D(2), draw=D(1), pending=D("0.25"))) == D("0.25")
    # A negative value and extra points (299 match points) count as the others do.
    assert scoring_unit(ScoreSystem(win=D(3), draw=D("1.5"), loss=D("-0.6")),
                        (D("0.75"),)) == D("0.15")


def test_round_robin_opponents_see_the_actual_score_art_15_2():
    """With pre-determined pairings Art. 16 does not apply (15.2-15.3), so a bye at the end
    keeps the points scored: C (draw, loss, half-point bye) counts 1.0 in A's BH and SB.
    A beat B (2.0), C (1.0) and D (0.5): BH = 3.5 (the reference counts C's final bye as 0
    and gives 3.0)."""
    rr = crosstable("""
        1 A - | 2w1 3b1 4w1
        2 B - | 1b0 4w1 -F
        3 C - | 4b= 1w0 -H
        4 D - | 3w= 2b0 1b0
    """, round_robin=True)
    sheet = build_score_sheet(rr)
    assert sheet.adjusted[sheet.index[StartNo(3)]] == D("1.0")
    assert value("BH", 1, tournament=rr) == D("3.5")
    assert value("SB", 1, tournament=rr) == D("3.5")
