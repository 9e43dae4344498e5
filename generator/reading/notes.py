"""Club notes (``notes.md``, or ``notes`` in event.yml): checked when read, sanitized when shown.

Notes may come from anyone who can open a pull request against a club's repository, so
they are treated like every other input: hostile until shown otherwise.

- **When read** (``notes_problems``), notes that Python-Markdown cannot render in
  reasonable time or at all are refused with the line and column where the budget ran
  out. Markdown reads the rest of a paragraph again for every ``[`` whose ``]`` is far
  away or missing (100,000 of them take hours), and nests a Python call per level of
  list or quote (a thousand levels end in RecursionError).
- **When rendered** (``render_notes``), raw HTML is shown as text, and what Markdown
  writes goes through nh3 (the Rust ammonia sanitizer, which parses the HTML as a browser
  does): only the tags Markdown makes, only http, https and mailto links (or relative
  ones), however the scheme is spelled. That is the one rule for what notes may hold.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from generator.speed import frozen_record

if TYPE_CHECKING:
    from markupsafe import Markup

MAX_CHARACTERS = 50_000
"""About twenty pages of text; the slowest Markdown over this many takes about a second."""
MAX_BRACKET_SPAN = 250_000
"""The characters Markdown scans from each ``[`` to its ``]`` (or to the end of its
paragraph), added up over the notes: about half a second at the slowest measured."""
MAX_DEPTH = 20
"""Levels of lists and quotes, which Markdown nests as calls."""

URL_SCHEMES = frozenset({"http", "https", "mailto"})
"""The schemes a link or image in the notes may have; relative addresses are kept too."""
ALLOWED_TAGS = frozenset({
    "p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "strong", "em", "code", "pre",
    "blockquote", "ul", "ol", "li", "a", "img", "table", "thead", "tbody", "tr", "th", "td",
})
"""What Python-Markdown writes with the tables and sane_lists extensions."""
ALLOWED_ATTRIBUTES = {
    "a": {"href", "title"}, "img": {"src", "alt", "title"}, "ol": {"start"},
    "th": {"style"}, "td": {"style"},  # a table column's alignment, as Markdown writes it
}


@frozen_record
class NotesProblem:
    line: int
    """1-based line of the notes' text."""
    column: int
    message: str
    expected: str


def notes_problems(text: str) -> tuple[NotesProblem, ...]:
    """What makes ``text`` too costly to render: the first overrun of each budget (only
    the length, when that is over: the other budgets would be read over too much text)."""
    if len(text) > MAX_CHARACTERS:
        line, column = _position(text, MAX_CHARACTERS)
        return (NotesProblem(
            line=line, column=column, message=f"the notes are {len(text):,} characters long",
            expected=f"at most {MAX_CHARACTERS:,} (this is character {MAX_CHARACTERS + 1:,})"),)
    problems = []
    deep = _too_deep(text)
    if deep is not None:
        problems.append(NotesProblem(
            line=deep[0], column=deep[1],
            message=f"lists and quotes nested more than {MAX_DEPTH} levels deep",
            expected=f"at most {MAX_DEPTH} levels"))
    costly = _costly_bracket(text)
    if costly is not None:
        problems.append(NotesProblem(
            line=costly[0], column=costly[1],
            message="too many '[' or '(' for Markdown to read: from each it reads on to the "
            "matching ']' or ')' or to the end of the paragraph, and from here on that adds up "
            f"to more than {MAX_BRACKET_SPAN:,} characters",
            expected="fewer '[' and '(' that are not closed nearby (write \\[ or \\( for one "
            "that opens no link), or shorter paragraphs"))
    return tuple(problems)


def _position(text: str, index: int) -> tuple[int, int]:
    line_start = text.rfind("\n", 0, index) + 1
    return text.count("\n", 0, index) + 1, index - line_start + 1


