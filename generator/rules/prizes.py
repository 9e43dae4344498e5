"""Prize allocation: who gets each prize of the event's prize lists, and why.

event.yml ``prizes:`` gives a prize list per ranking (the overall standings, or a category's)
and the event's rules: one prize per player or not, how ties for money prizes are settled,
the smallest category that gets its prizes, and what a prize nobody can take does.

The result is data: for each prize its recipients with their share, and typed reasons (the
place, the tie broken by which tie-break, the places shared, the players passed over because
they already had a prize). The site words them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import field, replace
from decimal import ROUND_DOWN, Decimal
from enum import StrEnum

from generator.model import StartNo
from generator.rules.categories import CategoryStandings
from generator.rules.explain import Standings, StandingsRow
from generator.speed import frozen_record

OVERALL = "overall"
"""The ranking name of the overall standings in ``prizes.lists``."""

MONEY_STEP = Decimal("0.01")
"""Shares of money are paid in whole cents, rounded down; what rounding leaves of a pool is
the award's ``remainder`` (never paid out, so nothing is paid twice)."""


class OnePerPlayer(StrEnum):
    """event.yml ``one_per_player``: may a player take more than one prize?"""

    HIGHEST = "highest"
    """One prize each, the highest one: prizes are given highest amount first (a name prize
    counts below every money prize; equal ones in the order listed)."""
    FIRST_LISTED = "first_listed"
    """One prize each, the first one listed in ``lists`` that the player can take."""
    NO = "no"
    """Every list is awarded on its own: a player may take a prize in several."""


class TieSplit(StrEnum):
    """event.yml ``ties``: how players tied on points settle a money prize."""

    SHARED = "shared"
    """The money of the places they occupy is summed and split equally."""
    HORT = "hort"
    """The Hort system: ``hort_share`` per cent of each place's money is pooled and split
    equally among the tied players, the rest goes by the tie-break order."""
    TIEBREAKS = "tiebreaks"
    """The tie-break order decides, as for the places."""


class Unclaimed(StrEnum):
    """event.yml ``unclaimed``: what a prize nobody can take does."""

    NOT_AWARDED = "not_awarded"
    """It is not awarded (US Chess rule 32C3: no eligible player, no prize)."""
    NEXT_OVERALL = "next_overall"
    """It goes to the best player of the overall standings who can still take a prize."""


@frozen_record
class Prize:
    """One entry of a prize list."""

    ranking: str
    """:data:`OVERALL` or a category's name."""
    position: int
    """1-based place in its list: the prize for the list's position-th place."""
    amount: Decimal | None = None
    """Money in ``PrizeSettings.currency``; None for a name prize."""
    name: str | None = None
    """A prize that is not money ("Trophy"), as written; None for money."""

    @property
    def is_money(self) -> bool:
        return self.amount is not None


@frozen_record
class PrizeSettings:
    """The ``prizes:`` block of event.yml."""

    prizes: tuple[Prize, ...]
    """Every list's prizes in event.yml order: list by list, position by position."""
    currency: str | None = None
    one_per_player: OnePerPlayer = OnePerPlayer.HIGHEST
    ties: TieSplit = TieSplit.SHARED
    hort_share: Decimal = Decimal(50)
    """Per cent of each place's money pooled under :attr:`TieSplit.HORT` (0 to 100)."""
    min_players: int = 1
    """A category's prizes are awarded only when it has at least this many players."""
    unclaimed: Unclaimed = Unclaimed.NOT_AWARDED
    confirmed: bool = False
    """The arbiter has confirmed the list; it stays provisional until then."""

    @property
    def rankings(self) -> tuple[str, ...]:
        """The rankings with a prize list, in the order listed."""
        return tuple(dict.fromkeys(p.ranking for p in self.prizes))

    @property
    def fund(self) -> Decimal:
        """The money of every list together."""
        return sum((p.amount for p in self.prizes if p.amount is not None), Decimal(0))


