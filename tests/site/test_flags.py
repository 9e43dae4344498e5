"""Federation flags: the code table, the vendored SVGs, and the flags a built site carries."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import ROOT
from kit.sitekit import SEED_TRF, make_event
from kit.trfgen import with_player_field

from generator.site.build import build_site
from generator.site.flags import (
    FEDERATION_FLAGS,
    FIDE_FLAG,
    FLAGS_SITE_DIR,
    flag_mark,
    flag_rules,
    flag_stem,
)

FLAGS_DIR = ROOT / "generator" / "flags"
SVG_NS = "{http://www.w3.org/2000/svg}"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"


def with_federations(trf: str, federations: dict[int, str]) -> str:
    """``trf`` with the federation (columns 54-56) of the given start numbers replaced."""
    return with_player_field(trf, federations, first_column=54, width=3)


# --- the table ------------------------------------------------------------------------------

def test_every_federation_in_the_table_has_its_flag_file() -> None:
    missing = sorted(code for code, stem in FEDERATION_FLAGS.items()
                     if not (FLAGS_DIR / f"{stem}.svg").is_file())
    assert missing == []


def test_only_the_flags_the_table_names_are_vendored() -> None:
    vendored = {path.stem for path in FLAGS_DIR.glob("*.svg")}
    assert vendored == set(FEDERATION_FLAGS.values())


def test_the_codes_are_fide_codes() -> None:
    assert all(re.fullmatch("[A-Z]{3}", code) for code in FEDERATION_FLAGS)
    assert len(FEDERATION_FLAGS) >= 190  # FIDE has about 200 member federations


@pytest.mark.parametrize(("code", "stem"), [
    ("ENG", "gb-eng"), ("SCO", "gb-sct"), ("WLS", "gb-wls"), ("FID", FIDE_FLAG),
    ("GER", "de"), ("NED", "nl"), ("SUI", "ch"), ("IVB", "vg"), ("ISV", "vi"),
    ("KOS", "xk"), ("JCI", "je"), ("GCI", "gg"), ("IOM", "im"), ("TPE", "tw"),
    ("ESP", "es"), ("esp", "es"), (" GRE", "gr"),
])
def test_federations_whose_flag_is_not_their_letters(code: str, stem: str) -> None:
    assert flag_stem(code) == stem


@pytest.mark.parametrize("code", ["", None, "YUG", "URS", "SCG", "AHO", "KIL", "XXX", "<sc"])
def test_old_unknown_and_hostile_codes_have_no_flag(code: str | None) -> None:
    assert flag_stem(code) is None
    assert flag_mark(code) == ""
    assert flag_rules([code]) == ""


def test_a_flag_is_an_empty_span_the_stylesheet_paints() -> None:
    assert flag_mark("ENG") == '<span class="flag flag-gb-eng"></span>'
    assert flag_rules(["GER", "ENG", "ger", None]) == (
        ".flag-de { background-image: url(flags/de.svg); }\n"
        ".flag-gb-eng { background-image: url(flags/gb-eng.svg); }\n")


def test_every_flag_stem_is_a_plain_class_name_and_url() -> None:
    # The stem goes into a class attribute and an unquoted CSS url() as it is.
    for stem in FEDERATION_FLAGS.values():
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", stem), stem


def test_our_fide_flag_is_not_a_copy_of_a_vendored_one() -> None:
    ours = (FLAGS_DIR / f"{FIDE_FLAG}.svg").read_bytes()
    assert b"flag-icons" not in ours
    assert all(ours != path.read_bytes() for path in FLAGS_DIR.glob("*.svg")
               if path.stem != FIDE_FLAG)


def test_provenance_and_licence_are_kept() -> None:
    assert "MIT License" in (FLAGS_DIR / "LICENSE").read_text(encoding="utf-8")
    provenance = (FLAGS_DIR / "PROVENANCE.md").read_text(encoding="utf-8")
    assert "flag-icons` 7.5.0" in provenance


# --- the vendored files are safe to serve as our own --------------------------------------

SAFE_ELEMENTS = {"svg", "g", "path", "rect", "circle", "ellipse", "polygon", "polyline",
                 "line", "defs", "use", "clipPath", "linearGradient", "radialGradient",
                 "stop", "mask", "pattern", "marker", "title", "desc"}


@pytest.mark.parametrize("path", sorted(FLAGS_DIR.glob("*.svg")), ids=lambda p: p.stem)
def test_a_vendored_flag_has_no_script_and_no_outside_reference(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert "<script" not in text.lower()
    assert "<!entity" not in text.lower() and "<!doctype" not in text.lower()
    root = ET.fromstring(text)
    assert root.tag == f"{SVG_NS}svg"
    for element in root.iter():
        assert element.tag.startswith(SVG_NS), element.tag
        assert element.tag[len(SVG_NS):] in SAFE_ELEMENTS, element.tag
        for name, value in element.attrib.items():
            local = name.rpartition("}")[2]
            assert not local.lower().startswith("on"), (name, value)
            if local == "href" or name == XLINK_HREF:
                assert value.startswith("#"), value  # only the file's own shapes
            assert "url(" not in value or re.fullmatch(r"url\(#[\w-]+\)", value), value
            assert "javascript:" not in value.lower()


def test_the_safety_check_would_see_a_script() -> None:
    hostile = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
    element = next(iter(ET.fromstring(hostile)))
    assert element.tag[len(SVG_NS):] not in SAFE_ELEMENTS


# --- the site carries the flags it shows, and only those ---------------------------------

def test_the_site_copies_only_the_flags_its_players_have(tmp_path: Path) -> None:
    events = tmp_path / "events"
    trf = with_federations(SEED_TRF["seed-anna"].read_text(encoding="utf-8"),
                           {1: "ENG", 2: "FID", 3: "YUG", 4: "ENG", 5: "esp"})
    make_event(events, "open", trf, "title: Open\n")
    out = tmp_path / "site"
    build_site(events, out)
    copied = sorted(p.name for p in (out / FLAGS_SITE_DIR).iterdir())
    assert copied == ["es.svg", "fide.svg", "gb-eng.svg"]
    assert (out / FLAGS_SITE_DIR / "gb-eng.svg").read_bytes() == (
        FLAGS_DIR / "gb-eng.svg").read_bytes()
    player = (out / "open/players/1.html").read_text(encoding="utf-8")
    assert '<span class="flag flag-gb-eng"></span>' in player
    stylesheet = (out / "static/style.css").read_text(encoding="utf-8")
    painted = re.findall(r"\.flag-([a-z0-9-]+) \{ background-image: url\(([^)]*)\); \}",
                         stylesheet)
    assert [stem for stem, _ in painted] == ["es", "fide", "gb-eng"]
    for _, url in painted:  # relative to the stylesheet, as a browser resolves it
        assert (out / "static" / url).is_file(), url


def test_a_site_without_federations_has_no_flags_folder(tmp_path: Path) -> None:
    events = tmp_path / "events"
    make_event(events, "open", SEED_TRF["seed-anna"], "title: Open\n")
    build_site(events, tmp_path / "site")
    assert not (tmp_path / "site" / FLAGS_SITE_DIR).exists()
    assert ".flag-" not in (tmp_path / "site/static/style.css").read_text(encoding="utf-8")
