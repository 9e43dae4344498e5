"""Dangerous links as a hypothesis strategy, and a browser's reading of a page's URLs.

The page is parsed by html5lib (the HTML5 parsing algorithm browsers use, entities decoded
as they decode them, in attributes too), and each URL is read as the WHATWG URL parser
reads it: leading and trailing C0 controls and spaces stripped, every ASCII tab and
newline removed, the scheme up to the first ':' lower-cased.
"""

from __future__ import annotations

import re

import html5lib
from hypothesis import strategies as st

DANGEROUS_SCHEMES = ("javascript", "vbscript", "data")
SAFE_SCHEMES = frozenset({"http", "https", "mailto"})
URL_ATTRIBUTES = frozenset({
    "href", "src", "action", "formaction", "xlink:href", "poster", "background", "cite",
    "data", "srcset", "ping", "longdesc", "lowsrc", "dynsrc", "manifest", "codebase", "icon",
    "usemap", "classid", "archive", "profile", "itemtype",
})
LIVE_TAGS = frozenset({"script", "iframe", "object", "embed", "style", "svg", "math", "form",
                       "base", "meta", "link", "frame", "frameset", "applet", "template"})
_SCHEME = re.compile(r"([a-zA-Z][a-zA-Z0-9+.\-]*):")


def url_scheme(value: str) -> str | None:
    """The scheme a browser reads in ``value`` (entities already decoded), or None."""
    value = value.strip("".join(map(chr, range(0x21))))
    value = re.sub("[\t\n\r]", "", value)
    match = _SCHEME.match(value)
    return match.group(1).lower() if match else None


def live_content(html: str, *, whole_page: bool = False) -> list[str]:
    """Everything in ``html`` a browser could run or load from outside the allow-list.

    ``whole_page``: a page of the site, whose own head and script are ours; there the
    URLs and event handlers are checked, not which tags there are.
    """
    found = []
    tree = html5lib.parse(html, namespaceHTMLElements=False)
    for element in tree.iter():
        tag = element.tag if isinstance(element.tag, str) else ""
        if tag.lower() in LIVE_TAGS and not whole_page:
            found.append(f"<{tag}>")
        for name, value in element.attrib.items():
            name = name.lower() if isinstance(name, str) else str(name)
            if name.startswith("on"):
                found.append(f"<{tag} {name}={value!r}>")
            elif name == "style" and not re.fullmatch(r"\s*text-align:\s*\w+;?\s*", value):
                found.append(f"<{tag} style={value!r}>")
            elif name in URL_ATTRIBUTES:
                scheme = url_scheme(value)
                if scheme is not None and scheme not in SAFE_SCHEMES:
                    found.append(f"<{tag} {name}={value!r}> (scheme {scheme!r})")
    return found


# --- spellings of a dangerous scheme -----------------------------------------------------

_INVISIBLE = ["\t", "\n", "\r", "&#9;", "&#x09;", "&#10;", "&#xA;", "&#13;", "&Tab;",
              "&NewLine;", "&#0009;", "&#x0a"]
_LEADING = ["\x00", "\x01", "\x08", "\x0b", "\x0c", "\x1f", " ", "&#1;", "&#x1F;", "&#32;",
            "&#x20;", "&#0;", "%20", "\u00a0"]
_COLONS = [":", "&colon;", "&#58;", "&#x3a;", "&#X3A;", "&#58", "&#x3A", "&#0058;", "%3A"]


@st.composite
def _letter(draw: st.DrawFn, letter: str) -> str:
    letter = draw(st.sampled_from([letter.lower(), letter.upper()]))
    code = ord(letter)
    return draw(st.sampled_from([
        letter, letter, letter, f"&#{code};", f"&#{code}", f"&#x{code:x};", f"&#X{code:X}",
        f"&#x{code:04x};", f"&#{code:05d};", f"%{code:02X}"]))


@st.composite
def dangerous_url(draw: st.DrawFn) -> str:
    """javascript:, vbscript: or data: spelled as an attacker would: mixed case, entities
    (named, decimal, hex, with and without ';'), tabs and newlines inside, control bytes
    and spaces before, percent-encoding."""
    scheme = draw(st.sampled_from(DANGEROUS_SCHEMES))
    parts = [draw(st.lists(st.sampled_from(_LEADING), max_size=3).map("".join))]
    for letter in scheme:
        parts.append(draw(_letter(letter)))
        parts.append(draw(st.lists(st.sampled_from(_INVISIBLE), max_size=1).map("".join)))
    parts.append(draw(st.sampled_from(_COLONS)))
    payload = ("text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==" if scheme == "data"
               else draw(st.sampled_from(["alert(1)", "alert(document.domain)//",
                                          "%61lert(1)", "MsgBox(1)"])))
    parts.append(payload)
    return "".join(parts)


LINK_FORMS = (
    "[click]({u})", "[click](<{u}>)", "[click]({u} \"title\")", "[click][r]\n\n[r]: {u}\n",
    "[r]\n\n[r]: <{u}>\n", "<{u}>", "![pic]({u})", "![pic][r]\n\n[r]: {u}\n",
    '<a href="{u}">click</a>', "<a href='{u}'>click</a>", "<a href={u}>click</a>",
    '<img src="{u}">', '<img src={u} onerror="alert(1)">', "- item [click]({u})\n",
    "> quote [click]({u})\n", "| a |\n|---|\n| [click]({u}) |\n",
    '<div markdown="1">[click]({u})</div>', "*[click]({u})*", "**![pic]({u})**",
    "[click]({u})[other]({u})",
)
"""The ways Markdown, or raw HTML in it, makes a link or image of ``{u}``."""

SPELLINGS = (
    "javascript:alert(1)", "JaVaScRiPt:alert(1)", "&#106;avascript:alert(1)",
    "&#106avascript:alert(1)", "&#x6A;avascript:alert(1)", "&#X6A;avascript:alert(1)",
    "java&Tab;script:alert(1)", "java\tscript:alert(1)", "java&#10;script:alert(1)",
    "java&#x0D;script:alert(1)", "\x01javascript:alert(1)", "&#1;javascript:alert(1)",
    " javascript:alert(1)", "&#x20;&#0;javascript:alert(1)", "javascript&colon;alert(1)",
    "javascript&#58;alert(1)", "javascript&#x3a alert(1)",
    "&#x6a;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3a;alert(1)",
    "vbscript:MsgBox(1)", "VBScript&colon;MsgBox(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "&#100;ata:text/html,<script>alert(1)</script>", "%6Aavascript:alert(1)",
)
"""A fixed sample of the spellings ``dangerous_url`` draws from, for the browser test."""


@st.composite
def markdown_with_link(draw: st.DrawFn) -> str:
    """One dangerous URL in one of the ways Markdown (or raw HTML in it) makes a link."""
    target = draw(dangerous_url())
    form = draw(st.sampled_from(LINK_FORMS))
    return form.replace("{u}", target)
