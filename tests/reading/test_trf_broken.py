"""Broken TRF files: each gives the whole expected diagnostic, line and column included.

The base tournament is written out below and checked by hand: four players, three
rounds, every game given on both sides. Columns (spec trf.md §2): starting rank 5-8,
rating 49-52, points 81-84, rank 86-89; round r's block starts at 92 + 10(r-1), its
colour is 5 columns later and its result 7 columns later (97/99, 107/109, 117/119).
Each case changes one thing and lists every diagnostic that change must produce.
"""

from __future__ import annotations

import pytest

from generator.reading.events import read_paths

BASE = (
    "012 Test Open\n"                                                       # line 1
    "042 2026/03/14\n"                                                      # line 2
    "092 Swiss Dutch\n"                                                     # line 3
    "XXR 3\n"                                                               # line 4
    "001    1      Alpha, Anna                       2100 NOR                         2.5    2     4 w 1     2 b =     3 w 1\n"   # noqa: E501
    "001    2      Beta, Boris                       2000 SWE                         2.5    1     3 b 1     1 w =     4 b 1\n"   # noqa: E501
    "001    3      Gamma, Gleb                       1900 GER                         0.5    3     2 w 0     4 b =     1 b 0\n"   # noqa: E501
    "001    4      Delta, Dina                       1800 FRA                         0.5    4     1 b 0     3 w =     2 w 0\n"   # noqa: E501
)
# Hand check of the points: 1 beats 4 and 3 and draws 2 (2.5); 2 beats 3 and 4 and draws
# 1 (2.5); 3 and 4 lose twice and draw each other (0.5 each). The rank column is the default
# Swiss list's: 1 and 2 are equal up to BPG (C.07 7.3), where Beta's two games with Black
# beat Anna's one; so are 3 and 4, where Gamma's two beat Dina's one.


def changed(line: int, old: str, new: str, text: str = BASE) -> str:
    """BASE with ``old`` replaced by ``new`` on one line (exactly once)."""
    lines = text.split("\n")
    assert lines[line - 1].count(old) == 1, (line, old)
    lines[line - 1] = lines[line - 1].replace(old, new)
    return "\n".join(lines)


def diagnostics_for(data: bytes, tmp_path, monkeypatch) -> list[str]:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.trf").write_bytes(data)
    _events, diagnostics = read_paths(["t.trf"])
    return [str(d) for d in diagnostics]


GRID1 = "opponent in columns 92-95, colour in column 97, result in column 99"
GRID2 = "opponent in columns 102-105, colour in column 107, result in column 109"
RESULTS = "one of 1 = 0 W D L + - H F U Z X or blank"
TENS_RULER = "         1         2         3         4         5         6         7"
COUNTING_RULER = "0123456789" * 12
LEGEND = ("DDD SSSS sTTT NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN RRRR FFF IIIIIIIIIII BBBB/BB/BB "
          "PPPP RRRR  1111 1 1  2222 2 2  3333 3 3")
RULER_EXPECTED = "'###' in front of a line that is not a record (a TRF-26 comment)"

