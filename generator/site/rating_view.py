"""The FIDE rating change (B.02) as the pages show it: the standings column, the downloads'
fields, and a player's derivation, game by game with its arithmetic.

``rules/rating_change.py`` computes the change and says why as enums; every sentence about
it is here, whole, with named fields (issue 13: a translation replaces a sentence, never a
fragment), translated where a page uses it. Its numbers are written by ``numbers.py``
(change_text, signed_text); the templates only loop and branch.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from decimal import Decimal
from types import MappingProxyType

from generator.messages import N_
from generator.model import Player, StartNo
from generator.rules.rating_change import (
    GameRatingChange,
    KReason,
    KSource,
    NotCounted,
    RatingChange,
    RatingEdition,
    leaves_out_rated,
)
from generator.site.language import active, phrase, words
from generator.site.numbers import (
    MINUS,
    change_text,
    day_text,
    hundredths_text,
    plain_number,
    signed_text,
)
from generator.site.plan import EventPlan
from generator.speed import frozen_record, keyword_record_maker

RATING_CHANGE_ANCHOR = "rating-change"
"""A player page's derivation of the change: ``#p12-rating-change`` (the standings column's
``data-anchor``, as a tie-break column's)."""

# --- the words -------------------------------------------------------------------------------

ESTIMATED_MARK = "≈"
"""After a standings cell whose K is estimated; the legend says what it means."""

# A counted game's line: its numbers and arithmetic, each named; the explanation page says
# what a difference and an expected score are and cites the articles (issue 26: each line
# saying it again was a tenth of a player page).
GAME_COUNTED = N_("Round {round}: difference {difference}, expected score {expected}: "
                  "{k} × ({result} − {expected}) = {change}.")
GAME_COUNTED_CAPPED = N_("Round {round}: difference {real}, counted as {difference}, "
                         "expected score {expected}: {k} × ({result} − {expected}) = {change}.")
"""A game whose real difference is past the edition's limit (400 points, 350 before July
2009)."""
# {article} is a citation as cite() writes it: "B.02 8.3", or "B.02" where the texts of an
# edition found give no number.
NOT_COUNTED: Mapping[NotCounted, str] = MappingProxyType({
    NotCounted.FORFEIT: N_("Not counted: won or lost by forfeit, no game was played."),
    NotCounted.BYE: N_("Not counted: no opponent in this round."),
    NotCounted.UNRATED_GAME: N_("Not counted: the file marks the game as not rated."),
    NotCounted.UNRATED_OPPONENT: N_("Not counted: the opponent is unrated, and only games "
                                    "against rated opponents count ({article})."),
    NotCounted.OPPONENT_RATING_UNKNOWN: N_(
        "Left out: FIDE rates this game against the rating the unrated opponent gets from "
        "the event, which the file cannot hold."),
    NotCounted.PENDING: N_("Not counted yet: the result is not in."),
})
"""Why a round brings no change ({article}: the citation of the edition's per-game steps)."""

K_WORDS: Mapping[tuple[KReason, KSource], str] = MappingProxyType({
    (KReason.GIVEN_FOR_PLAYER, KSource.GIVEN):
        N_("K {k}: the event's settings give it for this player."),
    (KReason.GIVEN_FOR_EVERYONE, KSource.GIVEN):
        N_("K {k}: the event's settings give it for every player."),
    (KReason.JUNIOR, KSource.RULE):
        N_("K {k}: a junior (by the birth in the file) rated under 2300 ({article})."),
    (KReason.JUNIOR, KSource.ESTIMATED):
        N_("K {k}, estimated: the player turns 18 in the year of the event and the file "
           "gives only the year of birth, so the junior rule may or may not still hold "
           "({article})."),
    (KReason.RATED_2400, KSource.RULE):
        N_("K {k}: rated 2400 or more ({article})."),
    (KReason.RATED_2400, KSource.ESTIMATED):
        N_("K {k}, estimated: rated 2400 or more; the file does not say whether the player "
           "has played 30 rated games ({article})."),
    (KReason.TITLE_2400, KSource.ESTIMATED):
        N_("K {k}, estimated: rated under 2400, but the title {title} asked for a rating of "
           "2400 once, and K stays 10 once a published rating reached 2400; the file holds "
           "no rating history ({article})."),
    (KReason.UNDER_2400, KSource.ESTIMATED):
        N_("K {k}, estimated: rated under 2400; the file does not say how many rated games "
           "the player has played (a new player's K is higher) nor whether a published "
           "rating once reached 2400 ({article})."),
})
"""The player's K and where it comes from: the reason and the source of rating_change."""
K_CAPPED = N_("K {before} lowered to {k}: K × {games} games may not exceed 700 "
              "({article}).")

