"""site/wording.py: one wording per enum member, and the pages and the CLI both use it."""

from __future__ import annotations

import html
from dataclasses import fields, replace
from decimal import Decimal as D
from typing import get_args

import pytest
from click.testing import CliRunner
from conftest import CORPUS_TRF

from generator.cli import main
from generator.messages import Plural
from generator.model import Player, RoundKind, StartNo
from generator.reading.events import read_event
from generator.rules.explain import (
    BoardCountGamePointsNote,
    BoardOrderNote,
    BoardsUnnumberedNote,
    BoardTotalsNote,
    CountsBoardsNote,
    CutReason,
    DirectEncounterNote,
    EncounterStep,
    ExpectedScoreNote,
    ExtendedEncounterNote,
    ForbiddenInRoundRobinNote,
    KoyaThresholdNote,
    NoGamesNote,
    NoRatedGamesNote,
    Note,
    NoteKind,
    NotTiedNote,
    Part,
    RoundedNote,
    SecondaryScoreNote,
    ShownRoundedNote,
    StrengthCombinationNote,
    TableLookupNote,
    UndefinedUnratedNote,
    UnratedRatingNote,
    ZeroScoreNote,
)
from generator.rules.notation import parse_tiebreak
from generator.site import wording
from generator.site.build import build_site
from generator.site.event_standings import standings_for_event
from generator.site.numbers import format_points, plain_decimal
from generator.site.render import note_sentence
from tests.kit.sitekit import make_event

NOTE_RECORDS = get_args(Note)

SAMPLES: tuple[Note, ...] = (
    UndefinedUnratedNote(article="10", unrated=tuple(StartNo(n) for n in range(1, 13))),
    NoRatedGamesNote(article="10.1"),
    NoGamesNote(article="8.2"),
    RoundedNote(article="10.1", exact=D("2075.5"), rounded=D(2076), games=2),
    ShownRoundedNote(article="8.2", exact=D(14) / D(3), shown=D("4.67"), games=3),
    TableLookupNote(article="10.2", average=2005, dp=193, score=D("2.5"), games=4,
                    fraction=D("0.625"), fraction_rounded=D("0.63"), value=2198),
    ExpectedScoreNote(article="10.3", score=D("2.5"), value=2206, expected=D("2.5"),
                      expected_one_below=D("2.49")),
    ZeroScoreNote(article="10.3", value=1251),
    ForbiddenInRoundRobinNote(article="8"),
    DirectEncounterNote(article="6.3", members=(StartNo(3), StartNo(5), StartNo(8)),
                        scores={StartNo(3): D("1.5"), StartNo(5): D("1.5"), StartNo(8): D(0)},
                        order=((StartNo(3), StartNo(5)), (StartNo(8),))),
    NotTiedNote(article="6"),
    KoyaThresholdNote(article="9.2", limit=D("3.5"), maximum=D(7), shift=0),
    UnratedRatingNote(article="10", rating=1000),
    SecondaryScoreNote(article="13.1", is_game_points=True),
    StrengthCombinationNote(article="13.4", secondary=D("17.5"), buchholz=D(64), divisor=3,
                            divisor_given=False, highest_primary=D(14),
                            highest_secondary=D(4), rounds=7,
                            exact=(3 * D("17.5") + D(64)) / 3, shown=D("38.83")),
    CountsBoardsNote(article="13", boards=4),
    ExtendedEncounterNote(article="13.3.2", step=EncounterStep.TOP_BOARD, board=2,
                          members=(StartNo(11), StartNo(14)),
                          scores={StartNo(11): D("0.5"), StartNo(14): D("0.5")},
                          order=((StartNo(11), StartNo(14)),)),
    BoardTotalsNote(article="12.1", totals=(D(7), D(4), D("3.5"), D(3))),
    BoardsUnnumberedNote(article="12", rounds=(2, 5)),
    BoardCountGamePointsNote(article="12.1",
                             game_points={StartNo(1): D("6"), StartNo(2): D("6.5")}),
    BoardOrderNote(article="12.2", members=(StartNo(1), StartNo(3)),
                   order=((StartNo(3),), (StartNo(1),))),
)


@pytest.mark.parametrize(("table", "enum"), [(wording.ROUND_KINDS, RoundKind),
                                             (wording.TEAM_ROUND_KINDS, RoundKind),
                                             (wording.CUTS, CutReason),
                                             (wording.NOTES, NoteKind),
                                             (wording.ENCOUNTER_STEPS, EncounterStep)])
