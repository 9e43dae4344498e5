"""What each page says about itself in ``<head>``: its title, and the description that search
engines and chat link previews show (``<meta name="description">``, OpenGraph, Twitter).

The words live here and only here, one function per kind of page; render.py builds each
page's :class:`PageMeta` where it builds the page's context, and base.html only prints it
(autoescaped: names from a TRF file are text). Descriptions are plain text of at most
:data:`DESCRIPTION_LIMIT` characters, the answer first: a player's link previews as
"Name — 5th of 52, 3 points · Event" with the reason for the place below it.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass

from generator.reading.site_settings import SiteSettings
from generator.rules.explain import Standings
from generator.site.headline import place_words, points_phrase, score_name
from generator.site.player_view import PlayerView
from generator.site.team_view import MemberView
from generator.site.views import EventPlan, Person, RoundView, format_points

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
    """"standings after round 4 of 9", or "final standings" once every round is in."""
    info = plan.info
    played = round_no if round_no is not None else info.rounds_played
    if standings.is_final and round_no is None:
        return "final standings"
    return f"standings after round {played} of {info.rounds_total}"


def _competitors(plan: EventPlan) -> str:
    return "teams" if plan.info.is_team_event else "players"


# --- the event's pages -------------------------------------------------------------------


def standings_meta(site: SiteSettings, plan: EventPlan, page: str, standings: Standings,
                   round_no: int | None = None) -> PageMeta:
    """The event page (``round_no`` None) or the standings after a round: the leaders."""
    info = plan.info
    title = (f"{info.title}{PART_JOIN}standings" if round_no is None
             else f"{info.title}{PART_JOIN}standings after round {round_no}")
    if not standings.rows or not info.rounds_played:
        description = (f"{info.title}: the {len(plan.tournament.players)} "
                       f"{_competitors(plan)}, before round 1.")
        return page_meta(site, page, title, description)
    # The first with "points" said, the others with the number alone: more names fit.
    first, *rest = standings.rows[:10]
    leaders = [f"{place_words(first)} {first.player.display_name} "
               f"({points_phrase(first.points, score_name(plan))})",
               *(f"{place_words(row)} {row.player.display_name} ({format_points(row.points)})"
                 for row in rest)]
    lead = f"{info.title}, {_after(plan, standings, round_no)}:"
    return page_meta(site, page, title, _listing(lead, leaders))


def crosstable_meta(site: SiteSettings, plan: EventPlan, page: str) -> PageMeta:
    info = plan.info
    return page_meta(
        site, page, f"{info.title}{PART_JOIN}crosstable",
        f"Crosstable of {info.title}: every result of its {len(plan.tournament.players)} "
        f"{_competitors(plan)} round by round, with points and tie-breaks "
        f"({info.rounds_played} of {info.rounds_total} rounds played).")


def starting_list_meta(site: SiteSettings, plan: EventPlan, page: str) -> PageMeta:
    info = plan.info
    return page_meta(
        site, page, f"{info.title}{PART_JOIN}starting list",
        f"The {len(plan.tournament.players)} {_competitors(plan)} of {info.title} by "
        "starting number, with their ratings.")


def boards_meta(site: SiteSettings, plan: EventPlan, page: str) -> PageMeta:
    info = plan.info
    return page_meta(site, page, f"{info.title}{PART_JOIN}boards",
                     f"{info.title}: each team's players board by board, with their results.")


def round_meta(site: SiteSettings, plan: EventPlan, page: str, shown: RoundView) -> PageMeta:
    info = plan.info
    what = "matches" if info.is_team_event else "games"
    title = f"{info.title}{PART_JOIN}round {shown.round_no}"
    if shown.is_paired_only:
        description = (f"Round {shown.round_no} of {info.rounds_total} of {info.title}: the "
                       f"pairings of its {len(shown.boards)} {what}, results to come.")
    else:
        description = (f"Round {shown.round_no} of {info.rounds_total} of {info.title}: the "
                       f"results of its {len(shown.boards)} {what}, and the standings after it.")
    return page_meta(site, page, title, description)


def competitor_meta(site: SiteSettings, plan: EventPlan, page: str, view: PlayerView) -> PageMeta:
    """A player's page (a team's in a team event): the place and points as the title, the
    reason (the headline) as the description."""
    info = plan.info
    row = view.row
    if not info.rounds_played:
        return page_meta(site, page, f"{row.player.name}{PLACE_JOIN}{info.title}",
                         f"{row.player.name} in {info.title}: starting number "
                         f"{row.player.start_no}, before round 1.")
    standing = (f"{place_words(row)} of {view.count}, "
                f"{points_phrase(row.points, score_name(plan))}")
    return page_meta(site, page, f"{row.player.name} — {standing}{PLACE_JOIN}{info.title}",
                     view.headline_text or f"{standing} in {info.title}.")


def member_meta(site: SiteSettings, plan: EventPlan, page: str, member: MemberView) -> PageMeta:
    """A player of a team event: their games for their team."""
    info = plan.info
    player = member.player
    games = f"{member.game_count} game{'' if member.game_count == 1 else 's'}"
    return page_meta(
        site, page, f"{player.name} ({member.team.name}){PLACE_JOIN}{info.title}",
        f"{player.name} for {member.team.name} in {info.title}: scored {member.points} in "
        f"{games}, every game with its board and opponent.")


def venue_qr_meta(site: SiteSettings, plan: EventPlan, page: str) -> PageMeta:
    """The printable page with a QR code to the event's live standings (site/qr.py)."""
    info = plan.info
    return page_meta(site, page, f"{info.title}{PART_JOIN}QR code",
                     f"Scan to follow the live standings of {info.title} on your phone.")


