"""The site's own settings: ``site.yml`` beside ``events/`` (title, url, description, logo).

Without the file every field keeps its default, which is the site as it was before
``site.yml`` existed.
"""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_SITE_TITLE = "Tournament results"


@dataclass(frozen=True, slots=True, kw_only=True)
class SiteSettings:
    """What ``site.yml`` says about the whole site."""

    title: str = DEFAULT_SITE_TITLE
    """The site's name: the front page's heading, the end of every page title, og:site_name."""
    url: str | None = None
    """The published base URL, ending in "/" (``https://club.github.io/results/``): the
    absolute og:url of every page, the QR codes, and "live at" on printed pages. None: the
    pages carry no absolute address."""
    description: str | None = None
    """A sentence about the site, the front page's meta description."""
    logo: str | None = None
    """The logo's file name as ``site.yml`` gives it, relative to the folder of
    ``site.yml``; copied into the site as ``static/`` + its name."""
