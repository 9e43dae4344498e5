"""The site's own settings: ``site.yml`` beside ``events/`` (title, url, description, logo).

Without the file every field keeps its default, which is the site as it was before
``site.yml`` existed. The text is read here the way event.yml is (generator/reading/
settings.py: every value checked at its ``site.yml:LINE:COLUMN``, unknown keys with a "did
you mean"); only generator/reading/events.py opens the files, and hands the logo's bytes
to :func:`logo_problem`. A new key is one entry in :data:`SITE_KEYS` and one branch in
:func:`read_site_settings`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any
from urllib.parse import quote as quote_url
from urllib.parse import urlsplit

from yaml.nodes import Node

from generator.errors import DiagnosticSink, did_you_mean, quote
from generator.messages import N_, SHIPPED_LANGUAGES
from generator.reading.logo_rules import (
    LOGO_FOLDER,
    LOGO_TYPES,
    MAX_LOGO_BYTES,
    is_svg_logo,
    logo_name,
    logo_problem,
)
from generator.reading.series_settings import read_aliases
from generator.reading.settings import compose_settings
from generator.reading.settings_reader import Position, SettingsReader, is_sequence

SITE_FILE = "site.yml"
DEFAULT_SITE_TITLE = N_("Tournament results")
"""The title without site.yml: in the site's language (render.make_environment says it)."""
ENGLISH = SHIPPED_LANGUAGES[0]

SITE_KEYS = ("title", "url", "description", "logo", "language", "languages", "aliases")

MAX_TITLE_CHARACTERS = 80
"""A title is a heading and the end of every page title; a long one buries the page's own."""
MAX_DESCRIPTION_CHARACTERS = 300
"""A description is a meta description: search engines and chat previews show ~160."""
MAX_URL_CHARACTERS = 500

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
    """The logo's file name as ``site.yml`` gives it, a file beside ``site.yml``; copied
    into the site as :data:`LOGO_FOLDER` ``/`` + its name (:attr:`logo_page`)."""
    logo_data: bytes | None = field(default=None, repr=False)
    """The logo as published: a raster's bytes as read (events.py reads them, once: the
    copy is the file checked), an SVG as :func:`generator.reading.svg_logo.clean_svg`
    rewrote it."""
    path: str = ""
    """The site.yml as the user named it; empty when there is none."""
    positions: Mapping[str, Position] = field(default_factory=lambda: MappingProxyType({}))
    """Key -> (line, column) of its value in site.yml, 1-based."""
    language: str = ENGLISH
    """The language of the site's pages (issue 13), one of :data:`SHIPPED_LANGUAGES`; with
    ``languages``, the first of them."""
    languages: tuple[str, ...] = ()
    """Every language the site is built in, the first at the root and each other under
    ``/<code>/``; empty: the one ``language``."""
    aliases: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """The spellings of one person joined in every series (issue 28): each name over its
    other spellings, after those a series file joins itself."""

    @property
    def built_languages(self) -> tuple[str, ...]:
        """The languages of the build, the root's first."""
        return self.languages or (self.language,)

    @property
    def language_folders(self) -> tuple[str, ...]:
        """The folders the languages after the first are built in (``site.language.home``:
        the first at the root, each other under its code)."""
        return self.built_languages[1:]

    @property
    def logo_page(self) -> str | None:
        """The logo's path from the site root, when there is one."""
        return f"{LOGO_FOLDER}/{self.logo}" if self.logo is not None else None

    def absolute(self, page: str) -> str | None:
        """The published address of ``page`` (a path from the site root); None without a url.
        A folder's ``index.html`` is addressed as the folder, as hosts serve it."""
        if self.url is None:
            return None
        if page == "index.html" or page.endswith("/index.html"):
            page = page[:-len("index.html")]
        # An event folder may be named in any letters ("ålesund-open"): sent as UTF-8
        # percent-encoded, the form crawlers and chat apps read.
        return self.url + quote_url(page, safe="/")


