"""A read TRF document plus the event's settings -> the Tournament, checked.

Checks an arbiter needs, each with the line and column of the offending field:
both sides of every game agree (opponent, colours, complementary results), every
opponent exists, nobody plays themself or twice in a round, the points column
matches the results under the event's scoring (a warning). Also decides what the
file leaves implicit: the scoring system, the number of rounds, the rounds played,
and whether the event is a round robin; and, once for every reader of the event, what
its heading says where event.yml and the TRF header both speak (:func:`resolve_heading`).
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections.abc import Mapping, Sequence
from functools import partial
from itertools import repeat
from typing import cast

from generator.errors import DiagnosticSink
from generator.model import (
    MAX_ROUNDS,
    ROUND_KINDS,
    Color,
    Player,
    ResultCode,
    RoundKind,
    RoundResult,
    StartNo,
    Tournament,
)
from generator.reading.dates import header_date, round_schedule
from generator.reading.event_settings import EventSettings
from generator.reading.national_ratings import national_records
from generator.reading.reread import Reread
from generator.reading.scoring import (
    BYE_WORDS,
    FORFEIT_WITHOUT_OPPONENT_WARNING,
    Tally,
    resolve_scoring,
)
from generator.reading.teams import team_records
from generator.reading.trf import (
    RESULT_EXPECTED,
    PlayerRecord,
    RoundBlock,
    TrfDocument,
    rounds_from,
)
from generator.rules.births import BirthProblem, birth_problem
from generator.speed import frozen_record, keyword_record_maker, record_maker

# --- the heading: event.yml over the TRF header ------------------------------------------


@frozen_record
class EventHeading:
    """What the event is called, when and where it is held, and who runs it: event.yml
    first, the TRF header where event.yml says nothing (a blank value says nothing)."""

    title: str
    """event.yml ``title``, else TRF 012, else the event folder's name."""
    start_date: datetime.date | None
    """event.yml ``start_date`` (or ``dates``), else TRF 042."""
    end_date: datetime.date | None
    """event.yml ``end_date`` (or ``dates``), else TRF 052."""
    place: str
    """event.yml ``place``, else TRF 022."""
    organiser: str
    """event.yml ``organiser`` only: no TRF record names one."""
    arbiter: str
    """event.yml ``arbiter``, else TRF 102 (the chief arbiter)."""


UNTITLED = "(untitled)"
"""The title of an event that neither its files nor its folder names (a TRF text in a test)."""


def resolve_heading(document: TrfDocument, settings: EventSettings, *,
                    untitled: str = UNTITLED) -> EventHeading:
    """The event's heading; ``untitled`` (the event folder's name) when nothing names it.

    The one place where event.yml and the TRF header are weighed against each other:
    the Tournament, the site and the CLI all read what this decides.
    """
    # document.value is stripped already: an empty header record says nothing either.
    return EventHeading(
        title=_said(settings.title) or document.value("012") or untitled,
        start_date=settings.start_date or header_date(document.first("042")),
        end_date=settings.end_date or header_date(document.first("052")),
        place=_said(settings.place) or document.value("022"),
        organiser=_said(settings.organiser) or "",
        arbiter=_said(settings.arbiter) or document.value("102"),
    )


def _said(setting: str | None) -> str | None:
    """The setting as written, or None when it says nothing (missing, empty or blank:
    ``title: " "`` must not hide the TRF's name or the folder's)."""
    return setting if setting is not None and setting.strip() else None


# --- building the tournament -----------------------------------------------------------


_ARBITERS_SCORES = {"0": "0", "L": "0", "=": "½", "D": "½"}
"""What each side of a game scored, for results that do not add up to one point, each side
read as written (``_is_arbiters_score``): legal
scores an arbiter may give (Laws of Chess 12.9: a penalty decided for one player need not
give the point to the other; both flags fallen, or both players penalised, lose both). The
game was played all the same (C.07 Art. 16: it is no unplayed round); its sides are
written one way only, the loser's with '0' (or 'L')."""
_COMPLEMENT = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+-",
               "X": "X?", "?": "X?", " ": " "}


