"""What a browser sees spill over: text that runs out of its box, a page wider than the
screen, a menu item out of sight (issue 23, "Pages that hold on a 360 px phone").

``OVERFLOW`` is one script run in the page. It reads the layout the browser computed, word
by word: each run of text between spaces is measured with a Range (so a line's trailing
space, which may hang past the edge, is never counted), and each of its line boxes must
lie inside the content box of the element that holds it (the nearest ancestor that is not
inline: a table cell, a heading, a list item, a button) and inside every ancestor that
clips. Text that runs into a cell's padding already touches the next cell's text, so the
content box is the bound, with a pixel of slack for rounding.

Inside a box that scrolls (a wide table's wrapper, a strip of links) text may lie beyond
the screen: it is reached by scrolling that box. Anywhere else, text right of the screen
widens the page. ``pageWidth`` is the document's scroll width, against ``screenWidth``.

What is hidden on purpose is not measured: a screen reader's caption (clipped to nothing
by ``clip-path``), the skip link parked left of the page.

``MENU`` finds every link of the event's menu and the site's header that is not on the
first screen, or is covered, or is cut by a box that clips or scrolls it.
"""

from __future__ import annotations

import re
from functools import cache

from babel.messages.pofile import read_po

from generator.messages import SHIPPED_LANGUAGES
from generator.site import language

OVERFLOW = """() => {
  const SLACK = 1;
  const screenWidth = document.documentElement.clientWidth;
  const out = {screenWidth, pageWidth: document.documentElement.scrollWidth,
               words: 0, overflows: [], cells: 0};
  const styleOf = new Map();
  const style = (el) => {
    let s = styleOf.get(el);
    if (!s) { s = getComputedStyle(el); styleOf.set(el, s); }
    return s;
  };
  const isInline = (el) => ['inline', 'contents'].includes(style(el).display)
    || el.tagName === 'WBR';
  const isHiddenOnPurpose = (el) => {
    for (let a = el; a && a !== document.documentElement; a = a.parentElement) {
      const s = style(a);
      if (s.clipPath !== 'none' || s.visibility === 'hidden') return true;
    }
    return false;
  };
  // The content box of an element, in viewport coordinates.
  const contentBox = (el) => {
    const r = el.getBoundingClientRect(), s = style(el);
    const px = (v) => parseFloat(v) || 0;
    return {left: r.left + px(s.borderLeftWidth) + px(s.paddingLeft),
            right: r.right - px(s.borderRightWidth) - px(s.paddingRight)};
  };
  const scrolls = (el) => ['auto', 'scroll'].includes(style(el).overflowX);
  const clips = (el) => ['hidden', 'clip'].includes(style(el).overflowX)
    || /paint|strict|content/.test(style(el).contain);
  const label = (el) => {
    const path = [];
    for (let a = el; a && a !== document.body && path.length < 3; a = a.parentElement) {
      const classes = [...a.classList].map(c => '.' + c).join('');
      path.unshift(a.tagName.toLowerCase() + classes);
    }
    return path.join(' > ');
  };
  // Per holding element: its bounds (own content box, clipping ancestors) and whether
  // anything between it and the page scrolls sideways.
  const boundsOf = new Map();
  const bounds = (holder) => {
    let b = boundsOf.get(holder);
    if (b) return b;
    const own = contentBox(holder);
    let left = own.left, right = own.right, scrolled = false;
    const limits = [];
    for (let a = holder.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      if (scrolls(a)) { scrolled = true; break; }
      if (clips(a)) {
        const r = a.getBoundingClientRect();
        limits.push({left: r.left, right: r.right, by: label(a)});
      }
    }
    b = {left, right, scrolled, limits};
    boundsOf.set(holder, b);
    return b;
  };
  const overflowing = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.data.trim()) continue;
    let holder = node.parentElement;
    if (!holder || ['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT'].includes(holder.tagName)) continue;
    while (holder !== document.body && isInline(holder)) holder = holder.parentElement;
    if (style(holder).display === 'none' || isHiddenOnPurpose(node.parentElement)) continue;
    const b = bounds(holder);
    // The node's line boxes as a whole first: a word lies within its line's box, so when
    // every line box is inside the bounds no word can be out of them. Only a node with a
    // line box outside (maybe just a trailing space that hangs) is measured word by word.
    range.selectNodeContents(node);
    const lines = [...range.getClientRects()].filter(r => r.width > 0);
    const inside = (r) => r.right <= b.right + SLACK && r.left >= b.left - SLACK
      && b.limits.every(l => r.right <= l.right + SLACK && r.left >= l.left - SLACK)
      && (b.scrolled || r.right <= screenWidth + SLACK);
    if (lines.every(inside)) {
      if (lines.length) out.words += (node.data.match(/\\S+/g) || []).length;
      continue;
    }
    for (const m of node.data.matchAll(/\\S+/g)) {
      range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
      const boxes = [...range.getClientRects()].filter(r => r.width > 0);
      if (!boxes.length) continue;
      if (boxes.every(r => r.right <= 0)) continue;  // parked left of the page on purpose
      out.words += 1;
      for (const r of boxes) {
        let why = null;
        if (r.right > b.right + SLACK || r.left < b.left - SLACK) {
          const by = Math.max(r.right - b.right, b.left - r.left);
          why = 'runs out of its box by ' + Math.round(by) + ' px';
        }
        for (const limit of b.limits) {
          if (!why && (r.right > limit.right + SLACK || r.left < limit.left - SLACK)) {
            why = 'cut by ' + limit.by;
          }
        }
        if (!why && !b.scrolled && r.right > screenWidth + SLACK) {
          why = 'beyond the screen by ' + Math.round(r.right - screenWidth) + ' px';
        }
        if (why) {
          if (!overflowing.has(holder)) {
            overflowing.add(holder);
            if (out.overflows.length < 12) {
              out.overflows.push(label(holder) + ': ' + JSON.stringify(m[0]) + ' ' + why);
            }
          }
          break;
        }
      }
    }
  }
  out.cells = overflowing.size;
  return out;
}"""
"""Run with ``page.evaluate``: ``{screenWidth, pageWidth, words, cells, overflows}``, where
``cells`` counts the elements whose text spills and ``overflows`` describes the first few."""

