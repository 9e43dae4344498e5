"""Every word the templates themselves write goes through gettext (issue 13).

The pages are rendered with a pseudo catalogue that wraps every msgstr in ⟦…⟧, and with
every value handed to a template (a player's name from the TRF, a title from event.yml,
a number, the sentences the Python wording tables make) wrapped in ⟪…⟫. What a visitor
reads outside both is the templates' own text that no translation reaches: it may hold
punctuation and numbers, not words. The Python side is i18n-core's and is checked by its
whole-site pseudo-locale test; this one needs nothing but Jinja's i18n extension.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import jinja2
import pytest
from conftest import CORPUS_TRF, ROOT
from jinja2 import nodes
from kit.sitekit import make_event
from markupsafe import Markup

from generator.reading.events import read_events
from generator.site import build, pages, render, table_rows
from generator.site.headline import Headline, Sentence

GOLDEN = ROOT / "tests" / "golden"
MSGSTR = ("⟦", "⟧")
VALUE = ("⟪", "⟫")
# Attributes a visitor reads (tooltips, what a screen reader says, the labels a phone's
# card layout shows) and the words find.js and site.js take from the page.
TEXT_ATTRIBUTES = frozenset({
    "title", "aria-label", "alt", "placeholder", "data-label",
    "data-loading", "data-none", "data-more", "data-failed",
})
WORD = re.compile(r"[^\W\d_]{2,}")


def _pseudo_gettext(message: str) -> str:
    return f"{MSGSTR[0]}{message}{MSGSTR[1]}"


def _pseudo_ngettext(singular: str, plural: str, n: int) -> str:
    return _pseudo_gettext(singular if n == 1 else plural)


def _pseudo_pgettext(context: str, message: str) -> str:
    return _pseudo_gettext(message)


def _pseudo_npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _pseudo_ngettext(singular, plural, n)


def _wrapped(value: Any) -> Markup:
    return Markup(VALUE[0]) + value + Markup(VALUE[1])


def _template_words(env: jinja2.Environment) -> frozenset[str]:
    """The string constants of the templates that hold lower-case words ('did not play'):
    written by ``{{ }}``, they are the templates' words, not a value handed in."""
    found: set[str] = set()
    for name in env.list_templates(filter_func=lambda n: n.endswith(".html")):
        source, _, _ = env.loader.get_source(env, name)  # type: ignore[union-attr]
        tree = env.parse(source)
        # A msgid is not a word the template writes: its output is the translation, and a
        # value that happens to equal it ("Overall") is still a value handed in.
        msgids = {id(arg) for call in tree.find_all(nodes.Call)
                  if isinstance(call.node, nodes.Name) and call.node.name in GETTEXT_NAMES
                  for arg in call.args}
        for const in tree.find_all(nodes.Const):
            if isinstance(const.value, str) and re.search(r"[a-z]{2}", const.value) \
                    and id(const) not in msgids:
                found.add(const.value)
    return frozenset(found)


GETTEXT_NAMES = frozenset({"_", "gettext", "ngettext", "pgettext", "npgettext"})


def pseudo_environment(events: Path) -> jinja2.Environment:
    env = build.site_environment(events)
    # Its pages are compiled with the pseudo words: never read from, nor written into, the
    # compiled templates the real catalogue's environments share (render.py).
    env.bytecode_cache = None
    env.install_gettext_callables(  # type: ignore[attr-defined]
        _pseudo_gettext, _pseudo_ngettext, newstyle=True,
        pgettext=_pseudo_pgettext, npgettext=_pseudo_npgettext)
    # The site's environment binds `_` to its gettext itself (render.py, one call deep, not
    # Jinja's alias that looks `gettext` up): the pseudo one takes its place. Before the
    # templates are read: the environment translates their constant words as it parses them.
    env.globals["_"] = env.globals["gettext"]
    template_words = _template_words(env)

    def mark_value(value: Any) -> Any:
        # Markup is the templates' own (a macro's output, a translated sentence), or a
        # value marked below; anything else was handed in, unless the template wrote it.
        if isinstance(value, Markup) or (isinstance(value, str) and value in template_words):
            return value
        return VALUE[0] + str(value) + VALUE[1]

    join = env.filters["join"]

    @jinja2.pass_eval_context
    def marked_join(eval_ctx: Any, value: Any, d: str = "", attribute: Any = None) -> Any:
        # The values joined are handed in (a derivation's reasons, its terms).
        return _wrapped(join(eval_ctx, value, d, attribute))

    env.filters["join"] = marked_join
    # A name the filter breakable writes is Markup (its <wbr>), and still a value handed in.
    breakable = env.filters["breakable"]
    env.filters["breakable"] = lambda name: _wrapped(breakable(name))
    env.finalize = mark_value
    return env


