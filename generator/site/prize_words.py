"""The words of the prize-giving pages (issue 14): a category place, each prize's why, the
provisional banner, the conditions of a category.

Part of the wording (``wording.py``): whole sentences with named fields, one table per enum
of ``rules/prizes.py`` and ``rules/categories.py``, keyed by the enum, so that a
translation replaces a sentence as a whole and a new reason without words fails the wording
test. ``prize_view.py`` fills them in. Fields: {place} and {places} are places written as
ordinals ("2nd", "2nd–4th"), {points} a score with its noun ("6 points"), {amount},
{total}, {share}, {pool} and {kept} money (``numbers.money_text``: "500 EUR") or a prize's
name ("Trophy"), {ranking} the overall standings' or a category's name, {name} a player's.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from generator.messages import N_, NC_, NN_, Plural
from generator.rules.prizes import (
    AwardReason,
    NotAwardedReason,
    OnePerPlayer,
    PassReason,
    ProvisionalReason,
    TieSplit,
)

OVERALL_RANKING = NC_("prize list of the overall standings", "Overall")
"""The overall standings as a prize list's heading."""
OVERALL_IN_SENTENCE = NC_("the overall standings, in a sentence", "the overall standings")
"""The overall standings as {ranking} in a sentence ("nobody left in {ranking} ...")."""

PRIZE_TABLE = N_("Prizes of {ranking}")
"""A prize list's caption."""

CATEGORY_PLACE = N_("{place} in {category}")
"""A player's place in a category, on their page: "2nd in U16" ({category} links its page)."""

PRIZE_WON: Mapping[tuple[bool, bool], str] = MappingProxyType({
    # (is it a share of pooled prizes, is it the overall list). The player page's line.
    (False, True): N_("Prize: {position} place, {amount}."),
    (False, False): N_("Prize: {position} place in {ranking}, {amount}."),
    (True, True): N_("Prize: {amount}, a share of the prizes of places {places}."),
    (True, False): N_("Prize: {amount}, a share of the prizes of places {places} in "
                      "{ranking}."),
})
"""What a player receives, on their page: "Prize: 2nd place, 500 EUR."."""

AWARD_REASONS: Mapping[AwardReason, str | Plural] = MappingProxyType({
    AwardReason.PLACE: N_("{place} with {points}."),
    AwardReason.TIE_BROKEN: N_("{place} with {points}, level with {name} ({their_place}), "
                               "ahead on {criterion}: {mine} against {theirs}."),
    AwardReason.TIE_BY_LOT: N_("{place} with {points}, level with {name} ({their_place}) on "
                               "every tie-break, placed ahead by drawing of lots (C.07 4.2)."),
    AwardReason.TIE_UNBROKEN: N_("Shares {place} with {name} on {points} and every tie-break; "
                                 "a prize that cannot be split follows the standings' order."),
    AwardReason.SHARED: NN_("Places {places} shared on {points}: {total} split by {count}, "
                            "{share} each.",
                            "Places {places} shared on {points}: {total} split by {count}, "
                            "{share} each.", "count"),
    AwardReason.HORT: NN_("Places {places} shared on {points} by the Hort system: {percent} "
                          "per cent of each place's money pooled, {pool} split by {count}; "
                          "the rest of each place's money goes by the tie-break order.",
                          "Places {places} shared on {points} by the Hort system: {percent} "
                          "per cent of each place's money pooled, {pool} split by {count}; "
                          "the rest of each place's money goes by the tie-break order.",
                          "count"),
    AwardReason.UNCLAIMED_TO_OVERALL: N_("Nobody in {ranking} could take it, so it goes to "
                                         "the best of the overall standings who can: {place} "
                                         "with {points}."),
})
"""Why the recipients of a prize get it (the prize list's "Why" column). SHARED and HORT
have their plural by the number of players sharing."""

HORT_SHARE = N_("{kept} for the place, {pooled} from the pool")
"""Under Hort, what one player's amount is made of (beside the amount)."""

REMAINDER = N_("Rounding the shares down to whole cents leaves {remainder} unpaid.")

NOT_AWARDED_REASONS: Mapping[NotAwardedReason, str | Plural] = MappingProxyType({
    NotAwardedReason.TOO_FEW_PLAYERS: NN_(
        "Not awarded: {ranking} has {members} player, fewer than the {minimum} a category "
        "prize needs.",
        "Not awarded: {ranking} has {members} players, fewer than the {minimum} a category "
        "prize needs.", "members"),
    NotAwardedReason.NOBODY_ELIGIBLE: N_("Not awarded: nobody left in {ranking} can take it."),
})
"""Why a prize goes to nobody (event.yml ``prizes.min_players``, ``unclaimed``)."""

PASS_REASONS: Mapping[PassReason, str] = MappingProxyType({
    PassReason.HAS_HIGHER: N_("{name} ({place}) already has a bigger prize: {prize}."),
    PassReason.HAS_EARLIER: N_("{name} ({place}) already has a prize given before this one: "
                               "{prize}."),
    PassReason.HAS_SHARE: N_("{name} ({place}) already shares the money of a tie: {prize}."),
    PassReason.TAKES_LARGER: N_("{name} ({place}) takes a bigger prize of another list instead: "
                                "{prize}."),
})
"""Why a player ahead of the recipient did not take the prize (one prize per player)."""