def test_every_member_has_its_words_keyed_by_the_member(table, enum):
    # A StrEnum member equals its string, so a table keyed by "game" would pass a plain
    # membership test: the keys themselves must be the members.
    assert [type(key) for key in table] == [enum] * len(table)
    assert set(table) == set(enum)
    assert all(words.strip() for words in table.values() if not isinstance(words, Plural))
    assert all(words.singular.strip() and words.plural.strip() for words in table.values()
               if isinstance(words, Plural))


def test_every_match_outcome_has_a_letter_and_a_word():
    table = wording.MATCH_OUTCOMES
    assert [type(key) for key in table] == [wording.MatchOutcome] * len(table)
    assert set(table) == set(wording.MatchOutcome)
    letters = [letter for letter, _ in table.values()]
    assert len(set(letters)) == len(letters) and all(len(letter) == 1 for letter in letters)
    assert all(words.strip() for _, words in table.values())


def test_every_note_kind_has_one_record_and_every_record_is_a_note():
    assert sorted(record.kind for record in NOTE_RECORDS) == sorted(NoteKind)
    assert sorted(type(note).__name__ for note in SAMPLES) == sorted(
        record.__name__ for record in NOTE_RECORDS)


@pytest.mark.parametrize("note", SAMPLES, ids=lambda note: note.kind.value)
def test_each_note_wording_names_only_what_its_record_holds(note):
    named = wording.fields_named(wording.NOTES[note.kind])
    held = {field.name for field in fields(note)}
    derived = wording.DERIVED_FIELDS.get(note.kind, frozenset())
    assert named <= held | derived
    assert wording.POINTS_FIELDS.get(note.kind, frozenset()) <= held
    assert f"C.07 {note.article}" in wording.note_words(note, plain_decimal)


@pytest.mark.parametrize(("note", "page_says"), [
    # Points as points (3½); rating averages and fractions stay plain numbers.
    (SAMPLES[3], "Average 2075.5 over 2 games, rounded to the nearest whole number, 0.5 up "
                 "(C.07 10.1): 2076"),
    (SAMPLES[5], "ARO 2005 + dp(0.63) 193 = 2198: score 2½ in 4 games = 0.625, rounded to 2 "
                 "decimals; dp from the B.02 table (C.07 10.2)"),
    (SAMPLES[11], "Only opponents with at least 3½ points count: half of the maximum 7 "
                  "(C.07 9.2)"),
    (SAMPLES[0], "Undefined for everyone: unrated players take part (1, 2, 3, 4, 5, 6, 7, 8, "
                 "9, 10, ...) and no rating was announced for them (C.07 10)"),
])
def test_a_page_writes_a_note_as_a_sentence(note, page_says):
    assert note_sentence(note) == page_says


@pytest.mark.parametrize(("step", "board", "words"), [
    (EncounterStep.PRIMARY, 0, "direct encounter on the primary score"),
    (EncounterStep.SECONDARY, 0, "direct encounter on the secondary score"),
    (EncounterStep.BOARD_COUNT, 0, "board count of their own match (lower first)"),
    (EncounterStep.TOP_BOARD, 3, "game points on board 3 of their own match"),
    (EncounterStep.BOTTOM_BOARD, 3, "game points on boards 1 to 3 of their own match"),
])
def test_an_extended_direct_encounter_note_names_its_step_and_board(step, board, words):
    note = ExtendedEncounterNote(article="13.3", step=step, board=board,
                                 members=(StartNo(1), StartNo(2)),
                                 scores={StartNo(1): D("1.5"), StartNo(2): D("2.5")},
                                 order=((StartNo(2),), (StartNo(1),)))
    assert note_sentence(note) == (f"{words[0].upper()}{words[1:]} among teams 1, 2: "
                                   "1: 1½, 2: 2½; order 2 > 1 (C.07 13.3)")


def test_board_totals_are_written_as_points():
    totals = next(note for note in SAMPLES if isinstance(note, BoardTotalsNote))
    assert note_sentence(totals) == (
        "Game points by board, board 1 first: 7, 4, 3½, 3 (C.07 12.1)")


def test_the_koya_note_names_the_limit_modifier_only_when_it_moves_the_limit():
    moved = KoyaThresholdNote(article="9.2", limit=D(4), maximum=D(7), shift=1)
    assert wording.note_words(moved, plain_decimal) == (
        "only opponents with at least 4 points count: half of the maximum 7, moved by +1 "
        "half points as C.07 14.5 allows (C.07 9.2)")
    assert "moved" not in wording.note_words(SAMPLES[11], plain_decimal)


def test_the_cli_shows_a_direct_encounter_group_by_start_numbers():
    assert wording.direct_encounter_group_words(SAMPLES[9], plain_decimal) == (
        "tied group 3, 5, 8; points among them 3: 1.5, 5: 1.5, 8: 0; order 3=5 > 8")


