"""The SVG logo is parsed and rewritten through an allow-list (issue 22, item 2).

The techniques and the checker are in tests/kit/svgkit.py: the checker reads the published
logo with the standard library and its own list of what SVG may hold, so it owes nothing to
generator/reading/svg_logo.py. Every diagnostic is asserted whole, at the line and column
expat gives (for an entity declaration, where it stopped inside it).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from kit.sitekit import make_seed_events
from kit.svgkit import (
    CODE,
    ENCODINGS,
    ISSUE_SPELLINGS,
    ISSUE_TECHNIQUES,
    JAVASCRIPT,
    NAMESPACES,
    REAL_LOGO,
    STYLED_LOGO,
    SVG,
    TECHNIQUES,
    elements_and_attributes,
    hostile_svgs,
    live_parts,
)

from generator.errors import Severity, StandingsError
from generator.reading.site_files import read_site
from generator.reading.svg_logo import MAX_SVG_DEPTH, clean_svg
from generator.site.build import build_site

EXPECTED = "expected an SVG image saved as plain SVG, in UTF-8"
LEFT_OUT = "expected shapes, text, gradients and filters, links to '#id' only"
SQUARE = '<rect width="10" height="10" fill="navy"/>'

@pytest.fixture
def club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "events").mkdir()
    (tmp_path / "site.yml").write_text("logo: logo.svg\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def published(club: Path, logo: bytes) -> tuple[bytes | None, list[str]]:
    """The logo's bytes as the site would publish them, and every diagnostic, as a build
    reads them (generator/site/render.py writes ``logo_data`` as it is)."""
    (club / "logo.svg").write_bytes(logo)
    settings, diagnostics = read_site("events")
    return settings.logo_data, [str(d) for d in diagnostics]


def document(fragment: str, *, prefixed_root: bool = False) -> str:
    tag = "s:svg" if prefixed_root else "svg"
    return f"<{tag} {NAMESPACES}>{SQUARE}{fragment}</{tag}>"


@pytest.mark.parametrize("name", ISSUE_TECHNIQUES)
def test_the_issues_techniques_publish_no_script(club: Path, name: str) -> None:
    logo = document(TECHNIQUES[name].format(**ISSUE_SPELLINGS)).encode()
    data, _warnings = published(club, logo)
    assert data is not None
    assert live_parts(data) == []
    assert (f"{{{SVG}}}rect", {"width": "10", "height": "10", "fill": "navy"}) in \
        elements_and_attributes(data)


def test_utf16_without_a_byte_order_mark_is_refused(club: Path) -> None:
    logo = document(TECHNIQUES["svg-prefixed-script"].format(**ISSUE_SPELLINGS))
    for codec in ("utf-16-le", "utf-16-be"):
        data, found = published(club, logo.encode(codec))
        assert data is None
        assert found == ["logo.svg:1:1: the SVG logo is UTF-16 without a byte order mark, "
                         f"which XML asks for (XML 1.0, 4.3.3); {EXPECTED}"]


def test_no_spelling_of_a_technique_in_any_encoding_publishes_a_live_part(
        request: pytest.FixtureRequest) -> None:
    """A bounded number of spellings by default (every technique in every encoding is the
    parametrized test's below); ``--examples N`` for a longer run."""

    @settings(max_examples=request.config.getoption("--examples") or 80, deadline=None,
              derandomize=True)
    @given(case=hostile_svgs())
    @example(case=("set-href / none / utf-16le", document(
        '<a><set attributeName="href" to="java&#x09;script:alert(1)"/><rect width="9" '
        'height="9"/></a>').encode("utf-16-le")))
    def check(case: tuple[str, bytes]) -> None:
        description, logo = case
        cleaned = clean_svg(logo, "logo.svg")
        if cleaned.data is None:
            assert any(d.severity is Severity.ERROR and d.path == "logo.svg"
                       for d in cleaned.diagnostics), description
            return
        assert live_parts(cleaned.data) == [], description
        # The square drawn beside the techniques is still there.
        assert (f"{{{SVG}}}rect", {"width": "10", "height": "10", "fill": "navy"}) in \
            elements_and_attributes(cleaned.data), description
        # The published form is a fixed point: cleaning it again changes nothing.
        assert clean_svg(cleaned.data, "logo.svg").data == cleaned.data

    check()


@pytest.mark.parametrize("encoding", [name for name in ENCODINGS
                                      if name not in ("utf-16le", "utf-16be", "utf-32le-bom")])
@pytest.mark.parametrize("name", sorted(TECHNIQUES))
def test_every_technique_in_every_readable_encoding_is_cleaned_not_refused(
        name: str, encoding: str) -> None:
    """The hypothesis test could pass by refusing everything: a readable file is published,
    cleaned, whatever technique it holds."""
    codec, bom, declared = ENCODINGS[encoding]
    names = {"utf-16-le": "UTF-16", "utf-16-be": "UTF-16", "latin-1": "ISO-8859-1",
             "cp1252": "windows-1252", "utf-8": "UTF-8"}
    text = document(TECHNIQUES[name].format(js=JAVASCRIPT, code=CODE))
    if declared:
        text = f'<?xml version="1.0" encoding="{names[codec]}"?>{text}'
    cleaned = clean_svg(bom + text.encode(codec), "logo.svg")
    assert cleaned.data is not None, [str(d) for d in cleaned.diagnostics]
    assert live_parts(cleaned.data) == []


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.binary(max_size=400) | st.text(max_size=200).map(
    lambda text: f"<svg xmlns='{SVG}'>{text}<rect width='1' height='1'/></svg>".encode()))
