"""The first screen of a player's (or a team's) page in words: the place, the points, and
why against each neighbour on the same points, then the performance.

Part of the wording (``wording.py``): every sentence whole, with named fields, so that a
translation replaces a sentence, never a fragment of one.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType

from generator.messages import N_, NN_, Plural

# Whole sentences, each with named fields: a translation replaces each sentence as a whole
# (issue 13), never a fragment of one. {name} and {place} are a neighbour's, {mine} and
# {theirs} the values of the criterion that decided ({criterion}, its code as written),
# {equal} the criteria that were equal before it (EQUAL_VALUE items joined by join_words).

class Side(StrEnum):
    """Where the page's competitor stands against the neighbour a sentence names."""

    AHEAD = "ahead"
    BEHIND = "behind"


class Reason(StrEnum):
    """What put two neighbours on the same points in their order (Art. 4 and 6)."""

    TIEBREAK = "tiebreak"
    TIEBREAK_AFTER_EQUAL = "tiebreak-after-equal"
    ORDER = "order"
    """A group order (DE, EDE, TBR ...) whose value is a place in the group, not a number
    worth comparing: the sentence names the criterion only."""
    ORDER_AFTER_EQUAL = "order-after-equal"
    ENCOUNTER_GAME = "encounter-game"
    """Art. 6 between two players who met once: the game decided."""
    ENCOUNTER_GAME_AFTER_EQUAL = "encounter-game-after-equal"
    ENCOUNTER_SCORES = "encounter-scores"
    """Art. 6 among several players, or two who met more than once: the points in those
    games (6.1.2)."""
    ENCOUNTER_SCORES_AFTER_EQUAL = "encounter-scores-after-equal"
    LOTS = "lots"


PLACE_SENTENCE = N_("{place} of {count} with {points}.")
PROVISIONAL_PLACE_SENTENCES: Mapping[tuple[bool, bool, bool], str | Plural] = MappingProxyType({
    # (is the round still in progress, is it a round before the last, a team event)
    (False, False, False):
        N_("{place} of {count} with {points} after round {round}, provisional."),
    (False, True, False):
        N_("{place} of {count} with {points} after round {round} of {rounds}, provisional."),
    (True, False, False):
        NN_("{place} of {count} with {points} after round {round} (in progress: {entered} "
            "of {paired} game entered), provisional.",
            "{place} of {count} with {points} after round {round} (in progress: {entered} "
            "of {paired} games entered), provisional.", "paired"),
    (True, True, False):
        NN_("{place} of {count} with {points} after round {round} of {rounds} (in "
            "progress: {entered} of {paired} game entered), provisional.",
            "{place} of {count} with {points} after round {round} of {rounds} (in "
            "progress: {entered} of {paired} games entered), provisional.", "paired"),
    (False, False, True):
        N_("{place} of {count} with {points} after round {round}, provisional."),
    (False, True, True):
        N_("{place} of {count} with {points} after round {round} of {rounds}, provisional."),
    (True, False, True):
        NN_("{place} of {count} with {points} after round {round} (in progress: {entered} "
            "of {paired} match entered), provisional.",
            "{place} of {count} with {points} after round {round} (in progress: {entered} "
            "of {paired} matches entered), provisional.", "paired"),
    (True, True, True):
        NN_("{place} of {count} with {points} after round {round} of {rounds} (in "
            "progress: {entered} of {paired} match entered), provisional.",
            "{place} of {count} with {points} after round {round} of {rounds} (in "
            "progress: {entered} of {paired} matches entered), provisional.", "paired"),
})
"""The first sentence while the standings are provisional (the event macro after_round
says the same of the standings)."""
POINTS_ALONE_SENTENCE = N_("Nobody else has {points}: the points alone decide the place.")
SHARED_SENTENCE = N_("Shares {place} with {names}: equal on every tie-break of the list.")
SHARED_SENTENCE_MORE = NN_(
    "Shares {place} with {names} and {others} other: equal on every tie-break of the list.",
    "Shares {place} with {names} and {others} others: equal on every tie-break of the list.",
    "others")
SHARED_SENTENCE_NO_TIEBREAKS = N_("Shares {place} with {names}: the event announced no "
                                 "tie-breaks, so equal points share the place.")
