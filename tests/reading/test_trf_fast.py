"""The reader's fast paths against the detailed code they stand in for.

A well-formed 001 line is read by one regex and slices (trf._read_well_formed_player);
anything else goes to the field-by-field reader (trf._read_player), which reports every
problem. Pairings are checked closely (assembly._check_round) only in the rounds a quick
pass (assembly._rounds_in_doubt) finds in doubt. The expected values here are what the
detailed code says: the fast path may decline a line, never read it differently, and a
round left out of the close look must be one the close look has nothing to say about.

Budget: 500 examples per property; ``pytest --examples N`` for longer runs.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.errors import DiagnosticSink
from generator.model import STANDARD_SCORING, ScoreSystem
from generator.reading.assembly import _check_pairings, _check_round, _results
from generator.reading.scoring import _tallied_points
from generator.reading.trf import (
    RoundBlocks,
    _OpponentFields,
    _read_player,
    _read_well_formed_player,
    read_records,
)
from tests.reading.test_trf_broken import BASE


def budget(request: pytest.FixtureRequest) -> settings:
    examples = request.config.getoption("--examples") or 500
    return settings(max_examples=examples, deadline=None, derandomize=examples <= 500,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])


NUMBER_4 = ["   1", "  12", " 123", "1234", "0012", "    ", "   0"]
FIDE_ID = ["    4612345", "           ", "          0", "00000000001"]
POINTS = [" 7.5", " 7.0", "10.5", "   0", "    ", "7.50"]
TITLE = ["    ", "m   ", "w WG", "mGM ", " IM ", "WGM ", "f  c", "F   "]
OPPONENT = ["  12", "0012", "0000", "    ", "   1", "9999", "   0"]
COLOR = list("wbWB- ")
RESULT = list("1=0WDL+-HFUZX?wdlhfuzx ")
# What a near miss may put in a column: digits, blanks, letters, signs, non-ASCII digits.
# Blanks most often: a blank inside a number or a block is the classic shifted column.
NEAR_MISS = list("0123456789 x-+.,_QwWbB=\t") + [" "] * 8 + ["\u0663", "\u00df", "\u00e9"]


@st.composite
def player_lines(draw: st.DrawFn) -> str:
    """A 001 line as pairing programs write it, then (mostly) one to three characters
    changed, inserted or deleted, or the line cut short: near misses the reader must
    report, among lines that are still fine."""
    def pick(choices: list[str]) -> str:
        return draw(st.sampled_from(choices))

    line = ("001 " + pick(NUMBER_4) + " " + pick(TITLE) + " " + "Kim, Sven".ljust(33) + " "
            + pick(NUMBER_4) + " " + "ESP" + " " + pick(FIDE_ID) + " " + "2000/02/19" + " "
            + pick(POINTS) + " " + pick(NUMBER_4) + "  ")
    for _ in range(draw(st.integers(0, 5))):
        line += pick(OPPONENT) + " " + pick(COLOR) + " " + pick(RESULT) + "  "
    for _ in range(draw(st.sampled_from([0, 1, 1, 2, 3]))):
        at = draw(st.integers(0, len(line)))
        change = draw(st.sampled_from(["replace", "replace", "insert", "delete", "cut"]))
        if change == "replace":
            line = line[:at] + pick(NEAR_MISS) + line[at + 1:]
        elif change == "insert":
            line = line[:at] + pick(NEAR_MISS) + line[at:]
        elif change == "delete":
            line = line[:at] + line[at + 1:]
        else:
            line = line[:at]
    return line.rstrip()


def test_a_well_formed_line_is_read_as_the_field_by_field_reader_reads_it(request):
    accepted = []

    @budget(request)
    @given(player_lines())
    def check(line: str) -> None:
        fast = _read_well_formed_player(line, 7, _OpponentFields())
        sink = DiagnosticSink("t.trf")
        detailed = _read_player(line, 7, sink)
        if fast is not None:
            assert sink.collected() == ()
            assert fast == detailed and repr(fast) == repr(detailed)
            assert fast.blocks.opponents == detailed.blocks.opponents
            assert (fast.blocks.colors, fast.blocks.results) == (
                detailed.blocks.colors, detailed.blocks.results)
            accepted.append(line)

    check()
    assert len(accepted) > 10, "the fast path should take the usual lines"


USUAL = next(t for t in BASE.split("\n") if t.startswith("001"))
# "001    1      Alpha, Anna                       2100 NOR                         2.5    1
#      4 w 1     2 b =     3 w 1": round blocks at columns 92, 102 and 112.


def test_the_usual_line_takes_the_fast_path():
    assert _read_well_formed_player(USUAL, 1, _OpponentFields()) is not None


def _at(column: int, text: str, line: str = USUAL) -> str:
    """``line`` with ``text`` written from 1-based ``column`` on."""
    return line[:column - 1] + text + line[column - 1 + len(text):]


@pytest.mark.parametrize("line", [
    _at(5, " 1 1"),             # a blank inside the starting rank
    _at(5, "   0"),             # starting rank 0
    _at(49, "21 0"),            # a blank inside the rating
    _at(81, "2,5"),             # points with a comma
    _at(92, "0 4"),             # a blank inside an opponent
    _at(97, "x"),               # unknown colour
    _at(99, "Q"),               # unknown result
    _at(100, "x"),              # off the 10-column grid
    _at(96, "w "),              # colour in column 96
    USUAL[:105],                # the line ends inside the round 2 block
    _at(92, "   4    "),        # an opponent with neither colour nor result
], ids=lambda line: repr(line[88:]))
def test_near_misses_go_to_the_field_by_field_reader(line):
    assert _read_well_formed_player(line, 1, _OpponentFields()) is None
    sink = DiagnosticSink("t.trf")
    _read_player(line, 1, sink)
    assert [d for d in sink.collected() if d.is_error]


def test_a_left_aligned_opponent_is_left_to_the_field_by_field_reader_which_takes_it():
    # "4   " is opponent 4 to _read_player; the fast path only takes right-aligned fields.
    line = _at(92, "4   ")
    assert _read_well_formed_player(line, 1, _OpponentFields()) is None
    sink = DiagnosticSink("t.trf")
    assert _read_player(line, 1, sink).blocks[0].opponent == 4 and sink.collected() == ()


# --- pairings and results ------------------------------------------------------------------

PLAYER_LINES = [t for t in BASE.split("\n") if t.startswith("001")]


@st.composite
def damaged_files(draw: st.DrawFn) -> str:
    """BASE with a few round blocks changed: opponents, colours, results."""
    lines = BASE.split("\n")
    players = [i for i, t in enumerate(lines) if t.startswith("001") and len(t) > 95]
    for _ in range(draw(st.integers(0, 4))):
        index = draw(st.sampled_from(players))
        line = lines[index].ljust(200)
        start = 91 + 10 * draw(st.integers(0, 3))
        field = draw(st.sampled_from(["opponent", "color", "result", "bye"]))
        if field == "opponent":
            line = line[:start] + draw(st.sampled_from(["0000", "   1", "   2", "   3",
                                                        "   4", "   5", "  77"])) + line[start + 4:]
        elif field == "color":
            line = line[:start + 5] + draw(st.sampled_from(list("wb- "))) + line[start + 6:]
        elif field == "result":
            line = line[:start + 7] + draw(st.sampled_from(list("1=0WDL+-HFUZX "))) \
                + line[start + 8:]
        else:
            line = line[:start] + "0000 - " + draw(st.sampled_from(list("HFUZ-+ "))) \
                + line[start + 8:]
        lines[index] = line.rstrip()
    return "\n".join(lines)


def test_rounds_left_out_of_the_close_look_have_nothing_to_report(request):
    @budget(request)
    @given(damaged_files())
    def check(text: str) -> None:
        document = read_records(text, "t.trf", DiagnosticSink("t.trf"))
        by_no = {p.start_no: p for p in document.players}
        quick = DiagnosticSink("t.trf")
        _check_pairings(by_no, quick)
        close = DiagnosticSink("t.trf")
        for round_no in range(1, max(len(p.blocks) for p in by_no.values()) + 1):
            _check_round(by_no, round_no, close)
        assert quick.collected() == close.collected()

    check()


SCORINGS = [STANDARD_SCORING, ScoreSystem(win=Decimal(3), draw=Decimal(1)),
            ScoreSystem(pairing_allocated_bye=Decimal("0.5"), half_point_bye=Decimal("0.0"),
                        loss=Decimal("0.00"))]


def test_tallied_points_are_the_sum_of_the_round_points(request):
    @budget(request)
    @given(damaged_files(), st.sampled_from(SCORINGS), st.integers(0, 6))
    def check(text: str, scoring: ScoreSystem, rounds_played: int) -> None:
        for player in read_records(text, "t.trf", DiagnosticSink("t.trf")).players:
            assert isinstance(player.blocks, RoundBlocks)
            results, tally = _results(player, 6, rounds_played, {}, DiagnosticSink("t.trf"))
            added = sum((scoring.round_points(r) for r in results), Decimal(0))
            total = _tallied_points(tally, scoring)
            # Equal to the last digit: '2.0' and '2' print differently in a warning.
            assert (total, str(total)) == (added, str(added))

    check()