class AwardReason(StrEnum):
    """Why the recipients of an award get it."""

    PLACE = "place"
    """The player's place: nobody who could take the prize has as many points."""
    TIE_BROKEN = "tie-broken"
    """Tied on points with ``tied_with``; ahead of them by the tie-break ``criterion``."""
    TIE_BY_LOT = "tie-by-lot"
    """Tied after every tie-break; the drawing of lots (C.07 4.2) put the player ahead."""
    TIE_UNBROKEN = "tie-unbroken"
    """Tied after every tie-break and the place shared: a prize that cannot be shared (a
    name prize, or money under ``ties: tiebreaks``) follows the standings' order, which is
    the starting rank."""
    SHARED = "shared"
    """Tied on points: the money of the places they occupy, summed, split equally."""
    HORT = "hort"
    """Tied on points: the Hort system (each keeps part of their place's money, the rest
    pooled and split equally)."""
    UNCLAIMED_TO_OVERALL = "unclaimed-to-overall"
    """Nobody in its ranking could take it (:attr:`Unclaimed.NEXT_OVERALL`): it went to the
    best of the overall standings who could."""


class NotAwardedReason(StrEnum):
    TOO_FEW_PLAYERS = "too-few-players"
    """The category has fewer than ``min_players`` players (``members`` says how many)."""
    NOBODY_ELIGIBLE = "nobody-eligible"
    """Nobody left in the ranking can take it: too few players, or all have a prize."""


class PassReason(StrEnum):
    """Why a player placed ahead of the recipient did not take the prize."""

    HAS_HIGHER = "has-higher"
    """They already have a prize worth more (one per player, the highest)."""
    HAS_EARLIER = "has-earlier"
    """They already have a prize given before this one: listed earlier (one per player,
    the first listed), or equal to it and listed earlier."""
    HAS_SHARE = "has-share"
    """They already share the money of a tie (a share is the player's one prize)."""
    TAKES_LARGER = "takes-larger"
    """They take a prize of another list that gives them more than their share of a tie
    in this list would (one per player, the highest); ``kept`` is that prize."""


class ProvisionalReason(StrEnum):
    EVENT_NOT_COMPLETE = "event-not-complete"
    """Rounds remain, or results of played rounds are missing (rules/progress.py)."""
    NOT_CONFIRMED = "not-confirmed"
    """The arbiter has not confirmed the list (``confirmed: false``)."""


@frozen_record
class Share:
    """What one player receives from one award."""

    start_no: StartNo
    amount: Decimal | None
    """Money received from this award; None for a name prize."""
    place: int
    place_to: int
    """The player's place in the award's ranking (a range when the standings share it)."""
    kept: Decimal | None = None
    """Under Hort: the part of their own place's money kept (``amount - kept`` is their
    equal part of the pool); None otherwise."""


@frozen_record
class PassedOver:
    start_no: StartNo
    reason: PassReason
    kept: Prize
    """The prize they have instead (the first of the award that gave it)."""


@frozen_record
class Award:
    """One prize, or the prizes of the places a tie occupies when they are shared."""

    ranking: str
    prizes: tuple[Prize, ...]
    """One prize; under SHARED or HORT the money prizes of the places the tied players
    occupy, in list order."""
    recipients: tuple[Share, ...] = ()
    """In the ranking's order; empty when not awarded."""
    reason: AwardReason | None = None
    """None when not awarded."""
    not_awarded: NotAwardedReason | None = None
    criterion: str | None = None
    """TIE_BROKEN: the tie-break that put the recipient ahead of the next player tied with
    them, as ``StandingsRow.values`` keys it (the code as written, e.g. ``BH/C1``)."""
    tied_with: tuple[StartNo, ...] = ()
    """TIE_*: the other players tied on points who could take it, in the ranking's order;
    SHARED / HORT: empty (the tied players are the recipients)."""
    passed_over: tuple[PassedOver, ...] = ()
    """Players placed ahead of the (last) recipient who hold a prize of another list or
    take one instead (:class:`PassReason`), in the ranking's order; for a shared tie also
    those among the tied who take no part in it."""
    members: int | None = None
    """TOO_FEW_PLAYERS: the category's players."""
    remainder: Decimal = Decimal(0)
    """Money of the pool that rounding the shares down to :data:`MONEY_STEP` left over."""

    @property
    def amount(self) -> Decimal | None:
        """The money of the award (its prizes together); None for a name prize."""
        money = [p.amount for p in self.prizes if p.amount is not None]
        return sum(money, Decimal(0)) if money else None