SHARED_SENTENCE_NO_TIEBREAKS_MORE = NN_(
    "Shares {place} with {names} and {others} other: the event announced no tie-breaks, so "
    "equal points share the place.",
    "Shares {place} with {names} and {others} others: the event announced no tie-breaks, so "
    "equal points share the place.", "others")
SHARED_NAMES_SHOWN = 3
"""The players a shared-place sentence names before it counts the others."""

POINTS_PHRASES: Mapping[str, Plural] = MappingProxyType({
    # Keyed by the score's name: a noun phrase with its number, as "3½ points". The form
    # follows the number's plural category (CLDR): English "1 point", "½ points".
    "points": NN_("{points} point", "{points} points", "points"),
    "match points": NN_("{points} match point", "{points} match points", "points"),
    "game points": NN_("{points} game point", "{points} game points", "points"),
})
"""The competitor's score as the first sentence says it (C.07 11.1 for the two team scores)."""

EQUAL_VALUE = "{code} {value}"
"""One criterion that was equal before the deciding one: "BH 11½"."""
EQUAL_ORDER = "{code}"
"""A group order that was equal (it left them tied): its code alone."""
DECIDING_CRITERION = "{label} ({code})"
"""The criterion that decided, named in words for a player and by the code the standings
show: "Buchholz, cut 1 (BH/C1)"."""

REASONS: Mapping[tuple[Reason, Side], str] = MappingProxyType({
    (Reason.TIEBREAK, Side.AHEAD):
        N_("Level with {name} ({place}) on points, ahead on {criterion}: {mine} against "
           "{theirs}."),
    (Reason.TIEBREAK, Side.BEHIND):
        N_("Level with {name} ({place}) on points, behind on {criterion}: {mine} against "
           "{theirs}."),
    (Reason.TIEBREAK_AFTER_EQUAL, Side.AHEAD):
        N_("Level with {name} ({place}) on points, equal on {equal}, ahead on {criterion}: "
           "{mine} against {theirs}."),
    (Reason.TIEBREAK_AFTER_EQUAL, Side.BEHIND):
        N_("Level with {name} ({place}) on points, equal on {equal}, behind on {criterion}: "
           "{mine} against {theirs}."),
    (Reason.ORDER, Side.AHEAD):
        N_("Level with {name} ({place}) on points, ahead on {criterion}."),
    (Reason.ORDER, Side.BEHIND):
        N_("Level with {name} ({place}) on points, behind on {criterion}."),
    (Reason.ORDER_AFTER_EQUAL, Side.AHEAD):
        N_("Level with {name} ({place}) on points, equal on {equal}, ahead on {criterion}."),
    (Reason.ORDER_AFTER_EQUAL, Side.BEHIND):
        N_("Level with {name} ({place}) on points, equal on {equal}, behind on {criterion}."),
    (Reason.ENCOUNTER_GAME, Side.AHEAD):
        N_("Level with {name} ({place}) on points, ahead on direct encounter: won their game "
           "in round {round}."),
    (Reason.ENCOUNTER_GAME, Side.BEHIND):
        N_("Level with {name} ({place}) on points, behind on direct encounter: lost their "
           "game in round {round}."),
    (Reason.ENCOUNTER_GAME_AFTER_EQUAL, Side.AHEAD):
        N_("Level with {name} ({place}) on points, equal on {equal}, ahead on direct "
           "encounter: won their game in round {round}."),
    (Reason.ENCOUNTER_GAME_AFTER_EQUAL, Side.BEHIND):
        N_("Level with {name} ({place}) on points, equal on {equal}, behind on direct "
           "encounter: lost their game in round {round}."),
    (Reason.ENCOUNTER_SCORES, Side.AHEAD):
        N_("Level with {name} ({place}) on points, ahead on direct encounter: {mine} against "
           "{theirs} in the games among the tied players."),
    (Reason.ENCOUNTER_SCORES, Side.BEHIND):
        N_("Level with {name} ({place}) on points, behind on direct encounter: {mine} against "
           "{theirs} in the games among the tied players."),
    (Reason.ENCOUNTER_SCORES_AFTER_EQUAL, Side.AHEAD):
        N_("Level with {name} ({place}) on points, equal on {equal}, ahead on direct "
           "encounter: {mine} against {theirs} in the games among the tied players."),
    (Reason.ENCOUNTER_SCORES_AFTER_EQUAL, Side.BEHIND):
        N_("Level with {name} ({place}) on points, equal on {equal}, behind on direct "
           "encounter: {mine} against {theirs} in the games among the tied players."),
    (Reason.LOTS, Side.AHEAD):
        N_("Level with {name} ({place}) on points and on every tie-break, placed ahead by "
           "drawing of lots, seed {seed} (C.07 4.2)."),
    (Reason.LOTS, Side.BEHIND):
        N_("Level with {name} ({place}) on points and on every tie-break, placed behind by "
           "drawing of lots, seed {seed} (C.07 4.2)."),
})
"""Why the page's competitor is ahead of (or behind) a neighbour on the same points."""