def test_any_bytes_are_cleaned_or_refused_never_raised(logo: bytes) -> None:
    cleaned = clean_svg(logo, "logo.svg")
    if cleaned.data is None:
        assert any(d.is_error for d in cleaned.diagnostics)
    else:
        assert live_parts(cleaned.data) == []


def test_a_real_logo_keeps_every_drawing_element_and_attribute(club: Path) -> None:
    data, found = published(club, REAL_LOGO.encode())
    assert found == []  # an editor's metadata goes silently
    assert data is not None
    editor = ("{http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd}",
              "{http://www.inkscape.org/namespaces/inkscape}")
    before = [(tag, {name: value for name, value in attributes.items()
                     if not name.startswith(editor)})
              for tag, attributes in elements_and_attributes(REAL_LOGO.encode())
              if tag.startswith(f"{{{SVG}}}") and tag != f"{{{SVG}}}metadata"]
    assert elements_and_attributes(data) == before
    assert live_parts(data) == []
    assert "Gros <tspan fill=\"#c33\">Chess</tspan> Club</text>" in data.decode()
    assert clean_svg(data, "logo.svg").data == data  # the published form is a fixed point


REFUSED = {
    "not-well-formed": (
        b'<svg xmlns="http://www.w3.org/2000/svg">\n  <rect>\n</svg>\n',
        f"logo.svg:3:3: the SVG logo is not well-formed XML: mismatched tag; {EXPECTED}"),
    "undefined-entity": (
        b'<svg xmlns="http://www.w3.org/2000/svg">&nbsp;</svg>',
        f"logo.svg:1:41: the SVG logo is not well-formed XML: undefined entity; {EXPECTED}"),
    "entity-declaration": (
        b'<?xml version="1.0"?>\n<!DOCTYPE svg [\n  <!ENTITY a "aaaa">\n]>\n<svg>&a;</svg>',
        "logo.svg:3:14: the SVG logo declares the entity 'a' (an entity can expand to "
        f"gigabytes or read a file); {EXPECTED}"),
    "external-entity": (
        b'<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>',
        "logo.svg:1:54: the SVG logo declares the entity 'x' (an entity can expand to "
        f"gigabytes or read a file); {EXPECTED}"),
    "multi-byte-encoding": (
        b'<?xml version="1.0" encoding="Shift_JIS"?><svg/>',
        f"logo.svg:1:31: the SVG logo cannot be read: multi-byte encodings are not "
        f"supported; {EXPECTED}"),
    "wrong-declared-encoding": (
        b'<?xml version="1.0" encoding="UTF-16"?><svg/>',
        "logo.svg:1:31: the SVG logo is not well-formed XML: encoding specified in XML "
        f"declaration is incorrect; {EXPECTED}"),
    "not-utf-8": (
        b'<svg xmlns="http://www.w3.org/2000/svg"><text>caf\xe9</text></svg>',
        f"logo.svg:1:50: the SVG logo is not well-formed XML: not well-formed (invalid "
        f"token); {EXPECTED}"),
    "html": (
        b"<html><body>hi</body></html>",
        "logo.svg:1:1: the logo is named like an SVG image but its root element is 'html', "
        'not an <svg> element of the SVG namespace; expected <svg xmlns="'
        'http://www.w3.org/2000/svg">'),
    "svg-without-namespace": (
        b"<svg><rect/></svg>",
        "logo.svg:1:1: the logo is named like an SVG image but its root element is 'svg', "
        'not an <svg> element of the SVG namespace; expected <svg xmlns="'
        'http://www.w3.org/2000/svg">'),
    "too-deep": (
        b'<svg xmlns="http://www.w3.org/2000/svg">' + b"<g>" * 200 + b"</g>" * 200 + b"</svg>",
        f"logo.svg:1:{41 + 3 * (MAX_SVG_DEPTH - 1)}: the SVG logo nests elements more than "
        f"{MAX_SVG_DEPTH} deep; {EXPECTED}"),
    "only-script": (
        b'<svg xmlns="http://www.w3.org/2000/svg">\n<script>alert(1)</script></svg>',
        "logo.svg:2:1: warning: left out of the SVG logo, which may only draw: <script>; "
        f"{LEFT_OUT}\n"
        "logo.svg:1:1: nothing drawable is left of the SVG logo once what may run or fetch "
        "is left out; expected an SVG drawn with shapes or text (a picture embedded in an "
        "SVG: the PNG or JPEG itself)"),
}


