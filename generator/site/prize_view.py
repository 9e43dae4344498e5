"""What the prize-giving pages show (issue 14): the prize list, each category's ranking, and
a player's category places and prize, as frozen records.

Pure functions over an ``EventPlan`` (whose ``prizes`` are the categories ranked and the
prizes awarded, by ``rules/categories.py`` and ``rules/prizes.py``, which decide everything
and word nothing); the sentences are
``prize_words.py``'s, filled in here in the active language. No Jinja and no disk.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from decimal import Decimal

from markupsafe import Markup

from generator.messages import Plural
from generator.model import StartNo
from generator.rules.categories import (
    UNTITLED,
    AgeCondition,
    CategoryStandings,
    Condition,
    FederationCondition,
    RatingCondition,
    SexCondition,
    StartNumberCondition,
    TitleCondition,
    categories_of,
)
from generator.rules.explain import Standings
from generator.rules.prizes import (
    OVERALL,
    Award,
    AwardReason,
    Prize,
    PrizeAward,
    PrizeSettings,
    ProvisionalReason,
    Share,
)
from generator.site.addresses import (
    category_csv_download,
    category_page,
    player_page,
    prizes_page,
    relative_link,
)
from generator.site.headline import Sentence, points_phrase, score_name
from generator.site.headline_words import DECIDING_CRITERION
from generator.site.language import phrase, words
from generator.site.numbers import money_text, plain_number
from generator.site.plan import EventPlan, EventPrizes, announced_prizes
from generator.site.prize_words import (
    AGE_LIMITS,
    AWARD_REASONS,
    CATEGORY_PLACE,
    CONDITIONS,
    FEDERATIONS,
    FINAL_BANNER,
    HORT_SHARE,
    KEPT_PRIZE,
    MIN_PLAYERS,
    NOT_AWARDED_REASONS,
    ONE_PER_PLAYER,
    OVERALL_IN_SENTENCE,
    OVERALL_RANKING,
    PASS_REASONS,
    PRIZE_TABLE,
    PRIZE_WON,
    PROVISIONAL_BANNERS,
    RATING_BANDS,
    RATING_LISTS,
    REMAINDER,
    SEXES,
    START_NUMBERS,
    TIES,
    TITLES,
    UNRATED_IN,
    UNTITLED_WORD,
)
from generator.site.views import Column, StandingsLine, cell_text, columns, standings_lines
from generator.site.wording import join_words, ordinal
from generator.speed import frozen_record

OVERALL_ANCHOR = "overall"
"""The overall list's id on the prize list; a category's is ``c-<its slug>``."""


# --- what an event has ---------------------------------------------------------------------

@frozen_record
class CategoryLink:
    name: str
    page: str
    """Its page, from the site root (templates link it with url_to)."""
    csv: str


@frozen_record
class PrizeNav:
    """The links every page of an event shows to its prize list and categories."""

    prizes: str | None
    """The prize list's page from the site root; None without ``prizes:``."""
    categories: tuple[CategoryLink, ...]

    @property
    def has_any(self) -> bool:
        return self.prizes is not None or bool(self.categories)


def prize_nav(plan: EventPlan) -> PrizeNav:
    """From the settings alone: nothing is ranked or awarded to link the pages."""
    categories, settings = announced_prizes(plan.event)
    slug = plan.slug
    return PrizeNav(
        prizes=prizes_page(slug) if settings is not None else None,
        categories=tuple(CategoryLink(name=c.name, page=category_page(slug, c.slug),
                                      csv=category_csv_download(slug, c.slug))
                         for c in categories))


def prize_paths(plan: EventPlan) -> tuple[str, ...]:
    """The prize list, and each category's page and CSV (known from the settings)."""
    nav = prize_nav(plan)
    found = [nav.prizes] if nav.prizes is not None else []
    for link in nav.categories:
        found += [link.page, link.csv]
    return tuple(found)


# --- words every prize page shares ------------------------------------------------------