CASES = {
    "truncated-in-a-round-block": (
        changed(5, "     4 w 1     2 b =     3 w 1", "     4"),
        [f"t.trf:5:96: line ends inside the round 1 block ('   4'); expected {GRID1}"]),
    "truncated-player-record": (
        changed(5, BASE.split("\n")[4], "001 "),
        ["t.trf:5:4: player record ends at column 3; expected the starting rank in columns 5-8"]),
    "shifted-right-by-one-column": (
        changed(6, "1     1 w =", "1      1 w ="),
        [f"t.trf:6:106: round 2 block '    1 w =' is not on the 10-column grid; "
         f"expected {GRID2}"]),
    "shifted-left-by-one-column": (
        changed(5, "   2     4 w 1", "   2    4 w 1"),
        [f"t.trf:5:96: round 1 block '  4 w 1' is not on the 10-column grid; "
         f"expected {GRID1}"]),
    "letters-in-starting-rank": (
        changed(6, "001    2", "001   2b"),
        ["t.trf:6:7: starting rank '2b' is not a number; expected digits in columns 5-8"]),
    "letters-in-rating": (
        changed(5, "2100", "21O0"),
        ["t.trf:5:49: rating '21O0' is not a number; expected digits in columns 49-52"]),
    "letters-in-points": (
        changed(5, " 2.5", " 2,5"),
        ["t.trf:5:82: points '2,5' is not a number; "
         "expected a number such as ' 4.5' in columns 81-84"]),
    "letters-in-rank": (
        changed(6, "2.5    1", "2.5   1."),
        ["t.trf:6:88: rank '1.' is not a number; expected digits in columns 86-89"]),
    "letters-in-opponent": (
        changed(5, "   4 w 1", "   A w 1"),
        ["t.trf:5:95: round 1 opponent 'A' is not a number; "
         "expected a starting rank in columns 92-95, or 0000 for none"]),
    "asymmetric-game-one-side-missing": (
        changed(8, "   1 b 0", "0000 - Z"),
        ["t.trf:5:92: player 1 lists player 4 in round 1, but player 4 (line 8) has no "
         "opponent; expected player 4's round 1 block to name player 1"]),
    "player-paired-twice-in-a-round": (
        changed(7, "   2 w 0", "   4 w 0"),
        ["t.trf:6:92: player 2 lists player 3 in round 1, but player 3 (line 7) has "
         "opponent 4; expected player 3's round 1 block to name player 2",
         "t.trf:7:92: player 4 is paired twice in round 1: with player 1 (line 5) and with "
         "player 3; expected one opponent per round"]),
    "self-pairing": (
        changed(5, "   4 w 1", "   1 w 1"),
        ["t.trf:5:92: player 1 is paired with themself in round 1; "
         "expected another player's starting rank"]),
    "opponent-not-in-the-file": (
        changed(5, "   4 w 1", "   9 w 1"),
        ["t.trf:5:92: opponent 9 in round 1 is not a player of this file; "
         "expected the starting rank of a 001 record"]),
    "duplicate-starting-rank": (
        changed(8, "001    4", "001    3"),
        ["t.trf:8:5: starting rank 3 used twice (first on line 7); "
         "expected each starting rank once"]),
    "both-players-white": (
        changed(8, "   1 b 0", "   1 w 0"),
        ["t.trf:8:97: players 1 and 4 both have colour 'w' in round 1; "
         "expected 'b' (line 5 says 'w')"]),
    "unknown-colour": (
        changed(5, "   4 w 1", "   4 x 1"),
        ["t.trf:5:97: unknown colour 'x' in round 1; expected 'w', 'b', '-' or blank"]),
    "unknown-result-code": (
        changed(5, "   4 w 1", "   4 w Q"),
        [f"t.trf:5:99: unknown result code 'Q' in round 1; expected {RESULTS}"]),
    "both-players-won": (
        changed(8, "   1 b 0", "   1 b 1"),
        ["t.trf:8:99: result '1' of player 4 does not match '1' of player 1 (line 5) in "
         "round 1; expected '0'",
         "t.trf:8:81: warning: points column says 0.5 but the results add up to 1.5 under "
         "1-½-0 scoring (standard); expected 1.5, or a 'scoring' entry in event.yml"]),
    "forfeit-loss-against-a-played-win": (
        changed(8, "   1 b 0", "   1 b -"),
        ["t.trf:8:99: result '-' of player 4 does not match '1' of player 1 (line 5) in "
         "round 1; expected '0'"]),
    "empty-file": (
        "",
        ["t.trf: empty TRF file; expected a 012 tournament record and 001 player records"]),
    "blank-lines-only": (
        "\n  \r\n\n",
        ["t.trf: empty TRF file; expected a 012 tournament record and 001 player records"]),
    "only-headers": (
        "012 Test Open\n042 2026/03/14\nXXR 3\n",
        ["t.trf:3: no player records (001) in the file; expected one 001 line per player"]),
    "round-count-smaller-than-the-data": (
        changed(4, "XXR 3", "XXR 2"),
        ["t.trf:5:112: XXR on line 4 announces 2 rounds, but this record has 3 round blocks; "
         "expected at most 2 round blocks, or a larger number of rounds"]),
    "round-count-not-a-number": (
        changed(4, "XXR 3", "XXR three"),
        ["t.trf:4:5: number of rounds 'three' is not a positive number; expected 'XXR 7'"]),
    "record-type-run-into-its-value": (
        changed(4, "XXR 3", "XXR3"),
        ["t.trf:4:4: record type 'XXR3' is not followed by a blank in column 4; "
         "expected a 3-character record type, then a blank"]),
    "control-character-in-a-record": (
        changed(1, "Test Open", "Test\x07Open"),
        ["t.trf:1:9: control character '\\x07' in a text record; expected printable text"]),
    "unreadable-date-is-a-warning": (
        changed(2, "2026/03/14", "2026/13/45"),
        ["t.trf:2:5: warning: cannot read the date '2026/13/45' (no such day); "
         "expected a date such as 2026/03/14"]),
    "unknown-record-type-is-kept-with-a-warning": (
        BASE + "ABC something a program added\n",
        ["t.trf:9:1: warning: unknown record type 'ABC' kept but not used; "
         "expected a TRF-16/TRF-26 record such as 001, 012 or XXR"]),
    "points-column-disagrees": (
        changed(5, " 2.5", " 3.0"),
        ["t.trf:5:81: warning: points column says 3.0 but the results add up to 2.5 under "
         "1-½-0 scoring (standard); expected 2.5, or a 'scoring' entry in event.yml"]),
    "missing-result-in-an-earlier-round": (
        changed(6, "   1 w =", "   1 w  ", changed(5, "   2 b =", "   2 b  ")),
        [f"t.trf:5:109: warning: no result in round 2 although later rounds have results; "
         f"read as pending; expected {RESULTS}",
         f"t.trf:6:109: warning: no result in round 2 although later rounds have results; "
         f"read as pending; expected {RESULTS}",
         "t.trf:5:81: warning: points column says 2.5 but the results add up to 2.0 under "
         "1-½-0 scoring (standard); expected 2.0, or a 'scoring' entry in event.yml",
         "t.trf:6:81: warning: points column says 2.5 but the results add up to 2.0 under "
         "1-½-0 scoring (standard); expected 2.0, or a 'scoring' entry in event.yml"]),
    # Swiss-Manager writes column rulers and a field legend above the player records.
    "column-rulers-and-legend-are-skipped": (
        changed(4, "XXR 3", "XXR 3\n" + TENS_RULER + "\n" + COUNTING_RULER + "\n" + LEGEND),
        [f"t.trf:5:1: note: column ruler {TENS_RULER[:24] + '…'!r} skipped: not a record; "
         f"expected {RULER_EXPECTED}",
         f"t.trf:6:1: note: column ruler {COUNTING_RULER[:24] + '…'!r} skipped: not a "
         f"record; expected {RULER_EXPECTED}",
         f"t.trf:7:1: note: column legend {LEGEND[:24] + '…'!r} skipped: not a record; "
         f"expected {RULER_EXPECTED}"]),
    # The counting ruler begins with the tag 012: only the whole line tells them apart.
    "ruler-look-alike-with-a-letter-stays-an-error": (
        changed(4, "XXR 3", "XXR 3\n" + COUNTING_RULER[:30] + "x"),
        ["t.trf:5:4: record type '0123' is not followed by a blank in column 4; "
         "expected a 3-character record type, then a blank"]),
    "draw-and-loss-without-an-opponent-are-half-and-zero-point-byes": (
        # Round 3 of players 1 and 3 (who met there) becomes a bye; the points column
        # counts ½ for player 1's '=' and 0 for player 3's '0', as the byes they state.
        changed(5, "   3 w 1", "0000 - =", changed(5, " 2.5", " 2.0",
                changed(7, "   1 b 0", "0000 - 0"))),
        ["t.trf:5:119: warning: game result '=' without an opponent in round 3; read as a "
         "half-point bye; expected 'H' for a half-point bye, or the opponent's starting rank",
         "t.trf:7:119: warning: game result '0' without an opponent in round 3; read as a "
         "zero-point bye; expected 'Z' for a zero-point bye, or the opponent's starting rank"]),
    "win-and-unrated-loss-without-an-opponent-are-full-and-zero-point-byes": (
        changed(5, "   3 w 1", "0000 - W", changed(7, "   1 b 0", "0000 - L")),
        ["t.trf:5:119: warning: game result 'W' without an opponent in round 3; read as a "
         "full-point bye; expected 'F' for a full-point bye, or the opponent's starting rank",
         "t.trf:7:119: warning: game result 'L' without an opponent in round 3; read as a "
         "zero-point bye; expected 'Z' for a zero-point bye, or the opponent's starting rank"]),
    "forfeit-win-without-an-opponent-is-a-full-point-bye": (
        changed(5, "   3 w 1", "0000 - +", changed(7, "   1 b 0", "0000 - Z")),
        ["t.trf:5:119: warning: forfeit win without an opponent in round 3; read as a "
         "full-point bye; expected 'F' for a full-point bye, or the opponent's starting rank"]),
    "blank-result-the-points-column-counts-as-a-half-point-bye": (
        # Player 1's round 3 block is '0000 -' with the result left blank (the line ends
        # at the colour); the points column still counts ½ for it.
        changed(5, "   3 w 1", "0000 -", changed(5, " 2.5", " 2.0",
                changed(7, "   1 b 0", "0000 - Z"))),
        ["t.trf:5:81: warning: points column says 2.0 but the results add up to 1.5 under "
         "1-½-0 scoring (standard), and round 3 is blank but the points column counts ½ "
         "for it: a half-point bye?; expected 'H' in round 3, or 1.5 in the points column"]),
    "blank-result-the-points-column-counts-more-than-any-bye": (
        changed(5, "   3 w 1", "0000 -", changed(5, " 2.5", " 3.0",
                changed(7, "   1 b 0", "0000 - Z"))),
        ["t.trf:5:81: warning: points column says 3.0 but the results add up to 1.5 under "
         "1-½-0 scoring (standard), and round 3 is blank but the points column counts 1.5 "
         "for it; expected a bye code (H, F) in round 3, or 1.5 in the points column"]),
    "blank-result-the-points-column-does-not-count": (
        # The column counts less than the results: the blank round is not the reason.
        changed(5, "   3 w 1", "0000 -", changed(5, " 2.5", " 1.0",
                changed(7, "   1 b 0", "0000 - Z"))),
        ["t.trf:5:81: warning: points column says 1.0 but the results add up to 1.5 under "
         "1-½-0 scoring (standard); expected 1.5, or a 'scoring' entry in event.yml"]),
    "two-blank-results-the-points-column-counts-as-full-point-byes": (
        changed(5, "   2 b =     3 w 1", "0000 -    0000 -", changed(5, " 2.5", " 3.0",
                changed(6, "   1 w =", "0000 - Z", changed(6, " 2.5", " 2.0",
                        changed(7, "   1 b 0", "0000 - Z"))))),
        ["t.trf:5:81: warning: points column says 3.0 but the results add up to 1.0 under "
         "1-½-0 scoring (standard), and rounds 2 and 3 are blank but the points column "
         "counts 2 for them: full-point byes?; expected 'F' in rounds 2 and 3, or 1.0 in "
         "the points column"]),
}

