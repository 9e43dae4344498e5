"""Find a player: the index that ``static/find.js`` searches, without a server.

The index (``addresses.FIND_INDEX``) is a script file, not JSON: a page opened from disk
(``file://``) may not fetch a file beside it, but it may load a script. ``find.js`` adds
the script to the page only when the search box is first used, so a page that nobody
searches never loads it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from generator.site.addresses import competitor_page, player_page
from generator.site.headline import place_words
from generator.site.language import pgettext
from generator.site.plan import EventPlan
from generator.site.team_view import member_numbers
from generator.site.views import event_sort_key

FIND_GLOBAL = "standingsFindIndex"
"""The name the index script gives its data (``window.standingsFindIndex``)."""


def find_index(plans: Sequence[EventPlan]) -> bytes:
    """Every ranked competitor of every event, newest event first, in standings order,
    and in a team event each team's players after the teams.

    ``{"events": [[slug, title], ...], "entries": [[name, event, where, page], ...]}``:
    ``event`` indexes ``events``, ``where`` says where the result stands ("3rd–5th place", or
    a team member's "Team Name, 2nd place"), and ``page`` is the address from the site root.
    Names are data here: find.js writes them as text, never as markup.
    """
    events = []
    entries = []
    for number, plan in enumerate(sorted(plans, key=event_sort_key)):
        events.append([plan.slug, plan.info.title])
        is_team = plan.info.is_team_event
        places = {}
        for row in plan.standings.rows:
            # The ordinal as the language writes it (CLDR's ordinal categories through
            # Babel: "4th", "4.", "4.º", "4º"), so German says "4. Platz", never "4 Platz".
            places[row.player.start_no] = pgettext(
                "where a result stands: 4th place, 3rd–5th place",
                "{place} place").format(place=place_words(row))
            entries.append([row.player.name, number, places[row.player.start_no],
                            competitor_page(plan.slug, row.player.start_no, is_team)])
        teams = plan.event.teams
        if teams is None:
            continue
        for member in member_numbers(teams):
            team = teams.team_of(member)
            where = "" if team is None else f"{team.name}, {places.get(team.start_no, '')}"
            entries.append([plan.event.tournament.player(member).name, number,
                            where.rstrip(", "), player_page(plan.slug, member)])
    data = json.dumps({"events": events, "entries": entries}, ensure_ascii=True,
                      separators=(",", ":"))
    # ASCII only: no U+2028 or "</script" can end up in the script text, whatever a name holds.
    data = data.replace("<", "\\u003c")
    return f"window.{FIND_GLOBAL}={data};\n".encode("ascii")