def assemble(document: TrfDocument, settings: EventSettings | None,
             sink: DiagnosticSink, *, heading: EventHeading | None = None,
             today: datetime.date | None = None, reread: Reread[PlayerRecord] | None = None
             ) -> Tournament | None:
    """Consistency checks and the Tournament; reports into ``sink``, never raises.

    The Tournament's name, dates, city and chief arbiter are ``heading``'s (by default
    :func:`resolve_heading` of an event without a folder). ``today`` is the day of the
    build (events.py gives ``build_date()``): an event whose end date is after it is not
    over; None weighs no end date (a TRF text read in a test has no day of its own).
    Returns None when the players cannot be told apart (a starting rank missing).
    ``reread``: as :func:`trf.read_records` takes it, for the same file.
    """
    settings = settings if settings is not None else EventSettings()
    heading = heading if heading is not None else resolve_heading(document, settings)
    players = [p for p in document.players if p.start_no is not None]
    if len(players) != len(document.players) or not players:
        return None
    by_no: dict[int, PlayerRecord] = {}
    for player in players:
        assert player.start_no is not None
        if player.start_no in by_no:
            sink.error(f"starting rank {player.start_no} used twice (first on line "
                       f"{by_no[player.start_no].line})", line=player.line, column=5,
                       expected="each starting rank once")
            continue
        by_no[player.start_no] = player
    if len(by_no) == len(players):
        # With a starting rank used twice, every game of those players is in doubt:
        # report the duplicate alone rather than a cascade of mismatches.
        _check_pairings(by_no, sink)

    blocks_in_file = max((len(p.blocks) for p in players), default=0)
    rounds_played = _rounds_played(players)
    dates, times = round_schedule(document.all("132"), start=heading.start_date,
                                  end=heading.end_date)
    total_rounds, rounds_known = _total_rounds(document, settings, blocks_in_file, len(dates),
                                               sink)
    results: dict[int, tuple[RoundResult, ...]] = {}
    tallies: dict[int, Tally] = {}
    games_tallies: dict[str, Tally] = {}  # kept for this document only (see _results)
    for no, player in by_no.items():
        results[no], tallies[no] = _results(player, total_rounds, rounds_played, games_tallies,
                                            sink, reread)
    scoring = resolve_scoring(document, settings, by_no, tallies, results, sink)
    national, national_ids = national_records(document, by_no, sink)
    tournament = Tournament(
        name=heading.title,
        city=heading.place,
        federation=document.value("032"),
        start_date=heading.start_date,
        end_date=heading.end_date,
        tournament_type=document.value("092"),
        chief_arbiter=heading.arbiter,
        deputy_arbiters=tuple(r.value for r in document.all("112") if r.value),
        time_control=document.value("122"),
        round_dates=dates,
        round_times=times,
        total_rounds=total_rounds,
        rounds_known=rounds_known,
        ends_later=(today is not None and heading.end_date is not None
                    and heading.end_date > today),
        rounds_played=rounds_played,
        players=tuple(
            _new_player(start_no=StartNo(no), name=p.name, sex=p.sex, title=p.title,
                        rating=p.rating, national_rating=national.get(no),
                        federation=p.federation, fide_id=p.fide_id,
                        national_id=national_ids.get(no), birth=p.birth,
                        points_in_file=p.points, rank_in_file=p.rank,
                        results=results[no], line=p.line)
            for no, p in sorted(by_no.items())),
        score_system=scoring,
        is_round_robin=False,
    )
    if _is_round_robin(document, settings, tournament):
        tournament = dataclasses.replace(tournament, is_round_robin=True)
    _check_births(document, by_no, heading.start_date, sink)
    return tournament


_BIRTH_COLUMNS = (70, 79)
"""TRF 001: the date of birth."""