KEPT_PRIZE: Mapping[bool, str] = MappingProxyType({
    # Is it the overall list: the prize a player passed over holds instead, as {prize}.
    True: N_("{position} place, {amount}"),
    False: N_("{position} place in {ranking}, {amount}"),
})

ONE_PER_PLAYER: Mapping[OnePerPlayer, str] = MappingProxyType({
    OnePerPlayer.HIGHEST: N_("One prize per player: the highest they can take."),
    OnePerPlayer.FIRST_LISTED: N_("One prize per player: the first listed that they can "
                                  "take."),
    OnePerPlayer.NO: N_("A player may take a prize in every list."),
})
"""The prize list's rules, as event.yml ``prizes.one_per_player`` announces them."""

TIES: Mapping[TieSplit, str] = MappingProxyType({
    TieSplit.SHARED: N_("Players tied on points share the money of the places they occupy "
                        "equally."),
    TieSplit.HORT: N_("Players tied on points share by the Hort system: {percent} per cent "
                      "of each place's money is pooled and split equally, the rest goes by "
                      "the tie-break order."),
    TieSplit.TIEBREAKS: N_("Ties on points are broken by the tie-breaks, as for the places."),
})
"""event.yml ``prizes.ties``."""

MIN_PLAYERS = NN_("A category's prizes are awarded when it has at least {count} player.",
                  "A category's prizes are awarded when it has at least {count} players.",
                  "count")

PROVISIONAL_BANNERS: Mapping[tuple[ProvisionalReason, ...], str] = MappingProxyType({
    (ProvisionalReason.EVENT_NOT_COMPLETE, ProvisionalReason.NOT_CONFIRMED):
        N_("Provisional: the event is not over and the arbiter has not confirmed the prize "
           "list yet."),
    (ProvisionalReason.EVENT_NOT_COMPLETE,):
        N_("Provisional: the event is not over; the prize list is final once every result "
           "is in."),
    (ProvisionalReason.NOT_CONFIRMED,):
        N_("Provisional: the arbiter has not confirmed the prize list yet."),
})
"""The prize list's state wherever a prize is shown (the prize list, a player's page), by the
reasons in their order in ``ProvisionalReason``."""
FINAL_BANNER = N_("Final: the event is complete and the arbiter has confirmed the prize list.")

# --- a category's conditions, each a phrase ("rated 1800 to 1999") -----------------------

RATING_BANDS: Mapping[tuple[bool, bool], str] = MappingProxyType({
    # (has a lower bound, has an upper bound); {list} is FIDE or national.
    (True, True): N_("{list} rating from {at_least} to below {below}"),
    (True, False): N_("{list} rating {at_least} or more"),
    (False, True): N_("{list} rating below {below}"),
    (False, False): N_("any {list} rating"),
})
RATING_LISTS: Mapping[str, str] = MappingProxyType({
    "fide": NC_("a rating list", "FIDE"),
    "national": NC_("a rating list", "national"),
})
UNRATED_IN: Mapping[bool, str] = MappingProxyType({
    True: N_("unrated players included"),
    False: N_("unrated players not included"),
})
AGE_LIMITS: Mapping[tuple[bool, bool, str], str] = MappingProxyType({
    # (has an upper limit, has a lower limit, the reference: year | first_day)
    (True, False, "year"): N_("under {under} (by year of birth)"),
    (False, True, "year"): N_("{at_least} or older (by year of birth)"),
    (True, True, "year"): N_("from {at_least} to under {under} (by year of birth)"),
    (True, False, "first_day"): N_("under {under} on the first day"),
    (False, True, "first_day"): N_("{at_least} or older on the first day"),
    (True, True, "first_day"): N_("from {at_least} to under {under} on the first day"),
})
SEXES: Mapping[str, str] = MappingProxyType({
    "m": N_("men"),
    "w": N_("women"),
})
FEDERATIONS = N_("federation {list}")
TITLES = N_("title {list}")
UNTITLED_WORD = NC_("no chess title", "none")
START_NUMBERS = N_("starting numbers {list}")
CONDITIONS = N_("Who is in it: {conditions}.")
"""A category page's line: its conditions joined by join_words (all must hold)."""

__all__ = [
    "AGE_LIMITS", "AWARD_REASONS", "CATEGORY_PLACE", "CONDITIONS", "FEDERATIONS",
    "FINAL_BANNER", "HORT_SHARE", "KEPT_PRIZE", "MIN_PLAYERS",
    "NOT_AWARDED_REASONS", "ONE_PER_PLAYER", "OVERALL_IN_SENTENCE", "OVERALL_RANKING",
    "PASS_REASONS", "PRIZE_TABLE", "PRIZE_WON",
    "PROVISIONAL_BANNERS", "RATING_BANDS", "RATING_LISTS", "REMAINDER", "SEXES",
    "START_NUMBERS", "TIES", "TITLES", "UNRATED_IN", "UNTITLED_WORD",
]
