"""The prize-giving pages of an event as one render job (issue 14): the prize list, and each
category's page and CSV. ``render.py`` runs the job; what the pages show is
``prize_view.py``'s, their words ``prize_words.py``'s.
"""

from __future__ import annotations

from collections.abc import Callable

from generator.reading.site_settings import SiteSettings
from generator.site.addresses import category_csv_download, category_page, prizes_page
from generator.site.downloads import standings_csv
from generator.site.page_meta import category_meta, prizes_meta
from generator.site.plan import EventPlan
from generator.site.prize_view import category_rows_standings, category_view, prizes_view

Render = Callable[..., bytes]
"""``render(template, page, **context)``: a page's bytes, with the event's common context."""


def prize_files(plan: EventPlan, site: SiteSettings, render: Render,
                csv_heading: Callable[[str], str]) -> dict[str, bytes]:
    """Exactly ``prize_view.prize_paths(plan)``: nothing for an event without categories and
    prizes."""
    prizes = plan.prizes
    files: dict[str, bytes] = {}
    if prizes is None:
        return files
    shown = prizes_view(plan, prizes)
    if shown is not None:
        page = prizes_page(plan.slug)
        files[page] = render("prizes.html", page, prizes=shown,
                             meta=prizes_meta(site, plan, page, shown))
    for ranked in prizes.categories:
        slug = ranked.category.slug
        page = category_page(plan.slug, slug)
        view = category_view(plan, prizes, ranked)
        files[page] = render("category.html", page, category=view,
                             meta=category_meta(site, plan, page, view))
        files[category_csv_download(plan.slug, slug)] = standings_csv(
            category_rows_standings(plan, ranked), heading=csv_heading)
    return files


__all__ = ["Render", "prize_files"]