def _check_births(document: TrfDocument, by_no: Mapping[int, PlayerRecord],
                  first_day: datetime.date | None, sink: DiagnosticSink) -> None:
    """A warning at every date of birth that cannot be one: the player is given no age
    (rules/births.py ``read_birth`` reads it as none, the same everywhere)."""
    first, last = _BIRTH_COLUMNS
    texts: dict[int, str] | None = None
    for player in by_no.values():
        problem = birth_problem(player.birth, first_day) if player.birth else None
        if problem is None:
            continue
        if texts is None:  # rare: the lines are looked up only for a date to report
            texts = {record.line: record.text for record in document.all("001")}
        written = texts.get(player.line, "")[first - 1:last]
        column = first + len(written) - len(written.lstrip())
        if problem is BirthProblem.NO_SUCH_DAY:
            what = "is not a day of the calendar"
            expected = f"a date such as 2008/05/17 in columns {first}-{last}, or blanks"
        else:
            assert first_day is not None
            what = f"is after the event's first day ({first_day.isoformat()})"
            expected = "the player's date of birth, before the event"
        sink.warning(f"player {player.start_no}'s birth date {player.birth!r} {what}: read as "
                     "no birth date (no age category, K as for an unknown age)",
                     line=player.line, column=column, expected=expected)


def _check_pairings(by_no: Mapping[int, PlayerRecord], sink: DiagnosticSink) -> None:
    """Both sides of every game agree; opponents exist; nobody plays twice or themself."""
    # Most rounds of most files are in order: look at those closely only when a quick
    # pass finds something wrong (a clean round reports nothing either way).
    for round_no in sorted(_rounds_in_doubt(by_no)):
        _check_round(by_no, round_no, sink)


def _rounds_in_doubt(by_no: Mapping[int, PlayerRecord]) -> set[int]:
    """Rounds in which a pairing is not mutual or a game's two blocks disagree."""
    in_doubt: set[int] = set()
    columns = {no: player.blocks for no, player in by_no.items()}
    opponents_of = {no: blocks.opponents for no, blocks in columns.items()}
    # (my colour, their colour, my result, their result) -> what _is_consistent_game
    # says: a few dozen combinations make up a whole file. Asked afresh for every
    # document, so that no reading leaves anything behind (a server reads for days).
    verdicts: dict[tuple[str, str, str, str], bool] = {}
    for no, blocks in columns.items():
        for index, opponent in enumerate(blocks.opponents):
            if opponent is None:
                continue
            try:
                their_opponent = opponents_of[opponent][index]
            except (KeyError, IndexError):  # no such player, or no block for this round
                in_doubt.add(index + 1)
                continue
            if their_opponent != no or opponent == no:
                in_doubt.add(index + 1)
            elif no < opponent:
                theirs = columns[opponent]
                game = (blocks.colors[index], theirs.colors[index], blocks.results[index],
                        theirs.results[index])
                is_consistent = verdicts.get(game)
                if is_consistent is None:
                    is_consistent = verdicts[game] = _is_consistent_game(*game)
                if not is_consistent:
                    in_doubt.add(index + 1)
    return in_doubt


def _is_consistent_game(my_color: str, their_color: str, my_result: str,
                        their_result: str) -> bool:
    """Whether :func:`_check_game` has nothing to say about a game with these blocks.

    Asks _check_game itself (once per combination and document: see _rounds_in_doubt),
    so the quick pass can never disagree with the close look.
    """
    scratch = DiagnosticSink("")
    _check_game(1, RoundBlock(round=1, opponent=2, color=my_color, result=my_result, line=1,
                              column=92),
                2, RoundBlock(round=1, opponent=1, color=their_color, result=their_result,
                              line=2, column=92), scratch)
    return not scratch.diagnostics