BYTE_CASES = {
    # A PNG header: NUL bytes start line 3 (after "\x89PNG\r\n" and "\x1a\n").
    "binary-garbage": (
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
        ["t.trf:3:1: binary data (a NUL byte) in a TRF file; "
         "expected a text file exported by a pairing program"]),
    # 0x81 is undefined in cp1252 and starts no UTF-8 sequence: there is no reading of it.
    "invalid-utf8-without-a-cp1252-reading": (
        b"012 Caf\x81\n",
        ["t.trf:1:8: byte 0x81 is neither UTF-8 nor cp1252 (Windows Latin-1); "
         "expected a file saved as UTF-8"]),
    # 0xFC is 'ü' in cp1252 (and Latin-1) but not valid UTF-8 here: read, with a warning.
    "cp1252-file-is-read-with-a-warning": (
        changed(5, "Alpha, Anna", "M\u00fcller, Ann").encode("cp1252"),
        None),
    "control-characters-only": (
        b"\x01\x02\x03 garbage\n",
        ["t.trf:1:1: control character '\\x01' in a text record; expected printable text"]),
}


@pytest.mark.parametrize(("text", "expected"), CASES.values(), ids=CASES.keys())
def test_broken_trf_gives_the_expected_diagnostics(text, expected, tmp_path, monkeypatch):
    assert diagnostics_for(text.encode("utf-8"), tmp_path, monkeypatch) == expected