TOTAL = N_("{sum} = {total}.")
"""The sum of the counted games' changes ({sum}: the terms as written, "+12.8 − 3.2")."""
TOTAL_ROUNDED = N_("{sum} = {total}, rounded to {rounded} ({article}).")
LEFT_OUT = N_("FIDE's own change also counts the games left out here, so it will differ "
              "from this one.")
"""After the sum when a game FIDE rates could not be computed (2009: an unrated opponent)."""
NO_COUNTED_GAME = N_("No game counts for the rating yet.")
UNRATED = N_("No rating change: the player has no rating yet (a first rating is computed "
             "from the games, not changed by them).")
EDITION = N_("FIDE Rating Regulations (B.02) in force from {date}")
EDITION_BEFORE = N_("FIDE Rating Regulations (B.02) in force before {date}")
"""The edition before 1 July 2009, whose first day the texts found do not give."""
HOW_REAL_DIFFERENCE = N_("For each game against a rated opponent: the rating difference "
                         "(not cut at {limit} for a player rated {from_rating} or more, "
                         "{article}), the expected score for it from FIDE's table ({table}), "
                         "and K × (score − expected score); the changes are summed.")
"""The method, said on the page of a player the edition keeps the real difference for (from
October 2025): the lines of that page do not cut it, as the explanation page says a line
does. Any other page leaves the method to the explanation page, which its heading links
(issue 26: the same sentence on every page of an event was 215 bytes of each)."""


def cite(article: str | None) -> str:
    """A B.02 article as the sentences cite it: "B.02 8.3", or "B.02" where the texts found
    of the edition applied give no number (rules/rating_change.py RatingEdition)."""
    return "B.02" if article is None else f"B.02 {article}"


# --- the arithmetic ---------------------------------------------------------------------------

def sum_text(changes: tuple[Decimal, ...]) -> str:
    """The terms of a sum as a reader writes them: "+12.8 − 3.2 + 4.4"."""
    if not changes:
        return "0"
    text = change_text(changes[0])
    for change in changes[1:]:
        # Half up rounds a change and its opposite alike: the term is its text unsigned.
        term = change_text(change).lstrip("+" + MINUS)
        text += f" {MINUS} {term}" if change < 0 else f" + {term}"
    return text


# --- the standings column --------------------------------------------------------------------

@frozen_record
class RatingCell:
    text: str
    """"+12.8" ("+12.8≈" with an estimated K), or "" for an unrated player or one with no
    counted game."""
    is_estimated: bool
    """The K used is an estimate (KSource.ESTIMATED): the cell is marked "≈"."""


@frozen_record
class RatingColumn:
    """The standings table's rating change column; only where some game counts."""

    cells: Mapping[StartNo, RatingCell]
    has_estimates: bool
    """Some cell is marked: the legend says what "≈" means."""


_BLANK = RatingCell(text="", is_estimated=False)


def rating_column(plan: EventPlan) -> RatingColumn | None:
    changes = plan.rating_changes
    if changes is None:
        return None
    cells = {number: _cell(change) for number, change in changes.items()}
    return RatingColumn(cells=MappingProxyType(cells),
                        has_estimates=any(cell.is_estimated for cell in cells.values()))