def _too_deep(text: str) -> tuple[int, int] | None:
    """Where a line's prefix of quote and list markers and its indentation (four columns
    a level, as Python-Markdown nests lists) passes MAX_DEPTH. Space after a marker nests
    nothing more (it makes at most a code block), so only the indentation before the
    first marker counts."""
    for number, line in enumerate(text.split("\n"), start=1):
        markers = width = index = 0
        while index < len(line):
            character = line[index]
            if character == " ":
                width += not markers
            elif character == "\t":
                width += (4 - width % 4) * (not markers)
            elif character == ">" or (character in "-*+"
                                       and line[index + 1:index + 2] in (" ", "\t")):
                markers += 1
            elif character.isdigit():
                end = index
                while end < len(line) and line[end].isdigit():
                    end += 1
                if line[end:end + 1] not in (".", ")") or line[end + 1:end + 2] not in (" ", "\t"):
                    break
                markers += 1
                index = end
            else:
                break
            index += 1
            if markers + width // 4 > MAX_DEPTH:
                return number, index
    return None


_OPENER = {"]": "[", ")": "("}


def _costly_bracket(text: str) -> tuple[int, int] | None:
    """The ``[`` or ``(`` at which the characters scanned for link texts and addresses pass
    MAX_BRACKET_SPAN.

    Paragraphs end at a blank line (Markdown reads each paragraph, list item and table
    cell on its own, so a run of non-blank lines is the most it reads at once); a
    backslash escapes the character after it, as in Markdown.
    """
    total = 0
    for start, end in _paragraphs(text):
        reach: dict[int, int] = {}
        # A link's '(' is read on to its ')' as its '[' is to its ']' ("[a](" repeated
        # 8,000 times took 23 s), so both are counted; prose closes its brackets nearby.
        open_at: dict[str, list[int]] = {"[": [], "(": []}
        index = start
        while index < end:
            character = text[index]
            if character == "\\":
                index += 2
                continue
            if character in open_at:
                open_at[character].append(index)
            elif (opener := _OPENER.get(character)) and open_at[opener]:
                opened = open_at[opener].pop()
                reach[opened] = index - opened
            index += 1
        for opened in open_at["["] + open_at["("]:
            reach[opened] = end - opened
        for opened in sorted(reach):
            total += reach[opened]
            if total > MAX_BRACKET_SPAN:
                return _position(text, opened)
    return None


def _paragraphs(text: str) -> list[tuple[int, int]]:
    """(start, end) of each run of non-blank lines."""
    spans = []
    start = position = 0
    for line in text.split("\n"):
        if not line.strip():
            if position > start:
                spans.append((start, position))
            start = position + len(line) + 1
        position += len(line) + 1
    if len(text) > start:
        spans.append((start, len(text)))
    return spans


def settings_position(settings_text: str, line: int, column: int
                      ) -> Callable[[int, int], tuple[int, int]]:
    """Turns a position in the notes' text into one in event.yml, where the value of
    ``notes`` starts at ``line``:``column``.

    A literal block (``notes: |``, as the README shows) keeps its lines, so every
    position maps exactly; any other scalar (plain, quoted, folded) rewrites its lines,
    and the value's own start is the place to look.
    """
    lines = settings_text.splitlines()
    header = lines[line - 1][column - 1:] if 0 < line <= len(lines) else ""
    if not header.startswith("|"):
        return lambda _line, _column: (line, column)
    body = [text for text in lines[line:] if text.strip()]
    indent = len(body[0]) - len(body[0].lstrip(" ")) if body else 0
    return lambda notes_line, notes_column: (line + notes_line, indent + notes_column)


def render_notes(text: str) -> Markup:
    """The notes as HTML: Markdown with raw HTML shown as text, then sanitized by nh3.

    ``text`` has passed :func:`notes_problems` (the reader refuses notes that do not).
    """
    import markdown
    from markupsafe import Markup

    converter = markdown.Markdown(extensions=["tables", "sane_lists"])
    converter.preprocessors.deregister("html_block")
    converter.inlinePatterns.deregister("html")
    return Markup(_cleaner().clean(converter.convert(text)))


@functools.cache
def _cleaner() -> Any:
    import nh3

    return nh3.Cleaner(
        tags=set(ALLOWED_TAGS), attributes={tag: set(names) for tag, names
                                            in ALLOWED_ATTRIBUTES.items()},
        url_schemes=set(URL_SCHEMES), filter_style_properties={"text-align"},
        # Markdown writes no rel; the links are ordinary links that open in the same tab.
        link_rel=None)