def _check_round(by_no: Mapping[int, PlayerRecord], round_no: int,
                 sink: DiagnosticSink) -> None:
    """The close look at one round: every problem of its pairings, where it is written."""
    listed: dict[int, RoundBlock] = {}
    listed_by: dict[int, list[int]] = {}
    for no, player in sorted(by_no.items()):
        if round_no <= len(player.blocks):
            block = player.blocks[round_no - 1]
            listed[no] = block
            if block.opponent is not None:
                listed_by.setdefault(block.opponent, []).append(no)
    for no, block in sorted(listed.items()):
        opponent = block.opponent
        if opponent is None:
            continue
        if opponent == no:
            sink.error(f"player {no} is paired with themself in round {round_no}",
                       line=block.line, column=block.column,
                       expected="another player's starting rank")
            continue
        if opponent not in by_no:
            sink.error(f"opponent {opponent} in round {round_no} is not a player of "
                       f"this file", line=block.line, column=block.column,
                       expected="the starting rank of a 001 record")
            continue
        other = listed.get(opponent)
        if not by_no[opponent].blocks_complete or not by_no[no].blocks_complete:
            continue  # the damaged record's error is reported already
        if other is not None and (other.opponent == opponent or (
                other.opponent is not None and other.opponent not in by_no)):
            continue  # their self-pairing or missing opponent is reported on their line
        if other is not None and other.opponent == no:
            if no < opponent:
                _check_game(no, block, opponent, other, sink)
            continue
        suitors = listed_by.get(opponent, [])
        partner = other.opponent if other is not None else None
        if partner is not None and partner in by_no and len(suitors) > 1:
            sink.error(f"player {opponent} is paired twice in round {round_no}: with "
                       f"player {partner} (line {by_no[partner].line}) and with "
                       f"player {no}", line=block.line, column=block.column,
                       expected="one opponent per round")
            continue
        theirs = ("no round block" if other is None else
                  "no opponent" if other.opponent is None else
                  f"opponent {other.opponent}")
        sink.error(f"player {no} lists player {opponent} in round {round_no}, but "
                   f"player {opponent} (line {by_no[opponent].line}) has {theirs}",
                   line=block.line, column=block.column,
                   expected=f"player {opponent}'s round {round_no} block to name "
                            f"player {no}")


def _is_arbiters_score(mine: str, theirs: str) -> bool:
    """Both lost, or one drew and the other lost: rated codes together, or unrated ones."""
    return (mine in _ARBITERS_SCORES and theirs in _ARBITERS_SCORES
            and "0" in (_ARBITERS_SCORES[mine], _ARBITERS_SCORES[theirs])
            and (mine in "0=") == (theirs in "0="))


def _check_game(first: int, mine: RoundBlock, second: int, theirs: RoundBlock,
                sink: DiagnosticSink) -> None:
    round_no = mine.round
    colours = {mine.color, theirs.color}
    if mine.color in "wb" and theirs.color in "wb" and mine.color == theirs.color:
        sink.error(f"players {first} and {second} both have colour {mine.color!r} in round "
                   f"{round_no}", line=theirs.line, column=theirs.color_column,
                   expected=f"{'b' if mine.color == 'w' else 'w'!r} (line {mine.line} says "
                            f"{mine.color!r})")
    elif len(colours - {" ", "-"}) == 1 and colours & {" ", "-"} and not (
            mine.result in "+-" or theirs.result in "+-"):
        later = theirs if theirs.color in " -" else mine
        sink.warning(f"colour missing on one side of the game between players {first} and "
                     f"{second} in round {round_no}", line=later.line,
                     column=later.color_column, expected="'w' against 'b'")
    if _is_arbiters_score(mine.result, theirs.result):
        scored = ("0 for both" if mine.result == theirs.result else
                  f"{_ARBITERS_SCORES[mine.result]} for player {first}, "
                  f"{_ARBITERS_SCORES[theirs.result]} for player {second}")
        sink.warning(f"result {theirs.result!r} of player {second} against {mine.result!r} of "
                     f"player {first} (line {mine.line}) in round {round_no}: read as a game "
                     f"played, {scored}, as an arbiter may decide",
                     line=theirs.line, column=theirs.result_column,
                     expected=f"{_COMPLEMENT[mine.result][:1]!r} unless the arbiter gave "
                              "that score")
    elif theirs.result not in _COMPLEMENT.get(mine.result, ""):
        expected_result = _COMPLEMENT.get(mine.result, "?")[:1]
        sink.error(f"result {theirs.result!r} of player {second} does not match "
                   f"{mine.result!r} of player {first} (line {mine.line}) in round {round_no}",
                   line=theirs.line, column=theirs.result_column,
                   expected=f"{expected_result!r}")


