"""festival.yml's ``logo`` (issue 27): read and cleaned exactly as site.yml's (an SVG by the
allow-list, a raster checked by its signature, no link, nothing outside the festival's
folder), published once in the festival's folder and shown on the festival's pages and on
every page of its sections; every refusal at its ``festival.yml:LINE:COLUMN``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.errors import StandingsError
from generator.reading.site_files import site_problems
from generator.site.build import build_site
from tests.reading.test_site_settings import PNG
from tests.site.test_festival_across import make_congress

FESTIVAL_YML = "title: Spring Congress\nlogo: {name}\n"
HINT = ("expected an image file of at most 256 KB beside festival.yml (svg, png, jpg or "
        "webp)")


def _build(root: Path) -> Path:
    build_site(root / "events", root / "site")
    return root / "site"


def test_a_raster_logo_is_published_once_and_shown_on_every_page_of_the_festival(tmp_path):
    festival = make_congress(tmp_path, FESTIVAL_YML.format(name="crest.png"))
    (festival / "crest.png").write_bytes(PNG)
    site = _build(tmp_path)
    assert (site / "spring" / "static" / "logo" / "crest.png").read_bytes() == PNG
    for page, src in (("spring/index.html", "static/logo/crest.png"),
                      ("spring/prizes.html" if (site / "spring/prizes.html").exists()
                       else "spring/qr.html", "static/logo/crest.png"),
                      ("spring/major/index.html", "../static/logo/crest.png"),
                      ("spring/minor/players/1.html", "../../static/logo/crest.png")):
        markup = (site / page).read_text(encoding="utf-8")
        nav = markup[markup.index('class="event-nav section-nav"'):]
        nav = nav[:nav.index("</nav>")]
        assert f'<img class="site-logo" src="{src}"' in nav, page
    # An event that is no section shows no festival's logo.
    assert "static/logo/crest.png" not in (site / "index.html").read_text(encoding="utf-8")


def test_an_svg_logo_is_published_cleaned_never_as_written(tmp_path):
    festival = make_congress(tmp_path, FESTIVAL_YML.format(name="crest.svg"))
    (festival / "crest.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
        '<script>alert(1)</script><rect width="10" height="10" onclick="alert(2)"/></svg>',
        encoding="utf-8")
    site = _build(tmp_path)
    published = (site / "spring" / "static" / "logo" / "crest.svg").read_text(encoding="utf-8")
    assert "<rect" in published
    assert not re.search(r"script|onclick|alert", published)
    # standings check says what was left out, at the logo's own line and column.
    (warning,) = site_problems([tmp_path / "events"])
    assert str(warning).startswith(f"{festival / 'crest.svg'}:1:")
    assert "warning: left out of the SVG logo, which may only draw: <script>, onclick" in str(
        warning)


def _refused(root: Path) -> list[str]:
    with pytest.raises(StandingsError) as caught:
        build_site(root / "events", root / "site")
    assert not (root / "site").exists()
    return [str(d) for d in caught.value.diagnostics]


def test_a_linked_logo_is_refused_at_its_line_and_column(tmp_path):
    festival = make_congress(tmp_path, FESTIVAL_YML.format(name="crest.png"))
    secret = tmp_path / "private.png"
    secret.write_bytes(PNG)
    (festival / "crest.png").symlink_to(secret)
    assert _refused(tmp_path) == [
        f"{festival / 'festival.yml'}:2:7: 'logo': cannot read 'crest.png': it is a symbolic "
        f"link to {str(secret)!r}, outside the festival folder; {HINT}"]


@pytest.mark.parametrize(("name", "message"), [
    ("../private.png", "'logo' '../private.png' is a path, not a file name; expected the name "
                       "of an image file beside festival.yml, such as 'logo.svg'"),
    ("/etc/passwd", "'logo' '/etc/passwd' is a path, not a file name; expected the name of an "
                    "image file beside festival.yml, such as 'logo.svg'"),
    ("crest.gif", "'logo' 'crest.gif' is not an image of a type the site shows; expected a "
                  "file ending in .svg, .png, .jpg, .jpeg, .webp"),
    ("missing.png", f"'logo': no file 'missing.png' beside festival.yml; {HINT}"),
])
def test_a_logo_outside_the_folder_or_of_no_image_type_is_refused(tmp_path, name, message):
    festival = make_congress(tmp_path, FESTIVAL_YML.format(name=name))
    (tmp_path / "private.png").write_bytes(PNG)
    assert _refused(tmp_path) == [f"{festival / 'festival.yml'}:2:7: {message}"]


def test_a_file_named_png_that_is_no_png_is_refused(tmp_path):
    festival = make_congress(tmp_path, FESTIVAL_YML.format(name="crest.png"))
    (festival / "crest.png").write_bytes(b"<svg/>")
    assert _refused(tmp_path) == [
        f"{festival / 'festival.yml'}:2:7: 'logo': the logo is named like a PNG image but is "
        f"not one; {HINT}"]
