"""What each page says about itself in ``<head>``: its title, and the description that search
engines and chat link previews show (``<meta name="description">``, OpenGraph, Twitter).

The words live here and only here, one function per kind of page; each kind of page
declared in pages.py names its function, render.py calls it with the page's view, and
base.html only prints the :class:`PageMeta` (autoescaped: names from a TRF file are text).
Descriptions are plain text of at most :data:`DESCRIPTION_LIMIT` characters, the answer
first: a player's link previews as "Name — 5th of 52, 3 points · Event" with the reason for
the place below it.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass

from generator.reading.site_settings import SiteSettings
from generator.rules.explain import Standings
from generator.site.festival_view import FestivalView
from generator.site.headline import place_words, points_phrase, score_name
from generator.site.index_pages import EventsPage, NamesPage
from generator.site.language import gettext, ngettext
from generator.site.numbers import format_points
from generator.site.people import Person
from generator.site.plan import EventPlan
from generator.site.player_view import PlayerView
from generator.site.prize_view import CategoryView, PrizesView
from generator.site.series_view import SeriesView
from generator.site.team_view import MemberView
from generator.site.views import RoundView

DESCRIPTION_LIMIT = 160
"""What search results and chat previews show of a description before they cut it."""

OG_TYPE = "website"
"""Every page's og:type. A player page is not "profile": OpenGraph's profile is a person's
own page (first and last name, gender), and a page of results is about an event."""

TITLE_JOIN = " | "
"""Between a page's own title and the site's, in ``<title>``."""
PART_JOIN = " – "
"""Between an event's title and the part of it a page shows ("standings", "round 3")."""
PLACE_JOIN = " · "
"""Between a competitor's place and the event, in a competitor page's title."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PageMeta:
    """One page's title and descriptions, and its published address."""

    share_title: str
    """The page's own title: og:title, and ``<title>`` before the site's name."""
    description: str
    """``<meta name="description">`` and og:description: plain text, at most
    :data:`DESCRIPTION_LIMIT` characters."""
    title: str
    """``<title>``: the page's title, then the site's (the front page: the site's alone)."""
    url: str | None
    """og:url and the canonical link: absolute; None when site.yml gives no url."""
    image: str | None
    """og:image: the site's logo, absolute; None without a url, without a logo, or with an
    SVG logo (which no link preview shows)."""
    og_type: str = OG_TYPE


def page_meta(site: SiteSettings, page: str, share_title: str, description: str, *,
              is_front_page: bool = False) -> PageMeta:
    """The meta of ``page`` (its path from the site root)."""
    logo = site.logo_page
    if logo is not None and logo.lower().endswith(".svg"):
        logo = None  # link previews (WhatsApp, Telegram, Facebook, X) show no SVG og:image
    return PageMeta(
        share_title=share_title,
        description=fit(description),
        title=site.title if is_front_page else f"{share_title}{TITLE_JOIN}{site.title}",
        url=site.absolute(page),
        image=site.absolute(logo) if logo is not None else None)


