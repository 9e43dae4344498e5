"""An SVG logo, parsed and rewritten through an allow-list (issue 22).

A logo is copied to ``static/logo/`` and anyone may open its address: the browser then
runs it as a document of the site's origin (on GitHub Pages, the origin of every project
site of the user). A list of what is forbidden missed prefixed namespaces, character
references and other encodings, so the logo is now read as XML by a hardened parser
(defusedxml: no entity declarations, no external references), and only what is listed
here is kept: SVG drawing elements, geometry and presentation attributes, ``href`` to a
fragment of the logo itself, ``url(#id)`` references. The site publishes the tree as this
module writes it (UTF-8, attributes sorted), never the bytes it was given, so what the
parser understood is all a browser can see.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from xml.etree.ElementTree import ParseError

from defusedxml import DefusedXmlException, DTDForbidden, EntitiesForbidden
from defusedxml.ElementTree import XMLParser

from generator.errors import Diagnostic, Severity

if TYPE_CHECKING:
    from xml.parsers.expat import XMLParserType

SVG_NAMESPACE = "http://www.w3.org/2000/svg"
_XLINK = "{http://www.w3.org/1999/xlink}"
_XML = "{http://www.w3.org/XML/1998/namespace}"

MAX_SVG_DEPTH = 100
"""The deepest nesting kept: an editor's logo is a dozen groups deep; the cleaning walks
the tree by recursion, which a file of 100,000 nested groups would exhaust."""

_CONTAINERS = ("svg", "g", "defs", "symbol", "switch", "clipPath", "mask", "pattern",
               "marker")
_SHAPES = ("path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "use")
_TEXT = ("text", "tspan", "textPath")
_PAINT_SERVERS = ("linearGradient", "radialGradient", "stop")
_FILTERS = ("filter", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite",
            "feConvolveMatrix", "feDiffuseLighting", "feDisplacementMap", "feDistantLight",
            "feDropShadow", "feFlood", "feFuncA", "feFuncB", "feFuncG", "feFuncR",
            "feGaussianBlur", "feMerge", "feMergeNode", "feMorphology", "feOffset",
            "fePointLight", "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence")
KEPT_ELEMENTS = frozenset((*_CONTAINERS, *_SHAPES, *_TEXT, *_PAINT_SERVERS, *_FILTERS,
                           "title", "desc"))
"""SVG elements that draw or describe a drawing. Not kept, with all they hold: script,
foreignObject (an HTML island), every animation element (``set`` and ``animate`` can
write ``href``), ``image`` and ``feImage`` (they fetch), ``a`` (its children are kept, as
a group), and every element of another namespace (editors' metadata). A ``style``
element is not kept either: its simple rules are written into the elements they style
(:class:`_StyleSheet`)."""

_RENAMED = {"a": "g"}
"""A link's drawing is kept as a group, without the link."""

_HOLDS_TEXT = frozenset((*_TEXT, "title", "desc"))
"""The elements whose character data is drawn or read; elsewhere it is dropped."""

_ACTIVE = frozenset(("script", "foreignObject", "animate", "animateMotion",
                     "animateTransform", "set", "discard", "image", "feImage", "iframe",
                     "handler", "listener"))
"""The left-out elements a warning names: they run, fetch or restyle; the rest (editors'
metadata) go silently."""

PRESENTATION_ATTRIBUTES = frozenset((
    "alignment-baseline", "baseline-shift", "clip-path", "clip-rule", "color",
    "color-interpolation", "color-interpolation-filters", "direction", "display",
    "dominant-baseline", "fill", "fill-opacity", "fill-rule", "filter", "flood-color",
    "flood-opacity", "font-family", "font-size", "font-size-adjust", "font-stretch",
    "font-style", "font-variant", "font-weight", "image-rendering", "isolation",
    "letter-spacing", "lighting-color", "marker-end", "marker-mid", "marker-start", "mask",
    "mix-blend-mode", "opacity", "overflow", "paint-order", "shape-rendering", "stop-color",
    "stop-opacity", "stroke", "stroke-dasharray", "stroke-dashoffset", "stroke-linecap",
    "stroke-linejoin", "stroke-miterlimit", "stroke-opacity", "stroke-width",
    "text-anchor", "text-decoration", "text-rendering", "unicode-bidi", "vector-effect",
    "visibility", "word-spacing", "writing-mode"))
"""SVG 1.1's presentation attributes (and a few of SVG 2's): also the only properties a
``style`` attribute keeps."""

KEPT_ATTRIBUTES = PRESENTATION_ATTRIBUTES | frozenset((
    "id", "role", "aria-label", "aria-hidden",
    "x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "fx", "fy", "fr",
    "x1", "y1", "x2", "y2", "d", "points", "pathLength", "viewBox", "preserveAspectRatio",
    "transform", "offset",
    "gradientUnits", "gradientTransform", "spreadMethod",
    "patternUnits", "patternContentUnits", "patternTransform",
    "clipPathUnits", "maskUnits", "maskContentUnits",
    "markerUnits", "markerWidth", "markerHeight", "refX", "refY", "orient",
    "dx", "dy", "rotate", "textLength", "lengthAdjust", "startOffset", "method", "spacing",
    "filterUnits", "primitiveUnits", "in", "in2", "result", "stdDeviation", "mode",
    "operator", "k1", "k2", "k3", "k4", "type", "tableValues", "slope", "intercept",
    "amplitude", "exponent", "baseFrequency", "numOctaves", "seed", "stitchTiles",
    "scale", "xChannelSelector", "yChannelSelector", "radius", "order", "kernelMatrix",
    "divisor", "bias", "targetX", "targetY", "edgeMode", "preserveAlpha", "surfaceScale",
    "diffuseConstant", "specularConstant", "specularExponent", "kernelUnitLength",
    "azimuth", "elevation", "z", "pointsAtX", "pointsAtY", "pointsAtZ",
    "limitingConeAngle", "style"))
"""Attributes without a namespace that only shape the drawing. No event handler
(``on...``), no ``xml:base``, no animation timing, no ``class`` (the rules of a style
sheet are written into the elements they select)."""

_ONLY_ON = {"values": frozenset(("feColorMatrix",))}
"""Attributes kept on these elements alone: ``values`` is also what an ``animate`` writes."""

_REFERS = frozenset(("use", "linearGradient", "radialGradient", "pattern", "textPath",
                     "filter"))
"""The kept elements whose ``href`` (or ``xlink:href``) is kept, when it names a fragment."""

_NAME = r"[A-Za-z_][A-Za-z0-9_.-]*"
_LOCAL_HREF = re.compile(rf"#{_NAME}", re.ASCII)
_ID = re.compile(_NAME, re.ASCII)
_LOCAL_URL = re.compile(rf"""url\(\s*(?:#{_NAME}|'#{_NAME}'|"#{_NAME}")\s*\)""",
                        re.ASCII | re.IGNORECASE)
_FUNCTION = re.compile(r"([A-Za-z-]*)\s*\(")
_SAFE_FUNCTIONS = frozenset((
    "rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch", "matrix",
    "translate", "translatex", "translatey", "scale", "scalex", "scaley", "rotate",
    "skewx", "skewy", "calc", "min", "max", "clamp"))
"""CSS functions a value may call besides ``url(#id)``: colours, transforms, arithmetic;
none of them fetches (``url``, ``image``, ``image-set``, ``src`` and ``var`` are not here)."""
_UNSAFE_CHARACTERS = re.compile(r"[\\:;@<>`{}]|/\*")
"""A backslash starts a CSS escape (``u\\72l(``), a colon a scheme or a property; none is
part of a number, a colour, a length, a transform or a font name."""
_SCRIPT_WORD = re.compile(r"(?:java|vb)script", re.IGNORECASE)
"""Never published in a value, whatever the syntax around it."""
_XML_SPACE = frozenset(("default", "preserve"))


@dataclass(slots=True, kw_only=True)
class _Node:
    """An element as the parser read it: its ``{namespace}name``, attributes, text and where
    its start tag is."""

    tag: str
    attributes: dict[str, str]
    line: int
    column: int
    text: str = ""
    tail: str = ""
    children: list[_Node] = field(default_factory=list)


class _TooDeep(Exception):
    def __init__(self, line: int, column: int) -> None:
        super().__init__(line, column)
        self.line, self.column = line, column


class _TreeTarget:
    """The parser's target: the element tree with each start tag's position, refused past
    :data:`MAX_SVG_DEPTH` while it is read."""

    def __init__(self) -> None:
        self.expat: XMLParserType | None = None
        self.stack: list[_Node] = []
        self.root: _Node | None = None
        self.last_closed: _Node | None = None

    def start(self, tag: str, attributes: dict[str, str]) -> None:
        line, column = self.position()
        node = _Node(tag=tag, attributes=dict(attributes), line=line, column=column)
        if len(self.stack) >= MAX_SVG_DEPTH:
            raise _TooDeep(line, column)
        if self.stack:
            self.stack[-1].children.append(node)
        elif self.root is None:
            self.root = node
        self.stack.append(node)
        self.last_closed = None

    def end(self, tag: str) -> None:
        self.last_closed = self.stack.pop()

    def data(self, text: str) -> None:
        if self.last_closed is not None and self.stack:
            self.last_closed.tail += text
        elif self.stack:
            self.stack[-1].text += text

    def close(self) -> _Node | None:
        return self.root

    def position(self) -> tuple[int, int]:
        if self.expat is None:
            return 1, 1
        return self.expat.CurrentLineNumber, self.expat.CurrentColumnNumber + 1


@dataclass(frozen=True, slots=True)
class CleanedSvg:
    """What :func:`clean_svg` made of a logo."""

    data: bytes | None
    """The logo as the site publishes it; None when it is refused."""
    diagnostics: tuple[Diagnostic, ...]
    """Why it is refused, or a warning naming what was left out."""


def clean_svg(data: bytes, path: str) -> CleanedSvg:
    """The SVG logo ``data`` (the file ``path``, as the user would name it) rewritten through
    the allow-list; refused, with a diagnostic at its line and column, when it is not an SVG
    document the parser reads or when nothing drawable is left."""
    def refused(message: str, line: int | None = None, column: int | None = None,
                expected: str = "an SVG image saved as plain SVG, in UTF-8") -> CleanedSvg:
        return CleanedSvg(None, (Diagnostic(path=path, line=line, column=column,
                                            message=message, expected=expected),))

    if _is_utf16_without_bom(data):
        return refused("the SVG logo is UTF-16 without a byte order mark, which XML asks "
                       "for (XML 1.0, 4.3.3)", 1, 1)
    target = _TreeTarget()
    parser = XMLParser(target=target, forbid_dtd=False, forbid_entities=True,
                       forbid_external=True)
    target.expat = parser.parser
    try:
        parser.feed(data)
        parser.close()
    except _TooDeep as error:
        return refused(f"the SVG logo nests elements more than {MAX_SVG_DEPTH} deep",
                       error.line, error.column)
    except EntitiesForbidden as error:
        return refused(f"the SVG logo declares the entity {error.name!r} (an entity can "
                       "expand to gigabytes or read a file)", *target.position())
    except (DTDForbidden, DefusedXmlException) as error:
        return refused(f"the SVG logo holds what a safe reader refuses ({error})",
                       *target.position())
    except ValueError as error:
        # pyexpat's own refusals that are no ParseError: a multi-byte encoding it cannot
        # read (Shift_JIS), for one.
        return refused(f"the SVG logo cannot be read: {error}", *target.position())
    except ParseError as error:
        line, column = error.position
        reason = str(error).split(":", 1)[0]
        return refused(f"the SVG logo is not well-formed XML: {reason}", line,
                       None if column is None else column + 1)
    root = target.root
    if root is None or root.tag != f"{{{SVG_NAMESPACE}}}svg":
        shown = _shown_name(root.tag) if root is not None else ""
        return refused(f"the logo is named like an SVG image but its root element is "
                       f"{shown!r}, not an <svg> element of the SVG namespace",
                       root.line if root else None, root.column if root else None,
                       expected=f'<svg xmlns="{SVG_NAMESPACE}">')
    left_out: list[tuple[str, int, int]] = []
    cleaned = _clean_element(root, _StyleSheet.of(root, left_out), left_out)
    diagnostics: list[Diagnostic] = []
    if left_out:
        names = list(dict.fromkeys(name for name, _line, _column in left_out))
        shown = ", ".join(names[:6]) + (f" and {len(names) - 6} more" if len(names) > 6
                                        else "")
        _name, line, column = left_out[0]
        diagnostics.append(Diagnostic(
            path=path, line=line, column=column, severity=Severity.WARNING,
            message=f"left out of the SVG logo, which may only draw: {shown}",
            expected="shapes, text, gradients and filters, links to '#id' only"))
    if cleaned is None or not _draws(cleaned):
        diagnostics.append(Diagnostic(
            path=path, line=root.line, column=root.column,
            message="nothing drawable is left of the SVG logo once what may run or fetch "
                    "is left out",
            expected="an SVG drawn with shapes or text (a picture embedded in an SVG: "
                     "the PNG or JPEG itself)"))
        return CleanedSvg(None, tuple(diagnostics))
    text = '<?xml version="1.0" encoding="UTF-8"?>\n' + _written(cleaned, top=True) + "\n"
    return CleanedSvg(text.encode("utf-8"), tuple(diagnostics))


def _is_utf16_without_bom(data: bytes) -> bool:
    # expat guesses UTF-16 from "<\0" and "\0<" without a byte order mark; a browser may
    # guess otherwise, and XML 1.0 asks UTF-16 files for the mark.
    return data[:2] in (b"<\x00", b"\x00<")


def _split_name(tag: str) -> tuple[str | None, str]:
    """``{namespace}name`` -> (namespace, name); (None, name) without a namespace."""
    if tag.startswith("{"):
        namespace, name = tag[1:].split("}", 1)
        return namespace, name
    return None, tag


def _shown_name(tag: str) -> str:
    """``{namespace}name`` as a reader knows it: ``name``, or ``name`` in ``namespace``."""
    namespace, name = _split_name(tag)
    return name if namespace in (SVG_NAMESPACE, None) else f"{name} ({namespace})"


def _clean_element(node: _Node, sheet: _StyleSheet, left_out: list[tuple[str, int, int]]
                   ) -> _Node | None:
    """``node`` with what the allow-list keeps, or None when the element is left out."""
    namespace, name = _split_name(node.tag)
    if namespace != SVG_NAMESPACE or (name not in KEPT_ELEMENTS and name not in _RENAMED):
        if name in _ACTIVE:
            left_out.append((f"<{_shown_name(node.tag)}>", node.line, node.column))
        return None
    if name in _RENAMED:
        left_out.append((f"<{name}>", node.line, node.column))
        name = _RENAMED[name]
    holds_text = name in _HOLDS_TEXT
    attributes = _clean_attributes(name, node, sheet, left_out)
    if name == "use" and "href" not in attributes:
        return None  # a use of nothing, or of what was left out
    kept = _Node(tag=name, attributes=attributes, line=node.line, column=node.column,
                 text=node.text if holds_text else "")
    for child in node.children:
        cleaned = _clean_element(child, sheet, left_out)
        if cleaned is not None:
            kept.children.append(cleaned)
        if holds_text:
            # The text after a child stays where it was drawn, the child kept or not.
            if kept.children:
                kept.children[-1].tail += child.tail
            else:
                kept.text += child.tail
    return kept


def _clean_attributes(element: str, node: _Node, sheet: _StyleSheet,
                      left_out: list[tuple[str, int, int]]) -> dict[str, str]:
    kept: dict[str, str] = {}
    # The style sheet's rules come first, so that the element's own style overrides them
    # (CSS 2.1, 6.4.3: a style attribute is more specific than any rule).
    style = _clean_style(";".join((*sheet.declarations(element, node.attributes.get("class")),
                                   node.attributes.get("style", ""))))
    if style:
        kept["style"] = style
    hrefs = (node.attributes.get("href"), node.attributes.get(f"{_XLINK}href"))
    for attribute, written in sorted(node.attributes.items()):
        value = " ".join(written.split())
        if attribute in ("href", f"{_XLINK}href", "style"):
            continue
        if attribute == f"{_XML}space":
            if value in _XML_SPACE:
                kept["xml:space"] = value
            continue
        allowed = (attribute in KEPT_ATTRIBUTES
                   or element in _ONLY_ON.get(attribute, frozenset()))
        if not allowed:
            local = _split_name(attribute)[1].lower()
            if local.startswith("on") or local == "base" or _SCRIPT_WORD.search(value):
                left_out.append((_shown_name(attribute), node.line, node.column))
            continue
        if attribute == "id":
            value = value if _ID.fullmatch(value) else ""
        elif not _is_safe_value(value):
            left_out.append((f"{attribute}={value[:40]!r}", node.line, node.column))
            continue
        if value:
            kept[attribute] = value
    # SVG 2: a plain href wins over xlink:href.
    href = next((" ".join(value.split()) for value in hrefs if value is not None), None)
    if href is not None:
        if element in _REFERS and _LOCAL_HREF.fullmatch(href):
            kept["href"] = href
        else:
            left_out.append((f"href={href[:40]!r}", node.line, node.column))
    return kept


def _is_safe_value(value: str) -> bool:
    """A value that only measures, colours, transforms or names a local fragment."""
    if not value.isprintable() or _UNSAFE_CHARACTERS.search(_LOCAL_URL.sub("", value)):
        return False
    if _SCRIPT_WORD.search(value):
        return False
    rest = _LOCAL_URL.sub("", value)
    return all(call.group(1).lower() in _SAFE_FUNCTIONS for call in _FUNCTION.finditer(rest))


def _clean_style(style: str) -> str:
    """A ``style`` attribute with only presentation properties of safe values, rewritten as
    ``name:value;...`` (a declaration that is not one is left out)."""
    declarations: dict[str, str] = {}
    for declaration in style.split(";"):
        name, colon, value = declaration.partition(":")
        name, value = name.strip().lower(), " ".join(value.split())
        if colon and name in PRESENTATION_ATTRIBUTES and value and _is_safe_value(value):
            declarations.pop(name, None)  # the last one counts, as in CSS
            declarations[name] = value
    return ";".join(f"{name}:{value}" for name, value in declarations.items())


MAX_STYLE_RULES = 2000
"""The style rules read: an editor writes one per colour; a file of 80,000 empty rules
would take seconds."""
_CLASS_SELECTOR = re.compile(r"\.(-?[A-Za-z_][A-Za-z0-9_-]*)", re.ASCII)
_TYPE_SELECTOR = re.compile(r"[A-Za-z][A-Za-z0-9]*", re.ASCII)


@dataclass(slots=True, kw_only=True)
class _StyleSheet:
    """The rules of the logo's ``style`` elements that select an element by its name
    (``rect``) or one class (``.cls-1``), as editors write them (Illustrator styles every
    shape so). Other rules (``@media``, ``@import``, descendant selectors) are left out."""

    by_name: dict[str, dict[str, tuple[int, str]]]
    """Element name -> property -> (rule number, value) of the last rule that sets it."""
    by_class: dict[str, dict[str, tuple[int, str]]]
    """Class -> property -> (rule number, value), the same way."""
    rules: int = 0

    @classmethod
    def of(cls, root: _Node, left_out: list[tuple[str, int, int]]) -> _StyleSheet:
        sheet = cls(by_name={}, by_class={})
        styles = [node for node in _iterate(root)
                  if node.tag == f"{{{SVG_NAMESPACE}}}style"
                  and node.attributes.get("media", "all").strip() in ("all", "screen", "")]
        for node in styles:
            if not sheet.read(node.text):
                left_out.append(("rules of <style>", node.line, node.column))
        return sheet

    def read(self, text: str) -> bool:
        """Take the rules of ``text``; False when some were left out."""
        text = re.sub(r"/\*.*?(?:\*/|$)", "", text, flags=re.DOTALL)
        whole, position = True, 0
        while (opening := text.find("{", position)) >= 0:
            if self.rules >= MAX_STYLE_RULES:
                return False
            prelude = text[position:opening]
            if ";" in prelude:  # a statement before the rule (@import url(...);)
                whole = False
                prelude = prelude[prelude.rfind(";") + 1:]
            depth, end = 1, opening + 1
            while end < len(text) and depth:
                depth += {"{": 1, "}": -1}.get(text[end], 0)
                end += 1
            block, position = text[opening + 1:end - 1], end
            if depth or "{" in block or "@" in prelude:
                whole = False  # an at-rule's block (@media) or an unclosed one
                continue
            written = [each for each in block.split(";") if each.strip()]
            kept = _clean_style(block)
            whole &= len(written) == len(kept.split(";"))
            for selector in (each.strip() for each in prelude.split(",")):
                number = self.rules = self.rules + 1
                if _TYPE_SELECTOR.fullmatch(selector):
                    chosen = self.by_name.setdefault(selector, {})
                elif (match := _CLASS_SELECTOR.fullmatch(selector)) is not None:
                    chosen = self.by_class.setdefault(match.group(1), {})
                else:
                    whole = False
                    continue
                for declaration in filter(None, kept.split(";")):
                    name, _colon, value = declaration.partition(":")
                    chosen[name] = (number, value)
        return whole and not text[position:].strip()

    def declarations(self, element: str, classes: str | None) -> list[str]:
        """The declarations the rules give ``element``, as ``name:value``, least specific
        first (CSS 2.1, 6.4.3: a class selector wins over an element's name, and of two
        rules alike the later)."""
        by_class: dict[str, tuple[int, str]] = {}
        for name in set((classes or "").split()):
            for property_, (number, value) in self.by_class.get(name, {}).items():
                if number > by_class.get(property_, (0, ""))[0]:
                    by_class[property_] = (number, value)
        return [f"{property_}:{value}"
                for chosen in (self.by_name.get(element, {}), by_class)
                for property_, (_number, value) in sorted(chosen.items(),
                                                          key=lambda item: item[1][0])]


def _iterate(node: _Node) -> list[_Node]:
    """Every element under ``node`` (itself first), in document order, without recursion."""
    found, waiting = [], [node]
    while waiting:
        current = waiting.pop()
        found.append(current)
        waiting.extend(reversed(current.children))
    return found


def _draws(node: _Node) -> bool:
    """Whether anything in ``node`` draws: a shape, or text with a letter to show."""
    if node.tag in _SHAPES:
        return True
    if node.tag in _TEXT and (node.text.strip() or any(c.tail.strip() for c in node.children)):
        return True
    return any(_draws(child) for child in node.children if child.tag not in ("title", "desc"))


def _written(node: _Node, *, top: bool = False) -> str:
    """The element as the site publishes it: attributes sorted, every value escaped."""
    attributes = "".join(f' {name}="{_escaped(value, quote=True)}"'
                         for name, value in sorted(node.attributes.items()))
    if top:
        attributes = f' xmlns="{SVG_NAMESPACE}"' + attributes
    inside = _escaped(node.text) + "".join(_written(child) + _escaped(child.tail)
                                           for child in node.children)
    if not inside:
        return f"<{node.tag}{attributes}/>"
    return f"<{node.tag}{attributes}>{inside}</{node.tag}>"


def _escaped(text: str, *, quote: bool = False) -> str:
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace('"', "&quot;") if quote else text


__all__ = ["KEPT_ATTRIBUTES", "KEPT_ELEMENTS", "MAX_SVG_DEPTH", "PRESENTATION_ATTRIBUTES",
           "SVG_NAMESPACE", "CleanedSvg", "clean_svg"]
