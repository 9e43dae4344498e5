"""The tie-breaks' explanation pages: their Markdown, shipped with the package in each
language, and its HTML. Our own files, so their HTML is kept as written; a club's notes go
through reading/notes.py's sanitizer instead (render.render_markdown tells the two apart).
"""

from __future__ import annotations

import functools
import threading
from importlib import resources
from typing import Any

from markupsafe import Markup

from generator.site import language as languages
from generator.site.template_paths import EXPLANATIONS_PACKAGE_DIR

__all__ = ["explanation_html", "explanation_sources"]


def explanation_sources(language: str = languages.ENGLISH) -> dict[str, str]:
    """The Markdown page of each tie-break shipped with the package, by file stem: the
    English ``explanations/<stem>.md``, or a language's ``explanations/<code>/<stem>.md``
    (the same names, so their links to each other hold). A page a language lacks stays
    English (the catalogue test refuses a shipped language without all of them)."""
    folder = resources.files("generator") / EXPLANATIONS_PACKAGE_DIR
    sources = _pages_in(folder)
    if language != languages.ENGLISH:
        own = folder / language
        if own.is_dir():
            sources.update((stem, text) for stem, text in _pages_in(own).items()
                           if stem in sources)
    return dict(sorted(sources.items()))


def _pages_in(folder: Any) -> dict[str, str]:
    return {entry.name[:-3]: entry.read_text(encoding="utf-8") for entry in folder.iterdir()
            if entry.name.endswith(".md") and entry.is_file()}


def explanation_html(text: str) -> Markup:
    """An explanation page's Markdown as HTML."""
    with _CONVERTING:  # one converter: standings serve may render two pages at once
        body = _converter().reset().convert(text)
    # A worked example's table is wider than a phone: it scrolls in its own box, as every
    # table of the site does, rather than widen the page (issue 23).
    body = body.replace("<table>", '<div class="table-wrap"><table>')
    return Markup(body.replace("</table>", "</table></div>"))


_CONVERTING = threading.Lock()


@functools.lru_cache(maxsize=1)
def _converter() -> Any:
    """One converter for every page, reset between them: making it (its extensions, parser
    and patterns) took a third of a page's conversion. Imported here, as reading/notes.py
    does: a build renders an explanation only when the program changed, and a change of one
    event's result renders none."""
    import markdown

    return markdown.Markdown(extensions=["tables", "sane_lists"])