def fit(text: str, limit: int = DESCRIPTION_LIMIT) -> str:
    """``text`` on one line, cut to ``limit`` characters: after its last whole sentence
    that fits, else at a space, with "…"."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    sentence = text.rfind(". ", 0, limit)
    if sentence >= limit // 2:
        return text[:sentence + 1]
    colon = text.rfind(": ", 0, limit)
    if colon >= limit // 2:
        return text[:colon] + "…"
    space = text.rfind(" ", 0, limit)
    cut = text[:space if space >= limit // 2 else limit - 1].rstrip(" ,;:–")
    return cut + "…"


def _listing(lead: str, items: Sequence[str], limit: int = DESCRIPTION_LIMIT) -> str:
    """``lead`` and as many of ``items`` as fit in ``limit``, comma-separated, with a full
    stop; the first item always (cut by :func:`fit` if it must be)."""
    text = lead
    for number, item in enumerate(items):
        longer = f"{text}{', ' if number else ' '}{item}"
        if number and len(longer) + 1 > limit:
            break
        text = longer
    return f"{text}."


def _after(plan: EventPlan, standings: Standings, round_no: int | None = None) -> str:
    """The lead of the leaders' list: "{event}, standings after round 4 of 9:", "final
    standings" once every round is in, and "provisional" or "in progress" where the last
    round shown may be taken for the last of the event."""
    info = plan.info
    progress = info.progress
    played = round_no if round_no is not None else info.rounds_played
    announced = progress.rounds_announced
    if standings.is_final and round_no is None:
        return gettext("{event}, final standings:").format(event=info.title)
    if played == info.rounds_played and progress.is_in_progress:
        return (gettext("{event}, standings after round {round} of {rounds}, in progress:")
                if announced is not None else
                gettext("{event}, standings after round {round}, in progress:")).format(
            event=info.title, round=played, rounds=announced)
    if announced is not None and played < announced:
        return gettext("{event}, standings after round {round} of {rounds}:").format(
            event=info.title, round=played, rounds=announced)
    return gettext("{event}, provisional standings after round {round}:").format(
        event=info.title, round=played)


def _standing_state(plan: EventPlan, standing: str) -> str:
    """A competitor's place as a link preview's title says it: marked "provisional" (or the
    round in progress) until the standings are final, so that a shared link never passes
    a place mid-event for a final one."""
    info = plan.info
    if plan.standings.is_final:
        return standing
    if info.progress.is_in_progress:
        return gettext("{standing} (round {round} in progress)").format(
            standing=standing, round=info.rounds_played)
    return gettext("{standing} (provisional)").format(standing=standing)


# --- the event's pages -------------------------------------------------------------------


def standings_meta(site: SiteSettings, plan: EventPlan, page: str, standings: Standings,
                   round_no: int | None = None) -> PageMeta:
    """The event page (``round_no`` None) or the standings after a round: the leaders."""
    info = plan.info
    # Until it is final, the event's own page is titled by its round, as a standings after
    # round page is: a shared link must not read as the final standings.
    shown = round_no if round_no is not None or standings.is_final else info.rounds_played
    title = (gettext("{event} – standings").format(event=info.title) if not shown
             else gettext("{event} – standings after round {round}").format(
                 event=info.title, round=shown))
    if not standings.rows or not info.rounds_played:
        count = len(plan.tournament.players)
        before = (ngettext("{event}: the {count} team, before round 1.",
                           "{event}: the {count} teams, before round 1.", count)
                  if info.is_team_event else
                  ngettext("{event}: the {count} player, before round 1.",
                           "{event}: the {count} players, before round 1.", count))
        return page_meta(site, page, title, before.format(event=info.title, count=count))
    # The first with "points" said, the others with the number alone: more names fit.
    first, *rest = standings.rows[:10]
    leader = gettext("{place} {name} ({points})")
    leaders = [leader.format(place=place_words(first), name=first.player.display_name,
                             points=points_phrase(first.points, score_name(plan))),
               *(leader.format(place=place_words(row), name=row.player.display_name,
                               points=format_points(row.points)) for row in rest)]
    return page_meta(site, page, title, _listing(_after(plan, standings, round_no), leaders))


def crosstable_meta(site: SiteSettings, plan: EventPlan, page: str) -> PageMeta:
    info = plan.info
    count = len(plan.tournament.players)
    description = (
        ngettext("Crosstable of {event}: every result of its {count} team round by round, "
                 "with points and tie-breaks ({played} of {rounds} rounds played).",
                 "Crosstable of {event}: every result of its {count} teams round by round, "
                 "with points and tie-breaks ({played} of {rounds} rounds played).", count)
        if info.is_team_event else
        ngettext("Crosstable of {event}: every result of its {count} player round by round, "
                 "with points and tie-breaks ({played} of {rounds} rounds played).",
                 "Crosstable of {event}: every result of its {count} players round by round, "
                 "with points and tie-breaks ({played} of {rounds} rounds played).", count))
    if info.progress.rounds_announced is None:  # "of {rounds}" would be the rounds so far
        description = (
            ngettext("Crosstable of {event}: every result of its {count} team round by "
                     "round, with points and tie-breaks ({played} rounds played so far).",
                     "Crosstable of {event}: every result of its {count} teams round by "
                     "round, with points and tie-breaks ({played} rounds played so far).",
                     count)
            if info.is_team_event else
            ngettext("Crosstable of {event}: every result of its {count} player round by "
                     "round, with points and tie-breaks ({played} rounds played so far).",
                     "Crosstable of {event}: every result of its {count} players round by "
                     "round, with points and tie-breaks ({played} rounds played so far).",
                     count))
    return page_meta(
        site, page, gettext("{event} – crosstable").format(event=info.title),
        description.format(event=info.title, count=count, played=info.rounds_played,
                           rounds=info.rounds_total))


def starting_list_meta(site: SiteSettings, plan: EventPlan, page: str) -> PageMeta:
    info = plan.info
    count = len(plan.tournament.players)
    description = (
        ngettext("The {count} team of {event} by starting number, with their ratings.",
                 "The {count} teams of {event} by starting number, with their ratings.", count)
        if info.is_team_event else
        ngettext("The {count} player of {event} by starting number, with their ratings.",
                 "The {count} players of {event} by starting number, with their ratings.",
                 count))
    return page_meta(site, page, gettext("{event} – starting list").format(event=info.title),
                     description.format(event=info.title, count=count))


def boards_meta(site: SiteSettings, plan: EventPlan, page: str) -> PageMeta:
    info = plan.info
    return page_meta(
        site, page, gettext("{event} – boards").format(event=info.title),
        gettext("{event}: each team's players board by board, with their results.").format(
            event=info.title))


def round_meta(site: SiteSettings, plan: EventPlan, page: str, shown: RoundView) -> PageMeta:
    info = plan.info
    count = len(shown.boards)
    title = gettext("{event} – round {round}").format(event=info.title, round=shown.round_no)
    if shown.is_paired_only:
        description = (
            ngettext("Round {round} of {rounds} of {event}: the pairings of its {count} "
                     "match, results to come.",
                     "Round {round} of {rounds} of {event}: the pairings of its {count} "
                     "matches, results to come.", count)
            if info.is_team_event else
            ngettext("Round {round} of {rounds} of {event}: the pairings of its {count} "
                     "game, results to come.",
                     "Round {round} of {rounds} of {event}: the pairings of its {count} "
                     "games, results to come.", count))
    else:
        description = (
            ngettext("Round {round} of {rounds} of {event}: the results of its {count} "
                     "match, and the standings after it.",
                     "Round {round} of {rounds} of {event}: the results of its {count} "
                     "matches, and the standings after it.", count)
            if info.is_team_event else
            ngettext("Round {round} of {rounds} of {event}: the results of its {count} "
                     "game, and the standings after it.",
                     "Round {round} of {rounds} of {event}: the results of its {count} "
                     "games, and the standings after it.", count))
    if info.progress.rounds_announced is None:  # "of {rounds}" would be the rounds so far
        description = _round_description(info.is_team_event, shown.is_paired_only, count)
    return page_meta(site, page, title, description.format(
        round=shown.round_no, rounds=info.rounds_total, event=info.title, count=count))


def _round_description(is_team_event: bool, is_paired_only: bool, count: int) -> str:
    """A round's description where the number of rounds is not announced."""
    if is_paired_only:
        return (ngettext("Round {round} of {event}: the pairings of its {count} match, "
                         "results to come.",
                         "Round {round} of {event}: the pairings of its {count} matches, "
                         "results to come.", count)
                if is_team_event else
                ngettext("Round {round} of {event}: the pairings of its {count} game, "
                         "results to come.",
                         "Round {round} of {event}: the pairings of its {count} games, "
                         "results to come.", count))
    return (ngettext("Round {round} of {event}: the results of its {count} match, and the "
                     "standings after it.",
                     "Round {round} of {event}: the results of its {count} matches, and the "
                     "standings after it.", count)
            if is_team_event else
            ngettext("Round {round} of {event}: the results of its {count} game, and the "
                     "standings after it.",
                     "Round {round} of {event}: the results of its {count} games, and the "
                     "standings after it.", count))