@pytest.mark.parametrize(("data", "expected"), BYTE_CASES.values(), ids=BYTE_CASES.keys())
def test_broken_bytes_give_the_expected_diagnostics(data, expected, tmp_path, monkeypatch):
    if expected is None:
        # "Müller, Ann" keeps the name's width; the column is the 'ü' (column 16).
        expected = ["t.trf:5:16: warning: file is not UTF-8; read as cp1252 (Windows Latin-1); "
                    "expected a file saved as UTF-8, or 'encoding: cp1252' in event.yml once "
                    "the names read right on the pages"]
    assert diagnostics_for(data, tmp_path, monkeypatch) == expected


def test_the_base_tournament_is_clean(tmp_path, monkeypatch):
    assert diagnostics_for(BASE.encode(), tmp_path, monkeypatch) == []


def test_forfeit_win_against_forfeit_loss_is_consistent(tmp_path, monkeypatch):
    text = changed(8, "   1 b 0", "   1 b -", changed(5, "   4 w 1", "   4 w +"))
    assert diagnostics_for(text.encode(), tmp_path, monkeypatch) == []


def test_a_double_forfeit_is_consistent(tmp_path, monkeypatch):
    # Both lose by forfeit: only player 1's total changes (2.5 -> 1.5), a warning.
    text = changed(8, "   1 b 0", "   1 b -", changed(5, "   4 w 1", "   4 w -"))
    assert diagnostics_for(text.encode(), tmp_path, monkeypatch) == [
        "t.trf:5:81: warning: points column says 2.5 but the results add up to 1.5 under "
        "1-½-0 scoring (standard); expected 1.5, or a 'scoring' entry in event.yml"]