def _rounds_played(players: Sequence[PlayerRecord]) -> int:
    """Highest round with a game result; else the highest with any bye or absence recorded,
    unless that round also has pairings (none of them with a result, as no round has one)."""
    game, any_result = 0, 0
    for player in players:
        blocks = player.blocks
        opponents, results = blocks.opponents, blocks.results
        # Latest round first, down to the highest round already seen.
        for index in range(len(results) - 1, game - 1, -1):
            result = results[index]
            if result != " " and result in "1=0WDL+-" and opponents[index] is not None:
                game = index + 1
                break
        for index in range(len(results) - 1, any_result - 1, -1):
            if results[index] not in " X?":
                any_result = index + 1
                break
    if not game and any_result and any(
            len(p.blocks.opponents) >= any_result
            and p.blocks.opponents[any_result - 1] is not None for p in players):
        # Round 1 paired, only its byes entered (the pairing-allocated bye of an odd
        # field): the round is paired, not played (progress.py).
        return 0
    return game or any_result


def _total_rounds(document: TrfDocument, settings: EventSettings, blocks_in_file: int,
                  round_dates: int, sink: DiagnosticSink) -> tuple[int, bool]:
    """The number of rounds and whether it is announced: event.yml, else 142, else XXR,
    else the dates of 132 (one per round: programs write the whole schedule), else only
    the round blocks of the file, which says nothing of the rounds still to come."""
    announced: int | None = settings.total_rounds
    source = ("event.yml", 0, 0)
    if announced is None:
        for tag in ("142", "XXR"):
            record = document.first(tag)
            if record is not None and (value := rounds_from(record, None)):
                announced, source = value, (tag, record.line, 5)
                break
    if announced is None:
        # Fewer dates than round blocks is no schedule of the whole event (a program that
        # writes the dates of the rounds played): it announces nothing.
        if max(blocks_in_file, 1) <= round_dates <= MAX_ROUNDS:
            return round_dates, True
        return blocks_in_file, False
    if announced < blocks_in_file:
        longest = max(document.players, key=lambda p: len(p.blocks))
        where = (f"{source[0]} on line {source[1]}" if source[1] else "event.yml total_rounds")
        sink.error(f"{where} announces {announced} rounds, but this record has "
                   f"{blocks_in_file} round blocks", line=longest.line,
                   column=92 + 10 * announced,
                   expected=f"at most {announced} round blocks, or a larger number of rounds")
        return blocks_in_file, True
    return announced, True


_GAME_CODES: Mapping[str, ResultCode] = {
    code.value: code for code in ResultCode if code.is_over_the_board or code.is_forfeit}
"""Results that need no second look when an opponent is named: games and forfeits."""
_COLORS: Mapping[str, Color] = {"w": Color.WHITE, "b": Color.BLACK}
_NO_COLOR = Color.NONE
"""Read once: an enum's member is slow to look up in Python 3.11, and the rounds' loop
below asks for it per round."""
_CODES: Mapping[str, ResultCode] = {code.value: code for code in ResultCode}
"""A result code by the character written: ``ResultCode(character)`` costs an enum call
per unusual round."""
_new_player = keyword_record_maker(
    Player, "start_no", "name", "sex", "title", "rating", "national_rating", "federation",
    "fide_id", "national_id", "birth", "points_in_file", "rank_in_file", "results", "line")
# By position: made per round of every player, by map over the columns of a 001 record in
# the usual case (speed.record_maker says why it may).
_new_round_result = record_maker(RoundResult, "round", "opponent", "color", "code", "line",
                                 "column")