# --- pages across events -----------------------------------------------------------------


def index_meta(site: SiteSettings, page: str, plans: Sequence[EventPlan]) -> PageMeta:
    if site.description is not None:
        return page_meta(site, page, site.title, site.description, is_front_page=True)
    if not plans:
        description = "Chess tournament results, with every tie-break explained."
    else:
        count = len(plans)
        lead = (f"Standings of {count} chess tournament{'' if count == 1 else 's'}, every "
                "tie-break explained:")
        description = _listing(lead, [plan.info.title for plan in plans])
    return page_meta(site, page, site.title, description, is_front_page=True)


def people_meta(site: SiteSettings, page: str, persons: Sequence[Person],
                plans: Sequence[EventPlan]) -> PageMeta:
    events = f"{len(plans)} event{'' if len(plans) == 1 else 's'}"
    return page_meta(site, page, "Players",
                     f"The {len(persons)} players of {events}, each with their place and "
                     "points in every event they played.")


def person_meta(site: SiteSettings, page: str, person: Person) -> PageMeta:
    count = len(person.appearances)
    lead = f"{person.name} in {count} event{'' if count == 1 else 's'}:"
    items = [f"{place_words(seen.row)} of {len(seen.plan.standings.rows)} in "
             f"{seen.plan.info.title}" for seen in person.appearances]
    return page_meta(site, page, person.name, _listing(lead, items))


def tiebreaks_meta(site: SiteSettings, page: str) -> PageMeta:
    return page_meta(site, page, "Tie-breaks explained",
                     "How each FIDE tie-break (Handbook C.07) is computed, in plain words: "
                     "Buchholz, Sonneborn-Berger, direct encounter and the others.")


_FIRST_PARAGRAPH = re.compile(r"<p>(.*?)</p>", re.DOTALL)
_TAG = re.compile(r"<[^>]+>")


def tiebreak_meta(site: SiteSettings, page: str, title: str, body_html: str) -> PageMeta:
    """A tie-break's page: its first paragraph (our own Markdown, shipped with the package)."""
    first = _FIRST_PARAGRAPH.search(body_html)
    text = html.unescape(_TAG.sub("", first[1])) if first else ""
    return page_meta(site, page, title, text or f"{title}: how it is computed (FIDE C.07).")


__all__ = ["DESCRIPTION_LIMIT", "OG_TYPE", "PART_JOIN", "PLACE_JOIN", "TITLE_JOIN", "PageMeta",
           "boards_meta", "competitor_meta", "crosstable_meta", "fit", "index_meta",
           "member_meta", "page_meta", "people_meta", "person_meta", "round_meta",
           "standings_meta", "starting_list_meta", "tiebreak_meta", "tiebreaks_meta",
           "venue_qr_meta"]
