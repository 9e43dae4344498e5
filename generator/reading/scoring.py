"""How many points a result scores: the scoring records, else the scoring inferred.

Individual events: TRF-26 record ``162`` and JaVaFo's ``XXS``; team events: TRF-26 record
``362`` (match points). When neither event.yml nor the file gives a scoring, the points
column is the only trace of it (spec trf.md §5): :func:`resolve_scoring` infers the
smallest change from 1-½-0 that makes every column add up, and warns for each player
whose column still disagrees. No file access here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal

from generator.errors import DiagnosticSink, quote
from generator.model import (
    HALF,
    ONE,
    POINTS_EXPECTED,
    STANDARD_SCORING,
    ZERO,
    ResultCode,
    RoundKind,
    RoundResult,
    ScoreSystem,
    plain_points,
    points_shown,
)
from generator.reading.event_settings import EventSettings
from generator.reading.trf import PlayerRecord, TrfDocument, TrfRecord

# --- scoring records: 162 and XXS (games), 362 (matches) -------------------------------

_SCORE_SYMBOLS_162 = {"W": "win", "D": "draw", "L": "loss", "A": "absence", "P": "pab",
                      "X": "pending"}


def scoring_from_162(record: TrfRecord, sink: DiagnosticSink) -> ScoreSystem | None:
    """TRF-26 162: symbol at column 6 and its points in 7-10, repeated every 9 columns."""
    values: dict[str, Decimal] = {}
    for match in re.finditer(rf"([A-Za-z])\s*({SCORING_NUMBER})", record.text[4:]):
        symbol = match[1].upper()
        if symbol not in _SCORE_SYMBOLS_162:
            sink.warning(f"unknown scoring symbol {match[1]!r} in record 162 ignored",
                         line=record.line, column=match.start() + 5,
                         expected="one of W D L A P X")
            continue
        value = scoring_value(match[2], symbol, record.line, match.start(2) + 5, sink)
        if value is not None:
            values[_SCORE_SYMBOLS_162[symbol]] = value
    if not values:
        return None
    win = values.get("win", ONE)
    absence = values.get("absence", ZERO)
    return ScoreSystem(
        win=win, draw=values.get("draw", HALF), loss=values.get("loss", ZERO),
        forfeit_loss=absence, zero_point_bye=absence,
        pairing_allocated_bye=values.get("pab"),
        pending=values.get("pending", ZERO))


def scoring_from_xxs(records: Sequence[TrfRecord], sink: DiagnosticSink) -> ScoreSystem | None:
    """JaVaFo XXS ``CODE=VALUE`` pairs; later entries override earlier ones."""
    values: dict[str, Decimal] = {}
    for record in records:
        for match in re.finditer(r"(\S+?)=(\S+)", record.text[4:]):
            code, raw = match[1].upper(), match[2]
            column = match.start() + 5
            value = scoring_value(raw, code, record.line, match.start(2) + 5, sink)
            if value is None:
                continue
            targets = _XXS_CODES.get(code)
            if targets is None:
                sink.warning(f"unknown XXS scoring code {code!r} ignored", line=record.line,
                             column=column, expected="one of " + " ".join(_XXS_CODES))
                continue
            for target in targets:
                values[target] = value
    if not values:
        return None
    for white, black, what in (("WW", "BW", "win"), ("WD", "BD", "draw"),
                               ("WL", "BL", "loss")):
        if white in values and black in values and values[white] != values[black]:
            sink.warning(f"XXS gives a different {what} for White and Black; "
                         f"using {values[white]}", line=records[0].line, column=5,
                         expected="the same points for both colours")
    return ScoreSystem(
        win=values.get("WW", ONE), draw=values.get("WD", HALF), loss=values.get("WL", ZERO),
        forfeit_win=values.get("FW"), forfeit_loss=values.get("FL", ZERO),
        pairing_allocated_bye=values.get("PAB"), full_point_bye=values.get("FPB"),
        half_point_bye=values.get("HPB"), zero_point_bye=values.get("ZPB", ZERO))


SCORING_NUMBER = r"-?[0-9][0-9.]*(?:[eE][-+]?[0-9]+)?"
"""A number after a symbol of record 162 or 362, read whole (an exponent too) so that
:func:`scoring_value` can refuse what is not plain rather than read ``1E+99`` as 1."""


def scoring_value(raw: str, code: str, line: int, column: int, sink: DiagnosticSink
                  ) -> Decimal | None:
    """The points ``raw`` gives result ``code`` in a scoring record (162, 362, XXS), or None
    (reported at ``column``) unless it is a plain number (:func:`plain_points`)."""
    value = plain_points(raw)
    if value is None:
        sink.error(f"scoring value {quote(raw)} for {code} is not a plain number", line=line,
                   column=column, expected=POINTS_EXPECTED)
    return value


_XXS_CODES: dict[str, tuple[str, ...]] = {
    "WW": ("WW",), "BW": ("BW",), "WD": ("WD",), "BD": ("BD",), "WL": ("WL",), "BL": ("BL",),
    "ZPB": ("ZPB",), "HPB": ("HPB",), "FPB": ("FPB",), "PAB": ("PAB",), "FW": ("FW",),
    "FL": ("FL",),
    "W": ("WW", "BW", "FW", "FPB"), "D": ("WD", "BD", "HPB"),
}


def points_text(value: Decimal) -> str:
    """Points as a TRF points column writes them: at least one decimal (``2.0``, ``2.5``)."""
    text = format(value, "f")
    return text if "." in text else f"{text}.0"


POINTS_COLUMN_WARNING = "points column says"
FORFEIT_WITHOUT_OPPONENT_WARNING = "forfeit win without an opponent"
"""How two warnings of the individual reading begin: the team reading drops them where it
explains the round (:func:`generator.reading.teams.explained_warnings`)."""

TWO = Decimal(2)

MATCH_SCORING = ScoreSystem(win=TWO, draw=Decimal(1), loss=ZERO,
                            pairing_allocated_bye=Decimal(1))
"""TRF-26 defaults for record 362: 2 match points for a win, 1 for a draw, 0 for a loss; a
team's pairing-allocated bye scores a draw's match points (as in the Olympiad pairing rules
and the reference calculator) unless 362 gives ``TP``."""


_MATCH_SYMBOLS = {"W": "win", "D": "draw", "L": "loss", "P": "pab", "A": "absence"}
_MATCH_PAIR = re.compile(rf"\s*T?([A-Za-z])\s*({SCORING_NUMBER})(?=\s|$)")
"""One entry of record 362: ``TW 2.0``, ``TW  2.0``, ``TW2.0`` or ``W 2.0``."""


def match_scoring(document: TrfDocument, sink: DiagnosticSink) -> ScoreSystem:
    """TRF-26 362: ``TW 2.0   TD 1.0   TL 0.0`` (a T, the result symbol, its match points)."""
    record = document.first("362")
    if record is None:
        return MATCH_SCORING
    values: dict[str, Decimal] = {}
    text = record.text
    position = 4
    # The whole line decides: real programs put the points one column right (`TW  2.0`)
    # or leave the blank out, but anything that is not a symbol and its points is an error
    # rather than a scoring silently left at its default.
    while text[position:].strip():
        found = _MATCH_PAIR.match(text, position)
        if found is None:
            start = len(text) - len(text[position:].lstrip())
            sink.error(f"record 362 cannot be read from {quote(text[start:].rstrip())}",
                       line=record.line, column=start + 1,
                       expected="a result symbol and its match points, as in "
                                "'362 TW 2.0   TD 1.0   TL 0.0'")
            break
        position = found.end()
        symbol = found[1].upper()
        if symbol not in _MATCH_SYMBOLS:
            sink.warning(f"unknown match scoring symbol {found[0].split()[0]!r} in record 362 "
                         "ignored", line=record.line, column=found.start(1),
                         expected="one of TW TD TL TP TA")
            continue
        value = scoring_value(found[2], symbol, record.line, found.start(2) + 1, sink)
        if value is not None:
            values[_MATCH_SYMBOLS[symbol]] = value
    absence = values.get("absence", ZERO)
    draw = values.get("draw", MATCH_SCORING.draw)
    return ScoreSystem(win=values.get("win", MATCH_SCORING.win), draw=draw,
                       loss=values.get("loss", MATCH_SCORING.loss),
                       pairing_allocated_bye=values.get("pab", draw), forfeit_loss=absence,
                       zero_point_bye=absence)


# --- the scoring of an event, and the points column against it -------------------------


Tally = frozenset[tuple[RoundKind, ResultCode, int]]
"""(kind, code, how many rounds) for each kind of round a player has: all a score system
needs to know. Hashable, so players with the same tally are scored once."""


def _tallied_points(tally: Tally, scoring: ScoreSystem) -> Decimal:
    """The sum of ``scoring.round_points`` over the results tallied, to the last digit.

    Each addition is exact, so n times a value adds up to n copies of it (with the
    same exponent, hence the same ``2.0`` or ``2`` in messages).
    """
    total = ZERO
    for kind, code, count in tally:
        total += scoring.points(kind, code) * count
    return total


def _scoring_candidates() -> Iterable[ScoreSystem]:
    """Score systems from the standard one outwards, fewest changes first.

    The points column of older files is the only trace of the event's scoring
    (spec trf.md §5: "inference from the Points column"); the smallest change
    that explains every player's total is the most plausible one.
    """
    three = Decimal(3)
    bases = (STANDARD_SCORING, ScoreSystem(win=three, draw=ONE),
             ScoreSystem(win=Decimal(2), draw=ONE))
    bye_changes: tuple[dict[str, Decimal], ...] = ()
    for base in bases:
        bye_changes = (
            {}, {"pairing_allocated_bye": base.draw}, {"pairing_allocated_bye": ZERO},
            {"half_point_bye": ZERO}, {"full_point_bye": base.draw},
            {"forfeit_win": base.draw}, {"pairing_allocated_bye": base.draw,
                                         "half_point_bye": ZERO},
        )
        for change in bye_changes:
            yield ScoreSystem(win=base.win, draw=base.draw, loss=base.loss, **change)


def _infer_from_tallies(players: Sequence[tuple[Decimal | None, Tally]]) -> ScoreSystem | None:
    """The first candidate under which every written points column matches (the standard
    one when none is written); None if none does."""
    written = {(points, tally) for points, tally in players if points is not None}
    if not written:
        return STANDARD_SCORING
    for candidate in _scoring_candidates():
        if all(_tallied_points(tally, candidate) == points for points, tally in written):
            return candidate
    return None


def resolve_scoring(document: TrfDocument, settings: EventSettings,
                    by_no: Mapping[int, PlayerRecord], tallies: Mapping[int, Tally],
                    results: Mapping[int, Sequence[RoundResult]],
                    sink: DiagnosticSink) -> ScoreSystem:
    """event.yml ``scoring`` > TRF-26 162 > XXS > inferred from the points column."""
    scoring: ScoreSystem | None = settings.scoring
    source = "event.yml"
    if scoring is None and (record := document.first("162")) is not None:
        scoring, source = scoring_from_162(record, sink), "record 162"
    if scoring is None and document.all("XXS"):
        scoring, source = scoring_from_xxs(document.all("XXS"), sink), "XXS"
    if scoring is None:
        inferred = _infer_from_tallies([(p.points, tallies[no]) for no, p in by_no.items()
                                        if p.blocks_complete])
        if inferred is not None:
            return inferred  # it matches every points column written (that is the inference)
        scoring, source = STANDARD_SCORING, "standard"
    totals: dict[Tally, Decimal] = {}
    for no, player in sorted(by_no.items()):
        if player.points is None or not player.blocks_complete:
            continue
        tally = tallies[no]
        total = totals.get(tally)
        if total is None:
            total = totals[tally] = _tallied_points(tally, scoring)
        if total != player.points:
            message = (f"{POINTS_COLUMN_WARNING} {points_text(player.points)} but the results "
                       f"add up to {points_text(total)} under {scoring.label} scoring "
                       f"({source})")
            expected = f"{points_text(total)}, or a 'scoring' entry in event.yml"
            blank = _blank_rounds_counted(results[no], player.points - total, scoring)
            if blank is not None:
                message += blank[0]
                expected = f"{blank[1]}, or {points_text(total)} in the points column"
            sink.warning(message, line=player.line, column=81, expected=expected)
    return scoring


def _blank_rounds_counted(results: Sequence[RoundResult], uncounted: Decimal,
                          scoring: ScoreSystem) -> tuple[str, str] | None:
    """What the points column implies for blank rounds it counts points for: the end of
    the warning, and the fix to expect. None when no round is blank or none is counted.

    Some exports leave a bye's result blank and count it only in the points column; a
    blank stays a zero-point bye (spec trf.md §2), but the arbiter should hear which
    bye the column suggests.
    """
    blank = [result.round for result in results if result.code is ResultCode.BLANK]
    if not blank or uncounted <= 0:
        return None
    one = len(blank) == 1
    rounds = (f"round {blank[0]}" if one else
              "rounds " + ", ".join(map(str, blank[:-1])) + f" and {blank[-1]}")
    said = (f", and {rounds} {'is' if one else 'are'} blank but the points column counts "
            f"{points_shown(uncounted)} for {'it' if one else 'them'}")
    for kind, code in ((RoundKind.HALF_POINT_BYE, ResultCode.HALF_POINT_BYE),
                       (RoundKind.FULL_POINT_BYE, ResultCode.FULL_POINT_BYE)):
        if scoring.points(kind, code) * len(blank) == uncounted:
            bye, letter = BYE_WORDS[kind]
            return (said + (f": a {bye}?" if one else f": {bye}s?"), f"{letter!r} in {rounds}")
    return said, f"a bye code (H, F) in {rounds}"


BYE_WORDS: Mapping[RoundKind, tuple[str, str]] = {
    RoundKind.FULL_POINT_BYE: ("full-point bye", "F"),
    RoundKind.HALF_POINT_BYE: ("half-point bye", "H"),
    RoundKind.ZERO_POINT_BYE: ("zero-point bye", "Z"),
}
"""A bye's name and its TRF code, for warnings that say how a round was read."""


__all__ = [
    "BYE_WORDS", "MATCH_SCORING", "SCORING_NUMBER", "Tally", "match_scoring", "points_text",
    "resolve_scoring", "scoring_from_162", "scoring_from_xxs", "scoring_value",
]