MENU = """() => {
  const W = document.documentElement.clientWidth, H = innerHeight;
  const links = [...document.querySelectorAll('.event-nav a, body > header a')];
  const hidden = [];
  for (const link of links) {
    const r = link.getBoundingClientRect();
    let left = r.left, right = r.right, why = null;
    for (let a = link.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
        const box = a.getBoundingClientRect();
        if (r.left < box.left - 1 || r.right > box.right + 1) why = 'cut by its strip';
      }
    }
    if (!why && (r.left < -1 || r.right > W + 1)) why = 'off the screen';
    if (!why && (r.top < 0 || r.bottom > H)) why = 'below the first screen';
    if (!why) {
      // A link over two lines: its first line box, whose middle is on the link.
      const first = link.getClientRects()[0] || r;
      const hit = document.elementFromPoint((first.left + first.right) / 2,
                                            (first.top + first.bottom) / 2);
      if (!hit || !(hit === link || link.contains(hit))) why = 'covered';
    }
    if (why) {
      hidden.push(link.innerText.trim() + ': ' + why + ' (right ' + Math.round(r.right) + ')');
    }
  }
  return {links: links.length, hidden};
}"""
"""Run with ``page.evaluate``: ``{links, hidden}``, each hidden link named with why."""


_FIELD = re.compile(r"\{[^{}]*\}|%\(\w+\)[sd]|<[^>]*>")
_WORD = re.compile(r"[^\W_][\w-]*")


def _translations(code: str) -> list[tuple[str, str]]:
    """(msgid, msgstr) of every translated entry of a shipped catalogue, plural forms apart,
    without their fields and markup."""
    with language.catalogue_path(code).open("rb") as po:
        catalogue = read_po(po)
    pairs = []
    for message in catalogue:
        if not message.id or not message.string:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        pairs += [(_FIELD.sub("", ids[min(n, len(ids) - 1)]), _FIELD.sub("", text))
                  for n, text in enumerate(strings)]
    return pairs


@cache
def languages_that_overflow_first() -> tuple[str, ...]:
    """The languages whose text runs out of a box first at 360 px: the site's first language
    (its pages at the root), the translation whose longest words are longest (a word wider
    than its box cannot break: German's compounds), and the one whose labels (a menu item, a
    heading, a column's head: entries of up to three words) are longest against the English
    (a menu wraps, a column narrows its neighbours). The other languages' words are no longer
    than the second's and their labels no longer than the third's; the choice is made from
    the catalogues as they are, so a translation that changes that changes it."""
    translated = SHIPPED_LANGUAGES[1:]

    def longest_words(code: str) -> list[int]:
        words = {word for _, text in _translations(code) for word in _WORD.findall(text)}
        return sorted((len(word) for word in words), reverse=True)[:20]

    def label_length(code: str) -> float:
        labels = [(msgid, text) for msgid, text in _translations(code)
                  if 0 < len(msgid.split()) <= 3]
        return sum(len(text) for _, text in labels) / sum(len(msgid) for msgid, _ in labels)

    chosen = [SHIPPED_LANGUAGES[0], max(translated, key=longest_words),
              max(translated, key=label_length)]
    return tuple(dict.fromkeys(chosen))