class _VisibleText(HTMLParser):
    """The text a visitor reads, in document order, and the text attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.attributes: list[tuple[str, str]] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._hidden += 1
        self.attributes.extend((f"{tag}[{name}]", value) for name, value in attrs
                               if name in TEXT_ATTRIBUTES and value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.text.append(data)


def _outside_marks(text: str) -> list[str]:
    """The runs of ``text`` outside ⟦…⟧ and ⟪…⟫ (which nest)."""
    depth, runs, run = 0, [], []
    for char in text:
        if char in (MSGSTR[0], VALUE[0]):
            depth += 1
        elif char in (MSGSTR[1], VALUE[1]):
            depth = max(depth - 1, 0)
        elif depth == 0:
            run.append(char)
            continue
        runs.append("".join(run))
        run = []
    return [*runs, "".join(run)]


def unmarked_words(html: str) -> list[str]:
    """Each run of text the page shows that neither gettext nor a value wrote and that
    holds a word, with where it stands (the text, or a tag's attribute)."""
    parser = _VisibleText()
    parser.feed(html)
    found = []
    for where, piece in (("text", "".join(parser.text)), *parser.attributes):
        found.extend(f"{where}: {' '.join(run.split())!r}" for run in _outside_marks(piece)
                     if WORD.search(run))
    return found


def _events(root: Path) -> Path:
    """The examples (an individual Swiss and round robins, a team Swiss) and events that
    reach the other branches: running, paired and not played, round robin with DE, byes,
    a team round robin, no tie-breaks."""
    events = root / "events"
    shutil.copytree(GOLDEN / "examples" / "events", events)
    for folder in (GOLDEN / "teams" / "events").iterdir():
        shutil.copytree(folder, events / folder.name)
    make_event(events, "running", CORPUS_TRF / "seed-anna.trf",
               "title: Still running\ntotal_rounds: 7\ntiebreaks: [BH]\n")
    make_event(events, "club-rr", CORPUS_TRF / "synth-round-robin.trf",
               "title: Club round robin\ntiebreaks: [DE, SB, WIN]\n")
    make_event(events, "club-byes", CORPUS_TRF / "synth-club-byes.trf",
               "title: Club open\ntiebreaks: [BH/C1, AOB, DE, SB]\nedition: '2026'\n")
    make_event(events, "forfeits", CORPUS_TRF / "synth-forfeits.trf",
               "title: Forfeits\ntiebreaks: [BH/C1, ARO, TPR, PS]\n")
    make_event(events, "no-tiebreaks", CORPUS_TRF / "synth-withdrawals.trf",
               "title: Points alone\ntiebreaks: []\n")
    make_event(events, "team-rr", CORPUS_TRF / "markdechamps-team-rr.trf",
               "title: Team round robin\n")
    (root / "site.yml").write_text("title: Pseudo club\nurl: https://club.example/results/\n",
                                   encoding="utf-8")
    return events


@pytest.fixture(scope="module")
def pseudo_pages(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    events = _events(tmp_path_factory.mktemp("pseudo"))
    with pytest.MonkeyPatch.context() as patch:
        # The sentences headline.py words and the Markdown of the explanations and of a
        # club's notes come from elsewhere: mark them as values handed in.
        patch.setattr(Sentence, "html", property(lambda s: _wrapped(s.wording)))
        patch.setattr(Headline, "reasons_html",
                      property(lambda h: _wrapped(Markup(" ").join(s.wording for s in h.reasons))))
        markdown = render.render_markdown
        patch.setattr(render, "render_markdown",
                      lambda text, **kw: _wrapped(markdown(text, **kw)))
        notes = pages.render_notes  # the event page's notes (site/pages.py)
        patch.setattr(pages, "render_notes", lambda text: _wrapped(notes(text)))
        # A player's rounds table's rows are written in Python (site/player_rows.py), their
        # words wording.py's and player_rows.py's, checked with theirs.
        rows = render.rounds_rows
        patch.setattr(render, "rounds_rows", lambda *a, **kw: _wrapped(rows(*a, **kw)))
        # A round's boards too (site/round_rows.py), their words its own.
        boards = render.board_rows
        patch.setattr(render, "board_rows", lambda *a, **kw: _wrapped(boards(*a, **kw)))
        # So are its neighbours' rows (player_rows.py) and its derivations
        # (site/tiebreak_sections.py, its words its own, checked by the catalogue test).
        neighbours, derivations = render.neighbour_rows, render.tiebreak_sections
        patch.setattr(render, "neighbour_rows",
                      lambda *a, **kw: _wrapped(neighbours(*a, **kw)))
        patch.setattr(render, "tiebreak_sections",
                      lambda *a, **kw: _wrapped(derivations(*a, **kw)))
        # And its rating change's items (player_rows.py), their sentences rating_view.py's.
        items = render.rating_items
        patch.setattr(render, "rating_items", lambda *a, **kw: _wrapped(items(*a, **kw)))
        # A standings table's rows are written in Python (site/table_rows.py): each value
        # and name it writes is handed in.
        written, broken = table_rows.escape_for_output, table_rows.breakable_name
        patch.setattr(table_rows, "escape_for_output",
                      lambda value: _wrapped(Markup(written(value))))
        patch.setattr(table_rows, "breakable_name", lambda name: _wrapped(broken(name)))
        env = pseudo_environment(events)
        site = build.plan_site(read_events(events))
        files = build.render_site(site, env)
        files["no-events/index.html"] = render.render_index((), env)["index.html"]
    yield {page: data.decode("utf-8") for page, data in files.items() if page.endswith(".html")}


def test_the_pseudo_catalogue_reaches_the_pages(pseudo_pages: dict[str, str]) -> None:
    # The harness itself: gettext and the values are marked, so a page not marked would
    # show up as words, not as silence.
    index = pseudo_pages["index.html"]
    assert f"{MSGSTR[0]}Players{MSGSTR[1]}" in index
    assert f"{VALUE[0]}Pseudo club{VALUE[1]}" in index
    assert unmarked_words("<p>Round <b>7</b></p>") == ["text: 'Round 7'"]
    assert unmarked_words('<p title="Rating">⟦Round⟧ ⟪7⟫ vs ⟪Anna⟫</p>') == [
        "text: 'vs'", "p[title]: 'Rating'"]


def test_every_word_of_the_templates_is_translatable(pseudo_pages: dict[str, str]) -> None:
    misses: dict[str, str] = {}
    for page, html in sorted(pseudo_pages.items()):
        for miss in unmarked_words(html):
            misses.setdefault(miss, page)
    assert not misses, "words no translation reaches:\n" + "\n".join(
        f"{page}: {miss}" for miss, page in sorted(misses.items(), key=lambda m: m[1]))


def test_every_template_is_rendered(pseudo_pages: dict[str, str]) -> None:
    # A template the events above never reach is a template this test does not check.
    html = "\n".join(pseudo_pages.values())
    for marker in ('class="qr-sheet"', 'class="player member"', 'class="player team"',
                   'class="board-scores"', 'class="crosstable berger"', 'class="prose"',
                   'class="byes"', 'class="people"', 'class="person-events"',
                   'class="parts"', 'class="sum"', 'qr-corner"'):
        assert marker in html, marker
