"""The language a build speaks (issue 13): its catalogue, and the words of the Python wording
in that language (its numbers and dates are written by ``numbers.py``).

English unless a build says otherwise (``speaking``): the CLI's ``rank``, ``explain`` and
every diagnostic never choose a language, so they stay English (arbiters search for them).

A catalogue is ``generator/locales/<code>/LC_MESSAGES/standings.po`` (domain ``standings``),
read with Babel and compiled in memory the first time a build needs it (no ``.mo`` in git, no
network). The active language is a context variable: a forked render worker inherits it
with the rest of the process, a preview thread sets its own.

English needs no catalogue, and its two CLDR rules the wording asks for (a fraction's
plural, an ordinal's category) are written here, so Babel is loaded only for another
language or a date (``numbers.py``): ``standings explain`` loads none of it
(``tests/test_command_imports.py``), which is a good part of its start.
"""

from __future__ import annotations

import gettext as _gettext
import hashlib
import io
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote as quote_url

from generator.messages import SHIPPED_LANGUAGES, Plural
from generator.site.addresses import link_from_folder
from generator.site.template_paths import LOCALES

if TYPE_CHECKING:
    from babel import Locale
    from babel.support import Translations

ENGLISH = "en"
DOMAIN = "standings"

EXTRACT_KEYWORDS: Mapping[str, object] = {
    # The markers of generator/messages.py and the gettext functions below and of Jinja's
    # i18n extension: what ``pybabel extract`` (babel.cfg) and the catalogue test look for.
    "_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3), "N_": None, "NC_": ((1, "c"), 2), "NN_": (1, 2),
}


@dataclass(frozen=True, slots=True, kw_only=True)
class Language:
    """One language of the site: its locale data and its compiled catalogue."""

    code: str
    translations: _gettext.NullTranslations
    digest: str
    """What the pages in this language depend on: the code and the catalogue's bytes (the
    cache keys a language's pages by it)."""
    decimal: str
    """The locale's decimal separator ("," in de, fr, es, it, nl)."""
    texts: Mapping[str, str] = field(default_factory=dict)
    """The catalogue's translations without plural forms, by msgid (``context\x04msgid``
    with a context): a page asks tens of thousands of times, and a dictionary answers
    faster than ``GNUTranslations``."""

    @property
    def is_english(self) -> bool:
        return self.code == ENGLISH

    @property
    def locale(self) -> Locale:
        """The language's CLDR data (Babel), loaded the first time it is asked for."""
        return _locale(self.code)

    def gettext(self, message: str) -> str:
        return self.texts.get(message, message)

    def pgettext(self, context: str, message: str) -> str:
        return self.texts.get(f"{context}\x04{message}", message)


def catalogue_path(code: str) -> Path:
    return LOCALES / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def shipped_languages() -> tuple[str, ...]:
    """English first, then the languages with a catalogue (generator/messages.py)."""
    return SHIPPED_LANGUAGES


class NoCatalogue(LookupError):
    """A shipped language whose catalogue is not installed (a broken install)."""


def language(code: str) -> Language:
    """The language ``code`` (one of ``shipped_languages``), its catalogue compiled once for
    each version of its file (a translator editing it under ``standings serve`` sees the
    change on the next refresh)."""
    if code == ENGLISH:
        return _language(code, None)
    try:
        found = catalogue_path(code).stat()
    except OSError:
        return _language(code, None)  # raises NoCatalogue
    return _language(code, (found.st_mtime_ns, found.st_size))


@lru_cache(maxsize=32)
def _language(code: str, version: tuple[int, int] | None) -> Language:
    if code == ENGLISH:
        # The msgids are the English: no catalogue to read.
        return Language(code=code, translations=_gettext.NullTranslations(),
                        digest=hashlib.sha256(code.encode()).hexdigest(), decimal=".")
    try:
        source = catalogue_path(code).read_bytes()
    except OSError as error:
        raise NoCatalogue(f"no catalogue for the language {code!r} "
                          f"({catalogue_path(code)}: {error.strerror})") from error
    locale = _locale(code)
    translations, texts = compile_catalogue(source, code)
    return Language(code=code, translations=translations,
                    digest=hashlib.sha256(code.encode() + b"\0" + source).hexdigest(),
                    decimal=locale.number_symbols["latn"]["decimal"], texts=texts)