def ranking_name(ranking: str) -> str:
    """A prize list's name: the overall standings' in the page's language, or the
    category's as written."""
    if ranking == OVERALL:
        return phrase(OVERALL_RANKING, context="prize list of the overall standings")
    return ranking


def ranking_in_sentence(ranking: str) -> str:
    """A prize list's ranking as a sentence names it: "the overall standings", or the
    category's name."""
    if ranking == OVERALL:
        return phrase(OVERALL_IN_SENTENCE, context="the overall standings, in a sentence")
    return ranking


def banner(award: PrizeAward) -> str:
    """The prize list's state, in the same words wherever a prize is shown."""
    if not award.provisional:
        return words(FINAL_BANNER)
    reasons = tuple(reason for reason in ProvisionalReason
                    if reason in award.provisional_reasons)
    entry = PROVISIONAL_BANNERS.get(reasons)
    if entry is None:  # provisional with no reason given: the fullest sentence
        entry = PROVISIONAL_BANNERS[tuple(ProvisionalReason)]
    return words(entry)


def places_text(first: int, last: int) -> str:
    return ordinal(first) if first == last else f"{ordinal(first)}–{ordinal(last)}"


def _say(entry: str | Plural, fields: Mapping[str, object]) -> str:
    return words(entry, dict(fields))


# --- the prize list ----------------------------------------------------------------------

@frozen_record
class RecipientLine:
    name: str
    href: str
    """The player's page, relative to the prize list."""
    receives: str
    """Money or the prize's name."""
    detail: str = ""
    """Under Hort: what the amount is made of."""


@frozen_record
class AwardLine:
    """One row of a prize list: a prize (or the prizes a tie pooled) and who gets it."""

    places: str
    """The prize's place in its list: "1st", "2nd–4th" for prizes pooled."""
    prize: str
    """Its money ("900 EUR", pooled prizes together) or name ("Trophy")."""
    recipients: tuple[RecipientLine, ...]
    why: tuple[str, ...]
    """Sentences: who was passed over and why, then why the recipients get it (or why
    nobody does)."""

    @property
    def is_awarded(self) -> bool:
        return bool(self.recipients)


@frozen_record
class PrizeTable:
    ranking: str
    """As the page heads it."""
    caption: str
    """The table's caption: "Prizes of the overall standings"."""
    anchor: str
    category_page: str | None
    """The category's page (from the site root); None for the overall list."""
    lines: tuple[AwardLine, ...]


@frozen_record
class PrizesView:
    tables: tuple[PrizeTable, ...]
    banner: str
    is_provisional: bool
    rules: tuple[str, ...]
    """The event's rules of allocation, as event.yml announces them."""
    fund: str
    """Every list's money together; "" without money prizes."""


class RankingPlaces:
    """Each player's place in each ranking (the overall standings and every category)."""

    def __init__(self, standings: Standings, categories: Sequence[CategoryStandings]) -> None:
        self.overall = {row.player.start_no: row for row in standings.rows}
        self.by_ranking: dict[str, dict[StartNo, tuple[int, int]]] = {
            OVERALL: {row.player.start_no: (row.rank, row.rank_to) for row in standings.rows}}
        for ranked in categories:
            self.by_ranking[ranked.category.name] = {
                row.start_no: (row.place, row.place_to) for row in ranked.rows}

    def place(self, ranking: str, start_no: StartNo) -> str:
        first, last = self.by_ranking.get(ranking, self.by_ranking[OVERALL]).get(
            start_no, self.by_ranking[OVERALL][start_no])
        return places_text(first, last)


def tie_places(award: Award) -> str:
    """The places a tie occupies: from the first recipient's to the last one's (the
    recipients are in the ranking's order, Award.recipients; each of thousands sharing a
    prize is told these places on their page)."""
    return places_text(award.recipients[0].place, award.recipients[-1].place_to)


