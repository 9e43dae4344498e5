"""The markers that tell ``pybabel extract`` which English sentences a visitor reads (issue 13).

They do nothing at run time: a table keeps its English sentence, and site/language.py
translates it where a page uses it. The CLI and its diagnostics read the same tables and stay
English. They live on the ground floor so that every wing can mark its words (rules/notation.py
marks the tie-break names) without importing the site.

Keywords (babel.cfg says the command): ``N_`` a sentence, ``NC_`` a sentence in a context,
``NN_`` a sentence with a singular and a plural.
"""

from __future__ import annotations

from generator.speed import frozen_record

SHIPPED_LANGUAGES = ("en", "de", "fr", "es", "it", "nl")
"""The languages a site can be built in (site.yml ``language``): English, whose msgids are
the text, and each language with a catalogue ``generator/locales/<code>/LC_MESSAGES/
standings.po`` (a test checks that each has one). A new language is a code here and its
catalogue."""

TIEBREAK_NAME = "tie-break name"
"""The context of a tie-break's name ("Points", "Rating" are also column headings)."""


def N_(message: str) -> str:
    return message


class InContext(str):
    """A msgid that keeps its msgctxt (:attr:`context`), for a table that translates its
    entries in a loop rather than with a literal context at each call."""

    context: str


def NC_(context: str, message: str) -> str:
    """``message`` in ``context``: the caller translates it with pgettext and that context,
    which the message also carries (:class:`InContext`)."""
    marked = InContext(message)
    marked.context = context
    return marked


@frozen_record
class Plural:
    """A sentence with a number in it: ngettext picks the form by the field ``count``."""

    singular: str
    plural: str
    count: str


def NN_(singular: str, plural: str, count: str) -> Plural:
    return Plural(singular=singular, plural=plural, count=count)


__all__ = ["NC_", "NN_", "N_", "TIEBREAK_NAME", "InContext", "Plural"]