def _results(player: PlayerRecord, total_rounds: int, rounds_played: int,
             games_tallies: dict[str, Tally], sink: DiagnosticSink,
             reread: Reread[PlayerRecord] | None = None) -> tuple[tuple[RoundResult, ...], Tally]:
    """The player's round results, and their tally (counted on the way).

    ``games_tallies`` (the results of a player with a game or forfeit every round, sorted
    -> their tally) is the document's memo: the caller keeps it for one document, never
    longer, since every file brings new keys. ``reread``: what the last read of the same
    file made of each player's rounds (reread.py), begun.
    """
    blocks = player.blocks
    opponents, colors, written = blocks.opponents, blocks.colors, blocks.results
    line, in_file = blocks.line, len(opponents)
    made: list[RoundResult] = []
    games: list[ResultCode] = []  # codes of games and forfeits against a named opponent
    counts: dict[tuple[ResultCode, bool], int] = {}  # the other rounds: (code, has opponent)
    if in_file == total_rounds:
        every_round_a_game = (
            _every_round_a_game(line, opponents, colors, written, games_tallies)
            if reread is None else
            reread.rounds.get((line, opponents, colors, written),
                              partial(_every_round_a_game, line, opponents, colors, written,
                                      games_tallies)))
        if every_round_a_game is not None:
            return every_round_a_game
    for index in range(total_rounds):
        round_no = index + 1
        if index < in_file:
            opponent, color, result = opponents[index], colors[index], written[index]
            code = _GAME_CODES.get(result) if opponent else None
            if code is not None:  # the usual round: nothing to look at twice
                made.append(_new_round_result(round_no, opponent,
                                              _COLORS.get(color, _NO_COLOR), code, line,
                                              82 + 10 * round_no))
                games.append(code)
                continue
            if not (round_no > rounds_played and opponent is None and color in " -"
                    and result == " "):
                code = _unusual_code(opponent, result, round_no, rounds_played, line, sink)
                made.append(_new_round_result(round_no, opponent or None,  # 0000: none
                                              _COLORS.get(color, _NO_COLOR), code, line,
                                              82 + 10 * round_no))
                key = (code, bool(opponent))
                counts[key] = counts.get(key, 0) + 1
                continue
        # No data for this round: not played yet, or (inside the played rounds) absent.
        code = ResultCode.BLANK if round_no <= rounds_played else ResultCode.NO_DATA
        made.append(_new_round_result(round_no, None, _NO_COLOR, code, player.line,
                                      82 + 10 * round_no))
        counts[code, False] = counts.get((code, False), 0) + 1
    for code in set(games):
        counts[code, True] = games.count(code)
    return tuple(made), _tally_of(counts)


def _every_round_a_game(line: int, opponents: tuple[int | None, ...], colors: str, written: str,
                        games_tallies: dict[str, Tally]
                        ) -> tuple[tuple[RoundResult, ...], Tally] | None:
    """The results and tally of a player with a game or forfeit against a named opponent in
    every round of the file (most players of most events); None for any other player.

    Made in one go, nothing to look at twice, with the tally that every player with the
    same results in another order shares.
    """
    codes = list(map(_GAME_CODES.get, written))
    if None in codes or not all(opponents):
        return None
    in_file = len(opponents)
    made = tuple(map(_new_round_result, range(1, in_file + 1), opponents,
                     map(_COLORS.get, colors, repeat(_NO_COLOR)), codes,
                     repeat(line, in_file), range(92, 92 + 10 * in_file, 10)))
    in_any_order = "".join(sorted(written))
    tally = games_tallies.get(in_any_order)
    if tally is None:
        played = cast("list[ResultCode]", codes)  # no None among them
        tally = games_tallies[in_any_order] = _tally_of(
            {(code, True): played.count(code) for code in set(played)})
    return made, tally


def _tally_of(counts: Mapping[tuple[ResultCode, bool], int]) -> Tally:
    """(code, has an opponent) -> how many rounds, as a tally."""
    tally: dict[tuple[RoundKind, ResultCode], int] = {}
    for (code, has_opponent), count in counts.items():
        key = (ROUND_KINDS[code, has_opponent], code)  # a bye's kind may not depend on the opponent
        tally[key] = tally.get(key, 0) + count
    return frozenset((kind, code, count) for (kind, code), count in tally.items())


def _unusual_code(opponent: int | None, result: str, round_no: int, rounds_played: int,
                  line: int, sink: DiagnosticSink) -> ResultCode:
    """The code of a round block without an opponent, or with no game result, warned about."""
    code = (ResultCode.PENDING if result in "X?"
            else _CODES[result] if result in _CODES else ResultCode(result))
    result_column = 89 + 10 * round_no
    if code is ResultCode.BLANK and opponent is not None:
        # A pairing without a result: published but not played yet (in-tournament file).
        code = ResultCode.PENDING
        if round_no < rounds_played:
            sink.warning(f"no result in round {round_no} although later rounds have "
                         "results; read as pending", line=line,
                         column=result_column, expected=RESULT_EXPECTED)
    if opponent is None and (code is ResultCode.FORFEIT_WIN or code.is_over_the_board):
        bye, letter = BYE_WORDS[ROUND_KINDS[code, False]]
        written = (FORFEIT_WITHOUT_OPPONENT_WARNING if code is ResultCode.FORFEIT_WIN
                   else f"game result {result!r} without an opponent")
        sink.warning(f"{written} in round {round_no}; read as a {bye}",
                     line=line, column=result_column,
                     expected=f"{letter!r} for a {bye}, or the opponent's starting rank")
    return code