@pytest.mark.parametrize("name", REFUSED)
def test_a_logo_that_cannot_be_read_safely_is_refused_where_it_goes_wrong(
        club: Path, name: str) -> None:
    logo, expected = REFUSED[name]
    data, found = published(club, logo)
    assert data is None
    assert "\n".join(found) == expected


def test_what_is_left_out_is_named_in_one_warning(club: Path) -> None:
    logo = (f'<svg xmlns="{SVG}" onload="alert(1)">\n'
            f'  <rect width="1" height="1" fill="url(http://x.org/p#p)"/>\n'
            f'  <s:script xmlns:s="{SVG}">alert(1)</s:script>\n</svg>\n').encode()
    data, found = published(club, logo)
    assert data is not None and live_parts(data) == []
    assert found == [
        "logo.svg:1:1: warning: left out of the SVG logo, which may only draw: onload, "
        "fill='url(http://x.org/p#p)', <script>; " + LEFT_OUT]


def test_a_logo_beside_a_site_yml_elsewhere_is_named_from_where_the_user_is(
        club: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (club / "logo.svg").write_bytes(b"<svg")
    monkeypatch.chdir(club / "events")
    _settings, found = read_site(".")
    assert [d.location for d in found] == ["../logo.svg:1:1"]


def test_a_build_names_what_it_left_out_and_strict_refuses_it(club: Path) -> None:
    logo = f'<svg xmlns="{SVG}"><rect width="1" height="1"/><script>{CODE}</script></svg>'
    (club / "logo.svg").write_text(logo, encoding="utf-8")
    make_seed_events(club / "events", ("seed-anna",))
    warning = ("logo.svg:1:69: warning: left out of the SVG logo, which may only draw: "
               f"<script>; {LEFT_OUT}")
    assert warning in [str(d) for d in build_site("events", "site")]
    published = (club / "site" / "static" / "logo" / "logo.svg").read_bytes()
    assert live_parts(published) == []
    with pytest.raises(StandingsError) as refused:
        build_site("events", "strict", strict=True)
    assert warning.replace("warning: ", "") in str(refused.value).splitlines()


def test_a_style_sheets_simple_rules_are_written_into_the_elements_they_style(
        club: Path) -> None:
    data, found = published(club, STYLED_LOGO.encode())
    assert found == []
    assert data is not None and live_parts(data) == []
    styles = [attributes.get("style") for _tag, attributes in elements_and_attributes(data)
              if _tag.endswith(("}rect", "}circle", "}text"))]
    # CSS 2.1, 6.4.3: a class rule overrides an element's name rule, a later rule an
    # earlier one, and the style attribute every rule.
    assert styles == [
        "fill:#231f20",
        "fill:#c1272d;stroke:#000;stroke-miterlimit:10;stroke-width:2px",
        "stroke-miterlimit:10;stroke-width:2px;fill:none;stroke:#1d71b8",
        "font-family:sans-serif;font-size:12px;fill:#231f20"]


def test_style_rules_that_cannot_be_written_into_elements_are_named(club: Path) -> None:
    logo = (f'<svg xmlns="{SVG}">\n<style>@import url(x.css); @media print {{ rect '
            '{ fill: red } } .a { fill: blue; background: url(http://x.org/y) } g rect '
            '{ fill: green }</style><rect class="a" width="1" height="1"/></svg>').encode()
    data, found = published(club, logo)
    assert data is not None
    assert elements_and_attributes(data)[1] == (
        f"{{{SVG}}}rect", {"width": "1", "height": "1", "style": "fill:blue"})
    assert found == ["logo.svg:2:1: warning: left out of the SVG logo, which may only draw: "
                     f"rules of <style>; {LEFT_OUT}"]