def _cell(change: RatingChange) -> RatingCell:
    if not change.counted_games:
        return _BLANK
    is_estimated = change.k_source is KSource.ESTIMATED
    return RatingCell(text=change_text(change.total) + (ESTIMATED_MARK if is_estimated else ""),
                      is_estimated=is_estimated)


# --- a player's page -------------------------------------------------------------------------

@frozen_record
class RatingGameLine:
    """One round of the derivation: its change as written, and the sentences saying it (the
    opponent, their rating and their page are the round-by-round table's: issue 25, a line
    made 22,000 times in a 2,000-player event makes only what its page writes)."""

    round_no: int
    change: str
    """K x (score - expected) ("+12.8"); "" if not counted."""
    counted: bool
    sentences: tuple[str, ...]
    """A counted game's whole line (GAME_COUNTED), or why the round does not count, the
    article last."""


@frozen_record
class RatingView:
    """A player's rating change on their page."""

    change: RatingChange
    total: str
    """The change as the standings column shows it; "" without a counted game."""
    is_estimated: bool
    k_sentences: tuple[str, ...]
    """K and where it comes from (and the 700 cap when it applied)."""
    lines: tuple[RatingGameLine, ...]
    sum_sentence: str
    """"+12.8 − 3.2 = +9.6, rounded to +10 (B.02 8.3.4)."; or why there is no change."""
    how: str
    """The method in one sentence, with the articles of the edition applied, for a player
    the edition keeps the real difference for; "" for any other (HOW_REAL_DIFFERENCE)."""
    edition: str
    """The edition of B.02 applied, in words."""
    anchor: str
    """The derivation's id on the page: ``p12-rating-change``."""
    explanation_href: str
    """The explanation page, relative to the player's page."""
    round_changes: Mapping[int, str]
    """Each counted round's change as the round-by-round table shows it."""

    def change_in(self, round_no: int) -> str:
        """The round-by-round table's cell: the round's change, "" if it did not count."""
        return self.round_changes.get(round_no, "")


def player_rating_view(change: RatingChange, player: Player,
                       explanation_href: str) -> RatingView:
    """``explanation_href``: the explanation page, relative to the player's page."""
    edition = change.edition
    # ``games`` works the arithmetic out each time it is read: once per page.
    games = change.games
    language = active().digest
    # A counted game's sentences, looked up once a page rather than once a game.
    counted_words = (phrase(GAME_COUNTED), phrase(GAME_COUNTED_CAPPED))
    lines = tuple(_game_line(game, change, language, counted_words) for game in games)
    counted = tuple(game.change for game in games if game.counted and game.change is not None)
    if change.rating is None:
        summary = words(UNRATED)
    elif not counted:
        summary = words(NO_COUNTED_GAME)
    elif edition.article_rounding is not None:
        summary = words(TOTAL_ROUNDED, {"sum": sum_text(counted),
                                        "total": change_text(change.total),
                                        "rounded": signed_text(change.rounded),
                                        "article": cite(edition.article_rounding)})
    else:
        summary = words(TOTAL, {"sum": sum_text(counted), "total": change_text(change.total)})
    if leaves_out_rated(games):
        summary += " " + words(LEFT_OUT)
    return _new_rating_view(
        change=change,
        total=change_text(change.total) if counted else "",
        is_estimated=bool(counted) and change.k_source is KSource.ESTIMATED,
        k_sentences=_k_sentences(change, player, language),
        lines=lines if change.rating is not None else (),
        sum_sentence=summary,
        how=_how_words(edition, language) if _keeps_real_difference(change) else "",
        edition=_edition_words(edition, language),
        anchor=f"p{player.start_no}-{RATING_CHANGE_ANCHOR}",
        explanation_href=explanation_href,
        round_changes=MappingProxyType({line.round_no: line.change for line in lines
                                        if line.counted}),
    )


# The sentences every player of an event shares (the edition's method and its date), worked
# out once per language rather than once per page; ``language``: the catalogue's digest.
@functools.lru_cache(maxsize=64)
def _how_words(edition: RatingEdition, language: str) -> str:
    return words(HOW_REAL_DIFFERENCE,
                 {"article": cite(edition.article_game), "table": cite(edition.article_table),
                  "limit": edition.max_difference,
                  "from_rating": edition.keeps_real_difference_from})