def competitor_meta(site: SiteSettings, plan: EventPlan, page: str, view: PlayerView) -> PageMeta:
    """A player's page (a team's in a team event): the place and points as the title, the
    reason (the headline) as the description."""
    info = plan.info
    row = view.row
    if not info.rounds_played:
        return page_meta(site, page, f"{row.player.name}{PLACE_JOIN}{info.title}",
                         gettext("{name} in {event}: starting number {start_no}, before "
                                 "round 1.").format(name=row.player.name, event=info.title,
                                                    start_no=row.player.start_no))
    standing = _standing_state(plan, gettext("{place} of {count}, {points}").format(
        place=place_words(row), count=view.count,
        points=points_phrase(row.points, score_name(plan))))
    return page_meta(site, page, f"{row.player.name} — {standing}{PLACE_JOIN}{info.title}",
                     view.headline_text or gettext("{standing} in {event}.").format(
                         standing=standing, event=info.title))


def member_meta(site: SiteSettings, plan: EventPlan, page: str, member: MemberView) -> PageMeta:
    """A player of a team event: their games for their team."""
    info = plan.info
    player = member.player
    count = member.game_count
    return page_meta(
        site, page, f"{player.name} ({member.team.name}){PLACE_JOIN}{info.title}",
        ngettext("{name} for {team} in {event}: scored {points} in {count} game, every game "
                 "with its board and opponent.",
                 "{name} for {team} in {event}: scored {points} in {count} games, every game "
                 "with its board and opponent.", count).format(
            name=player.name, team=member.team.name, event=info.title, points=member.points,
            count=count))