def prize_text(prizes: Sequence[Prize], currency: str | None) -> str:
    money = [p.amount for p in prizes if p.amount is not None]
    if money:
        return money_text(sum(money, Decimal(0)), currency)
    return " · ".join(p.name or "" for p in prizes)


def kept_prize_text(prize: Prize, currency: str | None, award: PrizeAward | None = None,
                    start_no: StartNo | None = None) -> str:
    """A prize a player holds, named in a sentence: "1st place in U16, 100 EUR", or for a
    share of prizes pooled by a tie, the places pooled and what the player receives
    ("3rd–4th place, 250 EUR")."""
    held = next(((one, share) for one, share in award.won_by(start_no)
                 if prize in one.prizes), None) if award is not None and start_no else None
    position, amount = ordinal(prize.position), prize_text((prize,), currency)
    if held is not None:
        one, share = held
        positions = [p.position for p in one.prizes]
        position = places_text(min(positions), max(positions))
        amount = receives_text(one, share, currency)[0]
    return _say(KEPT_PRIZE[prize.ranking == OVERALL], {
        "position": position, "ranking": ranking_in_sentence(prize.ranking),
        "amount": amount})


def _criterion(cols: Sequence[Column], key: str | None) -> Column | None:
    return next((c for c in cols if c.key == key), None)


@frozen_record
class AwardTerms:
    """What an award's sentences say of its players, where a section's prize list and a
    festival's prizes across sections differ: the ranking's words, a player's name and
    points, and the criterion that told two tied players apart (its words and each one's
    value; None where the page lists no such criterion)."""

    ranking: str
    name: Callable[[StartNo], str]
    points: Callable[[StartNo], str]
    criterion: Callable[[Award, StartNo, StartNo], tuple[str, str, str] | None]


def award_sentences(award: Award, settings: PrizeSettings, places: RankingPlaces,
                    currency: str | None, awarded: PrizeAward | None,
                    terms: AwardTerms) -> tuple[str, ...]:
    """The sentences of an award's "Why" (``awarded``: every award, to say what a player
    passed over holds)."""
    said = [_say(PASS_REASONS[passed.reason], {
        "name": terms.name(passed.start_no),
        "place": places.place(award.ranking, passed.start_no),
        "prize": kept_prize_text(passed.kept, currency, awarded, passed.start_no)})
        for passed in award.passed_over]
    if award.not_awarded is not None:
        said.append(_say(NOT_AWARDED_REASONS[award.not_awarded], {
            "ranking": terms.ranking, "members": award.members or 0,
            "minimum": settings.min_players}))
        return tuple(said)
    if award.reason is None or not award.recipients:
        return tuple(said)
    first = award.recipients[0]
    fields: dict[str, object] = {
        "place": places_text(first.place, first.place_to), "ranking": terms.ranking,
        "points": terms.points(first.start_no),
        "places": tie_places(award), "count": len(award.recipients)}
    if award.tied_with:
        other = award.tied_with[0]
        # The sentences compare with the next player tied (the one the tie-break separated);
        # a prize that cannot be split names them all.
        fields.update(name=terms.name(other) if award.reason is not AwardReason.TIE_UNBROKEN
                      else join_words([terms.name(n) for n in award.tied_with]),
                      their_place=places.place(award.ranking, other))
        deciding = terms.criterion(award, first.start_no, other)
        if deciding is not None:
            fields.update(zip(("criterion", "mine", "theirs"), deciding, strict=True))
    if award.reason is AwardReason.TIE_BROKEN and "criterion" not in fields:
        # A criterion the standings do not list: say the place alone rather than guess.
        said.append(_say(AWARD_REASONS[AwardReason.PLACE], fields))
        return tuple(said)
    fields.update(split_fields(award, settings, currency))
    said.append(_say(AWARD_REASONS[award.reason], fields))
    if award.remainder:
        said.append(_say(REMAINDER, {"remainder": money_text(award.remainder, currency)}))
    return tuple(said)