def compile_catalogue(source: bytes, code: str) -> tuple[Translations, dict[str, str]]:
    """A .po file's bytes as gettext translations, compiled in memory, and its messages
    without plural forms as a dictionary (Language.texts). Fuzzy and untranslated entries
    are left out, as msgfmt does (the catalogue test refuses them anyway)."""
    # Babel where a language other than English needs it (the module's docstring says why).
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    from babel.support import Translations

    catalog = read_po(io.BytesIO(source), locale=code, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    texts = {(f"{m.context}\x04{m.id}" if m.context else m.id): m.string for m in catalog
             if m.id and isinstance(m.id, str) and isinstance(m.string, str) and m.string
             and not m.fuzzy}
    return Translations(compiled, domain=DOMAIN), texts


@cache
def _locale(code: str) -> Locale:
    from babel import Locale  # the module's docstring says why here

    return Locale.parse(code)


# A frozen Language, made once: the default is shared, never changed.
_ACTIVE: ContextVar[Language] = ContextVar(
    "standings_language", default=language(ENGLISH))  # noqa: B039


active: Callable[[], Language] = _ACTIVE.get
"""The language being spoken (a C call: the pages ask for every number they write)."""


@contextmanager
def speaking(code: str) -> Iterator[Language]:
    """Everything the Python wording says inside the block, in ``code``."""
    token = _ACTIVE.set(language(code))
    try:
        yield _ACTIVE.get()
    finally:
        _ACTIVE.reset(token)


# --- words ---------------------------------------------------------------------------------

def gettext(message: str) -> str:
    return _ACTIVE.get().gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    return active().translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    return _ACTIVE.get().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    return active().translations.npgettext(context, singular, plural, count)


def plural_count(value: int | Decimal) -> int:
    """The number ngettext picks a form by. A fraction (1½ points) has no gettext form of
    its own: its CLDR plural category decides (English and German "1½ points", French
    "1,5 point"), as 1 for the category "one" and 2 for the others."""
    if isinstance(value, int):
        return value
    if value == value.to_integral_value():
        return int(value)
    spoken = active()
    if spoken.is_english:
        # CLDR's English "one" is 1 written without decimals: a fraction never is.
        return 2
    return 1 if spoken.locale.plural_form(abs(value)) == "one" else 2


def words(entry: str | Plural, fields: Mapping[str, object] | None = None, *,
          context: str | None = None, count: int | Decimal | None = None) -> str:
    """A wording table's entry in the active language, its named fields filled in. A
    Plural picks its form by its ``count`` field (or ``count``)."""
    if isinstance(entry, Plural) and count is None:
        count = _count_of(entry, fields)
    text = phrase(entry, context=context, count=count)
    return text.format_map(fields) if fields is not None else text


def phrase(entry: str | Plural, *, context: str | None = None,
           count: int | Decimal | None = None) -> str:
    """A wording table's entry in the active language, its fields still to fill in (a
    Plural in the form for ``count``)."""
    if isinstance(entry, Plural):
        if count is None:
            raise TypeError(f"the plural {entry.singular!r} needs its count")
        n = plural_count(count)
        return (npgettext(context, entry.singular, entry.plural, n) if context is not None
                else ngettext(entry.singular, entry.plural, n))
    return pgettext(context, entry) if context is not None else gettext(entry)


def _count_of(entry: Plural, fields: Mapping[str, object] | None) -> int | Decimal:
    value = None if fields is None else fields.get(entry.count)
    if not isinstance(value, int | Decimal):
        raise TypeError(f"the plural's count {entry.count!r} is no number: {value!r}")
    return value


# --- ordinal forms ----------------------------------------------------------------------------

def ordinal_category(number: int) -> str:
    """The CLDR ordinal category of ``number`` in the active language ("one" for 1, 21 in
    English), the key of wording.ORDINALS."""
    spoken = active()
    if spoken.is_english:
        return english_ordinal_category(number)
    return _ordinal_form(spoken.locale, number)


def english_ordinal_category(number: int) -> str:
    """CLDR's English ordinal rule: "one" for 1, 21, 31 ... but 11, 111; "two" for 2, 22 ...
    but 12; "few" for 3, 23 ... but 13; "other" for the rest."""
    last, last_two = abs(number) % 10, abs(number) % 100
    if last == 1 and last_two != 11:
        return "one"
    if last == 2 and last_two != 12:
        return "two"
    if last == 3 and last_two != 13:
        return "few"
    return "other"


@lru_cache(maxsize=4096)
def _ordinal_form(locale: Locale, number: int) -> str:
    # A page of 2,000 rows asks for the same few hundred places again and again.
    return str(locale.ordinal_form(number))


# --- a site in several languages ------------------------------------------------------------

@dataclass(frozen=True, slots=True, kw_only=True)
class Version:
    """One language's version of a page: the language switch's link and the hreflang."""

    code: str
    name: str
    """The language's name in itself ("Deutsch", "français"): a reader looks for their own."""
    href: str
    """The version seen from the page, relative (the site works from any folder)."""
    url: str | None
    """Its published address (hreflang wants one); None without site.yml's url."""
    is_current: bool


def home(code: str, built: Sequence[str]) -> str:
    """The folder a language's pages are in: the first at the root, each other under its code
    ("en/")."""
    return "" if not built or code == built[0] else f"{code}/"


def versions(page: str, current: str, built: Sequence[str], root_url: str | None
             ) -> tuple[Version, ...]:
    """Every language's version of ``page`` (its path from its language's folder) seen from
    the ``current`` language's; none for a site in one language."""
    if len(built) < 2:
        return ()
    folder = (home(current, built) + page).rpartition("/")[0]
    found = []
    for code in built:
        there = home(code, built) + page
        shown = there[:-len("index.html")] if there.endswith("index.html") else there
        url = None if root_url is None else root_url + quote_url(shown, safe="/")
        found.append(Version(code=code, name=_endonym(code), href=link_from_folder(folder, there),
                             url=url, is_current=code == current))
    return tuple(found)


@cache
def _endonym(code: str) -> str:
    name = str(_locale(code).get_display_name(code))
    return name[:1].upper() + name[1:]


__all__ = [
    "DOMAIN",
    "ENGLISH",
    "EXTRACT_KEYWORDS",
    "LOCALES",
    "Language",
    "NoCatalogue",
    "Version",
    "active",
    "catalogue_path",
    "compile_catalogue",
    "english_ordinal_category",
    "gettext",
    "home",
    "language",
    "ngettext",
    "npgettext",
    "ordinal_category",
    "pgettext",
    "phrase",
    "plural_count",
    "shipped_languages",
    "speaking",
    "versions",
    "words",
]