@frozen_record
class PrizeAward:
    awards: tuple[Award, ...]
    """Every prize of the settings in exactly one award, in the settings' order."""
    provisional: bool
    provisional_reasons: tuple[ProvisionalReason, ...]
    currency: str | None = None

    def award_of(self, prize: Prize) -> Award:
        return next(a for a in self.awards if prize in a.prizes)

    _won: dict[StartNo, tuple[tuple[Award, Share], ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False)
    """won_by for every recipient, made at its first call: a prize shared by a tie of
    thousands has thousands of recipients, and each of their pages asks."""

    def won_by(self, start_no: StartNo) -> tuple[tuple[Award, Share], ...]:
        """The awards a player receives something from, with their share."""
        if not self._won:
            won: dict[StartNo, list[tuple[Award, Share]]] = {}
            for award in self.awards:
                for share in award.recipients:
                    won.setdefault(share.start_no, []).append((award, share))
            self._won.update((number, tuple(shares)) for number, shares in won.items())
        return self._won.get(start_no, ())

    @property
    def paid(self) -> Decimal:
        """The money given to players, every share together."""
        return sum((s.amount for a in self.awards for s in a.recipients
                    if s.amount is not None), Decimal(0))


@frozen_record
class _Entry:
    """One player of a ranking, as the allocation reads them."""

    start_no: StartNo
    place: int
    place_to: int
    points: Decimal
    row: StandingsRow


def _overall(standings: Standings) -> tuple[_Entry, ...]:
    return tuple(_Entry(start_no=r.player.start_no, place=r.rank, place_to=r.rank_to,
                        points=r.points, row=r) for r in standings.rows)


def _rankings(settings: PrizeSettings, standings: Standings,
              categories: Sequence[CategoryStandings]) -> dict[str, tuple[_Entry, ...]]:
    by_name = {c.category.name: c for c in categories}
    rows = {r.player.start_no: r for r in standings.rows}
    rankings: dict[str, tuple[_Entry, ...]] = {}
    for name in settings.rankings:
        if name == OVERALL:
            rankings[name] = _overall(standings)
            continue
        if name not in by_name:
            # event.yml's reader checks every list against the categories; this is a caller's
            # mistake, not the user's.
            raise ValueError(f"prize list {name!r} names no category")
        rankings[name] = tuple(
            _Entry(start_no=c.start_no, place=c.place, place_to=c.place_to, points=c.points,
                   row=rows[c.start_no]) for c in by_name[name].rows)
    return rankings


def _cents(amount: Decimal) -> Decimal:
    return amount.quantize(MONEY_STEP, rounding=ROUND_DOWN)


def _separation(ahead: _Entry, behind: _Entry) -> tuple[AwardReason, str | None]:
    """What put ``ahead`` before ``behind``, two players equal on points (C.07 4.2: the
    tie-breaks in their order, then lots; else the standings share the place)."""
    if ahead.row.rank == behind.row.rank:
        return AwardReason.TIE_UNBROKEN, None
    for key in ahead.row.values:
        if ahead.row.number(key) != behind.row.number(key):
            return AwardReason.TIE_BROKEN, key
    return (AwardReason.TIE_BY_LOT if ahead.row.by_lot else AwardReason.TIE_UNBROKEN), None


class _Allocation:
    """The state of one run of :func:`award_prizes`: the prizes still to give, per ranking,
    and who holds what."""

    def __init__(self, settings: PrizeSettings, rankings: dict[str, tuple[_Entry, ...]], *,
                 overall: tuple[_Entry, ...],
                 declined: frozenset[tuple[StartNo, str]] = frozenset()) -> None:
        self.settings = settings
        self.rankings = rankings
        self.overall = overall
        self.declined = declined
        """(player, ranking): the player takes no prize of that ranking (a larger one
        elsewhere, see :func:`award_prizes`)."""
        self.order = {prize: k for k, prize in enumerate(settings.prizes)}
        self.pending: dict[str, list[Prize]] = {
            name: sorted((p for p in settings.prizes if p.ranking == name),
                         key=lambda p: p.position)
            for name in settings.rankings}
        self.holders: dict[StartNo, Award] = {}
        """Under one prize per player: the award each player has."""
        self.list_holders: dict[str, set[StartNo]] = {name: set() for name in rankings}
        self.awards: list[Award] = []

    def _priority(self, prize: Prize) -> tuple[int, Decimal, int]:
        listed = self.order[prize]
        if self.settings.one_per_player is not OnePerPlayer.HIGHEST:
            return (0, Decimal(0), listed)
        # Highest first; a name prize below every money prize; equal ones as listed.
        if prize.amount is None:
            return (1, Decimal(0), listed)
        return (0, -prize.amount, listed)

    def run(self) -> tuple[Award, ...]:
        min_players = self.settings.min_players
        for name, prizes in self.pending.items():
            members = len(self.rankings[name])
            if name != OVERALL and members < min_players:
                self.awards.extend(
                    Award(ranking=name, prizes=(p,), members=members,
                          not_awarded=NotAwardedReason.TOO_FEW_PLAYERS) for p in prizes)
                prizes.clear()
        while True:
            # Each list is given in its own order (its 1st place before its 2nd); across
            # lists the one-per-player rule decides which comes next.
            heads = [queue[0] for queue in self.pending.values() if queue]
            if not heads:
                break
            self._give(min(heads, key=self._priority))
        return self.awards_in_order()

    def awards_in_order(self) -> tuple[Award, ...]:
        return tuple(sorted(self.awards, key=lambda a: self.order[a.prizes[0]]))

    def settled(self) -> tuple[Award, ...]:
        """The awards of :meth:`run` with, for each player who declined a prize of a list,
        the prize they took instead (unknown when that award was made, if it came first).

        Only for an allocation :func:`award_prizes` keeps: there every player who declined
        holds a money prize (a decline stands only while it pays, ``_declines_pay``); a
        trial allocation may leave one with nothing, and is then refused, not settled.
        """
        return tuple(self._with_kept(a) for a in self.awards_in_order())

    def _with_kept(self, award: Award) -> Award:
        if not any(p.reason is PassReason.TAKES_LARGER for p in award.passed_over):
            return award
        passed = tuple(
            replace(p, kept=self.holders[p.start_no].prizes[0])
            if p.reason is PassReason.TAKES_LARGER else p for p in award.passed_over)
        return replace(award, passed_over=passed)

    def _may_take(self, ranking: str, start_no: StartNo) -> bool:
        if start_no in self.list_holders[ranking] or (start_no, ranking) in self.declined:
            return False
        return self.settings.one_per_player is OnePerPlayer.NO or start_no not in self.holders

    def _passed_over(self, ranking: str, prize: Prize,
                     ahead: Sequence[_Entry]) -> tuple[PassedOver, ...]:
        passed = []
        for entry in ahead:
            if (entry.start_no, ranking) in self.declined:
                # What they take instead is filled in at the end (_with_kept).
                passed.append(PassedOver(start_no=entry.start_no,
                                         reason=PassReason.TAKES_LARGER, kept=prize))
                continue
            held = self.holders.get(entry.start_no)
            # A player above with a prize of this very list is simply placed higher.
            if held is None or entry.start_no in self.list_holders[ranking]:
                continue
            kept = held.prizes[0]
            if held.reason in (AwardReason.SHARED, AwardReason.HORT):
                reason = PassReason.HAS_SHARE
            elif (self.settings.one_per_player is OnePerPlayer.HIGHEST
                  and self._priority(kept)[:2] < self._priority(prize)[:2]):
                reason = PassReason.HAS_HIGHER
            else:
                reason = PassReason.HAS_EARLIER
            passed.append(PassedOver(start_no=entry.start_no, reason=reason, kept=kept))
        return tuple(passed)

    def _record(self, award: Award, queue: list[Prize]) -> None:
        for prize in award.prizes:
            queue.remove(prize)
        for share in award.recipients:
            self.list_holders[award.ranking].add(share.start_no)
            self.holders.setdefault(share.start_no, award)
        self.awards.append(award)

    def _give(self, prize: Prize) -> None:
        ranking = prize.ranking
        queue = self.pending[ranking]
        entries = self.rankings[ranking]
        eligible = [e for e in entries if self._may_take(ranking, e.start_no)]
        if not eligible:
            self._unclaimed(prize, queue, entries)
            return
        first = eligible[0]
        passed = self._passed_over(ranking, prize, entries[:entries.index(first)])
        tied = [e for e in eligible if e.points == first.points]
        if len(tied) == 1:
            self._record(Award(ranking=ranking, prizes=(prize,), reason=AwardReason.PLACE,
                               recipients=(_share(first, prize.amount),), passed_over=passed),
                         queue)
            return
        if prize.amount is None or self.settings.ties is TieSplit.TIEBREAKS:
            # A name prize is never shared (nor money under ``ties: tiebreaks``): the
            # standings' order among the tied decides.
            reason, criterion = _separation(first, tied[1])
            self._record(Award(ranking=ranking, prizes=(prize,), reason=reason,
                               criterion=criterion,
                               tied_with=tuple(e.start_no for e in tied[1:]),
                               recipients=(_share(first, prize.amount),), passed_over=passed),
                         queue)
            return
        # The places the tied players occupy are the next len(tied) of the list; their money
        # is pooled (a name prize among them stays in the list, given like any other).
        pooled = tuple(p for p in queue[:len(tied)] if p.amount is not None)
        # Passed over: also those placed among the tied who may not take part in the tie.
        sharing = {e.start_no for e in tied}
        among = [e for e in entries[:entries.index(tied[-1])] if e.start_no not in sharing]
        self._record(self._pool(ranking, pooled, tied,
                                self._passed_over(ranking, prize, among)), queue)

    def _pool(self, ranking: str, pooled: tuple[Prize, ...], tied: Sequence[_Entry],
              passed: tuple[PassedOver, ...]) -> Award:
        amounts = [p.amount for p in pooled if p.amount is not None]
        total = sum(amounts, Decimal(0))
        count = Decimal(len(tied))
        if self.settings.ties is TieSplit.SHARED:
            each = _cents(total / count)
            shares = tuple(_share(e, each) for e in tied)
            reason = AwardReason.SHARED
        else:
            # Hort: each keeps (100 - h)% of their own place's money in the tie-break order
            # (a tied player beyond the prized places keeps nothing), and h% of every place's
            # money is split equally among all of them.
            part = self.settings.hort_share / Decimal(100)
            equal = _cents(total * part / count)
            kept = [_cents(a * (1 - part)) for a in amounts]
            kept += [Decimal(0)] * (len(tied) - len(kept))
            shares = tuple(_share(e, k + equal, kept=k) for e, k in zip(tied, kept, strict=True))
            reason = AwardReason.HORT
        paid = sum((s.amount for s in shares if s.amount is not None), Decimal(0))
        return Award(ranking=ranking, prizes=pooled, reason=reason, recipients=shares,
                     passed_over=passed, remainder=total - paid)

    def _unclaimed(self, prize: Prize, queue: list[Prize], entries: Sequence[_Entry]) -> None:
        ranking = prize.ranking
        passed = self._passed_over(ranking, prize, entries)
        if self.settings.unclaimed is Unclaimed.NEXT_OVERALL and ranking != OVERALL:
            taker = next((e for e in self.overall if self._may_take(ranking, e.start_no)),
                         None)
            if taker is not None:
                self._record(Award(ranking=ranking, prizes=(prize,),
                                   reason=AwardReason.UNCLAIMED_TO_OVERALL,
                                   recipients=(_share(taker, prize.amount),),
                                   passed_over=passed), queue)
                return
        self._record(Award(ranking=ranking, prizes=(prize,), passed_over=passed,
                           not_awarded=NotAwardedReason.NOBODY_ELIGIBLE), queue)


def _share(entry: _Entry, amount: Decimal | None, *, kept: Decimal | None = None) -> Share:
    return Share(start_no=entry.start_no, amount=amount, place=entry.place,
                 place_to=entry.place_to, kept=kept)


def _larger_elsewhere(awards: Sequence[Award], tried: set[tuple[StartNo, str]]
                      ) -> tuple[StartNo, str, Decimal] | None:
    """A player who shares a tie and was passed over for a larger money prize: (player, the
    tie's ranking, their share), the first such in the settings' order not tried yet."""
    shares = {s.start_no: (a, s) for a in awards for s in a.recipients}
    for award in awards:
        amount = award.prizes[0].amount
        if amount is None:
            continue
        for passed in award.passed_over:
            if passed.reason is not PassReason.HAS_SHARE:
                continue
            pool, share = shares[passed.start_no]
            if (share.amount is not None and amount > share.amount
                    and (passed.start_no, pool.ranking) not in tried):
                return passed.start_no, pool.ranking, share.amount
    return None


def _money_of(awards: Sequence[Award], player: StartNo) -> Decimal:
    return sum((s.amount for a in awards for s in a.recipients
                if s.start_no == player and s.amount is not None), Decimal(0))


def _declines_pay(awards: Sequence[Award],
                  declined: Mapping[tuple[StartNo, str], Decimal]) -> bool:
    """Every player who left a tie gets more, in ``awards``, than the share they left.

    A player leaves a tie only when that gives them more (US Chess 32B3); a later player
    leaving another tie can take the very prize an earlier one left for (a category's next
    place goes to a pair tied there instead), so each decline is judged again on the
    allocation that would be kept, not only the newest one.
    """
    return all(_money_of(awards, player) > share for (player, _), share in declined.items())


def award_prizes(settings: PrizeSettings, standings: Standings,
                 categories: Sequence[CategoryStandings] = ()) -> PrizeAward:
    """Who gets each prize of ``settings``, by ``standings`` and the category rankings made
    from them (``categories``: every category a list names, ranked by
    ``rules/categories.py`` ``category_standings``; an event ranks its categories once, for
    its pages and its prizes alike).

    The rules, as the event announces them (``PrizeSettings``):

    * Each list is given in its own order, its 1st place first; across lists, under one
      prize per player, the highest prize left comes next (or the first listed). Each prize
      goes to the best player of its ranking who may still take one; the players ahead of
      them who hold another prize are the award's ``passed_over``.
    * Tied means equal points among the players who may still take a prize, the tie-breaks
      ignored (the usual reading of Swiss prize regulations: the tie-breaks rank, the points
      earn the money). A name prize follows the tie-break order. Money under ``shared``:
      the tied players pool the money of the places they occupy (the next as many prizes of
      the list) and split it equally. Under ``hort``: the Hort system as Vlastimil Hort
      proposed it (de.wikipedia "Hort-System"): each tied player keeps (100 - h)% of the
      money of their own place in the tie-break order, and h% of every tied place's money
      is split equally among all of them (h = ``hort_share``, 50 in Hort's own version).
    * Sharing and one prize per player: a tie is settled in the ranking where it arises,
      when the first of its places comes up, among the players who have no prize yet then;
      a share is the player's one prize (``PassReason.HAS_SHARE`` on the lists given
      later). Under ``highest``, a tied player whose share is smaller than a money prize
      of another list they were passed over for takes that prize instead when the
      allocation made without them in the tie gives them more (US Chess rule 32B3's
      "unless any of the winners would receive more money by winning ... a particular
      prize": the others then share the tie's money, ``PassReason.TAKES_LARGER``); one
      player at a time, each (player, list) tried once, so it ends. A new decline is
      kept only if every player who declined, the earlier ones too, still gets more than
      the share they left (a later decline can take the prize an earlier one left for).
    * A category with fewer than ``min_players`` players awards none of its prizes; a prize
      nobody in its ranking can take is not awarded, or under ``next_overall`` goes to the
      best of the overall standings who may still take one.
    * Provisional until the standings are final (rules/progress.py) and ``confirmed``.
    """
    rankings = _rankings(settings, standings, categories)
    overall = _overall(standings)
    kept = _Allocation(settings, rankings, overall=overall)
    awards = kept.run()
    declined: dict[tuple[StartNo, str], Decimal] = {}
    """(player, the tie's ranking) -> the share they left for a larger prize."""
    tried: set[tuple[StartNo, str]] = set()
    while settings.one_per_player is OnePerPlayer.HIGHEST:
        found = _larger_elsewhere(awards, tried)
        if found is None:
            break
        player, ranking, share = found
        tried.add((player, ranking))
        trying = {**declined, (player, ranking): share}
        trial = _Allocation(settings, rankings, overall=overall, declined=frozenset(trying))
        trial_awards = trial.run()
        if _declines_pay(trial_awards, trying):
            declined, kept, awards = trying, trial, trial_awards
    awards = kept.settled()
    reasons = []
    if not standings.is_final:
        reasons.append(ProvisionalReason.EVENT_NOT_COMPLETE)
    if not settings.confirmed:
        reasons.append(ProvisionalReason.NOT_CONFIRMED)
    return PrizeAward(awards=awards, provisional=bool(reasons),
                      provisional_reasons=tuple(reasons), currency=settings.currency)


__all__ = [
    "MONEY_STEP", "OVERALL", "Award", "AwardReason", "NotAwardedReason", "OnePerPlayer",
    "PassReason", "PassedOver", "Prize", "PrizeAward", "PrizeSettings", "ProvisionalReason",
    "Share", "TieSplit", "Unclaimed", "award_prizes",
]