@functools.lru_cache(maxsize=64)
def _edition_words(edition: RatingEdition, language: str) -> str:
    return edition_words(edition)


@functools.lru_cache(maxsize=256)
def _not_counted_words(reason: NotCounted, article: str, language: str) -> tuple[str, ...]:
    return (words(NOT_COUNTED[reason], {"article": article}),)


def _keeps_real_difference(change: RatingChange) -> bool:
    keeps_from = change.edition.keeps_real_difference_from
    return keeps_from is not None and change.rating is not None and change.rating >= keeps_from


def edition_words(edition: RatingEdition) -> str:
    if edition is RatingEdition.FIDE_BEFORE_2009_07:
        return words(EDITION_BEFORE, {"date": day_text(RatingEdition.FIDE_2009_07.effective)})
    return words(EDITION, {"date": day_text(edition.effective)})


def _k_sentences(change: RatingChange, player: Player, language: str) -> tuple[str, ...]:
    """``language``: the catalogue's digest."""
    if change.k is None or change.k_source is None or change.k_reason is None:
        return ()
    capped = change.k_before_cap is not None
    return _k_words(change.k_reason, change.k_source, change.k, change.k_before_cap,
                    change.counted_games if capped else 0, change.edition.article_k,
                    player.title, language)


# Most players of an event share their K and its reason: the sentences are made once for
# each such K (and, where the 700 cap lowered it, each number of games) in each language.
@functools.lru_cache(maxsize=1024)
def _k_words(reason: KReason, source: KSource, k: int, k_before_cap: int | None, games: int,
             article_k: str | None, title: str | None, language: str) -> tuple[str, ...]:
    article = cite(article_k)
    given = k_before_cap if k_before_cap is not None else k
    sentences = [words(K_WORDS[reason, source], {"k": given, "article": article,
                                                 "title": title})]
    if k_before_cap is not None:
        sentences.append(words(K_CAPPED, {"before": k_before_cap, "k": k, "games": games,
                                          "article": article}))
    return tuple(sentences)


def _game_line(game: GameRatingChange, change: RatingChange, language: str,
               counted_words: tuple[str, str]) -> RatingGameLine:
    """``counted_words``: GAME_COUNTED and GAME_COUNTED_CAPPED in the page's language
    (language.phrase)."""
    if not game.counted or game.difference is None or game.expected is None \
            or game.result is None or game.change is None or change.k is None:
        reason = game.not_counted or NotCounted.BYE
        return _new_game_line(round_no=game.round, change="", counted=False,
                              sentences=_not_counted_words(
                                  reason, cite(change.edition.article_game), language))
    expected, shown_change, result = _counted_numbers(game.expected, game.change, game.result,
                                                      language)
    numbers = {"round": game.round, "difference": signed_text(game.difference),
               "expected": expected, "k": change.k, "result": result, "change": shown_change}
    if game.is_capped_at_400 and change.rating is not None and game.opponent_rating is not None:
        numbers["real"] = signed_text(change.rating - game.opponent_rating)
        sentence = counted_words[1].format_map(numbers)
    else:
        sentence = counted_words[0].format_map(numbers)
    return _new_game_line(round_no=game.round, change=shown_change, counted=True,
                          sentences=(sentence,))


@functools.lru_cache(maxsize=8192)
def _counted_numbers(expected: Decimal, change: Decimal, result: Decimal, language: str,
                     ) -> tuple[str, str, str]:
    """A counted game's expected score, change and result as written; ``language``: the
    catalogue's digest."""
    return hundredths_text(expected), change_text(change), plain_number(result)


_new_game_line = keyword_record_maker(RatingGameLine, "round_no", "change", "counted", "sentences")
_new_rating_view = keyword_record_maker(
    RatingView, "change", "total", "is_estimated", "k_sentences", "lines", "sum_sentence",
    "how", "edition", "anchor", "explanation_href", "round_changes")