def read_site_settings(text: str, path: str, sink: DiagnosticSink) -> SiteSettings:
    """site.yml text -> SiteSettings, every problem reported into ``sink`` at its position;
    the default stays wherever a value is refused."""
    root = compose_settings(text, sink, file_name=SITE_FILE,
                            too_long="a few lines of site settings",
                            example="'title: Gros Chess Club'")
    if root is None:
        return SiteSettings(path=path)
    reader = SettingsReader(sink)
    values = reader.mapping(root, "", SITE_KEYS)
    fields: dict[str, Any] = {}
    if "title" in values:
        fields["title"] = _line_of_text(reader, values["title"], "title", MAX_TITLE_CHARACTERS)
    if "description" in values:
        fields["description"] = _line_of_text(reader, values["description"], "description",
                                              MAX_DESCRIPTION_CHARACTERS)
    if "url" in values:
        fields["url"] = _base_url(reader, values["url"])
    if "logo" in values:
        fields["logo"] = logo_name(reader, values["logo"], SITE_FILE)
    if "languages" in values:
        listed = _languages(reader, values["languages"])
        if listed:
            fields["languages"] = listed
            fields["language"] = listed[0]
    if "language" in values:
        chosen = _language(reader, values["language"], "language")
        if chosen is not None and "languages" in fields and chosen != fields["language"]:
            reader.error(values["language"], f"'language' {quote(chosen)} is not the first "
                         f"of 'languages' ({', '.join(fields['languages'])})",
                         "'language' left out, or the same as the first of 'languages'")
        elif chosen is not None:
            fields["language"] = chosen
    if "aliases" in values:
        fields["aliases"] = read_aliases(reader, values["aliases"])
    clean = {key: value for key, value in fields.items() if value is not None}
    return SiteSettings(path=path, positions=MappingProxyType(dict(reader.positions)), **clean)


def _language(reader: SettingsReader, node: Node, key: str) -> str | None:
    """A language code the site ships (``de``), as written or in capitals (``DE``)."""
    written = reader.text(node, key)
    if written is None:
        return None
    code = written.strip().lower().replace("_", "-")
    if code in SHIPPED_LANGUAGES:
        return code
    reader.error(node, f"{key!r} {quote(written.strip())} is not a language of the site"
                 f"{did_you_mean(code, SHIPPED_LANGUAGES)}",
                 "one of " + ", ".join(SHIPPED_LANGUAGES))
    return None


def _languages(reader: SettingsReader, node: Node) -> tuple[str, ...] | None:
    """``languages: [de, en]``: each a shipped language, each once."""
    expected = "a list of language codes, the root's first, such as '[de, en]'"
    if not is_sequence(node) or not node.value:
        reader.error(node, "'languages' is not a list of languages", expected)
        return None
    codes: list[str] = []
    for item in node.value:
        code = _language(reader, item, "languages")
        if code is None:
            return None
        if code in codes:
            reader.error(item, f"'languages' names {quote(code)} twice", "each language once")
            return None
        codes.append(code)
    return tuple(codes)


def _line_of_text(reader: SettingsReader, node: Node, key: str, limit: int) -> str | None:
    """Text shown as one line (a heading, a meta description): a YAML block's line breaks
    become spaces. Left blank, it counts as not given (as in event.yml): None."""
    written = reader.text(node, key)
    if written is None:
        return None
    text = " ".join(written.split())
    if not text:
        return None
    if len(text) > limit:
        reader.error(node, f"{key!r} has {len(text)} characters", f"at most {limit}")
        return None
    return text


def _base_url(reader: SettingsReader, node: Node) -> str | None:
    written = reader.text(node, "url")
    if written is None:
        return None
    url = written.strip()
    expected = "the site's published address, such as 'https://club.github.io/results/'"
    if len(url) > MAX_URL_CHARACTERS:
        reader.error(node, f"'url' has {len(url)} characters", f"at most {MAX_URL_CHARACTERS}")
        return None
    if any(character.isspace() or not character.isprintable() for character in url):
        reader.error(node, f"'url' {quote(url)} holds a space or a control character",
                     expected)
        return None
    try:
        parts = urlsplit(url)
        port = parts.port  # reading it checks it: 'https://host:99999/' raises
    except ValueError:
        reader.error(node, f"'url' {quote(url)} is not a web address", expected)
        return None
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        reader.error(node, f"'url' {quote(url)} is not an absolute http(s) address", expected)
        return None
    if parts.username is not None or parts.password is not None:
        # Published on every page: a user name or password in it would be too.
        reader.error(node, f"'url' {quote(url)} holds a user name or password", expected)
        return None
    if parts.query or parts.fragment or url.endswith(("?", "#")):
        reader.error(node, f"'url' {quote(url)} has a query or fragment ('?', '#'), so page "
                     "addresses cannot follow it", expected)
        return None
    del port
    # Page paths are appended to it: the base is a folder, so it ends in "/".
    return url if url.endswith("/") else url + "/"


__all__ = ["DEFAULT_SITE_TITLE", "LOGO_FOLDER", "LOGO_TYPES", "MAX_LOGO_BYTES", "SITE_FILE",
           "SITE_KEYS", "SiteSettings", "is_svg_logo", "logo_problem", "read_site_settings"]