def test_forfeits_with_colour_dash_on_both_sides_are_accepted(tmp_path, monkeypatch):
    text = changed(8, "   1 b 0", "   1 - -", changed(5, "   4 w 1", "   4 - +"))
    assert diagnostics_for(text.encode(), tmp_path, monkeypatch) == []


# Line -> whether it is skipped as a guide to the columns. Records made of digits and
# blanks (142, 062, a cut-off 001) and near-rulers stay records, with their own diagnostics.
RULER_LOOK_ALIKES = {
    "1234567890" * 3: True,
    "   0123456789012": True,
    "       1         2         3": True,
    "        10        11        12": True,
    "DDD SSSS sTTT NNNN": True,
    "142 7": False,
    "062 24": False,
    "001    1": False,
    "001         2": False,
    "0123 45": False,
    "0123456789 0123": False,
    "0124456789012": False,
    "       1         3": False,
    "       1        2": False,
}


@pytest.mark.parametrize(("line", "is_ruler"), RULER_LOOK_ALIKES.items(),
                         ids=[repr(line[:20]) for line in RULER_LOOK_ALIKES])
def test_only_whole_ruler_lines_are_skipped(line, is_ruler, tmp_path, monkeypatch):
    diagnostics = diagnostics_for(changed(4, "XXR 3", f"XXR 3\n{line}").encode(), tmp_path,
                                  monkeypatch)
    skipped = [d for d in diagnostics if "skipped: not a record" in d]
    assert len(skipped) == (1 if is_ruler else 0), diagnostics
    if is_ruler:
        assert diagnostics == skipped