def award_why(plan: EventPlan, award: Award, settings: PrizeSettings, places: RankingPlaces,
              currency: str | None, awarded: PrizeAward | None = None) -> tuple[str, ...]:
    """The sentences of a prize list's "Why" column."""
    player = plan.tournament.player

    def points(number: StartNo) -> str:
        return points_phrase(places.overall[number].points, score_name(plan))

    def criterion(award: Award, mine: StartNo, theirs: StartNo
                  ) -> tuple[str, str, str] | None:
        column = _criterion(columns(plan.standings.specs), award.criterion)
        if column is None:
            return None
        return (DECIDING_CRITERION.format(label=column.label, code=column.spec.written),
                cell_text(places.overall[mine], column), cell_text(places.overall[theirs], column))

    return award_sentences(award, settings, places, currency, awarded, AwardTerms(
        ranking=ranking_in_sentence(award.ranking), name=lambda n: player(n).name,
        points=points, criterion=criterion))


def split_fields(award: Award, settings: PrizeSettings, currency: str | None
                 ) -> dict[str, str]:
    """The amounts a shared or Hort-split award's sentence names (none for another award):
    the prize money split, each one's share, the pool and the Hort percentage."""
    if award.reason not in (AwardReason.SHARED, AwardReason.HORT):
        return {}
    pool = sum(((s.amount or Decimal(0)) - (s.kept or Decimal(0)) for s in award.recipients),
               Decimal(0))
    return {"total": money_text(award.amount or Decimal(0), currency),
            "share": money_text(award.recipients[0].amount or Decimal(0), currency),
            "pool": money_text(pool, currency),
            "percent": plain_number(settings.hort_share)}


def receives_text(award: Award, share: Share, currency: str | None) -> tuple[str, str]:
    if share.amount is None:
        return prize_text(award.prizes, currency), ""
    detail = ""
    if share.kept is not None:
        detail = _say(HORT_SHARE, {"kept": money_text(share.kept, currency),
                                   "pooled": money_text(share.amount - share.kept, currency)})
    return money_text(share.amount, currency), detail


def prizes_view(plan: EventPlan, prizes: EventPrizes) -> PrizesView | None:
    """The prize list page; None without ``prizes:``."""
    award, settings = prizes.award, prizes.settings
    if award is None or settings is None:
        return None
    page = prizes_page(plan.slug)
    places = RankingPlaces(plan.standings, prizes.categories)
    currency = award.currency if award.currency is not None else settings.currency
    slugs = {c.category.name: c.category.slug for c in prizes.categories}
    tables = []
    for ranking in settings.rankings:
        lines = award_lines(
            award, ranking, currency,
            recipient=lambda number: (plan.tournament.player(number).name,
                                      relative_link(page, player_page(plan.slug, number))),
            why=lambda one: award_why(plan, one, settings, places, currency, award))
        slug = slugs.get(ranking)
        tables.append(PrizeTable(
            ranking=ranking_name(ranking),
            caption=words(PRIZE_TABLE, {"ranking": ranking_in_sentence(ranking)}),
            anchor=OVERALL_ANCHOR if ranking == OVERALL else f"c-{slug or ''}",
            category_page=category_page(plan.slug, slug) if slug is not None else None,
            lines=lines))
    fund = settings.fund
    return PrizesView(tables=tuple(tables), banner=banner(award),
                      is_provisional=award.provisional, rules=allocation_rules(settings),
                      fund=money_text(fund, currency) if fund else "")


def award_lines(award: PrizeAward, ranking: str, currency: str | None, *,
                recipient: Callable[[StartNo], tuple[str, str]],
                why: Callable[[Award], tuple[str, ...]]) -> tuple[AwardLine, ...]:
    """The lines of one ranking's prize table: each award's places, prize, recipients (their
    name and the link to their page, ``recipient``) and reasons (``why``)."""
    lines = []
    for one in (a for a in award.awards if a.ranking == ranking):
        positions = [p.position for p in one.prizes]
        recipients = []
        for share in one.recipients:
            receives, detail = receives_text(one, share, currency)
            name, href = recipient(share.start_no)
            recipients.append(RecipientLine(name=name, href=href, receives=receives,
                                            detail=detail))
        lines.append(AwardLine(
            places=places_text(min(positions), max(positions)),
            prize=prize_text(one.prizes, currency), recipients=tuple(recipients),
            why=why(one)))
    return tuple(lines)