TEAM_REASONS: Mapping[tuple[Reason, Side], str] = MappingProxyType({
    # Art. 6 between teams counts their matches (11.1), not games.
    (Reason.ENCOUNTER_GAME, Side.AHEAD):
        N_("Level with {name} ({place}) on points, ahead on direct encounter: won their match "
           "in round {round}."),
    (Reason.ENCOUNTER_GAME, Side.BEHIND):
        N_("Level with {name} ({place}) on points, behind on direct encounter: lost their "
           "match in round {round}."),
    (Reason.ENCOUNTER_GAME_AFTER_EQUAL, Side.AHEAD):
        N_("Level with {name} ({place}) on points, equal on {equal}, ahead on direct "
           "encounter: won their match in round {round}."),
    (Reason.ENCOUNTER_GAME_AFTER_EQUAL, Side.BEHIND):
        N_("Level with {name} ({place}) on points, equal on {equal}, behind on direct "
           "encounter: lost their match in round {round}."),
    (Reason.ENCOUNTER_SCORES, Side.AHEAD):
        N_("Level with {name} ({place}) on points, ahead on direct encounter: {mine} against "
           "{theirs} in the matches among the tied teams."),
    (Reason.ENCOUNTER_SCORES, Side.BEHIND):
        N_("Level with {name} ({place}) on points, behind on direct encounter: {mine} against "
           "{theirs} in the matches among the tied teams."),
    (Reason.ENCOUNTER_SCORES_AFTER_EQUAL, Side.AHEAD):
        N_("Level with {name} ({place}) on points, equal on {equal}, ahead on direct "
           "encounter: {mine} against {theirs} in the matches among the tied teams."),
    (Reason.ENCOUNTER_SCORES_AFTER_EQUAL, Side.BEHIND):
        N_("Level with {name} ({place}) on points, equal on {equal}, behind on direct "
           "encounter: {mine} against {theirs} in the matches among the tied teams."),
})
"""A team page's sentences where they differ from REASONS."""

AFTER_EQUAL: Mapping[Reason, Reason] = MappingProxyType({
    Reason.TIEBREAK: Reason.TIEBREAK_AFTER_EQUAL,
    Reason.ORDER: Reason.ORDER_AFTER_EQUAL,
    Reason.ENCOUNTER_GAME: Reason.ENCOUNTER_GAME_AFTER_EQUAL,
    Reason.ENCOUNTER_SCORES: Reason.ENCOUNTER_SCORES_AFTER_EQUAL,
})
"""The sentence to use instead when earlier criteria were equal (lots has them all equal)."""


PERFORMANCE: Mapping[bool, Plural] = MappingProxyType({
    # At or above the opponents' average; the singular is the one rated opponent.
    True: NN_("{value}: the performance rating (TPR, C.07 10.2), the rating of the one rated "
              "opponent met over the board, {average}, plus {dp} from the FIDE table (B.02) "
              "for {score} out of {games}",
              "{value}: the performance rating (TPR, C.07 10.2), the average rating of the "
              "{games} rated opponents met over the board, {average}, plus {dp} from the "
              "FIDE table (B.02) for {score} out of {games}", "games"),
    False: NN_("{value}: the performance rating (TPR, C.07 10.2), the rating of the one rated "
               "opponent met over the board, {average}, minus {dp} from the FIDE table "
               "(B.02) for {score} out of {games}",
               "{value}: the performance rating (TPR, C.07 10.2), the average rating of the "
               "{games} rated opponents met over the board, {average}, minus {dp} from the "
               "FIDE table (B.02) for {score} out of {games}", "games"),
})
"""A player's performance on their page, whether or not TPR is among the tie-breaks; {dp}
is the table's difference without its sign."""
