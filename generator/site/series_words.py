"""Every sentence a series page says (issue 28): its rules in plain words, each person's
derivation ("47 = 10 (1st, January) + 8 (2nd, February); March's 3 dropped: the best 6
count"), what each can still reach. One place for the words of ``rules/series.py`` and
``rules/series_points.py``; the page's headings are in its template.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from generator.reading.series_settings import SeriesSettings
from generator.rules.series import DropReason, SeriesResult, SeriesRow, SeriesTie
from generator.rules.series_points import (
    BonusKind,
    EventTies,
    FieldSizeTables,
    GamePoints,
    PercentileBands,
    PlacesTable,
)
from generator.site.language import gettext, ngettext, plural_count
from generator.site.numbers import format_points, plain_number
from generator.site.wording import ordinal


def points_list(points: Sequence[Decimal]) -> str:
    return ", ".join(format_points(p) for p in points)


def place_words(first: int, last: int) -> str:
    """"1st", or "3rd–4th" for a place shared."""
    return ordinal(first) if first == last else f"{ordinal(first)}–{ordinal(last)}"


def _table(table: PlacesTable) -> str:
    return gettext("{points}; later places {rest}").format(
        points=points_list(table.points), rest=format_points(table.rest))


def rule_sentences(settings: SeriesSettings, titles: dict[str, str]) -> list[str]:
    """The series' rules, one sentence each, in the order an organiser writes them."""
    rule = settings.points
    said: list[str] = []
    if isinstance(rule, PlacesTable):
        said.append(gettext("Points by the final place in each event: {table}.").format(
            table=_table(rule)))
    elif isinstance(rule, FieldSizeTables):
        said.append(gettext("Points by the final place in each event, from a table chosen "
                            "by the number of players:"))
        said.extend(ngettext("{count} player or more: {table}.",
                             "{count} players or more: {table}.", t.smallest).format(
            count=t.smallest, table=_table(t.table)) for t in rule.tables)
    elif isinstance(rule, PercentileBands):
        said.append(gettext("Points by the share of the field a player finished in:"))
        said.extend(gettext("the top {percent}%: {points};").format(
            percent=plain_number(band.top_percent), points=format_points(band.points))
            for band in rule.bands)
        said.append(gettext("everyone else: {points}.").format(points=format_points(rule.rest)))
    elif isinstance(rule, GamePoints):
        said.append(gettext("Each event's own points count.") if rule.factor == 1 else
                    gettext("Each event's own points count, times {factor}.").format(
                        factor=plain_number(rule.factor)))
        if rule.upper_half:
            said.append(gettext("Plus {points} for each place above the lower half of the "
                                "field.").format(points=format_points(rule.upper_half)))
        if rule.winner:
            said.append(gettext("Plus {points} to the winner.").format(
                points=format_points(rule.winner)))
    for pattern, weight in settings.weights:
        said.append(gettext("{events} counts {weight} times.").format(
            events=titles.get(pattern.written, pattern.written), weight=plain_number(weight)))
    said.append({
        EventTies.TIEBREAKS: gettext("Players on equal points in an event are placed by its "
                                     "tie-breaks; players still sharing a place share its "
                                     "points equally."),
        EventTies.SHARE: gettext("Players on equal points in an event share the points of "
                                 "their places equally."),
        EventTies.BEST_PLACE: gettext("Players on equal points in an event each score the "
                                      "first place they share."),
    }[settings.ties] if not isinstance(rule, GamePoints) else "")
    bonuses = settings.bonuses
    if bonuses.participation:
        said.append(gettext("A bonus of {points} for each event played.").format(
            points=format_points(bonuses.participation)))
    if bonuses.all_rounds:
        said.append(gettext("A bonus of {points} for playing every round of an event.").format(
            points=format_points(bonuses.all_rounds)))
    if bonuses.performance_cap:
        said.append(gettext("A bonus of the starting rank minus the final place, at most "
                            "{points}.").format(points=bonuses.performance_cap))
    if settings.min_rounds_percent:
        said.append(gettext("A result of fewer than {percent}% of the event's rounds scores "
                            "nothing.").format(percent=plain_number(settings.min_rounds_percent)))
    counting = settings.counting
    said.append(ngettext("The best {count} result counts.", "The best {count} results count.",
                         counting.best).format(count=counting.best)
                if counting.best is not None else gettext("Every result counts."))
    if counting.drop_worst:
        said.append(ngettext("A player who played every event drops their worst result.",
                             "A player who played every event drops their {count} worst "
                             "results.", counting.drop_worst).format(count=counting.drop_worst))
    if counting.final:
        said.append(gettext("The result of {event} always counts.").format(
            event=titles.get(counting.final, counting.final)))
    if counting.minimum:
        said.append(ngettext("At least {count} event played to be ranked.",
                             "At least {count} events played to be ranked.",
                             counting.minimum).format(count=counting.minimum))
    if settings.members is not None:
        said.append(gettext("Only the members listed are ranked."))
    ties = [tie_words(tie) for tie in settings.series_ties]
    said.append(gettext("Equal totals: {rules}, then a shared place.").format(
        rules=", ".join(ties)) if ties else gettext("Equal totals share the place."))
    return [sentence for sentence in said if sentence]