def allocation_rules(settings: PrizeSettings) -> tuple[str, ...]:
    """How the prizes are given, in a sentence each (event.yml ``prizes:``)."""
    said = [words(ONE_PER_PLAYER[settings.one_per_player]),
            _say(TIES[settings.ties], {"percent": plain_number(settings.hort_share)})]
    if settings.min_players > 1 and any(p.ranking != OVERALL for p in settings.prizes):
        said.append(_say(MIN_PLAYERS, {"count": settings.min_players}))
    return tuple(said)


def prize_anchor(ranking: str, categories: Sequence[CategoryStandings]) -> str:
    """The id of a ranking's table on the prize list."""
    if ranking == OVERALL:
        return OVERALL_ANCHOR
    slug = next((c.category.slug for c in categories if c.category.name == ranking), "")
    return f"c-{slug}"


# --- a category's page ---------------------------------------------------------------------

@frozen_record
class CategoryLine:
    place: str
    """In the category: "2", "2–3" when shared."""
    place_words: str
    """The same in words: "2nd", "2nd–3rd"."""
    overall: str
    """In the overall standings."""
    line: StandingsLine
    """The overall row as a standings table shows it (name, link, points, tie-breaks)."""


@frozen_record
class CategoryView:
    name: str
    conditions: str
    """"Who is in it: …", the category's conditions in words."""
    lines: tuple[CategoryLine, ...]
    csv: str
    """The category's CSV, from the site root."""
    prizes_href: str | None
    """Its prize table on the prize list, relative to the category's page; None when it has
    no prize list."""


def _numbers_text(first: int, last: int) -> str:
    return str(first) if first == last else f"{first}–{last}"


def condition_words(condition: Condition) -> str:
    """One condition of a category as a phrase ("FIDE rating below 2000, unrated players
    included")."""
    if isinstance(condition, RatingCondition):
        band = _say(RATING_BANDS[(condition.at_least is not None, condition.below is not None)], {
            "list": phrase(RATING_LISTS[condition.rating_list.value], context="a rating list"),
            "at_least": condition.at_least, "below": condition.below})
        return f"{band}, {words(UNRATED_IN[condition.admits_unrated])}"
    if isinstance(condition, AgeCondition):
        key = (condition.under is not None, condition.at_least is not None,
               condition.reference.value)
        return _say(AGE_LIMITS[key], {"under": condition.under, "at_least": condition.at_least})
    if isinstance(condition, SexCondition):
        return words(SEXES[condition.sex.value])
    if isinstance(condition, FederationCondition):
        return _say(FEDERATIONS, {"list": join_words(sorted(condition.federations))})
    if isinstance(condition, TitleCondition):
        titles = [phrase(UNTITLED_WORD, context="no chess title") if title == UNTITLED
                  else title for title in sorted(condition.titles)]
        return _say(TITLES, {"list": join_words(titles)})
    assert isinstance(condition, StartNumberCondition)
    return _say(START_NUMBERS, {"list": join_words([str(n) for n in
                                                    sorted(condition.start_numbers)])})