@pytest.mark.parametrize(("code", "reason", "words"), [
    ("BH/C1", CutReason.LEAST_SIGNIFICANT, "cut as the least significant value (C.07 14.1)"),
    ("BH/C2", CutReason.LEAST_SIGNIFICANT, "cut as the least significant value (C.07 14.2)"),
    ("BH/M1", CutReason.LEAST_SIGNIFICANT, "cut as the least significant value (C.07 14.3)"),
    ("BH/M2", CutReason.MOST_SIGNIFICANT, "cut as the most significant value (median, C.07 14.4)"),
    ("BH/M1", CutReason.MOST_SIGNIFICANT, "cut as the most significant value (median, C.07 14.3)"),
    ("BH/C1", CutReason.VOLUNTARY_UNPLAYED_FIRST,
     "cut first, being a voluntary unplayed round (C.07 16.5)"),
    ("PS/C2", CutReason.EARLIEST_ROUND, "the first cumulative score is dropped (C.07 14.1.2 c)"),
])
def test_a_cut_cites_the_paragraph_of_the_modifier_that_made_it_art_14(code, reason, words):
    assert wording.cut_words(reason, parse_tiebreak(code)) == words


@pytest.mark.parametrize(("code", "label", "articles"), [
    ("BH/C1", "Buchholz, cut 1", ("8.1", "14.1")),
    ("BH/M2/P", "Buchholz, median 2, forfeits as played", ("8.1", "14.4")),
    ("KS/L-1", "Koya System, limit -1", ("9.2", "14.5")),
    ("ARO/U1000", "Average Rating of Opponents, unrated counted as 1000", ("10.1",)),
    ("TPN/R", "Tournament Pairing Number, reversed", ("7.8",)),
])
def test_a_tiebreak_label_spells_its_modifiers(code, label, articles):
    spec = parse_tiebreak(code)
    assert (wording.tiebreak_label(spec), wording.tiebreak_articles(spec)) == (label, articles)


def test_the_page_and_the_cli_say_the_same_words_for_the_same_note(tmp_path):
    """seed-alekhin player 1: the ARO, TPR and PTP notes and a DE note, once engine data,
    then the same sentence in ``standings explain`` and on the player page."""
    settings = "tiebreaks: [ARO, TPR, PTP, DE]\n"
    folder = make_event(tmp_path / "events", "alekhin", CORPUS_TRF / "seed-alekhin.trf",
                        settings)
    standings = standings_for_event(read_event(folder))
    row = standings.rows[0]
    notes = [note for explained in row.values.values() for note in explained.notes]
    assert {note.kind for note in notes} >= {NoteKind.ROUNDED, NoteKind.TABLE_LOOKUP,
                                             NoteKind.EXPECTED_SCORE}
    build_site(tmp_path / "events", tmp_path / "site")
    page = html.unescape((tmp_path / "site" / "alekhin" / "players" /
                          f"{row.player.start_no}.html").read_text(encoding="utf-8"))
    told = CliRunner().invoke(main, ["explain", str(folder), str(row.player.start_no)])
    assert told.exit_code == 0, told.output
    for note in notes:
        words = wording.note_words(note, plain_decimal)
        assert f"    {words}\n" in told.stdout
        on_page = wording.note_words(note, format_points)
        assert f"<li>{on_page[:1].upper()}{on_page[1:]}.\n" in page  # the item's end tag left out


class _NamelessPlayer(Player):
    """An opponent whose name must not be asked for."""

    __slots__ = ()

    @property
    def display_name(self) -> str:
        raise AssertionError("the name was read")


def test_a_round_names_its_opponent_only_in_a_clause_that_names_them():
    """A player page has a clause list for each round of each tie-break, most of them
    empty (a game counted as played): the opponent's name is written out only where a
    clause says it (a dummy, an adjusted score, 16.3/16.4)."""
    nameless = _NamelessPlayer(start_no=StartNo(2), name="Two, Player")
    game = Part(round=1, kind=RoundKind.GAME, value=D(3), opponent=StartNo(2),
                opponent_score=D(3), adjusted_score=D(3), counted_score=D(3), article="8.1")
    assert wording.round_clauses(game, "One Player", nameless) == ()
    named = Player(start_no=StartNo(2), name="Two, Player")
    adjusted = replace(game, adjusted_score=D("3.5"))
    (clause,) = wording.round_clauses(adjusted, "One Player", named)
    assert clause.fields is not None and clause.fields["opponent"] == "Player Two"
    with pytest.raises(AssertionError, match="the name was read"):
        wording.round_clauses(adjusted, "One Player", nameless)