def tie_words(tie: SeriesTie) -> str:
    return {SeriesTie.BEST_RESULT: gettext("the better best single result"),
            SeriesTie.MORE_EVENTS: gettext("more events played"),
            SeriesTie.MORE_WINS: gettext("more games won")}[tie]


def _bonus_words(kind: BonusKind, points: Decimal) -> str:
    return {BonusKind.PARTICIPATION: gettext("{points} for taking part"),
            BonusKind.ALL_ROUNDS: gettext("{points} for every round"),
            BonusKind.PERFORMANCE: gettext("{points} for the performance")}[kind].format(
        points=format_points(points))


def result_words(result: SeriesResult, event: str) -> str:
    """"10 (1st, January)", with what made the points when more than the place did."""
    score = result.score
    details = []
    if score.weight != 1:
        details.append(gettext("{points} × {weight}").format(
            points=format_points(score.base), weight=plain_number(score.weight)))
    details.extend(_bonus_words(kind, points) for kind, points in score.bonuses)
    if score.too_few_rounds:
        details = [gettext("too few rounds played")]
    place = place_words(score.result.place, score.result.place_to)
    if details:
        return gettext("{points} ({place}, {event}: {details})").format(
            points=format_points(result.points), place=place, event=event,
            details=", ".join(details))
    return gettext("{points} ({place}, {event})").format(
        points=format_points(result.points), place=place, event=event)


def derivation(row: SeriesRow, titles: dict[str, str], settings: SeriesSettings) -> str:
    """The total in plain words: the sum of the counted results, then the dropped ones and
    why."""
    counted = [result_words(r, titles[r.event]) for r in row.results if r.counted]
    sentence = gettext("{total} = {parts}").format(
        total=format_points(row.total), parts=" + ".join(counted)) if counted else \
        gettext("{total}: no result counts yet").format(total=format_points(row.total))
    dropped = [r for r in row.results if not r.counted]
    if not dropped:
        return sentence + "."
    reason = dropped[0].dropped
    if reason is DropReason.WORST_DROPPED:
        why = ngettext("every event played, the worst result is dropped",
                       "every event played, the {count} worst results are dropped",
                       settings.counting.drop_worst).format(count=settings.counting.drop_worst)
    else:
        best = settings.counting.best or 0
        why = ngettext("only the best {count} result counts",
                       "only the best {count} results count", best).format(count=best)
    return gettext("{sum}; dropped: {dropped} ({why}).").format(
        sum=sentence, dropped=", ".join(result_words(r, titles[r.event]) for r in dropped),
        why=why)


def decided_words(row: SeriesRow) -> str:
    """What put the person ahead of the next one on an equal total ("" when nothing did)."""
    if row.decided_by is None:
        return ""
    return gettext("Ahead of the next on an equal total by {rule}.").format(
        rule=tie_words(row.decided_by))


def reach_words(row: SeriesRow, remaining: int) -> str:
    if not remaining:
        return ""
    if row.cannot_be_caught:
        return gettext("Can no longer be caught.")
    if row.reach is None:
        return ""
    return gettext("Can still reach {points}.").format(points=format_points(row.reach))


def newcomer_words(points: Decimal) -> str:
    return gettext("Someone who has not played yet can still reach {points}.").format(
        points=format_points(points))


def state_words(held: int, total: int, events_final: bool) -> str:
    """Whether the standings are final, in one sentence."""
    left = total - held
    if left:
        return ngettext("Provisional: {count} event of {total} still to come.",
                        "Provisional: {count} events of {total} still to come.",
                        plural_count(left)).format(count=left, total=total)
    if not events_final:
        return gettext("Provisional: an event of the series is not over yet.")
    return gettext("Final: every event of the series is over.")


def unranked_words(row: SeriesRow, minimum: int) -> str:
    return ngettext("Not ranked: fewer than {count} event played.",
                    "Not ranked: fewer than {count} events played.", minimum).format(
        count=minimum)


def dropped_label() -> str:
    return gettext("dropped")


def not_played_label() -> str:
    return gettext("did not play")


__all__ = ["decided_words", "derivation", "dropped_label", "newcomer_words", "not_played_label",
           "place_words", "reach_words", "result_words", "rule_sentences", "state_words",
           "tie_words", "unranked_words"]