def category_view(plan: EventPlan, prizes: EventPrizes, ranked: CategoryStandings
                  ) -> CategoryView:
    category = ranked.category
    page = category_page(plan.slug, category.slug)
    members = {row.start_no: row for row in ranked.rows}
    lines = tuple(
        CategoryLine(place=_numbers_text(members[n].place, members[n].place_to),
                     place_words=places_text(members[n].place, members[n].place_to),
                     overall=_numbers_text(line.row.rank, line.row.rank_to), line=line)
        for line in standings_lines(plan.standings, plan.slug, page)
        if (n := line.row.player.start_no) in members)
    settings = prizes.settings
    has_prizes = settings is not None and category.name in settings.rankings
    return CategoryView(
        name=category.name,
        conditions=_say(CONDITIONS, {"conditions": join_words(
            [condition_words(c) for c in category.conditions])}),
        lines=lines, csv=category_csv_download(plan.slug, category.slug),
        prizes_href=relative_link(page, prizes_page(plan.slug),
                                  prize_anchor(category.name, prizes.categories))
        if has_prizes else None)


def category_rows_standings(plan: EventPlan, ranked: CategoryStandings) -> Standings:
    """The overall standings cut to the category, each row's place its category place:
    what ``downloads.standings_csv`` writes as the category's CSV (the same columns and
    dialect as standings.csv)."""
    rows = {row.player.start_no: row for row in plan.standings.rows}
    return replace(plan.standings, rows=tuple(
        replace(rows[member.start_no], rank=member.place, rank_to=member.place_to)
        for member in ranked.rows))


# --- a player's page -----------------------------------------------------------------------

@frozen_record
class Honours:
    """A player's category places and prizes, under the headline of their page."""

    places: tuple[Sentence, ...]
    """"2nd in U16", the category linked, in event.yml's order of the categories."""
    prizes: tuple[str, ...]
    """"Prize: 2nd place, 500 EUR."."""
    banner: str
    """The prize list's state ("" without a prize)."""
    is_provisional: bool
    prizes_href: str
    """The prize list, relative to the player's page ("" without one)."""

    @property
    def places_html(self) -> tuple[Markup, ...]:
        return tuple(s.html for s in self.places)


def player_honours(plan: EventPlan, prizes: EventPrizes | None, start_no: StartNo
                   ) -> Honours | None:
    """None when the player is in no category and has no prize (the page shows nothing)."""
    if prizes is None:
        return None
    page = player_page(plan.slug, start_no)
    places = tuple(
        Sentence(wording=phrase(CATEGORY_PLACE),
                 fields={"place": places_text(row.place, row.place_to), "category": category.name},
                 links={"category": relative_link(page, category_page(plan.slug,
                                                                      category.slug))})
        for category, row in categories_of(start_no, prizes.categories))
    award, settings = prizes.award, prizes.settings
    won: list[str] = []
    if award is not None and settings is not None:
        currency = award.currency if award.currency is not None else settings.currency
        for one, share in award.won_by(start_no):
            is_pooled = len(one.prizes) > 1 or one.reason in (AwardReason.SHARED,
                                                               AwardReason.HORT)
            receives, _detail = receives_text(one, share, currency)
            won.append(_say(PRIZE_WON[(is_pooled, one.ranking == OVERALL)], {
                "position": ordinal(one.prizes[0].position),
                "places": tie_places(one),
                "ranking": ranking_in_sentence(one.ranking), "amount": receives}))
    if not places and not won:
        return None
    has_prize = bool(won) and award is not None
    return Honours(
        places=places, prizes=tuple(won),
        banner=banner(award) if has_prize and award is not None else "",
        is_provisional=has_prize and award is not None and award.provisional,
        prizes_href=relative_link(page, prizes_page(plan.slug)) if won else "")


__all__ = [
    "OVERALL_ANCHOR", "AwardLine", "AwardTerms", "CategoryLine", "CategoryLink",
    "CategoryView", "Honours", "PrizeNav", "PrizeTable", "PrizesView", "RankingPlaces",
    "RecipientLine", "allocation_rules", "award_lines", "award_sentences", "award_why", "banner",
    "category_rows_standings", "category_view",
    "condition_words", "kept_prize_text", "places_text", "player_honours",
    "prize_anchor", "prize_nav", "prize_paths", "prize_text", "prizes_view",
    "ranking_in_sentence", "ranking_name", "receives_text", "split_fields",
]