def venue_qr_meta(site: SiteSettings, plan: EventPlan, page: str) -> PageMeta:
    """The printable page with a QR code to the event's live standings (site/qr.py)."""
    info = plan.info
    return page_meta(site, page, gettext("{event} – QR code").format(event=info.title),
                     gettext("Scan to follow the live standings of {event} on your "
                             "phone.").format(event=info.title))


def festival_meta(site: SiteSettings, page: str, festival: FestivalView) -> PageMeta:
    """A festival's own page (issue 27): its sections by name."""
    count = len(festival.sections)
    lead = ngettext("{festival}, {count} section:", "{festival}, {count} sections:",
                    count).format(festival=festival.title, count=count)
    return page_meta(site, page, festival.title,
                     _listing(lead, [line.label for line in festival.sections]))


def festival_qr_meta(site: SiteSettings, page: str, festival: FestivalView) -> PageMeta:
    """The venue's sheet of a festival: the words of an event's."""
    return page_meta(site, page, gettext("{event} – QR code").format(event=festival.title),
                     gettext("Scan to follow the live standings of {event} on your "
                             "phone.").format(event=festival.title))


def festival_prizes_meta(site: SiteSettings, page: str, festival: FestivalView) -> PageMeta:
    """The festival's prize-giving: the words of an event's prize list."""
    return page_meta(site, page, gettext("{event} – prizes").format(event=festival.title),
                     gettext("{event}: who gets each prize, and why.").format(
                         event=festival.title))


def prizes_meta(site: SiteSettings, plan: EventPlan, page: str, prizes: PrizesView) -> PageMeta:
    """The prize list (issue 14): what it is, then whether it is final."""
    info = plan.info
    return page_meta(site, page, gettext("{event} – prizes").format(event=info.title),
                     gettext("{event}: who gets each prize, and why.").format(event=info.title)
                     + " " + prizes.banner)


def category_meta(site: SiteSettings, plan: EventPlan, page: str,
                  category: CategoryView) -> PageMeta:
    """A category's ranking: its leaders, as the standings page lists the event's."""
    info = plan.info
    title = gettext("{event} – {category}").format(event=info.title, category=category.name)
    if not category.lines or not info.rounds_played:
        count = len(category.lines)
        return page_meta(site, page, title, ngettext(
            "{category} of {event}: {count} player, before round 1.",
            "{category} of {event}: {count} players, before round 1.", count).format(
            category=category.name, event=info.title, count=count))
    leader = gettext("{place} {name} ({points})")
    first, *rest = category.lines[:10]
    leaders = [leader.format(place=first.place_words, name=first.line.row.player.display_name,
                             points=points_phrase(first.line.row.points, score_name(plan))),
               *(leader.format(place=line.place_words, name=line.line.row.player.display_name,
                               points=line.line.points) for line in rest)]
    lead = gettext("{category} of {event}, in the order of the overall standings:").format(
        category=category.name, event=info.title)
    return page_meta(site, page, title, _listing(lead, leaders))


# --- pages across events -----------------------------------------------------------------


def index_meta(site: SiteSettings, page: str, plans: Sequence[EventPlan],
               shown: Sequence[EventPlan] | None = None) -> PageMeta:
    """The front page's: the number of events, and the titles of ``shown`` (the events it
    lists: an archive's current season, index_pages.py), else of every one."""
    if site.description is not None:
        return page_meta(site, page, site.title, site.description, is_front_page=True)
    if not plans:
        description = gettext("Chess tournament results, with every tie-break explained.")
    else:
        count = len(plans)
        lead = ngettext("Standings of {count} chess tournament, every tie-break explained:",
                        "Standings of {count} chess tournaments, every tie-break explained:",
                        count).format(count=count)
        description = _listing(lead, [plan.info.title
                                      for plan in (plans if shown is None else shown)])
    return page_meta(site, page, site.title, description, is_front_page=True)


