"""Helpers of the language tests (issue 13): the msgids as the code holds them (extracted in
memory with Babel's API and babel.cfg), made-up catalogues, sites built in a language, and
the text a visitor reads on a page."""

from __future__ import annotations

import fcntl
import html
import io
import os
import re
import shutil
import string
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

import pytest
import yaml
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import write_po

from generator.messages import SHIPPED_LANGUAGES
from generator.site import language, views
from generator.site.build import build_site

ROOT = Path(__file__).resolve().parents[2]
EVENTS = ROOT / "events"

MessageKey = tuple[str | None, str]
"""(msgctxt, msgid): what names an entry of a catalogue."""


@cache
def extracted_catalogue() -> Catalog:
    """Every translatable message of the code and templates, as ``pybabel extract -F
    babel.cfg`` with the keywords of site/language.py finds them, in memory."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as config:
        method_map, options_map = parse_mapping_cfg(config)
    keywords = {**DEFAULT_KEYWORDS, **language.EXTRACT_KEYWORDS}
    catalogue = Catalog(project="standings")
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=keywords, strip_comment_tags=True):
        catalogue.add(message, None, [(filename, lineno)], auto_comments=comments,
                      context=context)
    return catalogue


def keys(catalogue: Iterable[Message]) -> set[MessageKey]:
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalogue if m.id}


_BRACE = string.Formatter()
_PERCENT = re.compile(r"%\((\w+)\)[sd]")


def placeholders(text: str) -> frozenset[str]:
    """The named fields of a msgid or msgstr: ``{name}`` (Python wording) and ``%(name)s``
    (templates)."""
    names = set(_PERCENT.findall(text))
    try:
        names.update(f"{{{name}}}" for _, name, _, _ in _BRACE.parse(text) if name)
    except ValueError:
        names.add("<unbalanced braces>")
    return frozenset(names)


@cache
def pseudo_catalogue(code: str, mark: tuple[str, str] = ("⟦", "⟧")) -> bytes:
    """A made-up catalogue for ``code``: every msgstr is its msgid between the marks, so a
    page shows where each text came from (the fields keep working: they are the msgid's).
    Made once a test run per code and marks, as the catalogue it is made from."""
    source = extracted_catalogue()
    catalogue = Catalog(locale=code, project="standings")
    opening, closing = mark
    for message in source:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            strings = tuple(f"{opening}{message.id[min(i, 1)]}{closing}"
                            for i in range(catalogue.num_plurals))
            catalogue.add(message.id, strings, context=message.context)
        else:
            catalogue.add(message.id, f"{opening}{message.id}{closing}", context=message.context)
    buffer = io.BytesIO()
    write_po(buffer, catalogue)
    return buffer.getvalue()


@contextmanager
def catalogues(folder: Path, made: dict[str, bytes]) -> Iterator[Path]:
    """The site's catalogues read from ``folder`` while the block runs, with ``made`` (code ->
    .po bytes) written there (the shipped ones copied beside them)."""
    if language.LOCALES.is_dir():
        shutil.copytree(language.LOCALES, folder, dirs_exist_ok=True)
    for code, data in made.items():
        target = folder / code / "LC_MESSAGES" / f"{language.DOMAIN}.po"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    saved = language.LOCALES
    language.LOCALES = folder
    _forget()
    try:
        yield folder
    finally:
        language.LOCALES = saved
        _forget()


def _forget() -> None:
    # The compiled catalogues are cached by code: a made-up "de" must not outlive the test.
    language._language.cache_clear()
    views._columns.cache_clear()


def build_examples(club: Path, site_yml: str, *, events: Path = EVENTS) -> Path:
    """The example events built with this site.yml into ``club/site``."""
    shutil.copytree(events, club / "events")
    (club / "site.yml").write_text(site_yml, encoding="utf-8")
    out = club / "site"
    build_site(club / "events", out, workers=1)
    return out


def examples_in_every_language(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example events and their series built in every shipped language whose catalogue
    is installed, the first at the root: one build a test run, read (never written) by every
    module that asks. Under xdist the workers share it: the first to ask builds it while
    the others wait on the lock, in the run's own folder above theirs."""
    run = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        run = run.parent
    club = run / "examples-in-every-language"
    with (run / "examples-in-every-language.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (run / "examples-in-every-language.done").exists():
            shutil.rmtree(club, ignore_errors=True)
            shutil.copytree(EVENTS.parent / "series", club / "series")
            codes = [code for code in SHIPPED_LANGUAGES[1:]
                     if language.catalogue_path(code).is_file()]
            build_examples(club, f"languages: [{', '.join([SHIPPED_LANGUAGES[0], *codes])}]\n")
            (run / "examples-in-every-language.done").touch()
    return club / "site"


def data_words(events: Path = EVENTS) -> set[str]:
    """Every word of the events' own files (TRF, event.yml values, notes): names, titles,
    places; what a page may show in any language."""
    words: set[str] = set()
    for path in events.rglob("*"):
        if path.suffix in (".trf", ".md", ".txt"):
            words.update(_WORD.findall(path.read_text(encoding="utf-8", errors="replace")))
        elif path.suffix == ".yml":
            words.update(_WORD.findall(" ".join(_values(yaml.safe_load(path.read_text(
                encoding="utf-8"))))))
    return words


def _values(node: object) -> Iterator[str]:
    if isinstance(node, dict):
        for value in node.values():
            yield from _values(value)
    elif isinstance(node, list):
        for value in node:
            yield from _values(value)
    elif node is not None:
        yield str(node)


_WORD = re.compile(r"[^\W\d_]{2,}")
_HIDDEN = re.compile(r"<script\b.*?</script>|<style\b.*?</style>|<svg\b.*?</svg>|"
                     r"<head\b.*?</head>", re.DOTALL | re.IGNORECASE)
_SHOWN_ATTRIBUTE = re.compile(r'\b(?:title|aria-label|alt|placeholder|'
                              r'data-(?:label|loading|none|more|failed))="([^"]*)"')
"""The attributes whose text a visitor reads: tooltips, labels, and the texts find.js and
site.js show (templates/_find.html hands them over in data attributes)."""
_TAG = re.compile(r"<[^>]+>")
_CODE = re.compile(r"<code\b.*?</code>", re.DOTALL)
_NOTES = re.compile(r'<section[^>]*class="notes".*?</section>', re.DOTALL)


def visible_text(page: str, *, code_spans: bool = True) -> str:
    """What a visitor reads on a page: its title, the text of its body, and the attributes
    a browser shows (tooltips, labels, alternative text, the texts scripts show); the
    club's own notes left out (they are data). Without ``code_spans``, the ``<code>`` left
    out too (a setting as written in event.yml, ``unrated_rating``, in any language)."""
    title = re.search(r"<title>(.*?)</title>", page, re.DOTALL)
    body = _NOTES.sub(" ", _HIDDEN.sub(" ", page))
    if not code_spans:
        body = _CODE.sub(" ", body)
    shown = [title[1] if title else "", _TAG.sub(" ", body),
             *_SHOWN_ATTRIBUTE.findall(_HIDDEN.sub(" ", page))]
    return html.unescape(" ".join(shown))


def words_of(text: str) -> list[str]:
    return _WORD.findall(text)