# --- round robin -------------------------------------------------------------------------

_RR_TEXT = re.compile(r"robin|\bRR\b|berger|rundenturnier|round-robin|all-play-all|"
                      r"jeder gegen jeden", re.IGNORECASE)
_SWISS_TEXT = re.compile(r"swiss|schweizer|suizo|suisse|dutch|burstein|lim\b|monrad",
                         re.IGNORECASE)


def _is_round_robin(document: TrfDocument, settings: EventSettings,
                    tournament: Tournament) -> bool:
    """event.yml > TRF-26 192 > 092 text > a pairing pattern only a round robin can have.

    Conservative: reading a Swiss as a round robin would silently drop Buchholz and
    change how unplayed rounds count (C.07 15.2), so the pattern test needs every
    competitor to meet every other at most once per cycle with the rounds fitting.
    """
    if settings.round_robin is not None:
        return settings.round_robin
    encoded = document.value("192").upper()
    if encoded:
        if "ROUNDROBIN" in encoded or "ROUND_ROBIN" in encoded or encoded.endswith("_RR"):
            return True
        # Not FIDE_TEAM_*: a real pairing engine's team round robin writes
        # FIDE_TEAM_TYPEA_MP_GP (markdechamps-team-rr), so the team codes name the scores,
        # not the system (spec team-tiebreaks R2); CUSTOM_TEAM_SWISS says SWISS.
        if any(word in encoded for word in ("DUTCH", "SWISS", "BURSTEIN", "LIM", "DUBOV")):
            return False
    text = document.value("092")
    if _RR_TEXT.search(text):
        return True
    if _SWISS_TEXT.search(text):
        return False
    return _has_round_robin_pattern(document, tournament)


def _has_round_robin_pattern(document: TrfDocument, tournament: Tournament) -> bool:
    team_of: dict[int, int] = {}
    teams = team_records(document)
    for team in teams:
        for member in team.members:
            team_of[member] = team.number
    use_teams = bool(teams) and all(p.start_no in team_of for p in tournament.players)
    competitors = len(teams) if use_teams else len(tournament.players)
    rounds = tournament.total_rounds
    if competitors < 3 or tournament.rounds_played == 0:
        return False
    per_cycle = competitors - 1 if competitors % 2 == 0 else competitors
    if rounds == per_cycle:
        cycles = 1
    elif rounds == 2 * per_cycle:
        cycles = 2
    else:
        return False
    met: dict[tuple[int, int], set[int]] = {}
    for player in tournament.players:
        for result in player.results:
            if result.opponent is None:
                continue
            a = team_of[player.start_no] if use_teams else player.start_no
            b = team_of.get(result.opponent, -1) if use_teams else result.opponent
            if a == b:
                return False
            key = (min(a, b), max(a, b))
            met.setdefault(key, set()).add(result.round)
    if use_teams:
        # Every board of a team must face the same team in a round.
        for round_no in range(1, rounds + 1):
            faced: dict[int, set[int]] = {}
            for (a, b), rounds_met in met.items():
                if round_no in rounds_met:
                    faced.setdefault(a, set()).add(b)
                    faced.setdefault(b, set()).add(a)
            if any(len(opponents) > 1 for opponents in faced.values()):
                return False
    return all(len(rounds_met) <= cycles for rounds_met in met.values())





def build_tournament(document: TrfDocument, settings: EventSettings | None = None) -> Tournament:
    """Check the document and build the Tournament; raise StandingsError on any error.

    Events are read through :mod:`generator.reading.events`; this serves tests that start
    from a TRF text."""
    sink = DiagnosticSink(document.path)
    for diagnostic in document.diagnostics:
        sink.add(diagnostic)
    tournament = assemble(document, settings, sink)
    sink.raise_if_errors()
    assert tournament is not None
    return tournament


__all__ = ["UNTITLED", "EventHeading", "assemble", "build_tournament", "resolve_heading"]