def people_meta(site: SiteSettings, page: str, players: int,
                plans: Sequence[EventPlan]) -> PageMeta:
    events = len(plans)
    return page_meta(site, page, gettext("Players"),
                     ngettext("The {players} players of {events} event, each with their "
                              "place and points in every event they played.",
                              "The {players} players of {events} events, each with their "
                              "place and points in every event they played.", events).format(
                         players=players, events=events))


def season_meta(site: SiteSettings, page: str, shown: EventsPage) -> PageMeta:
    """An older season's page of an archive (index_pages.py)."""
    title = (gettext("Events without a date") if shown.year is None
             else gettext("Events of {year}").format(year=shown.year))
    count = len(shown.entries)
    lead = ngettext("{title}: {count} chess tournament, every tie-break explained:",
                    "{title}: {count} chess tournaments, every tie-break explained:",
                    count).format(title=title, count=count)
    return page_meta(site, page, title, _listing(lead, [
        entry.festival.title if entry.festival is not None else entry.plan.info.title
        for entry in shown.entries]))


def names_meta(site: SiteSettings, page: str, shown: NamesPage) -> PageMeta:
    """A page of the players' index whose family names begin with a prefix."""
    label = shown.link.label
    return page_meta(site, page, gettext("Players: {letters}").format(letters=label),
                     ngettext("The {players} player whose family name begins with {letters}, "
                              "with the events they played.",
                              "The {players} players whose family name begins with {letters}, "
                              "each with the events they played.", len(shown.rows)).format(
                         players=len(shown.rows), letters=label))


def person_meta(site: SiteSettings, page: str, person: Person) -> PageMeta:
    count = len(person.appearances)
    lead = ngettext("{name} in {count} event:", "{name} in {count} events:", count).format(
        name=person.name, count=count)
    item = gettext("{place} of {count} in {event}")
    items = [item.format(place=place_words(seen.row), count=len(seen.plan.standings.rows),
                         event=seen.plan.info.title) for seen in person.appearances]
    return page_meta(site, page, person.name, _listing(lead, items))


def tiebreaks_meta(site: SiteSettings, page: str) -> PageMeta:
    return page_meta(site, page, gettext("Tie-breaks explained"),
                     gettext("How each FIDE tie-break (Handbook C.07) is computed, in plain "
                             "words: Buchholz, Sonneborn-Berger, direct encounter and the "
                             "others."))


_FIRST_PARAGRAPH = re.compile(r"<p>(.*?)</p>", re.DOTALL)
_TAG = re.compile(r"<[^>]+>")


def tiebreak_meta(site: SiteSettings, page: str, title: str, body_html: str) -> PageMeta:
    """A tie-break's page: its first paragraph (our own Markdown, shipped with the package)."""
    first = _FIRST_PARAGRAPH.search(body_html)
    text = html.unescape(_TAG.sub("", first[1])) if first else ""
    return page_meta(site, page, title, text or gettext(
        "{title}: how it is computed (FIDE C.07).").format(title=title))


def series_meta(site: SiteSettings, page: str, view: SeriesView) -> PageMeta:
    """A series' page (issue 28): whether it is final, and its leaders."""
    count = sum(1 for event in view.events if event.page is not None)
    lead = ngettext("{state} After {count} event:", "{state} After {count} events:",
                    count).format(state=view.state, count=count)
    return page_meta(site, page, view.title, _listing(
        lead, [f"{line.place}. {line.name} {line.total}" for line in view.lines if line.place]))


__all__ = ["DESCRIPTION_LIMIT", "OG_TYPE", "PART_JOIN", "PLACE_JOIN", "TITLE_JOIN", "PageMeta",
           "boards_meta", "category_meta", "competitor_meta", "crosstable_meta", "fit",
           "index_meta", "member_meta", "page_meta", "people_meta", "person_meta",
           "prizes_meta", "round_meta", "series_meta", "standings_meta", "starting_list_meta",
           "tiebreak_meta", "tiebreaks_meta", "venue_qr_meta"]
