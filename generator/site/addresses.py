"""Where every page and download of the site lives, and how one page links to another.

Addresses are stable: an event lives under its folder name (the slug) and a
player page under the start number, so a link shared after round 3 still
opens the same player after round 9.
"""

from __future__ import annotations

import functools
import posixpath

from generator.reading.site_names import PEOPLE_DIR as PEOPLE_DIR
from generator.reading.site_names import SERIES_DIR as SERIES_DIR
from generator.reading.site_names import STATIC_DIR as STATIC_DIR
from generator.reading.site_names import TIEBREAKS_DIR as TIEBREAKS_DIR
from generator.rules.notation import CATALOGUE

# --- addresses ---------------------------------------------------------------------------
# Every address is a path relative to the site root; the templates' url_to() (see
# render.page_context) makes links relative to the page that holds them, so the site works
# from disk and under user.github.io/REPO/.

# The site's own top-level names (STATIC_DIR, ...) and the event folder names it refuses
# are in site_names: the reader checks names too, and should not load this module for it.

UNPLAYED_ROUNDS_PAGE = f"{TIEBREAKS_DIR}/unplayed-rounds.html"

RATING_CHANGE_PAGE = f"{TIEBREAKS_DIR}/rating-change.html"
"""How a FIDE rating change is computed (B.02): ``generator/explanations/rating-change.md``,
published beside the tie-break pages as every explanation page is."""

FIND_INDEX = f"{STATIC_DIR}/find-index.js"
"""The search box's list of the index's shards (site/find.py writes it)."""

FIND_SHARD_DIR = f"{STATIC_DIR}/find"
"""The shards of the search box's index: every event's ranked names, by the beginning of
each word of a name (site/find.py writes them)."""

FIND_SCRIPT = f"{STATIC_DIR}/find.js"
"""The search box's script (templates/static/find.js)."""


def relative_link(page: str, target: str, fragment: str | None = None) -> str:
    """``target`` seen from ``page`` (both paths from the site root), e.g. ``../index.html``."""
    return link_from_folder(page.rpartition("/")[0], target, fragment)


def link_from_folder(page_dir: str, target: str, fragment: str | None = None) -> str:
    """``target`` seen from a page in the folder ``page_dir`` (see :func:`relative_link`)."""
    if target:
        target_dir, _, name = target.rpartition("/")
        link = folder_link(page_dir, target_dir) + name
    else:
        link = ""
    return f"{link}#{fragment}" if fragment else link


@functools.lru_cache(maxsize=4096)
def folder_link(page_dir: str, target_dir: str) -> str:
    """The folder ``target_dir`` seen from ``page_dir``: "", "../", "../players/"."""
    # A site has few folders and hundreds of thousands of links: relpath once per pair.
    relative = posixpath.relpath(target_dir or ".", page_dir or ".")
    return "" if relative == "." else relative + "/"


def event_page(slug: str) -> str:
    return f"{slug}/index.html"


def crosstable_page(slug: str) -> str:
    return f"{slug}/crosstable.html"


def starting_list_page(slug: str) -> str:
    return f"{slug}/starting-list.html"


def round_page(slug: str, round_no: int) -> str:
    return f"{slug}/rounds/{round_no}.html"


def standings_after_page(slug: str, round_no: int) -> str:
    return f"{slug}/rounds/{round_no}-standings.html"


def player_page(slug: str, start_no: int) -> str:
    return f"{slug}/players/{start_no}.html"


@functools.lru_cache(maxsize=16384)
def sibling_player_link(slug: str, start_no: int) -> str:
    """Another player's page seen from a player's page: they share a folder, so its name."""
    return player_page(slug, start_no).rpartition("/")[2]


def team_page(slug: str, team_no: int) -> str:
    """A team of a team event, under its team number (its members keep ``players/``)."""
    return f"{slug}/teams/{team_no}.html"


def competitor_page(slug: str, number: int, is_team: bool) -> str:
    """The page of what the standings rank: a team's (team event) or a player's."""
    return team_page(slug, number) if is_team else player_page(slug, number)


def boards_page(slug: str) -> str:
    """A team event's board prizes: the best individual scores on each board."""
    return f"{slug}/boards.html"


def qr_page(slug: str) -> str:
    """The sheet to print for the venue: a QR code to the event's live standings."""
    return f"{slug}/qr.html"


def prizes_page(slug: str) -> str:
    """The prize list: who gets each prize of each ranking, and why (issue 14)."""
    return f"{slug}/prizes.html"


def category_page(slug: str, category: str) -> str:
    """A category's ranking, under the category's slug (``categories/under-2000.html``)."""
    return f"{slug}/categories/{category}.html"


def category_csv_download(slug: str, category: str) -> str:
    """A category's ranking as CSV, beside its page (the dialect of standings.csv)."""
    return f"{slug}/categories/{category}.csv"


def trf_download(slug: str) -> str:
    # A festival's section ("bunratty/major") is named by its own folder's name.
    return f"{slug}/{slug.rpartition('/')[2]}.trf"


def csv_download(slug: str) -> str:
    return f"{slug}/standings.csv"


def json_download(slug: str) -> str:
    return f"{slug}/standings.json"


def explanation_stem(acronym: str) -> str:
    """The explanation page a catalogue acronym links to (aliases resolved; ESB's four
    share one), without its suffix."""
    return CATALOGUE[acronym].canonical.page_name


def tiebreak_page(acronym: str) -> str:
    return f"{TIEBREAKS_DIR}/{explanation_stem(acronym)}.html"


# A festival's own page, prize-giving and QR sheet are named as an event's are, in its folder
# (event_page, prizes_page, qr_page); its downloads are its own.
def festival_json_download(slug: str) -> str:
    """Every section's standings in one JSON file."""
    return f"{slug}/festival.json"


def festival_trf_download(slug: str) -> str:
    """Every section's TRF file in one ZIP file (each as its section's download)."""
    return f"{slug}/{slug}-trf.zip"


def person_page(key: str) -> str:
    return f"{PEOPLE_DIR}/{key}.html"


def series_page(slug: str) -> str:
    """A series' standings (issue 28); its downloads beside it."""
    return f"{SERIES_DIR}/{slug}/index.html"


def series_download(slug: str, extension: str) -> str:
    return f"{SERIES_DIR}/{slug}/standings.{extension}"
