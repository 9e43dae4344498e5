"""How far an event has got: which rounds are complete, in progress, or paired only.

Pairing programs export the TRF after each pairing (the next round's blocks with
opponents and colours, no results) and after results are entered (some boards at a
time). The reader keeps such a round's pairings as ``PENDING`` (assembly.py); this
module says what that means for the event as a whole, once, for the standings, the
pages and ``standings.json``: standings are final only when every round up to the
announced number is complete, and the event's end date is not still ahead. A file that
announces no number of rounds (``Tournament.rounds_known``) is never final: an export cut
after round 5 of 6 looks exactly like a complete 5-round event.
"""

from __future__ import annotations

from operator import attrgetter

from generator.model import ResultCode, Tournament
from generator.speed import frozen_record

_CODE = attrgetter("code")
"""A round result's code, read by map over every round of every player."""

FINAL = "final"
PROVISIONAL = "provisional"
ROUNDS_UNKNOWN = "rounds_unknown"
"""Not final, and the file does not say how many rounds are to come."""


@frozen_record
class RoundProgress:
    """The pairings of one round and how many of them have a result."""

    round_no: int
    paired: int
    """Games (in a team event, matches) paired in the round; byes are not pairings."""
    entered: int
    """Of them, those whose result is in the file (a forfeit is a result)."""

    @property
    def is_complete(self) -> bool:
        return self.entered == self.paired

    @property
    def is_started(self) -> bool:
        return self.entered > 0


@frozen_record
class Progress:
    """The event's state between two exports of the pairing program."""

    rounds_total: int
    """Rounds announced (event.yml ``total_rounds``, TRF 142, XXR, 132), else the round
    blocks of the file (``rounds_known`` False)."""
    rounds_known: bool
    """The number of rounds is announced (``Tournament.rounds_known``)."""
    ends_later: bool
    """The end date is after the day of the build (``Tournament.ends_later``)."""
    rounds_played: int
    """The last round with a result (``Tournament.rounds_played``)."""
    last_round: RoundProgress | None
    """Round ``rounds_played``; None before round 1."""
    incomplete_rounds: tuple[int, ...]
    """Rounds up to ``rounds_played`` with a pairing still without a result."""
    paired_round: RoundProgress | None
    """The round after ``rounds_played`` when it is paired but has no result yet."""

    @property
    def is_in_progress(self) -> bool:
        """The last round with a result still has a pairing without one."""
        return self.last_round is not None and not self.last_round.is_complete

    @property
    def rounds_announced(self) -> int | None:
        """The number of rounds when it is announced; None when the file does not say."""
        return self.rounds_total if self.rounds_known else None

    @property
    def is_final(self) -> bool:
        """Every round up to the announced number is complete, and the event has ended."""
        return (self.rounds_known and not self.ends_later
                and self.rounds_played >= self.rounds_total and not self.incomplete_rounds)

    @property
    def status(self) -> str:
        """As standings.json writes it (:func:`status_of`)."""
        return status_of(self.is_final, rounds_known=self.rounds_known)


def status_of(is_final: bool, *, rounds_known: bool) -> str:
    """``final``, ``provisional``, or ``rounds_unknown`` (not final, and the file does not
    say how many rounds there are)."""
    if is_final:
        return FINAL
    return PROVISIONAL if rounds_known else ROUNDS_UNKNOWN


def round_progress(tournament: Tournament, round_no: int) -> RoundProgress:
    """How many games of ``round_no`` are paired and how many have a result."""
    paired = entered = 0
    if round_no < 1:  # before round 1: nothing paired
        return RoundProgress(round_no=round_no, paired=0, entered=0)
    index = round_no - 1
    for player in tournament.players:
        if index >= len(player.results):
            continue
        result = player.results[index]
        opponent = result.opponent
        # Each game once, from its lower starting number; a name that is no player of the
        # file is the reader's error, not a pairing.
        if opponent is None or opponent < player.start_no or not tournament.has_player(opponent):
            continue
        paired += 1
        theirs = tournament.player(opponent).results[index]
        if ResultCode.PENDING not in (result.code, theirs.code):
            entered += 1
    return RoundProgress(round_no=round_no, paired=paired, entered=entered)


def is_complete_after(tournament: Tournament, after_round: int) -> bool:
    """Standings after ``after_round`` are final: it is the announced last round (or
    later), no round up to it has a pairing without a result, and the end date is not
    still ahead. Without an announced number of rounds, no round is known to be the last."""
    if (not tournament.rounds_known or tournament.ends_later
            or after_round < tournament.total_rounds):
        return False
    pending = ResultCode.PENDING
    # A game without a result has a pending code on one side: without any, every round is
    # complete (one pass over the results, rather than one per round).
    if not any(pending in map(_CODE, player.results[:after_round])
               for player in tournament.players):
        return True
    return all(round_progress(tournament, k).is_complete for k in range(1, after_round + 1))


def event_progress(tournament: Tournament) -> Progress:
    played = tournament.rounds_played
    rounds = [round_progress(tournament, k) for k in range(1, played + 1)]
    following = None
    if played < tournament.total_rounds:
        candidate = round_progress(tournament, played + 1)
        # rounds_played is the last round with a result, so the next one has none: with
        # pairings in it, it is the round paired and not played yet.
        if candidate.paired:
            following = candidate
    return Progress(
        rounds_total=tournament.total_rounds, rounds_known=tournament.rounds_known,
        ends_later=tournament.ends_later, rounds_played=played,
        last_round=rounds[-1] if rounds else None,
        incomplete_rounds=tuple(r.round_no for r in rounds if not r.is_complete),
        paired_round=following)


__all__ = ["FINAL", "PROVISIONAL", "ROUNDS_UNKNOWN", "Progress", "RoundProgress",
           "event_progress", "is_complete_after", "round_progress", "status_of"]
